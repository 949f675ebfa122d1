//! Valve Source collision models (IVP "compact surfaces") as convex hulls: a model's `.phy`
//! file, one collide blob, or a VBSP map's physics-collision lump (lump 29).
//!
//! Layout, little-endian, each offset relative to the structure that holds it:
//!
//! - `.phy` header (16 bytes): `size` (where the solids start), `id`, `solidCount`,
//!   `checksum`; then per solid an `int size` and that many bytes of collide blob; text key
//!   values follow the solids.
//! - Collide blob: optionally a 28-byte `compactsurfaceheader_t` (`VPHY`, `version` 0x100,
//!   `modelType` (0 a compact surface, 1 a MOPP), `surfaceSize`, drag axis areas, axis map
//!   size), then the 48-byte `IVP_Compact_Surface`: mass centre, rotation inertia, radius,
//!   `max_deviation:8 | byte_size:24`, `offset_ledgetree_root`, 3 dummies (the last `IVPS`).
//! - Ledge tree: 28-byte nodes (`offset_right_node`, `offset_compact_ledge`, centre, radius,
//!   box sizes). An inner node's left child follows it and its right child is at
//!   `offset_right_node`; a node whose `offset_right_node` is 0 is a leaf and its ledge is at
//!   `offset_compact_ledge`. Inner nodes' ledges are hulls of their whole subtree, so only the
//!   leaves' ledges are the model's pieces.
//! - Compact ledge (16 bytes): `c_point_offset`, client data, flags with `size_div_16`,
//!   `n_triangles` (i16), padding; then `n_triangles` 16-byte triangles: a flags word and three
//!   edges whose low 16 bits are the edge's start point index. Points (16 bytes: x, y, z, unused)
//!   are at the ledge plus `c_point_offset`, an array the surface's ledges share.
//! - VBSP lump 29: `dphysmodel_t` entries (`modelIndex`, `dataSize`, `keydataSize`,
//!   `solidCount`), each followed by `solidCount` × (`int size` + blob) and `keydataSize` bytes
//!   of text; `modelIndex` −1 ends the list.
//!
//! Other `VPHY` versions (Strata Source's 0x101, in Momentum's v25 maps, lays the surface out
//! differently) are refused, naming `compactsurfaceheader.version`.
//!
//! IVP works in metres with Y down: a point `(x, y, z)` is `(x, z, −y) / 0.0254` in Source
//! units and axes (confirmed against the brushes of the corpus maps in this module's tests).
//! Triangles keep IVP's order, which in Source axes is counter-clockwise seen from outside.
//!
//! Bad input never panics: every read is bounds-checked, counts are checked against the bytes
//! before anything is allocated, and the tree walk visits at most one node per 28 bytes, so the
//! output is linear in the input.

use crate::bytes::bad_point;
use glam::Vec3;
use std::collections::{HashMap, HashSet};

/// One convex piece of a collision model, in the model's own space, Source units (inches),
/// Source axes (x forward, y left, z up).
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexHull {
    /// The corners the triangles use, each once.
    pub points: Vec<Vec3>,
    /// Triangles as indices into `points`, counter-clockwise seen from outside the hull.
    pub triangles: Vec<[u32; 3]>,
}

impl ConvexHull {
    /// The box `lo..hi`: its eight corners (bit 0 of the index picks `hi`'s x, bit 1 its y,
    /// bit 2 its z) and twelve triangles, two a side, counter-clockwise seen from outside.
    pub fn cuboid(lo: Vec3, hi: Vec3) -> ConvexHull {
        let points = (0..8)
            .map(|i| Vec3::select(glam::BVec3::new(i & 1 != 0, i & 2 != 0, i & 4 != 0), hi, lo))
            .collect();
        const TRIANGLES: [[u32; 3]; 12] = [
            [0, 2, 1],
            [1, 2, 3],
            [4, 5, 6],
            [5, 7, 6],
            [0, 1, 4],
            [1, 5, 4],
            [2, 6, 3],
            [3, 6, 7],
            [0, 4, 2],
            [2, 4, 6],
            [1, 3, 5],
            [3, 7, 5],
        ];
        ConvexHull {
            points,
            triangles: TRIANGLES.to_vec(),
        }
    }
}

