//! A* over waypoint graphs (Quake bot nodes and links, MGSV NavWorld): nodes are positions,
//! links are directed and typed. A link's cost is its stored cost where the format has one,
//! else the distance between its nodes; teleports cost nothing (the jump is instant). The
//! heuristic is scaled below the cheapest link per unit of distance, so answers are optimal even
//! with teleports.

use crate::open::Open;
use crate::rows::{d3, heuristic_scale, rows};
use std::collections::{BinaryHeap, HashMap};

use navforge_core::model::{ConnectionKind, NavMesh};

use crate::error::{PathError, Result};
use crate::locate::NodeLocator;
use crate::polymesh::NONE;

/// One hop of a graph path.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Hop {
    /// Node reached.
    pub node: u64,
    /// Its position.
    pub position: [f64; 3],
    /// How it was reached (`None` for the first node).
    pub kind: Option<ConnectionKind>,
    /// Which teams may take the link (Quake v18), where the format says.
    pub team_mask: Option<u8>,
}

/// A graph path.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GraphPath {
    /// Nodes from start to goal with the links taken.
    pub hops: Vec<Hop>,
    /// Total cost.
    pub cost: f64,
    /// Length of the polyline through the nodes, teleports excluded.
    pub length: f64,
}

/// A waypoint graph ready to search.
pub struct NodeGraph {
    ids: Vec<u64>,
    pos: Vec<[f64; 3]>,
    start: Vec<u32>,
    to: Vec<u32>,
    cost: Vec<f64>,
    link: Vec<u32>,
    kinds: Vec<(ConnectionKind, Option<u8>)>,
    h_scale: f64,
    locator: NodeLocator,
}

impl NodeGraph {
    /// The graph of a model's nodes and links (links to missing nodes are left out).
    pub fn from_model(mesh: &NavMesh) -> Result<NodeGraph> {
        if mesh.nodes.is_empty() {
            return Err(PathError::Empty("nodes"));
        }
        let ids: Vec<u64> = mesh.nodes.iter().map(|n| n.id).collect();
        let pos: Vec<[f64; 3]> = mesh
            .nodes
            .iter()
            .map(|n| n.position.map(f64::from))
            .collect();
        let mut index = HashMap::with_capacity(ids.len());
        for (i, &id) in ids.iter().enumerate() {
            index.entry(id).or_insert(i as u32);
        }
        let mut edges: Vec<(u32, u32, f64, u32)> = Vec::with_capacity(mesh.links.len());
        for (li, l) in mesh.links.iter().enumerate() {
            let (Some(&a), Some(&b)) = (index.get(&l.from), index.get(&l.to)) else {
                continue;
            };
            let distance = d3(pos[a as usize], pos[b as usize]);
            let cost = match (l.kind, l.cost) {
                (_, Some(c)) if c.is_finite() && c >= 0.0 => c as f64,
                (ConnectionKind::Teleport, _) => 0.0,
                _ => distance,
            };
            if cost.is_finite() {
                edges.push((a, b, cost, li as u32));
            }
        }
        let start = rows(&mut edges, ids.len(), |e| e.0);
        let h_scale = heuristic_scale(
            edges
                .iter()
                .map(|e| (e.2, d3(pos[e.0 as usize], pos[e.1 as usize]))),
        );
        let locator = NodeLocator::new(&pos);
        Ok(NodeGraph {
            ids,
            start,
            to: edges.iter().map(|e| e.1).collect(),
            cost: edges.iter().map(|e| e.2).collect(),
            link: edges.iter().map(|e| e.3).collect(),
            kinds: mesh.links.iter().map(|l| (l.kind, l.team_mask)).collect(),
            h_scale: h_scale.max(0.0),
            pos,
            locator,
        })
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The node nearest to a point.
    pub fn nearest(&self, p: [f64; 3]) -> Option<u32> {
        self.locator.nearest(p)
    }

    /// Links leaving node index `a`: (target index, cost).
    pub fn links(&self, a: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let (s, e) = (
            self.start[a as usize] as usize,
            self.start[a as usize + 1] as usize,
        );
        (s..e).map(move |k| (self.to[k], self.cost[k]))
    }
}

/// Reusable graph A* state.
pub struct GraphSearch<'g> {
    graph: &'g NodeGraph,
    g: Vec<f64>,
    parent: Vec<u32>,
    via: Vec<u32>,
    seen: Vec<u32>,
    closed: Vec<u32>,
    generation: u32,
    heap: BinaryHeap<Open>,
}

impl<'g> GraphSearch<'g> {
    /// Search state for `graph`.
    pub fn new(graph: &'g NodeGraph) -> Self {
        let n = graph.len();
        GraphSearch {
            graph,
            g: vec![0.0; n],
            parent: vec![NONE; n],
            via: vec![NONE; n],
            seen: vec![0; n],
            closed: vec![0; n],
            generation: 0,
            heap: BinaryHeap::new(),
        }
    }

    /// The cheapest path between node indices, `None` when unreachable.
    pub fn path(&mut self, from: u32, to: u32) -> Option<GraphPath> {
        let graph = self.graph;
        let n = graph.len() as u32;
        if from >= n || to >= n {
            return None;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.closed.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        self.heap.clear();
        let goal = graph.pos[to as usize];
        let h = |a: u32| d3(graph.pos[a as usize], goal) * graph.h_scale;
        self.g[from as usize] = 0.0;
        self.parent[from as usize] = NONE;
        self.seen[from as usize] = generation;
        self.heap.push(Open {
            f: h(from),
            id: from,
        });
        while let Some(Open { id: node, .. }) = self.heap.pop() {
            let a = node as usize;
            if self.closed[a] == generation {
                continue;
            }
            self.closed[a] = generation;
            if node == to {
                return Some(self.trace(to));
            }
            let (s, e) = (graph.start[a] as usize, graph.start[a + 1] as usize);
            for k in s..e {
                let b = graph.to[k];
                let bi = b as usize;
                if self.closed[bi] == generation {
                    continue;
                }
                let g = self.g[a] + graph.cost[k];
                if self.seen[bi] == generation && self.g[bi] <= g {
                    continue;
                }
                self.seen[bi] = generation;
                self.g[bi] = g;
                self.parent[bi] = node;
                self.via[bi] = k as u32;
                self.heap.push(Open { f: g + h(b), id: b });
            }
        }
        None
    }

    fn trace(&self, end: u32) -> GraphPath {
        let graph = self.graph;
        let mut hops = Vec::new();
        let mut at = end;
        loop {
            let (kind, team_mask) = if self.parent[at as usize] == NONE {
                (None, None)
            } else {
                let link = graph.link[self.via[at as usize] as usize] as usize;
                let (k, mask) = graph.kinds[link];
                (Some(k), mask)
            };
            hops.push(Hop {
                node: graph.ids[at as usize],
                position: graph.pos[at as usize],
                kind,
                team_mask,
            });
            if self.parent[at as usize] == NONE {
                break;
            }
            at = self.parent[at as usize];
        }
        hops.reverse();
        let length = hops
            .windows(2)
            .filter(|w| w[1].kind != Some(ConnectionKind::Teleport))
            .map(|w| d3(w[0].position, w[1].position))
            .sum();
        GraphPath {
            hops,
            cost: self.g[end as usize],
            length,
        }
    }
}
