//! `navforge generate LEVEL -o OUT --format tes-plugin|mgsv-nav2|obj|glb`: a Recast-style
//! triangle navmesh, written through the formats' own builders.

use crate::{Failure, read_file, write_file};
use navforge_core::Format;
use navforge_level::{Family, Level, LoadOptions};
use navforge_trimesh::{self as navmesh, NavmeshConfig, NavmeshStage, units};
use std::path::Path;

/// The formats made of triangles that `generate` writes.
pub const FORMATS: [Format; 4] = [
    Format::TesPlugin,
    Format::MgsvNav2,
    Format::Obj,
    Format::Glb,
];

/// The agent and voxel settings of a triangle navmesh, in the output format's units: Bethesda
/// units (1/64 yard) for tes-plugin, metres for mgsv-nav2, the level's own for obj and glb.
#[derive(clap::Args, Debug, Default)]
#[command(next_help_heading = "Triangle navmesh (tes-plugin, mgsv-nav2, obj, glb)")]
pub struct Args {
    /// Agent radius: the navmesh keeps this far from walls (Skyrim 20, MGSV 0.4)
    #[arg(long, allow_negative_numbers = true)]
    pub agent_radius: Option<f32>,
    /// Agent height: the headroom a floor needs (Skyrim 128, MGSV 1.8)
    #[arg(long, allow_negative_numbers = true)]
    pub agent_height: Option<f32>,
    /// Highest step the agent walks up (Skyrim 32, MGSV 0.5)
    #[arg(long, allow_negative_numbers = true)]
    pub max_climb: Option<f32>,
    /// Steepest walkable slope in degrees (45)
    #[arg(long, allow_negative_numbers = true)]
    pub max_slope: Option<f32>,
    /// Voxel size across (Skyrim 10, MGSV 0.2); smaller is finer and slower
    #[arg(long, allow_negative_numbers = true)]
    pub cell_size: Option<f32>,
    /// Voxel size up (Skyrim 8, MGSV 0.1)
    #[arg(long, allow_negative_numbers = true)]
    pub cell_height: Option<f32>,
    /// Metres per level unit (default: 1 for OBJ and glTF, 0.0254 for BSPs)
    #[arg(long, value_name = "METRES", allow_negative_numbers = true)]
    pub level_unit: Option<f32>,
}

/// What the user asked for.
pub struct Request<'a> {
    pub level: &'a Path,
    pub output: &'a Path,
    pub format: Format,
    pub game: Option<navforge::Game>,
    pub json: bool,
    pub args: &'a Args,
    /// A Source-only flag (`--mark`, `--seed-everywhere`, `--incremental`, `--analyze`) was given.
    pub source_flags: bool,
}

/// The triangle format `--format` or OUT's extension names, if any.
pub fn triangle_format(format: Option<Format>, output: &Path) -> Option<Format> {
    let format = match format {
        Some(format) => format,
        None => {
            let ext = output.extension()?.to_str()?;
            Format::from_extension(ext).find(|f| FORMATS.contains(f))?
        }
    };
    FORMATS.contains(&format).then_some(format)
}

pub fn run(r: &Request) -> Result<(), Failure> {
    crate::generate::refuse_source_only_flags(
        r.source_flags,
        &format!(
            "{} is a triangle navmesh of every walkable surface",
            r.format
        ),
    )?;
    crate::convert::refuse_overwriting_input(r.level, r.output)?;
    let game = game_for(r.format, r.game)?;
    let data = read_file(r.level)?;
    let level =
        Level::load(&data, &LoadOptions::default()).map_err(|e| Failure::file(r.level, e))?;
    let level_unit = match r.args.level_unit {
        Some(u) if u.is_finite() && u > 0.0 => u,
        Some(u) => return Err(Failure::Usage(format!("--level-unit {u} must be above 0"))),
        None => navmesh::level_unit(&level),
    };
    // Settings are given in the output's units; the pipeline works in the level's.
    let (config, to_output) = settings(r.format, &level, level_unit, r.args)?;
    config
        .validate()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let bars = crate::progress::Bars::steps("navmesh", &NavmeshStage::NAMES);
    let built = navmesh::build_navmesh_in(&level, &config, &bars);
    bars.finish();
    let built = built.map_err(|e| Failure::file(r.level, e))?;
    let model = navmesh::in_units(&built.to_model(), to_output);
    let (bytes, dropped) = match r.format {
        Format::Obj => {
            // The level's own up axis: Y for OBJ and glTF levels, Z for BSPs.
            let up = if matches!(level.family(), Family::Obj | Family::Gltf) {
                navforge_export::UpAxis::Y
            } else {
                navforge_export::UpAxis::Z
            };
            let text = navforge_export::to_obj(&model, &navforge_export::ObjOptions { up });
            (text.into_bytes(), Vec::new())
        }
        Format::Glb => (navforge_export::to_glb(&model), Vec::new()),
        format => {
            let out = navforge::build(format, &model, &navforge::BuildOptions::new(game, None))
                .map_err(|e| Failure::file(r.output, e))?;
            (out.bytes, out.dropped)
        }
    };
    write_file(r.output, &bytes)?;
    let stats = &built.stats;
    if r.json {
        let summary = serde_json::json!({
            "output": r.output.display().to_string(),
            "format": r.format.name(),
            "game": game_json(r.format, game),
            "level_unit_metres": level_unit,
            "output_units_per_level_unit": to_output,
            "config": config,
            "stats": stats,
            "dropped": dropped.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
            "bytes": bytes.len(),
        });
        let mut text = serde_json::to_string_pretty(&summary).unwrap_or_default();
        text.push('\n');
        write_file(Path::new("-"), text.as_bytes())?;
    } else {
        eprintln!(
            "{}: {} triangles ({} shared edges, {} connected groups) from {} polygons, {:.0} ms",
            r.output.display(),
            stats.triangles,
            stats.shared_edges,
            stats.components,
            stats.polygons,
            stats.total_seconds() * 1e3
        );
        for d in dropped {
            eprintln!("warning: the output cannot hold {d}");
        }
    }
    Ok(())
}

