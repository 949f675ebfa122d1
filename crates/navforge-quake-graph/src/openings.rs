//! Floors that move away. The generator loads movers where the game spawns them and stands on
//! them there; the game's graphs also drop through the hole they leave once they have gone:
//!
//! - **trains** (`func_train`, hipnotic's `func_train2`) that travel to stops no longer
//!   covering their spawn spot (a floor of trains that parts over a pit, a platform that slides
//!   off its ledge); trains that move up and down (lifts) or slide along a floor open nothing;
//! - **hatches**: `func_door`s flat enough to be floors (the ones the generator loads shut),
//!   moved as the game opens a door: along `angle` (-1 up, -2 down) by their size that way less
//!   `lip` (8 when absent).
//!
//! (Solids a `killtarget` removes, such as hipnotic's coffin lid, are not loaded at all:
//! `navforge_level::LoadOptions::with_killed_removed`, so the fill drops where they were.)
//!
//! Movers fired together (the same `targetname`) are taken together: the spots of their spawn
//! tops that none of them covers at a later stop (each at the same stop of its own
//! `path_corner` chain; a hatch open) are found on an 8-unit grid, with
//! the player's box clear of them, and each hole gets one opening at its middle: the player on
//! the mover there, and where it lands falling through. Holes over lava, slime or a trigger
//! that hurts, teleports or pushes give none, nor do movers with no fall beneath them.
//!
//! An opening whose spot on the mover the fill reached ([`openings_reached`]) gets a node at
//! both ends (the mover's `check-floor`) and a *walk off ledge* link with the game's drop
//! traversal, as the game's graphs type these drops; its landing is filled after the seeds
//! have filled all they reach ([`super::fill::fill_more`]: a pit reached only through the hole
//! is filled, a floor already reached is sampled as before).

use std::collections::HashMap;

use navforge_level::{Aabb, BrushEntity, BrushRole, Vec3};
use navforge_quake::NodeFlags;

use super::entities::{EntityPlan, corner_chain};
use super::fill::{Walkable, in_hazard};
use super::links::{GraphLink, LinkType, TraversalPoints};
use super::motion::{Motion, Stand};
use super::nodes::{Anchor, GraphNode};

/// Spacing of the spots tested on a mover's top.
const GRID: f32 = 8.0;
/// At most this many spots are tested per group of trains (a larger top gets a coarser grid).
const MAX_SPOTS: f32 = 20_000.0;
/// At most this many (spot, mover) tests per level: a map of thousands of trains with hundreds
/// of stops each gets the openings found before the budget ran out, not a hang.
const WORK_BUDGET: u64 = 20_000_000;
/// Deepest fall followed through a hole.
const MAX_FALL: f32 = 4096.0;

/// A drop through a floor that moves away.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opening {
    /// The train the player stands on where it spawns.
    pub entity: usize,
    /// The player on the mover, over the hole's middle.
    pub on: Stand,
    /// Where the player lands once the mover has gone.
    pub landing: Stand,
}

/// A train's box at each stop of its `path_corner` chain (stop 0: where it spawns).
fn stop_boxes(motion: &Motion, b: &BrushEntity) -> Vec<Aabb> {
    let entities = motion.level.entities();
    let model_min = b.bounds.min - b.origin;
    let origins: Vec<Vec3> = corner_chain(entities, &entities[b.entity])
        .into_iter()
        .map(|(c, _)| c - (model_min - Vec3::ONE))
        .collect();
    let Some(&first) = origins.first() else {
        return Vec::new();
    };
    origins
        .iter()
        .map(|&o| {
            let d = o - first;
            Aabb::new(b.bounds.min + d, b.bounds.max + d)
        })
        .collect()
}

