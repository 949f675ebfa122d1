//! Boxes and planes shared by every collision part.

use glam::Vec3;
use serde::Serialize;

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Aabb {
    /// Smallest corner.
    pub min: Vec3,
    /// Largest corner.
    pub max: Vec3,
}

impl Aabb {
    /// The empty box (min above max), which grows to fit what is added.
    pub const EMPTY: Aabb = Aabb {
        min: Vec3::splat(f32::INFINITY),
        max: Vec3::splat(f32::NEG_INFINITY),
    };

    /// A box from two corners.
    pub fn new(min: Vec3, max: Vec3) -> Aabb {
        Aabb { min, max }
    }

    /// Its corners, each once: eight, halved for every axis on which it has no thickness.
    pub fn corners(self) -> impl Iterator<Item = Vec3> {
        let flat = self.min.cmpeq(self.max).bitmask();
        (0u32..8).filter(move |c| c & flat == 0).map(move |c| {
            let pick = glam::BVec3::new(c & 1 != 0, c & 2 != 0, c & 4 != 0);
            Vec3::select(pick, self.max, self.min)
        })
    }

    /// True when nothing was added.
    pub fn is_empty(&self) -> bool {
        !(self.min.x <= self.max.x && self.min.y <= self.max.y && self.min.z <= self.max.z)
    }
    /// Grow to hold `p`.
    pub fn add_point(&mut self, p: Vec3) {
        self.min = self.min.min(p);
        self.max = self.max.max(p);
    }
    /// Grow to hold `b`.
    pub fn add_box(&mut self, b: &Aabb) {
        self.min = self.min.min(b.min);
        self.max = self.max.max(b.max);
    }
    /// The box moved by `d`.
    pub fn translated(&self, d: Vec3) -> Aabb {
        Aabb::new(self.min + d, self.max + d)
    }
    /// Centre point.
    pub fn center(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }
    /// True when `p` is inside or on the boundary.
    pub fn contains(&self, p: Vec3) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
    /// True when the boxes overlap or touch.
    pub fn overlaps(&self, b: &Aabb) -> bool {
        self.min.cmple(b.max).all() && b.min.cmple(self.max).all()
    }
    /// Surface area (for the BVH's cost model).
    pub fn area(&self) -> f32 {
        if self.is_empty() {
            return 0.0;
        }
        let d = self.max - self.min;
        2.0 * (d.x * d.y + d.y * d.z + d.z * d.x)
    }
    /// Where the segment `from + t * dir`, t in `[0, tmax]`, enters the box, if it does.
    pub fn ray_enter(&self, from: Vec3, inv_dir: Vec3, tmax: f32) -> Option<f32> {
        let t1 = (self.min - from) * inv_dir;
        let t2 = (self.max - from) * inv_dir;
        let tn = t1.min(t2).max_element().max(0.0);
        let tf = t1.max(t2).min_element().min(tmax);
        (tn <= tf).then_some(tn)
    }
}

/// The proofs that answer for every sight line from a box to a point at once (the brush
/// set's `clear_from_box`, the wide BVH's `leaves_in_reach`) bound their rounding for boxes
/// and points within this of the origin on each axis (maps are at most ±16,384 or ±32,768
/// units).
pub(crate) const DEEP_LIMIT: f32 = 131_072.0;

/// Whether the box `lo..hi` is ordered and it and the point `to` are finite and within
/// [`DEEP_LIMIT`] on every axis, where those proofs hold.
#[inline]
pub(crate) fn box_and_point_within_deep_limit(lo: Vec3, hi: Vec3, to: Vec3) -> bool {
    let inside = |p: Vec3| p.is_finite() && p.abs().max_element() <= DEEP_LIMIT;
    inside(lo) && inside(hi) && inside(to) && lo.cmple(hi).all()
}

