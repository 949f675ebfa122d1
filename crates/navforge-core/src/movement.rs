//! The bot player's movement per game: step, jump and drop heights, hull and slope, as the
//! game's navigation code defines them. One table; the generator
//! (`navforge_generate::GenerateConfig::for_game`), the check lints and the analysis read it.
//!
//! Sources (the facts, in Hammer units):
//! - Source SDK 2013 `game/server/nav.h`: `StepHeight` 18, `JumpHeight` 41.8;
//!   `JumpCrouchHeight` 58 and `DeathDrop` 200 under `#if defined(CSTRIKE_DLL)`, 64 and 400
//!   otherwise ("TERROR: increased DeathDrop from 200, since zombies don't take falling
//!   damage"); `ClimbUpHeight` = `JumpCrouchHeight` in CS ("CSBots assume all jump up links are
//!   reachable"), else 200; `CliffHeight` 300; `HalfHumanWidth` 16, `HalfHumanHeight` 35.5,
//!   `HumanHeight` 71 ("converted to use the same numbers as the player bounding boxes").
//! - The CS bot's GoldSrc `nav.h` (CS 1.6 / Condition Zero, as ReGameDLL keeps it):
//!   `StepHeight` 18, `JumpHeight` 41.8, `JumpCrouchHeight` 58, `DeathDrop` 200,
//!   `MaxUnitZSlope` 0.7 ("instead of MaxSlope ... the max Z component of a unit normal"),
//!   `HalfHumanWidth` 16; its attribute byte has no cliff bit.
//! - The ducking hull of both engines is 36 units tall (`VEC_DUCK_HULL_MAX`), the headroom the
//!   generators need at all.
//! - TF2's bots (`CTFBotLocomotion`) climb 72 and drop 1000 at run time, but TF2's mesh is
//!   generated and checked with `nav.h`'s non-CS numbers (64, 400), which this table holds.
//!
//! Where navforge keeps a number the GoldSrc header gives differently (`HumanHeight` 72 and
//! `HalfHumanHeight` 36 there), it says so on the field; the analysis of GoldSrc files
//! measures with the header's ([`GOLDSRC_BOT_HUMAN_HEIGHT`]).
//!
//! ```
//! use navforge_core::Game;
//! use navforge_core::movement::Movement;
//!
//! let cs = Movement::for_game(Some(Game::Css));
//! assert_eq!((cs.jump_crouch_height, cs.death_drop), (58.0, 200.0));
//! let tf2 = Movement::for_game(Some(Game::Tf2));
//! assert_eq!((tf2.jump_crouch_height, tf2.death_drop), (64.0, 400.0));
//! ```

use crate::Game;

/// One game's bot player, in the game's units (Hammer units for every game in the table).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Movement {
    /// Highest rise walked without jumping (`StepHeight`, 18).
    pub step_height: f32,
    /// Highest rise a plain jump reaches (`JumpHeight`, 41.8).
    pub jump_height: f32,
    /// Highest rise a crouch jump reaches, the most a bot climbs (`JumpCrouchHeight`: 58 in
    /// Counter-Strike, 64 elsewhere).
    pub jump_crouch_height: f32,
    /// Deepest drop a bot takes safely (`DeathDrop`: 200 in Counter-Strike, 400 elsewhere).
    pub death_drop: f32,
    /// A drop at least this deep beside an area marks it a cliff (`CliffHeight`, 300); `None`
    /// where the format has no cliff attribute (GoldSrc).
    pub cliff_height: Option<f32>,
    /// Half the player's width (`HalfHumanWidth`, 16).
    pub half_width: f32,
    /// Headroom needed to stand (`HumanHeight`, 71; GoldSrc's header says 72: navforge's
    /// generator uses 71 for it too, its analysis of GoldSrc files the header's).
    pub stand_height: f32,
    /// Half the standing height, where sight lines start and end (`HalfHumanHeight`, 35.5;
    /// GoldSrc's header says 36: as for [`Movement::stand_height`]).
    pub half_height: f32,
    /// Headroom needed at all, the ducking hull's height (36).
    pub crouch_height: f32,
    /// Floors whose unit normal's Z is below this are too steep (`MaxUnitZSlope`, 0.7).
    pub max_slope_z: f32,
}

