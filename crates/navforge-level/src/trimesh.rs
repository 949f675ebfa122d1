//! Triangle soups (OBJ, glTF, BSP render faces, Source displacements) with a BVH for ray casts
//! and axis-aligned box sweeps.

use crate::bvh::Bvh;
use crate::bvh4::{Bvh4, LeavesInReach};
use crate::contents::{Contents, SurfaceFlags};
use crate::math::Aabb;
use glam::{DVec3, Vec3};
use tripack::{Reach, SegmentTest, TriPack};

mod tripack;

/// Stand-off from a surface after a box sweep, as the engines keep (1/32 unit).
pub(crate) const DIST_EPSILON: f32 = 0.03125;

/// What a triangle is made of, and whose it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TriTag {
    pub contents: Contents,
    pub surface: SurfaceFlags,
    /// Entity index, or `u32::MAX` for the world.
    pub entity: u32,
}

impl TriTag {
    pub const WORLD_SOLID: TriTag = TriTag {
        contents: Contents::SOLID,
        surface: SurfaceFlags::NONE,
        entity: u32::MAX,
    };
}

/// A triangle prepared for intersection tests.
#[derive(Debug, Clone, Copy)]
struct Tri {
    v0: Vec3,
    e1: Vec3,
    e2: Vec3,
    contents: u32,
    tag: u32,
}

/// What a check of a remembered triangle reads ([`TriMesh::ray_blocked_before_end_by`]), in
/// one cache line: the triangle as `tris` holds it (its first corner, two edges and contents;
/// not its tag) and the box the any-hit walk tests for its leaf ([`Bvh4::tried_box`]).
/// Remembered triangles are checked line after line, between walks that crowd the triangles
/// and the tree's nodes out of the cache.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
struct RememberedTri {
    v0: Vec3,
    e1: Vec3,
    e2: Vec3,
    contents: u32,
    leaf: (Vec3, Vec3),
}

// One cache line, not two.
const _: () = assert!(std::mem::size_of::<RememberedTri>() == 64);

/// A hit on the soup.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SoupHit {
    pub t: f32,
    pub normal: Vec3,
    pub tag: TriTag,
    pub start_solid: bool,
}

/// Triangles in BVH leaf order, with their tags.
#[derive(Debug, Clone, Default)]
pub(crate) struct TriMesh {
    bvh: Bvh,
    wide: Bvh4,
    tris: Vec<Tri>,
    tags: Vec<TriTag>,
    /// Each wide leaf's triangles, four to a pack, its packs in a row.
    packs: Vec<TriPack>,
    /// For a slot that starts a wide leaf, its first pack and the leaf's triangle count
    /// (`(u32::MAX, 0)` for other slots).
    pack_at: Vec<(u32, u32)>,
    /// Each slot's [`RememberedTri`], for a mesh whose triangles are remembered
    /// ([`TriMesh::remembering`]); empty otherwise.
    remembered: Vec<RememberedTri>,
}

impl TriMesh {
    /// Index `triangles` (corners as positions) tagged by `tags[tag_of[i]]`.
    /// Degenerate and non-finite triangles are left out.
    pub fn build(triangles: &[[Vec3; 3]], tag_of: &[u32], tags: Vec<TriTag>) -> TriMesh {
        let mut keep = Vec::with_capacity(triangles.len());
        let mut boxes = Vec::with_capacity(triangles.len());
        for (i, t) in triangles.iter().enumerate() {
            let n = (t[1] - t[0]).cross(t[2] - t[0]);
            if !(t[0].is_finite() && t[1].is_finite() && t[2].is_finite())
                || n.length_squared() < 1e-12
            {
                continue;
            }
            let mut b = Aabb::EMPTY;
            t.iter().for_each(|&p| b.add_point(p));
            keep.push(i);
            boxes.push(b);
        }
        let bvh = Bvh::build(&boxes);
        let tris: Vec<Tri> = bvh
            .order
            .iter()
            .map(|&k| {
                let i = keep[k as usize];
                let t = triangles[i];
                let tag = tag_of.get(i).copied().unwrap_or(0);
                let contents = tags
                    .get(tag as usize)
                    .map_or(Contents::SOLID, |t| t.contents);
                Tri {
                    v0: t[0],
                    e1: t[1] - t[0],
                    e2: t[2] - t[0],
                    contents: contents.0,
                    tag,
                }
            })
            .collect();
        let wide = Bvh4::from_binary(&bvh);
        let mut packs = Vec::new();
        let mut pack_at = vec![(u32::MAX, 0); tris.len()];
        for (first, count) in wide.leaves() {
            let (Some(at), Some(leaf)) = (pack_at.get_mut(first), tris.get(first..first + count))
            else {
                continue;
            };
            *at = (packs.len() as u32, count as u32);
            packs.extend(leaf.chunks(4).map(TriPack::of));
        }
        TriMesh {
            bvh,
            wide,
            tris,
            tags,
            packs,
            pack_at,
            remembered: Vec::new(),
        }
    }

    /// This mesh, its triangles also kept as [`RememberedTri`] (64 bytes each) for
    /// [`TriMesh::ray_blocked_before_end_by`]: for a mesh whose triangles block sight lines
    /// that later lines ask again (a Source map's displacements).
    pub fn remembering(mut self) -> TriMesh {
        if !self.wide.walk_keeps_every_node() {
            return self;
        }
        self.remembered = (self.tris.iter().enumerate())
            .map(|(slot, t)| {
                Some(RememberedTri {
                    v0: t.v0,
                    e1: t.e1,
                    e2: t.e2,
                    contents: t.contents,
                    leaf: self.wide.tried_box(slot)?,
                })
            })
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        self
    }

    /// Number of triangles indexed.
    pub fn len(&self) -> usize {
        self.tris.len()
    }

    /// Bounds of every triangle.
    pub fn bounds(&self) -> Aabb {
        self.bvh.bounds()
    }

    fn tag(&self, tri: &Tri) -> TriTag {
        self.tags
            .get(tri.tag as usize)
            .copied()
            .unwrap_or(TriTag::WORLD_SOLID)
    }

    /// The nearest triangle the segment `from → from + dir` (t in `[0, 1]`) crosses.
    pub fn ray(&self, from: Vec3, dir: Vec3, mask: Contents) -> Option<SoupHit> {
        let mut best: Option<usize> = None;
        let tmax = self.wide.ray(from, dir, 1.0, |slot, tmax| {
            let tri = &self.tris[slot];
            if tri.contents & mask.0 == 0 {
                return None;
            }
            let t = ray_triangle(from, dir, tri, tmax)?;
            best = Some(slot);
            Some(t)
        });
        let slot = best?;
        let tri = &self.tris[slot];
        let mut normal = tri.e1.cross(tri.e2).normalize_or_zero();
        if normal.dot(dir) > 0.0 {
            normal = -normal;
        }
        Some(SoupHit {
            t: tmax,
            normal,
            tag: self.tag(tri),
            start_solid: false,
        })
    }

    /// True when the segment crosses any triangle (stops at the first found).
    #[cfg(test)]
    pub fn ray_any(&self, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.ray_any_slot(from, dir, mask).is_some()
    }

    /// [`TriMesh::ray_any`], naming the triangle (its slot) that answered.
    pub fn ray_any_slot(&self, from: Vec3, dir: Vec3, mask: Contents) -> Option<usize> {
        self.wide
            .ray_any(from, dir, self.segment_test(from, dir, mask, Reach::ToEnd))
    }

