//! Stage 8: the detail triangles as one mesh in world axes (Z up), corners shared, every triangle
//! counter-clockwise seen from above, with its neighbour across each edge; and that mesh in the
//! common model (one area per triangle, two walk connections per shared edge).

use std::collections::HashMap;

use glam::Vec3;
use navforge_core::model::{Area, Connection, ConnectionKind, NavMesh};
use rerecast::{DetailNavmesh, PolygonNavmesh};

use super::input::from_recast;

/// No triangle across this edge.
pub const NO_NEIGHBOUR: u32 = u32::MAX;

/// A triangle navmesh: shared corners, triangles and their neighbours.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriangleNavmesh {
    /// Corners in world axes (Z up), level units.
    pub vertices: Vec<[f32; 3]>,
    /// Corner indices, counter-clockwise seen from above.
    pub triangles: Vec<[u32; 3]>,
    /// The triangle across edge `k` (corner `k` to corner `k + 1`), or [`NO_NEIGHBOUR`].
    pub neighbours: Vec<[u32; 3]>,
    /// The convex polygon of stage 6 each triangle belongs to.
    pub polygon_of: Vec<u32>,
}

impl TriangleNavmesh {
    /// Stage 8: weld the detail triangles of every polygon into one mesh. Corners are the same
    /// where their coordinates are bit for bit the same (Recast computes a corner shared by two
    /// polygons, and the samples on a shared edge, the same way from both); triangles with no
    /// area seen from above are left out.
    pub fn from_detail(detail: &DetailNavmesh) -> TriangleNavmesh {
        let mut mesh = TriangleNavmesh::default();
        let mut index: HashMap<[u32; 3], u32> = HashMap::new();
        let mut corner = |p: Vec3, vertices: &mut Vec<[f32; 3]>| -> u32 {
            let p = from_recast(p).to_array();
            *index.entry(p.map(f32::to_bits)).or_insert_with(|| {
                vertices.push(p);
                vertices.len() as u32 - 1
            })
        };
        for (polygon, sub) in detail.meshes.iter().enumerate() {
            let base = sub.base_vertex_index as usize;
            let first = sub.base_triangle_index as usize;
            let count = sub.triangle_count as usize;
            let Some(tris) = detail.triangles.get(first..first + count) else {
                continue;
            };
            for t in tris {
                let Some(ids) = t
                    .iter()
                    .map(|&k| detail.vertices.get(base + usize::from(k)).copied())
                    .collect::<Option<Vec<Vec3>>>()
                else {
                    continue;
                };
                let mut tri = [0u32; 3];
                for (slot, p) in tri.iter_mut().zip(ids) {
                    *slot = corner(p, &mut mesh.vertices);
                }
                let twice_area = plan_cross(&mesh.vertices, tri);
                if twice_area == 0.0 || tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
                    continue;
                }
                if twice_area < 0.0 {
                    tri.swap(1, 2);
                }
                mesh.triangles.push(tri);
                mesh.polygon_of.push(polygon as u32);
            }
        }
        mesh.neighbours = neighbours(&mesh.triangles);
        mesh
    }

    /// Edges shared by two triangles.
    pub fn shared_edges(&self) -> usize {
        self.neighbours
            .iter()
            .flatten()
            .filter(|&&n| n != NO_NEIGHBOUR)
            .count()
            / 2
    }

    /// Area seen from above, in square level units.
    pub fn plan_area(&self) -> f64 {
        self.triangles
            .iter()
            .map(|&t| 0.5 * plan_cross(&self.vertices, t))
            .sum()
    }

    /// Groups of triangles joined across shared edges, largest first (sizes).
    pub fn components(&self) -> Vec<usize> {
        let n = self.triangles.len();
        let mut seen = vec![false; n];
        let mut sizes = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut size = 0;
            while let Some(t) = stack.pop() {
                size += 1;
                for &m in &self.neighbours[t] {
                    if m != NO_NEIGHBOUR && !seen[m as usize] {
                        seen[m as usize] = true;
                        stack.push(m as usize);
                    }
                }
            }
            sizes.push(size);
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// The common model: area `i` is triangle `i` (its corners counter-clockwise from above),
    /// and each shared edge is a walk connection both ways. No format or game: the builders
    /// fill those.
    pub fn to_model(&self) -> NavMesh {
        let areas = navforge_core::triangulate::triangle_areas(&self.vertices, &self.triangles);
        let connections = self
            .neighbours
            .iter()
            .enumerate()
            .flat_map(|(i, ns)| {
                ns.iter()
                    .filter(|&&n| n != NO_NEIGHBOUR)
                    .map(move |&n| Connection {
                        from: i as u64,
                        to: u64::from(n),
                        kind: ConnectionKind::Walk,
                        direction: None,
                    })
            })
            .collect();
        NavMesh {
            areas,
            connections,
            ..NavMesh::default()
        }
    }
}

