//! Quake bot graphs (`NAV2`, Quake 2021; `NAV3`, Quake II re-release): add, move and delete
//! nodes; add and delete links of each type (with traversal points and edicts); set node flags
//! and radius; with unlimited undo and redo.
//!
//! Node numbers are the nodes' places in the file: deleting a node removes every link to or from
//! it, those links' traversals and edicts, and numbers the later nodes down by one, exactly as
//! the file must. The link table stays in the game's layout (each node's links together, in node
//! order; edicts in link order), so an edited graph loads in the game, and undoing every edit
//! gives back the original bytes.
//!
//! The editor changes the [`QuakeNavDocument`](navforge_quake::QuakeNavDocument) or
//! [`Quake2NavDocument`](navforge_quake::Quake2NavDocument) itself, through
//! [`navforge_quake::tables::GraphTables`] (one set of edits for both), and keeps its history
//! in the same undo and redo history as the Source editor.
//!
//! ```
//! use navforge_edit::GraphEditor;
//! use navforge_quake::QuakeNavDocument;
//! use navforge_core::NavDocument;
//!
//! let bytes = QuakeNavDocument::new(18).write()?;
//! let mut e = GraphEditor::read(&bytes)?;
//! e.run_line("node add 0,0,24").unwrap();
//! e.run_line("node add 128,0,24 +hazard").unwrap();
//! e.run_line("link add 0 1 walk both").unwrap();
//! assert_eq!(e.links_of(1), vec![0]);
//! e.run_line("node delete 0").unwrap(); // its links go with it
//! assert_eq!((e.node_count(), e.link_count()), (1, 0));
//! e.run_line("undo 4").unwrap();
//! assert_eq!(e.write()?, bytes);
//! # Ok::<(), navforge_core::Error>(())
//! ```

mod command;
mod diff;
mod editor;
mod journal;
mod ops;

pub use command::{EdictSpec, FlagChange, GRAPH_COMMAND_NAMES, GraphCommand, parse_graph};
pub use diff::{GraphDiff, LinkChange, LinkRef, NodeChange};
pub use editor::{GraphEditor, GraphOutcome};
