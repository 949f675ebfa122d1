//! Repeated Source area A* queries on one mesh, for profiling (`perf`, `valgrind --tool=callgrind`):
//! `cargo run --release -p navforge-path --example area_queries -- FILE.nav [ROUNDS] [peer]`;
//! `peer` runs the `pathfinding` crate's A* on the same graph, cost and heuristic instead.
#[path = "../benches/common/mod.rs"]
mod common;

use navforge_core::NavDocument;
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
    let pairs = common::reachable_pairs(&graph, 200);
    let peer = args.get(3).is_some_and(|a| a == "peer");
    let t = std::time::Instant::now();
    let mut total = 0.0;
    for _ in 0..rounds {
        for &(x, y) in &pairs {
            total += if peer {
                common::peer_cost(&graph, x, y, &cost)
            } else {
                search.corridor(x, y, &cost).map(|r| r.1)
            }
            .unwrap_or(0.0);
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
