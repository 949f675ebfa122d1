//! What a navmesh means: consistency checks, edits (cover, vertices, grid), and the common model.

use crate::nvnm::{Cover, NvnmDocument, Parent, TRI_EDGE_LINK};
use navforge_core::model::{Area, AreaId, Connection, ConnectionKind, NavMesh};
use navforge_core::{Error, Result};

/// Area IDs in the model: `(navmesh index << 32) | triangle index`.
pub const AREA_ID_SHIFT: u32 = 32;
/// Target of an edge link to a navmesh that is not in the document:
/// `EXTERNAL_TARGET | (navmesh form ID << 16) | triangle`.
pub const EXTERNAL_TARGET: AreaId = 1 << 63;
/// Target of a door link: `DOOR_TARGET | door reference form ID`.
pub const DOOR_TARGET: AreaId = 1 << 62;

/// At most this many warnings of one navmesh are listed; the rest are counted.
const MAX_WARNINGS: usize = 40;

/// Distance (game units) a triangle must reach into a grid cell before a cell that does not list
/// it is reported. Real grids list every triangle that reaches 0.01 units inside.
const GRID_CHECK_TOLERANCE: f64 = -0.01;
/// Largest cells × triangles product checked cell by cell.
const GRID_CHECK_BUDGET: usize = 4_000_000;
/// Triangles within this distance of a cell are listed when the grid is recomputed.
const GRID_BUILD_TOLERANCE: f64 = 0.01;
/// Largest divisor `recompute_grid` keeps (real files use 1..=12).
pub const MAX_GRID_DIVISOR: u32 = 64;

/// Cover bits other than the autogen flag (bit 14). In every corpus navmesh the Skyrim cover
/// triangle list is exactly the triangles with one of these bits set, in ascending order.
pub const COVER_EDGE_BITS: u16 = 0x3FFF;

const FLAG_NAMES: [(u16, &str); 7] = [
    (1 << 3, "deleted"),
    (1 << 4, "no_large_creatures"),
    (1 << 5, "overlapping"),
    (1 << 6, "preferred"),
    (1 << 9, "water"),
    (1 << 10, "door"),
    (1 << 11, "found"),
];

/// Set on an area whose triangle is in the navmesh's cover list (not a bit of the file).
const COVER_LISTED: u64 = 1 << 32;

/// Names of the model's attribute bits: triangle flags, then the edge cover word from bit 16.
pub(crate) fn attribute_table() -> Vec<navforge_core::model::AttributeFlag> {
    let cover_bits: [(u64, &str); 5] = [
        (1 << (16 + 4), "edge01_cover_left"),
        (1 << (16 + 5), "edge01_cover_right"),
        (1 << (16 + 10), "edge12_cover_left"),
        (1 << (16 + 11), "edge12_cover_right"),
        (1 << (16 + 14), "cover_autogen"),
    ];
    let mut pairs: Vec<(u64, &str)> = FLAG_NAMES.iter().map(|&(b, n)| (u64::from(b), n)).collect();
    pairs.extend(cover_bits);
    pairs.push((COVER_LISTED, "cover"));
    NavMesh::table_of(&pairs)
}

struct Warnings {
    list: Vec<String>,
    more: usize,
}

impl Warnings {
    fn push(&mut self, w: String) {
        if self.list.len() < MAX_WARNINGS {
            self.list.push(w);
        } else {
            self.more += 1;
        }
    }
}

type P2 = [f64; 2];