    /// The test the walks ask of each leaf they reach for the segment `from → from + dir`.
    fn segment_test(&self, from: Vec3, dir: Vec3, mask: Contents, reach: Reach) -> SegmentTest<'_> {
        SegmentTest {
            mesh: self,
            from,
            dir,
            mask,
            reach,
        }
    }

    /// The one-triangle test of [`TriMesh::ray_any`]'s walk (which asks a leaf's triangles
    /// four at a time, [`TriPack::hits`], lane by lane the same).
    #[inline]
    fn any_hit(&self, slot: usize, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.hit_at(slot, from, dir, mask).is_some()
    }

    /// Where (as a fraction of `dir`) the ray meets triangle `slot` when its contents are in
    /// `mask`: the one-triangle test of the any-hit walks (made four at a time on a leaf's
    /// packs, lane by lane the same).
    fn hit_at(&self, slot: usize, from: Vec3, dir: Vec3, mask: Contents) -> Option<f32> {
        hit_of(self.tris.get(slot)?, from, dir, mask)
    }

    /// True only when [`TriMesh::ray_any`]`(from, dir, mask)` is true, shown by the leaf of
    /// triangle `slot` without walking the hierarchy: the walk reaches that leaf
    /// ([`Bvh4::ray_any_tries`], which repeats the walk's box test on the leaf) and its test
    /// of the leaf accepts a triangle, so it stops there unless another leaf answered first.
    /// `slot`'s own test ([`TriMesh::any_hit`]: the mask, then the ray–triangle test on the
    /// floats the walk's four-lane test computes in that triangle's lane) is asked first; then
    /// the leaf, by the walk's own call ([`TriMesh::leaf_accepts`]), so a line blocked by a
    /// neighbour of the triangle that blocked an earlier one (the other half of a wall's face)
    /// is shown too. No margin is needed: both compute what the walk computes, bit for bit.
    /// `false` says nothing.
    pub fn ray_any_blocked_by(&self, slot: usize, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        slot < self.tris.len()
            && (self.any_hit(slot, from, dir, mask) || self.leaf_accepts(slot, from, dir, mask))
            && self.wide.ray_any_tries(from, dir, slot)
    }

    /// True only when [`TriMesh::ray_any_slot`] and [`TriMesh::ray_hit_before_end`] find a hit
    /// for every segment between a point of the box `lo..hi` and a point of the hull of `to`
    /// (either way, ends up to 1/32 unit off): triangle `slot` alone blocks them all
    /// ([`blocks_box_to_hull`]), and the any-hit walk, which those answers take on this tree,
    /// reaches its leaf. `false` says nothing. All points within
    /// [`DEEP_LIMIT`](crate::math::DEEP_LIMIT).
    pub fn blocks_box_to_hull(
        &self,
        slot: usize,
        (lo, hi): (Vec3, Vec3),
        to: &[Vec3],
        mask: Contents,
    ) -> bool {
        let (Some(tri), Some(leaf)) = (self.tris.get(slot), self.wide.leaf_box(slot)) else {
            return false;
        };
        tri.contents & mask.0 != 0
            && self.wide.walk_keeps_every_node()
            && to
                .iter()
                .all(|&t| crate::math::box_and_point_within_deep_limit(lo, hi, t))
            && blocks_box_to_hull(tri, leaf, (lo, hi), to)
    }

    /// Whether [`TriMesh::ray_any`]'s walk, asking the whole leaf that holds `slot` (as it asks
    /// every leaf it reaches: [`SegmentTest`]'s `first_accepted`), accepts a triangle of it.
    fn leaf_accepts(&self, slot: usize, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        use crate::bvh4::SlotTest;
        self.wide.leaf_of_slot(slot).is_some_and(|leaf| {
            self.segment_test(from, dir, mask, Reach::ToEnd)
                .first_accepted(leaf.start, leaf.len())
                .is_some()
        })
    }

    /// Whether [`TriMesh::ray`] answers a hit before the segment's end (`t < 1`; it never
    /// starts in solid), found with the any-hit walk, which stops at the first such triangle.
    ///
    /// The same answer: `ray_triangle` uses its bound only to reject, so a triangle the
    /// nearest-first walk accepts under a shortened bound it accepts at 1 with the same `t`;
    /// and while that walk has no hit below 1 its bound stays 1, where it tests the same boxes
    /// as [`Bvh4::ray_any`] ([`Bvh4::ray_any`]'s argument), so it meets any triangle the
    /// any-hit walk accepts, or a nearer one first. The nearest-first walk could drop a
    /// subtree on a tree too deep for its stack: such trees take it.
    pub fn ray_hits_before_end(&self, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.ray_hit_before_end(from, dir, mask).is_some()
    }

    /// [`TriMesh::ray_hits_before_end`], naming the triangle the any-hit walk stopped at
    /// (`Some(None)` when a tree too deep for that walk takes the nearest-first one); `None`
    /// when nothing is hit. A named triangle can be asked about other segments with
    /// [`TriMesh::ray_blocked_before_end_by`].
    pub fn ray_hit_before_end(
        &self,
        from: Vec3,
        dir: Vec3,
        mask: Contents,
    ) -> Option<Option<usize>> {
        if !self.wide.walk_keeps_every_node() {
            let hit = self
                .ray(from, dir, mask)
                .is_some_and(|s| s.t < 1.0 || s.start_solid);
            return hit.then_some(None);
        }
        self.wide
            .ray_any(
                from,
                dir,
                self.segment_test(from, dir, mask, Reach::BeforeEnd),
            )
            .map(Some)
    }

    /// True only when [`TriMesh::ray_hits_before_end`]`(from, dir, mask)` is true, shown by
    /// triangle `slot` alone: the any-hit walk (which that answer takes on this tree) reaches
    /// its leaf ([`Bvh4::ray_any_tries`], the walk's own box test on the leaf) and asks it the
    /// same test on the same floats (the walk's four-lane test computes it lane by lane),
    /// unless another triangle answered first. `false` says nothing. A mesh that remembers
    /// ([`TriMesh::remembering`]) asks the same tests of the slot's [`RememberedTri`].
    pub fn ray_blocked_before_end_by(
        &self,
        slot: usize,
        from: Vec3,
        dir: Vec3,
        mask: Contents,
    ) -> bool {
        if let Some(r) = self.remembered.get(slot) {
            let tri = Tri {
                v0: r.v0,
                e1: r.e1,
                e2: r.e2,
                contents: r.contents,
                tag: 0,
            };
            return hit_of(&tri, from, dir, mask).is_some_and(|t| t < 1.0)
                && Bvh4::ray_reaches_tried_box(from, dir, r.leaf);
        }
        slot < self.tris.len()
            && self.wide.walk_keeps_every_node()
            && self.hit_before_end(slot, from, dir, mask)
            && self.wide.ray_any_tries(from, dir, slot)
    }

    /// Whether triangle `slot` is of `mask` and the segment crosses it before its end.
    #[inline]
    fn hit_before_end(&self, slot: usize, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.hit_at(slot, from, dir, mask).is_some_and(|t| t < 1.0)
    }

    /// Fills `out` with the leaves holding triangles of `mask` that the walk of
    /// [`TriMesh::ray_hits_before_end`] can visit for a segment from a point of the box
    /// `lo..hi` to `to` ([`Bvh4::leaves_in_reach`]); `false` when it cannot say (a tree that is
    /// one leaf or too deep for the any-hit walk, or ends beyond
    /// [`DEEP_LIMIT`](crate::math::DEEP_LIMIT)).
    pub fn in_reach(
        &self,
        (lo, hi, to): (Vec3, Vec3, Vec3),
        mask: Contents,
        out: &mut LeavesInReach,
    ) -> bool {
        let of_mask = |first: u32, count: u32| {
            let slots = first as usize..(first as usize).saturating_add(count as usize);
            slots
                .filter_map(|s| self.tris.get(s))
                .any(|t| t.contents & mask.0 != 0)
        };
        self.wide.walk_keeps_every_node() && self.wide.leaves_in_reach((lo, hi, to), of_mask, out)
    }

    /// [`TriMesh::ray_hits_before_end`] for a segment from a point of the box `leaves` was
    /// gathered for ([`TriMesh::in_reach`], the same `mask`) with `dir = to - from` in floats:
    /// the same answer, from the leaves in reach alone.
    pub fn hits_before_end_in(
        &self,
        leaves: &mut LeavesInReach,
        from: Vec3,
        dir: Vec3,
        mask: Contents,
    ) -> bool {
        self.hit_before_end_in(leaves, from, dir, mask).is_some()
    }

    /// [`TriMesh::hits_before_end_in`], naming the triangle that answered.
    pub fn hit_before_end_in(
        &self,
        leaves: &mut LeavesInReach,
        from: Vec3,
        dir: Vec3,
        mask: Contents,
    ) -> Option<usize> {
        leaves.ray_any(
            from,
            dir,
            self.segment_test(from, dir, mask, Reach::BeforeEnd),
        )
    }

    /// [`TriMesh::ray_any`] as it was answered before [`Bvh4::ray_any`]: the nearest-first
    /// walk stopped at the first hit (the reference the tests compare with).
    #[cfg(test)]
    fn ray_any_ordered(&self, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        let t = self.wide.ray(from, dir, 1.0, |slot, tmax| {
            let tri = &self.tris[slot];
            if tri.contents & mask.0 == 0 {
                return None;
            }
            ray_triangle(from, dir, tri, tmax).map(|_| f32::NEG_INFINITY)
        });
        t == f32::NEG_INFINITY
    }

    /// Sweep a box of half-size `half` with its centre moving `from → from + dir`.
    pub fn sweep(&self, from: Vec3, dir: Vec3, half: Vec3, mask: Contents) -> Option<SoupHit> {
        let mut best: Option<SoupHit> = None;
        self.bvh.segment(from, dir, 1.0, half, |slot, tmax| {
            let tri = &self.tris[slot];
            if tri.contents & mask.0 == 0 {
                return None;
            }
            let (t, normal, start_solid) = sweep_box_triangle(from, dir, half, tri, tmax)?;
            if start_solid {
                if best.is_none_or(|b| !b.start_solid) {
                    best = Some(SoupHit {
                        t: 0.0,
                        normal,
                        tag: self.tag(tri),
                        start_solid: true,
                    });
                }
                return Some(0.0);
            }
            if best.is_some_and(|b| b.start_solid) {
                return None;
            }
            best = Some(SoupHit {
                t,
                normal,
                tag: self.tag(tri),
                start_solid: false,
            });
            Some(t)
        });
        best
    }

    /// Whether [`TriMesh::sweep`] answers a hit that stops the box short of its end (it starts
    /// in solid, or `t < 1`), found by a walk that stops at the first such triangle. The same
    /// answer: until that walk stops, `sweep`'s bound stays 1 (a hit at exactly 1 leaves it
    /// there), so both walks visit the same triangles in the same order up to that one.
    pub fn sweep_stops(&self, from: Vec3, dir: Vec3, half: Vec3, mask: Contents) -> bool {
        let stop = self.bvh.segment(from, dir, 1.0, half, |slot, tmax| {
            let tri = &self.tris[slot];
            if tri.contents & mask.0 == 0 {
                return None;
            }
            // (A sweep that starts in the triangle meets it at 0.)
            let (t, _, _) = sweep_box_triangle(from, dir, half, tri, tmax)?;
            (t < 1.0).then_some(f32::NEG_INFINITY)
        });
        stop == f32::NEG_INFINITY
    }

    /// Every triangle as corners, with its tag (BVH order).
    pub fn triangles(&self) -> impl Iterator<Item = ([Vec3; 3], TriTag)> + '_ {
        self.tris
            .iter()
            .map(|t| ([t.v0, t.v0 + t.e1, t.v0 + t.e2], self.tag(t)))
    }
}

