//! The graph editor: a Quake graph document (`NAV2` or `NAV3`, edited in place through
//! [`GraphTables`]) and its history, the same [`History`] as the Source editor's.

use navforge_core::model::NavMesh;
use navforge_core::{Format, NavDocument, Summary};
use navforge_quake::tables::{GraphTables, Row};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

use super::command::{GraphCommand, parse_graph};
use super::diff::GraphDiff;
use super::journal::{GraphOp, GraphTx, range, rollback};
use super::ops;
use crate::error::EditError;
use crate::history::{Done, History, Journaled};

/// What a graph command did.
#[derive(Debug, Clone, Default)]
pub struct GraphOutcome {
    /// One line saying what happened.
    pub message: String,
    /// The nodes and links that changed (empty for queries, or when diffs are off).
    pub diff: GraphDiff,
}

impl From<Done<GraphDiff>> for GraphOutcome {
    fn from(d: Done<GraphDiff>) -> Self {
        GraphOutcome {
            message: d.message,
            diff: d.diff,
        }
    }
}

/// A graph document as the history edits it.
#[derive(Debug, Clone)]
struct Graph<G>(G);

impl<G: GraphTables> Journaled for Graph<G> {
    type Command = GraphCommand;
    type Op = GraphOp<G>;
    type Diff = GraphDiff;
    type State = ();

    fn apply(&mut self, command: &GraphCommand) -> (Result<String, EditError>, Vec<GraphOp<G>>) {
        let mut tx = GraphTx::new(&mut self.0);
        let result = ops::apply(&mut tx, command);
        (result, tx.ops)
    }

    fn rollback(&mut self, ops: Vec<GraphOp<G>>) {
        rollback(&mut self.0, ops);
    }

    fn changes(&self, steps: &[&[GraphOp<G>]]) -> GraphDiff {
        GraphDiff::between(&self.before(steps), &self.0)
    }

    fn changes_undone(&self, steps: &[&[GraphOp<G>]]) -> GraphDiff {
        GraphDiff::between(&self.0, &self.before(steps))
    }

    fn state(&self) {}

    fn set_state(&mut self, _: ()) {}

    fn describe(command: &GraphCommand) -> String {
        describe(command)
    }

    fn op_bytes(op: &GraphOp<G>) -> usize {
        op.bytes()
    }

    fn command_bytes(command: &GraphCommand) -> usize {
        match command {
            GraphCommand::NodeDelete(list) => list.capacity() * std::mem::size_of::<usize>(),
            _ => 0,
        }
    }

    fn state_bytes(_: &()) -> usize {
        0
    }
}

impl<G: GraphTables> Graph<G> {
    /// The graph before `steps` (recorded in order, all done): a copy with them rolled back.
    fn before(&self, steps: &[&[GraphOp<G>]]) -> G {
        let mut g = self.0.clone();
        for ops in steps.iter().rev() {
            rollback(&mut g, ops.to_vec());
        }
        g
    }
}

/// One graph document and its history.
#[derive(Debug, Clone)]
struct Edit<G: GraphTables> {
    graph: Graph<G>,
    history: History<Graph<G>>,
}

impl<G: GraphTables> Edit<G> {
    fn new(doc: G) -> Self {
        Edit {
            graph: Graph(doc),
            history: History::default(),
        }
    }

    fn doc(&self) -> &G {
        &self.graph.0
    }

    fn execute(&mut self, command: GraphCommand) -> Result<GraphOutcome, EditError> {
        let done = match command {
            GraphCommand::Undo(n) => self.history.undo(&mut self.graph, n)?,
            GraphCommand::Redo(n) => self.history.redo(&mut self.graph, n)?,
            GraphCommand::Show(n) => {
                return Ok(GraphOutcome {
                    message: ops::show(self.doc(), n)?,
                    diff: GraphDiff::default(),
                });
            }
            GraphCommand::Save(_) | GraphCommand::Help | GraphCommand::Quit => {
                return Err(EditError::Refused(
                    "save, help and quit are for the front end".into(),
                ));
            }
            cmd => self.history.edit(&mut self.graph, cmd)?,
        };
        Ok(done.into())
    }

    fn links_of(&self, node: usize) -> Vec<u32> {
        let g = self.doc();
        if node >= g.nodes().len() {
            return Vec::new();
        }
        range(g, node)
            .map(|l| g.links()[l].fields().target.max(0) as u32)
            .collect()
    }
}

/// Which document a graph editor edits.
#[derive(Debug, Clone)]
enum Doc {
    Nav2(Edit<QuakeNavDocument>),
    Nav3(Edit<Quake2NavDocument>),
}

