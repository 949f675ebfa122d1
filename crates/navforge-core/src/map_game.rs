//! Which game a Source map is for, told by its entities and its VBSP version: what `generate`
//! uses when it is not told the game, so a map gets its own game's settings and spawn classes.
//!
//! A map names no game, but the classes of its entities belong to one: a TF2 map has team
//! spawns and control points, a CS map buy zones and bomb targets. The rules are checked in a
//! fixed order, Garry's Mod first: its mode maps often also carry other games' spawns so they
//! load elsewhere, while no other game's maps carry Garry's Mod classes.

use crate::Game;

/// The game a map is for and the entity class that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapGame {
    /// The game.
    pub game: Game,
    /// The class that decided it, as the map spells it, trimmed and lower-cased.
    pub class: String,
}

/// A class pattern: a whole class, or a prefix ending in `*`.
type Pattern = &'static str;

/// Each game's telling classes, in the order they are checked. Counter-Strike and L4D are two
/// games each, split by the VBSP version ([`by_version`]).
const RULES: [(Game, &[Pattern]); 7] = [
    (
        Game::Gmod,
        &[
            // Zombie Survival (humans, the undead, its zombie spawns and logic entities).
            "info_player_human",
            "info_player_undead",
            "info_player_zombie",
            "info_zombiespawn",
            "zombiegasses",
            "logic_winlose",
            "logic_waves",
            "point_zsmessage",
            // Garry's Mod itself (`lua_run` is its engine's) and Trouble in Terrorist Town.
            "gmod_*",
            "lua_run",
            "ttt_*",
            "weapon_ttt_*",
            // TTT's own weapons and ammo, which converted CS:S maps carry without a `ttt_*`.
            "weapon_zm_*",
            "item_ammo_pistol_ttt",
            "item_ammo_smg1_ttt",
            "item_ammo_revolver_ttt",
            "item_ammo_357_ttt",
            "item_box_buckshot_ttt",
        ],
    ),
    (
        Game::Tf2,
        &[
            "info_player_teamspawn",
            "tf_*",
            "func_respawnroom",
            "func_respawnroomvisualizer",
            "func_upgradestation",
            "func_tfbot_hint",
            "func_nobuild",
            "filter_activator_tfteam",
            "item_teamflag",
            "team_control_point",
            "team_control_point_master",
            "item_healthkit_*",
            "item_ammopack_*",
        ],
    ),
    (
        Game::Dods,
        &["info_player_axis", "info_player_allies", "dod_*"],
    ),
    (
        Game::Fof,
        &[
            "info_player_fof",
            "info_player_desperado",
            "info_player_vigilante",
            "info_player_bandido",
            "info_player_ranger",
            "fof_*",
        ],
    ),
    (
        Game::L4d,
        &[
            "info_survivor_position",
            "info_director",
            "info_zombie_spawn",
            "info_survivor_rescue",
            "trigger_finale",
            "prop_door_rotating_checkpoint",
        ],
    ),
    (
        Game::Css,
        &[
            "info_player_terrorist",
            "info_player_counterterrorist",
            "func_buyzone",
            "func_bomb_target",
            "func_hostage_rescue",
            "hostage_entity",
        ],
    ),
    (Game::Hl2dm, &["info_player_combine", "info_player_rebel"]),
];

/// The game a Source map with these entity `classes` (any case, any order, repeats allowed) and
/// this VBSP `version` is for, with the class that decided it; `None` when no game's classes are
/// there (a plain deathmatch map: the caller chooses).
///
/// ```
/// use navforge_core::{Game, map_game::detect};
///
/// let tf2 = detect(["worldspawn", "info_player_teamspawn"], 20).unwrap();
/// assert_eq!((tf2.game, tf2.class.as_str()), (Game::Tf2, "info_player_teamspawn"));
/// assert_eq!(detect(["worldspawn", "info_player_deathmatch"], 20), None);
/// ```
pub fn detect<'a>(classes: impl IntoIterator<Item = &'a str>, version: u32) -> Option<MapGame> {
    let mut classes: Vec<String> = classes
        .into_iter()
        .map(|c| c.trim().to_ascii_lowercase())
        .collect();
    classes.sort_unstable();
    classes.dedup();
    RULES.iter().find_map(|&(game, patterns)| {
        // The first pattern the map has decides, so the evidence is the game's strongest class.
        let class = patterns
            .iter()
            .find_map(|p| classes.iter().find(|c| matches(p, c)))?;
        Some(MapGame {
            game: by_version(game, version),
            class: class.clone(),
        })
    })
}

/// Whether `class` (lower case) is `pattern`, or starts with it when it ends in `*`.
fn matches(pattern: &str, class: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => class.len() > prefix.len() && class.starts_with(prefix),
        None => class == pattern,
    }
}

