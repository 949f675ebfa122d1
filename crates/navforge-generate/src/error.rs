//! What can go wrong.

use navforge_level::Vec3;

/// A generation failure; each names what is at fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Nothing to start from.
    #[error(
        "no seed: the level has no player spawn point and no walkable floor to seed from, and no --mark was given"
    )]
    NoSeeds,
    /// A mark is inside solid.
    #[error("mark {index} at ({} {} {}) is inside solid", .point.x, .point.y, .point.z)]
    MarkInSolid {
        /// Which mark (0-based, command-line order).
        index: usize,
        /// Where it is.
        point: Vec3,
    },
    /// A mark has no floor close below it.
    #[error("mark {index} at ({} {} {}) is in the air: no floor within {depth} units below", .point.x, .point.y, .point.z)]
    MarkInAir {
        /// Which mark (0-based).
        index: usize,
        /// Where it is.
        point: Vec3,
        /// How far down the floor was searched.
        depth: f32,
    },
    /// The sample limit was reached.
    #[error(
        "sampling stopped at the limit of {limit} samples: the level is too large or open for this limit (raise GenerateConfig::max_samples)"
    )]
    TooManySamples {
        /// The limit.
        limit: usize,
    },
    /// Sampling found no walkable rectangle.
    #[error("sampling found {samples} walkable samples but no area could be built from them")]
    NoAreas {
        /// How many samples there were.
        samples: usize,
    },
    /// Incremental generation found no space the existing mesh does not cover already.
    #[error(
        "nothing new to generate: every --mark lies on an existing area (or within reach only of space the mesh covers)"
    )]
    NothingNew,
    /// An area of the existing mesh (`--incremental`) lies past the world a level may span
    /// ([`navforge_level::MAX_COORD`]), or has a coordinate that is not a number.
    #[error(
        "area {id} (#{index}) of the existing mesh: corner {corner} ({} {} {}) is outside the ±{limit} units a level may span",
        .point[0], .point[1], .point[2]
    )]
    AreaExtent {
        /// The area's ID.
        id: u64,
        /// Its index in the mesh.
        index: usize,
        /// Which corner of its polygon.
        corner: usize,
        /// The corner.
        point: [f32; 3],
        /// The limit.
        limit: f32,
    },
    /// Building the file failed.
    #[error("building the .nav: {0}")]
    Build(#[from] navforge_core::BuildError),
    /// Writing the file failed.
    #[error("writing the .nav: {0}")]
    Write(String),
    /// A setting is out of range.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    /// The caller's [`navforge_core::context::Context`] asked generation to stop.
    #[error("generation cancelled")]
    Cancelled,
}

impl From<navforge_core::context::Cancelled> for GenerateError {
    fn from(_: navforge_core::context::Cancelled) -> Self {
        GenerateError::Cancelled
    }
}