/// Twice the signed area of a triangle seen from above (positive: counter-clockwise).
fn plan_cross(vertices: &[[f32; 3]], t: [u32; 3]) -> f64 {
    let p = t.map(|v| vertices[v as usize].map(f64::from));
    (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[1][1] - p[0][1]) * (p[2][0] - p[0][0])
}

/// For each triangle edge, the triangle running the other way along the same two corners. Where
/// more than two triangles share an edge, the first two (in triangle order) are paired.
pub fn neighbours(triangles: &[[u32; 3]]) -> Vec<[u32; 3]> {
    let mut by_edge: HashMap<(u32, u32), (u32, usize)> = HashMap::new();
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            by_edge
                .entry((tri[k], tri[(k + 1) % 3]))
                .or_insert((t as u32, k));
        }
    }
    let mut out = vec![[NO_NEIGHBOUR; 3]; triangles.len()];
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            let Some(&(other, _)) = by_edge.get(&(b, a)) else {
                continue;
            };
            // Mutual only: the reverse edge's owner must see this triangle as its owner too.
            if other as usize != t && by_edge.get(&(a, b)) == Some(&(t as u32, k)) {
                out[t][k] = other;
            }
        }
    }
    out
}

/// Stage 6's convex polygons in the common model (world axes, Z up; heights from the voxel
/// floor): an intermediate to draw.
pub fn polygons_model(polygons: &PolygonNavmesh) -> NavMesh {
    let (cs, ch) = (polygons.cell_size, polygons.cell_height);
    let origin = polygons.aabb.min;
    let areas = polygons
        .polygons()
        .enumerate()
        .map(|(p, corners)| {
            let corners = corners
                .filter_map(|v| polygons.vertices.get(usize::from(v)))
                .map(|v| {
                    let local = Vec3::new(
                        f32::from(v.x) * cs,
                        f32::from(v.y) * ch,
                        f32::from(v.z) * cs,
                    );
                    from_recast(origin + local).to_array()
                })
                .collect();
            Area {
                id: p as u64,
                polygon: corners,
                group: u32::from(polygons.regions.get(p).map_or(0, |r| r.bits())),
                ..Area::default()
            }
        })
        .collect();
    NavMesh {
        areas,
        ..NavMesh::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_mutual_and_opposite() {
        // Two triangles of a unit square, counter-clockwise, sharing the diagonal 0-2.
        let tris = [[0, 1, 2], [0, 2, 3]];
        let n = neighbours(&tris);
        assert_eq!(n[0], [NO_NEIGHBOUR, NO_NEIGHBOUR, 1]);
        assert_eq!(n[1], [0, NO_NEIGHBOUR, NO_NEIGHBOUR]);
        // A third triangle on the same directed edge as the first is not paired.
        let n = neighbours(&[[0, 1, 2], [0, 2, 3], [2, 0, 4]]);
        assert_eq!(n[2], [NO_NEIGHBOUR; 3]);
        let mesh = TriangleNavmesh {
            vertices: vec![
                [0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [1.0, 1.0, 0.0],
                [0.0, 1.0, 0.0],
            ],
            neighbours: neighbours(&tris),
            triangles: tris.to_vec(),
            polygon_of: vec![0, 0],
        };
        assert_eq!(mesh.shared_edges(), 1);
        assert_eq!(mesh.components(), vec![2]);
        assert!((mesh.plan_area() - 1.0).abs() < 1e-12);
        let model = mesh.to_model();
        assert_eq!((model.areas.len(), model.connections.len()), (2, 2));
    }
}
