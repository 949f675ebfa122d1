//! Convex polygon meshes in the plane, the input of the any-angle and corridor searches: read
//! from Polyanya `.mesh` files, built from grid maps (`grid_mesh`) and from the common model's
//! polygon areas (Bethesda, MGSV, OBJ builds).

use crate::error::{PathError, Result};
use crate::text::Tokens;

/// "No polygon" in neighbour lists.
pub const NONE: u32 = u32::MAX;

/// A planar mesh of convex polygons wound counter-clockwise. Edge `k` of a polygon runs from its
/// vertex `k` to vertex `k + 1` (wrapping); its neighbour across that edge is `NONE` for a wall.
#[derive(Debug, Clone, Default)]
pub struct PolyMesh {
    /// Vertex positions (x, y).
    pub vertices: Vec<[f64; 2]>,
    /// Vertex heights (0 for planar inputs), for waypoints in 3D.
    pub heights: Vec<f64>,
    /// Polygon `p`'s vertices and neighbours are `start[p]..start[p + 1]` of `verts`/`neighbours`.
    start: Vec<u32>,
    verts: Vec<u32>,
    neighbours: Vec<u32>,
    /// For each polygon edge with a neighbour: that edge's index in the neighbour.
    twin: Vec<u32>,
    /// Vertices touching a wall edge: the only points where a taut path can bend.
    corner: Vec<bool>,
    /// Neighbour count of each polygon (cul-de-sac pruning).
    degree: Vec<u8>,
    /// The model area each polygon came from, where it came from one.
    pub area_ids: Vec<u64>,
}

