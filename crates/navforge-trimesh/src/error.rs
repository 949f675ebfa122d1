//! What can stop the triangle pipeline, each naming the value or stage at fault.

/// A failure of [`crate::build_navmesh`] or one of its stages.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum NavmeshError {
    /// A configuration value is out of range.
    #[error("navmesh setting {field} = {value} is out of range: it must be {limit}")]
    Config {
        /// The [`crate::NavmeshConfig`] field.
        field: &'static str,
        /// Its value.
        value: f64,
        /// What it must be.
        limit: &'static str,
    },
    /// The level has no triangles with finite corners.
    #[error("the level has no triangles to build a navmesh on")]
    NoGeometry,
    /// The voxel grid would be larger than the limit.
    #[error(
        "the level is {width} × {depth} cells of {cell_size} units ({columns} columns), over the \
         limit of {limit}: raise the cell size or max_columns"
    )]
    TooLarge {
        /// Columns along X.
        width: u64,
        /// Columns along the other horizontal axis.
        depth: u64,
        /// Their product.
        columns: u64,
        /// The limit.
        limit: usize,
        /// The cell size.
        cell_size: f32,
    },
    /// The level is taller than 65,535 cell heights.
    #[error(
        "the level is {height} units tall, {cells} cell heights of {cell_height}: over the 65,535 a \
         span can hold; raise the cell height"
    )]
    TooTall {
        /// Height in world units.
        height: f32,
        /// Height in cells.
        cells: u64,
        /// The cell height.
        cell_height: f32,
    },
    /// A stage failed (Recast's own limits: 65,535 polygon vertices, invalid contours).
    #[error("navmesh stage {stage}: {message}")]
    Stage {
        /// The stage.
        stage: &'static str,
        /// What went wrong.
        message: String,
    },
    /// Nothing walkable was found.
    #[error(
        "no walkable surface: {walkable_triangles} of {triangles} triangles are level enough \
         (max_slope) and none left an area after the agent's height, radius and region size"
    )]
    NothingWalkable {
        /// Triangles in the level.
        triangles: usize,
        /// Triangles flat enough to walk on.
        walkable_triangles: usize,
    },
    /// The caller's [`navforge_core::context::Context`] asked the pipeline to stop.
    #[error("navmesh generation cancelled")]
    Cancelled,
}

impl From<navforge_core::context::Cancelled> for NavmeshError {
    fn from(_: navforge_core::context::Cancelled) -> Self {
        NavmeshError::Cancelled
    }
}

impl NavmeshError {
    pub(crate) fn stage(stage: &'static str, e: impl std::fmt::Display) -> Self {
        NavmeshError::Stage {
            stage,
            message: e.to_string(),
        }
    }
}
