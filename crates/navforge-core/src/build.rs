//! One way to build a new file from the common model: [`BuildFromModel`], with typed options per
//! format, a report of what the target could not hold ([`Built::dropped`]) and errors that name the
//! area or node at fault ([`BuildError`]) rather than a byte offset into some input.

use crate::Format;
use crate::model::{AreaId, NavMesh};
use std::fmt;

/// A document that can be made from the common model.
pub trait BuildFromModel: crate::NavDocument {
    /// The game, version and other choices of the file to write. `Default` is the newest version
    /// real files use.
    type Options: Default;

    /// Build a new document from `mesh`. What the format cannot hold is listed in
    /// [`Built::dropped`]; what would make the result wrong or empty is an error.
    fn from_model(mesh: &NavMesh, options: &Self::Options) -> Result<Built<Self>, BuildError>;
}

/// A document built from the model, with what it left behind.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Built<D> {
    /// The new document.
    pub document: D,
    /// What the target format could not hold, with counts.
    pub dropped: Vec<Dropped>,
}

impl<D> Built<D> {
    /// A document that kept everything.
    pub fn complete(document: D) -> Self {
        Built {
            document,
            dropped: Vec::new(),
        }
    }

    /// Note that `count` items of `what` were left behind (nothing is noted for a count of 0).
    pub fn dropping(self, what: impl Into<String>, count: usize) -> Self {
        self.altering(what, count, "they were left out")
    }

    /// Note that `count` items of `what` could not be written as they were, and what was written
    /// instead (`outcome`, e.g. "written as long jump"); nothing is noted for a count of 0.
    pub fn altering(
        mut self,
        what: impl Into<String>,
        count: usize,
        outcome: impl Into<String>,
    ) -> Self {
        if count > 0 {
            self.dropped.push(Dropped {
                what: what.into(),
                count,
                outcome: outcome.into(),
            });
        }
        self
    }

    /// The same report around another document.
    pub fn map<E>(self, f: impl FnOnce(D) -> E) -> Built<E> {
        Built {
            document: f(self.document),
            dropped: self.dropped,
        }
    }
}

/// Something the target format could not hold, e.g. `{ what: "ladders", count: 4, outcome: "they
/// were left out" }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// What could not be held, in plain words.
    pub what: String,
    /// How many of them.
    pub count: usize,
    /// What became of them: "they were left out", "written as long jump", ...
    pub outcome: String,
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}; {}", self.count, self.what, self.outcome)
    }
}

/// The part of the model a build error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Item {
    /// An area, by ID.
    Area(AreaId),
    /// A graph node, by ID.
    Node(u64),
    /// A link or connection between two areas or nodes.
    Link {
        /// Where it starts.
        from: u64,
        /// Where it ends.
        to: u64,
    },
    /// A ladder, by ID.
    Ladder(u64),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Area(id) => write!(f, "area {id}"),
            Item::Node(id) => write!(f, "node {id}"),
            Item::Link { from, to } => write!(f, "link {from} -> {to}"),
            Item::Ladder(id) => write!(f, "ladder {id}"),
        }
    }
}

/// Why a build failed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The result would hold nothing the user asked for (a graph has no areas, say).
    Empty(String),
    /// The format cannot hold this part of the model.
    CannotHold(String),
    /// The options ask for a game or version the format's builder does not write.
    Unsupported(String),
    /// The model is inconsistent (a reference to a missing area, a value out of range).
    Invalid(String),
}

/// An error while building a file from the model: the target format, the item at fault and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildError {
    /// The format being built.
    pub format: Format,
    /// The area, node or link at fault, where there is one.
    pub at: Option<Item>,
    /// What is wrong.
    pub kind: BuildErrorKind,
}

impl BuildError {
    /// An error about the model as a whole.
    pub fn new(format: Format, kind: BuildErrorKind) -> Self {
        BuildError {
            format,
            at: None,
            kind,
        }
    }

    /// An error about one item of the model.
    pub fn at(format: Format, item: Item, kind: BuildErrorKind) -> Self {
        BuildError {
            format,
            at: Some(item),
            kind,
        }
    }

    /// Shorthand for an [`BuildErrorKind::Invalid`] error, optionally at an item.
    pub fn invalid(format: Format, at: Option<Item>, msg: impl Into<String>) -> Self {
        BuildError {
            format,
            at,
            kind: BuildErrorKind::Invalid(msg.into()),
        }
    }
}

impl fmt::Display for BuildErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildErrorKind::Empty(what) => write!(f, "nothing to write: {what}"),
            BuildErrorKind::CannotHold(what) => write!(f, "the format cannot hold {what}"),
            BuildErrorKind::Unsupported(what) => write!(f, "not supported: {what}"),
            BuildErrorKind::Invalid(what) => f.write_str(what),
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot build {}", self.format)?;
        if let Some(at) = &self.at {
            write!(f, ": {at}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for BuildError {}

/// A write of a built document failed (a count overflowed the format's field, say): the write
/// error becomes a build error about the whole model.
impl From<crate::Error> for BuildError {
    fn from(e: crate::Error) -> Self {
        let format = Format::from_name(e.format).unwrap_or(Format::LosslessJson);
        BuildError::new(
            format,
            BuildErrorKind::Invalid(format!("field `{}`: {}", e.field, e.kind)),
        )
    }
}
