//! The `navforge` command line: a thin layer over the `navforge` library.
//!
//! Exit codes: 0 success, 1 bad input (the message names the file, format, field and byte offset),
//! 2 usage.

mod check;
mod convert;
mod demo;
mod info;
mod render;

use clap::{Parser, Subcommand};
use navforge::Target;
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
        /// The file to read (`-` for standard input)
        input: PathBuf,
        /// The file to write (`-` for standard output); never the input itself
        output: PathBuf,
        /// Output format; by default it follows OUT's extension
        #[arg(long, value_parser = target_names())]
        to: Option<String>,
        /// The game to write for (default: the input's own game, else the format's newest)
        #[arg(long, value_parser = game_names())]
        game: Option<String>,
        /// The format version to write (default: the newest version real files use)
        #[arg(long, visible_alias = "format-version")]
        version: Option<u32>,
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
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of navforge, or of one of its commands
    Man {
        /// A command (default: navforge itself)
        command: Option<String>,
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
        Command::Convert {
            input,
            output,
            to,
            game,
            version,
        } => convert::run(&convert::Request {
            input: &input,
            output: &output,
            to: to.as_deref(),
            game: game.as_deref(),
            version,
        }),
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
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            // Into memory first: the generator panics if standard output closes early.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "navforge", &mut script);
            write_file(Path::new("-"), &script)
        }
        Command::Man { command } => man(command.as_deref()),
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

/// The roff manual page of navforge or of one command.
fn man(command: Option<&str>) -> Result<(), Failure> {
    let root = <Cli as clap::CommandFactory>::command();
    let cmd = match command {
        None => root,
        Some(name) => root
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| Failure::Usage(format!("no command {name}")))?
            .display_name(format!("navforge-{name}")),
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut page)
        .map_err(|e| Failure::BadInput(format!("cannot render the manual: {e}")))?;
    write_file(Path::new("-"), &page)
}

/// Every `--to` name, from the format table.
fn target_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        Target::formats()
            .map(|f| clap::builder::PossibleValue::new(f.name()).help(f.description())),
    )
}

/// Every `--game` name, from the game table.
fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        navforge::Game::ALL
            .into_iter()
            .map(|g| clap::builder::PossibleValue::new(g.name()).help(g.title())),
    )
}

/// Read a whole file, or standard input for `-`.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    if path == Path::new("-") {
        let mut data = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut data)
            .map_err(|e| Failure::BadInput(format!("standard input: cannot read: {e}")))?;
        return Ok(data);
    }
    std::fs::read(path).map_err(|e| Failure::file(path, format!("cannot read: {e}")))
}

/// Write a whole file through a temporary file and a rename, or to standard output for `-`.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if path == Path::new("-") {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return match out.write_all(bytes).and_then(|()| out.flush()) {
            // A reader that stopped early (`| head`) wanted no more: not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            Err(e) => Err(Failure::BadInput(format!(
                "standard output: cannot write: {e}"
            ))),
            Ok(()) => Ok(()),
        };
    }
    navforge_core::write_atomic(path, bytes).map_err(|e| {
        // A missing folder is named, not the temporary file inside it.
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        match dir {
            Some(d) if !d.is_dir() => Failure::file(
                path,
                format!("cannot write: folder {} does not exist", d.display()),
            ),
            _ => Failure::file(path, format!("cannot write: {e}")),
        }
    })
}
