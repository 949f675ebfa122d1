//! The navforge editing engine: the Source engine's in-game nav mesh editing commands (`nav_*`),
//! on a lossless [`SourceNavDocument`](navforge_source::SourceNavDocument), and node and link edits
//! on Quake bot graphs ([`graph`]: `NAV2`, `NAV3`), with unlimited undo and redo.
//!
//! Every front end (the `navforge edit` script runner, its prompt, a browser) opens a file with
//! [`open`], which gives a [`Session`] for any editable format and a clear [`OpenError`] for the
//! formats the editor only reads, and drives it with command lines: the console's `nav_*` names
//! or short forms for meshes (`split 12 x=340`, `connect 4 9`, `select radius 500 at 0,0,0`,
//! `splice 3 7`, `ladder create ...`, `undo 2`), node and link commands for graphs (`node add
//! 0,0,24`, `link add 3 9 long-jump`). A mesh session is an [`Editor`], a graph session a
//! [`GraphEditor`]; both can be used directly.
//!
//! - A command that cannot be carried out (unknown command or area, unequal merge, a split
//!   outside the area, ...) is an [`EditError`] naming the reason, and nothing changes.
//! - Each edit records only what it changed: the parts of the areas it touched (their corners,
//!   connections, ...; single visibility entries), the areas it removed with their positions.
//!   The history grows with the edits, not the mesh, and undoing everything gives back the
//!   original bytes.
//! - Edits keep every reference consistent with the document's own rules (connections,
//!   encounter and approach paths, visibility, ladders, hiding spots), so game data (TF2
//!   attribute words, L4D blocks, CS approach lists, unknown bytes) survives, and areas an edit
//!   does not touch keep their bytes. A reverse index finds the areas that name an area, so a
//!   delete or merge on a 4,000-area L4D2 mesh takes tens of microseconds.
//!
//! # Example
//!
//! ```
//! use navforge_core::{F32, NavDocument};
//! use navforge_edit::Editor;
//! use navforge_source::SourceNavDocument;
//!
//! // A v16 file with one 100 x 50 area.
//! let mut doc = SourceNavDocument::read(&navforge_edit::testing::empty_v16())?;
//! let mut area = doc.new_area();
//! area.id = 1;
//! area.north_west = [F32::new(0.0), F32::new(0.0), F32::new(0.0)];
//! area.south_east = [F32::new(100.0), F32::new(50.0), F32::new(0.0)];
//! doc.areas.push(area);
//! let original = doc.write()?;
//!
//! let mut editor = Editor::new(doc);
//! editor.run_line("split 1 x=40").unwrap();
//! editor.run_line("attribute 2 +crouch").unwrap();
//! assert_eq!(editor.document().areas.len(), 2);
//! assert!(editor.run_line("merge 1 7").is_err()); // no area 7: nothing changes
//! editor.run_line("undo 2").unwrap();
//! assert_eq!(editor.write()?, original);
//! # Ok::<(), navforge_core::Error>(())
//! ```

#![deny(missing_docs)]

mod command;
mod diff;
mod editor;
mod error;
mod geometry;
pub mod graph;
mod history;
mod journal;
mod ops;
mod parse;
mod refindex;
mod selected;
mod session;
pub mod testing;
pub mod trimesh;
mod tx;
mod world;

pub use command::{
    AttributeOp, Axis, COMMAND_NAMES, Command, ConsoleOp, Corner, LadderOp, SelectOp,
};
pub use diff::{AreaChange, Diff};
pub use editor::{Editor, Outcome, Selection};
pub use error::EditError;
pub use graph::{GraphDiff, GraphEditor, GraphOutcome};
pub use ops::GRID;
pub use parse::parse;
pub use selected::save_selected;
pub use session::{Changes, FrontEnd, OpenError, Report, Request, Session, editable_formats, open};
pub use trimesh::{TriCommand, TriDiff, TriEditor, TriOutcome};
pub use world::{Blocker, BlockerKind, LadderSpan, MapOp, World};
