//! The lossless document: every structure of a `.nav2` file, read at the offsets the file gives,
//! plus every byte no structure covers (kept verbatim), so that writing reproduces the input.
//!
//! One module per section, each with its types, reader, writer and layout side by side:
//! `navworld`, `navmesh` (with the segment chunk), `segment_graph`, `section2`, `nav_system`.
//! `wire` turns one field list into a record's type, reader and writer; `io` reads at offsets
//! and lays written blocks out; `layout` recomputes every offset from the structures.

mod edit;
mod io;
pub(crate) mod layout;
mod nav_system;
mod navmesh;
mod navworld;
mod numbers;
mod section2;
mod segment_graph;
pub(crate) mod wire;

pub use layout::LayoutStyle;
pub use nav_system::*;
pub use navmesh::*;
pub use navworld::{NavWorld, NavWorldEdge, NavWorldNode, NodeAdjacency, twin_words};
pub use section2::*;
pub use segment_graph::*;

use crate::FMT;
use io::{Rd, Wr, add};
use nav_system::{read_nav_system, write_nav_system};
use navforge_core::{Error, F32, HexBytes, Reader, Result};
use navmesh::{read_navmesh, read_segment_chunk, write_navmesh, write_segment_chunk};
use navworld::{read_navworld, write_navworld};
use section2::{read_section2, write_section2};
use segment_graph::{read_segment_graph, write_segment_graph};
use serde::{Deserialize, Serialize};
use wire::{Opaque, U24, Wire, read_list, record};

/// Magic number of every `.nav2` seen so far (a date code: 2014-03-24, revision 2).
pub const MAGIC: u32 = 201_403_242;

/// Size of the fixed file header.
pub const HEADER_SIZE: u32 = 96;

/// Quantised position: three u16, world = origin + value / divisor per axis.
pub type QVec = [u16; 3];

record! {
/// The 96-byte file header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Magic number ([`MAGIC`]).
    pub magic: u32,
    /// Declared total size. Usually the file length; Obj2Nav2's older writer left it short.
    pub file_size: u32,
    /// End of header + manifest = offset of the first entry.
    pub end_of_header: u32,
    /// Number of chained entries.
    pub entry_count: u32,
    /// Absolute offset of the NavSystem (0 = none).
    pub nav_system_offset: u32,
    /// Index in a split file set (`x.nav2` = 0, `x.1.nav2` = 1, ...).
    pub file_index: u8,
    /// Tile code, 24 bits little-endian at offset 21 (README "u0a/u0b/u0c"). Bits 7..12 hold
    /// tile X + 32, bits 13.. tile Z + 32; the upper 16 bits reappear as every entry's `n3` and
    /// every manifest entry's `u2`, the low byte as their `u2`/`u1b`.
    pub tile: [u8; 3],
    /// Absolute offset of Section2 (0 = none).
    pub section2_offset: u32,
    /// Unknown; kept as found.
    pub o6: u32,
    /// World origin of the quantised positions.
    pub origin: [F32; 3],
    /// Absolute offset of Section3 (0 = none; no sample has one, its bytes stay raw).
    pub section3_offset: u32,
    /// Unknown; kept as found.
    pub u1b: u32,
    /// Absolute offset of the manifest.
    pub manifest_offset: u32,
    /// Game files: 4 + 12 × entries; Obj2Nav2: 12 × entries; kept as found.
    pub manifest_size: u32,
    /// Unknown; kept as found.
    pub u1c: u32,
    /// Unknown; kept as found.
    pub u1d: u32,
    /// Quantisation divisor per axis.
    pub divisors: [u16; 3],
    /// Unknown; kept as found.
    pub u1h: u16,
    /// Unknown; kept as found.
    pub n7: u8,
    /// Number of Section2 entries.
    pub section2_entry_count: u8,
    /// Unknown; kept as found.
    pub n8: u16,
    /// 16 opaque bytes (differs in every game file; Obj2Nav2 writes a constant), shown as eight
    /// little-endian u16 words.
    #[serde(with = "numbers::u16_words")]
    #[cfg_attr(feature = "schema", schemars(with = "numbers::U16Words"))]
    pub vals: HexBytes as Opaque<16>,
}
}

/// The manifest: NavWorld, NavmeshChunk and SegmentGraph entries of every group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Number of groups.
    pub group_count: u32,
    /// `group_count × 3` entries.
    pub entries: Vec<ManifestEntry>,
}

record! {
/// One manifest entry: where an entry of a group lies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ManifestEntry {
    /// Group ID.
    pub group_id: u8,
    /// Equals the low tile byte (header `tile[0]`).
    pub u1b: u8,
    /// Equals the upper 16 tile bits.
    pub u2: u16,
    /// Absolute offset of the entry's payload (entry start + 16).
    pub payload_offset: u32,
    /// Entry type.
    pub entry_type: u8,
    /// Entry size, 24 bits (the README's u16 size plus its "padding" byte `n4` as the high byte:
    /// the NavWorld of tpp_s13500_nav_sahelan is 89984 = 24448 + 1 × 65536 bytes long).
    pub entry_size: u32 as U24,
}
}

