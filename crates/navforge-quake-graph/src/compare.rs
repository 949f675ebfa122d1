//! How well a generated waypoint graph matches the game's own for the same map, computed as
//! `shared/tools/graph_compare.py` does (issue 16's measure), down to its random pairs:
//!
//! - **node recall**: the share of the game's nodes with a generated node within 64 units;
//! - **paths found**: for up to 1,000 pairs of the game's nodes that the game's graph connects
//!   (50 sources, 20 targets each, drawn with Python's Mersenne Twister seeded 20261123, the
//!   targets in the order Python's Dijkstra first reaches them), both ends snapped to the
//!   nearest generated node: the share our graph also connects;
//! - **median length ratio**: of our path (plus both snapping distances) to the game's.
//!
//! Both graphs are read as the OBJ export has them: the model's nodes in order, one directed
//! edge per model link. Distances are computed as Python's `math.dist` does (correctly
//! rounded), so ties fall the same way.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use navforge_core::model::NavMesh;

/// The figures.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct GraphAgreement {
    /// Share of the reference's nodes with a generated node within the radius.
    pub node_recall: f64,
    /// Share of connected reference pairs our graph also connects.
    pub paths_found: f64,
    /// Median of our path length (plus snapping) over the reference's.
    pub median_ratio: f64,
    /// Pairs tried.
    pub pairs: usize,
    /// Reference nodes.
    pub reference_nodes: usize,
    /// Generated nodes.
    pub generated_nodes: usize,
}

impl std::fmt::Display for GraphAgreement {
    /// The script's own line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "node recall {:.3} paths found {:.3} median length ratio {:.3} nodes {}/{}",
            self.node_recall,
            self.paths_found,
            self.median_ratio,
            self.reference_nodes,
            self.generated_nodes
        )
    }
}

/// A graph as the script reads it.
struct Graph {
    points: Vec<[f64; 3]>,
    adj: Vec<Vec<usize>>,
}

impl Graph {
    fn of(mesh: &NavMesh) -> Graph {
        // The OBJ export writes area corners first; graphs have none, but count them anyway.
        let corners: usize = mesh.areas.iter().map(|a| a.polygon.len()).sum();
        let mut points: Vec<[f64; 3]> = mesh
            .areas
            .iter()
            .flat_map(|a| a.polygon.iter())
            .map(|p| p.map(f64::from))
            .collect();
        let index: HashMap<u64, usize> = mesh
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, corners + i))
            .collect();
        points.extend(mesh.nodes.iter().map(|n| n.position.map(f64::from)));
        let mut adj = vec![Vec::new(); points.len()];
        for l in &mesh.links {
            if let (Some(&a), Some(&b)) = (index.get(&l.from), index.get(&l.to)) {
                adj[a].push(b);
            }
        }
        Graph { points, adj }
    }

    fn dist(&self, a: usize, b: usize) -> f64 {
        math_dist(self.points[a], self.points[b])
    }

    /// Distances from `s`, with nodes in the order the script's dict gets them.
    fn dijkstra(&self, s: usize) -> (Vec<usize>, HashMap<usize, f64>) {
        let mut order = vec![s];
        let mut dist = HashMap::from([(s, 0.0f64)]);
        let mut heap = BinaryHeap::from([Reverse((Key(0.0), s))]);
        while let Some(Reverse((Key(d), u))) = heap.pop() {
            if d > dist[&u] {
                continue;
            }
            for &v in &self.adj[u] {
                let nd = d + self.dist(u, v);
                match dist.get(&v) {
                    Some(&old) if nd >= old => {}
                    old => {
                        if old.is_none() {
                            order.push(v);
                        }
                        dist.insert(v, nd);
                        heap.push(Reverse((Key(nd), v)));
                    }
                }
            }
        }
        (order, dist)
    }
}

