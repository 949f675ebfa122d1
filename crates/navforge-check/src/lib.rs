//! `navforge check`: a lint over the common model.
//!
//! Errors are defects a game or tool would trip over: connections to missing IDs, duplicate IDs,
//! degenerate or inverted areas, non-finite coordinates, asymmetric triangle adjacency.
//! Warnings are things worth a look: orphan areas (what the editor's flood-select reveals),
//! one-way connections, overlapping areas on one floor, neighbours whose edges don't meet.
//!
//! Each [`Finding`] is one kind of problem with every place it occurs ([`Instance`]): the item at
//! fault, the other area of a pair, the missing ID of a dangling reference, and a position (the
//! area's centre, in the file's own coordinates) that pastes into a Source console as `setpos`.
//!
//! The work is near-linear on any mesh: overlaps are found through an R-tree, and an area buried
//! under more than [`CROWD_LIMIT`] others is reported as crowded instead of pair by pair.
//!
//! ```
//! use navforge_core::model::{Area, Connection, ConnectionKind, NavMesh};
//!
//! let square = |id, x: f32| Area {
//!     id,
//!     polygon: vec![[x, 0.0, 0.0], [x + 50.0, 0.0, 0.0], [x + 50.0, 50.0, 0.0], [x, 50.0, 0.0]],
//!     ..Default::default()
//! };
//! let mesh = NavMesh {
//!     format: Some(navforge_core::Format::SourceNav),
//!     areas: vec![square(1, 0.0), square(2, 50.0)],
//!     connections: vec![Connection { from: 1, to: 9, kind: ConnectionKind::Walk, direction: None }],
//!     ..Default::default()
//! };
//! let report = navforge_check::check(&mesh, &[]);
//! let dangling = &report.findings[0];
//! assert_eq!(dangling.code, "missing-connection-target");
//! assert_eq!(dangling.instances[0].to_string(), "area 1 refers to missing 9 (setpos 25 25 0)");
//! ```

#![deny(missing_docs)]

mod bombsite;
mod geometry;
mod movement;
mod overlaps;
mod page;
mod rules;

pub use bombsite::{BombTarget, Label, Site};
use navforge_core::model::NavMesh;
use serde::Serialize;
use std::fmt;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Severity {
    /// Worth a look; the mesh may work.
    Warning,
    /// A defect a game or tool would trip over.
    Error,
}

impl Severity {
    /// `error` or `warning`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// The item a finding instance is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Subject {
    /// An area, by its ID.
    Area(u64),
    /// A graph node, by its ID.
    Node(u64),
    /// A ladder, by its ID.
    Ladder(u64),
    /// A hiding spot, by its ID.
    HidingSpot(u64),
    /// A bomb target of the level, by its index in the level's entity list.
    BombTarget(u64),
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Area(id) => write!(f, "area {id}"),
            Subject::Node(id) => write!(f, "node {id}"),
            Subject::Ladder(id) => write!(f, "ladder {id}"),
            Subject::HidingSpot(id) => write!(f, "hiding spot {id}"),
            Subject::BombTarget(e) => write!(f, "bomb target entity {e}"),
        }
    }
}

/// One place a problem occurs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Instance {
    /// The item at fault (for a dangling reference: the one that refers).
    pub subject: Subject,
    /// The other item of a pair (the second area of an overlap, the target of a connection).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<u64>,
    /// The ID a dangling reference names that does not exist.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<u64>,
    /// Where to look, in the file's own coordinates: the area's centre (node, ladder bottom or
    /// spot for those). `None` when the coordinates are not finite.
    pub position: Option<[f32; 3]>,
}

impl Instance {
    /// An instance about `subject` at `position` (dropped when not finite).
    pub fn at(subject: Subject, position: Option<[f32; 3]>) -> Instance {
        Instance {
            subject,
            other: None,
            missing: None,
            position: position.filter(|p| p.iter().all(|c| c.is_finite())),
        }
    }

    /// The same instance, paired with `other`.
    pub fn with_other(mut self, other: u64) -> Instance {
        self.other = Some(other);
        self
    }

    /// The same instance, naming the `missing` ID it refers to.
    pub fn with_missing(mut self, missing: u64) -> Instance {
        self.missing = Some(missing);
        self
    }

    /// The console command that moves a player to the position: `setpos x y z`.
    pub fn setpos(&self) -> Option<String> {
        Some(navforge_core::xyz::setpos(self.position?))
    }

    fn key(&self) -> (Subject, Option<u64>, Option<u64>) {
        (self.subject, self.other, self.missing)
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.subject)?;
        if let Some(o) = self.other {
            match self.subject {
                Subject::Node(_) => write!(f, " and node {o}")?,
                Subject::BombTarget(_) => write!(f, " near area {o}")?,
                _ => write!(f, " and area {o}")?,
            }
        }
        if let Some(m) = self.missing {
            write!(f, " refers to missing {m}")?;
        }
        if let Some(s) = self.setpos() {
            write!(f, " ({s})")?;
        }
        Ok(())
    }
}

