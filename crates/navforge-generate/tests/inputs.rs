//! Bad input gets errors that name what is wrong; output is deterministic; marks seed the fill;
//! triangle levels generate with `seeds.everywhere`.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_generate::{GenerateError, GenerateOptions, generate};
use navforge_level::{Contents, Level, LoadOptions, Vec3};
use navforge_source::{SourceGame, SourceNavDocument};

fn dust2() -> Option<Level> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).expect("read bsp");
    Some(Level::load(&bsp, &LoadOptions::default()).expect("load"))
}

fn marks_only(marks: Vec<Vec3>) -> GenerateOptions {
    let mut o = GenerateOptions::for_game(SourceGame::Cs16);
    o.config.marks = marks;
    o.config.use_spawns = false;
    o.config.use_ladders = false;
    o
}

#[test]
fn no_spawn_and_no_mark_is_a_clear_error() {
    let Some(level) = dust2() else { return };
    let err = generate(&level, &marks_only(vec![])).expect_err("must fail");
    assert!(matches!(err, GenerateError::NoSeeds), "{err}");
    assert!(err.to_string().contains("--mark"), "{err}");
}

#[test]
fn marks_in_solid_or_in_the_air_are_named() {
    let Some(level) = dust2() else { return };
    let spawn = level.spawn_points()[0].origin;
    let floor = level.ground_below(spawn, 256.0).expect("floor").point;
    // Far below the world is solid.
    let solid = Vec3::new(floor.x, floor.y, floor.z - 4000.0);
    let err = generate(&level, &marks_only(vec![floor, solid])).expect_err("solid");
    assert!(
        matches!(err, GenerateError::MarkInSolid { index: 1, .. }),
        "{err}"
    );
    assert!(err.to_string().starts_with("mark 1 at"), "{err}");
    // The first open point well above the floor is in the air.
    let air = (1..20)
        .map(|k| floor + Vec3::Z * (100.0 + 10.0 * k as f32))
        .find(|p| !level.point_contents(*p).contains(Contents::SOLID))
        .expect("open air above a spawn");
    let err = generate(&level, &marks_only(vec![air])).expect_err("air");
    assert!(
        matches!(err, GenerateError::MarkInAir { index: 0, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("in the air"), "{err}");
}

#[test]
fn a_mark_alone_seeds_the_fill_and_the_sample_limit_holds() {
    let Some(level) = dust2() else { return };
    let spawn = level.spawn_points()[0].origin;
    let floor = level.ground_below(spawn, 256.0).expect("floor").point;
    let out = generate(&level, &marks_only(vec![floor])).expect("generate from a mark");
    assert!(out.stats.areas > 100, "{:?}", out.stats);
    let mut small = marks_only(vec![floor]);
    small.config.max_samples = 100;
    let err = generate(&level, &small).expect_err("limit");
    assert!(
        matches!(err, GenerateError::TooManySamples { limit: 100 }),
        "{err}"
    );
}

#[test]
fn output_does_not_depend_on_threads() {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let many = generate(&level, &opts).expect("generate").bytes;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    let one = pool.install(|| generate(&level, &opts).expect("generate").bytes);
    assert_eq!(many, one);
}

#[test]
fn every_game_layout_writes_and_rereads() {
    let Some(level) = dust2() else { return };
    for game in [
        SourceGame::Cs16,
        SourceGame::Css,
        SourceGame::Tf2,
        SourceGame::L4d2,
    ] {
        let out = generate(&level, &GenerateOptions::for_game(game)).expect("generate");
        let doc = SourceNavDocument::read(&out.bytes).expect("re-read");
        assert_eq!(doc.write().expect("write"), out.bytes, "{game:?}");
        assert_eq!(doc.areas.len(), out.stats.areas, "{game:?}");
        let report = navforge_check::check(&doc.to_model(), &[]);
        assert_eq!(report.errors(), 0, "{game:?}: {report:?}");
    }
}

#[test]
fn ladders_join_their_top_and_bottom_areas() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = std::fs::read(dir.join("goldsrc_cs_assault.bsp")).expect("read bsp");
    let level = Level::load(&bsp, &LoadOptions::default()).expect("load");
    let out = generate(&level, &GenerateOptions::for_game(SourceGame::Css)).expect("generate");
    // cs_assault has 8 func_ladder volumes.
    assert_eq!(level.ladders().len(), 8);
    let model = SourceNavDocument::read(&out.bytes)
        .expect("re-read")
        .to_model();
    assert_eq!(model.ladders.len(), 8, "{:?}", out.stats);
    let both = model
        .ladders
        .iter()
        .filter(|l| l.bottom_area != 0 && l.top_areas.iter().any(|&a| a != 0))
        .count();
    println!("cs_assault ladders joined at both ends: {both} of 8");
    for l in &model.ladders {
        println!(
            "ladder {} top {:?} bottom {} top areas {:?}",
            l.id, l.top, l.bottom_area, l.top_areas
        );
    }
    assert!(both >= 7, "{both} of 8 ladders joined at both ends");
    for l in &model.ladders {
        assert!(
            !l.top_areas.contains(&l.bottom_area) || l.bottom_area == 0,
            "ladder {}",
            l.id
        );
    }
    let report = navforge_check::check(&model, &[]);
    assert_eq!(report.errors(), 0, "{report:?}");
}

#[test]
fn triangle_levels_generate_with_seeds_everywhere() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    let obj = std::fs::read(dir.join("recast_dungeon.obj")).expect("read obj");
    let level = Level::load(&obj, &LoadOptions::default()).expect("load obj");
    let mut opts = GenerateOptions::for_game_scaled(SourceGame::Hl2dm, 1.0 / 39.37);
    opts.config.everywhere = true;
    let t = std::time::Instant::now();
    let out = generate(&level, &opts).expect("generate");
    println!(
        "recast_dungeon: {} areas, {} samples, {:.1} ms, stages {:?}",
        out.stats.areas,
        out.stats.samples,
        t.elapsed().as_secs_f64() * 1e3,
        out.stats.times
    );
    assert!(out.stats.areas > 20, "{:?}", out.stats);
    let doc = SourceNavDocument::read(&out.bytes).expect("re-read");
    assert_eq!(doc.write().expect("write"), out.bytes);
    let report = navforge_check::check(&doc.to_model(), &[]);
    assert_eq!(report.errors(), 0, "{report:?}");
}
