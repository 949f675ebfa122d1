//! The editor's map commands on real maps and their game meshes: corners put back on the
//! ground (CS:S cs_office, CS 1.6 de_dust2), the floor check, the areas doors and breakables
//! block (CS 1.6 cs_assault), a ladder built from a `func_ladder` (cs_assault), incremental
//! generation as one undoable edit, walkable marks, whole generation and analysis as one
//! undoable edit each, and the message without a map.

use std::path::PathBuf;

use navforge_core::NavDocument;
use navforge_edit::{Editor, World};
use navforge_edit_level::LevelWorld;
use navforge_source::SourceNavDocument;

const CSS_OFFICE: &str = "source_bouletmarc+css_maps_content__cs_office";

/// The map and its game mesh: `(world, editor)`, or `None` when skipping.
fn pair(sub: &str, stem: &str) -> Option<(LevelWorld, Editor)> {
    let dir: PathBuf = navforge_core::testing::corpus_dir(sub)?;
    let world = LevelWorld::open(&dir.join(format!("{stem}.bsp"))).expect("the map loads");
    let nav = std::fs::read(dir.join(format!("{stem}.nav"))).expect("the nav reads");
    Some((world, Editor::read(&nav).expect("the nav parses")))
}

fn corners(e: &Editor, id: u32) -> [f32; 4] {
    let a = &e.document().areas[e.document().area_index(id).unwrap()];
    [
        a.north_west[2].get(),
        a.north_east_z.get(),
        a.south_east[2].get(),
        a.south_west_z.get(),
    ]
}

/// Raise every area of a sample 40 units off the floor, put it back with the map, and count the
/// corners that land within a unit of where the game's generator put them.
fn raised_areas_land_back_on_the_floor(world: LevelWorld, mut e: Editor, name: &str) {
    let original = e.write().unwrap();
    let ids: Vec<u32> = e
        .document()
        .areas
        .iter()
        .step_by(e.document().areas.len() / 40 + 1)
        .map(|a| a.id)
        .collect();
    e.set_world(world.shared());
    let (mut back, mut total) = (0, 0);
    for &id in &ids {
        let before = corners(&e, id);
        e.run_line(&format!("corner {id} all raise 40")).unwrap();
        assert!(
            corners(&e, id)
                .iter()
                .zip(before)
                .all(|(z, b)| *z == b + 40.0)
        );
        e.run_line(&format!("mark {id}")).unwrap();
        let out = e.run_line("nav_corner_place_on_ground").unwrap().unwrap();
        assert!(
            out.message.contains("placed 1 area(s) on the ground"),
            "{}",
            out.message
        );
        for (z, b) in corners(&e, id).iter().zip(before) {
            total += 1;
            back += usize::from((z - b).abs() <= 1.0);
        }
    }
    println!("{name}: {back} of {total} corners back within a unit of the game's");
    assert!(
        back * 10 >= total * 8,
        "{name}: only {back} of {total} corners landed back on the floor"
    );
    // Each placement is one undoable edit; undoing everything gives the file back.
    let (undo, _) = e.history_len();
    assert_eq!(undo, ids.len() * 2);
    e.run_line(&format!("undo {undo}")).unwrap();
    assert_eq!(e.write().unwrap(), original);
}

#[test]
fn place_on_ground_puts_raised_css_areas_back() {
    let Some((world, e)) = pair("source-pairs", CSS_OFFICE) else {
        return;
    };
    raised_areas_land_back_on_the_floor(world, e, "cs_office (CS:S)");
}

#[test]
fn place_on_ground_puts_raised_goldsrc_areas_back() {
    let Some((world, e)) = pair("level-pairs", "goldsrc_de_dust2") else {
        return;
    };
    raised_areas_land_back_on_the_floor(world, e, "de_dust2 (CS 1.6)");
}

