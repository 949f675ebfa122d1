//! Stage 3: rectangles of grid cells. A cell is the square between a sample and its east, south
//! and south-east neighbours, all linked (a "closed cell") with no step above step height
//! between them. As the game's `CreateNavAreasFromNodes`, the largest rectangles are placed
//! first, all over the level (50 × 50 cells, then 49 × 50, 49 × 49, … down to 1 × 1), each
//! over uncovered cells with the same attributes on its first cell's plane. A cell an obstacle
//! crosses (a fence between its samples) stays a rectangle of its own (`CheckObstacles`), kept
//! out of merges, for the obstacle-top stage.

use crate::config::GenerateConfig;
use crate::marks::{CLIFF, CROUCH, JUMP, NO_MERGE};
use crate::sample::{EAST, Node, SOUTH, Samples};

/// A rectangle of cells; corners are samples, each with its own height.
#[derive(Debug, Clone, PartialEq)]
pub struct RectArea {
    /// Corner samples: north-west, north-east, south-east, south-west.
    pub corners: [u32; 4],
    /// Width in cells (east).
    pub width: usize,
    /// Height in cells (south).
    pub height: usize,
    /// `NAV_MESH_*` bits (see [`crate::marks`]).
    pub attributes: u64,
}

impl RectArea {
    /// Has all of `bits`.
    pub fn has(&self, bits: u64) -> bool {
        self.attributes & bits == bits
    }
}

/// The corners (NW, NE, SE, SW) of the cell whose north-west sample is `n`, when the cell is
/// closed and walkable (every edge within step height), or a jump cell (some edge steeper, up
/// to `jump_height`, but not three corners on a floor and one off it).
pub fn closed_cell(
    nodes: &[Node],
    n: u32,
    step_height: f32,
    jump_height: f32,
) -> Option<([u32; 4], bool)> {
    let a = &nodes[n as usize];
    let e = a.links[EAST]?;
    let s = a.links[SOUTH]?;
    let se = nodes[e as usize].links[SOUTH]?;
    if nodes[s as usize].links[EAST]? != se {
        return None;
    }
    let z = |i: u32| nodes[i as usize].pos.z;
    let corners = [n, e, se, s];
    let dz = |p: u32, q: u32| (z(p) - z(q)).abs();
    let edges = [dz(n, e), dz(e, se), dz(se, s), dz(s, n)];
    if edges.iter().all(|&d| d <= step_height) {
        return Some((corners, false));
    }
    if edges.iter().any(|&d| d > jump_height) {
        return None;
    }
    // One corner off a floor the other three share is a ledge corner, not a jump.
    for k in 0..4 {
        let others: Vec<u32> = (0..4).filter(|&j| j != k).map(|j| corners[j]).collect();
        let flat = others
            .iter()
            .all(|&a| others.iter().all(|&b| dz(a, b) <= step_height));
        if flat {
            return None;
        }
    }
    Some((corners, true))
}

/// A closed cell: its corners, attributes, and whether an obstacle crosses it.
#[derive(Debug, Clone, Copy)]
struct Cell {
    corners: [u32; 4],
    attributes: u64,
    obstacle: bool,
}

/// Whether an obstacle crosses the link between samples `p` and `q` (either way).
fn obstacle_on(samples: &Samples, p: u32, dir_pq: usize, q: u32) -> bool {
    samples.obstacle(p, dir_pq).is_some() || samples.obstacle(q, (dir_pq + 2) % 4).is_some()
}

fn cell(samples: &Samples, n: u32, cfg: &GenerateConfig) -> Option<Cell> {
    let nodes = &samples.nodes;
    let (corners, jump) = closed_cell(nodes, n, cfg.step_height, cfg.jump_height)?;
    let [nw, ne, se, sw] = corners;
    let mut attributes = if nodes[n as usize].crouch { CROUCH } else { 0 };
    if jump {
        attributes |= JUMP;
    }
    if corners.iter().any(|&c| nodes[c as usize].cliff) {
        attributes |= CLIFF;
    }
    let any = [nw, ne, se, sw]
        .iter()
        .any(|&c| nodes[c as usize].obstacle_dirs != 0);
    let obstacle = any
        && (obstacle_on(samples, nw, EAST, ne)
            || obstacle_on(samples, sw, EAST, se)
            || obstacle_on(samples, nw, SOUTH, sw)
            || obstacle_on(samples, ne, SOUTH, se));
    if obstacle {
        attributes |= NO_MERGE;
    }
    Some(Cell {
        corners,
        attributes,
        obstacle,
    })
}

