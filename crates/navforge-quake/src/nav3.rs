//! Quake II re-release bot navigation (`NAV3`, versions 1–6) as a lossless document.
//!
//! The sibling of Quake 2021's `NAV2`, from the same (Kex) engine family. Layout facts come from
//! the Kaitai descriptions and the loader in the Quake II re-release engine support of a public
//! source port (Q2PRO's `nav.c`), checked against the six real v6 files of the corpus:
//!
//! | section | size | fields |
//! |---|---|---|
//! | header | 24 | `NAV3`, version u32, node count i32, link count i32, traversal count i32, heuristic f32 |
//! | nodes | 8 × nodes | flags u16, link count i16, first link i16, radius i16 |
//! | node origins | 12 × nodes | vec3 |
//! | links | 6 × links | target i16, type u8, flags u8, traversal i16 (-1 = none) |
//! | traversals | 36 (v1–3) or 48 (v4+) each | funnel, start, end vec3, ladder plane vec3 (v4+) |
//! | edicts | 4 + 26 (v1) or 30 (v2+) each | count i32; link i16, model i32 (v2+), mins vec3, maxs vec3 |
//!
//! Link flags: v1–2 hold team bits the engine ignores (it assumes all teams); v3–5 bits are
//! red, blue, yellow, green teams (the engine strips yellow and green); v6 bits are red, blue,
//! exit-at-target, walk-only, ease-into-target, instant-turn, disabled.

use crate::check;
use crate::names::{
    Q2_LINK_FLAG_NAMES_V3, Q2_LINK_FLAG_NAMES_V6, Q2_NODE_FLAG_NAMES, bit_names, q2_link_kind,
    q2_link_name,
};
use crate::shared::{self, vec3};
use crate::tag::Quake2NavTag;
use navforge_core::model::NavMesh;
use navforge_core::{Error, F32, HexBytes, NavDocument, Put, Reader, Result, Summary};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Format name of [`Quake2NavDocument`].
pub const FORMAT: &str = "quake2-nav";
/// The magic number of Quake II re-release navigation files.
pub const MAGIC: [u8; 4] = *b"NAV3";
/// The versions this crate reads and writes (the engine loads 1–6).
pub const VERSIONS: std::ops::RangeInclusive<u32> = 1..=6;

/// Whether `data` starts with the `NAV3` magic (Quake II re-release).
pub fn sniff_quake2(data: &[u8]) -> bool {
    data.starts_with(&MAGIC)
}

/// A bit-exact position (x, y, z).
pub type Vec3 = [F32; 3];

/// A whole `NAV3` file. Its serde form is the lossless JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Quake2NavDocument {
    /// The format tag (`quake2-nav`).
    pub format: Quake2NavTag,
    /// File version, 1-6.
    pub version: u32,
    /// Path-finding heuristic weight.
    pub heuristic: F32,
    /// Nodes in file order.
    pub nodes: Vec<Q2Node>,
    /// Links; each node owns a contiguous range.
    pub links: Vec<Q2Link>,
    /// Traversals.
    pub traversals: Vec<Q2Traversal>,
    /// Entities links depend on.
    pub edicts: Vec<Q2Edict>,
    #[serde(default, skip_serializing_if = "HexBytes::is_empty")]
    /// Bytes after the edicts, kept verbatim.
    pub trailing: HexBytes,
}

/// One Quake II node (20 bytes: flags, link range, radius, origin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Q2Node {
    /// Flag bits.
    pub flags: u16,
    /// Number of links the node owns.
    pub link_count: i16,
    /// Index of its first link.
    pub first_link: i16,
    /// Radius in units.
    pub radius: i16,
    /// Position.
    pub origin: Vec3,
}

/// One Quake II link (6 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Q2Link {
    /// Target node index.
    pub target: i16,
    /// Link type code.
    pub kind: u8,
    /// Link flag bits.
    pub flags: u8,
    /// Traversal index, -1 for none.
    pub traversal: i16,
}

/// One Quake II traversal (36 or 48 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Q2Traversal {
    /// Funnel point.
    pub funnel: Vec3,
    /// Where the traversal starts.
    pub start: Vec3,
    /// Where it ends.
    pub end: Vec3,
    /// Ladder move plane, v4+.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladder_plane: Option<Vec3>,
}

