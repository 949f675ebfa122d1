//! Known answers about entities and their collision on the corpus maps: doors open and closed,
//! ladders, bomb targets, teleporter destinations, sky, displacements.

use glam::Vec3;
use navforge_core::testing::corpus_dir;
use navforge_level::{BrushRole, Contents, DoorState, Hull, Level, LoadOptions};

fn load(sub: &str, f: &str, opts: LoadOptions) -> Option<Level> {
    let dir = corpus_dir(sub)?;
    Some(Level::load(&std::fs::read(dir.join(f)).unwrap(), &opts).unwrap())
}

/// A `level-pairs` map with the default options (`None` when the corpus is absent).
fn pair(f: &str) -> Option<Level> {
    load("level-pairs", f, LoadOptions::default())
}

#[test]
fn cs_assault_doors_block_only_when_closed() {
    let Some(closed) = pair("goldsrc_cs_assault.bsp") else {
        return;
    };
    let open = load(
        "level-pairs",
        "goldsrc_cs_assault.bsp",
        LoadOptions::default().with_doors(DoorState::Open),
    )
    .unwrap();
    let doors = closed.doors();
    assert_eq!(doors.len(), 3);
    for d in &doors {
        let p = d.bounds.center();
        assert!(
            closed.point_contents(p).contains(Contents::SOLID),
            "{} at {p}",
            d.class
        );
        assert!(open.point_contents(p).is_empty(), "{} at {p}", d.class);
        // A ray through the door's middle, along its thinnest side, hits the door when closed.
        let size = d.bounds.max - d.bounds.min;
        let axis = if size.x < size.y { Vec3::X } else { Vec3::Y };
        let (a, b) = (p - axis * 64.0, p + axis * 64.0);
        let t = closed.trace_ray(a, b);
        if !closed.point_contents(a).is_empty() {
            continue;
        }
        assert_eq!(t.entity, Some(d.entity), "{} at {p}", d.class);
        let t = open.trace_ray(a, b);
        assert_ne!(t.entity, Some(d.entity));
    }
    assert!(
        closed
            .brush_entities()
            .iter()
            .any(|b| b.role == BrushRole::Door)
    );
}

#[test]
fn cs_assault_ladders_are_ladder_volumes() {
    let Some(level) = pair("goldsrc_cs_assault.bsp") else {
        return;
    };
    let ladders = level.ladders();
    assert!(ladders.len() >= 3, "{}", ladders.len());
    for l in &ladders {
        let c = level.point_contents(l.bounds.center());
        assert!(c.contains(Contents::LADDER), "{} {c}", l.class);
        // Ladders do not stop players: a player-mask trace passes through the volume.
        let t = level.trace(
            l.bounds.center() + Vec3::Z * 4.0,
            l.bounds.center(),
            &Hull::POINT,
            Contents::MASK_PLAYER,
        );
        assert_ne!(t.entity, Some(l.entity));
        // ... but a ladder-mask trace stops on it and flags the surface.
        let outside =
            l.bounds.center() + Vec3::new(0.0, 0.0, (l.bounds.max.z - l.bounds.min.z) / 2.0 + 8.0);
        let t = level.trace(outside, l.bounds.center(), &Hull::POINT, Contents::LADDER);
        if t.entity == Some(l.entity) {
            assert!(t.surface.is_ladder());
        }
    }
}

#[test]
fn de_dust2_has_two_bomb_targets_and_sky() {
    let Some(level) = pair("goldsrc_de_dust2.bsp") else {
        return;
    };
    assert_eq!(level.bomb_targets().len(), 2);
    assert!(level.hostage_rescue_zones().is_empty());
    // Straight up from the spawn points is mostly open sky; where it is, the trace says so.
    let spawns = level.spawn_points();
    let mut sky = 0;
    for s in &spawns {
        let t = level.trace_ray(s.origin, s.origin + Vec3::Z * 4096.0);
        assert!(t.fraction < 1.0, "spawn {} sees the void", s.entity);
        // The hull's sky leaf and the render face's sky texture agree.
        let m = level.trace_mesh(
            s.origin,
            s.origin + Vec3::Z * 4096.0,
            &Hull::POINT,
            Contents::MASK_SOLID,
        );
        assert_eq!(t.surface.is_sky(), m.surface.is_sky(), "spawn {}", s.entity);
        assert!((t.end.z - m.end.z).abs() < 1.0);
        if t.surface.is_sky() {
            assert_eq!(t.contents, Contents::SKY);
            sky += 1;
        }
    }
    println!("de_dust2: {sky}/{} spawns under open sky", spawns.len());
    assert!(sky * 4 >= spawns.len(), "{sky}/{}", spawns.len());
}

