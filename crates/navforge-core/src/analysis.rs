//! What each game's `nav_analyze` stores in a `.nav` file: one table that analysis (which
//! lists to compute), `check` (`not-analysed`) and generation (`generate --analyze`) all read.
//!
//! The rule is the game's, read off every game-made file of the corpus (`../shared/corpus`:
//! `source-nav/`, `source-pairs/`, `level-pairs/`); where a game's files disagree, its stock
//! files win over hand-made community ones:
//!
//! | game | version | hiding spots | encounter paths | approach areas | visibility | occupy times |
//! |---|---|---|---|---|---|---|
//! | CS 1.6, CZ | 5 | yes | yes | yes | (no field) | (no field) |
//! | CS:S | 9 | yes | yes | yes | (no field) | yes |
//! | CS:S | 16 (sub 1) | yes | **no** | **no** | yes | yes |
//! | CS:GO | 16 (sub 1) | yes | yes | yes | **no** | yes |
//! | L4D, L4D2 | 16 (sub 13, 14) | yes | no | no | yes | yes |
//! | TF2 | 16 (sub 2) | yes | no | no | yes | no (zeros) |
//! | HL2DM, GMod, DoD:S, FoF, others | 16 (sub 0, 2) | yes | no | no | yes | no (zeros) |
//! | FoF | 9 | yes | no | no | (no field) | no (zeros) |
//!
//! The files behind it: CS 1.6 `de_dust2`, `aim_map`, `cs_assault`, `zm_ice_attack`; CS:S v9
//! `cs_office`, `de_nuke` (`cs_havana` was saved without its slow phases); CS:S v16 `de_dust2`
//! and the CS:S mod `terrorstrike_devtest` (visibility lists, no encounter paths, no approach
//! areas); all 13 CS:GO files (encounter paths and approach areas, no visibility lists; stock
//! `de_vertigo` was saved without encounter paths); TF2's 11 files (one hand-made community
//! file, `mvm_yiresa_rc5a`, was analysed with encounter paths); L4D2, GMod, HL2DM, DoD:S and FoF
//! files. Occupy times are zero in every TF2, GMod, HL2DM, DoD:S and FoF file.
//!
//! Whatever the game, a list needs its field: encounter paths from version 3, occupy times
//! from version 8, visibility lists from version 16 (every L4D file has them).

use crate::Game;

/// Which analysis lists a file stores (each `true` where the game's `nav_analyze` fills it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct StoredLists {
    /// Hiding spots (and their cover and sniper flags).
    pub hiding: bool,
    /// Encounter paths and their spots.
    pub encounter: bool,
    /// Approach areas.
    pub approach: bool,
    /// Visible-area lists.
    pub visibility: bool,
    /// Earliest occupy times.
    pub occupy: bool,
}

/// What `game`'s analysis stores in a file of `version`; `None` is a Source game the file does
/// not name (HL2DM, GMod, DoD:S, FoF and other Source 2013 games share one rule).
pub fn stored_lists(game: Option<Game>, version: u32) -> StoredLists {
    use Game::*;
    let (encounter, approach, visibility, occupy) = match game {
        // GoldSrc: the CS bot's own analysis.
        Some(Cs16 | Cz) => (true, true, false, false),
        // CS:S before Orange Box files kept the CS bot's lists; version 16 dropped them for
        // visibility lists.
        Some(Css) if version < 16 => (true, true, false, true),
        Some(Css) => (false, false, true, true),
        Some(Csgo) => (true, true, false, true),
        Some(L4d | L4d2) => (false, false, true, true),
        _ => (false, false, true, false),
    };
    let terror = matches!(game, Some(L4d | L4d2));
    StoredLists {
        hiding: true,
        encounter: encounter && version >= 3,
        approach,
        visibility: visibility && (version >= 16 || terror),
        occupy: occupy && version >= 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_stores_what_its_files_hold() {
        let lists = |g, v| {
            let s = stored_lists(g, v);
            [s.hiding, s.encounter, s.approach, s.visibility, s.occupy]
        };
        let y = true;
        let n = false;
        assert_eq!(lists(Some(Game::Cs16), 5), [y, y, y, n, n]);
        assert_eq!(lists(Some(Game::Css), 9), [y, y, y, n, y]);
        assert_eq!(lists(Some(Game::Css), 16), [y, n, n, y, y]);
        assert_eq!(lists(Some(Game::Csgo), 16), [y, y, y, n, y]);
        assert_eq!(lists(Some(Game::L4d2), 16), [y, n, n, y, y]);
        assert_eq!(lists(Some(Game::Tf2), 16), [y, n, n, y, n]);
        assert_eq!(lists(None, 16), [y, n, n, y, n]);
        assert_eq!(lists(Some(Game::Fof), 9), [y, n, n, n, n]);
        // Fields the version lacks are never stored.
        assert_eq!(lists(Some(Game::Cs16), 2), [y, n, y, n, n]);
        assert_eq!(lists(Some(Game::Css), 7), [y, y, y, n, n]);
    }
}
