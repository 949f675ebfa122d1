//! Generation speed: de_dust2 whole and per stage (CS 1.6 constants), and Recast's dungeon OBJ
//! with seeds everywhere on one core (C++ Recast builds its navmesh in 24.8 ms, `generation.md`
//! A1). Times are wall-clock: on a shared machine they include waiting for the CPU.

use divan::Bencher;
use navforge_core::testing::corpus_dir;
use navforge_generate::{
    GenerateOptions, Samples, Stats, build_areas, find_seeds, generate, post_process, sample,
    to_model, write,
};
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceGame;

fn main() {
    divan::main();
}

fn dust2() -> Option<Level> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).ok()?;
    Level::load(&bsp, &LoadOptions::default()).ok()
}

/// A one-thread pool (made once per benchmark; each run is handed to its thread).
fn one_core() -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new().num_threads(1).build().ok()
}

#[divan::bench(sample_count = 10)]
fn dust2_whole_one_core(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let Some(pool) = one_core() else { return };
    b.bench(|| pool.install(|| generate(&level, &opts).map(|g| g.bytes.len())));
}

#[divan::bench(sample_count = 10)]
fn dust2_whole_all_cores(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    b.bench(|| generate(&level, &opts).map(|g| g.bytes.len()));
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_seeds(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    b.bench(|| find_seeds(&level, &opts.config).map(|s| s.len()));
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_sample_one_core(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let Ok(seeds) = find_seeds(&level, &opts.config) else {
        return;
    };
    let Some(pool) = one_core() else { return };
    b.bench(|| {
        pool.install(|| sample(&level, &seeds, &opts.config, &mut |_| {}).map(|s| s.nodes.len()))
    });
}

/// The rectangles, post-processing and file stages from one fill.
fn dust2_samples() -> Option<(Level, GenerateOptions, Samples)> {
    let level = dust2()?;
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let seeds = find_seeds(&level, &opts.config).ok()?;
    let s = sample(&level, &seeds, &opts.config, &mut |_| {}).ok()?;
    Some((level, opts, s))
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_areas(b: Bencher) {
    let Some((_, opts, s)) = dust2_samples() else {
        return;
    };
    b.bench(|| build_areas(&s, &opts.config).len());
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_post_process(b: Bencher) {
    let Some((level, opts, s)) = dust2_samples() else {
        return;
    };
    let rects = build_areas(&s, &opts.config);
    b.bench(|| {
        post_process(
            &level,
            &s,
            rects.clone(),
            &opts.config,
            &mut Stats::default(),
        )
        .areas
        .len()
    });
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_write(b: Bencher) {
    let Some((level, opts, s)) = dust2_samples() else {
        return;
    };
    let rects = build_areas(&s, &opts.config);
    let mesh = post_process(&level, &s, rects, &opts.config, &mut Stats::default());
    b.bench(|| write(&to_model(&mesh), &opts.build).map(|w| w.1.len()));
}

#[divan::bench(sample_count = 30)]
fn recast_dungeon_everywhere_one_core(b: Bencher) {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    let Ok(obj) = std::fs::read(dir.join("recast_dungeon.obj")) else {
        return;
    };
    let Ok(level) = Level::load(&obj, &LoadOptions::default()) else {
        return;
    };
    let mut opts = GenerateOptions::for_game_scaled(SourceGame::Hl2dm, 1.0 / 39.37);
    opts.config.everywhere = true;
    let Some(pool) = one_core() else { return };
    b.bench(|| pool.install(|| generate(&level, &opts).map(|g| g.bytes.len())));
}
