//! `navforge check`: a lint over the common model.
//!
//! Errors are defects a game or tool would trip over: connections to missing IDs, duplicate IDs,
//! degenerate or inverted areas, non-finite coordinates, asymmetric triangle adjacency.
//! Warnings are things worth a look: orphan areas (what the editor's flood-select reveals),
//! one-way connections, overlapping areas on one floor, neighbours whose edges don't meet.
//!
//! Findings of one kind are reported once, with a count and the first few IDs, so a large broken
//! mesh gives a readable report.

mod geometry;
mod rules;

use navforge_core::model::NavMesh;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Warning,
    Error,
}

/// One kind of problem, with how often it occurs and where.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// Stable machine name, e.g. `missing-connection-target`.
    pub code: &'static str,
    pub message: String,
    pub count: usize,
    /// The first IDs involved (areas, nodes, ...), at most [`EXAMPLES`].
    pub examples: Vec<u64>,
}

/// How many IDs a finding lists.
pub const EXAMPLES: usize = 8;

#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }
    pub fn warnings(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
            .count()
    }
    pub fn has(&self, code: &str) -> bool {
        self.findings.iter().any(|f| f.code == code)
    }

    /// Record `ids` under `code`; nothing is recorded when `ids` is empty.
    pub(crate) fn add(
        &mut self,
        severity: Severity,
        code: &'static str,
        what: &str,
        ids: Vec<u64>,
    ) {
        if ids.is_empty() {
            return;
        }
        let count = ids.len();
        let mut examples = ids;
        examples.truncate(EXAMPLES);
        self.findings.push(Finding {
            severity,
            code,
            message: format!("{count} {what}"),
            count,
            examples,
        });
    }
}

/// Lint a mesh. `format_warnings` are the document's own consistency warnings (from its summary),
/// reported alongside.
pub fn check(mesh: &NavMesh, format_warnings: &[String]) -> Report {
    let mesh = mesh.to_z_up();
    let mut report = Report::default();
    rules::run(&mesh, &mut report);
    for w in format_warnings {
        report.findings.push(Finding {
            severity: Severity::Warning,
            code: "format",
            message: w.clone(),
            count: 1,
            examples: vec![],
        });
    }
    report
        .findings
        .sort_by(|a, b| b.severity.cmp(&a.severity).then(a.code.cmp(b.code)));
    report
}