/// True when the player's box at `p` (horizontally) overlaps `bx` horizontally.
fn overlaps_xy(motion: &Motion, bx: &Aabb, p: Vec3) -> bool {
    let h = motion.physics.hull;
    p.x + h.maxs.x > bx.min.x
        && p.x + h.mins.x < bx.max.x
        && p.y + h.maxs.y > bx.min.y
        && p.y + h.mins.y < bx.max.y
}

/// One brush entity of a group, with its box at each stop (stop 0: where it spawns).
type Member<'a> = (&'a BrushEntity, Vec<Aabb>);

/// Members grouped by the `targetname` that fires them together (one group each when nothing
/// names them).
fn grouped<'a>(motion: &Motion, members: Vec<Member<'a>>) -> Vec<Vec<Member<'a>>> {
    let entities = motion.level.entities();
    let mut groups: Vec<Vec<Member<'a>>> = Vec::new();
    let mut named: HashMap<String, usize> = HashMap::new();
    for m in members {
        let name = entities[m.0.entity]
            .get("targetname")
            .map(str::trim)
            .filter(|t| !t.is_empty());
        match name.and_then(|n| named.get(n).copied()) {
            Some(g) => groups[g].push(m),
            None => {
                if let Some(n) = name {
                    named.insert(n.to_string(), groups.len());
                }
                groups.push(vec![m]);
            }
        }
    }
    groups
}

/// Where a door moves when it opens, as Quake's and Quake II's `func_door` compute it: along
/// its `angle` (-1 up, -2 down), by its size that way less `lip` (8 when absent).
fn door_travel(e: &navforge_level::Entity, size: Vec3) -> Option<Vec3> {
    let angle = e.number("angle").unwrap_or(0.0);
    let dir = if angle == -1.0 {
        Vec3::Z
    } else if angle == -2.0 {
        -Vec3::Z
    } else {
        let yaw = angle.to_radians();
        Vec3::new(yaw.cos(), yaw.sin(), 0.0)
    };
    let lip = e.number("lip").unwrap_or(8.0);
    let d = dir * (dir.dot(size).abs() - lip);
    d.is_finite().then_some(d)
}

/// Every drop through a floor that moves away: trains that leave their spawn spot, hatches
/// (doors that stay shut where the generator loads them) that open. (Solids a `killtarget`
/// removes are left out of the level when it is loaded: `LoadOptions::with_killed_removed`.)
pub fn plan_openings(motion: &Motion) -> Vec<Opening> {
    let level = motion.level;
    let entities = level.entities();
    let (mut trains, mut doors) = (Vec::new(), Vec::new());
    for b in level.brush_entities() {
        let class = b.class.to_ascii_lowercase();
        if class.starts_with("func_train") {
            let boxes = stop_boxes(motion, b);
            if boxes.len() >= 2 {
                trains.push((b, boxes));
            }
        } else if b.role == BrushRole::Door
            && class == "func_door"
            && let Some(d) = door_travel(&entities[b.entity], b.bounds.max - b.bounds.min)
        {
            let open = Aabb::new(b.bounds.min + d, b.bounds.max + d);
            doors.push((b, vec![b.bounds, open]));
        }
    }
    let mut out = Vec::new();
    let mut budget = WORK_BUDGET;
    for members in [trains, doors] {
        for group in grouped(motion, members) {
            plan_group(motion, &group, &mut out, &mut budget);
        }
    }
    out
}

