//! Quake 2021 re-release bot navigation (`NAV2`, versions 14–18) as a lossless document.
//!
//! Layout (little-endian, packed, sections back to back, no offsets):
//!
//! | section | size | fields |
//! |---|---|---|
//! | header | 20 (v14/15), 24 (v16+) | `NAV2`, version u32, node count u32, link count u32, traversal count u32, heuristic f32 (v16+) |
//! | nodes | 8 × nodes | flags u16, link count u16, first link u16, radius u16 |
//! | node origins | 12 × nodes | x, y, z f32 (parallel to the nodes) |
//! | links | 6 × links | target node u16, type u16, traversal u16 (`0xFFFF` = none) |
//! | traversals | 36 × traversals | node exit, jump start, jump end (3 × vec3) |
//! | edicts | 4 + 34 × n (v14), 4 + 30 × n (v15+) | count u32; link u16, mins vec3, maxs vec3, then targetname i32 + classname i32 (v14) or entity id i32 (v15+) |
//!
//! - **v16** has no public description and no known file: it is read as v15 plus the heuristic
//!   float (the heuristic is documented as new in v17; a v16 file, if one exists, may differ).
//! - **v18**: the 16-bit link type word splits into the type (low byte) and a team mask (high
//!   byte). Every one of the 10,509 links in the 14 real v18 files has high byte `0xFF` (all
//!   teams) and a low byte in 0..=8, with the same per-type distribution and the same
//!   elevator/train links carrying edicts as the v15/v17 files; the file sizes equal
//!   `24 + 20n + 6l + 36t + 4 + 30e` exactly, so no field was widened. The hipnotic and rogue
//!   copies of `death32c` and `dm2` differ only in the low bytes of the edict entity ids (offset
//!   26 of each 30-byte edict, e.g. -36 vs -37), so v18 edicts are v15-style.
//!
//! Anything after the edicts is kept as `trailing` bytes.

use crate::check;
use crate::names::{LinkType, NodeFlags};
use crate::shared::{self, vec3};
use crate::tag::QuakeNavTag;
use navforge_core::model::NavMesh;
use navforge_core::{Error, F32, HexBytes, NavDocument, Put, Reader, Result, Summary};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Format name of [`QuakeNavDocument`].
pub const FORMAT: &str = "quake-nav";
/// The magic number of Quake 2021 navigation files.
pub const MAGIC: [u8; 4] = *b"NAV2";
/// The versions this crate reads and writes.
pub const VERSIONS: std::ops::RangeInclusive<u32> = 14..=18;
/// The traversal index that means "no traversal".
pub const NO_TRAVERSAL: u16 = 0xFFFF;
/// The team mask every real v18 link carries: all teams.
pub const ALL_TEAMS: u8 = 0xFF;

/// Whether `data` starts with the `NAV2` magic.
pub fn sniff(data: &[u8]) -> bool {
    data.starts_with(&MAGIC)
}

/// A bit-exact position (x, y, z).
pub type Vec3 = [F32; 3];

/// A whole `NAV2` file. Its serde form is the lossless JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct QuakeNavDocument {
    /// The format tag (`quake-nav`).
    pub format: QuakeNavTag,
    /// File version, 14-18.
    pub version: u32,
    /// Path-cost multiplier; present exactly when `version >= 16`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<F32>,
    /// Nodes in file order.
    pub nodes: Vec<Node>,
    /// Links; each node owns a contiguous range.
    pub links: Vec<Link>,
    /// Traversal points of links that have them.
    pub traversals: Vec<Traversal>,
    /// Entities links depend on.
    pub edicts: Vec<Edict>,
    /// Bytes after the edicts (none in any real file).
    #[serde(default, skip_serializing_if = "HexBytes::is_empty")]
    pub trailing: HexBytes,
}

/// A node and its origin (stored in two parallel arrays in the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// Flag bits ([`NodeFlags`]).
    pub flags: u16,
    /// Number of links the node owns.
    pub link_count: u16,
    /// Index of its first link.
    pub first_link: u16,
    /// Radius in units.
    pub radius: u16,
    /// Position.
    pub origin: Vec3,
}

