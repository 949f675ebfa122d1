//! NavWorld (entry type 0): the fine path graph, one node per navmesh edge — its types, its
//! reader and its writer side by side.

use super::QVec;
use super::io::{Rd, Wr, add, put_q, qvec};
use navforge_core::{Put, Result};
use serde::{Deserialize, Serialize};

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
    /// Number of `b` twins.
    pub count_b: u8,
}

/// The neighbours of one node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NodeAdjacency {
    /// `[adjacent node, edge index]`.
    pub a: Vec<[u16; 2]>,
    /// Nodes at the same place in another segment.
    pub b: Vec<u16>,
}

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

pub(super) fn read_navworld(rd: &mut Rd, base: u64) -> Result<NavWorld> {
    let mut r = rd.at(base, "payload")?;
    let mut w = NavWorld {
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        ss4: r.u32("ss4")?,
        ss3: r.u32("ss3")?,
        u1: r.u32("u1")?,
        u2: r.u32("u2")?,
        ss5: r.u32("ss5")?,
        u3: r.u32("u3")?,
        ss6: r.u32("ss6")?,
        point_count: r.u16("point_count")?,
        edge_count: r.u16("edge_count")?,
        pad: qvec(&mut r, "pad")?,
        segment_count: r.u16("segment_count")?,
        points: vec![],
        nodes: vec![],
        adjacency: vec![],
        edges: vec![],
        segment_flags: vec![],
        face_refs: vec![],
    };
    rd.mark(base, r.pos())?;
    let np = u64::from(w.point_count);

    let p = add(base, u64::from(w.ss1));
    let mut r = rd.at(p, "ss1")?;
    w.points = r.list(np, 6, "points", |r| qvec(r, "point"))?;
    rd.mark(p, r.pos())?;

    let p = add(base, u64::from(w.ss2));
    let mut r = rd.at(p, "ss2")?;
    w.nodes = r.list(np, 6, "nodes", |r| {
        Ok(NavWorldNode {
            adjacency_offset: r.u16("adjacency_offset")?,
            segment: r.u16("segment")?,
            count_a: r.u8("count_a")?,
            count_b: r.u8("count_b")?,
        })
    })?;
    rd.mark(p, r.pos())?;

    let ss3 = add(base, u64::from(w.ss3));
    let mut adjacency = Vec::with_capacity(w.nodes.len());
    for (i, n) in w.nodes.iter().enumerate() {
        let p = add(ss3, u64::from(n.adjacency_offset) * 2);
        let mut r = rd
            .at(p, "adjacency_offset")
            .map_err(|e| e.within(format_args!("node #{i}")))?;
        let a = r.list(u64::from(n.count_a), 4, "a", |r| {
            Ok([r.u16("node")?, r.u16("edge")?])
        })?;
        let b = r.list(u64::from(n.count_b), 2, "b", |r| r.u16("node"))?;
        rd.mark(p, r.pos())?;
        adjacency.push(NodeAdjacency { a, b });
    }
    w.adjacency = adjacency;

    let p = add(base, u64::from(w.ss4));
    let mut r = rd.at(p, "ss4")?;
    w.edges = r.list(u64::from(w.edge_count), 6, "edges", |r| {
        Ok(NavWorldEdge {
            weight: r.u16("weight")?,
            segment: r.u16("segment")?,
            from: r.u8("from")?,
            to: r.u8("to")?,
        })
    })?;
    rd.mark(p, r.pos())?;

    let p = add(base, u64::from(w.ss5));
    let mut r = rd.at(p, "ss5")?;
    w.segment_flags = r.list(u64::from(w.segment_count), 2, "segment_flags", |r| {
        r.u16("flags")
    })?;
    rd.mark(p, r.pos())?;

    let p = add(base, u64::from(w.ss6));
    let mut r = rd.at(p, "ss6")?;
    w.face_refs = r.list(np, 2, "face_refs", |r| r.u16("face"))?;
    rd.mark(p, r.pos())?;
    Ok(w)
}

pub(super) fn write_navworld(w: &mut Wr, base: u64, n: &NavWorld) -> Result<()> {
    let mut b = Vec::with_capacity(48);
    for v in [n.ss1, n.ss2, n.ss4, n.ss3, n.u1, n.u2, n.ss5, n.u3, n.ss6] {
        b.put_u32(v);
    }
    b.put_u16(n.point_count);
    b.put_u16(n.edge_count);
    put_q(&mut b, &n.pad);
    b.put_u16(n.segment_count);
    w.put(base, &b, "nav_world header")?;
    let mut b = Vec::new();
    n.points.iter().for_each(|p| put_q(&mut b, p));
    w.put(add(base, u64::from(n.ss1)), &b, "nav_world points")?;
    let mut b = Vec::new();
    for nd in &n.nodes {
        b.put_u16(nd.adjacency_offset);
        b.put_u16(nd.segment);
        b.put_u8(nd.count_a);
        b.put_u8(nd.count_b);
    }
    w.put(add(base, u64::from(n.ss2)), &b, "nav_world nodes")?;
    let ss3 = add(base, u64::from(n.ss3));
    for (nd, a) in n.nodes.iter().zip(&n.adjacency) {
        let mut b = Vec::new();
        for x in &a.a {
            b.put_u16(x[0]);
            b.put_u16(x[1]);
        }
        for x in &a.b {
            b.put_u16(*x);
        }
        w.put(
            add(ss3, u64::from(nd.adjacency_offset) * 2),
            &b,
            "nav_world adjacency",
        )?;
    }
    let mut b = Vec::new();
    for e in &n.edges {
        b.put_u16(e.weight);
        b.put_u16(e.segment);
        b.put_u8(e.from);
        b.put_u8(e.to);
    }
    w.put(add(base, u64::from(n.ss4)), &b, "nav_world edges")?;
    let mut b = Vec::new();
    n.segment_flags.iter().for_each(|f| b.put_u16(*f));
    w.put(add(base, u64::from(n.ss5)), &b, "nav_world segment flags")?;
    let mut b = Vec::new();
    n.face_refs.iter().for_each(|f| b.put_u16(*f));
    w.put(add(base, u64::from(n.ss6)), &b, "nav_world face refs")
}
