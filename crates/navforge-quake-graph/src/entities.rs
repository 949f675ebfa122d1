//! Stage 5: what entities add. Planned before the fill (so floors reached only through them
//! are filled too) and linked after the nodes:
//!
//! - **teleport**: a source node (flag `teleporter`, radius 4) where the player touches the
//!   `trigger_teleport` (Quake II: `misc_teleporter`), linked to the node where the
//!   `info_teleport_destination` puts it;
//! - **pusher**: a source node (flag `pusher`, radius 4) in the `trigger_push`, linked to
//!   where the push throws the player (its trajectory simulated);
//! - **elevator** (`func_plat`, and trains that move mostly up and down) and **train**
//!   (`func_train`): a node on the mover at each stop (flags `elevator-bottom` + `check-floor`,
//!   as the game's files have them) and nodes on the floor beside it (`elevator-top`); a ride
//!   links the mover's node at one stop to the floor at the next, with the traversal points
//!   (boarding floor, mover, arrival floor) and the mover's edict;
//! - walk links through a `func_door_secret` carry its edict; through a door that a
//!   `func_button` opens, the button's.
//!
//! Edict boxes are the entity's `absmin`/`absmax` where the game spawns it: the model's bounds
//! as stored in the file, two units larger each way (the engines spread a model by one unit
//! and a linked box by one more; checked on both corpus pairs).

use navforge_level::{Aabb, Entity, Level, Vec3, spawn_origin};
use navforge_quake::NodeFlags;

use super::config::EntityConfig;
use super::links::{EdictRef, GraphLink, LinkType, TraversalPoints};
use super::motion::{Motion, Stand, horizontal};
use super::nodes::{Anchor, GraphNode};
use super::openings::{Opening, opening_anchors, opening_links, plan_openings};

/// A teleporter or pusher: where its source node stands and where it leads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Jumper {
    /// The trigger entity.
    pub entity: usize,
    /// Where the source node stands.
    pub source: Stand,
    /// Where the player comes out (the destination's floor, or the push's landing).
    pub landing: Stand,
    /// Teleport or pusher.
    pub kind: LinkType,
}

/// One stop of a mover, with the floors beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stop {
    /// The player standing on the mover here.
    pub on: Stand,
    /// Floors beside the mover at this stop's height.
    pub exits: Vec<Stand>,
}

/// A lift or train with its stops in travel order.
#[derive(Debug, Clone, PartialEq)]
pub struct Ride {
    /// The mover's edict.
    pub edict: EdictRef,
    /// Elevator or train.
    pub kind: LinkType,
    /// Stops in order.
    pub stops: Vec<Stop>,
    /// The stops loop (trains) rather than going one way (plats: up).
    pub cyclic: bool,
}

/// What the entities of a level add to the graph.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EntityPlan {
    /// Boxes of player origins that teleport, push, hurt or end the level.
    pub avoid: Vec<Aabb>,
    /// Teleporters and pushers.
    pub jumpers: Vec<Jumper>,
    /// Lifts and trains.
    pub rides: Vec<Ride>,
    /// Walk links through these boxes (of player origins) need the edict.
    pub doors: Vec<(Aabb, EdictRef)>,
    /// Drops through floors of trains that move away.
    pub openings: Vec<Opening>,
}

impl EntityPlan {
    /// Nodes the plan needs, in order: jumper sources, then each stop's mover node and exits.
    pub fn anchors(&self, trigger_radius: u16) -> Vec<Anchor> {
        let mut out = Vec::new();
        for j in &self.jumpers {
            let flags = match j.kind {
                LinkType::Teleport => NodeFlags::TELEPORTER,
                _ => NodeFlags::PUSHER,
            };
            out.push(Anchor {
                stand: j.source,
                flags,
                radius: Some(trigger_radius),
            });
        }
        for r in &self.rides {
            let (on, off) = match r.kind {
                LinkType::Elevator => (
                    NodeFlags::ELEVATOR_BOTTOM | NodeFlags::CHECK_FLOOR,
                    NodeFlags::ELEVATOR_TOP,
                ),
                _ => (NodeFlags::CHECK_FLOOR, 0),
            };
            for s in &r.stops {
                out.push(Anchor {
                    stand: s.on,
                    flags: on,
                    radius: None,
                });
                for &e in &s.exits {
                    out.push(Anchor {
                        stand: e,
                        flags: off,
                        radius: None,
                    });
                }
            }
        }
        out.extend(opening_anchors(&self.openings));
        out
    }

