//! One API over every navigation format navforge reads.
//!
//! [`Document`] wraps each format's lossless document; [`Document::read`] picks the format from
//! the content. Its serde form (`{"format": "...", "document": {...}}`) is the lossless JSON that
//! `navforge convert x.nav x.json` writes and converts back to the identical binary.

#![warn(missing_docs)]

mod convert;
#[cfg(feature = "demo")]
pub mod demo;
mod document;
mod geometry;
pub mod schema;

pub use convert::{BuildOptions, ConvertError, Converted, Input, Target, build};
pub use document::Document;
pub use geometry::{TriangleSoup, read_obj};
pub use navforge_core::{
    BuildError, Dropped, Error, ErrorKind, Format, Game, NavDocument, Result, Summary, model,
};
