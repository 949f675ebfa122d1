//! Path queries for navforge.
#![warn(missing_docs)]

pub mod anyangle;
pub mod areas;
pub mod corridor;
mod error;
pub mod graph;
pub mod funnel;
pub mod grid;
pub mod locate;
mod model_read;
pub mod polymesh;
mod query;
pub mod scen;
mod text;

pub use error::{PathError, Result};
pub use grid::{Grid, GridPath, GridSearch};
pub use scen::{Scenario, parse_scenarios};
pub use anyangle::{AnyAngle, PlanePath};
pub use polymesh::PolyMesh;
pub use corridor::{Corridor, CorridorPath};
pub use locate::{Locator, NodeLocator};
pub use areas::{AreaCost, AreaGraph, AreaPath, AreaSearch, Step};
pub use graph::{GraphPath, GraphSearch, Hop, NodeGraph};
pub use query::{Algo, Navigator, PathQuery, PathResult, ScenarioResult, ScenarioTotals, run_scenarios};
