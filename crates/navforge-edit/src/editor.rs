//! The editor: a document, the marked area, the selected set, and the history.

use std::sync::Arc;

use navforge_core::{F32, NavDocument};
use navforge_source::SourceNavDocument;

use crate::command::{Command, ConsoleOp, SelectOp};
use crate::diff::Diff;
use crate::error::EditError;
use crate::history::{History, Journaled};
use crate::journal::{Op, moves_areas, rollback};
use crate::ops;
use crate::refindex::RefIndex;
use crate::tx::Tx;
use crate::world::{MapOp, World, needs_level};

/// The marked area and the selected set (in the order areas were added), and the console's
/// state: the cursor, what it does as it moves, drags begun, grid snapping and the current place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// The marked area (`nav_mark`).
    pub marked: Option<u32>,
    /// The selected set.
    pub selected: Vec<u32>,
    /// Where the cursor is (`cursor X,Y,Z`), once moved.
    pub cursor: Option<[F32; 3]>,
    /// Between `nav_begin_selecting` and `nav_end_selecting`: `Some(false)`; deselecting:
    /// `Some(true)`.
    pub sweeping: Option<bool>,
    /// A drag begun (`nav_begin_drag_selecting`): its corner and whether it deselects.
    pub drag: Option<([F32; 3], bool)>,
    /// A new area begun (`nav_begin_area`): its first corner.
    pub area_start: Option<[F32; 3]>,
    /// A shift begun (`nav_begin_shift_xy`): where it starts.
    pub shift_start: Option<[F32; 3]>,
    /// `nav_snap_to_grid`: new areas' corners snap to the 25-unit grid.
    pub snap: bool,
    /// The current place (`nav_use_place NAME`, `nav_place_pick`).
    pub place: Option<String>,
    /// The place editor is on (`nav_toggle_place_mode`).
    pub place_mode: bool,
    /// Place painting is on (`nav_toggle_place_painting`).
    pub painting: bool,
    /// The walkable marks (`nav_mark_walkable`), seeds of `nav_generate` and
    /// `nav_generate_incremental`.
    pub walkable: Vec<[F32; 3]>,
    /// `nav_quicksave 1`: `nav_generate` skips the analysis (the page's default is 0).
    pub quicksave: bool,
}

/// Heap bytes a command holds.
fn command_bytes(c: &Command) -> usize {
    match c {
        Command::MergeMesh { path, text } => path.len() + text.len(),
        Command::Delete(ids)
        | Command::DisconnectOneWays(ids)
        | Command::SniperSpots(ids)
        | Command::Attribute { ids, .. }
        | Command::Place { ids, .. }
        | Command::Paint(ids)
        | Command::Corner { ids, .. } => ids.len() * 4,
        _ => 0,
    }
}

/// The mesh as the history edits it: the document, its reverse index and the selection.
#[derive(Debug, Clone)]
struct Mesh {
    doc: SourceNavDocument,
    refs: RefIndex,
    selection: Selection,
    /// The map, when the front end loaded one (the map commands need it).
    world: Option<Arc<dyn World>>,
}

impl Journaled for Mesh {
    type Command = Command;
    type Op = Op;
    type Diff = Diff;
    type State = Selection;

    fn apply(&mut self, command: &Command) -> (Result<String, EditError>, Vec<Op>) {
        let mut tx = Tx::new(&mut self.doc, &mut self.refs);
        let result = match (command, &self.world) {
            (Command::Map(op), Some(world)) => {
                ops::map::apply(&mut tx, &mut self.selection, world.as_ref(), op)
            }
            _ => ops::apply(&mut tx, &mut self.selection, command),
        };
        (result, std::mem::take(&mut tx.ops))
    }

    /// Undo `ops` on the document, keeping the index's positions right.
    fn rollback(&mut self, ops: Vec<Op>) {
        let replaced = ops.iter().any(|o| matches!(o, Op::Document(_)));
        if moves_areas(&ops) {
            self.refs.moved();
        }
        rollback(&mut self.doc, ops);
        if replaced {
            // The whole document came back: its references too.
            self.refs = RefIndex::build(&self.doc);
        }
    }

    fn changes(&self, steps: &[&[Op]]) -> Diff {
        Diff::of_steps(&self.doc, steps)
    }

    fn changes_undone(&self, steps: &[&[Op]]) -> Diff {
        Diff::of_steps(&self.doc, steps).inverted()
    }

    fn state(&self) -> Selection {
        self.selection.clone()
    }

