//! One entry point for every front end: [`open`] reads any document the editor can change (a
//! Source or GoldSrc `.nav`, a Quake `NAV2` or `NAV3` graph, a Bethesda plugin's or an MGSV
//! `.nav2`'s triangle navmeshes) into a [`Session`], and says clearly
//! when a file is of a format the editor only reads. A session parses and runs command lines,
//! undoes and redoes, reports what changed and writes the result, whatever the format.

use std::fmt;

use navforge_core::Format;
use serde::Serialize;

use crate::command::{COMMAND_NAMES, Command};
use crate::diff::Diff;
use crate::editor::Editor;
use crate::error::EditError;
use crate::graph::{GRAPH_COMMAND_NAMES, GraphCommand, GraphDiff, GraphEditor, parse_graph};
use crate::trimesh::{TRI_COMMAND_NAMES, TRI_HELP, TriCommand, TriDiff, TriEditor, parse_trimesh};

/// Why a file cannot be edited.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// The format is one navforge reads but does not edit.
    #[error("{format} files are read-only in the editor ({}): {hint}", format.description())]
    ReadOnly {
        /// The file's format.
        format: Format,
        /// What to do instead.
        hint: &'static str,
    },
    /// The bytes are no format navforge knows.
    #[error("not a navigation file navforge knows (first bytes {0})")]
    Unrecognised(String),
    /// The file is of an editable format but does not read.
    #[error("{0}")]
    Read(#[from] navforge_core::Error),
}

/// The formats the editor changes: Source / GoldSrc `.nav`, Quake `NAV2` and `NAV3`, MGSV
/// `.nav2` and Bethesda plugins (their `NVNM` navmeshes).
pub fn editable_formats() -> Vec<Format> {
    Format::ALL
        .into_iter()
        .filter(|f| f.capabilities().edit)
        .collect()
}

/// Open a document for editing, whatever its format; other formats get an [`OpenError`] that
/// names them and says what to do.
pub fn open(data: &[u8]) -> Result<Session, OpenError> {
    if navforge_source::sniff(data) {
        return Ok(Session::Areas(Editor::read(data)?));
    }
    if navforge_quake::sniff(data) || navforge_quake::sniff_quake2(data) {
        return Ok(Session::Graph(GraphEditor::read(data)?));
    }
    if navforge_tes::sniff(data) || navforge_mgsv::sniff(data) {
        return Ok(Session::Mesh(Box::new(TriEditor::read(data)?)));
    }
    const CONVERT: &str = "convert it to a .nav (`navforge convert FILE out.nav`) to edit it";
    if navforge_source::sniff_selected(data) {
        return Err(OpenError::ReadOnly {
            format: Format::SourceSelected,
            hint: "import it into a mesh with `merge-mesh FILE` (nav_merge_mesh) in `navforge edit MESH.nav`",
        });
    }
    if let Some(format) = Format::sniff(data) {
        return Err(OpenError::ReadOnly {
            format,
            hint: CONVERT,
        });
    }
    if data.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return Err(OpenError::ReadOnly {
            format: Format::LosslessJson,
            hint: "JSON (lossless or .navjson) is for reading and converting; convert it to its binary format (`navforge convert FILE out.nav`) to edit it",
        });
    }
    if navforge_core::LevelKind::sniff_bsp(data).is_some() {
        return Err(OpenError::ReadOnly {
            format: Format::Bsp,
            hint: "a level is not a navigation file: `navforge generate` builds one from it",
        });
    }
    let shown: Vec<String> = data.iter().take(4).map(|b| format!("{b:02x}")).collect();
    Err(OpenError::Unrecognised(shown.join(" ")))
}

/// An editing session on any editable document.
#[derive(Debug, Clone)]
#[non_exhaustive]
// One session per front end: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum Session {
    /// A Source / GoldSrc `.nav` mesh: the `nav_*` commands.
    Areas(Editor),
    /// A Quake bot graph: node and link commands.
    Graph(GraphEditor),
    /// Triangle navmeshes (a Bethesda plugin's `NVNM`s, an MGSV `.nav2`): triangle commands.
    Mesh(Box<TriEditor>),
}

/// A parsed command line for a session.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Request {
    /// A mesh command.
    Areas(Command),
    /// A graph command.
    Graph(GraphCommand),
    /// A triangle-mesh command.
    Mesh(TriCommand),
}

/// Commands the front end carries out itself (they read or write files, or leave).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FrontEnd {
    /// Write the document (to its file, or this one).
    Save(Option<String>),
    /// Write the selected set as Selected Nav Areas KeyValues to this file.
    SaveSelected(String),
    /// Read this Selected Nav Areas file and import it (`Request::Areas(Command::MergeMesh)`
    /// with the text filled in).
    MergeMesh(String),
    /// List the commands.
    Help,
    /// Leave.
    Quit,
}

