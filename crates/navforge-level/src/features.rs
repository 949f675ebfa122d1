//! What the entities mean for navigation: which brush entities collide, the spawn points of
//! each game, and typed views of ladders, teleporters, lifts, trains, pushers, nav blockers,
//! doors, hostage rescue zones and bomb targets.

use crate::contents::Contents;
use crate::entities::Entity;
use crate::math::Aabb;
use glam::Vec3;
use navforge_core::spawns::{SpawnSide, spawn_side};
use serde::Serialize;

/// How a brush entity takes part in collision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum BrushRole {
    /// Blocks like the world (`func_wall`, `func_breakable`, `func_plat`, `func_train`, ...).
    Solid,
    /// Solid and drawn see-through: on GoldSrc maps, an entity with a render mode other than
    /// normal that is not a world brush (`func_wall` and its kin keep `FL_WORLDBRUSH`), as the
    /// engine's `ignore_glass` traces skip it; on VBSP 19 and 20 maps (the Source SDK 2013's
    /// engine), any solid entity or closed door in such a render mode
    /// ([`drawn_in_a_render_mode`]). It blocks movement and solid traces; sight lines pass it
    /// ([`crate::Contents::WINDOW`]).
    Glass,
    /// A door: blocks when [`crate::DoorState::Closed`], not at all when open.
    Door,
    /// A ladder volume (`func_ladder`): climbable, not solid.
    Ladder,
    /// A water volume (`func_water`).
    Water,
    /// A trigger or marker volume: does not collide.
    Volume,
}

impl BrushRole {
    /// What a brush (or face) of contents `raw` holds in an entity of this role: ladder and
    /// water volumes their own contents; glass solid no more but a window (sight passes, the
    /// movement masks stop), nor a sight blocker; every other role the brush's own.
    pub(crate) fn contents(self, raw: Contents) -> Contents {
        match self {
            BrushRole::Ladder => Contents::LADDER,
            BrushRole::Water => Contents::WATER,
            BrushRole::Glass if raw.intersects(Contents::SOLID) => {
                raw.without(Contents::SOLID | Contents::BLOCK_LOS) | Contents::WINDOW
            }
            BrushRole::Glass => raw.without(Contents::BLOCK_LOS),
            _ => raw,
        }
    }
}

/// The role of a brush entity, by class.
pub fn brush_role(e: &Entity) -> BrushRole {
    let c = e.class.to_ascii_lowercase();
    match c.as_str() {
        "func_door" | "func_door_rotating" | "func_door_secret" | "momentary_door" => {
            BrushRole::Door
        }
        "func_ladder" => BrushRole::Ladder,
        "func_water" => BrushRole::Water,
        "func_brush" => match e.get("Solidity").map(str::trim) {
            Some("1") => BrushRole::Volume, // never solid
            _ => BrushRole::Solid,
        },
        "func_wall"
        | "func_wall_toggle"
        | "func_breakable"
        | "func_breakable_surf"
        | "func_pushable"
        | "func_plat"
        | "func_plat2"
        | "func_train"
        | "func_train2"
        | "func_tracktrain"
        | "func_button"
        | "func_rot_button"
        | "momentary_rot_button"
        | "func_guntarget"
        | "func_vehicle"
        | "func_movelinear"
        | "func_physbox"
        | "func_physbox_multiplayer"
        | "func_conveyor"
        | "func_episode_gate"
        | "func_bossgate"
        | "func_rotating"
        | "func_pendulum"
        | "func_lod"
        | "func_detail"
        | "func_detail_wall"
        | "func_group"
        | "func_tank"
        | "func_tankmortar"
        | "func_trackchange"
        | "func_trackautochange"
        | "func_recharge"
        | "func_healthcharger"
        | "func_monitor" => BrushRole::Solid,
        _ => BrushRole::Volume,
    }
}

/// Whether a GoldSrc brush entity is drawn see-through in a way the engine's `ignore_glass`
/// traces skip: a render mode other than normal ([`drawn_in_a_render_mode`]), on an entity
/// that is not a world brush (`func_wall`, `func_wall_toggle` and `func_conveyor` set
/// `FL_WORLDBRUSH`, which those traces never skip).
pub fn drawn_see_through(e: &Entity) -> bool {
    let world_brush = ["func_wall", "func_wall_toggle", "func_conveyor"]
        .iter()
        .any(|c| e.class.eq_ignore_ascii_case(c));
    !world_brush && drawn_in_a_render_mode(e)
}