/// Why collision bytes could not be read: the field at fault, its byte offset (relative to the
/// start of the bytes given to the reader) and what was wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field} at byte {offset}: {reason}")]
pub struct PhyError {
    /// The field at fault, as `structure.field` (e.g. `ledge.c_point_offset`).
    pub field: &'static str,
    /// Where the field is, in bytes from the start of the input.
    pub offset: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// The convex pieces of every solid of a `.phy` file (header `phyheader_t`: size, id,
/// solidCount, checksum; then per solid an int size and that many bytes of compact surface,
/// optionally preceded by a `VPHY` `compactsurfaceheader_t`; text key values follow the solids
/// and are ignored). Solids stored as MOPP surfaces (model type 1, which hold no compact
/// ledges) are skipped. A jointed model's solids (its key values name a bone per solid) are
/// each in their bone's frame.
pub fn phy_file_hulls(bytes: &[u8]) -> Result<Vec<ConvexHull>, PhyError> {
    Ok(phy_file_solids(bytes)?
        .into_iter()
        .flatten()
        .flatten()
        .collect())
}

/// The convex pieces of one collide blob (one solid: with or without the `VPHY` header). A
/// MOPP blob (model type 1) is an error here: it holds no compact surface.
pub fn collide_hulls(bytes: &[u8]) -> Result<Vec<ConvexHull>, PhyError> {
    let blob = Bytes { b: bytes, base: 0 };
    match solid_hulls(blob)? {
        Some(hulls) => Ok(hulls),
        None => Err(blob.err(
            "compactsurfaceheader.modelType",
            6,
            "model type 1 is a MOPP surface, not a compact surface; it is not supported",
        )),
    }
}

/// A VBSP physcollide lump: for each model (brush model index), its solids' hulls. Entries are
/// `dphysmodel_t { int modelIndex; int dataSize; int keydataSize; int solidCount; }` then
/// solidCount × (int size + blob), then keydataSize bytes of text; the list ends with
/// modelIndex == −1. An empty lump (a map without physics) gives no models. The world
/// (model 0) holds several solids: its solid brushes (and windows and grates), then its player
/// and monster clips in solids of their own, all returned together; MOPP solids (in v19 maps,
/// the displacements, which the displacement lumps also describe) are skipped.
pub fn physcollide_lump_hulls(bytes: &[u8]) -> Result<Vec<(i32, Vec<ConvexHull>)>, PhyError> {
    Ok(lump_models(bytes)?
        .into_iter()
        .map(|m| (m.index, m.solids.into_iter().flatten().flatten().collect()))
        .collect())
}

/// One model of a physcollide lump, solid by solid.
pub(crate) struct LumpModel<'a> {
    /// The brush model it collides.
    pub index: i32,
    /// Each solid's hulls, `None` for a MOPP solid.
    pub solids: Vec<Option<Vec<ConvexHull>>>,
    /// The key values text after the solids (`staticsolid { "index" .. "contents" .. }` ...).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
    pub keydata: &'a [u8],
}

const PHY_HEADER: usize = 16;
const DPHYSMODEL: usize = 16;
const COLLIDE_HEADER: usize = 28;
const VPHY_ID: &[u8; 4] = b"VPHY";
const VPHY_VERSION: u16 = 0x100;
const MODEL_POLY: u16 = 0;
const MODEL_MOPP: u16 = 1;
const SURFACE: usize = 48;
const NODE: usize = 28;
const LEDGE: usize = 16;
const TRIANGLE: usize = 16;
const POINT: usize = 16;
const METRES_TO_INCHES: f32 = 1.0 / 0.0254;

/// Bytes and where they start in the caller's input, for error offsets.
#[derive(Clone, Copy)]
struct Bytes<'a> {
    b: &'a [u8],
    base: usize,
}

impl<'a> Bytes<'a> {
    fn len(&self) -> usize {
        self.b.len()
    }
    /// Refuses bytes shorter than `need`, naming them (`whole`) and the `part` they must hold.
    fn holds(
        &self,
        need: usize,
        field: &'static str,
        (whole, part): (&str, &str),
    ) -> Result<(), PhyError> {
        if self.len() < need {
            let reason = format!(
                "the {whole} holds {} bytes, less than the {need}-byte {part}",
                self.len()
            );
            return Err(self.err(field, 0, reason));
        }
        Ok(())
    }
    fn err(&self, field: &'static str, at: usize, reason: impl Into<String>) -> PhyError {
        PhyError {
            field,
            offset: self.base.saturating_add(at),
            reason: reason.into(),
        }
    }
    /// `N` bytes at `at`, or an error naming `field`.
    fn array<const N: usize>(&self, at: usize, field: &'static str) -> Result<[u8; N], PhyError> {
        at.checked_add(N)
            .and_then(|end| self.b.get(at..end))
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| {
                self.err(
                    field,
                    at,
                    format!(
                        "needs {N} bytes here but the data ends at byte {}",
                        self.len()
                    ),
                )
            })
    }
    fn i32(&self, at: usize, field: &'static str) -> Result<i32, PhyError> {
        self.array(at, field).map(i32::from_le_bytes)
    }
    fn u32(&self, at: usize, field: &'static str) -> Result<u32, PhyError> {
        self.array(at, field).map(u32::from_le_bytes)
    }
    fn u16(&self, at: usize, field: &'static str) -> Result<u16, PhyError> {
        self.array(at, field).map(u16::from_le_bytes)
    }
    fn i16(&self, at: usize, field: &'static str) -> Result<i16, PhyError> {
        self.array(at, field).map(i16::from_le_bytes)
    }
    fn f32(&self, at: usize, field: &'static str) -> Result<f32, PhyError> {
        self.array(at, field).map(f32::from_le_bytes)
    }
    /// A size or count field that must be non-negative.
    fn size(&self, at: usize, field: &'static str) -> Result<usize, PhyError> {
        let v = self.i32(at, field)?;
        usize::try_from(v).map_err(|_| self.err(field, at, format!("{v} is negative")))
    }
    /// Bytes `start..end`, which the caller checked lie inside.
    fn sub(&self, start: usize, end: usize) -> Bytes<'a> {
        Bytes {
            b: &self.b[start..end],
            base: self.base + start,
        }
    }
    /// `len` bytes from `start` when they lie inside.
    fn take(&self, start: usize, len: usize) -> Option<Bytes<'a>> {
        let end = start.checked_add(len).filter(|&e| e <= self.len())?;
        Some(self.sub(start, end))
    }
}