impl Request {
    /// The front end's part of the command, if it has one.
    pub fn front_end(&self) -> Option<FrontEnd> {
        Some(match self {
            Request::Areas(Command::Save(p))
            | Request::Graph(GraphCommand::Save(p))
            | Request::Mesh(TriCommand::Save(p)) => FrontEnd::Save(p.clone()),
            Request::Areas(Command::SaveSelected(p)) => FrontEnd::SaveSelected(p.clone()),
            Request::Areas(Command::MergeMesh { path, text }) if text.is_empty() => {
                FrontEnd::MergeMesh(path.clone())
            }
            Request::Areas(Command::Help)
            | Request::Graph(GraphCommand::Help)
            | Request::Mesh(TriCommand::Help) => FrontEnd::Help,
            Request::Areas(Command::Quit)
            | Request::Graph(GraphCommand::Quit)
            | Request::Mesh(TriCommand::Quit) => FrontEnd::Quit,
            _ => return None,
        })
    }
}

/// What changed: areas and connections of a mesh, or nodes and links of a graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Changes {
    /// A mesh's changes.
    Areas(Diff),
    /// A graph's changes.
    Graph(GraphDiff),
    /// A triangle mesh's changes.
    Mesh(TriDiff),
}

impl Changes {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        match self {
            Changes::Areas(d) => d.is_empty(),
            Changes::Graph(d) => d.is_empty(),
            Changes::Mesh(d) => d.is_empty(),
        }
    }

    /// One line with the counts.
    pub fn counts(&self) -> String {
        match self {
            Changes::Areas(d) => format!(
                "{} added, {} removed, {} changed areas; {} connections added, {} removed",
                d.added.len(),
                d.removed.len(),
                d.changed.len(),
                d.connections_added.len(),
                d.connections_removed.len()
            ),
            Changes::Graph(d) => format!(
                "{} added, {} removed, {} changed nodes; {} added, {} removed, {} changed links",
                d.nodes_added.len(),
                d.nodes_removed.len(),
                d.nodes_changed.len(),
                d.links_added.len(),
                d.links_removed.len(),
                d.links_changed.len()
            ),
            Changes::Mesh(d) => d.counts(),
        }
    }
}

impl fmt::Display for Changes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Changes::Areas(d) => d.fmt(f),
            Changes::Graph(d) => d.fmt(f),
            Changes::Mesh(d) => d.fmt(f),
        }
    }
}

/// What a command did.
#[derive(Debug, Clone)]
pub struct Report {
    /// One line saying what happened.
    pub message: String,
    /// What changed.
    pub changes: Changes,
}

impl Session {
    /// Give the session the map the document is for, so the map commands
    /// (`nav_corner_place_on_ground`, `nav_build_ladder`, `nav_check_floor`,
    /// `nav_update_blocked`, `nav_generate_incremental`, ...) work. Quake graphs have none.
    pub fn set_world(&mut self, world: std::sync::Arc<dyn crate::World>) -> Result<(), EditError> {
        match self {
            Session::Areas(e) => {
                e.set_world(world);
                Ok(())
            }
            Session::Graph(_) | Session::Mesh(_) => Err(EditError::Refused(
                "the map commands are for Source / GoldSrc meshes; a Quake graph, a plugin or a .nav2 takes no --level"
                    .into(),
            )),
        }
    }

    /// The document's format.
    pub fn format(&self) -> Format {
        match self {
            Session::Areas(_) => Format::SourceNav,
            Session::Graph(g) => g.format(),
            Session::Mesh(m) => m.format(),
        }
    }

    /// What the document holds, for a greeting line ("4029 areas", "631 nodes, 2283 links").
    pub fn describe(&self) -> String {
        match self {
            Session::Areas(e) => format!(
                "{} areas, {} ladders (version {})",
                e.document().areas.len(),
                e.document().ladders.len(),
                e.document().version
            ),
            Session::Graph(g) => format!(
                "{} nodes, {} links ({} version {})",
                g.node_count(),
                g.link_count(),
                g.format(),
                g.version()
            ),
            Session::Mesh(m) => m.describe(),
        }
    }

