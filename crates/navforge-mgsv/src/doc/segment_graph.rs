//! SegmentGraph (entry type 3): the coarse graph, one node per segment — types, reader, writer
//! and layout side by side.

use super::QVec;
use super::io::{Rd, Wr, add};
use super::layout::{Span, count_u8, count_u32};
use super::wire::{U24, Wire, invalid, one_each, pad16, record};
use navforge_core::{HexBytes, Put, Reader, Result};
use serde::{Deserialize, Serialize};

record! {
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
        /// Shared navmesh edges over all edges, counting an edge without any as one (the game's
        /// files: the shared bytes; Obj2Nav2's, which list none: the edges).
        pub total_edges: u32,
        /// Unknown; kept as found.
        pub pad: u16,
    }
    then {
        /// Quantised node positions.
        pub positions: Vec<QVec>,
        /// Nodes.
        pub nodes: Vec<SegmentGraphNode>,
        /// Per node when `ss3 != total_size`, else empty.
        pub adjacency: Vec<SegmentGraphAdjacency>,
    }
}

record! {
    /// One SegmentGraph node.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct SegmentGraphNode {
        /// 24 bits, 2-byte units from ss3.
        pub edge_offset: u32 as U24,
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

/// The three kinds of SegmentGraph edge share one shape on disk: their own fields, a count byte
/// (`count;` in [`graph_link!`]), one more byte (`reverse` or `pad`), and — after every edge of
/// the node — `count` shared navmesh edge indices.
trait GraphLink: Sized {
    /// Bytes before the shared indices.
    const SIZE: usize;
    /// Read the fixed part; returns the edge (no shared indices yet) and their count.
    fn read(r: &mut Reader) -> Result<(Self, u8)>;
    /// Write the fixed part, the count taken from `shared`.
    fn put(&self, b: &mut Vec<u8>) -> Result<()>;
    fn shared(&self) -> &HexBytes;
    fn shared_mut(&mut self) -> &mut HexBytes;
}

macro_rules! graph_link {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty, )*
            count;
            $(#[$lmeta:meta])* pub $last:ident : u8,
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
            $(#[$lmeta])* pub $last: u8,
            /// Shared navmesh edge indices (the count byte is their number), one byte each.
            #[serde(with = "super::numbers::u8_list")]
            #[cfg_attr(feature = "schema", schemars(with = "super::numbers::U8List"))]
            pub shared: HexBytes,
        }

        impl GraphLink for $name {
            const SIZE: usize = 0 $(+ <$ty as Wire>::SIZE)* + 2;
            fn read(r: &mut Reader) -> Result<(Self, u8)> {
                $( let $field = <$ty as Wire>::read(r, stringify!($field))?; )*
                let count = r.u8("count")?;
                let $last = r.u8(stringify!($last))?;
                Ok((Self { $( $field, )* $last, shared: HexBytes::default() }, count))
            }
            fn put(&self, b: &mut Vec<u8>) -> Result<()> {
                $( Wire::put(&self.$field, b)?; )*
                b.put_u8(count_u8("shared", self.shared.len())?);
                b.put_u8(self.$last);
                Ok(())
            }
            fn shared(&self) -> &HexBytes {
                &self.shared
            }
            fn shared_mut(&mut self) -> &mut HexBytes {
                &mut self.shared
            }
        }
    };
}

graph_link! {
    /// An edge to a node of the same group.
    pub struct SgEdge {
        /// Weight.
        pub weight: u16,
        /// Target node.
        pub node: u16,
        count;
        /// Index of the opposite edge (`node` -> this node) in `node`'s edge list (the references
        /// called it padding; it holds in every game file of the corpus).
        pub reverse: u8,
    }
}

graph_link! {
    /// An edge to a node of another group.
    pub struct SgGroupEdge {
        /// Target group.
        pub group: u16,
        /// Weight.
        pub weight: u16,
        /// Target node.
        pub node: u16,
        count;
        /// Unknown; kept as found.
        pub pad: u8,
    }
}

graph_link! {
    /// An edge to a node of a neighbouring tile.
    pub struct SgMeshEdge {
        /// Four u16 whose order the references disagree on, kept as found. The Survive tiles
        /// read as `[neighbour tile code, group in that tile, weight, node]` with node 0x0fff
        /// (unresolved) in every sample: e.g. `[1896, 3, 254, 4095]` in ssav_140_130 (tile 1895).
        pub fields: [u16; 4],
        count;
        /// Unknown; kept as found.
        pub pad: u8,
    }
}

fn read_links<T: GraphLink>(
    r: &mut Reader,
    count: u8,
    field: &'static str,
) -> Result<(Vec<T>, Vec<u8>)> {
    let mut counts = Vec::with_capacity(count.into());
    let links = r.list(u64::from(count), T::SIZE, field, |r| {
        let (link, n) = T::read(r)?;
        counts.push(n);
        Ok(link)
    })?;
    Ok((links, counts))
}

fn read_shared<T: GraphLink>(r: &mut Reader, links: &mut [T], counts: &[u8]) -> Result<()> {
    for (link, &n) in links.iter_mut().zip(counts) {
        *link.shared_mut() = HexBytes(r.bytes(usize::from(n), "shared")?.to_vec());
    }
    Ok(())
}

fn link_bytes<T: GraphLink>(links: &[T]) -> u64 {
    links
        .iter()
        .map(|l| (T::SIZE + l.shared().len()) as u64)
        .sum()
}