/// A directed link. `kind` and `team_mask` are the low and high bytes of the file's u16 type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// Target node index.
    pub target: u16,
    /// Link type code (0 walk .. 9 unknown).
    pub kind: u8,
    /// High byte of the type word: v18 team mask (`0xFF` = all teams); 0 in every v15/v17 file.
    pub team_mask: u8,
    /// Traversal index, [`NO_TRAVERSAL`] for none.
    pub traversal: u16,
}

/// Helper points for a jump or drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Traversal {
    /// Where the bot leaves the node (on the node's radius).
    pub node_exit: Vec3,
    /// Where the jump starts.
    pub jump_start: Vec3,
    /// Where the jump lands.
    pub jump_end: Vec3,
}

/// An entity (door, platform, ...) a link depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Edict {
    /// Index of the link it belongs to.
    pub link: u16,
    /// Lower corner of the entity's box.
    pub mins: Vec3,
    /// Upper corner of the entity's box.
    pub maxs: Vec3,
    /// Which entity.
    pub target: EdictTarget,
}

/// How an edict names its entity: v14 string ids, v15+ entity id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub enum EdictTarget {
    /// v14: engine string ids of the entity's targetname and classname.
    Names {
        /// Engine string ID of the targetname.
        targetname: i32,
        /// Engine string ID of the classname.
        classname: i32,
    },
    /// v15+: `-(entity index) - 1`.
    EntityId(i32),
}

impl EdictTarget {
    /// `(targetname, classname, entity id)`: the v14 names or the v15+ id.
    pub fn parts(self) -> (Option<i32>, Option<i32>, Option<i32>) {
        match self {
            EdictTarget::Names {
                targetname,
                classname,
            } => (Some(targetname), Some(classname), None),
            EdictTarget::EntityId(id) => (None, None, Some(id)),
        }
    }
}

impl Edict {
    /// The entity index (`-id - 1`), for v15+ edicts.
    pub fn entity_index(&self) -> Option<i64> {
        match self.target {
            EdictTarget::EntityId(id) => Some(-(id as i64) - 1),
            EdictTarget::Names { .. } => None,
        }
    }
}

impl Link {
    /// The 16-bit type word as stored.
    pub fn type_word(&self) -> u16 {
        u16::from_le_bytes([self.kind, self.team_mask])
    }
    /// The link type.
    pub fn link_type(&self) -> LinkType {
        LinkType::from_code(self.kind)
    }
    /// Whether the link has traversal points.
    pub fn has_traversal(&self) -> bool {
        self.traversal != NO_TRAVERSAL
    }
}

impl Node {
    /// The flags as a set.
    pub fn node_flags(&self) -> NodeFlags {
        NodeFlags(self.flags)
    }
}

fn edict_size(version: u32) -> usize {
    if version <= 14 { 34 } else { 30 }
}

fn header_size(version: u32) -> usize {
    if version >= 16 { 24 } else { 20 }
}

impl QuakeNavDocument {
    /// An empty graph of `version` (heuristic 0.8, as in the game's v17/v18 files, for v16+).
    pub fn new(version: u32) -> Self {
        QuakeNavDocument {
            format: QuakeNavTag,
            version,
            heuristic: (version >= 16).then(|| F32::new(0.8)),
            nodes: Vec::new(),
            links: Vec::new(),
            traversals: Vec::new(),
            edicts: Vec::new(),
            trailing: HexBytes::default(),
        }
    }

    /// Whether the v18 team mask is meaningful for this document.
    pub fn has_team_masks(&self) -> bool {
        self.version >= 18
    }

    /// The links a node owns (its range, clamped to the link table).
    pub fn node_links(&self, node: usize) -> &[Link] {
        shared::node_links(self, node)
    }

    /// The traversal a link uses, when its index is in range.
    pub fn traversal_of(&self, link: &Link) -> Option<&Traversal> {
        if link.has_traversal() {
            self.traversals.get(link.traversal as usize)
        } else {
            None
        }
    }

