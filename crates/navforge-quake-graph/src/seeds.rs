//! Stage 1: the spawn points, every item and the teleport destinations, each dropped to the
//! floor under it. They start the fill and become nodes before any other.

use navforge_level::{Level, Vec3};

use super::config::SeedConfig;
use super::motion::{Motion, Stand};

/// A starting point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seed {
    /// Where the player stands.
    pub stand: Stand,
    /// The entity it came from (index into [`Level::entities`]).
    pub entity: usize,
    /// What it is.
    pub kind: SeedKind,
}

/// What a seed came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedKind {
    /// A player spawn point.
    Spawn,
    /// An item, weapon, ammo box, key or powerup.
    Item,
    /// A teleport destination.
    Destination,
}

/// The seed kind of a classname, if it is one.
pub fn seed_kind(class: &str) -> Option<SeedKind> {
    let c = class.to_ascii_lowercase();
    if c.starts_with("info_player_") || c == "info_player_start2" {
        return Some(SeedKind::Spawn);
    }
    if ["item_", "weapon_", "ammo_", "key_"]
        .iter()
        .any(|p| c.starts_with(p))
    {
        return Some(SeedKind::Item);
    }
    if c == "info_teleport_destination" || c == "misc_teleporter_dest" {
        return Some(SeedKind::Destination);
    }
    None
}

/// Find the seeds, in entity order. Entities with no floor under them are left out.
pub fn find_seeds(level: &Level, motion: &Motion, cfg: &SeedConfig) -> Vec<Seed> {
    let mut out = Vec::new();
    for (i, e) in level.entities().iter().enumerate() {
        let Some(kind) = seed_kind(&e.class) else {
            continue;
        };
        let wanted = match kind {
            SeedKind::Spawn => cfg.spawns,
            SeedKind::Item => cfg.items,
            SeedKind::Destination => cfg.destinations,
        };
        let Some(origin) = e.vec3("origin") else {
            continue;
        };
        if !wanted || !origin.is_finite() || (cfg.deathmatch && e.spawnflag(2048)) {
            continue;
        }
        // Spawn points and destinations are player origins; items sit on the floor. Either
        // way, the floor is found below a point a little above the entity.
        let feet = match kind {
            SeedKind::Item => origin,
            _ => origin + Vec3::Z * motion.physics.hull.mins.z,
        };
        if let Some(stand) = motion.stand_at(feet, cfg.max_drop) {
            out.push(Seed {
                stand,
                entity: i,
                kind,
            });
        }
    }
    out
}