/// The game `--game` names, where the format has games: Bethesda plugins for Skyrim SE (the
/// default), Skyrim LE or Fallout 4.
fn game_for(
    format: Format,
    game: Option<navforge::Game>,
) -> Result<Option<navforge::Game>, Failure> {
    let Some(game) = game else {
        return Ok(None);
    };
    let name = game.name();
    match format {
        Format::TesPlugin if game.format() == Format::TesPlugin => Ok(Some(game)),
        Format::TesPlugin => Err(Failure::Usage(format!(
            "--game {name}: plugins are written for skyrim-se, skyrim-le, fo4"
        ))),
        Format::MgsvNav2 if game.format() == Format::MgsvNav2 => Ok(None),
        _ => Err(Failure::Usage(format!(
            "--game {name} does not apply to {format}"
        ))),
    }
}

/// `--json`'s `game`, shaped as Source generation's (`{"name", "chosen_by", "class"}`): the
/// game a plugin is written for (`game`, which [`game_for`] gives only when `--game` named it;
/// else Skyrim SE, the plugin builder's default); `null` for the formats that are no game's.
fn game_json(format: Format, game: Option<navforge::Game>) -> serde_json::Value {
    if format != Format::TesPlugin {
        return serde_json::Value::Null;
    }
    let (game, by) = match game {
        Some(g) => (g, "option"),
        None => (navforge::Game::SkyrimSe, "default"),
    };
    serde_json::json!({ "name": game.name(), "chosen_by": by, "class": null })
}

/// The pipeline's settings in level units, and the factor from level units to the output's.
fn settings(
    format: Format,
    level: &Level,
    level_unit: f32,
    args: &Args,
) -> Result<(NavmeshConfig, f32), Failure> {
    // Output units in metres: the format's own, or the level's for OBJ/GLB.
    let output_unit = match format {
        Format::TesPlugin => units::BETHESDA,
        Format::MgsvNav2 => units::METRE,
        _ => level_unit,
    };
    let to_level = output_unit / level_unit;
    let mut config = NavmeshConfig::for_output(format, level, level_unit);
    // Each flag is in output units.
    let given = |v: Option<f32>, name: &str| -> Result<Option<f32>, Failure> {
        match v {
            Some(x) if !x.is_finite() || x < 0.0 => Err(Failure::Usage(format!(
                "--{name} {x} must be a number, 0 or more"
            ))),
            other => Ok(other.map(|x| x * to_level)),
        }
    };
    if let Some(r) = given(args.agent_radius, "agent-radius")? {
        config.agent_radius = r;
    }
    if let Some(h) = given(args.agent_height, "agent-height")? {
        config.agent_height = h;
    }
    if let Some(c) = given(args.max_climb, "max-climb")? {
        config.max_climb = c;
    }
    if let Some(s) = args.max_slope {
        config.max_slope = s;
    }
    let cell_height = given(args.cell_height, "cell-height")?.unwrap_or(config.cell_height);
    if let Some(cs) = given(args.cell_size, "cell-size")? {
        // Region sizes, edge lengths and sample spacing follow the cell size, as by default.
        config = NavmeshConfig {
            max_columns: config.max_columns,
            ..NavmeshConfig::for_agent(
                config.agent_radius,
                config.agent_height,
                config.max_climb,
                config.max_slope,
                cs,
                cell_height,
            )
        };
    } else if args.cell_height.is_some() {
        config.cell_height = cell_height;
        config.detail_max_error = cell_height;
    }
    Ok((config, 1.0 / to_level))
}
