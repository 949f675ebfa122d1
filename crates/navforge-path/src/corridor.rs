//! The fast mode for polygon meshes: A* over polygons (each entered at the middle of its portal,
//! as Detour does), then the funnel through the corridor's portals. Not always the shortest path,
//! but close, and the corridor is what steering code follows.

use crate::anyangle::PlanePath;
use crate::astar::AStar;
use crate::funnel::{Portal, funnel, polyline_length};
use crate::polymesh::{NONE, PolyMesh, dist};

/// A corridor path: polygons crossed and the funnelled points.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CorridorPath {
    /// Polygons from the start's to the goal's.
    pub corridor: Vec<u32>,
    /// The funnelled path.
    pub path: PlanePath,
}

/// Reusable corridor search state for one mesh.
pub struct Corridor<'m> {
    mesh: &'m PolyMesh,
    search: AStar,
    /// Where each polygon was entered (the middle of its portal, or the goal).
    pos: Vec<[f64; 2]>,
}

impl<'m> Corridor<'m> {
    /// Search state for `mesh`.
    pub fn new(mesh: &'m PolyMesh) -> Self {
        let n = mesh.polygon_count();
        Corridor {
            mesh,
            search: AStar::new(n),
            pos: vec![[0.0; 2]; n],
        }
    }

    /// The corridor and funnelled path from `start` in polygon `from` to `goal` in polygon `to`.
    pub fn path(
        &mut self,
        start: [f64; 2],
        from: u32,
        goal: [f64; 2],
        to: u32,
    ) -> Option<CorridorPath> {
        let corridor = self.corridor(start, from, goal, to)?;
        let portals = self.portals(&corridor);
        let points: Vec<[f64; 2]> = funnel(start, &portals, goal)
            .into_iter()
            .map(|p| p.0)
            .collect();
        Some(CorridorPath {
            corridor,
            path: PlanePath {
                length: polyline_length(&points),
                points,
            },
        })
    }

    /// Polygons from `from` to `to` by A* over portal midpoints.
    pub fn corridor(
        &mut self,
        start: [f64; 2],
        from: u32,
        goal: [f64; 2],
        to: u32,
    ) -> Option<Vec<u32>> {
        let mesh = self.mesh;
        let count = mesh.polygon_count() as u32;
        if from >= count || to >= count {
            return None;
        }
        let search = &mut self.search;
        search.begin(from, dist(start, goal));
        self.pos[from as usize] = start;
        while let Some(poly) = search.pop() {
            if poly == to {
                return Some(search.trace(to));
            }
            let p = poly as usize;
            let (a0, b0) = mesh.range(poly);
            let n = b0 - a0;
            for k in 0..n {
                let q = mesh.neighbour_at(a0 + k);
                if q == NONE || search.is_closed(q) {
                    continue;
                }
                let a = mesh.point(mesh.vert_at(a0 + k));
                let b = mesh.point(mesh.vert_at(a0 + (k + 1) % n));
                let at = if q == to {
                    goal
                } else {
                    [(a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5]
                };
                let g = search.g[p] + dist(self.pos[p], at);
                if search.relax(poly, q, g, || dist(at, goal)) {
                    self.pos[q as usize] = at;
                }
            }
        }
        None
    }

    /// The shared edges of consecutive corridor polygons, as (left, right) walking forward.
    pub fn portals(&self, corridor: &[u32]) -> Vec<Portal> {
        let mesh = self.mesh;
        corridor
            .windows(2)
            .filter_map(|w| {
                let (a0, b0) = mesh.range(w[0]);
                let n = b0 - a0;
                (0..n)
                    .find(|&k| mesh.neighbour_at(a0 + k) == w[1])
                    .map(|k| {
                        let a = mesh.point(mesh.vert_at(a0 + k));
                        let b = mesh.point(mesh.vert_at(a0 + (k + 1) % n));
                        (b, a)
                    })
            })
            .collect()
    }
}
