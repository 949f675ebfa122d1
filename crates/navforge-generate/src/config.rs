//! The game's movement constants and each stage's configuration (one struct per stage).

use navforge_level::{Hull, Vec3};

/// Sampling grid pitch (`GenerationStepSize`).
pub const STEP: f32 = 25.0;

/// Where the flood fill starts.
#[derive(Debug, Clone)]
pub struct SeedConfig {
    /// Walkable marks (`nav_mark_walkable`), feet positions on or just above a floor.
    pub marks: Vec<Vec3>,
    /// Also seed from spawn points.
    pub use_spawns: bool,
    /// Also seed from the ends of `func_ladder` volumes.
    pub use_ladders: bool,
    /// Seed every walkable surface seen from above (for triangle levels with no spawns).
    pub everywhere: bool,
    /// How far below a mark the floor may be before the mark is "in the air".
    pub mark_max_height: f32,
    /// Sampling grid pitch (seeds snap to it).
    pub grid: f32,
}

impl SeedConfig {
    /// Spawns and ladder ends, plus `marks`.
    pub fn with_marks(marks: Vec<Vec3>) -> Self {
        SeedConfig {
            marks,
            use_spawns: true,
            use_ladders: true,
            everywhere: false,
            mark_max_height: 72.0,
            grid: STEP,
        }
    }
}

impl Default for SeedConfig {
    fn default() -> Self {
        SeedConfig::with_marks(Vec::new())
    }
}

/// Flood-fill sampling: the player's movement limits.
#[derive(Debug, Clone)]
pub struct SampleConfig {
    /// Grid pitch (`GenerationStepSize`).
    pub grid: f32,
    /// Highest step taken without jumping (`StepHeight`).
    pub step_height: f32,
    /// Highest climb onto something (`JumpCrouchHeight`: 58 in CS).
    pub jump_height: f32,
    /// Deepest safe drop (`DeathDrop`: 200 in CS).
    pub death_drop: f32,
    /// Floors whose normal's z is below this are too steep (`nav_slope_limit`).
    pub slope_limit: f32,
    /// Headroom needed to stand; less (but at least `crouch_height`) marks a crouch spot.
    pub stand_height: f32,
    /// Headroom needed at all.
    pub crouch_height: f32,
    /// Height above the floor of the traversal check between samples (`HalfHumanHeight`).
    pub probe_height: f32,
    /// Two samples in one grid column closer than this in height are the same.
    pub same_node_height: f32,
    /// Stop with an error beyond this many samples.
    pub max_samples: usize,
    /// A box swept along each step as well as the point ray; `None` for points only.
    pub hull: Option<Hull>,
    /// Player clips stop the fill, as in Source's generator (see [`crate::clip`]).
    pub player_clips: bool,
    /// Record obstacles (fences, railings) higher than a step between samples, and let the
    /// fill climb over them up to `jump_height` (Source's `ClimbUpHeight`); the CS bot's
    /// generator crosses only what its trace at `probe_height` clears.
    pub obstacles: bool,
    /// Mark samples beside a drop deeper than this (`CliffHeight`, 300); `None` for games
    /// without the cliff attribute.
    pub cliff_height: Option<f32>,
}

impl Default for SampleConfig {
    fn default() -> Self {
        SampleConfig {
            grid: STEP,
            step_height: 18.0,
            jump_height: 58.0,
            death_drop: 200.0,
            slope_limit: 0.7,
            stand_height: 71.0,
            crouch_height: 36.0,
            probe_height: 36.0,
            same_node_height: 0.45 * STEP,
            max_samples: 4_000_000,
            hull: None,
            player_clips: true,
            obstacles: false,
            cliff_height: None,
        }
    }
}

impl SampleConfig {
    /// Every length multiplied by `factor` (for levels in other units: 1/39.37 for metres).
    pub fn scaled(&self, factor: f32) -> Self {
        SampleConfig {
            grid: self.grid * factor,
            step_height: self.step_height * factor,
            jump_height: self.jump_height * factor,
            death_drop: self.death_drop * factor,
            stand_height: self.stand_height * factor,
            crouch_height: self.crouch_height * factor,
            probe_height: self.probe_height * factor,
            same_node_height: self.same_node_height * factor,
            cliff_height: self.cliff_height.map(|c| c * factor),
            ..self.clone()
        }
    }
}

/// Rectangles from samples.
#[derive(Debug, Clone)]
pub struct AreaConfig {
    /// Longest area side in grid steps (`nav_area_max_size`).
    pub max_size: usize,
    /// Samples of one rectangle lie within this height of its plane.
    pub plane_tolerance: f32,
    /// Neighbouring samples of one rectangle differ by at most this much (else it is a jump).
    pub step_height: f32,
    /// Cells steeper than a step up to this height become jump areas.
    pub jump_height: f32,
}

impl Default for AreaConfig {
    fn default() -> Self {
        AreaConfig {
            max_size: 50,
            plane_tolerance: 5.0,
            step_height: 18.0,
            jump_height: 58.0,
        }
    }
}

/// Post-processing: merging, squaring up, connections, marks, jump links, obstacle tops.
#[derive(Debug, Clone)]
pub struct PostConfig {
    /// Merge coplanar neighbours (`nav_coplanar_slope_limit` on their normals).
    pub coplanar_limit: f32,
    /// Longest merged side in grid steps.
    pub max_size: usize,
    /// Merge at all.
    pub merge: bool,
    /// Split long thin areas into pieces no longer than `max_aspect` times their width
    /// (`SquareUpAreas`).
    pub square_up: bool,
    /// Longest side over shortest side of a "roughly square" area (3.01 in the game).
    pub max_aspect: f32,
    /// Mark stairs (`NAV_MESH_STAIRS`, `TestStairs`).
    pub stairs: bool,
    /// Turn jump areas into connections between the areas on either side and remove them
    /// (`StichAndRemoveJumpAreas`); the CS bot keeps them as areas with the jump attribute.
    pub jump_links: bool,
    /// Put areas on top of obstacles crossed between samples (`HandleObstacleTopAreas`).
    pub obstacle_tops: bool,
    /// Grid pitch.
    pub grid: f32,
    /// `StepHeight`: heights within this are walked.
    pub step_height: f32,
    /// `JumpCrouchHeight`: the highest ledge connected upwards.
    pub jump_height: f32,
    /// `DeathDrop`: the deepest ledge connected downwards.
    pub death_drop: f32,
    /// `HumanCrouchHeight`: an area this far above a connected one overhangs it.
    pub crouch_height: f32,
    /// Slope limit on an area's normal; steeper areas are jump areas (`MarkJumpAreas`).
    pub slope_limit: f32,
}

impl Default for PostConfig {
    fn default() -> Self {
        PostConfig {
            coplanar_limit: 0.99,
            max_size: 50,
            merge: true,
            square_up: true,
            max_aspect: 3.01,
            stairs: false,
            jump_links: false,
            obstacle_tops: false,
            grid: STEP,
            step_height: 18.0,
            jump_height: 58.0,
            death_drop: 200.0,
            crouch_height: 36.0,
            slope_limit: 0.7,
        }
    }
}

impl PostConfig {
    /// Every length multiplied by `factor`.
    pub fn scaled(&self, factor: f32) -> Self {
        PostConfig {
            grid: self.grid * factor,
            step_height: self.step_height * factor,
            jump_height: self.jump_height * factor,
            death_drop: self.death_drop * factor,
            crouch_height: self.crouch_height * factor,
            ..self.clone()
        }
    }
}
