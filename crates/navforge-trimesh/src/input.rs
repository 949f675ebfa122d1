//! Stage 1: the level's triangles in Recast's axes, each facing its open side and marked walkable
//! when it is level enough.
//!
//! Axes: navforge levels are Z up; Recast is Y up. A Z-up point `(x, y, z)` is `(x, z, -y)` in
//! Recast, a rotation, so windings and handedness are kept ([`to_recast`], [`from_recast`]).
//!
//! Facing: Recast walks on the side a triangle's counter-clockwise winding faces. OBJ and glTF
//! follow that rule; BSP faces are wound the other way (all 207 floor triangles found under the
//! spawn points of the corpus BSPs are clockwise seen from above). BSPs also know which side of
//! a face is solid, so each BSP triangle is turned to face the side that is not, and faces with
//! liquid behind them (water, slime and lava surfaces) are left out: nobody walks on water.

use glam::{UVec3, Vec3, Vec3A};
use navforge_level::{Contents, Family, Level};
use rayon::prelude::*;
use rerecast::{Aabb3d, AreaType, TriMesh};

/// Z-up world point to Recast's Y-up axes.
#[inline]
pub fn to_recast(p: Vec3) -> Vec3A {
    Vec3A::new(p.x, p.z, -p.y)
}

/// Recast's Y-up point back to Z-up world axes.
#[inline]
pub fn from_recast(p: Vec3) -> Vec3 {
    Vec3::new(p.x, -p.z, p.y)
}

/// How the triangles of a level face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    /// Counter-clockwise triangles face up (OBJ, glTF, Recast).
    CounterClockwise,
    /// Clockwise triangles face up (BSP faces).
    Clockwise,
}

/// The input of the voxeliser: triangles in Recast axes with their walkable marks.
#[derive(Debug, Clone)]
pub struct InputMesh {
    /// The triangles (Recast axes) and their area types.
    pub trimesh: TriMesh,
    /// Their bounds (Recast axes).
    pub bounds: Aabb3d,
    /// Triangles the level gave.
    pub level_triangles: usize,
    /// Triangles left out: corners not finite, no area, or liquid surfaces.
    pub dropped: usize,
    /// Triangles marked walkable.
    pub walkable: usize,
}

/// Stage 1 for a level: its world triangles (sky and triggers are already left out), facing
/// their open side, marked walkable up to `max_slope` degrees.
pub fn input_mesh(level: &Level, max_slope: f32) -> InputMesh {
    let (vertices, triangles) = level.world_triangles();
    let bsp = !matches!(level.family(), Family::Obj | Family::Gltf);
    let facing = if bsp {
        Facing::Clockwise
    } else {
        Facing::CounterClockwise
    };
    let corners: Vec<[Vec3; 3]> = triangles
        .iter()
        .map(|t| t.map(|i| Vec3::from_array(vertices[i as usize])))
        .collect();
    // Each BSP triangle asks the level which side is solid (two point queries): in parallel, one
    // answer per triangle, so the result does not depend on the thread count.
    let turned: Vec<Option<[Vec3; 3]>> = if bsp {
        corners
            .par_iter()
            .map(|t| face_open_side(level, *t))
            .collect()
    } else {
        corners.iter().map(|&t| Some(t)).collect()
    };
    let mut out = from_triangles(turned.into_iter().flatten(), facing, max_slope);
    out.dropped += triangles.len() - out.level_triangles;
    out.level_triangles = triangles.len();
    out
}

