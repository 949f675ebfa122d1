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
//! links with types, team masks, traversal points and edicts resolved).

pub mod build;
mod check;
pub mod names;
pub mod nav2;
pub mod nav3;
pub mod navjson;
mod tag;

pub use build::{QuakeBuildOptions, from_model, link_type_for};
pub use names::{LinkType, NodeFlags};
pub use nav2::{
    Edict, EdictTarget, GraphEdict, GraphLink, GraphNode, Link, Node, QuakeGraph, QuakeNavDocument,
    Traversal, TraversalPoints, sniff,
};
pub use nav3::{Q2Edict, Q2Link, Q2Node, Q2Traversal, Quake2NavDocument, sniff_quake2};
pub use navjson::{NavJson, from_navjson, to_navjson};
pub use tag::{Quake2NavTag, QuakeNavTag};