/// Room kept, on each axis, between the points where sight lines cross a triangle and the
/// sides of the triangle's leaf (unless the triangle is square to the axis and the side on its
/// coordinate): more than the slab test's rounding can cross. Against the crossing's own
/// parameter that rounding is about `6.2 u` of the distance from the line's origin to the
/// crossing (0.1 within [`DEEP_LIMIT`](crate::math::DEEP_LIMIT)); a side farther off rounds
/// more, but its distance from the crossing grows with it.
const LEAF_ROOM: f64 = 0.25;
/// How far, at least, both ends of the lines a triangle vouches for lie from its plane.
const PLANE_ROOM: f64 = 0.25;
/// How far beyond the box or the hull [`blocks_box_to_hull`] lets a line's ends stray, as the
/// brush proof does (a caller walking eyes along a segment, as the encounter stage does,
/// places them within a hundredth of a unit of it).
const END_SLACK: f64 = 1.0 / 32.0;

/// Whether triangle `tri` (of a leaf whose box is `leaf`) blocks every segment between a point
/// of the box `lo..hi` (ordered) and a point of the hull of `to` (at most eight points), in
/// either direction, each end up to [`END_SLACK`] off (plus the rounding of `dir = end -
/// origin` in floats): the any-hit walks' test ([`ray_triangle`], [`TriPack::hits`]) accepts
/// it with `t < 1`, and the walks' slab test passes its leaf. All points within
/// [`DEEP_LIMIT`](crate::math::DEEP_LIMIT); computed in `f64`.
///
/// Why it holds. The box lies on one side of the triangle's plane and every point of `to` on
/// the other, at least [`PLANE_ROOM`] away, so every segment crosses the plane once, inside
/// the hull of the box and `to`, whose cut by the plane is the hull of the points where the
/// lines from the box's corners to the points of `to` cross it. Barycentric coordinates are
/// affine on the plane, so when those points lie inside the triangle with room to spare, so do
/// all crossings. The room covers:
/// - the test's rounding: its `u`, `v` and `t` are quotients of triple products, each off by
///   less than `16 u` times the product of its vectors' 1-norms (`u = 2^-24`), over a
///   determinant at least `|n|` times the two ends' distances from the plane;
/// - ends off by up to `slack` (the stray above and `u` of the segment's length), which move
///   the crossing by at most `slack` times one plus the segment's length over the ends'
///   distances from the plane.
///
/// The leaf's slab test passes when, on each axis, the crossings lie [`LEAF_ROOM`] inside the
/// leaf's box, or the triangle is square to the axis (its corners share the coordinate, so
/// every crossing has it) and each side of the box is on that coordinate or that room away. A
/// side on it gives a slab distance that is the crossing's own parameter to within `3.1 u`,
/// and every other bound is farther from the parameter than that, beyond its own rounding, on
/// the right side (on a flat axis both sides give the same float). The ends' distances from
/// the plane keep the parameter within `(0, 1)` by more than its rounding.
fn blocks_box_to_hull(tri: &Tri, leaf: (Vec3, Vec3), (lo, hi): (Vec3, Vec3), to: &[Vec3]) -> bool {
    let norm1 = |v: DVec3| v.abs().element_sum();
    let [v0, e1, e2] = [tri.v0, tri.e1, tri.e2].map(Vec3::as_dvec3);
    let (lo, hi) = (lo.as_dvec3(), hi.as_dvec3());
    let (leaf_lo, leaf_hi) = (leaf.0.as_dvec3(), leaf.1.as_dvec3());
    let n = e1.cross(e2);
    let len = n.length();
    // (A triangle of non-finite corners has no length and vouches for nothing.)
    if !(len >= 1e-3 && len.is_finite()) || to.is_empty() || to.len() > 8 {
        return false;
    }
    // The box's corners, once each (one for a point).
    let mut corners = [DVec3::ZERO; 8];
    let mut count = 0;
    for k in 0..8usize {
        if (0..3).all(|i| k >> i & 1 == 0 || lo[i] < hi[i]) {
            let high = glam::BVec3::new(k & 1 != 0, k & 2 != 0, k & 4 != 0);
            corners[count] = DVec3::select(high, hi, lo);
            count += 1;
        }
    }
    let corners = &corners[..count];
    let mut ends = [DVec3::ZERO; 8];
    for (e, &t) in ends.iter_mut().zip(to) {
        *e = t.as_dvec3();
    }
    let ends = &ends[..to.len()];
    let u = f64::from(f32::EPSILON) / 2.0;
    // The largest 1-norm distances of the points from `v0`, and of a segment's length.
    let farthest = |p: DVec3| norm1((p - lo).abs().max((p - hi).abs()));
    let s1 = (ends.iter().map(|&e| norm1(e - v0))).fold(farthest(v0), f64::max);
    let d1 = ends.iter().map(|&e| farthest(e)).fold(0.0, f64::max);
    // How far an end may be from the box or the hull: the stray, and the rounding of `dir`
    // over a line at most a unit longer than `d1` (the strays below).
    let slack = END_SLACK + u * (d1 + 1.0);
    // A distance `slack` is at most `2 slack` in 1-norm: one end off from `v0`, both ends off
    // from each other.
    let (s1, d1) = (s1 + 2.0 * slack, d1 + 4.0 * slack);
    let (a1, b1) = (norm1(e1), norm1(e2));
    // Signed distances from the plane: the box's corners on one side, `to` on the other.
    let side = |p: DVec3| n.dot(p - v0) / len;
    let mut box_sides = [0.0; 8];
    for (d, &c) in box_sides.iter_mut().zip(corners) {
        *d = side(c);
    }
    let box_sides = &box_sides[..count];
    let mut end_sides = [0.0; 8];
    for (d, &e) in end_sides.iter_mut().zip(ends) {
        *d = side(e);
    }
    let end_sides = &end_sides[..ends.len()];
    let sign = if box_sides[0] > 0.0 { 1.0 } else { -1.0 };
    let nearest =
        |sides: &[f64], sign: f64| sides.iter().fold(f64::INFINITY, |m, &d| m.min(sign * d));
    let near = nearest(box_sides, sign) - slack;
    let far = nearest(end_sides, -sign) - slack;
    let apart = near + far;
    let t_error = 16.0 * u * (s1 + d1) * a1 * b1;
    let det_min = len * apart - 16.0 * u * d1 * a1 * b1;
    let margin = near.min(far);
    if margin < PLANE_ROOM || len * margin <= 3.0 * t_error + 4.0 * u * len * s1 || det_min <= 0.0 {
        return false;
    }
    // How far the crossing of a segment may be from the hull of the crossings below, and the
    // room its barycentric coordinates need.
    let shift = slack * (1.0 + d1 / apart);
    let room_u = 16.0 * u * d1 * b1 * (s1 + a1) / det_min + 4.0 * u + shift * b1 / len + 1e-6;
    let room_v = 16.0 * u * d1 * a1 * (s1 + b1) / det_min + 4.0 * u + shift * a1 / len + 1e-6;
    // An axis the triangle is square to (its crossings all lie on `v0`'s coordinate there)
    // passes when each side of the leaf is on that coordinate or room away from it.
    let square = |i: usize| {
        let c = v0[i];
        tri.e1[i] == 0.0
            && tri.e2[i] == 0.0
            && [leaf_lo[i], leaf_hi[i]]
                .iter()
                .all(|&b| b == c || (b - c).abs() >= LEAF_ROOM)
            && leaf_lo[i] <= c
            && c <= leaf_hi[i]
    };
    let square: [bool; 3] = std::array::from_fn(square);
    let leaf_room = LEAF_ROOM + shift;
    let inside = |p: DVec3| {
        let q = p - v0;
        let bu = n.dot(q.cross(e2)) / (len * len);
        let bv = n.dot(e1.cross(q)) / (len * len);
        let in_leaf = (0..3).all(|i| {
            square[i] || (leaf_lo[i] + leaf_room <= p[i] && p[i] <= leaf_hi[i] - leaf_room)
        });
        in_leaf && bu >= room_u && bv >= room_v && 1.0 - bu - bv >= room_u + room_v + 2.0 * u
    };
    corners.iter().zip(box_sides).all(|(&c, &dc)| {
        ends.iter().zip(end_sides).all(|(&e, &de)| {
            let lambda = dc / (dc - de);
            inside(c + (e - c) * lambda)
        })
    })
}

