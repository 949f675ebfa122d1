//! Known answers from the third-party corpus: every BSP loads or gets a clear error, spawn
//! points stand on floors, the games' own nav areas lie on ground where a player fits.

use glam::Vec3;
use navforge_core::NavDocument;
use navforge_core::testing::{corpus_dir, corpus_files};
use navforge_level::{Family, Level, LevelError, LoadOptions};
use std::path::PathBuf;

fn all_bsps() -> Option<Vec<PathBuf>> {
    let mut v = corpus_files("bsp", ".bsp")?;
    v.extend(corpus_files("level-pairs", ".bsp")?);
    Some(v)
}

fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

/// The corpus files that must not load, with the family the error must name.
const UNSUPPORTED: [(&str, &str); 2] = [
    ("source-x360_shack.360.bsp", "PSBV"),
    ("source-momentum_mp_lobby.bsp", "VBSP v25"),
];

#[test]
fn every_corpus_bsp_loads_or_errors_clearly() {
    let Some(files) = all_bsps() else { return };
    let mut refused = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let n = name(f);
        match Level::load(&bytes, &LoadOptions::default()) {
            Ok(level) => {
                assert!(
                    !UNSUPPORTED.iter().any(|(u, _)| *u == n),
                    "{n} should not load"
                );
                let s = level.summary();
                println!(
                    "{n}: {} v{}, {} faces, {} brushes, {} triangles, {} entities, {} spawns",
                    s.family,
                    s.version,
                    s.counts.faces,
                    s.counts.brushes,
                    s.counts.triangles,
                    s.entities,
                    s.spawn_points.len()
                );
                assert!(s.counts.triangles > 0, "{n}: no triangles");
                assert!(s.entities > 0, "{n}: no entities");
                assert_eq!(s.classes.get("worldspawn"), Some(&1), "{n}: one worldspawn");
            }
            Err(e) => {
                let Some((_, family)) = UNSUPPORTED.iter().find(|(u, _)| *u == n) else {
                    panic!("{n} failed to load: {e}");
                };
                println!("{n}: {e}");
                refused += 1;
                match &e {
                    LevelError::Unsupported { family: f, .. } => {
                        assert!(f.contains(family), "{n}: {e}")
                    }
                    other => panic!("{n}: expected Unsupported, got {other}"),
                }
            }
        }
    }
    // The refusals were met, not just allowed: both files are in the corpus.
    assert_eq!(refused, UNSUPPORTED.len(), "{} BSPs", files.len());
}

#[test]
fn families_are_detected() {
    let Some(dir) = corpus_dir("bsp") else { return };
    let expect = [
        ("goldsrc_example-halflife.bsp", Family::GoldSrc),
        ("quake1_example-bsp29.bsp", Family::Quake),
        ("quake1_example-bsp2.bsp", Family::QuakeBsp2),
        ("remakequake_mp_lobby.bsp", Family::QuakeBsp2),
        ("quake2_example-quake2.bsp", Family::Quake2),
        ("source-tf2_test2.bsp", Family::Source),
    ];
    for (f, fam) in expect {
        let level = Level::load(
            &std::fs::read(dir.join(f)).unwrap(),
            &LoadOptions::default(),
        )
        .unwrap();
        assert_eq!(level.family(), fam, "{f}");
    }
}

/// A ray straight down from each spawn point hits a walkable floor below it.
#[test]
fn spawn_points_stand_on_floors() {
    let Some(files) = all_bsps() else { return };
    let mut maps_with_spawns = 0;
    for f in &files {
        let Ok(level) = Level::load(&std::fs::read(f).unwrap(), &LoadOptions::default()) else {
            continue;
        };
        let spawns = level.spawn_points();
        if spawns.is_empty() {
            println!("{}: no spawn points", name(f));
            continue;
        }
        maps_with_spawns += 1;
        let mut on_floor = 0;
        for s in &spawns {
            let t = level.trace_ray(s.origin, s.origin - Vec3::Z * 1024.0);
            if t.fraction < 1.0 && !t.start_solid && t.normal.z > 0.7 {
                on_floor += 1;
            }
        }
        println!(
            "{}: {on_floor}/{} spawn rays hit a floor",
            name(f),
            spawns.len()
        );
        assert_eq!(on_floor, spawns.len(), "{}", name(f));
    }
    assert!(
        maps_with_spawns >= 10,
        "only {maps_with_spawns} maps had spawn points"
    );
}

