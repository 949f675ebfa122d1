//! Convex brushes (Quake II, Source): point contents and box sweeps clipped against each brush's
//! planes pushed out by the box, as the engines' brush traces do, found through a BVH.

use crate::bvh::Bvh;
use crate::bvh4::Bvh4;
use crate::contents::{Contents, SurfaceFlags};
use crate::math::{Aabb, box_and_point_within_deep_limit, hull_meets_box};
use crate::trimesh::DIST_EPSILON;
use glam::{BVec4A, Vec3, Vec4};

/// One side of a brush.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side {
    pub normal: Vec3,
    pub dist: f32,
    pub surface: SurfaceFlags,
    /// A bevel plane the compiler added for box traces; skipped by rays.
    pub bevel: bool,
}

/// A brush as loaded: its sides, contents and owner.
#[derive(Debug, Clone)]
pub(crate) struct BrushIn {
    pub sides: Vec<Side>,
    pub contents: Contents,
    /// Entity index, `u32::MAX` for the world.
    pub entity: u32,
}

#[derive(Debug, Clone, Copy)]
struct Brush {
    first: u32,
    count: u32,
    /// Its sides that rays clip against (not bevels), four to a [`RayPlanes`].
    first_pack: u32,
    packs: u32,
    contents: Contents,
    entity: u32,
    /// Every side's normal is of unit length (its squared length within 1/1,000 of 1), as the
    /// proofs that answer
    /// for many lines at once ([`BrushSet::clear_from_box`], [`BrushSet::blocks_box_to_hull`])
    /// need for their margins to be distances; a corrupt file's brush may not be.
    unit_normals: bool,
}

/// Four of a brush's sides, one to a lane, for [`ray_enters`]: the normals' components, the
/// distances as the ray clip uses them (`dist + 0.0`) and the mask of lanes that hold a side.
#[derive(Debug, Clone, Copy)]
struct RayPlanes {
    nx: Vec4,
    ny: Vec4,
    nz: Vec4,
    dist: Vec4,
    lanes: BVec4A,
}

impl RayPlanes {
    /// A brush's sides that rays clip against (not bevels), four to a pack, in order.
    fn pack(sides: &[Side]) -> Vec<RayPlanes> {
        let clipping: Vec<&Side> = sides.iter().filter(|s| !s.bevel).collect();
        clipping.chunks(4).map(RayPlanes::of).collect()
    }

    /// Up to four sides, in lane order.
    fn of(four: &[&Side]) -> RayPlanes {
        let mut p = RayPlanes {
            nx: Vec4::ZERO,
            ny: Vec4::ZERO,
            nz: Vec4::ZERO,
            dist: Vec4::ZERO,
            lanes: BVec4A::new(
                !four.is_empty(),
                four.len() > 1,
                four.len() > 2,
                four.len() > 3,
            ),
        };
        for (lane, s) in four.iter().enumerate() {
            (p.nx[lane], p.ny[lane], p.nz[lane]) = (s.normal.x, s.normal.y, s.normal.z);
            p.dist[lane] = s.dist + 0.0;
        }
        p
    }
}

/// A hit on a brush.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BrushHit {
    pub t: f32,
    pub normal: Vec3,
    pub contents: Contents,
    pub surface: SurfaceFlags,
    pub entity: u32,
    pub start_solid: bool,
    pub all_solid: bool,
}

/// Brushes in BVH order.
#[derive(Debug, Clone, Default)]
pub(crate) struct BrushSet {
    bvh: Bvh,
    /// The same hierarchy four children wide, for rays.
    wide: Bvh4,
    brushes: Vec<Brush>,
    sides: Vec<Side>,
    /// Each brush's ray sides, packed four at a time.
    ray_planes: Vec<RayPlanes>,
}

/// A brush's box from its axial sides; `None` when a side is missing (the box is unbounded).
fn axial_bounds(sides: &[Side]) -> Option<Aabb> {
    let mut min = Vec3::splat(f32::NAN);
    let mut max = Vec3::splat(f32::NAN);
    for s in sides {
        for a in 0..3 {
            if s.normal[a] == 1.0 {
                max[a] = if max[a].is_nan() {
                    s.dist
                } else {
                    max[a].min(s.dist)
                };
            } else if s.normal[a] == -1.0 {
                min[a] = if min[a].is_nan() {
                    -s.dist
                } else {
                    min[a].max(-s.dist)
                };
            }
        }
    }
    (min.is_finite() && max.is_finite() && min.cmple(max).all()).then(|| Aabb::new(min, max))
}

impl BrushSet {
    /// Index the brushes; those without a full set of axial sides are dropped (counted).
    pub fn build(input: Vec<BrushIn>) -> (BrushSet, usize) {
        let mut boxes = Vec::with_capacity(input.len());
        let mut kept = Vec::with_capacity(input.len());
        let mut dropped = 0;
        for b in input {
            match axial_bounds(&b.sides) {
                Some(bb)
                    if b.sides
                        .iter()
                        .all(|s| s.normal.is_finite() && s.dist.is_finite()) =>
                {
                    boxes.push(bb);
                    kept.push(b);
                }
                _ => dropped += 1,
            }
        }
        let bvh = Bvh::build(&boxes);
        let mut brushes = Vec::with_capacity(kept.len());
        let mut sides = Vec::new();
        let mut ray_planes = Vec::new();
        for &k in &bvh.order {
            let b = &kept[k as usize];
            let first_pack = ray_planes.len() as u32;
            ray_planes.extend(RayPlanes::pack(&b.sides));
            brushes.push(Brush {
                first: sides.len() as u32,
                count: b.sides.len() as u32,
                first_pack,
                packs: ray_planes.len() as u32 - first_pack,
                contents: b.contents,
                entity: b.entity,
                unit_normals: b
                    .sides
                    .iter()
                    .all(|s| (s.normal.length_squared() - 1.0).abs() <= 1e-3),
            });
            sides.extend_from_slice(&b.sides);
        }
        (
            BrushSet {
                wide: Bvh4::from_binary(&bvh),
                bvh,
                brushes,
                sides,
                ray_planes,
            },
            dropped,
        )
    }

    /// Bounds of the world's brushes (no entity's) whose contents include `contents`.
    pub fn world_boxes(&self, contents: Contents) -> Vec<Aabb> {
        self.brushes
            .iter()
            .filter(|b| b.entity == u32::MAX && b.contents.intersects(contents))
            .filter_map(|b| axial_bounds(self.sides_of(b)))
            .collect()
    }

    /// Number of brushes indexed.
    pub fn len(&self) -> usize {
        self.brushes.len()
    }

    fn sides_of(&self, b: &Brush) -> &[Side] {
        &self.sides[b.first as usize..(b.first + b.count) as usize]
    }

    fn ray_planes_of(&self, b: &Brush) -> &[RayPlanes] {
        &self.ray_planes[b.first_pack as usize..(b.first_pack + b.packs) as usize]
    }

    /// Union of the contents of every brush holding `p`.
    pub fn contents(&self, p: Vec3) -> Contents {
        let mut c = Contents::EMPTY;
        self.bvh.overlapping(&Aabb::new(p, p), |slot| {
            let b = &self.brushes[slot];
            if self
                .sides_of(b)
                .iter()
                .all(|s| s.normal.dot(p) - s.dist <= 0.0)
            {
                c |= b.contents;
            }
        });
        c
    }

    /// Whether [`BrushSet::sweep`] answers a hit that stops the box short of its end (it
    /// starts in solid, or `t < 1`), found by a walk that stops at the first such brush. The
    /// same answer: until that walk stops, `sweep`'s bound stays 1, so both walks clip the
    /// same brushes in the same order up to that one. Every brush hit stops the box: a brush
    /// is met only before the bound, or the sweep starts in it (at 0).
    pub fn sweep_stops(&self, from: Vec3, dir: Vec3, half: Vec3, mask: Contents) -> bool {
        let point = half == Vec3::ZERO;
        let end = from + dir;
        let stop = self.bvh.segment(from, dir, 1.0, half, |slot, tmax| {
            let b = &self.brushes[slot];
            if !b.contents.intersects(mask) {
                return None;
            }
            clip_to_brush(self.sides_of(b), from, end, half, point, tmax)?;
            Some(f32::NEG_INFINITY)
        });
        stop == f32::NEG_INFINITY
    }

    /// Sweep a box (half-size `half`, zero for a ray) with its centre going `from → from + dir`.
    pub fn sweep(&self, from: Vec3, dir: Vec3, half: Vec3, mask: Contents) -> Option<BrushHit> {
        let point = half == Vec3::ZERO;
        let mut best: Option<BrushHit> = None;
        let end = from + dir;
        self.bvh.segment(from, dir, 1.0, half, |slot, tmax| {
            let b = &self.brushes[slot];
            if !b.contents.intersects(mask) {
                return None;
            }
            let hit = clip_to_brush(self.sides_of(b), from, end, half, point, tmax)?;
            let surface = if b.contents.intersects(Contents::LADDER) {
                hit.2 | SurfaceFlags::LADDER
            } else {
                hit.2
            };
            let h = BrushHit {
                t: hit.0,
                normal: hit.1,
                contents: b.contents,
                surface,
                entity: b.entity,
                start_solid: hit.3,
                all_solid: hit.4,
            };
            if best.is_none_or(|o| h.t < o.t || (h.start_solid && !o.start_solid)) {
                best = Some(h);
            }
            Some(h.t)
        });
        best
    }
}

