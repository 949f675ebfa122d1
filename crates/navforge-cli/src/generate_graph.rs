//! `navforge generate LEVEL -o OUT --format quake-nav|quake2-nav`: a Quake bot waypoint graph
//! from a Quake or Quake II map (the format also follows from OUT's extension).

use crate::{Failure, write_file};
use navforge_core::{Format, LevelKind};
use navforge_level::Level;
use navforge_quake_graph::{
    GraphDocument, GraphFormat, QuakeGraphOptions, generate_graph_in, load_options,
};
use std::path::Path;

/// The graph format asked for, if any: `--format`, else a `.navjson` output, else a `.nav`
/// output from a Quake-family map (`None`: not a graph, `generate` makes a Source mesh).
pub fn wanted(
    format: Option<Format>,
    output: &Path,
    level: &[u8],
) -> Result<Option<GraphFormat>, Failure> {
    let ext = output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match format {
        Some(Format::QuakeNav) => return Ok(Some(GraphFormat::Nav2(18))),
        Some(Format::Quake2Nav) => return Ok(Some(GraphFormat::Nav3)),
        Some(Format::SourceNav) => return Ok(None),
        Some(other) => {
            return Err(Failure::Usage(format!(
                "--format {other}: generate writes source-nav, quake-nav or quake2-nav"
            )));
        }
        None => {}
    }
    if ext.as_deref() == Some("navjson") {
        return Ok(Some(GraphFormat::Nav2(18)));
    }
    if ext.as_deref() != Some("nav") {
        return Ok(None);
    }
    // `.nav` is every game's: the map decides, by the level table.
    Ok(match LevelKind::sniff_bsp(level) {
        Some(LevelKind::Quake | LevelKind::QuakeBsp2) => Some(GraphFormat::Nav2(18)),
        Some(LevelKind::Quake2) => Some(GraphFormat::Nav3),
        _ => None,
    })
}

pub fn run(
    path: &Path,
    data: &[u8],
    output: &Path,
    format: GraphFormat,
    json: bool,
) -> Result<(), Failure> {
    let level = Level::load(data, &load_options()).map_err(|e| Failure::file(path, e))?;
    let opts = QuakeGraphOptions::for_level(&level).with_format(format);
    let bars = crate::progress::Bars::spinners();
    let out = generate_graph_in(&level, &opts, &bars).map_err(|e| Failure::file(path, e))?;
    bars.finish();
    let navjson = output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("navjson"));
    let bytes = match (&out.document, navjson) {
        (GraphDocument::Nav2(doc), true) => navforge_quake::to_navjson(doc)
            .map_err(|e| Failure::file(output, e))?
            .into_bytes(),
        (_, true) => {
            return Err(Failure::Usage(
                ".navjson holds Quake 2021 graphs; write quake2-nav to a .nav".into(),
            ));
        }
        _ => out.bytes.clone(),
    };
    write_file(output, &bytes)?;
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&out.stats).unwrap_or_default()
        );
    } else {
        let what = match format {
            GraphFormat::Nav2(v) => format!("quake-nav v{v}"),
            GraphFormat::Nav3 => "quake2-nav v6".into(),
        };
        eprintln!(
            "{}: {} nodes, {} links ({}), {} traversals, {} edicts ({what}) in {:.2} s",
            output.display(),
            out.stats.nodes,
            out.stats.links,
            out.stats
                .link_types
                .iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect::<Vec<_>>()
                .join(", "),
            out.stats.traversals,
            out.stats.edicts,
            out.stats.total().as_secs_f64()
        );
    }
    Ok(())
}