#[test]
fn hip1m3_teleporters_have_destinations() {
    let Some(level) = pair("quake_hipnotic_hip1m3.bsp") else {
        return;
    };
    let tele = level.teleports();
    assert!(!tele.is_empty());
    for t in &tele {
        let d = t.destination.expect("destination");
        let class = &level.entities()[d].class;
        assert!(
            class == "info_teleport_destination" || class == "misc_teleporter_dest",
            "{class}"
        );
        // The destination stands over ground.
        let o = t.destination_origin.unwrap();
        assert!(level.ground_below(o, 512.0).is_some(), "{o}");
    }
}

#[test]
fn source_displacements_collide() {
    let Some(level) = load(
        "bsp",
        "source-tf2_test_displacement_decompile.bsp",
        LoadOptions::default(),
    ) else {
        return;
    };
    assert_eq!(level.counts().displacements, 3);
    // Rays down over the map hit the same surface on the collision world and the triangles.
    let b = level.bounds();
    let mut hits = 0;
    for i in 0..20 {
        for j in 0..20 {
            let x = b.min.x + (b.max.x - b.min.x) * (i as f32 + 0.5) / 20.0;
            let y = b.min.y + (b.max.y - b.min.y) * (j as f32 + 0.5) / 20.0;
            let from = Vec3::new(x, y, b.max.z + 64.0);
            let to = Vec3::new(x, y, b.min.z - 64.0);
            let t = level.trace_ray(from, to);
            let m = level.trace_mesh(from, to, &Hull::POINT, Contents::MASK_SOLID);
            assert_eq!(t.fraction < 1.0, m.fraction < 1.0, "{x} {y}");
            if t.fraction < 1.0 {
                hits += 1;
                assert!(
                    (t.end.z - m.end.z).abs() < 1.0,
                    "{x} {y}: {} vs {}",
                    t.end.z,
                    m.end.z
                );
            }
        }
    }
    assert!(hits > 100, "{hits}");
}

#[test]
fn summary_lists_counts_and_spawns() {
    let Some(level) = pair("goldsrc_de_dust2.bsp") else {
        return;
    };
    let s = level.summary();
    let text = s.to_string();
    assert!(
        text.starts_with("format: GoldSrc BSP30 (version 30)"),
        "{text}"
    );
    assert!(text.contains("info_player_deathmatch"));
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["family"], "GoldSrc");
    assert_eq!(
        json["spawn_points"].as_array().unwrap().len(),
        s.spawn_points.len()
    );
    let (v, t) = level.world_triangles();
    assert!(t.len() > 5000 && t.iter().all(|f| f.iter().all(|&i| (i as usize) < v.len())));
}

/// LibreQuake E0M1 compiled for Quake (clip hulls) and for Quake II (brushes): the same map seen
/// through both collision models gives the same solid space and the same floors. (That Quake II
/// build turned the slime and water brushes solid, so Quake's side stops on liquids too.)
#[test]
fn quake_and_quake2_builds_of_one_map_agree() {
    let Some(q1) = load("bsp", "librequake_lq_e0m1.bsp", LoadOptions::default()) else {
        return;
    };
    let q2 = load(
        "bsp",
        "librequake_lq_e0m1-quake2.bsp",
        LoadOptions::default(),
    )
    .unwrap();
    let b = q1.bounds();
    let (mut n, mut same, mut floors, mut same_floor) = (0, 0, 0, 0);
    for i in 0..40 {
        for j in 0..40 {
            for k in 0..20 {
                let p = b.min
                    + (b.max - b.min)
                        * Vec3::new(
                            (i as f32 + 0.5) / 40.0,
                            (j as f32 + 0.5) / 40.0,
                            (k as f32 + 0.5) / 20.0,
                        );
                let s1 = q1.point_contents(p).contains(Contents::SOLID);
                let s2 = q2.point_contents(p).contains(Contents::SOLID);
                n += 1;
                same += (s1 == s2) as usize;
                if !s1 && !s2 {
                    let t1 = q1.trace(
                        p,
                        p - Vec3::Z * 2048.0,
                        &Hull::POINT,
                        Contents::MASK_SOLID | Contents::MASK_LIQUID,
                    );
                    let t2 = q2.trace_ray(p, p - Vec3::Z * 2048.0);
                    if t1.fraction < 1.0 && t2.fraction < 1.0 && t1.normal.z > 0.7 {
                        floors += 1;
                        same_floor += ((t1.end.z - t2.end.z).abs() < 1.0) as usize;
                    }
                }
            }
        }
    }
    let (a, f) = (
        same as f64 / n as f64,
        same_floor as f64 / floors.max(1) as f64,
    );
    println!(
        "lq_e0m1: solid agrees at {:.1}% of {n} points; floors agree for {:.1}% of {floors} rays",
        100.0 * a,
        100.0 * f
    );
    assert!(a > 0.97 && f > 0.95 && floors > 300);
}

