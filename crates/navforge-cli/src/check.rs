use crate::batch::{self, Outcome};
use crate::{Failure, read_file};
use navforge::Input;
use navforge_check::{BombTarget, EXAMPLES, Report};
use navforge_core::model::NavMesh;
use navforge_quake_graph::{UnconnectedPlaces, unconnected_places};
use std::path::{Path, PathBuf};

/// Lint every file (folders are walked), in parallel; exit 1 when any file has an error or
/// cannot be read. With a level, also the lints that need it, and for Quake graphs the places
/// the level connects that the graph does not.
pub fn run(
    paths: &[PathBuf],
    json: bool,
    jobs: Option<usize>,
    level: Option<&Path>,
) -> Result<(), Failure> {
    let (targets, reach) = match level {
        Some(l) => {
            let data = read_file(l)?;
            let level = navforge_level::Level::load(&data, &navforge_level::LoadOptions::default())
                .map_err(|e| Failure::file(l, e))?;
            (bomb_targets(&level), level_moves(l, &data, level.family())?)
        }
        None => (Vec::new(), None),
    };
    let files = batch::expand(paths, batch::NAVIGATION)?;
    let outcomes = batch::run(&files, jobs, |path| {
        one(path, json, &targets, reach.as_ref())
    })?;
    batch::report(&outcomes, !json)
}

/// How far a graph's node may be from a place to stand for it (`graph_compare.py`'s radius).
const PLACE_RADIUS: f32 = 64.0;

/// For a Quake or Quake II map, the moves the graph generator travels on it (its graph, as a
/// model): what the level connects.
fn level_moves(
    path: &Path,
    data: &[u8],
    family: navforge_level::Family,
) -> Result<Option<NavMesh>, Failure> {
    use navforge_level::{Family, Level};
    use navforge_quake_graph::{QuakeGraphOptions, generate_graph, load_options};
    if !matches!(family, Family::Quake | Family::QuakeBsp2 | Family::Quake2) {
        return Ok(None);
    }
    // Loaded again: doors open, movers where they spawn, as the generator needs them.
    let level = Level::load(data, &load_options()).map_err(|e| Failure::file(path, e))?;
    let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level))
        .map_err(|e| Failure::file(path, e))?;
    Ok(Some(out.document.to_model()))
}

/// The level's `func_bomb_target` boxes.
fn bomb_targets(level: &navforge_level::Level) -> Vec<BombTarget> {
    level
        .bomb_targets()
        .iter()
        .filter(|v| v.class.eq_ignore_ascii_case("func_bomb_target"))
        .map(|v| BombTarget {
            entity: v.entity as u64,
            min: v.bounds.min.to_array(),
            max: v.bounds.max.to_array(),
        })
        .collect()
}

fn one(path: &Path, json: bool, targets: &[BombTarget], reach: Option<&NavMesh>) -> Outcome {
    match lint(path, targets, reach) {
        Ok((report, kind, cut)) => {
            let cut_warnings = cut.as_ref().is_some_and(|c| !c.is_empty()) as usize;
            let stdout = if json {
                let mut v = serde_json::to_value(&report).unwrap_or_default();
                v["file"] = serde_json::json!(path);
                v["errors"] = report.errors().into();
                v["warnings"] = (report.warnings() + cut_warnings).into();
                if let Some(cut) = &cut {
                    v["unconnected_places"] = serde_json::to_value(cut).unwrap_or_default();
                }
                format!("{v}\n")
            } else {
                let mut out = human(path, &report, cut_warnings);
                if let Some(cut) = &cut {
                    out.push_str(&unconnected(cut));
                }
                out
            };
            Outcome::done(
                kind,
                report.errors(),
                report.warnings() + cut_warnings,
                stdout,
            )
        }
        Err(msg) => Outcome::unreadable(path, msg, json),
    }
}

type Linted = (
    Report,
    (navforge::Format, u64),
    Option<Vec<UnconnectedPlaces>>,
);

fn lint(path: &Path, targets: &[BombTarget], reach: Option<&NavMesh>) -> Result<Linted, String> {
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
    let model = input.to_model();
    let report = navforge_check::check_file(&model, &summary, targets);
    let graph = matches!(
        summary.format,
        navforge::Format::QuakeNav | navforge::Format::Quake2Nav | navforge::Format::QuakeNavjson
    );
    let cut = reach
        .filter(|_| graph)
        .map(|r| unconnected_places(r, &model, PLACE_RADIUS));
    Ok((report, (summary.format, summary.version), cut))
}

/// The human form of the places the level connects that the graph does not.
fn unconnected(cut: &[UnconnectedPlaces]) -> String {
    use std::fmt::Write;
    if cut.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "  warning level-connects-graph-does-not: {} pairs of places the level connects (a walk, \
         fall, jump, mover or teleport the generator travels) have no path in the graph\n",
        cut.len()
    );
    for c in cut.iter().take(EXAMPLES) {
        let _ = writeln!(out, "            {c}");
    }
    if cut.len() > EXAMPLES {
        let _ = writeln!(
            out,
            "            ... and {} more (--json lists every one)",
            cut.len() - EXAMPLES
        );
    }
    out
}

fn human(path: &Path, report: &Report, extra_warnings: usize) -> String {
    use std::fmt::Write;
    let mut out = format!(
        "{}: {} errors, {} warnings\n",
        path.display(),
        report.errors(),
        report.warnings() + extra_warnings
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
