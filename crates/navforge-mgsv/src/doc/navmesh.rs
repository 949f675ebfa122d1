//! NavmeshChunk (entry type 1: vertices and faces) and SegmentChunk (type 4: how faces and
//! vertices split into segments) — types, readers, writers and layouts side by side.

use super::QVec;
use super::io::{Rd, Wr, add};
use super::layout::{LayoutStyle, Span, count_u16, count_u32, packed};
use super::wire::{Wire, invalid, one_each, pad16, put_list, read_list, record};
use navforge_core::{Error, Reader, Result};
use serde::{Deserialize, Serialize};

record! {
    /// NavmeshChunk (type 1): vertices and faces.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavmeshChunk {
        /// Offset of sub-section 1, relative to the start of this structure.
        pub ss1: u32,
        /// Offset of sub-section 2, relative to the start of this structure.
        pub ss2: u32,
        /// Offset of sub-section 3, relative to the start of this structure.
        pub ss3: u32,
        /// Unknown; kept as found.
        pub uu: [u16; 6],
        /// Number of faces.
        pub face_count: u16,
        /// Number of vertices.
        pub vertex_count: u16,
        /// Unknown; kept as found.
        pub u4: u16,
        /// Unknown; kept as found.
        pub u5: u16,
    }
    then {
        /// Quantised vertices.
        pub vertices: Vec<QVec>,
        /// Bits 0..17: offset into ss3 in 2-byte units; bit 18: 4-vertex face; others kept.
        pub face_offsets: Vec<u32>,
        /// One per face offset.
        pub faces: Vec<Face>,
    }
}

/// Bit 18 of a face offset: the face has four corners.
pub const QUAD_BIT: u32 = 1 << 18;

/// Bits 0..17 of a face offset: the face record's offset in 2-byte units.
pub const FACE_OFFSET_MASK: u32 = 0x3ffff;

/// One face record: adjacency, vertices and edges per corner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

/// Cross-group and cross-tile targets of a face's flagged edges.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FaceLinks {
    /// Target group per edge.
    pub groups: Vec<u16>,
    /// Target tile code per edge (0xffff = not applicable).
    pub tiles: Vec<u16>,
}

/// Whether a raw adjacency value points outside the group (bit 14 or 15 set, but not -1).
pub fn adjacency_is_link(a: i16) -> bool {
    a != -1 && (a as u16) & 0xc000 != 0
}

