//! The `navforge` command line: a thin layer over the `navforge` library.
//!
//! Exit codes: 0 success, 1 bad input (the message names the file, format, field and byte offset),
//! 2 usage.

// Every `print!` and `println!` in this crate is the pair below (a `macro_rules!` defined before
// the modules shadows std's in all of them): standard output through `stdout::write`, which ends
// quietly when the reader has gone (`navforge diff a b | head -1`) instead of std's panic
// ("failed printing to stdout: Broken pipe", exit 101). The command carries on and exits with its
// usual status; later lines are dropped.
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::stdout::write(format_args!($($arg)*))
    };
}
macro_rules! println {
    () => {
        $crate::stdout::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stdout::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod analyze;
mod batch;
mod check;
mod convert;
mod demo;
mod edit;
mod generate;
mod generate_graph;
mod generate_navmesh;
mod info;
mod path;
mod progress;
mod render;
mod serve;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use navforge::{Format, Game, Target};
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
    /// Format, version, counts, bounds and warnings of each file (folders are walked)
    Info {
        /// Files and folders to read (`-` for standard input)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        batch: Batch,
    },
    /// Convert between formats: native files, lossless .json, .navjson, .obj, .glb
    Convert {
        /// The file to read and the file to write (`-`: standard input, standard output); with
        /// `-o FOLDER`, every file and folder named is read
        #[arg(required = true, num_args = 1..)]
        paths: Vec<PathBuf>,
        /// Convert many files into this folder (names kept, endings of the target format)
        #[arg(short = 'o', long = "out-dir")]
        out_dir: Option<PathBuf>,
        /// How many files at once with -o (default: one per core)
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Output format; by default it follows OUT's extension
        #[arg(long, value_parser = one_of(Target::formats()))]
        to: Option<Format>,
        /// The game to write for (default: the input's own game, else the format's newest)
        #[arg(long, value_enum)]
        game: Option<Game>,
        /// OBJ output only: the up axis
        #[arg(long, value_enum, default_value = "y")]
        up: Up,
        /// The format version to write (default: the newest version real files use)
        #[arg(long, visible_alias = "format-version")]
        version: Option<u32>,
    },
    /// Lint files: broken references and geometry are errors (exit 1), suspicious things warnings
    Check {
        /// Files and folders to lint
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        batch: Batch,
        /// The map the files are for (.bsp): adds the lints that need it (two bomb targets
        /// with one bombsite label, CS:GO; for Quake graphs, the places the level connects
        /// that the graph does not). Without it those lints do not run
        #[arg(long)]
        level: Option<PathBuf>,
    },
    /// Edit a Source .nav mesh (the game's nav_* commands), a Quake NAV2/NAV3 graph (node and
    /// link commands), or the triangle navmeshes of a Bethesda plugin or an MGSV .nav2
    /// (triangle commands): a script, or an interactive prompt
    Edit {
        /// The file to edit: a Source/GoldSrc .nav, a Quake NAV2/NAV3 .nav, a plugin
        /// (.esp/.esm/.esl) or a .nav2
        input: PathBuf,
        /// Commands, one per line (`#` comments); without it an interactive prompt opens
        #[arg(long)]
        script: Option<PathBuf>,
        /// Where to write the result (scripts need it unless --dry-run; the prompt's `save`)
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Run the script and print what would change; write nothing
        #[arg(long)]
        dry_run: bool,
        /// The map the mesh is for (.bsp, .obj, .glb): enables the commands that need it
        /// (nav_corner_place_on_ground, nav_build_ladder, nav_check_floor, nav_update_blocked,
        /// nav_select_blocked_areas, nav_debug_blocked, nav_generate_incremental,
        /// nav_mark_walkable, nav_generate, nav_analyze, nav_quicksave)
        #[arg(long)]
        level: Option<PathBuf>,
        /// The navmesh to edit in a plugin (form ID like 0x000B83E0, or EDID) or a .nav2
        /// (group number); the `navmesh` command chooses another
        #[arg(long)]
        navmesh: Option<String>,
    },
    /// What changed between two files of one format: areas or nodes added, removed and changed,
    /// connections or links
    Diff {
        /// The file before
        a: PathBuf,
        /// The file after
        b: PathBuf,
        /// One JSON object
        #[arg(long)]
        json: bool,
    },
    /// Draw a file top-down as SVG or PNG: areas by place, connections, ladders, spots, legend
    Render(render::Args),
    /// Find a path: between two points, or every query of a Moving AI / Polyanya scenario file
    Path(path::Args),
    /// Analyse a Source .nav against its map: hiding and sniper spots, encounter paths, approach
    /// areas, occupy times (nav_analyze)
    Analyze(analyze::Args),
    /// Generate navigation from a level (BSP, OBJ, glTF): a Source-style .nav like the game's
    /// nav_generate, a Quake / Quake II bot waypoint graph, or a Recast-style triangle navmesh
    /// (Bethesda plugin, MGSV .nav2, OBJ, GLB)
    Generate {
        /// The level: .bsp (GoldSrc, Quake, Quake II, Source), .obj, .gltf/.glb
        level: PathBuf,
        /// The file to write (through a temporary file); .navjson writes a Quake graph as JSON
        #[arg(short, long)]
        output: PathBuf,
        /// What to write; by default it follows OUT's extension (.esp/.esm/.esl: tes-plugin;
        /// .nav2: mgsv-nav2; .obj; .glb; .nav: a Quake graph from Quake and Quake II maps, a
        /// Source mesh from the others)
        #[arg(long, value_parser = one_of(GENERATED))]
        format: Option<Format>,
        #[command(flatten)]
        navmesh: generate_navmesh::Args,
        /// The game to write for (default: cs16 for GoldSrc maps; for a Source map the game its
        /// entities name, e.g. tf2 from info_player_teamspawn, else hl2dm; printed)
        #[arg(long, value_enum)]
        game: Option<Game>,
        /// A walkable spot X,Y,Z (feet position), repeatable: the console's nav_mark_walkable
        #[arg(long = "mark", value_name = "X,Y,Z", allow_hyphen_values = true)]
        marks: Vec<String>,
        /// Seed every walkable surface (for OBJ/glTF levels without spawn points), as Recast does
        #[arg(long)]
        seed_everywhere: bool,
        /// Level units per game unit (0.0254 for a level in metres)
        #[arg(long, default_value_t = 1.0)]
        scale: f32,
        /// Print a JSON summary: areas, connections, ladders, time per stage
        #[arg(long)]
        json: bool,
        /// Also analyse the new mesh against the same level (hiding and sniper spots,
        /// encounter paths, visibility, approach areas, occupy times), written once
        #[arg(long)]
        analyze: bool,
        /// Grow this existing .nav from the --mark spots (nav_generate_incremental): its areas
        /// keep their IDs and data, new areas do not overlap them
        #[arg(long, value_name = "EXISTING.nav")]
        incremental: Option<PathBuf>,
        /// A game folder holding the props' collision models (`models/**/*.phy`, and `.mdl`
        /// for box props), e.g. cstrike: its loose files, then its *_dir.vpk packs (or one
        /// *_dir.vpk); solid static props then collide as in the game (prop entities block
        /// sight only, for --analyze). Repeatable; the map's own pakfile is searched first
        #[arg(long, value_name = "DIR")]
        content: Vec<PathBuf>,
    },
    /// Show a file in the browser, in 3D over its level, and edit it there with undo; prints the
    /// page's URL (with its session token) first
    Serve(serve::Args),
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
    /// Build a level in code and run the system on it (generate, edit, analyze, path, render),
    /// then write a sample mesh in every format, read each back and check it
    Demo {
        /// Where to write the files
        #[arg(long, default_value = "navforge-demo")]
        out: PathBuf,
    },
}

/// What `info` and `check` share: one report per file, many files at once.
#[derive(clap::Args)]
struct Batch {
    /// One JSON object per file, one per line
    #[arg(long)]
    json: bool,
    /// How many files at once (default: one per core)
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
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
        Command::Info { files, batch } => info::run(&files, batch.json, batch.jobs),
        Command::Convert {
            paths,
            out_dir,
            jobs,
            to,
            game,
            up,
            version,
        } => convert::command(
            &paths,
            out_dir.as_deref(),
            jobs,
            &convert::Choices {
                to,
                game,
                version,
                up: match up {
                    Up::Y => navforge_export::UpAxis::Y,
                    Up::Z => navforge_export::UpAxis::Z,
                },
            },
        ),
        Command::Check {
            files,
            batch,
            level,
        } => check::run(&files, batch.json, batch.jobs, level.as_deref()),
        Command::Render(args) => render::run(&args),
        Command::Path(args) => path::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Demo { out } => demo::run(&out),
        Command::Generate {
            level,
            output,
            format,
            navmesh,
            game,
            marks,
            seed_everywhere,
            scale,
            json,
            analyze,
            incremental,
            content,
        } => match generate_navmesh::triangle_format(format, &output) {
            Some(format) => generate_navmesh::run(&generate_navmesh::Request {
                level: &level,
                output: &output,
                format,
                game,
                json,
                args: &navmesh,
                source_flags: !marks.is_empty()
                    || seed_everywhere
                    || analyze
                    || incremental.is_some(),
            }),
            None => generate::run(&generate::Request {
                level: &level,
                output: &output,
                format,
                game,
                marks: &marks,
                seed_everywhere,
                scale,
                json,
                analyze,
                incremental: incremental.as_deref(),
                content: &content,
            }),
        },
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            // Into memory first: the generator panics if standard output closes early.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "navforge", &mut script);
            write_file(Path::new("-"), &script)
        }
        Command::Man { command } => man(command.as_deref()),
        Command::Edit {
            input,
            script,
            output,
            dry_run,
            level,
            navmesh,
        } => edit::run(&edit::Request {
            input: &input,
            script: script.as_deref(),
            output: output.as_deref(),
            dry_run,
            level: level.as_deref(),
            navmesh: navmesh.as_deref(),
        }),
        Command::Diff { a, b, json } => edit::diff(&a, &b, json),
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

/// The formats `generate --format` writes: Source meshes, Quake graphs, triangle navmeshes.
const GENERATED: [Format; 7] = [
    Format::SourceNav,
    Format::QuakeNav,
    Format::Quake2Nav,
    Format::TesPlugin,
    Format::MgsvNav2,
    Format::Obj,
    Format::Glb,
];

/// A value that is one of `formats`, by its name in the format table; `--help` lists each
/// with its description.
fn one_of(formats: impl IntoIterator<Item = Format>) -> impl TypedValueParser<Value = Format> {
    let values = formats
        .into_iter()
        .filter_map(|f| clap::ValueEnum::to_possible_value(&f));
    PossibleValuesParser::new(values)
        .try_map(|name| Format::from_name(&name).ok_or(format!("unknown format {name}")))
}

/// The up axis of OBJ output.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Up {
    /// Y up, as Blender's OBJ importer expects
    Y,
    /// Z up: the game's own axes (what navforge's fidelity scripts ask for)
    Z,
}

