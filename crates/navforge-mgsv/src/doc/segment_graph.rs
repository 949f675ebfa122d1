//! SegmentGraph (entry type 3): the coarse graph, one node per segment — types, reader and
//! writer side by side.

use super::QVec;
use super::io::{Rd, Wr, add, put_q, qvec, u24};
use crate::FMT;
use navforge_core::{Error, HexBytes, Put, Reader, Result};
use serde::{Deserialize, Serialize};

/// SegmentGraph (type 3): the coarse graph, one node per segment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SegmentGraph {
    /// Offset of sub-section 1, relative to the start of this structure.
    pub ss1: u32,
    /// Offset of sub-section 2, relative to the start of this structure.
    pub ss2: u32,
    /// Offset of sub-section 3, relative to the start of this structure.
    pub ss3: u32,
    /// Unknown; kept as found.
    pub uu1: u32,
    /// Size of the payload.
    pub total_size: u32,
    /// Number of nodes.
    pub node_count: u32,
    /// Unknown; kept as found.
    pub uu3: u16,
    /// Number of edges.
    pub total_edges: u32,
    /// Unknown; kept as found.
    pub pad: u16,
    /// Quantised node positions.
    pub positions: Vec<QVec>,
    /// Nodes.
    pub nodes: Vec<SegmentGraphNode>,
    /// Per node when `ss3 != total_size`, else empty.
    pub adjacency: Vec<SegmentGraphAdjacency>,
}

/// One SegmentGraph node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SegmentGraphNode {
    /// 24 bits, 2-byte units from ss3.
    pub edge_offset: u32,
    /// Number of edges.
    pub edge_count: u8,
    /// Unknown; kept as found.
    pub u3: i16,
    /// Unknown; kept as found.
    pub u4: u16,
    /// Unknown; kept as found.
    pub u5: u8,
    /// Unknown; kept as found.
    pub u6: u8,
    /// Number of group edges.
    pub group_edge_count: u8,
    /// Number of tile edges.
    pub mesh_edge_count: u8,
}

/// The edges of one SegmentGraph node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SegmentGraphAdjacency {
    /// Edges within the group.
    pub edges: Vec<SgEdge>,
    /// Edges to other groups.
    pub group_edges: Vec<SgGroupEdge>,
    /// Edges to neighbouring tiles.
    pub mesh_edges: Vec<SgMeshEdge>,
}

/// An edge to a node of the same group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SgEdge {
    /// Weight.
    pub weight: u16,
    /// Target node.
    pub node: u16,
    /// Index of the opposite edge (`node` -> this node) in `node`'s edge list (the references
    /// called it padding; it holds in every game file of the corpus).
    pub reverse: u8,
    /// Shared navmesh edge indices (count byte = length).
    pub shared: HexBytes,
}

/// An edge to a node of another group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SgGroupEdge {
    /// Target group.
    pub group: u16,
    /// Weight.
    pub weight: u16,
    /// Target node.
    pub node: u16,
    /// Unknown; kept as found.
    pub pad: u8,
    /// Shared navmesh edge indices.
    pub shared: HexBytes,
}

/// An edge to a node of a neighbouring tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SgMeshEdge {
    /// Four u16 whose order the references disagree on, kept as found. The Survive tiles
    /// read as `[neighbour tile code, group in that tile, weight, node]` with node 0x0fff
    /// (unresolved) in every sample: e.g. `[1896, 3, 254, 4095]` in ssav_140_130 (tile 1895).
    pub fields: [u16; 4],
    /// Unknown; kept as found.
    pub pad: u8,
    /// Shared navmesh edge indices.
    pub shared: HexBytes,
}

pub(super) fn read_segment_graph(rd: &mut Rd, base: u64) -> Result<SegmentGraph> {
    let mut r = rd.at(base, "payload")?;
    let mut g = SegmentGraph {
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        ss3: r.u32("ss3")?,
        uu1: r.u32("uu1")?,
        total_size: r.u32("total_size")?,
        node_count: r.u32("node_count")?,
        uu3: r.u16("uu3")?,
        total_edges: r.u32("total_edges")?,
        pad: r.u16("pad")?,
        positions: vec![],
        nodes: vec![],
        adjacency: vec![],
    };
    rd.mark(base, r.pos())?;
    let p = add(base, u64::from(g.ss1));
    let mut r = rd.at(p, "ss1")?;
    g.positions = r.list(u64::from(g.node_count), 6, "positions", |r| {
        qvec(r, "position")
    })?;
    rd.mark(p, r.pos())?;
    let p = add(base, u64::from(g.ss2));
    let mut r = rd.at(p, "ss2")?;
    g.nodes = r.list(u64::from(g.node_count), 12, "nodes", |r| {
        Ok(SegmentGraphNode {
            edge_offset: u24(r, "edge_offset")?,
            edge_count: r.u8("edge_count")?,
            u3: r.i16("u3")?,
            u4: r.u16("u4")?,
            u5: r.u8("u5")?,
            u6: r.u8("u6")?,
            group_edge_count: r.u8("group_edge_count")?,
            mesh_edge_count: r.u8("mesh_edge_count")?,
        })
    })?;
    rd.mark(p, r.pos())?;
    if g.ss3 != g.total_size {
        let ss3 = add(base, u64::from(g.ss3));
        let mut adjacency = Vec::with_capacity(g.nodes.len());
        for (i, n) in g.nodes.iter().enumerate() {
            let p = add(ss3, u64::from(n.edge_offset) * 2);
            let mut r = rd
                .at(p, "edge_offset")
                .map_err(|e| e.within(format_args!("node #{i}")))?;
            let a =
                read_sg_adjacency(&mut r, n).map_err(|e| e.within(format_args!("node #{i}")))?;
            rd.mark(p, r.pos())?;
            adjacency.push(a);
        }
        g.adjacency = adjacency;
    }
    Ok(g)
}

