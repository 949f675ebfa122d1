//! The editor: a document, the marked area, the selected set, and the history.

use std::sync::Arc;

use navforge_core::NavDocument;
use navforge_source::SourceNavDocument;

use crate::command::{Command, SelectOp};
use crate::diff::Diff;
use crate::error::EditError;
use crate::journal::{Op, moves_areas, rollback};
use crate::ops;
use crate::refindex::RefIndex;
use crate::tx::Tx;

/// The marked area and the selected set (in the order areas were added).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// The marked area (`nav_mark`).
    pub marked: Option<u32>,
    /// The selected set.
    pub selected: Vec<u32>,
}

/// One edit in the history: the command, the selection it ran with (shared with the steps
/// around it while it does not change), and what it changed.
#[derive(Debug, Clone)]
struct Step {
    command: Command,
    selection: Arc<Selection>,
    ops: Vec<Op>,
}

impl Step {
    fn bytes(&self, shared: bool) -> usize {
        let selection = if shared {
            0
        } else {
            std::mem::size_of::<Selection>() + self.selection.selected.capacity() * 4
        };
        std::mem::size_of::<Step>()
            + selection
            + command_bytes(&self.command)
            + self.ops.capacity() * std::mem::size_of::<Op>()
            + self
                .ops
                .iter()
                .map(|o| o.bytes() - std::mem::size_of::<Op>())
                .sum::<usize>()
    }
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
        | Command::Corner { ids, .. } => ids.len() * 4,
        _ => 0,
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
    doc: SourceNavDocument,
    refs: RefIndex,
    selection: Selection,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Whether outcomes carry a [`Diff`] (on by default; the script runner and benchmarks that
    /// do not print it can turn it off).
    diffs: bool,
}

impl Editor {
    /// Start editing a document.
    pub fn new(mut doc: SourceNavDocument) -> Self {
        // Room for new areas, so adding one does not move the whole list (its contents, and so
        // the file, are unchanged).
        doc.areas.reserve(64.max(doc.areas.len() / 16));
        Editor {
            refs: RefIndex::build(&doc),
            doc,
            selection: Selection::default(),
            undo: Vec::new(),
            redo: Vec::new(),
            diffs: true,
        }
    }

    /// Whether each [`Outcome`] carries the [`Diff`] of what changed (default on).
    pub fn set_diffs(&mut self, on: bool) {
        self.diffs = on;
    }

    /// Read a `.nav` file and start editing it.
    pub fn read(data: &[u8]) -> navforge_core::Result<Self> {
        Ok(Editor::new(SourceNavDocument::read(data)?))
    }

    /// The document as it is now.
    pub fn document(&self) -> &SourceNavDocument {
        &self.doc
    }

    /// Give the document back.
    pub fn into_document(self) -> SourceNavDocument {
        self.doc
    }

    /// The marked area and the selected set.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Bytes the undo and redo history holds: the recorded changes, the commands and the
    /// selections they ran with (a selection shared by consecutive steps counts once).
    pub fn history_bytes(&self) -> usize {
        let mut total = 0;
        let mut last: Option<&Arc<Selection>> = None;
        for s in self.undo.iter().chain(&self.redo) {
            let shared = last.is_some_and(|l| Arc::ptr_eq(l, &s.selection));
            total += s.bytes(shared);
            last = Some(&s.selection);
        }
        total
    }

    /// Bytes the reverse reference index holds (built once per document; it lets delete, merge
    /// and split find the few areas that name an area without scanning the mesh).
    pub fn index_bytes(&self) -> usize {
        self.refs.bytes()
    }

    /// Forget the undo and redo history (the document stays as it is).
    pub fn clear_history(&mut self) {
        self.undo = Vec::new();
        self.redo = Vec::new();
    }

    /// The bytes of the document in its format and version.
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        self.doc.write()
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
        match command {
            Command::Undo(n) => self.undo(n),
            Command::Redo(n) => self.redo(n),
            Command::Mark(_) | Command::Select(_) => self.select(&command),
            Command::Show(id) => ops::show(&self.doc, id).map(|message| Outcome {
                message,
                diff: Diff::default(),
            }),
            Command::PlaceList => Ok(Outcome {
                message: ops::place_list(&self.doc),
                diff: Diff::default(),
            }),
            Command::Save(_) | Command::SaveSelected(_) | Command::Help | Command::Quit => {
                Err(EditError::Refused(
                    "save, save-selected, help and quit are for the front end".into(),
                ))
            }
            cmd => {
                let out = self.record(cmd)?;
                self.redo.clear();
                Ok(out)
            }
        }
    }