/// Where (as a fraction of `dir`) the ray meets `tri` when its contents are in `mask`.
#[inline]
fn hit_of(tri: &Tri, from: Vec3, dir: Vec3, mask: Contents) -> Option<f32> {
    if tri.contents & mask.0 == 0 {
        return None;
    }
    ray_triangle(from, dir, tri, 1.0)
}

/// Möller–Trumbore, two-sided; `t` in `(0, tmax]`.
#[inline]
fn ray_triangle(o: Vec3, d: Vec3, tri: &Tri, tmax: f32) -> Option<f32> {
    let p = d.cross(tri.e2);
    let det = tri.e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let inv = 1.0 / det;
    let s = o - tri.v0;
    let u = s.dot(p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = s.cross(tri.e1);
    let v = d.dot(q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = tri.e2.dot(q) * inv;
    (t >= 0.0 && t <= tmax).then_some(t)
}

/// Separating-axis sweep of a box (centre `c0`, half-size `h`, moving `d`) against a triangle:
/// the 13 axes are the box's 3, the triangle normal and the 9 edge × box-axis cross products.
/// Returns the entry time, the normal facing the box, and whether they overlap at the start.
fn sweep_box_triangle(
    c0: Vec3,
    d: Vec3,
    h: Vec3,
    tri: &Tri,
    tmax: f32,
) -> Option<(f32, Vec3, bool)> {
    let v0 = tri.v0;
    let v1 = v0 + tri.e1;
    let v2 = v0 + tri.e2;
    let edges = [tri.e1, v2 - v1, v0 - v2];
    let mut axes = [Vec3::ZERO; 13];
    axes[0] = Vec3::X;
    axes[1] = Vec3::Y;
    axes[2] = Vec3::Z;
    axes[3] = tri.e1.cross(tri.e2);
    let mut k = 4;
    for e in edges {
        for a in [Vec3::X, Vec3::Y, Vec3::Z] {
            axes[k] = a.cross(e);
            k += 1;
        }
    }
    let mut enter = f32::NEG_INFINITY;
    let mut exit = f32::INFINITY;
    let mut normal = Vec3::ZERO;
    let mut depth = f32::INFINITY; // smallest overlap at the start, over the axes
    for axis in axes {
        let len2 = axis.length_squared();
        if len2 < 1e-10 {
            continue;
        }
        let l = axis / len2.sqrt();
        let r = h.x * l.x.abs() + h.y * l.y.abs() + h.z * l.z.abs();
        let (p0, p1, p2) = (v0.dot(l), v1.dot(l), v2.dot(l));
        // Touching is not overlapping: shrink by a hair so boxes resting on a floor can slide.
        let skin = (r * 0.5).min(1e-3);
        let lo = p0.min(p1).min(p2) - r + skin;
        let hi = p0.max(p1).max(p2) + r - skin;
        let c = c0.dot(l);
        let v = d.dot(l);
        depth = depth.min((c - lo).min(hi - c));
        if v.abs() < 1e-9 {
            if c <= lo || c >= hi {
                return None;
            }
            continue;
        }
        let (mut t0, mut t1) = ((lo - c) / v, (hi - c) / v);
        if t0 > t1 {
            std::mem::swap(&mut t0, &mut t1);
        }
        if t0 > enter {
            enter = t0;
            normal = if v > 0.0 { -l } else { l };
        }
        exit = exit.min(t1);
        if enter > exit || exit <= 0.0 || enter > tmax {
            return None;
        }
    }
    if enter <= 0.0 {
        if depth > 0.0 {
            return Some((0.0, normal, true));
        }
        return None;
    }
    if normal == Vec3::ZERO {
        return None;
    }
    // Stop a little before the surface along the way travelled.
    let back = DIST_EPSILON / d.length().max(1e-6);
    Some(((enter - back).max(0.0), normal, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bvh4::SlotTest;
    use crate::bvh4::tests::rng;

    /// A leaf's triangles tested four at a time answer, lane by lane, as the one-triangle test
    /// does, bit for bit: on rays that end on a triangle (`t` exactly 1, which only
    /// [`Reach::ToEnd`] accepts), pass through its corners and along its edges (barycentric
    /// coordinates exactly 0 or 1), lie in its plane, and on slivers, mixed contents and
    /// leaves of up to a dozen triangles.
    #[test]
    fn packed_leaf_tests_answer_as_one_triangle_at_a_time() {
        let mut rng = navforge_core::testing::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut unit = move || rng.below(1_000_000) as f32 / 1_000_000.0;
        let mut tris: Vec<[Vec3; 3]> = Vec::new();
        let mut tag_of = Vec::new();
        for k in 0..3000 {
            let mut p = || Vec3::new(unit(), unit(), unit()) * 256.0;
            let c = p();
            let tri = match k % 4 {
                // Flat terrain-like cells on a 16-unit grid: shared corners and edges.
                0 => {
                    let g = (c / 16.0).floor() * 16.0;
                    [g, g + Vec3::X * 16.0, g + Vec3::Y * 16.0]
                }
                // Slivers.
                1 => [c, c + Vec3::X * 40.0, c + Vec3::new(20.0, 0.01, 0.001)],
                _ => [c, c + (p() - c) * 0.1, c + (p() - c) * 0.1],
            };
            tris.push(tri);
            tag_of.push((k % 3 == 0) as u32);
        }
        // Many copies of one triangle make a leaf no split pays for: more than one pack.
        tris.extend(std::iter::repeat_n(
            [
                Vec3::splat(300.0),
                Vec3::new(310.0, 300.0, 300.0),
                Vec3::new(300.0, 310.0, 300.0),
            ],
            11,
        ));
        tag_of.extend(std::iter::repeat_n(0, 11));
        let water = TriTag {
            contents: Contents::WATER,
            ..TriTag::WORLD_SOLID
        };
        let mesh = TriMesh::build(&tris, &tag_of, vec![TriTag::WORLD_SOLID, water]);
        let leaves: Vec<(usize, usize)> = mesh.wide.leaves().collect();
        assert_eq!(
            leaves.iter().map(|l| l.1).sum::<usize>(),
            mesh.tris.len(),
            "every triangle is in one leaf"
        );
        assert!(leaves.iter().any(|l| l.1 > 4), "a leaf of several packs");
        let (mut accepted, mut at_end, mut cut_short) = (0, 0, 0);
        for k in 0..12_000 {
            let tri = mesh.tris[k % mesh.tris.len()];
            let (v1, v2) = (tri.v0 + tri.e1, tri.v0 + tri.e2);
            let off = Vec3::new(unit(), unit(), unit()) * 200.0 - 100.0;
            let (a, b) = match k % 5 {
                // Ends on the triangle's centre, or on a corner.
                0 => (tri.v0 + off, tri.v0 + (tri.e1 + tri.e2) / 3.0),
                1 => (v1 + off, v2),
                // Through a corner and on.
                2 => (tri.v0 + off, tri.v0 - off),
                // In its plane, along an edge.
                3 => (tri.v0 - tri.e1, v1 + tri.e1),
                _ => (tri.v0 + off, v1 + (v2 - v1) * unit() - off * unit()),
            };
            let d = b - a;
            let mask = if k % 7 == 0 {
                Contents::MASK_SOLID
            } else {
                Contents(u32::MAX)
            };
            for reach in [Reach::ToEnd, Reach::BeforeEnd] {
                let mut test = mesh.segment_test(a, d, mask, reach);
                for &(first, count) in &leaves {
                    let one_by_one = (first..first + count).find(|&s| test.accepts(s));
                    assert_eq!(test.first_accepted(first, count), one_by_one, "{a} -> {b}");
                    if let Some(slot) = one_by_one {
                        accepted += 1;
                        at_end += usize::from(mesh.hit_at(slot, a, d, mask) == Some(1.0));
                    }
                    // The first slots of a leaf alone: the lanes past them are not asked.
                    let part = 1 + k % count;
                    let one_by_one = (first..first + part).find(|&s| test.accepts(s));
                    assert_eq!(test.first_accepted(first, part), one_by_one);
                    cut_short += usize::from(
                        one_by_one.is_none() && test.first_accepted(first, count).is_some(),
                    );
                }
            }
        }
        assert!(accepted > 15_000, "{accepted} triangles met");
        assert!(at_end > 1_000, "{at_end} met at the segment's very end");
        assert!(
            cut_short > 1_000,
            "{cut_short} leaves met only past the slots asked"
        );
        // A mesh of one leaf (the tree's root): its one pack.
        let small = TriMesh::build(&tris[..3], &[0; 3], vec![TriTag::WORLD_SOLID]);
        assert_eq!(small.wide.leaves().collect::<Vec<_>>(), [(0, 3)]);
        for tri in &small.tris {
            let (a, b) = (
                tri.v0 + Vec3::Z * 50.0,
                tri.v0 + (tri.e1 + tri.e2) / 3.0 - Vec3::Z,
            );
            let want = (0..3).find(|&s| small.any_hit(s, a, b - a, Contents::MASK_SOLID));
            assert!(want.is_some());
            assert_eq!(small.ray_any_slot(a, b - a, Contents::MASK_SOLID), want);
        }
    }

    /// `sweep_stops` answers as `sweep` asked whether it stops the box (starts in solid, or
    /// `t < 1`), on flat cells of a grid and scattered triangles, for sweeps that end on them,
    /// start on them, and are hundreds of times longer than the stand-off (where the hit's
    /// `t` can round to 1).
    #[test]
    fn sweep_stops_answers_as_the_nearest_hit_sweep() {
        let mut rng = navforge_core::testing::Rng::new(0x5eed);
        let mut unit = move || rng.below(1_000_000) as f32 / 1_000_000.0;
        let tris: Vec<[Vec3; 3]> = (0..2000)
            .map(|k| {
                let c = Vec3::new(unit(), unit(), unit()) * 512.0;
                if k % 2 == 0 {
                    let g = (c / 32.0).floor() * 32.0;
                    [g, g + Vec3::X * 32.0, g + Vec3::Y * 32.0]
                } else {
                    [
                        c,
                        c + Vec3::new(unit(), unit(), 0.0) * 40.0,
                        c + Vec3::new(0.0, unit(), unit()) * 40.0,
                    ]
                }
            })
            .collect();
        let mesh = TriMesh::build(&tris, &vec![0; tris.len()], vec![TriTag::WORLD_SOLID]);
        let (mut stopped, mut through, mut far, mut near_end) = (0, 0, 0, 0);
        for k in 0..20_000 {
            let tri = mesh.tris[k % mesh.tris.len()];
            let on = tri.v0 + (tri.e1 + tri.e2) * 0.25;
            let off = Vec3::new(unit(), unit(), unit()) * 200.0 - 100.0;
            let free = Vec3::new(unit(), unit(), unit()) * 512.0;
            let half = if k % 2 == 0 {
                Vec3::splat(8.0)
            } else {
                Vec3::new(16.0, 16.0, 0.5)
            };
            let (a, b) = match k % 5 {
                // Ends a hundredth of a unit into the triangle's plane, from the side it comes
                // from: met just before the end.
                0 => {
                    let n = tri.e1.cross(tri.e2).normalize();
                    let n = if n.dot(off) < 0.0 { -n } else { n };
                    let b = on + n * (half.dot(n.abs()) - 0.01);
                    (b + off, b)
                }
                1 => (on, on + off),
                // Far past the level: the stand-off is a tiny fraction of the way.
                2 => (on + off * 1e4, on - off * 1e4),
                // Short sweeps anywhere, and sweeps grazing over a cell.
                3 => (free, free + off * 0.2),
                _ => (
                    on + Vec3::Z * 16.5 - off.with_z(0.0),
                    on + Vec3::Z * 16.5 + off.with_z(0.0),
                ),
            };
            let (d, mask) = (b - a, Contents::MASK_SOLID);
            let hit = mesh.sweep(a, d, half, mask);
            let want = hit.is_some_and(|h| h.start_solid || h.t < 1.0);
            near_end += usize::from(hit.is_some_and(|h| h.t > 0.999));
            assert_eq!(
                mesh.sweep_stops(a, d, half, mask),
                want,
                "{a} -> {b}, {half}"
            );
            far += usize::from(k % 5 == 2 && want);
            if want {
                stopped += 1;
            } else {
                through += 1;
            }
        }
        assert!(
            stopped > 10_000 && through > 1_500,
            "{stopped} stopped, {through} through"
        );
        assert!(far > 3_000, "{far} long sweeps stopped");
        assert!(near_end > 300, "{near_end} met just before the end");
    }

    /// The wide BVH finds the same nearest triangle as testing every triangle.
    #[test]
    fn wide_bvh_matches_brute_force() {
        let mut seed = 12345u64;
        let mut r = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 100_000) as f32 / 1000.0
        };
        let tris: Vec<[Vec3; 3]> = (0..2000)
            .map(|_| {
                let c = Vec3::new(r(), r(), r());
                [
                    c,
                    c + Vec3::new(r() * 0.05, r() * 0.05, 0.0),
                    c + Vec3::new(0.0, r() * 0.05, r() * 0.05),
                ]
            })
            .collect();
        let mesh = TriMesh::build(&tris, &vec![0; tris.len()], vec![TriTag::WORLD_SOLID]);
        for _ in 0..3000 {
            let a = Vec3::new(r(), r(), r());
            let b = Vec3::new(r(), r(), r());
            let d = b - a;
            let brute = mesh
                .tris
                .iter()
                .filter_map(|t| ray_triangle(a, d, t, 1.0))
                .fold(f32::INFINITY, f32::min);
            let got = mesh
                .ray(a, d, Contents::MASK_SOLID)
                .map_or(f32::INFINITY, |h| h.t);
            assert_eq!(got, brute, "ray {a} -> {b}");
            assert_eq!(mesh.ray_any(a, d, Contents::MASK_SOLID), brute.is_finite());
        }
    }

    /// Rays through `mesh` between points of `bounds` (a quarter along an axis, a quarter in
    /// an axial plane, a quarter short): the unordered any-hit walk answers as the
    /// nearest-first walk stopped at its first hit, and as the nearest-hit ray. Returns the
    /// rays blocked and clear.
    fn compare_walks(mesh: &TriMesh, bounds: Aabb, rays: usize, mask: Contents) -> (usize, usize) {
        let mut unit = rng(0x9e37_79b9_7f4a_7c15);
        let size = bounds.max - bounds.min;
        // Checks of remembered triangles answer the same from their own copies.
        let remembered = mesh.clone().remembering();
        let kept = if mesh.wide.walk_keeps_every_node() {
            mesh.tris.len()
        } else {
            0
        };
        assert_eq!(remembered.remembered.len(), kept);
        let blocked_by = |slot: usize, a: Vec3, d: Vec3| {
            let answer = mesh.ray_blocked_before_end_by(slot, a, d, mask);
            assert_eq!(
                remembered.ray_blocked_before_end_by(slot, a, d, mask),
                answer,
                "remembered {slot}: {a} + {d}"
            );
            answer
        };
        let (mut blocked, mut clear) = (0, 0);
        let (mut last, mut last_before_end, mut replayed) = (0, 0, 0);
        for k in 0..rays {
            let mut point = || bounds.min + size * Vec3::new(unit(), unit(), unit());
            let a = point();
            let mut b = point();
            match k % 4 {
                0 => (b.y, b.z) = (a.y, a.z),
                1 => b.z = a.z,
                2 => b = a + (b - a) * 0.05,
                _ => {}
            }
            let d = b - a;
            let any = mesh.ray_any(a, d, mask);
            assert_eq!(any, mesh.ray_any_ordered(a, d, mask), "ray {a} -> {b}");
            // The triangle that blocked the previous ray proves this one blocked only when the
            // walk finds it blocked; the one that blocks it proves it so.
            if mesh.ray_any_blocked_by(last, a, d, mask) {
                assert!(any, "shortcut says blocked, the walk clear: {a} -> {b}");
            }
            if let Some(slot) = mesh.ray_any_slot(a, d, mask) {
                // The walk stopped in this slot's leaf: every slot of it shows the line
                // blocked (the leaf is asked whole).
                for other in mesh.wide.leaf_of_slot(slot).expect("a leaf") {
                    assert!(
                        mesh.ray_any_blocked_by(other, a, d, mask),
                        "{other} (leaf of {slot}): {a} -> {b}"
                    );
                }
                last = slot;
            }
            assert_eq!(any, mesh.ray(a, d, mask).is_some(), "ray {a} -> {b}");
            // Before the end: the any-hit walk answers as the nearest hit's `t < 1`, also on
            // rays that end on a triangle's corner (a hit at about `t = 1`).
            let before_end = |d: Vec3| {
                !mesh
                    .ray(a, d, mask)
                    .is_none_or(|s| s.t >= 1.0 && !s.start_solid)
            };
            assert_eq!(mesh.ray_hits_before_end(a, d, mask), before_end(d));
            // The triangle named before the end proves its own segment blocked, and the one
            // named for an earlier segment proves this one blocked only when it is.
            if blocked_by(last_before_end, a, d) {
                assert!(before_end(d), "shortcut before the end: {a} -> {b}");
                replayed += 1;
            }
            if let Some(Some(slot)) = mesh.ray_hit_before_end(a, d, mask) {
                assert!(blocked_by(slot, a, d), "{slot}");
                last_before_end = slot;
            }
            let corner = mesh.tris[k % mesh.tris.len()].v0 - a;
            assert_eq!(
                mesh.ray_hits_before_end(a, corner, mask),
                before_end(corner)
            );
            // Ending on the triangle's corner (`t` about 1): the replay asks `t < 1` too.
            if blocked_by(k % mesh.tris.len(), a, corner) {
                assert!(before_end(corner), "ends on {}: {a}", k % mesh.tris.len());
            }
            if any {
                blocked += 1;
            } else {
                clear += 1;
            }
        }
        // Random segments through a dense soup share a blocker now and then: the replay must
        // answer some of them.
        assert!(
            blocked < 10 || replayed > 0,
            "{blocked} blocked, none shown by the last blocker"
        );
        (blocked, clear)
    }

    /// A parallelogram wall from `a` along `b - a` and `c - a`, as two triangles: `[a, b, c]`
    /// and the one across their diagonal.
    fn quad(a: Vec3, b: Vec3, c: Vec3) -> [[Vec3; 3]; 2] {
        [[a, b, c], [b + c - a, c, b]]
    }

    /// 400 small triangles in a grid far from the origin (x from 1,000): a walk through a
    /// mesh holding them has inner nodes to pass.
    fn far_triangles() -> impl Iterator<Item = [Vec3; 3]> {
        (0..400).map(|i| {
            let c = Vec3::new(1000.0 + (i % 20) as f32 * 10.0, (i / 20) as f32 * 10.0, 0.0);
            [c, c + Vec3::X * 5.0, c + Vec3::Y * 5.0]
        })
    }

    /// The shortcut asks the blocker's whole leaf, as the walk does: a square wall of two
    /// triangles in one leaf, among far triangles; a line through either half is shown blocked
    /// by the other half, one past the square by neither, and none through a half whose
    /// contents the mask lets through. Every slot lies in the leaf named for it.
    #[test]
    fn a_blockers_leaf_answers_for_its_neighbours() {
        let [lower, upper] = quad(
            Vec3::ZERO,
            Vec3::new(0.0, 100.0, 0.0),
            Vec3::new(0.0, 0.0, 100.0),
        );
        let tris: Vec<[Vec3; 3]> = [lower, upper].into_iter().chain(far_triangles()).collect();
        let water = TriTag {
            contents: Contents::WATER,
            ..TriTag::WORLD_SOLID
        };
        let mut tag_of = vec![0; tris.len()];
        for (tags, sight) in [
            (vec![TriTag::WORLD_SOLID], true),
            (vec![TriTag::WORLD_SOLID, water], false),
        ] {
            // The second time the upper half is water, which sight passes.
            tag_of[1] = u32::from(!sight);
            let mesh = TriMesh::build(&tris, &tag_of, tags);
            for slot in 0..mesh.len() {
                assert!(
                    mesh.wide
                        .leaf_of_slot(slot)
                        .is_some_and(|l| l.contains(&slot))
                );
            }
            let slot_of = |v: [Vec3; 3]| (mesh.tris.iter()).position(|t| t.v0 == v[0]).unwrap();
            let (lo, up) = (slot_of(lower), slot_of(upper));
            assert!(mesh.wide.leaf_of_slot(lo).is_some_and(|l| l.contains(&up)));
            let mask = Contents::MASK_SIGHT;
            let across = |y: f32, z: f32| (Vec3::new(-50.0, y, z), Vec3::new(100.0, 0.0, 0.0));
            for (slot, (a, d), want) in [
                (lo, across(80.0, 80.0), sight),
                (up, across(20.0, 20.0), true),
                (lo, across(20.0, 20.0), true),
                (lo, across(120.0, 50.0), false),
                (up, across(50.0, -20.0), false),
            ] {
                assert_eq!(
                    mesh.ray_any_blocked_by(slot, a, d, mask),
                    want,
                    "{slot}: {a}"
                );
                assert_eq!(mesh.ray_any(a, d, mask), want, "walk: {a}");
            }
            // The triangle alone does not: the line through the upper half misses the lower.
            let (a, d) = across(80.0, 80.0);
            assert!(!mesh.any_hit(lo, a, d, mask));
        }
    }

    /// A triangle vouches only for lines it blocks ([`TriMesh::blocks_box_to_hull`]): walls of
    /// two triangles square to an axis, and tilted ones, among far triangles, asked about
    /// random boxes of eyes (points among them) and hulls of up to eight points on either side,
    /// many of them crossing near an edge. Whenever it vouches, lines between box corners or
    /// random points of the box and the hull's points or random points of it, either way and
    /// with both ends moved up to [`END_SLACK`], are each accepted by the triangle itself
    /// before their end and reach its leaf in the any-hit walk, whose answer is a hit. It
    /// vouches often enough to matter, and not always, and for square walls whose leaf has a
    /// side on the wall's coordinate.
    #[test]
    fn a_triangle_vouches_only_for_lines_it_blocks() {
        let mut rng = navforge_core::testing::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        // Square walls at x = 0 and y = 300 (two triangles each), a tilted pair, far ones.
        let walls: Vec<[Vec3; 3]> = [
            quad(
                Vec3::ZERO,
                Vec3::new(0.0, 200.0, 0.0),
                Vec3::new(0.0, 0.0, 150.0),
            ),
            quad(
                Vec3::new(-100.0, 300.0, 0.0),
                Vec3::new(150.0, 300.0, 0.0),
                Vec3::new(-100.0, 300.0, 120.0),
            ),
            quad(
                Vec3::new(200.0, -50.0, 0.0),
                Vec3::new(260.0, 150.0, 30.0),
                Vec3::new(230.0, -40.0, 170.0),
            ),
        ]
        .concat();
        let tris: Vec<[Vec3; 3]> = walls.iter().copied().chain(far_triangles()).collect();
        let mesh = TriMesh::build(&tris, &vec![0; tris.len()], vec![TriTag::WORLD_SOLID]);
        let mask = Contents::MASK_SIGHT;
        let slot_of = |v: [Vec3; 3]| (mesh.tris.iter()).position(|t| t.v0 == v[0]).unwrap();
        let (mut vouched, mut refused, mut on_side) = (0, 0, 0);
        for trial in 0..60_000 {
            let wall = walls[trial % walls.len()];
            let slot = slot_of(wall);
            let tri = &mesh.tris[slot];
            let normal = tri.e1.cross(tri.e2).normalize();
            // A point of the triangle (or a little past its edges), `off` from its plane.
            let near_wall = |next: &mut dyn FnMut() -> f32, off: f32| {
                let (a, b) = (next() * 1.2 - 0.1, next() * 1.2 - 0.1);
                let (a, b) = if a + b > 1.1 {
                    (1.1 - b, 1.1 - a)
                } else {
                    (a, b)
                };
                tri.v0 + tri.e1 * a + tri.e2 * b + normal * off
            };
            let side = if trial % 2 == 0 { 1.0 } else { -1.0 };
            let off = side * (1.0 + next() * 400.0);
            let eye = near_wall(&mut next, off);
            let size = if trial % 3 == 0 {
                Vec3::ZERO
            } else {
                Vec3::new(next(), next(), next()) * 40.0
            };
            let (lo, hi) = (eye - size, eye + size);
            let n = 1 + trial % 8;
            let mut to: Vec<Vec3> = (0..n)
                .map(|_| {
                    let off = -side * (1.0 + next() * 600.0);
                    near_wall(&mut next, off)
                })
                .collect();
            if trial % 5 == 0 {
                // A line from the eye through a point of an edge (or the diagonal) crosses
                // the triangle exactly there: only the room keeps it out.
                let a = next();
                let on_edge = [tri.e1 * a, tri.e2 * a, tri.e1 * a + tri.e2 * (1.0 - a)];
                to[0] = eye + (tri.v0 + on_edge[trial % 3] - eye) * (1.5 + next() * 3.0);
            }
            if !mesh.blocks_box_to_hull(slot, (lo, hi), &to, mask) {
                refused += 1;
                continue;
            }
            vouched += 1;
            let (leaf_lo, leaf_hi) = mesh.wide.leaf_box(slot).expect("a tree of many leaves");
            for axis in (0..3).filter(|&i| tri.e1[i] == 0.0 && tri.e2[i] == 0.0) {
                let c = tri.v0[axis];
                on_side += usize::from(leaf_lo[axis] == c || leaf_hi[axis] == c);
            }
            for k in 0..24 {
                let w = Vec3::new(next(), next(), next());
                let origin = if k < 8 {
                    Vec3::select(glam::BVec3::new(k & 1 != 0, k & 2 != 0, k & 4 != 0), hi, lo)
                } else {
                    lo + (hi - lo) * w
                };
                let end = if k % 3 == 0 {
                    to[k % n]
                } else {
                    let ws: Vec<f32> = (0..n).map(|_| next()).collect();
                    let sum: f32 = ws.iter().sum();
                    to.iter().zip(&ws).map(|(&p, &x)| p * (x / sum)).sum()
                };
                // Each end up to END_SLACK away: each axis's square at most a third of its
                // square (0.018² < (1/32)² / 3).
                let mut stray = || (Vec3::new(next(), next(), next()) - 0.5) * (2.0 * 0.018);
                let (origin, end) = (origin + stray(), end + stray());
                for (a, b) in [(origin, end), (end, origin)] {
                    let d = b - a;
                    assert!(
                        mesh.hit_before_end(slot, a, d, mask)
                            && mesh.wide.ray_any_tries(a, d, slot)
                            && mesh.ray_any(a, d, mask)
                            && mesh.ray_hits_before_end(a, d, mask),
                        "slot {slot}: {a} -> {b}"
                    );
                }
            }
        }
        println!("{vouched} vouched ({on_side} on a square wall's leaf side), {refused} refused");
        assert!(
            vouched > 3_000 && refused > 3_000,
            "{vouched} vouched, {refused} refused"
        );
        assert!(on_side > 1_000, "{on_side} on a square wall's leaf side");
    }

    /// The triangle shortcut's known answers: a 100-unit wall in the plane x = 0 among 400
    /// small triangles far from it (so the walk has inner nodes to pass), and segments
    /// through it well inside, a hair inside and outside its edges, grazing it in its plane,
    /// parallel to it, stopping short of it or ending on it, and through a water triangle that
    /// sight passes.
    #[test]
    fn triangle_shortcut_known_answers() {
        let wall = [
            Vec3::ZERO,
            Vec3::new(0.0, 100.0, 0.0),
            Vec3::new(0.0, 0.0, 100.0),
        ];
        let water = [
            Vec3::new(200.0, 0.0, 0.0),
            Vec3::new(200.0, 100.0, 0.0),
            Vec3::new(200.0, 0.0, 100.0),
        ];
        let tris: Vec<[Vec3; 3]> = [wall, water].into_iter().chain(far_triangles()).collect();
        let tags = vec![
            TriTag::WORLD_SOLID,
            TriTag {
                contents: Contents::WATER,
                ..TriTag::WORLD_SOLID
            },
        ];
        let mut tag_of = vec![0; tris.len()];
        tag_of[1] = 1;
        let mesh = TriMesh::build(&tris, &tag_of, tags);
        let slot_of = |v: [Vec3; 3]| {
            mesh.tris
                .iter()
                .position(|t| t.v0 == v[0] && t.v0 + t.e1 == v[1])
                .unwrap()
        };
        let (wall_slot, water_slot) = (slot_of(wall), slot_of(water));
        let mask = Contents::MASK_SIGHT;
        // Through the wall along x at (y, z), from x = -50 to x = 50.
        let across = |y: f32, z: f32| (Vec3::new(-50.0, y, z), Vec3::new(50.0, y, z));
        let eps = 1e-2;
        let cases: [((Vec3, Vec3), bool, &str); 14] = [
            (across(20.0, 20.0), true, "well inside"),
            (across(eps, 50.0), true, "a hair inside the edge y = 0"),
            (across(-eps, 50.0), false, "a hair outside the edge y = 0"),
            (across(50.0, eps), true, "a hair inside the edge z = 0"),
            (across(50.0, -eps), false, "a hair outside the edge z = 0"),
            (
                across(50.0 - eps, 50.0 - eps),
                true,
                "a hair inside the long edge",
            ),
            (
                across(50.0 + eps, 50.0 + eps),
                false,
                "a hair outside the long edge",
            ),
            (
                (Vec3::new(0.0, -10.0, 20.0), Vec3::new(0.0, 110.0, 20.0)),
                false,
                "grazing, in its plane",
            ),
            (
                (Vec3::new(1.0, -10.0, 20.0), Vec3::new(1.0, 110.0, 20.0)),
                false,
                "parallel, a unit off",
            ),
            (
                (Vec3::new(-50.0, 20.0, 20.0), Vec3::new(-1.0, 20.0, 20.0)),
                false,
                "stops a unit short",
            ),
            (
                (Vec3::new(-50.0, 20.0, 20.0), Vec3::new(0.0, 20.0, 20.0)),
                true,
                "ends on it (the ray test takes t = 1)",
            ),
            (
                (Vec3::new(-1e-3, 20.0, -30.0), Vec3::new(1e-3, 20.0, 70.0)),
                true,
                "steep, nearly in its plane",
            ),
            (
                (Vec3::new(-1e-3, -30.0, 20.0), Vec3::new(1e-3, 70.0, 20.0)),
                true,
                "steep, nearly in its plane, the other way",
            ),
            (
                (Vec3::new(2e3, 20.0, 20.0), Vec3::new(-2e3, 20.0, 20.0)),
                true,
                "long, backwards",
            ),
        ];
        for ((a, b), want, what) in cases {
            let d = b - a;
            let got = mesh.ray_any_blocked_by(wall_slot, a, d, mask);
            assert_eq!(got, want, "{what}: {a} -> {b}");
            // Far from the other triangles, the full walk answers the same.
            assert_eq!(mesh.ray_any(a, d, mask), want, "walk, {what}: {a} -> {b}");
        }
        // Sight passes water, and another triangle proves nothing about this one's lines.
        let (a, b) = (Vec3::new(150.0, 20.0, 20.0), Vec3::new(250.0, 20.0, 20.0));
        assert!(!mesh.ray_any_blocked_by(water_slot, a, b - a, mask));
        assert!(mesh.ray_any_blocked_by(water_slot, a, b - a, Contents::WATER));
        let (a, b) = across(20.0, 20.0);
        assert!(!mesh.ray_any_blocked_by(water_slot, a, b - a, Contents::WATER));
        assert!(!mesh.ray_any_blocked_by(mesh.len(), a, b - a, mask));
        // Not finite: nothing proved.
        let nan = Vec3::new(f32::NAN, 20.0, 20.0);
        assert!(!mesh.ray_any_blocked_by(wall_slot, nan, b - nan, mask));
    }

    /// A remembering mesh answers every check of a remembered triangle as the mesh without
    /// the copies, slot by slot, on trees of one leaf and of many: rays through a triangle,
    /// beside it, short of it, from its corner, and of zero, tiny, infinite and NaN length;
    /// each slot's copied box is its leaf's (or the one leaf's) and answers as the walk's.
    #[test]
    fn remembered_triangles_answer_as_their_walk() {
        let mut r = rng(0x51ed_270b);
        let water = TriTag {
            contents: Contents::WATER,
            ..TriTag::WORLD_SOLID
        };
        let (mut one_leaf, mut blocked, mut asked) = (0, 0, 0);
        for n in [1, 3, 40, 600] {
            let tris: Vec<[Vec3; 3]> = (0..n)
                .map(|_| {
                    let c = Vec3::new(r(), r(), r()) * 200.0;
                    let mut edge = || Vec3::new(r() - 0.5, r() - 0.5, r() - 0.5) * 40.0;
                    [c, c + edge(), c + edge()]
                })
                .collect();
            let tag_of: Vec<u32> = (0..n).map(|i| u32::from(i % 5 == 0)).collect();
            let mesh = TriMesh::build(&tris, &tag_of, vec![TriTag::WORLD_SOLID, water]);
            let remembered = mesh.clone().remembering();
            assert_eq!(remembered.remembered.len(), mesh.tris.len());
            one_leaf += usize::from(mesh.wide.leaf_box(0).is_none());
            for slot in 0..mesh.tris.len() {
                let copy = remembered.remembered[slot];
                if let Some(leaf) = mesh.wide.leaf_box(slot) {
                    assert_eq!(copy.leaf, leaf, "slot {slot} of {n}");
                }
                let t = mesh.tris[slot];
                for k in 0..40 {
                    let (u, v) = (r(), r());
                    let on = t.v0 + t.e1 * u * (1.0 - v) + t.e2 * v * (1.0 - u);
                    let from = on + Vec3::new(r() - 0.5, r() - 0.5, r() - 0.5) * 300.0;
                    let dir = match k % 8 {
                        0 => Vec3::ZERO,
                        1 => Vec3::new(1e-30, 0.0, -1e-30),
                        2 => Vec3::new(f32::INFINITY, 1.0, 0.0),
                        3 => Vec3::new(f32::NAN, 1.0, 0.0),
                        4 => (on - from) * 0.5,
                        5 => t.v0 - from,
                        _ => (on - from) * (1.0 + r()),
                    };
                    let mask = if k % 2 == 0 {
                        Contents::MASK_SIGHT
                    } else {
                        Contents::MASK_SOLID
                    };
                    assert_eq!(
                        Bvh4::ray_reaches_tried_box(from, dir, copy.leaf),
                        mesh.wide.ray_any_tries(from, dir, slot),
                        "slot {slot} of {n}: {from} + {dir}"
                    );
                    let plain = mesh.ray_blocked_before_end_by(slot, from, dir, mask);
                    assert_eq!(
                        remembered.ray_blocked_before_end_by(slot, from, dir, mask),
                        plain,
                        "slot {slot} of {n}: {from} + {dir}"
                    );
                    blocked += usize::from(plain);
                    asked += 1;
                }
            }
        }
        // Trees of one leaf were built, and both answers are met often.
        assert!(one_leaf >= 1, "no tree of one leaf");
        assert!(
            blocked > asked / 10 && blocked < asked - asked / 10,
            "{blocked} of {asked}"
        );
    }

    #[test]
    fn unordered_any_hit_answers_as_the_ordered_walk() {
        let mut seed = 777u64;
        let mut r = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 100_000) as f32 / 1000.0
        };
        let tris: Vec<[Vec3; 3]> = (0..3000)
            .map(|_| {
                let c = Vec3::new(r(), r(), r());
                [
                    c,
                    c + Vec3::new(r() * 0.1, r() * 0.1, 0.0),
                    c + Vec3::new(0.0, r() * 0.1, r() * 0.1),
                ]
            })
            .collect();
        // Every fifth triangle water, which the sight mask sees through.
        let tags = vec![
            TriTag::WORLD_SOLID,
            TriTag {
                contents: Contents::WATER,
                ..TriTag::WORLD_SOLID
            },
        ];
        let tag_of: Vec<u32> = (0..tris.len()).map(|i| (i % 5 == 0) as u32).collect();
        let mesh = TriMesh::build(&tris, &tag_of, tags);
        let (blocked, clear) = compare_walks(&mesh, mesh.bounds(), 20_000, Contents::MASK_SIGHT);
        assert!(blocked > 2_000 && clear > 2_000, "{blocked} {clear}");
    }

    /// The same on the render faces of the GoldSrc level pairs (what their sight lines trace).
    #[test]
    fn goldsrc_sight_rays_answer_as_the_ordered_walk() {
        let Some(dir) = navforge_core::testing::corpus_dir("level-pairs") else {
            return;
        };
        for map in ["goldsrc_de_dust2.bsp", "goldsrc_cs_assault.bsp"] {
            let bytes = std::fs::read(dir.join(map)).unwrap();
            let level = crate::Level::load(&bytes, &crate::LoadOptions::default()).unwrap();
            let (blocked, clear) = compare_walks(
                level.triangle_index(),
                level.bounds(),
                30_000,
                Contents::MASK_SIGHT,
            );
            assert!(blocked > 3_000 && clear > 3_000, "{map}: {blocked} {clear}");
        }
    }
}
