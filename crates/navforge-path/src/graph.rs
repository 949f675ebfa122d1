//! A* over waypoint graphs (Quake bot nodes and links, MGSV NavWorld): nodes are positions,
//! links are directed and typed, and may carry traversal points (where a Quake bot leaves the
//! node, starts its jump and lands). A link's cost is its stored cost where the format has one,
//! else the distance the bot travels: from node to node through the link's traversal points;
//! teleports cost nothing (the jump is instant). The heuristic is scaled below the cheapest link
//! per unit of distance, so answers are optimal even with teleports.

use std::collections::HashMap;

use navforge_core::model::{ConnectionKind, NavMesh, Traversal};

use crate::adjacency::{d3, heuristic_scale, row_starts};
use crate::astar::AStar;
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
    /// The link's traversal points, in the order the bot passes them, between the previous
    /// node and this one (Quake: leave the node, start the jump, land; empty for most links).
    pub via: Vec<[f64; 3]>,
}

/// A graph path.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GraphPath {
    /// Nodes from start to goal with the links taken.
    pub hops: Vec<Hop>,
    /// Total cost.
    pub cost: f64,
    /// Length of the polyline through the nodes and traversal points, teleports excluded.
    pub length: f64,
}

impl GraphPath {
    /// Every point in order: each node, preceded by the traversal points of the link into it.
    pub fn waypoints(&self) -> Vec<[f64; 3]> {
        let mut out = Vec::new();
        for h in &self.hops {
            out.extend_from_slice(&h.via);
            out.push(h.position);
        }
        out
    }
}

/// One directed link as a graph is built from it.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkSpec {
    /// Node index it leaves.
    pub from: u32,
    /// Node index it reaches.
    pub to: u32,
    /// Its type.
    pub kind: ConnectionKind,
    /// Which teams may take it, where the format says.
    pub team_mask: Option<u8>,
    /// A stored cost, where the format has one.
    pub cost: Option<f64>,
    /// Traversal points between the two nodes, in travel order.
    pub via: Vec<[f64; 3]>,
}

/// A waypoint graph ready to search.
pub struct NodeGraph {
    ids: Vec<u64>,
    pos: Vec<[f64; 3]>,
    start: Vec<u32>,
    to: Vec<u32>,
    cost: Vec<f64>,
    /// Per edge: kind, team mask, and its traversal points `via[via_start[k]..via_start[k + 1]]`.
    kinds: Vec<(ConnectionKind, Option<u8>)>,
    via_start: Vec<u32>,
    via: Vec<[f64; 3]>,
    h_scale: f64,
    locator: NodeLocator,
}

/// Length of the polyline `a`, `via...`, `b`.
fn travelled(a: [f64; 3], via: &[[f64; 3]], b: [f64; 3]) -> f64 {
    let mut at = a;
    let mut sum = 0.0;
    for &p in via.iter().chain(std::iter::once(&b)) {
        sum += d3(at, p);
        at = p;
    }
    sum
}

/// No map reaches 1e20 units: beyond that a coordinate is the "unused" marker.
const FAR: f32 = 1e20;

/// The points of a link's traversal that the bot passes, in travel order (leave the node, start
/// the jump, land). A point the link does not use is left out: Quake `NAV2` writes it as
/// `(0, 0, 0)` (most walk-off-ledge links have no exit point), `NAV3` as `(1e30, 1e30, 1e30)`
/// (their funnel).
fn traversal_points(t: &Traversal) -> Vec<[f64; 3]> {
    [t.exit, t.start, t.end]
        .into_iter()
        .filter(|v| *v != [0.0; 3] && v.iter().all(|c| c.abs() < FAR))
        .map(|v| v.map(f64::from))
        .collect()
}

impl NodeGraph {
    /// The graph of a model's nodes and links (links to missing nodes are left out), with each
    /// link's traversal points ([`Link::traversal`](navforge_core::model::Link::traversal)) as
    /// waypoints between its two nodes. Every format crate's `to_model` fills them (Quake
    /// `NAV2`/`NAV3`), so a file, its lossless JSON and the browser's model give one graph.
    pub fn from_model(mesh: &NavMesh) -> Result<NodeGraph> {
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
        let links = mesh.links.iter().filter_map(|l| {
            let (Some(&from), Some(&to)) = (index.get(&l.from), index.get(&l.to)) else {
                return None;
            };
            Some(LinkSpec {
                from,
                to,
                kind: l.kind,
                team_mask: l.team_mask,
                cost: l.cost.map(f64::from),
                via: l.traversal.as_ref().map_or_else(Vec::new, traversal_points),
            })
        });
        NodeGraph::new(ids, pos, links)
    }

