//! Stage 6: the graph as the game's file: `NAV2` (Quake, v14–18; v18 by default, the newest
//! the real files use) or `NAV3` (Quake II re-release, v6), laid out as the game lays them out:
//! each node's links one contiguous range in node order, traversals and edicts in link order.
//!
//! What the real files showed and the writer follows: node origins 0.53125 above the floor;
//! heuristic 0.8; v18 links carry the all-teams mask `0xFF` in the type word's high byte, `NAV3`
//! links the red and blue team bits (3), elevator links also "exit at target" (7); a drop's
//! traversal has a zero exit point in `NAV2` and `1e30` in `NAV3`; `NAV3` traversals carry a
//! zero ladder plane.

use navforge_core::F32;
use navforge_level::Vec3;
use navforge_quake::nav2::{ALL_TEAMS, NO_TRAVERSAL};
use navforge_quake::{
    Edict, EdictTarget, Link, Node, Q2Edict, Q2Link, Q2Node, Q2Traversal, Quake2NavDocument,
    QuakeNavDocument, Traversal,
};

use super::error::GraphError;
use super::links::{GraphLink, LinkType};
use super::nodes::GraphNode;

/// `NAV3` link flag bits: red team, blue team, exit at target.
const Q2_TEAMS: u8 = 0b11;
const Q2_EXIT_AT_TARGET: u8 = 0b100;
/// The "unused point" of `NAV3` traversals.
const Q2_UNUSED: f32 = 1e30;

/// How high above the floor the game stores a node (and traversal points).
#[derive(Debug, Clone, Copy)]
pub struct NodeHeight {
    /// From a player origin down to the stored point (Quake: 24.03125 − 0.53125 = 23.5).
    pub below_origin: f32,
}

impl NodeHeight {
    /// For a hull whose origin is `-hull_min_z` above the feet, resting `DIST_EPSILON`
    /// (1/32) above the floor, stored `floor_offset` above it.
    pub fn new(hull_min_z: f32, floor_offset: f32) -> Self {
        NodeHeight {
            below_origin: -hull_min_z + 0.03125 - floor_offset,
        }
    }

    /// The stored point for a player origin.
    pub fn point(&self, origin: Vec3) -> [F32; 3] {
        [
            F32::new(origin.x),
            F32::new(origin.y),
            F32::new(origin.z - self.below_origin),
        ]
    }
}

fn too_many(what: &str, n: usize) -> GraphError {
    GraphError::TooLarge(format!(
        "{n} {what}: the file indexes at most 65535 (16-bit)"
    ))
}

/// The game's layout: `f` gets each node, in node order, with its links (in their order) and
/// the index its first link will have (each node's links one contiguous range).
fn each_node(
    nodes: &[GraphNode],
    links: &[GraphLink],
    mut f: impl FnMut(&GraphNode, usize, &[GraphLink]) -> Result<(), GraphError>,
) -> Result<(), GraphError> {
    let mut per = vec![Vec::new(); nodes.len()];
    for l in links {
        if let Some(v) = per.get_mut(l.from as usize) {
            v.push(*l);
        }
    }
    let mut first = 0usize;
    for (n, ls) in nodes.iter().zip(per) {
        f(n, first, &ls)?;
        first += ls.len();
    }
    Ok(())
}

/// A `NAV2` document of `version` (14–18).
pub fn to_nav2(
    nodes: &[GraphNode],
    links: &[GraphLink],
    edict_ids: &[Option<u32>],
    height: NodeHeight,
    version: u32,
) -> Result<QuakeNavDocument, GraphError> {
    if nodes.len() > u16::MAX as usize {
        return Err(too_many("nodes", nodes.len()));
    }
    if links.len() > u16::MAX as usize {
        return Err(too_many("links", links.len()));
    }
    let mut doc = QuakeNavDocument::new(version);
    let team_mask = if version >= 18 { ALL_TEAMS } else { 0 };
    each_node(nodes, links, |n, first, ls| {
        doc.nodes.push(Node {
            flags: n.flags,
            link_count: ls.len() as u16,
            first_link: first as u16,
            radius: n.radius,
            origin: height.point(n.origin),
        });
        for l in ls {
            let traversal = match l.traversal {
                Some(t) => {
                    let exit = t.exit.map_or([F32::ZERO; 3], |e| height.point(e));
                    doc.traversals.push(Traversal {
                        node_exit: exit,
                        jump_start: height.point(t.start),
                        jump_end: height.point(t.end),
                    });
                    (doc.traversals.len() - 1) as u16
                }
                None => NO_TRAVERSAL,
            };
            if doc.traversals.len() > u16::MAX as usize {
                return Err(too_many("traversals", doc.traversals.len()));
            }
            if let Some(e) = l.edict {
                // Edict ids are `-number - 1`; an entity the game would not keep has none, and
                // its link goes without.
                if let Some(Some(number)) = edict_ids.get(e.entity) {
                    let target = if version <= 14 {
                        EdictTarget::Names {
                            targetname: 0,
                            classname: 0,
                        }
                    } else {
                        EdictTarget::EntityId(-(*number as i32) - 1)
                    };
                    doc.edicts.push(Edict {
                        link: doc.links.len() as u16,
                        mins: e.mins.to_array().map(F32::new),
                        maxs: e.maxs.to_array().map(F32::new),
                        target,
                    });
                }
            }
            doc.links.push(Link {
                target: l.to as u16,
                kind: l.kind.code(),
                team_mask,
                traversal,
            });
        }
        Ok(())
    })?;
    Ok(doc)
}

