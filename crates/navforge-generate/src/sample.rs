//! Stage 2: flood-fill sampling of walkable space on the 25-unit grid, breadth first; each
//! frontier's steps are traced in parallel and merged in frontier order, so the result does
//! not depend on the thread count.

use std::collections::HashMap;

use navforge_level::{Contents, Hull, Level, Vec3};
use rayon::prelude::*;

use crate::config::SampleConfig;
use crate::error::GenerateError;
use crate::seeds::Seed;

/// Grid directions in Source order: north (−Y), east (+X), south (+Y), west (−X).
pub const DIRS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// North.
pub const NORTH: usize = 0;
/// East.
pub const EAST: usize = 1;
/// South.
pub const SOUTH: usize = 2;
/// West.
pub const WEST: usize = 3;

/// One walkable sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node {
    /// Grid column.
    pub ix: i32,
    /// Grid row.
    pub iy: i32,
    /// The floor point.
    pub pos: Vec3,
    /// The floor's normal.
    pub normal: Vec3,
    /// Only a crouching player fits here.
    pub crouch: bool,
    /// The sample reached by a step in each direction (see [`DIRS`]).
    pub links: [Option<u32>; 4],
}

/// Every sample of the fill.
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// The samples, in discovery order.
    pub nodes: Vec<Node>,
    columns: HashMap<(i32, i32), Vec<u32>>,
}

impl Samples {
    /// The sample in grid column `(ix, iy)` within `tolerance` of height `z`.
    pub fn find(&self, ix: i32, iy: i32, z: f32, tolerance: f32) -> Option<u32> {
        self.columns.get(&(ix, iy)).and_then(|v| {
            v.iter()
                .copied()
                .find(|&i| (self.nodes[i as usize].pos.z - z).abs() < tolerance)
        })
    }

    fn add(&mut self, ix: i32, iy: i32, pos: Vec3, normal: Vec3, crouch: bool, grid: f32) -> u32 {
        let id = self.nodes.len() as u32;
        // Exactly on the grid, so areas come out axis-aligned whatever the trace rounding.
        let pos = Vec3::new(ix as f32 * grid, iy as f32 * grid, pos.z);
        self.nodes.push(Node {
            ix,
            iy,
            pos,
            normal,
            crouch,
            links: [None; 4],
        });
        self.columns.entry((ix, iy)).or_default().push(id);
        id
    }
}

/// What a step found.
#[derive(Debug, Clone, Copy)]
struct Landing {
    pos: Vec3,
    normal: Vec3,
    crouch: bool,
}

/// True when a point ray from `a` to `b` is clear of what blocks a player.
fn clear(level: &Level, a: Vec3, b: Vec3) -> bool {
    let t = level.trace(a, b, &Hull::POINT, Contents::MASK_PLAYER);
    !t.start_solid && t.fraction >= 1.0
}

/// Headroom above a floor point, up to `limit`.
fn headroom(level: &Level, floor: Vec3, limit: f32) -> f32 {
    let a = floor + Vec3::Z;
    let t = level.trace(a, a + Vec3::Z * limit, &Hull::POINT, Contents::MASK_PLAYER);
    if t.start_solid {
        return 0.0;
    }
    t.fraction * limit + 1.0
}

