//! One API over every navigation format navforge reads.
//!
//! [`Document`] wraps each format's lossless document; [`Document::read`] picks the format from
//! the content. Its serde form (`{"format": "...", "document": {...}}`) is the lossless JSON that
//! `navforge convert x.nav x.json` writes and converts back to the identical binary. [`build`]
//! makes a new file of any format from the common model.
//!
//! ```
//! use navforge::{BuildOptions, Document, Format, build};
//! use navforge_core::model::{Area, NavMesh};
//!
//! // One square area, written as a Source .nav and as a Bethesda plugin, read back.
//! let square = vec![[0.0, 0.0, 0.0], [100.0, 0.0, 0.0], [100.0, 100.0, 0.0], [0.0, 100.0, 0.0]];
//! let mesh = NavMesh { areas: vec![Area { id: 1, polygon: square, ..Area::default() }], ..NavMesh::default() };
//! for format in [Format::SourceNav, Format::TesPlugin] {
//!     let built = build(format, &mesh, &BuildOptions::default())?;
//!     let doc = Document::read(&built.bytes)?;
//!     assert_eq!(doc.format(), format);
//!     // The lossless JSON converts back to the identical bytes.
//!     let json = serde_json::to_string(&doc)?;
//!     let back: Document = serde_json::from_str(&json)?;
//!     assert_eq!(back.write()?, built.bytes);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

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
    BuildError, Dropped, Error, ErrorKind, Format, Game, LevelKind, NavDocument, Result, Summary,
    model,
};
