//! Stage 2: every floor a player can reach from the seeds, sampled on a grid: a breadth-first
//! flood fill whose moves are the player's own (walk with steps, fall off ledges, jump onto
//! ledges and across gaps). Each frontier is expanded in parallel and merged in frontier order,
//! so the result does not depend on the thread count.

use std::collections::HashMap;

use navforge_level::{Contents, Vec3};
use rayon::prelude::*;

use super::config::FillConfig;
use super::error::GraphError;
use super::motion::{Motion, Stand, StepResult, horizontal};

/// The eight grid directions, axes first.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// One reachable standing spot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The player's origin standing there.
    pub origin: Vec3,
    /// Its grid cell.
    pub cell: (i32, i32),
    /// The brush entity it stands on (`None`: the world).
    pub entity: Option<usize>,
}

/// Every sample of the fill, in discovery order.
#[derive(Debug, Clone, Default)]
pub struct Walkable {
    /// The samples.
    pub samples: Vec<Sample>,
    /// Falls and jumps the fill made: (from sample, landing sample). Drop and jump links are
    /// looked for only where these are.
    pub air: Vec<(u32, u32)>,
    /// Steps the fill walked: (from sample, to sample). The node graph must keep what these
    /// join ([`super::links::walk_gaps`]).
    pub steps: Vec<(u32, u32)>,
    /// Per sample: standing in lava or slime. The game's graphs put nodes in a liquid pit
    /// that only lead out of it (a way out for a bot that fell in); the fill enters one from
    /// dry floor and spreads through it, but finds no dry floor from it.
    pub hazard: Vec<bool>,
    cells: HashMap<(i32, i32), Vec<u32>>,
    grid: f32,
}

impl Walkable {
    /// The grid cell of a point.
    pub fn cell_of(&self, p: Vec3) -> (i32, i32) {
        cell_of(p, self.grid)
    }

    /// The sample of `cell` within `tolerance` of height `z`.
    pub fn find(&self, cell: (i32, i32), z: f32, tolerance: f32) -> Option<u32> {
        self.cells.get(&cell).and_then(|v| {
            v.iter()
                .copied()
                .find(|&i| (self.samples[i as usize].origin.z - z).abs() < tolerance)
        })
    }

    /// Samples of `cell`.
    pub fn in_cell(&self, cell: (i32, i32)) -> &[u32] {
        self.cells.get(&cell).map_or(&[], |v| v.as_slice())
    }

    /// The grid pitch.
    pub fn grid(&self) -> f32 {
        self.grid
    }

    fn add(&mut self, s: Stand, hazard: bool) -> u32 {
        let id = self.samples.len() as u32;
        self.hazard.push(hazard);
        let cell = cell_of(s.origin, self.grid);
        self.samples.push(Sample {
            origin: s.origin,
            cell,
            entity: s.entity,
        });
        self.cells.entry(cell).or_default().push(id);
        id
    }
}

fn cell_of(p: Vec3, grid: f32) -> (i32, i32) {
    let c = |v: f32| (v / grid).round().clamp(-1e9, 1e9) as i32;
    (c(p.x), c(p.y))
}

/// True when a player standing at `origin` has its feet in lava or slime.
pub fn in_hazard(motion: &Motion, origin: Vec3) -> bool {
    let feet = origin + Vec3::Z * (motion.physics.hull.mins.z + 2.0);
    motion
        .level
        .point_contents(feet)
        .intersects(Contents::LAVA | Contents::SLIME)
}