/// Standard output that a closed pipe does not turn into a panic.
mod stdout {
    use std::io::{ErrorKind, Write};
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Set once a write failed: nothing more is written.
    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Write `args` to standard output (locked, so a line is never interleaved). A reader that
    /// stopped early wanted no more: `BrokenPipe` closes it quietly; any other failure is said
    /// once on standard error.
    pub fn write(args: std::fmt::Arguments) {
        if CLOSED.load(Ordering::Relaxed) {
            return;
        }
        if let Err(e) = std::io::stdout().lock().write_fmt(args) {
            CLOSED.store(true, Ordering::Relaxed);
            if e.kind() != ErrorKind::BrokenPipe {
                eprintln!("error: standard output: cannot write: {e}");
            }
        }
    }
}

/// What a Source map's props collide with, when it has solid ones: a line saying how many
/// hulls the static props' and the prop entities' collision models gave and how many props pass
/// through (no model found, or one that could not be used), then a line per unusable model
/// saying why.
pub fn props_lines(level: &navforge_level::Level) -> Vec<String> {
    let warnings = level
        .prop_warnings()
        .iter()
        .map(|w| format!("warning: {w}"));
    level
        .counts()
        .props_line()
        .into_iter()
        .chain(warnings)
        .collect()
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

/// Refuses `--json` when the file itself goes to standard output (`-o -`): the two would be
/// mixed there.
pub fn json_beside_output(output: &Path, json: bool) -> Result<(), Failure> {
    if json && output == Path::new("-") {
        return Err(Failure::Usage(
            "--json prints on standard output: write the file to a path, not -".into(),
        ));
    }
    Ok(())
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