    /// Undo `ops` on the document, keeping the index's positions right.
    fn roll_back(&mut self, ops: Vec<Op>) {
        if moves_areas(&ops) {
            self.refs.moved();
        }
        rollback(&mut self.doc, ops);
    }

    /// The selection to store with a new step: the last step's when it is the same.
    fn shared_selection(&self, selection: Selection) -> Arc<Selection> {
        match self.undo.last() {
            Some(s) if *s.selection == selection => Arc::clone(&s.selection),
            _ => Arc::new(selection),
        }
    }

    /// Run an edit, rolling it back on error, and push it onto the undo stack.
    fn record(&mut self, command: Command) -> Result<Outcome, EditError> {
        let before = self.selection.clone();
        let mut tx = Tx::new(&mut self.doc, &mut self.refs);
        let result = ops::apply(&mut tx, &mut self.selection, &command);
        let ops = std::mem::take(&mut tx.ops);
        match result {
            Err(e) => {
                self.roll_back(ops);
                self.selection = before;
                Err(e)
            }
            Ok(message) => {
                let diff = if self.diffs {
                    Diff::of_step(&self.doc, &ops)
                } else {
                    Diff::default()
                };
                if !ops.is_empty() {
                    let mut ops = ops;
                    ops.shrink_to_fit();
                    let selection = self.shared_selection(before);
                    self.undo.push(Step {
                        command,
                        selection,
                        ops,
                    });
                }
                Ok(Outcome { message, diff })
            }
        }
    }

    fn undo(&mut self, n: usize) -> Result<Outcome, EditError> {
        EditError::check_history(self.undo.len(), n, "undo")?;
        // What the steps changed together, seen backwards.
        let diff = if self.diffs {
            let steps: Vec<&[Op]> = self.undo[self.undo.len() - n..]
                .iter()
                .map(|s| s.ops.as_slice())
                .collect();
            Diff::of_steps(&self.doc, &steps).inverted()
        } else {
            Diff::default()
        };
        let mut names = Vec::new();
        for _ in 0..n {
            let Some(step) = self.undo.pop() else { break };
            names.push(describe(&step.command));
            self.roll_back(step.ops);
            self.selection = (*step.selection).clone();
            self.redo.push(Step {
                command: step.command,
                selection: step.selection,
                ops: Vec::new(),
            });
        }
        Ok(Outcome {
            message: format!("undid {}", names.join(", ")),
            diff,
        })
    }

    fn redo(&mut self, n: usize) -> Result<Outcome, EditError> {
        EditError::check_history(self.redo.len(), n, "redo")?;
        let mut names = Vec::new();
        let diffs = std::mem::replace(&mut self.diffs, false);
        let first = self.undo.len();
        for _ in 0..n {
            let Some(step) = self.redo.pop() else { break };
            let keep = self.selection.clone();
            self.selection = (*step.selection).clone();
            match self.record(step.command.clone()) {
                Ok(_) => names.push(describe(&step.command)),
                Err(e) => {
                    // Cannot happen for a deterministic edit on the state it first ran on; keep
                    // the step so nothing is lost, and say why.
                    self.diffs = diffs;
                    self.selection = keep;
                    self.redo.push(step);
                    return Err(e);
                }
            }
        }
        self.diffs = diffs;
        let diff = if diffs {
            let steps: Vec<&[Op]> = self.undo[first..]
                .iter()
                .map(|s| s.ops.as_slice())
                .collect();
            Diff::of_steps(&self.doc, &steps)
        } else {
            Diff::default()
        };
        Ok(Outcome {
            message: format!("redid {}", names.join(", ")),
            diff,
        })
    }

    fn select(&mut self, command: &Command) -> Result<Outcome, EditError> {
        let message = match command {
            Command::Mark(None) => {
                self.selection.marked = None;
                "unmarked".to_string()
            }
            Command::Mark(Some(id)) => {
                self.doc
                    .area_index(*id)
                    .ok_or(EditError::UnknownArea(*id))?;
                self.selection.marked = Some(*id);
                format!("marked area {id}")
            }
            Command::Select(op) => {
                let before = self.selection.selected.len();
                ops::select(&self.doc, &mut self.selection.selected, op)?;
                let now = self.selection.selected.len();
                match op {
                    SelectOp::Clear => format!("cleared the selected set ({before} areas)"),
                    _ => {
                        let shown: Vec<String> = self
                            .selection
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
    let s = format!("{c:?}");
    let end = s.find([' ', '(', '{']).unwrap_or(s.len());
    s[..end].to_lowercase()
}