    /// Where the fill must also start: where teleports and pushes land, and the floors by
    /// every lift and train stop.
    pub fn seeds(&self) -> Vec<Stand> {
        let mut out: Vec<Stand> = self.jumpers.iter().map(|j| j.landing).collect();
        for r in &self.rides {
            for s in &r.stops {
                out.extend(s.exits.iter().copied());
            }
        }
        out
    }

    /// Where the fill starts once the seeds have filled all they reach: where the player
    /// lands dropping through a floor that moves away (a pit reached only that way).
    pub fn late_seeds(&self) -> Vec<Stand> {
        self.openings.iter().map(|o| o.landing).collect()
    }
}

/// The box of player origins whose hull touches `b`.
fn touching(motion: &Motion, b: &Aabb) -> Aabb {
    let h = motion.physics.hull;
    Aabb::new(b.min - h.maxs, b.max - h.mins)
}

/// The edict of brush entity `entity` (model bounds spread by two units around where the game
/// spawns it).
fn edict_of(level: &Level, entity: usize) -> Option<EdictRef> {
    let b = level.brush_entities().iter().find(|b| b.entity == entity)?;
    Some(EdictRef {
        entity,
        model: b.model,
        mins: b.bounds.min - Vec3::splat(2.0),
        maxs: b.bounds.max + Vec3::splat(2.0),
    })
}

/// Where a player touches trigger `bounds`: the standing spot within touch of it on its lowest
/// floor, nearest its centre (on an 8-unit lattice over its footprint).
fn touch_spot(motion: &Motion, bounds: &Aabb) -> Option<Stand> {
    let zone = touching(motion, bounds);
    let c = zone.center();
    let span = (zone.max - zone.min) * 0.5;
    let (nx, ny) = (
        (span.x / 8.0).clamp(0.0, 32.0) as i32,
        (span.y / 8.0).clamp(0.0, 32.0) as i32,
    );
    let mut best: Option<((i32, f32), Stand)> = None;
    for iy in -ny..=ny {
        for ix in -nx..=nx {
            // Every floor of the column inside the zone, from the top down.
            let (x, y) = (c.x + ix as f32 * 8.0, c.y + iy as f32 * 8.0);
            let mut z = zone.max.z;
            while z >= zone.min.z {
                let p = Vec3::new(x, y, z);
                if !motion.fits(p) {
                    z -= 16.0;
                    continue;
                }
                let Some(s) = motion.settle(p, p.z - zone.min.z + 64.0) else {
                    break;
                };
                if zone.contains(s.origin) {
                    // The lowest floor first (a trigger is walked into from the floor; a
                    // ledge or arch above it is not where bots enter), then the nearest the
                    // centre.
                    let key = (
                        (s.origin.z / 8.0).floor() as i32,
                        horizontal(s.origin - c).length(),
                    );
                    if best.is_none_or(|(bk, _)| key.0 < bk.0 || (key.0 == bk.0 && key.1 < bk.1)) {
                        best = Some((key, s));
                    }
                }
                z = s.origin.z - 16.0;
            }
        }
    }
    best.map(|b| b.1)
}

/// Quake II's `misc_teleporter` builds its trigger in code: a 16×16×16 box above its origin.
fn q2_teleporter_box(e: &Entity) -> Option<Aabb> {
    let o = e.vec3("origin")?;
    Some(Aabb::new(
        o + Vec3::new(-8.0, -8.0, 8.0),
        o + Vec3::new(8.0, 8.0, 24.0),
    ))
}

fn find_named(entities: &[Entity], name: &str) -> Option<usize> {
    entities
        .iter()
        .position(|e| e.get("targetname").is_some_and(|t| t == name))
}

/// Where a teleport destination puts the player (Quake lifts it 27 units, Quake II 10). A
/// destination more than 512 units above its floor is a fall, followed for at most
/// `max_flight` seconds: Quake sends the player on at 300 units/s along the destination's
/// angle, Quake II stops it (end's coop start, over a 611-unit drop, is such a destination).
fn destination_floor(motion: &Motion, e: &Entity, max_flight: f32) -> Option<Stand> {
    let o = e.vec3("origin")?;
    let q2 = e.class.eq_ignore_ascii_case("misc_teleporter_dest");
    let lift = if q2 { 10.0 } else { 27.0 };
    for p in [o + Vec3::Z * lift, o] {
        if motion.fits(p) {
            return motion.settle(p, 512.0).or_else(|| {
                let yaw = e.yaw().unwrap_or(0.0).to_radians();
                let speed = if q2 { 0.0 } else { 300.0 };
                let v = Vec3::new(yaw.cos(), yaw.sin(), 0.0) * speed;
                motion.fly(p, v, Vec3::ZERO, max_flight, &|_| None)
            });
        }
    }
    motion.stand_at(o, 256.0)
}

