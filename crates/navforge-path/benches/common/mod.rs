//! What the area benchmark and the `area_queries` profiling example share: the query pairs and
//! the peer search they measure ours against.

use navforge_core::testing::Rng;
use navforge_path::{AreaCost, AreaGraph, AreaSearch};

/// `n` pairs of areas the search connects (so every query does a full search), drawn with a
/// fixed seed.
pub fn reachable_pairs(graph: &AreaGraph, n: usize) -> Vec<(u32, u32)> {
    let mut search = AreaSearch::new(graph);
    let mut rng = Rng::new(99);
    let mut pairs = Vec::new();
    while pairs.len() < n {
        let (x, y) = (rng.below(graph.len()) as u32, rng.below(graph.len()) as u32);
        if search
            .corridor(x, y, &AreaCost::default())
            .is_some_and(|r| r.2)
        {
            pairs.push((x, y));
        }
    }
    pairs
}

/// The `pathfinding` crate's A* from area `x` to `y` with our cost and heuristic, in integer
/// micro-units (the crate needs an `Ord` cost): the path's cost, `None` when unreachable.
pub fn peer_cost(g: &AreaGraph, x: u32, y: u32, cost: &AreaCost) -> Option<f64> {
    let units = |c: f64| (c * 1e6).round() as u64;
    pathfinding::directed::astar::astar(
        &x,
        |&a| {
            g.edges(a)
                .map(|(t, base, _)| (t, units(g.enter_cost(t, base, cost))))
                .collect::<Vec<_>>()
        },
        |&a| units(g.heuristic(a, y)).saturating_sub(1),
        |&a| a == y,
    )
    .map(|r| r.1 as f64 / 1e6)
}
