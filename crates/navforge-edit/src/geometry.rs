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

/// The height of the area's surface at (x, y), clamped to the area: the game's bilinear
/// `CNavArea::GetZ` over the four corner heights.
pub(crate) fn z_at(a: &Area, x: f32, y: f32) -> f32 {
    let [x0, y0, x1, y1] = extent(a);
    let z = [
        a.north_west[2].get(),
        a.north_east_z.get(),
        a.south_east[2].get(),
        a.south_west_z.get(),
    ];
    navforge_core::floor::floor_z([x0, y0], [x1, y1], z, x, y)
}

/// The game's area centre height: the mean of the north-west and south-east corners only.
pub(crate) fn game_centre_z(a: &Area) -> f32 {
    (a.north_west[2].get() + a.south_east[2].get()) / 2.0
}

/// The point of the area closest to `p` seen from above, at the area's height there.
pub(crate) fn closest_point(a: &Area, p: [f32; 3]) -> [f32; 3] {
    let [x0, y0, x1, y1] = extent(a);
    let (x, y) = (p[0].clamp(x0, x1), p[1].clamp(y0, y1));
    [x, y, z_at(a, x, y)]
}

/// Squared distance from `p` to the closest point of the area.
pub(crate) fn distance_sq(a: &Area, p: [f32; 3]) -> f32 {
    let c = closest_point(a, p);
    (0..3).map(|k| (c[k] - p[k]).powi(2)).sum()
}

/// `p` moved `amount` units towards `d` (north is -y).
pub(crate) fn step(p: [f32; 3], d: Direction, amount: f32) -> [f32; 3] {
    let [x, y, z] = p;
    match d {
        Direction::North => [x, y - amount, z],
        Direction::South => [x, y + amount, z],
        Direction::East => [x + amount, y, z],
        Direction::West => [x - amount, y, z],
    }
}

/// The side to the left of `d` (the game's `DirectionLeft`).
pub(crate) fn left_of(d: Direction) -> Direction {
    match d {
        Direction::North => Direction::West,
        Direction::West => Direction::South,
        Direction::South => Direction::East,
        Direction::East => Direction::North,
    }
}

/// The side to the right of `d` (the game's `DirectionRight`).
pub(crate) fn right_of(d: Direction) -> Direction {
    opposite(left_of(d))
}

/// The file's direction number (0 north, 1 east, 2 south, 3 west).
pub(crate) fn direction_number(d: Direction) -> u32 {
    match d {
        Direction::North => 0,
        Direction::East => 1,
        Direction::South => 2,
        Direction::West => 3,
    }
}
