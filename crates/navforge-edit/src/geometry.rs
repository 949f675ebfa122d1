//! Area geometry the commands need on the document's areas: the game's rectangle of an area
//! ([`rect`], whose rules live in [`navforge_core::area`]), extents, centres and steps.

use navforge_core::F32;
use navforge_core::area::AreaRect;
use navforge_source::Area;

/// The area's floor as the game reads it ([`Area::rect`]).
pub(crate) fn rect(a: &Area) -> AreaRect {
    a.rect()
}

/// `(min x, min y, max x, max y)` of an area.
pub(crate) fn extent(a: &Area) -> [f32; 4] {
    rect(a).extent()
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

/// The game's area centre height: the mean of the north-west and south-east corners only.
pub(crate) fn game_centre_z(a: &Area) -> f32 {
    rect(a).centre()[2]
}

/// Squared distance from `p` to the closest point of the area.
pub(crate) fn distance_sq(a: &Area, p: [f32; 3]) -> f32 {
    rect(a).distance_sq(p)
}