/// The spawn points read the core's one spawn-class table: FoF's and Zombie Survival's classes
/// are listed (they were not), and a Source CS map's teams are as before.
#[test]
fn fof_and_zombie_survival_spawns_are_listed() {
    let count = |level: &Level, class: &str| {
        level
            .spawn_points()
            .iter()
            .filter(|s| s.class.eq_ignore_ascii_case(class))
            .count()
    };
    let Some(fof) = load(
        "source-pairs",
        "source_xpenia+FoF-GOTY__fof_quad.bsp",
        LoadOptions::default(),
    ) else {
        return;
    };
    let fof_classes = [
        "info_player_fof",
        "info_player_desperado",
        "info_player_vigilante",
    ];
    let n: usize = fof_classes.iter().map(|c| count(&fof, c)).sum();
    assert!(n > 0, "no FoF spawn listed");
    assert_eq!(
        fof.spawn_points().len(),
        n + count(&fof, "info_player_bandido")
            + count(&fof, "info_player_ranger")
            + count(&fof, "info_player_start")
    );
    let zs = load(
        "source-pairs",
        "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1.bsp",
        LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(count(&zs, "info_player_zombie"), 10);
    let css = load(
        "source-pairs",
        "source_bouletmarc+css_maps_content__cs_office.bsp",
        LoadOptions::default(),
    )
    .unwrap();
    for s in css.spawn_points() {
        let team = match s.class.to_ascii_lowercase().as_str() {
            "info_player_terrorist" => navforge_level::Team::Team1,
            "info_player_counterterrorist" => navforge_level::Team::Team2,
            _ => continue,
        };
        assert_eq!(s.team, team, "{}", s.class);
    }
}

/// cs_assault's see-through breakables (render mode texture or solid, not world brushes) stop a
/// solid trace and let a sight line through, as the engine's `ignore_glass` traces do; its
/// `func_wall`s (world brushes) and opaque breakables stop both. Each is asked along its
/// thinnest side through its middle, counted where a solid trace meets it (not the wall around
/// it).
#[test]
fn cs_assault_glass_blocks_movement_not_sight() {
    let Some(level) = pair("goldsrc_cs_assault.bsp") else {
        return;
    };
    // Of the entities of `role` a solid trace through the middle meets: how many, and how many
    // of them a sight line passes.
    let through = |role: BrushRole| {
        let (mut met, mut seen) = (0, 0);
        for b in level.brush_entities().iter().filter(|b| b.role == role) {
            let p = b.bounds.center();
            let size = b.bounds.max - b.bounds.min;
            let axis = if size.x < size.y { Vec3::X } else { Vec3::Y };
            let (a, z) = (p - axis * 32.0, p + axis * 32.0);
            if level.trace_ray(a, z).entity == Some(b.entity) {
                met += 1;
                seen += usize::from(level.line_of_sight(a, z));
            }
        }
        (met, seen)
    };
    let glass = level
        .brush_entities()
        .iter()
        .filter(|b| b.role == BrushRole::Glass)
        .count();
    assert_eq!(glass, 9, "8 texture-mode and 1 solid-mode func_breakable");
    let (met, seen) = through(BrushRole::Glass);
    // (Two of the five stand in wall openings whose frames block the line as well.)
    assert!(
        met >= 5 && seen >= 3,
        "glass: {met} met, {seen} seen through"
    );
    let (met, seen) = through(BrushRole::Solid);
    assert!(
        met >= 10 && seen == 0,
        "solid: {met} met, {seen} seen through"
    );
}
