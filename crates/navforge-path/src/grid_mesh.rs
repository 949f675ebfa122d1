//! Grid maps as polygon meshes for the any-angle and corridor searches. Cell `(x, y)` covers
//! `[x, x+1] × [y, y+1]`, so its centre is `(x + 0.5, y + 0.5)`.
//!
//! [`PolyMesh::from_grid`] covers the free cells with rectangles, each grown greedily right and
//! then down as far as free cells go, and splits every rectangle side where what lies across it
//! changes (another rectangle, or a wall), so neighbours share whole edges: collinear corners,
//! which the any-angle search handles. A 256×256 map of open rooms becomes a few hundred
//! polygons instead of tens of thousands of squares. [`PolyMesh::from_grid_cells`] keeps one
//! square per cell. Both describe the same free space with the same adjacency (cells that touch
//! only at a corner are not neighbours, as in octile search without corner cutting), so
//! any-angle lengths are the same on either. Ground and water are separate regions (see
//! [`crate::grid`]): a rectangle holds cells of one, and a side between the two is a wall.
//!
//! A map can fragment into millions of rectangles (a checkerboard of single free cells); the
//! searches refuse a grid past [`MAX_GRID_POLYGONS`] instead of building a mesh of gigabytes.

use crate::error::{PathError, Result};
use crate::grid::{BLOCKED, Grid};
use crate::polymesh::{NONE, PolyMesh};

/// The most rectangles a grid becomes for the any-angle and corridor searches: a mesh of about
/// a few hundred bytes per rectangle. Real maps need far fewer (a 1024×768 StarCraft map a few
/// thousand); octile search (`--algo grid`) has no such limit.
pub const MAX_GRID_POLYGONS: usize = 1 << 19;

/// Shared corner points of the grid lattice, created on first use.
struct Lattice {
    width: usize,
    index: Vec<u32>,
    points: Vec<[f64; 2]>,
}

impl Lattice {
    fn new(width: usize, height: usize) -> Self {
        Lattice {
            width,
            index: vec![NONE; (width + 1) * (height + 1)],
            points: Vec::new(),
        }
    }

    fn at(&mut self, x: usize, y: usize) -> u32 {
        let slot = &mut self.index[y * (self.width + 1) + x];
        if *slot == NONE {
            *slot = self.points.len() as u32;
            self.points.push([x as f64, y as f64]);
        }
        *slot
    }
}

/// Which polygon covers each cell (`NONE` for blocked), with out-of-grid reads as blocked, and
/// each polygon's region.
struct Owners {
    width: usize,
    height: usize,
    of: Vec<u32>,
    region: Vec<u8>,
}

impl Owners {
    /// No cell of a `grid` owned yet.
    fn new(grid: &Grid) -> Owners {
        let (width, height) = (grid.width(), grid.height());
        Owners {
            width,
            height,
            of: vec![NONE; width * height],
            region: Vec::new(),
        }
    }

    fn get(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return NONE;
        }
        self.of[y as usize * self.width + x as usize]
    }

    /// The polygon across a side of polygon `from` at cell `(x, y)`: `NONE` for a wall, which a
    /// polygon of another region is.
    fn across(&self, from: u32, x: i64, y: i64) -> u32 {
        let p = self.get(x, y);
        if p != NONE && self.region[p as usize] != self.region[from as usize] {
            return NONE;
        }
        p
    }
}

/// A rectangle of cells, `[x0, x1) × [y0, y1)`.
#[derive(Clone, Copy)]
struct Rect {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

impl PolyMesh {
    /// Free cells as rectangles (see the module docs); an all-blocked grid gives an empty mesh.
    /// No limit on the size: [`PolyMesh::from_grid_within`] is the bounded form.
    pub fn from_grid(grid: &Grid) -> PolyMesh {
        // With no limit the decomposition cannot be refused.
        PolyMesh::from_grid_within(grid, usize::MAX).unwrap_or_default()
    }

