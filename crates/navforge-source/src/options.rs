//! Typed build options: which game and which file version to write, and the game a document
//! was written for (where its layout says).

use navforge_core::{BuildError, BuildErrorKind, Format, Game};

use crate::types::{Layout, SourceNavDocument};

/// A game that writes `.nav` files navforge can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SourceGame {
    /// Counter-Strike: Global Offensive (v16, sub-version 1, CS approach block).
    Csgo,
    /// Counter-Strike: Source (v16, sub-version 1; older files are v9).
    Css,
    /// Team Fortress 2 (v16, sub-version 2, TF attribute word).
    Tf2,
    /// Left 4 Dead (v16, sub-version 13, L4D blocks).
    L4d,
    /// Left 4 Dead 2 (v16, sub-version 14, L4D blocks).
    L4d2,
    /// Garry's Mod (v16, sub-version 0).
    Gmod,
    /// Half-Life 2: Deathmatch (v16, sub-version 0): the base layout, with no game data. The
    /// default when nothing says which game.
    #[default]
    Hl2dm,
    /// Day of Defeat: Source (v16, sub-version 0).
    Dods,
    /// Fistful of Frags (v16, sub-version 0; older files are v9).
    Fof,
    /// Counter-Strike 1.6 (GoldSrc, version 5).
    Cs16,
    /// Counter-Strike: Condition Zero (GoldSrc, version 5).
    Cz,
}

/// A `.nav` file version navforge writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SourceVersion {
    /// GoldSrc CS 1.6 / Condition Zero: 8 attribute bits, places, no ladders.
    V5,
    /// Source before sub-versions (CS:S and FoF files of 2006-2008): 16 attribute bits, no
    /// light, no game data.
    V9,
    /// Every Source game today.
    #[default]
    V16,
}

impl SourceVersion {
    /// The version number in the file.
    pub fn number(self) -> u32 {
        match self {
            SourceVersion::V5 => 5,
            SourceVersion::V9 => 9,
            SourceVersion::V16 => 16,
        }
    }

    /// The version for a number, if navforge writes it.
    pub fn from_number(n: u32) -> Option<Self> {
        match n {
            5 => Some(SourceVersion::V5),
            9 => Some(SourceVersion::V9),
            16 => Some(SourceVersion::V16),
            _ => None,
        }
    }
}

impl SourceGame {
    /// Every game, in the order above.
    pub const ALL: [SourceGame; 11] = [
        SourceGame::Csgo,
        SourceGame::Css,
        SourceGame::Tf2,
        SourceGame::L4d,
        SourceGame::L4d2,
        SourceGame::Gmod,
        SourceGame::Hl2dm,
        SourceGame::Dods,
        SourceGame::Fof,
        SourceGame::Cs16,
        SourceGame::Cz,
    ];

    /// The core game.
    pub fn game(self) -> Game {
        match self {
            SourceGame::Csgo => Game::Csgo,
            SourceGame::Css => Game::Css,
            SourceGame::Tf2 => Game::Tf2,
            SourceGame::L4d => Game::L4d,
            SourceGame::L4d2 => Game::L4d2,
            SourceGame::Gmod => Game::Gmod,
            SourceGame::Hl2dm => Game::Hl2dm,
            SourceGame::Dods => Game::Dods,
            SourceGame::Fof => Game::Fof,
            SourceGame::Cs16 => Game::Cs16,
            SourceGame::Cz => Game::Cz,
        }
    }

    /// The Source game for a core game, if navforge writes its `.nav` files.
    pub fn from_game(game: Game) -> Option<Self> {
        SourceGame::ALL.into_iter().find(|g| g.game() == game)
    }

    /// The newest version real files of this game use.
    pub fn newest_version(self) -> SourceVersion {
        match self {
            SourceGame::Cs16 | SourceGame::Cz => SourceVersion::V5,
            _ => SourceVersion::V16,
        }
    }

    /// The versions navforge writes for this game.
    pub fn versions(self) -> &'static [SourceVersion] {
        match self {
            SourceGame::Cs16 | SourceGame::Cz => &[SourceVersion::V5],
            SourceGame::Css | SourceGame::Fof => &[SourceVersion::V9, SourceVersion::V16],
            _ => &[SourceVersion::V16],
        }
    }

    /// The sub-version this game writes in version-16 files.
    pub fn sub_version(self) -> u32 {
        match self {
            SourceGame::Csgo | SourceGame::Css => 1,
            SourceGame::Tf2 => 2,
            SourceGame::L4d => 13,
            SourceGame::L4d2 => 14,
            _ => 0,
        }
    }

    /// The layout of per-area game data in version-16 files.
    pub fn layout(self) -> Layout {
        match self {
            SourceGame::Csgo | SourceGame::Css => Layout::CounterStrike,
            SourceGame::Tf2 => Layout::TeamFortress,
            SourceGame::L4d | SourceGame::L4d2 => Layout::Terror,
            _ => Layout::Base,
        }
    }
}

/// Which `.nav` to build from the common model: a game and a version that game writes.
/// `Default` is the base layout (HL2DM, version 16), which holds no game data; [`SourceBuildOptions::for_game`] picks a game's newest version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct SourceBuildOptions {
    game: SourceGame,
    version: SourceVersion,
    bsp_size: u32,
}