/// Plan what the entities add.
pub fn plan_entities(motion: &Motion, cfg: &EntityConfig) -> EntityPlan {
    let level = motion.level;
    let entities = level.entities();
    let mut plan = EntityPlan::default();
    // Quake's trigger_teleport with a `targetname` teleports only for a moment after it is
    // fired: walking through it does nothing, and it is no link.
    let quake = level.family() != navforge_level::Family::Quake2;
    let dormant = |entity: usize| {
        let e = &entities[entity];
        quake
            && e.class.eq_ignore_ascii_case("trigger_teleport")
            && e.get("targetname").is_some_and(|t| !t.trim().is_empty())
    };
    for b in level.brush_entities() {
        if dormant(b.entity) {
            continue;
        }
        let c = b.class.to_ascii_lowercase();
        if matches!(
            c.as_str(),
            "trigger_teleport" | "trigger_push" | "trigger_hurt" | "trigger_changelevel"
        ) {
            plan.avoid.push(touching(motion, &b.bounds));
        }
    }
    // Teleporters: brush triggers, and Quake II's point teleporters.
    let mut teleporters: Vec<(usize, Aabb)> = level
        .teleports()
        .iter()
        .filter(|t| !dormant(t.trigger))
        .map(|t| (t.trigger, t.bounds))
        .collect();
    for (i, e) in entities.iter().enumerate() {
        if e.class.eq_ignore_ascii_case("misc_teleporter")
            && let Some(b) = q2_teleporter_box(e)
        {
            plan.avoid.push(touching(motion, &b));
            teleporters.push((i, b));
        }
    }
    for (entity, bounds) in teleporters {
        let Some(dest) = entities[entity]
            .get("target")
            .and_then(|t| find_named(entities, t))
        else {
            continue;
        };
        let (Some(source), Some(landing)) = (
            touch_spot(motion, &bounds),
            destination_floor(motion, &entities[dest], cfg.max_flight),
        ) else {
            continue;
        };
        plan.jumpers.push(Jumper {
            entity,
            source,
            landing,
            kind: LinkType::Teleport,
        });
    }
    // Every push trigger sets the velocity of a player inside it (speed × 10 along its
    // direction), so a flight is followed through chains of them (a floor push into a lift).
    // Where two overlap, the one the player's box is deeper in wins (a floor push carrying
    // the player into a lift's column).
    let pushes = level.pushes();
    let zones: Vec<(Aabb, Vec3)> = pushes
        .iter()
        .map(|p| {
            let dir = p.direction.unwrap_or(Vec3::X);
            let v = dir * (p.speed.filter(|s| *s > 0.0).unwrap_or(1000.0) * 10.0);
            (touching(motion, &p.bounds), v)
        })
        .collect();
    let hull = motion.physics.hull;
    let held = |q: Vec3| {
        let body = Aabb::new(q + hull.mins, q + hull.maxs);
        pushes
            .iter()
            .zip(&zones)
            .filter(|(_, z)| z.0.contains(q))
            .map(|(p, z)| {
                let lo = body.min.max(p.bounds.min);
                let hi = body.max.min(p.bounds.max);
                ((hi - lo).min_element(), z.1)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, v)| v)
    };
    for (p, &(_, v)) in pushes.iter().zip(&zones) {
        let Some(source) = touch_spot(motion, &p.bounds) else {
            continue;
        };
        let wish = horizontal(v).normalize_or_zero();
        if let Some(landing) = motion.fly(source.origin, v, wish, cfg.max_flight, &held)
            && held(landing.origin).is_none()
        {
            plan.jumpers.push(Jumper {
                entity: p.entity,
                source,
                landing,
                kind: LinkType::Pusher,
            });
        }
    }
    for m in level.movers() {
        if let Some(r) = plan_ride(motion, &m) {
            plan.rides.push(r);
        }
    }
    plan.doors = door_edicts(motion);
    let openings = plan_openings(&motion.avoiding(&plan.avoid));
    plan.openings = openings;
    plan
}

