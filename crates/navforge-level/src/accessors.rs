//! Typed views of the entities that generation and analysis need.

use crate::features::{
    BrushRole, Mover, Push, SpawnPoint, Teleport, Volume, direction_of, find_target, spawn_points,
};
use crate::level::Level;
use crate::math::Aabb;
use glam::Vec3;

impl Level {
    /// Player spawn points of every known game (see [`crate::features::spawn_points`]).
    pub fn spawn_points(&self) -> Vec<SpawnPoint> {
        spawn_points(self.entities())
    }

    /// Every entity's class, in file order (empty for a block without one): what
    /// `navforge_core::map_game::detect` tells a Source map's game by.
    pub fn entity_classes(&self) -> impl Iterator<Item = &str> {
        self.entities().iter().map(|e| e.class.as_str())
    }

    /// World bounds of entity `i`'s brush model, if it has one.
    pub fn entity_bounds(&self, i: usize) -> Option<Aabb> {
        self.brush_entities()
            .iter()
            .find(|b| b.entity == i)
            .map(|b| b.bounds)
    }

    /// Brush volumes whose class is one of `classes` (case-insensitive).
    pub fn volumes(&self, classes: &[&str]) -> Vec<Volume> {
        self.brush_entities()
            .iter()
            .filter(|b| classes.iter().any(|c| b.class.eq_ignore_ascii_case(c)))
            .map(|b| Volume {
                entity: b.entity,
                class: b.class.clone(),
                bounds: b.bounds,
            })
            .collect()
    }

    /// `func_ladder` volumes (GoldSrc/CS, Source `func_simpleladder` too).
    pub fn ladders(&self) -> Vec<Volume> {
        let mut v = self.volumes(&["func_ladder", "func_simpleladder", "func_useableladder"]);
        let extra: Vec<Volume> = self
            .brush_entities()
            .iter()
            .filter(|b| b.role == BrushRole::Ladder && !v.iter().any(|x| x.entity == b.entity))
            .map(|b| Volume {
                entity: b.entity,
                class: b.class.clone(),
                bounds: b.bounds,
            })
            .collect();
        v.extend(extra);
        v
    }

    /// Ladders that are world brushes (Source `CONTENTS_LADDER`, e.g. `toolsinvisibleladder`
    /// brushes, which have no entity): their bounds. Quake-family maps and soups have none.
    pub fn ladder_brushes(&self) -> Vec<Aabb> {
        self.world_boxes(crate::Contents::LADDER)
    }

    /// Doors (`func_door`, `func_door_rotating`, `func_door_secret`, `momentary_door`).
    pub fn doors(&self) -> Vec<Volume> {
        self.volumes(&[
            "func_door",
            "func_door_rotating",
            "func_door_secret",
            "momentary_door",
        ])
    }

    /// `func_nav_blocker` volumes.
    pub fn nav_blockers(&self) -> Vec<Volume> {
        self.volumes(&["func_nav_blocker"])
    }

    /// Hostage rescue zones: `func_hostage_rescue` volumes and `info_hostage_rescue` points
    /// (as a 256-unit box, the radius CS gives them).
    pub fn hostage_rescue_zones(&self) -> Vec<Volume> {
        let mut v = self.volumes(&["func_hostage_rescue"]);
        for (i, e) in self.entities().iter().enumerate() {
            if e.class.eq_ignore_ascii_case("info_hostage_rescue") {
                let o = e.origin();
                v.push(Volume {
                    entity: i,
                    class: e.class.clone(),
                    bounds: Aabb::new(o - Vec3::splat(128.0), o + Vec3::splat(128.0)),
                });
            }
        }
        v
    }

    /// Bomb targets: `func_bomb_target` volumes and `info_bomb_target` points (256-unit box).
    pub fn bomb_targets(&self) -> Vec<Volume> {
        let mut v = self.volumes(&["func_bomb_target"]);
        for (i, e) in self.entities().iter().enumerate() {
            if e.class.eq_ignore_ascii_case("info_bomb_target") {
                let o = e.origin();
                v.push(Volume {
                    entity: i,
                    class: e.class.clone(),
                    bounds: Aabb::new(o - Vec3::splat(128.0), o + Vec3::splat(128.0)),
                });
            }
        }
        v
    }

    /// Teleporters: each `trigger_teleport` with its destination (`target` → `targetname`:
    /// `info_teleport_destination`, `misc_teleporter_dest`, `point_teleport`, ...).
    pub fn teleports(&self) -> Vec<Teleport> {
        self.brush_entities()
            .iter()
            .filter(|b| b.class.eq_ignore_ascii_case("trigger_teleport"))
            .map(|b| {
                let e = &self.entities()[b.entity];
                let dest = e
                    .get("target")
                    .and_then(|t| find_target(self.entities(), t));
                Teleport {
                    trigger: b.entity,
                    bounds: b.bounds,
                    destination: dest,
                    destination_origin: dest.map(|d| self.entities()[d].origin()),
                }
            })
            .collect()
    }

    /// Lifts and trains (`func_plat`, `func_plat2`, `func_train`, `func_tracktrain`), with
    /// the `path_corner`/`path_track` chain a train follows.
    pub fn movers(&self) -> Vec<Mover> {
        self.brush_entities()
            .iter()
            .filter(|b| {
                [
                    "func_plat",
                    "func_plat2",
                    "func_train",
                    "func_train2",
                    "func_tracktrain",
                ]
                .iter()
                .any(|c| b.class.eq_ignore_ascii_case(c))
            })
            .map(|b| {
                let e = &self.entities()[b.entity];
                let mut path = Vec::new();
                let mut next = e.get("target").map(str::to_string);
                while let Some(name) = next.take() {
                    if path.len() >= 256 {
                        break; // chains loop back on themselves by design
                    }
                    let Some(i) = find_target(self.entities(), &name) else {
                        break;
                    };
                    let p = &self.entities()[i];
                    path.push(p.origin());
                    next = p.get("target").map(str::to_string);
                }
                Mover {
                    entity: b.entity,
                    class: b.class.clone(),
                    bounds: b.bounds,
                    speed: e.number("speed"),
                    height: e.number("height"),
                    path,
                }
            })
            .collect()
    }

    /// `trigger_push` volumes with speed and direction.
    pub fn pushes(&self) -> Vec<Push> {
        self.brush_entities()
            .iter()
            .filter(|b| b.class.eq_ignore_ascii_case("trigger_push"))
            .map(|b| {
                let e = &self.entities()[b.entity];
                Push {
                    entity: b.entity,
                    bounds: b.bounds,
                    speed: e.number("speed"),
                    direction: direction_of(e),
                }
            })
            .collect()
    }
}
