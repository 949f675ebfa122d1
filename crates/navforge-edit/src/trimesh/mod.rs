//! Triangle navmeshes: a Bethesda plugin's `NVNM` navmeshes (Skyrim, Fallout 4) and MGSV
//! `.nav2` files. Choose a navmesh (`navmesh 0x000B83E0`, by form ID or EDID; a `.nav2` by
//! group), select triangles (by index, box or flood), delete them, move or weld vertices, split
//! an edge, set triangle flags and cover, link an edge to another navmesh or a triangle to a
//! door; with unlimited undo and redo.
//!
//! Triangle and vertex numbers are the navmesh's own indices. Deleting compacts them as the
//! file must: every neighbour, edge link, door link, cover triangle or mapping, waypoint and
//! search-grid cell follows (the grid is rebuilt from the geometry), and other navmeshes of the
//! plugin that link into the renumbered triangles follow too. An edit that would leave an index
//! out of range or a neighbour that does not link back is refused. A `.nav2` takes `delete`
//! (faces; a segment's only face is refused) and `move`; the file is laid out again.
//!
//! The plugin is kept as read: writing re-encodes only the navmeshes that differ from the file
//! (their records recompressed, record and group sizes updated), so an empty script or undoing
//! every edit writes the file's own bytes.
//!
//! ```no_run
//! use navforge_edit::TriEditor;
//!
//! let bytes = std::fs::read("skyrim_Dwemer_Secrets.esp")?;
//! let mut e = TriEditor::read(&bytes)?;
//! e.run_line("navmesh 0x000B83E0").unwrap();
//! e.run_line("delete 10").unwrap();
//! e.run_line("move 0 -47000,74000,-3000").unwrap();
//! e.run_line("undo 2").unwrap();
//! assert_eq!(e.write()?, bytes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod command;
mod editor;

pub use command::{TRI_COMMAND_NAMES, TRI_HELP, TriCommand, TriSelect, parse_trimesh};
pub use editor::{NavmeshChange, TriDiff, TriEditor, TriOutcome};
