//! Building a Quake 2021 (`NAV2`) document from the common model.
//!
//! [`from_model`] takes the mesh's own waypoint graph when it has one (nodes and links), and
//! otherwise derives one from the areas: a node per area, a link per connection and per ladder.
//! Either way each node's links form one contiguous range of the link table, in node order, as
//! the game's loader requires.

use crate::names::{LinkType, NodeFlags};
use crate::nav2::{ALL_TEAMS, Link, NO_TRAVERSAL, Node, QuakeNavDocument, Traversal};
use navforge_core::model::{ConnectionKind, NavMesh};
use navforge_core::{BuildError, BuildErrorKind, Built, F32, Format, Item};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Radius given to a node whose area has no usable size, or a model node without a radius.
pub const DEFAULT_RADIUS: u16 = 32;

/// Most nodes, and most links, a `NAV2` file can index (16-bit indices).
const MAX_ITEMS: usize = u16::MAX as usize;

fn invalid(at: Item, msg: impl Into<String>) -> BuildError {
    BuildError::at(Format::QuakeNav, at, BuildErrorKind::Invalid(msg.into()))
}

fn cannot_hold(msg: impl Into<String>) -> BuildError {
    BuildError::new(Format::QuakeNav, BuildErrorKind::CannotHold(msg.into()))
}

/// The `NAV2` link type for a model kind.
///
/// Quake's own kinds map to themselves; `Walk`, `Door`, `Crouch` and `External` → walk; `Drop` →
/// walk off ledge; `Jump` and `RocketJump` → long jump; `Ladder` → barrier jump (Quake has no
/// ladders: the barrier jump, a climb onto a higher surface, is the nearest traversal that gains
/// height without an entity); `Other(n)` → type `n` when it fits a byte, else walk.
pub fn link_type_for(kind: ConnectionKind) -> LinkType {
    match kind {
        ConnectionKind::Drop => LinkType::WalkOffLedge,
        ConnectionKind::Jump | ConnectionKind::LongJump | ConnectionKind::RocketJump => {
            LinkType::LongJump
        }
        ConnectionKind::Teleport => LinkType::Teleport,
        ConnectionKind::Pusher => LinkType::Pusher,
        ConnectionKind::BarrierJump | ConnectionKind::Ladder => LinkType::BarrierJump,
        ConnectionKind::ManualJump => LinkType::ManualJump,
        ConnectionKind::Elevator => LinkType::Elevator,
        ConnectionKind::Train => LinkType::Train,
        ConnectionKind::Other(n) => u8::try_from(n).map_or(LinkType::Walk, LinkType::from_code),
        _ => LinkType::Walk,
    }
}

/// Flag bits for the flag names of a model node (`teleporter`, ..., `bitN`); names with no
/// `NAV2` meaning (flags of other formats) are left out.
fn node_flags(names: &[String]) -> u16 {
    names.iter().fold(0u16, |bits, name| {
        let bit = NodeFlags::NAMES
            .iter()
            .position(|n| n == name)
            .or_else(|| {
                name.strip_prefix("bit")
                    .and_then(|b| b.parse::<usize>().ok())
            })
            .filter(|&b| b < 16);
        match bit {
            Some(b) => bits | 1 << b,
            None => bits,
        }
    })
}

fn finite(p: [f32; 3], at: Item) -> Result<[F32; 3], BuildError> {
    if p.iter().all(|c| c.is_finite()) {
        Ok(p.map(F32::new))
    } else {
        Err(invalid(at, format!("non-finite position {p:?}")))
    }
}

fn radius_of(r: f32) -> u16 {
    if r.is_finite() && r >= 1.0 {
        r.round().min(u16::MAX as f32) as u16
    } else {
        DEFAULT_RADIUS
    }
}

/// One link before the table is laid out.
struct Pending {
    from: usize,
    to: usize,
    kind: u8,
    team_mask: Option<u8>,
    traversal: Option<Traversal>,
}