/// `at` moved by a signed offset, when that stays at or after the start.
fn rel(at: usize, offset: i32) -> Option<usize> {
    let to = i64::try_from(at).ok()? + i64::from(offset);
    usize::try_from(to).ok()
}

/// Each solid of a `.phy` file, `None` for a MOPP solid.
pub(crate) fn phy_file_solids(bytes: &[u8]) -> Result<Vec<Option<Vec<ConvexHull>>>, PhyError> {
    let f = Bytes { b: bytes, base: 0 };
    f.holds(PHY_HEADER, "phyheader.size", ("file", "header"))?;
    let start = f.size(0, "phyheader.size")?;
    if start < PHY_HEADER || start > f.len() {
        return Err(f.err(
            "phyheader.size",
            0,
            format!(
                "the solids would start at byte {start}, not between the {PHY_HEADER}-byte \
                 header's end and the file's end ({})",
                f.len()
            ),
        ));
    }
    let count = f.size(8, "phyheader.solidCount")?;
    solids(f.sub(start, f.len()), count, "phyheader.solidCount", 8)
}

/// `count` solids (each an `int size` and its blob) from the start of `b`. `count_offset` is
/// where the count field is in the input, for the error when they do not fit.
fn solids(
    b: Bytes,
    count: usize,
    count_field: &'static str,
    count_offset: usize,
) -> Result<Vec<Option<Vec<ConvexHull>>>, PhyError> {
    // Each solid takes at least its 4-byte size: refuse an impossible count before allocating.
    if count > b.len() / 4 {
        return Err(PhyError {
            field: count_field,
            offset: count_offset,
            reason: format!(
                "{count} solids cannot fit in the {} bytes that follow",
                b.len()
            ),
        });
    }
    let mut out = Vec::with_capacity(count);
    let mut at = 0;
    for i in 0..count {
        let size = b.size(at, "solid.size")?;
        let Some(blob) = b.take(at + 4, size) else {
            return Err(b.err(
                "solid.size",
                at,
                format!(
                    "solid {i} of {size} bytes runs past the end of its data (byte {})",
                    b.len()
                ),
            ));
        };
        out.push(solid_hulls(blob)?);
        at += 4 + size;
    }
    Ok(out)
}

/// The models of a physcollide lump.
pub(crate) fn lump_models(bytes: &[u8]) -> Result<Vec<LumpModel<'_>>, PhyError> {
    let l = Bytes { b: bytes, base: 0 };
    let mut out = Vec::new();
    let mut at = 0;
    if l.len() == 0 {
        return Ok(out);
    }
    loop {
        if at == l.len() {
            return Err(l.err(
                "dphysmodel.modelIndex",
                at,
                "the lump ends without the modelIndex -1 that closes the list",
            ));
        }
        let index = l.i32(at, "dphysmodel.modelIndex")?;
        if index == -1 {
            return Ok(out);
        }
        if index < 0 {
            return Err(l.err(
                "dphysmodel.modelIndex",
                at,
                format!("{index} is negative and not the -1 that closes the list"),
            ));
        }
        let data_size = l.size(at + 4, "dphysmodel.dataSize")?;
        let key_size = l.size(at + 8, "dphysmodel.keydataSize")?;
        let count = l.size(at + 12, "dphysmodel.solidCount")?;
        let data_at = at + DPHYSMODEL;
        let Some(data) = l.take(data_at, data_size) else {
            return Err(l.err(
                "dphysmodel.dataSize",
                at + 4,
                format!(
                    "{data_size} bytes of solids from byte {data_at} run past the lump's end ({})",
                    l.len()
                ),
            ));
        };
        let key_at = data_at + data_size;
        let Some(key) = l.take(key_at, key_size) else {
            return Err(l.err(
                "dphysmodel.keydataSize",
                at + 8,
                format!(
                    "{key_size} bytes of key values from byte {key_at} run past the lump's end ({})",
                    l.len()
                ),
            ));
        };
        let solids = solids(data, count, "dphysmodel.solidCount", at + 12)?;
        out.push(LumpModel {
            index,
            solids,
            keydata: key.b,
        });
        at = key_at + key_size;
    }
}

