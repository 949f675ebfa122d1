//! Every surface a vertical line through each sampling grid point crosses, for triangle levels
//! (OBJ, glTF), found once by rasterising the triangles onto the grid, as Recast does.
//!
//! Sampling asks the same two vertical questions at grid points over and over: the floor
//! below a point, and the headroom above one. On a triangle soup a vertical ray's first hit is
//! the nearest crossing on that line, so a sorted list per grid point answers both by a binary
//! search instead of a walk down the BVH. Levels with their own collision (BSP hulls and
//! brushes: clips, start-in-solid) keep using traces.

use navforge_level::{Family, Level, Vec3};

/// Most crossings indexed; a level that would need more is traced instead.
const BUDGET: usize = 32 << 20;

/// A surface crossed at a grid point.
#[derive(Debug, Clone, Copy)]
pub struct Crossing {
    /// Its height.
    pub z: f32,
    /// Its unit normal, turned to face up.
    pub normal: Vec3,
}

/// The crossings at every grid point of a rectangle, sorted by height (compressed rows).
#[derive(Debug, Clone)]
pub struct ColumnIndex {
    x0: i32,
    y0: i32,
    width: usize,
    height: usize,
    starts: Vec<u32>,
    crossings: Vec<Crossing>,
}

impl ColumnIndex {
    /// Rasterise a triangle level's triangles onto the grid of pitch `grid`; `None` for other
    /// levels, or when the index would hold more than a budget of crossings.
    pub fn build(level: &Level, grid: f32) -> Option<ColumnIndex> {
        if !matches!(level.family(), Family::Obj | Family::Gltf)
            || grid.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
        {
            return None;
        }
        let (verts, tris) = level.world_triangles();
        let b = level.bounds();
        if !(b.min.is_finite() && b.max.is_finite()) {
            return None;
        }
        let (x0, y0) = ((b.min.x / grid).floor(), (b.min.y / grid).floor());
        let (x1, y1) = ((b.max.x / grid).ceil(), (b.max.y / grid).ceil());
        let (w, h) = (x1 - x0 + 1.0, y1 - y0 + 1.0);
        if !(w * h <= BUDGET as f32 && x0.abs() < 1e9 && y0.abs() < 1e9) {
            return None;
        }
        let (x0, y0, width, height) = (x0 as i32, y0 as i32, w as usize, h as usize);
        // Each triangle's crossings: (column, crossing), then counted into rows.
        let mut found: Vec<(u32, Crossing)> = Vec::new();
        for t in &tris {
            let p = t.map(|i| Vec3::from_array(verts[i as usize]));
            let (e1, e2) = (p[1] - p[0], p[2] - p[0]);
            let n = e1.cross(e2);
            let det = e1.x * e2.y - e1.y * e2.x;
            if n.length_squared() < 1e-12 || det.abs() < 1e-12 || !n.is_finite() {
                continue;
            }
            let normal = {
                let n = n.normalize();
                if n.z < 0.0 { -n } else { n }
            };
            let lo = p[0].min(p[1]).min(p[2]);
            let hi = p[0].max(p[1]).max(p[2]);
            let (gx0, gx1) = ((lo.x / grid).ceil() as i32, (hi.x / grid).floor() as i32);
            let (gy0, gy1) = ((lo.y / grid).ceil() as i32, (hi.y / grid).floor() as i32);
            for gy in gy0.max(y0)..=gy1.min(y0 + height as i32 - 1) {
                for gx in gx0.max(x0)..=gx1.min(x0 + width as i32 - 1) {
                    let q = Vec3::new(gx as f32 * grid, gy as f32 * grid, 0.0) - p[0];
                    let u = (q.x * e2.y - q.y * e2.x) / det;
                    let v = (e1.x * q.y - e1.y * q.x) / det;
                    if u < 0.0 || v < 0.0 || u + v > 1.0 {
                        continue;
                    }
                    let z = p[0].z + u * e1.z + v * e2.z;
                    let col = (gy - y0) as usize * width + (gx - x0) as usize;
                    found.push((col as u32, Crossing { z, normal }));
                    if found.len() > BUDGET {
                        return None;
                    }
                }
            }
        }
        found.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.z.total_cmp(&b.1.z)));
        let mut starts = vec![0u32; width * height + 1];
        for &(c, _) in &found {
            starts[c as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        Some(ColumnIndex {
            x0,
            y0,
            width,
            height,
            starts,
            crossings: found.into_iter().map(|f| f.1).collect(),
        })
    }

    /// The crossings at grid point (ix, iy), lowest first (empty outside the level).
    pub fn column(&self, ix: i32, iy: i32) -> &[Crossing] {
        let (cx, cy) = (ix - self.x0, iy - self.y0);
        if cx < 0 || cy < 0 || cx as usize >= self.width || cy as usize >= self.height {
            return &[];
        }
        let c = cy as usize * self.width + cx as usize;
        &self.crossings[self.starts[c] as usize..self.starts[c + 1] as usize]
    }

    /// The first surface a ray down from `top` meets within `depth`, as a ray would.
    pub fn below(&self, ix: i32, iy: i32, top: f32, depth: f32) -> Option<Crossing> {
        let col = self.column(ix, iy);
        let k = col.partition_point(|c| c.z <= top);
        let c = *col.get(k.checked_sub(1)?)?;
        (c.z >= top - depth).then_some(c)
    }

    /// How far above `from` the first surface lies, up to `limit` (`limit` when none does).
    pub fn clear_above(&self, ix: i32, iy: i32, from: f32, limit: f32) -> f32 {
        let col = self.column(ix, iy);
        let k = col.partition_point(|c| c.z < from);
        col.get(k).map_or(limit, |c| (c.z - from).min(limit))
    }
}
