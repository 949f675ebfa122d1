//! Welding corners into vertices and splitting edges where other polygons' corners lie on them,
//! so that polygons along the same boundary share its pieces.

use super::Tolerances;
use std::collections::HashMap;

/// Welded vertices, each one's horizontal place (vertices within the weld radius of each other
/// horizontally share one, whatever their heights), and per polygon its corners as vertex
/// indices with T-junction vertices inserted; `grown[i]` says whether polygon `i` gained vertices.
pub(super) struct Welded {
    pub(super) vertices: Vec<[f32; 3]>,
    pub(super) places: Vec<usize>,
    pub(super) polygons: Vec<Vec<usize>>,
    pub(super) grown: Vec<bool>,
}

/// The vertices so far in cells of the weld radius, to find those near a corner.
struct Cells {
    radius: f32,
    cells: HashMap<[i64; 2], Vec<usize>>,
}

impl Cells {
    fn cell(&self, p: [f32; 3]) -> [i64; 2] {
        [
            (p[0] / self.radius).floor() as i64,
            (p[1] / self.radius).floor() as i64,
        ]
    }

    /// Vertices within the weld radius of `p` horizontally.
    fn near(&self, vertices: &[[f32; 3]], p: [f32; 3]) -> Vec<usize> {
        let [cx, cy] = self.cell(p);
        let mut out = Vec::new();
        for x in cx - 1..=cx + 1 {
            for y in cy - 1..=cy + 1 {
                for &v in self.cells.get(&[x, y]).into_iter().flatten() {
                    let q = vertices[v];
                    if (q[0] - p[0]).hypot(q[1] - p[1]) <= self.radius {
                        out.push(v);
                    }
                }
            }
        }
        out
    }
}

