use crate::{Format, Result, Summary, model::NavMesh};
use serde::{Serialize, de::DeserializeOwned};

/// One file format as a lossless document: read, write back bit-for-bit, summarise, and view in
/// the common model. The serde form of the document is its lossless JSON.
pub trait NavDocument: Sized + Serialize + DeserializeOwned {
    /// The format; its name is also the tag in lossless JSON.
    const FORMAT: Format;

    /// Parse a whole file. Never panics; errors name the field and byte offset.
    fn read(data: &[u8]) -> Result<Self>;

    /// Serialise. A document that was read writes back the identical bytes.
    fn write(&self) -> Result<Vec<u8>>;

    /// Counts, bounds and warnings for `navforge info`.
    fn summary(&self) -> Summary;

    /// The document in the common model.
    fn to_model(&self) -> NavMesh;
}
