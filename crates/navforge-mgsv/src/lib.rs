//! Metal Gear Solid V / Fox Engine `.nav2` files (MGSV: TPP, Metal Gear Survive) as lossless
//! documents.
//!
//! - [`Nav2Document`] ([`navforge_core::NavDocument`], format `mgsv-nav2`) reads every
//!   structure of a `.nav2` — the 96-byte [`Header`], the [`Manifest`], the chained [`Entry`]s of
//!   every group ([`NavWorld`], [`NavmeshChunk`], [`SegmentChunk`], [`SegmentGraph`]),
//!   [`Section2Entry`]s and the [`NavSystem`] — at the offsets the file gives, and keeps every
//!   byte no structure covers in [`Gap`]s, so `write` reproduces the input byte for byte. Its serde
//!   form is the lossless JSON.
//! - [`Nav2Document::mesh`] decodes to world space ([`DecodedMesh`]: per group the vertices,
//!   faces with adjacency, segments, NavWorld nodes/edges and the SegmentGraph);
//!   `to_model` gives the common model (areas = faces, `group` = segment, named
//!   `group<g>/segment<s>`; nodes/links = NavWorld and SegmentGraph).
//! - [`from_triangles`] builds a complete file from triangle geometry.
//! - [`sniff`] recognises the magic.
//!
//! Offsets outside the file, chains that do not move forward and structures that would cover
//! the file many times over are errors; reading never panics.

mod build;
mod decode;
mod doc;

pub use build::{fox_triangles, from_triangles};
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
    const FORMAT: navforge_core::Format = navforge_core::Format::MgsvNav2;

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
