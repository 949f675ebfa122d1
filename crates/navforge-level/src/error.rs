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
    /// An OBJ or glTF file that its parser rejected, that holds no triangles, or whose values
    /// are out of bounds (no byte offset: the parsers do not give one).
    #[error("{format}: {}{message}", if field.is_empty() { String::new() } else { format!("{field}: ") })]
    Mesh {
        /// `OBJ` or `glTF`.
        format: &'static str,
        /// The item at fault (`accessors[3].count`, `vertex 12`), or empty when the parser
        /// does not say.
        field: String,
        /// The parser's message, or what is wrong.
        message: String,
    },
}

impl LevelError {
    /// The byte offset the error points at, when it has one (BSP errors do; OBJ/glTF parser
    /// errors and unknown or unsupported files do not).
    pub fn offset(&self) -> Option<u64> {
        match self {
            LevelError::Malformed { offset, .. } => Some(*offset),
            _ => None,
        }
    }

    pub(crate) fn mesh(
        format: &'static str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        LevelError::Mesh {
            format,
            field: field.into(),
            message: message.into(),
        }
    }

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
