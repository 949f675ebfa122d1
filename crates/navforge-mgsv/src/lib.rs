//! Metal Gear Solid V / Fox Engine `.nav2` files as lossless documents.
//!
//! [`Nav2Document`] reads every structure of a `.nav2` (header, manifest, the chained NavWorld,
//! NavmeshChunk, SegmentChunk and SegmentGraph entries of every group, Section2 and the
//! NavSystem) at the offsets the file gives, and keeps every byte no structure covers verbatim,
//! so [`NavDocument::write`] reproduces the input byte for byte. [`Nav2Document::mesh`] decodes
//! the navmesh and graphs to world space; [`from_triangles`] builds a complete file from
//! triangle geometry.

mod build;
mod decode;
mod doc;

pub use build::from_triangles;
pub use decode::{
    Adjacent, DecodedGroup, DecodedMesh, DecodedSegment, GraphEdge, GraphNode, MeshFace,
    SegmentNode,
};
pub use doc::*;

use navforge_core::{NavDocument, Result, Summary, model::NavMesh};

pub(crate) const FMT: &str = "mgsv-nav2";

/// Whether `data` starts like a `.nav2` (its magic).
pub fn sniff(data: &[u8]) -> bool {
    data.len() >= 8 && data[..4] == MAGIC.to_le_bytes()
}

impl NavDocument for Nav2Document {
    const FORMAT: &'static str = FMT;

    fn read(data: &[u8]) -> Result<Self> {
        Self::read_impl(data)
    }

    fn write(&self) -> Result<Vec<u8>> {
        self.write_impl()
    }

    fn summary(&self) -> Summary {
        self.summary_impl()
    }

    fn to_model(&self) -> NavMesh {
        self.to_model_impl()
    }
}
