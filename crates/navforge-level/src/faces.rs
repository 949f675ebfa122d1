//! Render faces shared by every BSP family: polygons from the edge/surfedge/vertex lumps.

use crate::bytes::{REUSE, reuse_budget};
use crate::contents::{Contents, SurfaceFlags};
use crate::error::LevelError;
use glam::Vec3;

/// A face polygon with what it is made of.
#[derive(Debug, Clone, Default)]
pub(crate) struct Polygon {
    pub points: Vec<Vec3>,
    pub surface: SurfaceFlags,
    pub contents: Contents,
}

/// The lumps a face's corners come from.
pub(crate) struct FaceLumps<'a> {
    pub family: &'static str,
    pub surfedges: &'a [i32],
    pub edges: &'a [[u32; 2]],
    pub vertices: &'a [Vec3],
    /// Byte offset of the faces lump and its record size, for errors.
    pub faces_offset: u64,
    pub face_size: usize,
    /// Corners still allowed to all faces together ([`crate::bytes::reuse_budget`] of the
    /// surfedges).
    budget: std::cell::Cell<usize>,
}

impl<'a> FaceLumps<'a> {
    /// The lumps of a BSP's faces, whose records in `faces` are `face_size` bytes long.
    pub fn new(
        family: &'static str,
        (surfedges, edges, vertices): (&'a [i32], &'a [[u32; 2]], &'a [Vec3]),
        faces: &crate::bytes::Lump,
        face_size: usize,
    ) -> Self {
        FaceLumps {
            family,
            surfedges,
            edges,
            vertices,
            faces_offset: faces.offset,
            face_size,
            budget: std::cell::Cell::new(reuse_budget(surfedges.len())),
        }
    }

    /// The corners of face `index`, from `numedges` surfedges starting at `first`.
    pub fn corners(&self, index: usize, first: i64, num: i64) -> Result<Vec<Vec3>, LevelError> {
        let bad = |msg: String| {
            LevelError::malformed(
                self.family,
                format!("faces[{index}]"),
                self.faces_offset + (index * self.face_size) as u64,
                msg,
            )
        };
        let end = first.checked_add(num).unwrap_or(-1);
        if first < 0 || num < 0 || end > self.surfedges.len() as i64 {
            return Err(bad(format!(
                "edges {first}..{end} outside the {} surfedges",
                self.surfedges.len()
            )));
        }
        let left = self.budget.get();
        if num as usize > left {
            return Err(bad(format!(
                "faces so far and this one's {num} edges use more than {} corners in total \
                 ({REUSE} times the {} surfedges): faces reuse the same edges",
                reuse_budget(self.surfedges.len()),
                self.surfedges.len()
            )));
        }
        self.budget.set(left - num as usize);
        let mut pts = Vec::with_capacity(num as usize);
        for &se in &self.surfedges[first as usize..end as usize] {
            let e = self.edges.get(se.unsigned_abs() as usize).ok_or_else(|| {
                bad(format!(
                    "surfedge {se} outside the {} edges",
                    self.edges.len()
                ))
            })?;
            let v = if se >= 0 { e[0] } else { e[1] };
            let p = self.vertices.get(v as usize).ok_or_else(|| {
                bad(format!(
                    "vertex {v} outside the {} vertices",
                    self.vertices.len()
                ))
            })?;
            pts.push(*p);
        }
        Ok(pts)
    }
}

/// Fan-triangulate polygons (each moved by `offset`) into `out`, with the polygon index.
pub(crate) fn fan(polys: &[Polygon], offset: Vec3, mut out: impl FnMut([Vec3; 3], &Polygon)) {
    for p in polys {
        for i in 2..p.points.len() {
            out(
                [
                    p.points[0] + offset,
                    p.points[i - 1] + offset,
                    p.points[i] + offset,
                ],
                p,
            );
        }
    }
}

/// A model record's faces, `(first, count)`, from the two `i32` at `at` (negative counts as 0).
pub(crate) fn model_faces(record: &[u8], at: usize) -> (usize, usize) {
    let field = |o: usize| crate::bytes::i32_le(record, o).max(0) as usize;
    (field(at), field(at + 4))
}

/// Every BSP needs model 0, the world.
pub(crate) fn no_world_model(family: &'static str, models_offset: u64) -> LevelError {
    LevelError::malformed(family, "models", models_offset, "no world model")
}
