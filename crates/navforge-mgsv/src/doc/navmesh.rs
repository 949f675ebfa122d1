//! NavmeshChunk (entry type 1: vertices and faces) and SegmentChunk (type 4: how faces and
//! vertices split into segments) — types, reader and writer side by side.

use super::QVec;
use super::io::{Rd, Wr, add, put_q, qvec};
use navforge_core::{Error, Put, Result};
use serde::{Deserialize, Serialize};

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
    /// Quantised vertices.
    pub vertices: Vec<QVec>,
    /// Bits 0..17: offset into ss3 in 2-byte units; bit 18: 4-vertex face; others kept.
    pub face_offsets: Vec<u32>,
    /// One per face offset.
    pub faces: Vec<Face>,
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
    /// `[min, max]` per segment.
    pub bounds: Vec<[QVec; 2]>,
    /// Segments.
    pub segments: Vec<Segment>,
}

/// One segment: its range of vertices and faces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Segment {
    /// First vertex.
    pub vertex_offset: u16,
    /// First face (index into the NavmeshChunk face table).
    pub face_offset: u16,
    /// Unknown; kept as found.
    pub u3: u16,
    /// Unknown; kept as found.
    pub u4: u16,
    /// Number of vertices.
    pub vertex_count: u8,
    /// Number of faces.
    pub face_count: u8,
    /// Unknown; kept as found.
    pub u7: u8,
    /// Number of edges.
    pub edge_count: u8,
}

pub(super) fn read_navmesh(rd: &mut Rd, base: u64) -> Result<NavmeshChunk> {
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

pub(super) fn write_navmesh(w: &mut Wr, base: u64, c: &NavmeshChunk) -> Result<()> {
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

pub(super) fn read_segment_chunk(rd: &mut Rd, base: u64) -> Result<SegmentChunk> {
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

pub(super) fn write_segment_chunk(w: &mut Wr, base: u64, s: &SegmentChunk) -> Result<()> {
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