/// Whether the hull of the box `lo..hi` (ordered) and the point `to` meets the box
/// `min..max` grown by `grow` on every side, computed in `f64` on the `f32` inputs (its error,
/// about 1e-11 units, is nothing beside the growth). The hull's points are `to + λ (b - to)`
/// for `b` in the box and `λ` in `[0, 1]`: at one `λ`, a box from `to + λ (lo - to)` to
/// `to + λ (hi - to)`; each axis's overlap with the other box bounds `λ` on both sides.
#[inline]
pub(crate) fn hull_meets_box(
    lo: Vec3,
    hi: Vec3,
    to: Vec3,
    min: Vec3,
    max: Vec3,
    grow: f32,
) -> bool {
    let (mut from, mut till) = (0.0f64, 1.0f64);
    for i in 0..3 {
        let t = f64::from(to[i]);
        // t + λ (lo - t) <= max + grow, and t + λ (hi - t) >= min - grow.
        let limits = [
            (
                f64::from(lo[i]) - t,
                f64::from(max[i]) + f64::from(grow) - t,
                true,
            ),
            (
                f64::from(hi[i]) - t,
                f64::from(min[i]) - f64::from(grow) - t,
                false,
            ),
        ];
        for (slope, room, below) in limits {
            // λ slope <= room (below) or λ slope >= room.
            let (slope, room) = if below {
                (slope, room)
            } else {
                (-slope, -room)
            };
            if slope > 0.0 {
                till = till.min(room / slope);
            } else if slope < 0.0 {
                from = from.max(room / slope);
            } else if room < 0.0 || room.is_nan() {
                return false;
            }
        }
    }
    from <= till
}

/// A plane `normal · p = dist`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Plane {
    pub normal: Vec3,
    pub dist: f32,
}

impl Plane {
    #[inline]
    pub fn distance(&self, p: Vec3) -> f32 {
        self.normal.dot(p) - self.dist
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hull_meets_boxes_within_the_growth_only() {
        // The hull of the box 0..10 and the point (100, 0, 0): at x = 49 (a leaf from x = 50,
        // grown by one unit) it reaches y = 10 × 51 / 90 = 5.667.
        let (lo, hi, to) = (Vec3::ZERO, Vec3::splat(10.0), Vec3::new(100.0, 0.0, 0.0));
        let leaf = |y: f32| (Vec3::new(50.0, y, 0.0), Vec3::new(60.0, 20.0, 10.0));
        let meets = |(min, max): (Vec3, Vec3), grow| hull_meets_box(lo, hi, to, min, max, grow);
        assert!(
            meets(leaf(6.65), 1.0),
            "0.98 units off the hull, grown by 1"
        );
        assert!(!meets(leaf(6.70), 1.0), "1.03 units off");
        assert!(!meets(leaf(6.65), 0.0));
        assert!(meets(leaf(5.0), 0.0), "inside");
        // Beyond the point, behind the box, and below it.
        assert!(!meets(
            (Vec3::new(102.0, -5.0, -5.0), Vec3::splat(200.0)),
            1.0
        ));
        assert!(meets(
            (Vec3::new(100.5, -5.0, -5.0), Vec3::splat(200.0)),
            1.0
        ));
        assert!(!meets(
            (Vec3::splat(-50.0), Vec3::new(-1.5, 50.0, 50.0)),
            1.0
        ));
        assert!(!meets(
            (Vec3::new(0.0, 0.0, -9.0), Vec3::new(90.0, 9.0, -1.1)),
            1.0
        ));
        assert!(meets(
            (Vec3::new(0.0, 0.0, -9.0), Vec3::new(90.0, 9.0, -0.9)),
            1.0
        ));
        // A flat box (the eyes of a flat area) and a point level with it.
        let flat = |min, max| hull_meets_box(lo, Vec3::new(10.0, 10.0, 0.0), to, min, max, 1.0);
        assert!(flat(Vec3::new(40.0, 0.0, 0.9), Vec3::new(41.0, 1.0, 5.0)));
        assert!(!flat(Vec3::new(40.0, 0.0, 1.1), Vec3::new(41.0, 1.0, 5.0)));
        // An empty lane (at +infinity) and NaN never meet.
        let inf = Vec3::splat(f32::INFINITY);
        assert!(!meets((inf, inf), 1.0));
        assert!(!meets((Vec3::splat(f32::NAN), Vec3::splat(f32::NAN)), 1.0));
    }

    /// A box's corners, each once: eight for a solid box, four for a flat one, two for a
    /// segment, one for a point; each is a corner of the box.
    #[test]
    fn a_box_has_its_distinct_corners() {
        let lo = Vec3::new(-1.0, 2.0, 3.0);
        for (hi, count) in [
            (Vec3::new(4.0, 5.0, 6.0), 8),
            (Vec3::new(4.0, 5.0, 3.0), 4),
            (Vec3::new(-1.0, 5.0, 3.0), 2),
            (lo, 1),
        ] {
            let corners: Vec<Vec3> = Aabb::new(lo, hi).corners().collect();
            assert_eq!(corners.len(), count, "{hi}");
            for (i, c) in corners.iter().enumerate() {
                assert!(corners[..i].iter().all(|d| d != c), "{c} twice");
                for axis in 0..3 {
                    assert!(c[axis] == lo[axis] || c[axis] == hi[axis], "{c}");
                }
            }
        }
    }
}