/// The stops of a plat (bottom, top) or train (its `path_corner`s that wait, or all of them)
/// that have floor beside them; `None` when fewer than two have.
fn plan_ride(motion: &Motion, m: &navforge_level::Mover) -> Option<Ride> {
    let level = motion.level;
    let e = &level.entities()[m.entity];
    let be = level
        .brush_entities()
        .iter()
        .find(|b| b.entity == m.entity)?;
    let edict = edict_of(level, m.entity)?;
    let model = Aabb::new(be.bounds.min - be.origin, be.bounds.max - be.origin);
    let class = m.class.to_ascii_lowercase();
    let plat = class.starts_with("func_plat");
    // Mover origins at each stop; `be.origin` is where it was loaded.
    let origins: Vec<Vec3> = if plat {
        // A plat with a `targetname` waits at the top until used, then works as any other.
        let mut free = e.clone();
        free.pairs
            .retain(|(k, _)| !k.eq_ignore_ascii_case("targetname"));
        let placed = e.origin();
        let bottom = spawn_origin(&free, level.entities(), &model).unwrap_or(placed);
        if (placed - bottom).length() < 1.0 {
            return None;
        }
        vec![bottom, placed]
    } else if class.starts_with("func_train") {
        let corners = corner_chain(level.entities(), e);
        let waits: Vec<Vec3> = corners
            .iter()
            .filter(|(_, w)| *w != 0.0)
            .map(|c| c.0)
            .collect();
        let stops = if waits.len() >= 2 {
            waits
        } else {
            corners.iter().map(|c| c.0).collect()
        };
        stops
            .into_iter()
            .map(|c| c - (model.min - Vec3::ONE))
            .collect()
    } else {
        return None;
    };
    if origins.len() < 2 {
        return None;
    }
    // The player standing on the mover's top, measured where it is loaded, then moved along.
    let centre = (be.bounds.min + be.bounds.max) * 0.5;
    let hull = motion.physics.hull;
    let top = Vec3::new(centre.x, centre.y, be.bounds.max.z - hull.mins.z + 2.0);
    let on_loaded = motion.settle(top, 8.0 + be.bounds.max.z - be.bounds.min.z)?;
    if on_loaded.entity != Some(m.entity) {
        return None;
    }
    let mut stops = Vec::new();
    for &o in &origins {
        let on = Stand {
            origin: on_loaded.origin + (o - be.origin),
            ..on_loaded
        };
        let half = (model.max - model.min) * 0.5;
        let mut exits = Vec::new();
        for side in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y] {
            let out = side.x.abs() * half.x + side.y.abs() * half.y + 24.0;
            let p = Vec3::new(
                centre.x + (o - be.origin).x,
                centre.y + (o - be.origin).y,
                on.origin.z,
            ) + side * out;
            let start = p + Vec3::Z * motion.physics.step;
            if !motion.fits(start) {
                continue;
            }
            if let Some(s) = motion.settle(start, 2.0 * motion.physics.step)
                && s.entity != Some(m.entity)
            {
                exits.push(s);
            }
        }
        // A stop with no floor beside it is ridden through, not boarded or left.
        if !exits.is_empty() {
            stops.push(Stop { on, exits });
        }
    }
    if stops.len() < 2 {
        return None;
    }
    let (dz, dxy) = origins.windows(2).fold((0.0f32, 0.0f32), |acc, w| {
        (
            acc.0 + (w[1].z - w[0].z).abs(),
            acc.1 + horizontal(w[1] - w[0]).length(),
        )
    });
    let kind = if plat || dz > dxy {
        LinkType::Elevator
    } else {
        LinkType::Train
    };
    Some(Ride {
        edict,
        kind,
        stops,
        cyclic: !plat,
    })
}

/// A train's `path_corner` chain from its `target`: (origin, wait), each corner once.
pub(crate) fn corner_chain(entities: &[Entity], e: &Entity) -> Vec<(Vec3, f32)> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    let mut next = e.get("target").map(str::to_string);
    while let Some(name) = next.take() {
        let Some(i) = find_named(entities, &name) else {
            break;
        };
        if seen.contains(&i) || out.len() >= 256 {
            break;
        }
        seen.push(i);
        let c = &entities[i];
        out.push((c.origin(), c.number("wait").unwrap_or(0.0)));
        next = c.get("target").map(str::to_string);
    }
    out
}

