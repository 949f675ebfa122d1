//! Quake graph generation speed (issue 16: a Quake map graph in under 1 s): the two corpus
//! level pairs whole, on one core and on all, and hip1m3 (the largest corpus Quake map) stage
//! by stage.

use divan::Bencher;
use navforge_core::testing::corpus_dir;
use navforge_level::Level;
use navforge_quake_graph::{
    self as graph, Motion, NodeHeight, QuakeGraphOptions, edict_numbers, fill, find_seeds,
    generate_graph, link_nodes, load_options, place_nodes, plan_entities, to_nav2,
};

fn main() {
    divan::main();
}

fn map(name: &str) -> Option<Level> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join(format!("{name}.bsp"))).ok()?;
    Level::load(&bsp, &load_options()).ok()
}

fn single<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

#[divan::bench(args = ["quake_hipnotic_dm1", "quake_hipnotic_hip1m3"], sample_count = 10)]
fn whole_all_cores(b: Bencher, name: &str) {
    let Some(level) = map(name) else { return };
    let opts = QuakeGraphOptions::for_level(&level);
    b.bench(|| generate_graph(&level, &opts).map(|g| g.bytes.len()));
}

#[divan::bench(args = ["quake_hipnotic_dm1", "quake_hipnotic_hip1m3"], sample_count = 10)]
fn whole_one_core(b: Bencher, name: &str) {
    let Some(level) = map(name) else { return };
    let opts = QuakeGraphOptions::for_level(&level);
    b.bench(|| single(|| generate_graph(&level, &opts).map(|g| g.bytes.len())));
}

#[divan::bench(sample_count = 10)]
fn load_hip1m3(b: Bencher) {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let Ok(bsp) = std::fs::read(dir.join("quake_hipnotic_hip1m3.bsp")) else {
        return;
    };
    b.bench(|| Level::load(&bsp, &load_options()).map(|l| l.counts().faces));
}

/// Everything the stages need, computed once.
struct Staged {
    level: Level,
    opts: QuakeGraphOptions,
}

fn hip1m3() -> Option<Staged> {
    let level = map("quake_hipnotic_hip1m3")?;
    let opts = QuakeGraphOptions::for_level(&level);
    Some(Staged { level, opts })
}

#[divan::bench(sample_count = 10)]
fn stage_entities_and_seeds(b: Bencher) {
    let Some(s) = hip1m3() else { return };
    b.bench(|| {
        let m = Motion::new(&s.level, s.opts.physics);
        let plan = plan_entities(&m, &s.opts.entities);
        let m = m.avoiding(&plan.avoid);
        find_seeds(&s.level, &m, &s.opts.seeds).len() + plan.jumpers.len()
    });
}

#[divan::bench(sample_count = 10)]
fn stage_fill_one_core(b: Bencher) {
    let Some(s) = hip1m3() else { return };
    let plain = Motion::new(&s.level, s.opts.physics);
    let plan = plan_entities(&plain, &s.opts.entities);
    let m = plain.avoiding(&plan.avoid);
    let mut starts: Vec<_> = find_seeds(&s.level, &m, &s.opts.seeds)
        .iter()
        .map(|x| x.stand)
        .collect();
    starts.extend(plan.seeds());
    b.bench(|| single(|| fill(&m, &starts, &s.opts.fill, &mut |_| {}).map(|w| w.samples.len())));
}

#[divan::bench(sample_count = 10)]
fn stage_nodes_and_links_one_core(b: Bencher) {
    let Some(s) = hip1m3() else { return };
    let plain = Motion::new(&s.level, s.opts.physics);
    let plan = plan_entities(&plain, &s.opts.entities);
    let m = plain.avoiding(&plan.avoid);
    let seeds = find_seeds(&s.level, &m, &s.opts.seeds);
    let mut starts: Vec<_> = seeds.iter().map(|x| x.stand).collect();
    starts.extend(plan.seeds());
    let Ok(walk) = fill(&m, &starts, &s.opts.fill, &mut |_| {}) else {
        return;
    };
    let anchors = plan.anchors(s.opts.nodes.trigger_radius);
    b.bench(|| {
        single(|| {
            let mut nodes = place_nodes(&walk, &anchors, &seeds, &s.opts.nodes);
            link_nodes(&m, &walk, &plan, &mut nodes, &s.opts).0.len()
        })
    });
}

#[divan::bench(sample_count = 10)]
fn stage_write(b: Bencher) {
    let Some(s) = hip1m3() else { return };
    let Ok(out) = generate_graph(&s.level, &s.opts) else {
        return;
    };
    let ids = edict_numbers(s.level.entities(), &s.opts.entities);
    let height = NodeHeight::new(s.opts.physics.hull.mins.z, s.opts.nodes.floor_offset);
    b.bench(|| {
        to_nav2(&out.nodes, &out.links, &ids, height, 18)
            .and_then(|d| {
                navforge_core::NavDocument::write(&d)
                    .map_err(|e| graph::GraphError::Write(e.to_string()))
            })
            .map(|b| b.len())
    });
}
