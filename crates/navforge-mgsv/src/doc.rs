//! The lossless document: every structure of a `.nav2` file, read at the offsets the file gives,
//! plus every byte no structure covers (kept verbatim), so that writing reproduces the input.

use crate::FMT;
use navforge_core::{Error, F32, HexBytes, Put, Reader, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Magic number of every `.nav2` seen so far (a date code: 2014-03-24, revision 2).
pub const MAGIC: u32 = 201_403_242;
/// Size of the fixed file header.
pub const HEADER_SIZE: u32 = 96;

/// Quantised position: three u16, world = origin + value / divisor per axis.
pub type QVec = [u16; 3];

/// The 96-byte file header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub magic: u32,
    /// Declared total size. Usually the file length; Obj2Nav2's older writer left it short.
    pub file_size: u32,
    /// End of header + manifest = offset of the first entry.
    pub end_of_header: u32,
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
    pub o6: u32,
    pub origin: [F32; 3],
    /// Absolute offset of Section3 (0 = none; no sample has one, its bytes stay raw).
    pub section3_offset: u32,
    pub u1b: u32,
    pub manifest_offset: u32,
    /// Game files: 4 + 12 × entries; Obj2Nav2: 12 × entries; kept as found.
    pub manifest_size: u32,
    pub u1c: u32,
    pub u1d: u32,
    pub divisors: [u16; 3],
    pub u1h: u16,
    pub n7: u8,
    pub section2_entry_count: u8,
    pub n8: u16,
    /// 16 opaque bytes (differs in every game file; Obj2Nav2 writes a constant).
    pub vals: HexBytes,
}

/// The manifest: NavWorld, NavmeshChunk and SegmentGraph entries of every group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub group_count: u32,
    /// `group_count × 3` entries.
    pub entries: Vec<ManifestEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestEntry {
    pub group_id: u8,
    /// Equals the low tile byte (header `tile[0]`).
    pub u1b: u8,
    /// Equals the upper 16 tile bits.
    pub u2: u16,
    /// Absolute offset of the entry's payload (entry start + 16).
    pub payload_offset: u32,
    pub entry_type: u8,
    /// Entry size, 24 bits (the README's u16 size plus its "padding" byte `n4` as the high byte:
    /// the NavWorld of tpp_s13500_nav_sahelan is 89984 = 24448 + 1 × 65536 bytes long).
    pub entry_size: u32,
}

/// One chained entry: the common 16-byte header and its payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub entry_type: u16,
    pub u1: u16,
    /// Distance from this header to the next entry's header.
    pub next: u32,
    /// Distance from this header to the payload (16).
    pub payload: u32,
    pub group_id: u8,
    pub u2: u8,
    pub n3: u16,
    pub body: EntryBody,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EntryBody {
    NavWorld(NavWorld),
    NavmeshChunk(NavmeshChunk),
    SegmentChunk(SegmentChunk),
    SegmentGraph(SegmentGraph),
    /// A type this reader does not know: its bytes are kept in the document's gaps.
    Unknown,
}

/// NavWorld (type 0): the fine path graph, one node per navmesh edge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavWorld {
    pub ss1: u32,
    pub ss2: u32,
    pub ss4: u32,
    pub ss3: u32,
    pub u1: u32,
    pub u2: u32,
    pub ss5: u32,
    pub u3: u32,
    pub ss6: u32,
    pub point_count: u16,
    pub edge_count: u16,
    pub pad: [u16; 3],
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavWorldNode {
    /// In 2-byte units from ss3.
    pub adjacency_offset: u16,
    pub segment: u16,
    pub count_a: u8,
    pub count_b: u8,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeAdjacency {
    /// `[adjacent node, edge index]`.
    pub a: Vec<[u16; 2]>,
    /// Nodes at the same place in another segment.
    pub b: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavWorldEdge {
    pub weight: u16,
    pub segment: u16,
    /// Node indices local to the segment.
    pub from: u8,
    pub to: u8,
}

/// NavmeshChunk (type 1): vertices and faces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavmeshChunk {
    pub ss1: u32,
    pub ss2: u32,
    pub ss3: u32,
    pub uu: [u16; 6],
    pub face_count: u16,
    pub vertex_count: u16,
    pub u4: u16,
    pub u5: u16,
    pub vertices: Vec<QVec>,
    /// Bits 0..17: offset into ss3 in 2-byte units; bit 18: 4-vertex face; others kept.
    pub face_offsets: Vec<u32>,
    /// One per face offset.
    pub faces: Vec<Face>,
}

/// Bit 18 of a face offset: the face has four corners.
pub const QUAD_BIT: u32 = 1 << 18;
pub const FACE_OFFSET_MASK: u32 = 0x3ffff;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Adjacent face per edge, -1 = none.
    pub adjacent: Vec<i16>,
    /// Vertex indices local to the segment.
    pub vertices: Vec<u8>,
    /// Edge indices local to the segment.
    pub edges: Vec<u8>,
    /// Present when an adjacency is flagged (bit 14: another group of this file; 0xbfff: a
    /// neighbouring tile's file): the record then continues with one u16 target group per edge
    /// and one u16 target tile code per edge (0xffff = not applicable). Seen in Metal Gear Survive
    /// tiles, whose flagged face records are 32 bytes long.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<FaceLinks>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceLinks {
    pub groups: Vec<u16>,
    pub tiles: Vec<u16>,
}