impl SegmentGraphAdjacency {
    fn read(r: &mut Reader, n: &SegmentGraphNode) -> Result<Self> {
        let (mut edges, c1) = read_links(r, n.edge_count, "edges")?;
        let (mut group_edges, c2) = read_links(r, n.group_edge_count, "group_edges")?;
        let (mut mesh_edges, c3) = read_links(r, n.mesh_edge_count, "mesh_edges")?;
        read_shared(r, &mut edges, &c1)?;
        read_shared(r, &mut group_edges, &c2)?;
        read_shared(r, &mut mesh_edges, &c3)?;
        Ok(SegmentGraphAdjacency {
            edges,
            group_edges,
            mesh_edges,
        })
    }

    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        self.edges.iter().try_for_each(|e| e.put(b))?;
        self.group_edges.iter().try_for_each(|e| e.put(b))?;
        self.mesh_edges.iter().try_for_each(|e| e.put(b))?;
        self.edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        self.group_edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        self.mesh_edges
            .iter()
            .for_each(|e| b.put_bytes(e.shared.as_slice()));
        Ok(())
    }

    /// Length on disk in 2-byte words (each node's edges start at an even offset).
    fn words(&self) -> u64 {
        (link_bytes(&self.edges) + link_bytes(&self.group_edges) + link_bytes(&self.mesh_edges))
            .div_ceil(2)
    }

    /// This node's part of [`SegmentGraph::total_edges`].
    fn shared_total(&self) -> u64 {
        fn of<T: GraphLink>(links: &[T]) -> u64 {
            links.iter().map(|l| l.shared().len().max(1) as u64).sum()
        }
        of(&self.edges) + of(&self.group_edges) + of(&self.mesh_edges)
    }
}

pub(super) fn read_segment_graph(rd: &mut Rd, base: u64) -> Result<SegmentGraph> {
    let mut g: SegmentGraph = rd.value_at(base, "payload")?;
    let n = u64::from(g.node_count);
    g.positions = rd.list_at(base, ("ss1", g.ss1), "positions", n)?;
    g.nodes = rd.list_at(base, ("ss2", g.ss2), "nodes", n)?;
    if g.ss3 != g.total_size {
        let ss3 = add(base, u64::from(g.ss3));
        let mut adjacency = Vec::with_capacity(g.nodes.len());
        for (i, n) in g.nodes.iter().enumerate() {
            let p = add(ss3, u64::from(n.edge_offset) * 2);
            let a = rd
                .records_at(p, "edge_offset", |r| SegmentGraphAdjacency::read(r, n))
                .map_err(|e| e.within(format_args!("node #{i}")))?;
            adjacency.push(a);
        }
        g.adjacency = adjacency;
    }
    Ok(g)
}

pub(super) fn write_segment_graph(w: &mut Wr, base: u64, g: &SegmentGraph) -> Result<()> {
    w.record(base, "segment_graph header", |b| g.put(b))?;
    w.list(
        add(base, u64::from(g.ss1)),
        "segment_graph positions",
        &g.positions,
    )?;
    w.list(add(base, u64::from(g.ss2)), "segment_graph nodes", &g.nodes)?;
    let ss3 = add(base, u64::from(g.ss3));
    for (n, a) in g.nodes.iter().zip(&g.adjacency) {
        w.record(
            add(ss3, u64::from(n.edge_offset) * 2),
            "segment_graph edges",
            |b| a.put(b),
        )?;
    }
    Ok(())
}

impl SegmentGraph {
    /// Recompute counts, offsets and sizes from the lists; returns the payload's length.
    pub(super) fn lay_out(&mut self) -> Result<u64> {
        let n = self.nodes.len();
        one_each(n, "nodes", &[("positions", self.positions.len())])?;
        if !self.adjacency.is_empty() && self.adjacency.len() != n {
            return Err(invalid(
                "adjacency",
                format!(
                    "{} entries for {n} nodes: one per node, or none",
                    self.adjacency.len()
                ),
            ));
        }
        // Readers take `ss3 == total_size` for "no edges", so a graph without any is stored so.
        if self.adjacency.iter().all(|a| a.words() == 0) {
            self.adjacency.clear();
        }
        self.node_count = count_u32("nodes", n)?;
        let mut words = 0u64;
        let mut shared = 0u64;
        for (i, (node, a)) in self.nodes.iter_mut().zip(&self.adjacency).enumerate() {
            let at = |e: navforge_core::Error| e.within(format_args!("node #{i}"));
            node.edge_offset = u32::try_from(words)
                .ok()
                .filter(|&w| w < 1 << 24)
                .ok_or_else(|| at(invalid("edge_offset", "edges pass the 24-bit offset limit")))?;
            node.edge_count = count_u8("edges", a.edges.len()).map_err(at)?;
            node.group_edge_count = count_u8("group_edges", a.group_edges.len()).map_err(at)?;
            node.mesh_edge_count = count_u8("mesh_edges", a.mesh_edges.len()).map_err(at)?;
            words += a.words();
            shared += a.shared_total();
        }
        self.total_edges = count_u32("shared edges", shared as usize)?;
        let mut s = Span::new(Self::SIZE);
        self.ss1 = s.next("ss1", 6 * n as u64, pad16)?;
        self.ss2 = s.next("ss2", 12 * n as u64, pad16)?;
        self.ss3 = s.next("ss3", 2 * words, pad16)?;
        self.total_size = s.offset("total_size")?;
        Ok(s.end())
    }
}
