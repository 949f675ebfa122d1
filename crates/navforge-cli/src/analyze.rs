//! `navforge analyze`: the game's `nav_analyze` from the map file.

use crate::{Failure, read_file, write_file};
use navforge_analyze::{AnalyzeOptions, Stage};
use navforge_core::NavDocument;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The .nav to analyse (Source v1-16, GoldSrc)
    input: PathBuf,
    /// The map the mesh was built for (.bsp, .obj, .glb)
    #[arg(long)]
    level: PathBuf,
    /// Where to write the analysed .nav (through a temporary file: an interrupted run leaves none)
    #[arg(short, long)]
    output: PathBuf,
    /// Only these stages (the others keep the input's data)
    #[arg(long, value_delimiter = ',', value_enum)]
    only: Vec<Stage>,
    /// How far areas can see each other, for the visibility lists (the game's
    /// nav_max_view_distance; default 6000, 1500 for L4D files)
    #[arg(long, value_name = "UNITS")]
    view_distance: Option<f32>,
    /// The game whose rules say which lists are stored (CS:S v16 files: no encounter paths or
    /// approach areas; CS:GO: no visibility lists); default: the file's own game, CS:S for a
    /// CS-layout v16 file against a CS:S map
    #[arg(long, value_enum)]
    game: Option<navforge::Game>,
    /// A game folder holding the props' collision models (`models/**/*.phy`, and `.mdl` for
    /// box props), e.g. cstrike: its loose files, then its *_dir.vpk packs (or one
    /// *_dir.vpk); solid static props and prop entities then block sight as in the game.
    /// Repeatable; the map's own pakfile is searched first
    #[arg(long, value_name = "DIR")]
    content: Vec<PathBuf>,
    /// Print what the analysis made as JSON on stdout, with each stage's time and traces
    #[arg(long)]
    json: bool,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let stages: Vec<Stage> = if a.only.is_empty() {
        Stage::ALL.to_vec()
    } else {
        a.only.clone()
    };
    if a.view_distance.is_some_and(|d| !(d.is_finite() && d > 0.0)) {
        return Err(Failure::Usage("--view-distance must be above 0".into()));
    }
    crate::json_beside_output(&a.output, a.json)?;
    let mut doc = navforge_source::SourceNavDocument::read(&read_file(&a.input)?)
        .map_err(|e| Failure::file(&a.input, e))?;
    let content = navforge_level::Content {
        folders: a.content.clone(),
    };
    let level = navforge_level::Level::load_with_content(
        &read_file(&a.level)?,
        &navforge_level::LoadOptions::default(),
        &content,
    )
    .map_err(|e| Failure::file(&a.level, e))?;
    // Areas past the bounds analysis works in are refused before anything is built from them
    // (and before the progress bars appear; `analyse` would give the same error later).
    navforge_analyze::check_extents(&doc).map_err(|e| Failure::file(&a.input, e))?;
    let report = analyse(&mut doc, &level, &a.level, &stages, a.view_distance, a.game)
        .map_err(|e| Failure::file(&a.input, e))?;
    let bytes = doc.write().map_err(|e| Failure::file(&a.output, e))?;
    write_file(&a.output, &bytes)?;
    if a.json {
        let out = serde_json::json!({
            "output": a.output.display().to_string(),
            "areas": doc.areas.len(),
            "version": doc.version,
            "bsp_size": doc.bsp_size,
            "threads": rayon::current_num_threads(),
            "analysis": report_json(&report),
        });
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        eprintln!("{}: {}", a.output.display(), report.summary());
        for line in crate::props_lines(&level) {
            eprintln!("{}: {line}", a.level.display());
        }
    }
    Ok(())
}

/// What an analysis made, as `--json` prints it (`analyze --json`, and `generate --analyze
/// --json`'s `analysis`): the counts, then each stage that ran with its wall time and traces
/// (what to send when a map takes long), and the lists this file's game does not store.
/// `seconds` adds up the stages' times: reading, loading the level and writing are not in it.
pub fn report_json(report: &navforge_analyze::Report) -> serde_json::Value {
    let stages: Vec<serde_json::Value> = report
        .stages
        .iter()
        .map(|run| {
            serde_json::json!({
                "stage": run.stage.name(),
                "seconds": run.time.as_secs_f64(),
                "traces": run.traces,
            })
        })
        .collect();
    let not_stored: Vec<&str> = report.skipped.iter().map(|s| s.name()).collect();
    serde_json::json!({
        "hiding_spots": report.hiding_spots,
        "encounter_paths": report.encounter_paths,
        "approach_areas": report.approach_areas,
        "visible_area_entries": report.visible_pairs,
        "inheriting_areas": report.inheriting_areas,
        "off_floor_share": report.off_floor_share,
        "seconds": report.seconds(),
        "stages": stages,
        "not_stored": not_stored,
    })
}

/// Analyse `doc` against `level` (read from `level_path`) with a progress bar on a terminal,
/// warning when the mesh does not stand on the level's floors. `game`: whose rules decide the
/// lists stored, when the user named it (`None`: the file's and the map's). After an error
/// `doc` may be partly changed (its BSP size, the stages before a cancel): callers write what
/// they had before, or nothing.
pub fn analyse(
    doc: &mut navforge_source::SourceNavDocument,
    level: &navforge_level::Level,
    level_path: &Path,
    stages: &[Stage],
    view_distance: Option<f32>,
    game: Option<navforge::Game>,
) -> Result<navforge_analyze::Report, navforge_analyze::AnalyzeError> {
    // Analysed against this BSP: the header names its size (another level leaves it as it is).
    if let Some(size) = level.bsp_size() {
        doc.set_bsp_size(size);
    }
    let bars = crate::progress::Bars::counts();
    let report = navforge_analyze::analyze(
        doc,
        level,
        &AnalyzeOptions {
            stages,
            context: &bars,
            view_distance,
            game,
        },
    );
    bars.finish();
    let report = report?;
    if report.off_floor_share > 0.25 {
        eprintln!(
            "warning: {:.0}% of the areas are not on any floor of {}: is it the right map?",
            report.off_floor_share * 100.0,
            level_path.display()
        );
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Each stage keeps its order, time and traces (a stage with none says 0), the seconds add
    /// up, and the lists not stored keep their order.
    #[test]
    fn report_json_gives_each_stage_its_own_time_and_traces() {
        let run = |stage, millis, traces| navforge_analyze::StageRun {
            stage,
            time: Duration::from_millis(millis),
            traces,
        };
        let report = navforge_analyze::Report {
            hiding_spots: 3,
            encounter_paths: 5,
            stages: vec![
                run(Stage::Hiding, 250, 9),
                run(Stage::Encounter, 500, 70),
                run(Stage::Occupy, 125, 0),
            ],
            skipped: vec![Stage::Visibility, Stage::Approach],
            ..Default::default()
        };
        let json = report_json(&report);
        assert_eq!(
            json["stages"],
            serde_json::json!([
                {"stage": "hiding", "seconds": 0.25, "traces": 9},
                {"stage": "encounter", "seconds": 0.5, "traces": 70},
                {"stage": "occupy", "seconds": 0.125, "traces": 0},
            ])
        );
        assert_eq!(json["seconds"], 0.875);
        assert_eq!(
            json["not_stored"],
            serde_json::json!(["visibility", "approach"])
        );
        assert_eq!(json["hiding_spots"], 3);
        assert_eq!(json["encounter_paths"], 5);
    }
}
