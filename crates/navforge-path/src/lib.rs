//! Path queries for navforge.
#![warn(missing_docs)]

mod error;
pub mod grid;
pub mod scen;
mod text;

pub use error::{PathError, Result};
pub use grid::{Grid, GridPath, GridSearch};
pub use scen::{Scenario, parse_scenarios};