#[test]
fn one_corner_and_the_inset_form_move_only_what_they_name() {
    let Some((world, mut e)) = pair("source-pairs", CSS_OFFICE) else {
        return;
    };
    e.set_world(world.shared());
    let id = e.document().areas[10].id;
    let before = corners(&e, id);
    e.run_line(&format!("corner {id} all raise 40")).unwrap();
    e.run_line(&format!("ground {id} ne inset 2")).unwrap();
    let after = corners(&e, id);
    assert!(
        (after[1] - before[1]).abs() <= 1.0,
        "{after:?} vs {before:?}"
    );
    for k in [0, 2, 3] {
        assert_eq!(after[k], before[k] + 40.0, "corner {k} moved");
    }
}

#[test]
fn a_floating_area_has_no_floor_and_the_game_mesh_has_one() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_de_dust2") else {
        return;
    };
    e.set_world(world.shared());
    let first = e.document().areas[0].id;
    e.run_line(&format!("mark {first}")).unwrap();
    let out = e.run_line("nav_check_floor").unwrap().unwrap();
    assert!(
        out.message.starts_with("0 of 1 area(s) have no floor"),
        "{}",
        out.message
    );
    // An area made 300 units above the marked one floats.
    let a = &e.document().areas[0];
    let (x, y, z) = (
        a.north_west[0].get(),
        a.north_west[1].get(),
        a.north_west[2].get(),
    );
    e.run_line("unmark").unwrap();
    let made = e
        .run_line(&format!(
            "create {x},{y},{} {},{},{}",
            z + 300.0,
            x + 50.0,
            y + 50.0,
            z + 300.0
        ))
        .unwrap()
        .unwrap();
    let new_id: u32 = made
        .message
        .trim_start_matches("created area ")
        .parse()
        .unwrap();
    let out = e
        .run_line(&format!("check-floor {new_id} {first}"))
        .unwrap()
        .unwrap();
    assert!(
        out.message.starts_with("1 of 2 area(s) have no floor"),
        "{}",
        out.message
    );
    assert!(
        out.message
            .contains(&format!("area {new_id} has no floor (setpos ")),
        "{}",
        out.message
    );
    // A query is no edit.
    assert_eq!(e.history_len().0, 1);
}

#[test]
fn doors_and_breakables_of_cs_assault_block_areas() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_cs_assault") else {
        return;
    };
    let blockers = world.blockers();
    assert!(blockers.iter().any(|b| b.what.starts_with("func_door")));
    e.set_world(world.shared());
    let out = e.run_line("nav_update_blocked").unwrap().unwrap();
    println!("{}", out.message);
    assert!(
        out.message.contains("is blocked by func_door"),
        "{}",
        out.message
    );
    let blocked: usize = out.message.split(' ').next().unwrap().parse().unwrap();
    assert!(
        blocked > 0 && blocked < e.document().areas.len() / 4,
        "{blocked}"
    );
    let sel = e.run_line("nav_select_blocked_areas").unwrap().unwrap();
    assert_eq!(e.selection().selected.len(), blocked, "{}", sel.message);
    // Every selected area is one the report named, with a setpos.
    for id in &e.selection().selected {
        assert!(out.message.contains(&format!("area {id} is blocked by ")));
    }
    let debug = e.run_line("nav_debug_blocked").unwrap().unwrap();
    assert!(
        debug.message.contains("(Door): areas "),
        "{}",
        debug.message
    );
    assert_eq!(
        e.history_len(),
        (0, 0),
        "queries and selection are not edits"
    );
}

