//! Stage 3: rectangles of grid cells. A cell is the square between a sample and its east, south
//! and south-east neighbours, all linked (a "closed cell") with no step above step height
//! between them. Rectangles grow greedily from each uncovered cell, east then south, over
//! cells with the same attributes that stay on the first cell's plane. A cell an obstacle
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
pub fn build_areas_where(
    samples: &Samples,
    cfg: &GenerateConfig,
    keep: &dyn Fn(&[u32; 4]) -> bool,
) -> Vec<RectArea> {
    let nodes = &samples.nodes;
    let cells: Vec<Option<Cell>> = (0..nodes.len() as u32)
        .map(|n| cell(samples, n, cfg).filter(|c| keep(&c.corners)))
        .collect();
    let mut covered = vec![false; nodes.len()];
    let mut out = Vec::new();
    let max = cfg.max_area_size.max(1);
    for start in 0..nodes.len() as u32 {
        let Some(first) = cells[start as usize] else {
            continue;
        };
        if covered[start as usize] {
            continue;
        }
        if first.obstacle {
            covered[start as usize] = true;
            out.push(RectArea {
                corners: first.corners,
                width: 1,
                height: 1,
                attributes: first.attributes,
            });
            continue;
        }
        let attributes = first.attributes;
        let first = first.corners;
        let z = |i: u32| nodes[i as usize].pos.z;
        let plane = Plane {
            z0: z(first[0]),
            gx: z(first[1]) - z(first[0]),
            gy: z(first[3]) - z(first[0]),
            tol: cfg.plane_tolerance,
        };
        let fits = |c: u32, dx: usize, dy: usize| -> Option<[u32; 4]> {
            let cell = cells[c as usize]?;
            if covered[c as usize] || cell.obstacle || cell.attributes != attributes {
                return None;
            }
            let offs = [(0, 0), (1, 0), (1, 1), (0, 1)];
            for (k, &(ox, oy)) in offs.iter().enumerate() {
                if !plane.holds(nodes, cell.corners[k], dx + ox, dy + oy) {
                    return None;
                }
            }
            Some(cell.corners)
        };
        // First row: grow east.
        let mut row = vec![first];
        while row.len() < max {
            let Some(next) = row.last().map(|c| c[1]) else {
                break;
            };
            match fits(next, row.len(), 0) {
                Some(c) => row.push(c),
                None => break,
            }
        }
        let width = row.len();
        let mut rows = vec![row];
        // Then south, a whole row at a time, aligned with the row above.
        while rows.len() < max {
            let dy = rows.len();
            let Some(above) = rows.last() else { break };
            let mut next_row = Vec::with_capacity(width);
            for (dx, c) in above.iter().enumerate() {
                let south = c[3];
                match fits(south, dx, dy) {
                    Some(cell)
                        if next_row
                            .last()
                            .is_none_or(|prev: &[u32; 4]| prev[1] == cell[0]) =>
                    {
                        next_row.push(cell)
                    }
                    _ => break,
                }
            }
            if next_row.len() < width {
                break;
            }
            rows.push(next_row);
        }
        for r in &rows {
            for c in r {
                covered[c[0] as usize] = true;
            }
        }
        let (Some(top), Some(bottom)) = (rows.first(), rows.last()) else {
            continue;
        };
        let (Some(tl), Some(tr), Some(bl), Some(br)) =
            (top.first(), top.last(), bottom.first(), bottom.last())
        else {
            continue;
        };
        out.push(RectArea {
            corners: [tl[0], tr[1], br[2], bl[3]],
            width,
            height: rows.len(),
            attributes,
        });
    }
    out
}
