//! What can go wrong making a graph.

/// A graph generation failure; each names what is at fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// The level is not one the game's bots play.
    #[error("{0}")]
    Unsupported(String),
    /// Nothing to start from.
    #[error(
        "no seed: the level has no spawn point, item or teleport destination with a floor under it"
    )]
    NoSeeds,
    /// The fill found no floor.
    #[error("the fill found no floor a player can stand on from the {seeds} seeds")]
    NoFloor {
        /// How many seeds there were.
        seeds: usize,
    },
    /// The sample limit was reached.
    #[error(
        "the fill stopped at the limit of {limit} samples: the level is too large or open for this limit (raise FillConfig::max_samples)"
    )]
    TooManySamples {
        /// The limit.
        limit: usize,
    },
    /// The graph does not fit the file's 16-bit indices.
    #[error("the graph is too large for the file: {0}")]
    TooLarge(String),
    /// Writing the file failed.
    #[error("writing the file: {0}")]
    Write(String),
    /// A setting of [`crate::QuakeGraphOptions`] is out of range.
    #[error("graph setting {field} = {value} is out of range: it must be {limit}")]
    Config {
        /// The field, as `stage.field` (`fill.grid`, `physics.gravity`).
        field: &'static str,
        /// Its value.
        value: f64,
        /// What it must be.
        limit: &'static str,
    },
    /// The caller's [`navforge_core::context::Context`] asked generation to stop.
    #[error("graph generation cancelled")]
    Cancelled,
}

impl From<navforge_core::context::Cancelled> for GraphError {
    fn from(_: navforge_core::context::Cancelled) -> Self {
        GraphError::Cancelled
    }
}