/// An `f64` that orders (the script's heap entries are never NaN).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Key(f64);
impl Eq for Key {}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Key {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// Compare `generated` with `reference` as the script does (radius 64, 1,000 pairs).
pub fn graph_agreement(reference: &NavMesh, generated: &NavMesh) -> GraphAgreement {
    graph_agreement_with(reference, generated, 64.0, 1000)
}

/// [`graph_agreement`] with the script's `--radius` and `--pairs`.
pub fn graph_agreement_with(
    reference: &NavMesh,
    generated: &NavMesh,
    radius: f64,
    pairs: usize,
) -> GraphAgreement {
    let r = Graph::of(reference);
    let g = Graph::of(generated);
    let (rn, gn) = (r.points.len(), g.points.len());
    let recall = if rn == 0 {
        0.0
    } else {
        let hits = r
            .points
            .iter()
            .filter(|p| g.points.iter().any(|q| math_dist(**p, *q) <= radius))
            .count();
        hits as f64 / rn as f64
    };
    let mut rng = PyRandom::new(20261123);
    let snap: Vec<Option<usize>> = r
        .points
        .iter()
        .map(|p| {
            let mut best: Option<(f64, usize)> = None;
            for (i, q) in g.points.iter().enumerate() {
                let d = math_dist(*q, *p);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, i));
                }
            }
            best.map(|b| b.1)
        })
        .collect();
    let (mut found, mut tried) = (0usize, 0usize);
    let mut ratios = Vec::new();
    let sources = rng.sample(&(0..rn).collect::<Vec<_>>(), rn.min((pairs / 20).max(1)));
    for s in sources {
        let (order, rd) = r.dijkstra(s);
        let targets: Vec<usize> = order.into_iter().filter(|&t| t != s).collect();
        if targets.is_empty() {
            continue;
        }
        let gd = match (gn > 0, snap[s]) {
            (true, Some(ss)) => g.dijkstra(ss).1,
            _ => HashMap::new(),
        };
        for t in rng.sample(&targets, targets.len().min(20)) {
            tried += 1;
            let Some(st) = snap[t] else { continue };
            if let Some(&gl) = gd.get(&st) {
                found += 1;
                let ss = snap[s].unwrap_or(0);
                let extra =
                    math_dist(r.points[s], g.points[ss]) + math_dist(r.points[t], g.points[st]);
                if rd[&t] > 0.0 {
                    ratios.push((gl + extra) / rd[&t]);
                }
            }
        }
    }
    ratios.sort_by(f64::total_cmp);
    GraphAgreement {
        node_recall: recall,
        paths_found: if tried > 0 {
            found as f64 / tried as f64
        } else {
            0.0
        },
        median_ratio: ratios.get(ratios.len() / 2).copied().unwrap_or(0.0),
        pairs: tried,
        reference_nodes: rn,
        generated_nodes: gn,
    }
}

/// Python's `math.dist` in three dimensions: the correctly rounded length (CPython's
/// `vector_norm`: exact squares, a compensated sum, one Newton correction).
pub fn math_dist(p: [f64; 3], q: [f64; 3]) -> f64 {
    let v = [
        (p[0] - q[0]).abs(),
        (p[1] - q[1]).abs(),
        (p[2] - q[2]).abs(),
    ];
    let max = v[0].max(v[1]).max(v[2]);
    if !max.is_finite() || max == 0.0 {
        return max;
    }
    // Scale by a power of two so the largest lies in [0.5, 1).
    let e = max.log2().floor() as i32 + 1;
    let scale = 2f64.powi(-e);
    let (mut csum, mut frac1, mut frac2) = (1.0f64, 0.0f64, 0.0f64);
    for x in v {
        let x = x * scale;
        let hi = x * x;
        let lo = x.mul_add(x, -hi);
        let sum = csum + hi;
        frac2 += (csum - sum) + hi;
        csum = sum;
        frac1 += lo;
    }
    let mut h = (csum - 1.0 + (frac1 + frac2)).sqrt();
    let hi = -h * h;
    let lo = (-h).mul_add(h, -hi);
    let sum = csum + hi;
    frac2 += (csum - sum) + hi;
    csum = sum;
    frac1 += lo;
    let x = csum - 1.0 + (frac1 + frac2);
    h += x / (2.0 * h);
    h / scale
}

/// Python's `random.Random(seed)` as far as `sample` needs: MT19937 seeded by
/// `init_by_array`, `getrandbits`, `_randbelow` and `sample`'s two methods.
pub struct PyRandom {
    mt: [u32; 624],
    index: usize,
}