struct Plane {
    z0: f32,
    gx: f32,
    gy: f32,
    tol: f32,
}

impl Plane {
    fn holds(&self, nodes: &[Node], i: u32, dx: usize, dy: usize) -> bool {
        let want = self.z0 + self.gx * dx as f32 + self.gy * dy as f32;
        (nodes[i as usize].pos.z - want).abs() <= self.tol
    }
}

/// Build rectangles covering every closed cell once.
pub fn build_areas(samples: &Samples, cfg: &GenerateConfig) -> Vec<RectArea> {
    build_areas_where(samples, cfg, &|_| true)
}

/// [`build_areas`] over the closed cells whose corners (NW, NE, SE, SW samples) `keep`
/// accepts (incremental generation leaves out cells existing areas cover).
///
/// The game's cover (`CreateNavAreasFromNodes`): the largest rectangles first, all over the
/// level. Sizes run from `max_area_size` square down to 1 × 1, narrowing the width and the
/// height in turn (50 × 50, 49 × 50, 49 × 49, …), and at each size every uncovered cell, in
/// sampling order, becomes the north-west corner of a rectangle of that size when every cell
/// of it is closed, uncovered, has the first cell's attributes and lies on its plane. The
/// near-square pieces line up, so the merge stage joins them into whole rooms and corridors.
pub fn build_areas_where(
    samples: &Samples,
    cfg: &GenerateConfig,
    keep: &dyn Fn(&[u32; 4]) -> bool,
) -> Vec<RectArea> {
    let nodes = &samples.nodes;
    let cells: Vec<Option<Cell>> = (0..nodes.len() as u32)
        .map(|n| cell(samples, n, cfg).filter(|c| keep(&c.corners)))
        .collect();
    let max = cfg.max_area_size.max(1);
    // Upper bounds on the rectangle from each cell (covering cells only lowers them): how many
    // cells with its attributes run east, and south, from it.
    let east_run = runs(&cells, 1);
    let south_run = runs(&cells, 3);
    // The sizes in the game's order; each is no larger either way than the one before, so a
    // rectangle that fits at one size fits at every later one.
    let mut sizes = Vec::new();
    let (mut w, mut h) = (max, max);
    while w > 0 && h > 0 {
        sizes.push((w, h));
        if w >= h {
            w -= 1;
        } else {
            h -= 1;
        }
    }
    let fits_at =
        |st: &[u16], (w, h): (usize, usize)| st.get(h - 1).is_some_and(|&r| r as usize >= w);
    // Each uncovered cell waits in the bucket of the first size its last known bound allows
    // (at first its attribute runs east and south; then its staircase, which covering only
    // lowers), so a size visits only the cells that may start a rectangle of it. A bucket is
    // taken in sampling order, as the game walks its node list.
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); sizes.len()];
    for (s, c) in cells.iter().enumerate() {
        let Some(c) = c else { continue };
        let k = if c.obstacle {
            sizes.len() - 1
        } else {
            let (e, so) = (east_run[s] as usize, south_run[s] as usize);
            sizes.partition_point(|&(w, h)| w > e || h > so)
        };
        if let Some(b) = buckets.get_mut(k) {
            b.push(s as u32);
        }
    }
    let mut covered = vec![false; nodes.len()];
    let mut out = Vec::new();
    for k in 0..sizes.len() {
        let mut bucket = std::mem::take(&mut buckets[k]);
        bucket.sort_unstable();
        let (w, h) = sizes[k];
        for start in bucket {
            if covered[start as usize] {
                continue;
            }
            // How many cells of each row from it fit now (on its plane, with its attributes,
            // uncovered).
            let st = staircase(nodes, &cells, &covered, start, max, cfg.plane_tolerance);
            if fits_at(&st, (w, h)) {
                out.push(cover(&cells, &mut covered, start, w, h));
            } else if let Some(next) = (k + 1..sizes.len()).find(|&j| fits_at(&st, sizes[j])) {
                buckets[next].push(start);
            }
        }
    }
    out
}

