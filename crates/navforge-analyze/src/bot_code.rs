//! Which generation of the bots' analysis code wrote a file, and what each measures with.

use navforge_core::Game;
use navforge_core::movement::{GOLDSRC_BOT_HALF_HUMAN_HEIGHT, GOLDSRC_BOT_HUMAN_HEIGHT};
use navforge_level::Contents;

use crate::geom::{HALF_HUMAN_HEIGHT, HUMAN_HEIGHT};

/// Which generation of the bots' analysis code wrote a file, and what it measures with: the
/// CS 1.6 bot's (GoldSrc files, version 5 and older), the 2007 Source code (CS:S files of
/// versions 6–15) or the later one (the Source SDK 2013 and CS:GO, whose files the rest are).
/// The corpus tells them apart: with the later code's measures CS:GO's aim_map navs agree on
/// the spots of 87 % and 91 % of their encounter paths (52 % and 58 % with the 2007 eye height)
/// and on every sniper flag (0.960 and 0.989), while CS:S cs_office agrees best with the 2007
/// code's (57 % of its paths; 55 % with the later eye).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotCode {
    /// The CS 1.6 bot.
    GoldSrc,
    /// The Source code of 2007 and before (CS:S files of versions 6–15).
    Source2007,
    /// The later Source code (the SDK 2013, CS:GO).
    Source2013,
}

impl BotCode {
    /// The code behind a file of `version` for `game`.
    pub fn of(game: Option<Game>, version: u32) -> BotCode {
        match game {
            _ if version <= 5 => BotCode::GoldSrc,
            Some(Game::Css) if version < 16 => BotCode::Source2007,
            _ => BotCode::Source2013,
        }
    }

    /// A standing player's height as the code measures it (`HumanHeight`): 72 in the CS 1.6
    /// bot's header, 71 in Source's ("converted to use the same numbers as the player bounding
    /// boxes"). With 71 on GoldSrc files, CS 1.6 approach areas agreed with the game's at
    /// 0.975 / 0.929 / 0.939 (de_dust2, cs_assault, aim_map) instead of 0.999 / 0.953 / 0.998.
    pub fn human_height(self) -> f32 {
        match self {
            BotCode::GoldSrc => GOLDSRC_BOT_HUMAN_HEIGHT,
            _ => HUMAN_HEIGHT,
        }
    }

    /// Half of [`BotCode::human_height`] (`HalfHumanHeight`: 36, or 35.5 in Source).
    pub fn half_human_height(self) -> f32 {
        match self {
            BotCode::GoldSrc => GOLDSRC_BOT_HALF_HUMAN_HEIGHT,
            _ => HALF_HUMAN_HEIGHT,
        }
    }

    /// Whether the file is a Source one (the 2007 code or later).
    pub fn source(self) -> bool {
        self != BotCode::GoldSrc
    }

    /// What a hiding spot's cover rays stop on: the world's solid mask on GoldSrc; Source's
    /// player-solid mask (2007) or NPC mask (later), as for encounter lines.
    pub fn cover_mask(self) -> Contents {
        self.source_mask().unwrap_or(Contents::MASK_SOLID)
    }

    /// What an encounter walk's sight lines stop on: the sight mask on GoldSrc; Source's
    /// player-solid mask (2007) or NPC mask (later), as for cover rays.
    pub fn encounter_mask(self) -> Contents {
        self.source_mask().unwrap_or(Contents::MASK_SIGHT)
    }

    /// The mask Source traces cover rays and encounter lines with: the player-solid mask in the
    /// 2007 code (`MASK_PLAYERSOLID_BRUSHONLY`: windows, grates and player clips too); the NPC
    /// one later, monster clips in place of player clips (with the player mask aim_map's
    /// encounter spots agree on 42 % and 40 % of its paths instead of 52 % and 58 %, kelly's
    /// cover flags on 0.846 instead of 0.875). `None` on GoldSrc, whose two traces differ.
    fn source_mask(self) -> Option<Contents> {
        match self {
            BotCode::GoldSrc => None,
            BotCode::Source2007 => Some(Contents::MASK_PLAYER),
            BotCode::Source2013 => Some(Contents::MASK_NPC),
        }
    }

