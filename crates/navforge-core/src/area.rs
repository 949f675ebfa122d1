//! The geometry of a Source-style area, in one place: a rectangle in XY with its own height at
//! each corner, and the one area locator (the game's `CNavMesh::GetNavArea`).
//!
//! Every crate that asks a Source-style question ("how high is the floor here", "which side faces
//! that area", "where do these two areas meet", "which area is under this point") asks it here,
//! so `check`, `edit`, `analyze`, `generate` and `path` give the same answer:
//!
//! - [`AreaRect`]: an area's rectangle and corner heights (NW, NE, SE, SW, as the game stores
//!   them), built from a file's stored corners ([`AreaRect::new`]) or from a model polygon
//!   ([`AreaRect::from_polygon`], which reads the corners by where they are, not by their order).
//!   It answers [`AreaRect::z_at`] (the game's `GetZ`), [`AreaRect::contains`] (`IsOverlapping`),
//!   [`AreaRect::closest_point`] (`GetClosestPointOnArea`), [`AreaRect::portal`]
//!   (`ComputePortal`) and [`AreaRect::side_towards`] (`ComputeDirection`).
//! - [`Direction::opposite`], [`Direction::left`], [`Direction::right`] and the file's side
//!   numbers ([`Direction::index`], [`Direction::from_index`]) live on [`Direction`].
//! - [`AreaLocator`]: an R-tree over the rectangles that finds the area under a point by the
//!   game's rule ([`Under`]: the highest area whose floor is at most a step above the point and
//!   not too far below it) and the nearest area ([`AreaLocator::nearest`], the scan of
//!   `GetNearestNavArea`).
//!
//! Where games or tools need other numbers (a step height, how far below to look), the rule takes
//! them as a parameter; it is never copied.
//!
//! ```
//! use navforge_core::area::{AreaLocator, AreaRect, Under};
//!
//! // Two floors over the same square, 100 units apart.
//! let low = AreaRect::new([0.0, 0.0, 0.0], [100.0, 100.0, 0.0], 0.0, 0.0);
//! let high = AreaRect::new([0.0, 0.0, 100.0], [100.0, 100.0, 100.0], 100.0, 100.0);
//! let locator = AreaLocator::new([Some(low), Some(high)]);
//! // Standing on the upper floor finds it; just under it, the lower one.
//! assert_eq!(locator.area_at([50.0, 50.0, 100.0], Under::GAME), Some(1));
//! assert_eq!(locator.area_at([50.0, 50.0, 90.0], Under::GAME), Some(0));
//! // Up to 5 units under a floor still counts as on it (the game tests from 5 units up).
//! assert_eq!(locator.area_at([50.0, 50.0, 96.0], Under::GAME), Some(1));
//! ```

use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use crate::model::{Area, Direction};

/// A Source-style area's floor: a rectangle in XY from its north-west corner `lo` to its
/// south-east corner `hi` (north is -y, east is +x), with a height at each corner.
///
/// Built by [`AreaRect::new`] from the corners as a file stores them, a rectangle whose
/// north-west corner does not lie north-west of its south-east one is what the game makes of it:
/// it holds no point and its floor is its north-east height everywhere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AreaRect {
    /// The north-west corner in XY (smallest x and y of a well-formed area).
    pub lo: [f32; 2],
    /// The south-east corner in XY (largest x and y of a well-formed area).
    pub hi: [f32; 2],
    /// Corner heights: north-west, north-east, south-east, south-west (the order of
    /// [`AreaRect::corner`]).
    pub z: [f32; 4],
}

impl AreaRect {
    /// From the corners a Source file stores: the north-west and south-east corners and the
    /// implicit corners' heights.
    pub fn new(nw: [f32; 3], se: [f32; 3], ne_z: f32, sw_z: f32) -> AreaRect {
        AreaRect {
            lo: [nw[0], nw[1]],
            hi: [se[0], se[1]],
            z: [nw[2], ne_z, se[2], sw_z],
        }
    }