/// A `NAV3` document (version 6, as the game's files).
pub fn to_nav3(
    nodes: &[GraphNode],
    links: &[GraphLink],
    height: NodeHeight,
) -> Result<Quake2NavDocument, GraphError> {
    if nodes.len() > i16::MAX as usize {
        return Err(GraphError::TooLarge(format!(
            "{} nodes: NAV3 indexes at most 32767 (signed 16-bit)",
            nodes.len()
        )));
    }
    if links.len() > i16::MAX as usize {
        return Err(GraphError::TooLarge(format!(
            "{} links: NAV3 indexes at most 32767 (signed 16-bit)",
            links.len()
        )));
    }
    let mut doc = Quake2NavDocument {
        format: navforge_quake::Quake2NavTag,
        version: 6,
        heuristic: F32::new(0.8),
        nodes: Vec::new(),
        links: Vec::new(),
        traversals: Vec::new(),
        edicts: Vec::new(),
        trailing: Default::default(),
    };
    let unused = [F32::new(Q2_UNUSED); 3];
    each_node(nodes, links, |n, first, ls| {
        doc.nodes.push(Q2Node {
            flags: q2_node_flags(n.flags),
            link_count: ls.len() as i16,
            first_link: first as i16,
            radius: n.radius.min(i16::MAX as u16) as i16,
            origin: height.point(n.origin),
        });
        for l in ls {
            let traversal = match l.traversal {
                Some(t) => {
                    doc.traversals.push(Q2Traversal {
                        funnel: t.exit.map_or(unused, |e| height.point(e)),
                        start: height.point(t.start),
                        end: height.point(t.end),
                        ladder_plane: Some([F32::ZERO; 3]),
                    });
                    if doc.traversals.len() > i16::MAX as usize {
                        return Err(GraphError::TooLarge(
                            "more than 32767 traversals: NAV3 indexes them with signed 16 bits"
                                .into(),
                        ));
                    }
                    (doc.traversals.len() - 1) as i16
                }
                None => -1,
            };
            if let Some(e) = l.edict {
                doc.edicts.push(Q2Edict {
                    link: doc.links.len() as i16,
                    // The engine's model index of a brush model `*N` is N + 1 (model 1 is the
                    // world).
                    model: Some(e.model as i32 + 1),
                    mins: e.mins.to_array().map(F32::new),
                    maxs: e.maxs.to_array().map(F32::new),
                });
            }
            let flags = if l.kind == LinkType::Elevator {
                Q2_TEAMS | Q2_EXIT_AT_TARGET
            } else {
                Q2_TEAMS
            };
            doc.links.push(Q2Link {
                target: l.to as i16,
                kind: l.kind.code(),
                flags,
                traversal,
            });
        }
        Ok(())
    })?;
    Ok(doc)
}

/// `NAV2` flag bits as `NAV3` numbers them: the low eight bits agree except `NAV3` has one
/// elevator bit (2) and a ladder bit (3) where `NAV2` has elevator top and bottom.
fn q2_node_flags(nav2: u16) -> u16 {
    use navforge_quake::NodeFlags as F;
    let mut f = nav2 & !(F::ELEVATOR_TOP | F::ELEVATOR_BOTTOM);
    if nav2 & (F::ELEVATOR_TOP | F::ELEVATOR_BOTTOM) != 0 {
        f |= F::ELEVATOR_TOP;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_stored_as_the_game_stores_them() {
        // A Quake player resting on a floor at z = 0 has its origin at 24.03125; the game's
        // files put the node at 0.53125.
        let h = NodeHeight::new(-24.0, 0.53125);
        let p = h.point(Vec3::new(1.0, 2.0, 24.03125));
        assert_eq!(p.map(F32::get), [1.0, 2.0, 0.53125]);
    }

    #[test]
    fn nav3_flags_merge_the_elevator_bits() {
        use navforge_quake::NodeFlags as F;
        assert_eq!(q2_node_flags(F::ELEVATOR_BOTTOM | F::CHECK_FLOOR), 4 | 64);
        assert_eq!(q2_node_flags(F::ELEVATOR_TOP), 4);
        assert_eq!(q2_node_flags(F::TELEPORTER | F::HAZARD), 1 | 32);
    }
}
