//! Area polygons as one triangle mesh, for the formats that hold triangles (Bethesda `NVNM`,
//! MGSV `.nav2`): triangles are neighbours exactly where their areas are: joined by a connection
//! and touching along an edge, so a converted mesh is as connected as its source.
//!
//! The steps:
//! Distances are set in inches and scaled to the mesh's units ([`Tolerances`]).
//!
//! 1. **Weld.** Corners at the same horizontal place (within 0.07 in) and height (within half an
//!    inch) become one vertex; never two corners of one polygon.
//! 2. **Split T-junctions.** A corner lying on another area's edge (within 0.05 in, in height
//!    within a step of 18 in) is inserted into that edge, so that a small Source quad beside a big one
//!    shares the big one's edge piece by piece; and polygons along the same stretch of boundary
//!    take each other's splits, so their pieces match.
//! 3. **Fan.** Each polygon is turned counter-clockwise seen from above and fanned: from its first
//!    corner, or from its centre when its edges were split (a corner fan would lay flat triangles
//!    along a split edge).
//! 4. **Pair edges.** Triangle edges over the same two horizontal places, level within a step at
//!    both ends, are neighbours when
//!    their areas may be: the same area, or two areas a connection joins (either way); a mesh
//!    with no connections at all (raw geometry) joins every pair of touching areas. Areas that
//!    touch and are joined make groups that must stay joined; links that join such a group's
//!    parts go first, by any edge they share (even one that three overlapping areas share, or
//!    two overlapping areas run the same way along), so every group ends up whole and no two
//!    groups meet.

mod pair;
mod weld;

use crate::model::NavMesh;
use pair::{Joins, pair_edges};
use weld::weld;

/// The distances the triangulation works with, in the mesh's own units (they are set in inches,
/// Source's unit, and scaled by [`crate::Format::metres_per_unit`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerances {
    /// Horizontal distance within which a corner counts as lying on an edge (0.05 in).
    pub on_edge: f32,
    /// Areas whose edges meet within this height of each other touch (Source's step height,
    /// 18 in: nav generation puts neighbouring corners within it).
    pub step: f32,
    /// Corners at the same horizontal place whose heights differ by at most this much are one
    /// vertex (0.5 in). Corners further apart stay two (a step between areas); their areas
    /// still touch.
    weld_height: f32,
    /// Horizontal distance within which corners weld: a corner within `on_edge` of an edge and
    /// within `on_edge` of its end (too near to split it) is within this of the end.
    weld_radius: f32,
}

impl Tolerances {
    /// The tolerances for a mesh of `format`'s units (inches when it has none: a mesh made in
    /// code is Source-like).
    pub fn of(format: Option<crate::Format>) -> Tolerances {
        let inch = 0.0254 / format.map_or(0.0254, crate::Format::metres_per_unit);
        let on_edge = 0.05 * inch;
        Tolerances {
            on_edge,
            step: crate::movement::Movement::SOURCE.step_height * inch,
            weld_height: 0.5 * inch,
            weld_radius: on_edge * std::f32::consts::SQRT_2,
        }
    }
}

/// A mesh's areas as triangles, Z up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AreaTriangles {
    /// Vertices, Z up.
    pub vertices: Vec<[f32; 3]>,
    /// Triangles as vertex indices, counter-clockwise seen from above.
    pub triangles: Vec<[u32; 3]>,
    /// The area (index into [`NavMesh::areas`]) each triangle comes from.
    pub areas: Vec<usize>,
    /// Per triangle, the neighbour across edge `k` (from corner `k` to corner `k + 1`).
    pub neighbours: Vec<[Option<u32>; 3]>,
    /// Areas that hold no triangle: their corners weld into fewer than three places.
    pub dropped: Vec<usize>,
}

