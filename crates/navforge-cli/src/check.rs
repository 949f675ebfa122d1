use crate::batch::{self, Outcome};
use crate::{Failure, read_file};
use navforge::Input;
use navforge_check::{EXAMPLES, Report};
use std::path::{Path, PathBuf};

/// Lint every file (folders are walked), in parallel; exit 1 when any file has an error or
/// cannot be read.
pub fn run(paths: &[PathBuf], json: bool, jobs: Option<usize>) -> Result<(), Failure> {
    let files = batch::expand(paths, batch::NAVIGATION)?;
    let outcomes = batch::run(&files, jobs, |path| one(path, json))?;
    batch::report(&outcomes, !json)
}

fn one(path: &Path, json: bool) -> Outcome {
    match lint(path) {
        Ok((report, kind)) => {
            let stdout = if json {
                let mut v = serde_json::to_value(&report).unwrap_or_default();
                v["file"] = serde_json::json!(path);
                v["errors"] = report.errors().into();
                v["warnings"] = report.warnings().into();
                format!("{v}\n")
            } else {
                human(path, &report)
            };
            Outcome {
                kind: Some(kind),
                errors: report.errors(),
                warnings: report.warnings(),
                stdout,
                stderr: String::new(),
            }
        }
        Err(msg) if json => Outcome {
            stdout: format!("{}\n", serde_json::json!({"file": path, "error": msg})),
            ..Outcome::failed(String::new())
        },
        Err(msg) => Outcome::failed(msg),
    }
}

fn lint(path: &Path) -> Result<(Report, (navforge::Format, u64)), String> {
    let data = read_file(path).map_err(|f| f.message())?;
    let input = Input::read(path, &data).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Input::Level(_) = input {
        return Err(format!(
            "{}: a level, not a navigation file: check reads navigation files (`navforge info` \
             summarises levels)",
            path.display()
        ));
    }
    let summary = input.summary();
    let report = navforge_check::check(&input.to_model(), &summary.warnings);
    Ok((report, (summary.format, summary.version)))
}

fn human(path: &Path, report: &Report) -> String {
    use std::fmt::Write;
    let mut out = format!(
        "{}: {} errors, {} warnings\n",
        path.display(),
        report.errors(),
        report.warnings()
    );
    for f in &report.findings {
        let level = f.severity.name();
        let _ = write!(out, "  {level:7} {}: {}", f.code, f.message);
        if let Some(game) = &f.game {
            let _ = write!(out, " [{game}]");
        }
        out.push('\n');
        for i in f.instances.iter().take(EXAMPLES) {
            let _ = writeln!(out, "            {i}");
        }
        if f.instances.len() > EXAMPLES {
            let _ = writeln!(
                out,
                "            ... and {} more (--json lists every one)",
                f.instances.len() - EXAMPLES
            );
        }
    }
    out
}
