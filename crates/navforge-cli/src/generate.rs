//! `navforge generate`: a Source-style mesh from a level, in the game's manner.

use crate::{Failure, read_file, write_file};
use navforge_core::NavDocument;
use navforge_generate::GenerateOptions;
use navforge_level::{Family, Level, LoadOptions};
use navforge_source::{SourceBuildOptions, SourceNavDocument};
use std::path::{Path, PathBuf};

/// What the user asked `generate` for.
pub struct Request<'a> {
    pub level: &'a Path,
    pub output: &'a Path,
    pub format: Option<navforge::Format>,
    pub game: Option<navforge::Game>,
    pub marks: &'a [String],
    pub seed_everywhere: bool,
    pub scale: f32,
    pub json: bool,
    /// Analyse the new mesh against the same level before writing it (`--analyze`).
    pub analyze: bool,
    /// Grow this existing mesh instead of starting afresh (`--incremental`).
    pub incremental: Option<&'a Path>,
    /// Folders holding the props' collision models (`--content`).
    pub content: &'a [PathBuf],
}

pub fn run(r: &Request) -> Result<(), Failure> {
    crate::json_beside_output(r.output, r.json)?;
    let marks = r
        .marks
        .iter()
        .map(|m| parse_point(m))
        .collect::<Result<Vec<_>, _>>()?;
    if !(r.scale.is_finite() && r.scale > 0.0) {
        return Err(Failure::Usage(format!(
            "--scale {} must be above 0",
            r.scale
        )));
    }
    let data = read_file(r.level)?;
    if let Some(format) = crate::generate_graph::wanted(r.format, r.output, &data)? {
        let given = r.analyze || !marks.is_empty() || r.seed_everywhere || r.incremental.is_some();
        refuse_source_only_flags(given, "a Quake waypoint graph covers every reachable floor")?;
        return crate::generate_graph::run(r.level, &data, r.output, format, r.json);
    }
    // Doors left out, as the games' generators walk through them.
    let content = navforge_level::Content {
        folders: r.content.to_vec(),
    };
    let level = Level::load_with_content(&data, &navforge_generate::load_options(), &content)
        .map_err(|e| Failure::file(r.level, e))?;
    let existing = match r.incremental {
        Some(path) => {
            let doc =
                SourceNavDocument::read(&read_file(path)?).map_err(|e| Failure::file(path, e))?;
            Some((path, doc))
        }
        None => None,
    };
    let choice = choose_game(r.game, existing.as_ref().map(|(_, d)| d), &level);
    let game = choice.game;
    let opts = options(game, r.scale, &marks, r.seed_everywhere)?;
    let bars = crate::progress::Bars::spinners();
    let out = match &existing {
        Some((path, doc)) => {
            if opts.config.marks.is_empty() {
                return Err(Failure::Usage(format!(
                    "--incremental {}: give the spots to grow from with --mark",
                    path.display()
                )));
            }
            navforge_generate::generate_incremental(&level, doc, &opts, &bars)
        }
        None => navforge_generate::generate_in(&level, &opts, &bars),
    }
    .map_err(|e| {
        // An area of the existing mesh is the .nav's fault, not the level's: name that file.
        let blame = match (&e, &existing) {
            (navforge_generate::GenerateError::AreaExtent { .. }, Some((path, _))) => *path,
            _ => r.level,
        };
        Failure::file(blame, e)
    })?;
    bars.finish();
    // With --analyze: the analysis goes into the same document, written once.
    let mut document = out.document;
    let analysis = match r.analyze {
        // Analysis sees the level as placed (doors closed), as `navforge analyze` loads it.
        true => {
            let placed = Level::load_with_content(&data, &LoadOptions::default(), &content)
                .map_err(|e| Failure::file(r.level, e))?;
            let stages = navforge_analyze::Stage::ALL;
            Some(crate::analyze::analyse(
                &mut document,
                &placed,
                r.level,
                &stages,
                None,
                Some(game),
            ))
        }
        false => None,
    };
    // A mesh the analysis refuses (past its bounds) is still written, unanalysed, and says why.
    let analysis = analysis.map(|a| {
        a.inspect_err(|e| eprintln!("warning: {}: not analysed: {e}", r.output.display()))
    });
    let bytes = match &analysis {
        Some(Ok(_)) => {
            navforge_core::NavDocument::write(&document).map_err(|e| Failure::file(r.output, e))?
        }
        _ => out.bytes,
    };
    write_file(r.output, &bytes)?;
    if r.json {
        let mut stats = serde_json::to_value(&out.stats).unwrap_or_default();
        stats["game"] = choice.json();
        match &analysis {
            Some(Ok(a)) => stats["analysis"] = crate::analyze::report_json(a),
            Some(Err(e)) => stats["analysis"] = serde_json::json!({ "error": e.to_string() }),
            None => {}
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&stats).unwrap_or_default()
        );
    } else {
        eprintln!(
            "{}: {} areas, {} connections, {} ladders ({} v{})",
            r.output.display(),
            out.stats.areas,
            out.stats.connections,
            out.stats.ladders,
            game,
            document.version
        );
        if let (_, Some(why)) = choice.reason() {
            eprintln!("{}: game: {game} ({why})", r.output.display());
        }
        eprintln!("{}: {}", r.output.display(), out.stats.seed_source);
        if let Some(line) = pieces_line(&out.stats.pieces) {
            eprintln!("{}: {line}", r.output.display());
        }
        for line in crate::props_lines(&level) {
            eprintln!("{}: {line}", r.level.display());
        }
        if let Some(Ok(a)) = &analysis {
            eprintln!("{}: {}", r.output.display(), a.summary());
        }
    }
    Ok(())
}