/// Whether a triangle (2D) and an axis-aligned rectangle overlap, by separating axes. `eps` > 0
/// counts near misses, `eps` < 0 needs the triangle to reach that far inside.
fn tri_touches_rect(p: [P2; 3], lo: P2, hi: P2, eps: f64) -> bool {
    let tmin = |k: usize| p.iter().map(|q| q[k]).fold(f64::INFINITY, f64::min);
    let tmax = |k: usize| p.iter().map(|q| q[k]).fold(f64::NEG_INFINITY, f64::max);
    for k in 0..2 {
        if tmin(k) > hi[k] + eps || tmax(k) < lo[k] - eps {
            return false;
        }
    }
    let corners = [lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]];
    for i in 0..3 {
        let a = p[i];
        let b = p[(i + 1) % 3];
        let n = [a[1] - b[1], b[0] - a[0]];
        let len = (n[0] * n[0] + n[1] * n[1]).sqrt();
        if len == 0.0 {
            continue;
        }
        let proj = |q: P2| n[0] * q[0] + n[1] * q[1];
        let (mut t0, mut t1) = (f64::INFINITY, f64::NEG_INFINITY);
        for q in p {
            t0 = t0.min(proj(q));
            t1 = t1.max(proj(q));
        }
        let (mut r0, mut r1) = (f64::INFINITY, f64::NEG_INFINITY);
        for q in corners {
            r0 = r0.min(proj(q));
            r1 = r1.max(proj(q));
        }
        if t0 > r1 + eps * len || t1 < r0 - eps * len {
            return false;
        }
    }
    true
}

impl NvnmDocument {
    /// The three corners of a triangle, when all its vertex indices are in range.
    pub fn corners(&self, tri: usize) -> Option<[[f32; 3]; 3]> {
        let t = self.triangles.get(tri)?;
        let mut out = [[0.0; 3]; 3];
        for (o, &v) in out.iter_mut().zip(&t.vertices) {
            let p = self.vertices.get(usize::from(v))?;
            *o = [p[0].get(), p[1].get(), p[2].get()];
        }
        Some(out)
    }

    fn corners_2d(&self, tri: usize) -> Option<[P2; 3]> {
        let c = self.corners(tri)?;
        let p = c.map(|q| [f64::from(q[0]), f64::from(q[1])]);
        p.iter().flatten().all(|v| v.is_finite()).then_some(p)
    }

    fn cell_rect(&self, cell: usize) -> Option<(P2, P2)> {
        let div = self.grid.divisor as usize;
        if div == 0 {
            return None;
        }
        let (row, col) = (cell / div, cell % div);
        let w = f64::from(self.grid.cell_size[0].get());
        let h = f64::from(self.grid.cell_size[1].get());
        let x0 = f64::from(self.grid.min[0].get()) + col as f64 * w;
        let y0 = f64::from(self.grid.min[1].get()) + row as f64 * h;
        let r = ([x0, y0], [x0 + w, y0 + h]);
        (r.0.iter().chain(&r.1).all(|v| v.is_finite())).then_some(r)
    }

    /// The cell this navmesh belongs to, in words (`CELL 0x000F26C9`, `WRLD 0x0000003C (-12, 18)`).
    pub fn cell_name(&self) -> String {
        match self.parent {
            Parent::Cell(c) => format!("CELL {c}"),
            Parent::Grid { y, x } => format!("WRLD {} ({x}, {y})", self.worldspace),
        }
    }

