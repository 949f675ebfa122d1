//! Per-stage times of an analysis, and how they grow with the mesh:
//!
//! `cargo run --release -p navforge-analyze --example stages -- MAP.nav MAP.bsp [OUT.nav]`
//! prints each stage's wall time and traces; with `--grow 250,500,1000` instead of `OUT.nav` it
//! analyses the first 250, 500, ... areas of the file (links to the areas left out dropped) and
//! prints one line per size and stage, with the spots and links of the sub-mesh, to show how
//! each stage's time grows. `--no-vis` first drops the map's VIS data (a map compiled without
//! `vis`: no PVS culls a sight line).

use navforge_analyze::{AnalyzeOptions, analyze};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceNavDocument;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let no_vis = args.iter().any(|a| a == "--no-vis");
    args.retain(|a| a != "--no-vis");
    let [nav, bsp, rest @ ..] = args.as_slice() else {
        return Err("usage: stages [--no-vis] MAP.nav MAP.bsp [OUT.nav | --grow N,N,..]".into());
    };
    let doc = SourceNavDocument::read(&std::fs::read(nav)?)?;
    let mut level = Level::load(&std::fs::read(bsp)?, &LoadOptions::default())?;
    if no_vis {
        level = level.without_vis();
    }
    if let [flag, sizes] = rest
        && flag == "--grow"
    {
        println!("areas\tlinks\tspots\tstage\tseconds\ttraces");
        for n in sizes.split(',') {
            let n: usize = n.parse()?;
            let mut sub = doc.clone();
            sub.areas.truncate(n);
            let report = analyze(&mut sub, &level, &AnalyzeOptions::default())?;
            let ids: std::collections::HashSet<u32> = sub.areas.iter().map(|a| a.id).collect();
            let links: usize = sub
                .areas
                .iter()
                .flat_map(|a| a.connections.iter())
                .filter(|(_, id)| ids.contains(id))
                .count();
            for run in &report.stages {
                println!(
                    "{}\t{links}\t{}\t{}\t{:.3}\t{}",
                    sub.areas.len(),
                    report.hiding_spots,
                    run.stage.name(),
                    run.time.as_secs_f64(),
                    run.traces
                );
            }
        }
        return Ok(());
    }
    let mut doc = doc;
    let report = analyze(&mut doc, &level, &AnalyzeOptions::default())?;
    for run in &report.stages {
        println!(
            "{:<10} {:>8.3} s {:>12} traces",
            run.stage.name(),
            run.time.as_secs_f64(),
            run.traces
        );
    }
    println!(
        "areas {} hiding {} encounter {} approach {} visible {} skipped {:?}",
        doc.areas.len(),
        report.hiding_spots,
        report.encounter_paths,
        report.approach_areas,
        report.visible_pairs,
        report.skipped
    );
    if let Some(out) = rest.first() {
        std::fs::write(out, doc.write()?)?;
    }
    Ok(())
}