    /// The typed graph: nodes with their links, traversal points and edicts resolved.
    pub fn graph(&self) -> QuakeGraph {
        let mut edicts_of: Vec<Vec<GraphEdict>> = vec![Vec::new(); self.links.len()];
        for (i, e) in self.edicts.iter().enumerate() {
            if let Some(list) = edicts_of.get_mut(e.link as usize) {
                let (targetname, classname, entity_id) = e.target.parts();
                list.push(GraphEdict {
                    index: i,
                    mins: vec3(e.mins),
                    maxs: vec3(e.maxs),
                    entity_id,
                    entity_index: e.entity_index(),
                    targetname,
                    classname,
                });
            }
        }
        let mut budget = check::Budget::for_links(self.links.len());
        let nodes = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let range = budget.clamp(check::owned(
                    n.first_link as i64,
                    n.link_count as i64,
                    self.links.len(),
                ));
                let links = range
                    .map(|li| {
                        let l = &self.links[li];
                        GraphLink {
                            index: li,
                            from: i,
                            to: l.target as usize,
                            link_type: l.link_type(),
                            team_mask: self.has_team_masks().then_some(l.team_mask),
                            traversal: self.traversal_of(l).map(|t| TraversalPoints {
                                index: l.traversal as usize,
                                node_exit: vec3(t.node_exit),
                                jump_start: vec3(t.jump_start),
                                jump_end: vec3(t.jump_end),
                            }),
                            edicts: edicts_of[li].clone(),
                        }
                    })
                    .collect();
                GraphNode {
                    index: i,
                    origin: vec3(n.origin),
                    flags: n.node_flags(),
                    radius: n.radius,
                    links,
                }
            })
            .collect();
        QuakeGraph {
            version: self.version,
            heuristic: self.heuristic.map(F32::get),
            nodes,
        }
    }

    fn write_error(&self, out: &[u8], field: &str, msg: impl Into<String>) -> Error {
        Error::invalid(FORMAT, field, out.len() as u64, msg)
    }
}

/// The graph of a [`QuakeNavDocument`], with indices resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuakeGraph {
    /// File version.
    pub version: u32,
    /// The heuristic (v16+).
    pub heuristic: Option<f32>,
    /// Nodes with their links.
    pub nodes: Vec<GraphNode>,
}

/// One node of the graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphNode {
    /// Index in the file.
    pub index: usize,
    /// Position.
    pub origin: [f32; 3],
    /// Flags.
    pub flags: NodeFlags,
    /// Radius in units.
    pub radius: u16,
    /// The node's outgoing links, in file order.
    pub links: Vec<GraphLink>,
}

/// One link of the typed graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphLink {
    /// Index in the file's link table.
    pub index: usize,
    /// Index of the node it leaves.
    pub from: usize,
    /// Target node (may be out of range in a damaged file; `summary()` warns).
    pub to: usize,
    #[serde(serialize_with = "ser_link_type")]
    /// Its type.
    pub link_type: LinkType,
    /// v18 team mask (`0xFF` = all teams); `None` before v18.
    pub team_mask: Option<u8>,
    /// `None` when the link has none or its index is out of range.
    pub traversal: Option<TraversalPoints>,
    /// Edicts attached to this link (normally zero or one).
    pub edicts: Vec<GraphEdict>,
}

fn ser_link_type<S: serde::Serializer>(t: &LinkType, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&t.name())
}

/// A link's traversal points, resolved.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TraversalPoints {
    /// Index in the traversal table.
    pub index: usize,
    /// Where the bot leaves the node.
    pub node_exit: [f32; 3],
    /// Where the jump starts.
    pub jump_start: [f32; 3],
    /// Where it lands.
    pub jump_end: [f32; 3],
}

/// An edict resolved for its link.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GraphEdict {
    /// Index in the file's edict table.
    pub index: usize,
    /// Lower corner of the entity's box.
    pub mins: [f32; 3],
    /// Upper corner.
    pub maxs: [f32; 3],
    /// v15+: the stored id.
    pub entity_id: Option<i32>,
    /// v15+: the entity index, `-entity_id - 1`.
    pub entity_index: Option<i64>,
    /// v14: engine string id of the targetname.
    pub targetname: Option<i32>,
    /// v14: engine string id of the classname.
    pub classname: Option<i32>,
}