/// For each cell, how many cells with its attributes run from it (itself included) through
/// its corner `corner` (1: east, 3: south). Links only go east and south, so chains end.
fn runs(cells: &[Option<Cell>], corner: usize) -> Vec<u16> {
    let mut run = vec![0u16; cells.len()];
    let mut chain = Vec::new();
    for start in 0..cells.len() {
        if cells[start].is_none() || run[start] != 0 {
            continue;
        }
        chain.clear();
        let mut cur = start;
        let mut base = 0u16;
        while let Some(c) = cells[cur] {
            chain.push(cur);
            let next = c.corners[corner] as usize;
            if cells[next].is_none_or(|n| n.attributes != c.attributes) {
                break;
            }
            if run[next] != 0 {
                base = run[next];
                break;
            }
            cur = next;
        }
        for &n in chain.iter().rev() {
            base = base.saturating_add(1);
            run[n] = base;
        }
    }
    run
}

/// The staircase of the rectangle with its north-west cell at `start` (see
/// [`build_areas_where`]): for each row, how many cells fit from the west edge.
fn staircase(
    nodes: &[Node],
    cells: &[Option<Cell>],
    covered: &[bool],
    start: u32,
    max: usize,
    tol: f32,
) -> Vec<u16> {
    let Some(first) = cells[start as usize] else {
        return Vec::new();
    };
    let z = |i: u32| nodes[i as usize].pos.z;
    let c0 = first.corners;
    let plane = Plane {
        z0: z(c0[0]),
        gx: z(c0[1]) - z(c0[0]),
        gy: z(c0[3]) - z(c0[0]),
        tol,
    };
    let fits = |c: u32, dx: usize, dy: usize| -> Option<Cell> {
        let cell = cells[c as usize]?;
        if covered[c as usize] || cell.obstacle || cell.attributes != first.attributes {
            return None;
        }
        let offs = [(0, 0), (1, 0), (1, 1), (0, 1)];
        for (k, &(ox, oy)) in offs.iter().enumerate() {
            if !plane.holds(nodes, cell.corners[k], dx + ox, dy + oy) {
                return None;
            }
        }
        Some(cell)
    };
    let mut out: Vec<u16> = Vec::new();
    // The north-west samples of the row above, to check each row lines up under it.
    let mut above: Vec<u32> = Vec::new();
    let mut limit = max;
    for dy in 0..max {
        let mut row: Vec<u32> = Vec::with_capacity(limit);
        let mut cur = if dy == 0 {
            Some(start)
        } else {
            above
                .first()
                .and_then(|&a| cells[a as usize])
                .map(|c| c.corners[3])
        };
        while row.len() < limit {
            let Some(c) = cur else { break };
            let dx = row.len();
            if dy > 0 && cells[above[dx] as usize].map(|a| a.corners[3]) != Some(c) {
                break;
            }
            let ok = if dx == 0 && dy == 0 {
                Some(first)
            } else {
                fits(c, dx, dy)
            };
            let Some(cell) = ok else { break };
            row.push(c);
            cur = Some(cell.corners[1]);
        }
        if row.is_empty() {
            break;
        }
        limit = row.len();
        out.push(limit as u16);
        above = row;
    }
    out
}

/// Cover the `w` × `h` rectangle of cells whose north-west cell is `start` (it fits), and
/// give its area.
fn cover(cells: &[Option<Cell>], covered: &mut [bool], start: u32, w: usize, h: usize) -> RectArea {
    let corner = |c: u32| cells[c as usize].map(|c| c.corners).unwrap_or([c; 4]);
    let attributes = cells[start as usize].map_or(0, |c| c.attributes);
    let mut row_start = start;
    let (mut ne, mut sw, mut se) = (start, start, start);
    for dy in 0..h {
        let mut c = row_start;
        for dx in 0..w {
            covered[c as usize] = true;
            let k = corner(c);
            if dy == 0 && dx == w - 1 {
                ne = k[1];
            }
            if dy == h - 1 && dx == 0 {
                sw = k[3];
            }
            if dy == h - 1 && dx == w - 1 {
                se = k[2];
            }
            c = k[1];
        }
        row_start = corner(row_start)[3];
    }
    RectArea {
        corners: [start, ne, se, sw],
        width: w,
        height: h,
        attributes,
    }
}