impl SourceBuildOptions {
    /// `game` at `version`; a version the game does not write is refused.
    pub fn new(game: SourceGame, version: SourceVersion) -> Result<Self, BuildError> {
        if !game.versions().contains(&version) {
            let list: Vec<String> = game
                .versions()
                .iter()
                .map(|v| v.number().to_string())
                .collect();
            return Err(BuildError::new(
                Format::SourceNav,
                BuildErrorKind::Unsupported(format!(
                    "version {} for {}: navforge writes {} .nav version {}",
                    version.number(),
                    game.game(),
                    game.game(),
                    list.join(" or ")
                )),
            ));
        }
        Ok(SourceBuildOptions {
            game,
            version,
            bsp_size: 0,
        })
    }

    /// `game` at the newest version its real files use.
    pub fn for_game(game: SourceGame) -> Self {
        SourceBuildOptions {
            game,
            version: game.newest_version(),
            bsp_size: 0,
        }
    }

    /// From the core game and an optional version number (as a command line gives them): the
    /// game's newest version when none is given.
    pub fn from_game(game: Game, version: Option<u32>) -> Result<Self, BuildError> {
        let unsupported =
            |what: String| BuildError::new(Format::SourceNav, BuildErrorKind::Unsupported(what));
        let g = SourceGame::from_game(game).ok_or_else(|| {
            unsupported(format!(
                "game {game}: .nav files are written for csgo, css, tf2, l4d, l4d2, gmod, hl2dm, dods, fof, cs16, cz"
            ))
        })?;
        match version {
            None => Ok(Self::for_game(g)),
            Some(n) => {
                let v = SourceVersion::from_number(n).ok_or_else(|| {
                    unsupported(format!(
                        "version {n}: navforge writes .nav versions 5, 9 and 16"
                    ))
                })?;
                Self::new(g, v)
            }
        }
    }

    /// Options for a version-16 sub-version (0, 1, 2, 13 or 14), by the game that writes it.
    pub fn sub_version(sub_version: u32) -> Self {
        let game = match sub_version {
            1 => SourceGame::Csgo,
            2 => SourceGame::Tf2,
            13 => SourceGame::L4d,
            14 => SourceGame::L4d2,
            _ => SourceGame::Hl2dm,
        };
        Self::for_game(game)
    }

    /// The game.
    pub fn game(&self) -> SourceGame {
        self.game
    }

    /// The version.
    pub fn version(&self) -> SourceVersion {
        self.version
    }

    /// These options with the header's `bspSize`: the byte size of the BSP the mesh is built
    /// for (the game flags a mesh whose map has another size as out of date). 0, the default,
    /// says none.
    pub fn with_bsp_size(self, bsp_size: u32) -> Self {
        SourceBuildOptions { bsp_size, ..self }
    }

    /// The header's `bspSize` ([`SourceBuildOptions::with_bsp_size`]).
    pub fn bsp_size(&self) -> u32 {
        self.bsp_size
    }
}

impl SourceNavDocument {
    /// Set the header's `bspSize` (the byte size of the BSP the mesh is for), where the version
    /// stores it (4 and later); an older file has no such field and is left as it is.
    pub fn set_bsp_size(&mut self, bsp_size: u32) {
        if self.version >= 4 {
            self.bsp_size = Some(bsp_size);
        }
    }
}

impl SourceNavDocument {
    /// Whether the file has a field for approach areas: every file before version 15, and the
    /// CS layout's from then on (the other layouts dropped them).
    pub fn stores_approach_areas(&self) -> bool {
        self.version < 15 || self.layout == Layout::CounterStrike
    }

    /// The game this file was written for, where its version and layout say: GoldSrc files are
    /// CS 1.6 (or CZ), the CS layout is CS:GO at version 16 and CS:S before, the TF2 layout TF2
    /// (DoD:S mods use it too), the L4D layout L4D2 at sub-version 14 and L4D below. The base
    /// layout is shared by HL2DM, GMod, DoD:S and FoF, so it says `None`.
    pub fn game(&self) -> Option<Game> {
        if self.version <= 5 {
            return Some(Game::Cs16);
        }
        match (self.layout, self.sub_version) {
            (Layout::CounterStrike, _) if self.version >= 16 => Some(Game::Csgo),
            (Layout::CounterStrike, _) => Some(Game::Css),
            (Layout::Base, Some(1)) => Some(Game::Csgo),
            (Layout::TeamFortress, _) => Some(Game::Tf2),
            (Layout::Terror, Some(14)) => Some(Game::L4d2),
            (Layout::Terror, _) => Some(Game::L4d),
            (Layout::Unknown, Some(4)) => Some(Game::Insurgency),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_defaults_to_a_version_it_writes_and_refuses_others() {
        for g in SourceGame::ALL {
            assert!(g.versions().contains(&g.newest_version()), "{g:?}");
            assert_eq!(SourceGame::from_game(g.game()), Some(g));
            let o = SourceBuildOptions::for_game(g);
            assert_eq!((o.game(), o.version()), (g, g.newest_version()));
        }
        assert!(SourceBuildOptions::new(SourceGame::Tf2, SourceVersion::V5).is_err());
        assert!(SourceBuildOptions::new(SourceGame::Cs16, SourceVersion::V16).is_err());
        assert!(SourceBuildOptions::new(SourceGame::Css, SourceVersion::V9).is_ok());
        let e = SourceBuildOptions::from_game(Game::Tf2, Some(9)).unwrap_err();
        assert!(e.to_string().contains("version 9"), "{e}");
        assert!(SourceBuildOptions::from_game(Game::Quake, None).is_err());
        assert!(SourceBuildOptions::from_game(Game::L4d2, Some(14)).is_err());
        let d = SourceBuildOptions::default();
        assert_eq!(
            (d.game(), d.version()),
            (SourceGame::Hl2dm, SourceVersion::V16)
        );
    }
}