/// Whether an entity is drawn in a render mode other than normal (0). The Source SDK 2013's
/// engine calls such an entity transparent (`CBaseEntity::IsTransparent`), and its traces
/// without `CONTENTS_WINDOW` (the nav sight lines, the sniper spots') pass it, brush model or
/// not (`StandardFilterRules`); CS:GO's asks the model's materials instead.
pub fn drawn_in_a_render_mode(e: &Entity) -> bool {
    let mode = e.get("rendermode").map(str::trim).unwrap_or("0");
    !mode.is_empty() && mode != "0"
}

/// Whether a shot breaks this brush entity: a `func_breakable` with health above 0 that is
/// not "only trigger" (spawnflag 1: the game gives it no damage), or a `func_breakable_surf`.
pub fn shot_breaks(e: &Entity) -> bool {
    let c = e.class.to_ascii_lowercase();
    let health = e
        .get("health")
        .and_then(|h| h.trim().parse::<f32>().ok())
        .unwrap_or(0.0);
    (c == "func_breakable" && !e.spawnflag(1) && health > 0.0) || c == "func_breakable_surf"
}

/// A brush entity placed in the level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BrushEntity {
    /// Index into [`crate::Level::entities`].
    pub entity: usize,
    /// The brush model number (`*N`).
    pub model: usize,
    /// Its classname.
    pub class: String,
    /// The entity's origin (added to the model's geometry).
    pub origin: Vec3,
    /// World-space bounds of the model at its origin.
    pub bounds: Aabb,
    /// How it collides.
    pub role: BrushRole,
}

/// Which side a spawn point is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Team {
    /// Any player (single player, deathmatch, coop).
    Any,
    /// Counter-Strike terrorists, TF2 RED, DoD Axis, HL2DM rebels.
    Team1,
    /// Counter-Strike counter-terrorists, TF2 BLU, DoD Allies, HL2DM Combine.
    Team2,
    /// A VIP start (CS `as_` maps).
    Vip,
}

/// A player spawn point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpawnPoint {
    /// Index into [`crate::Level::entities`].
    pub entity: usize,
    /// Its classname.
    pub class: String,
    /// Where the player appears (the entity origin).
    pub origin: Vec3,
    /// Yaw in degrees.
    pub yaw: f32,
    /// Which side.
    pub team: Team,
}

/// The spawn points of every game this crate knows, in entity order: the classes of the core's
/// table ([`navforge_core::spawns::SPAWN_CLASSES`], with FoF's and Zombie Survival's), on the
/// side it gives.
///
/// GoldSrc Counter-Strike puts terrorists on `info_player_deathmatch` and counter-terrorists on
/// `info_player_start`; Source CS uses `info_player_terrorist`/`info_player_counterterrorist`;
/// TF2 `info_player_teamspawn` (`TeamNum` 2 RED, 3 BLU).
pub fn spawn_points(entities: &[Entity]) -> Vec<SpawnPoint> {
    let cs_goldsrc = entities.iter().any(|e| {
        let c = e.class.to_ascii_lowercase();
        c.starts_with("func_bomb_target")
            || c == "hostage_entity"
            || c == "func_buyzone"
            || c == "info_map_parameters"
    });
    let mut out = Vec::new();
    for (i, e) in entities.iter().enumerate() {
        let c = e.class.to_ascii_lowercase();
        let team = match c.as_str() {
            "info_player_deathmatch" if cs_goldsrc => Team::Team1,
            "info_player_start" if cs_goldsrc => Team::Team2,
            "info_player_teamspawn" => match e.get("TeamNum").map(str::trim) {
                Some("2") => Team::Team1,
                Some("3") => Team::Team2,
                _ => Team::Any,
            },
            other => match spawn_side(other) {
                Some(SpawnSide::Any) => Team::Any,
                Some(SpawnSide::Team1) => Team::Team1,
                Some(SpawnSide::Team2) => Team::Team2,
                Some(SpawnSide::Vip) => Team::Vip,
                Some(_) => Team::Any,
                None => continue,
            },
        };
        let Some(origin) = e.vec3("origin") else {
            continue;
        };
        out.push(SpawnPoint {
            entity: i,
            class: e.class.clone(),
            origin,
            yaw: e.yaw().unwrap_or(0.0),
            team,
        });
    }
    out
}

/// A teleporter: the trigger volume and where it sends you.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Teleport {
    /// The `trigger_teleport` (index into [`crate::Level::entities`]).
    pub trigger: usize,
    /// Its world bounds.
    pub bounds: Aabb,
    /// The destination entity (`target` → `targetname`), if found.
    pub destination: Option<usize>,
    /// The destination's origin, if found.
    pub destination_origin: Option<Vec3>,
}

/// A brush volume with the key/values navigation needs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Volume {
    /// Index into [`crate::Level::entities`].
    pub entity: usize,
    /// Its classname.
    pub class: String,
    /// World bounds.
    pub bounds: Aabb,
}