    /// What a sniper spot's sight lines stop on: the world on GoldSrc; in both Source
    /// generations solid, movable brushes and player clips (`ClassifySniperSpot` traces
    /// `CONTENTS_SOLID | CONTENTS_MOVEABLE | CONTENTS_PLAYERCLIP`: windows, grates, monster
    /// clips and BLOCKLOS brushes let it through). Sky is named because it is its own bit on
    /// the Quake-family levels a Source file can be analysed against; Source's sky is solid.
    pub fn sniper_mask(self) -> Contents {
        match self {
            BotCode::GoldSrc => Contents::MASK_SIGHT,
            _ => Contents::SOLID | Contents::SKY | Contents::PLAYER_CLIP,
        }
    }

    /// How high over the path an encounter walk's eye is: half a player's height, or the
    /// standing eye (62 units, `HumanEyeHeight`) in the later code.
    pub fn encounter_eye(self) -> f32 {
        match self {
            BotCode::Source2013 => HUMAN_EYE_HEIGHT,
            _ => self.half_human_height(),
        }
    }

    /// How high over a sniper spot its eye is, standing (in an area marked "stand") or
    /// crouching: 0.8 of a player's height or half of it, and in the later code the standing
    /// and crouching eye heights (62 and 37 units). GoldSrc areas are never marked "stand".
    pub fn sniper_eye(self, stand: bool) -> f32 {
        match (self, stand) {
            (BotCode::Source2013, true) => HUMAN_EYE_HEIGHT,
            (BotCode::Source2013, false) => HUMAN_CROUCH_EYE_HEIGHT,
            (_, true) => 0.8 * self.human_height(),
            (_, false) => self.half_human_height(),
        }
    }
}

/// A standing player's eye over the floor in the later Source code (`HumanEyeHeight`).
const HUMAN_EYE_HEIGHT: f32 = 62.0;
/// A crouching player's eye over the floor in the later Source code (`HumanCrouchEyeHeight`).
const HUMAN_CROUCH_EYE_HEIGHT: f32 = 37.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// Each file's code generation: by version first (a GoldSrc file stays the CS 1.6 bot's
    /// whatever game it is told), then CS:S's older files.
    #[test]
    fn each_file_is_measured_by_its_code() {
        assert_eq!(BotCode::of(Some(Game::Cs16), 5), BotCode::GoldSrc);
        assert_eq!(BotCode::of(Some(Game::Csgo), 5), BotCode::GoldSrc);
        assert_eq!(BotCode::of(Some(Game::Css), 9), BotCode::Source2007);
        assert_eq!(BotCode::of(Some(Game::Css), 16), BotCode::Source2013);
        assert_eq!(BotCode::of(Some(Game::Csgo), 16), BotCode::Source2013);
        assert_eq!(BotCode::of(None, 16), BotCode::Source2013);
        assert_eq!(BotCode::GoldSrc.cover_mask(), Contents::MASK_SOLID);
        assert_eq!(BotCode::GoldSrc.encounter_mask(), Contents::MASK_SIGHT);
        assert_eq!(BotCode::Source2007.cover_mask(), Contents::MASK_PLAYER);
        assert_eq!(BotCode::Source2013.encounter_mask(), Contents::MASK_NPC);
        let half = HALF_HUMAN_HEIGHT;
        assert_eq!(BotCode::Source2007.encounter_eye(), half);
        assert_eq!(BotCode::Source2013.encounter_eye(), 62.0);
        assert_eq!(BotCode::Source2013.sniper_eye(false), 37.0);
        assert_eq!(BotCode::Source2007.sniper_eye(false), half);
        assert_eq!(BotCode::GoldSrc.encounter_eye(), 36.0);
        assert_eq!(
            [BotCode::GoldSrc, BotCode::Source2007, BotCode::Source2013]
                .map(|c| (c.human_height(), c.half_human_height())),
            [(72.0, 36.0), (71.0, 35.5), (71.0, 35.5)]
        );
        assert_eq!(BotCode::GoldSrc.sniper_eye(true), 0.8 * 72.0);
        assert_eq!(BotCode::Source2007.sniper_eye(true), 0.8 * 71.0);
        assert_eq!(BotCode::GoldSrc.sniper_mask(), Contents::MASK_SIGHT);
        for code in [BotCode::Source2007, BotCode::Source2013] {
            assert_eq!(
                code.sniper_mask(),
                Contents::SOLID | Contents::SKY | Contents::PLAYER_CLIP
            );
        }
    }
}