/// A `NAV2` document of `version` (14–18) holding the mesh as a waypoint graph.
///
/// - **Mesh with nodes**: node `i` of the document is `mesh.nodes[i]` (position, flags by name,
///   radius rounded, [`DEFAULT_RADIUS`] when absent); every link between two of its nodes is
///   kept, typed by its `detail` when that is a `NAV2` type name (team mask too, for v18), else
///   by its kind ([`link_type_for`]).
/// - **Mesh without nodes**: a node per area at the mean of its corners (radius half the smaller
///   horizontal extent of the area, [`DEFAULT_RADIUS`] when that is under 1), a link per
///   connection, and a link per ladder from its bottom area's node to its first top area's node
///   (typed as `Ladder`). Connections and ladders whose ends are not areas of the mesh (external
///   links, doors) are left out.
///
/// Links keep their model order within each node; a link repeated with the same ends, type
/// and team mask is written once. v18 links get the all-teams mask (`0xFF`) unless the link
/// names another; earlier versions get 0. A link's traversal points in the model become its
/// traversal, in link order. No edicts are made: the model carries none. [`Built::dropped`]
/// counts the links whose kind `NAV2` has no type for (written as the nearest, [`link_type_for`]), the duplicates and the connections or
/// ladders whose ends are not areas.
///
/// This is [`BuildFromModel::from_model`](navforge_core::BuildFromModel::from_model) for a
/// version given as a number (14-18).
pub fn from_model(mesh: &NavMesh, version: u32) -> Result<QuakeNavDocument, BuildError> {
    let version = NavVersion::from_number(version).ok_or_else(|| {
        BuildError::new(
            Format::QuakeNav,
            BuildErrorKind::Unsupported(format!(
                "cannot write .nav version {version} (supported: 14-18)"
            )),
        )
    })?;
    build(mesh, version).map(|b| b.document)
}

fn build(mesh: &NavMesh, version: NavVersion) -> Result<Built<QuakeNavDocument>, BuildError> {
    let version = version.number();
    if mesh.nodes.is_empty() && mesh.areas.is_empty() {
        return Err(BuildError::new(
            Format::QuakeNav,
            BuildErrorKind::Empty("the model has neither nodes nor areas".into()),
        ));
    }
    // Model kinds NAV2 has no type for, by kind name.
    let mut retyped: BTreeMap<String, (String, usize)> = BTreeMap::new();
    let mut unplaced = 0usize;
    let mut type_of = |kind: ConnectionKind| {
        let t = link_type_for(kind);
        if t.kind() != kind {
            retyped
                .entry(kind.name().to_string())
                .or_insert_with(|| (t.name(), 0))
                .1 += 1;
        }
        t.code()
    };
    let mut doc = QuakeNavDocument::new(version);
    let mut pending = Vec::new();
    if !mesh.nodes.is_empty() {
        let mut index = HashMap::with_capacity(mesh.nodes.len());
        for (i, n) in mesh.nodes.iter().enumerate() {
            if index.insert(n.id, i).is_some() {
                return Err(invalid(Item::Node(n.id), "duplicate node ID"));
            }
            doc.nodes.push(Node {
                flags: node_flags(&n.flags),
                link_count: 0,
                first_link: 0,
                radius: n.radius.map_or(DEFAULT_RADIUS, radius_of),
                origin: finite(n.position, Item::Node(n.id))?,
            });
        }
        for l in &mesh.links {
            let end = |id: u64| {
                index.get(&id).copied().ok_or_else(|| {
                    invalid(
                        Item::Link {
                            from: l.from,
                            to: l.to,
                        },
                        format!("node {id} is not in the mesh"),
                    )
                })
            };
            let (from, to) = (end(l.from)?, end(l.to)?);
            let at = Item::Link {
                from: l.from,
                to: l.to,
            };
            let traversal = match &l.traversal {
                Some(t) => Some(Traversal {
                    node_exit: finite(t.exit, at)?,
                    jump_start: finite(t.start, at)?,
                    jump_end: finite(t.end, at)?,
                }),
                None => None,
            };
            pending.push(Pending {
                from,
                to,
                kind: type_of(l.kind),
                team_mask: l.team_mask,
                traversal,
            });
        }
    } else {
        let mut index = HashMap::with_capacity(mesh.areas.len());
        for (i, a) in mesh.areas.iter().enumerate() {
            if index.insert(a.id, i).is_some() {
                return Err(invalid(Item::Area(a.id), "duplicate area ID"));
            }
            if a.polygon.is_empty() {
                return Err(invalid(Item::Area(a.id), "the area has no corners"));
            }
            let n = a.polygon.len() as f32;
            let mut sum = [0.0f32; 3];
            let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
            for p in &a.polygon {
                for k in 0..3 {
                    sum[k] += p[k];
                }
                for k in 0..2 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
            let centre = sum.map(|c| c / n);
            let half = (hi[0] - lo[0]).min(hi[1] - lo[1]) / 2.0;
            doc.nodes.push(Node {
                flags: 0,
                link_count: 0,
                first_link: 0,
                radius: radius_of(half),
                origin: finite(centre, Item::Area(a.id))?,
            });
        }
        for c in &mesh.connections {
            if let (Some(&from), Some(&to)) = (index.get(&c.from), index.get(&c.to)) {
                pending.push(Pending {
                    from,
                    to,
                    kind: type_of(c.kind),
                    team_mask: None,
                    traversal: None,
                });
            } else {
                unplaced += 1;
            }
        }
        for l in &mesh.ladders {
            let top = l.top_areas.iter().find(|&&a| a != 0);
            if let (Some(&from), Some(&to)) =
                (index.get(&l.bottom_area), top.and_then(|t| index.get(t)))
            {
                pending.push(Pending {
                    from,
                    to,
                    kind: type_of(ConnectionKind::Ladder),
                    team_mask: None,
                    traversal: None,
                });
            } else {
                unplaced += 1;
            }
        }
    }
    // The same link twice (a Source area listing a neighbour on two sides, say) is written once.
    let before = pending.len();
    let mut seen = HashSet::new();
    pending.retain(|p| seen.insert((p.from, p.to, p.kind, p.team_mask)));
    let duplicates = before - pending.len();
    if doc.nodes.len() > MAX_ITEMS {
        return Err(cannot_hold(format!(
            "{} nodes; a .nav holds at most {MAX_ITEMS}",
            doc.nodes.len()
        )));
    }
    if pending.len() > MAX_ITEMS {
        return Err(cannot_hold(format!(
            "{} links; a .nav holds at most {MAX_ITEMS}",
            pending.len()
        )));
    }
    // Contiguous ranges: a stable sort by the owning node keeps model order within a node.
    pending.sort_by_key(|p| p.from);
    let mut counts = vec![0u16; doc.nodes.len()];
    for p in &pending {
        counts[p.from] += 1;
    }
    let mut next = 0u16;
    for (n, &c) in doc.nodes.iter_mut().zip(&counts) {
        n.first_link = next;
        n.link_count = c;
        next += c;
    }
    let default_mask = if version >= 18 { ALL_TEAMS } else { 0 };
    // Traversals in link order; fewer than MAX_ITEMS links, so every index is below 0xFFFF.
    let mut traversals = Vec::new();
    doc.links = pending
        .iter()
        .map(|p| Link {
            target: p.to as u16,
            kind: p.kind,
            team_mask: if version >= 18 {
                p.team_mask.unwrap_or(default_mask)
            } else {
                default_mask
            },
            traversal: match p.traversal {
                Some(t) => {
                    traversals.push(t);
                    (traversals.len() - 1) as u16
                }
                None => NO_TRAVERSAL,
            },
        })
        .collect();
    doc.traversals = traversals;
    let mut built = Built::complete(doc)
        .altering("duplicate links", duplicates, "each is written once")
        .dropping(
            "connections and ladders whose ends are not areas of the mesh",
            unplaced,
        );
    for (kind, (written, count)) in retyped {
        built = built.altering(
            format!("{kind} links"),
            count,
            format!("written as {written}"),
        );
    }
    Ok(built)
}

/// A `NAV2` version this crate writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum NavVersion {
    /// Version 14: edicts name their entity by targetname and classname strings.
    V14,
    /// Version 15: edicts by entity ID (12 corpus files).
    V15,
    /// Version 16: as 15 plus the heuristic (no known file).
    V16,
    /// Version 17 (17 corpus files).
    V17,
    /// Version 18: team masks on links; the newest the re-release writes (14 corpus files).
    #[default]
    V18,
}

