//! The lossless document: every structure of a `.nav2` file, read at the offsets the file gives,
//! plus every byte no structure covers (kept verbatim), so that writing reproduces the input.
//!
//! One module per section, each with its types, reader and writer side by side: `navworld`,
//! `navmesh` (with the segment chunk), `segment_graph`, `section2`, `nav_system`; `io` reads at
//! offsets and lays written blocks out; `layout` recomputes offsets from the structures.

mod io;
mod layout;
mod nav_system;
mod navmesh;
mod navworld;
mod section2;
mod segment_graph;

pub use nav_system::*;
pub use navmesh::*;
pub use navworld::*;
pub use section2::*;
pub use segment_graph::*;

use crate::FMT;
use io::{Rd, Wr, add, put_q, qvec, u24};
use nav_system::{read_nav_system, write_nav_system};
use navforge_core::{Error, F32, HexBytes, Put, Reader, Result};
use navmesh::{read_navmesh, read_segment_chunk, write_navmesh, write_segment_chunk};
use navworld::{read_navworld, write_navworld};
use section2::{read_section2, write_section2};
use segment_graph::{read_segment_graph, write_segment_graph};
use serde::{Deserialize, Serialize};

/// Magic number of every `.nav2` seen so far (a date code: 2014-03-24, revision 2).
pub const MAGIC: u32 = 201_403_242;

/// Size of the fixed file header.
pub const HEADER_SIZE: u32 = 96;

/// Quantised position: three u16, world = origin + value / divisor per axis.
pub type QVec = [u16; 3];

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
    /// 16 opaque bytes (differs in every game file; Obj2Nav2 writes a constant).
    pub vals: HexBytes,
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
    pub entry_size: u32,
}

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
    /// The payload.
    pub body: EntryBody,
}

/// The payload of an entry, by its type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