#[test]
fn a_ladder_is_built_from_the_nearest_func_ladder() {
    let Some((world, e)) = pair("level-pairs", "goldsrc_cs_assault") else {
        return;
    };
    // CS 1.6 files (version 5) store no ladders: the same mesh as a CS:S version 16 file.
    let doc = navforge_source::from_model(&navforge_core::NavDocument::to_model(e.document()), 1)
        .unwrap();
    let ladder = world.level().ladders()[0].clone();
    let c = (ladder.bounds.min + ladder.bounds.max) * 0.5;
    let mut e = Editor::new(
        SourceNavDocument::read(&navforge_core::NavDocument::write(&doc).unwrap()).unwrap(),
    );
    let original = e.write().unwrap();
    assert!(
        e.run_line(&format!("build-ladder {},{},{}", c.x, c.y, c.z))
            .is_err()
    );
    e.set_world(world.shared());
    let out = e
        .run_line(&format!("nav_build_ladder {},{},{}", c.x + 30.0, c.y, c.z))
        .unwrap()
        .unwrap();
    assert!(
        out.message
            .contains(&format!("from func_ladder #{}", ladder.entity)),
        "{}",
        out.message
    );
    let l = e.document().ladders.last().unwrap();
    assert!((l.top[2].get() - ladder.bounds.max.z).abs() < 0.01);
    assert!((l.bottom[2].get() - ladder.bounds.min.z).abs() < 0.01);
    assert!(
        l.bottom_area != 0
            || l.top_forward_area != 0
            || l.top_left_area != 0
            || l.top_right_area != 0
            || l.top_behind_area != 0,
        "{l:?}"
    );
    let undone = e.run_line("undo").unwrap().unwrap();
    assert!(
        undone.message.contains("nav_build_ladder"),
        "{}",
        undone.message
    );
    assert_eq!(e.write().unwrap(), original);
}

#[test]
fn incremental_generation_is_one_undoable_edit() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_aim_map") else {
        return;
    };
    // Take out a stretch of the game's mesh, then grow it back from a spot inside it.
    let a = e.document().areas[e.document().areas.len() / 2].clone();
    let c = navforge_core::area::AreaRect::of_area(
        &navforge_core::NavDocument::to_model(e.document()).areas[e.document().areas.len() / 2],
    )
    .unwrap()
    .centre();
    e.run_line(&format!("select radius 150 at {},{},{}", c[0], c[1], c[2]))
        .unwrap();
    let gone = e.selection().selected.len();
    e.run_line("delete").unwrap();
    let cut = e.write().unwrap();
    let count = e.document().areas.len();
    assert!(
        e.run_line(&format!(
            "generate-incremental {},{},{}",
            c[0],
            c[1],
            c[2] + 1.0
        ))
        .is_err()
    );
    e.set_world(world.shared());
    let out = e
        .run_line(&format!(
            "nav_generate_incremental {},{},{}",
            c[0],
            c[1],
            c[2] + 1.0
        ))
        .unwrap()
        .unwrap();
    println!("removed {gone} around area {}: {}", a.id, out.message);
    assert!(e.document().areas.len() > count, "{}", out.message);
    assert!(!out.diff.added.is_empty());
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), cut);
    e.run_line("redo").unwrap();
    assert!(e.document().areas.len() > count);
}

#[test]
fn without_a_map_the_commands_say_to_pass_level() {
    let Some(dir) = navforge_core::testing::corpus_dir("source-pairs") else {
        return;
    };
    let nav = std::fs::read(dir.join(format!("{CSS_OFFICE}.nav"))).unwrap();
    let mut e = Editor::read(&nav).unwrap();
    let first = e.document().areas[0].id;
    e.run_line(&format!("mark {first}")).unwrap();
    for line in [
        "nav_corner_place_on_ground",
        "nav_build_ladder 0,0,0",
        "nav_check_floor",
        "nav_update_blocked",
        "nav_select_blocked_areas",
        "nav_debug_blocked",
        "nav_generate_incremental 0,0,0",
        "nav_generate_incremental",
        "nav_mark_walkable 0,0,0",
        "nav_clear_walkable_marks",
        "nav_quicksave 1",
        "nav_generate",
        "nav_analyze",
        "nav_analyse",
    ] {
        let err = e.run_line(line).unwrap_err().to_string();
        // nav_analyse is nav_analyze (the page's two spellings).
        let name = line
            .split(' ')
            .next()
            .unwrap()
            .replace("analyse", "analyze");
        assert!(
            err.starts_with(&format!("{name} needs the map")) && err.contains("--level MAP"),
            "{line}: {err}"
        );
    }
    assert_eq!(e.write().unwrap(), nav);
}