impl BrushSet {
    /// Whether a ray `from → from + dir` is stopped by a brush whose contents meet `mask`:
    /// [`BrushSet::sweep`] with a zero box answers a hit (or a start in solid) exactly when
    /// this does, but this stops at the first brush found instead of looking for the nearest
    /// (line-of-sight queries need no more). The tests' reference; callers take
    /// [`BrushSet::ray_blocker`].
    #[cfg(test)]
    pub fn ray_blocked(&self, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.ray_blocker(from, dir, mask).is_some()
    }

    /// [`BrushSet::ray_blocked`], answering with the slot of the brush that stopped the ray
    /// (the first one the walk found), for [`BrushSet::line_blocked_by`].
    pub fn ray_blocker(&self, from: Vec3, dir: Vec3, mask: Contents) -> Option<u32> {
        let end = from + dir;
        let mut found = None;
        let mut visit = |slot: usize, tmax: f32| {
            let b = &self.brushes[slot];
            if !b.contents.intersects(mask) {
                return None;
            }
            let hit = ray_enters(self.ray_planes_of(b), from, end, tmax);
            if hit {
                found = Some(slot as u32);
            }
            hit.then_some(f32::NEG_INFINITY)
        };
        // The 4-wide walk reaches the binary walk's leaves, or gives up on a ray with a zero
        // component that lies on a box's high side (see there); a NaN direction, and a ray it
        // gave up on, take the binary walk.
        let inv = dir.recip();
        if inv.is_nan() || self.wide.ray_as_binary(from, inv, &mut visit).is_none() {
            self.bvh.segment(from, dir, 1.0, Vec3::ZERO, visit);
        }
        found
    }

    /// [`BrushSet::line_blocked_by`] of the ray `from → from + dir`.
    #[cfg(test)]
    pub fn ray_blocked_by(&self, slot: u32, from: Vec3, dir: Vec3, mask: Contents) -> bool {
        self.line_blocked_by(slot, &RayLine::new(from, dir), mask)
    }

    /// True only when [`BrushSet::ray_blocked`]`(from, dir, mask)` is true for the ray `ray`
    /// (`from → from + dir`), shown by brush `slot` without walking the hierarchy. `false`
    /// says nothing (ask `ray_blocked`).
    ///
    /// Why, on the very floats `ray_blocked` computes: its walk reaches the brush's leaf
    /// ([`Bvh4::ray_as_binary_tries`] repeats the 4-wide walk's box test there, and refuses a
    /// box on which that walk would give up; the binary walk it then falls back to reaches
    /// the same leaves), and asks the brush exactly what is asked here: the mask,
    /// then [`ray_enters`] on the same ends with the bound still 1 (no hit came before, or
    /// the walk stopped on another hit, which answers "blocked" too). No margin is needed.
    ///
    /// The ray's end and inverse direction are worked out once ([`RayLine`]), for a line
    /// asked of several brushes.
    pub fn line_blocked_by(&self, slot: u32, ray: &RayLine, mask: Contents) -> bool {
        let Some(b) = self.brushes.get(slot as usize) else {
            return false;
        };
        b.contents.intersects(mask)
            && ray_enters(self.ray_planes_of(b), ray.from, ray.end, 1.0)
            && self
                .wide
                .ray_as_binary_tries(ray.from, ray.inv, slot as usize)
    }

    /// True only when [`BrushSet::ray_blocker`]`(p, to - p, mask)` is `None` for every point
    /// `p` of the box `lo..hi`: every brush of `mask` that a ray walk from such a point could
    /// reach has every point of the hull of the box and `to` at least [`CLEAR_MARGIN`] in
    /// front of one of its sides (not bevels), shown by one side or by a mix of two
    /// ([`HullCorners::in_front_of`]). `false` says nothing. The ends must be within
    /// [`DEEP_LIMIT`](crate::math::DEEP_LIMIT). `unproved`: the brush an earlier box could
    /// not be shown clear of (the next box of a looking area is mostly held up by the same
    /// one), asked first when the hull reaches the brush's own box, as it then reaches every
    /// node box on the walk's path to that brush's leaf (so it refuses only a box the walk
    /// would refuse); set to the brush that holds this box up, and left as it is when none
    /// does.
    ///
    /// Why that proves it, for each ray `p → to` on the floats the walk computes:
    /// - Every point of the ray is within 1/64 unit of the hull (its end is `p + (to - p)`
    ///   rounded), so at least 0.98 in front of one side.
    /// - The brush clip [`ray_enters`] computes each end's distance to each side with an error
    ///   of a few units in the 7th digit of map-sized coordinates (under 0.1 within
    ///   `DEEP_LIMIT`). When it answers "entered" with the start behind every side, the start
    ///   is within 0.1 of behind them all. Otherwise its entry fraction is in `[0, 1)` and, at
    ///   it, the ray is at most [`DIST_EPSILON`] in front of every entering side (the entry is
    ///   the largest of their fractions), behind every leaving one (it comes before the
    ///   smallest of theirs) and behind those it never crosses, each up to those errors and
    ///   the fraction's rounding (under 0.07 over a ray's length): under 0.3 in front of every
    ///   side. Either way a point of the ray would be under 0.3 in front of every side, which
    ///   none is; so the clip answers "not entered" (bevels play no part: rays skip them, and
    ///   so does this test).
    /// - The brushes not tested sit in leaves whose box the hull misses by two units or more,
    ///   or that miss the box around the hull grown by as much, or under a node whose box
    ///   does. Every ray stays within 1/64 unit of the hull, so more than 1.9 units from that
    ///   leaf's box, and the slab test of the ray walks (4-wide and binary; a leaf's box is the
    ///   same in both) lets a ray wander under 0.1 unit from its exact line within
    ///   `DEEP_LIMIT` (see [`Bvh4::leaves_in_reach`]): it finds the leaf's interval empty, and
    ///   no brush of it is visited. A tree that is a single leaf has all its brushes tested
    ///   here.
    pub fn clear_from_box(
        &self,
        (lo, hi): (Vec3, Vec3),
        to: Vec3,
        mask: Contents,
        unproved: &mut Option<usize>,
    ) -> bool {
        if !box_and_point_within_deep_limit(lo, hi, to) {
            return false;
        }
        let hull = HullCorners::of(lo, hi, to);
        let clear_of = |slot: usize| {
            let Some(b) = self.brushes.get(slot) else {
                return false;
            };
            !b.contents.intersects(mask) || b.unit_normals && hull.in_front_of(self.sides_of(b))
        };
        let grow = Vec3::splat(2.0 * CLEAR_MARGIN);
        let query = Aabb::new(lo.min(to) - grow, hi.max(to) + grow);
        let near = |b: &Aabb| {
            b.overlaps(&query) && hull_meets_box(lo, hi, to, b.min, b.max, 2.0 * CLEAR_MARGIN)
        };
        let reached = |slot: usize| {
            let own_box = self
                .brushes
                .get(slot)
                .and_then(|b| axial_bounds(self.sides_of(b)));
            own_box.is_some_and(|b| near(&b))
        };
        if unproved.is_some_and(|slot| reached(slot) && !clear_of(slot)) {
            return false;
        }
        self.bvh.every_in_reach(near, |slot| {
            let clear = clear_of(slot);
            if !clear {
                *unproved = Some(slot);
            }
            clear
        })
    }

    /// True only when [`BrushSet::ray_blocker`]`(p, q - p, mask)` is `Some` for every point
    /// `p` of the box `lo..hi` and every point `q` of the convex hull of `to`: the segment
    /// from each corner of the box to each point of `to` passes through brush `slot` (of
    /// `mask`) at least [`BLOCK_DEPTH`] inside every one of its sides. `false` says nothing,
    /// and is the answer when an end is beyond [`DEEP_LIMIT`](crate::math::DEEP_LIMIT) or a
    /// side's normal is not of unit length.
    ///
    /// Why the corners vouch for every segment: for a fixed end `q`, the starts `p` whose
    /// segment to `q` meets a convex set `C` form a convex set (all of space when `q` is in
    /// `C`; otherwise the points `q + s (c - q)` for `c` in `C` and `s ≥ 1`, and a mix of two
    /// such points is again one, its `c` a mix of theirs), so it holds the whole box once it
    /// holds its corners; and for each start, the same holds of the ends. `C` is the brush with
    /// every side pushed in by the depth (convex too); the distances the test computes err by
    /// under 0.1 within the deep limit, and its fractions by less again over a segment's
    /// length there, so every segment really passes a point more than a unit inside every
    /// side of the brush (the walk's segment ends at `p + (q - p)`, a rounding from `q`).
    ///
    /// Why such a segment is blocked on the floats the walk computes: the walk reaches the
    /// brush's leaf (the segment passes through the leaf's box, more than a unit inside it,
    /// where the slab tests' rounding is far smaller) unless it stopped on another hit first;
    /// and [`ray_enters`] finds it enters: the entering sides' fractions (where the segment is
    /// [`DIST_EPSILON`] in front of a side) all come before that deep point and the leaving
    /// ones after it, so the entry is below the exit and below 1. Rays skip bevels; keeping
    /// them in the test can only shrink the body tested.
    ///
    /// The same holds of the rays `q → p`: nothing above depends on which end the walk
    /// starts from (its segment then ends a rounding from `p`). And the answers for several
    /// `to` asked alone combine: the same convexity puts the hull of ends each shown in it.
    pub fn blocks_box_to_hull(
        &self,
        slot: u32,
        (lo, hi): (Vec3, Vec3),
        to: &[Vec3],
        mask: Contents,
    ) -> bool {
        let Some(b) = self.brushes.get(slot as usize) else {
            return false;
        };
        if !b.contents.intersects(mask)
            || !b.unit_normals
            || to.is_empty()
            || !to
                .iter()
                .all(|&q| box_and_point_within_deep_limit(lo, hi, q))
        {
            return false;
        }
        let sides = self.sides_of(b);
        to.iter()
            .all(|&q| box_passes_deep_inside(sides, (lo, hi), q))
    }
}