impl PolyMesh {
    /// Number of polygons.
    pub fn polygon_count(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Vertex indices of polygon `p`, counter-clockwise.
    pub fn polygon(&self, p: u32) -> &[u32] {
        let (a, b) = self.range(p);
        &self.verts[a..b]
    }

    /// Neighbours of polygon `p`: entry `k` lies across edge `k`.
    pub fn neighbours(&self, p: u32) -> &[u32] {
        let (a, b) = self.range(p);
        &self.neighbours[a..b]
    }

    #[inline]
    pub(crate) fn range(&self, p: u32) -> (usize, usize) {
        (
            self.start[p as usize] as usize,
            self.start[p as usize + 1] as usize,
        )
    }

    #[inline]
    pub(crate) fn twin_at(&self, flat: usize) -> u32 {
        self.twin[flat]
    }

    #[inline]
    pub(crate) fn neighbour_at(&self, flat: usize) -> u32 {
        self.neighbours[flat]
    }

    #[inline]
    pub(crate) fn vert_at(&self, flat: usize) -> u32 {
        self.verts[flat]
    }

    #[inline]
    pub(crate) fn is_corner(&self, v: u32) -> bool {
        self.corner[v as usize]
    }

    #[inline]
    pub(crate) fn degree(&self, p: u32) -> u8 {
        self.degree[p as usize]
    }

    /// Vertex position.
    #[inline]
    pub fn point(&self, v: u32) -> [f64; 2] {
        self.vertices[v as usize]
    }

    /// Build from vertices and polygons (vertex lists and neighbour lists, edge `k` from vertex `k`
    /// to `k + 1`). Polygons wound clockwise are turned; neighbour links that the other polygon
    /// does not return become walls; `what(p)` names polygon `p` in errors.
    pub fn build(
        vertices: Vec<[f64; 2]>,
        heights: Vec<f64>,
        polygons: Vec<(Vec<u32>, Vec<u32>)>,
        what: impl Fn(usize) -> String,
    ) -> Result<PolyMesh> {
        let nv = vertices.len();
        let np = polygons.len();
        if np >= NONE as usize || nv >= NONE as usize {
            return Err(PathError::Unsupported(
                "more than 2^32 polygons or vertices".into(),
            ));
        }
        let mut m = PolyMesh {
            vertices,
            heights,
            start: Vec::with_capacity(np + 1),
            corner: vec![false; nv],
            degree: Vec::with_capacity(np),
            ..PolyMesh::default()
        };
        m.heights.resize(nv, 0.0);
        m.start.push(0);
        for (p, (mut vs, mut ns)) in polygons.into_iter().enumerate() {
            if vs.len() < 3 || vs.len() != ns.len() || vs.len() > 1024 {
                return Err(PathError::Unsupported(format!(
                    "{}: {} vertices and {} neighbours",
                    what(p),
                    vs.len(),
                    ns.len()
                )));
            }
            if let Some(&v) = vs.iter().find(|&&v| v as usize >= nv) {
                return Err(PathError::Unsupported(format!(
                    "{}: vertex {v} of {nv}",
                    what(p)
                )));
            }
            if let Some(&n) = ns.iter().find(|&&n| n != NONE && n as usize >= np) {
                return Err(PathError::Unsupported(format!(
                    "{}: neighbour {n} of {np}",
                    what(p)
                )));
            }
            let pts: Vec<[f64; 2]> = vs.iter().map(|&v| m.vertices[v as usize]).collect();
            if signed_area(&pts) < 0.0 {
                // Reverse the winding; edge k (v_k -> v_k+1) becomes the edge before the reversed vertex.
                vs.reverse();
                ns.reverse();
                ns.rotate_left(1);
            }
            m.verts.extend_from_slice(&vs);
            m.neighbours.extend_from_slice(&ns);
            m.start.push(m.verts.len() as u32);
        }
        // Twins: the neighbour must hold the same edge reversed; otherwise the link is a wall.
        m.twin = vec![NONE; m.verts.len()];
        for p in 0..np as u32 {
            let (a, b) = m.range(p);
            let n = b - a;
            for k in 0..n {
                let q = m.neighbours[a + k];
                if q == NONE {
                    continue;
                }
                let (u, w) = (m.verts[a + k], m.verts[a + (k + 1) % n]);
                let (qa, qb) = m.range(q);
                let qn = qb - qa;
                let j = (0..qn).find(|&j| {
                    m.verts[qa + j] == w
                        && m.verts[qa + (j + 1) % qn] == u
                        && m.neighbours[qa + j] == p
                });
                match j {
                    Some(j) => m.twin[a + k] = j as u32,
                    None => m.neighbours[a + k] = NONE,
                }
            }
        }
        m.split_pinched_vertices();
        m.corner = vec![false; m.vertices.len()];
        for p in 0..np as u32 {
            let (a, b) = m.range(p);
            let n = b - a;
            let mut degree = 0u8;
            for k in 0..n {
                if m.neighbours[a + k] == NONE {
                    m.corner[m.verts[a + k] as usize] = true;
                    m.corner[m.verts[a + (k + 1) % n] as usize] = true;
                } else {
                    degree = degree.saturating_add(1);
                }
            }
            m.degree.push(degree);
        }
        Ok(m)
    }

    /// Give each fan of polygons around a vertex its own copy of the vertex. Real meshes pinch:
    /// floors touching only at a corner, triangle soups meeting at a point, grid cells touching
    /// diagonally. The any-angle search keeps one best way to each corner vertex, which is only
    /// right when a corner reached from one fan is the same place to go on from as from the
    /// other; it is not, since no edge joins the fans.
    fn split_pinched_vertices(&mut self) {
        let np = self.polygon_count() as u32;
        // Every polygon corner, grouped by vertex: (vertex, polygon, flat index).
        let mut corners: Vec<(u32, u32, usize)> = Vec::with_capacity(self.verts.len());
        for p in 0..np {
            let (a, b) = self.range(p);
            for f in a..b {
                corners.push((self.verts[f], p, f));
            }
        }
        corners.sort_unstable();
        let mut group_start = 0;
        let mut fan = navforge_core::union_find::UnionFind::default();
        while group_start < corners.len() {
            let v = corners[group_start].0;
            let mut end = group_start + 1;
            while end < corners.len() && corners[end].0 == v {
                end += 1;
            }
            let group = &corners[group_start..end];
            group_start = end;
            if group.len() < 2 {
                continue;
            }
            // Union the polygons around `v` that are neighbours across an edge through `v`.
            fan.reset(group.len());
            for (i, &(_, p, f)) in group.iter().enumerate() {
                let (a, b) = self.range(p);
                let before = if f == a { b - 1 } else { f - 1 };
                for q in [self.neighbours[f], self.neighbours[before]] {
                    if q == NONE {
                        continue;
                    }
                    if let Some(j) = group.iter().position(|c| c.1 == q) {
                        fan.union(i, j);
                    }
                }
            }
            // The first fan keeps `v`; each other fan gets a copy.
            let first = fan.find(0);
            let mut copy_of: Vec<(usize, u32)> = Vec::new();
            for (i, &(_, _, f)) in group.iter().enumerate() {
                let r = fan.find(i);
                if r == first {
                    continue;
                }
                let copy = match copy_of.iter().find(|c| c.0 == r) {
                    Some(c) => c.1,
                    None => {
                        let c = self.vertices.len() as u32;
                        self.vertices.push(self.vertices[v as usize]);
                        self.heights.push(self.heights[v as usize]);
                        copy_of.push((r, c));
                        c
                    }
                };
                self.verts[f] = copy;
            }
        }
    }

    /// Read a Polyanya `.mesh` file (format version 2; version 1 is accepted and converted).
    pub fn parse_mesh(text: &str) -> Result<PolyMesh> {
        let mut t = Tokens::new("polyanya-mesh", text);
        t.expect("mesh")?;
        let version: u32 = t.number("version")?;
        if version != 1 && version != 2 {
            return Err(t.error(format!("version {version}; versions 1 and 2 are known")));
        }
        let nv: usize = t.number("vertex count")?;
        let np: usize = t.number("polygon count")?;
        // Each vertex takes at least 4 characters and each polygon 8: counts beyond that are lies.
        if nv.saturating_mul(4) > text.len() || np.saturating_mul(8) > text.len() {
            return Err(t.error(format!(
                "{nv} vertices and {np} polygons cannot fit in the file"
            )));
        }
        let mut vertices = Vec::with_capacity(nv);
        for i in 0..nv {
            let x = t.float(&format!("vertex {i} x"))?;
            let y = t.float(&format!("vertex {i} y"))?;
            let n: usize = t.number(&format!("vertex {i} neighbour count"))?;
            for _ in 0..n {
                let p: i64 = t.number(&format!("vertex {i} neighbour"))?;
                if p < -1 || p >= np as i64 {
                    return Err(t.error(format!("vertex {i}: polygon {p} of {np}")));
                }
            }
            vertices.push([x, y]);
        }
        let mut polygons = Vec::with_capacity(np);
        let mut lines = Vec::with_capacity(np);
        for i in 0..np {
            let n: usize = t.number(&format!("polygon {i} vertex count"))?;
            lines.push(t.line());
            if !(3..=1024).contains(&n) {
                return Err(t.error(format!("polygon {i}: {n} vertices")));
            }
            let mut vs = Vec::with_capacity(n);
            for _ in 0..n {
                let v: usize = t.number(&format!("polygon {i} vertex"))?;
                if v >= nv {
                    return Err(t.error(format!("polygon {i}: vertex {v} of {nv}")));
                }
                vs.push(v as u32);
            }
            let mut ns = Vec::with_capacity(n);
            for _ in 0..n {
                let p: i64 = t.number(&format!("polygon {i} neighbour"))?;
                if p < -1 || p >= np as i64 {
                    return Err(t.error(format!("polygon {i}: neighbour {p} of {np}")));
                }
                ns.push(if p < 0 { NONE } else { p as u32 });
            }
            // Version 2: neighbour k lies across v[k-1]..v[k]; ours across v[k]..v[k+1].
            // Version 1: across v[k]..v[k+1] already.
            if version == 2 {
                ns.rotate_left(1);
            }
            polygons.push((vs, ns));
        }
        if !t.at_end() {
            return Err(t.error("text after the last polygon"));
        }
        PolyMesh::build(vertices, Vec::new(), polygons, |p| {
            format!("polyanya-mesh: line {}: polygon {p}", lines[p])
        })
        .map_err(|e| match e {
            PathError::Unsupported(m) => PathError::parse("polyanya-mesh", 0, m),
            e => e,
        })
    }

    /// Whether `p` lies inside or on the boundary of polygon `poly` (tolerance `eps`).
    pub fn contains(&self, poly: u32, p: [f64; 2], eps: f64) -> bool {
        let vs = self.polygon(poly);
        let n = vs.len();
        (0..n).all(|k| {
            let a = self.point(vs[k]);
            let b = self.point(vs[(k + 1) % n]);
            let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            cross(a, b, p) >= -eps * len.max(1e-12)
        })
    }

    /// The height of polygon `poly`'s surface at `p` (its plane through the first three corners, or
    /// the mean height when they are collinear in plan).
    pub fn height_at(&self, poly: u32, p: [f64; 2]) -> f64 {
        let vs = self.polygon(poly);
        let q = |v: u32| {
            let [x, y] = self.point(v);
            [x, y, self.heights[v as usize]]
        };
        surface_height(vs.iter().map(|&v| q(v)), p)
    }

    /// Bounding box of polygon `p`: min x, min y, max x, max y.
    pub fn bounds(&self, p: u32) -> [f64; 4] {
        let mut b = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for &v in self.polygon(p) {
            let [x, y] = self.point(v);
            b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        b
    }
}

/// Height at `p` on the plane of a polygon's corners: a least-effort fit through the corner with
/// the widest plan triangle, falling back to the mean height.
pub(crate) fn surface_height(corners: impl Iterator<Item = [f64; 3]>, p: [f64; 2]) -> f64 {
    let c: Vec<[f64; 3]> = corners.collect();
    let n = c.len();
    if n == 0 {
        return 0.0;
    }
    let mean = c.iter().map(|q| q[2]).sum::<f64>() / n as f64;
    if n < 3 {
        return mean;
    }
    // Barycentric interpolation over the fan triangle from corner 0 that holds p (or the nearest).
    let a = c[0];
    let mut best = (f64::INFINITY, mean);
    for k in 1..n - 1 {
        let (b, d) = (c[k], c[k + 1]);
        let det = (b[0] - a[0]) * (d[1] - a[1]) - (d[0] - a[0]) * (b[1] - a[1]);
        if det.abs() < 1e-12 {
            continue;
        }
        let u = ((p[0] - a[0]) * (d[1] - a[1]) - (d[0] - a[0]) * (p[1] - a[1])) / det;
        let v = ((b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])) / det;
        let outside = (-u).max(0.0) + (-v).max(0.0) + (u + v - 1.0).max(0.0);
        if outside < best.0 {
            best = (outside, a[2] + u * (b[2] - a[2]) + v * (d[2] - a[2]));
        }
    }
    best.1
}

/// Twice the signed area of a polygon (positive when counter-clockwise).
pub(crate) fn signed_area(pts: &[[f64; 2]]) -> f64 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

fn perimeter(pts: &[[f64; 2]]) -> f64 {
    (0..pts.len())
        .map(|i| dist(pts[i], pts[(i + 1) % pts.len()]))
        .sum()
}

/// `(b - a) × (c - a)`: positive when `c` is left of the line from `a` to `b`.
#[inline]
pub(crate) fn cross(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

#[inline]
pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

impl PolyMesh {
    /// The polygon areas of a model (Bethesda, MGSV, OBJ builds), turned Z up; polygons sharing an
    /// edge (the same two corners in 3D, in opposite order) become neighbours. `area_ids` maps
    /// each polygon back to its area.
    pub fn from_model(mesh: &navforge_core::model::NavMesh) -> Result<PolyMesh> {
        use std::collections::HashMap;
        let mesh = crate::model_read::z_up(mesh);
        if mesh.areas.is_empty() {
            return Err(PathError::Empty("areas"));
        }
        let mut vertex_of: HashMap<[u32; 3], u32> = HashMap::new();
        let mut vertices = Vec::new();
        let mut heights = Vec::new();
        let mut polygons = Vec::with_capacity(mesh.areas.len());
        let mut area_ids = Vec::with_capacity(mesh.areas.len());
        for a in &mesh.areas {
            let mut vs: Vec<u32> = Vec::with_capacity(a.polygon.len());
            for p in &a.polygon {
                if !p.iter().all(|c| c.is_finite()) {
                    return Err(PathError::Unsupported(format!(
                        "area {}: a corner is not finite",
                        a.id
                    )));
                }
                let key = p.map(f32::to_bits);
                let v = *vertex_of.entry(key).or_insert_with(|| {
                    vertices.push([p[0] as f64, p[1] as f64]);
                    heights.push(p[2] as f64);
                    (vertices.len() - 1) as u32
                });
                if vs.last() != Some(&v) {
                    vs.push(v);
                }
            }
            while vs.len() > 1 && vs.first() == vs.last() {
                vs.pop();
            }
            if vs.len() < 3 || vs.len() > 1024 {
                continue; // degenerate: no surface to walk on
            }
            // Seen from above, a wall (or a sliver) has no area: nothing to walk on, and the
            // plane searches cannot cross it.
            let plan: Vec<[f64; 2]> = vs.iter().map(|&v| vertices[v as usize]).collect();
            if signed_area(&plan).abs() <= 1e-9 * perimeter(&plan).powi(2) {
                continue;
            }
            let n = vs.len();
            polygons.push((vs, vec![NONE; n]));
            area_ids.push(a.id);
        }
        // Orient every polygon counter-clockwise before matching edges.
        for (vs, _) in &mut polygons {
            let pts: Vec<[f64; 2]> = vs.iter().map(|&v| vertices[v as usize]).collect();
            if signed_area(&pts) < 0.0 {
                vs.reverse();
            }
        }
        let mut edge_of: HashMap<(u32, u32), (u32, usize)> = HashMap::new();
        for (p, (vs, _)) in polygons.iter().enumerate() {
            for k in 0..vs.len() {
                edge_of.insert((vs[k], vs[(k + 1) % vs.len()]), (p as u32, k));
            }
        }
        for (p, (vs, ns)) in polygons.iter_mut().enumerate() {
            let n = vs.len();
            for k in 0..n {
                let (u, w) = (vs[k], vs[(k + 1) % n]);
                if let Some(&(q, _)) = edge_of.get(&(w, u))
                    && q as usize != p
                {
                    ns[k] = q;
                }
            }
        }
        let mut m = PolyMesh::build(vertices, heights, polygons, |p| {
            format!("area {}", area_ids[p])
        })?;
        m.area_ids = area_ids;
        Ok(m)
    }
}
