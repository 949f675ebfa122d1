//! The one generation config ([`GenerateConfig`], world units, validated). Every stage reads
//! its parameters from it, as Recast's stages read `rcConfig`: each field is listed once.

use navforge_core::movement::Movement;
use navforge_level::{Contents, Hull, Vec3};

/// Sampling grid pitch (`GenerationStepSize`).
pub const STEP: f32 = 25.0;

/// The one configuration of Source-style generation, in world units (the level's): every
/// stage reads its parameters from it, so a length given once is the same in every stage, and
/// [`GenerateConfig::validate`] checks it before anything runs.
///
/// ```
/// use navforge_generate::GenerateConfig;
/// use navforge_source::SourceGame;
///
/// let mut config = GenerateConfig::for_game(SourceGame::Cs16);
/// assert_eq!(config.jump_height, 58.0);
/// config.step_height = 70.0; // above the crouch-jump height
/// let err = config.validate().unwrap_err();
/// assert_eq!(err.field, "step_height");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GenerateConfig {
    /// Sampling grid pitch (`GenerationStepSize`, 25).
    pub grid: f32,
    /// Highest step taken without jumping (`StepHeight`, 18).
    pub step_height: f32,
    /// Highest climb onto something (`JumpCrouchHeight`: 58 in CS, 64 elsewhere).
    pub jump_height: f32,
    /// Deepest safe drop (`DeathDrop`: 200 in CS, 400 elsewhere).
    pub death_drop: f32,
    /// Floors and areas whose normal's z is below this are too steep (`nav_slope_limit`, 0.7).
    pub slope_limit: f32,
    /// Headroom needed to stand (71); less, but at least `crouch_height`, is a crouch spot.
    pub stand_height: f32,
    /// Headroom needed at all (`HumanCrouchHeight`, 36); an area this far above a connected
    /// one overhangs it.
    pub crouch_height: f32,
    /// Height above the floor of the traversal check between samples (`HalfHumanHeight`, 36).
    pub probe_height: f32,
    /// Two samples in one grid column closer than this in height are the same (0.45 grid).
    pub same_node_height: f32,
    /// Mark samples beside a drop deeper than this (`CliffHeight`, 300); `None` for games
    /// without the cliff attribute.
    pub cliff_height: Option<f32>,
    /// A box swept along each step as well as the point ray; `None` for points only.
    pub hull: Option<Hull>,
    /// Stop with an error beyond this many samples.
    pub max_samples: usize,
    /// Player clips stop the fill, as in Source's generator.
    pub player_clips: bool,
    /// Monster clips are ground: the floor under a sample is the top of a monster clip where
    /// one stands (Source's `GetGroundHeight` traces `MASK_NPCSOLID_BRUSHONLY`, which holds
    /// them), so a clip wall taller than a crouch jump leaves its row of samples out. GoldSrc
    /// maps have no such brushes.
    pub monster_clips: bool,
    /// Monster clips also block the steps between samples and the room above them: Source's
    /// generator tests each sample's corners with boxes traced on its generation mask
    /// (`MASK_NPCSOLID_BRUSHONLY`), so a corner in a monster clip is blocked and no area
    /// crosses the clip. TF2's generation mask is the player's (clips of its own kind only).
    pub monster_clip_walls: bool,
    /// Record obstacles higher than a step between samples and climb them up to
    /// `jump_height` (Source); the CS bot's generator crosses only what its probe clears.
    pub obstacles: bool,
    /// Walkable marks (`nav_mark_walkable`), feet positions on or just above a floor.
    pub marks: Vec<Vec3>,
    /// Also seed from spawn points: the classes in `spawn_classes`, else any spawn-like
    /// entity, else every floor (see [`crate::find_seeds_reported`]).
    pub use_spawns: bool,
    /// The game's player-spawn classes ([`crate::spawn_classes`]).
    pub spawn_classes: &'static [&'static str],
    /// Also seed from the ends of `func_ladder` volumes.
    pub use_ladders: bool,
    /// Seed every walkable surface seen from above (for triangle levels with no spawns).
    pub everywhere: bool,
    /// How far below a mark the floor may be before the mark is "in the air" (72).
    pub mark_max_height: f32,
    /// Longest area side in grid steps, for rectangles and merges (`nav_area_max_size`, 50).
    pub max_area_size: usize,
    /// Samples of one rectangle lie within this height of its plane (5).
    pub plane_tolerance: f32,
    /// Merge coplanar neighbours whose normals' dot product is at least this
    /// (`nav_coplanar_slope_limit`, 0.99).
    pub coplanar_limit: f32,
    /// Merge at all.
    pub merge: bool,
    /// Split long thin areas (`SquareUpAreas`).
    pub square_up: bool,
    /// Longest side over shortest side of a "roughly square" area (3.01).
    pub max_aspect: f32,
    /// Mark stairs (`TestStairs`; Source games).
    pub stairs: bool,
    /// Turn jump areas into connections (`StichAndRemoveJumpAreas`; Source games but CS:S,
    /// whose shipped navs come from its first generator, which kept them).
    pub jump_links: bool,
    /// Put areas on top of obstacles crossed between samples (`HandleObstacleTopAreas`).
    pub obstacle_tops: bool,
}