/// How deep inside every side of a brush [`BrushSet::blocks_box_to_hull`] asks each corner's
/// segment to pass: one unit for the walk's box tests and brush clip to find it inside with
/// room to spare (as [`CLEAR_MARGIN`] leaves outside), and as much again for the test's own
/// rounding.
const BLOCK_DEPTH: f32 = 2.0 * CLEAR_MARGIN;

/// Whether the segment from every corner of the box `lo..hi` to `q` meets the brush of `sides`
/// pushed in by [`BLOCK_DEPTH`]: [`passes_deep_inside`] for each corner, four corners at once,
/// lane by lane on the same operations in the same order, so each lane answers as that clip
/// does for its corner (for finite ends and sides, which the caller ensures: the two treat a
/// NaN differently). A box proof of visibility asks 8 corners times up to 5 points, and one
/// corner at a time it took 15 % of the stage on a stand-in map. A point (the encounter
/// stage's spot, the sniper stage's eye) is clipped once, and a box flat in z asks one group
/// of four.
fn box_passes_deep_inside(sides: &[Side], (lo, hi): (Vec3, Vec3), q: Vec3) -> bool {
    if lo == hi {
        return passes_deep_inside(sides, lo, q);
    }
    let heights: &[f32] = if lo.z == hi.z { &[lo.z] } else { &[lo.z, hi.z] };
    let xs = Vec4::new(lo.x, hi.x, lo.x, hi.x);
    let ys = Vec4::new(lo.y, lo.y, hi.y, hi.y);
    heights.iter().all(|&z| {
        let zs = Vec4::splat(z);
        let (mut enter, mut leave) = (Vec4::ZERO, Vec4::ONE);
        for s in sides {
            let dist = s.dist - BLOCK_DEPTH;
            let n = s.normal;
            let d1 = Vec4::splat(n.x) * xs + Vec4::splat(n.y) * ys + Vec4::splat(n.z) * zs
                - Vec4::splat(dist);
            let d2 = n.dot(q) - dist;
            let front = d1.cmpgt(Vec4::ZERO);
            let fraction = d1 / (d1 - Vec4::splat(d2));
            if d2 > 0.0 {
                // Both ends in front of this side: the segment misses the brush.
                if front.any() {
                    return false;
                }
                leave = leave.min(fraction);
            } else {
                enter = Vec4::select(front, enter.max(fraction), enter);
                // A corner whose entry is past its exit misses the brush whatever the other
                // sides say (the entries only grow, the exits only shrink: with finite ends
                // and sides no fraction kept is a NaN), and so the box does.
                if enter.cmpgt(leave).any() {
                    return false;
                }
            }
        }
        enter.cmple(leave).all()
    })
}

/// Whether the segment `p → q` meets the brush of `sides` pushed in by [`BLOCK_DEPTH`]: the
/// plain parametric clip, with the part of the segment behind every pushed-in side not empty
/// (what [`box_passes_deep_inside`] asks of each corner, and is tested against).
fn passes_deep_inside(sides: &[Side], p: Vec3, q: Vec3) -> bool {
    let (mut enter, mut leave) = (0.0f32, 1.0f32);
    for s in sides {
        let dist = s.dist - BLOCK_DEPTH;
        let (d1, d2) = (s.normal.dot(p) - dist, s.normal.dot(q) - dist);
        if d1 > 0.0 && d2 > 0.0 {
            return false;
        }
        if d1 > 0.0 {
            enter = enter.max(d1 / (d1 - d2));
            // Past the exit: no later side can bring it back.
            if enter > leave {
                return false;
            }
        } else if d2 > 0.0 {
            leave = leave.min(d1 / (d1 - d2));
        }
    }
    enter <= leave
}

/// The hull of a box and a point, as [`BrushSet::clear_from_box`] asks whether a brush's sides
/// leave it in front.
struct HullCorners {
    lo: Vec3,
    hi: Vec3,
    to: Vec3,
    /// The box's centre and half size (in `f32`, for the quick tests).
    c: Vec3,
    h: Vec3,
}

/// Most sides with a hull corner in front of them that [`HullCorners::in_front_of`] pairs up
/// (a brush has about six to twenty; leaving some out only loses proofs).
const PAIRED_SIDES: usize = 16;

/// The mask of the nine corners of a [`HullCorners`]: bit 0 the point, bit `1 + k` the box's
/// corner `k` ([`box_corner`]).
const ALL_HULL_CORNERS: u16 = 0x1ff;

/// The value at corner `k` of a box of an affine function whose value at the box's centre is
/// `centre` and whose change from the centre to the high side on each axis is `half`: bit
/// `axis` of `k` picks the high side.
fn box_corner<T>(k: usize, centre: T, half: [T; 3]) -> T
where
    T: std::ops::Add<Output = T> + std::ops::Sub<Output = T> + Copy,
{
    (0..3).fold(centre, |v, axis| {
        if k & (1 << axis) == 0 {
            v - half[axis]
        } else {
            v + half[axis]
        }
    })
}

impl HullCorners {
    fn of(lo: Vec3, hi: Vec3, to: Vec3) -> HullCorners {
        HullCorners {
            lo,
            hi,
            to,
            c: (lo + hi) * 0.5,
            h: (hi - lo) * 0.5,
        }
    }

    /// True only when every point of the hull is at least [`CLEAR_MARGIN`] in front of one of
    /// the sides that are not bevels (their normals of unit length).
    ///
    /// One side: the point and the box's nearest corner to it are in front by the margin.
    /// Otherwise two sides `i` and `j` and a weight `w` in `[0, 1]`: at each of the hull's
    /// nine corners, `w` times its distance in front of `i` less the margin plus `1 - w` times
    /// that of `j` is positive. That mix is affine, so it is positive over the whole hull, and
    /// at every point one of the two distances is above the margin. The corners in front of
    /// each side are found in `f32` only to pick the pairs worth trying (those whose corners
    /// in front cover all nine); the mix is worked out and checked in `f64` from the box's
    /// corners and the point (its rounding is nothing beside the margin). A hull that passes a
    /// brush's edge diagonally needs the two sides that meet there: no one side leaves it all
    /// in front.
    fn in_front_of(&self, sides: &[Side]) -> bool {
        let (to, c, h) = (self.to, self.c, self.h);
        // The sides with a corner in front, and the mask of those corners.
        let mut fronts = [(0usize, 0u16); PAIRED_SIDES];
        let (mut n, mut every) = (0, 0u16);
        for (k, s) in sides.iter().enumerate().filter(|(_, s)| !s.bevel) {
            let dist = s.dist + CLEAR_MARGIN;
            let (at_to, at_c) = (s.normal.dot(to) - dist, s.normal.dot(c) - dist);
            let reach = h.dot(s.normal.abs());
            if at_to >= 0.0 && at_c - reach >= 0.0 {
                return true;
            }
            if n < PAIRED_SIDES && (at_to > 0.0 || at_c + reach > 0.0) {
                let half = (h * s.normal).to_array();
                let corners = (0..8).fold(u16::from(at_to > 0.0), |mask, corner| {
                    mask | u16::from(box_corner(corner, at_c, half) > 0.0) << (1 + corner)
                });
                fronts[n] = (k, corners);
                every |= corners;
                n += 1;
            }
        }
        if every != ALL_HULL_CORNERS {
            return false;
        }
        // Each side's distances, worked out once, when a pair first needs them.
        let mut distances = [None; PAIRED_SIDES];
        let mut of =
            |f: usize| *distances[f].get_or_insert_with(|| self.distances(&sides[fronts[f].0]));
        (0..n).any(|i| {
            (i + 1..n).any(|j| {
                fronts[i].1 | fronts[j].1 == ALL_HULL_CORNERS && mix_in_front(&of(i), &of(j))
            })
        })
    }

