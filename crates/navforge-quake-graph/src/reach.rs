//! What the level connects that a graph does not: the diagnostic behind `navforge check --level
//! MAP.bsp GRAPH.nav` for Quake graphs.
//!
//! The level's connections are the moves the generator travelled (its graph for the same map:
//! walks, drops, jumps, teleports, pushes and rides, each simulated with the player's own
//! physics). Each of those links is looked up in the graph being checked: both ends snapped to
//! the graph's nearest node within a radius, the link is kept when the graph has a path from
//! the one to the other. What is left is reported once per pair of graph nodes (or, where no
//! graph node is near an end, per region of the level no graph node is near), the shortest
//! move of each.

use std::collections::{BTreeMap, HashMap, VecDeque};

use navforge_core::model::{ConnectionKind, NavMesh};

/// A place the level connects to another that the graph being checked does not.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct UnconnectedPlaces {
    /// Where the move starts (a node position, in the file's coordinates).
    pub from: [f32; 3],
    /// Where it ends.
    pub to: [f32; 3],
    /// How the level connects them (the generator's link type).
    pub kind: ConnectionKind,
    /// The graph's node nearest `from` within the radius (`None`: no node near).
    pub graph_from: Option<u64>,
    /// The graph's node nearest `to` within the radius.
    pub graph_to: Option<u64>,
}

impl std::fmt::Display for UnconnectedPlaces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = |p: [f32; 3]| format!("{:.0} {:.0} {:.0}", p[0], p[1], p[2]);
        let n = |n: Option<u64>| n.map_or("no node near".to_string(), |n| format!("node {n}"));
        write!(
            f,
            "{} -> {} by {} ({} -> {})",
            p(self.from),
            p(self.to),
            self.kind.name(),
            n(self.graph_from),
            n(self.graph_to)
        )
    }
}

/// A graph as ids, positions and adjacency by index.
struct Indexed<'a> {
    mesh: &'a NavMesh,
    index: HashMap<u64, usize>,
    adj: Vec<Vec<usize>>,
}

impl<'a> Indexed<'a> {
    fn of(mesh: &'a NavMesh) -> Self {
        let index: HashMap<u64, usize> = mesh
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, i))
            .collect();
        let mut adj = vec![Vec::new(); mesh.nodes.len()];
        for l in &mesh.links {
            if let (Some(&a), Some(&b)) = (index.get(&l.from), index.get(&l.to)) {
                adj[a].push(b);
            }
        }
        Indexed { mesh, index, adj }
    }

    fn pos(&self, i: usize) -> [f32; 3] {
        self.mesh.nodes[i].position
    }
}

fn dist2(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|k| (a[k] - b[k]) * (a[k] - b[k])).sum()
}

