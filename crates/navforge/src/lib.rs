//! One API over every navigation format navforge reads.
//!
//! [`Document`] wraps each format's lossless document; [`Document::read`] picks the format from
//! the content. Its serde form (`{"format": "...", "document": {...}}`) is the lossless JSON that
//! `navforge convert x.nav x.json` writes and converts back to the identical binary.

mod convert;
pub mod demo;
mod document;
mod geometry;

pub use convert::{Input, Target, build};
pub use document::{Document, FORMATS};
pub use geometry::{TriangleSoup, read_obj};
pub use navforge_core::{Error, ErrorKind, NavDocument, Result, Summary, model};
