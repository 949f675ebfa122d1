//! The `navforge` command line: a thin layer over the `navforge` library.
//!
//! Exit codes: 0 success, 1 bad input (the message names the file, format, field and byte offset),
//! 2 usage.

mod check;
mod demo;
mod info;
mod render;

use clap::{Parser, Subcommand};
use navforge::{Input, Target};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "navforge",
    version,
    about = "Read, convert and check game bot-navigation files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Format, version, counts, bounds and warnings of each file
    Info {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// One JSON object per file, one per line
        #[arg(long)]
        json: bool,
    },
    /// Convert between formats: native files, lossless .json, .navjson, .obj, .glb
    Convert {
        input: PathBuf,
        output: PathBuf,
        /// Output format; by default it follows OUT's extension
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(Target::NAMES))]
        to: Option<String>,
    },
    /// Lint files: broken references and geometry are errors (exit 1), suspicious things warnings
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// One JSON object per file, one per line
        #[arg(long)]
        json: bool,
    },
    /// Draw a file top-down as SVG or PNG: areas by place, connections, ladders, spots, legend
    Render {
        input: PathBuf,
        /// The picture: .svg or .png
        #[arg(short, long)]
        output: PathBuf,
        /// What colours the areas
        #[arg(long, value_enum, default_value = "place")]
        color: render::Color,
        /// Only one floor: its number from the bottom (0, 1, ...) or a height range MIN:MAX
        #[arg(long, allow_hyphen_values = true)]
        floor: Option<String>,
        /// Picture width in pixels
        #[arg(long, default_value_t = 1600)]
        width: u32,
        /// Title (default: the file name)
        #[arg(long)]
        title: Option<String>,
        /// Leave out the connections
        #[arg(long)]
        no_connections: bool,
    },
    /// Build a sample level in code, write it in every format, read it back and summarise it
    Demo {
        /// Where to write the files
        #[arg(long, default_value = "navforge-demo")]
        out: PathBuf,
    },
}

/// Why a command failed, which decides the exit code.
pub enum Failure {
    /// Exit 1: a file could not be read, parsed or written.
    BadInput(String),
    /// Exit 2: the command line asked for something impossible.
    Usage(String),
}

impl Failure {
    pub fn file(path: &Path, err: impl std::fmt::Display) -> Failure {
        Failure::BadInput(format!("{}: {err}", path.display()))
    }

    pub fn message(self) -> String {
        match self {
            Failure::BadInput(m) | Failure::Usage(m) => m,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info { files, json } => info::run(&files, json),
        Command::Convert { input, output, to } => convert(&input, &output, to.as_deref()),
        Command::Check { files, json } => check::run(&files, json),
        Command::Render {
            input,
            output,
            color,
            floor,
            width,
            title,
            no_connections,
        } => render::run(render::Request {
            input: &input,
            output: &output,
            color,
            floor: floor.as_deref(),
            width,
            title,
            connections: !no_connections,
        }),
        Command::Demo { out } => demo::run(&out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BadInput(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::file(path, format!("cannot read: {e}")))
}

pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    navforge_core::write_atomic(path, bytes)
        .map_err(|e| Failure::file(path, format!("cannot write: {e}")))
}

fn convert(input: &Path, output: &Path, to: Option<&str>) -> Result<(), Failure> {
    let target = match to {
        Some(name) => Target::from_name(name)
            .ok_or_else(|| Failure::Usage(format!("unknown format {name}")))?,
        None => Target::from_path(output).ok_or_else(|| {
            Failure::Usage(format!(
                "cannot tell the output format from {}; name it with --to ({})",
                output.display(),
                Target::NAMES.join(", ")
            ))
        })?,
    };
    let data = read_file(input)?;
    let doc = Input::read(input, &data).map_err(|e| Failure::file(input, e))?;
    let bytes = doc.convert(target).map_err(|e| Failure::file(input, e))?;
    write_file(output, &bytes)
}
