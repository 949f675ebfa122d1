//! Errors of path queries and of the benchmark file readers.

/// What went wrong, naming the file's line (text inputs) or the area/node/point at fault.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// A `.map`, `.scen` or `.mesh` text could not be read.
    #[error("{format}: line {line}: {message}")]
    Parse {
        /// `movingai-map`, `movingai-scen` or `polyanya-mesh`.
        format: &'static str,
        /// 1-based line number (the last line for an early end of file).
        line: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// A point lies on no area, cell, polygon or node of the mesh.
    #[error("{what} ({x}, {y}, {z}) is not on the mesh")]
    OffMesh {
        /// `start` or `goal`.
        what: &'static str,
        /// The point.
        x: f64,
        /// The point.
        y: f64,
        /// The point.
        z: f64,
    },
    /// The mesh has nothing this search can use (no areas, no nodes, no free cells).
    #[error("the mesh has no {0} to search")]
    Empty(&'static str),
    /// The requested search does not apply to this mesh.
    #[error("{0}")]
    Unsupported(String),
}

impl PathError {
    pub(crate) fn parse(format: &'static str, line: usize, message: impl Into<String>) -> Self {
        PathError::Parse {
            format,
            line,
            message: message.into(),
        }
    }

    pub(crate) fn off_mesh(what: &'static str, p: [f64; 3]) -> Self {
        PathError::OffMesh {
            what,
            x: p[0],
            y: p[1],
            z: p[2],
        }
    }
}

/// Result with [`PathError`].
pub type Result<T> = std::result::Result<T, PathError>;