/// The other way: one area per triangle of an indexed triangle list (area `i` is triangle `i`,
/// ID `i`, its corners in the triangle's order), with nothing else set. Raw level geometry and
/// triangle navmeshes become a model this way.
///
/// ```
/// let areas = navforge_core::triangulate::triangle_areas(
///     &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
///     &[[0, 1, 2]],
/// );
/// assert_eq!(areas[0].polygon[1], [1.0, 0.0, 0.0]);
/// ```
///
/// # Panics
/// When a triangle names a vertex that is not in `vertices` (callers check their lists first).
pub fn triangle_areas(vertices: &[[f32; 3]], triangles: &[[u32; 3]]) -> Vec<crate::model::Area> {
    triangles
        .iter()
        .enumerate()
        .map(|(i, t)| crate::model::Area {
            id: i as u64,
            polygon: t.map(|v| vertices[v as usize]).to_vec(),
            ..Default::default()
        })
        .collect()
}

/// An area no triangulation can take: its ID and why (fewer than three corners, a corner that is
/// not finite).
pub fn check(mesh: &NavMesh) -> Result<(), (crate::model::AreaId, String)> {
    for a in &mesh.areas {
        if a.polygon.len() < 3 {
            let n = a.polygon.len();
            return Err((a.id, format!("{n} corners; a polygon needs at least 3")));
        }
        if let Some(p) = a.polygon.iter().find(|p| !p.iter().all(|c| c.is_finite())) {
            return Err((a.id, format!("non-finite corner {p:?}")));
        }
    }
    Ok(())
}

/// The mesh's areas as triangles (see the module documentation), Z up whatever the mesh's own
/// axes: pass the mesh as read, not one already turned. Areas [`check`] refuses are dropped.
///
/// `target` is the format being built. The distances are in the mesh's format's units; a mesh
/// with no format (one made in code, or generated and already scaled to the target) is taken to
/// be in `target`'s units, since the builders write coordinates as they are.
pub fn triangulate(mesh: &NavMesh, target: crate::Format) -> AreaTriangles {
    let mesh = mesh.to_z_up();
    let tol = Tolerances::of(Some(mesh.format.unwrap_or(target)));
    let polygons: Vec<&[[f32; 3]]> = mesh.areas.iter().map(|a| a.polygon.as_slice()).collect();
    let welded = weld(&polygons, &tol);
    let mut out = AreaTriangles {
        vertices: welded.vertices,
        ..AreaTriangles::default()
    };
    for (i, (ring, &grown)) in welded.polygons.iter().zip(&welded.grown).enumerate() {
        if ring.len() < 3 || !polygons[i].iter().flatten().all(|c| c.is_finite()) {
            out.dropped.push(i);
            continue;
        }
        let mut ring = ring.clone();
        if twice_area(polygons[i]) < 0.0 {
            ring.reverse();
        }
        let first = out.triangles.len();
        if grown {
            let n = ring.len() as f32;
            let centre = ring.iter().fold([0.0f32; 3], |c, &v| {
                let p = out.vertices[v];
                [c[0] + p[0] / n, c[1] + p[1] / n, c[2] + p[2] / n]
            });
            out.vertices.push(centre);
            let c = out.vertices.len() - 1;
            for k in 0..ring.len() {
                out.triangles
                    .push([c, ring[k], ring[(k + 1) % ring.len()]].map(|v| v as u32));
            }
        } else {
            for k in 1..ring.len() - 1 {
                out.triangles
                    .push([ring[0], ring[k], ring[k + 1]].map(|v| v as u32));
            }
        }
        out.areas
            .extend(std::iter::repeat_n(i, out.triangles.len() - first));
    }
    let may_join = Joins::of(&mesh);
    out.neighbours = pair_edges(&out, &welded.places, &may_join, &tol);
    out
}