    /// A graph of nodes (ID and position, by index) and links between their indices. Links
    /// naming a node out of range are left out, and so are stored costs below 0 (the travelled
    /// distance is used instead).
    pub fn new(
        ids: Vec<u64>,
        pos: Vec<[f64; 3]>,
        links: impl IntoIterator<Item = LinkSpec>,
    ) -> Result<NodeGraph> {
        if ids.is_empty() || ids.len() != pos.len() {
            return Err(PathError::Empty("nodes"));
        }
        let n = ids.len();
        // Each kept link with its cost.
        let mut edges: Vec<(LinkSpec, f64)> = Vec::new();
        for l in links {
            let (a, b) = (l.from as usize, l.to as usize);
            if a >= n || b >= n {
                continue;
            }
            let cost = match (l.kind, l.cost) {
                (_, Some(c)) if c.is_finite() && c >= 0.0 => c,
                (ConnectionKind::Teleport, _) => 0.0,
                _ => travelled(pos[a], &l.via, pos[b]),
            };
            if cost.is_finite() {
                edges.push((l, cost));
            }
        }
        edges.sort_by_key(|e| e.0.from);
        let start = row_starts(n, edges.iter().map(|e| e.0.from));
        let h_scale = heuristic_scale(
            edges
                .iter()
                .map(|(l, cost)| (*cost, d3(pos[l.from as usize], pos[l.to as usize]))),
        );
        let mut via_start = Vec::with_capacity(edges.len() + 1);
        let mut via = Vec::new();
        via_start.push(0);
        for (l, _) in &edges {
            via.extend_from_slice(&l.via);
            via_start.push(via.len() as u32);
        }
        let locator = NodeLocator::new(&pos);
        Ok(NodeGraph {
            ids,
            start,
            to: edges.iter().map(|e| e.0.to).collect(),
            cost: edges.iter().map(|e| e.1).collect(),
            kinds: edges.iter().map(|e| (e.0.kind, e.0.team_mask)).collect(),
            via_start,
            via,
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
    search: AStar,
    /// The link each node was reached by.
    via: Vec<u32>,
}

impl<'g> GraphSearch<'g> {
    /// Search state for `graph`.
    pub fn new(graph: &'g NodeGraph) -> Self {
        let n = graph.len();
        GraphSearch {
            graph,
            search: AStar::new(n),
            via: vec![NONE; n],
        }
    }

    /// The cheapest path between node indices, `None` when unreachable.
    pub fn path(&mut self, from: u32, to: u32) -> Option<GraphPath> {
        let graph = self.graph;
        let n = graph.len() as u32;
        if from >= n || to >= n {
            return None;
        }
        let goal = graph.pos[to as usize];
        let h = |a: u32| d3(graph.pos[a as usize], goal) * graph.h_scale;
        let search = &mut self.search;
        search.begin(from, h(from));
        while let Some(node) = search.pop() {
            if node == to {
                return Some(self.trace(to));
            }
            let a = node as usize;
            let (s, e) = (graph.start[a] as usize, graph.start[a + 1] as usize);
            for k in s..e {
                let b = graph.to[k];
                let g = search.g[a] + graph.cost[k];
                if search.relax(node, b, g, || h(b)) {
                    self.via[b as usize] = k as u32;
                }
            }
        }
        None
    }

    fn trace(&self, end: u32) -> GraphPath {
        let graph = self.graph;
        let hops: Vec<Hop> = (self.search.trace(end).into_iter())
            .map(|at| {
                let a = at as usize;
                let (kind, team_mask, via) = if self.search.parent[a] == NONE {
                    (None, None, Vec::new())
                } else {
                    let k = self.via[a] as usize;
                    let (kind, mask) = graph.kinds[k];
                    let points =
                        &graph.via[graph.via_start[k] as usize..graph.via_start[k + 1] as usize];
                    (Some(kind), mask, points.to_vec())
                };
                Hop {
                    node: graph.ids[a],
                    position: graph.pos[a],
                    kind,
                    team_mask,
                    via,
                }
            })
            .collect();
        // Teleports jump: no distance from the node before to the one after.
        let length = hops
            .windows(2)
            .filter(|w| w[1].kind != Some(ConnectionKind::Teleport))
            .map(|w| travelled(w[0].position, &w[1].via, w[1].position))
            .sum();
        GraphPath {
            hops,
            cost: self.search.g[end as usize],
            length,
        }
    }
}