/// A warning when the mesh falls apart into pieces bots cannot walk between (`pieces`: their
/// areas, largest first), naming the largest few.
fn pieces_line(pieces: &[usize]) -> Option<String> {
    const SHOWN: usize = 4;
    if pieces.len() < 2 {
        return None;
    }
    let sizes: Vec<String> = pieces.iter().take(SHOWN).map(usize::to_string).collect();
    let more = match pieces.len().saturating_sub(SHOWN) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    Some(format!(
        "warning: {} pieces that bots cannot walk between ({}{more} areas; `navforge check` lists \
         the areas cut off)",
        pieces.len(),
        sizes.join(", ")
    ))
}

/// The game `generate` builds for and what chose it.
struct GameChoice {
    game: navforge::Game,
    by: ChosenBy,
}

/// What chose the game, when `--game` did not.
enum ChosenBy {
    /// `--game`.
    Given,
    /// An entity class of the map ([`navforge_core::map_game`]).
    MapEntity(String),
    /// A GoldSrc map: Counter-Strike 1.6, the GoldSrc game with bots that read `.nav` files.
    GoldSrcMap,
    /// The `--incremental` mesh is version 5, which only CS 1.6 and Condition Zero write.
    ExistingMesh,
    /// A Source map with no game's classes: HL2DM, the plain Source multiplayer game.
    Default,
    /// Not a Source map (OBJ, glTF, a Quake map written as a Source mesh): HL2DM too.
    NotSource,
}

/// The game: `--game` when `given`, else the one the `existing` mesh's version implies, else
/// the one the map's entities name ([`navforge_core::map_game::detect`]), else HL2DM.
fn choose_game(
    given: Option<navforge::Game>,
    existing: Option<&SourceNavDocument>,
    level: &Level,
) -> GameChoice {
    use navforge::Game;
    let (game, by) = match given {
        Some(g) => (g, ChosenBy::Given),
        None if existing.is_some_and(|d| d.version <= 5) => (Game::Cs16, ChosenBy::ExistingMesh),
        None if level.family() == Family::GoldSrc => (Game::Cs16, ChosenBy::GoldSrcMap),
        None if level.family() == Family::Source => {
            match navforge_core::map_game::detect(level.entity_classes(), level.version()) {
                Some(m) => (m.game, ChosenBy::MapEntity(m.class)),
                None => (Game::Hl2dm, ChosenBy::Default),
            }
        }
        None => (Game::Hl2dm, ChosenBy::NotSource),
    };
    GameChoice { game, by }
}

