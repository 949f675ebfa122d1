//! Repeated Source area A* queries on one mesh, for profiling (`perf`, `valgrind --tool=callgrind`):
//! `cargo run --release -p navforge-path --example area_queries -- FILE.nav [ROUNDS] [peer]`;
//! `peer` runs the `pathfinding` crate's A* on the same graph, cost and heuristic instead.
use navforge_core::NavDocument;
use navforge_core::testing::Rng;
use navforge_path::{AreaCost, AreaGraph, AreaSearch};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: area_queries FILE.nav [ROUNDS] [peer]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(50);
    let mesh = navforge_source::SourceNavDocument::read(&std::fs::read(file)?)?.to_model();
    let graph = AreaGraph::from_model(&mesh)?;
    let mut search = AreaSearch::new(&graph);
    let cost = AreaCost::default();
    let mut rng = Rng::new(99);
    let mut pairs = Vec::new();
    while pairs.len() < 200 {
        let (x, y) = (rng.below(graph.len()) as u32, rng.below(graph.len()) as u32);
        if search.corridor(x, y, &cost).is_some_and(|r| r.2) {
            pairs.push((x, y));
        }
    }
    let peer = args.get(3).is_some_and(|a| a == "peer");
    let units = |c: f64| (c * 1e6).round() as u64;
    let t = std::time::Instant::now();
    let mut total = 0.0;
    for _ in 0..rounds {
        for &(x, y) in &pairs {
            if peer {
                let g = &graph;
                total += pathfinding::directed::astar::astar(
                    &x,
                    |&a| {
                        g.edges(a)
                            .map(|(t, base, _)| (t, units(g.enter_cost(t, base, &cost))))
                            .collect::<Vec<_>>()
                    },
                    |&a| units(g.heuristic(a, y)).saturating_sub(1),
                    |&a| a == y,
                )
                .map_or(0.0, |r| r.1 as f64 / 1e6);
            } else {
                total += search.corridor(x, y, &cost).map_or(0.0, |r| r.1);
            }
        }
    }
    let per = t.elapsed().as_secs_f64() / (rounds * pairs.len()) as f64;
    println!(
        "{} areas, {:.1} µs/query (checksum {total:.0})",
        graph.len(),
        per * 1e6
    );
    Ok(())
}
