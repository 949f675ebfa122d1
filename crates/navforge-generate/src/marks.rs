//! Area attributes (`NAV_MESH_*`, the same bits in every Source version) and the marks that
//! need the level: stairs.

use navforge_level::{Level, Vec3};

use crate::mesh::{GenArea, GenMesh};

pub use navforge_source::nav_mesh::{CLIFF, CROUCH, JUMP, NO_MERGE, OBSTACLE_TOP, STAIRS};

/// What one line across an area says about stairs (`IsStairs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stairs {
    No,
    Yes,
    Maybe,
}

/// Walk the floor from `a` to `b` (points on an area's surface) in `inc` steps, looking down
/// from `probe` above: stairs rise more than a step in all, in flat treads each at most a step
/// above the last and at least as high as a 45.6° slope would rise over `inc`; a ramp (a tread
/// not flat), a jump or a start or end off the floor is not.
fn line_is_stairs(level: &Level, a: Vec3, b: Vec3, step: f32, inc: f32, verdict: Stairs) -> Stairs {
    if verdict == Stairs::No || (a.z - b.z).abs() <= step {
        return verdict;
    }
    // The least rise per `inc` that is a step rather than a walkable slope (nav_slope_limit 0.7).
    let min_rise = inc * (1.0f32 - 0.49).sqrt() / 0.7;
    let probe = step * 3.0;
    let length = (b - a).truncate().length();
    let n = (length / inc).floor().max(1.0) as usize;
    let mut verdict = verdict;
    let mut prior: Option<f32> = None;
    for k in 0..=n {
        let t = (k as f32 * inc / length).min(1.0);
        let p = a + (b - a) * t;
        let Some(g) = level.ground_below(p + Vec3::Z * probe, probe * 2.0) else {
            return Stairs::No;
        };
        let z = g.point.z;
        if (k == 0 && (z - a.z).abs() > step) || (k == n && (z - b.z).abs() > step) {
            return Stairs::No;
        }
        // Treads are flat: a ramp is not stairs.
        if g.normal.z < 0.97 {
            return Stairs::No;
        }
        if let Some(prev) = prior {
            let dz = (z - prev).abs();
            if dz > step {
                return Stairs::No;
            }
            if dz >= min_rise {
                verdict = Stairs::Yes;
            }
        }
        prior = Some(z);
    }
    verdict
}

/// Whether an area lies on stairs (`TestStairs`): larger than one cell, its two triangles
/// nearly coplanar, and every test line (both edges and the middle, each way) stairs-like with
/// at least one real step.
pub fn is_stairs(level: &Level, area: &GenArea, grid: f32, step: f32) -> bool {
    let [nw, ne, se, sw] = area.corners;
    if ne.x - nw.x <= grid + 0.1 && sw.y - nw.y <= grid + 0.1 {
        return false;
    }
    let n1 = (ne - nw).cross(sw - nw).normalize_or_zero();
    let n2 = (sw - se).cross(ne - se).normalize_or_zero();
    if n1.dot(n2).abs() < 0.95 {
        return false;
    }
    let inset = grid * 0.2;
    let inc = grid * 0.2;
    let (x, y) = (Vec3::X * inset, Vec3::Y * inset);
    let lines = [
        (nw + x + y, ne - x + y),
        (sw + x - y, se - x - y),
        (nw + x + y, sw + x - y),
        (ne - x + y, se - x - y),
        ((nw + ne) * 0.5 + y, (sw + se) * 0.5 - y),
        ((ne + se) * 0.5 - x, (nw + sw) * 0.5 + x),
    ];
    let verdict = lines.iter().fold(Stairs::Maybe, |v, &(a, b)| {
        line_is_stairs(level, a, b, step, inc, v)
    });
    verdict == Stairs::Yes
}

/// Mark every area on stairs with [`STAIRS`] (and clear it elsewhere).
pub fn mark_stairs(level: &Level, mesh: &mut GenMesh, grid: f32, step: f32) {
    use rayon::prelude::*;
    let flags: Vec<bool> = mesh
        .areas
        .par_iter()
        .map(|a| is_stairs(level, a, grid, step))
        .collect();
    for (a, stairs) in mesh.areas.iter_mut().zip(flags) {
        if stairs {
            a.attributes |= STAIRS;
        } else {
            a.attributes &= !STAIRS;
        }
    }
}