/// `$body` with `$e` bound to the editor's typed [`Edit`], whichever document it holds.
macro_rules! each {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            Doc::Nav2($e) => $body,
            Doc::Nav3($e) => $body,
        }
    };
}

/// An editing session on a Quake bot graph (`NAV2` or `NAV3`), with unlimited undo and redo.
/// It edits the [`QuakeNavDocument`] or [`Quake2NavDocument`] itself, so what it writes is that
/// document's bytes.
#[derive(Debug, Clone)]
pub struct GraphEditor {
    doc: Doc,
}

impl GraphEditor {
    /// Start editing a Quake 2021 graph.
    pub fn from_quake(doc: QuakeNavDocument) -> Self {
        GraphEditor {
            doc: Doc::Nav2(Edit::new(doc)),
        }
    }

    /// Start editing a Quake II re-release graph.
    pub fn from_quake2(doc: Quake2NavDocument) -> Self {
        GraphEditor {
            doc: Doc::Nav3(Edit::new(doc)),
        }
    }

    /// Read a `NAV2` or `NAV3` file and start editing it.
    pub fn read(data: &[u8]) -> navforge_core::Result<Self> {
        if navforge_quake::sniff_quake2(data) {
            Ok(Self::from_quake2(Quake2NavDocument::read(data)?))
        } else {
            Ok(Self::from_quake(QuakeNavDocument::read(data)?))
        }
    }

    /// Whether each outcome carries the [`GraphDiff`] of what changed (default on).
    pub fn set_diffs(&mut self, on: bool) {
        each!(&mut self.doc, e => e.history.set_diffs(on))
    }

    /// The file format (`quake-nav` or `quake2-nav`).
    pub fn format(&self) -> Format {
        match self.doc {
            Doc::Nav2(_) => Format::QuakeNav,
            Doc::Nav3(_) => Format::Quake2Nav,
        }
    }

    /// The file version.
    pub fn version(&self) -> u32 {
        each!(&self.doc, e => e.doc().file_version())
    }

    /// How many nodes the graph has.
    pub fn node_count(&self) -> usize {
        each!(&self.doc, e => e.doc().nodes().len())
    }

    /// How many links the graph has.
    pub fn link_count(&self) -> usize {
        each!(&self.doc, e => e.doc().links().len())
    }

    /// The nodes node `node` links to, in file order.
    pub fn links_of(&self, node: usize) -> Vec<u32> {
        each!(&self.doc, e => e.links_of(node))
    }

    /// The link type names this graph's format knows, by code.
    pub fn link_type_names(&self) -> Vec<String> {
        each!(&self.doc, e => ops::type_names(e.doc()))
    }

    /// The `NAV2` document being edited (`None` for a `NAV3` graph).
    pub fn quake_document(&self) -> Option<&QuakeNavDocument> {
        match &self.doc {
            Doc::Nav2(e) => Some(e.doc()),
            Doc::Nav3(_) => None,
        }
    }

    /// The `NAV3` document being edited (`None` for a `NAV2` graph).
    pub fn quake2_document(&self) -> Option<&Quake2NavDocument> {
        match &self.doc {
            Doc::Nav3(e) => Some(e.doc()),
            Doc::Nav2(_) => None,
        }
    }

    /// The common model of the graph (what `check`, `render` and `path` read).
    pub fn to_model(&self) -> Result<NavMesh, EditError> {
        Ok(each!(&self.doc, e => e.doc().to_model()))
    }

    /// The format's summary of the graph (counts and the format's warnings).
    pub fn summary(&self) -> Result<Summary, EditError> {
        Ok(each!(&self.doc, e => e.doc().summary()))
    }

    /// The bytes of the graph in its format and version.
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        each!(&self.doc, e => e.doc().write())
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        each!(&self.doc, e => e.history.len())
    }

    /// Bytes the undo and redo history holds.
    pub fn history_bytes(&self) -> usize {
        each!(&self.doc, e => e.history.bytes())
    }

    /// Forget the undo and redo history.
    pub fn clear_history(&mut self) {
        each!(&mut self.doc, e => e.history.clear())
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
        each!(&mut self.doc, e => e.execute(command))
    }

    /// The differences between this graph and another (`navforge diff`); a graph of the other
    /// format differs in its format, and its nodes are not compared.
    pub fn diff_to(&self, other: &GraphEditor) -> GraphDiff {
        match (&self.doc, &other.doc) {
            (Doc::Nav2(a), Doc::Nav2(b)) => GraphDiff::between(a.doc(), b.doc()),
            (Doc::Nav3(a), Doc::Nav3(b)) => GraphDiff::between(a.doc(), b.doc()),
            _ => GraphDiff {
                other: vec!["format or version".into()],
                ..GraphDiff::default()
            },
        }
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