/// One kind of problem, with every place it occurs.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// Stable machine name, e.g. `missing-connection-target`.
    pub code: &'static str,
    /// What is wrong, with the count: "3 connections name an area that does not exist".
    pub message: String,
    /// How many instances (after removing duplicates).
    pub count: usize,
    /// The game whose rules the finding applies (jump height, death drop), when it depends on one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Every instance, sorted and without duplicates.
    pub instances: Vec<Instance>,
}

/// How many instances a human-readable report shows per finding (`--json` lists all).
pub const EXAMPLES: usize = 8;

/// An area whose box meets more than this many others on its floor is reported as crowded, and
/// only its first this-many neighbours are compared: this bounds the work on stacked meshes.
pub const CROWD_LIMIT: usize = 64;

/// Everything `check` found.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Findings, errors first, then by code.
    pub findings: Vec<Finding>,
}

impl Report {
    /// How many findings are errors.
    pub fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }
    /// How many findings are warnings.
    pub fn warnings(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
            .count()
    }
    /// Whether a finding with this code was made.
    pub fn has(&self, code: &str) -> bool {
        self.findings.iter().any(|f| f.code == code)
    }
    /// The finding with this code.
    pub fn get(&self, code: &str) -> Option<&Finding> {
        self.findings.iter().find(|f| f.code == code)
    }

    /// Record `instances` under `code`, without duplicates; nothing when there are none.
    pub(crate) fn add(
        &mut self,
        severity: Severity,
        code: &'static str,
        what: &str,
        instances: Vec<Instance>,
    ) {
        self.add_for_game(severity, code, what, None, instances);
    }

    /// [`Report::add`] for a finding whose threshold depends on the game.
    pub(crate) fn add_for_game(
        &mut self,
        severity: Severity,
        code: &'static str,
        what: &str,
        game: Option<String>,
        mut instances: Vec<Instance>,
    ) {
        instances.sort_by_key(Instance::key);
        instances.dedup_by_key(|i| i.key());
        if instances.is_empty() {
            return;
        }
        let count = instances.len();
        self.findings.push(Finding {
            severity,
            code,
            message: format!("{count} {what}"),
            count,
            game,
            instances,
        });
    }
}

/// Lint a mesh. `format_warnings` are the document's own consistency warnings (from its summary),
/// reported alongside.
pub fn check(mesh: &NavMesh, format_warnings: &[String]) -> Report {
    check_with_level(mesh, format_warnings, &[])
}

/// The bombsite label CS:GO gives each bomb target (sorted by entity), from the place of its
/// nearest area.
pub fn bombsite_labels(mesh: &NavMesh, bomb_targets: &[BombTarget]) -> Vec<Label> {
    let mut targets = bomb_targets.to_vec();
    targets.sort_by_key(|t| t.entity);
    bombsite::labels(&rules::Ctx::new(mesh), &targets)
}

/// [`check`] plus the lints that need the level: two bomb targets with one bombsite label
/// (CS:GO), from the level's `func_bomb_target` boxes.
pub fn check_with_level(
    mesh: &NavMesh,
    format_warnings: &[String],
    bomb_targets: &[BombTarget],
) -> Report {
    lint(mesh, format_warnings, bomb_targets, None)
}

/// [`check_with_level`] for a file read whole, with its `summary`: the format's own warnings,
/// and the lints about the file as saved: `not-analysed` (a Source `.nav` with no hiding spots
/// and its `is_analyzed` flag, where it has one, clear), which [`check`] of a mesh does not run.
pub fn check_file(
    mesh: &NavMesh,
    summary: &navforge_core::Summary,
    bomb_targets: &[BombTarget],
) -> Report {
    lint(mesh, &summary.warnings, bomb_targets, Some(summary))
}

/// Every rule; `file` is the summary of the file the mesh was read from (the lints about the
/// file as saved, such as `not-analysed`, need it: a mesh made in code is not a file).
fn lint(
    mesh: &NavMesh,
    format_warnings: &[String],
    bomb_targets: &[BombTarget],
    file: Option<&navforge_core::Summary>,
) -> Report {
    let ctx = rules::Ctx::new(mesh);
    let mut report = Report::default();
    rules::run(&ctx, &mut report);
    if let Some(summary) = file {
        let flag = summary.details.get("is_analyzed").and_then(|v| v.as_bool());
        movement::not_analysed(&ctx, flag, &mut report);
    }
    bombsite::run(&ctx, bomb_targets, &mut report);
    for w in format_warnings {
        report.findings.push(Finding {
            severity: Severity::Warning,
            code: "format",
            message: w.clone(),
            count: 1,
            game: None,
            instances: vec![],
        });
    }
    report
        .findings
        .sort_by(|a, b| b.severity.cmp(&a.severity).then(a.code.cmp(b.code)));
    report
}