/// Door volumes whose walk links need an edict: a secret door its own; a door opened only by a
/// `func_button` (it has a `targetname`) the button's.
fn door_edicts(motion: &Motion) -> Vec<(Aabb, EdictRef)> {
    let level = motion.level;
    let entities = level.entities();
    let mut out = Vec::new();
    for b in level.brush_entities() {
        let c = b.class.to_ascii_lowercase();
        let who = if c == "func_door_secret" {
            Some(b.entity)
        } else if c == "func_door" {
            entities[b.entity]
                .get("targetname")
                .filter(|t| !t.trim().is_empty())
                .and_then(|name| {
                    entities.iter().position(|x| {
                        x.class.eq_ignore_ascii_case("func_button")
                            && x.get("target").is_some_and(|t| t == name)
                    })
                })
        } else {
            None
        };
        if let Some(edict) = who.and_then(|w| edict_of(level, w)) {
            out.push((touching(motion, &b.bounds), edict));
        }
    }
    out
}

/// The node nearest `p` (3D), if within `within`.
fn nearest(nodes: &[GraphNode], p: Vec3, within: f32) -> Option<u32> {
    nodes
        .iter()
        .enumerate()
        .map(|(i, n)| ((n.origin - p).length(), i))
        .filter(|(d, _)| *d <= within)
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, i)| i as u32)
}

/// The links the plan makes between the placed nodes, and the edicts of walk links through
/// doors.
pub fn entity_links(
    plan: &EntityPlan,
    nodes: &[GraphNode],
    walks: &mut [GraphLink],
) -> Vec<GraphLink> {
    let mut out = Vec::new();
    for j in &plan.jumpers {
        if let (Some(a), Some(b)) = (
            nearest(nodes, j.source.origin, 1.0),
            nearest(nodes, j.landing.origin, 96.0),
        ) && a != b
        {
            out.push(GraphLink {
                from: a,
                to: b,
                kind: j.kind,
                traversal: None,
                edict: None,
            });
        }
    }
    for r in &plan.rides {
        let n = r.stops.len();
        let pairs: Vec<(usize, usize)> = if r.cyclic {
            (0..n).map(|i| (i, (i + 1) % n)).collect()
        } else {
            (0..n - 1).map(|i| (i, i + 1)).collect()
        };
        for (i, k) in pairs {
            let (from, to) = (&r.stops[i], &r.stops[k]);
            let Some(on) = nearest(nodes, from.on.origin, 1.0) else {
                continue;
            };
            // Boarding: from the floor beside this stop onto the mover.
            let board = from
                .exits
                .iter()
                .filter_map(|e| nearest(nodes, e.origin, 1.0))
                .next();
            if let Some(b) = board {
                out.push(GraphLink {
                    from: b,
                    to: on,
                    kind: LinkType::Walk,
                    traversal: None,
                    edict: None,
                });
            }
            for e in &to.exits {
                let Some(off) = nearest(nodes, e.origin, 1.0) else {
                    continue;
                };
                let dir = horizontal(e.origin - to.on.origin).normalize_or_zero();
                let exit = board.map_or(from.on.origin - dir * 16.0, |b| nodes[b as usize].origin);
                out.push(GraphLink {
                    from: on,
                    to: off,
                    kind: r.kind,
                    traversal: Some(TraversalPoints {
                        exit: Some(exit),
                        start: from.on.origin,
                        end: e.origin,
                    }),
                    edict: Some(r.edict),
                });
            }
        }
    }
    out.extend(opening_links(&plan.openings, nodes));
    for l in walks.iter_mut() {
        let (a, b) = (nodes[l.from as usize].origin, nodes[l.to as usize].origin);
        if let Some((_, e)) = plan.doors.iter().find(|(bx, _)| segment_hits(bx, a, b)) {
            l.edict = Some(*e);
        }
    }
    out
}

/// True when the segment `a`–`b` passes through `bx`.
fn segment_hits(bx: &Aabb, a: Vec3, b: Vec3) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for k in 0..3 {
        if d[k].abs() < 1e-6 {
            if a[k] < bx.min[k] || a[k] > bx.max[k] {
                return false;
            }
            continue;
        }
        let (mut lo, mut hi) = ((bx.min[k] - a[k]) / d[k], (bx.max[k] - a[k]) / d[k]);
        if lo > hi {
            std::mem::swap(&mut lo, &mut hi);
        }
        t0 = t0.max(lo);
        t1 = t1.min(hi);
        if t0 > t1 {
            return false;
        }
    }
    true
}