/// One Quake II edict: the entity a link depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Q2Edict {
    /// The link it belongs to.
    pub link: i16,
    /// Model index, v2+.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<i32>,
    /// Lower corner of the entity's box.
    pub mins: Vec3,
    /// Upper corner.
    pub maxs: Vec3,
}

fn traversal_size(version: u32) -> usize {
    if version >= 4 { 48 } else { 36 }
}

fn edict_size(version: u32) -> usize {
    if version >= 2 { 30 } else { 26 }
}

impl Q2Link {
    /// The link type's name.
    pub fn type_name(&self) -> String {
        q2_link_name(self.kind)
    }

    /// The link type as the common model names it.
    pub fn connection_kind(&self) -> navforge_core::model::ConnectionKind {
        q2_link_kind(self.kind)
    }
}

impl Quake2NavDocument {
    /// The links a node owns (its range, clamped to the link table).
    pub fn node_links(&self, node: usize) -> &[Q2Link] {
        shared::node_links(self, node)
    }

    /// The traversal a link uses, when its index is in range.
    pub fn traversal_of(&self, link: &Q2Link) -> Option<&Q2Traversal> {
        usize::try_from(link.traversal)
            .ok()
            .and_then(|i| self.traversals.get(i))
    }

    /// Names of a link's flag bits for this document's version.
    pub fn link_flag_names(&self, flags: u8) -> Vec<String> {
        match self.version {
            6.. => bit_names(flags as u32, 8, &Q2_LINK_FLAG_NAMES_V6),
            3..=5 => bit_names(flags as u32, 8, &Q2_LINK_FLAG_NAMES_V3),
            _ => bit_names(flags as u32, 8, &[]),
        }
    }

    /// Names of the node flag bits set.
    pub fn node_flag_names(flags: u16) -> Vec<String> {
        bit_names(flags as u32, 16, &Q2_NODE_FLAG_NAMES)
    }
}

shared::graph_file!(
    Quake2NavDocument,
    Q2Node,
    Q2Link,
    Quake2Nav,
    q2_link_name,
    -1
);

fn count_field(value: i32, field: &'static str, at: u64) -> Result<u64> {
    u64::try_from(value)
        .map_err(|_| Error::invalid(FORMAT, field, at, format!("negative count {value}")))
}

impl NavDocument for Quake2NavDocument {
    const FORMAT: navforge_core::Format = navforge_core::Format::Quake2Nav;

    fn read(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data, FORMAT);
        let version = shared::read_head(&mut r, FORMAT, MAGIC, VERSIONS)?;
        let node_count = r.i32("node count")?;
        let node_count = count_field(node_count, "node count", 8)?;
        let link_count = r.i32("link count")?;
        let link_count = count_field(link_count, "link count", 12)?;
        let traversal_count = r.i32("traversal count")?;
        let traversal_count = count_field(traversal_count, "traversal count", 16)?;
        let heuristic = r.f32("heuristic")?;

