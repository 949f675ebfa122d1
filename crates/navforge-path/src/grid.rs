//! Moving AI grid maps (`.map`) and octile A* over them: 8-connected, diagonal moves cost √2 and
//! need both orthogonal neighbours free (no corner cutting), the rules the scenario optima use.
//!
//! Terrain, as the benchmark defines it (movingai.com/benchmarks/formats.html): `.` and `G` are
//! passable ground, `S` (swamp) is passable from regular terrain, `W` (water) is traversable but
//! not passable from terrain, `T` (trees), `@` and `O` are not passable. So ground and swamp form
//! one region and water another: a step (orthogonal, or diagonal with both orthogonal cells) stays
//! on cells of one region, and a query starting in water is answered within the water.

use crate::astar::AStar;
use crate::error::{PathError, Result};
use crate::text::{Tokens, clip};

const FORMAT: &str = "movingai-map";
/// The largest grid read (cells), so a corrupted header cannot ask for gigabytes.
pub const MAX_CELLS: usize = 1 << 26;

/// A cell that cannot be entered.
pub const BLOCKED: u8 = 0;
/// Ground: `.`, `G` and swamp `S`.
pub const GROUND: u8 = 1;
/// Water: `W`, entered only from water.
pub const WATER: u8 = 2;

/// The region of a map character: [`GROUND`], [`WATER`] or [`BLOCKED`] (`@`, `O`, `T` and any
/// other character).
pub fn terrain(c: u8) -> u8 {
    match c {
        b'.' | b'G' | b'S' => GROUND,
        b'W' => WATER,
        _ => BLOCKED,
    }
}

/// A Moving AI grid: `width` × `height` cells, `(0, 0)` top-left, `y` growing down the rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Terrain of a grid padded with one blocked cell on every side, so neighbour reads need no
    /// bounds checks: cell `(x, y)` is at `(y + 1) * (width + 2) + x + 1`.
    kind: Vec<u8>,
}

