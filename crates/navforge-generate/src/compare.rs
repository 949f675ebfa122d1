//! Agreement between two meshes, as issue 14 defines it: sample one mesh's areas on an 8-unit
//! XY lattice (heights from the area surface, each quad as triangles 0-1-2 and 0-2-3); a sample is
//! covered when an area of the other mesh contains it in XY within 20 units of height.

use std::collections::{HashMap, HashSet};

use navforge_core::model::NavMesh;

type Tri = [[f32; 3]; 3];

fn triangles(mesh: &NavMesh) -> Vec<Tri> {
    let mut out = Vec::new();
    for a in &mesh.areas {
        for i in 1..a.polygon.len().saturating_sub(1) {
            out.push([a.polygon[0], a.polygon[i], a.polygon[i + 1]]);
        }
    }
    out
}

fn height_at(t: &Tri, x: f64, y: f64) -> Option<f64> {
    let p = |k: usize| (t[k][0] as f64, t[k][1] as f64, t[k][2] as f64);
    let ((x1, y1, z1), (x2, y2, z2), (x3, y3, z3)) = (p(0), p(1), p(2));
    let det = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3);
    if det.abs() < 1e-9 {
        return None;
    }
    let a = ((y2 - y3) * (x - x3) + (x3 - x2) * (y - y3)) / det;
    let b = ((y3 - y1) * (x - x3) + (x1 - x3) * (y - y3)) / det;
    let c = 1.0 - a - b;
    let eps = -1e-6;
    if a < eps || b < eps || c < eps {
        return None;
    }
    Some(a * z1 + b * z2 + c * z3)
}

fn bounds(t: &Tri) -> (f64, f64, f64, f64) {
    let xs = t.map(|p| p[0] as f64);
    let ys = t.map(|p| p[1] as f64);
    let min = |v: [f64; 3]| v[0].min(v[1]).min(v[2]);
    let max = |v: [f64; 3]| v[0].max(v[1]).max(v[2]);
    (min(xs), max(xs), min(ys), max(ys))
}

fn samples(mesh: &NavMesh, grid: f64) -> HashSet<(i64, i64, i64)> {
    let mut pts = HashSet::new();
    for t in triangles(mesh) {
        let (x0, x1, y0, y1) = bounds(&t);
        // Degenerate or absurd triangles are skipped rather than sampled without bound.
        if !(x0.is_finite() && x1.is_finite() && y0.is_finite() && y1.is_finite())
            || (x1 - x0) / grid > 1e5
            || (y1 - y0) / grid > 1e5
        {
            continue;
        }
        for gx in (x0 / grid).ceil() as i64..=(x1 / grid).floor() as i64 {
            for gy in (y0 / grid).ceil() as i64..=(y1 / grid).floor() as i64 {
                if let Some(z) = height_at(&t, gx as f64 * grid, gy as f64 * grid) {
                    pts.insert((gx, gy, (z / 4.0).round() as i64));
                }
            }
        }
    }
    pts
}

fn coverage(pts: &HashSet<(i64, i64, i64)>, other: &NavMesh, grid: f64, step: f64) -> f64 {
    const CELL: f64 = 64.0;
    let mut index: HashMap<(i64, i64), Vec<Tri>> = HashMap::new();
    for t in triangles(other) {
        let (x0, x1, y0, y1) = bounds(&t);
        if !(x0.is_finite() && x1.is_finite() && y0.is_finite() && y1.is_finite())
            || (x1 - x0) / CELL > 1e4
            || (y1 - y0) / CELL > 1e4
        {
            continue;
        }
        for cx in (x0 / CELL).floor() as i64..=(x1 / CELL).floor() as i64 {
            for cy in (y0 / CELL).floor() as i64..=(y1 / CELL).floor() as i64 {
                index.entry((cx, cy)).or_default().push(t);
            }
        }
    }
    if pts.is_empty() {
        return 0.0;
    }
    let hit = pts
        .iter()
        .filter(|&&(gx, gy, zq)| {
            let (x, y, z) = (gx as f64 * grid, gy as f64 * grid, zq as f64 * 4.0);
            let key = ((x / CELL).floor() as i64, (y / CELL).floor() as i64);
            index.get(&key).is_some_and(|ts| {
                ts.iter()
                    .any(|t| height_at(t, x, y).is_some_and(|h| (h - z).abs() <= step))
            })
        })
        .count();
    hit as f64 / pts.len() as f64
}

/// Recall and precision of `generated` against `reference`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agreement {
    /// Share of the reference's samples the generated mesh covers.
    pub recall: f64,
    /// Share of the generated mesh's samples the reference covers.
    pub precision: f64,
}

/// Compare on an 8-unit lattice with a 20-unit height tolerance (the measure).
pub fn agreement(reference: &NavMesh, generated: &NavMesh) -> Agreement {
    agreement_with(reference, generated, 8.0, 20.0)
}

/// Compare with another lattice pitch and height tolerance.
pub fn agreement_with(reference: &NavMesh, generated: &NavMesh, grid: f64, step: f64) -> Agreement {
    let grid = if grid.is_finite() && grid > 0.0 {
        grid
    } else {
        8.0
    };
    Agreement {
        recall: coverage(&samples(reference, grid), generated, grid, step),
        precision: coverage(&samples(generated, grid), reference, grid, step),
    }
}