    /// Consistency problems: out-of-range indices, asymmetric edge links, grid cells that miss
    /// triangles, triangles in no grid cell.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Warnings {
            list: Vec::new(),
            more: 0,
        };
        let nv = self.vertices.len();
        let nt = self.triangles.len();
        let ne = self.edge_links.len();
        for (i, t) in self.triangles.iter().enumerate() {
            for v in t.vertices {
                if usize::from(v) >= nv {
                    w.push(format!(
                        "triangle {i}: vertex {v} out of range ({nv} vertices)"
                    ));
                }
            }
            for (k, &e) in t.edges.iter().enumerate() {
                if t.flags & TRI_EDGE_LINK[k] != 0 {
                    if e < 0 || e as usize >= ne {
                        w.push(format!(
                            "triangle {i} edge {k}: edge link {e} out of range ({ne} edge links)"
                        ));
                    }
                } else if e == -1 {
                } else if e < 0 || e as usize >= nt {
                    w.push(format!(
                        "triangle {i} edge {k}: neighbour {e} out of range ({nt} triangles)"
                    ));
                } else {
                    let o = &self.triangles[e as usize];
                    let back = (0..3).any(|j| {
                        o.flags & TRI_EDGE_LINK[j] == 0 && o.edges[j] as isize == i as isize
                    });
                    if !back {
                        w.push(format!(
                            "asymmetric edge link: triangle {i} edge {k} -> triangle {e}, which does not link back"
                        ));
                    }
                }
            }
        }
        for (i, d) in self.door_links.iter().enumerate() {
            if d.triangle < 0 || d.triangle as usize >= nt {
                w.push(format!(
                    "door link {i}: triangle {} out of range ({nt} triangles)",
                    d.triangle
                ));
            }
        }
        match &self.cover {
            Cover::Skyrim { cover_triangles } => {
                for (i, &c) in cover_triangles.iter().enumerate() {
                    if usize::from(c) >= nt {
                        w.push(format!(
                            "cover triangle {i}: triangle {c} out of range ({nt} triangles)"
                        ));
                    }
                }
            }
            Cover::Fallout4 {
                cover_edges,
                cover_mappings,
                ..
            } => {
                for (i, c) in cover_edges.iter().enumerate() {
                    for v in c.vertices {
                        if usize::from(v) >= nv {
                            w.push(format!(
                                "cover edge {i}: vertex {v} out of range ({nv} vertices)"
                            ));
                        }
                    }
                }
                let nc = cover_edges.len();
                let past = cover_mappings
                    .iter()
                    .filter(|m| usize::from(m.cover) >= nc)
                    .count();
                if past > 0 {
                    // Evidence for whoever meets this on real files: would the other field order
                    // (triangle first, then cover) fit?
                    let swapped = cover_mappings
                        .iter()
                        .filter(|m| usize::from(m.cover) < nt && (m.triangle as u16 as usize) < nc)
                        .count();
                    w.list.push(format!(
                        "cover mappings: {past} of {} name a cover edge past the {nc} cover \
                         edges; read as (triangle, cover) instead, {swapped} of them would fit",
                        cover_mappings.len()
                    ));
                }
                for (i, m) in cover_mappings.iter().enumerate() {
                    if usize::from(m.cover) >= cover_edges.len() {
                        w.push(format!(
                            "cover mapping {i}: cover {} out of range ({} cover edges)",
                            m.cover,
                            cover_edges.len()
                        ));
                    }
                    if m.triangle < 0 || m.triangle as usize >= nt {
                        w.push(format!(
                            "cover mapping {i}: triangle {} out of range ({nt} triangles)",
                            m.triangle
                        ));
                    }
                }
            }
        }
        self.grid_warnings(&mut w);
        let mut list = w.list;
        if w.more > 0 {
            list.push(format!("... and {} more warnings", w.more));
        }
        list
    }

    fn grid_warnings(&self, w: &mut Warnings) {
        let nt = self.triangles.len();
        if self.grid.divisor == 0 || nt == 0 {
            return;
        }
        let mut listed = vec![false; nt];
        let check_cells = self.grid.cells.len().saturating_mul(nt) <= GRID_CHECK_BUDGET;
        if !check_cells {
            w.push(format!(
                "grid of {} cells over {nt} triangles too large to check cell by cell",
                self.grid.cells.len()
            ));
        }
        let mut in_cell = vec![false; nt];
        for (c, cell) in self.grid.cells.iter().enumerate() {
            in_cell.iter_mut().for_each(|x| *x = false);
            for &t in cell {
                match listed.get_mut(usize::from(t)) {
                    Some(l) => {
                        *l = true;
                        in_cell[usize::from(t)] = true;
                    }
                    None => w.push(format!(
                        "grid cell {c}: triangle {t} out of range ({nt} triangles)"
                    )),
                }
            }
            let Some((lo, hi)) = self.cell_rect(c).filter(|_| check_cells) else {
                continue;
            };
            for (t, &present) in in_cell.iter().enumerate() {
                if present {
                    continue;
                }
                if let Some(p) = self.corners_2d(t)
                    && tri_touches_rect(p, lo, hi, GRID_CHECK_TOLERANCE)
                {
                    let div = self.grid.divisor as usize;
                    w.push(format!(
                        "grid cell {c} (row {}, column {}) misses triangle {t}, which lies inside it",
                        c / div,
                        c % div
                    ));
                }
            }
        }
        for (t, l) in listed.iter().enumerate() {
            if !l {
                w.push(format!("triangle {t} is in no grid cell"));
            }
        }
    }

    /// Clear the cover flags of these triangles and drop them from the cover list (Skyrim) or
    /// the cover mappings (Fallout 4).
    pub fn clear_cover(&mut self, triangles: &[usize]) -> Result<()> {
        let nt = self.triangles.len();
        for &t in triangles {
            if t >= nt {
                return Err(Error::invalid(
                    crate::nvnm::FORMAT,
                    "clear_cover",
                    0,
                    format!("triangle {t} out of range ({nt} triangles)"),
                ));
            }
        }
        for &t in triangles {
            self.triangles[t].cover = 0;
        }
        match &mut self.cover {
            Cover::Skyrim { cover_triangles } => {
                cover_triangles.retain(|c| !triangles.contains(&usize::from(*c)))
            }
            Cover::Fallout4 { cover_mappings, .. } => cover_mappings
                .retain(|m| m.triangle < 0 || !triangles.contains(&(m.triangle as usize))),
        }
        Ok(())
    }

    /// Move a vertex and recompute the grid.
    pub fn move_vertex(&mut self, index: usize, to: [f32; 3]) -> Result<()> {
        let n = self.vertices.len();
        let v = self.vertices.get_mut(index).ok_or_else(|| {
            Error::invalid(
                crate::nvnm::FORMAT,
                "move_vertex",
                0,
                format!("vertex {index} out of range ({n} vertices)"),
            )
        })?;
        *v = to.map(navforge_core::F32::new);
        self.recompute_grid()
    }

    /// Rebuild the search grid from the geometry: bounds from the vertices (Fallout 4: the top
    /// also covers each triangle's height), cell size = extent / divisor, and each cell listing
    /// the triangles that overlap it in X/Y. The divisor is kept (clamped to 1..=64).
    pub fn recompute_grid(&mut self) -> Result<()> {
        if self.triangles.len() > usize::from(u16::MAX) + 1 {
            return Err(Error::invalid(
                crate::nvnm::FORMAT,
                "grid",
                0,
                "more triangles than a grid cell can index",
            ));
        }
        let div = self.grid.divisor.clamp(1, MAX_GRID_DIVISOR);
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for v in &self.vertices {
            let p = v.map(|c| c.get());
            if p.iter().all(|c| c.is_finite()) {
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
        }
        if !lo[0].is_finite() {
            lo = [0.0; 3];
            hi = [0.0; 3];
        }
        if self.is_fallout4() {
            for i in 0..self.triangles.len() {
                if let (Some(c), Some(h)) = (self.corners(i), self.triangles[i].height) {
                    let top = c.iter().map(|p| p[2]).fold(f32::NEG_INFINITY, f32::max) + h.get();
                    if top.is_finite() {
                        hi[2] = hi[2].max(top);
                    }
                }
            }
        }
        let w = (hi[0] - lo[0]) / div as f32;
        let h = (hi[1] - lo[1]) / div as f32;
        self.grid.divisor = div;
        self.grid.cell_size = [w.into(), h.into()];
        self.grid.min = lo.map(Into::into);
        self.grid.max = hi.map(Into::into);
        let d = div as usize;
        let mut cells = vec![Vec::new(); d * d];
        let (w, h) = (f64::from(w), f64::from(h));
        let origin = [f64::from(lo[0]), f64::from(lo[1])];
        let range = |a: f64, b: f64, o: f64, size: f64| -> (usize, usize) {
            if size <= 0.0 {
                return (0, d - 1);
            }
            let f = |v: f64| (((v - o) / size).floor().max(0.0) as usize).min(d - 1);
            (f(a - GRID_BUILD_TOLERANCE), f(b + GRID_BUILD_TOLERANCE))
        };
        for t in 0..self.triangles.len() {
            let Some(p) = self.corners_2d(t) else {
                continue;
            };
            let xs = p.map(|q| q[0]);
            let ys = p.map(|q| q[1]);
            let (c0, c1) = range(
                xs.iter().copied().fold(f64::INFINITY, f64::min),
                xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                origin[0],
                w,
            );
            let (r0, r1) = range(
                ys.iter().copied().fold(f64::INFINITY, f64::min),
                ys.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                origin[1],
                h,
            );
            for row in r0..=r1 {
                for col in c0..=c1 {
                    let cell_lo = [origin[0] + col as f64 * w, origin[1] + row as f64 * h];
                    let cell_hi = [cell_lo[0] + w, cell_lo[1] + h];
                    if tri_touches_rect(p, cell_lo, cell_hi, GRID_BUILD_TOLERANCE) {
                        cells[row * d + col].push(t as u16);
                    }
                }
            }
        }
        self.grid.cells = cells;
        Ok(())
    }

    /// Add this navmesh to a model as group `group`: triangles as areas (IDs
    /// `group << 32 | triangle`), neighbours as walk connections, edge links as external ones
    /// (resolved with `resolve` when the other navmesh is known), door links as door connections.
    pub fn add_to_model(
        &self,
        mesh: &mut NavMesh,
        group: u32,
        place: Option<u32>,
        resolve: &dyn Fn(u32, i16) -> Option<AreaId>,
    ) {
        let base = u64::from(group) << AREA_ID_SHIFT;
        let id = |t: usize| base | t as u64;
        let cover_set: Vec<bool> = {
            let mut s = vec![false; self.triangles.len()];
            match &self.cover {
                Cover::Skyrim { cover_triangles } => {
                    for &c in cover_triangles {
                        if let Some(x) = s.get_mut(usize::from(c)) {
                            *x = true;
                        }
                    }
                }
                Cover::Fallout4 { cover_mappings, .. } => {
                    for m in cover_mappings {
                        if let Some(x) = usize::try_from(m.triangle).ok().and_then(|t| s.get_mut(t))
                        {
                            *x = true;
                        }
                    }
                }
            }
            s
        };
        mesh.areas.reserve(self.triangles.len());
        for (i, t) in self.triangles.iter().enumerate() {
            let polygon = t
                .vertices
                .iter()
                .filter_map(|&v| self.vertices.get(usize::from(v)))
                .map(|p| [p[0].get(), p[1].get(), p[2].get()])
                .collect();
            // Bits 0-15 the triangle flags, 16-31 its edge cover word, 32 "in the cover list".
            let attributes = u64::from(t.cover) << 16
                | u64::from(t.flags)
                | if cover_set[i] { COVER_LISTED } else { 0 };
            mesh.areas.push(Area {
                id: id(i),
                polygon,
                attributes,
                place,
                group,
                origin: Some(id(i)),
            });
            for (k, &e) in t.edges.iter().enumerate() {
                if t.flags & TRI_EDGE_LINK[k] != 0 {
                    if let Some(l) = usize::try_from(e).ok().and_then(|e| self.edge_links.get(e)) {
                        let to = resolve(l.navmesh.0, l.triangle).unwrap_or(
                            EXTERNAL_TARGET
                                | u64::from(l.navmesh.0) << 16
                                | u64::from(l.triangle as u16),
                        );
                        mesh.connections.push(Connection {
                            from: id(i),
                            to,
                            kind: ConnectionKind::External,
                            direction: None,
                        });
                    }
                } else if e >= 0 && (e as usize) < self.triangles.len() {
                    mesh.connections.push(Connection {
                        from: id(i),
                        to: id(e as usize),
                        kind: ConnectionKind::Walk,
                        direction: None,
                    });
                }
            }
        }
        for d in &self.door_links {
            if d.triangle >= 0 && (d.triangle as usize) < self.triangles.len() {
                mesh.connections.push(Connection {
                    from: id(d.triangle as usize),
                    to: DOOR_TARGET | u64::from(d.door.0),
                    kind: ConnectionKind::Door,
                    direction: None,
                });
            }
        }
    }
}

