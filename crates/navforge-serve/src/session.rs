//! One editing session: the opened file, the engine that edits it (or the document, shown
//! read-only), the version counter, the history as the page lists it, and what each version
//! derives (model, binary mesh, check report, path navigator), computed once per version.
//!
//! Files are opened with `navforge_edit::open`, the entry point `navforge edit` uses, and edited
//! only through its command language (`Session::run_line`), so that the page and `navforge edit`
//! behave the same for every format the engine edits (Source / GoldSrc meshes, Quake `NAV2` and
//! `NAV3` graphs, Bethesda and MGSV triangle navmeshes, whose IDs `crate::trimesh` maps);
//! [`Engine`] is the one place that knows which formats those are.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Bytes;
use navforge::{Document, Input, NavDocument};
use navforge_core::model::NavMesh;
use navforge_edit::graph::GraphCommand;
use navforge_edit::trimesh::TriCommand;
use navforge_edit::{Command, Editor, FrontEnd, OpenError, Request};
use serde::Serialize;

use crate::{ServeError, recovery};

/// What edits the file.
enum Engine {
    /// A format the editing engine edits. `json`: a Source mesh in its lossless JSON, which the
    /// engine edits as the mesh and which is saved as JSON again.
    Edit {
        session: Box<navforge_edit::Session>,
        json: bool,
    },
    /// A format the engine does not edit yet: viewed, checked and pathfound, never written.
    /// `why` is the engine's reason, as `navforge edit` gives it.
    ReadOnly { doc: Box<Document>, why: String },
}

impl Engine {
    fn model(&self) -> NavMesh {
        match self {
            Engine::Edit { session, .. } => match session.as_ref() {
                navforge_edit::Session::Areas(e) => e.document().to_model(),
                // A graph the engine keeps consistent always converts; an empty model is the
                // harmless answer should it ever not.
                navforge_edit::Session::Graph(g) => g.to_model().unwrap_or_default(),
                navforge_edit::Session::Mesh(m) => {
                    crate::trimesh::page_ids(m.to_model().unwrap_or_default(), m)
                }
                _ => NavMesh::default(),
            },
            Engine::ReadOnly { doc, .. } => doc.to_model(),
        }
    }

    fn summary(&self) -> navforge::Summary {
        match self {
            Engine::Edit { session, .. } => match session.as_ref() {
                navforge_edit::Session::Areas(e) => e.document().summary(),
                navforge_edit::Session::Graph(g) => g.summary().unwrap_or_else(|e| {
                    let mut s = navforge::Summary::new(g.format(), g.version().into());
                    s.warnings.push(e.to_string());
                    s
                }),
                navforge_edit::Session::Mesh(m) => crate::trimesh::summary(m),
                _ => navforge::Summary::new(session.format(), 0),
            },
            Engine::ReadOnly { doc, .. } => doc.summary(),
        }
    }

    /// The file's bytes in its own format and version.
    fn bytes(&self) -> navforge::Result<Vec<u8>> {
        match self {
            Engine::Edit {
                session,
                json: false,
            } => session.write(),
            Engine::Edit {
                session,
                json: true,
            } => match session.as_ref() {
                navforge_edit::Session::Areas(e) => {
                    Ok(Document::Source(e.document().clone()).to_json())
                }
                other => other.write(),
            },
            Engine::ReadOnly { doc, .. } => doc.write(),
        }
    }
}

/// The history: the command lines that can be undone (oldest first) and redone (as a stack in
/// the session, next first as the page shows it).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct History {
    pub undo: Vec<String>,
    pub redo: Vec<String>,
}

/// Why an edit or save was not carried out.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The file's format is not editable yet.
    ReadOnly(String),
    /// The request was made on an older version.
    Stale { current: u64 },
    /// The engine refused the command, or the command is not for the page.
    Refused(String),
    /// Writing the file failed.
    Io(String),
    /// The server is stopping: nothing more is edited or saved.
    Stopping,
}

