//! Point location: an R*-tree (`rstar`) over polygon boxes finds the polygon under a point,
//! floor by floor, and the nearest polygon to a point; another over nodes finds the nearest node.

use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use crate::polymesh::{PolyMesh, dist};

type Boxed = GeomWithData<Rectangle<[f64; 2]>, u32>;

/// Spatial index of a [`PolyMesh`]'s polygons.
pub struct Locator {
    tree: RTree<Boxed>,
}

/// Plan tolerance of "on the polygon".
const ON: f64 = 1e-6;

impl Locator {
    /// Index every polygon of `mesh` (bulk loaded).
    pub fn new(mesh: &PolyMesh) -> Self {
        let items = (0..mesh.polygon_count() as u32)
            .map(|p| {
                let b = mesh.bounds(p);
                GeomWithData::new(Rectangle::from_corners([b[0], b[1]], [b[2], b[3]]), p)
            })
            .collect();
        Locator {
            tree: RTree::bulk_load(items),
        }
    }

    /// Polygons holding the plan point `p` (inside or on the boundary).
    pub fn polygons_at(&self, mesh: &PolyMesh, p: [f64; 2]) -> Vec<u32> {
        let env = AABB::from_corners([p[0] - ON, p[1] - ON], [p[0] + ON, p[1] + ON]);
        let mut out: Vec<u32> = self
            .tree
            .locate_in_envelope_intersecting(env)
            .map(|g| g.data)
            .filter(|&q| mesh.contains(q, p, ON))
            .collect();
        out.sort_unstable();
        out
    }

    /// The polygon under `p` on its floor: of those holding `(x, y)`, the one whose surface is
    /// nearest in height to `z`.
    pub fn locate(&self, mesh: &PolyMesh, p: [f64; 3]) -> Option<u32> {
        self.polygons_at(mesh, [p[0], p[1]])
            .into_iter()
            .min_by(|&a, &b| {
                let da = (mesh.height_at(a, [p[0], p[1]]) - p[2]).abs();
                let db = (mesh.height_at(b, [p[0], p[1]]) - p[2]).abs();
                da.total_cmp(&db)
            })
    }

    /// The polygon nearest to `p` in 3D (plan distance to the polygon, height at the closest point).
    pub fn nearest(&self, mesh: &PolyMesh, p: [f64; 3]) -> Option<u32> {
        let mut best: Option<(f64, u32)> = None;
        for (g, d2) in self
            .tree
            .nearest_neighbor_iter_with_distance_2([p[0], p[1]])
        {
            if best.is_some_and(|(b, _)| d2 > b * b) {
                break;
            }
            let q = g.data;
            let c = closest_in_polygon(mesh, q, [p[0], p[1]]);
            let dz = mesh.height_at(q, c) - p[2];
            let d = (dist(c, [p[0], p[1]]).powi(2) + dz * dz).sqrt();
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, q));
            }
        }
        best.map(|(_, q)| q)
    }
}

/// The point of polygon `q` nearest to `p` in plan.
pub fn closest_in_polygon(mesh: &PolyMesh, q: u32, p: [f64; 2]) -> [f64; 2] {
    if mesh.contains(q, p, 0.0) {
        return p;
    }
    let vs = mesh.polygon(q);
    let n = vs.len();
    let mut best = (f64::INFINITY, p);
    for k in 0..n {
        let a = mesh.point(vs[k]);
        let b = mesh.point(vs[(k + 1) % n]);
        let c = closest_on_segment(a, b, p);
        let d = dist(c, p);
        if d < best.0 {
            best = (d, c);
        }
    }
    best.1
}

fn closest_on_segment(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> [f64; 2] {
    let d = [b[0] - a[0], b[1] - a[1]];
    let l2 = d[0] * d[0] + d[1] * d[1];
    if l2 == 0.0 {
        return a;
    }
    let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / l2).clamp(0.0, 1.0);
    [a[0] + d[0] * t, a[1] + d[1] * t]
}

/// Spatial index of graph nodes.
pub struct NodeLocator {
    tree: RTree<GeomWithData<[f64; 3], u32>>,
}

impl NodeLocator {
    /// Index node positions (index = position in the slice).
    pub fn new(points: &[[f64; 3]]) -> Self {
        let items = points
            .iter()
            .enumerate()
            .map(|(i, &p)| GeomWithData::new(p, i as u32))
            .collect();
        NodeLocator {
            tree: RTree::bulk_load(items),
        }
    }

    /// The node nearest to `p`.
    pub fn nearest(&self, p: [f64; 3]) -> Option<u32> {
        self.tree.nearest_neighbor(p).map(|g| g.data)
    }
}