/// The CS spawn points of the level-pairs maps are the CS teams' classes.
#[test]
fn cs_maps_list_both_teams() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    for f in [
        "goldsrc_de_dust2.bsp",
        "goldsrc_cs_assault.bsp",
        "goldsrc_aim_map.bsp",
    ] {
        let level = Level::load(
            &std::fs::read(dir.join(f)).unwrap(),
            &LoadOptions::default(),
        )
        .unwrap();
        let s = level.spawn_points();
        let t = s
            .iter()
            .filter(|p| p.team == navforge_level::Team::Team1)
            .count();
        let ct = s
            .iter()
            .filter(|p| p.team == navforge_level::Team::Team2)
            .count();
        println!("{f}: {t} T, {ct} CT spawns");
        assert!(t > 0 && ct > 0, "{f}");
    }
}

/// The CS bot's own nav areas (made by the game from this map) lie on ground a player can
/// stand on: a short ray down from each area centre finds ground within a few units, and a
/// standing hull there is not in solid.
#[test]
fn cs_nav_areas_stand_on_ground() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    for m in ["de_dust2", "cs_assault", "aim_map"] {
        let bsp = std::fs::read(dir.join(format!("goldsrc_{m}.bsp"))).unwrap();
        let nav = std::fs::read(dir.join(format!("goldsrc_{m}.nav"))).unwrap();
        // The bots' areas run through doorways: load the doors open.
        let opts = LoadOptions::default().with_doors(navforge_level::DoorState::Open);
        let level = Level::load(&bsp, &opts).unwrap();
        let doc = navforge_source::SourceNavDocument::read(&nav).unwrap();
        let model = doc.to_model();
        let hull = level.standing_hull();
        let (mut grounded, mut free, mut mesh_grounded, mut column) = (0, 0, 0, 0);
        for a in &model.areas {
            let n = a.polygon.len() as f32;
            let c = a
                .polygon
                .iter()
                .fold(Vec3::ZERO, |s, p| s + Vec3::from_array(*p))
                / n;
            // Areas laid as ramps over stairs have corners at different heights: the ground
            // under the centre must lie within the corners' height range, give or take 4.
            let lo = a.polygon.iter().map(|p| p[2]).fold(f32::INFINITY, f32::min) - 4.0;
            let hi = a
                .polygon
                .iter()
                .map(|p| p[2])
                .fold(f32::NEG_INFINITY, f32::max)
                + 4.0;
            let top = Vec3::new(c.x, c.y, hi + 14.0);
            let g = level.ground_below(top, top.z - lo);
            if g.is_some_and(|g| g.point.z >= lo && g.point.z <= hi) {
                grounded += 1;
            }
            let t = level.trace_mesh(
                top,
                Vec3::new(c.x, c.y, lo),
                &navforge_level::Hull::POINT,
                navforge_level::Contents::MASK_PLAYER,
            );
            if t.fraction < 1.0 && !t.start_solid {
                mesh_grounded += 1;
            }
            // GoldSrc's player origin is the hull centre. Areas are as narrow as one 25-unit
            // step beside walls, where only part of the area has room for the 32-wide hull:
            // try the centre and points near each corner, with the feet 1 unit up or one step
            // (18 units) up where the area is a ramp laid over stairs.
            let fits = |p: Vec3, lift: f32| {
                let origin = p - Vec3::Z * hull.mins.z + Vec3::Z * lift;
                level.hull_fits(origin, &hull)
            };
            let spots = std::iter::once(c)
                .chain(a.polygon.iter().map(|p| Vec3::from_array(*p).lerp(c, 0.2)));
            let candidates: Vec<Vec3> = spots.collect();
            if candidates.iter().any(|&p| fits(p, 1.0) || fits(p, 18.0)) {
                free += 1;
            }
            // The generator's own sampling is a thin column: open at the feet, waist and head.
            if [1.0, 36.0, 70.0]
                .iter()
                .all(|&h| level.point_contents(c + Vec3::Z * h).is_empty())
            {
                column += 1;
            }
        }
        let total = model.areas.len();
        let share = |k: usize| k as f64 / total as f64;
        println!(
            "{m}: {total} areas; ground under the centre within the corners' heights ±4 (hulls) {:.1}%, (triangles) {:.1}%, standing hull free somewhere in the area {:.1}%, open column (feet, waist, head) at the centre {:.1}% (stair ramps put it inside a step)",
            100.0 * share(grounded),
            100.0 * share(mesh_grounded),
            100.0 * share(free),
            100.0 * share(column)
        );
        assert!(share(grounded) >= 0.9, "{m}: {grounded}/{total} grounded");
        assert!(
            share(mesh_grounded) >= 0.9,
            "{m}: {mesh_grounded}/{total} grounded on triangles"
        );
        assert!(share(free) >= 0.9, "{m}: {free}/{total} free");
    }
}
