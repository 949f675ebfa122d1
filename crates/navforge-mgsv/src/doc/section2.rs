//! Section2: one node per connected component — types, reader and writer side by side.

use super::QVec;
use super::io::{Rd, Wr, add, put_q, qvec};
use super::navworld::NodeAdjacency;
use navforge_core::{HexBytes, Put, Result};
use serde::{Deserialize, Serialize};

/// One Section2 entry (purpose unknown; structure after the `nav2.bt` template).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Section2Entry {
    /// next, ss1, node count, ss2, ss3, ss4, ss5, ss6 (relative to the entry).
    pub next: u16,
    /// Offset of sub-section 1, relative to the start of this structure.
    pub ss1: u16,
    /// Number of nodes.
    pub count: u16,
    /// Offset of sub-section 2, relative to the start of this structure.
    pub ss2: u16,
    /// Offset of sub-section 3, relative to the start of this structure.
    pub ss3: u16,
    /// Offset of sub-section 4, relative to the start of this structure.
    pub ss4: u16,
    /// Offset of sub-section 5, relative to the start of this structure.
    pub ss5: u16,
    /// Offset of sub-section 6, relative to the start of this structure.
    pub ss6: u16,
    /// One node per connected component (entry 0 of every game file: its components' segment
    /// counts sum to all segments of the file).
    pub nodes: Vec<Section2Node>,
    /// Links between components (`a`: two u16 each; `b`: u16 with the face-adjacency style
    /// bit 14 / bit 15 flags seen in Survive tiles).
    pub adjacency: Vec<NodeAdjacency>,
    /// Per node: `[group | low tile byte << 8, tile code, segment, NavWorld node]` (the same
    /// group/tile words as an entry header) — the representative NavWorld node
    /// (its position equals the node's position in every game file).
    pub ss3_items: Vec<[u16; 4]>,
    /// Per node: number of segments in the component.
    pub ss4_items: Vec<u16>,
    /// 24 bytes at ss5.
    pub ss5_block: HexBytes,
    /// ss6 up to `next` (empty when that range is not well-formed).
    pub ss6_block: HexBytes,
}

/// One Section2 node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Section2Node {
    /// Quantised position.
    pub position: QVec,
    /// Flags, kept as found.
    pub flags: u16,
    /// Offset of its links in ss2, 2-byte units.
    pub ss2_offset: u16,
    /// Number of `b` links.
    pub count_b: u16,
    /// Number of `a` links.
    pub count_a: u16,
}

pub(super) fn read_section2(rd: &mut Rd, pos: u64) -> Result<Section2Entry> {
    let mut r = rd.at(pos, "section2 offset")?;
    let mut e = Section2Entry {
        next: r.u16("next")?,
        ss1: r.u16("ss1")?,
        count: r.u16("count")?,
        ss2: r.u16("ss2")?,
        ss3: r.u16("ss3")?,
        ss4: r.u16("ss4")?,
        ss5: r.u16("ss5")?,
        ss6: r.u16("ss6")?,
        nodes: vec![],
        adjacency: vec![],
        ss3_items: vec![],
        ss4_items: vec![],
        ss5_block: HexBytes::default(),
        ss6_block: HexBytes::default(),
    };
    rd.mark(pos, r.pos())?;
    let n = u64::from(e.count);
    let p = add(pos, u64::from(e.ss1));
    let mut r = rd.at(p, "ss1")?;
    e.nodes = r.list(n, 14, "nodes", |r| {
        Ok(Section2Node {
            position: qvec(r, "position")?,
            flags: r.u16("flags")?,
            ss2_offset: r.u16("ss2_offset")?,
            count_b: r.u16("count_b")?,
            count_a: r.u16("count_a")?,
        })
    })?;
    rd.mark(p, r.pos())?;
    let p = add(pos, u64::from(e.ss2));
    let mut r = rd.at(p, "ss2")?;
    let mut adjacency = Vec::with_capacity(e.nodes.len());
    for nd in &e.nodes {
        let a = r.list(u64::from(nd.count_a), 4, "a", |r| {
            Ok([r.u16("a0")?, r.u16("a1")?])
        })?;
        let b = r.list(u64::from(nd.count_b), 2, "b", |r| r.u16("b"))?;
        adjacency.push(NodeAdjacency { a, b });
    }
    e.adjacency = adjacency;
    rd.mark(p, r.pos())?;
    let p = add(pos, u64::from(e.ss3));
    let mut r = rd.at(p, "ss3")?;
    e.ss3_items = r.list(n, 8, "ss3", |r| {
        Ok([r.u16("a")?, r.u16("b")?, r.u16("c")?, r.u16("d")?])
    })?;
    rd.mark(p, r.pos())?;
    let p = add(pos, u64::from(e.ss4));
    let mut r = rd.at(p, "ss4")?;
    e.ss4_items = r.list(n, 2, "ss4", |r| r.u16("n1"))?;
    rd.mark(p, r.pos())?;
    let p = add(pos, u64::from(e.ss5));
    let mut r = rd.at(p, "ss5")?;
    e.ss5_block = HexBytes(r.bytes(24, "ss5")?.to_vec());
    rd.mark(p, r.pos())?;
    if e.ss6 < e.next {
        let p = add(pos, u64::from(e.ss6));
        let mut r = rd.at(p, "ss6")?;
        e.ss6_block = HexBytes(r.bytes(usize::from(e.next - e.ss6), "ss6")?.to_vec());
        rd.mark(p, r.pos())?;
    }
    Ok(e)
}

pub(super) fn write_section2(w: &mut Wr, pos: u64, e: &Section2Entry) -> Result<()> {
    let mut b = Vec::with_capacity(16);
    for v in [e.next, e.ss1, e.count, e.ss2, e.ss3, e.ss4, e.ss5, e.ss6] {
        b.put_u16(v);
    }
    w.put(pos, &b, "section2 header")?;
    let mut b = Vec::new();
    for n in &e.nodes {
        put_q(&mut b, &n.position);
        b.put_u16(n.flags);
        b.put_u16(n.ss2_offset);
        b.put_u16(n.count_b);
        b.put_u16(n.count_a);
    }
    w.put(add(pos, u64::from(e.ss1)), &b, "section2 nodes")?;
    let mut b = Vec::new();
    for a in &e.adjacency {
        for x in &a.a {
            b.put_u16(x[0]);
            b.put_u16(x[1]);
        }
        a.b.iter().for_each(|x| b.put_u16(*x));
    }
    w.put(add(pos, u64::from(e.ss2)), &b, "section2 ss2")?;
    let mut b = Vec::new();
    e.ss3_items
        .iter()
        .for_each(|x| x.iter().for_each(|v| b.put_u16(*v)));
    w.put(add(pos, u64::from(e.ss3)), &b, "section2 ss3")?;
    let mut b = Vec::new();
    e.ss4_items.iter().for_each(|v| b.put_u16(*v));
    w.put(add(pos, u64::from(e.ss4)), &b, "section2 ss4")?;
    w.put(
        add(pos, u64::from(e.ss5)),
        e.ss5_block.as_slice(),
        "section2 ss5",
    )?;
    w.put(
        add(pos, u64::from(e.ss6)),
        e.ss6_block.as_slice(),
        "section2 ss6",
    )
}
