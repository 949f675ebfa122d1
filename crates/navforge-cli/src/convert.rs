//! `navforge convert`: read any input, write any target, never over the input.

use crate::{Failure, read_file, write_file};
use navforge::{BuildOptions, Format, Game, Input, Target};
use std::path::Path;

/// What the user asked `convert` for.
pub struct Request<'a> {
    pub input: &'a Path,
    pub output: &'a Path,
    pub to: Option<&'a str>,
    pub game: Option<&'a str>,
    pub version: Option<u32>,
}

pub fn run(r: &Request) -> Result<(), Failure> {
    let target = target(r)?;
    let options = BuildOptions::new(r.game.and_then(Game::from_name), r.version);
    refuse_overwriting_input(r.input, r.output)?;
    let data = read_file(r.input)?;
    let input = Input::read(r.input, &data).map_err(|e| Failure::file(r.input, e))?;
    let converted = input
        .convert(target, &options)
        .map_err(|e| Failure::file(r.input, e))?;
    for d in &converted.dropped {
        eprintln!(
            "warning: {}: the output cannot hold {d}; they were left out",
            r.input.display()
        );
    }
    write_file(r.output, &converted.bytes)
}

fn target(r: &Request) -> Result<Target, Failure> {
    if let Some(name) = r.to {
        return Target::from_name(name)
            .ok_or_else(|| Failure::Usage(format!("unknown format {name}")));
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
fn refuse_overwriting_input(input: &Path, output: &Path) -> Result<(), Failure> {
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