    fn set_state(&mut self, state: Selection) {
        self.selection = state;
    }

    fn describe(command: &Command) -> String {
        describe(command)
    }

    fn op_bytes(op: &Op) -> usize {
        op.bytes()
    }

    fn command_bytes(command: &Command) -> usize {
        command_bytes(command)
    }

    fn state_bytes(state: &Selection) -> usize {
        std::mem::size_of::<Selection>()
            + state.selected.capacity() * 4
            + state.walkable.capacity() * std::mem::size_of::<[F32; 3]>()
            + state.place.as_ref().map_or(0, String::capacity)
    }
}

/// What a command did.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// One line saying what happened.
    pub message: String,
    /// The areas and connections that changed (empty for selection commands and queries).
    pub diff: Diff,
}

/// An editing session on a Source `.nav` document, with unlimited undo and redo.
///
/// Selection commands (`mark`, `select ...`) are not edits: they are not undone, as in the game.
/// Each edit remembers the selection it ran with, so undo restores it and redo runs the command
/// again on the same mesh and selection, with the same result.
#[derive(Debug, Clone)]
pub struct Editor {
    mesh: Mesh,
    history: History<Mesh>,
}

impl Editor {
    /// Start editing a document.
    pub fn new(mut doc: SourceNavDocument) -> Self {
        // Room for new areas, so adding one does not move the whole list (its contents, and so
        // the file, are unchanged).
        doc.areas.reserve(64.max(doc.areas.len() / 16));
        Editor {
            mesh: Mesh {
                refs: RefIndex::build(&doc),
                doc,
                selection: Selection::default(),
                world: None,
            },
            history: History::default(),
        }
    }

    /// Give the editor the map the mesh is for: the map commands (`nav_corner_place_on_ground`,
    /// `nav_build_ladder`, `nav_check_floor`, `nav_update_blocked`, ...) work from now on.
    pub fn set_world(&mut self, world: Arc<dyn World>) {
        self.mesh.world = Some(world);
    }

    /// The map, if one was given.
    pub fn world(&self) -> Option<&Arc<dyn World>> {
        self.mesh.world.as_ref()
    }

    /// Whether each [`Outcome`] carries the [`Diff`] of what changed (default on).
    pub fn set_diffs(&mut self, on: bool) {
        self.history.set_diffs(on);
    }

    /// Read a `.nav` file and start editing it.
    pub fn read(data: &[u8]) -> navforge_core::Result<Self> {
        Ok(Editor::new(SourceNavDocument::read(data)?))
    }

    /// The document as it is now.
    pub fn document(&self) -> &SourceNavDocument {
        &self.mesh.doc
    }

    /// Give the document back.
    pub fn into_document(self) -> SourceNavDocument {
        self.mesh.doc
    }

    /// The marked area and the selected set.
    pub fn selection(&self) -> &Selection {
        &self.mesh.selection
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        self.history.len()
    }

    /// Bytes the undo and redo history holds: the recorded changes, the commands and the
    /// selections they ran with (a selection shared by consecutive steps counts once).
    pub fn history_bytes(&self) -> usize {
        self.history.bytes()
    }

    /// Bytes the reverse reference index holds (built once per document; it lets delete, merge
    /// and split find the few areas that name an area without scanning the mesh).
    pub fn index_bytes(&self) -> usize {
        self.mesh.refs.bytes()
    }

