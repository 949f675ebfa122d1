//! NavWorld (entry type 0): the fine path graph, one node per navmesh edge — its types, reader,
//! writer and layout side by side.

use super::QVec;
use super::io::{Rd, Wr, add};
use super::layout::{Span, count_u8, count_u16, packed};
use super::wire::{Wire, invalid, one_each, pad16, put_list, read_list, record};
use navforge_core::{Reader, Result};
use serde::{Deserialize, Serialize};

record! {
    /// NavWorld (type 0): the fine path graph, one node per navmesh edge.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavWorld {
        /// Offset of sub-section 1, relative to the start of this structure.
        pub ss1: u32,
        /// Offset of sub-section 2, relative to the start of this structure.
        pub ss2: u32,
        /// Offset of sub-section 4, relative to the start of this structure.
        pub ss4: u32,
        /// Offset of sub-section 3, relative to the start of this structure.
        pub ss3: u32,
        /// Unknown; kept as found.
        pub u1: u32,
        /// Unknown; kept as found.
        pub u2: u32,
        /// Offset of sub-section 5, relative to the start of this structure.
        pub ss5: u32,
        /// Unknown; kept as found.
        pub u3: u32,
        /// Offset of sub-section 6, relative to the start of this structure.
        pub ss6: u32,
        /// Number of nodes.
        pub point_count: u16,
        /// Number of edges.
        pub edge_count: u16,
        /// Unknown; kept as found.
        pub pad: [u16; 3],
        /// Number of segments.
        pub segment_count: u16,
    }
    then {
        /// ss1: node positions.
        pub points: Vec<QVec>,
        /// ss2: per node.
        pub nodes: Vec<NavWorldNode>,
        /// ss3: per node, at `ss3 + 2 × adjacency_offset`.
        pub adjacency: Vec<NodeAdjacency>,
        /// ss4.
        pub edges: Vec<NavWorldEdge>,
        /// ss5: one flag word per segment.
        pub segment_flags: Vec<u16>,
        /// ss6: per node, index into the group's NavmeshChunk face table (ss2).
        pub face_refs: Vec<u16>,
    }
}

record! {
    /// One NavWorld node.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavWorldNode {
        /// In 2-byte units from ss3.
        pub adjacency_offset: u16,
        /// Segment of the node.
        pub segment: u16,
        /// Number of `a` neighbours.
        pub count_a: u8,
        /// What the `b` words are (the game's files use four kinds, see [`twin_words`]): 0 none,
        /// 1 a twin node of this group, 2 `[group, node]` in another group of this file, 4
        /// `[tile code, group, 0xffff]` in a neighbouring tile.
        pub count_b: u8,
    }
}

record! {
    /// One NavWorld edge.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavWorldEdge {
        /// Weight.
        pub weight: u16,
        /// Segment of the edge.
        pub segment: u16,
        /// Node indices local to the segment.
        pub from: u8,
        /// End node, local to the segment.
        pub to: u8,
    }
}

/// The neighbours of one node (NavWorld) or one component (Section2).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NodeAdjacency {
    /// `[adjacent node, edge index]`.
    pub a: Vec<[u16; 2]>,
    /// NavWorld: the twin record ([`NavWorldNode::count_b`] says which kind); Section2: flagged
    /// links, one word each.
    pub b: Vec<u16>,
}

impl NodeAdjacency {
    /// Read `a` pairs, then `b` words.
    pub(super) fn read(r: &mut Reader, a: u64, b: u64) -> Result<Self> {
        Ok(NodeAdjacency {
            a: read_list(r, a, "a")?,
            b: read_list(r, b, "b")?,
        })
    }

    pub(super) fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        put_list(b, &self.a)?;
        put_list(b, &self.b)
    }

    /// Length on disk in 2-byte words.
    pub(super) fn words(&self) -> u64 {
        2 * self.a.len() as u64 + self.b.len() as u64
    }
}

/// How many words a NavWorld node's twin record of kind `count_b` holds. Measured on every
/// Metal Gear Survive tile: kinds 0, 1 and 2 hold that many words, and kind 4 (a neighbouring
/// tile) holds three, `[tile code, group, 0xffff]`: the next node's record starts right after.
/// Other kinds were never seen; they are read as a count.
pub fn twin_words(count_b: u8) -> u64 {
    match count_b {
        4 => 3,
        n => u64::from(n),
    }
}