/// Where one sample leads: the landing of a step, fall or jump in each direction (`true` for a
/// fall or jump).
fn expand(motion: &Motion, cfg: &FillConfig, s: &Sample) -> Vec<(Stand, bool)> {
    let ph = &motion.physics;
    let g = cfg.grid;
    let mut out = Vec::new();
    let no_hold = |_: Vec3| None;
    for (k, &(dx, dy)) in DIRS.iter().enumerate() {
        let target = Vec3::new(
            (s.cell.0 + dx) as f32 * g,
            (s.cell.1 + dy) as f32 * g,
            s.origin.z,
        );
        let delta = horizontal(target - s.origin);
        if delta.length() < 1.0 {
            continue;
        }
        let dir = delta.normalize();
        match motion.step(s.origin, delta) {
            StepResult::Moved(st) => out.push((st, false)),
            StepResult::Ledge(edge) => {
                let fall = motion.fly(edge, dir * ph.run_speed, dir, 4.0, &no_hold);
                // A jump can only reach more than the fall where the fall goes deep (a pit,
                // a gap): where it lands within a jump's height, the jump lands there too.
                let deep = fall.is_none_or(|l| l.origin.z < s.origin.z - ph.jump_height());
                if let Some(l) = fall {
                    out.push((l, true));
                }
                // Braking in the air lands close under the edge: a floor the run flies over.
                if let Some(l) = motion.slow_fall(edge, dir)
                    && fall.is_none_or(|f| (f.origin.z - l.origin.z).abs() > ph.step)
                {
                    out.push((l, true));
                }
                if cfg.jumps && deep {
                    let v = dir * ph.run_speed + Vec3::Z * ph.jump_speed;
                    if let Some(l) = motion.fly(s.origin, v, dir, 4.0, &no_hold) {
                        out.push((l, true));
                    }
                }
            }
            StepResult::Blocked => {
                // A narrow way may pass the cell off its centre: try beside it.
                let mut passed = false;
                if k < 4 {
                    let side = Vec3::new(-dir.y, dir.x, 0.0);
                    for o in [0.25, -0.25, 0.5, -0.5] {
                        let d = horizontal(target + side * (o * g) - s.origin);
                        if let StepResult::Moved(st) = motion.step(s.origin, d) {
                            out.push((st, false));
                            passed = true;
                            break;
                        }
                    }
                }
                // Onto something no higher than a jump: only when the way is clear at the
                // top of the jump.
                if !passed && cfg.jumps {
                    let top = s.origin + Vec3::Z * (ph.jump_height() + 1.0);
                    let over = motion.trace(top, top + dir * g);
                    if !over.start_solid && over.fraction >= 1.0 {
                        let v = dir * ph.run_speed + Vec3::Z * ph.jump_speed;
                        if let Some(l) = motion.fly(s.origin, v, dir, 2.0, &no_hold)
                            && l.origin.z > s.origin.z + ph.step
                        {
                            out.push((l, true));
                        }
                    }
                }
            }
        }
    }
    out
}

/// A spot the fill may keep: not in an avoided trigger (lava and slime pits are entered from
/// dry floor; seeds stay out of them).
fn standable(motion: &Motion, s: &Stand) -> bool {
    s.origin.is_finite() && motion.avoided(s.origin).is_none()
}

/// Flood-fill from `seeds` (standing spots).
pub fn fill(
    motion: &Motion,
    seeds: &[Stand],
    cfg: &FillConfig,
    progress: &mut dyn FnMut(usize),
) -> Result<Walkable, GraphError> {
    let mut w = Walkable {
        grid: cfg.grid.max(1.0),
        ..Walkable::default()
    };
    fill_more(motion, &mut w, seeds, cfg, progress)?;
    Ok(w)
}

/// Go on filling `w` from more seeds, once it holds all its own seeds reach: only from those
/// it does not hold yet, so a floor already filled is sampled as it was (a pit reached only by
/// dropping through a floor that moves away is filled from where the player lands).
pub fn fill_more(
    motion: &Motion,
    w: &mut Walkable,
    seeds: &[Stand],
    cfg: &FillConfig,
    progress: &mut dyn FnMut(usize),
) -> Result<(), GraphError> {
    let mut frontier = Vec::new();
    for seed in seeds {
        if standable(motion, seed)
            && !in_hazard(motion, seed.origin)
            && w.find(w.cell_of(seed.origin), seed.origin.z, cfg.same_height)
                .is_none()
        {
            frontier.push(w.add(*seed, false));
        }
    }
    fill_from(motion, cfg, w, frontier, progress)
}

/// The breadth-first fill from `frontier` (samples of `w`), adding to `w`.
fn fill_from(
    motion: &Motion,
    cfg: &FillConfig,
    w: &mut Walkable,
    mut frontier: Vec<u32>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), GraphError> {
    while !frontier.is_empty() {
        let found: Vec<Vec<(Stand, bool)>> = frontier
            .par_iter()
            .map(|&i| expand(motion, cfg, &w.samples[i as usize]))
            .collect();
        let mut next = Vec::new();
        for (&from, landings) in frontier.iter().zip(found) {
            for (s, air) in landings {
                if !standable(motion, &s) {
                    continue;
                }
                let to = match w.find(w.cell_of(s.origin), s.origin.z, cfg.same_height) {
                    Some(t) => t,
                    None => {
                        let hazard = in_hazard(motion, s.origin);
                        // Out of a liquid pit only to floor found otherwise.
                        if w.hazard[from as usize] && !hazard {
                            continue;
                        }
                        if w.samples.len() >= cfg.max_samples {
                            return Err(GraphError::TooManySamples {
                                limit: cfg.max_samples,
                            });
                        }
                        let t = w.add(s, hazard);
                        next.push(t);
                        t
                    }
                };
                if to != from {
                    if air {
                        w.air.push((from, to));
                    } else {
                        w.steps.push((from, to));
                    }
                }
            }
        }
        progress(w.samples.len());
        frontier = next;
    }
    Ok(())
}