impl NavVersion {
    /// Every version, oldest first.
    pub const ALL: [NavVersion; 5] = [
        NavVersion::V14,
        NavVersion::V15,
        NavVersion::V16,
        NavVersion::V17,
        NavVersion::V18,
    ];

    /// The number in the file header.
    pub fn number(self) -> u32 {
        match self {
            NavVersion::V14 => 14,
            NavVersion::V15 => 15,
            NavVersion::V16 => 16,
            NavVersion::V17 => 17,
            NavVersion::V18 => 18,
        }
    }

    /// The version with this header number, if this crate writes it.
    pub fn from_number(n: u32) -> Option<NavVersion> {
        NavVersion::ALL.into_iter().find(|v| v.number() == n)
    }
}

/// Choices for a Quake `NAV2` built from the common model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct QuakeBuildOptions {
    /// The `NAV2` version; by default 18, the newest real files use.
    pub version: NavVersion,
}

impl QuakeBuildOptions {
    /// Options for a version.
    pub fn new(version: NavVersion) -> Self {
        QuakeBuildOptions { version }
    }
}

impl navforge_core::BuildFromModel for QuakeNavDocument {
    type Options = QuakeBuildOptions;

    fn from_model(mesh: &NavMesh, options: &QuakeBuildOptions) -> Result<Built<Self>, BuildError> {
        build(mesh, options.version)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_link_type_maps_to_a_kind_and_back() {
        for code in 0..=20u8 {
            let t = LinkType::from_code(code);
            assert_eq!(link_type_for(t.kind()), t, "type {code}");
        }
    }

    #[test]
    fn node_flags_come_from_names() {
        let names = ["teleporter", "no-monsters", "bit12", "crouch"].map(String::from);
        assert_eq!(
            node_flags(&names),
            NodeFlags::TELEPORTER | NodeFlags::NO_MONSTERS | 1 << 12
        );
    }
}