/// Stage 1 for plain triangles (Z up): `facing` says which winding faces up.
pub fn from_triangles(
    triangles: impl IntoIterator<Item = [Vec3; 3]>,
    facing: Facing,
    max_slope: f32,
) -> InputMesh {
    // The limit itself is walkable (a 45° ramp under a 45° limit), whatever the rounding.
    let cos = max_slope.to_radians().cos() - 1e-6;
    let mut trimesh = TriMesh::default();
    let mut bounds: Option<(Vec3A, Vec3A)> = None;
    let (mut total, mut dropped, mut walkable) = (0, 0, 0);
    for t in triangles {
        total += 1;
        let t = match facing {
            Facing::CounterClockwise => t,
            Facing::Clockwise => [t[0], t[2], t[1]],
        };
        if !t.iter().all(|p| p.is_finite()) {
            dropped += 1;
            continue;
        }
        let n = (t[1] - t[0]).cross(t[2] - t[0]);
        let len = n.length();
        if !(len > 0.0 && len.is_finite()) {
            dropped += 1;
            continue;
        }
        let area = if n.z / len >= cos {
            walkable += 1;
            AreaType::DEFAULT_WALKABLE
        } else {
            AreaType::NOT_WALKABLE
        };
        let base = trimesh.vertices.len() as u32;
        for p in t {
            let r = to_recast(p);
            bounds = Some(match bounds {
                None => (r, r),
                Some((lo, hi)) => (lo.min(r), hi.max(r)),
            });
            trimesh.vertices.push(r);
        }
        trimesh.indices.push(UVec3::new(base, base + 1, base + 2));
        trimesh.area_types.push(area);
    }
    let (min, max) = bounds.unwrap_or_default();
    InputMesh {
        trimesh,
        bounds: Aabb3d {
            min: min.into(),
            max: max.into(),
        },
        level_triangles: total,
        dropped,
        walkable,
    }
}

/// A BSP triangle turned so that it faces the side that is not solid; `None` for a liquid
/// surface. With both sides open or both solid it keeps its winding.
fn face_open_side(level: &Level, t: [Vec3; 3]) -> Option<[Vec3; 3]> {
    let n = (t[1] - t[0]).cross(t[2] - t[0]);
    let len = n.length();
    if !(len > 0.0 && len.is_finite()) {
        return Some(t);
    }
    // Half a unit off the face: inside the thinnest brush, clear of the face's own plane.
    let centre = (t[0] + t[1] + t[2]) / 3.0;
    let off = n / len * 0.5;
    let front = level.point_contents(centre + off);
    let back = level.point_contents(centre - off);
    let solid = |c: Contents| c.intersects(Contents::MASK_SOLID);
    let liquid = |c: Contents| c.intersects(Contents::MASK_LIQUID);
    // Clockwise triangles face up in a BSP: the winding stays when the clockwise front (the
    // side opposite the right-hand normal) is the open one.
    match (solid(front), solid(back)) {
        (true, false) => Some(t),
        (false, true) => Some([t[0], t[2], t[1]]),
        _ if liquid(front) != liquid(back) => None,
        _ => Some(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_round_trip_and_keep_up() {
        let p = Vec3::new(1.0, 2.0, 3.0);
        let r = to_recast(p);
        assert_eq!(r, Vec3A::new(1.0, 3.0, -2.0));
        assert_eq!(from_recast(r.into()), p);
        // A counter-clockwise floor seen from above is walkable; turned over it is not.
        let floor = [Vec3::ZERO, Vec3::X, Vec3::Y];
        let m = from_triangles([floor], Facing::CounterClockwise, 45.0);
        assert_eq!(m.walkable, 1);
        let m = from_triangles([floor], Facing::Clockwise, 45.0);
        assert_eq!(m.walkable, 0);
        // A wall never is; a non-finite or flat triangle is dropped.
        let wall = [Vec3::ZERO, Vec3::X, Vec3::Z];
        let nan = [Vec3::ZERO, Vec3::X, Vec3::new(f32::NAN, 0.0, 0.0)];
        let line = [Vec3::ZERO, Vec3::X, Vec3::X * 2.0];
        let m = from_triangles([wall, nan, line], Facing::CounterClockwise, 89.0);
        assert_eq!((m.walkable, m.dropped, m.trimesh.indices.len()), (0, 2, 1));
    }
}
