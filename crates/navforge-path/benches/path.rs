//! Side-by-side path benchmarks on the corpus (skipped with a message when it is absent):
//! any-angle on aurora-merged against the `polyanya` crate, Source-area A* on the largest Source
//! mesh against `pathfinding`'s A* on the same graph and cost, octile A* on den520d against
//! `pathfinding`'s A* on the same grid rules; any-angle on the Moving AI maps as rectangles (no
//! peer reads grids as meshes). Each benchmark runs a fixed batch of queries; divide by the
//! batch size (the `items` counter shows the rate).

mod common;

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_dir};
use navforge_path::{
    AnyAngle, AreaCost, AreaGraph, AreaSearch, Grid, GridSearch, Locator, PolyMesh, Scenario,
    parse_scenarios,
};

fn main() {
    divan::main();
}

const BATCH: usize = 200;

struct Aurora {
    ours: PolyMesh,
    theirs: polyanya::Mesh,
    queries: Vec<([f64; 2], [f64; 2])>,
}

fn aurora() -> Option<&'static Aurora> {
    static A: OnceLock<Option<Aurora>> = OnceLock::new();
    A.get_or_init(|| {
        let dir = corpus_dir("pathfinding/polyanya")?;
        let text = std::fs::read_to_string(dir.join("aurora-merged.mesh")).ok()?;
        let scen = parse_scenarios(&std::fs::read_to_string(dir.join("aurora.scen")).ok()?).ok()?;
        let step = (scen.len() / BATCH).max(1);
        Some(Aurora {
            ours: PolyMesh::parse_mesh(&text).ok()?,
            theirs: polyanya::PolyanyaFile::from_bytes(text.as_bytes())
                .try_into()
                .ok()?,
            queries: scen
                .iter()
                .step_by(step)
                .take(BATCH)
                .map(|s| {
                    (
                        [s.start.0 as f64, s.start.1 as f64],
                        [s.goal.0 as f64, s.goal.1 as f64],
                    )
                })
                .collect(),
        })
    })
    .as_ref()
}

#[divan::bench(sample_count = 10)]
fn any_angle_aurora_merged_navforge(b: Bencher) {
    let Some(a) = aurora() else { return };
    let locator = Locator::new(&a.ours);
    let located: Vec<_> = a
        .queries
        .iter()
        .map(|&(s, t)| {
            (
                s,
                locator.polygons_at(&a.ours, s),
                t,
                locator.polygons_at(&a.ours, t),
            )
        })
        .collect();
    let mut search = AnyAngle::new(&a.ours);
    b.counter(ItemsCount::new(located.len())).bench_local(|| {
        for (s, sp, t, tp) in &located {
            divan::black_box(search.path_between(*s, sp, *t, tp));
        }
    });
}

/// The fast mode on the same mesh and queries: polygon A* and the funnel.
#[divan::bench(sample_count = 10)]
fn corridor_aurora_merged_navforge(b: Bencher) {
    let Some(a) = aurora() else { return };
    let locator = Locator::new(&a.ours);
    let located: Vec<_> = (a.queries.iter())
        .filter_map(|&(s, t)| {
            Some((
                s,
                locator.polygons_at(&a.ours, s).first().copied()?,
                t,
                locator.polygons_at(&a.ours, t).first().copied()?,
            ))
        })
        .collect();
    let mut search = navforge_path::Corridor::new(&a.ours);
    b.counter(ItemsCount::new(located.len())).bench_local(|| {
        for &(s, sp, t, tp) in &located {
            divan::black_box(search.path(s, sp, t, tp));
        }
    });
}

/// Graph A* on the largest Quake bot graph of the corpus, between random node pairs.
#[divan::bench(sample_count = 10)]
fn graph_quake_largest_navforge(b: Bencher) {
    /// The graph and the node pairs to query.
    type Queries = (navforge_path::NodeGraph, Vec<(u32, u32)>);
    static G: OnceLock<Option<Queries>> = OnceLock::new();
    let Some((graph, pairs)) = G
        .get_or_init(|| {
            let files = navforge_core::testing::corpus_files("quake-nav", ".nav")?;
            let largest = files
                .iter()
                .max_by_key(|f| std::fs::metadata(f).map_or(0, |m| m.len()))?;
            let doc = navforge_quake::QuakeNavDocument::read(&std::fs::read(largest).ok()?).ok()?;
            let graph = navforge_path::NodeGraph::from_model(&doc.to_model()).ok()?;
            let mut rng = Rng::new(5);
            let n = graph.len();
            let pairs = (0..BATCH)
                .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
                .collect();
            Some((graph, pairs))
        })
        .as_ref()
    else {
        return;
    };
    let mut search = navforge_path::GraphSearch::new(graph);
    b.counter(ItemsCount::new(pairs.len())).bench_local(|| {
        for &(x, y) in pairs {
            divan::black_box(search.path(x, y));
        }
    });
}

#[divan::bench(sample_count = 10)]
fn any_angle_aurora_merged_polyanya_crate(b: Bencher) {
    let Some(a) = aurora() else { return };
    let q: Vec<_> = a
        .queries
        .iter()
        .map(|&(s, t)| {
            (
                glam::Vec2::new(s[0] as f32, s[1] as f32),
                glam::Vec2::new(t[0] as f32, t[1] as f32),
            )
        })
        .collect();
    b.counter(ItemsCount::new(q.len())).bench_local(|| {
        for (s, t) in &q {
            divan::black_box(a.theirs.path(*s, *t));
        }
    });
}

struct Source {
    graph: AreaGraph,
    pairs: Vec<(u32, u32)>,
}