    /// From a model polygon of four corners in any order or winding: the rectangle is the span
    /// of the corners in XY, and each corner's height goes to the corner of the rectangle it lies
    /// at. Where the corners do not sit at four distinct corners of their span (a degenerate or
    /// slanted quad), the heights are taken in the model's order NW, NE, SE, SW. `None` for
    /// other corner counts and for corners that are not finite.
    pub fn from_polygon(polygon: &[[f32; 3]]) -> Option<AreaRect> {
        let corners: &[[f32; 3]; 4] = polygon.try_into().ok()?;
        if corners.iter().flatten().any(|v| !v.is_finite()) {
            return None;
        }
        let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
        for c in corners {
            for k in 0..2 {
                lo[k] = lo[k].min(c[k]);
                hi[k] = hi[k].max(c[k]);
            }
        }
        let mut z = corners.map(|c| c[2]);
        let mut seen = [false; 4];
        let mut placed = [0.0f32; 4];
        let distinct = lo[0] < hi[0] && lo[1] < hi[1];
        let all_placed = distinct
            && corners.iter().all(|c| {
                let east = c[0] == hi[0];
                let south = c[1] == hi[1];
                let on_x = east || c[0] == lo[0];
                let on_y = south || c[1] == lo[1];
                let slot = match (east, south) {
                    (false, false) => 0,
                    (true, false) => 1,
                    (true, true) => 2,
                    (false, true) => 3,
                };
                let fresh = on_x && on_y && !seen[slot];
                seen[slot] = true;
                placed[slot] = c[2];
                fresh
            });
        if all_placed {
            z = placed;
        }
        Some(AreaRect { lo, hi, z })
    }

    /// [`AreaRect::from_polygon`] of a model area.
    pub fn of_area(area: &Area) -> Option<AreaRect> {
        AreaRect::from_polygon(&area.polygon)
    }

    /// `(min x, min y, max x, max y)` of a well-formed area (the stored corners as they are).
    pub fn extent(&self) -> [f32; 4] {
        [self.lo[0], self.lo[1], self.hi[0], self.hi[1]]
    }

    /// Size along x and y.
    pub fn size(&self) -> [f32; 2] {
        [self.hi[0] - self.lo[0], self.hi[1] - self.lo[1]]
    }

    /// Corner `i` (0 north-west, 1 north-east, 2 south-east, 3 south-west; larger counts as
    /// south-west) with its own height.
    pub fn corner(&self, i: usize) -> [f32; 3] {
        let i = i.min(3);
        let x = if i == 1 || i == 2 {
            self.hi[0]
        } else {
            self.lo[0]
        };
        let y = if i >= 2 { self.hi[1] } else { self.lo[1] };
        [x, y, self.z[i]]
    }

    /// The game's centre (`m_center`): the middle of the rectangle, at the mean height of the
    /// two stored corners (north-west and south-east).
    pub fn centre(&self) -> [f32; 3] {
        [
            (self.lo[0] + self.hi[0]) / 2.0,
            (self.lo[1] + self.hi[1]) / 2.0,
            (self.z[0] + self.z[2]) / 2.0,
        ]
    }

    /// Height of the floor at (x, y), clamped into the rectangle: the game's bilinear
    /// `CNavArea::GetZ`. A rectangle without a positive width and depth (the game's
    /// "degenerate" area, including one whose corners are swapped) answers its north-east
    /// height everywhere, as the game does.
    pub fn z_at(&self, x: f32, y: f32) -> f32 {
        let (dx, dy) = (self.hi[0] - self.lo[0], self.hi[1] - self.lo[1]);
        if !(dx > 0.0 && dy > 0.0) {
            return self.z[1];
        }
        let u = ((x - self.lo[0]) / dx).clamp(0.0, 1.0);
        let v = ((y - self.lo[1]) / dy).clamp(0.0, 1.0);
        let north = self.z[0] + u * (self.z[1] - self.z[0]);
        let south = self.z[3] + u * (self.z[2] - self.z[3]);
        north + v * (south - north)
    }

    /// Whether (x, y) lies on the rectangle, edges included, widened by `tolerance` on every
    /// side: the game's `CNavArea::IsOverlapping(pos, tolerance)` (whose default tolerance is 0).
    pub fn contains(&self, x: f32, y: f32, tolerance: f32) -> bool {
        x + tolerance >= self.lo[0]
            && x - tolerance <= self.hi[0]
            && y + tolerance >= self.lo[1]
            && y - tolerance <= self.hi[1]
    }

    /// Whether two rectangles overlap with some area (touching edges do not count): the game's
    /// `CNavArea::IsOverlapping(area)`.
    pub fn overlaps(&self, other: &AreaRect) -> bool {
        other.lo[0] < self.hi[0]
            && other.hi[0] > self.lo[0]
            && other.lo[1] < self.hi[1]
            && other.hi[1] > self.lo[1]
    }