record! {
/// One chained entry: the common 16-byte header and its payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Entry type (0 NavWorld, 1 NavmeshChunk, 3 SegmentGraph, 4 SegmentChunk).
    pub entry_type: u16,
    /// Unknown; kept as found.
    pub u1: u16,
    /// Distance from this header to the next entry's header.
    pub next: u32,
    /// Distance from this header to the payload (16).
    pub payload: u32,
    /// Group the entry belongs to.
    pub group_id: u8,
    /// Unknown; kept as found.
    pub u2: u8,
    /// Unknown; kept as found.
    pub n3: u16,
}
then {
    /// The payload.
    pub body: EntryBody,
}
}

/// The payload of an entry, by its type.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum EntryBody {
    /// Type 0.
    NavWorld(NavWorld),
    /// Type 1.
    NavmeshChunk(NavmeshChunk),
    /// Type 4.
    SegmentChunk(SegmentChunk),
    /// Type 3.
    SegmentGraph(SegmentGraph),
    /// A type this reader does not know: its bytes are kept in the document's gaps.
    #[default]
    Unknown,
}

/// Bytes no parsed structure covers (padding, stale data, Section3, unknown entries), kept
/// verbatim. All-zero runs are left out: the writer starts from zeros.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Gap {
    /// Where they start in the file.
    pub offset: u64,
    /// The bytes.
    pub bytes: HexBytes,
}

/// A whole `.nav2` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Nav2Document {
    /// The file header.
    pub header: Header,
    /// The manifest.
    pub manifest: Manifest,
    /// Chained entries.
    pub entries: Vec<Entry>,
    /// Section2 entries.
    pub section2: Vec<Section2Entry>,
    /// The NavSystem, when the header points at one.
    pub nav_system: Option<NavSystem>,
    /// Bytes no structure covers.
    pub gaps: Vec<Gap>,
    /// Length of the file (may differ from `header.file_size`).
    pub file_len: u64,
}

/// The entries of one group (those it has).
#[derive(Debug, Clone, Copy, Default)]
pub struct GroupEntries<'a> {
    /// Its NavWorld.
    pub nav_world: Option<&'a NavWorld>,
    /// Its NavmeshChunk.
    pub navmesh: Option<&'a NavmeshChunk>,
    /// Its SegmentChunk.
    pub segments: Option<&'a SegmentChunk>,
    /// Its SegmentGraph.
    pub graph: Option<&'a SegmentGraph>,
}

impl Nav2Document {
    /// The entries of group `id`.
    pub fn group(&self, id: u8) -> GroupEntries<'_> {
        let mut g = GroupEntries::default();
        for e in self.entries.iter().filter(|e| e.group_id == id) {
            match &e.body {
                EntryBody::NavWorld(x) => g.nav_world = Some(x),
                EntryBody::NavmeshChunk(x) => g.navmesh = Some(x),
                EntryBody::SegmentChunk(x) => g.segments = Some(x),
                EntryBody::SegmentGraph(x) => g.graph = Some(x),
                EntryBody::Unknown => {}
            }
        }
        g
    }
}

impl Nav2Document {
    pub(crate) fn read_impl(data: &[u8]) -> Result<Self> {
        let mut rd = Rd {
            data,
            cov: vec![false; data.len()],
            parsed: 0,
        };
        let magic = Reader::new(data, FMT).u32("magic")?;
        if magic != MAGIC {
            return Err(Error::new(
                FMT,
                "magic",
                0,
                navforge_core::ErrorKind::BadMagic {
                    found: format!("{magic}"),
                },
            ));
        }
        let header: Header = rd.value_at(0, "header")?;
        if u64::from(header.file_size) > data.len() as u64 {
            return Err(Error::new(
                FMT,
                "file_size",
                4,
                navforge_core::ErrorKind::UnexpectedEof {
                    needed: u64::from(header.file_size),
                    available: data.len() as u64,
                },
            )
            .within("file truncated"));
        }

        let manifest = rd
            .records_at(u64::from(header.manifest_offset), "manifest_offset", |r| {
                let group_count = r.u32("group_count")?;
                let entries = read_list(r, u64::from(group_count) * 3, "entries")?;
                Ok(Manifest {
                    group_count,
                    entries,
                })
            })
            .map_err(|e| e.within("manifest"))?;

        // Chained entries
        let mut pos = u64::from(header.end_of_header);
        let count = rd.at(pos, "end_of_header")?.count(
            u64::from(header.entry_count),
            Entry::SIZE,
            "entry_count",
        )?;
        let mut entries = Vec::with_capacity(count);
        for i in 0..count {
            let e = read_entry(&mut rd, pos).map_err(|e| e.within(format_args!("entry #{i}")))?;
            if i + 1 < count && e.next < 16 {
                return Err(Error::invalid(
                    FMT,
                    format!("entry #{i} > next"),
                    pos + 4,
                    format!(
                        "next-entry offset {} does not move forward (loop or overlap)",
                        e.next
                    ),
                ));
            }
            pos = add(pos, u64::from(e.next));
            entries.push(e);
        }

        // Section2
        let mut section2 = Vec::new();
        if header.section2_offset != 0 {
            let mut pos = u64::from(header.section2_offset);
            for i in 0..header.section2_entry_count {
                let e = read_section2(&mut rd, pos)
                    .map_err(|e| e.within(format_args!("section2 entry #{i}")))?;
                if i + 1 < header.section2_entry_count && e.next < 16 {
                    return Err(Error::invalid(
                        FMT,
                        format!("section2 entry #{i} > next"),
                        pos,
                        format!("next offset {} does not move forward (loop)", e.next),
                    ));
                }
                pos = add(pos, u64::from(e.next));
                section2.push(e);
            }
        }

        let nav_system = if header.nav_system_offset != 0 {
            Some(
                read_nav_system(&mut rd, u64::from(header.nav_system_offset))
                    .map_err(|e| e.within("nav_system"))?,
            )
        } else {
            None
        };

        Ok(Nav2Document {
            header,
            manifest,
            entries,
            section2,
            nav_system,
            gaps: gaps(data, &rd.cov),
            file_len: data.len() as u64,
        })
    }
}