/// The openings of one group of trains that move together.
fn plan_group(motion: &Motion, group: &[Member], out: &mut Vec<Opening>, budget: &mut u64) {
    let spawn: Vec<Aabb> = group.iter().map(|(_, boxes)| boxes[0]).collect();
    if spawn.is_empty() {
        return;
    }
    let (mut lo, mut hi) = (spawn[0].min, spawn[0].max);
    for bx in &spawn {
        lo = lo.min(bx.min);
        hi = hi.max(bx.max);
    }
    let area = (hi.x - lo.x) * (hi.y - lo.y);
    if !(area.is_finite() && area > 0.0) {
        return;
    }
    let step = GRID.max((area / MAX_SPOTS).sqrt());
    let (fx, fy) = ((hi.x - lo.x) / step, (hi.y - lo.y) / step);
    if !(fx < 1e6 && fy < 1e6) {
        return;
    }
    let (nx, ny) = (fx as i32 + 1, fy as i32 + 1);
    let at = |i: i32, j: i32| Vec3::new(lo.x + i as f32 * step, lo.y + j as f32 * step, 0.0);
    let stops = group.iter().map(|(_, b)| b.len()).max().unwrap_or(0);
    let first = out.len();
    for k in 1..stops {
        let cost = (nx as u64) * (ny as u64) * (group.len() as u64);
        if cost > *budget {
            return;
        }
        *budget -= cost;
        // Spots on a spawn top that no train of the group covers at stop k.
        let mut open: HashMap<(i32, i32), ()> = HashMap::new();
        for i in 0..nx {
            for j in 0..ny {
                let p = at(i, j);
                let on_top = spawn
                    .iter()
                    .any(|b| p.x > b.min.x && p.x < b.max.x && p.y > b.min.y && p.y < b.max.y);
                let covered = group
                    .iter()
                    .any(|(_, boxes)| overlaps_xy(motion, &boxes[k % boxes.len()], p));
                if on_top && !covered {
                    open.insert((i, j), ());
                }
            }
        }
        // Each hole (8-connected spots) once, at the spot nearest its middle.
        let mut cells: Vec<(i32, i32)> = open.keys().copied().collect();
        cells.sort_unstable();
        let mut seen: HashMap<(i32, i32), ()> = HashMap::new();
        for &c in &cells {
            if seen.contains_key(&c) {
                continue;
            }
            let mut hole = vec![c];
            seen.insert(c, ());
            let mut n = 0;
            while n < hole.len() {
                let (i, j) = hole[n];
                n += 1;
                for (di, dj) in [
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ] {
                    let q = (i + di, j + dj);
                    if open.contains_key(&q) && !seen.contains_key(&q) {
                        seen.insert(q, ());
                        hole.push(q);
                    }
                }
            }
            let mid = hole.iter().fold(Vec3::ZERO, |s, &(i, j)| s + at(i, j)) / hole.len() as f32;
            let Some(&best) = hole.iter().min_by(|a, b| {
                (at(a.0, a.1) - mid)
                    .length()
                    .total_cmp(&(at(b.0, b.1) - mid).length())
                    .then(a.cmp(b))
            }) else {
                continue;
            };
            let p = at(best.0, best.1);
            if out[first..]
                .iter()
                .any(|o| (o.on.origin.truncate() - p.truncate()).length() < 32.0)
            {
                continue;
            }
            if let Some(o) = drop_through(motion, group, p) {
                out.push(o);
            }
        }
    }
}

/// The player on the group's spawn top at `p` (x, y), and where it lands once it has gone.
fn drop_through(motion: &Motion, group: &[Member], p: Vec3) -> Option<Opening> {
    let hull = motion.physics.hull;
    let under: Vec<Aabb> = group
        .iter()
        .map(|(_, boxes)| boxes[0])
        .filter(|b| overlaps_xy(motion, b, p))
        .collect();
    let top = under
        .iter()
        .map(|b| b.max.z)
        .fold(f32::NEG_INFINITY, f32::max);
    let bottom = under.iter().map(|b| b.min.z).fold(f32::INFINITY, f32::min);
    if !(top.is_finite() && bottom.is_finite()) {
        return None;
    }
    let above = Vec3::new(p.x, p.y, top - hull.mins.z + 2.0);
    if !motion.fits(above) {
        return None;
    }
    let on = motion.settle(above, 8.0 + top - bottom)?;
    let entity = on.entity?;
    if !group.iter().any(|(b, _)| b.entity == entity) {
        return None;
    }
    let below = Vec3::new(p.x, p.y, bottom - hull.maxs.z - 1.0);
    if !motion.fits(below) {
        return None;
    }
    let landing = motion.settle(below, MAX_FALL)?;
    if on.origin.z - landing.origin.z <= motion.physics.step
        || motion.avoided(landing.origin).is_some()
        || in_hazard(motion, landing.origin)
    {
        return None;
    }
    Some(Opening {
        entity,
        on,
        landing,
    })
}