/// CS:S cs_office's ladders are world brushes (`CONTENTS_LADDER`, no entity): a ladder built
/// near each faces the way the game's own ladder there faces, with its top where the game's is.
#[test]
fn css_ladder_brushes_build_the_games_ladders() {
    let Some((world, mut e)) = pair("source-pairs", CSS_OFFICE) else {
        return;
    };
    let brushes = world.level().ladder_brushes();
    assert_eq!(brushes.len(), 2);
    let game: Vec<_> = e.document().ladders.clone();
    e.set_world(world.shared());
    for b in brushes {
        let c = (b.min + b.max) * 0.5;
        let out = e
            .run_line(&format!("nav_build_ladder {},{},{}", c.x, c.y, c.z))
            .unwrap()
            .unwrap();
        assert!(
            out.message.contains("from a ladder brush"),
            "{}",
            out.message
        );
        let made = e.document().ladders.last().unwrap();
        let theirs = game
            .iter()
            .min_by(|a, b| {
                let d = |l: &navforge_source::Ladder| {
                    (l.top[0].get() - c.x).powi(2) + (l.top[1].get() - c.y).powi(2)
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap();
        assert_eq!(made.direction, theirs.direction, "{made:?} vs {theirs:?}");
        for k in 0..3 {
            assert!(
                (made.top[k].get() - theirs.top[k].get()).abs() < 2.0,
                "{made:?} vs {theirs:?}"
            );
        }
        assert!(
            made.bottom_area != 0 || made.top_forward_area != 0,
            "{made:?} connects to nothing"
        );
    }
}

/// The centre of the area at `index` of the editor's mesh.
fn centre(e: &Editor, index: usize) -> [f32; 3] {
    navforge_core::area::AreaRect::of_area(&e.document().to_model().areas[index])
        .unwrap()
        .centre()
}

/// `nav_mark_walkable` keeps marks in the console state (at the cursor, or at the point given);
/// `show marks` lists them; `nav_generate_incremental` with no points grows the mesh from
/// them, with the same result as naming the points; undo gives the cut mesh back and keeps the
/// marks; `nav_clear_walkable_marks` forgets them. GoldSrc aim_map.
#[test]
fn walkable_marks_seed_incremental_generation() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_aim_map") else {
        return;
    };
    let c = centre(&e, e.document().areas.len() / 2);
    e.run_line(&format!("select radius 150 at {},{},{}", c[0], c[1], c[2]))
        .unwrap();
    e.run_line("delete").unwrap();
    let cut = e.write().unwrap();
    let count = e.document().areas.len();
    let spot = format!("{},{},{}", c[0], c[1], c[2] + 1.0);
    // Without the map the marks are refused, naming --level.
    let err = e
        .run_line("nav_mark_walkable 0,0,0")
        .unwrap_err()
        .to_string();
    assert!(err.contains("--level MAP"), "{err}");
    e.set_world(world.shared());

    // The same growth from the point given, to compare with.
    e.run_line(&format!("nav_generate_incremental {spot}"))
        .unwrap();
    let grown = e.write().unwrap();
    assert!(e.document().areas.len() > count);
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), cut);

    // No marks, no spot: refused, nothing changes.
    let err = e
        .run_line("nav_generate_incremental")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no walkable marks"), "{err}");
    let err = e.run_line("nav_mark_walkable").unwrap_err().to_string();
    assert!(err.contains("cursor X,Y,Z"), "{err}");

    e.run_line(&format!("cursor {spot}")).unwrap();
    let out = e.run_line("nav_mark_walkable").unwrap().unwrap();
    assert!(
        out.message.contains("1 walkable mark(s)"),
        "{}",
        out.message
    );
    assert_eq!(e.selection().walkable.len(), 1);
    assert_eq!(e.history_len(), (1, 1), "a mark is not an edit");
    let shown = e.run_line("show marks").unwrap().unwrap().message;
    assert!(shown.starts_with("1 walkable mark(s)"), "{shown}");
    assert_eq!(shown.lines().count(), 2, "{shown}");

    let out = e.run_line("nav_generate_incremental").unwrap().unwrap();
    println!("{}", out.message);
    assert_eq!(
        e.write().unwrap(),
        grown,
        "the mark grows what the point grows"
    );
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), cut);
    assert_eq!(e.selection().walkable.len(), 1, "undo keeps the marks");
    e.run_line("redo").unwrap();
    assert_eq!(e.write().unwrap(), grown);

    let out = e.run_line("nav_clear_walkable_marks").unwrap().unwrap();
    assert_eq!(out.message, "cleared 1 walkable mark(s)");
    assert!(e.selection().walkable.is_empty());
    assert!(e.run_line("nav_generate_incremental").is_err());
}

