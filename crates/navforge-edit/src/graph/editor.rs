//! The graph editor: a Quake graph and its history, with the same undo and redo as the Source
//! editor.

use navforge_core::model::NavMesh;
use navforge_core::{Format, NavDocument, Summary};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

use super::command::{GraphCommand, parse_graph};
use super::diff::GraphDiff;
use super::journal::{GraphOp, GraphTx, rollback};
use super::ops;
use super::tables::Graph;
use crate::error::EditError;

/// What a graph command did.
#[derive(Debug, Clone, Default)]
pub struct GraphOutcome {
    /// One line saying what happened.
    pub message: String,
    /// The nodes and links that changed (empty for queries, or when diffs are off).
    pub diff: GraphDiff,
}

#[derive(Debug, Clone)]
struct Step {
    command: GraphCommand,
    ops: Vec<GraphOp>,
}

/// An editing session on a Quake bot graph (`NAV2` or `NAV3`), with unlimited undo and redo.
#[derive(Debug, Clone)]
pub struct GraphEditor {
    graph: Graph,
    undo: Vec<Step>,
    redo: Vec<Step>,
    diffs: bool,
}

impl GraphEditor {
    /// Start editing a Quake 2021 graph.
    pub fn from_quake(doc: QuakeNavDocument) -> Self {
        Self::new(Graph::from_nav2(doc))
    }

    /// Start editing a Quake II re-release graph.
    pub fn from_quake2(doc: Quake2NavDocument) -> Self {
        Self::new(Graph::from_nav3(doc))
    }

    /// Read a `NAV2` or `NAV3` file and start editing it.
    pub fn read(data: &[u8]) -> navforge_core::Result<Self> {
        if navforge_quake::sniff_quake2(data) {
            Ok(Self::from_quake2(Quake2NavDocument::read(data)?))
        } else {
            Ok(Self::from_quake(QuakeNavDocument::read(data)?))
        }
    }

    fn new(graph: Graph) -> Self {
        GraphEditor {
            graph,
            undo: Vec::new(),
            redo: Vec::new(),
            diffs: true,
        }
    }

    /// Whether each outcome carries the [`GraphDiff`] of what changed (default on).
    pub fn set_diffs(&mut self, on: bool) {
        self.diffs = on;
    }

    /// The file format (`quake-nav` or `quake2-nav`).
    pub fn format(&self) -> Format {
        self.graph.format()
    }

    /// The file version.
    pub fn version(&self) -> u32 {
        self.graph.version()
    }

    /// How many nodes the graph has.
    pub fn node_count(&self) -> usize {
        self.graph.nodes.len()
    }

    /// How many links the graph has.
    pub fn link_count(&self) -> usize {
        self.graph.links.len()
    }

    /// The nodes node `node` links to, in file order.
    pub fn links_of(&self, node: usize) -> Vec<u32> {
        if node >= self.graph.nodes.len() {
            return Vec::new();
        }
        self.graph
            .range(node)
            .map(|l| self.graph.links[l].target.max(0) as u32)
            .collect()
    }

    /// The link type names this graph's format knows, by code.
    pub fn link_type_names(&self) -> Vec<String> {
        self.graph.type_names()
    }

    /// The graph as a `NAV2` document (`None` for a `NAV3` graph).
    pub fn quake_document(&self) -> Option<QuakeNavDocument> {
        self.graph.to_nav2().ok()
    }

    /// The graph as a `NAV3` document (`None` for a `NAV2` graph).
    pub fn quake2_document(&self) -> Option<Quake2NavDocument> {
        self.graph.to_nav3().ok()
    }

    /// The common model of the graph (what `check`, `render` and `path` read).
    pub fn to_model(&self) -> Result<NavMesh, EditError> {
        self.graph.to_model()
    }

    /// The format's summary of the graph (counts and the format's warnings).
    pub fn summary(&self) -> Result<Summary, EditError> {
        self.graph.summary()
    }

    /// The bytes of the graph in its format and version.
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        self.graph.write()
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Bytes the undo and redo history holds.
    pub fn history_bytes(&self) -> usize {
        self.undo
            .iter()
            .chain(&self.redo)
            .map(|s| {
                std::mem::size_of::<Step>()
                    + s.ops.capacity() * std::mem::size_of::<GraphOp>()
                    + s.ops
                        .iter()
                        .map(|o| o.bytes() - std::mem::size_of::<GraphOp>())
                        .sum::<usize>()
            })
            .sum()
    }