/// Twice the signed area seen from above (positive: counter-clockwise).
fn twice_area(polygon: &[[f32; 3]]) -> f64 {
    (0..polygon.len())
        .map(|i| {
            let (p, q) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            f64::from(p[0]) * f64::from(q[1]) - f64::from(q[0]) * f64::from(p[1])
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Area, Connection, ConnectionKind};
    use crate::union_find::UnionFind;

    fn area(id: u64, polygon: Vec<[f32; 3]>) -> Area {
        Area {
            id,
            polygon,
            ..Area::default()
        }
    }

    fn square(id: u64, x: f32, y: f32, size: f32, z: f32) -> Area {
        area(
            id,
            vec![
                [x, y, z],
                [x + size, y, z],
                [x + size, y + size, z],
                [x, y + size, z],
            ],
        )
    }

    fn connect(from: u64, to: u64) -> Connection {
        Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: None,
        }
    }

    /// The triangles of a Source mesh of these areas and connections.
    fn source(areas: Vec<Area>, connections: Vec<Connection>) -> AreaTriangles {
        let mesh = NavMesh {
            areas,
            connections,
            ..NavMesh::default()
        };
        triangulate(&mesh, crate::Format::SourceNav)
    }

    fn linked(t: &AreaTriangles, a: usize, b: usize) -> bool {
        t.neighbours
            .iter()
            .enumerate()
            .any(|(i, n)| t.areas[i] == a && n.iter().flatten().any(|&j| t.areas[j as usize] == b))
    }

    #[test]
    fn a_corner_on_a_neighbours_edge_splits_it_and_joins_both() {
        // A 2×2 square beside two 1×1 squares, the upper one half a unit higher: the shared
        // corner (2, 1) lies on the big one's east edge.
        let t = source(
            vec![
                square(1, 0.0, 0.0, 2.0, 0.0),
                square(2, 2.0, 0.0, 1.0, 0.0),
                square(3, 2.0, 1.0, 1.0, 0.5),
            ],
            Vec::new(),
        );
        assert!(linked(&t, 0, 1) && linked(&t, 0, 2) && linked(&t, 1, 2));
        // The big square is fanned from its centre: 5 ring corners.
        assert_eq!(t.areas.iter().filter(|&&a| a == 0).count(), 5);
        // (2, 2, 0.5) welded to (2, 2, 0): within the step height; plus the centre.
        assert_eq!(t.vertices.len(), 9);
    }

    #[test]
    fn touching_areas_without_a_connection_are_not_neighbours() {
        let t = source(
            vec![
                square(1, 0.0, 0.0, 1.0, 0.0),
                square(2, 1.0, 0.0, 1.0, 0.0),
                square(3, 2.0, 0.0, 1.0, 0.0),
            ],
            vec![connect(2, 1)],
        );
        assert!(linked(&t, 0, 1) && linked(&t, 1, 0));
        assert!(
            !linked(&t, 1, 2),
            "areas 2 and 3 touch but nothing connects them"
        );
    }

    #[test]
    fn an_edge_three_overlapping_areas_share_links_all_of_them() {
        // Area 1 west of x = 1; areas 2 and 3 overlap east of it: 1 connects to both.
        let t = source(
            vec![
                square(1, 0.0, 0.0, 1.0, 0.0),
                square(2, 1.0, 0.0, 1.0, 0.0),
                square(3, 1.0, 0.0, 1.0, 0.0),
            ],
            vec![connect(1, 2), connect(1, 3)],
        );
        let mut seen = UnionFind::new(3);
        for (i, n) in t.neighbours.iter().enumerate() {
            for &j in n.iter().flatten() {
                seen.union(t.areas[i], t.areas[j as usize]);
            }
        }
        assert_eq!(seen.find(0), seen.find(1));
        assert_eq!(seen.find(0), seen.find(2));
    }

    #[test]
    fn tolerances_follow_the_formats_unit() {
        let source = Tolerances::of(Some(crate::Format::SourceNav));
        assert_eq!((source.on_edge, source.step), (0.05, 18.0));
        let fox = Tolerances::of(Some(crate::Format::MgsvNav2));
        assert!(
            (fox.step - 0.4572).abs() < 1e-4,
            "18 in in metres: {}",
            fox.step
        );
        assert_eq!(Tolerances::of(None), source);
    }

    #[test]
    fn a_triangle_smaller_than_the_weld_radius_keeps_its_corners() {
        // 0.03 in across: welding its own corners together would drop it.
        let mesh = NavMesh {
            areas: vec![area(
                1,
                vec![[0.0, 0.0, 0.0], [0.03, 0.0, 0.0], [0.0, 0.03, 0.0]],
            )],
            ..NavMesh::default()
        };
        let t = triangulate(&mesh, crate::Format::SourceNav);
        assert!(t.dropped.is_empty());
        assert_eq!(t.triangles.len(), 1);
    }
}
