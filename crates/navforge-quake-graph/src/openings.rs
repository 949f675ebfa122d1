//! Floors that move away: trains (`func_train`, hipnotic's `func_train2`) a player stands on
//! where the game spawns them, which then travel to stops that no longer cover that spot (a
//! floor of trains that parts over a pit, a platform that slides off its ledge). The fill
//! stands on them where they spawn; the game's graphs also drop through the hole they leave.
//!
//! For each train, and the trains fired with it (the same `targetname`: they move together),
//! the spots of their spawn tops that no train of the group covers at one of its later stops
//! (each train at the same stop of its own `path_corner` chain) are found on an 8-unit grid;
//! each hole gets one opening at its middle: the player on the mover there, and where it lands
//! falling through once the floor has gone. The landing is a fill seed (a floor reached only
//! through the hole is filled), both ends get nodes, and the drop is a *walk off ledge* link,
//! as the game's graphs type it. Holes over lava, slime or a trigger that hurts, teleports or
//! pushes are left alone, as are trains that slide on a floor (no fall under them).

use std::collections::HashMap;

use navforge_level::{Aabb, BrushEntity, Vec3};
use navforge_quake::NodeFlags;

use super::entities::corner_chain;
use super::fill::in_hazard;
use super::links::{GraphLink, LinkType, TraversalPoints};
use super::motion::{Motion, Stand};
use super::nodes::{Anchor, GraphNode};

/// Spacing of the spots tested on a mover's top.
const GRID: f32 = 8.0;
/// At most this many spots are tested per group of trains (a larger top gets a coarser grid).
const MAX_SPOTS: f32 = 20_000.0;
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

/// Every drop through a floor of trains that moves away.
pub fn plan_openings(motion: &Motion) -> Vec<Opening> {
    let level = motion.level;
    let entities = level.entities();
    // Trains, grouped by what fires them (one group each when nothing names them).
    let mut groups: Vec<Vec<(&BrushEntity, Vec<Aabb>)>> = Vec::new();
    let mut named: HashMap<String, usize> = HashMap::new();
    for b in level.brush_entities() {
        if !b.class.to_ascii_lowercase().starts_with("func_train") {
            continue;
        }
        let boxes = stop_boxes(motion, b);
        if boxes.len() < 2 {
            continue;
        }
        let name = entities[b.entity]
            .get("targetname")
            .map(str::trim)
            .filter(|t| !t.is_empty());
        match name.and_then(|n| named.get(n).copied()) {
            Some(g) => groups[g].push((b, boxes)),
            None => {
                if let Some(n) = name {
                    named.insert(n.to_string(), groups.len());
                }
                groups.push(vec![(b, boxes)]);
            }
        }
    }
    let mut out = Vec::new();
    for group in &groups {
        plan_group(motion, group, &mut out);
    }
    out
}

/// The openings of one group of trains that move together.
fn plan_group(motion: &Motion, group: &[(&BrushEntity, Vec<Aabb>)], out: &mut Vec<Opening>) {
    let spawn: Vec<&Aabb> = group.iter().map(|(_, boxes)| &boxes[0]).collect();
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
    let (nx, ny) = (
        ((hi.x - lo.x) / step) as i32 + 1,
        ((hi.y - lo.y) / step) as i32 + 1,
    );
    let at = |i: i32, j: i32| Vec3::new(lo.x + i as f32 * step, lo.y + j as f32 * step, 0.0);
    let stops = group.iter().map(|(_, b)| b.len()).max().unwrap_or(0);
    let first = out.len();
    for k in 1..stops {
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
fn drop_through(motion: &Motion, group: &[(&BrushEntity, Vec<Aabb>)], p: Vec3) -> Option<Opening> {
    let hull = motion.physics.hull;
    let under: Vec<&(&BrushEntity, Vec<Aabb>)> = group
        .iter()
        .filter(|(_, boxes)| overlaps_xy(motion, &boxes[0], p))
        .collect();
    let top = under
        .iter()
        .map(|(_, b)| b[0].max.z)
        .fold(f32::NEG_INFINITY, f32::max);
    let bottom = under
        .iter()
        .map(|(_, b)| b[0].min.z)
        .fold(f32::INFINITY, f32::min);
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
