//! Path queries for navforge.
#![warn(missing_docs)]

pub mod anyangle;
mod error;
pub mod grid;
pub mod polymesh;
pub mod scen;
mod text;

pub use error::{PathError, Result};
pub use grid::{Grid, GridPath, GridSearch};
pub use scen::{Scenario, parse_scenarios};
pub use anyangle::{AnyAngle, PlanePath};
pub use polymesh::PolyMesh;
