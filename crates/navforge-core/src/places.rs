//! The standard place names a game offers its nav editor (`nav_use_place` with no argument
//! lists them; the browser offers them when painting places).
//!
//! Counter-Strike's bots name places from one directory: CS 1.6 and Condition Zero build it in
//! (the GoldSrc bot's default place list, used when `BotChatter.db` is missing), and CS:S ships
//! the same names in `NavPlace.db`. A place a file uses that is not in its game's directory is
//! dropped by the GoldSrc loader. CS:GO's `NavPlace.db` keeps these names and adds many
//! map-specific ones (`OutsideLong`, `TopofMid`, ...) that are not tabled here, so for CS:GO the
//! list is offered but any name is taken. Other Source games (TF2, L4D, HL2DM, ...) have no
//! standard list: only the file's own names are offered.

use crate::Game;

/// The Counter-Strike bot place directory (CS 1.6, Condition Zero, CS:S), in the game's order:
/// a GoldSrc file's place `n` (1-based) is the `n`th name.
pub const COUNTER_STRIKE_PLACES: &[&str] = &[
    "BombsiteA",
    "BombsiteB",
    "BombsiteC",
    "Hostages",
    "HostageRescueZone",
    "VipRescueZone",
    "CTSpawn",
    "TSpawn",
    "Bridge",
    "Middle",
    "House",
    "Apartment",
    "Apartments",
    "Market",
    "Sewers",
    "Tunnel",
    "Ducts",
    "Village",
    "Roof",
    "Upstairs",
    "Downstairs",
    "Basement",
    "Crawlspace",
    "Kitchen",
    "Inside",
    "Outside",
    "Tower",
    "WineCellar",
    "Garage",
    "Courtyard",
    "Water",
    "FrontDoor",
    "BackDoor",
    "SideDoor",
    "BackWay",
    "FrontYard",
    "BackYard",
    "SideYard",
    "Lobby",
    "Vault",
    "Elevator",
    "DoubleDoors",
    "SecurityDoors",
    "LongHall",
    "SideHall",
    "FrontHall",
    "BackHall",
    "MainHall",
    "FarSide",
    "Windows",
    "Window",
    "Attic",
    "StorageRoom",
    "ProjectorRoom",
    "MeetingRoom",
    "ConferenceRoom",
    "ComputerRoom",
    "BigOffice",
    "LittleOffice",
    "Dumpster",
    "Airplane",
    "Underground",
    "Bunker",
    "Mines",
    "Front",
    "Back",
    "Rear",
    "Side",
    "Ramp",
    "Underpass",
    "Overpass",
    "Stairs",
    "Ladder",
    "Gate",
    "GateHouse",
    "LoadingDock",
    "GuardHouse",
    "Entrance",
    "VendingMachines",
    "Loft",
    "Balcony",
    "Alley",
    "BackAlley",
    "SideAlley",
    "FrontRoom",
    "BackRoom",
    "SideRoom",
    "Crates",
    "Truck",
    "Bedroom",
    "FamilyRoom",
    "Bathroom",
    "LivingRoom",
    "Den",
    "Office",
    "Atrium",
    "Entryway",
    "Foyer",
    "Stairwell",
    "Fence",
    "Deck",
    "Porch",
    "Patio",
    "Wall",
];

/// The standard place names of a game's editor; empty for games without a list (and for an
/// unknown game).
pub fn standard_places(game: Option<Game>) -> &'static [&'static str] {
    match game {
        Some(Game::Cs16 | Game::Cz | Game::Css | Game::Csgo) => COUNTER_STRIKE_PLACES,
        _ => &[],
    }
}

/// Whether the game knows no place names but [`standard_places`] (CS 1.6, CZ and CS:S load
/// places by name from their directory); other games take any name.
pub fn only_standard_places(game: Option<Game>) -> bool {
    matches!(game, Some(Game::Cs16 | Game::Cz | Game::Css))
}

/// The standard name equal to `name` ignoring ASCII case, as the game's lookup matches it.
pub fn standard_place(game: Option<Game>, name: &str) -> Option<&'static str> {
    standard_places(game)
        .iter()
        .copied()
        .find(|p| p.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_directory_is_the_games_order_without_repeats() {
        assert_eq!(COUNTER_STRIKE_PLACES.len(), 104);
        assert_eq!(COUNTER_STRIKE_PLACES[0], "BombsiteA");
        assert_eq!(COUNTER_STRIKE_PLACES[103], "Wall");
        let mut seen = std::collections::HashSet::new();
        assert!(
            COUNTER_STRIKE_PLACES
                .iter()
                .all(|p| seen.insert(p.to_ascii_lowercase()))
        );
        assert_eq!(standard_place(Some(Game::Css), "ctspawn"), Some("CTSpawn"));
        assert!(standard_places(Some(Game::Tf2)).is_empty());
        assert!(only_standard_places(Some(Game::Css)) && !only_standard_places(Some(Game::Csgo)));
        assert!(standard_places(None).is_empty());
    }
}