/// `nav_generate` with the map replaces the whole mesh with navforge-generate's, in the file's
/// version and game (seeded from the spawns and the marks), as one edit: undo gives back the
/// original bytes, redo the same generated bytes. With `nav_quicksave 1` it is not analysed;
/// with the default `nav_quicksave 0` it is, and equals generating then `nav_analyze`.
#[test]
fn nav_generate_is_one_undoable_edit_in_the_files_version() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_aim_map") else {
        return;
    };
    let original = e.write().unwrap();
    let (version, game) = (e.document().version, e.document().game());
    let world = world.shared();
    e.set_world(world.clone());
    e.run_line(&format!("mark {}", e.document().areas[0].id))
        .unwrap();
    let out = e.run_line("nav_quicksave").unwrap().unwrap();
    assert!(
        out.message.starts_with("nav_quicksave 0"),
        "{}",
        out.message
    );
    e.run_line("nav_quicksave 1").unwrap();
    let out = e.run_line("nav_generate").unwrap().unwrap();
    println!("{}", out.message);
    assert!(out.message.contains("not analysed (nav_quicksave 1)"));
    assert!(out.diff.other.iter().any(|o| o == "the whole mesh"));
    let generated = e.write().unwrap();
    assert_ne!(generated, original);
    assert_eq!(e.document().version, version);
    assert_eq!(e.document().game(), game);
    assert!(e.document().areas.len() > 10);
    assert!(
        e.document().areas.iter().all(|a| a.hiding_spots.is_empty()),
        "quicksave: no analysis"
    );
    assert_eq!(e.selection().marked, None, "the old areas are gone");
    assert_eq!(e.history_len(), (1, 0), "one edit");

    // The generator's own output, in the same game and version.
    let doc = SourceNavDocument::read(&original).unwrap();
    let (direct, _) = world.generate(&doc, &[], false).unwrap();
    assert_eq!(direct.write().unwrap(), generated);

    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), original);
    assert!(
        e.selection().marked.is_some(),
        "undo gives the marked area back"
    );
    e.run_line("redo").unwrap();
    assert_eq!(e.write().unwrap(), generated);
    e.run_line("undo").unwrap();

    // nav_quicksave 0: analysed after generating.
    e.run_line("nav_quicksave 0").unwrap();
    let out = e.run_line("nav_generate").unwrap().unwrap();
    println!("{}", out.message);
    assert!(out.message.contains("analysed: "), "{}", out.message);
    let analysed = e.write().unwrap();
    assert!(
        e.document()
            .areas
            .iter()
            .any(|a| !a.hiding_spots.is_empty())
    );
    e.run_line("undo").unwrap();
    e.run_line("nav_quicksave 1").unwrap();
    e.run_line("nav_generate").unwrap();
    e.run_line("nav_analyze").unwrap();
    assert_eq!(e.write().unwrap(), analysed);
    e.run_line("undo 2").unwrap();
    assert_eq!(e.write().unwrap(), original);

    // The walkable marks seed it beside the spawns.
    let c = centre(&e, 0);
    e.run_line(&format!(
        "nav_mark_walkable {},{},{}",
        c[0],
        c[1],
        c[2] + 1.0
    ))
    .unwrap();
    let out = e.run_line("nav_generate").unwrap().unwrap();
    assert!(
        out.message.contains("info_player_deathmatch, 1 marks"),
        "{}",
        out.message
    );
}