impl QuakeGraph {
    /// Every link, node by node.
    pub fn links(&self) -> impl Iterator<Item = &GraphLink> {
        self.nodes.iter().flat_map(|n| n.links.iter())
    }
}

shared::graph_file!(
    QuakeNavDocument,
    Node,
    Link,
    QuakeNav,
    crate::names::nav2_link_name,
    NO_TRAVERSAL
);

fn read_node(r: &mut Reader) -> Result<Node> {
    Ok(Node {
        flags: r.u16("flags")?,
        link_count: r.u16("link count")?,
        first_link: r.u16("first link")?,
        radius: r.u16("radius")?,
        origin: [F32::ZERO; 3],
    })
}

impl NavDocument for QuakeNavDocument {
    const FORMAT: navforge_core::Format = navforge_core::Format::QuakeNav;

    fn read(data: &[u8]) -> Result<Self> {
        if data.get(..4) == Some(&crate::nav3::MAGIC[..]) {
            return Err(Error::invalid(
                FORMAT,
                "magic",
                0,
                "this is a Quake II re-release bot navigation file (NAV3); read it as `quake2-nav`",
            ));
        }
        let mut r = Reader::new(data, FORMAT);
        let version = shared::read_head(&mut r, FORMAT, MAGIC, VERSIONS)?;
        let node_count = r.u32("node count")?;
        let link_count = r.u32("link count")?;
        let traversal_count = r.u32("traversal count")?;
        let heuristic = if version >= 16 {
            Some(r.f32("heuristic")?)
        } else {
            None
        };

        let nodes = shared::read_nodes(&mut r, node_count.into(), read_node, |n| &mut n.origin)?;
        let links = r.list(link_count as u64, 6, "links", |r| {
            let target = r.u16("target")?;
            let [kind, team_mask] = r.array::<2>("type")?;
            Ok(Link {
                target,
                kind,
                team_mask,
                traversal: r.u16("traversal")?,
            })
        })?;
        let traversals = r.list(traversal_count as u64, 36, "traversals", |r| {
            Ok(Traversal {
                node_exit: r.vec3("node exit")?,
                jump_start: r.vec3("jump start")?,
                jump_end: r.vec3("jump end")?,
            })
        })?;
        let edict_count = r.u32("edict count")?;
        let edicts = r.list(edict_count as u64, edict_size(version), "edicts", |r| {
            let link = r.u16("link")?;
            let mins = r.vec3("mins")?;
            let maxs = r.vec3("maxs")?;
            let target = if version <= 14 {
                EdictTarget::Names {
                    targetname: r.i32("targetname")?,
                    classname: r.i32("classname")?,
                }
            } else {
                EdictTarget::EntityId(r.i32("entity id")?)
            };
            Ok(Edict {
                link,
                mins,
                maxs,
                target,
            })
        })?;
        Ok(QuakeNavDocument {
            format: QuakeNavTag,
            version,
            heuristic,
            nodes,
            links,
            traversals,
            edicts,
            trailing: HexBytes::from(r.rest()),
        })
    }