    /// Forget the undo and redo history (the document stays as it is).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// The bytes of the document in its format and version.
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        self.mesh.doc.write()
    }

    /// Parse a line and run it. `Ok(None)` for a blank or comment line.
    pub fn run_line(&mut self, line: &str) -> Result<Option<Outcome>, EditError> {
        match crate::parse::parse(line)? {
            Some(cmd) => self.execute(cmd).map(Some),
            None => Ok(None),
        }
    }

    /// Run a command. On error nothing changed: not the mesh, the selection or the history.
    pub fn execute(&mut self, command: Command) -> Result<Outcome, EditError> {
        let done = match command {
            Command::Undo(n) => self.history.undo(&mut self.mesh, n)?,
            Command::Redo(n) => self.history.redo(&mut self.mesh, n)?,
            Command::Mark(_) | Command::Select(_) => return self.select(&command),
            Command::Console(op) => return self.console(&op),
            Command::Show(id) => {
                return ops::show(&self.mesh.doc, id).map(|message| Outcome {
                    message,
                    diff: Diff::default(),
                });
            }
            Command::PlaceList => {
                return Ok(Outcome {
                    message: ops::place_list(&self.mesh.doc),
                    diff: Diff::default(),
                });
            }
            Command::Map(op) if self.mesh.world.is_none() => return Err(needs_level(&op)),
            Command::Map(op) if !op.edits() => return self.map_query(&op),
            Command::Save(_) | Command::SaveSelected(_) | Command::Help | Command::Quit => {
                return Err(EditError::Refused(
                    "save, save-selected, help and quit are for the front end".into(),
                ));
            }
            cmd => self.history.edit(&mut self.mesh, cmd)?,
        };
        Ok(Outcome {
            message: done.message,
            diff: done.diff,
        })
    }

    /// A console state command; the drags that end in an edit (`nav_end_area`, `nav_end_shift_xy`,
    /// a painting cursor) run it through the history. On error nothing changed.
    fn console(&mut self, op: &ConsoleOp) -> Result<Outcome, EditError> {
        let before = self.mesh.selection.clone();
        let (message, then) = ops::console::run(&self.mesh.doc, &mut self.mesh.selection, op)
            .inspect_err(|_| {
                self.mesh.selection = before.clone();
            })?;
        let Some(edit) = then else {
            return Ok(Outcome {
                message,
                diff: Diff::default(),
            });
        };
        match self.history.edit(&mut self.mesh, edit) {
            Ok(done) => Ok(Outcome {
                message: format!("{message}; {}", done.message),
                diff: done.diff,
            }),
            Err(e) => {
                self.mesh.selection = before;
                Err(e)
            }
        }
    }

    /// A map command that reads the mesh (or adds to the selected set) without editing it.
    fn map_query(&mut self, op: &MapOp) -> Result<Outcome, EditError> {
        let Mesh {
            doc,
            selection,
            world,
            ..
        } = &mut self.mesh;
        let world = world.as_deref().ok_or_else(|| needs_level(op))?;
        if let Some(message) = ops::map::walkable(selection, op)? {
            return Ok(Outcome {
                message,
                diff: Diff::default(),
            });
        }
        let (mut message, add) = ops::map::query(doc, selection, world, op)?;
        if matches!(op, MapOp::SelectBlocked) {
            for id in add {
                if !selection.selected.contains(&id) {
                    selection.selected.push(id);
                }
            }
            message.push_str(&format!("; {} area(s) selected", selection.selected.len()));
        }
        Ok(Outcome {
            message,
            diff: Diff::default(),
        })
    }

    fn select(&mut self, command: &Command) -> Result<Outcome, EditError> {
        let Mesh { doc, selection, .. } = &mut self.mesh;
        let message = match command {
            Command::Mark(None) => {
                selection.marked = None;
                "unmarked".to_string()
            }
            // The page: "If any selected set exists, nav_mark toggles the selected state of the
            // area that is pointed at."
            Command::Mark(Some(id)) if !selection.selected.is_empty() => {
                ops::select(doc, &mut selection.selected, &SelectOp::Toggle(*id))?;
                let now = selection.selected.contains(id);
                format!(
                    "area {id} {} the selected set ({} areas; a selected set exists, so mark toggles)",
                    if now { "added to" } else { "removed from" },
                    selection.selected.len()
                )
            }
            Command::Mark(Some(id)) => {
                doc.area_index(*id).ok_or(EditError::UnknownArea(*id))?;
                selection.marked = Some(*id);
                format!("marked area {id}")
            }
            Command::Select(op) => {
                let before = selection.selected.len();
                ops::select(doc, &mut selection.selected, op)?;
                let now = selection.selected.len();
                match op {
                    SelectOp::Clear => format!("cleared the selected set ({before} areas)"),
                    _ => {
                        let shown: Vec<String> = selection
                            .selected
                            .iter()
                            .take(20)
                            .map(u32::to_string)
                            .collect();
                        let more = if now > 20 { " ..." } else { "" };
                        format!(
                            "{now} areas selected ({:+}): {}{more}",
                            now as i64 - before as i64,
                            shown.join(" ")
                        )
                    }
                }
            }
            _ => String::new(),
        };
        Ok(Outcome {
            message,
            diff: Diff::default(),
        })
    }
}

/// A command's name for messages.
pub(crate) fn describe(c: &Command) -> String {
    if let Command::Map(op) = c {
        return op.name().to_string();
    }
    let s = format!("{c:?}");
    let end = s.find([' ', '(', '{']).unwrap_or(s.len());
    s[..end].to_lowercase()
}