    /// How far in front of `s` each corner of the hull is, less the margin, in `f64`: the
    /// point's first, then the box's ([`ALL_HULL_CORNERS`]).
    fn distances(&self, s: &Side) -> [f64; 9] {
        let margin = f64::from(s.dist) + f64::from(CLEAR_MARGIN);
        let normal = s.normal.as_dvec3();
        let at = |p: glam::DVec3| p.dot(normal) - margin;
        let (lo, hi) = (self.lo.as_dvec3(), self.hi.as_dvec3());
        let (centre, half) = (at((lo + hi) * 0.5), ((hi - lo) * 0.5 * normal).to_array());
        let mut d = [at(self.to.as_dvec3()); 9];
        for (corner, dk) in d.iter_mut().skip(1).enumerate() {
            *dk = box_corner(corner, centre, half);
        }
        d
    }
}

/// Whether some weight `w` in `[0, 1]` makes `w di[k] + (1 - w) dj[k]` positive for every
/// `k`, checked at the middle of the weights each `k` allows.
fn mix_in_front(di: &[f64; 9], dj: &[f64; 9]) -> bool {
    let (mut from, mut till) = (0.0f64, 1.0f64);
    for (&i, &j) in di.iter().zip(dj) {
        // j + w (i - j) > 0.
        let slope = i - j;
        if slope > 0.0 {
            from = from.max(-j / slope);
        } else if slope < 0.0 {
            till = till.min(-j / slope);
        } else if j <= 0.0 {
            return false;
        }
    }
    let w = 0.5 * (from + till);
    from < till
        && di
            .iter()
            .zip(dj)
            .all(|(&i, &j)| w * i + (1.0 - w) * j > 0.0)
}

/// How far in front of one of its sides every brush near a [`BrushSet::clear_from_box`] must
/// leave each point of the hull of the box and the target: 32 times `DIST_EPSILON`.
pub(crate) const CLEAR_MARGIN: f32 = 1.0;

/// A side's signed distances of the two ends of a ray, as [`ray_enters`] computes them
/// (`clip_to_brush`'s plane pushed out by a zero box: the same sum, the same zero signs).
#[cfg(test)]
fn plane_dists(s: &Side, p1: Vec3, p2: Vec3) -> (f32, f32) {
    let dist = s.dist + 0.0;
    (s.normal.dot(p1) - dist, s.normal.dot(p2) - dist)
}

/// Where a segment whose ends are `d1` and `d2` in front of a plane crosses it, nudged by the
/// epsilon: `(fraction, true)` going in (the start in front), `(fraction, false)` coming out;
/// `None` when both ends are behind it.
#[inline]
fn crossing(d1: f32, d2: f32) -> Option<(f32, bool)> {
    if d1 <= 0.0 && d2 <= 0.0 {
        None
    } else if d1 > d2 {
        Some((((d1 - DIST_EPSILON) / (d1 - d2)).max(0.0), true))
    } else {
        Some((((d1 + DIST_EPSILON) / (d1 - d2)).min(1.0), false))
    }
}

/// A ray `from → from + dir` as [`BrushSet::ray_blocker`] works it out: its end and its
/// inverse direction, computed once for the brushes a line is asked of
/// ([`BrushSet::line_blocked_by`]).
#[derive(Debug, Clone, Copy)]
pub struct RayLine {
    from: Vec3,
    end: Vec3,
    inv: Vec3,
}

impl RayLine {
    /// The ray from `from` along `dir`.
    pub fn new(from: Vec3, dir: Vec3) -> RayLine {
        RayLine {
            from,
            end: from + dir,
            inv: dir.recip(),
        }
    }
}

/// Whether [`clip_to_brush`] of a ray (no box) answers a hit: the same tests on the same
/// numbers, without the hit's details (the side, the start in solid), so a line of sight pays
/// only for the answer. Both ends must be finite.
///
/// Four sides at a time, one to a lane. Each lane computes what the side-by-side clip
/// computes, with the same operations in the same order (the dot product as glam's, `x` then
/// `y` then `z`; the same subtraction and division, which SIMD lanes round as scalars do), and
/// the clip's decisions do not depend on the sides' order: it answers "not entered" as soon as
/// one side has the whole ray in front of it, the start is out when any side has it in front,
/// and the entry is the largest entering fraction and the exit the smallest leaving one
/// (a crossing side has `d1 ≠ d2`: a fraction is NaN only where a corrupt side's dot product
/// overflows).
#[inline]
fn ray_enters(planes: &[RayPlanes], p1: Vec3, p2: Vec3, tmax: f32) -> bool {
    let mut enter = -1.0f32;
    let mut leave = 1.0f32;
    let mut start_out = false;
    let eps = Vec4::splat(DIST_EPSILON);
    let zero = Vec4::ZERO;
    for p in planes {
        let dot = |q: Vec3| p.nx * q.x + p.ny * q.y + p.nz * q.z;
        let (d1, d2) = (dot(p1) - p.dist, dot(p2) - p.dist);
        let out = (d1.cmpgt(zero) & p.lanes).bitmask();
        if out & (d2.cmpge(eps) | d2.cmpge(d1)).bitmask() != 0 {
            return false;
        }
        start_out |= out != 0;
        let crossing = !(d1.cmple(zero) & d2.cmple(zero)) & p.lanes;
        if !crossing.any() {
            continue;
        }
        // Entering and leaving lanes share one division, each lane with its own numerator.
        // A fraction is clamped to 0 (entering) or 1 (leaving) as the one-side clip's
        // `f32::max(0.0)` and `f32::min(1.0)` clamp it, a NaN (a dot product overflowing on a
        // corrupt side) included, so the largest and smallest over the lanes meet no NaN.
        let goes_in = d1.cmpgt(d2);
        let (entering, leaving) = (crossing & goes_in, crossing & !goes_in);
        let f = Vec4::select(entering, d1 - eps, d1 + eps) / (d1 - d2);
        let (f_in, f_out) = (
            Vec4::select(f.cmpgt(zero), f, zero),
            Vec4::select(f.cmplt(Vec4::ONE), f, Vec4::ONE),
        );
        enter = enter.max(Vec4::select(entering, f_in, Vec4::NEG_INFINITY).max_element());
        leave = leave.min(Vec4::select(leaving, f_out, Vec4::INFINITY).min_element());
        // The entry only grows and the exit only shrinks, and a start in front of a side
        // stays so: past this the answer is "not entered" whatever the other sides say. (A
        // start behind every side so far is not: unless a later side has it in front, the
        // ray enters whatever the fractions, which a side it leaves by just past its start
        // can put far below -1.)
        if start_out && enter >= leave {
            return false;
        }
    }
    !start_out || (enter < leave && enter > -1.0 && enter < tmax)
}

/// [`ray_enters`] side by side, as [`clip_to_brush`] clips: the reference the packed one is
/// tested against.
#[cfg(test)]
fn ray_enters_side_by_side(sides: &[Side], p1: Vec3, p2: Vec3, tmax: f32) -> bool {
    let mut enter = -1.0f32;
    let mut leave = 1.0f32;
    let mut start_out = false;
    for s in sides.iter().filter(|s| !s.bevel) {
        let (d1, d2) = plane_dists(s, p1, p2);
        if d1 > 0.0 {
            if d2 >= DIST_EPSILON || d2 >= d1 {
                return false;
            }
            start_out = true;
        }
        match crossing(d1, d2) {
            Some((f, true)) if f > enter => enter = f,
            Some((f, false)) if f < leave => leave = f,
            _ => {}
        }
    }
    !start_out || (enter < leave && enter > -1.0 && enter < tmax)
}