pub(super) fn weld(polygons: &[&[[f32; 3]]], tol: &Tolerances) -> Welded {
    let mut vertices: Vec<[f32; 3]> = Vec::new();
    let mut places: Vec<usize> = Vec::new();
    let mut place_count = 0;
    let mut cells = Cells {
        radius: tol.weld_radius,
        cells: HashMap::new(),
    };
    let mut rings: Vec<Vec<usize>> = Vec::with_capacity(polygons.len());
    for poly in polygons {
        let mut ring: Vec<usize> = Vec::with_capacity(poly.len());
        for &p in poly.iter() {
            // Never weld two corners of one polygon: a tiny triangle stays a triangle.
            let near: Vec<usize> = cells
                .near(&vertices, p)
                .into_iter()
                .filter(|v| !ring.contains(v) && !ring.iter().any(|&r| places[r] == places[*v]))
                .collect();
            // The nearest in height: a corner between two floors a step apart each way joins
            // the one it is level with.
            let rise = |v: usize| (vertices[v][2] - p[2]).abs();
            let same = near
                .iter()
                .copied()
                .filter(|&v| rise(v) <= tol.weld_height)
                .min_by(|&a, &b| rise(a).total_cmp(&rise(b)));
            let id = match same {
                Some(v) => v,
                None => {
                    let place = match near.first() {
                        Some(&v) => places[v],
                        None => {
                            place_count += 1;
                            place_count - 1
                        }
                    };
                    vertices.push(p);
                    places.push(place);
                    let cell = cells.cell(p);
                    cells
                        .cells
                        .entry(cell)
                        .or_default()
                        .push(vertices.len() - 1);
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
    let mut polygons: Vec<Vec<usize>> = rings
        .iter()
        .map(|ring| {
            let mut out = Vec::with_capacity(ring.len());
            for k in 0..ring.len() {
                let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
                out.push(a);
                // A sliver's own corners lie near its own edges: they are not splits.
                let mut splits = index.on_segment(&vertices, a, b, tol);
                splits.retain(|v| !ring.contains(v));
                out.extend(one_per_place(splits, &vertices, &places, a, b));
            }
            out
        })
        .collect();
    share_splits(&mut polygons, &vertices, &places, tol);
    let grown = polygons
        .iter()
        .zip(&rings)
        .map(|(p, r)| p.len() > r.len())
        .collect();
    Welded {
        vertices,
        places,
        polygons,
        grown,
    }
}

/// Two polygons along the same stretch of boundary must split it at the same vertices, or their
/// pieces do not match: a corner 0.04 from one edge and 0.06 from its twin splits only the first.
/// So wherever a polygon runs from place `a` to place `b` through vertices lying on that
/// stretch, every polygon with an edge straight from `a` to `b` takes the same vertices, until
/// nothing changes.
fn share_splits(
    polygons: &mut [Vec<usize>],
    vertices: &[[f32; 3]],
    places: &[usize],
    tol: &Tolerances,
) {
    /// Longest run of split points looked at between two vertices of a polygon.
    const RUN: usize = 8;
    for _ in 0..RUN {
        let mut through: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        for ring in polygons.iter() {
            let n = ring.len();
            for i in 0..n {
                for len in 2..=RUN.min(n.saturating_sub(1)) {
                    let (a, b) = (ring[i], ring[(i + len) % n]);
                    let inner: Vec<usize> = (1..len).map(|k| ring[(i + k) % n]).collect();
                    if places[a] == places[b]
                        || !inner.iter().all(|&v| lies_on(vertices, a, b, v, tol))
                    {
                        break;
                    }
                    let key = (places[a], places[b]);
                    let run = through.entry(key).or_default();
                    for v in inner {
                        if !run.contains(&v) {
                            run.push(v);
                        }
                    }
                }
            }
        }
        let mut changed = false;
        for ring in polygons.iter_mut() {
            let mut out = Vec::with_capacity(ring.len());
            for k in 0..ring.len() {
                let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
                out.push(a);
                let fwd = through.get(&(places[a], places[b]));
                let back = through.get(&(places[b], places[a]));
                let mut add: Vec<usize> = fwd
                    .into_iter()
                    .chain(back)
                    .flatten()
                    .copied()
                    .filter(|&v| places[v] != places[a] && places[v] != places[b])
                    .filter(|&v| !ring.contains(&v) && lies_on(vertices, a, b, v, tol))
                    .collect();
                add.sort_by(|&x, &y| along(vertices, a, b, x).total_cmp(&along(vertices, a, b, y)));
                let add = one_per_place(add, vertices, places, a, b);
                changed |= !add.is_empty();
                out.extend(add);
            }
            *ring = out;
        }
        if !changed {
            break;
        }
    }
}

/// Splits of edge `a`–`b` (in order along it) keeping one vertex per horizontal place: where
/// corners of several heights stand, the one nearest the edge's height there.
fn one_per_place(
    splits: Vec<usize>,
    vertices: &[[f32; 3]],
    places: &[usize],
    a: usize,
    b: usize,
) -> Vec<usize> {
    let off = |v: usize| {
        let t = along(vertices, a, b, v) as f32;
        let z = vertices[a][2] + t * (vertices[b][2] - vertices[a][2]);
        (vertices[v][2] - z).abs()
    };
    let mut out: Vec<usize> = Vec::with_capacity(splits.len());
    for v in splits {
        match out.last_mut() {
            Some(last) if places[*last] == places[v] => {
                if off(v) < off(*last) {
                    *last = v;
                }
            }
            _ => out.push(v),
        }
    }
    out
}

/// Where `v` lies along `a`–`b`, from 0 at `a` to 1 at `b` (horizontally).
fn along(vertices: &[[f32; 3]], a: usize, b: usize, v: usize) -> f64 {
    let (p, q, r) = (vertices[a], vertices[b], vertices[v]);
    let d = [f64::from(q[0] - p[0]), f64::from(q[1] - p[1])];
    let w = [f64::from(r[0] - p[0]), f64::from(r[1] - p[1])];
    (w[0] * d[0] + w[1] * d[1]) / (d[0] * d[0] + d[1] * d[1]).max(f64::MIN_POSITIVE)
}

/// Whether `v` lies strictly inside `a`–`b`, horizontally within twice the on-edge distance (the
/// splits of a twin edge up to that far away), in height within a step.
fn lies_on(vertices: &[[f32; 3]], a: usize, b: usize, v: usize, tol: &Tolerances) -> bool {
    let (p, q, r) = (vertices[a], vertices[b], vertices[v]);
    let d = [f64::from(q[0] - p[0]), f64::from(q[1] - p[1])];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    if len <= f64::from(tol.on_edge) {
        return false;
    }
    let t = along(vertices, a, b, v);
    let w = [f64::from(r[0] - p[0]), f64::from(r[1] - p[1])];
    let off = (w[0] * d[1] - w[1] * d[0]).abs() / len;
    let z = f64::from(p[2]) + t * f64::from(q[2] - p[2]);
    t > 0.0
        && t < 1.0
        && off <= 2.0 * f64::from(tol.on_edge)
        && (f64::from(r[2]) - z).abs() <= f64::from(tol.step)
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

    /// Vertices strictly inside edge `a`–`b` (horizontally within the on-edge distance, in
    /// height within a step), ordered from `a` to `b`.
    fn on_segment(
        &self,
        vertices: &[[f32; 3]],
        a: usize,
        b: usize,
        tol: &Tolerances,
    ) -> Vec<usize> {
        let on_edge = f64::from(tol.on_edge);
        let (p, q) = (vertices[a], vertices[b]);
        let d = [f64::from(q[0] - p[0]), f64::from(q[1] - p[1])];
        let len2 = d[0] * d[0] + d[1] * d[1];
        if len2 <= on_edge * on_edge {
            return Vec::new();
        }
        // Search along the axis the edge spans least (axis-aligned edges: a sliver).
        let (list, axis) = if d[0].abs() <= d[1].abs() {
            (&self.by_x, 0)
        } else {
            (&self.by_y, 1)
        };
        let lo = p[axis].min(q[axis]) - tol.on_edge;
        let hi = p[axis].max(q[axis]) + tol.on_edge;
        let start = list.partition_point(|&(v, _)| v < lo);
        let len = len2.sqrt();
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
            let cross = (w[0] * d[1] - w[1] * d[0]).abs() / len;
            let z = f64::from(p[2]) + t * f64::from(q[2] - p[2]);
            if cross <= on_edge
                && t * len > on_edge
                && (1.0 - t) * len > on_edge
                && (f64::from(r[2]) - z).abs() <= f64::from(tol.step)
            {
                hits.push((t, id));
            }
        }
        hits.sort_by(|x, y| x.0.total_cmp(&y.0));
        hits.into_iter().map(|(_, id)| id).collect()
    }
}
