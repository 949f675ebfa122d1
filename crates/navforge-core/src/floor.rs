//! The floor of a Source-style area: a rectangle in XY with its own height at each corner.

/// Height of the floor at (x, y), clamped into the rectangle: the game's bilinear
/// `CNavArea::GetZ`. `lo` is the north-west corner and `hi` the south-east one (in XY), `z` the
/// corner heights in the order north-west, north-east, south-east, south-west. A rectangle with
/// no width or depth answers its north-east height, as the game does.
pub fn floor_z(lo: [f32; 2], hi: [f32; 2], z: [f32; 4], x: f32, y: f32) -> f32 {
    let (dx, dy) = (hi[0] - lo[0], hi[1] - lo[1]);
    if dx == 0.0 || dy == 0.0 {
        return z[1];
    }
    let u = ((x - lo[0]) / dx).clamp(0.0, 1.0);
    let v = ((y - lo[1]) / dy).clamp(0.0, 1.0);
    let north = z[0] + u * (z[1] - z[0]);
    let south = z[3] + u * (z[2] - z[3]);
    north + v * (south - north)
}

#[cfg(test)]
mod tests {
    use super::floor_z;

    #[test]
    fn corners_edges_and_outside() {
        let (lo, hi, z) = ([0.0, 0.0], [100.0, 50.0], [0.0, 10.0, 30.0, 20.0]);
        assert_eq!(floor_z(lo, hi, z, 0.0, 0.0), 0.0);
        assert_eq!(floor_z(lo, hi, z, 100.0, 0.0), 10.0);
        assert_eq!(floor_z(lo, hi, z, 100.0, 50.0), 30.0);
        assert_eq!(floor_z(lo, hi, z, 0.0, 50.0), 20.0);
        assert_eq!(floor_z(lo, hi, z, 50.0, 25.0), 15.0);
        // Clamped into the rectangle.
        assert_eq!(floor_z(lo, hi, z, -40.0, 500.0), 20.0);
        // No width: the north-east height.
        assert_eq!(floor_z([5.0, 0.0], [5.0, 50.0], z, 5.0, 10.0), 10.0);
    }
}
