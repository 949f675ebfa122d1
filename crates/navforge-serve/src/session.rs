//! One editing session: the opened file, the engine that edits it (or the document, shown
//! read-only), the version counter, the history as the page lists it, and what each version
//! derives (model, binary mesh, check report, path navigator), computed once per version.
//!
//! The engine is driven only through its command language (`Editor::run_line`), so that the
//! page and `navforge edit` behave the same; [`Engine`] is the one place that knows which formats
//! the engine edits.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Bytes;
use navforge::{Document, Input, NavDocument};
use navforge_core::model::NavMesh;
use navforge_edit::{Command, Editor};
use serde::Serialize;

use crate::ServeError;

/// What edits the file.
enum Engine {
    /// A Source `.nav` (binary, or its lossless JSON when `json`): the editing engine.
    Source { editor: Box<Editor>, json: bool },
    /// A format the engine does not edit yet: viewed, checked and pathfound, never written.
    ReadOnly { doc: Box<Document> },
}

impl Engine {
    fn model(&self) -> NavMesh {
        match self {
            Engine::Source { editor, .. } => editor.document().to_model(),
            Engine::ReadOnly { doc } => doc.to_model(),
        }
    }

    fn summary(&self) -> navforge::Summary {
        match self {
            Engine::Source { editor, .. } => editor.document().summary(),
            Engine::ReadOnly { doc } => doc.summary(),
        }
    }

    /// The file's bytes in its own format and version.
    fn bytes(&self) -> navforge::Result<Vec<u8>> {
        match self {
            Engine::Source {
                editor,
                json: false,
            } => editor.write(),
            Engine::Source { editor, json: true } => {
                Ok(Document::Source(editor.document().clone()).to_json())
            }
            Engine::ReadOnly { doc } => doc.write(),
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
    saved_version: u64,
    history: History,
    derived: Derived,
}

/// Commands that read or write other files, or belong to the prompt: never from the page.
fn page_may_run(cmd: &Command) -> Result<(), String> {
    match cmd {
        Command::Save(_) | Command::SaveSelected(_) | Command::MergeMesh { .. } => {
            Err("the page writes only the opened file (use Save) and reads no other file".into())
        }
        Command::Quit => Err("close the tab to leave; the server stops with Ctrl+C".into()),
        _ => Ok(()),
    }
}

impl Session {
    /// Read the file; Source meshes are editable, everything else read-only.
    pub fn open(path: &Path) -> Result<Session, ServeError> {
        let data = std::fs::read(path).map_err(|source| ServeError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let open_err = |message: String| ServeError::Open {
            path: path.to_path_buf(),
            message,
        };
        let doc = match Input::read(path, &data).map_err(|e| open_err(e.to_string()))? {
            Input::Document(doc) => doc,
            Input::Level(_) => {
                return Err(open_err(
                    "this is a level, not a navigation file: open the mesh and pass the level \
                     with --level"
                        .into(),
                ));
            }
            Input::Geometry(_) => {
                return Err(open_err(
                    "this is triangle geometry, not a navigation file: `navforge convert` builds \
                     a mesh from it, and --level draws it under one"
                        .into(),
                ));
            }
        };
        let engine = match *doc {
            Document::Source(d) => Engine::Source {
                editor: Box::new(Editor::new(d)),
                json: !navforge_source::sniff(&data),
            },
            other => Engine::ReadOnly {
                doc: Box::new(other),
            },
        };
        Ok(Session {
            path: path.to_path_buf(),
            name: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            engine,
            version: 1,
            saved_version: 1,
            history: History::default(),
            derived: Derived {
                version: 1,
                ..Derived::default()
            },
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn dirty(&self) -> bool {
        self.version != self.saved_version
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
            Engine::Source { .. } => None,
            Engine::ReadOnly { doc } => Some(format!(
                "read-only: the editing engine does not edit {} files yet; view, check and \
                 find paths here, and edit Source .nav files",
                doc.format().name()
            )),
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

    /// Run one line of the command language, made on `version`, with the page's selected set.
    pub fn edit(
        &mut self,
        line: &str,
        version: u64,
        selection: Option<&[u32]>,
    ) -> Result<EditReply, Refusal> {
        if let Some(why) = self.read_only() {
            return Err(Refusal::ReadOnly(why));
        }
        if version != self.version {
            return Err(Refusal::Stale {
                current: self.version,
            });
        }
        let Engine::Source { editor, .. } = &mut self.engine else {
            return Err(Refusal::ReadOnly("read-only".into()));
        };
        let line = line.trim();
        let cmd = match navforge_edit::parse(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return Err(Refusal::Refused("an empty command".into())),
            Err(e) => return Err(Refusal::Refused(e.to_string())),
        };
        page_may_run(&cmd).map_err(Refusal::Refused)?;
        if matches!(cmd, Command::Help) {
            let sel = editor.selection().clone();
            return Ok(EditReply {
                version: self.version,
                changed: false,
                message: format!("commands: {}", navforge_edit::COMMAND_NAMES.join(" ")),
                diff: serde_json::Value::Null,
                selection: sel.selected,
                marked: sel.marked,
                history: self.history(),
                dirty: self.dirty(),
            });
        }
        if let Some(ids) = selection {
            // The page's selected set replaces the engine's, as the command language says it.
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
        let before = editor.history_len();
        let out = editor
            .run_line(line)
            .map_err(|e| Refusal::Refused(e.to_string()))?
            .unwrap_or_default();
        let after = editor.history_len();
        let h = &mut self.history;
        match cmd {
            Command::Undo(_) | Command::Redo(_) => {
                let (from, to) = if matches!(cmd, Command::Undo(_)) {
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
            }
            _ => {
                if after.0 > before.0 {
                    h.undo.push(line.to_string());
                }
                h.redo.truncate(after.1);
            }
        }
        // Labels follow the engine's stacks; should they ever disagree, the counts win.
        h.undo.resize_with(after.0, || "edit".to_string());
        h.redo.resize_with(after.1, || "edit".to_string());
        let changed = before != after || !out.diff.is_empty();
        if changed {
            self.version += 1;
        }
        let sel = editor.selection().clone();
        Ok(EditReply {
            version: self.version,
            changed,
            message: out.message,
            diff: serde_json::to_value(&out.diff).unwrap_or_default(),
            selection: sel.selected,
            marked: sel.marked,
            history: self.history(),
            dirty: self.dirty(),
        })
    }

    /// Write the opened file (and nothing else) in its own format, through a temporary file.
    pub fn save(&mut self, version: u64) -> Result<(u64, usize), Refusal> {
        if let Some(why) = self.read_only() {
            return Err(Refusal::ReadOnly(why));
        }
        if version != self.version {
            return Err(Refusal::Stale {
                current: self.version,
            });
        }
        let bytes = self
            .engine
            .bytes()
            .map_err(|e| Refusal::Refused(format!("the mesh does not write: {e}")))?;
        navforge_core::write_atomic(&self.path, &bytes)
            .map_err(|e| Refusal::Io(format!("{}: cannot write: {e}", self.path.display())))?;
        self.saved_version = self.version;
        Ok((self.version, bytes.len()))
    }
}
