//! Splitting grid rectangles along a grid line: squaring up long thin areas (`SquareUpAreas`)
//! and cutting a lower area where an upper one it connects to overhangs it
//! (`SplitAreasUnderOverhangs`).

use crate::areas::RectArea;
use crate::sample::{EAST, Node, SOUTH};

/// Follow `count` links from `start` towards `dir`.
pub(crate) fn walk(nodes: &[Node], start: u32, dir: usize, count: usize) -> Option<u32> {
    let mut cur = start;
    for _ in 0..count {
        cur = nodes[cur as usize].links[dir]?;
    }
    Some(cur)
}

/// Split `a` into a west part `cells` wide and the east rest (`vertical` false), or into a
/// north part `cells` high and the south rest (`vertical` true). `None` when `cells` leaves an
/// empty part.
pub fn split(
    nodes: &[Node],
    a: &RectArea,
    vertical: bool,
    cells: usize,
) -> Option<(RectArea, RectArea)> {
    let [nw, ne, se, sw] = a.corners;
    if vertical {
        if cells == 0 || cells >= a.height {
            return None;
        }
        let w = walk(nodes, nw, SOUTH, cells)?;
        let e = walk(nodes, ne, SOUTH, cells)?;
        Some((
            RectArea {
                corners: [nw, ne, e, w],
                height: cells,
                ..a.clone()
            },
            RectArea {
                corners: [w, e, se, sw],
                height: a.height - cells,
                ..a.clone()
            },
        ))
    } else {
        if cells == 0 || cells >= a.width {
            return None;
        }
        let n = walk(nodes, nw, EAST, cells)?;
        let s = walk(nodes, sw, EAST, cells)?;
        Some((
            RectArea {
                corners: [nw, n, s, sw],
                width: cells,
                ..a.clone()
            },
            RectArea {
                corners: [n, ne, se, s],
                width: a.width - cells,
                ..a.clone()
            },
        ))
    }
}

/// The game's `SnapToGrid`: to the nearest grid line, halves away from zero.
fn snap(v: f32, grid: f32) -> f32 {
    (v / grid + 0.5f32.copysign(v)).trunc() * grid
}

/// Longest side over shortest within `max_aspect` (`IsRoughlySquare`).
fn roughly_square(a: &RectArea, max_aspect: f32) -> bool {
    let aspect = a.width as f32 / a.height.max(1) as f32;
    aspect >= 1.0 / max_aspect && aspect <= max_aspect
}

/// Halve `a` along its long axis at the grid line nearest its middle (in world coordinates, as
/// the game snaps), again and again until every piece is roughly square.
fn square_one(nodes: &[Node], a: RectArea, max_aspect: f32, grid: f32, out: &mut Vec<RectArea>) {
    if roughly_square(&a, max_aspect) {
        out.push(a);
        return;
    }
    let vertical = a.height > a.width;
    let (lo, cells) = if vertical {
        (nodes[a.corners[0] as usize].pos.y, a.height)
    } else {
        (nodes[a.corners[0] as usize].pos.x, a.width)
    };
    let middle = snap(lo + cells as f32 * grid * 0.5, grid);
    let k = ((middle - lo) / grid).round().max(0.0) as usize;
    match split(nodes, &a, vertical, k) {
        Some((p, q)) => {
            square_one(nodes, p, max_aspect, grid, out);
            square_one(nodes, q, max_aspect, grid, out);
        }
        None => out.push(a),
    }
}

/// Split every long thin area (longest over shortest side above `max_aspect`, 3.01 in the
/// game) into roughly square pieces. Pieces keep their attributes and stay in place in the
/// list (the first piece where the area was), so the order stays deterministic.
pub fn square_up(
    nodes: &[Node],
    areas: Vec<RectArea>,
    max_aspect: f32,
    grid: f32,
) -> Vec<RectArea> {
    let mut out = Vec::with_capacity(areas.len());
    for a in areas {
        square_one(nodes, a, max_aspect, grid, &mut out);
    }
    out
}
