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

use crate::model::NavMesh;
use std::collections::{HashMap, HashSet};

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
            step: 18.0 * inch,
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
pub fn triangulate(mesh: &NavMesh) -> AreaTriangles {
    let mesh = mesh.to_z_up();
    let tol = Tolerances::of(mesh.format);
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

/// Which areas' triangles may be neighbours.
struct Joins {
    /// Area index pairs (smaller first) a connection joins; `None`: every pair may.
    pairs: Option<HashSet<(usize, usize)>>,
}

impl Joins {
    fn of(mesh: &NavMesh) -> Joins {
        if mesh.connections.is_empty() {
            return Joins { pairs: None };
        }
        let index: HashMap<u64, usize> = mesh
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id, i))
            .collect();
        let pairs = mesh
            .connections
            .iter()
            .filter_map(|c| Some((*index.get(&c.from)?, *index.get(&c.to)?)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        Joins { pairs: Some(pairs) }
    }

    fn allow(&self, a: usize, b: usize) -> bool {
        a == b
            || self
                .pairs
                .as_ref()
                .is_none_or(|p| p.contains(&(a.min(b), a.max(b))))
    }
}

/// One side of an edge: a triangle, its edge index, and whether it runs from the smaller
/// horizontal place to the larger.
type Side = (u32, usize, bool);

/// Whether two sides over the same horizontal places meet within a step height at both ends (a
/// ledge right above another's edge does not).
fn level(t: &AreaTriangles, x: Side, y: Side, tol: &Tolerances) -> bool {
    let ends = |(ti, k, forward): Side| {
        let tri = t.triangles[ti as usize];
        let (a, b) = (tri[k], tri[(k + 1) % 3]);
        let (a, b) = if forward { (a, b) } else { (b, a) };
        [t.vertices[a as usize][2], t.vertices[b as usize][2]]
    };
    let (p, q) = (ends(x), ends(y));
    (p[0] - q[0]).abs() <= tol.step && (p[1] - q[1]).abs() <= tol.step
}

fn pair_edges(
    t: &AreaTriangles,
    places: &[usize],
    joins: &Joins,
    tol: &Tolerances,
) -> Vec<[Option<u32>; 3]> {
    // A fan centre belongs to its own area only: it gets a place no corner shares.
    let key = |v: u32| {
        places
            .get(v as usize)
            .copied()
            .unwrap_or(places.len() + v as usize)
    };
    let mut sides: HashMap<(usize, usize), Vec<Side>> = HashMap::new();
    for (ti, tri) in t.triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (key(tri[k]), key(tri[(k + 1) % 3]));
            if a != b {
                sides
                    .entry((a.min(b), a.max(b)))
                    .or_default()
                    .push((ti as u32, k, a < b));
            }
        }
    }
    // Candidate pairs in key order (never the hash map's), opposite-running first.
    let mut keys_sorted: Vec<_> = sides.keys().copied().collect();
    keys_sorted.sort_unstable();
    let area = |s: Side| t.areas[s.0 as usize];
    let mut opposite = Vec::new();
    let mut same_way = Vec::new();
    for k in &keys_sorted {
        let s = &sides[k];
        for (i, &x) in s.iter().enumerate() {
            for &y in &s[i + 1..] {
                if x.0 != y.0 && level(t, x, y, tol) {
                    if x.2 != y.2 {
                        &mut opposite
                    } else {
                        &mut same_way
                    }
                    .push((x, y));
                }
            }
        }
    }
    // The areas that must end up joined: those a connection joins and that touch, and what
    // they join in turn.
    let areas = t.areas.iter().max().map_or(0, |&m| m + 1);
    let mut contact = UnionFind::new(areas);
    for &(x, y) in opposite.iter().chain(&same_way) {
        if joins.allow(area(x), area(y)) {
            contact.union(area(x), area(y));
        }
    }
    let mut neighbours = vec![[None; 3]; t.triangles.len()];
    let free = |n: &[[Option<u32>; 3]], (x, y): (Side, Side)| {
        n[x.0 as usize][x.1].is_none() && n[y.0 as usize][y.1].is_none()
    };
    let link = |n: &mut [[Option<u32>; 3]], (x, y): (Side, Side)| {
        n[x.0 as usize][x.1] = Some(y.0);
        n[y.0 as usize][y.1] = Some(x.0);
    };
    // An area's own triangles first (a fan's inner edges).
    for &p in opposite.iter().filter(|p| area(p.0) == area(p.1)) {
        if free(&neighbours, p) {
            link(&mut neighbours, p);
        }
    }
    // Then, per pair of areas that must be joined, one link by any edge they share, the pairs
    // with the fewest shared edges first so that no edge another pair needs is spent early.
    let mut by_pair: HashMap<(usize, usize), Vec<(Side, Side)>> = HashMap::new();
    for &p in opposite.iter().chain(&same_way) {
        let (a, b) = (area(p.0), area(p.1));
        if a != b && contact.find(a) == contact.find(b) {
            by_pair.entry((a.min(b), a.max(b))).or_default().push(p);
        }
    }
    let mut pairs: Vec<_> = by_pair.into_iter().collect();
    pairs.sort_unstable_by_key(|(key, edges)| (edges.len(), *key));
    let mut joined = UnionFind::new(areas);
    for ((a, b), edges) in &pairs {
        if joined.find(*a) == joined.find(*b) {
            continue;
        }
        if let Some(&p) = edges.iter().find(|&&p| free(&neighbours, p)) {
            link(&mut neighbours, p);
            joined.union(*a, *b);
        }
    }
    // Then every other edge the same area or a connection joins across.
    for &p in &opposite {
        if joins.allow(area(p.0), area(p.1)) && free(&neighbours, p) {
            link(&mut neighbours, p);
        }
    }
    neighbours
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }
    /// Join the sets of `a` and `b`; whether they were apart.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra] = rb;
        ra != rb
    }
}

