//! Quake bot navigation as lossless documents:
//!
//! - [`QuakeNavDocument`] (`quake-nav`): Quake 2021 re-release `NAV2`, versions 14–18;
//! - [`Quake2NavDocument`] (`quake2-nav`): Quake II re-release `NAV3`, versions 1–6;
//! - [`navjson`]: the community `.navjson` form (Quake Nav Depot), import and export;
//! - [`from_model`]: a `NAV2` document built from the common model (its graph, or one derived
//!   from its areas, connections and ladders).
//!
//! Every document reads and writes back byte-for-byte (unknown trailing bytes included), and its
//! serde form is a lossless JSON. [`QuakeNavDocument::graph`] gives the typed graph (nodes,
//! links with types, team masks, traversal points and edicts resolved); [`tables::GraphTables`]
//! reads and changes the tables of either document the same way (the editor's node and link
//! edits use it).
//!
//! ```
//! use navforge_core::{BuildFromModel, NavDocument};
//! use navforge_quake::{NavVersion, QuakeBuildOptions, QuakeNavDocument};
//!
//! // A waypoint graph derived from a small level, as a NAV2 v18 file and as `.navjson`.
//! let mesh = navforge_core::sample::courtyard();
//! let options = QuakeBuildOptions::new(NavVersion::V18);
//! let built = QuakeNavDocument::from_model(&mesh, &options)?;
//! let bytes = built.document.write()?;
//! assert_eq!(QuakeNavDocument::read(&bytes)?.write()?, bytes);
//! let text = navforge_quake::to_navjson(&built.document)?;
//! assert!(text.contains("\"Version\": 3"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod build;
mod check;
pub mod names;
pub mod nav2;
pub mod nav3;
pub mod navjson;
mod shared;
pub mod tables;
mod tag;

pub use build::{NavVersion, QuakeBuildOptions, from_model, link_type_for};
pub use names::{LinkType, NodeFlags};
pub use nav2::{
    Edict, EdictTarget, GraphEdict, GraphLink, GraphNode, Link, Node, QuakeGraph, QuakeNavDocument,
    Traversal, TraversalPoints, sniff,
};
pub use nav3::{Q2Edict, Q2Link, Q2Node, Q2Traversal, Quake2NavDocument, sniff_quake2};
pub use navjson::{NavJson, from_navjson, from_navjson_with_warnings, to_navjson};
pub use tag::{Quake2NavTag, QuakeNavTag};