    fn write(&self) -> Result<Vec<u8>> {
        let v = self.version;
        shared::check_version(FORMAT, v, VERSIONS)?;
        let size = header_size(v)
            .saturating_add(self.nodes.len().saturating_mul(20))
            .saturating_add(self.links.len().saturating_mul(6))
            .saturating_add(self.traversals.len().saturating_mul(36))
            .saturating_add(4)
            .saturating_add(self.edicts.len().saturating_mul(edict_size(v)))
            .saturating_add(self.trailing.len());
        let mut out: Vec<u8> = Vec::with_capacity(size);
        let count = |out: &Vec<u8>, n: usize, field: &str| -> Result<u32> {
            u32::try_from(n).map_err(|_| self.write_error(out, field, "too many to count in u32"))
        };
        out.put_bytes(&MAGIC);
        out.put_u32(v);
        let tables = [
            (self.nodes.len(), "node count"),
            (self.links.len(), "link count"),
            (self.traversals.len(), "traversal count"),
        ];
        for (n, field) in tables {
            let c = count(&out, n, field)?;
            out.put_u32(c);
        }
        let field = (|| "heuristic".to_string(), "heuristic");
        shared::put_versioned(
            &mut out,
            FORMAT,
            field,
            (v, 16),
            self.heuristic,
            Put::put_f32,
        )?;
        let node = |out: &mut Vec<u8>, n: &Node| {
            for word in [n.flags, n.link_count, n.first_link, n.radius] {
                out.put_u16(word);
            }
        };
        shared::put_nodes(&mut out, &self.nodes, node, |n| n.origin);
        for l in &self.links {
            out.put_u16(l.target);
            out.put_u8(l.kind);
            out.put_u8(l.team_mask);
            out.put_u16(l.traversal);
        }
        for t in &self.traversals {
            out.put_vec3(t.node_exit);
            out.put_vec3(t.jump_start);
            out.put_vec3(t.jump_end);
        }
        let c = count(&out, self.edicts.len(), "edict count")?;
        out.put_u32(c);
        for (i, e) in self.edicts.iter().enumerate() {
            out.put_u16(e.link);
            out.put_vec3(e.mins);
            out.put_vec3(e.maxs);
            match (v <= 14, e.target) {
                (
                    true,
                    EdictTarget::Names {
                        targetname,
                        classname,
                    },
                ) => {
                    out.put_i32(targetname);
                    out.put_i32(classname);
                }
                (false, EdictTarget::EntityId(id)) => out.put_i32(id),
                (v14, _) => {
                    let msg = if v14 {
                        "version 14 edicts hold targetname and classname, not an entity id"
                    } else {
                        "version 15+ edicts hold an entity id, not targetname and classname"
                    };
                    return Err(self.write_error(&out, &format!("edicts[{i}]"), msg));
                }
            }
        }
        out.put_bytes(self.trailing.as_slice());
        Ok(out)
    }

    fn summary(&self) -> Summary {
        let variant = match self.version {
            16 => Some("v16 read as v15 plus heuristic (undocumented)".into()),
            18.. => Some("link type high byte = team mask".into()),
            _ => None,
        };
        let mut s = shared::summary(self, variant);
        s.details.insert(
            "node_flags".into(),
            check::flag_counts(self.nodes.iter().map(|n| n.node_flags().names())),
        );
        if let Some(h) = self.heuristic {
            s.details.insert("heuristic".into(), json!(h.get()));
        }
        let masks: std::collections::BTreeMap<String, u64> =
            self.links
                .iter()
                .fold(std::collections::BTreeMap::new(), |mut m, l| {
                    *m.entry(format!("0x{:02x}", l.team_mask)).or_default() += 1;
                    m
                });
        if self.has_team_masks() {
            s.details.insert("team_masks".into(), json!(masks));
        } else if self.links.iter().any(|l| l.team_mask != 0) {
            s.warnings.push(format!(
                "links carry a non-zero high type byte before v18 (counts: {masks:?})"
            ));
        }
        s
    }

    fn to_model(&self) -> NavMesh {
        let nodes = self
            .nodes
            .iter()
            .map(|n| shared::NodeView {
                origin: vec3(n.origin),
                flags: n.node_flags().names(),
                radius: f32::from(n.radius),
                first_link: i64::from(n.first_link),
                link_count: i64::from(n.link_count),
            })
            .collect();
        let masks = self.has_team_masks();
        let links: Vec<shared::LinkView> = self
            .links
            .iter()
            .map(|l| shared::LinkView {
                target: i64::from(l.target),
                kind: l.link_type().kind(),
                team_mask: masks.then_some(l.team_mask),
                traversal: self
                    .traversal_of(l)
                    .map(|t| navforge_core::model::Traversal {
                        exit: vec3(t.node_exit),
                        start: vec3(t.jump_start),
                        end: vec3(t.jump_end),
                    }),
            })
            .collect();
        shared::to_model(navforge_core::Format::QuakeNav, nodes, &links)
    }
}
