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
//! any-angle lengths are the same on either.

use crate::grid::Grid;
use crate::polymesh::{NONE, PolyMesh};

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

/// Which polygon covers each cell (`NONE` for blocked), with out-of-grid reads as blocked.
struct Owners {
    width: usize,
    height: usize,
    of: Vec<u32>,
}

impl Owners {
    fn get(&self, x: i64, y: i64) -> u32 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return NONE;
        }
        self.of[y as usize * self.width + x as usize]
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
    pub fn from_grid(grid: &Grid) -> PolyMesh {
        let (w, h) = (grid.width(), grid.height());
        let mut owners = Owners {
            width: w,
            height: h,
            of: vec![NONE; w * h],
        };
        let mut rects: Vec<Rect> = Vec::new();
        let free = |x: usize, y: usize| grid.is_free(x as i64, y as i64);
        for y in 0..h {
            let mut x = 0;
            while x < w {
                if !free(x, y) || owners.of[y * w + x] != NONE {
                    x += 1;
                    continue;
                }
                let mut x1 = x + 1;
                while x1 < w && free(x1, y) && owners.of[y * w + x1] == NONE {
                    x1 += 1;
                }
                let mut y1 = y + 1;
                while y1 < h && (x..x1).all(|c| free(c, y1) && owners.of[y1 * w + c] == NONE) {
                    y1 += 1;
                }
                let id = rects.len() as u32;
                for row in y..y1 {
                    owners.of[row * w + x..row * w + x1].fill(id);
                }
                rects.push(Rect {
                    x0: x,
                    y0: y,
                    x1,
                    y1,
                });
                x = x1;
            }
        }
        build(&owners, &rects)
    }

    /// One unit square per free cell.
    pub fn from_grid_cells(grid: &Grid) -> PolyMesh {
        let (w, h) = (grid.width(), grid.height());
        let mut owners = Owners {
            width: w,
            height: h,
            of: vec![NONE; w * h],
        };
        let mut rects = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if grid.is_free(x as i64, y as i64) {
                    owners.of[y * w + x] = rects.len() as u32;
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

/// Each rectangle's outline, counter-clockwise from its top-left corner (y grows down the
/// rows), with a corner wherever the owner across its side changes.
fn build(owners: &Owners, rects: &[Rect]) -> PolyMesh {
    let mut lattice = Lattice::new(owners.width, owners.height);
    let mut polygons = Vec::with_capacity(rects.len());
    for r in rects {
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
            &mut (x0..x1).map(|x| ((x as usize, r.y0), owners.get(x, y0 - 1))),
            &mut lattice,
        );
        side(
            &mut (y0..y1).map(|y| ((r.x1, y as usize), owners.get(x1, y))),
            &mut lattice,
        );
        side(
            &mut (x0..x1)
                .rev()
                .map(|x| ((x as usize + 1, r.y1), owners.get(x, y1))),
            &mut lattice,
        );
        side(
            &mut (y0..y1)
                .rev()
                .map(|y| ((r.x0, y as usize + 1), owners.get(x0 - 1, y))),
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