/// Clip a box sweep against one brush. Returns (fraction, normal, surface, start_solid,
/// all_solid) when it enters before `tmax` or starts inside.
fn clip_to_brush(
    sides: &[Side],
    p1: Vec3,
    p2: Vec3,
    half: Vec3,
    point: bool,
    tmax: f32,
) -> Option<(f32, Vec3, SurfaceFlags, bool, bool)> {
    let mut enter = -1.0f32;
    let mut leave = 1.0f32;
    let mut clip: Option<&Side> = None;
    let mut start_out = false;
    let mut get_out = false;
    for s in sides {
        if point && s.bevel {
            continue;
        }
        // Push the plane out by the box's reach along its normal.
        let dist = s.dist + half.dot(s.normal.abs());
        let d1 = s.normal.dot(p1) - dist;
        let d2 = s.normal.dot(p2) - dist;
        if d2 > 0.0 {
            get_out = true;
        }
        if d1 > 0.0 {
            start_out = true;
        }
        // Wholly in front of one plane: the sweep never touches the brush.
        if d1 > 0.0 && (d2 >= DIST_EPSILON || d2 >= d1) {
            return None;
        }
        match crossing(d1, d2) {
            Some((f, true)) if f > enter => {
                enter = f;
                clip = Some(s);
            }
            Some((f, false)) if f < leave => leave = f,
            _ => {}
        }
    }
    if !start_out {
        return Some((0.0, Vec3::ZERO, SurfaceFlags::NONE, true, !get_out));
    }
    if enter < leave && enter > -1.0 && enter < tmax {
        let s = clip?;
        return Some((enter.max(0.0), s.normal, s.surface, false, false));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 64-unit cube from (0,0,0) to (64,64,64), with its six axial sides.
    fn cube() -> BrushSet {
        cubes(1)
    }

    /// `n` such cubes, 1,000 units apart along x.
    fn cubes(n: usize) -> BrushSet {
        let (set, dropped) = BrushSet::build(cube_row(n));
        assert_eq!(dropped, 0);
        set
    }

    /// The brushes of [`cubes`], not yet built into a set.
    fn cube_row(n: usize) -> Vec<BrushIn> {
        (0..n)
            .map(|k| {
                let lo = Vec3::new(1000.0 * k as f32, 0.0, 0.0);
                BrushIn {
                    sides: box_sides(lo, lo + 64.0),
                    contents: Contents::SOLID,
                    entity: u32::MAX,
                }
            })
            .collect()
    }

    /// A side that is not a bevel.
    fn side(normal: Vec3, dist: f32) -> Side {
        Side {
            normal,
            dist,
            surface: SurfaceFlags::NONE,
            bevel: false,
        }
    }

    /// The six axial sides of the box `lo..hi`.
    fn box_sides(lo: Vec3, hi: Vec3) -> Vec<Side> {
        vec![
            side(Vec3::X, hi.x),
            side(-Vec3::X, -lo.x),
            side(Vec3::Y, hi.y),
            side(-Vec3::Y, -lo.y),
            side(Vec3::Z, hi.z),
            side(-Vec3::Z, -lo.z),
        ]
    }

    /// The six sides of the box `lo..hi`, then `slanted` sides of random normals at most
    /// `cut` units inside its high corner (each a bevel one time in `bevel`, when given), then
    /// each axial side made a bevel one time in `axial_bevel` (kept for the bounds, skipped by
    /// rays).
    fn random_sides(
        next: &mut impl FnMut(u64) -> f32,
        (lo, hi): (Vec3, Vec3),
        slanted: usize,
        (cut, bevel): (u64, Option<u64>),
        axial_bevel: u64,
    ) -> Vec<Side> {
        let mut sides = box_sides(lo, hi);
        for _ in 0..slanted {
            let n = Vec3::new(next(5) - 2.0, next(5) - 2.0, next(5) - 2.0).normalize_or_zero();
            if n != Vec3::ZERO {
                let bevel = bevel.is_some_and(|one_in| next(one_in) == 0.0);
                sides.push(Side {
                    bevel,
                    ..side(n, n.dot(hi) - next(cut))
                });
            }
        }
        for s in sides.iter_mut().take(6) {
            s.bevel |= next(axial_bevel) == 0.0;
        }
        sides
    }

    /// A deterministic xorshift: each call gives a whole number below `n`, as an `f32`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> f32 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as f32
        }
    }

    /// `count` boxes of 8 to 24 units on an 8-unit grid in the first 320 units of each axis,
    /// every third with a corner cut off by a slanted side of normal `slant` (normalised),
    /// every `wet`-th water, the rest solid.
    fn brush_field(
        next: &mut impl FnMut(u64) -> f32,
        count: usize,
        slant: Vec3,
        wet: usize,
    ) -> BrushSet {
        let n = slant.normalize();
        let input = (0..count)
            .map(|k| {
                let lo = Vec3::new(next(40), next(40), next(40)) * 8.0;
                let hi = lo + Vec3::new(next(3) + 1.0, next(3) + 1.0, next(3) + 1.0) * 8.0;
                let mut sides = box_sides(lo, hi);
                if k % 3 == 0 {
                    sides.push(side(n, n.dot(hi) - 4.0));
                }
                let contents = if k % wet == 0 {
                    Contents::WATER
                } else {
                    Contents::SOLID
                };
                BrushIn {
                    sides,
                    contents,
                    entity: u32::MAX,
                }
            })
            .collect();
        let (set, dropped) = BrushSet::build(input);
        assert_eq!(dropped, 0);
        set
    }

    /// `sweep_stops` answers as `sweep` asked whether it stops the box (starts in solid or
    /// meets a brush before the end), for points and boxes on grid-aligned and slanted brushes:
    /// many sweeps end exactly on a face, start touching one, or run along one.
    #[test]
    fn sweep_stops_answers_as_the_nearest_hit_sweep() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let set = brush_field(&mut next, 300, Vec3::new(1.0, 0.0, 1.0), 5);
        let (mut stopped, mut through) = (0, 0);
        for k in 0..20_000 {
            let a = Vec3::new(next(44), next(44), next(44)) * 8.0;
            // Short sweeps, most of them along the grid.
            let b = a + (Vec3::new(next(9), next(9), next(9)) - 4.0) * 8.0;
            let half = match k % 3 {
                0 => Vec3::ZERO,
                1 => Vec3::splat(4.0),
                _ => Vec3::new(16.0, 16.0, 36.0),
            };
            let (d, mask) = (b - a, Contents::MASK_SOLID);
            let want = set
                .sweep(a, d, half, mask)
                .is_some_and(|h| h.start_solid || h.t < 1.0);
            assert_eq!(
                set.sweep_stops(a, d, half, mask),
                want,
                "{a} -> {b}, {half}"
            );
            if want {
                stopped += 1;
            } else {
                through += 1;
            }
        }
        assert!(
            stopped > 5_000 && through > 5_000,
            "{stopped} stopped, {through} through"
        );
    }

    /// `ray_blocked` (any hit, 4-wide walk) answers as a ray `sweep` (nearest hit, binary
    /// walk) on rays between grid points among grid-aligned boxes and slanted brushes: many
    /// lie in a face's plane or run along an axis, where `0 × inf` makes NaNs in the slab
    /// tests (the 4-wide walk gives up on some and the binary one answers), and thousands of
    /// brushes make a deep tree. A blocker vouches for the rays along an axis too.
    #[test]
    fn any_hit_rays_answer_as_nearest_hit_sweeps() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let set = brush_field(&mut next, 3000, Vec3::new(1.0, 1.0, 0.0), 7);
        let (mut blocked, mut clear, mut vouched, mut axial) = (0, 0, 0, 0);
        for _ in 0..20_000 {
            let a = Vec3::new(next(44), next(44), next(44)) * 8.0;
            let mut b = Vec3::new(next(44), next(44), next(44)) * 8.0;
            // Half the rays run along an axis or in an axial plane.
            match next(4) as u32 {
                0 => b.x = a.x,
                1 => (b.y, b.z) = (a.y, a.z),
                _ => {}
            }
            let d = b - a;
            let mask = Contents::MASK_SIGHT;
            let any = set.ray_blocked(a, d, mask);
            assert_eq!(
                any,
                set.sweep(a, d, Vec3::ZERO, mask).is_some(),
                "{a} -> {b}"
            );
            // No brush vouches for a ray the walk finds clear.
            for _ in 0..4 {
                let k = next(set.len() as u64) as u32;
                assert!(
                    any || !set.ray_blocked_by(k, a, d, mask),
                    "{a} -> {b} by {k}"
                );
            }
            // The blocker vouches only for rays the walk finds blocked.
            if let Some(k) = set.ray_blocker(a, d, mask) {
                if d.cmpeq(Vec3::ZERO).any() && set.ray_blocked_by(k, a, d, mask) {
                    axial += 1;
                }
                for _ in 0..8 {
                    let shift = |s: f32| (s - 16.0) * 0.75;
                    let a2 = a + Vec3::new(shift(next(33)), shift(next(33)), shift(next(33)));
                    let d2 = b - a2;
                    if set.ray_blocked_by(k, a2, d2, mask) {
                        assert!(set.ray_blocked(a2, d2, mask), "{a2} -> {b} by {k}");
                        vouched += 1;
                    }
                }
            }
            if any {
                blocked += 1;
            } else {
                clear += 1;
            }
        }
        assert!(
            blocked > 1000 && clear > 1000 && vouched > 1000 && axial > 1000,
            "{blocked} blocked, {clear} clear, {vouched} vouched for by a blocker, \
             {axial} along an axis by their own"
        );
    }

    /// A blocked ray is vouched for however shallow it passes (the walk's own test is
    /// repeated, not a margin), one that misses is not; nor is a brush whose contents the
    /// mask ignores. An axis-parallel ray through the brush is; one that lies in the plane of
    /// its high side is not (its slab test makes a NaN there, and the walk gives up).
    #[test]
    fn a_blocker_vouches_for_the_rays_the_walk_finds_it_blocks() {
        let set = cube();
        let mask = Contents::MASK_SIGHT;
        let k = 0u32;
        let slanted = |depth: f32| {
            // Across the cube near its top face, `depth` under it at the middle.
            let from = Vec3::new(-64.0, -10.0, 64.0 - depth);
            (from, Vec3::new(192.0, 84.0, 0.001))
        };
        for depth in [2.0, 1.2, 0.8, 0.1, 0.01] {
            let (from, dir) = slanted(depth);
            assert!(set.ray_blocked(from, dir, mask), "{depth}");
            assert_eq!(set.ray_blocker(from, dir, mask), Some(k));
            assert!(set.ray_blocked_by(k, from, dir, mask), "{depth}");
        }
        // Passes over the cube: not blocked, not vouched for.
        let (from, dir) = slanted(-0.5);
        assert!(!set.ray_blocked(from, dir, mask));
        assert!(!set.ray_blocked_by(k, from, dir, mask));
        // Stops short of it: not vouched for.
        let (from, dir) = (Vec3::new(-64.0, 32.0, 30.0), Vec3::new(63.0, 1.0, 1.0));
        assert!(!set.ray_blocked(from, dir, mask));
        assert!(!set.ray_blocked_by(k, from, dir, mask));
        // Water's mask ignores the solid cube.
        let (from, dir) = slanted(8.0);
        assert!(!set.ray_blocked_by(k, from, dir, Contents::WATER));
        // Axis-parallel, through the middle: vouched for.
        let (from, dir) = (Vec3::new(-64.0, 32.0, 32.0), Vec3::new(192.0, 0.0, 0.0));
        assert!(set.ray_blocked(from, dir, mask));
        assert!(set.ray_blocked_by(k, from, dir, mask));
        // In a tree of one leaf and in one of more, along the cubes' row: through them,
        // vouched for; in the plane of their high side, blocked (the brush test counts
        // touching) but not vouched for (the box test makes a NaN there); in the plane of
        // their low side, clear (the box test rejects the boxes), as the binary walk answers.
        for row in [cube(), cubes(9)] {
            for (z, blocked, vouched) in
                [(32.0, true, true), (64.0, true, false), (0.0, false, false)]
            {
                let from = Vec3::new(-64.0, 32.0, z);
                let blocker = row.ray_blocker(from, dir, mask);
                assert_eq!(blocker.is_some(), blocked, "{z}");
                assert_eq!(
                    row.sweep(from, dir, Vec3::ZERO, mask).is_some(),
                    blocked,
                    "{z}"
                );
                if let Some(k) = blocker {
                    assert_eq!(row.ray_blocked_by(k, from, dir, mask), vouched, "{z}");
                }
                // No brush vouches for a clear line.
                for k in 0..row.len() as u32 {
                    assert!(
                        blocked || !row.ray_blocked_by(k, from, dir, mask),
                        "{z} by {k}"
                    );
                }
            }
        }
        // Far from the origin: as the walk answers.
        let far = Vec3::splat(crate::math::DEEP_LIMIT * 2.0);
        let (from, dir) = (-far, far * 2.0 + 1.0);
        assert_eq!(
            set.ray_blocked_by(k, from, dir, mask),
            set.ray_blocked(from, dir, mask)
        );
        // Starting inside: vouched for (the walk answers "start in solid").
        let (from, dir) = (Vec3::splat(32.0), Vec3::new(100.0, 3.0, 1.0));
        assert!(set.ray_blocked(from, dir, mask));
        assert!(set.ray_blocked_by(k, from, dir, mask));
        // No such slot.
        assert!(!set.ray_blocked_by(7, from, dir, mask));
    }

    /// A wall vouches for every line from a box of eyes to the hull of a few targets only
    /// when each of them is blocked: random eye boxes (flat, as an area's eyes are, and
    /// deep) west of a wall with a slanted east face, random targets east of it, some boxes
    /// and targets reaching past its ends or over its top; among other brushes, so the walk
    /// descends a tree. Lines from random points of the box to random mixes of the targets
    /// are walked, both ways, whenever the wall vouches; it vouches for most boxes held well
    /// behind it and for none that a line passes over or around.
    #[test]
    fn a_wall_vouches_only_for_boxes_it_hides_whole() {
        let mut next = xorshift(0x51_7cc1_b727_220a);
        let (lo, hi) = (Vec3::new(0.0, -256.0, 0.0), Vec3::new(32.0, 256.0, 192.0));
        let mut wall = box_sides(lo, hi);
        let slant = Vec3::new(1.0, 0.0, 0.25).normalize();
        wall.push(side(slant, slant.dot(Vec3::new(24.0, 0.0, 192.0))));
        let mut input = vec![BrushIn {
            sides: wall,
            contents: Contents::SOLID,
            entity: u32::MAX,
        }];
        for k in 0..40 {
            let at = Vec3::new(-600.0 + 30.0 * k as f32, 400.0, 0.0);
            input.push(BrushIn {
                sides: box_sides(at, at + 16.0),
                contents: Contents::SOLID,
                entity: u32::MAX,
            });
        }
        let (set, dropped) = BrushSet::build(input);
        assert_eq!(dropped, 0);
        let mask = Contents::MASK_SIGHT;
        // The hierarchy reorders the brushes: the wall is the one with a seventh side.
        let wall = (0..set.len() as u32)
            .find(|&k| set.sides_of(&set.brushes[k as usize]).len() == 7)
            .expect("the wall");
        let (mut vouched, mut refused, mut lines) = (0, 0, 0);
        for case in 0..3_000 {
            // Eye boxes starting 20 to 420 units west of the wall (some reach into it or past
            // it), targets 20 to 420 units east of it.
            let eye_lo = Vec3::new(-20.0 - next(400), next(600) - 300.0, next(200));
            let size = Vec3::new(
                next(100),
                next(150),
                if case % 2 == 0 { 0.0 } else { next(40) },
            );
            let eye_hi = eye_lo + size;
            let to: Vec<Vec3> = (0..1 + case % 5)
                .map(|_| Vec3::new(52.0 + next(400), next(600) - 300.0, next(220)))
                .collect();
            if !set.blocks_box_to_hull(wall, (eye_lo, eye_hi), &to, mask) {
                refused += 1;
                continue;
            }
            vouched += 1;
            for _ in 0..20 {
                let f = Vec3::new(next(5), next(5), next(5)) / 4.0;
                let p = eye_lo + size * f;
                // A target, or a random mix of them.
                let w: Vec<f32> = to.iter().map(|_| next(4)).collect();
                let total: f32 = w.iter().sum();
                let q = if total == 0.0 {
                    to[0]
                } else {
                    to.iter().zip(&w).map(|(&t, &w)| t * w).sum::<Vec3>() / total
                };
                lines += 1;
                assert!(set.ray_blocker(p, q - p, mask).is_some(), "{p} -> {q}");
                assert!(set.ray_blocker(q, p - q, mask).is_some(), "{q} -> {p}");
            }
        }
        println!("{vouched} boxes vouched for, {refused} refused, {lines} lines walked");
        assert!(vouched > 500 && refused > 500, "{vouched} / {refused}");
        // One line a unit under the top: blocked, but not deep enough to vouch; over it:
        // clear and not vouched for.
        for (z, blocked) in [(191.0, true), (193.0, false)] {
            let (e, t) = (Vec3::new(-100.0, 0.0, z), Vec3::new(100.0, 0.0, z));
            assert_eq!(set.ray_blocker(e, t - e, mask).is_some(), blocked, "{z}");
            assert!(!set.blocks_box_to_hull(wall, (e, e), &[t], mask), "{z}");
        }
        // Held well behind it: vouched for; no targets, another mask, no such brush: not.
        let (e, t) = (Vec3::new(-100.0, 0.0, 91.0), Vec3::new(100.0, 0.0, 91.0));
        assert!(set.blocks_box_to_hull(wall, (e, e + 10.0), &[t], mask));
        assert!(!set.blocks_box_to_hull(wall, (e, e + 10.0), &[], mask));
        assert!(!set.blocks_box_to_hull(wall, (e, e + 10.0), &[t], Contents::WATER));
        assert!(!set.blocks_box_to_hull(set.len() as u32, (e, e + 10.0), &[t], mask));
        // A box east of the wall, well in front of its east side: clear of it.
        let (east_lo, east_hi, east) = (
            Vec3::new(70.0, -10.0, 50.0),
            Vec3::new(80.0, 10.0, 60.0),
            Vec3::new(200.0, 0.0, 55.0),
        );
        assert!(set.clear_from_box((east_lo, east_hi), east, mask, &mut None));
        // The same wall with its slanted side's normal and distance doubled (as a corrupt
        // file might give them): the same solid, but the margins are no longer distances, so
        // it vouches for nothing, blocked or clear.
        let mut doubled = box_sides(lo, hi);
        doubled.push(side(
            slant * 2.0,
            2.0 * slant.dot(Vec3::new(24.0, 0.0, 192.0)),
        ));
        let (set, _) = BrushSet::build(vec![BrushIn {
            sides: doubled,
            contents: Contents::SOLID,
            entity: u32::MAX,
        }]);
        assert!(set.ray_blocker(e, t - e, mask).is_some());
        assert!(!set.blocks_box_to_hull(0, (e, e + 10.0), &[t], mask));
        assert!(!set.clear_from_box((east_lo, east_hi), east, mask, &mut None));
    }

    /// A hull passing a cube's vertical edge diagonally: no one side of the cube has it all in
    /// front, the east and north sides together do, once it is more than the margin away.
    #[test]
    fn two_sides_clear_a_hull_passing_an_edge() {
        let set = cube();
        let mask = Contents::MASK_SIGHT;
        // Eyes north-west of the edge at x = y = 64, the target south-east of it: every
        // point of the hull has x + y at least `least` (the line from the box's low corner to
        // the target), the edge 128.
        let hull = |least: f32| {
            let lo = Vec3::new(30.0, least - 30.0, 20.0);
            (
                lo,
                lo + Vec3::new(10.0, 10.0, 20.0),
                Vec3::new(least - 30.0, 30.0, 30.0),
            )
        };
        let clear = |(lo, hi, to): (Vec3, Vec3, Vec3), unproved: &mut Option<usize>| {
            set.clear_from_box((lo, hi), to, mask, unproved)
        };
        let one_side = |(lo, hi, to): (Vec3, Vec3, Vec3)| {
            let hull = HullCorners::of(lo, hi, to);
            set.sides_of(&set.brushes[0])
                .iter()
                .any(|s| hull.in_front_of(std::slice::from_ref(s)))
        };
        // 2.8 units off the edge: the mix of the two sides (x + y - 130 > 0) vouches.
        assert!(!one_side(hull(132.0)));
        assert!(clear(hull(132.0), &mut None));
        // 0.35 units off it: the lines are clear, but within the margin, so not vouched for.
        let (lo, _, to) = hull(128.5);
        assert!(set.ray_blocker(lo, to - lo, mask).is_none());
        let mut unproved = None;
        assert!(!clear(hull(128.5), &mut unproved));
        assert_eq!(unproved, Some(0), "the cube held it up");
        // Across the cube: blocked; the cube is asked first, and the clear hull after it is
        // still vouched for.
        let across = (
            Vec3::new(-40.0, 20.0, 20.0),
            Vec3::new(-30.0, 30.0, 40.0),
            hull(132.0).2,
        );
        assert!(!one_side(across));
        assert!(
            set.ray_blocker(across.0, across.2 - across.0, mask)
                .is_some()
        );
        assert!(!clear(across, &mut unproved));
        assert!(clear(hull(132.0), &mut unproved));
        // A slot that names no brush is no hint.
        assert!(clear(hull(132.0), &mut Some(usize::MAX)));
    }

    /// The brush that held an earlier box up is asked only when the hull reaches its own box:
    /// one far away that nothing could show clear (a side's normal not of unit length) refuses
    /// nothing the walk, which never reaches it, would vouch for.
    #[test]
    fn a_far_brush_held_over_refuses_nothing() {
        let slant = Vec3::new(1.0, 1.0, 0.0).normalize();
        let mut corrupt = box_sides(Vec3::splat(5000.0), Vec3::splat(5064.0));
        corrupt.push(side(slant * 2.0, 2.0 * slant.dot(Vec3::splat(5060.0))));
        let mut input = cube_row(10);
        input.push(BrushIn {
            sides: corrupt,
            contents: Contents::SOLID,
            entity: u32::MAX,
        });
        let (set, dropped) = BrushSet::build(input);
        assert_eq!(dropped, 0);
        let far = (0..set.len())
            .find(|&k| !set.brushes[k].unit_normals)
            .expect("the corrupt brush");
        // Past the cube at the origin, 2.8 units off its edge (as in the test above).
        let (lo, hi, to) = (
            Vec3::new(30.0, 102.0, 20.0),
            Vec3::new(40.0, 112.0, 40.0),
            Vec3::new(102.0, 30.0, 30.0),
        );
        let mask = Contents::MASK_SIGHT;
        assert!(set.clear_from_box((lo, hi), to, mask, &mut None));
        let mut unproved = Some(far);
        assert!(set.clear_from_box((lo, hi), to, mask, &mut unproved));
        assert_eq!(unproved, Some(far), "kept when nothing holds the box up");
        // A hull that reaches it: refused, as the walk refuses it.
        let (near_lo, near_to) = (Vec3::splat(4990.0), Vec3::splat(5100.0));
        assert!(!set.clear_from_box((near_lo, near_lo), near_to, mask, &mut None));
        assert!(!set.clear_from_box((near_lo, near_lo), near_to, mask, &mut unproved));
    }

    /// Rays from the corners of the box `lo..lo + size` and 12 random points of it to `to`,
    /// and back, all clear (case `case` of a test).
    fn assert_rays_clear(
        set: &BrushSet,
        next: &mut impl FnMut(u64) -> f32,
        (lo, size): (Vec3, Vec3),
        to: Vec3,
        case: usize,
    ) {
        let mask = Contents::MASK_SIGHT;
        for c in 0..20 {
            let f = if c < 8 {
                Vec3::new((c & 1) as f32, (c >> 1 & 1) as f32, (c >> 2) as f32)
            } else {
                Vec3::new(next(9), next(9), next(9)) / 8.0
            };
            let p = lo + size * f;
            let blocked = |a: Vec3, b: Vec3| set.ray_blocker(a, b - a, mask).is_some();
            assert!(!blocked(p, to), "{case}: {p} -> {to}");
            assert!(!blocked(to, p), "{case}: {to} -> {p}");
        }
    }

    /// [`BrushSet::clear_from_box`] vouches only for clear rays: random brushes with slanted
    /// sides and bevels around random hulls, rays from the box's corners and points inside it
    /// to the point, both ways. Many of the vouches need two sides.
    #[test]
    fn the_box_proof_vouches_only_for_clear_rays() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut vouched, mut by_two, mut refused) = (0, 0, 0);
        for k in 0..5_000 {
            let lo = Vec3::new(next(40), next(40), next(40)) * 4.0;
            let hi = lo + Vec3::new(next(8) + 1.0, next(8) + 1.0, next(8) + 1.0) * 8.0;
            let sides = random_sides(&mut next, (lo, hi), k % 4, (12, None), 5);
            let (set, _) = BrushSet::build(vec![BrushIn {
                sides,
                contents: Contents::SOLID,
                entity: u32::MAX,
            }]);
            if set.len() == 0 {
                continue;
            }
            let mask = Contents::MASK_SIGHT;
            let near = |next: &mut dyn FnMut(u64) -> f32| {
                Vec3::new(next(240), next(240), next(240)) - Vec3::splat(40.0)
            };
            let eye_lo = near(&mut next);
            let size = Vec3::new(next(60), next(60), if k % 3 == 0 { 0.0 } else { next(20) });
            let to = near(&mut next);
            if !set.clear_from_box((eye_lo, eye_lo + size), to, mask, &mut None) {
                refused += 1;
                continue;
            }
            vouched += 1;
            let hull = HullCorners::of(eye_lo, eye_lo + size, to);
            let one = set
                .sides_of(&set.brushes[0])
                .iter()
                .any(|s| hull.in_front_of(std::slice::from_ref(s)));
            by_two += usize::from(!one);
            assert_rays_clear(&set, &mut next, (eye_lo, size), to, k);
        }
        println!("{vouched} hulls vouched for ({by_two} by two sides), {refused} refused");
        assert!(
            by_two > 300 && refused > 300,
            "{vouched} / {by_two} / {refused}"
        );
    }

    /// [`BrushSet::clear_from_box`] over a field of brushes, whose walk drops the nodes the
    /// hull misses and asks first the brush that held the last box up: it answers the same
    /// with that brush and without, and whenever it vouches, rays from the box's corners and
    /// points inside it to the point are clear, both ways. Most of those hulls have a brush
    /// whose box meets the box around them, which the walk leaves out or shows clear.
    #[test]
    fn the_box_proof_over_a_field_vouches_only_for_clear_rays() {
        let mut next = xorshift(0x6a09_e667_f3bc_c909);
        let set = brush_field(&mut next, 60, Vec3::new(1.0, 1.0, 0.5), 4);
        let mask = Contents::MASK_SIGHT;
        let (mut vouched, mut crowded, mut refused) = (0, 0, 0);
        let mut unproved = None;
        for k in 0..4_000 {
            let mut at = || Vec3::new(next(400), next(400), next(360)) - Vec3::splat(40.0);
            let (eye_lo, to) = (at(), at());
            let size = Vec3::new(next(60), next(60), if k % 3 == 0 { 0.0 } else { next(20) });
            let hinted = set.clear_from_box((eye_lo, eye_lo + size), to, mask, &mut unproved);
            let plain = set.clear_from_box((eye_lo, eye_lo + size), to, mask, &mut None);
            assert_eq!(
                hinted, plain,
                "{k}: the hint refuses only what the walk refuses"
            );
            if !plain {
                refused += 1;
                continue;
            }
            vouched += 1;
            let around = Aabb::new(eye_lo.min(to), (eye_lo + size).max(to));
            let near = (0..set.len()).any(|b| {
                let brush = &set.brushes[b];
                brush.contents.intersects(mask)
                    && axial_bounds(set.sides_of(brush)).is_some_and(|own| own.overlaps(&around))
            });
            crowded += usize::from(near);
            assert_rays_clear(&set, &mut next, (eye_lo, size), to, k);
        }
        println!(
            "{vouched} hulls vouched for ({crowded} with a brush in their box), {refused} refused"
        );
        assert!(
            crowded > 300 && refused > 300,
            "{vouched} / {crowded} / {refused}"
        );
    }

    /// The packed ray clip of brush `k` (`planes`, from `sides`) on the segment `a → b` within
    /// `tmax`, asserted equal to the side-by-side clip's.
    fn clips_alike(
        planes: &[RayPlanes],
        sides: &[Side],
        (a, b, tmax): (Vec3, Vec3, f32),
        k: usize,
    ) -> bool {
        let packed = ray_enters(planes, a, b, tmax);
        assert_eq!(
            packed,
            ray_enters_side_by_side(sides, a, b, tmax),
            "brush {k} {a} -> {b} within {tmax}"
        );
        packed
    }

    /// A ray that starts inside a brush is stopped by it even where a side it leaves by, just
    /// past its start, gives a leaving fraction far below −1 in the first pack of sides: the
    /// packed clip ends early on an entry past the exit only once the start is in front of a
    /// side (ending on that alone would wrongly answer "not entered").
    #[test]
    fn a_ray_starting_inside_is_stopped_whatever_its_leaving_fraction() {
        let sides = box_sides(Vec3::splat(-8.0), Vec3::splat(8.0));
        let planes = RayPlanes::pack(&sides);
        // 0.01 behind the +x side (first in the first pack), out through it by 0.00001: a
        // leaving fraction of (-0.01 + 1/32) / (-0.01 - 0.00001), about -2.1.
        let (a, b) = (Vec3::new(7.99, 0.0, 0.0), Vec3::new(8.000_01, 0.0, 0.0));
        let (d1, d2) = plane_dists(&sides[0], a, b);
        assert!(
            (d1 + DIST_EPSILON) / (d1 - d2) < -1.0,
            "the leaving fraction"
        );
        assert!(clips_alike(&planes, &sides, (a, b, 1.0), 0), "stopped");
    }

    /// The packed ray clip answers as the side-by-side one where a corrupt side's normal is so
    /// long (finite components up to 3 × 10^38) that its dot products overflow to infinities
    /// and NaNs, as a corrupt file's brush may have: a lane's NaN fraction is taken as the
    /// side-by-side clip takes it.
    #[test]
    fn packed_ray_clip_answers_as_side_by_side_on_overflowing_sides() {
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        let (mut hits, mut misses, mut overflows) = (0, 0, 0);
        for k in 0..400 {
            let mut sides = box_sides(Vec3::splat(-8.0), Vec3::splat(8.0));
            for _ in 0..1 + k % 3 {
                let n = Vec3::new(next(5) - 2.0, next(5) - 2.0, next(5) - 2.0);
                let scale = [1e37, 1e38, 1.5e38][k % 3];
                sides.push(side(n * scale, next(3) - 1.0));
            }
            let planes = RayPlanes::pack(&sides);
            for r in 0..50 {
                let mut point = || Vec3::new(next(33), next(33), next(33)) - 16.0;
                let (a, b) = (point(), point());
                let tmax = [1.0, 0.5][r % 2];
                overflows += usize::from(sides.iter().any(|s| {
                    let (d1, d2) = plane_dists(s, a, b);
                    !(d1.is_finite() && d2.is_finite())
                }));
                if clips_alike(&planes, &sides, (a, b, tmax), k) {
                    hits += 1;
                } else {
                    misses += 1;
                }
            }
        }
        assert!(
            hits > 1_000 && misses > 1_000 && overflows > 5_000,
            "{hits} hits, {misses} misses, {overflows} rays past an overflowing side"
        );
    }

    /// The packed ray clip answers as the side-by-side one on every ray, brush and bound:
    /// boxes on a grid with slanted sides and bevels (up to nine clipping sides, so packs of
    /// one to four lanes), rays between grid points (many in a side's plane or along an
    /// axis, grazing or starting inside), rays parallel to a side a fraction of the epsilon in
    /// front of it, and rays between random points.
    #[test]
    fn packed_ray_clip_answers_as_side_by_side() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut hits, mut misses) = (0, 0);
        for k in 0..2_000 {
            let lo = Vec3::new(next(8), next(8), next(8)) * 8.0;
            let hi = lo + Vec3::new(next(3) + 1.0, next(3) + 1.0, next(3) + 1.0) * 8.0;
            let sides = random_sides(&mut next, (lo, hi), k % 4, (6, Some(3)), 4);
            let (set, _) = BrushSet::build(vec![BrushIn {
                sides: sides.clone(),
                contents: Contents::SOLID,
                entity: u32::MAX,
            }]);
            // A slanted side that came out axial may leave no box: such a brush is dropped.
            let Some(brush) = set.brushes.first() else {
                continue;
            };
            let planes = set.ray_planes_of(brush);
            for r in 0..40 {
                let (a, b) = if r % 2 == 0 {
                    let mut a = Vec3::new(next(12), next(12), next(12)) * 8.0 - 16.0;
                    let mut b = Vec3::new(next(12), next(12), next(12)) * 8.0 - 16.0;
                    if r % 4 == 0 {
                        (b.y, b.z) = (a.y, a.z);
                    } else {
                        // Parallel to the x sides, a fraction of the epsilon off the grid.
                        a.x += 0.02;
                        b.x = a.x;
                    }
                    (a, b)
                } else {
                    let mut f = |n: u64| (next(n * 1000) / 1000.0) - 16.0;
                    (
                        Vec3::new(f(112), f(112), f(112)),
                        Vec3::new(f(112), f(112), f(112)),
                    )
                };
                let tmax = [1.0, 0.5, 0.01][r % 3];
                if clips_alike(planes, &sides, (a, b, tmax), k) {
                    hits += 1;
                } else {
                    misses += 1;
                }
            }
        }
        assert!(
            hits > 4_000 && misses > 10_000,
            "{hits} hits, {misses} misses"
        );
    }

    /// The box proof's clip of four corners at once answers, for every box and point, as the
    /// plain clip of each of the box's corners: random brushes (some slanted sides), boxes
    /// west of them (points, flat, thin or deep; some reaching past the brush's edges),
    /// points east of them (some over or beside the brush), so that both answers come up
    /// often.
    #[test]
    fn the_box_proof_clips_four_corners_as_one_by_one() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut deep, mut not) = (0, 0);
        for k in 0..2_000 {
            let lo = Vec3::new(0.0, next(8) * 8.0, next(8) * 8.0);
            let hi = lo + Vec3::new(next(3) + 1.0, next(12) + 4.0, next(12) + 4.0) * 8.0;
            let sides = random_sides(&mut next, (lo, hi), (k / 3) % 3, (6, None), 1_000);
            for j in 0..20 {
                let across = |next: &mut dyn FnMut(u64) -> f32, axis: usize| {
                    lo[axis] - 16.0 + next(1_000) / 1_000.0 * (hi[axis] - lo[axis] + 32.0)
                };
                let eye_lo = Vec3::new(
                    -10.0 - next(200),
                    across(&mut next, 1),
                    across(&mut next, 2),
                );
                let size = Vec3::new(next(40), next(40), [0.0, next(8), next(60)][k % 3]);
                // A point now and then, as the encounter and sniper stages ask.
                let size = if j % 10 == 0 { Vec3::ZERO } else { size };
                let q = Vec3::new(
                    hi.x + 10.0 + next(200),
                    across(&mut next, 1),
                    across(&mut next, 2),
                );
                let (a, b) = (eye_lo, eye_lo + size);
                let one_by_one = Aabb::new(a, b)
                    .corners()
                    .all(|p| passes_deep_inside(&sides, p, q));
                assert_eq!(
                    box_passes_deep_inside(&sides, (a, b), q),
                    one_by_one,
                    "brush {k}: {a}..{b} -> {q}"
                );
                if one_by_one {
                    deep += 1;
                } else {
                    not += 1;
                }
            }
        }
        assert!(deep > 2_000 && not > 2_000, "{deep} deep, {not} not");
    }

    #[test]
    fn ray_and_box_stop_at_the_face_minus_the_epsilon() {
        let set = cube();
        // A ray from x = -64 to x = 128 through the middle: enters at x = 0.
        let from = Vec3::new(-64.0, 32.0, 32.0);
        let hit = set
            .sweep(
                from,
                Vec3::new(192.0, 0.0, 0.0),
                Vec3::ZERO,
                Contents::MASK_SOLID,
            )
            .unwrap();
        let x = from.x + 192.0 * hit.t;
        assert!((x - (0.0 - DIST_EPSILON)).abs() < 1e-3, "{x}");
        assert_eq!(hit.normal, -Vec3::X);
        // A 32-wide box (half 16) stops with its centre 16 units short of the face.
        let hit = set
            .sweep(
                from,
                Vec3::new(192.0, 0.0, 0.0),
                Vec3::splat(16.0),
                Contents::MASK_SOLID,
            )
            .unwrap();
        let x = from.x + 192.0 * hit.t;
        assert!((x - (-16.0 - DIST_EPSILON)).abs() < 1e-3, "{x}");
        // A box that passes beside the cube, 17 units off its side, misses.
        let beside = Vec3::new(-64.0, 64.0 + 17.0, 32.0);
        assert!(
            set.sweep(
                beside,
                Vec3::new(192.0, 0.0, 0.0),
                Vec3::splat(16.0),
                Contents::MASK_SOLID
            )
            .is_none()
        );
        // Inside: start solid; contents answer solid inside, empty outside.
        let inside = set
            .sweep(Vec3::splat(32.0), Vec3::X, Vec3::ZERO, Contents::MASK_SOLID)
            .unwrap();
        assert!(inside.start_solid);
        assert_eq!(set.contents(Vec3::splat(32.0)), Contents::SOLID);
        assert_eq!(set.contents(Vec3::splat(65.0)), Contents::EMPTY);
        // A mask without solid passes through.
        assert!(
            set.sweep(
                from,
                Vec3::new(192.0, 0.0, 0.0),
                Vec3::ZERO,
                Contents::WATER
            )
            .is_none()
        );
    }
}