/// Every pair of places `level` (the generator's graph for the map, as a model) connects that
/// `graph` does not: one move per pair of ends, an end being a strongly connected part of the
/// graph (where a graph node is near) or a region of the level no graph node is near (moves
/// within such a region are not listed); ordered by position. `radius`: how far a graph node may be from a place to stand for it (the
/// measure's 64 units is a good choice).
pub fn unconnected_places(level: &NavMesh, graph: &NavMesh, radius: f32) -> Vec<UnconnectedPlaces> {
    let ours = Indexed::of(level);
    let theirs = Indexed::of(graph);
    let r2 = radius * radius;
    // Each of our nodes to the graph's nearest within the radius (a 64-unit grid of theirs).
    let cell = radius.max(1.0);
    let key = |p: [f32; 3]| p.map(|c| (c / cell).floor() as i64);
    let mut grid: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
    for i in 0..theirs.mesh.nodes.len() {
        grid.entry(key(theirs.pos(i))).or_default().push(i);
    }
    let snap: Vec<Option<usize>> = (0..ours.mesh.nodes.len())
        .map(|i| {
            let p = ours.pos(i);
            let k = key(p);
            let mut best: Option<(f32, usize)> = None;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for dz in -1..=1 {
                        let Some(cands) = grid.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) else {
                            continue;
                        };
                        for &j in cands {
                            let d = dist2(p, theirs.pos(j));
                            if d <= r2 && best.is_none_or(|b| d < b.0) {
                                best = Some((d, j));
                            }
                        }
                    }
                }
            }
            best.map(|b| b.1)
        })
        .collect();
    // Which graph nodes each graph node reaches, found on demand.
    let mut reach: HashMap<usize, Vec<bool>> = HashMap::new();
    let mut reaches = |a: usize, b: usize| -> bool {
        let seen = reach.entry(a).or_insert_with(|| {
            let mut seen = vec![false; theirs.adj.len()];
            let mut queue = VecDeque::from([a]);
            seen[a] = true;
            while let Some(u) = queue.pop_front() {
                for &v in &theirs.adj[u] {
                    if !std::mem::replace(&mut seen[v], true) {
                        queue.push_back(v);
                    }
                }
            }
            seen
        });
        seen[b]
    };
    // One report per pair of ends: a strongly connected part of the graph, or a region of
    // ours no graph node is near (moves inside such a region are not listed: its edge is).
    let scc = components(&theirs.adj);
    let index = &ours.index;
    let mut region: Vec<usize> = (0..snap.len()).collect();
    fn root(region: &mut [usize], mut i: usize) -> usize {
        while region[i] != i {
            region[i] = region[region[i]];
            i = region[i];
        }
        i
    }
    for l in &level.links {
        if let (Some(&u), Some(&v)) = (index.get(&l.from), index.get(&l.to))
            && snap[u].is_none()
            && snap[v].is_none()
        {
            let (a, b) = (root(&mut region, u), root(&mut region, v));
            region[a.max(b)] = a.min(b);
        }
    }
    type End = Result<usize, usize>;
    let mut cut: BTreeMap<(End, End), (f32, UnconnectedPlaces)> = BTreeMap::new();
    for l in &level.links {
        let (Some(&u), Some(&v)) = (index.get(&l.from), index.get(&l.to)) else {
            continue;
        };
        let (a, b) = (snap[u], snap[v]);
        match (a, b) {
            (None, None) => continue,
            (Some(a), Some(b)) if a == b || scc[a] == scc[b] || reaches(a, b) => continue,
            _ => {}
        }
        let mut end = |s: Option<usize>, ours: usize| match s {
            Some(j) => Ok(scc[j]),
            None => Err(root(&mut region, ours)),
        };
        let key = (end(a, u), end(b, v));
        let length = dist2(ours.pos(u), ours.pos(v));
        let id = |s: Option<usize>| s.map(|j| theirs.mesh.nodes[j].id);
        let found = UnconnectedPlaces {
            from: ours.pos(u),
            to: ours.pos(v),
            kind: l.kind,
            graph_from: id(a),
            graph_to: id(b),
        };
        let slot = cut.entry(key).or_insert((length, found.clone()));
        if length < slot.0 {
            *slot = (length, found);
        }
    }
    let mut out: Vec<UnconnectedPlaces> = cut.into_values().map(|c| c.1).collect();
    out.sort_by(|x, y| {
        x.from
            .iter()
            .chain(&x.to)
            .zip(y.from.iter().chain(&y.to))
            .map(|(a, b)| a.total_cmp(b))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    out
}

/// The strongly connected component of each node (Kosaraju's two passes, without recursion).
pub(crate) fn components(adj: &[Vec<usize>]) -> Vec<usize> {
    let n = adj.len();
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut stack = vec![(s, 0usize)];
        while let Some((u, k)) = stack.pop() {
            if let Some(&v) = adj[u].get(k) {
                stack.push((u, k + 1));
                if !std::mem::replace(&mut seen[v], true) {
                    stack.push((v, 0));
                }
            } else {
                order.push(u);
            }
        }
    }
    let mut back = vec![Vec::new(); n];
    for (u, vs) in adj.iter().enumerate() {
        for &v in vs {
            back[v].push(u);
        }
    }
    let mut comp = vec![usize::MAX; n];
    for &s in order.iter().rev() {
        if comp[s] != usize::MAX {
            continue;
        }
        comp[s] = s;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &v in &back[u] {
                if comp[v] == usize::MAX {
                    comp[v] = s;
                    stack.push(v);
                }
            }
        }
    }
    comp
}