    /// [`PolyMesh::from_grid`], refused when the free cells make more than `max_polygons`
    /// rectangles.
    pub fn from_grid_within(grid: &Grid, max_polygons: usize) -> Result<PolyMesh> {
        let (w, h) = (grid.width(), grid.height());
        let mut owners = Owners::new(grid);
        let mut rects: Vec<Rect> = Vec::new();
        let region = |x: usize, y: usize| grid.region(x as i64, y as i64);
        for y in 0..h {
            let mut x = 0;
            while x < w {
                let r = region(x, y);
                if r == BLOCKED || owners.of[y * w + x] != NONE {
                    x += 1;
                    continue;
                }
                if rects.len() >= max_polygons {
                    return Err(too_fragmented(max_polygons));
                }
                let same = |c: usize, row: usize| region(c, row) == r;
                let mut x1 = x + 1;
                while x1 < w && same(x1, y) && owners.of[y * w + x1] == NONE {
                    x1 += 1;
                }
                let mut y1 = y + 1;
                while y1 < h && (x..x1).all(|c| same(c, y1) && owners.of[y1 * w + c] == NONE) {
                    y1 += 1;
                }
                let id = rects.len() as u32;
                for row in y..y1 {
                    owners.of[row * w + x..row * w + x1].fill(id);
                }
                owners.region.push(r);
                rects.push(Rect {
                    x0: x,
                    y0: y,
                    x1,
                    y1,
                });
                x = x1;
            }
        }
        Ok(build(&owners, &rects))
    }

    /// One unit square per free cell.
    pub fn from_grid_cells(grid: &Grid) -> PolyMesh {
        let (w, h) = (grid.width(), grid.height());
        let mut owners = Owners::new(grid);
        let mut rects = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let r = grid.region(x as i64, y as i64);
                if r != BLOCKED {
                    owners.of[y * w + x] = rects.len() as u32;
                    owners.region.push(r);
                    rects.push(Rect {
                        x0: x,
                        y0: y,
                        x1: x + 1,
                        y1: y + 1,
                    });
                }
            }
        }
        build(&owners, &rects)
    }
}

fn too_fragmented(max: usize) -> PathError {
    PathError::Unsupported(format!(
        "the map's free cells make more than {max} rectangles, too many for the any-angle and \
         corridor searches: use --algo grid"
    ))
}

/// Each rectangle's outline, counter-clockwise from its top-left corner (y grows down the
/// rows), with a corner wherever the owner across its side changes.
fn build(owners: &Owners, rects: &[Rect]) -> PolyMesh {
    let mut lattice = Lattice::new(owners.width, owners.height);
    let mut polygons = Vec::with_capacity(rects.len());
    for (id, r) in rects.iter().enumerate() {
        let id = id as u32;
        let mut vs = Vec::new();
        let mut ns = Vec::new();
        // One side: the lattice points it passes and the owner across each unit step.
        let mut side = |steps: &mut dyn Iterator<Item = ((usize, usize), u32)>,
                        lattice: &mut Lattice| {
            let mut last = None;
            for (p, across) in steps {
                if last != Some(across) {
                    vs.push(lattice.at(p.0, p.1));
                    ns.push(across);
                    last = Some(across);
                }
            }
        };
        let (x0, y0, x1, y1) = (r.x0 as i64, r.y0 as i64, r.x1 as i64, r.y1 as i64);
        side(
            &mut (x0..x1).map(|x| ((x as usize, r.y0), owners.across(id, x, y0 - 1))),
            &mut lattice,
        );
        side(
            &mut (y0..y1).map(|y| ((r.x1, y as usize), owners.across(id, x1, y))),
            &mut lattice,
        );
        side(
            &mut (x0..x1)
                .rev()
                .map(|x| ((x as usize + 1, r.y1), owners.across(id, x, y1))),
            &mut lattice,
        );
        side(
            &mut (y0..y1)
                .rev()
                .map(|y| ((r.x0, y as usize + 1), owners.across(id, x0 - 1, y))),
            &mut lattice,
        );
        polygons.push((vs, ns));
    }
    // Rectangles with shared sides split at the same points cannot fail to build.
    PolyMesh::build(lattice.points, Vec::new(), polygons, |p| {
        format!("cell rectangle {p}")
    })
    .unwrap_or_default()
}