impl GameChoice {
    /// What chose the game, as `--json` names it, and why, for the summary line (`None` when
    /// `--game` named it).
    fn reason(&self) -> (&'static str, Option<String>) {
        let (key, why) = match &self.by {
            ChosenBy::Given => return ("option", None),
            ChosenBy::MapEntity(class) => ("map_entity", format!("from {class}")),
            ChosenBy::GoldSrcMap => ("goldsrc_map", "a GoldSrc map".to_string()),
            ChosenBy::ExistingMesh => ("existing_mesh", "the existing mesh is version 5".into()),
            ChosenBy::Default => ("default", "no game's entities found".to_string()),
            ChosenBy::NotSource => ("not_source", "not a Source map".to_string()),
        };
        (key, Some(format!("{why}; --game chooses another")))
    }

    /// `{"name": "tf2", "chosen_by": "map_entity", "class": "info_player_teamspawn"}`.
    fn json(&self) -> serde_json::Value {
        let class = match &self.by {
            ChosenBy::MapEntity(class) => Some(class.as_str()),
            _ => None,
        };
        let (by, _) = self.reason();
        serde_json::json!({ "name": self.game.name(), "chosen_by": by, "class": class })
    }
}

/// The options `generate` builds a Source-style mesh of `game` with: the game's constants
/// (every length times `scale`), seeded from the level's spawns and ladders, the walkable
/// `marks`, and every floor when `everywhere`.
pub fn options(
    game: navforge::Game,
    scale: f32,
    marks: &[[f32; 3]],
    everywhere: bool,
) -> Result<GenerateOptions, Failure> {
    let build =
        SourceBuildOptions::from_game(game, None).map_err(|e| Failure::Usage(e.to_string()))?;
    let mut opts = GenerateOptions::for_game_scaled(build.game(), scale);
    opts.build = build;
    opts.config.marks = marks.iter().copied().map(glam::Vec3::from_array).collect();
    opts.config.everywhere = everywhere;
    opts.config
        .validate()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    Ok(opts)
}

/// `--mark`, `--seed-everywhere`, `--incremental` and `--analyze` drive Source-style generation
/// only: refused when `given` for another target, with `why` it needs none of them.
pub fn refuse_source_only_flags(given: bool, why: &str) -> Result<(), Failure> {
    if given {
        return Err(Failure::Usage(format!(
            "--mark, --seed-everywhere, --incremental and --analyze are for Source-style \
             generation; {why}"
        )));
    }
    Ok(())
}

/// `--mark X,Y,Z` as a point, read by the one X,Y,Z parser.
fn parse_point(text: &str) -> Result<[f32; 3], Failure> {
    navforge_core::xyz::parse(text).map_err(|e| Failure::Usage(format!("--mark: {e}")))
}

#[cfg(test)]
mod tests {
    use super::pieces_line;

    #[test]
    fn pieces_are_named_largest_first_and_the_rest_counted() {
        assert_eq!(pieces_line(&[]), None);
        assert_eq!(pieces_line(&[12]), None);
        assert_eq!(
            pieces_line(&[728, 91]).unwrap(),
            "warning: 2 pieces that bots cannot walk between (728, 91 areas; `navforge check` \
             lists the areas cut off)"
        );
        assert!(pieces_line(&[9, 5, 4, 3, 2, 1]).unwrap().starts_with(
            "warning: 6 pieces that bots cannot walk between (9, 5, 4, 3 and 2 more areas;"
        ));
    }
}