/// Welded vertices, each one's horizontal place (vertices within the weld radius of each other
/// horizontally share one, whatever their heights), and per polygon its corners as vertex
/// indices with T-junction vertices inserted; `grown[i]` says whether polygon `i` gained vertices.
struct Welded {
    vertices: Vec<[f32; 3]>,
    places: Vec<usize>,
    polygons: Vec<Vec<usize>>,
    grown: Vec<bool>,
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

fn weld(polygons: &[&[[f32; 3]]], tol: &Tolerances) -> Welded {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Area, Connection, ConnectionKind};

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
        let mesh = NavMesh {
            areas: vec![
                square(1, 0.0, 0.0, 2.0, 0.0),
                square(2, 2.0, 0.0, 1.0, 0.0),
                square(3, 2.0, 1.0, 1.0, 0.5),
            ],
            ..NavMesh::default()
        };
        let t = triangulate(&mesh);
        assert!(linked(&t, 0, 1) && linked(&t, 0, 2) && linked(&t, 1, 2));
        // The big square is fanned from its centre: 5 ring corners.
        assert_eq!(t.areas.iter().filter(|&&a| a == 0).count(), 5);
        // (2, 2, 0.5) welded to (2, 2, 0): within the step height; plus the centre.
        assert_eq!(t.vertices.len(), 9);
    }

    #[test]
    fn touching_areas_without_a_connection_are_not_neighbours() {
        let connect = |from, to| Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: None,
        };
        let mesh = NavMesh {
            areas: vec![
                square(1, 0.0, 0.0, 1.0, 0.0),
                square(2, 1.0, 0.0, 1.0, 0.0),
                square(3, 2.0, 0.0, 1.0, 0.0),
            ],
            connections: vec![connect(2, 1)],
            ..NavMesh::default()
        };
        let t = triangulate(&mesh);
        assert!(linked(&t, 0, 1) && linked(&t, 1, 0));
        assert!(
            !linked(&t, 1, 2),
            "areas 2 and 3 touch but nothing connects them"
        );
    }

    #[test]
    fn an_edge_three_overlapping_areas_share_links_all_of_them() {
        // Area 1 west of x = 1; areas 2 and 3 overlap east of it: 1 connects to both.
        let connect = |from, to| Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: None,
        };
        let mesh = NavMesh {
            areas: vec![
                square(1, 0.0, 0.0, 1.0, 0.0),
                square(2, 1.0, 0.0, 1.0, 0.0),
                square(3, 1.0, 0.0, 1.0, 0.0),
            ],
            connections: vec![connect(1, 2), connect(1, 3)],
            ..NavMesh::default()
        };
        let t = triangulate(&mesh);
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
        let t = triangulate(&mesh);
        assert!(t.dropped.is_empty());
        assert_eq!(t.triangles.len(), 1);
    }
}