/// One collide blob's hulls, `None` for a MOPP blob.
fn solid_hulls(b: Bytes) -> Result<Option<Vec<ConvexHull>>, PhyError> {
    let surface = if b.b.starts_with(VPHY_ID) {
        b.holds(
            COLLIDE_HEADER,
            "compactsurfaceheader",
            ("blob", "VPHY header"),
        )?;
        let version = b.u16(4, "compactsurfaceheader.version")?;
        if version != VPHY_VERSION {
            return Err(b.err(
                "compactsurfaceheader.version",
                4,
                format!("version {version:#x} is not the supported {VPHY_VERSION:#x}"),
            ));
        }
        match b.u16(6, "compactsurfaceheader.modelType")? {
            MODEL_POLY => {}
            MODEL_MOPP => return Ok(None),
            t => {
                return Err(b.err(
                    "compactsurfaceheader.modelType",
                    6,
                    format!("model type {t} is neither 0 (compact surface) nor 1 (MOPP)"),
                ));
            }
        }
        let size = b.size(8, "compactsurfaceheader.surfaceSize")?;
        b.take(COLLIDE_HEADER, size).ok_or_else(|| {
            b.err(
                "compactsurfaceheader.surfaceSize",
                8,
                format!(
                    "a {size}-byte surface after the header runs past the blob's {} bytes",
                    b.len()
                ),
            )
        })?
    } else {
        // Older files store the compact surface alone.
        b
    };
    surface_hulls(surface).map(Some)
}

/// The hulls of the leaf ledges of one compact surface.
fn surface_hulls(s: Bytes) -> Result<Vec<ConvexHull>, PhyError> {
    s.holds(SURFACE, "surface", ("surface", "IVP_Compact_Surface"))?;
    let byte_size = (s.u32(28, "surface.byte_size")? >> 8) as usize;
    if byte_size < SURFACE || byte_size > s.len() {
        return Err(s.err(
            "surface.byte_size",
            28,
            format!(
                "{byte_size} is not between the {SURFACE}-byte header and the {} bytes given",
                s.len()
            ),
        ));
    }
    let s = s.sub(0, byte_size);
    let root = s.i32(32, "surface.offset_ledgetree_root")?;
    let root_at = rel(0, root)
        .filter(|&r| r >= SURFACE && r.saturating_add(NODE) <= s.len())
        .ok_or_else(|| {
            s.err(
                "surface.offset_ledgetree_root",
                32,
                format!(
                    "{root} puts the root node outside the surface's bytes {SURFACE}..{}",
                    s.len()
                ),
            )
        })?;
    // A valid tree has each node once, so no more nodes than fit in the bytes; a node
    // reached twice means offsets that loop or share subtrees.
    let max_nodes = s.len() / NODE;
    let mut seen = HashSet::new();
    // Ledges never overlap, so their bytes add up to at most the surface's: this keeps the
    // output linear in the input even when leaves point into one another.
    let mut ledge_bytes = 0;
    // (node, the node whose offset_right_node led to it: the root has its own)
    let mut stack = vec![(root_at, None)];
    let mut hulls = Vec::new();
    while let Some((node, parent)) = stack.pop() {
        if !seen.insert(node) || seen.len() > max_nodes {
            let (field, at) = parent.map_or(("surface.offset_ledgetree_root", 32), |p| {
                ("node.offset_right_node", p)
            });
            return Err(s.err(
                field,
                at,
                format!(
                    "leads to node {node} again, or past the {max_nodes} nodes the surface \
                     can hold: the tree's offsets loop or share subtrees"
                ),
            ));
        }
        let right = s.i32(node, "node.offset_right_node")?;
        if right == 0 {
            let off = s.i32(node + 4, "node.offset_compact_ledge")?;
            let ledge = rel(node, off)
                .filter(|&l| l.saturating_add(LEDGE) <= s.len())
                .ok_or_else(|| {
                    s.err(
                        "node.offset_compact_ledge",
                        node + 4,
                        format!(
                            "{off} puts the ledge outside the surface's {} bytes",
                            s.len()
                        ),
                    )
                })?;
            hulls.push(ledge_hull(s, ledge, &mut ledge_bytes)?);
            continue;
        }
        let in_surface = |n: usize| n.saturating_add(NODE) <= s.len();
        let right_at = rel(node, right).filter(|&r| in_surface(r)).ok_or_else(|| {
            s.err(
                "node.offset_right_node",
                node,
                format!(
                    "{right} puts the right child outside the surface's {} bytes",
                    s.len()
                ),
            )
        })?;
        let left_at = node + NODE;
        if !in_surface(left_at) {
            return Err(s.err(
                "node.offset_right_node",
                node,
                "an inner node is the surface's last, with no room for its left child",
            ));
        }
        // Left first, as IVP lists them. The left child is reached from its parent too.
        stack.push((right_at, Some(node)));
        stack.push((left_at, Some(node)));
    }
    Ok(hulls)
}

