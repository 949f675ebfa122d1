//! A leaf's triangles side by side, four to a pack, so that one segment is tested against them
//! at once, lane by lane exactly as the one-triangle test rounds (the any-hit walks' test).

use super::{Tri, TriMesh};
use crate::bvh4::{SlotTest, first_accepted_one_by_one};
use crate::contents::Contents;
use glam::{Vec3, Vec4};

/// Four triangles of one leaf side by side, a lane each, so that one ray is tested against
/// them at once ([`TriPack::hits`]). Unused lanes have no contents and no area.
#[derive(Debug, Clone)]
pub(super) struct TriPack {
    v0: [Vec4; 3],
    e1: [Vec4; 3],
    e2: [Vec4; 3],
    contents: [u32; 4],
}

impl TriPack {
    pub(super) fn of(tris: &[Tri]) -> TriPack {
        debug_assert!(tris.len() <= 4, "a pack holds four triangles");
        let lanes = |f: &dyn Fn(&Tri) -> Vec3| {
            let mut out = [Vec4::ZERO; 3];
            for (lane, tri) in tris.iter().enumerate() {
                let v = f(tri);
                (0..3).for_each(|axis| out[axis][lane] = v[axis]);
            }
            out
        };
        let mut contents = [0; 4];
        tris.iter()
            .enumerate()
            .for_each(|(lane, t)| contents[lane] = t.contents);
        TriPack {
            v0: lanes(&|t| t.v0),
            e1: lanes(&|t| t.e1),
            e2: lanes(&|t| t.e2),
            contents,
        }
    }

    /// The lanes (bit `k` for lane `k`) whose triangle the one-triangle test of `reach`
    /// accepts ([`TriMesh::any_hit`] or [`TriMesh::hit_before_end`]): [`super::ray_triangle`]'s
    /// operations in its order, lane by lane, so every lane rounds as that test does (no
    /// fused operations; a product `a * b` rounds as `b * a`).
    #[inline]
    pub(super) fn hits(&self, from: Vec3, dir: Vec3, mask: Contents, reach: Reach) -> u32 {
        let of_mask = (0..4).fold(0, |bits, lane| {
            bits | (u32::from(self.contents[lane] & mask.0 != 0) << lane)
        });
        if of_mask == 0 {
            return 0;
        }
        let [ex, ey, ez] = self.e1;
        let [fx, fy, fz] = self.e2;
        let (dx, dy, dz) = (Vec4::splat(dir.x), Vec4::splat(dir.y), Vec4::splat(dir.z));
        // p = d × e2; det = e1 · p
        let (px, py, pz) = (dy * fz - fy * dz, dz * fx - fz * dx, dx * fy - fx * dy);
        let det = ex * px + ey * py + ez * pz;
        let inv = Vec4::ONE / det;
        // s = o - v0; u = (s · p) / det
        let sx = Vec4::splat(from.x) - self.v0[0];
        let sy = Vec4::splat(from.y) - self.v0[1];
        let sz = Vec4::splat(from.z) - self.v0[2];
        let u = (sx * px + sy * py + sz * pz) * inv;
        // q = s × e1; v = (d · q) / det; t = (e2 · q) / det
        let (qx, qy, qz) = (sy * ez - ey * sz, sz * ex - ez * sx, sx * ey - ex * sy);
        let v = (dx * qx + dy * qy + dz * qz) * inv;
        let t = (fx * qx + fy * qy + fz * qz) * inv;
        let (zero, one) = (Vec4::ZERO, Vec4::ONE);
        let flat = det.abs().cmplt(Vec4::splat(1e-12)).bitmask();
        let in_u = (u.cmpge(zero) & u.cmple(one)).bitmask();
        let off_v = (v.cmplt(zero) | (u + v).cmpgt(one)).bitmask();
        let mut in_t = (t.cmpge(zero) & t.cmple(one)).bitmask();
        if reach == Reach::BeforeEnd {
            in_t &= t.cmplt(one).bitmask();
        }
        of_mask & !flat & in_u & !off_v & in_t
    }
}

/// Where along a segment a triangle must be met to count ([`TriMesh::hit_at`]'s `t`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Reach {
    /// Anywhere, its end included ([`TriMesh::any_hit`]).
    ToEnd,
    /// Before its end ([`TriMesh::hit_before_end`]).
    BeforeEnd,
}

/// One segment's triangle test, asked of a leaf's triangles four at a time.
pub(super) struct SegmentTest<'a> {
    pub(super) mesh: &'a TriMesh,
    pub(super) from: Vec3,
    pub(super) dir: Vec3,
    pub(super) mask: Contents,
    pub(super) reach: Reach,
}

impl SlotTest for SegmentTest<'_> {
    fn accepts(&mut self, slot: usize) -> bool {
        let (from, dir, mask) = (self.from, self.dir, self.mask);
        match self.reach {
            Reach::ToEnd => self.mesh.any_hit(slot, from, dir, mask),
            Reach::BeforeEnd => self.mesh.hit_before_end(slot, from, dir, mask),
        }
    }

    /// Four at a time when `first..first + count` is a whole leaf (the walks ask whole leaves;
    /// a pack's unused lanes never accept: no contents, no area), else one by one.
    fn first_accepted(&mut self, first: usize, count: usize) -> Option<usize> {
        let mesh = self.mesh;
        let whole_leaf = mesh
            .pack_at
            .get(first)
            .filter(|&&(at, leaf)| at != u32::MAX && leaf as usize == count);
        let Some(&(at, _)) = whole_leaf else {
            return first_accepted_one_by_one(self, first, count);
        };
        let packs = mesh.packs.get(at as usize..).unwrap_or_default();
        (0..count.div_ceil(4)).zip(packs).find_map(|(k, pack)| {
            let base = first + 4 * k;
            let hits = pack.hits(self.from, self.dir, self.mask, self.reach);
            (hits != 0).then(|| base + hits.trailing_zeros() as usize)
        })
    }
}