/// What navforge-analyze writes for `nav` against the world's map: every stage, the header's
/// BSP size set (as `navforge analyze` does).
fn analysed(world: &LevelWorld, nav: &[u8]) -> Vec<u8> {
    let mut doc = SourceNavDocument::read(nav).unwrap();
    if let Some(size) = world.level().bsp_size() {
        doc.set_bsp_size(size);
    }
    let report = navforge_analyze::analyze(
        &mut doc,
        world.level(),
        &navforge_analyze::AnalyzeOptions {
            stages: &navforge_analyze::Stage::ALL,
            context: &navforge_core::context::Quiet,
            view_distance: None,
            game: None,
        },
    )
    .unwrap();
    assert!(report.hiding_spots > 0);
    doc.write().unwrap()
}

/// A Source file (CS:GO aim_map, v16): `nav_generate` keeps its version, sub-version and
/// game, undo gives its bytes back; `nav_analyze` writes navforge-analyze's bytes.
#[test]
fn source_nav_generate_and_analyze_keep_the_files_version() {
    let Some((world, mut e)) = pair("source-pairs", "source_ayrescsgo+fast-dll__aim_map") else {
        return;
    };
    let original = e.write().unwrap();
    let expected = analysed(&world, &original);
    let before = e.document().clone();
    e.set_world(world.shared());
    e.run_line("nav_quicksave 1").unwrap();
    let out = e.run_line("nav_generate").unwrap().unwrap();
    println!("{}", out.message);
    let doc = e.document();
    assert_eq!(
        (doc.version, doc.sub_version, doc.game()),
        (before.version, before.sub_version, before.game())
    );
    assert!(doc.areas.len() > 10);
    assert_ne!(e.write().unwrap(), original);
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), original);
    let out = e.run_line("nav_analyze").unwrap().unwrap();
    println!("{}", out.message);
    assert_eq!(e.write().unwrap(), expected);
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), original);
}

/// `nav_analyze` writes what navforge-analyze writes for the file against the map (every
/// stage, the header's BSP size), as one undoable edit. GoldSrc aim_map, its analysis taken out
/// first so that the analysis has something to put back.
#[test]
fn nav_analyze_equals_navforge_analyze() {
    let Some((world, mut e)) = pair("level-pairs", "goldsrc_aim_map") else {
        return;
    };
    let original = e.write().unwrap();
    let expected = analysed(&world, &original);

    e.set_world(world.shared());
    let out = e.run_line("nav_analyse").unwrap().unwrap();
    println!("{}", out.message);
    assert!(out.message.contains("hiding spots"), "{}", out.message);
    assert_eq!(e.write().unwrap(), expected);
    assert_eq!(e.history_len(), (1, 0));
    e.run_line("undo").unwrap();
    assert_eq!(e.write().unwrap(), original);
    e.run_line("redo").unwrap();
    assert_eq!(e.write().unwrap(), expected);
}

/// `nav_generate` in the editor walks the map as `navforge generate` does (doors open,
/// breakables gone: `navforge_generate::load_options`), while the editor's own traces keep the
/// doors closed. Garry's Mod zs_jail_v1 has a cell block behind two sliding doors, so the two
/// loads give different meshes: the editor's equals the one from the generator's load.
#[test]
fn nav_generate_walks_the_map_as_navforge_generate_does() {
    let stem = "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1";
    let Some(dir) = navforge_core::testing::corpus_dir("source-pairs") else {
        return;
    };
    let path = dir.join(format!("{stem}.bsp"));
    let data = std::fs::read(&path).unwrap();
    let nav = std::fs::read(dir.join(format!("{stem}.nav"))).unwrap();
    let doc = SourceNavDocument::read(&nav).unwrap();
    let load =
        |opts: navforge_level::LoadOptions| navforge_level::Level::load(&data, &opts).unwrap();
    let mesh = |world: &LevelWorld| world.generate(&doc, &[], false).unwrap().0.write().unwrap();

    let editor = mesh(&LevelWorld::open(&path).unwrap());
    let generator = mesh(&LevelWorld::new(
        "zs_jail",
        load(navforge_generate::load_options()),
    ));
    let closed = mesh(&LevelWorld::new("zs_jail", load(Default::default())));
    assert_eq!(editor, generator);
    assert_ne!(
        editor, closed,
        "the doors make no difference on this map any more"
    );
}