impl NvnmDocument {
    /// Take back edits made to this navmesh's areas in a model from `to_model` (areas of group
    /// `group`, matched by ID): corner positions move the triangle's vertices, the low 16 bits of
    /// `raw_attributes` set the triangle flags and the next 16 its cover flags (a triangle whose
    /// cover edges all drop to 0 leaves the cover list; in Skyrim one that gains cover joins the
    /// sorted list). A vertex shared by several triangles takes
    /// the position of the last area that moved it. The grid is recomputed when a vertex moved.
    /// Returns whether anything changed.
    pub fn apply_model(&mut self, mesh: &NavMesh, group: u32) -> Result<bool> {
        let mut moved = false;
        let mut changed = false;
        let mut uncovered = Vec::new();
        let mut covered = Vec::new();
        let original = self.vertices.clone();
        for a in mesh.areas.iter().filter(|a| a.group == group) {
            let t = (a.id & 0xFFFF_FFFF) as usize;
            if a.id >> AREA_ID_SHIFT != u64::from(group) {
                continue;
            }
            let Some(tri) = self.triangles.get_mut(t) else {
                return Err(Error::invalid(
                    crate::nvnm::FORMAT,
                    format!("area {}", a.id),
                    0,
                    format!("no triangle {t} in this navmesh"),
                ));
            };
            let flags = (a.attributes & 0xFFFF) as u16;
            let cover = (a.attributes >> 16 & 0xFFFF) as u16;
            if tri.flags != flags || tri.cover != cover {
                changed = true;
                if cover & COVER_EDGE_BITS == 0 && tri.cover & COVER_EDGE_BITS != 0 {
                    uncovered.push(t);
                }
                if cover & COVER_EDGE_BITS != 0 && tri.cover & COVER_EDGE_BITS == 0 {
                    covered.push(t);
                }
                tri.flags = flags;
                tri.cover = cover;
            }
            let verts = tri.vertices;
            if a.polygon.len() == 3 {
                for (k, p) in a.polygon.iter().enumerate() {
                    let i = usize::from(verts[k]);
                    if let (Some(v), Some(was)) = (self.vertices.get_mut(i), original.get(i)) {
                        // Compared with the positions before this call: a vertex moved in one
                        // of the triangles sharing it is not moved back by the others.
                        let new = p.map(navforge_core::F32::new);
                        if new != *was {
                            *v = new;
                            moved = true;
                        }
                    }
                }
            }
        }
        if let Cover::Skyrim { cover_triangles } = &mut self.cover {
            for t in covered {
                let t = t as u16;
                if let Err(at) = cover_triangles.binary_search(&t) {
                    cover_triangles.insert(at, t);
                }
            }
        }
        if !uncovered.is_empty() {
            match &mut self.cover {
                Cover::Skyrim { cover_triangles } => {
                    cover_triangles.retain(|c| !uncovered.contains(&usize::from(*c)))
                }
                Cover::Fallout4 { cover_mappings, .. } => cover_mappings
                    .retain(|m| m.triangle < 0 || !uncovered.contains(&(m.triangle as usize))),
            }
        }
        if moved {
            self.recompute_grid()?;
        }
        Ok(changed || moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separating_axes() {
        let tri = [[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]];
        assert!(tri_touches_rect(tri, [1.0, 1.0], [2.0, 2.0], 0.0));
        // The box sits beyond the hypotenuse: bounding boxes overlap, the triangle does not.
        assert!(!tri_touches_rect(tri, [8.0, 8.0], [9.0, 9.0], 0.0));
        // Touching at a corner counts only with a positive tolerance.
        assert!(tri_touches_rect(tri, [10.0, 0.0], [11.0, 1.0], 0.01));
        assert!(!tri_touches_rect(tri, [10.0, 0.0], [11.0, 1.0], -0.01));
    }
}