/// Can a player standing at `from` reach the grid point `dir` of it, and where does it land?
fn step(level: &Level, cfg: &SampleConfig, from: Vec3, dir: (i32, i32)) -> Option<Landing> {
    let to_xy = Vec3::new(
        from.x + dir.0 as f32 * cfg.grid,
        from.y + dir.1 as f32 * cfg.grid,
        0.0,
    );
    let depth = cfg.jump_height + cfg.death_drop;
    let mut ground = None;
    for lift in [cfg.jump_height, cfg.probe_height, cfg.step_height + 1.0] {
        let start = Vec3::new(to_xy.x, to_xy.y, from.z + lift);
        if let Some(g) = level.ground_below(start, depth + lift - cfg.jump_height) {
            ground = Some(g);
            break;
        }
    }
    let g = ground?;
    if g.surface.is_sky() || g.normal.z < cfg.slope_limit {
        return None;
    }
    let to = g.point;
    let rise = to.z - from.z;
    if rise > cfg.jump_height || -rise > cfg.death_drop {
        return None;
    }
    // Player clips stop the fill (Source's generation mask includes them).
    let lift = Vec3::Z * cfg.probe_height;
    if cfg.player_clips && crate::clip::crosses_player_clip(level, from + lift, to + lift) {
        return None;
    }
    let room = headroom(level, to, cfg.stand_height);
    if room < cfg.crouch_height {
        return None;
    }
    let probe = cfg.probe_height.min(room - 1.0).max(1.0);
    let top = from.z.max(to.z) + probe;
    // Rise in place (jump), cross, then fall: each leg must be clear.
    if rise > 0.0
        && !clear(
            level,
            from + Vec3::Z * probe,
            Vec3::new(from.x, from.y, top),
        )
    {
        return None;
    }
    let (a, b) = (Vec3::new(from.x, from.y, top), Vec3::new(to.x, to.y, top));
    if !clear(level, a, b) {
        return None;
    }
    // Player clips block hulls, not points: sweep the crouching hull too where it fits.
    if let Some(hull) = cfg.hull {
        let lift = -hull.mins.z;
        let t = level.trace_box(a + Vec3::Z * lift, b + Vec3::Z * lift, &hull);
        if !t.start_solid && t.fraction < 1.0 {
            return None;
        }
    }
    Some(Landing {
        pos: to,
        normal: g.normal,
        crouch: room < cfg.stand_height,
    })
}

/// Flood-fill from `seeds`.
pub fn sample(
    level: &Level,
    seeds: &[Seed],
    cfg: &SampleConfig,
    progress: &mut dyn FnMut(usize),
) -> Result<Samples, GenerateError> {
    let mut s = Samples::default();
    let mut frontier = Vec::new();
    for seed in seeds {
        let p = seed.point;
        let (ix, iy) = ((p.x / cfg.grid).round(), (p.y / cfg.grid).round());
        if !(ix.abs() < 1e9 && iy.abs() < 1e9) {
            continue;
        }
        let (ix, iy) = (ix as i32, iy as i32);
        if s.find(ix, iy, p.z, cfg.same_node_height).is_some() {
            continue;
        }
        let room = headroom(level, p, cfg.stand_height);
        if room < cfg.crouch_height {
            continue;
        }
        let n = s.add(ix, iy, p, Vec3::Z, room < cfg.stand_height, cfg.grid);
        frontier.push(n);
    }
    while !frontier.is_empty() {
        let found: Vec<[Option<Landing>; 4]> = frontier
            .par_iter()
            .map(|&n| {
                let from = s.nodes[n as usize].pos;
                DIRS.map(|d| step(level, cfg, from, d))
            })
            .collect();
        let mut next = Vec::new();
        for (&n, landings) in frontier.iter().zip(found) {
            let node = s.nodes[n as usize];
            for (d, landing) in landings.into_iter().enumerate() {
                let Some(l) = landing else { continue };
                let (ix, iy) = (node.ix + DIRS[d].0, node.iy + DIRS[d].1);
                let target = match s.find(ix, iy, l.pos.z, cfg.same_node_height) {
                    Some(t) => t,
                    None => {
                        if s.nodes.len() >= cfg.max_samples {
                            return Err(GenerateError::TooManySamples {
                                limit: cfg.max_samples,
                            });
                        }
                        let t = s.add(ix, iy, l.pos, l.normal, l.crouch, cfg.grid);
                        next.push(t);
                        t
                    }
                };
                s.nodes[n as usize].links[d] = Some(target);
            }
        }
        progress(s.nodes.len());
        frontier = next;
    }
    Ok(s)
}
