//! Source static props: read from the game lump as the files hold them, and made to collide
//! where their model's `.phy` is found (the map's pakfile, or a content folder), turned and
//! placed as the engine does; left out on request; a hostile lump refused with the field and
//! offset named, the map's world still loading.

use std::io::Write;

#[path = "common/entity_lump.rs"]
mod entity_lump;

use entity_lump::with_entities;
use navforge_core::testing::corpus_dir;
use navforge_level::{Content, Level, LoadOptions, Vec3, static_props};

fn corpus_file(dir: &str, name: &str) -> Option<Vec<u8>> {
    let path = corpus_dir(dir)?.join(name);
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn u32_at(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap())
}

fn set_u32(d: &mut [u8], at: usize, v: u32) {
    d[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn static_props_are_read_as_the_maps_hold_them() {
    // Counts and records read off the files' bytes by hand (a separate reader in Python).
    let Some(jail) = corpus_file(
        "source-pairs",
        "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1.bsp",
    ) else {
        return;
    };
    let props = static_props(&jail).expect("zs_jail's props");
    assert_eq!(props.len(), 255);
    let door = props
        .iter()
        .find(|p| (p.origin - Vec3::new(-432.0, -168.0, 51.0)).length() < 0.5)
        .expect("the first cell door");
    assert_eq!(door.model, "models/props_wasteland/prison_celldoor001a.mdl");
    assert_eq!(door.angles, Vec3::new(0.0, 90.0, 0.0));
    assert_eq!((door.solid, door.scale), (6, 1.0));
    let office = corpus_file(
        "source-pairs",
        "source_bouletmarc+css_maps_content__cs_office.bsp",
    )
    .expect("the corpus is there");
    let props = static_props(&office).expect("cs_office's props");
    assert_eq!(props.len(), 324);
    assert_eq!(
        props
            .iter()
            .filter(|p| p.model == "models/props/cs_office/Light_ceiling.mdl")
            .count(),
        props
            .iter()
            .filter(|p| p.model.ends_with("Light_ceiling.mdl"))
            .count()
    );
    assert!(props.iter().any(|p| p.model.ends_with("Table_meeting.mdl")
        && (p.origin - Vec3::new(2168.0, -148.0, -160.0)).length() < 1.0));
    // No map of the corpus packs a static prop's .phy: every solid prop is reported missing.
    let level = Level::load(&office, &LoadOptions::default()).expect("loads");
    let solid = props.iter().filter(|p| p.solid == 6).count();
    assert_eq!(level.counts().props_missing, solid);
    assert_eq!(level.counts().prop_hulls, 0);
}

/// The first solid of brush model `model` in a VBSP's physcollide lump (29): the bytes of one
/// collide, as a `.phy` holds each of its solids.
fn physcollide_solid(d: &[u8], model: i32) -> Vec<u8> {
    let (ofs, len) = (
        u32_at(d, 8 + 16 * 29) as usize,
        u32_at(d, 8 + 16 * 29 + 4) as usize,
    );
    let mut at = ofs;
    while at < ofs + len {
        let index = u32_at(d, at) as i32;
        let data = u32_at(d, at + 4) as usize;
        let keys = u32_at(d, at + 8) as usize;
        if index == model {
            let size = u32_at(d, at + 16) as usize;
            return d[at + 20..at + 20 + size].to_vec();
        }
        at += 16 + data + keys;
    }
    panic!("no model {model}");
}

/// A `.phy` of one solid.
fn phy_of(solid: &[u8]) -> Vec<u8> {
    let mut phy = Vec::new();
    for v in [16u32, 0, 1, 0, solid.len() as u32] {
        phy.extend(v.to_le_bytes());
    }
    phy.extend(solid);
    phy.extend(b"solid {\n\"index\" \"0\"\n}\n\0");
    phy
}

/// `d` with its game lump replaced by one static prop of `model` (lump version 5) at `origin`
/// turned by `angles`, solid by its collision model (type 6), and its pakfile by a zip of
/// `files`.
fn with_prop(
    d: &[u8],
    model: &str,
    origin: Vec3,
    angles: Vec3,
    files: &[(&str, &[u8])],
) -> Vec<u8> {
    with_solid_prop(d, (model, 6), origin, angles, files)
}

/// [`with_prop`] with the prop's solid type given beside its model.
fn with_solid_prop(
    d: &[u8],
    (model, solid): (&str, u8),
    origin: Vec3,
    angles: Vec3,
    files: &[(&str, &[u8])],
) -> Vec<u8> {
    let mut out = d.to_vec();
    // The sprp data: one dictionary name, no leaves, one 60-byte record.
    let mut sprp = Vec::new();
    sprp.extend(1u32.to_le_bytes());
    let mut name = [0u8; 128];
    name[..model.len()].copy_from_slice(model.as_bytes());
    sprp.extend(name);
    sprp.extend(0u32.to_le_bytes());
    sprp.extend(1u32.to_le_bytes());
    for f in [origin.to_array(), angles.to_array()].concat() {
        sprp.extend(f.to_le_bytes());
    }
    sprp.extend([0, 0, 0, 0, 0, 0, solid, 0]); // model 0, no leaves, solid, flags 0
    sprp.extend([0u8; 60 - 32]);
    // The game lump: one entry pointing just past itself.
    let lump_at = out.len();
    let data_at = lump_at + 4 + 16;
    out.extend(1u32.to_le_bytes());
    out.extend(*b"prps");
    out.extend(0u16.to_le_bytes());
    out.extend(5u16.to_le_bytes());
    out.extend((data_at as u32).to_le_bytes());
    out.extend((sprp.len() as u32).to_le_bytes());
    out.extend(&sprp);
    set_u32(&mut out, 8 + 16 * 35, lump_at as u32);
    let lump_len = (out.len() - lump_at) as u32;
    set_u32(&mut out, 8 + 16 * 35 + 4, lump_len);
    // The pakfile.
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (path, bytes) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        zip.start_file(*path, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    let pak = zip.finish().unwrap().into_inner();
    let pak_at = out.len();
    out.extend(&pak);
    set_u32(&mut out, 8 + 16 * 40, pak_at as u32);
    set_u32(&mut out, 8 + 16 * 40 + 4, pak.len() as u32);
    out
}

/// Whether a line across the test map's room (x from -240 to 240) at `y`, z 0, is blocked.
fn blocked_at(level: &Level, y: f32) -> bool {
    !level.line_of_sight(Vec3::new(-240.0, y, 0.0), Vec3::new(240.0, y, 0.0))
}

#[test]
fn a_packed_props_hulls_collide_turned_and_placed() {
    // The physcollide test map: a room 512 units across with a 128-unit box at its centre,
    // and brush model 1 a 128-unit cube about its own origin, whose collide makes the prop's
    // model here.
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let phy = phy_of(&physcollide_solid(&map, 1));
    let at = Vec3::new(0.0, 150.0, 0.0);
    let yaw = Vec3::new(0.0, 45.0, 0.0);
    let packed = with_prop(
        &map,
        "models/navforge/cube.mdl",
        at,
        yaw,
        &[("models/navforge/cube.phy", &phy)],
    );
    let level = Level::load(&packed, &LoadOptions::default()).expect("loads");
    assert_eq!(
        (level.counts().prop_hulls, level.counts().props_missing),
        (1, 0)
    );
    // Turned 45°, the cube reaches 64·√2 ≈ 90.5 units along y from its centre.
    for (y, hit) in [(150.0, true), (235.0, true), (246.0, false), (65.0, true)] {
        assert_eq!(blocked_at(&level, y), hit, "y {y}");
    }
    // Standing at its place, a point is solid.
    assert!(
        level
            .point_contents(at)
            .contains(navforge_level::Contents::SOLID)
    );
    // Left out on request.
    let mut opts = LoadOptions::default();
    opts.props_removed = true;
    let bare = Level::load(&packed, &opts).expect("loads");
    assert_eq!(bare.counts().prop_hulls, 0);
    assert!(!blocked_at(&bare, 150.0) && !blocked_at(&bare, 235.0));
}

#[test]
fn a_content_folder_gives_the_models_the_map_does_not_pack() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let phy = phy_of(&physcollide_solid(&map, 1));
    let at = Vec3::new(0.0, -150.0, 0.0);
    let bare = with_prop(&map, "models/navforge/cube.mdl", at, Vec3::ZERO, &[]);
    let level = Level::load(&bare, &LoadOptions::default()).expect("loads");
    assert_eq!(
        (level.counts().prop_hulls, level.counts().props_missing),
        (0, 1)
    );
    assert!(!blocked_at(&level, -150.0));
    // The game's folder, its names in another case (as extracted on Windows).
    let dir = std::env::temp_dir().join(format!("navforge-content-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Models/NavForge")).unwrap();
    std::fs::write(dir.join("Models/NavForge/Cube.PHY"), &phy).unwrap();
    let content = Content {
        folders: vec![dir.clone()],
    };
    let level = Level::load_with_content(&bare, &LoadOptions::default(), &content).expect("loads");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        (level.counts().prop_hulls, level.counts().props_missing),
        (1, 0)
    );
    for (y, hit) in [(-150.0, true), (-90.0, true), (-80.0, false)] {
        assert_eq!(blocked_at(&level, y), hit, "y {y}");
    }
}

/// Why the props of `d` are refused: `static_props`' error, which loading the level gives as
/// its one warning (the world still loads, the props left out).
fn refusal(d: &[u8]) -> String {
    let e = static_props(d).expect_err("refused").to_string();
    let level = Level::load(d, &LoadOptions::default()).expect("the world still loads");
    assert_eq!(
        level.prop_warnings(),
        [format!("static props left out: {e}")]
    );
    assert_eq!(level.counts().prop_hulls, 0);
    e
}

/// A Valve pack (version 1) holding `files` (path, extension, bytes) in its directory file, as
/// preloaded data.
fn vpk_of(files: &[(&str, &str, &str, &[u8])]) -> Vec<u8> {
    let mut tree = Vec::new();
    for (ext, dir, name, bytes) in files {
        for s in [*ext, *dir, *name] {
            tree.extend(s.as_bytes());
            tree.push(0);
        }
        tree.extend(0u32.to_le_bytes()); // CRC
        tree.extend((bytes.len() as u16).to_le_bytes()); // preloaded
        tree.extend(0x7fffu16.to_le_bytes()); // in the directory file
        tree.extend([0u8; 8]); // offset, length
        tree.extend(0xffffu16.to_le_bytes());
        tree.extend(*bytes);
        tree.extend([0, 0]); // no more names, no more folders
    }
    tree.push(0); // no more extensions
    let mut out = Vec::new();
    for v in [0x55aa_1234u32, 1, tree.len() as u32] {
        out.extend(v.to_le_bytes());
    }
    out.extend(tree);
    out
}

#[test]
fn a_games_pack_gives_the_models_and_a_hostile_one_is_passed_over() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let phy = phy_of(&physcollide_solid(&map, 1));
    let bare = with_prop(
        &map,
        "models/navforge/cube.mdl",
        Vec3::new(0.0, -150.0, 0.0),
        Vec3::ZERO,
        &[],
    );
    let dir = std::env::temp_dir().join(format!("navforge-vpk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pack = vpk_of(&[("phy", "models/navforge", "cube", &phy)]);
    std::fs::write(dir.join("game_pak_dir.vpk"), &pack).unwrap();
    // A pack whose header claims a directory tree larger than the file, and one cut short.
    let mut huge = pack.clone();
    huge[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    std::fs::write(dir.join("a_huge_dir.vpk"), &huge).unwrap();
    std::fs::write(dir.join("b_cut_dir.vpk"), &pack[..pack.len() / 2]).unwrap();
    let load = |folders: Vec<std::path::PathBuf>| {
        let level = Level::load_with_content(&bare, &LoadOptions::default(), &Content { folders })
            .expect("loads");
        (level.counts().prop_hulls, blocked_at(&level, -150.0))
    };
    let (folder, file, bad) = (
        load(vec![dir.clone()]),
        load(vec![dir.join("game_pak_dir.vpk")]),
        load(vec![dir.join("a_huge_dir.vpk"), dir.join("b_cut_dir.vpk")]),
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(folder, (1, true), "the folder's packs are searched");
    assert_eq!(file, (1, true), "a pack given by name");
    assert_eq!(bad, (0, false), "broken packs hold nothing");
}

/// A studio model's header (version 48) whose render bounds are `lo..hi` (its hull box
/// twice as large, so a test tells which one was taken).
fn mdl_of(lo: Vec3, hi: Vec3) -> Vec<u8> {
    let mut d = vec![0u8; 408];
    d[..4].copy_from_slice(b"IDST");
    set_u32(&mut d, 4, 48);
    for (at, v) in [(104, lo * 2.0), (116, hi * 2.0), (128, lo), (140, hi)] {
        for (k, f) in v.to_array().into_iter().enumerate() {
            d[at + 4 * k..at + 4 * k + 4].copy_from_slice(&f.to_le_bytes());
        }
    }
    d
}

#[test]
fn a_box_prop_collides_as_the_world_box_around_its_turned_bounds() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    // Render bounds a 64-unit cube about the model's origin. Yawed 45°, the engine boxes the
    // turned cube on the world's axes: 32·√2 ≈ 45.3 units each way, where the cube itself
    // would reach that far only at its corners.
    let mdl = mdl_of(Vec3::splat(-32.0), Vec3::splat(32.0));
    let phy = phy_of(&physcollide_solid(&map, 1));
    let at = Vec3::new(0.0, 150.0, 0.0);
    let files: [(&str, &[u8]); 2] = [
        ("models/navforge/crate.mdl", &mdl),
        ("models/navforge/crate.phy", &phy),
    ];
    let boxed = |solid: u8, files: &[(&str, &[u8])]| {
        let d = with_solid_prop(
            &map,
            ("models/navforge/crate.mdl", solid),
            at,
            Vec3::new(0.0, 45.0, 0.0),
            files,
        );
        Level::load(&d, &LoadOptions::default()).expect("loads")
    };
    let level = boxed(2, &files);
    let c = level.counts();
    assert_eq!((c.prop_hulls, c.props_missing, c.props_unusable), (1, 0, 0));
    for (dy, hit) in [
        (0.0, true),
        (44.0, true),
        (-44.0, true),
        (47.0, false),
        (-47.0, false),
    ] {
        assert_eq!(blocked_at(&level, 150.0 + dy), hit, "y {}", 150.0 + dy);
    }
    // Near the box's corner, 44 units out each way, where the turned cube does not reach
    // (62 units out along its own axis).
    let corner = at + Vec3::new(44.0, 44.0, 0.0);
    assert!(
        level
            .point_contents(corner)
            .contains(navforge_level::Contents::SOLID)
    );
    // The same model as a collision-model prop takes its .phy (a 128-unit cube turned 45°).
    let hulls = boxed(6, &files);
    assert!(blocked_at(&hulls, 150.0 + 85.0) && !blocked_at(&level, 150.0 + 85.0));
    let turned_cube = hulls.point_contents(at + Vec3::new(54.0, 54.0, 0.0));
    assert!(!turned_cube.contains(navforge_level::Contents::SOLID));
    // A box prop without its .mdl passes through.
    let bare = boxed(2, &files[1..]);
    let c = bare.counts();
    assert_eq!((c.prop_hulls, c.props_missing), (0, 1));
    assert!(!blocked_at(&bare, 150.0));
    // A broken header: reported, naming the file, the field and the byte, and passed through.
    let mut broken = mdl.clone();
    set_u32(&mut broken, 4, 53);
    let level = boxed(2, &[("models/navforge/crate.mdl", &broken)]);
    let c = level.counts();
    assert_eq!((c.prop_hulls, c.props_unusable), (0, 1));
    let w = level.prop_warnings().join("\n");
    assert!(
        w.contains("pakfile:models/navforge/crate.mdl") && w.contains("version at byte 4: 53"),
        "{w}"
    );
    assert!(!blocked_at(&level, 150.0));
}

#[test]
fn a_broken_packed_model_is_reported_and_passes_through() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let mut phy = phy_of(&physcollide_solid(&map, 1));
    phy[8..12].copy_from_slice(&1000u32.to_le_bytes()); // solidCount past the file
    let d = with_prop(
        &map,
        "models/navforge/cube.mdl",
        Vec3::new(0.0, 150.0, 0.0),
        Vec3::ZERO,
        &[("models/navforge/cube.phy", &phy)],
    );
    let level = Level::load(&d, &LoadOptions::default()).expect("the map still loads");
    let c = level.counts();
    assert_eq!((c.prop_hulls, c.props_missing, c.props_unusable), (0, 0, 1));
    let w = level.prop_warnings().join("\n");
    assert!(
        w.contains("pakfile:models/navforge/cube.phy")
            && w.contains("phyheader.solidCount at byte 8"),
        "{w}"
    );
    assert!(!blocked_at(&level, 150.0));
}

#[test]
fn a_hostile_prop_lump_is_refused_naming_the_field_and_the_world_loads() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let good = with_prop(&map, "models/x.mdl", Vec3::ZERO, Vec3::ZERO, &[]);
    let sprp_at = u32_at(&good, 8 + 16 * 35) as usize + 20;
    // More props than bytes.
    let mut d = good.clone();
    set_u32(&mut d, sprp_at + 4 + 128 + 4, 1000);
    let e = refusal(&d);
    assert!(e.contains("sprp.propEntries"), "{e}");
    // A model index past the dictionary.
    let mut d = good.clone();
    d[sprp_at + 4 + 128 + 8 + 24] = 7;
    let e = refusal(&d);
    assert!(e.contains("sprp.props[0].propType"), "{e}");
    // A prop standing nowhere.
    let mut d = good.clone();
    d[sprp_at + 4 + 128 + 8..sprp_at + 4 + 128 + 12].copy_from_slice(&f32::NAN.to_le_bytes());
    let e = refusal(&d);
    assert!(e.contains("sprp.props[0].origin"), "{e}");
    let at = sprp_at + 4 + 128 + 8;
    assert!(
        e.contains(&format!("sprp.props[0].origin at byte offset {at}")),
        "{e}"
    );
    // A dictionary larger than the lump.
    let mut d = good;
    set_u32(&mut d, sprp_at, u32::MAX);
    let e = refusal(&d);
    assert!(e.contains("sprp.dictEntries"), "{e}");
    // The prop entities are placed all the same.
    let phy = phy_of(&physcollide_solid(&map, 1));
    let packed = with_prop(
        &map,
        "models/x.mdl",
        Vec3::ZERO,
        Vec3::ZERO,
        &[("models/navforge/crate.phy", &phy)],
    );
    let mut d = with_entities(
        &packed,
        &prop_entity("prop_physics", "models/navforge/crate.mdl", ""),
    );
    set_u32(&mut d, sprp_at, u32::MAX);
    let level = Level::load(&d, &LoadOptions::default()).expect("the world still loads");
    assert_eq!(level.counts().prop_entity_hulls, 1);
    assert!(level.prop_warnings()[0].starts_with("static props left out"));
}

#[test]
fn an_uneven_model_turns_as_the_engine_turns_it() {
    // Brush model 1 of the TF2 test map: a T of two boxes below its origin, (±128, -32..64)
    // and (±256, -256..-32) across, 192 deep. Yawed 90° at (0, 0, 400) in the physcollide
    // map's room, its local (x, y, z) stands at (-y, x, z) + origin: the wide box east of
    // x = 32, the narrow one from x = -64 to 32 within 128 of y = 0.
    let (Some(map), Some(t)) = (
        corpus_file("bsp", "source-tf2_test_physcollide.bsp"),
        corpus_file("bsp", "source-tf2_test2.bsp"),
    ) else {
        return;
    };
    let phy = phy_of(&physcollide_solid(&t, 1));
    let d = with_prop(
        &map,
        "models/navforge/tee.mdl",
        Vec3::new(0.0, 0.0, 400.0),
        Vec3::new(0.0, 90.0, 0.0),
        &[("models/navforge/tee.phy", &phy)],
    );
    let level = Level::load(&d, &LoadOptions::default()).expect("loads");
    assert_eq!(level.counts().prop_hulls, 2);
    let solid = |x: f32, y: f32, z: f32| {
        level
            .point_contents(Vec3::new(x, y, z))
            .contains(navforge_level::Contents::SOLID)
    };
    assert!(solid(200.0, 0.0, 300.0), "the wide box");
    assert!(solid(200.0, -240.0, 220.0), "the wide box's corner");
    assert!(solid(-50.0, 100.0, 300.0), "the narrow box");
    assert!(!solid(-100.0, 0.0, 300.0), "west of the narrow box");
    assert!(!solid(-50.0, 200.0, 300.0), "beside the narrow box");
    assert!(!solid(200.0, 0.0, 420.0), "above the origin");
}

#[test]
fn mutated_prop_lumps_and_packed_models_load_with_warnings_never_panic() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    // A map with a box prop and a physics prop of one model, its .mdl and .phy packed; its
    // game lump, pakfile and entity lump (everything past the original file) mutated 1,000
    // times, one to four bytes each.
    let phy = phy_of(&physcollide_solid(&map, 1));
    let mdl = mdl_of(Vec3::splat(-32.0), Vec3::splat(32.0));
    let files: [(&str, &[u8]); 2] = [
        ("models/navforge/crate.mdl", &mdl),
        ("models/navforge/crate.phy", &phy),
    ];
    let packed = with_solid_prop(
        &map,
        ("models/navforge/crate.mdl", 2),
        Vec3::new(0.0, 150.0, 0.0),
        Vec3::new(0.0, 45.0, 0.0),
        &files,
    );
    // A physics prop of the same model, so its .phy is read too.
    let packed = with_entities(
        &packed,
        &prop_entity("prop_physics", "models/navforge/crate.mdl", ""),
    );
    let tail = map.len()..packed.len();
    let mut rng = navforge_core::testing::Rng::new(0x2545_F491_4F6C_DD1D);
    let mut next = move |m: usize| rng.below(m);
    let (mut loaded, mut warned) = (0, 0);
    for _ in 0..1000 {
        let mut d = packed.clone();
        for _ in 0..1 + next(4) {
            let at = tail.start + next(tail.len());
            d[at] = match next(3) {
                0 => d[at] ^ (1 << next(8)),
                1 => 0xff,
                _ => next(256) as u8,
            };
        }
        if let Ok(level) = Level::load(&d, &LoadOptions::default()) {
            loaded += 1;
            warned += usize::from(!level.prop_warnings().is_empty());
        }
    }
    // The world always loads; the mutations that break what the props read are reported.
    assert_eq!(loaded, 1000);
    assert!(warned > 50, "{warned} with warnings");
}

