//! Area polygons as shared vertices for a triangle mesh: corners at the same place become one
//! vertex, and a corner of one area lying on the edge of another is inserted into that edge, so
//! that triangles on both sides of a T-junction (a small Source quad beside a big one) share
//! edges and become neighbours.

use std::collections::HashMap;

/// Corners at the same horizontal position whose heights differ by at most this much are one
/// vertex (Source's step height: nav generation puts neighbouring corners within it).
pub(crate) const WELD_HEIGHT: f32 = 18.0;
/// Horizontal distance within which a corner counts as lying on an edge.
const ON_EDGE: f64 = 0.05;
/// Corners are welded on a horizontal grid this fine (units per cell).
const WELD_GRID: f32 = 1.0 / 16.0;

/// Welded vertices and, per area, its corners as vertex indices with T-junction vertices
/// inserted; `grown[i]` says whether area `i` gained vertices.
pub(crate) struct Welded {
    pub vertices: Vec<[f32; 3]>,
    pub polygons: Vec<Vec<usize>>,
    pub grown: Vec<bool>,
}

/// Weld the polygons (all corners finite) and split their edges at other polygons' corners.
pub(crate) fn weld(polygons: &[Vec<[f32; 3]>]) -> Welded {
    let mut vertices: Vec<[f32; 3]> = Vec::new();
    let mut by_xy: HashMap<[i64; 2], Vec<usize>> = HashMap::new();
    let mut rings: Vec<Vec<usize>> = Vec::with_capacity(polygons.len());
    for poly in polygons {
        let mut ring: Vec<usize> = Vec::with_capacity(poly.len());
        for p in poly {
            let key = [
                (p[0] / WELD_GRID).round() as i64,
                (p[1] / WELD_GRID).round() as i64,
            ];
            let same = by_xy.entry(key).or_default();
            let id = match same
                .iter()
                .find(|&&v| (vertices[v][2] - p[2]).abs() <= WELD_HEIGHT)
            {
                Some(&v) => v,
                None => {
                    vertices.push(*p);
                    same.push(vertices.len() - 1);
                    vertices.len() - 1
                }
            };
            if ring.last() != Some(&id) && (ring.first() != Some(&id) || ring.len() < 2) {
                ring.push(id);
            }
        }
        if ring.len() > 1 && ring.first() == ring.last() {
            ring.pop();
        }
        rings.push(ring);
    }
    let index = AxisIndex::new(&vertices);
    let mut grown = vec![false; rings.len()];
    let polygons = rings
        .iter()
        .enumerate()
        .map(|(i, ring)| {
            let mut out = Vec::with_capacity(ring.len());
            for k in 0..ring.len() {
                let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
                out.push(a);
                let inner = index.on_segment(&vertices, a, b);
                grown[i] |= !inner.is_empty();
                out.extend(inner);
            }
            out
        })
        .collect();
    Welded {
        vertices,
        polygons,
        grown,
    }
}

/// Vertex IDs sorted by X and by Y, to find the corners near an edge without testing them all.
struct AxisIndex {
    by_x: Vec<(f32, usize)>,
    by_y: Vec<(f32, usize)>,
}

impl AxisIndex {
    fn new(vertices: &[[f32; 3]]) -> Self {
        let sorted = |axis: usize| {
            let mut v: Vec<(f32, usize)> = vertices
                .iter()
                .enumerate()
                .map(|(i, p)| (p[axis], i))
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v
        };
        AxisIndex {
            by_x: sorted(0),
            by_y: sorted(1),
        }
    }

    /// Vertices strictly inside edge `a`–`b` (horizontally within [`ON_EDGE`], in height within
    /// [`WELD_HEIGHT`]), ordered from `a` to `b`.
    fn on_segment(&self, vertices: &[[f32; 3]], a: usize, b: usize) -> Vec<usize> {
        let (p, q) = (vertices[a], vertices[b]);
        let d = [f64::from(q[0] - p[0]), f64::from(q[1] - p[1])];
        let len2 = d[0] * d[0] + d[1] * d[1];
        if len2 <= ON_EDGE * ON_EDGE {
            return Vec::new();
        }
        // Search along the axis the edge spans least (axis-aligned edges: a sliver).
        let (list, axis) = if d[0].abs() <= d[1].abs() {
            (&self.by_x, 0)
        } else {
            (&self.by_y, 1)
        };
        let lo = p[axis].min(q[axis]) - ON_EDGE as f32;
        let hi = p[axis].max(q[axis]) + ON_EDGE as f32;
        let start = list.partition_point(|&(v, _)| v < lo);
        let mut hits: Vec<(f64, usize)> = Vec::new();
        for &(v, id) in &list[start..] {
            if v > hi {
                break;
            }
            if id == a || id == b {
                continue;
            }
            let r = vertices[id];
            let w = [f64::from(r[0] - p[0]), f64::from(r[1] - p[1])];
            let t = (w[0] * d[0] + w[1] * d[1]) / len2;
            let cross = (w[0] * d[1] - w[1] * d[0]).abs() / len2.sqrt();
            let z = f64::from(p[2]) + t * f64::from(q[2] - p[2]);
            let len = len2.sqrt();
            if cross <= ON_EDGE
                && t * len > ON_EDGE
                && (1.0 - t) * len > ON_EDGE
                && (f64::from(r[2]) - z).abs() <= f64::from(WELD_HEIGHT)
            {
                hits.push((t, id));
            }
        }
        hits.sort_by(|x, y| x.0.total_cmp(&y.0));
        hits.into_iter().map(|(_, id)| id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_on_a_neighbours_edge_splits_it() {
        // A 2×2 square beside two 1×1 squares: the shared corner (2, 1) lies on the big one's
        // east edge.
        let big = vec![
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [2.0, 2.0, 0.0],
            [0.0, 2.0, 0.0],
        ];
        let low = vec![
            [2.0, 0.0, 0.0],
            [3.0, 0.0, 0.0],
            [3.0, 1.0, 0.0],
            [2.0, 1.0, 0.0],
        ];
        let high = vec![
            [2.0, 1.0, 0.5],
            [3.0, 1.0, 0.5],
            [3.0, 2.0, 0.5],
            [2.0, 2.0, 0.5],
        ];
        let w = weld(&[big, low, high]);
        assert_eq!(w.polygons[0].len(), 5);
        assert_eq!(w.grown, [true, false, false]);
        // (2, 2, 0.5) welded to (2, 2, 0): within the step height.
        assert_eq!(w.vertices.len(), 8);
    }
}
