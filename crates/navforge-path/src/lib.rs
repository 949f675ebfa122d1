//! Path queries on every navforge input.
//!
//! | input | search | answer |
//! |---|---|---|
//! | Moving AI grid `.map` | octile A* (8-connected, no corner cutting) | the scenario optimum |
//! | Polyanya `.mesh`, model triangles/polygons (Bethesda, MGSV, OBJ builds), grids as cells | [`AnyAngle`] (Polyanya) or [`Corridor`] (polygon A* + funnel) | the Euclidean shortest path / a fast near-shortest one |
//! | Source/GoldSrc areas | [`AreaSearch`]: the game's `ShortestPathCost` A*, directed connections, ladders | area corridor, cost, funnelled waypoints with heights |
//! | Quake/MGSV waypoint graphs | [`GraphSearch`] over typed links ([`NodeGraph::from_model`] reads each link's traversal points) | nodes, link types, traversal points as waypoints |
//!
//! [`Navigator`] picks the search for a model or benchmark file and answers a [`PathQuery`] with a
//! [`PathResult`] (serde-serialisable); [`run_scenarios`] runs a `.scen` file. Every search keeps
//! its state between queries (generation-stamped arrays, a reused heap), so repeated queries do
//! not allocate per node.
//!
//! ```
//! use navforge_path::{Algo, Grid, Navigator, PathQuery};
//!
//! // A wall with a gap at the bottom: octile and any-angle answers differ.
//! let grid = Grid::from_rows(&[
//!     "..@..",
//!     "..@..",
//!     ".....",
//! ]).unwrap();
//! let nav = Navigator::Grid(grid);
//! let octile = nav.find(&PathQuery::new([0.0, 0.0, 0.0], [4.0, 0.0, 0.0])).unwrap();
//! assert!((octile.length - (4.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
//! let any = nav
//!     .find(&PathQuery { algo: Algo::AnyAngle, ..PathQuery::new([0.5, 0.5, 0.0], [4.5, 0.5, 0.0]) })
//!     .unwrap();
//! // Round the wall's foot at (2, 2) and (3, 2): shorter than octile, longer than the straight line.
//! assert!(any.length < octile.length && any.length > 4.0);
//! assert_eq!(any.waypoints.len(), 4);
//! ```
#![deny(missing_docs)]

mod adjacency;
pub mod anyangle;
pub mod areas;
mod astar;
mod buckets;
pub mod corridor;
mod dijkstra;
mod error;
pub mod funnel;
pub mod graph;
pub mod grid;
mod grid_mesh;
pub mod locate;
mod model_read;
pub mod polymesh;
mod query;
pub mod scen;
mod text;

pub use anyangle::{AnyAngle, PlanePath};
pub use areas::{AreaCost, AreaGraph, AreaPath, AreaSearch, Step};
pub use corridor::{Corridor, CorridorPath};
pub use error::{PathError, Result};
pub use graph::{GraphPath, GraphSearch, Hop, LinkSpec, NodeGraph};
pub use grid::{Grid, GridPath, GridSearch};
pub use grid_mesh::MAX_GRID_POLYGONS;
pub use locate::{Locator, NodeLocator};
pub use polymesh::PolyMesh;
pub use query::{
    Algo, Navigator, PathQuery, PathResult, ScenarioResult, ScenarioTotals, run_scenarios,
};
pub use scen::{Scenario, parse_scenarios};
