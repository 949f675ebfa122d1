//! Analysis of the synthetic town (see `tests/common/city.rs`) at several sizes: one line per
//! size, rules and stage, with the mesh's areas, links, far areas and spots.
//!
//! `cargo run --release -p navforge-analyze --example town -- [--bsp] 4,6,8,10 [goldsrc|css-v9|css-v16|all] [OUT_DIR]`
//! (with OUT_DIR it writes each town's `town_N.obj` (`town_N.bsp` with `--bsp`) and its
//! analysed `town_N_RULES.nav` there, for `navforge analyze` and `render --level`). `--bsp`
//! loads the town as a Source map of brushes, as compiled maps collide, instead of the OBJ's
//! triangles (not with `--guides` or `--count`, which take the OBJ town and the files given).
//!
//! `town --guides 4,6`: the approach stage alone on each GoldSrc town, steered by the straight
//! line and by the exact distance, with the time, the entries and how many areas' lists differ.
//! `town --count NAV..`: areas, links and far areas of other meshes.

#[path = "../tests/common/city.rs"]
mod city;

use std::time::Instant;

use navforge_analyze::{AnalyzeOptions, analyze};
use navforge_core::NavDocument;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let brushes = args.first().map(String::as_str) == Some("--bsp");
    if brushes {
        args.remove(0);
    }
    if args.first().map(String::as_str) == Some("--count") {
        // The same counts for other meshes (the corpus's), to compare the town's shape with.
        for nav in &args[1..] {
            let doc = navforge_source::SourceNavDocument::read(&std::fs::read(nav)?)?;
            let (areas, links, far) = counts(&doc);
            println!("{nav}\t{areas}\t{links}\t{far}");
        }
        return Ok(());
    }
    if args.first().map(String::as_str) == Some("--guides") {
        return guides(args.get(1).map_or("4,6", String::as_str));
    }
    let sizes = args.first().map_or("4,6,8,10", String::as_str);
    let rules: Vec<city::Rules> = match args.get(1).map(String::as_str) {
        None | Some("all") => city::Rules::ALL.to_vec(),
        Some(name) => city::Rules::ALL
            .into_iter()
            .filter(|r| r.name() == name)
            .collect(),
    };
    let out_dir = args.get(2).map(std::path::PathBuf::from);
    println!("blocks\trules\tareas\tlinks\tfar\tspots\tstage\tseconds\ttraces");
    for n in sizes.split(',') {
        let n: usize = n.parse()?;
        let town = city::city(n);
        let level = if brushes {
            town.brush_level()
        } else {
            town.level()
        };
        if let Some(dir) = &out_dir {
            if brushes {
                std::fs::write(dir.join(format!("town_{n}.bsp")), town.to_vbsp())?;
            } else {
                std::fs::write(dir.join(format!("town_{n}.obj")), town.to_obj())?;
            }
        }
        for &r in &rules {
            let t = Instant::now();
            let mut doc = city::generated(&town, &level, r);
            let generated = t.elapsed().as_secs_f64();
            let (areas, links, far) = counts(&doc);
            let t = Instant::now();
            let options = AnalyzeOptions {
                game: r.game(),
                ..AnalyzeOptions::default()
            };
            let report = analyze(&mut doc, &level, &options)?;
            let wall = t.elapsed().as_secs_f64();
            let line = |stage: &str, secs: f64, traces: u64| {
                println!(
                    "{n}\t{}\t{areas}\t{links}\t{far}\t{}\t{stage}\t{secs:.3}\t{traces}",
                    r.name(),
                    report.hiding_spots
                )
            };
            line("generate", generated, 0);
            for run in &report.stages {
                line(run.stage.name(), run.time.as_secs_f64(), run.traces);
            }
            line(
                "all",
                wall,
                report.stages.iter().map(|run| run.traces).sum(),
            );
            eprintln!("{n} {}: {}", r.name(), report.summary());
            if let Some(dir) = &out_dir {
                std::fs::write(dir.join(format!("town_{n}_{}.nav", r.name())), doc.write()?)?;
            }
        }
    }
    Ok(())
}

/// A mesh's areas, links and far areas (200 units or more on both sides: the approach
/// stage's goals).
fn counts(doc: &navforge_source::SourceNavDocument) -> (usize, usize, usize) {
    let links = doc.areas.iter().map(|a| a.connections.len()).sum();
    let far = doc
        .areas
        .iter()
        .filter(|a| {
            let w = a.south_east[0].get() - a.north_west[0].get();
            let h = a.south_east[1].get() - a.north_west[1].get();
            w >= 200.0 && h >= 200.0
        })
        .count();
    (doc.areas.len(), links, far)
}

/// The approach stage on each size's GoldSrc town under both guides.
fn guides(sizes: &str) -> Result<(), Box<dyn std::error::Error>> {
    use navforge_analyze::approach::{self, Guide, Rules, Search};
    println!("blocks\tareas\tfar\tguide\tseconds\tentries\tareas_differing");
    for n in sizes.split(',') {
        let n: usize = n.parse()?;
        let town = city::city(n);
        let level = town.level();
        let doc = city::generated(&town, &level, city::Rules::GoldSrc);
        let mesh = navforge_analyze::geom::Mesh::from_document(&doc);
        let far = approach::far_areas(&mesh);
        let mut lists = Vec::new();
        for guide in [Guide::Line, Guide::Exact] {
            let t = Instant::now();
            // As the analysis takes them, with the guide chosen.
            let per_area = approach::mesh_approaches(
                &mesh,
                (&far, &level),
                Rules::GoldSrc,
                Search::with_guide(&mesh, guide),
                &|_| {},
            );
            let secs = t.elapsed().as_secs_f64();
            let entries: usize = per_area.iter().map(Vec::len).sum();
            let differing = lists
                .first()
                .map_or(0, |first: &Vec<Vec<approach::Approach>>| {
                    first.iter().zip(&per_area).filter(|(a, b)| a != b).count()
                });
            println!(
                "{n}\t{}\t{}\t{guide:?}\t{secs:.3}\t{entries}\t{differing}",
                mesh.areas.len(),
                far.len()
            );
            lists.push(per_area);
        }
    }
    Ok(())
}
