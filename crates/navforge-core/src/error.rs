use std::fmt;

/// What went wrong while reading or writing a document: kinds a caller can match on.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The field needs more bytes than the input has left.
    UnexpectedEof {
        /// Bytes the field needs.
        needed: u64,
        /// Bytes left.
        available: u64,
    },
    /// A count would need more bytes than the input has left, so it cannot be real.
    CountTooLarge {
        /// The count read.
        count: u64,
        /// The least size of one item.
        min_item_size: u64,
        /// Bytes left.
        available: u64,
    },
    /// The magic number is not this format's.
    BadMagic {
        /// What was found instead, shown as hex.
        found: String,
    },
    /// A version the reader does not know.
    UnsupportedVersion(u64),
    /// A size or amount from the input is over what navforge allows (a decompression budget,
    /// a size in edited JSON).
    LimitExceeded {
        /// What was asked for.
        asked: u64,
        /// The limit.
        limit: u64,
    },
    /// The input is empty.
    Empty,
    /// Anything else that is invalid, in words.
    Invalid(String),
}

/// An error that names the format, the field and the byte offset it happened at (or, for an
/// error about a document's values that no input byte stands for, no offset: see
/// [`Error::in_document`]).
///
/// `context` grows from the inside out as the error travels up (e.g. `area 12 > connections`),
/// and is only built on the error path, so the happy path never allocates for it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Error {
    /// The format's machine name ([`crate::Format::name`], or a part of one such as `tes-nvnm`).
    pub format: &'static str,
    /// The field, with the items it is inside (`area 12 > connections`).
    pub field: String,
    /// Byte offset in the input (0 where [`Error::has_offset`] is false).
    pub offset: u64,
    /// Whether `offset` points into the input. It does not for an error about a document's
    /// values (one being written, or read from lossless JSON), which no input byte stands for.
    pub has_offset: bool,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// A result whose error is navforge's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of `kind` at `field` and `offset` of a `format` input.
    pub fn new(
        format: &'static str,
        field: impl Into<String>,
        offset: u64,
        kind: ErrorKind,
    ) -> Self {
        Error {
            format,
            field: field.into(),
            offset,
            has_offset: true,
            kind,
        }
    }

    /// An [`ErrorKind::Invalid`] error about `field` of a document's values, with no byte offset
    /// to name: a document being written, or one read from lossless JSON (whose reader names
    /// the JSON path and offset of what it could not parse).
    pub fn in_document(
        format: &'static str,
        field: impl Into<String>,
        msg: impl Into<String>,
    ) -> Self {
        Error {
            has_offset: false,
            ..Self::invalid(format, field, 0, msg)
        }
    }

    /// An [`ErrorKind::Invalid`] error, in words.
    pub fn invalid(
        format: &'static str,
        field: impl Into<String>,
        offset: u64,
        msg: impl Into<String>,
    ) -> Self {
        Self::new(format, field, offset, ErrorKind::Invalid(msg.into()))
    }

    /// Prefix the field with an enclosing item, e.g. `"area #12"`.
    pub fn within(mut self, outer: impl fmt::Display) -> Self {
        self.field = format!("{outer} > {}", self.field);
        self
    }

    /// Shift the offset, for errors raised inside a sub-buffer (a decompressed record, say).
    pub fn shifted(mut self, by: u64) -> Self {
        self.offset += by;
        self
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnexpectedEof { needed, available } => {
                write!(
                    f,
                    "unexpected end of data: needs {needed} bytes, {available} left"
                )
            }
            ErrorKind::CountTooLarge {
                count,
                min_item_size,
                available,
            } => write!(
                f,
                "count {count} cannot fit: at least {min_item_size} bytes each, {available} bytes left"
            ),
            ErrorKind::BadMagic { found } => write!(f, "not this format (magic {found})"),
            ErrorKind::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            ErrorKind::LimitExceeded { asked, limit } => {
                write!(f, "{asked} is over navforge's limit of {limit}")
            }
            ErrorKind::Empty => f.write_str("the input is empty"),
            ErrorKind::Invalid(msg) => f.write_str(msg),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_offset {
            write!(
                f,
                "{} field `{}` at byte {} (0x{:x}): {}",
                self.format, self.field, self.offset, self.offset, self.kind
            )
        } else {
            write!(f, "{} field `{}`: {}", self.format, self.field, self.kind)
        }
    }
}

impl std::error::Error for Error {}