impl PyRandom {
    /// Seeded as `random.Random(seed)` is for a non-negative integer below 2³².
    pub fn new(seed: u32) -> Self {
        let mut r = PyRandom {
            mt: [0; 624],
            index: 624,
        };
        r.init_genrand(19650218);
        let key = [seed];
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let prev = r.mt[i - 1] ^ (r.mt[i - 1] >> 30);
            r.mt[i] = (r.mt[i] ^ prev.wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                r.mt[0] = r.mt[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let prev = r.mt[i - 1] ^ (r.mt[i - 1] >> 30);
            r.mt[i] = (r.mt[i] ^ prev.wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                r.mt[0] = r.mt[623];
                i = 1;
            }
        }
        r.mt[0] = 0x8000_0000;
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..624 {
            let prev = self.mt[i - 1] ^ (self.mt[i - 1] >> 30);
            self.mt[i] = 1812433253u32.wrapping_mul(prev).wrapping_add(i as u32);
        }
        self.index = 624;
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for k in 0..624 {
                let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % 624] & 0x7fff_ffff);
                let mut v = self.mt[(k + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.mt[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)` for `k` ≤ 32.
    fn bits(&mut self, k: u32) -> u64 {
        if k == 0 {
            return 0;
        }
        u64::from(self.next_u32() >> (32 - k))
    }

    /// `_randbelow(n)`: rejection sampling on `n.bit_length()` bits.
    fn below(&mut self, n: usize) -> usize {
        let k = usize::BITS - n.leading_zeros();
        loop {
            let r = self.bits(k) as usize;
            if r < n {
                return r;
            }
        }
    }

    /// `sample(population, k)`.
    pub fn sample<T: Copy>(&mut self, population: &[T], k: usize) -> Vec<T> {
        let n = population.len();
        let k = k.min(n);
        let mut setsize = 21usize;
        if k > 5 {
            let e = ((k as f64 * 3.0).ln() / 4f64.ln()).ceil() as u32;
            setsize += 4usize.pow(e);
        }
        let mut out = Vec::with_capacity(k);
        if n <= setsize {
            let mut pool = population.to_vec();
            for i in 0..k {
                let j = self.below(n - i);
                out.push(pool[j]);
                pool[j] = pool[n - i - 1];
            }
        } else {
            let mut selected = HashSet::new();
            for _ in 0..k {
                let mut j = self.below(n);
                while selected.contains(&j) {
                    j = self.below(n);
                }
                selected.insert(j);
                out.push(population[j]);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values printed by CPython 3.11 (`random.Random(seed).getrandbits(32)`, `.sample(...)`,
    /// `math.dist(...)`).
    #[test]
    fn random_matches_python() {
        assert_eq!(PyRandom::new(5489).next_u32(), 3382763572);
        let mut r = PyRandom::new(20261123);
        assert_eq!([r.next_u32(), r.next_u32()], [3242042762, 2472729180]);
        let mut r = PyRandom::new(20261123);
        let range = |n: usize| (0..n).collect::<Vec<_>>();
        assert_eq!(
            r.sample(&range(100), 10),
            [96, 73, 83, 63, 20, 22, 71, 11, 69, 48]
        );
        assert_eq!(
            r.sample(&range(1000), 50)[..8],
            [397, 753, 190, 30, 670, 75, 103, 434]
        );
        assert_eq!(
            r.sample(&range(30), 20),
            [
                13, 12, 23, 1, 17, 16, 20, 24, 8, 9, 27, 4, 26, 10, 28, 7, 22, 15, 11, 3
            ]
        );
    }

    #[test]
    fn math_dist_matches_python() {
        assert_eq!(math_dist([0.0, 0.0, 0.0], [3.0, 4.0, 12.0]), 13.0);
        assert_eq!(math_dist([1.0, 1.0, 1.0], [1.0, 1.0, 1.0]), 0.0);
        assert_eq!(
            math_dist([0.1, 0.2, 0.3], [1.7, -2.9, 11.3]),
            11.539930675701653
        );
        assert_eq!(
            math_dist([1e-3, 2.5, 7.25], [3.3, 3.3, 3.3]),
            5.208253162049633
        );
    }
}
