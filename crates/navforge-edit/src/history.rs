//! One undo and redo history for every document the editor changes (Source meshes and Quake
//! graphs alike).
//!
//! A document says how to carry out a command while recording each change it makes (its
//! [`Journaled::Op`]s, the journal), how to take recorded changes back, and how to tell what
//! recorded changes did (its diff). The [`History`] does the rest, once: each edit is a step
//! (the command, the state it ran with, the changes); a refused command is rolled back so
//! nothing changes; undo rolls steps back and restores their state; redo runs the same command
//! again on the same document and state; and each of them reports what changed.

use std::sync::Arc;

use crate::error::EditError;

/// A document the [`History`] can edit.
pub(crate) trait Journaled {
    /// A command that changes the document.
    type Command: Clone + std::fmt::Debug;
    /// One recorded change, with what undoing it needs.
    type Op: Clone + std::fmt::Debug;
    /// What some changes did, as front ends report it.
    type Diff: Default;
    /// What an edit runs with besides the document and undo restores (the mesh's selection;
    /// nothing for a graph).
    type State: Clone + PartialEq + std::fmt::Debug;

    /// Carry out `command`, recording every change in the returned ops (also on error, so the
    /// history can take them back).
    fn apply(&mut self, command: &Self::Command) -> (Result<String, EditError>, Vec<Self::Op>);
    /// Take back `ops`, recorded in order.
    fn rollback(&mut self, ops: Vec<Self::Op>);
    /// What `steps` (recorded in order, all done) changed, from before the first to now.
    fn changes(&self, steps: &[&[Self::Op]]) -> Self::Diff;
    /// What undoing `steps` (recorded in order, all done) will change, from now to before the
    /// first.
    fn changes_undone(&self, steps: &[&[Self::Op]]) -> Self::Diff;
    /// The state an edit runs with now.
    fn state(&self) -> Self::State;
    /// Put a state back.
    fn set_state(&mut self, state: Self::State);
    /// A command's name for messages.
    fn describe(command: &Self::Command) -> String;
    /// Bytes a record holds, inline and on the heap.
    fn op_bytes(op: &Self::Op) -> usize;
    /// Heap bytes a command holds.
    fn command_bytes(command: &Self::Command) -> usize;
    /// Bytes a state holds, inline and on the heap.
    fn state_bytes(state: &Self::State) -> usize;
}

/// One edit in the history: the command, the state it ran with (shared with the steps around
/// it while it does not change), and what it changed (empty once undone: redo runs the command
/// again).
struct Step<J: Journaled> {
    command: J::Command,
    state: Arc<J::State>,
    ops: Vec<J::Op>,
}

impl<J: Journaled> Clone for Step<J> {
    fn clone(&self) -> Self {
        Step {
            command: self.command.clone(),
            state: Arc::clone(&self.state),
            ops: self.ops.clone(),
        }
    }
}

impl<J: Journaled> std::fmt::Debug for Step<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Step")
            .field("command", &self.command)
            .field("state", &self.state)
            .field("ops", &self.ops)
            .finish()
    }
}

impl<J: Journaled> Step<J> {
    fn bytes(&self, shared: bool) -> usize {
        let state = if shared {
            0
        } else {
            J::state_bytes(&self.state)
        };
        std::mem::size_of::<Self>()
            + state
            + J::command_bytes(&self.command)
            + self.ops.capacity() * std::mem::size_of::<J::Op>()
            + self
                .ops
                .iter()
                .map(|o| J::op_bytes(o) - std::mem::size_of::<J::Op>())
                .sum::<usize>()
    }
}

/// What a command did: one line, and what changed.
pub(crate) struct Done<D> {
    pub(crate) message: String,
    pub(crate) diff: D,
}

/// The undo and redo stacks of one document.
pub(crate) struct History<J: Journaled> {
    undo: Vec<Step<J>>,
    redo: Vec<Step<J>>,
    /// Whether outcomes carry a diff (on by default; the script runner and benchmarks that do
    /// not print it can turn it off).
    diffs: bool,
}

impl<J: Journaled> Clone for History<J> {
    fn clone(&self) -> Self {
        History {
            undo: self.undo.clone(),
            redo: self.redo.clone(),
            diffs: self.diffs,
        }
    }
}

impl<J: Journaled> std::fmt::Debug for History<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History")
            .field("undo", &self.undo)
            .field("redo", &self.redo)
            .field("diffs", &self.diffs)
            .finish()
    }
}

impl<J: Journaled> Default for History<J> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            diffs: true,
        }
    }
}