/// A moving platform or train, with its path.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mover {
    /// Index into [`crate::Level::entities`].
    pub entity: usize,
    /// `func_plat`, `func_train`, ...
    pub class: String,
    /// World bounds where the map placed it.
    pub bounds: Aabb,
    /// `speed`, if given.
    pub speed: Option<f32>,
    /// `height` (plats), if given.
    pub height: Option<f32>,
    /// The `path_corner` chain origins from `target` (trains), at most 256 stops.
    pub path: Vec<Vec3>,
}

/// A `trigger_push`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Push {
    /// Index into [`crate::Level::entities`].
    pub entity: usize,
    /// World bounds.
    pub bounds: Aabb,
    /// `speed`, if given.
    pub speed: Option<f32>,
    /// Direction from `angles`/`angle` (pitch, yaw) as a unit vector; `-1` yaw means up.
    pub direction: Option<Vec3>,
}

/// Direction of Quake-style `angle`/`angles` (yaw -1 = up, -2 = down).
pub(crate) fn direction_of(e: &Entity) -> Option<Vec3> {
    let (pitch, yaw) = match e.vec3("angles") {
        Some(a) => (a.x, a.y),
        None => (0.0, e.number("angle")?),
    };
    if yaw == -1.0 {
        return Some(Vec3::Z);
    }
    if yaw == -2.0 {
        return Some(-Vec3::Z);
    }
    let (p, y) = (pitch.to_radians(), yaw.to_radians());
    Some(Vec3::new(p.cos() * y.cos(), p.cos() * y.sin(), -p.sin()))
}

/// Where a plat or train stands once the game has spawned it, from its placed `origin` and its
/// model's bounds as stored in the file (`None` for other entities, or a train whose first
/// `path_corner` is missing).
///
/// - `func_plat`/`func_plat2` without a `targetname` sink by `height`, or by the model's height
///   (spread a unit each way, as the engines load it) less `lip` (8 when absent);
/// - `func_train`/`func_train2` move so that the model's `mins` (spread a unit) sits on the
///   first `path_corner` their `target` names.
pub fn spawn_origin(e: &Entity, entities: &[Entity], model: &Aabb) -> Option<Vec3> {
    let class = e.class.to_ascii_lowercase();
    match class.as_str() {
        "func_plat" | "func_plat2" => {
            if e.get("targetname").is_some_and(|t| !t.trim().is_empty()) {
                return None;
            }
            let size = model.max.z - model.min.z + 2.0;
            let lip = e.number("lip").unwrap_or(8.0);
            let height = e
                .number("height")
                .filter(|h| *h != 0.0)
                .unwrap_or(size - lip);
            let o = e.origin() - Vec3::Z * height;
            o.is_finite().then_some(o)
        }
        "func_train" | "func_train2" => {
            let first = find_target(entities, e.get("target")?)?;
            let o = entities[first].origin() - (model.min - Vec3::ONE);
            o.is_finite().then_some(o)
        }
        _ => None,
    }
}

/// Find the first entity whose `targetname` is `name`.
pub(crate) fn find_target(entities: &[Entity], name: &str) -> Option<usize> {
    entities
        .iter()
        .position(|e| e.get("targetname").is_some_and(|t| t == name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(class: &str, mode: Option<&str>) -> Entity {
        let mut text = format!("{{ \"classname\" \"{class}\" \"model\" \"*1\" ");
        if let Some(m) = mode {
            text += &format!("\"rendermode\" \"{m}\" ");
        }
        text += "}";
        crate::entities::parse_entities(text.as_bytes()).remove(0)
    }

    #[test]
    fn see_through_is_a_render_mode_on_an_entity_that_is_not_a_world_brush() {
        assert!(drawn_see_through(&entity("func_breakable", Some("2"))));
        assert!(drawn_see_through(&entity("func_breakable", Some("4"))));
        assert!(!drawn_see_through(&entity("func_breakable", Some("0"))));
        assert!(!drawn_see_through(&entity("func_breakable", None)));
        assert!(
            !drawn_see_through(&entity("func_wall", Some("2"))),
            "a world brush"
        );
        assert!(
            !drawn_see_through(&entity("FUNC_WALL_TOGGLE", Some("5"))),
            "a world brush"
        );
        // Source's rule has no world-brush exception.
        assert!(drawn_in_a_render_mode(&entity("func_wall", Some("2"))));
        assert!(!drawn_in_a_render_mode(&entity("func_brush", Some(" 0 "))));
        assert!(!drawn_in_a_render_mode(&entity("func_brush", None)));
    }
}