impl Nav2Document {
    pub(crate) fn read_impl(data: &[u8]) -> Result<Self> {
        let mut rd = Rd {
            data,
            cov: vec![false; data.len()],
            parsed: 0,
        };
        let mut r = Reader::new(data, FMT);
        let magic = r.u32("magic")?;
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
        let file_size = r.u32("file_size")?;
        if u64::from(file_size) > data.len() as u64 {
            return Err(Error::new(
                FMT,
                "file_size",
                4,
                navforge_core::ErrorKind::UnexpectedEof {
                    needed: u64::from(file_size),
                    available: data.len() as u64,
                },
            )
            .within("file truncated"));
        }
        let header = Header {
            magic,
            file_size,
            end_of_header: r.u32("end_of_header")?,
            entry_count: r.u32("entry_count")?,
            nav_system_offset: r.u32("nav_system_offset")?,
            file_index: r.u8("file_index")?,
            tile: r.array("tile")?,
            section2_offset: r.u32("section2_offset")?,
            o6: r.u32("o6")?,
            origin: r.vec3("origin")?,
            section3_offset: r.u32("section3_offset")?,
            u1b: r.u32("u1b")?,
            manifest_offset: r.u32("manifest_offset")?,
            manifest_size: r.u32("manifest_size")?,
            u1c: r.u32("u1c")?,
            u1d: r.u32("u1d")?,
            divisors: qvec(&mut r, "divisors")?,
            u1h: r.u16("u1h")?,
            n7: r.u8("n7")?,
            section2_entry_count: r.u8("section2_entry_count")?,
            n8: r.u16("n8")?,
            vals: HexBytes(r.bytes(16, "vals")?.to_vec()),
        };
        rd.mark(0, r.pos())?;

        // Manifest
        let mpos = u64::from(header.manifest_offset);
        let mut r = rd.at(mpos, "manifest_offset")?;
        let group_count = r.u32("manifest.group_count")?;
        let entries = r
            .list(u64::from(group_count) * 3, 12, "manifest.entries", |r| {
                Ok(ManifestEntry {
                    group_id: r.u8("group_id")?,
                    u1b: r.u8("u1b")?,
                    u2: r.u16("u2")?,
                    payload_offset: r.u32("payload_offset")?,
                    entry_type: r.u8("entry_type")?,
                    entry_size: u24(r, "entry_size")?,
                })
            })
            .map_err(|e| e.within("manifest"))?;
        rd.mark(mpos, r.pos())?;
        let manifest = Manifest {
            group_count,
            entries,
        };

        // Chained entries
        let mut pos = u64::from(header.end_of_header);
        let count =
            rd.at(pos, "end_of_header")?
                .count(u64::from(header.entry_count), 16, "entry_count")?;
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

        // Gaps: every maximal uncovered run that is not all zero.
        let mut gaps = Vec::new();
        let mut i = 0;
        while i < data.len() {
            if rd.cov[i] {
                i += 1;
                continue;
            }
            let s = i;
            while i < data.len() && !rd.cov[i] {
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

        Ok(Nav2Document {
            header,
            manifest,
            entries,
            section2,
            nav_system,
            gaps,
            file_len: data.len() as u64,
        })
    }
}

fn read_entry(rd: &mut Rd, pos: u64) -> Result<Entry> {
    let mut r = rd.at(pos, "entry offset")?;
    let entry_type = r.u16("type")?;
    let u1 = r.u16("u1")?;
    let next = r.u32("next")?;
    let payload = r.u32("payload")?;
    let group_id = r.u8("group_id")?;
    let u2 = r.u8("u2")?;
    let n3 = r.u16("n3")?;
    rd.mark(pos, r.pos())?;
    let base = add(pos, u64::from(payload));
    let body = match entry_type {
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
    Ok(Entry {
        entry_type,
        u1,
        next,
        payload,
        group_id,
        u2,
        n3,
        body,
    })
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
        let mut b = Vec::with_capacity(96);
        b.put_u32(h.magic);
        b.put_u32(h.file_size);
        b.put_u32(h.end_of_header);
        b.put_u32(h.entry_count);
        b.put_u32(h.nav_system_offset);
        b.put_u8(h.file_index);
        b.put_bytes(&h.tile);
        b.put_u32(h.section2_offset);
        b.put_u32(h.o6);
        b.put_vec3(h.origin);
        b.put_u32(h.section3_offset);
        b.put_u32(h.u1b);
        b.put_u32(h.manifest_offset);
        b.put_u32(h.manifest_size);
        b.put_u32(h.u1c);
        b.put_u32(h.u1d);
        put_q(&mut b, &h.divisors);
        b.put_u16(h.u1h);
        b.put_u8(h.n7);
        b.put_u8(h.section2_entry_count);
        b.put_u16(h.n8);
        if h.vals.len() != 16 {
            return Err(Error::invalid(FMT, "header.vals", 80, "must be 16 bytes"));
        }
        b.put_bytes(h.vals.as_slice());
        w.put(0, &b, "header")?;

        let mut b = Vec::new();
        b.put_u32(self.manifest.group_count);
        for e in &self.manifest.entries {
            b.put_u8(e.group_id);
            b.put_u8(e.u1b);
            b.put_u16(e.u2);
            b.put_u32(e.payload_offset);
            b.put_u8(e.entry_type);
            b.put_bytes(&e.entry_size.to_le_bytes()[..3]);
        }
        w.put(u64::from(h.manifest_offset), &b, "manifest")?;

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
    let mut b = Vec::with_capacity(16);
    b.put_u16(e.entry_type);
    b.put_u16(e.u1);
    b.put_u32(e.next);
    b.put_u32(e.payload);
    b.put_u8(e.group_id);
    b.put_u8(e.u2);
    b.put_u16(e.n3);
    w.put(pos, &b, "entry header")?;
    let base = add(pos, u64::from(e.payload));
    match &e.body {
        EntryBody::NavWorld(n) => write_navworld(w, base, n),
        EntryBody::NavmeshChunk(c) => write_navmesh(w, base, c),
        EntryBody::SegmentChunk(s) => write_segment_chunk(w, base, s),
        EntryBody::SegmentGraph(g) => write_segment_graph(w, base, g),
        EntryBody::Unknown => Ok(()),
    }
}
