use crate::batch::{self, Outcome};
use crate::{Failure, read_file};
use navforge::Input;
use navforge_check::{BombTarget, EXAMPLES, Report};
use std::path::{Path, PathBuf};

/// Lint every file (folders are walked), in parallel; exit 1 when any file has an error or
/// cannot be read. With a level, also the lints that need it.
pub fn run(
    paths: &[PathBuf],
    json: bool,
    jobs: Option<usize>,
    level: Option<&Path>,
) -> Result<(), Failure> {
    let targets = match level {
        Some(l) => bomb_targets(l)?,
        None => Vec::new(),
    };
    let files = batch::expand(paths, batch::NAVIGATION)?;
    let outcomes = batch::run(&files, jobs, |path| one(path, json, &targets))?;
    batch::report(&outcomes, !json)
}

/// The level's `func_bomb_target` boxes.
fn bomb_targets(path: &Path) -> Result<Vec<BombTarget>, Failure> {
    let level =
        navforge_level::Level::load(&read_file(path)?, &navforge_level::LoadOptions::default())
            .map_err(|e| Failure::file(path, e))?;
    Ok(level
        .bomb_targets()
        .iter()
        .filter(|v| v.class.eq_ignore_ascii_case("func_bomb_target"))
        .map(|v| BombTarget {
            entity: v.entity as u64,
            min: v.bounds.min.to_array(),
            max: v.bounds.max.to_array(),
        })
        .collect())
}

fn one(path: &Path, json: bool, targets: &[BombTarget]) -> Outcome {
    match lint(path, targets) {
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
            Outcome::done(kind, report.errors(), report.warnings(), stdout)
        }
        Err(msg) => Outcome::unreadable(path, msg, json),
    }
}

fn lint(path: &Path, targets: &[BombTarget]) -> Result<(Report, (navforge::Format, u64)), String> {
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
    let report = navforge_check::check_file(&input.to_model(), &summary, targets);
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