    /// The point of the area closest to `p` seen from above, at the floor's height there (the
    /// game's `GetClosestPointOnArea`).
    pub fn closest_point(&self, p: [f32; 3]) -> [f32; 3] {
        let x = p[0].max(self.lo[0]).min(self.hi[0]);
        let y = p[1].max(self.lo[1]).min(self.hi[1]);
        [x, y, self.z_at(x, y)]
    }

    /// Squared distance in 3D from `p` to [`AreaRect::closest_point`].
    pub fn distance_sq(&self, p: [f32; 3]) -> f32 {
        let c = self.closest_point(p);
        (0..3).map(|k| (c[k] - p[k]).powi(2)).sum()
    }

    /// Squared distance in XY from (x, y) to the rectangle (0 on it).
    pub fn distance_sq_xy(&self, x: f32, y: f32) -> f32 {
        let dx = (self.lo[0] - x).max(0.0).max(x - self.hi[0]);
        let dy = (self.lo[1] - y).max(0.0).max(y - self.hi[1]);
        dx * dx + dy * dy
    }

    /// The stretch of side `side` that faces `to` (the game's `ComputePortal`): where the two
    /// rectangles' spans along the side overlap, clamped into this side so that areas that do
    /// not overlap there give a point at the nearer end. Returns the two ends in XY, in
    /// increasing x (north and south sides) or y (east and west sides).
    pub fn portal_ends(&self, to: &AreaRect, side: Direction) -> ([f32; 2], [f32; 2]) {
        let clamp = |v: f32, k: usize| v.max(self.lo[k]).min(self.hi[k]);
        match side {
            Direction::North | Direction::South => {
                let y = if side == Direction::North {
                    self.lo[1]
                } else {
                    self.hi[1]
                };
                let left = clamp(self.lo[0].max(to.lo[0]), 0);
                let right = clamp(self.hi[0].min(to.hi[0]), 0);
                ([left, y], [right, y])
            }
            Direction::East | Direction::West => {
                let x = if side == Direction::West {
                    self.lo[0]
                } else {
                    self.hi[0]
                };
                let top = clamp(self.lo[1].max(to.lo[1]), 1);
                let bottom = clamp(self.hi[1].min(to.hi[1]), 1);
                ([x, top], [x, bottom])
            }
        }
    }

    /// The middle of [`AreaRect::portal_ends`] at this area's floor height there, and half the
    /// stretch's length (0 or less where the areas meet at a corner or not at all): the game's
    /// `ComputePortal` centre and half width.
    pub fn portal(&self, to: &AreaRect, side: Direction) -> ([f32; 3], f32) {
        let (a, b) = self.portal_ends(to, side);
        let (x, y) = ((a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5);
        let half = ((b[0] - a[0]) + (b[1] - a[1])) * 0.5;
        ([x, y, self.z_at(x, y)], half)
    }

    /// The side of this area that faces `to`: the game's `CNavArea::ComputeDirection` with the
    /// other area in place of a point. Where `to` lies beyond one side while overlapping the area
    /// along that side (touching counts as beyond), that side; otherwise (diagonal, or
    /// overlapping) the axis with the larger step between the centres decides, ties going north
    /// or south ([`Direction::facing`]).
    pub fn side_towards(&self, to: &AreaRect) -> Direction {
        let along_x = to.lo[0] < self.hi[0] && to.hi[0] > self.lo[0];
        let along_y = to.lo[1] < self.hi[1] && to.hi[1] > self.lo[1];
        if along_x {
            if to.hi[1] <= self.lo[1] {
                return Direction::North;
            }
            if to.lo[1] >= self.hi[1] {
                return Direction::South;
            }
        } else if along_y {
            if to.hi[0] <= self.lo[0] {
                return Direction::West;
            }
            if to.lo[0] >= self.hi[0] {
                return Direction::East;
            }
        }
        let (f, t) = (self.centre(), to.centre());
        Direction::facing(t[0] - f[0], t[1] - f[1])
    }
}

/// How far the game's `GetNearestNavArea` looks by default (its `maxDist`): 10,000 units.
pub const NEAREST_REACH: f32 = 10_000.0;

/// How far the game looks for the areas beside and ahead of a ladder's top (`nearLadderRange`,
/// 75 units; behind it, twice as far), when it builds a ladder from the map (GoldSrc's
/// `BuildLadders`) or connects a generated one (Source's `ConnectGeneratedLadder`).
pub const NEAR_LADDER_RANGE: f32 = 75.0;

/// The numbers of the game's "area under a point" rule (`CNavMesh::GetNavArea`): an area
/// counts when the point lies on its rectangle and the floor there is at most `step` above the
/// point and at most `beneath` below it; of those, the highest wins (the first in order on a
/// tie).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Under {
    /// How far above the point a floor may be (the game tests from 5 units up).
    pub step: f32,
    /// How far below the point a floor may be (`beneathLimit`, 120 by default).
    pub beneath: f32,
}

