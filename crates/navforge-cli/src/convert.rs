//! `navforge convert`: read any input, write any target, never over the input.

use crate::batch::{self, Outcome};
use crate::{Failure, read_file, write_file};
use navforge::{BuildOptions, Format, Game, Input, Target};
use std::path::{Path, PathBuf};

/// What the user chose for every file of a `convert`.
#[derive(Clone, Copy)]
pub struct Choices {
    pub to: Option<Format>,
    pub game: Option<Game>,
    pub version: Option<u32>,
    /// The up axis of OBJ output.
    pub up: navforge_export::UpAxis,
}

/// One file to convert.
pub struct Request<'a> {
    pub input: &'a Path,
    pub output: &'a Path,
    pub to: Option<Format>,
    pub game: Option<Game>,
    pub version: Option<u32>,
    pub up: navforge_export::UpAxis,
}

/// `convert IN OUT`, or `convert PATHS... -o FOLDER`.
pub fn command(
    paths: &[PathBuf],
    out_dir: Option<&Path>,
    jobs: Option<usize>,
    choices: &Choices,
) -> Result<(), Failure> {
    let Choices {
        to,
        game,
        version,
        up,
    } = *choices;
    let Some(dir) = out_dir else {
        let [input, output] = paths else {
            return Err(Failure::Usage(
                "convert takes IN OUT, or files and folders with -o FOLDER --to FORMAT".into(),
            ));
        };
        return run(&Request {
            input,
            output,
            to,
            game,
            version,
            up,
        });
    };
    let Some(format) = to else {
        return Err(Failure::Usage(
            "converting into a folder needs --to FORMAT".into(),
        ));
    };
    if !dir.is_dir() {
        return Err(Failure::Usage(format!("{}: no such folder", dir.display())));
    }
    let files = batch::expand(paths, batch::EVERYTHING)?;
    let ext = format.extensions().first().copied().unwrap_or("out");
    // Two inputs with one output name would write one file: refuse before anything is written.
    let mut seen = std::collections::HashMap::new();
    for f in &files {
        let out = out_path(dir, f, ext);
        if let Some(other) = seen.insert(out.clone(), f.clone()) {
            return Err(Failure::Usage(format!(
                "{} and {} would both be written to {}",
                other.display(),
                f.display(),
                out.display()
            )));
        }
    }
    let outcomes = batch::run(&files, jobs, |input| {
        let output = out_path(dir, input, ext);
        let request = Request {
            input,
            output: &output,
            to,
            game,
            version,
            up,
        };
        match run_quiet(&request) {
            Ok((kind, dropped)) => Outcome::done(kind, 0, dropped.len(), String::new()),
            Err(f) => Outcome::failed(f.message()),
        }
    })?;
    batch::report(&outcomes, true)
}

/// Where `-o DIR` writes `input`: its whole file name with only the last extension replaced by
/// `ext` (`a.v1.nav` gives `a.v1.json`, `notes` gives `notes.json`).
fn out_path(dir: &Path, input: &Path, ext: &str) -> PathBuf {
    let mut name = input.file_stem().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(ext);
    dir.join(name)
}

pub fn run(r: &Request) -> Result<(), Failure> {
    let (_, dropped) = run_quiet(r)?;
    for d in &dropped {
        eprintln!("warning: {}: the output cannot hold {d}", r.input.display());
    }
    Ok(())
}

/// Convert one file; the input's format and version, and what the output could not hold.
fn run_quiet(r: &Request) -> Result<((Format, u64), Vec<navforge::Dropped>), Failure> {
    let target = target(r)?;
    let options = BuildOptions::new(r.game, r.version).with_obj_up(r.up);
    refuse_overwriting_input(r.input, r.output)?;
    let data = read_file(r.input)?;
    let input = Input::read(r.input, &data).map_err(|e| Failure::file(r.input, e))?;
    let kind = (input.format(), input.summary().version);
    let converted = input
        .convert(target, &options)
        .map_err(|e| Failure::file(r.input, e))?;
    write_file(r.output, &converted.bytes)?;
    Ok((kind, converted.dropped))
}

fn target(r: &Request) -> Result<Target, Failure> {
    if let Some(format) = r.to {
        return Ok(Target::Format(format));
    }
    if r.output == Path::new("-") {
        return Err(Failure::Usage(
            "writing to standard output needs --to FORMAT".into(),
        ));
    }
    let ext = r
        .output
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if matches!(ext.as_str(), "png" | "svg") {
        return Err(Failure::Usage(format!(
            "{} is a picture: draw it with `navforge render {} -o {}`",
            r.output.display(),
            r.input.display(),
            r.output.display()
        )));
    }
    Target::from_path(r.output).ok_or_else(|| {
        let names: Vec<&str> = Target::formats().map(Format::name).collect();
        Failure::Usage(format!(
            "cannot tell the output format from {}; name it with --to ({})",
            r.output.display(),
            names.join(", ")
        ))
    })
}

/// Writing the result over the file being converted would destroy it: refuse, also when the
/// output is a symlink or hard link to the input.
pub(crate) fn refuse_overwriting_input(input: &Path, output: &Path) -> Result<(), Failure> {
    if input == Path::new("-") || output == Path::new("-") {
        return Ok(());
    }
    let same = match (std::fs::metadata(input), std::fs::metadata(output)) {
        (Ok(a), Ok(b)) => same_file(&a, &b),
        _ => false,
    };
    if same {
        return Err(Failure::Usage(format!(
            "{} is the input file: write the result to another file",
            output.display()
        )));
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}