    /// The command words the session takes (for completion).
    pub fn command_names(&self) -> &'static [&'static str] {
        match self {
            Session::Areas(_) => COMMAND_NAMES,
            Session::Graph(_) => GRAPH_COMMAND_NAMES,
            Session::Mesh(_) => TRI_COMMAND_NAMES,
        }
    }

    /// The numbers commands name: area IDs, or node numbers (for completion).
    pub fn ids(&self) -> Vec<String> {
        match self {
            Session::Areas(e) => e
                .document()
                .areas
                .iter()
                .map(|a| a.id.to_string())
                .collect(),
            Session::Graph(g) => (0..g.node_count()).map(|n| n.to_string()).collect(),
            Session::Mesh(m) => m.navmesh_names(),
        }
    }

    /// A short reference of the commands.
    pub fn help(&self) -> String {
        match self {
            Session::Areas(_) => format!("commands: {}", COMMAND_NAMES.join(" ")),
            Session::Graph(g) => format!(
                "commands: node add X,Y,Z [radius R] [+FLAG..] | node move N X,Y,Z | node delete N.. | node flags N +FLAG|-FLAG|~FLAG.. | node radius N R | link add A B [TYPE] [both] [flags V] [traversal P P P] [plane P] [edict E MINS MAXS] | link delete A B [TYPE] [both] | show N | undo [N] | redo [N] | save [FILE] | quit\nlink types: {}",
                g.link_type_names()
                    .iter()
                    .map(|n| n.replace(' ', "-"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Session::Mesh(_) => TRI_HELP.to_string(),
        }
    }

    /// Parse a line. `Ok(None)` for a blank or comment line.
    pub fn parse(&self, line: &str) -> Result<Option<Request>, EditError> {
        Ok(match self {
            Session::Areas(_) => crate::parse::parse(line)?.map(Request::Areas),
            Session::Graph(_) => parse_graph(line)?.map(Request::Graph),
            Session::Mesh(_) => parse_trimesh(line)?.map(Request::Mesh),
        })
    }

    /// Run a parsed command (not a [`FrontEnd`] one). On error nothing changed.
    pub fn execute(&mut self, request: Request) -> Result<Report, EditError> {
        match (self, request) {
            (Session::Areas(e), Request::Areas(c)) => e.execute(c).map(|o| Report {
                message: o.message,
                changes: Changes::Areas(o.diff),
            }),
            (Session::Graph(g), Request::Graph(c)) => g.execute(c).map(|o| Report {
                message: o.message,
                changes: Changes::Graph(o.diff),
            }),
            (Session::Mesh(m), Request::Mesh(c)) => m.execute(c).map(|o| Report {
                message: o.message,
                changes: Changes::Mesh(o.diff),
            }),
            _ => Err(EditError::Refused(
                "that command is for another kind of document".into(),
            )),
        }
    }

    /// Parse a line and run it. `Ok(None)` for a blank or comment line.
    pub fn run_line(&mut self, line: &str) -> Result<Option<Report>, EditError> {
        match self.parse(line)? {
            Some(r) => self.execute(r).map(Some),
            None => Ok(None),
        }
    }

    /// Whether each report carries what changed (default on).
    pub fn set_diffs(&mut self, on: bool) {
        match self {
            Session::Areas(e) => e.set_diffs(on),
            Session::Graph(g) => g.set_diffs(on),
            Session::Mesh(m) => m.set_diffs(on),
        }
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        match self {
            Session::Areas(e) => e.history_len(),
            Session::Graph(g) => g.history_len(),
            Session::Mesh(m) => m.history_len(),
        }
    }

    /// The document's bytes, in its format and version.
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        match self {
            Session::Areas(e) => e.write(),
            Session::Graph(g) => g.write(),
            Session::Mesh(m) => m.write(),
        }
    }

    /// The selected set as the game's Selected Nav Areas KeyValues (`nav_save_selected`).
    pub fn save_selected(&self) -> Result<Vec<u8>, EditError> {
        match self {
            Session::Areas(e) => crate::save_selected(e.document(), &e.selection().selected),
            Session::Graph(_) | Session::Mesh(_) => Err(EditError::Refused(
                "only a Source mesh has a selected set to save".into(),
            )),
        }
    }

    /// What changed from `before` (the same document earlier, or another file of its format)
    /// to this one.
    pub fn changes_since(&self, before: &Session) -> Result<Changes, EditError> {
        match (before, self) {
            (Session::Areas(a), Session::Areas(b)) => {
                Ok(Changes::Areas(Diff::between(a.document(), b.document())))
            }
            (Session::Graph(a), Session::Graph(b)) if a.format() == b.format() => {
                Ok(Changes::Graph(a.diff_to(b)))
            }
            (Session::Mesh(a), Session::Mesh(b)) if a.format() == b.format() => {
                Ok(Changes::Mesh(a.diff_to(b)))
            }
            _ => Err(EditError::Refused(format!(
                "cannot compare a {} file with a {} file",
                before.format(),
                self.format()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_can_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Session>();
    }

    #[test]
    fn read_only_formats_are_named() {
        let e = open(b"\"Selected Nav Areas\"\n{\n}\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("source-selected files are read-only") && e.contains("merge-mesh"),
            "{e}"
        );
        let e = open(b"  {\"format\": \"mgsv-nav2\"}")
            .unwrap_err()
            .to_string();
        assert!(e.contains("read-only") && e.contains("convert"), "{e}");
        // A .nav2 is opened as one (this one is too short to read).
        let e = open(&[0x6A, 0x2B, 0x01, 0x0C, 0, 0, 0, 0])
            .unwrap_err()
            .to_string();
        assert!(!e.contains("read-only"), "{e}");
        let e = open(b"VBSP\x14\0\0\0").unwrap_err().to_string();
        assert!(e.contains("a level is not a navigation file"), "{e}");
        let e = open(b"hello").unwrap_err().to_string();
        assert!(e.contains("68 65 6c 6c"), "{e}");
        assert_eq!(
            editable_formats(),
            vec![
                Format::SourceNav,
                Format::QuakeNav,
                Format::Quake2Nav,
                Format::MgsvNav2,
                Format::TesPlugin
            ]
        );
    }
}