/// What an accepted edit did.
#[derive(Debug, Clone, Serialize)]
pub struct EditReply {
    /// The version now (one more than the request's when the mesh changed).
    pub version: u64,
    /// Whether the mesh changed.
    pub changed: bool,
    /// The engine's one-line answer.
    pub message: String,
    /// What changed (areas added, removed and changed; connections).
    pub diff: serde_json::Value,
    /// The engine's selected set after the command (the page adopts it).
    pub selection: Vec<u32>,
    /// The marked area.
    pub marked: Option<u32>,
    pub history: History,
    /// Whether there are edits not yet saved.
    pub dirty: bool,
}

/// What each version derives, computed on first use.
#[derive(Default)]
struct Derived {
    version: u64,
    model: Option<Arc<NavMesh>>,
    mesh: Option<Bytes>,
    check: Option<Bytes>,
    navigator: Option<(Arc<navforge_path::Navigator>, bool)>,
}

pub struct Session {
    path: PathBuf,
    name: String,
    engine: Engine,
    version: u64,
    history: History,
    /// Which state of the mesh this is, and which was last saved: undoing back to the saved
    /// state leaves nothing unsaved. (The version only counts up, for stale edits.)
    states: States,
    derived: Derived,
    /// The recovery file this session was opened from (`--recover`), written again on a stop
    /// with unsaved edits and removed once the edits are saved.
    recovered_from: Option<PathBuf>,
    /// Recovery files of the file found when it was opened.
    recoveries: Vec<recovery::Found>,
    /// The server is stopping: edits and saves are refused.
    stopping: bool,
}

/// The states of the mesh along the history, by a number given to each new one: the state
/// now, those undo returns to (last is next) and those redo goes to (last is next).
#[derive(Debug, Default)]
struct States {
    now: u64,
    undo: Vec<u64>,
    redo: Vec<u64>,
    saved: u64,
    next: u64,
}

impl States {
    /// The file as opened: saved when it is the file, not when it came from a recovery file.
    fn opened(saved: bool) -> States {
        States {
            now: 1,
            saved: if saved { 1 } else { 0 },
            next: 2,
            ..States::default()
        }
    }

    /// A new state after an edit that is not undo or redo; `redo` is the engine's redo depth
    /// after it.
    fn edited(&mut self, redo: usize) {
        self.undo.push(self.now);
        self.now = self.next;
        self.next += 1;
        self.redo.truncate(redo);
    }

    /// `n` steps back (undo) or forward (redo).
    fn step(&mut self, n: usize, undo: bool) {
        for _ in 0..n {
            let (from, to) = if undo {
                (&mut self.undo, &mut self.redo)
            } else {
                (&mut self.redo, &mut self.undo)
            };
            let Some(s) = from.pop() else { break };
            to.push(self.now);
            self.now = s;
        }
    }

    /// Follow the engine's stack depths (it may forget the oldest steps).
    fn fit(&mut self, undo: usize, redo: usize) {
        if self.undo.len() > undo {
            self.undo.drain(..self.undo.len() - undo);
        }
        if self.redo.len() > redo {
            self.redo.drain(..self.redo.len() - redo);
        }
    }
}

/// Commands that read or write other files, or belong to the prompt: never from the page.
/// `Ok(true)` for `help`, which the server answers itself.
fn page_may_run(request: &Request) -> Result<bool, String> {
    match request.front_end() {
        None => Ok(false),
        Some(FrontEnd::Help) => Ok(true),
        Some(FrontEnd::Quit) => Err("close the tab to leave; the server stops with Ctrl+C".into()),
        Some(_) => {
            Err("the page writes only the opened file (use Save) and reads no other file".into())
        }
    }
}

