//! Area geometry the commands need: extents, centres, which side faces another area, and the
//! corner heights of a cut.

use navforge_core::F32;
use navforge_core::model::Direction;
use navforge_source::Area;

/// `(min x, min y, max x, max y)` of an area.
pub(crate) fn extent(a: &Area) -> [f32; 4] {
    [
        a.north_west[0].get(),
        a.north_west[1].get(),
        a.south_east[0].get(),
        a.south_east[1].get(),
    ]
}

/// The centre: middle of the extent, mean height of the four corners.
pub(crate) fn centre(a: &Area) -> [f32; 3] {
    let [x0, y0, x1, y1] = extent(a);
    let z = (a.north_west[2].get()
        + a.north_east_z.get()
        + a.south_east[2].get()
        + a.south_west_z.get())
        / 4.0;
    [(x0 + x1) / 2.0, (y0 + y1) / 2.0, z]
}

/// The side of `from` that faces `to` (north is -y, as in the game).
pub(crate) fn side_towards(from: &Area, to: &Area) -> Direction {
    let [fx0, fy0, fx1, fy1] = extent(from);
    let [tx0, ty0, tx1, ty1] = extent(to);
    if tx1 <= fx0 {
        Direction::West
    } else if tx0 >= fx1 {
        Direction::East
    } else if ty1 <= fy0 {
        Direction::North
    } else if ty0 >= fy1 {
        Direction::South
    } else {
        let (f, t) = (centre(from), centre(to));
        Direction::facing(t[0] - f[0], t[1] - f[1])
    }
}

/// The opposite side.
pub(crate) fn opposite(d: Direction) -> Direction {
    match d {
        Direction::North => Direction::South,
        Direction::South => Direction::North,
        Direction::East => Direction::West,
        Direction::West => Direction::East,
    }
}

/// Length of the overlap of two ranges (negative when apart).
pub(crate) fn overlap(a0: f32, a1: f32, b0: f32, b1: f32) -> f32 {
    a1.min(b1) - a0.max(b0)
}

pub(crate) fn lerp(a: F32, b: F32, t: f32) -> F32 {
    F32::new(a.get() + (b.get() - a.get()) * t)
}

/// Whether every coordinate of the area is finite.
pub(crate) fn finite(a: &Area) -> bool {
    a.north_west
        .iter()
        .chain(&a.south_east)
        .all(|v| v.get().is_finite())
        && a.north_east_z.get().is_finite()
        && a.south_west_z.get().is_finite()
        && a.hiding_spots
            .iter()
            .all(|s| s.position.iter().all(|v| v.get().is_finite()))
}