pub(super) fn write_segment_graph(w: &mut Wr, base: u64, g: &SegmentGraph) -> Result<()> {
    let mut b = Vec::with_capacity(32);
    for v in [g.ss1, g.ss2, g.ss3, g.uu1, g.total_size, g.node_count] {
        b.put_u32(v);
    }
    b.put_u16(g.uu3);
    b.put_u32(g.total_edges);
    b.put_u16(g.pad);
    w.put(base, &b, "segment_graph header")?;
    let mut b = Vec::new();
    g.positions.iter().for_each(|p| put_q(&mut b, p));
    w.put(add(base, u64::from(g.ss1)), &b, "segment_graph positions")?;
    let mut b = Vec::new();
    for n in &g.nodes {
        b.put_bytes(&n.edge_offset.to_le_bytes()[..3]);
        b.put_u8(n.edge_count);
        b.put_i16(n.u3);
        b.put_u16(n.u4);
        b.put_u8(n.u5);
        b.put_u8(n.u6);
        b.put_u8(n.group_edge_count);
        b.put_u8(n.mesh_edge_count);
    }
    w.put(add(base, u64::from(g.ss2)), &b, "segment_graph nodes")?;
    let ss3 = add(base, u64::from(g.ss3));
    for (n, a) in g.nodes.iter().zip(&g.adjacency) {
        let mut b = Vec::new();
        for e in &a.edges {
            b.put_u16(e.weight);
            b.put_u16(e.node);
            b.put_u8(count_u8(e.shared.len())?);
            b.put_u8(e.reverse);
        }
        for e in &a.group_edges {
            b.put_u16(e.group);
            b.put_u16(e.weight);
            b.put_u16(e.node);
            b.put_u8(count_u8(e.shared.len())?);
            b.put_u8(e.pad);
        }
        for e in &a.mesh_edges {
            e.fields.iter().for_each(|v| b.put_u16(*v));
            b.put_u8(count_u8(e.shared.len())?);
            b.put_u8(e.pad);
        }
        a.edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        a.group_edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        a.mesh_edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        w.put(
            add(ss3, u64::from(n.edge_offset) * 2),
            &b,
            "segment_graph edges",
        )?;
    }
    Ok(())
}

pub(super) fn read_sg_adjacency(
    r: &mut Reader,
    n: &SegmentGraphNode,
) -> Result<SegmentGraphAdjacency> {
    let mut c1 = Vec::new();
    let mut c2 = Vec::new();
    let mut c3 = Vec::new();
    let mut edges = r.list(u64::from(n.edge_count), 6, "edges", |r| {
        let weight = r.u16("weight")?;
        let node = r.u16("node")?;
        c1.push(r.u8("count")?);
        Ok(SgEdge {
            weight,
            node,
            reverse: r.u8("reverse")?,
            shared: HexBytes::default(),
        })
    })?;
    let mut group_edges = r.list(u64::from(n.group_edge_count), 8, "group_edges", |r| {
        let group = r.u16("group")?;
        let weight = r.u16("weight")?;
        let node = r.u16("node")?;
        c2.push(r.u8("count")?);
        Ok(SgGroupEdge {
            group,
            weight,
            node,
            pad: r.u8("pad")?,
            shared: HexBytes::default(),
        })
    })?;
    let mut mesh_edges = r.list(u64::from(n.mesh_edge_count), 10, "mesh_edges", |r| {
        let fields = [r.u16("f")?, r.u16("f")?, r.u16("f")?, r.u16("f")?];
        c3.push(r.u8("count")?);
        Ok(SgMeshEdge {
            fields,
            pad: r.u8("pad")?,
            shared: HexBytes::default(),
        })
    })?;
    for (e, &c) in edges.iter_mut().zip(&c1) {
        e.shared = HexBytes(r.bytes(usize::from(c), "shared")?.to_vec());
    }
    for (e, &c) in group_edges.iter_mut().zip(&c2) {
        e.shared = HexBytes(r.bytes(usize::from(c), "shared")?.to_vec());
    }
    for (e, &c) in mesh_edges.iter_mut().zip(&c3) {
        e.shared = HexBytes(r.bytes(usize::from(c), "shared")?.to_vec());
    }
    Ok(SegmentGraphAdjacency {
        edges,
        group_edges,
        mesh_edges,
    })
}

fn count_u8(n: usize) -> Result<u8> {
    u8::try_from(n).map_err(|_| Error::invalid(FMT, "shared", 0, "more than 255 shared edges"))
}
