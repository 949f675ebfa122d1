use crate::{Failure, read_file};
use navforge::Input;
use navforge_check::{EXAMPLES, Report};
use std::path::{Path, PathBuf};

/// Lint every file; exit 1 when any file has an error or cannot be read.
pub fn run(files: &[PathBuf], json: bool) -> Result<(), Failure> {
    let mut bad = 0;
    for path in files {
        match lint(path) {
            Ok(report) => {
                if report.errors() > 0 {
                    bad += 1;
                }
                if json {
                    let mut v = serde_json::to_value(&report).unwrap_or_default();
                    v["file"] = serde_json::json!(path);
                    v["errors"] = report.errors().into();
                    v["warnings"] = report.warnings().into();
                    println!("{v}");
                } else {
                    print!("{}", human(path, &report));
                }
            }
            Err(msg) => {
                bad += 1;
                if json {
                    println!("{}", serde_json::json!({"file": path, "error": msg}));
                } else {
                    eprintln!("error: {msg}");
                }
            }
        }
    }
    if bad > 0 {
        Err(Failure::BadInput(format!(
            "{bad} of {} files have errors",
            files.len()
        )))
    } else {
        Ok(())
    }
}

fn lint(path: &Path) -> Result<Report, String> {
    let data = read_file(path).map_err(|f| f.message())?;
    let input = Input::read(path, &data).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(navforge_check::check(
        &input.to_model(),
        &input.summary().warnings,
    ))
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