impl Under {
    /// The game's defaults for a position: `GetNavArea(pos)` tests from 5 units above `pos` and
    /// looks at most 120 units below it.
    pub const GAME: Under = Under {
        step: 5.0,
        beneath: 120.0,
    };

    /// The game's rule with another limit below (`GetNavArea(pos, beneathLimit)`).
    pub const fn beneath(beneath: f32) -> Under {
        Under {
            step: Under::GAME.step,
            beneath,
        }
    }
}

impl Default for Under {
    fn default() -> Self {
        Under::GAME
    }
}

type Boxed = GeomWithData<Rectangle<[f32; 2]>, usize>;

/// The one area locator: an R-tree over area rectangles (by position in the list given, which
/// is how answers name areas) answering the game's point queries.
pub struct AreaLocator {
    tree: RTree<Boxed>,
    rects: Vec<Option<AreaRect>>,
}

impl AreaLocator {
    /// Index the rectangles, by position; `None` (an area that is not a Source-style
    /// rectangle) and rectangles with coordinates that are not finite are never found.
    pub fn new(rects: impl IntoIterator<Item = Option<AreaRect>>) -> AreaLocator {
        let rects: Vec<Option<AreaRect>> = rects.into_iter().collect();
        let items = rects
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let r = r.as_ref()?;
                let finite = r.lo.iter().chain(&r.hi).all(|v| v.is_finite());
                finite.then(|| GeomWithData::new(Rectangle::from_corners(r.lo, r.hi), i))
            })
            .collect();
        AreaLocator {
            tree: RTree::bulk_load(items),
            rects,
        }
    }

    /// The locator of a model's areas ([`AreaRect::of_area`]), indexed as in `areas`.
    pub fn of_areas(areas: &[Area]) -> AreaLocator {
        AreaLocator::new(areas.iter().map(AreaRect::of_area))
    }

    /// Number of areas indexed (including those that are never found).
    pub fn len(&self) -> usize {
        self.rects.len()
    }

    /// Whether no area was given.
    pub fn is_empty(&self) -> bool {
        self.rects.is_empty()
    }

    /// The rectangle of area `i`, if it has one.
    pub fn rect(&self, i: usize) -> Option<&AreaRect> {
        self.rects.get(i)?.as_ref()
    }

    /// Areas whose rectangle holds (x, y) (edges included), in increasing order.
    pub fn areas_over(&self, x: f32, y: f32) -> Vec<usize> {
        if !(x.is_finite() && y.is_finite()) {
            return Vec::new();
        }
        let mut out: Vec<usize> = self
            .tree
            .locate_in_envelope_intersecting(AABB::from_point([x, y]))
            .map(|g| g.data)
            .filter(|&i| self.rects[i].is_some_and(|r| r.contains(x, y, 0.0)))
            .collect();
        out.sort_unstable();
        out
    }

    /// The area under `p` by the game's rule (`CNavMesh::GetNavArea`, see [`Under`]): of the
    /// areas holding `p`'s x and y, the highest whose floor there is at most `rule.step` above
    /// `p` and at most `rule.beneath` below it; on a tie, the first.
    pub fn area_at(&self, p: [f32; 3], rule: Under) -> Option<usize> {
        let top = p[2] + rule.step;
        let bottom = p[2] - rule.beneath;
        let mut best: Option<(usize, f32)> = None;
        for i in self.areas_over(p[0], p[1]) {
            let Some(r) = self.rects[i] else { continue };
            let z = r.z_at(p[0], p[1]);
            if z > top || z < bottom {
                continue;
            }
            if best.is_none_or(|(_, bz)| z > bz) {
                best = Some((i, z));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The area whose closest point ([`AreaRect::closest_point`]) is nearest `p` in 3D, closer
    /// than `max_distance` (the scan of the game's `GetNearestNavArea`, whose default reach is
    /// 10,000 units); on a tie, the first.
    pub fn nearest(&self, p: [f32; 3], max_distance: f32) -> Option<usize> {
        if !p.iter().all(|v| v.is_finite()) {
            return None;
        }
        let mut best_d = max_distance * max_distance;
        let mut best: Option<usize> = None;
        for (g, d2_xy) in self
            .tree
            .nearest_neighbor_iter_with_distance_2([p[0], p[1]])
        {
            if d2_xy > best_d {
                break;
            }
            let i = g.data;
            let Some(r) = self.rects[i] else { continue };
            let d = r.distance_sq(p);
            let better = match best {
                None => d < best_d,
                Some(b) => d < best_d || (d == best_d && i < b),
            };
            if better {
                best_d = d;
                best = Some(i);
            }
        }
        best
    }

    /// The first area found walking from `from` toward `d` in steps of `step` units, up to
    /// `range` rounded to whole steps (the game's `FindFirstAreaInDirection`): at each step the
    /// area under the point by `rule` ([`AreaLocator::area_at`]), once `line_clear(from, point)`
    /// says the line to the point gets through (the game's wall trace; a caller without the
    /// level passes `|_, _| true`). None once a line is blocked.
    pub fn first_area_in_direction(
        &self,
        from: [f32; 3],
        d: Direction,
        (step, range): (f32, f32),
        rule: Under,
        mut line_clear: impl FnMut([f32; 3], [f32; 3]) -> bool,
    ) -> Option<usize> {
        let steps = (range / step + 0.5) as usize;
        let mut pos = from;
        for _ in 0..steps {
            pos = d.step(pos, step);
            if !line_clear(from, pos) {
                return None;
            }
            if let Some(i) = self.area_at(pos, rule) {
                return Some(i);
            }
        }
        None
    }

    /// The game's `GetNearestNavArea` without its level traces: the area under `p`
    /// ([`AreaLocator::area_at`] with [`Under::GAME`]), else [`AreaLocator::nearest`].
    pub fn nearest_or_under(&self, p: [f32; 3], max_distance: f32) -> Option<usize> {
        self.area_at(p, Under::GAME)
            .or_else(|| self.nearest(p, max_distance))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rect(lo: [f32; 2], hi: [f32; 2], z: [f32; 4]) -> AreaRect {
        AreaRect { lo, hi, z }
    }

    #[test]
    fn floor_height_is_bilinear_clamped_and_degenerate_areas_answer_north_east() {
        let a = rect([0.0, 0.0], [100.0, 50.0], [0.0, 10.0, 30.0, 20.0]);
        assert_eq!(a.z_at(0.0, 0.0), 0.0);
        assert_eq!(a.z_at(100.0, 0.0), 10.0);
        assert_eq!(a.z_at(100.0, 50.0), 30.0);
        assert_eq!(a.z_at(0.0, 50.0), 20.0);
        assert_eq!(a.z_at(50.0, 25.0), 15.0);
        assert_eq!(a.z_at(-40.0, 500.0), 20.0);
        // No width, or swapped corners: the game's degenerate area, NE height everywhere.
        let flat = rect([5.0, 0.0], [5.0, 50.0], [0.0, 10.0, 30.0, 20.0]);
        assert_eq!(flat.z_at(5.0, 10.0), 10.0);
        let swapped = rect([100.0, 0.0], [0.0, 50.0], [0.0, 10.0, 30.0, 20.0]);
        assert_eq!(swapped.z_at(50.0, 25.0), 10.0);
        assert!(!swapped.contains(50.0, 25.0, 0.0));
    }

    #[test]
    fn polygons_are_read_by_where_their_corners_are() {
        let nw_first = [
            [0.0, 0.0, 1.0],
            [10.0, 0.0, 2.0],
            [10.0, 20.0, 3.0],
            [0.0, 20.0, 4.0],
        ];
        let a = AreaRect::from_polygon(&nw_first).unwrap();
        assert_eq!(a, rect([0.0, 0.0], [10.0, 20.0], [1.0, 2.0, 3.0, 4.0]));
        // The same quad starting at the south-east corner, wound the other way.
        let other = [nw_first[2], nw_first[1], nw_first[0], nw_first[3]];
        assert_eq!(AreaRect::from_polygon(&other), Some(a));
        assert_eq!(AreaRect::from_polygon(&nw_first[..3]), None);
        let mut nan = nw_first;
        nan[1][2] = f32::NAN;
        assert_eq!(AreaRect::from_polygon(&nan), None);
        assert_eq!(a.corner(2), [10.0, 20.0, 3.0]);
        assert_eq!(a.centre(), [5.0, 10.0, 2.0]);
    }

    #[test]
    fn directions_turn_and_number_as_the_game_does() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.left().right(), d);
            assert_eq!(d.left().left(), d.opposite());
            assert_eq!(Direction::from_index(d.index()), Some(d));
        }
        assert_eq!(Direction::North.left(), Direction::West);
        assert_eq!(Direction::North.right(), Direction::East);
        assert_eq!(Direction::East.opposite(), Direction::West);
        assert_eq!(Direction::from_index(4), None);
    }

    #[test]
    fn portal_and_side_of_neighbours() {
        let a = rect([0.0, 0.0], [100.0, 100.0], [0.0; 4]);
        let north = rect([50.0, -50.0], [200.0, 0.0], [0.0; 4]);
        assert_eq!(a.side_towards(&north), Direction::North);
        assert_eq!(north.side_towards(&a), Direction::South);
        assert_eq!(a.portal(&north, Direction::North), ([75.0, 0.0, 0.0], 25.0));
        let east = rect([100.0, 20.0], [150.0, 40.0], [8.0; 4]);
        assert_eq!(a.side_towards(&east), Direction::East);
        assert_eq!(east.side_towards(&a), Direction::West);
        assert_eq!(a.portal(&east, Direction::East), ([100.0, 30.0, 0.0], 10.0));
        assert_eq!(
            a.portal_ends(&east, Direction::East),
            ([100.0, 20.0], [100.0, 40.0])
        );
        // A tall neighbour to the east whose centre lies far south: still east.
        let tall = rect([100.0, 0.0], [110.0, 1000.0], [0.0; 4]);
        assert_eq!(a.side_towards(&tall), Direction::East);
        // Diagonal: by the centres.
        let diagonal = rect([150.0, 110.0], [160.0, 120.0], [0.0; 4]);
        assert_eq!(a.side_towards(&diagonal), Direction::East);
        // Disjoint along the side: a point at the nearer end.
        let apart = rect([300.0, -50.0], [400.0, 0.0], [0.0; 4]);
        assert_eq!(a.portal(&apart, Direction::North).1, 0.0);
    }

    #[test]
    fn locator_takes_the_highest_floor_within_the_limits() {
        let floor = |z: f32| rect([0.0, 0.0], [100.0, 100.0], [z; 4]);
        let loc = AreaLocator::new([
            Some(floor(0.0)),
            Some(floor(100.0)),
            None,
            Some(floor(100.0)),
        ]);
        assert_eq!(loc.area_at([50.0, 50.0, 200.0], Under::GAME), Some(1));
        assert_eq!(loc.area_at([50.0, 50.0, 221.0], Under::GAME), None);
        assert_eq!(
            loc.area_at([50.0, 50.0, 221.0], Under::beneath(500.0)),
            Some(1)
        );
        assert_eq!(loc.area_at([50.0, 50.0, 94.0], Under::GAME), Some(0));
        assert_eq!(loc.area_at([50.0, 50.0, -6.0], Under::GAME), None);
        assert_eq!(loc.area_at([150.0, 50.0, 0.0], Under::GAME), None);
        assert_eq!(loc.area_at([f32::NAN, 50.0, 0.0], Under::GAME), None);
        assert_eq!(loc.areas_over(100.0, 100.0), vec![0, 1, 3]);
        assert_eq!(loc.nearest([150.0, 50.0, 0.0], 10_000.0), Some(0));
        assert_eq!(loc.nearest([150.0, 50.0, 90.0], 10_000.0), Some(1));
        assert_eq!(loc.nearest([150.0, 50.0, 0.0], 40.0), None);
        assert_eq!(loc.nearest_or_under([50.0, 50.0, 50.0], 10_000.0), Some(0));
    }

    #[test]
    fn the_first_area_in_a_direction_is_found_step_by_step_until_a_wall() {
        // Two floors east of the start at x 40..60 and 90..110; a step of 25 reaches x 50 on
        // its second step and x 100 on its fourth.
        let locator = AreaLocator::new([
            Some(rect([40.0, -10.0], [60.0, 10.0], [0.0; 4])),
            Some(rect([90.0, -10.0], [110.0, 10.0], [0.0; 4])),
        ]);
        let from = [0.0, 0.0, 30.0];
        let find = |range: f32, wall_at: f32| {
            locator.first_area_in_direction(
                from,
                Direction::East,
                (25.0, range),
                Under::GAME,
                |_, to| to[0] < wall_at,
            )
        };
        assert_eq!(find(75.0, f32::INFINITY), Some(0));
        assert_eq!(
            find(37.0, f32::INFINITY),
            None,
            "37 units round to one step"
        );
        assert_eq!(
            find(38.0, f32::INFINITY),
            Some(0),
            "38 units round to two steps"
        );
        assert_eq!(
            find(75.0, 50.0),
            None,
            "a wall before the floor ends the walk"
        );
        // West finds nothing; the area under a step is the game's (floor within 120 below).
        assert_eq!(
            locator.first_area_in_direction(
                from,
                Direction::West,
                (25.0, 75.0),
                Under::GAME,
                |_, _| true
            ),
            None
        );
        assert_eq!(
            Direction::North.step([1.0, 2.0, 3.0], 4.0),
            [1.0, -2.0, 3.0]
        );
        assert_eq!(Direction::West.step([1.0, 2.0, 3.0], 4.0), [-3.0, 2.0, 3.0]);
    }

    fn brute_area_at(rects: &[AreaRect], p: [f32; 3], rule: Under) -> Option<usize> {
        let mut best: Option<(usize, f32)> = None;
        for (i, r) in rects.iter().enumerate() {
            if !r.contains(p[0], p[1], 0.0) {
                continue;
            }
            let z = r.z_at(p[0], p[1]);
            if z <= p[2] + rule.step && z >= p[2] - rule.beneath && best.is_none_or(|(_, b)| z > b)
            {
                best = Some((i, z));
            }
        }
        best.map(|(i, _)| i)
    }

    fn brute_nearest(rects: &[AreaRect], p: [f32; 3], max: f32) -> Option<usize> {
        let mut best = (max * max, None);
        for (i, r) in rects.iter().enumerate() {
            let d = r.distance_sq(p);
            if d < best.0 {
                best = (d, Some(i));
            }
        }
        best.1
    }

    fn arb_rect() -> impl Strategy<Value = AreaRect> {
        (
            -20i32..20,
            -20i32..20,
            1i32..8,
            1i32..8,
            prop::array::uniform4(-4i32..4),
        )
            .prop_map(|(x, y, w, h, z)| AreaRect {
                lo: [x as f32 * 25.0, y as f32 * 25.0],
                hi: [(x + w) as f32 * 25.0, (y + h) as f32 * 25.0],
                z: z.map(|v| v as f32 * 40.0),
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        /// The R-tree answers exactly as a scan of every area would.
        #[test]
        fn locator_agrees_with_a_full_scan(
            rects in prop::collection::vec(arb_rect(), 1..40),
            points in prop::collection::vec((-600.0f32..800.0, -600.0f32..800.0, -200.0f32..200.0), 1..20),
            step in 0.0f32..40.0,
            beneath in 0.0f32..300.0,
        ) {
            let loc = AreaLocator::new(rects.iter().copied().map(Some));
            let rule = Under { step, beneath };
            for (x, y, z) in points {
                let p = [x, y, z];
                prop_assert_eq!(loc.area_at(p, rule), brute_area_at(&rects, p, rule));
                prop_assert_eq!(loc.nearest(p, 10_000.0), brute_nearest(&rects, p, 10_000.0));
            }
        }

        /// The floor's height never leaves the range of the corner heights, and the closest
        /// point is on the rectangle.
        #[test]
        fn heights_stay_between_the_corners(r in arb_rect(), x in -800.0f32..800.0, y in -800.0f32..800.0) {
            let z = r.z_at(x, y);
            let (lo, hi) = r.z.iter().fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
            prop_assert!(z >= lo - 1e-3 && z <= hi + 1e-3);
            let c = r.closest_point([x, y, 0.0]);
            prop_assert!(r.contains(c[0], c[1], 0.0));
            let from = AreaRect::from_polygon(&[r.corner(0), r.corner(1), r.corner(2), r.corner(3)]);
            prop_assert_eq!(from, Some(r));
        }
    }
}