/// The plan with only the openings whose spot on the mover the fill reached (a mover top no
/// one stands on drops no one).
pub fn openings_reached(plan: &EntityPlan, walk: &Walkable, same_height: f32) -> EntityPlan {
    let mut out = plan.clone();
    out.openings.retain(|o| {
        walk.find(walk.cell_of(o.on.origin), o.on.origin.z, same_height)
            .is_some()
    });
    out
}

/// The nodes openings need: the player on the mover (`check-floor`, as nodes on a mover are)
/// and where it lands.
pub fn opening_anchors(openings: &[Opening]) -> Vec<Anchor> {
    let mut out = Vec::new();
    for o in openings {
        out.push(Anchor {
            stand: o.on,
            flags: NodeFlags::CHECK_FLOOR,
            radius: None,
        });
        out.push(Anchor {
            stand: o.landing,
            flags: 0,
            radius: None,
        });
    }
    out
}

/// The node standing exactly at `p`.
fn node_at(nodes: &[GraphNode], p: Vec3) -> Option<u32> {
    nodes
        .iter()
        .position(|n| (n.origin - p).length() < 1.0)
        .map(|i| i as u32)
}

/// The drops: a walk off ledge from the node on the mover to the node where it lands, with
/// the game's traversal for drops (no exit point, the ledge, the landing).
pub fn opening_links(openings: &[Opening], nodes: &[GraphNode]) -> Vec<GraphLink> {
    openings
        .iter()
        .filter_map(|o| {
            let from = node_at(nodes, o.on.origin)?;
            let to = node_at(nodes, o.landing.origin)?;
            (from != to).then_some(GraphLink {
                from,
                to,
                kind: LinkType::WalkOffLedge,
                traversal: Some(TraversalPoints {
                    exit: None,
                    start: o.on.origin,
                    end: o.landing.origin,
                }),
                edict: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use navforge_level::Entity;

    fn door(pairs: &[(&str, &str)]) -> Entity {
        Entity {
            class: "func_door".into(),
            pairs: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn doors_open_as_the_game_moves_them() {
        let size = Vec3::new(94.0, 102.0, 10.0);
        // Along the yaw, by the size that way less the lip (hip2m3's parting hatch doors).
        let d = door_travel(&door(&[("angle", "90"), ("lip", "32")]), size).unwrap();
        assert!((d - Vec3::new(0.0, 70.0, 0.0)).length() < 1e-3, "{d}");
        let d = door_travel(&door(&[("angle", "270"), ("lip", "32")]), size).unwrap();
        assert!((d - Vec3::new(0.0, -70.0, 0.0)).length() < 1e-3, "{d}");
        // Lip 8 when absent; -1 is up, -2 down.
        let d = door_travel(&door(&[("angle", "-1")]), size).unwrap();
        assert!((d - Vec3::new(0.0, 0.0, 2.0)).length() < 1e-3, "{d}");
        let d = door_travel(&door(&[("angle", "-2")]), size).unwrap();
        assert!((d - Vec3::new(0.0, 0.0, -2.0)).length() < 1e-3, "{d}");
        let d = door_travel(&door(&[("angle", "180")]), size).unwrap();
        assert!((d - Vec3::new(-86.0, 0.0, 0.0)).length() < 1e-3, "{d}");
        // No angle: yaw 0.
        let d = door_travel(&door(&[]), size).unwrap();
        assert!((d - Vec3::new(86.0, 0.0, 0.0)).length() < 1e-3, "{d}");
    }
}
