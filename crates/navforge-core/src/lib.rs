//! Shared foundation of navforge.
//!
//! Every format crate builds on the same four pieces:
//! - [`Reader`] and [`Put`]: bounds-checked little-endian reading and writing, where every failure
//!   names the field and byte offset ([`Error`]);
//! - [`F32`] and [`HexBytes`]: value types whose JSON form converts back to the identical bits, so a
//!   document survives `binary -> JSON -> binary` unchanged;
//! - [`NavDocument`]: the one read/write/summary/model API each format implements;
//! - [`model`]: the common model every format converts to.

mod document;
mod error;
mod fsio;
pub mod model;
mod reader;
pub mod sample;
mod summary;
pub mod testing;
mod value;
mod writer;

pub use document::NavDocument;
pub use error::{Error, ErrorKind, Result};
pub use fsio::write_atomic;
pub use reader::Reader;
pub use summary::{Bounds, Counts, Summary};
pub use value::{F32, HexBytes};
pub use writer::Put;
