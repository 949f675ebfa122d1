//! Why a level could not be loaded.

use thiserror::Error;

/// A level file that cannot be loaded, with the field and byte offset at fault.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum LevelError {
    /// The bytes are no level format this crate knows.
    #[error("not a level file this reader knows (first bytes {first_bytes})")]
    UnknownFormat {
        /// The first bytes of the input, in hex.
        first_bytes: String,
    },
    /// A known family in a version or variant that is not supported, named.
    #[error("{family} is not supported: {reason}")]
    Unsupported {
        /// The family and version found, e.g. `VBSP v25`.
        family: String,
        /// Why, in words.
        reason: String,
    },
    /// The file is of a supported family but its contents are inconsistent or cut short.
    #[error("{family}: {field} at byte offset {offset}: {message}")]
    Malformed {
        /// The family being read (`BSP30`, `VBSP v20`, ...).
        family: &'static str,
        /// The lump or field at fault, e.g. `clipnodes[12].children[1]`.
        field: String,
        /// Byte offset in the file (start of the field or its lump).
        offset: u64,
        /// What is wrong.
        message: String,
    },
    /// An OBJ or glTF file that its parser rejected, or that holds no triangles.
    #[error("{format}: {message}")]
    Mesh {
        /// `OBJ` or `glTF`.
        format: &'static str,
        /// The parser's message.
        message: String,
    },
}

impl LevelError {
    pub(crate) fn malformed(
        family: &'static str,
        field: impl Into<String>,
        offset: u64,
        message: impl Into<String>,
    ) -> Self {
        LevelError::Malformed {
            family,
            field: field.into(),
            offset,
            message: message.into(),
        }
    }
}
