//! Many files at once: folders are walked (symlinks are not followed), files are handled in
//! parallel, a progress bar shows on a terminal, and a summary table ends the run. One unreadable
//! file never stops the rest.

use crate::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use navforge::Format;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The endings of navigation files, for picking files out of folders.
pub const NAVIGATION: &[&str] = &["nav", "nav2", "esp", "esm", "esl", "navjson"];
/// Navigation files and levels.
pub const EVERYTHING: &[&str] = &["nav", "nav2", "esp", "esm", "esl", "navjson", "bsp"];

/// What happened to one file.
pub struct Outcome {
    /// Its format and version, when it could be read.
    pub kind: Option<(Format, u64)>,
    /// Errors found in it (a file that could not be read counts one).
    pub errors: usize,
    /// Warnings found in it.
    pub warnings: usize,
    /// What to print on standard output for it.
    pub stdout: String,
    /// What to print on standard error for it.
    pub stderr: String,
}

impl Outcome {
    /// A file handled: its kind, its errors and warnings, and what to print for it.
    pub fn done(kind: (Format, u64), errors: usize, warnings: usize, stdout: String) -> Outcome {
        Outcome {
            kind: Some(kind),
            errors,
            warnings,
            stdout,
            stderr: String::new(),
        }
    }

    /// A file that could not be read: the message on standard error, or with `json` a line
    /// `{"file": ..., "error": ...}` on standard output.
    pub fn unreadable(path: &Path, message: String, json: bool) -> Outcome {
        if !json {
            return Outcome::failed(message);
        }
        Outcome {
            stdout: format!("{}\n", serde_json::json!({"file": path, "error": message})),
            ..Outcome::failed(String::new())
        }
    }

    /// A file that could not be handled at all.
    pub fn failed(message: String) -> Outcome {
        Outcome {
            kind: None,
            errors: 1,
            warnings: 0,
            stdout: String::new(),
            stderr: message,
        }
    }
}

/// The files named, with folders replaced by the navigation files below them (sorted, so runs
/// are repeatable). Files named directly are kept whatever their ending.
pub fn expand(paths: &[PathBuf], endings: &[&str]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let mut found: Vec<PathBuf> = walkdir::WalkDir::new(path)
            .follow_links(false)
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
            .map(walkdir::DirEntry::into_path)
            .filter(|p| {
                p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| endings.iter().any(|k| k.eq_ignore_ascii_case(e)))
            })
            .collect();
        if found.is_empty() {
            return Err(Failure::Usage(format!(
                "{}: no navigation files in this folder ({})",
                path.display(),
                endings.join(", ")
            )));
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Run `work` on every file, `jobs` at a time (default: one per core), and give the outcomes in
/// the files' order whatever order they finished in.
pub fn run<F>(files: &[PathBuf], jobs: Option<usize>, work: F) -> Result<Vec<Outcome>, Failure>
where
    F: Fn(&Path) -> Outcome + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start {jobs:?} threads: {e}")))?;
    // A bar only where a person watches, and only when there is something to wait for.
    let bar = if files.len() > 1 && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {msg}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let outcomes = pool.install(|| {
        files
            .par_iter()
            .map(|path| {
                let outcome = work(path);
                bar.inc(1);
                outcome
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(outcomes)
}

/// Print each outcome in order, then (for more than one file) the summary table on standard
/// error; the result is the worst outcome's exit.
pub fn report(outcomes: &[Outcome], table: bool) -> Result<(), Failure> {
    for o in outcomes {
        print!("{}", o.stdout);
        if !o.stderr.is_empty() {
            eprintln!("error: {}", o.stderr);
        }
    }
    if table && outcomes.len() > 1 {
        eprint!("{}", summary_table(outcomes));
    }
    let bad = outcomes.iter().filter(|o| o.errors > 0).count();
    if bad > 0 {
        return Err(Failure::BadInput(format!(
            "{bad} of {} files have errors",
            outcomes.len()
        )));
    }
    Ok(())
}

/// Files by format and version, with their errors and warnings.
pub fn summary_table(outcomes: &[Outcome]) -> String {
    use std::fmt::Write;
    let mut rows: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    for o in outcomes {
        let key = match o.kind {
            Some((f, v)) => format!("{f} v{v}"),
            None => "unreadable".to_string(),
        };
        let row = rows.entry(key).or_default();
        row[0] += 1;
        row[1] += o.errors;
        row[2] += o.warnings;
    }
    let width = rows.keys().map(String::len).max().unwrap_or(0).max(6);
    let mut out = format!(
        "\n{:width$}  {:>6}  {:>6}  {:>8}\n",
        "format", "files", "errors", "warnings"
    );
    let mut total = [0usize; 3];
    for (key, row) in &rows {
        let _ = writeln!(
            out,
            "{key:width$}  {:>6}  {:>6}  {:>8}",
            row[0], row[1], row[2]
        );
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
    }
    let _ = writeln!(
        out,
        "{:width$}  {:>6}  {:>6}  {:>8}",
        "total", total[0], total[1], total[2]
    );
    out
}
