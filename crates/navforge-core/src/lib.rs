//! Shared foundation of navforge.
//!
//! Every format crate builds on the same four pieces:
//! - [`Reader`] and [`Put`]: bounds-checked little-endian reading and writing, where every failure
//!   names the field and byte offset ([`Error`]);
//! - [`F32`] and [`HexBytes`]: value types whose JSON form converts back to the identical bits, so a
//!   document survives `binary -> JSON -> binary` unchanged;
//! - [`NavDocument`]: the one read/write/summary/model API each format implements;
//! - [`model`]: the common model every format converts to;
//! - [`area`]: a Source-style area's geometry (height, sides, portals) and the one area locator
//!   (the game's `GetNavArea`), for every crate that asks where an area is;
//! - [`Format`], [`Game`] and [`LevelKind`]: every format, game and level kind as a type, with
//!   names, extensions, axes and magic; [`map_game`]: which game a Source map is for, by its
//!   entities;
//! - [`BuildFromModel`]: the one way to build a new file of any format from the model, and
//!   [`triangulate`]: areas as triangles, neighbours where the areas are, for the triangle formats.
//!
//! Features: `sample` adds `sample`, the level behind `navforge demo`;
//! `test-support` adds `testing`, the corpus and mutation helpers the workspace's tests share.
//!
//! # Example
//!
//! ```
//! use navforge_core::{Format, model::NavMesh};
//!
//! let format = Format::from_name("mgsv-nav2").unwrap();
//! assert_eq!(format.extensions(), ["nav2"]);
//! assert!(!format.is_z_up());
//! let mesh = NavMesh { format: Some(format), ..NavMesh::default() };
//! assert!(!mesh.is_z_up());
//! assert_eq!(Format::sniff(b"NAV2\x12\0\0\0"), Some(Format::QuakeNav));
//! ```

#![deny(missing_docs)]

pub mod analysis;
pub mod area;
pub mod attributes;
mod build;
pub mod context;
mod document;
mod error;
mod format;
mod fsio;
pub mod map_game;
pub mod model;
pub mod movement;
pub mod narrow;
pub mod places;
mod reader;
#[cfg(feature = "sample")]
pub mod sample;
#[cfg(feature = "schema")]
#[doc(hidden)]
pub mod schema;
pub mod spawns;
mod summary;
#[cfg(feature = "test-support")]
pub mod testing;
pub mod triangulate;
pub mod union_find;
mod value;
mod writer;
pub mod xyz;

pub use build::{BuildError, BuildErrorKind, BuildFromModel, Built, Dropped, Item};
pub use document::NavDocument;
pub use error::{Error, ErrorKind, Result};
pub use format::{Capabilities, Format, Game, LevelKind};
pub use fsio::write_atomic;
pub use reader::Reader;
pub use summary::{Bounds, Counts, Summary};
pub use value::{F32, HexBytes};
pub use writer::Put;
