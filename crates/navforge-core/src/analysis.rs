//! What each game's `nav_analyze` stores in a `.nav` file: one table that analysis (which
//! lists to compute), `check` (`not-analysed`) and generation (`generate --analyze`) all read.
//!
//! The rule is the game's, read off every game-made file of the corpus (`../shared/corpus`:
//! `source-nav/`, `source-pairs/`, `level-pairs/`); where a game's files disagree, its stock
//! files win over hand-made community ones:
//!
//! | game | version | hiding spots | sniper flags | encounter paths | approach areas | visibility | occupy times |
//! |---|---|---|---|---|---|---|---|
//! | CS 1.6, CZ | 5 | yes | yes | yes | yes | (no field) | (no field) |
//! | CS:S | 9 | yes | yes | yes | yes | (no field) | yes |
//! | CS:S | 16 (sub 1) | yes | **no** | **no** | **no** | yes | yes |
//! | CS:GO | 16 (sub 1) | yes | yes | yes | yes | **no** | yes |
//! | L4D, L4D2 | 16 (sub 13, 14) | yes | no | no | no | yes | yes |
//! | TF2 | 16 (sub 2) | yes | no | no | no | yes | no (zeros) |
//! | HL2DM, GMod, DoD:S, FoF, others | 16 (sub 0, 2) | yes | no | no | no | yes | no (zeros) |
//! | FoF | 9 | yes | yes | no | no | (no field) | no (zeros) |
//!
//! Sniper flags (good and ideal sniper spot) are the bits 2 and 4 of a hiding spot's flags; a
//! file without them has only "in cover" and "exposed". None of the 13,775 spots of the corpus's
//! 28 game-made v16 files of CS:S, TF2, L4D2, GMod, HL2DM, DoD:S and FoF has one, where every
//! v5 and v9 file (FoF's too) and every CS:GO file sets them on half or more of its spots.
//! Three hand-edited TF2 community files of one collection (`SourceNavMeshOverhauls`) set them
//! too; TF2's stock files and the other community ones do not.
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
    /// Hiding spots (and their cover or exposed flag).
    pub hiding: bool,
    /// The good and ideal sniper flags of the hiding spots.
    pub sniper: bool,
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
    // The CS bots classify sniper spots; the version-16 pipeline of the other games does not.
    let sniper = match game {
        Some(Cs16 | Cz | Csgo) => true,
        Some(L4d | L4d2) => false,
        _ => version < 16,
    };
    StoredLists {
        hiding: true,
        sniper,
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
            [
                s.hiding,
                s.sniper,
                s.encounter,
                s.approach,
                s.visibility,
                s.occupy,
            ]
        };
        let y = true;
        let n = false;
        assert_eq!(lists(Some(Game::Cs16), 5), [y, y, y, y, n, n]);
        assert_eq!(lists(Some(Game::Css), 9), [y, y, y, y, n, y]);
        assert_eq!(lists(Some(Game::Css), 16), [y, n, n, n, y, y]);
        assert_eq!(lists(Some(Game::Csgo), 16), [y, y, y, y, n, y]);
        assert_eq!(lists(Some(Game::L4d2), 16), [y, n, n, n, y, y]);
        assert_eq!(lists(Some(Game::Tf2), 16), [y, n, n, n, y, n]);
        assert_eq!(lists(None, 16), [y, n, n, n, y, n]);
        assert_eq!(lists(Some(Game::Fof), 9), [y, y, n, n, n, n]);
        // Fields the version lacks are never stored.
        assert_eq!(lists(Some(Game::Cs16), 2), [y, y, n, y, n, n]);
        assert_eq!(lists(Some(Game::Css), 7), [y, y, y, y, n, n]);
    }
}
