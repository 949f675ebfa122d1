//! Obstacle-top areas (`HandleObstacleTopAreas`, Source's generator): a fence, railing or low
//! wall crossed between samples leaves its cell as a one-cell area of its own (the rectangle
//! stage keeps such cells apart); here that area is lifted onto the obstacle and narrowed to
//! it, so bots climb over rather than walk through.
//!
//! The rule, per one-cell area: in some direction, both of its edges along that direction are
//! crossed by an obstacle more than a step above the sample (one edge is enough beside stairs,
//! where the area is removed instead). The tallest such direction wins; the area becomes the
//! strip the obstacle occupies along that direction (at least 10 units wide), at the
//! obstacle's top height on each side, flagged obstacle-top and no-merge, with its sideways
//! connections removed so nobody walks along the fence top.

use crate::marks::{JUMP, NO_MERGE, OBSTACLE_TOP, STAIRS};
use crate::mesh::GenMesh;
use crate::sample::{EAST, NORTH, Obstacle, SOUTH, Samples};

/// The obstacle on the link from sample `n` towards `dir`, from either end of the link (the
/// span measured from `n`).
fn obstacle_from(samples: &Samples, n: u32, dir: usize, grid: f32) -> Option<Obstacle> {
    if let Some(o) = samples.obstacle(n, dir) {
        return Some(o);
    }
    let m = samples.nodes[n as usize].links[dir]?;
    let o = samples.obstacle(m, (dir + 2) % 4)?;
    Some(Obstacle {
        top: o.top,
        start: grid - o.end,
        end: grid - o.start,
    })
}

/// Keep `start..end` at least `min` wide inside `0..max` (`AdjustObstacleDistances`).
fn widen(start: f32, end: f32, min: f32, max: f32) -> (f32, f32) {
    if end - start >= min {
        return (start, end);
    }
    let half = (min - (end - start)) * 0.5;
    let mut s = (start - half).max(0.0);
    let mut e = s + min;
    if e > max {
        s -= e - max;
        e = max;
    }
    (s.max(0.0), e)
}

/// Lift every one-cell area an obstacle crosses onto it; remove those beside stairs. Returns
/// how many areas were lifted.
pub fn raise_obstacle_areas(
    mesh: &mut GenMesh,
    samples: &Samples,
    grid: f32,
    step_height: f32,
) -> usize {
    let mut doomed = vec![false; mesh.areas.len()];
    let mut raised = 0;
    #[allow(clippy::needless_range_loop)] // areas change (and links) inside the loop
    for i in 0..mesh.areas.len() {
        let area = &mesh.areas[i];
        let Some(corner_nodes) = area.nodes else {
            continue;
        };
        if (area.size_x() - grid).abs() > 0.01 || (area.size_y() - grid).abs() > 0.01 {
            continue;
        }
        // (direction, top on its left and right edge, span along it)
        let mut best: Option<(usize, [f32; 2], f32, f32)> = None;
        let mut stair_neighbour = false;
        for dir in 0..4 {
            // The two corners the edges along `dir` start from: left and right, facing `dir`.
            let from = [corner_nodes[(dir + 3) % 4], corner_nodes[(dir + 2) % 4]];
            let mut tops = [f32::NEG_INFINITY; 2];
            let (mut start, mut end) = (grid, 0.0f32);
            let mut blocked = 0;
            for (k, &n) in from.iter().enumerate() {
                let Some(o) = obstacle_from(samples, n, dir, grid) else {
                    continue;
                };
                if o.top - samples.nodes[n as usize].pos.z > step_height {
                    blocked += 1;
                    tops[k] = o.top;
                    start = start.min(o.start);
                    end = end.max(o.end);
                }
            }
            let beside_stairs = mesh
                .links_from(i)
                .any(|l| l.side == dir && mesh.areas[l.to].attributes & STAIRS != 0);
            let needed = if beside_stairs { 1 } else { 2 };
            if blocked >= needed {
                stair_neighbour |= beside_stairs;
                let top = tops[0].max(tops[1]);
                if best.is_none_or(|b| top > b.1[0].max(b.1[1])) {
                    // An edge without an obstacle takes the other's height.
                    let tops = tops.map(|t| if t.is_finite() { t } else { top });
                    best = Some((dir, tops, start, end));
                }
            }
        }
        let Some((dir, tops, start, end)) = best else {
            continue;
        };
        if stair_neighbour {
            doomed[i] = true;
            continue;
        }
        let (start, end) = widen(start, end.max(start), grid * 0.4, grid);
        let area = &mut mesh.areas[i];
        let [mut nw, mut ne, mut se, mut sw] = area.corners;
        // Along `dir`, from the edge the samples stand on; across, the left and right edges.
        match dir {
            NORTH => {
                let y = sw.y;
                (nw.y, ne.y, sw.y, se.y) = (y - end, y - end, y - start, y - start);
                (nw.z, sw.z, ne.z, se.z) = (tops[0], tops[0], tops[1], tops[1]);
            }
            SOUTH => {
                let y = nw.y;
                (nw.y, ne.y, sw.y, se.y) = (y + start, y + start, y + end, y + end);
                // Facing south, left is east.
                (ne.z, se.z, nw.z, sw.z) = (tops[0], tops[0], tops[1], tops[1]);
            }
            EAST => {
                let x = nw.x;
                (nw.x, sw.x, ne.x, se.x) = (x + start, x + start, x + end, x + end);
                // Facing east, left is north.
                (nw.z, ne.z, sw.z, se.z) = (tops[0], tops[0], tops[1], tops[1]);
            }
            _ => {
                let x = ne.x;
                (ne.x, se.x, nw.x, sw.x) = (x - start, x - start, x - end, x - end);
                // Facing west, left is south.
                (sw.z, se.z, nw.z, ne.z) = (tops[0], tops[0], tops[1], tops[1]);
            }
        }
        area.corners = [nw, ne, se, sw];
        area.attributes = (area.attributes | NO_MERGE | OBSTACLE_TOP) & !JUMP;
        area.nodes = None;
        // No walking along the obstacle's top: drop the sideways connections both ways.
        let sideways: Vec<usize> = mesh
            .links
            .iter()
            .filter(|l| (l.from == i || l.to == i) && l.side % 2 != dir % 2)
            .map(|l| if l.from == i { l.to } else { l.from })
            .collect();
        for other in sideways {
            mesh.disconnect(i, other);
        }
        raised += 1;
    }
    mesh.remove_areas(&doomed);
    raised
}