/// The CS bot's `HumanHeight` in its GoldSrc header (CS 1.6 / Condition Zero): 72. Its
/// analysis measures with it (eye heights, where sight lines and cover rays start and end):
/// navforge's analysis of GoldSrc files does too: with [`Movement::stand_height`] (71) CS 1.6
/// approach areas agreed with the game's at 0.929–0.975 of the dev maps, with 72 at
/// 0.953–0.999. The generator keeps 71, which its figures were measured with.
pub const GOLDSRC_BOT_HUMAN_HEIGHT: f32 = 72.0;
/// Half of [`GOLDSRC_BOT_HUMAN_HEIGHT`] (`HalfHumanHeight`, 36).
pub const GOLDSRC_BOT_HALF_HUMAN_HEIGHT: f32 = 36.0;

impl Movement {
    /// Source's bots outside Counter-Strike (`nav.h` without `CSTRIKE_DLL`): TF2, L4D, L4D2,
    /// HL2DM, Garry's Mod, DoD:S, Fistful of Frags, Insurgency.
    pub const SOURCE: Movement = Movement {
        step_height: 18.0,
        jump_height: 41.8,
        jump_crouch_height: 64.0,
        death_drop: 400.0,
        cliff_height: Some(300.0),
        half_width: 16.0,
        stand_height: 71.0,
        half_height: 35.5,
        crouch_height: 36.0,
        max_slope_z: 0.7,
    };

    /// Counter-Strike: Source and CS:GO (`nav.h` with `CSTRIKE_DLL`).
    pub const CS_SOURCE: Movement = Movement {
        jump_crouch_height: 58.0,
        death_drop: 200.0,
        ..Movement::SOURCE
    };

    /// The CS bot in GoldSrc (CS 1.6, Condition Zero): Counter-Strike's numbers, no cliffs.
    pub const CS_GOLDSRC: Movement = Movement {
        cliff_height: None,
        ..Movement::CS_SOURCE
    };

    /// The game's movement; an unknown game and games outside the table (their navigation
    /// has its own units and agents) get [`Movement::SOURCE`].
    pub const fn for_game(game: Option<Game>) -> Movement {
        match game {
            Some(Game::Cs16 | Game::Cz) => Movement::CS_GOLDSRC,
            Some(Game::Css | Game::Csgo) => Movement::CS_SOURCE,
            _ => Movement::SOURCE,
        }
    }
}

/// The games' `ShortestPathCost` (the Source SDK's and the CS bot's GoldSrc `nav_pathfind.h`):
/// a step into a crouch area costs its length this many times more.
pub const CROUCH_PATH_PENALTY: f32 = 20.0;
/// `ShortestPathCost`'s extra weight on a step into a jump area (times its length).
pub const JUMP_PATH_PENALTY: f32 = 5.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_its_sdk_numbers() {
        for game in Game::ALL {
            let m = Movement::for_game(Some(game));
            let expect = match game {
                Game::Cs16 | Game::Cz => (58.0, 200.0, None),
                Game::Css | Game::Csgo => (58.0, 200.0, Some(300.0)),
                _ => (64.0, 400.0, Some(300.0)),
            };
            assert_eq!(
                (m.jump_crouch_height, m.death_drop, m.cliff_height),
                expect,
                "{game:?}"
            );
            assert_eq!(game.is_counter_strike(), m.jump_crouch_height == 58.0);
            assert_eq!(
                (m.step_height, m.jump_height, m.half_width, m.max_slope_z),
                (18.0, 41.8, 16.0, 0.7),
                "{game:?}"
            );
            assert_eq!(
                (m.stand_height, m.half_height, m.crouch_height),
                (71.0, 35.5, 36.0)
            );
            // A player's heights are ordered.
            assert!(m.step_height < m.jump_height && m.jump_height < m.jump_crouch_height);
            assert!(m.crouch_height < m.stand_height && 2.0 * m.half_height == m.stand_height);
        }
        assert_eq!(Movement::for_game(None), Movement::SOURCE);
    }
}
