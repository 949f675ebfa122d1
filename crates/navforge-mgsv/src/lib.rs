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
//! - [`Nav2Document::relayout`] recomputes every offset, size and count from the structures, so
//!   faces, vertices, segments and nodes can be added or removed; an unchanged document keeps its
//!   bytes, with the paddings of the writer that made it ([`LayoutStyle`]).
//! - [`from_triangles`] builds a complete file from triangle geometry.
//! - [`sniff`] recognises the magic.
//!
//! Offsets outside the file, chains that do not move forward and structures that would cover
//! the file many times over are errors; reading never panics.
//!
//! ```
//! use navforge_core::NavDocument;
//! use navforge_mgsv::{Nav2Document, from_triangles};
//!
//! // Two triangles (Fox Engine axes, Y up) as a complete `.nav2`, read back byte for byte.
//! let vertices = [[0.0, 0.0, 0.0], [8.0, 0.0, 0.0], [8.0, 0.0, 8.0], [0.0, 0.0, 8.0]];
//! let doc = from_triangles(&vertices, &[[0, 1, 2], [0, 2, 3]])?;
//! let bytes = doc.write()?;
//! let back = Nav2Document::read(&bytes)?;
//! assert_eq!(back.write()?, bytes);
//! assert_eq!(back.to_model().areas.len(), 2);
//!
//! // Editing: change the lists, then let the layout place everything.
//! let mut edited = back.clone();
//! for e in &mut edited.entries {
//!     if let navforge_mgsv::EntryBody::NavmeshChunk(c) = &mut e.body {
//!         c.vertices.push([100, 0, 100]);
//!     }
//! }
//! edited.relayout()?;
//! let bytes = edited.write()?;
//! assert_eq!(Nav2Document::read(&bytes)?, edited);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

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