/// The hull of the ledge at `at`, with only the points its triangles use.
fn ledge_hull(s: Bytes, at: usize, ledge_bytes: &mut usize) -> Result<ConvexHull, PhyError> {
    let point_offset = s.i32(at, "ledge.c_point_offset")?;
    let n = s.i16(at + 12, "ledge.n_triangles")?;
    let n = usize::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
        s.err(
            "ledge.n_triangles",
            at + 12,
            format!("{n}: a ledge needs at least one triangle"),
        )
    })?;
    let size = LEDGE + n * TRIANGLE;
    if at + size > s.len() {
        return Err(s.err(
            "ledge.n_triangles",
            at + 12,
            format!(
                "{n} triangles run past the surface's end ({} bytes)",
                s.len()
            ),
        ));
    }
    *ledge_bytes += size;
    if *ledge_bytes > s.len() {
        return Err(s.err(
            "ledge.n_triangles",
            at + 12,
            format!(
                "the ledges read so far take {} bytes, more than the surface's {}: they overlap",
                *ledge_bytes,
                s.len()
            ),
        ));
    }
    let points_at = rel(at, point_offset)
        .filter(|&p| p.saturating_add(12) <= s.len())
        .ok_or_else(|| {
            s.err(
                "ledge.c_point_offset",
                at,
                format!(
                    "{point_offset} puts the ledge's points outside the surface's {} bytes",
                    s.len()
                ),
            )
        })?;
    let mut remap: HashMap<usize, u32> = HashMap::new();
    let mut points = Vec::new();
    let mut triangles = Vec::with_capacity(n);
    for t in 0..n {
        let tri_at = at + LEDGE + t * TRIANGLE;
        let mut tri = [0u32; 3];
        for (k, corner) in tri.iter_mut().enumerate() {
            let edge_at = tri_at + 4 + 4 * k;
            let index = (s.u32(edge_at, "edge.start_point_index")? & 0xffff) as usize;
            if let Some(&i) = remap.get(&index) {
                *corner = i;
                continue;
            }
            let p_at = points_at + index * POINT;
            if p_at + 12 > s.len() {
                return Err(s.err(
                    "edge.start_point_index",
                    edge_at,
                    format!(
                        "point {index} would be at byte {p_at}, past the surface's end ({})",
                        s.len()
                    ),
                ));
            }
            let ivp = Vec3::new(
                s.f32(p_at, "point")?,
                s.f32(p_at + 4, "point")?,
                s.f32(p_at + 8, "point")?,
            );
            let p = ivp_to_source(ivp);
            if let Some(why) = bad_point(p) {
                return Err(s.err("point", p_at, format!("point {index}: {why}")));
            }
            let i = points.len() as u32;
            points.push(p);
            remap.insert(index, i);
            *corner = i;
        }
        triangles.push(tri);
    }
    Ok(ConvexHull { points, triangles })
}

