//! Quake bot graphs read from their typed documents, so paths keep what the common model leaves
//! out: each link's traversal points (NAV2: where the bot leaves the node, starts its jump and
//! lands; NAV3: funnel, start and end). A point a link does not use is written `(0, 0, 0)` in
//! NAV2 (most walk-off-ledge links have no exit point) and `(1e30, 1e30, 1e30)` in NAV3 (their
//! funnel); those are left out.

use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

use crate::error::Result;
use crate::graph::{LinkSpec, NodeGraph};

/// No map reaches 1e20 units: beyond that a coordinate is the "unused" marker.
const FAR: f32 = 1e20;

fn point(v: [f32; 3]) -> Option<[f64; 3]> {
    let used = v != [0.0; 3] && v.iter().all(|c| c.abs() < FAR);
    used.then(|| v.map(f64::from))
}

fn points(vs: &[[f32; 3]]) -> Vec<[f64; 3]> {
    vs.iter().filter_map(|&v| point(v)).collect()
}

/// Links a damaged file's overlapping ranges may yield in all: four times the link table, plus
/// slack (the readers' own bound), so such a file cannot make the graph quadratic.
fn budget(links: usize) -> usize {
    links.saturating_mul(4).saturating_add(1024)
}

impl NodeGraph {
    /// The graph of a Quake 2021 `NAV2` file: node IDs are node indices (as in the common
    /// model), link types and v18 team masks as the model has them, and traversal points.
    pub fn from_quake(doc: &QuakeNavDocument) -> Result<NodeGraph> {
        let graph = doc.graph();
        let ids = (0..graph.nodes.len() as u64).collect();
        let pos = graph
            .nodes
            .iter()
            .map(|n| n.origin.map(f64::from))
            .collect();
        let links: Vec<LinkSpec> = graph
            .links()
            .map(|l| LinkSpec {
                from: l.from as u32,
                to: u32::try_from(l.to).unwrap_or(u32::MAX),
                kind: l.link_type.kind(),
                team_mask: l.team_mask,
                cost: None,
                via: l.traversal.map_or_else(Vec::new, |t| {
                    points(&[t.node_exit, t.jump_start, t.jump_end])
                }),
            })
            .collect();
        NodeGraph::new(ids, pos, links)
    }

    /// The graph of a Quake II re-release `NAV3` file, with traversal points.
    pub fn from_quake2(doc: &Quake2NavDocument) -> Result<NodeGraph> {
        let ids = (0..doc.nodes.len() as u64).collect();
        let pos = doc
            .nodes
            .iter()
            .map(|n| n.origin.map(|c| f64::from(c.get())))
            .collect();
        let mut left = budget(doc.links.len());
        let mut links = Vec::new();
        for node in 0..doc.nodes.len() {
            let owned = doc.node_links(node);
            let owned = &owned[..owned.len().min(left)];
            left -= owned.len();
            for l in owned {
                let Ok(to) = u32::try_from(l.target) else {
                    continue;
                };
                let via = doc.traversal_of(l).map_or_else(Vec::new, |t| {
                    points(&[t.funnel, t.start, t.end].map(|v| v.map(|c| c.get())))
                });
                links.push(LinkSpec {
                    from: node as u32,
                    to,
                    kind: l.connection_kind(),
                    team_mask: None,
                    cost: None,
                    via,
                });
            }
        }
        NodeGraph::new(ids, pos, links)
    }
}