impl<J: Journaled> History<J> {
    /// Whether outcomes carry a diff.
    pub(crate) fn set_diffs(&mut self, on: bool) {
        self.diffs = on;
    }

    /// How many edits can be undone and redone.
    pub(crate) fn len(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Bytes the history holds: the recorded changes, the commands and the states they ran with
    /// (a state shared by consecutive steps counts once).
    pub(crate) fn bytes(&self) -> usize {
        let mut total = 0;
        let mut last: Option<&Arc<J::State>> = None;
        for s in self.undo.iter().chain(&self.redo) {
            let shared = last.is_some_and(|l| Arc::ptr_eq(l, &s.state));
            total += s.bytes(shared);
            last = Some(&s.state);
        }
        total
    }

    /// Forget every step (the document stays as it is).
    pub(crate) fn clear(&mut self) {
        self.undo = Vec::new();
        self.redo = Vec::new();
    }

    /// Run an edit as a new step (forgetting what could be redone). On error nothing changed:
    /// not the document, its state or the history.
    pub(crate) fn edit(
        &mut self,
        doc: &mut J,
        command: J::Command,
    ) -> Result<Done<J::Diff>, EditError> {
        let done = self.record(doc, command)?;
        self.redo.clear();
        Ok(done)
    }

    /// Run an edit, rolling it back on error, and push it onto the undo stack.
    fn record(&mut self, doc: &mut J, command: J::Command) -> Result<Done<J::Diff>, EditError> {
        let before = doc.state();
        let (result, mut ops) = doc.apply(&command);
        match result {
            Err(e) => {
                doc.rollback(ops);
                doc.set_state(before);
                Err(e)
            }
            Ok(message) => {
                let diff = if self.diffs {
                    doc.changes(&[&ops])
                } else {
                    J::Diff::default()
                };
                if !ops.is_empty() {
                    ops.shrink_to_fit();
                    let state = match self.undo.last() {
                        Some(s) if *s.state == before => Arc::clone(&s.state),
                        _ => Arc::new(before),
                    };
                    self.undo.push(Step {
                        command,
                        state,
                        ops,
                    });
                }
                Ok(Done { message, diff })
            }
        }
    }

    /// Undo the last `n` edits.
    pub(crate) fn undo(&mut self, doc: &mut J, n: usize) -> Result<Done<J::Diff>, EditError> {
        EditError::check_history(self.undo.len(), n, "undo")?;
        let diff = if self.diffs {
            let steps: Vec<&[J::Op]> = self.undo[self.undo.len() - n..]
                .iter()
                .map(|s| s.ops.as_slice())
                .collect();
            doc.changes_undone(&steps)
        } else {
            J::Diff::default()
        };
        let mut names = Vec::new();
        for _ in 0..n {
            let Some(step) = self.undo.pop() else { break };
            names.push(J::describe(&step.command));
            doc.rollback(step.ops);
            doc.set_state((*step.state).clone());
            self.redo.push(Step {
                command: step.command,
                state: step.state,
                ops: Vec::new(),
            });
        }
        Ok(Done {
            message: format!("undid {}", names.join(", ")),
            diff,
        })
    }

    /// Redo the last `n` undone edits: each command runs again on the document and state it
    /// first ran on.
    pub(crate) fn redo(&mut self, doc: &mut J, n: usize) -> Result<Done<J::Diff>, EditError> {
        EditError::check_history(self.redo.len(), n, "redo")?;
        let mut names = Vec::new();
        let diffs = std::mem::replace(&mut self.diffs, false);
        let first = self.undo.len();
        for _ in 0..n {
            let Some(step) = self.redo.pop() else { break };
            let keep = doc.state();
            doc.set_state((*step.state).clone());
            match self.record(doc, step.command.clone()) {
                Ok(_) => names.push(J::describe(&step.command)),
                Err(e) => {
                    // Cannot happen for a deterministic edit on the state it first ran on; keep
                    // the step so nothing is lost, and say why.
                    self.diffs = diffs;
                    doc.set_state(keep);
                    self.redo.push(step);
                    return Err(e);
                }
            }
        }
        self.diffs = diffs;
        let diff = if diffs {
            let steps: Vec<&[J::Op]> = self.undo[first..]
                .iter()
                .map(|s| s.ops.as_slice())
                .collect();
            doc.changes(&steps)
        } else {
            J::Diff::default()
        };
        Ok(Done {
            message: format!("redid {}", names.join(", ")),
            diff,
        })
    }
}
