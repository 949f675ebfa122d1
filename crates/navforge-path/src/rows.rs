//! What the area graph and the node graph build alike: edges in compressed rows, and the scale
//! that keeps a straight-line heuristic admissible.

/// Straight-line distance.
pub(crate) fn d3(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Sorts `edges` by the node they leave and returns where each node's edges start (`n + 1`
/// entries, the last one past the end).
pub(crate) fn rows<E>(edges: &mut [E], n: usize, from: impl Fn(&E) -> u32) -> Vec<u32> {
    edges.sort_by_key(|e| from(e));
    let mut start = vec![0u32; n + 1];
    for e in edges.iter() {
        start[from(e) as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    start
}

/// The least cost per unit of straight distance over every edge, at most 1: the straight
/// distance times it never overestimates a path.
pub(crate) fn heuristic_scale(edges: impl Iterator<Item = (f64, f64)>) -> f64 {
    edges
        .filter(|&(_, straight)| straight > 0.0)
        .fold(1.0, |scale: f64, (cost, straight)| {
            scale.min(cost / straight)
        })
}