/// A [`GenerateConfig`] value out of range: which field, its value, and the range it must be in.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("generate setting {field} = {value} is out of range: it must be {limit}")]
pub struct ConfigError {
    /// The [`GenerateConfig`] field.
    pub field: &'static str,
    /// Its value.
    pub value: f64,
    /// What it must be.
    pub limit: &'static str,
}

impl Default for GenerateConfig {
    /// The CS bot's constants (CS 1.6/CZ: [`Movement::CS_GOLDSRC`]).
    fn default() -> Self {
        GenerateConfig::for_game(navforge_source::SourceGame::Cs16)
    }
}

impl GenerateConfig {
    /// The game's constants: its movement from the core's table ([`Movement::for_game`]:
    /// CS 1.6/CZ and CS:S/CS:GO use a 58-unit crouch jump and a 200-unit death drop, the others
    /// 64 and 400); the CS bot's generator (GoldSrc) has no obstacle tops, cliffs, stairs or
    /// jump links (its files keep jump areas and its attribute byte has no bits for the rest).
    /// CS:S keeps its jump areas too: the navs it ships (version 9 files) were written by its
    /// first generator, which left a ledge's one-cell jump areas in the mesh; the stitching came
    /// later (its console command "removes legacy jump areas"). Stitched, cs_office loses that
    /// floor (recall 0.976 kept, 0.967 stitched).
    pub fn for_game(game: navforge_source::SourceGame) -> Self {
        use navforge_source::SourceGame as G;
        let m = Movement::for_game(Some(game.game()));
        let source = !matches!(game, G::Cs16 | G::Cz);
        GenerateConfig {
            grid: STEP,
            step_height: m.step_height,
            jump_height: m.jump_crouch_height,
            death_drop: m.death_drop,
            slope_limit: m.max_slope_z,
            stand_height: m.stand_height,
            crouch_height: m.crouch_height,
            probe_height: 36.0,
            same_node_height: 0.45 * STEP,
            cliff_height: m.cliff_height,
            hull: None,
            max_samples: 4_000_000,
            player_clips: true,
            monster_clips: source,
            monster_clip_walls: source && game != G::Tf2,
            obstacles: source,
            marks: Vec::new(),
            use_spawns: true,
            spawn_classes: crate::spawn_classes(game),
            use_ladders: true,
            everywhere: false,
            mark_max_height: 72.0,
            max_area_size: 50,
            plane_tolerance: 5.0,
            coplanar_limit: 0.99,
            merge: true,
            square_up: true,
            max_aspect: 3.01,
            stairs: source,
            jump_links: source && game != G::Css,
            obstacle_tops: source,
        }
    }

    /// What the floor under a sample is found on: what blocks a player, and monster clips
    /// with [`GenerateConfig::monster_clips`].
    pub fn ground_mask(&self) -> Contents {
        with_monster_clips(self.monster_clips)
    }

    /// What blocks a step between samples and the room above one: what blocks a player, and
    /// monster clips with [`GenerateConfig::monster_clip_walls`].
    pub fn wall_mask(&self) -> Contents {
        with_monster_clips(self.monster_clip_walls)
    }