/// IVP metres, Y down, to Source inches, Z up.
fn ivp_to_source(p: Vec3) -> Vec3 {
    Vec3::new(p.x, p.z, -p.y) * METRES_TO_INCHES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brushbsp::vbsp_directory_packed;
    use navforge_core::testing::corpus_files;

    /// The corpus's distinct Source maps (several are the same map under other names).
    fn corpus_maps() -> Option<Vec<(String, Vec<u8>)>> {
        let mut files = corpus_files("bsp", ".bsp")?;
        files.extend(corpus_files("source-pairs", ".bsp")?);
        let mut out: Vec<(String, Vec<u8>)> = Vec::new();
        for f in files {
            let data = std::fs::read(&f).unwrap();
            if !data.starts_with(b"VBSP") || out.iter().any(|(_, d)| *d == data) {
                continue;
            }
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, data));
        }
        Some(out)
    }

    /// Lumps `indices` of a map, unpacked when LZMA-compressed.
    fn lumps(data: &[u8], indices: &[usize]) -> Vec<Vec<u8>> {
        let mut dir = vbsp_directory_packed(data).unwrap();
        dir.unpack_lzma(indices).unwrap();
        indices
            .iter()
            .map(|&i| dir.lump(i, "lump").unwrap().bytes.to_vec())
            .collect()
    }

    fn le_i32(b: &[u8], at: usize) -> i32 {
        i32::from_le_bytes(b[at..at + 4].try_into().unwrap())
    }
    fn le_f32(b: &[u8], at: usize) -> f32 {
        f32::from_le_bytes(b[at..at + 4].try_into().unwrap())
    }

    struct Brush {
        contents: u32,
        planes: Vec<(Vec3, f32)>,
        min: Vec3,
        max: Vec3,
    }

    impl Brush {
        fn holds(&self, p: Vec3) -> bool {
            self.planes.iter().all(|&(n, d)| n.dot(p) - d <= 1.0)
        }
    }

    /// Every brush of a v19–21 map, its bounds from its axial sides (compilers add them).
    fn brushes(planes: &[u8], brushes: &[u8], sides: &[u8]) -> Vec<Brush> {
        let plane = |i: usize| {
            let at = i * 20;
            let n = Vec3::new(
                le_f32(planes, at),
                le_f32(planes, at + 4),
                le_f32(planes, at + 8),
            );
            (n, le_f32(planes, at + 12))
        };
        brushes
            .chunks_exact(12)
            .map(|b| {
                let (first, count) = (le_i32(b, 0) as usize, le_i32(b, 4) as usize);
                let planes: Vec<(Vec3, f32)> = (first..first + count)
                    .map(|s| plane(u16::from_le_bytes([sides[s * 8], sides[s * 8 + 1]]) as usize))
                    .collect();
                let (mut min, mut max) = (Vec3::splat(f32::MIN), Vec3::splat(f32::MAX));
                for &(n, d) in &planes {
                    for axis in 0..3 {
                        if n[axis] > 0.9999 {
                            max[axis] = max[axis].min(d);
                        } else if n[axis] < -0.9999 {
                            min[axis] = min[axis].max(-d);
                        }
                    }
                }
                Brush {
                    contents: le_i32(b, 8) as u32,
                    planes,
                    min,
                    max,
                }
            })
            .collect()
    }

    /// The `"contents"` of each `"index"`ed solid block of a model's key values.
    fn solid_contents(keydata: &[u8]) -> HashMap<usize, u32> {
        let text = String::from_utf8_lossy(keydata);
        let mut out = HashMap::new();
        for block in text.split('}') {
            let quoted: Vec<&str> = block.split('"').skip(1).step_by(2).collect();
            let value = |key: &str| {
                quoted
                    .chunks_exact(2)
                    .find(|kv| kv[0] == key)
                    .and_then(|kv| kv[1].parse::<u64>().ok())
            };
            if let Some(index) = value("index") {
                out.insert(
                    index as usize,
                    value("contents").map_or(u32::MAX, |c| c as u32),
                );
            }
        }
        out
    }

    /// Known answer: the world's hulls are its compiled brushes. Each hull's corners lie in one
    /// brush of the contents its solid collides (within 1 unit, for compilers' rounding), which
    /// only holds with the right axes and scale; and the triangles face outwards.
    #[test]
    fn world_hulls_are_the_maps_brushes() {
        let Some(maps) = corpus_maps() else { return };
        let mut checked = 0;
        for (name, data) in &maps {
            let version = le_i32(data, 4);
            let l = lumps(data, &[1, 18, 19, 29]);
            let models = lump_models(&l[3]);
            if version > 21 {
                // Strata's (Momentum's) VPHY 0x101 is another layout: refused, named.
                let e = models
                    .err()
                    .unwrap_or_else(|| panic!("{name}: v{version} read"));
                println!("{name}: v{version}: {e}");
                assert_eq!(e.field, "compactsurfaceheader.version", "{name}");
                continue;
            }
            let models = models.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(models[0].index, 0, "{name}: the world comes first");
            let all = brushes(&l[0], &l[1], &l[2]);
            let contents = solid_contents(models[0].keydata);
            let (mut hulls, mut in_one, mut outside, mut mopp) = (0, 0, 0, 0);
            let (mut outward, mut inward) = (0, 0);
            let mut candidates_all = 0;
            for (si, solid) in models[0].solids.iter().enumerate() {
                let Some(solid) = solid else {
                    mopp += 1;
                    continue;
                };
                let mask = contents.get(&si).copied().unwrap_or(u32::MAX);
                let candidates: Vec<&Brush> =
                    all.iter().filter(|b| b.contents & mask != 0).collect();
                candidates_all += candidates.len();
                for h in solid {
                    hulls += 1;
                    let (lo, hi) = h.points.iter().fold(
                        (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
                        |(lo, hi), &p| (lo.min(p), hi.max(p)),
                    );
                    let fits = |b: &&&Brush| {
                        lo.cmpge(b.min - 1.0).all()
                            && hi.cmple(b.max + 1.0).all()
                            && h.points.iter().all(|&p| b.holds(p))
                    };
                    if candidates.iter().any(|b| fits(&b)) {
                        in_one += 1;
                    } else {
                        outside += h
                            .points
                            .iter()
                            .filter(|&&p| !candidates.iter().any(|b| b.holds(p)))
                            .count();
                    }
                    let centre = h.points.iter().sum::<Vec3>() / h.points.len() as f32;
                    for t in &h.triangles {
                        let [a, b, c] = t.map(|i| h.points[i as usize]);
                        let n = (b - a).cross(c - a);
                        if n.length() > 1e-3 {
                            if n.dot(a - centre) > 0.0 {
                                outward += 1;
                            } else {
                                inward += 1;
                            }
                        }
                    }
                }
            }
            let share = in_one as f64 / hulls.max(1) as f64;
            println!(
                "{name}: v{version}, {} models, world: {} solids ({mopp} MOPP skipped), {hulls} \
                 hulls, {:.2} % inside one brush, {outside} corners outside every brush, \
                 {} solid brushes ({candidates_all} candidates over the solids), triangles \
                 {outward} outward / {inward} inward",
                models.len(),
                models[0].solids.len(),
                share * 100.0,
                all.iter().filter(|b| b.contents & 1 != 0).count(),
            );
            assert!(hulls > 0, "{name}: no hulls");
            assert_eq!(outside, 0, "{name}: corners outside every brush");
            assert!(share >= 0.99, "{name}: {share} inside one brush");
            assert!(
                hulls <= 4 * candidates_all && 4 * hulls >= candidates_all,
                "{name}: {hulls} hulls for {candidates_all} brushes"
            );
            assert_eq!(inward, 0, "{name}: triangles facing in");
            // Brush entities' models are read too.
            for m in &models[1..] {
                assert!(m.index > 0 && m.solids.iter().flatten().all(|s| !s.is_empty()));
            }
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} maps checked");
    }

    /// A file of a map's pakfile (lump 40), unpacked when it is LZMA-compressed (zip method
    /// 14, as `bspzip -repack` writes it).
    fn packed_file(map: &[u8], name: &str) -> Option<Vec<u8>> {
        let pak = lumps(map, &[40]).remove(0);
        let u16_at = |at: usize| u16::from_le_bytes([pak[at], pak[at + 1]]) as usize;
        let mut at = 0;
        while at + 30 <= pak.len() && pak[at..at + 4] == *b"PK\x03\x04" {
            let method = u16_at(at + 8);
            let (packed, size) = (le_i32(&pak, at + 18) as usize, le_i32(&pak, at + 22));
            let (name_len, extra) = (u16_at(at + 26), u16_at(at + 28));
            let data = at + 30 + name_len + extra;
            if pak[at + 30..at + 30 + name_len].eq_ignore_ascii_case(name.as_bytes()) {
                let raw = &pak[data..data + packed];
                return Some(match method {
                    0 => raw.to_vec(),
                    14 => {
                        // Zip's LZMA: version, properties size, properties, stream. Valve's lump
                        // header carries the same properties and stream, with the sizes.
                        assert_eq!(u16_at(data + 2), 5, "{name}: LZMA properties size");
                        let stream = &raw[4..];
                        let mut lump = b"LZMA".to_vec();
                        lump.extend(size.to_le_bytes());
                        lump.extend(((stream.len() - 5) as u32).to_le_bytes());
                        lump.extend(stream);
                        let mut budget = 1 << 24;
                        crate::lzma::unpack("zip", name, &lump, 0, &mut budget).unwrap()
                    }
                    m => panic!("{name}: zip method {m}"),
                });
            }
            at = data + packed;
        }
        None
    }

    /// Known answer for a model's `.phy`: the saucer packed in mvm_kelly (a jointed model:
    /// three solids, each named after its root bone, of one piece each). Its pieces lie in the
    /// bone's frame, whose Source y is the model's up: they span the `.mdl`'s hull with y and z
    /// exchanged (within a few units: the collision model is a wrap of the mesh). This pins the
    /// file's solids and scale; the map tests above pin the axes.
    #[test]
    fn a_packed_phy_spans_its_models_hull() {
        let Some(maps) = corpus_maps() else { return };
        let map = &maps
            .iter()
            .find(|(n, _)| n.contains("mvm_kelly"))
            .unwrap()
            .1;
        let phy = packed_file(map, "models/props_invader/saucer.phy").unwrap();
        let mdl = packed_file(map, "models/props_invader/saucer.mdl").unwrap();
        assert_eq!(&mdl[..4], b"IDST");
        // studiohdr_t: id, version, checksum, name[64], length, eye and illum positions, then
        // the hull's min and max.
        let v = |at: usize| Vec3::new(le_f32(&mdl, at), le_f32(&mdl, at + 4), le_f32(&mdl, at + 8));
        let (hull_min, hull_max) = (v(104), v(116));
        let solids = phy_file_solids(&phy).unwrap();
        let pieces: Vec<usize> = solids.iter().map(|s| s.as_ref().unwrap().len()).collect();
        assert_eq!(pieces, [1, 1, 1]);
        let hulls = phy_file_hulls(&phy).unwrap();
        let (lo, hi) = hulls.iter().flat_map(|h| &h.points).fold(
            (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
        );
        println!("saucer.phy: {lo} .. {hi}; saucer.mdl hull {hull_min} .. {hull_max}");
        let swap = |v: Vec3| Vec3::new(v.x, v.z, v.y);
        let (lo, hi) = (swap(lo), swap(hi));
        assert!(
            (lo - hull_min).abs().max_element() < 12.0,
            "{lo} vs {hull_min}"
        );
        assert!(
            (hi - hull_max).abs().max_element() < 12.0,
            "{hi} vs {hull_max}"
        );
    }

    fn assert_sane(hulls: &[ConvexHull]) {
        for h in hulls {
            assert!(h.points.iter().all(|p| p.is_finite()));
            assert!(
                h.triangles
                    .iter()
                    .flatten()
                    .all(|&i| (i as usize) < h.points.len())
            );
        }
    }

    /// Thousands of mutants of a real lump, blob and `.phy`: each reads or is refused, never
    /// panics, and what reads is finite and indexes its own points.
    #[test]
    fn mutants_read_or_fail_cleanly() {
        let Some(maps) = corpus_maps() else { return };
        let pick = |n: &str| &maps.iter().find(|(m, _)| m == n).unwrap().1;
        let lump = lumps(pick("source-tf2_test_physcollide.bsp"), &[29]).remove(0);
        let world = lumps(pick("source-tf2_test2.bsp"), &[29]).remove(0);
        // The first solid of the first model: after the 16-byte entry and the 4-byte size.
        let blob = world[20..20 + le_i32(&world, 16) as usize].to_vec();
        let mut phy = [16, 0, 2, 0]
            .iter()
            .flat_map(|v: &i32| v.to_le_bytes())
            .collect::<Vec<_>>();
        for _ in 0..2 {
            phy.extend((blob.len() as i32).to_le_bytes());
            phy.extend(&blob);
        }
        phy.extend(b"solid {\n\"index\" \"0\"\n}\n\0");
        assert_eq!(physcollide_lump_hulls(&lump).unwrap().len(), 3);
        let whole = collide_hulls(&blob).unwrap();
        assert_eq!(phy_file_hulls(&phy).unwrap().len(), 2 * whole.len());
        // The project's seeded mutations (cuts, flips, extreme words, bytes put in or taken out).
        use navforge_core::testing::{Rng, mutate};
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let (mut ok, mut err) = (0, 0);
        for i in 0..4000 {
            let results = match i % 3 {
                0 => physcollide_lump_hulls(&mutate(&lump, &mut rng))
                    .map(|m| m.into_iter().flat_map(|(_, h)| h).collect()),
                1 => collide_hulls(&mutate(&blob, &mut rng)),
                _ => phy_file_hulls(&mutate(&phy, &mut rng)),
            };
            match results {
                Ok(hulls) => {
                    assert_sane(&hulls);
                    ok += 1;
                }
                Err(e) => {
                    assert!(!e.reason.is_empty() && !e.field.is_empty());
                    err += 1;
                }
            }
        }
        println!("{ok} mutants read, {err} refused");
        assert!(ok > 100 && err > 100, "{ok} read, {err} refused");
    }

    #[test]
    fn ivp_axes_to_source() {
        let p = ivp_to_source(Vec3::new(0.0254, 2.0 * 0.0254, 3.0 * 0.0254));
        assert!(
            (p - Vec3::new(1.0, 3.0, -2.0)).abs().max_element() < 1e-4,
            "{p}"
        );
    }
}