    /// Forget the undo and redo history.
    pub fn clear_history(&mut self) {
        self.undo = Vec::new();
        self.redo = Vec::new();
    }

    /// Parse a line and run it. `Ok(None)` for a blank or comment line.
    pub fn run_line(&mut self, line: &str) -> Result<Option<GraphOutcome>, EditError> {
        match parse_graph(line)? {
            Some(cmd) => self.execute(cmd).map(Some),
            None => Ok(None),
        }
    }

    /// Run a command. On error nothing changed: not the graph, nor the history.
    pub fn execute(&mut self, command: GraphCommand) -> Result<GraphOutcome, EditError> {
        match command {
            GraphCommand::Undo(n) => self.undo(n),
            GraphCommand::Redo(n) => self.redo(n),
            GraphCommand::Show(n) => Ok(GraphOutcome {
                message: ops::show(&self.graph, n)?,
                diff: GraphDiff::default(),
            }),
            GraphCommand::Save(_) | GraphCommand::Help | GraphCommand::Quit => Err(
                EditError::Refused("save, help and quit are for the front end".into()),
            ),
            cmd => {
                let out = self.record(cmd)?;
                self.redo.clear();
                Ok(out)
            }
        }
    }

    fn record(&mut self, command: GraphCommand) -> Result<GraphOutcome, EditError> {
        let before = self.diffs.then(|| self.graph.clone());
        let mut tx = GraphTx::new(&mut self.graph);
        let result = ops::apply(&mut tx, &command);
        let ops = std::mem::take(&mut tx.ops);
        match result {
            Err(e) => {
                rollback(&mut self.graph, ops);
                Err(e)
            }
            Ok(message) => {
                let diff = before
                    .map(|b| GraphDiff::between(&b, &self.graph))
                    .unwrap_or_default();
                if !ops.is_empty() {
                    self.undo.push(Step { command, ops });
                }
                Ok(GraphOutcome { message, diff })
            }
        }
    }

    fn undo(&mut self, n: usize) -> Result<GraphOutcome, EditError> {
        EditError::check_history(self.undo.len(), n, "undo")?;
        let before = self.diffs.then(|| self.graph.clone());
        let mut names = Vec::new();
        for _ in 0..n {
            let Some(step) = self.undo.pop() else { break };
            names.push(describe(&step.command));
            rollback(&mut self.graph, step.ops);
            self.redo.push(Step {
                command: step.command,
                ops: Vec::new(),
            });
        }
        Ok(GraphOutcome {
            message: format!("undid {}", names.join(", ")),
            diff: before
                .map(|b| GraphDiff::between(&b, &self.graph))
                .unwrap_or_default(),
        })
    }

    fn redo(&mut self, n: usize) -> Result<GraphOutcome, EditError> {
        EditError::check_history(self.redo.len(), n, "redo")?;
        let before = self.diffs.then(|| self.graph.clone());
        let mut names = Vec::new();
        for _ in 0..n {
            let Some(step) = self.redo.pop() else { break };
            let diffs = std::mem::replace(&mut self.diffs, false);
            let result = self.record(step.command.clone());
            self.diffs = diffs;
            match result {
                Ok(_) => names.push(describe(&step.command)),
                Err(e) => {
                    self.redo.push(step);
                    return Err(e);
                }
            }
        }
        Ok(GraphOutcome {
            message: format!("redid {}", names.join(", ")),
            diff: before
                .map(|b| GraphDiff::between(&b, &self.graph))
                .unwrap_or_default(),
        })
    }

    /// The differences between this graph and another (`navforge diff`).
    pub fn diff_to(&self, other: &GraphEditor) -> GraphDiff {
        GraphDiff::between(&self.graph, &other.graph)
    }
}

/// A command's name for messages.
fn describe(c: &GraphCommand) -> String {
    match c {
        GraphCommand::NodeAdd { .. } => "node add",
        GraphCommand::NodeMove { .. } => "node move",
        GraphCommand::NodeDelete(_) => "node delete",
        GraphCommand::NodeFlags { .. } => "node flags",
        GraphCommand::NodeRadius { .. } => "node radius",
        GraphCommand::LinkAdd { .. } => "link add",
        GraphCommand::LinkDelete { .. } => "link delete",
        _ => "command",
    }
    .to_string()
}