    /// Every length times `factor` (`1.0 / 39.37` for a level in metres); counts, ratios and
    /// the slope limit are kept.
    pub fn scaled(&self, factor: f32) -> Self {
        GenerateConfig {
            grid: self.grid * factor,
            step_height: self.step_height * factor,
            jump_height: self.jump_height * factor,
            death_drop: self.death_drop * factor,
            stand_height: self.stand_height * factor,
            crouch_height: self.crouch_height * factor,
            probe_height: self.probe_height * factor,
            same_node_height: self.same_node_height * factor,
            cliff_height: self.cliff_height.map(|c| c * factor),
            mark_max_height: self.mark_max_height * factor,
            plane_tolerance: self.plane_tolerance * factor,
            ..self.clone()
        }
    }

    /// Every value in range, or the first that is not. Heights must be ordered as a player's
    /// are: `0 < step_height <= jump_height`, `crouch_height <= stand_height`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let bad = |field, value: f64, limit| {
            Err(ConfigError {
                field,
                value,
                limit,
            })
        };
        let positive: [(&'static str, f32); 7] = [
            ("grid", self.grid),
            ("step_height", self.step_height),
            ("jump_height", self.jump_height),
            ("stand_height", self.stand_height),
            ("crouch_height", self.crouch_height),
            ("probe_height", self.probe_height),
            ("same_node_height", self.same_node_height),
        ];
        for (field, v) in positive {
            if !(v.is_finite() && v > 0.0) {
                return bad(field, f64::from(v), "a finite number above 0");
            }
        }
        let non_negative: [(&'static str, f32); 3] = [
            ("death_drop", self.death_drop),
            ("mark_max_height", self.mark_max_height),
            ("plane_tolerance", self.plane_tolerance),
        ];
        for (field, v) in non_negative {
            if !(v.is_finite() && v >= 0.0) {
                return bad(field, f64::from(v), "a finite number, 0 or more");
            }
        }
        if self.step_height > self.jump_height {
            return bad(
                "step_height",
                f64::from(self.step_height),
                "at most jump_height",
            );
        }
        if self.crouch_height > self.stand_height {
            return bad(
                "crouch_height",
                f64::from(self.crouch_height),
                "at most stand_height",
            );
        }
        if let Some(c) = self.cliff_height
            && !(c.is_finite() && c > 0.0)
        {
            return bad("cliff_height", f64::from(c), "a finite number above 0");
        }
        if !(self.slope_limit > 0.0 && self.slope_limit <= 1.0) {
            return bad(
                "slope_limit",
                f64::from(self.slope_limit),
                "above 0 and at most 1 (the z of a floor's normal)",
            );
        }
        if !(self.coplanar_limit > 0.0 && self.coplanar_limit <= 1.0) {
            return bad(
                "coplanar_limit",
                f64::from(self.coplanar_limit),
                "above 0 and at most 1 (a dot product of normals)",
            );
        }
        if !(self.max_aspect.is_finite() && self.max_aspect >= 1.0) {
            return bad(
                "max_aspect",
                f64::from(self.max_aspect),
                "a finite number, 1 or more",
            );
        }
        if !(1..=MAX_AREA_SIZE).contains(&self.max_area_size) {
            return bad(
                "max_area_size",
                self.max_area_size as f64,
                "from 1 to 10,000 grid steps",
            );
        }
        if self.max_samples == 0 {
            return bad("max_samples", 0.0, "at least 1");
        }
        if let Some(m) = self.marks.iter().find(|m| !m.is_finite()) {
            let v = [m.x, m.y, m.z]
                .into_iter()
                .find(|c| !c.is_finite())
                .unwrap_or(m.x);
            return bad("marks", f64::from(v), "finite coordinates");
        }
        Ok(())
    }
}

/// The longest area side [`GenerateConfig::validate`] accepts, in grid steps.
pub const MAX_AREA_SIZE: usize = 10_000;

/// The player's mask, with monster clips when `clips`.
fn with_monster_clips(clips: bool) -> Contents {
    match clips {
        true => Contents(Contents::MASK_PLAYER.0 | Contents::MONSTER_CLIP.0),
        false => Contents::MASK_PLAYER,
    }
}