/// Edict numbers the way the engine hands them out at spawn: 0 is the world, then one per
/// client, then the map's entities in file order, skipping those the game removes while
/// spawning (lights without a `targetname`, torches and flames made static, `info_null`,
/// monsters and "not in deathmatch" entities on a deathmatch server, the skill filters
/// otherwise); a removed entity's slot goes to the next one.
///
/// The game's own graphs number edicts by its progs, which differ by mission pack (the
/// hipnotic and rogue copies of one map store different ids), so this is an estimate: of the
/// four edicts in the corpus pairs' graphs, dm1's button and secret door come out 29 and 30
/// (the game's: 28 and 31), hip1m3's train and button 141 and 278 (151 and 288).
pub fn edict_numbers(entities: &[Entity], cfg: &EntityConfig) -> Vec<Option<u32>> {
    let deathmatch = cfg.deathmatch.unwrap_or_else(|| !single_player(entities));
    let mut next = 1 + cfg.max_clients;
    let mut out = Vec::with_capacity(entities.len());
    for (i, e) in entities.iter().enumerate() {
        if i == 0 {
            out.push(Some(0));
            continue;
        }
        if removed_at_spawn(e, deathmatch) {
            out.push(None);
        } else {
            out.push(Some(next));
            next += 1;
        }
    }
    out
}

/// A single-player map: one with monsters (its graph serves coop bots; any other map is
/// played in deathmatch).
pub fn single_player(entities: &[Entity]) -> bool {
    entities
        .iter()
        .any(|e| e.class.to_ascii_lowercase().starts_with("monster_"))
}

fn removed_at_spawn(e: &Entity, deathmatch: bool) -> bool {
    let c = e.class.to_ascii_lowercase();
    let named = e.get("targetname").is_some_and(|t| !t.trim().is_empty());
    let flags = e
        .get("spawnflags")
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map_or(0, |f| f as i64 as u32);
    match c.as_str() {
        "light" | "light_fluoro" | "light_fluorospark" if !named => return true,
        "light_torch_small_walltorch"
        | "light_flame_large_yellow"
        | "light_flame_small_yellow"
        | "light_flame_small_white"
        | "light_globe"
        | "info_null" => return true,
        _ => {}
    }
    // Items and ambient sounds are not counted either: the game's ids on both corpus pairs
    // fit only when they are left out.
    if ["item_", "weapon_", "ambient_"]
        .iter()
        .any(|p| c.starts_with(p))
    {
        return true;
    }
    if deathmatch {
        c.starts_with("monster_") || flags & 2048 != 0
    } else {
        flags & 512 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(class: &str, pairs: &[(&str, &str)]) -> Entity {
        Entity {
            class: class.into(),
            pairs: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn edicts_are_numbered_after_the_clients_skipping_what_spawn_removes() {
        let ents = [
            e("worldspawn", &[]),
            e("light", &[]),                             // removed
            e("func_door", &[]),                         // 1 + 16 = 17
            e("light", &[("targetname", "t")]),          // kept: switchable
            e("monster_ogre", &[]),                      // removed in deathmatch
            e("func_button", &[("spawnflags", "2048")]), // not in deathmatch
            e("item_health", &[]),                       // not counted
            e("func_plat", &[]),                         // 19
        ];
        let cfg = EntityConfig {
            deathmatch: Some(true),
            ..EntityConfig::default()
        };
        let ids = edict_numbers(&ents, &cfg);
        assert_eq!(
            ids,
            [
                Some(0),
                None,
                Some(17),
                Some(18),
                None,
                None,
                None,
                Some(19)
            ]
        );
        let coop = edict_numbers(
            &ents,
            &EntityConfig {
                deathmatch: Some(false),
                max_clients: 4,
                ..cfg
            },
        );
        assert_eq!(coop[4], Some(7));
        assert_eq!(coop[5], Some(8));
        // A map with monsters is numbered as coop unless told otherwise.
        let auto = edict_numbers(&ents, &EntityConfig::default());
        assert_eq!(auto[4], Some(19));
    }

    #[test]
    fn segments_hit_boxes() {
        let b = Aabb::new(Vec3::splat(-1.0), Vec3::splat(1.0));
        assert!(segment_hits(
            &b,
            Vec3::new(-5.0, 0.0, 0.0),
            Vec3::new(5.0, 0.0, 0.0)
        ));
        assert!(!segment_hits(
            &b,
            Vec3::new(-5.0, 2.0, 0.0),
            Vec3::new(5.0, 2.0, 0.0)
        ));
        assert!(!segment_hits(
            &b,
            Vec3::new(-5.0, 0.0, 0.0),
            Vec3::new(-3.0, 0.0, 0.0)
        ));
    }
}