/// Whether a raw adjacency value points outside the group (bit 14 or 15 set, but not -1).
pub fn adjacency_is_link(a: i16) -> bool {
    a != -1 && (a as u16) & 0xc000 != 0
}

/// SegmentChunk (type 4): how faces and vertices split into segments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentChunk {
    pub ss1: u32,
    pub ss2: u32,
    pub total_size: u32,
    pub entry_count: u32,
    /// `[min, max]` per segment.
    pub bounds: Vec<[QVec; 2]>,
    pub segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    pub vertex_offset: u16,
    /// First face (index into the NavmeshChunk face table).
    pub face_offset: u16,
    pub u3: u16,
    pub u4: u16,
    pub vertex_count: u8,
    pub face_count: u8,
    pub u7: u8,
    pub edge_count: u8,
}

/// SegmentGraph (type 3): the coarse graph, one node per segment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentGraph {
    pub ss1: u32,
    pub ss2: u32,
    pub ss3: u32,
    pub uu1: u32,
    pub total_size: u32,
    pub node_count: u32,
    pub uu3: u16,
    pub total_edges: u32,
    pub pad: u16,
    pub positions: Vec<QVec>,
    pub nodes: Vec<SegmentGraphNode>,
    /// Per node when `ss3 != total_size`, else empty.
    pub adjacency: Vec<SegmentGraphAdjacency>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentGraphNode {
    /// 24 bits, 2-byte units from ss3.
    pub edge_offset: u32,
    pub edge_count: u8,
    pub u3: i16,
    pub u4: u16,
    pub u5: u8,
    pub u6: u8,
    pub group_edge_count: u8,
    pub mesh_edge_count: u8,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentGraphAdjacency {
    pub edges: Vec<SgEdge>,
    pub group_edges: Vec<SgGroupEdge>,
    pub mesh_edges: Vec<SgMeshEdge>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SgEdge {
    pub weight: u16,
    pub node: u16,
    /// Index of the opposite edge (`node` -> this node) in `node`'s edge list (the references
    /// called it padding; it holds in every game file of the corpus).
    pub reverse: u8,
    /// Shared navmesh edge indices (count byte = length).
    pub shared: HexBytes,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SgGroupEdge {
    pub group: u16,
    pub weight: u16,
    pub node: u16,
    pub pad: u8,
    pub shared: HexBytes,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SgMeshEdge {
    /// Four u16 whose order the references disagree on, kept as found. The Survive tiles
    /// read as `[neighbour tile code, group in that tile, weight, node]` with node 0x0fff
    /// (unresolved) in every sample: e.g. `[1896, 3, 254, 4095]` in ssav_140_130 (tile 1895).
    pub fields: [u16; 4],
    pub pad: u8,
    pub shared: HexBytes,
}

/// One Section2 entry (purpose unknown; structure after the `nav2.bt` template).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section2Entry {
    /// next, ss1, node count, ss2, ss3, ss4, ss5, ss6 (relative to the entry).
    pub next: u16,
    pub ss1: u16,
    pub count: u16,
    pub ss2: u16,
    pub ss3: u16,
    pub ss4: u16,
    pub ss5: u16,
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section2Node {
    pub position: QVec,
    pub flags: u16,
    pub ss2_offset: u16,
    pub count_b: u16,
    pub count_a: u16,
}

/// NavSystem: a coarse grid of cells listing the segments per group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavSystem {
    pub origin: [F32; 4],
    pub cells_x: u32,
    pub n2: u32,
    pub cells_z: u32,
    pub cell_size: u32,
    pub n5: u32,
    pub ss1: u32,
    pub ss2: u32,
    pub ss3: u32,
    /// `cells_x × cells_z` cells.
    pub cells: Vec<NavSystemCell>,
    /// Segment lists the cells point at.
    pub lists: Vec<NavSystemList>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavSystemCell {
    /// Relative to this cell record.
    pub offset: u32,
    pub count: u16,
    pub u2: u8,
    pub u3: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavSystemList {
    /// Position relative to the NavSystem start.
    pub at: u32,
    pub entries: Vec<NavSystemListEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavSystemListEntry {
    pub group_id: u8,
    pub u1: u8,
    pub u2: u16,
    pub segments: Vec<u16>,
}

/// Bytes no parsed structure covers (padding, stale data, Section3, unknown entries), kept
/// verbatim. All-zero runs are left out: the writer starts from zeros.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gap {
    pub offset: u64,
    pub bytes: HexBytes,
}

/// A whole `.nav2` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nav2Document {
    pub header: Header,
    pub manifest: Manifest,
    pub entries: Vec<Entry>,
    pub section2: Vec<Section2Entry>,
    pub nav_system: Option<NavSystem>,
    pub gaps: Vec<Gap>,
    /// Length of the file (may differ from `header.file_size`).
    pub file_len: u64,
}

// ---------------------------------------------------------------------------------------------
// Reading

struct Rd<'a> {
    data: &'a [u8],
    cov: Vec<bool>,
    /// Bytes parsed so far. Structures of real files do not overlap; hostile offsets that make
    /// them overlap many times over are refused, which keeps reading linear in the input size.
    parsed: u64,
}

/// How many times over the file size the parsed structures may cover it.
const OVERLAP_LIMIT: u64 = 8;

fn add(base: u64, off: u64) -> u64 {
    base.saturating_add(off)
}

impl<'a> Rd<'a> {
    fn at(&self, pos: u64, field: &'static str) -> Result<Reader<'a>> {
        let mut r = Reader::new(self.data, FMT);
        match usize::try_from(pos) {
            Ok(p) if p <= self.data.len() => r.seek(p, field)?,
            _ => {
                return Err(Error::invalid(
                    FMT,
                    field,
                    pos,
                    format!(
                        "offset {pos} points outside the file ({} bytes)",
                        self.data.len()
                    ),
                ));
            }
        }
        Ok(r)
    }
    fn mark(&mut self, start: u64, end: usize) -> Result<()> {
        let s = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(self.cov.len());
        let e = end.min(self.cov.len());
        if s < e {
            self.parsed = self.parsed.saturating_add((e - s) as u64);
            if self.parsed > OVERLAP_LIMIT * self.data.len() as u64 + 4096 {
                return Err(Error::invalid(
                    FMT,
                    "offsets",
                    start,
                    format!(
                        "structures overlap more than {OVERLAP_LIMIT} times the file size \
                         (offsets looping over the same bytes)"
                    ),
                ));
            }
            self.cov[s..e].iter_mut().for_each(|c| *c = true);
        }
        Ok(())
    }
}

fn qvec(r: &mut Reader, field: &'static str) -> Result<QVec> {
    Ok([r.u16(field)?, r.u16(field)?, r.u16(field)?])
}

fn u24(r: &mut Reader, field: &'static str) -> Result<u32> {
    let b: [u8; 3] = r.array(field)?;
    Ok(u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16)
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

fn read_navworld(rd: &mut Rd, base: u64) -> Result<NavWorld> {
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

fn read_navmesh(rd: &mut Rd, base: u64) -> Result<NavmeshChunk> {
    let mut r = rd.at(base, "payload")?;
    let mut c = NavmeshChunk {
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        ss3: r.u32("ss3")?,
        uu: [
            r.u16("uu")?,
            r.u16("uu")?,
            r.u16("uu")?,
            r.u16("uu")?,
            r.u16("uu")?,
            r.u16("uu")?,
        ],
        face_count: r.u16("face_count")?,
        vertex_count: r.u16("vertex_count")?,
        u4: r.u16("u4")?,
        u5: r.u16("u5")?,
        vertices: vec![],
        face_offsets: vec![],
        faces: vec![],
    };
    rd.mark(base, r.pos())?;
    let p = add(base, u64::from(c.ss1));
    let mut r = rd.at(p, "ss1")?;
    c.vertices = r.list(u64::from(c.vertex_count), 6, "vertices", |r| {
        qvec(r, "vertex")
    })?;
    rd.mark(p, r.pos())?;
    let p = add(base, u64::from(c.ss2));
    let mut r = rd.at(p, "ss2")?;
    c.face_offsets = r.list(u64::from(c.face_count), 4, "face_offsets", |r| {
        r.u32("offset")
    })?;
    rd.mark(p, r.pos())?;
    let ss3 = add(base, u64::from(c.ss3));
    let mut faces = Vec::with_capacity(c.face_offsets.len());
    for (i, &off) in c.face_offsets.iter().enumerate() {
        let p = add(ss3, u64::from(off & FACE_OFFSET_MASK) * 2);
        let n: u64 = if off & QUAD_BIT != 0 { 4 } else { 3 };
        let mut r = rd
            .at(p, "face offset")
            .map_err(|e| e.within(format_args!("face #{i}")))?;
        let f = (|| {
            let adjacent = r.list(n, 2, "adjacent", |r| r.i16("adjacent"))?;
            let vertices = r.list(n, 1, "vertices", |r| r.u8("vertex"))?;
            let edges = r.list(n, 1, "edges", |r| r.u8("edge"))?;
            let links = if adjacent.iter().any(|&a| adjacency_is_link(a)) {
                Some(FaceLinks {
                    groups: r.list(n, 2, "link groups", |r| r.u16("group"))?,
                    tiles: r.list(n, 2, "link tiles", |r| r.u16("tile"))?,
                })
            } else {
                None
            };
            Ok(Face {
                adjacent,
                vertices,
                edges,
                links,
            })
        })()
        .map_err(|e: Error| e.within(format_args!("face #{i}")))?;
        rd.mark(p, r.pos())?;
        faces.push(f);
    }
    c.faces = faces;
    Ok(c)
}

fn read_segment_chunk(rd: &mut Rd, base: u64) -> Result<SegmentChunk> {
    let mut r = rd.at(base, "payload")?;
    let mut s = SegmentChunk {
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        total_size: r.u32("total_size")?,
        entry_count: r.u32("entry_count")?,
        bounds: vec![],
        segments: vec![],
    };
    rd.mark(base, r.pos())?;
    let p = add(base, u64::from(s.ss1));
    let mut r = rd.at(p, "ss1")?;
    s.bounds = r.list(u64::from(s.entry_count), 12, "bounds", |r| {
        Ok([qvec(r, "min")?, qvec(r, "max")?])
    })?;
    rd.mark(p, r.pos())?;
    let p = add(base, u64::from(s.ss2));
    let mut r = rd.at(p, "ss2")?;
    s.segments = r.list(u64::from(s.entry_count), 12, "segments", |r| {
        Ok(Segment {
            vertex_offset: r.u16("vertex_offset")?,
            face_offset: r.u16("face_offset")?,
            u3: r.u16("u3")?,
            u4: r.u16("u4")?,
            vertex_count: r.u8("vertex_count")?,
            face_count: r.u8("face_count")?,
            u7: r.u8("u7")?,
            edge_count: r.u8("edge_count")?,
        })
    })?;
    rd.mark(p, r.pos())?;
    Ok(s)
}

fn read_segment_graph(rd: &mut Rd, base: u64) -> Result<SegmentGraph> {
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

fn read_sg_adjacency(r: &mut Reader, n: &SegmentGraphNode) -> Result<SegmentGraphAdjacency> {
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

fn read_section2(rd: &mut Rd, pos: u64) -> Result<Section2Entry> {
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

fn read_nav_system(rd: &mut Rd, base: u64) -> Result<NavSystem> {
    let mut r = rd.at(base, "nav_system_offset")?;
    let mut s = NavSystem {
        origin: [
            r.f32("origin")?,
            r.f32("origin")?,
            r.f32("origin")?,
            r.f32("origin")?,
        ],
        cells_x: r.u32("cells_x")?,
        n2: r.u32("n2")?,
        cells_z: r.u32("cells_z")?,
        cell_size: r.u32("cell_size")?,
        n5: r.u32("n5")?,
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        ss3: r.u32("ss3")?,
        cells: vec![],
        lists: vec![],
    };
    rd.mark(base, r.pos())?;
    let p = add(base, u64::from(s.ss1));
    let mut r = rd.at(p, "ss1")?;
    let cells = u64::from(s.cells_x).saturating_mul(u64::from(s.cells_z));
    let start = r.pos();
    let mut targets: BTreeMap<u64, u16> = BTreeMap::new();
    s.cells = r.list(cells, 8, "cells", |r| {
        let at = r.pos() as u64;
        let c = NavSystemCell {
            offset: r.u32("offset")?,
            count: r.u16("count")?,
            u2: r.u8("u2")?,
            u3: r.u8("u3")?,
        };
        if c.count > 0 {
            let t = add(at, u64::from(c.offset));
            let m = targets.entry(t).or_insert(0);
            *m = (*m).max(c.count);
        }
        Ok(c)
    })?;
    let _ = start;
    rd.mark(p, r.pos())?;
    for (t, count) in targets {
        let rel = t
            .checked_sub(base)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                Error::invalid(FMT, "cell offset", t, "list lies before the NavSystem")
            })?;
        let mut r = rd.at(t, "cell offset")?;
        let entries = r.list(u64::from(count), 8, "list", |r| {
            let group_id = r.u8("group_id")?;
            let u1 = r.u8("u1")?;
            let u2 = r.u16("u2")?;
            let n = r.u32("count")?;
            Ok(NavSystemListEntry {
                group_id,
                u1,
                u2,
                segments: r.list(u64::from(n), 2, "segments", |r| r.u16("segment"))?,
            })
        })?;
        rd.mark(t, r.pos())?;
        s.lists.push(NavSystemList { at: rel, entries });
    }
    Ok(s)
}

// ---------------------------------------------------------------------------------------------
// Writing

/// The writer collects every block with its position first and lays them into the file only
/// once their total is known, so a `file_len` from hand-edited JSON cannot make it allocate more
/// than the structures need.
struct Wr {
    pieces: Vec<Piece>,
}

struct Piece {
    pos: u64,
    bytes: Vec<u8>,
    what: &'static str,
}

/// A file may be at most this many times the bytes its structures and gaps hold (plus
/// [`LAYOUT_SLACK`]): the zero runs the document leaves out are padding, a fraction of a real
/// file (every corpus file is covered but for at most 16 trailing bytes).
const LAYOUT_RATIO: u64 = 2;
const LAYOUT_SLACK: u64 = 4096;

impl Wr {
    fn put(&mut self, pos: u64, bytes: &[u8], what: &'static str) -> Result<()> {
        // An empty block occupies no bytes, so where its offset points does not matter (the
        // reader does not follow the offset of an empty Section2 ss6, for one).
        if !bytes.is_empty() {
            self.pieces.push(Piece {
                pos,
                bytes: bytes.to_vec(),
                what,
            });
        }
        Ok(())
    }

    /// Lay the blocks into a zeroed file of `file_len` bytes.
    fn finish(self, file_len: u64) -> Result<Vec<u8>> {
        let needed: u64 = self.pieces.iter().map(|p| p.bytes.len() as u64).sum();
        let limit = needed
            .saturating_mul(LAYOUT_RATIO)
            .saturating_add(LAYOUT_SLACK);
        let len = usize::try_from(file_len)
            .ok()
            .filter(|_| file_len <= limit)
            .ok_or_else(|| {
                Error::invalid(
                    FMT,
                    "file_len",
                    0,
                    format!(
                        "{file_len} bytes is more than the structures need: they hold {needed} \
                         bytes, so the file can be at most {limit}"
                    ),
                )
            })?;
        let mut buf = vec![0; len];
        for p in &self.pieces {
            let end = p.pos.checked_add(p.bytes.len() as u64);
            match (
                usize::try_from(p.pos),
                end.and_then(|e| usize::try_from(e).ok()),
            ) {
                (Ok(s), Some(e)) if e <= buf.len() => buf[s..e].copy_from_slice(&p.bytes),
                _ => {
                    return Err(Error::invalid(
                        FMT,
                        p.what,
                        p.pos,
                        format!(
                            "{} bytes at {} do not fit in a file of {} bytes",
                            p.bytes.len(),
                            p.pos,
                            buf.len()
                        ),
                    ));
                }
            }
        }
        Ok(buf)
    }
}

fn put_q(b: &mut Vec<u8>, q: &QVec) {
    for v in q {
        b.put_u16(*v);
    }
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

fn write_navworld(w: &mut Wr, base: u64, n: &NavWorld) -> Result<()> {
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

fn write_navmesh(w: &mut Wr, base: u64, c: &NavmeshChunk) -> Result<()> {
    let mut b = Vec::with_capacity(32);
    b.put_u32(c.ss1);
    b.put_u32(c.ss2);
    b.put_u32(c.ss3);
    c.uu.iter().for_each(|v| b.put_u16(*v));
    b.put_u16(c.face_count);
    b.put_u16(c.vertex_count);
    b.put_u16(c.u4);
    b.put_u16(c.u5);
    w.put(base, &b, "navmesh header")?;
    let mut b = Vec::new();
    c.vertices.iter().for_each(|p| put_q(&mut b, p));
    w.put(add(base, u64::from(c.ss1)), &b, "navmesh vertices")?;
    let mut b = Vec::new();
    c.face_offsets.iter().for_each(|v| b.put_u32(*v));
    w.put(add(base, u64::from(c.ss2)), &b, "navmesh face offsets")?;
    let ss3 = add(base, u64::from(c.ss3));
    for (&off, f) in c.face_offsets.iter().zip(&c.faces) {
        let mut b = Vec::with_capacity(12);
        f.adjacent.iter().for_each(|v| b.put_i16(*v));
        b.put_bytes(&f.vertices);
        b.put_bytes(&f.edges);
        if let Some(l) = &f.links {
            l.groups.iter().for_each(|v| b.put_u16(*v));
            l.tiles.iter().for_each(|v| b.put_u16(*v));
        }
        w.put(
            add(ss3, u64::from(off & FACE_OFFSET_MASK) * 2),
            &b,
            "navmesh face",
        )?;
    }
    Ok(())
}

fn write_segment_chunk(w: &mut Wr, base: u64, s: &SegmentChunk) -> Result<()> {
    let mut b = Vec::with_capacity(16);
    for v in [s.ss1, s.ss2, s.total_size, s.entry_count] {
        b.put_u32(v);
    }
    w.put(base, &b, "segment_chunk header")?;
    let mut b = Vec::new();
    for [lo, hi] in &s.bounds {
        put_q(&mut b, lo);
        put_q(&mut b, hi);
    }
    w.put(add(base, u64::from(s.ss1)), &b, "segment bounds")?;
    let mut b = Vec::new();
    for g in &s.segments {
        b.put_u16(g.vertex_offset);
        b.put_u16(g.face_offset);
        b.put_u16(g.u3);
        b.put_u16(g.u4);
        b.put_u8(g.vertex_count);
        b.put_u8(g.face_count);
        b.put_u8(g.u7);
        b.put_u8(g.edge_count);
    }
    w.put(add(base, u64::from(s.ss2)), &b, "segments")
}

fn write_segment_graph(w: &mut Wr, base: u64, g: &SegmentGraph) -> Result<()> {
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

fn count_u8(n: usize) -> Result<u8> {
    u8::try_from(n).map_err(|_| Error::invalid(FMT, "shared", 0, "more than 255 shared edges"))
}

fn write_section2(w: &mut Wr, pos: u64, e: &Section2Entry) -> Result<()> {
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

fn write_nav_system(w: &mut Wr, base: u64, s: &NavSystem) -> Result<()> {
    let cells = u64::from(s.cells_x) * u64::from(s.cells_z);
    if cells != s.cells.len() as u64 {
        return Err(Error::invalid(
            FMT,
            "cells_x",
            base + 16,
            format!(
                "{} × {} cells, but {} are listed",
                s.cells_x,
                s.cells_z,
                s.cells.len()
            ),
        ));
    }
    let mut b = Vec::with_capacity(48);
    s.origin.iter().for_each(|v| b.put_f32(*v));
    for v in [
        s.cells_x,
        s.n2,
        s.cells_z,
        s.cell_size,
        s.n5,
        s.ss1,
        s.ss2,
        s.ss3,
    ] {
        b.put_u32(v);
    }
    w.put(base, &b, "nav_system header")?;
    let mut b = Vec::new();
    for c in &s.cells {
        b.put_u32(c.offset);
        b.put_u16(c.count);
        b.put_u8(c.u2);
        b.put_u8(c.u3);
    }
    w.put(add(base, u64::from(s.ss1)), &b, "nav_system cells")?;
    for l in &s.lists {
        let mut b = Vec::new();
        for e in &l.entries {
            b.put_u8(e.group_id);
            b.put_u8(e.u1);
            b.put_u16(e.u2);
            b.put_u32(e.segments.len() as u32);
            e.segments.iter().for_each(|v| b.put_u16(*v));
        }
        w.put(add(base, u64::from(l.at)), &b, "nav_system list")?;
    }
    Ok(())
}