/// Every maximal run of bytes no structure covers that is not all zero.
fn gaps(data: &[u8], covered: &[bool]) -> Vec<Gap> {
    let mut gaps = Vec::new();
    let mut i = 0;
    while i < data.len() {
        if covered[i] {
            i += 1;
            continue;
        }
        let s = i;
        while i < data.len() && !covered[i] {
            i += 1;
        }
        let run = &data[s..i];
        if run.iter().any(|&b| b != 0) {
            gaps.push(Gap {
                offset: s as u64,
                bytes: HexBytes(run.to_vec()),
            });
        }
    }
    gaps
}

fn read_entry(rd: &mut Rd, pos: u64) -> Result<Entry> {
    let mut e: Entry = rd.value_at(pos, "entry offset")?;
    let base = add(pos, u64::from(e.payload));
    e.body = match e.entry_type {
        0 => EntryBody::NavWorld(read_navworld(rd, base).map_err(|e| e.within("nav_world"))?),
        1 => {
            EntryBody::NavmeshChunk(read_navmesh(rd, base).map_err(|e| e.within("navmesh_chunk"))?)
        }
        4 => EntryBody::SegmentChunk(
            read_segment_chunk(rd, base).map_err(|e| e.within("segment_chunk"))?,
        ),
        3 => EntryBody::SegmentGraph(
            read_segment_graph(rd, base).map_err(|e| e.within("segment_graph"))?,
        ),
        _ => EntryBody::Unknown,
    };
    Ok(e)
}

impl Nav2Document {
    pub(crate) fn write_impl(&self) -> Result<Vec<u8>> {
        let mut w = Wr { pieces: Vec::new() };
        for g in &self.gaps {
            w.put(g.offset, g.bytes.as_slice(), "gap")?;
        }
        let h = &self.header;
        if u64::from(h.file_size) > self.file_len {
            return Err(Error::invalid(
                FMT,
                "header.file_size",
                4,
                format!(
                    "{} is past the end of the file ({} bytes): the file could not be read back",
                    h.file_size, self.file_len
                ),
            ));
        }
        w.record(0, "header", |b| h.put(b).map_err(|e| e.within("header")))?;
        w.record(u64::from(h.manifest_offset), "manifest", |b| {
            navforge_core::Put::put_u32(b, self.manifest.group_count);
            self.manifest
                .entries
                .iter()
                .try_for_each(|e| e.put(b))
                .map_err(|e| e.within("manifest"))
        })?;
        let mut pos = u64::from(h.end_of_header);
        for (i, e) in self.entries.iter().enumerate() {
            write_entry(&mut w, pos, e).map_err(|e| e.within(format_args!("entry #{i}")))?;
            pos = add(pos, u64::from(e.next));
        }
        let mut pos = u64::from(h.section2_offset);
        for (i, e) in self.section2.iter().enumerate() {
            write_section2(&mut w, pos, e)
                .map_err(|e| e.within(format_args!("section2 entry #{i}")))?;
            pos = add(pos, u64::from(e.next));
        }
        if let Some(ns) = &self.nav_system {
            write_nav_system(&mut w, u64::from(h.nav_system_offset), ns)
                .map_err(|e| e.within("nav_system"))?;
        }
        w.finish(self.file_len)
    }
}

fn write_entry(w: &mut Wr, pos: u64, e: &Entry) -> Result<()> {
    w.record(pos, "entry header", |b| e.put(b))?;
    let base = add(pos, u64::from(e.payload));
    match &e.body {
        EntryBody::NavWorld(n) => write_navworld(w, base, n),
        EntryBody::NavmeshChunk(c) => write_navmesh(w, base, c),
        EntryBody::SegmentChunk(s) => write_segment_chunk(w, base, s),
        EntryBody::SegmentGraph(g) => write_segment_graph(w, base, g),
        EntryBody::Unknown => Ok(()),
    }
}
