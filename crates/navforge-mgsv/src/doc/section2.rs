//! Section2: one node per connected component — types, reader, writer and layout side by side.

use super::QVec;
use super::io::{Rd, Wr, add};
use super::layout::{Span, count_u16, packed};
use super::navworld::NodeAdjacency;
use super::wire::{Wire, invalid, one_each, pad16, record};
use navforge_core::{HexBytes, Result};
use serde::{Deserialize, Serialize};

record! {
    /// One Section2 entry (purpose unknown; structure after the `nav2.bt` template).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct Section2Entry {
        /// Offset of the next entry, relative to the start of this one.
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
    }
    then {
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
        /// 24 bytes at ss5, shown as twelve little-endian u16 words.
        #[serde(with = "super::numbers::u16_words")]
        #[cfg_attr(feature = "schema", schemars(with = "super::numbers::U16Words"))]
        pub ss5_block: HexBytes,
        /// ss6 up to `next` (empty when that range is not well-formed), shown as little-endian
        /// u16 words (hex when its length is odd).
        #[serde(with = "super::numbers::u16_words")]
        #[cfg_attr(feature = "schema", schemars(with = "super::numbers::U16Words"))]
        pub ss6_block: HexBytes,
    }
}

record! {
    /// One Section2 node.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct Section2Node {
        /// Quantised position.
        pub position: QVec,
        /// Flags, kept as found.
        pub flags: u16,
        /// Offset of its links in ss2, in bytes.
        pub ss2_offset: u16,
        /// Number of `b` links.
        pub count_b: u16,
        /// Number of `a` links.
        pub count_a: u16,
    }
}

/// Bytes of the block at ss5.
const SS5_LEN: usize = 24;

pub(super) fn read_section2(rd: &mut Rd, pos: u64) -> Result<Section2Entry> {
    let mut e: Section2Entry = rd.value_at(pos, "section2 offset")?;
    let n = u64::from(e.count);
    e.nodes = rd.list_at(pos, ("ss1", e.ss1), "nodes", n)?;
    // The links lie node after node, as `ss2_offset` says.
    let nodes = &e.nodes;
    e.adjacency = rd.records_at(add(pos, u64::from(e.ss2)), "ss2", |r| {
        nodes
            .iter()
            .map(|nd| NodeAdjacency::read(r, u64::from(nd.count_a), u64::from(nd.count_b)))
            .collect()
    })?;
    e.ss3_items = rd.list_at(pos, ("ss3", e.ss3), "ss3", n)?;
    e.ss4_items = rd.list_at(pos, ("ss4", e.ss4), "ss4", n)?;
    e.ss5_block = rd.bytes_at(add(pos, u64::from(e.ss5)), "ss5", SS5_LEN)?;
    if e.ss6 < e.next {
        e.ss6_block = rd.bytes_at(
            add(pos, u64::from(e.ss6)),
            "ss6",
            usize::from(e.next - e.ss6),
        )?;
    }
    Ok(e)
}

pub(super) fn write_section2(w: &mut Wr, pos: u64, e: &Section2Entry) -> Result<()> {
    w.record(pos, "section2 header", |b| e.put(b))?;
    w.list(add(pos, u64::from(e.ss1)), "section2 nodes", &e.nodes)?;
    w.record(add(pos, u64::from(e.ss2)), "section2 ss2", |b| {
        e.adjacency.iter().try_for_each(|a| a.put(b))
    })?;
    w.list(add(pos, u64::from(e.ss3)), "section2 ss3", &e.ss3_items)?;
    w.list(add(pos, u64::from(e.ss4)), "section2 ss4", &e.ss4_items)?;
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

impl Section2Entry {
    /// Recompute the count, offsets and node link offsets from the lists; returns the entry's
    /// length. The opaque ss6 block keeps its bytes; its trailing zeros are padding, so it is
    /// re-padded to end the entry on a 16-byte boundary, as in every file seen.
    pub(crate) fn lay_out(&mut self) -> Result<u64> {
        let n = self.nodes.len();
        one_each(
            n,
            "nodes",
            &[
                ("adjacency", self.adjacency.len()),
                ("ss3_items", self.ss3_items.len()),
                ("ss4_items", self.ss4_items.len()),
            ],
        )?;
        if self.ss5_block.len() != SS5_LEN {
            return Err(invalid(
                "ss5_block",
                format!("must be {SS5_LEN} bytes, not {}", self.ss5_block.len()),
            ));
        }
        self.count = count_u16("nodes", n)?;
        let mut bytes = 0u64;
        for (i, (node, a)) in self.nodes.iter_mut().zip(&self.adjacency).enumerate() {
            let at = |e: navforge_core::Error| e.within(format_args!("node #{i}"));
            node.ss2_offset = count_u16("ss2_offset", bytes as usize).map_err(at)?;
            node.count_a = count_u16("a", a.a.len()).map_err(at)?;
            node.count_b = count_u16("b", a.b.len()).map_err(at)?;
            bytes += 2 * a.words();
        }
        let used = self.ss6_block.len()
            - self
                .ss6_block
                .as_slice()
                .iter()
                .rev()
                .take_while(|&&b| b == 0)
                .count();
        let mut s = Span::new(Section2Entry::SIZE);
        self.ss1 = narrow16("ss1", s.next("ss1", 14 * n as u64, pad16)?)?;
        self.ss2 = narrow16("ss2", s.next("ss2", bytes, pad16)?)?;
        self.ss3 = narrow16("ss3", s.next("ss3", 8 * n as u64, packed)?)?;
        self.ss4 = narrow16("ss4", s.next("ss4", 2 * n as u64, packed)?)?;
        self.ss5 = narrow16("ss5", s.next("ss5", SS5_LEN as u64, packed)?)?;
        self.ss6 = narrow16("ss6", s.next("ss6", used as u64, pad16)?)?;
        let end = s.end();
        self.next = narrow16("next", s.offset("next")?)?;
        self.ss6_block
            .0
            .resize((end - u64::from(self.ss6)) as usize, 0);
        Ok(end)
    }
}

fn narrow16(field: &'static str, v: u32) -> Result<u16> {
    u16::try_from(v).map_err(|_| invalid(field, format!("{v} passes Section2's 16-bit offsets")))
}