impl Session {
    /// Read the file: every format the editing engine edits opens for editing, as in
    /// `navforge edit`; everything else read-only, saying why.
    ///
    /// With `recover`, the newest recovery file of `path` is read instead, as unsaved edits of
    /// `path` (which Save writes).
    pub fn open(path: &Path, recover: bool) -> Result<Session, ServeError> {
        let recoveries = recovery::find(path);
        let recovered_from = match (recover, recoveries.last()) {
            (false, _) => None,
            (true, Some(newest)) => Some(newest.path.clone()),
            (true, None) => {
                return Err(ServeError::NoRecovery {
                    path: path.to_path_buf(),
                    looked_for: recovery::path_of(path, 1),
                });
            }
        };
        let source = recovered_from.as_deref().unwrap_or(path);
        let data = std::fs::read(source).map_err(|source_err| ServeError::Read {
            path: source.to_path_buf(),
            source: source_err,
        })?;
        let open_err = |message: String| ServeError::Open {
            path: source.to_path_buf(),
            message,
        };
        let engine = match navforge_edit::open(&data) {
            // A plugin without a navmesh (or whose navmeshes do not read): nothing to edit.
            Ok(navforge_edit::Session::Mesh(m)) if m.navmesh_names().is_empty() => {
                Engine::ReadOnly {
                    doc: Box::new(read_document(&data, path).map_err(open_err)?),
                    why: "read-only: this file holds no navmesh the editor can edit".into(),
                }
            }
            Ok(session) => Engine::Edit {
                session: Box::new(session),
                json: false,
            },
            Err(OpenError::Read(e)) => return Err(open_err(e.to_string())),
            Err(why) => match read_document(&data, path).map_err(open_err)? {
                // A Source mesh's lossless JSON: the engine edits the mesh it holds.
                Document::Source(d) => Engine::Edit {
                    session: Box::new(navforge_edit::Session::Areas(Editor::new(d))),
                    json: true,
                },
                other => Engine::ReadOnly {
                    doc: Box::new(other),
                    why: format!("read-only: view, check and find paths here. {why}"),
                },
            },
        };
        if recovered_from.is_some() && matches!(engine, Engine::ReadOnly { .. }) {
            return Err(open_err(
                "a recovery file of a format the page cannot edit: nothing to recover".into(),
            ));
        }
        Ok(Session {
            path: path.to_path_buf(),
            name: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            engine,
            version: 1,
            history: History::default(),
            states: States::opened(recovered_from.is_none()),
            derived: Derived {
                version: 1,
                ..Derived::default()
            },
            recovered_from,
            recoveries,
            stopping: false,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Give the editing engine the map (`--level`), for the map commands. A graph or a
    /// read-only file only draws it.
    pub fn set_world(&mut self, world: Arc<dyn navforge_edit::World>) {
        if let Engine::Edit { session, .. } = &mut self.engine {
            let _ = session.set_world(world);
        }
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// Choose the triangle navmesh to edit (`--navmesh ID`: a plugin's form ID or EDID, a
    /// `.nav2`'s group), as `navforge edit --navmesh` does. Other formats refuse.
    pub fn choose_navmesh(&mut self, id: &str) -> Result<String, String> {
        match &mut self.engine {
            Engine::Edit { session, .. } => match session.as_mut() {
                navforge_edit::Session::Mesh(m) => {
                    let said = m.choose(id).map_err(|e| e.to_string())?;
                    self.version += 1;
                    Ok(said)
                }
                _ => Err("--navmesh chooses a navmesh of a Bethesda plugin or a .nav2".into()),
            },
            Engine::ReadOnly { .. } => {
                Err("--navmesh chooses a navmesh of a Bethesda plugin or a .nav2".into())
            }
        }
    }

    pub fn dirty(&self) -> bool {
        self.states.now != self.states.saved
    }

    /// The recovery file this session was opened from.
    pub fn recovered_from(&self) -> Option<&Path> {
        self.recovered_from.as_deref()
    }

    /// Stop: refuse every later edit and save, and write unsaved edits to a recovery file next
    /// to the file (never over it). `None` when nothing was unsaved; otherwise where they went,
    /// or why they could not be written.
    pub fn stop(&mut self) -> Option<Result<PathBuf, String>> {
        self.stopping = true;
        if !self.dirty() {
            return None;
        }
        let bytes = match self.engine.bytes() {
            Ok(b) => b,
            Err(e) => return Some(Err(format!("the edited mesh does not write: {e}"))),
        };
        Some(recovery::write(
            &self.path,
            self.recovered_from.as_deref(),
            &bytes,
        ))
    }

    /// The history in the page's order (redo labels next first).
    pub fn history(&self) -> History {
        History {
            undo: self.history.undo.clone(),
            redo: self.history.redo.iter().rev().cloned().collect(),
        }
    }

    /// `None` when editable; otherwise why not, for the page to say.
    pub fn read_only(&self) -> Option<String> {
        match &self.engine {
            Engine::Edit { .. } => None,
            Engine::ReadOnly { why, .. } => Some(why.clone()),
        }
    }

    /// What the engine edits: `areas` (a mesh, by area ID), `graph` (a Quake graph, by node
    /// number), or nothing when read-only.
    pub fn edits(&self) -> Option<&'static str> {
        match &self.engine {
            Engine::Edit { session, .. } => Some(match session.as_ref() {
                navforge_edit::Session::Graph(_) => "graph",
                navforge_edit::Session::Mesh(_) => "triangles",
                _ => "areas",
            }),
            Engine::ReadOnly { .. } => None,
        }
    }

    /// The game's standard place names, for the page's place painting (a mesh whose game has a
    /// list: the Counter-Strike games).
    fn standard_places(&self) -> &'static [&'static str] {
        match &self.engine {
            Engine::Edit { session, .. } => match session.as_ref() {
                navforge_edit::Session::Areas(e) => {
                    navforge_core::places::standard_places(e.document().game())
                }
                _ => &[],
            },
            Engine::ReadOnly { .. } => &[],
        }
    }

    /// What the page shows about the file.
    pub fn describe(&self) -> serde_json::Value {
        let s = self.engine.summary();
        serde_json::json!({
            "file": self.name,
            "format": s.format.name(),
            "format_title": s.format.description(),
            "version": s.version,
            "variant": s.variant,
            "counts": s.counts,
            "warnings": s.warnings,
            "read_only": self.read_only(),
            "edits": self.edits(),
            "standard_places": self.standard_places(),
            "trimesh": match &self.engine {
                Engine::Edit { session, .. } => match session.as_ref() {
                    navforge_edit::Session::Mesh(m) => crate::trimesh::describe(m),
                    _ => serde_json::Value::Null,
                },
                Engine::ReadOnly { .. } => serde_json::Value::Null,
            },
            "path": self.path,
            "recovered_from": self.recovered_from,
            "recoveries": self.recoveries.iter()
                .filter(|r| Some(&r.path) != self.recovered_from.as_ref())
                .collect::<Vec<_>>(),
        })
    }

    /// The state the page polls and each edit returns.
    pub fn state(&self) -> serde_json::Value {
        serde_json::json!({
            "version": self.version,
            "dirty": self.dirty(),
            "history": self.history(),
            "read_only": self.read_only(),
        })
    }

    fn fresh(&mut self) -> &mut Derived {
        if self.derived.version != self.version {
            self.derived = Derived {
                version: self.version,
                ..Derived::default()
            };
        }
        &mut self.derived
    }

    /// The common model of this version (the file's own axes).
    pub fn model(&mut self) -> Arc<NavMesh> {
        if let Some(m) = &self.fresh().model {
            return m.clone();
        }
        let m = Arc::new(self.engine.model());
        self.derived.model = Some(m.clone());
        m
    }

    /// The binary mesh of this version.
    pub fn mesh_bytes(&mut self) -> Bytes {
        if let Some(b) = &self.fresh().mesh {
            return b.clone();
        }
        let model = self.model();
        let header = serde_json::json!({
            "file": self.describe(),
            "state": self.state(),
        });
        let b = Bytes::from(crate::encode::mesh(&model, header));
        self.derived.mesh = Some(b.clone());
        b
    }

    /// `navforge check`'s report of this version, as JSON.
    pub fn check_json(&mut self) -> Bytes {
        if let Some(b) = &self.fresh().check {
            return b.clone();
        }
        let model = self.model();
        let warnings = self.engine.summary().warnings;
        let report = navforge_check::check(&model, &warnings);
        let body = serde_json::json!({ "version": self.version, "report": report });
        let b = Bytes::from(serde_json::to_vec(&body).unwrap_or_default());
        self.derived.check = Some(b.clone());
        b
    }

    /// The path navigator of this version, or why there is none; `true` when its points are in
    /// the file's own Y-up axes rather than the page's Z-up ones. (The path crate turns Y-up
    /// polygon meshes itself, but searches waypoint graphs in the file's axes.)
    pub fn navigator(&mut self) -> Result<(Arc<navforge_path::Navigator>, bool), String> {
        if let Some(n) = &self.fresh().navigator {
            return Ok(n.clone());
        }
        let model = self.model();
        let nav = navforge_path::Navigator::from_model(&model).map_err(|e| e.to_string())?;
        let y_up = !model.is_z_up() && matches!(nav, navforge_path::Navigator::Graph(_));
        let n = (Arc::new(nav), y_up);
        self.derived.navigator = Some(n.clone());
        Ok(n)
    }

    /// Whether a change made on `version` may go ahead: the server is not stopping, the file is
    /// editable, and the page saw the latest version.
    fn may_change(&self, version: u64) -> Result<(), Refusal> {
        if self.stopping {
            return Err(Refusal::Stopping);
        }
        if let Some(why) = self.read_only() {
            return Err(Refusal::ReadOnly(why));
        }
        if version != self.version {
            return Err(Refusal::Stale {
                current: self.version,
            });
        }
        Ok(())
    }

    /// Run one line of the command language, made on `version`, with the page's selected set.
    pub fn edit(
        &mut self,
        line: &str,
        version: u64,
        selection: Option<&[u32]>,
    ) -> Result<EditReply, Refusal> {
        self.may_change(version)?;
        let Engine::Edit { session, .. } = &mut self.engine else {
            return Err(Refusal::ReadOnly("read-only".into()));
        };
        let line = line.trim();
        let request = match session.parse(line) {
            Ok(Some(request)) => request,
            Ok(None) => return Err(Refusal::Refused("an empty command".into())),
            Err(e) => return Err(Refusal::Refused(e.to_string())),
        };
        let help = page_may_run(&request).map_err(Refusal::Refused)?;
        let undo_redo = match &request {
            Request::Areas(Command::Undo(_))
            | Request::Graph(GraphCommand::Undo(_))
            | Request::Mesh(TriCommand::Undo(_)) => Some(true),
            Request::Areas(Command::Redo(_))
            | Request::Graph(GraphCommand::Redo(_))
            | Request::Mesh(TriCommand::Redo(_)) => Some(false),
            _ => None,
        };
        if help {
            let (selected, marked) = selection_of(session);
            return Ok(EditReply {
                version: self.version,
                changed: false,
                message: session.help(),
                diff: serde_json::Value::Null,
                selection: selected,
                marked,
                history: self.history(),
                dirty: self.dirty(),
            });
        }
        if let (Some(ids), navforge_edit::Session::Areas(editor)) = (selection, session.as_mut()) {
            // The page's selected set replaces the engine's, as the command language says it.
            // (A graph has no selected set: its commands name their nodes.)
            editor
                .run_line("select clear")
                .map_err(|e| Refusal::Refused(e.to_string()))?;
            if !ids.is_empty() {
                let list: Vec<String> = ids.iter().map(u32::to_string).collect();
                editor
                    .run_line(&format!("select add {}", list.join(" ")))
                    .map_err(|e| Refusal::Refused(format!("the selected set: {e}")))?;
            }
        }
        if let (Some(ids), navforge_edit::Session::Mesh(m)) = (selection, session.as_mut()) {
            // The page's IDs are triangle indices in the chosen navmesh (`trimesh::page_ids`).
            crate::trimesh::select(m, ids).map_err(Refusal::Refused)?;
        }
        let chosen = match session.as_ref() {
            navforge_edit::Session::Mesh(m) => m.current(),
            _ => None,
        };
        let before = session.history_len();
        let out = session
            .execute(request)
            .map_err(|e| Refusal::Refused(e.to_string()))?;
        let after = session.history_len();
        let h = &mut self.history;
        match undo_redo {
            Some(undo) => {
                let (from, to) = if undo {
                    (&mut h.undo, &mut h.redo)
                } else {
                    (&mut h.redo, &mut h.undo)
                };
                let n = before.0.abs_diff(after.0);
                for _ in 0..n {
                    if let Some(label) = from.pop() {
                        to.push(label);
                    }
                }
                self.states.step(n, undo);
            }
            None => {
                if after.0 > before.0 {
                    h.undo.push(line.to_string());
                }
                h.redo.truncate(after.1);
            }
        }
        // Labels follow the engine's stacks; should they ever disagree, the counts win.
        h.undo.resize_with(after.0, || "edit".to_string());
        h.redo.resize_with(after.1, || "edit".to_string());
        // Choosing another navmesh changes which triangles the page's IDs name.
        let rechosen = match session.as_ref() {
            navforge_edit::Session::Mesh(m) => m.current() != chosen,
            _ => false,
        };
        let edited = before != after || !out.changes.is_empty();
        let changed = edited || rechosen;
        if edited && undo_redo.is_none() {
            self.states.edited(after.1);
        }
        self.states.fit(after.0, after.1);
        if changed {
            self.version += 1;
        }
        let (selected, marked) = selection_of(session);
        Ok(EditReply {
            version: self.version,
            changed,
            message: out.message,
            diff: serde_json::to_value(&out.changes).unwrap_or_default(),
            selection: selected,
            marked,
            history: self.history(),
            dirty: self.dirty(),
        })
    }

    /// Write the opened file (and nothing else) in its own format, through a temporary file.
    pub fn save(&mut self, version: u64) -> Result<(u64, usize), Refusal> {
        self.may_change(version)?;
        let bytes = self
            .engine
            .bytes()
            .map_err(|e| Refusal::Refused(format!("the mesh does not write: {e}")))?;
        navforge_core::write_atomic(&self.path, &bytes)
            .map_err(|e| Refusal::Io(format!("{}: cannot write: {e}", self.path.display())))?;
        self.states.saved = self.states.now;
        // The recovered edits are in the file now: their recovery file goes.
        if let Some(r) = self.recovered_from.take() {
            let _ = std::fs::remove_file(&r);
            self.recoveries.retain(|f| f.path != r);
        }
        Ok((self.version, bytes.len()))
    }
}

/// The engine's selected set and marked area (a graph has neither).
fn selection_of(session: &navforge_edit::Session) -> (Vec<u32>, Option<u32>) {
    match session {
        navforge_edit::Session::Areas(e) => {
            let sel = e.selection();
            (sel.selected.clone(), sel.marked)
        }
        navforge_edit::Session::Mesh(m) => (crate::trimesh::selected(m), None),
        _ => (Vec::new(), None),
    }
}

/// Any document navforge reads (levels and geometry are refused, naming what to do instead).
fn read_document(data: &[u8], path: &Path) -> Result<Document, String> {
    match Input::read(path, data).map_err(|e| e.to_string())? {
        Input::Document(doc) => Ok(*doc),
        Input::Level(_) => Err(
            "this is a level, not a navigation file: open the mesh and pass \
                                the level with --level"
                .into(),
        ),
        Input::Geometry(_) => Err("this is triangle geometry, not a navigation file: \
                                   `navforge convert` builds a mesh from it, and --level draws \
                                   it under one"
            .into()),
    }
}
