//! Player-spawn classes of every game: one table that generation's seeds
//! (`navforge_generate::spawn_classes`, the SDK's `nav_generate` seeding from the class each
//! game's `GetPlayerSpawnName` names) and the level's spawn points (`navforge_level::spawn_points`,
//! listed by `info` and timed from by analysis) both read.

use crate::Game;

/// Which side a spawn class is for, by its class alone (GoldSrc CS and TF2 decide some by the
/// map or a key: `navforge_level::spawn_points`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpawnSide {
    /// Any player (single player, deathmatch, coop, modes that pick teams themselves).
    Any,
    /// Counter-Strike terrorists, DoD:S Axis, HL2DM rebels.
    Team1,
    /// Counter-Strike counter-terrorists, DoD:S Allies, HL2DM Combine.
    Team2,
    /// A VIP start (CS `as_` maps).
    Vip,
}

/// Every class some game spawns players on, with its side, lower case.
pub const SPAWN_CLASSES: [(&str, SpawnSide); 23] = [
    ("info_player_start", SpawnSide::Any),
    ("info_player_deathmatch", SpawnSide::Any),
    ("info_player_coop", SpawnSide::Any),
    ("info_player_start2", SpawnSide::Any),
    ("info_vip_start", SpawnSide::Vip),
    // Source CS (CSS_GetPlayerSpawnName by team).
    ("info_player_terrorist", SpawnSide::Team1),
    ("info_player_counterterrorist", SpawnSide::Team2),
    // HL2DM teamplay.
    ("info_player_rebel", SpawnSide::Team1),
    ("info_player_combine", SpawnSide::Team2),
    // DoD:S.
    ("info_player_axis", SpawnSide::Team1),
    ("info_player_allies", SpawnSide::Team2),
    // TF2 (its `TeamNum` key says the team).
    ("info_player_teamspawn", SpawnSide::Any),
    // L4D / L4D2 survivors.
    ("info_survivor_position", SpawnSide::Any),
    // Fistful of Frags (its modes choose the teams).
    ("info_player_fof", SpawnSide::Any),
    ("info_player_desperado", SpawnSide::Any),
    ("info_player_vigilante", SpawnSide::Any),
    ("info_player_bandido", SpawnSide::Any),
    ("info_player_ranger", SpawnSide::Any),
    // Garry's Mod and its Zombie Survival mode (humans and the undead).
    ("gmod_player_start", SpawnSide::Any),
    ("info_player_human", SpawnSide::Any),
    ("info_player_undead", SpawnSide::Any),
    ("info_player_zombie", SpawnSide::Any),
    ("info_zombiespawn", SpawnSide::Any),
];

/// The side of a spawn class (any case), `None` when no game spawns players on it.
pub fn spawn_side(class: &str) -> Option<SpawnSide> {
    SPAWN_CLASSES
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(class))
        .map(|&(_, side)| side)
}

/// The player-spawn classes of `game` (its `GetPlayerSpawnName` and the classes its modes spawn
/// on), with `info_player_start` for all, in the order generation seeds from them. Garry's Mod
/// lists its common modes' classes (Zombie Survival's human and undead spawns,
/// `gmod_player_start`) and the CS and HL2DM classes of the maps it runs on.
pub fn player_spawn_classes(game: Game) -> &'static [&'static str] {
    use Game as G;
    match game {
        // GoldSrc CS: terrorists on info_player_deathmatch, counter-terrorists on
        // info_player_start, the VIP on info_vip_start.
        G::Cs16 | G::Cz => &[
            "info_player_start",
            "info_player_deathmatch",
            "info_vip_start",
        ],
        G::Css | G::Csgo => &[
            "info_player_terrorist",
            "info_player_counterterrorist",
            "info_player_start",
            "info_player_deathmatch",
            "info_vip_start",
        ],
        G::Tf2 => &["info_player_teamspawn", "info_player_start"],
        G::L4d | G::L4d2 => &["info_survivor_position", "info_player_start"],
        G::Dods => &[
            "info_player_axis",
            "info_player_allies",
            "info_player_start",
        ],
        G::Fof => &[
            "info_player_fof",
            "info_player_desperado",
            "info_player_vigilante",
            "info_player_bandido",
            "info_player_ranger",
            "info_player_start",
        ],
        G::Gmod => &[
            "info_player_start",
            "info_player_deathmatch",
            "gmod_player_start",
            "info_player_human",
            "info_player_combine",
            "info_player_undead",
            "info_player_zombie",
            "info_player_rebel",
            "info_zombiespawn",
            "info_player_terrorist",
            "info_player_counterterrorist",
        ],
        _ => &[
            "info_player_deathmatch",
            "info_player_combine",
            "info_player_rebel",
            "info_player_start",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_games_classes_are_in_the_side_table() {
        for g in Game::ALL {
            for c in player_spawn_classes(g) {
                assert!(spawn_side(c).is_some(), "{g}: {c}");
            }
        }
        assert_eq!(spawn_side("INFO_PLAYER_TERRORIST"), Some(SpawnSide::Team1));
        assert_eq!(spawn_side("info_player_zombie"), Some(SpawnSide::Any));
        assert_eq!(spawn_side("info_target"), None);
    }
}
