//! Every corpus BSP that loads, and every corpus OBJ, generates a plausible checked mesh: from
//! spawn points, or (when a level has none) from every floor. Each mesh must re-read
//! byte-exactly, pass `navforge_check` with no errors (and, in game units, no connection over a
//! gap), and lie on
//! the level: every area's centre has a floor within a step of its surface. The figures are
//! printed.

use navforge_core::NavDocument;
use navforge_core::model::NavMesh;
use navforge_core::testing::{corpus_dir, corpus_files};
use navforge_generate::{GenerateError, GenerateOptions, Generated, generate};
use navforge_level::{Level, LoadOptions, Vec3};
use navforge_source::{SourceGame, SourceNavDocument};

/// Re-read, check, and test that the areas stand on the level (`step`: a step at its scale).
fn plausible(name: &str, level: &Level, out: &Generated, step: f32) -> NavMesh {
    let doc = SourceNavDocument::read(&out.bytes).expect("re-read");
    assert_eq!(doc.write().expect("write"), out.bytes, "{name}");
    let model = doc.to_model();
    let report = navforge_check::check(&model, &[]);
    assert_eq!(report.errors(), 0, "{name}: {report:?}");
    // `check` measures ledges in game units (18 up, 100 across): only levels in game units
    // can be held to it.
    if step == 18.0 {
        assert!(!report.has("edges-do-not-meet"), "{name}: {report:?}");
    }
    let off = model
        .areas
        .iter()
        .filter(|a| {
            let n = a.polygon.len() as f32;
            let c = a
                .polygon
                .iter()
                .fold(Vec3::ZERO, |s, p| s + Vec3::from_array(*p))
                / n;
            level
                .ground_below(c + Vec3::Z * step, step * 2.0)
                .is_none_or(|g| (g.point.z - c.z).abs() > step)
        })
        .count();
    // Bilinear corners over uneven floors and areas straddling a lip may miss by a little.
    assert!(
        off * 50 <= model.areas.len(),
        "{name}: {off} of {} areas float or sink",
        model.areas.len()
    );
    model
}

#[test]
fn corpus_bsps_generate_checked_meshes() {
    let Some(files) = corpus_files("bsp", ".bsp") else {
        return;
    };
    let mut generated = 0;
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let bytes = std::fs::read(&path).expect("read");
        let Ok(level) = Level::load(&bytes, &LoadOptions::default()) else {
            println!("{name}: does not load (the level crate's Unsupported files)");
            continue;
        };
        let game = if name.contains("tf2") {
            SourceGame::Tf2
        } else {
            SourceGame::Hl2dm
        };
        let mut opts = GenerateOptions::for_game(game);
        let out = match generate(&level, &opts) {
            Err(GenerateError::NoSeeds) => {
                opts.config.everywhere = true;
                generate(&level, &opts)
            }
            other => other,
        };
        let out = match out {
            Ok(o) => o,
            Err(GenerateError::NoAreas { samples }) => {
                println!("{name}: no areas from {samples} samples");
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        plausible(&name, &level, &out, 18.0);
        println!(
            "{name}: {} seeds{}, {} samples, {} areas, {} connections, {} ladders, {:.0} ms",
            out.stats.seeds,
            if opts.config.everywhere {
                " (everywhere)"
            } else {
                ""
            },
            out.stats.samples,
            out.stats.areas,
            out.stats.connections,
            out.stats.ladders,
            out.stats.total().as_secs_f64() * 1e3
        );
        generated += 1;
    }
    assert!(
        generated >= 10,
        "only {generated} corpus BSPs generated a mesh"
    );
}

#[test]
fn corpus_objs_generate_plausible_meshes() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    // Recast's sample levels are in metres, Y up.
    let scale = 1.0 / 39.37;
    for name in ["recast_dungeon", "recast_nav_test", "recast_undulating"] {
        let obj = std::fs::read(dir.join(format!("{name}.obj"))).expect("read obj");
        let level = Level::load(&obj, &LoadOptions::default()).expect("load obj");
        let mut opts = GenerateOptions::for_game_scaled(SourceGame::Hl2dm, scale);
        opts.config.everywhere = true;
        let out = generate(&level, &opts).expect("generate");
        let model = plausible(name, &level, &out, 18.0 * scale);
        println!(
            "{name}: {} samples, {} areas, {} connections, {} stairs, {} jump areas linked, {} obstacle tops, {:.1} ms",
            out.stats.samples,
            out.stats.areas,
            out.stats.connections,
            out.stats.stairs,
            out.stats.jump_areas_removed,
            out.stats.obstacle_tops,
            out.stats.total().as_secs_f64() * 1e3
        );
        assert!(model.areas.len() > 50, "{name}: {:?}", out.stats);
    }
}