/// A prop entity of `class` with `model` at (0, 150, 0), yawed 45°, and `keys` beside.
fn prop_entity(class: &str, model: &str, keys: &str) -> String {
    format!(
        "{{\n\"classname\" \"{class}\"\n\"model\" \"{model}\"\n\"origin\" \"0 150 0\"\n\
         \"angles\" \"0 45 0\"\n{keys}}}\n"
    )
}

#[test]
fn prop_entities_block_sight_not_movement() {
    let Some(map) = corpus_file("bsp", "source-tf2_test_physcollide.bsp") else {
        return;
    };
    let phy = phy_of(&physcollide_solid(&map, 1));
    let model = "models/navforge/crate.mdl";
    // The map packs the model's .phy; its props are entities (no static prop: with_prop's
    // game lump holds one whose model the map does not pack).
    let packed = with_prop(
        &map,
        "models/navforge/elsewhere.mdl",
        Vec3::new(0.0, -150.0, 0.0),
        Vec3::ZERO,
        &[("models/navforge/crate.phy", &phy)],
    );
    let load = |keys: &str, class: &str, opts: &LoadOptions| {
        let d = with_entities(&packed, &prop_entity(class, model, keys));
        Level::load(&d, opts).expect("loads")
    };
    let closed = LoadOptions::default();
    let level = load("", "prop_physics_multiplayer", &closed);
    let c = level.counts();
    assert_eq!(
        (c.prop_entity_hulls, c.prop_hulls, c.props_missing),
        (1, 0, 1)
    );
    // The games' nav sight traces stop on it (the cube yawed 45° reaches 64·√2 along y) ...
    for (y, hit) in [(150.0, true), (235.0, true), (246.0, false)] {
        assert_eq!(blocked_at(&level, y), hit, "y {y}");
    }
    // ... their movement, cover and sniper traces do not.
    let (a, b) = (Vec3::new(-240.0, 150.0, 0.0), Vec3::new(240.0, 150.0, 0.0));
    for mask in [
        navforge_level::Contents::MASK_PLAYER,
        navforge_level::Contents::MASK_NPC,
        navforge_level::Contents::SOLID | navforge_level::Contents::PLAYER_CLIP,
    ] {
        assert_eq!(level.sight_masked(a, b, mask), navforge_level::Sight::Clear);
    }
    let inside = level.point_contents(Vec3::new(0.0, 150.0, 0.0));
    assert!(inside.contains(navforge_level::Contents::BLOCK_LOS));
    assert!(!inside.contains(navforge_level::Contents::SOLID));
    // Nothing of it is drawn or walked on: the triangles are the map's alone.
    let bare = Level::load(&packed, &closed).expect("loads");
    assert_eq!(level.counts().triangles, bare.counts().triangles);
    assert!(!blocked_at(&bare, 150.0));
    // Which entities count: a dynamic prop unless made non-solid, physics props unless they
    // live on the client alone, prop doors while doors stand closed and unless they start open;
    // none drawn see-through.
    let mut open = LoadOptions::default();
    open.doors = navforge_level::DoorState::Open;
    for (class, keys, opts, hulls) in [
        ("prop_dynamic", "", &closed, 1),
        ("prop_dynamic", "\"solid\" \"0\"\n", &closed, 0),
        ("prop_dynamic_override", "\"solid\" \"6\"\n", &closed, 1),
        ("prop_physics", "\"spawnflags\" \"4\"\n", &closed, 1),
        (
            "prop_physics_multiplayer",
            "\"physicsmode\" \"3\"\n",
            &closed,
            0,
        ),
        ("prop_door_rotating", "", &closed, 1),
        ("prop_door_rotating", "", &open, 0),
        ("prop_door_rotating", "\"spawnpos\" \"1\"\n", &closed, 0),
        ("prop_ragdoll", "", &closed, 0),
        ("prop_physics", "\"rendermode\" \"0\"\n", &closed, 1),
        ("prop_physics", "\"rendermode\" \"1\"\n", &closed, 0),
        ("prop_dynamic", "\"spawnflags\" \"256\"\n", &closed, 0),
        ("prop_physics", "\"spawnflags\" \"256\"\n", &closed, 1),
    ] {
        let c = load(keys, class, opts).counts();
        assert_eq!(c.prop_entity_hulls, hulls, "{class} {keys}");
    }
    // Its model missing, it is counted, and the line says so.
    let d = with_entities(
        &packed,
        &prop_entity("prop_physics", "models/navforge/nowhere.mdl", ""),
    );
    let c = Level::load(&d, &closed).expect("loads").counts();
    assert_eq!((c.prop_entity_hulls, c.prop_entities_missing), (0, 1));
    assert_eq!(
        level.counts().props_line().as_deref(),
        Some(
            "static props: 0 collision hulls, 1 without their model; prop entities, blocking \
             sight only: 1 collision hull (props without their model pass through: generate \
             and analyze take the game's folder with --content)"
        )
    );
    // An unreadable place: left out with a warning, not put at the world's origin.
    let d = with_entities(
        &packed,
        "{\n\"classname\" \"prop_physics\"\n\"model\" \"models/navforge/crate.mdl\"\n\
         \"origin\" \"0 nan 0\"\n}\n",
    );
    let odd = Level::load(&d, &closed).expect("loads");
    assert_eq!(odd.counts().prop_entity_hulls, 0);
    assert!(
        odd.prop_warnings()
            .iter()
            .any(|w| w.contains("origin or angles are missing or unreadable")),
        "{:?}",
        odd.prop_warnings()
    );
    // Left out with the static props on request.
    let mut removed = LoadOptions::default();
    removed.props_removed = true;
    let c = load("", "prop_physics", &removed).counts();
    assert_eq!(c.prop_entity_hulls, 0);
}
