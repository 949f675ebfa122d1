//! What the area and node graphs build alike: compressed adjacency rows, the scale that keeps a
//! straight-line heuristic admissible, and the locality order the area search numbers its areas
//! in.

/// Straight-line distance.
pub(crate) fn d3(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The least cost per unit of straight distance over `(cost, straight distance)` edges, at most
/// 1: the straight distance times it never overestimates a path.
pub(crate) fn heuristic_scale(edges: impl Iterator<Item = (f64, f64)>) -> f64 {
    edges
        .filter(|&(_, straight)| straight > 0.0)
        .fold(1.0, |scale: f64, (cost, straight)| {
            scale.min(cost / straight)
        })
}

/// Row starts of edges sorted by source: the edges of node `a` are `starts[a]..starts[a + 1]`.
pub(crate) fn row_starts(n: usize, sources: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut start = vec![0u32; n + 1];
    for s in sources {
        start[s as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    start
}

/// A breadth-first order of `n` nodes over the undirected view of `edges`, each component
/// started from its first node: neighbours get nearby numbers, so a search's per-node records
/// and edge rows share cache lines. `order[new] = old`.
pub(crate) fn breadth_first_order(n: usize, edges: &[(u32, u32)]) -> Vec<u32> {
    let mut both: Vec<(u32, u32)> = Vec::with_capacity(edges.len() * 2);
    for &(a, b) in edges {
        both.push((a, b));
        both.push((b, a));
    }
    both.sort_unstable();
    both.dedup();
    let start = row_starts(n, both.iter().map(|e| e.0));
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if placed[root] {
            continue;
        }
        placed[root] = true;
        let mut head = order.len();
        order.push(root as u32);
        while head < order.len() {
            let a = order[head] as usize;
            head += 1;
            for &(_, b) in &both[start[a] as usize..start[a + 1] as usize] {
                if !placed[b as usize] {
                    placed[b as usize] = true;
                    order.push(b);
                }
            }
        }
    }
    order
}
