//! Generation speed: de_dust2 whole and per stage (CS 1.6 constants), and Recast's dungeon OBJ
//! with seeds everywhere (C++ Recast builds its navmesh in 24.8 ms, `generation.md` A1).

use divan::Bencher;
use navforge_core::testing::corpus_dir;
use navforge_generate::{
    GenerateOptions, Stats, build_areas, find_seeds, generate, post_process, sample, to_model,
    write,
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

fn single<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

#[divan::bench(sample_count = 10)]
fn dust2_whole_one_core(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    b.bench(|| single(|| generate(&level, &opts).map(|g| g.bytes.len())));
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
    b.bench(|| find_seeds(&level, &opts.seeds).map(|s| s.len()));
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_sample_one_core(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let Ok(seeds) = find_seeds(&level, &opts.seeds) else {
        return;
    };
    b.bench(|| single(|| sample(&level, &seeds, &opts.sample, &mut |_| {}).map(|s| s.nodes.len())));
}

#[divan::bench(sample_count = 10)]
fn dust2_stage_areas_post_write(b: Bencher) {
    let Some(level) = dust2() else { return };
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    let Ok(seeds) = find_seeds(&level, &opts.seeds) else {
        return;
    };
    let Ok(s) = sample(&level, &seeds, &opts.sample, &mut |_| {}) else {
        return;
    };
    b.bench(|| {
        let rects = build_areas(&s, &opts.areas);
        let mesh = post_process(&level, &s, rects, &opts.post, &mut Stats::default());
        write(&to_model(&mesh), &opts.build).map(|w| w.1.len())
    });
}

#[divan::bench(sample_count = 10)]
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
    opts.seeds.everywhere = true;
    b.bench(|| single(|| generate(&level, &opts).map(|g| g.bytes.len())));
}