impl Face {
    /// Read a face of `n` corners.
    fn read(r: &mut Reader, n: u64) -> Result<Self> {
        let adjacent: Vec<i16> = read_list(r, n, "adjacent")?;
        let vertices = read_list(r, n, "vertices")?;
        let edges = read_list(r, n, "edges")?;
        let links = if adjacent.iter().any(|&a| adjacency_is_link(a)) {
            Some(FaceLinks {
                groups: read_list(r, n, "link groups")?,
                tiles: read_list(r, n, "link tiles")?,
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
    }

    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        put_list(b, &self.adjacent)?;
        put_list(b, &self.vertices)?;
        put_list(b, &self.edges)?;
        if let Some(l) = &self.links {
            put_list(b, &l.groups)?;
            put_list(b, &l.tiles)?;
        }
        Ok(())
    }

    /// Its length on disk, after checking every list has one entry per corner and that the link
    /// lists are there exactly when an adjacency is flagged (as the reader expects).
    fn checked_len(&self) -> Result<u64> {
        let n = self.adjacent.len();
        if !(3..=4).contains(&n) {
            return Err(invalid("adjacent", format!("{n} corners: 3 or 4")));
        }
        let mut lists = vec![
            ("vertices", self.vertices.len()),
            ("edges", self.edges.len()),
        ];
        let flagged = self.adjacent.iter().any(|&a| adjacency_is_link(a));
        match (&self.links, flagged) {
            (Some(l), true) => {
                lists.extend([
                    ("links.groups", l.groups.len()),
                    ("links.tiles", l.tiles.len()),
                ]);
            }
            (None, false) => {}
            (Some(_), false) => {
                return Err(invalid("links", "present, but no adjacency is flagged"));
            }
            (None, true) => return Err(invalid("links", "missing for a flagged adjacency")),
        }
        if let Some((name, len)) = lists.into_iter().find(|&(_, len)| len != n) {
            return Err(invalid(name, format!("{len} entries for {n} corners")));
        }
        // i16 adjacency, u8 vertex and u8 edge per corner; then u16 group and u16 tile.
        let per_corner = if flagged { 8 } else { 4 };
        Ok(per_corner * n as u64)
    }
}

pub(super) fn read_navmesh(rd: &mut Rd, base: u64) -> Result<NavmeshChunk> {
    let mut c: NavmeshChunk = rd.value_at(base, "payload")?;
    c.vertices = rd.list_at(base, ("ss1", c.ss1), "vertices", c.vertex_count)?;
    c.face_offsets = rd.list_at(base, ("ss2", c.ss2), "face_offsets", c.face_count)?;
    let ss3 = add(base, u64::from(c.ss3));
    let mut faces = Vec::with_capacity(c.face_offsets.len());
    for (i, &off) in c.face_offsets.iter().enumerate() {
        let p = add(ss3, u64::from(off & FACE_OFFSET_MASK) * 2);
        let n = if off & QUAD_BIT != 0 { 4 } else { 3 };
        let f = rd
            .records_at(p, "face offset", |r| Face::read(r, n))
            .map_err(|e: Error| e.within(format_args!("face #{i}")))?;
        faces.push(f);
    }
    c.faces = faces;
    Ok(c)
}

pub(super) fn write_navmesh(w: &mut Wr, base: u64, c: &NavmeshChunk) -> Result<()> {
    w.record(base, "navmesh header", |b| c.put(b))?;
    w.list(add(base, u64::from(c.ss1)), "navmesh vertices", &c.vertices)?;
    w.list(
        add(base, u64::from(c.ss2)),
        "navmesh face offsets",
        &c.face_offsets,
    )?;
    let ss3 = add(base, u64::from(c.ss3));
    for (&off, f) in c.face_offsets.iter().zip(&c.faces) {
        w.record(
            add(ss3, u64::from(off & FACE_OFFSET_MASK) * 2),
            "navmesh face",
            |b| f.put(b),
        )?;
    }
    Ok(())
}

impl NavmeshChunk {
    /// Recompute counts, offsets and face offsets (bits 0..18; the bits above are kept) from
    /// the lists; returns the payload's length. Face records are 16-byte aligned, as in every
    /// file seen.
    pub(super) fn lay_out(&mut self, style: &LayoutStyle) -> Result<u64> {
        let nf = self.faces.len();
        one_each(nf, "faces", &[("face_offsets", self.face_offsets.len())])?;
        self.face_count = count_u16("faces", nf)?;
        self.vertex_count = count_u16("vertices", self.vertices.len())?;
        let mut s = Span::new(Self::SIZE);
        self.ss1 = s.next("ss1", 6 * self.vertices.len() as u64, pad16)?;
        let face_table = if style.pad_face_table { pad16 } else { packed };
        self.ss2 = s.next("ss2", 4 * nf as u64, face_table)?;
        let mut at = 0u64;
        for (i, (off, f)) in self.face_offsets.iter_mut().zip(&self.faces).enumerate() {
            let len = f
                .checked_len()
                .map_err(|e| e.within(format_args!("face #{i}")))?;
            let units = u32::try_from(at / 2)
                .ok()
                .filter(|&u| u <= FACE_OFFSET_MASK)
                .ok_or_else(|| {
                    invalid(
                        format!("face #{i}"),
                        "face records pass the 18-bit offset limit (512 KiB)",
                    )
                })?;
            let quad = if f.adjacent.len() == 4 { QUAD_BIT } else { 0 };
            *off = (*off & !(FACE_OFFSET_MASK | QUAD_BIT)) | quad | units;
            at += pad16(len);
        }
        self.ss3 = s.next("ss3", at, packed)?;
        Ok(s.end())
    }
}

record! {
    /// SegmentChunk (type 4): how faces and vertices split into segments.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct SegmentChunk {
        /// Offset of sub-section 1, relative to the start of this structure.
        pub ss1: u32,
        /// Offset of sub-section 2, relative to the start of this structure.
        pub ss2: u32,
        /// Size of the chunk.
        pub total_size: u32,
        /// Number of segments.
        pub entry_count: u32,
    }
    then {
        /// `[min, max]` per segment.
        pub bounds: Vec<[QVec; 2]>,
        /// Segments.
        pub segments: Vec<Segment>,
    }
}

record! {
    /// One segment: its range of vertices and faces.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct Segment {
        /// First vertex.
        pub vertex_offset: u16,
        /// First face (index into the NavmeshChunk face table).
        pub face_offset: u16,
        /// First corner (running sum of `u7`; Obj2Nav2 writes 0).
        pub u3: u16,
        /// First edge (running sum of `edge_count`; Obj2Nav2 writes 0).
        pub u4: u16,
        /// Number of vertices.
        pub vertex_count: u8,
        /// Number of faces.
        pub face_count: u8,
        /// Number of corners (3 × faces in every file seen).
        pub u7: u8,
        /// Number of edges.
        pub edge_count: u8,
    }
}

pub(super) fn read_segment_chunk(rd: &mut Rd, base: u64) -> Result<SegmentChunk> {
    let mut s: SegmentChunk = rd.value_at(base, "payload")?;
    let n = u64::from(s.entry_count);
    s.bounds = rd.list_at(base, ("ss1", s.ss1), "bounds", n)?;
    s.segments = rd.list_at(base, ("ss2", s.ss2), "segments", n)?;
    Ok(s)
}

pub(super) fn write_segment_chunk(w: &mut Wr, base: u64, s: &SegmentChunk) -> Result<()> {
    w.record(base, "segment_chunk header", |b| s.put(b))?;
    w.list(add(base, u64::from(s.ss1)), "segment bounds", &s.bounds)?;
    w.list(add(base, u64::from(s.ss2)), "segments", &s.segments)
}

impl SegmentChunk {
    /// Recompute the count, offsets and total size; returns the payload's length.
    pub(super) fn lay_out(&mut self) -> Result<u64> {
        let n = self.segments.len();
        one_each(n, "segments", &[("bounds", self.bounds.len())])?;
        self.entry_count = count_u32("segments", n)?;
        let mut s = Span::new(Self::SIZE);
        self.ss1 = s.next("ss1", 12 * n as u64, pad16)?;
        self.ss2 = s.next("ss2", 12 * n as u64, pad16)?;
        self.total_size = s.offset("total_size")?;
        Ok(s.end())
    }
}