pub(super) fn read_navworld(rd: &mut Rd, base: u64) -> Result<NavWorld> {
    let mut w: NavWorld = rd.value_at(base, "payload")?;
    let np = u64::from(w.point_count);
    w.points = rd.list_at(base, ("ss1", w.ss1), "points", np)?;
    w.nodes = rd.list_at(base, ("ss2", w.ss2), "nodes", np)?;
    let ss3 = add(base, u64::from(w.ss3));
    let mut adjacency = Vec::with_capacity(w.nodes.len());
    for (i, n) in w.nodes.iter().enumerate() {
        let p = add(ss3, u64::from(n.adjacency_offset) * 2);
        let a = rd
            .records_at(p, "adjacency_offset", |r| {
                NodeAdjacency::read(r, u64::from(n.count_a), twin_words(n.count_b))
            })
            .map_err(|e| e.within(format_args!("node #{i}")))?;
        adjacency.push(a);
    }
    w.adjacency = adjacency;
    w.edges = rd.list_at(base, ("ss4", w.ss4), "edges", w.edge_count)?;
    w.segment_flags = rd.list_at(base, ("ss5", w.ss5), "segment_flags", w.segment_count)?;
    w.face_refs = rd.list_at(base, ("ss6", w.ss6), "face_refs", np)?;
    Ok(w)
}

pub(super) fn write_navworld(w: &mut Wr, base: u64, n: &NavWorld) -> Result<()> {
    w.record(base, "nav_world header", |b| n.put(b))?;
    w.list(add(base, u64::from(n.ss1)), "nav_world points", &n.points)?;
    w.list(add(base, u64::from(n.ss2)), "nav_world nodes", &n.nodes)?;
    let ss3 = add(base, u64::from(n.ss3));
    for (nd, a) in n.nodes.iter().zip(&n.adjacency) {
        w.record(
            add(ss3, u64::from(nd.adjacency_offset) * 2),
            "nav_world adjacency",
            |b| a.put(b),
        )?;
    }
    w.list(add(base, u64::from(n.ss4)), "nav_world edges", &n.edges)?;
    w.list(
        add(base, u64::from(n.ss5)),
        "nav_world segment flags",
        &n.segment_flags,
    )?;
    w.list(
        add(base, u64::from(n.ss6)),
        "nav_world face refs",
        &n.face_refs,
    )
}

impl NavWorld {
    /// Recompute counts and offsets from the lists; returns the payload's length.
    pub(super) fn lay_out(&mut self) -> Result<u64> {
        let np = self.points.len();
        one_each(
            np,
            "points",
            &[
                ("nodes", self.nodes.len()),
                ("adjacency", self.adjacency.len()),
                ("face_refs", self.face_refs.len()),
            ],
        )?;
        self.point_count = count_u16("points", np)?;
        self.edge_count = count_u16("edges", self.edges.len())?;
        self.segment_count = count_u16("segment_flags", self.segment_flags.len())?;
        let mut words = 0u64;
        for (i, (n, a)) in self.nodes.iter_mut().zip(&self.adjacency).enumerate() {
            let at = |e: navforge_core::Error| e.within(format_args!("node #{i}"));
            if a.b.len() as u64 != twin_words(n.count_b) {
                return Err(at(invalid(
                    "b",
                    format!(
                        "{} words, but kind {} holds {}",
                        a.b.len(),
                        n.count_b,
                        twin_words(n.count_b)
                    ),
                )));
            }
            n.count_a = count_u8("a", a.a.len()).map_err(at)?;
            n.adjacency_offset = count_u16("adjacency_offset", words as usize).map_err(at)?;
            words += a.words();
        }
        let mut s = Span::new(Self::SIZE);
        self.ss1 = s.next("ss1", 6 * np as u64, pad16)?;
        self.ss2 = s.next("ss2", 6 * np as u64, pad16)?;
        self.ss3 = s.next("ss3", 2 * words, pad16)?;
        self.ss4 = s.next("ss4", 6 * self.edges.len() as u64, pad16)?;
        self.ss5 = s.next("ss5", 2 * self.segment_flags.len() as u64, pad16)?;
        self.ss6 = s.next("ss6", 2 * np as u64, packed)?;
        Ok(s.end())
    }
}