fn source() -> Option<&'static Source> {
    static S: OnceLock<Option<Source>> = OnceLock::new();
    S.get_or_init(|| {
        let dir = corpus_dir("source-nav")?;
        let bytes = std::fs::read(dir.join("l4d2_c10m4_mainstreet.nav")).ok()?;
        let mesh = navforge_source::SourceNavDocument::read(&bytes)
            .ok()?
            .to_model();
        let graph = AreaGraph::from_model(&mesh).ok()?;
        let pairs = common::reachable_pairs(&graph, BATCH);
        Some(Source { graph, pairs })
    })
    .as_ref()
}

#[divan::bench(sample_count = 10)]
fn source_areas_l4d2_mainstreet_navforge(b: Bencher) {
    let Some(s) = source() else { return };
    let cost = AreaCost::default();
    let mut search = AreaSearch::new(&s.graph);
    b.counter(ItemsCount::new(s.pairs.len())).bench_local(|| {
        for &(x, y) in &s.pairs {
            divan::black_box(search.corridor(x, y, &cost));
        }
    });
}

#[divan::bench(sample_count = 10)]
fn source_areas_l4d2_mainstreet_pathfinding_crate(b: Bencher) {
    let Some(s) = source() else { return };
    let cost = AreaCost::default();
    b.counter(ItemsCount::new(s.pairs.len())).bench_local(|| {
        for &(x, y) in &s.pairs {
            divan::black_box(common::peer_cost(&s.graph, x, y, &cost));
        }
    });
}

struct Den {
    grid: Grid,
    scen: Vec<Scenario>,
}

fn den() -> Option<&'static Den> {
    static D: OnceLock<Option<Den>> = OnceLock::new();
    D.get_or_init(|| {
        let dir = corpus_dir("pathfinding/movingai")?;
        let grid = Grid::parse(&std::fs::read_to_string(dir.join("den520d.map")).ok()?).ok()?;
        let scen =
            parse_scenarios(&std::fs::read_to_string(dir.join("den520d.map.scen")).ok()?).ok()?;
        let step = (scen.len() / BATCH).max(1);
        Some(Den {
            grid,
            scen: scen.into_iter().step_by(step).take(BATCH).collect(),
        })
    })
    .as_ref()
}

#[divan::bench(sample_count = 10)]
fn octile_den520d_navforge(b: Bencher) {
    let Some(d) = den() else { return };
    let mut search = GridSearch::new(&d.grid);
    b.counter(ItemsCount::new(d.scen.len())).bench_local(|| {
        for s in &d.scen {
            divan::black_box(search.length(s.start, s.goal).ok());
        }
    });
}

#[divan::bench(sample_count = 10)]
fn octile_den520d_pathfinding_crate(b: Bencher) {
    let Some(d) = den() else { return };
    let grid = &d.grid;
    // Octile costs in fixed point: 1 = 10_000, √2 = 14_142.
    const ORTH: u64 = 10_000;
    const DIAG: u64 = 14_142;
    let free = |x: i64, y: i64| grid.is_free(x, y);
    b.counter(ItemsCount::new(d.scen.len())).bench_local(|| {
        for s in &d.scen {
            let goal = (s.goal.0 as i64, s.goal.1 as i64);
            divan::black_box(pathfinding::directed::astar::astar(
                &(s.start.0 as i64, s.start.1 as i64),
                |&(x, y)| {
                    let mut out = Vec::with_capacity(8);
                    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        if free(x + dx, y + dy) {
                            out.push(((x + dx, y + dy), ORTH));
                        }
                    }
                    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if free(x + dx, y + dy) && free(x + dx, y) && free(x, y + dy) {
                            out.push(((x + dx, y + dy), DIAG));
                        }
                    }
                    out
                },
                |&(x, y)| {
                    let (dx, dy) = (x.abs_diff(goal.0), y.abs_diff(goal.1));
                    let (lo, hi) = (dx.min(dy), dx.max(dy));
                    (hi - lo) * ORTH + lo * DIAG
                },
                |&p| p == goal,
            ));
        }
    });
}

/// Scenario queries on a grid map loaded as rectangles, between cell centres.
fn grid_rectangles(b: Bencher, map: &str, queries: usize) {
    let Some(dir) = corpus_dir("pathfinding/movingai") else {
        return;
    };
    let (Ok(text), Ok(scen)) = (
        std::fs::read_to_string(dir.join(map)),
        std::fs::read_to_string(dir.join(format!("{map}.scen"))),
    ) else {
        return;
    };
    let (Ok(grid), Ok(scen)) = (Grid::parse(&text), parse_scenarios(&scen)) else {
        return;
    };
    let mesh = PolyMesh::from_grid(&grid);
    let locator = Locator::new(&mesh);
    let step = (scen.len() / queries).max(1);
    let located: Vec<_> = scen
        .iter()
        .step_by(step)
        .take(queries)
        .map(|s| {
            let a = [s.start.0 as f64 + 0.5, s.start.1 as f64 + 0.5];
            let t = [s.goal.0 as f64 + 0.5, s.goal.1 as f64 + 0.5];
            (
                a,
                locator.polygons_at(&mesh, a),
                t,
                locator.polygons_at(&mesh, t),
            )
        })
        .collect();
    let mut search = AnyAngle::new(&mesh);
    b.counter(ItemsCount::new(located.len())).bench_local(|| {
        for (s, sp, t, tp) in &located {
            divan::black_box(search.path_between(*s, sp, *t, tp));
        }
    });
}

#[divan::bench(sample_count = 10)]
fn any_angle_den520d_rectangles(b: Bencher) {
    grid_rectangles(b, "den520d.map", BATCH);
}

#[divan::bench(sample_count = 5)]
fn any_angle_aurora_map_rectangles(b: Bencher) {
    grid_rectangles(b, "Aurora.map", 50);
}