        let read_node = |r: &mut Reader| -> Result<Q2Node> {
            Ok(Q2Node {
                flags: r.u16("flags")?,
                link_count: r.i16("link count")?,
                first_link: r.i16("first link")?,
                radius: r.i16("radius")?,
                origin: [F32::ZERO; 3],
            })
        };
        let nodes = shared::read_nodes(&mut r, node_count, read_node, |n| &mut n.origin)?;
        let links = r.list(link_count, 6, "links", |r| {
            Ok(Q2Link {
                target: r.i16("target")?,
                kind: r.u8("type")?,
                flags: r.u8("flags")?,
                traversal: r.i16("traversal")?,
            })
        })?;
        let traversals = r.list(
            traversal_count,
            traversal_size(version),
            "traversals",
            |r| {
                Ok(Q2Traversal {
                    funnel: r.vec3("funnel")?,
                    start: r.vec3("start")?,
                    end: r.vec3("end")?,
                    ladder_plane: if version >= 4 {
                        Some(r.vec3("ladder plane")?)
                    } else {
                        None
                    },
                })
            },
        )?;
        let at = r.offset();
        let edict_count = r.i32("edict count")?;
        let edict_count = count_field(edict_count, "edict count", at)?;
        let edicts = r.list(edict_count, edict_size(version), "edicts", |r| {
            Ok(Q2Edict {
                link: r.i16("link")?,
                model: if version >= 2 {
                    Some(r.i32("model")?)
                } else {
                    None
                },
                mins: r.vec3("mins")?,
                maxs: r.vec3("maxs")?,
            })
        })?;
        Ok(Quake2NavDocument {
            format: Quake2NavTag,
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
        let mut out: Vec<u8> = Vec::with_capacity(
            28usize
                .saturating_add(self.nodes.len().saturating_mul(20))
                .saturating_add(self.links.len().saturating_mul(6))
                .saturating_add(self.traversals.len().saturating_mul(traversal_size(v)))
                .saturating_add(self.edicts.len().saturating_mul(edict_size(v)))
                .saturating_add(self.trailing.len()),
        );
        let count = |out: &Vec<u8>, n: usize, field: &str| -> Result<i32> {
            i32::try_from(n).map_err(|_| {
                Error::invalid(FORMAT, field, out.len() as u64, "too many to count in i32")
            })
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
            out.put_i32(c);
        }
        out.put_f32(self.heuristic);
        let node = |out: &mut Vec<u8>, n: &Q2Node| {
            out.put_u16(n.flags);
            for word in [n.link_count, n.first_link, n.radius] {
                out.put_i16(word);
            }
        };
        shared::put_nodes(&mut out, &self.nodes, node, |n| n.origin);
        for l in &self.links {
            out.put_i16(l.target);
            out.put_u8(l.kind);
            out.put_u8(l.flags);
            out.put_i16(l.traversal);
        }
        for (i, t) in self.traversals.iter().enumerate() {
            out.put_vec3(t.funnel);
            out.put_vec3(t.start);
            out.put_vec3(t.end);
            let field = (|| format!("traversals[{i}] > ladder plane"), "ladder plane");
            shared::put_versioned(
                &mut out,
                FORMAT,
                field,
                (v, 4),
                t.ladder_plane,
                Put::put_vec3,
            )?;
        }
        let c = count(&out, self.edicts.len(), "edict count")?;
        out.put_i32(c);
        for (i, e) in self.edicts.iter().enumerate() {
            out.put_i16(e.link);
            let field = (|| format!("edicts[{i}] > model"), "model index");
            shared::put_versioned(&mut out, FORMAT, field, (v, 2), e.model, Put::put_i32)?;
            out.put_vec3(e.mins);
            out.put_vec3(e.maxs);
        }
        out.put_bytes(self.trailing.as_slice());
        Ok(out)
    }

    fn summary(&self) -> Summary {
        let mut s = shared::summary(self, Some("Quake II re-release".into()));
        s.details.insert(
            "node_flags".into(),
            check::flag_counts(self.nodes.iter().map(|n| Self::node_flag_names(n.flags))),
        );
        s.details.insert(
            "link_flags".into(),
            check::flag_counts(self.links.iter().map(|l| self.link_flag_names(l.flags))),
        );
        s.details
            .insert("heuristic".into(), json!(self.heuristic.get()));
        s
    }

    fn to_model(&self) -> NavMesh {
        let nodes = self
            .nodes
            .iter()
            .map(|n| shared::NodeView {
                origin: vec3(n.origin),
                flags: Self::node_flag_names(n.flags),
                radius: f32::from(n.radius),
                first_link: i64::from(n.first_link),
                link_count: i64::from(n.link_count),
            })
            .collect();
        let links: Vec<shared::LinkView> = self
            .links
            .iter()
            .map(|l| shared::LinkView {
                target: i64::from(l.target),
                kind: q2_link_kind(l.kind),
                team_mask: None,
                traversal: self
                    .traversal_of(l)
                    .map(|t| navforge_core::model::Traversal {
                        exit: vec3(t.funnel),
                        start: vec3(t.start),
                        end: vec3(t.end),
                    }),
            })
            .collect();
        shared::to_model(navforge_core::Format::Quake2Nav, nodes, &links)
    }
}
