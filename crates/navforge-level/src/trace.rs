//! The answer of a trace, and the boxes traces sweep.

use crate::contents::{Contents, SurfaceFlags};
use glam::Vec3;
use serde::Serialize;

/// The result of a ray or box trace from `start` towards `end`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Trace {
    /// How far along the segment the trace got, 0 to 1 (1: nothing hit).
    pub fraction: f32,
    /// Where the trace stopped (the box's reference point, for box traces).
    pub end: Vec3,
    /// The normal of the surface hit, facing the trace; zero when nothing was hit.
    pub normal: Vec3,
    /// Contents of what was hit (empty when nothing was).
    pub contents: Contents,
    /// Flags of the surface hit (sky, ladder, ...).
    pub surface: SurfaceFlags,
    /// The entity hit, as an index into [`crate::Level::entities`]; `None` for the world.
    pub entity: Option<usize>,
    /// The trace started inside something that blocks it.
    pub start_solid: bool,
    /// The whole trace lay inside something that blocks it.
    pub all_solid: bool,
}

impl Trace {
    /// A trace that hit nothing on the way from `_start` to `end`.
    pub fn miss(end: Vec3) -> Trace {
        Trace {
            fraction: 1.0,
            end,
            normal: Vec3::ZERO,
            contents: Contents::EMPTY,
            surface: SurfaceFlags::NONE,
            entity: None,
            start_solid: false,
            all_solid: false,
        }
    }
    /// True when something was hit before the end (or the trace started in solid).
    pub fn hit(&self) -> bool {
        self.fraction < 1.0 || self.start_solid
    }
}

/// An axis-aligned box, relative to the point traced: the player hulls and any other size.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Hull {
    /// Smallest corner, relative to the traced point.
    pub mins: Vec3,
    /// Largest corner, relative to the traced point.
    pub maxs: Vec3,
}

impl Hull {
    /// A point (no extent): a ray.
    pub const POINT: Hull = Hull {
        mins: Vec3::ZERO,
        maxs: Vec3::ZERO,
    };
    /// GoldSrc (Half-Life, CS 1.6) standing player, clip hull 1: 32×32×72, origin at the centre.
    pub const GOLDSRC_STANDING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, -36.0),
        maxs: Vec3::new(16.0, 16.0, 36.0),
    };
    /// GoldSrc crouching player, clip hull 3: 32×32×36, origin at the centre.
    pub const GOLDSRC_CROUCHING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, -18.0),
        maxs: Vec3::new(16.0, 16.0, 18.0),
    };
    /// GoldSrc large monster, clip hull 2: 64×64×64.
    pub const GOLDSRC_LARGE: Hull = Hull {
        mins: Vec3::new(-32.0, -32.0, -32.0),
        maxs: Vec3::new(32.0, 32.0, 32.0),
    };
    /// Quake player, clip hull 1: 32×32×56 (24 below the origin, 32 above).
    pub const QUAKE_PLAYER: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, -24.0),
        maxs: Vec3::new(16.0, 16.0, 32.0),
    };
    /// Quake large monster (shambler), clip hull 2: 64×64×88.
    pub const QUAKE_LARGE: Hull = Hull {
        mins: Vec3::new(-32.0, -32.0, -24.0),
        maxs: Vec3::new(32.0, 32.0, 64.0),
    };
    /// Quake II player: 32×32×56, like Quake's; it crouches to a 32×32×28 box.
    pub const QUAKE2_STANDING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, -24.0),
        maxs: Vec3::new(16.0, 16.0, 32.0),
    };
    /// Quake II crouching player.
    pub const QUAKE2_CROUCHING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, -24.0),
        maxs: Vec3::new(16.0, 16.0, 4.0),
    };
    /// Source (HL2 SDK) standing player: 32×32×72, origin at the feet.
    pub const SOURCE_STANDING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, 0.0),
        maxs: Vec3::new(16.0, 16.0, 72.0),
    };
    /// Source (HL2 SDK) crouching player: 32×32×36, origin at the feet.
    pub const SOURCE_CROUCHING: Hull = Hull {
        mins: Vec3::new(-16.0, -16.0, 0.0),
        maxs: Vec3::new(16.0, 16.0, 36.0),
    };

    /// A box from its corners relative to the traced point.
    pub fn new(mins: Vec3, maxs: Vec3) -> Hull {
        Hull { mins, maxs }
    }
    /// The box's size.
    pub fn size(&self) -> Vec3 {
        self.maxs - self.mins
    }
    /// True for a zero-size box.
    pub fn is_point(&self) -> bool {
        self.mins == Vec3::ZERO && self.maxs == Vec3::ZERO
    }
    /// Half the size.
    pub(crate) fn half(&self) -> Vec3 {
        (self.maxs - self.mins) * 0.5
    }
    /// Offset from the traced point to the box centre.
    pub(crate) fn center_offset(&self) -> Vec3 {
        (self.maxs + self.mins) * 0.5
    }
}

/// Where a downward search found ground.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ground {
    /// The point on the ground.
    pub point: Vec3,
    /// The ground's normal.
    pub normal: Vec3,
    /// How far below the start it is.
    pub depth: f32,
    /// Flags of the surface.
    pub surface: SurfaceFlags,
    /// The entity whose brush it is (`None`: the world).
    pub entity: Option<usize>,
}