impl Grid {
    /// Parse a `.map` file: `type octile`, `height H`, `width W`, `map`, then H rows of W cells.
    /// `.`, `G` and `S` are ground, `W` water; `@`, `O`, `T` (and anything else) are blocked.
    pub fn parse(text: &str) -> Result<Grid> {
        let mut t = Tokens::new(FORMAT, text);
        t.expect("type")?;
        let _kind = t.next("the map type")?;
        let mut height = None;
        let mut width = None;
        loop {
            match t.next("`height`, `width` or `map`")? {
                "height" => height = Some(t.number::<usize>("height")?),
                "width" => width = Some(t.number::<usize>("width")?),
                "map" => break,
                other => {
                    return Err(t.error(format!(
                        "expected `height`, `width` or `map`, found `{}`",
                        clip(other)
                    )));
                }
            }
        }
        let header_line = t.line();
        let (Some(height), Some(width)) = (height, width) else {
            return Err(t.error("`map` before both `height` and `width`"));
        };
        if width == 0 || height == 0 {
            return Err(t.error(format!("empty grid {width}×{height}")));
        }
        let cells = width.checked_mul(height).filter(|&c| c <= MAX_CELLS);
        // Every cell is one byte of the file, so the text bounds the allocation too.
        if cells.is_none_or(|c| c > text.len()) {
            return Err(t.error(format!(
                "grid {width}×{height} is larger than the file or the limit of {MAX_CELLS} cells"
            )));
        }
        let stride = width + 2;
        let mut kind = vec![BLOCKED; stride * (height + 2)];
        let mut rows = text.lines().enumerate().skip(header_line);
        for y in 0..height {
            let Some((i, row)) = rows.next() else {
                return Err(PathError::parse(
                    FORMAT,
                    text.lines().count().max(1),
                    format!("file ends after {y} of {height} rows"),
                ));
            };
            let row = row.trim_end();
            // Cells are ASCII characters; anything else is named, not counted as bytes.
            if let Some((x, c)) = row.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
                return Err(PathError::parse(
                    FORMAT,
                    i + 1,
                    format!("row {y}, column {x}: `{c}` is not a map cell"),
                ));
            }
            if row.len() != width {
                return Err(PathError::parse(
                    FORMAT,
                    i + 1,
                    format!("row {y} has {} cells, the header says {width}", row.len()),
                ));
            }
            for (x, c) in row.bytes().enumerate() {
                kind[(y + 1) * stride + x + 1] = terrain(c);
            }
        }
        if let Some((i, extra)) = rows.find(|(_, l)| !l.trim().is_empty()) {
            return Err(PathError::parse(
                FORMAT,
                i + 1,
                format!("text after the last row: `{}`", clip(extra)),
            ));
        }
        Ok(Grid {
            width,
            height,
            kind,
        })
    }

    /// A grid from rows of map characters (see [`terrain`]); all rows as long as the first.
    pub fn from_rows(rows: &[&str]) -> Result<Grid> {
        let width = rows.first().map_or(0, |r| r.len());
        let text = format!(
            "type octile\nheight {}\nwidth {width}\nmap\n{}\n",
            rows.len(),
            rows.join("\n")
        );
        Grid::parse(&text)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(x, y)` is inside the grid and can be entered (ground or water).
    pub fn is_free(&self, x: i64, y: i64) -> bool {
        self.region(x, y) != BLOCKED
    }

    /// The region of `(x, y)`: [`GROUND`], [`WATER`], or [`BLOCKED`] (also outside the grid).
    /// Steps join cells of one region only.
    pub fn region(&self, x: i64, y: i64) -> u8 {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            self.kind[self.index(x as usize, y as usize)]
        } else {
            BLOCKED
        }
    }

    fn index(&self, x: usize, y: usize) -> usize {
        (y + 1) * (self.width + 2) + x + 1
    }

    fn cell(&self, index: usize) -> (usize, usize) {
        let stride = self.width + 2;
        (index % stride - 1, index / stride - 1)
    }
}

/// A grid path: its length and the cells from start to goal.
#[derive(Debug, Clone, PartialEq)]
pub struct GridPath {
    /// Octile length.
    pub length: f64,
    /// Cells `(x, y)` from start to goal.
    pub cells: Vec<(usize, usize)>,
}

/// Reusable octile A* state for one grid: after the first query nothing is allocated (the
/// closed set is a generation stamp per cell, the open list a binary heap kept between queries;
/// ties of `f` go to the deeper cell).
pub struct GridSearch<'g> {
    grid: &'g Grid,
    search: AStar<true>,
    /// Cells expanded by the last query.
    pub expanded: usize,
}

const SQRT2: f64 = std::f64::consts::SQRT_2;
/// Coordinate steps of the orthogonal and diagonal moves, in the order of the offsets in `run`.
const ORTH_XY: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG_XY: [(isize, isize); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn octile(dx: usize, dy: usize) -> f64 {
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    (hi - lo) as f64 + lo as f64 * SQRT2
}

impl<'g> GridSearch<'g> {
    /// Search state sized for `grid`.
    pub fn new(grid: &'g Grid) -> Self {
        let n = grid.kind.len();
        GridSearch {
            grid,
            search: AStar::new(n),
            expanded: 0,
        }
    }

    /// The octile length of a shortest path, or `None` when the goal cannot be reached.
    /// Errors when a point is outside the grid or on a blocked cell.
    pub fn length(&mut self, start: (usize, usize), goal: (usize, usize)) -> Result<Option<f64>> {
        Ok(self.run(start, goal)?.map(|(len, _)| len))
    }

    /// A shortest path with its cells.
    pub fn path(
        &mut self,
        start: (usize, usize),
        goal: (usize, usize),
    ) -> Result<Option<GridPath>> {
        let Some((length, goal_index)) = self.run(start, goal)? else {
            return Ok(None);
        };
        let cells = (self.search.trace(goal_index as u32).into_iter())
            .map(|c| self.grid.cell(c as usize))
            .collect();
        Ok(Some(GridPath { length, cells }))
    }

    fn run(&mut self, start: (usize, usize), goal: (usize, usize)) -> Result<Option<(f64, usize)>> {
        let grid = self.grid;
        for (what, (x, y)) in [("start", start), ("goal", goal)] {
            if !grid.is_free(x as i64, y as i64) {
                return Err(PathError::off_mesh(what, [x as f64, y as f64, 0.0]));
            }
        }
        self.expanded = 0;
        let stride = grid.width + 2;
        let s = grid.index(start.0, start.1);
        let t = grid.index(goal.0, goal.1);
        let (gx, gy) = goal;
        self.search
            .begin(s as u32, octile(start.0.abs_diff(gx), start.1.abs_diff(gy)));
        // Neighbour offsets: 4 orthogonal, then 4 diagonal with the two orthogonals they need.
        let st = stride as isize;
        let orth: [isize; 4] = [1, -1, st, -st];
        let diag: [(isize, usize, usize); 4] = [
            (st + 1, 0, 2),
            (st - 1, 1, 2),
            (-st + 1, 0, 3),
            (-st - 1, 1, 3),
        ];
        while let Some(cell) = self.search.pop() {
            let c = cell as usize;
            let g = self.search.g[c];
            if c == t {
                return Ok(Some((g, t)));
            }
            self.expanded += 1;
            // Steps stay in the region of the cell (ground with swamp, or water).
            let region = grid.kind[c];
            // The cell's coordinates once per expansion; neighbours' follow by offsets.
            let (x, y) = ((c % stride) as isize - 1, (c / stride) as isize - 1);
            let mut open_orth = [false; 4];
            for (k, &d) in orth.iter().enumerate() {
                let n = c.wrapping_add_signed(d);
                open_orth[k] = grid.kind[n] == region;
                if open_orth[k] {
                    let (dx, dy) = ORTH_XY[k];
                    self.relax(c, n, g + 1.0, (x + dx, y + dy), goal);
                }
            }
            for (k, &(d, a, b)) in diag.iter().enumerate() {
                if open_orth[a] && open_orth[b] {
                    let n = c.wrapping_add_signed(d);
                    if grid.kind[n] == region {
                        let (dx, dy) = DIAG_XY[k];
                        self.relax(c, n, g + SQRT2, (x + dx, y + dy), goal);
                    }
                }
            }
        }
        Ok(None)
    }

    #[inline]
    fn relax(
        &mut self,
        from: usize,
        n: usize,
        g: f64,
        (x, y): (isize, isize),
        goal: (usize, usize),
    ) {
        self.search.relax(from as u32, n as u32, g, || {
            octile(
                x.unsigned_abs().abs_diff(goal.0),
                y.unsigned_abs().abs_diff(goal.1),
            )
        });
    }
}