/// The game among two that share their classes, by the VBSP version each compiles to: CS:GO
/// and L4D2 maps are version 21, CS:S maps 19 or 20, L4D maps 20.
fn by_version(game: Game, version: u32) -> Game {
    match (game, version >= 21) {
        (Game::Css, true) => Game::Csgo,
        (Game::L4d, true) => Game::L4d2,
        _ => game,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(classes: &[&str], version: u32) -> Option<(Game, String)> {
        detect(classes.iter().copied(), version).map(|m| (m.game, m.class))
    }

    fn is(g: Game, class: &str) -> Option<(Game, String)> {
        Some((g, class.to_string()))
    }

    #[test]
    fn each_game_by_its_classes() {
        let w = "worldspawn";
        assert_eq!(
            game(&[w, "info_player_human", "info_player_zombie"], 20),
            is(Game::Gmod, "info_player_human")
        );
        assert_eq!(
            game(&[w, "ttt_random_weapon"], 20),
            is(Game::Gmod, "ttt_random_weapon")
        );
        assert_eq!(
            game(&[w, "gmod_player_start"], 19),
            is(Game::Gmod, "gmod_player_start")
        );
        // A CS:S map converted for TTT: CS spawns, TTT's weapons and ammo, no `ttt_*`.
        let ttt = [w, "info_player_terrorist", "weapon_zm_shotgun"];
        assert_eq!(game(&ttt, 20), is(Game::Gmod, "weapon_zm_shotgun"));
        assert_eq!(
            game(
                &[w, "info_player_counterterrorist", "item_ammo_pistol_ttt"],
                20
            ),
            is(Game::Gmod, "item_ammo_pistol_ttt")
        );
        assert_eq!(
            game(&[w, "tf_gamerules", "info_player_teamspawn"], 20),
            is(Game::Tf2, "info_player_teamspawn")
        );
        assert_eq!(
            game(&[w, "tf_logic_koth"], 20),
            is(Game::Tf2, "tf_logic_koth")
        );
        assert_eq!(
            game(&[w, "info_player_axis", "info_player_allies"], 20),
            is(Game::Dods, "info_player_axis")
        );
        assert_eq!(
            game(&[w, "dod_control_point"], 20),
            is(Game::Dods, "dod_control_point")
        );
        assert_eq!(
            game(&[w, "fof_crate", "info_player_fof"], 20),
            is(Game::Fof, "info_player_fof")
        );
        assert_eq!(
            game(&[w, "info_director", "info_survivor_position"], 20),
            is(Game::L4d, "info_survivor_position")
        );
        assert_eq!(
            game(&[w, "info_director"], 21),
            is(Game::L4d2, "info_director")
        );
        assert_eq!(
            game(&[w, "info_player_combine", "info_player_rebel"], 19),
            is(Game::Hl2dm, "info_player_combine")
        );
    }

    #[test]
    fn counter_strike_by_the_vbsp_version() {
        let cs = ["worldspawn", "func_buyzone", "info_player_terrorist"];
        assert_eq!(game(&cs, 21), is(Game::Csgo, "info_player_terrorist"));
        assert_eq!(game(&cs, 20), is(Game::Css, "info_player_terrorist"));
        assert_eq!(game(&cs, 19), is(Game::Css, "info_player_terrorist"));
        assert_eq!(
            game(&["hostage_entity"], 19),
            is(Game::Css, "hostage_entity")
        );
    }

    #[test]
    fn garrys_mod_wins_over_the_spawns_it_carries_for_other_games() {
        // A Zombie Survival map that also spawns CS and HL2DM players where those modes run.
        let zs = [
            "info_player_counterterrorist",
            "info_player_terrorist",
            "info_player_combine",
            "info_player_undead",
            "info_player_human",
        ];
        assert_eq!(game(&zs, 21), is(Game::Gmod, "info_player_human"));
        // Team Fortress classes outrank the CS spawns a crossover map carries.
        let tf = ["info_player_terrorist", "item_healthkit_small"];
        assert_eq!(game(&tf, 20), is(Game::Tf2, "item_healthkit_small"));
    }

    #[test]
    fn case_and_spacing_do_not_matter_and_prefixes_need_more() {
        assert_eq!(
            game(&[" INFO_Player_TeamSpawn "], 20),
            is(Game::Tf2, "info_player_teamspawn")
        );
        // A bare prefix is no class of the game's.
        assert_eq!(game(&["tf_", "dod_", "ttt_"], 20), None);
    }

    #[test]
    fn no_games_classes_is_none() {
        assert_eq!(game(&[], 20), None);
        assert_eq!(
            game(
                &["worldspawn", "info_player_start", "info_player_deathmatch"],
                21
            ),
            None
        );
        // Shared Source classes tell no game.
        assert_eq!(
            game(&["prop_physics_multiplayer", "func_door", "light_spot"], 19),
            None
        );
    }
}
