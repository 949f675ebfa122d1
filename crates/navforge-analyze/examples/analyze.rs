//! Analyse a nav against its map and print how it compares with the file's own analysis:
//! `cargo run --release -p navforge-analyze --example analyze -- IN.nav MAP.bsp [OUT.nav] [--diff]`.

use navforge_analyze::{AnalyzeOptions, analyze, compare};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceNavDocument;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(nav), Some(map)) = (args.first(), args.get(1)) else {
        eprintln!("usage: analyze IN.nav MAP.bsp [OUT.nav] [--diff]");
        return Ok(());
    };
    let reference = SourceNavDocument::read(&std::fs::read(nav)?)?;
    let level = Level::load(&std::fs::read(map)?, &LoadOptions::default())?;
    let mut ours = reference.clone();
    let t = std::time::Instant::now();
    let report = analyze(&mut ours, &level, &AnalyzeOptions::default())?;
    println!("analysed in {:.3} s: {report:?}", t.elapsed().as_secs_f64());
    println!("{:?}", compare(&reference, &ours, 24.0));
    if args.iter().any(|a| a == "--diff") {
        for (r, o) in reference.areas.iter().zip(&ours.areas) {
            let rs: Vec<u32> = r.approach_areas.iter().map(|x| x.here).collect();
            let os: Vec<u32> = o.approach_areas.iter().map(|x| x.here).collect();
            if rs != os {
                println!(
                    "area {} attr {:#x}: game {:?} ours {:?}",
                    r.id, r.attributes, rs, os
                );
            }
        }
    }
    if let Some(pos) = args.iter().position(|a| a == "--area") {
        for id in args[pos + 1..].iter().filter_map(|a| a.parse::<u32>().ok()) {
            let m = navforge_analyze::geom::Mesh::from_document(&reference);
            if let (Some(i), Some(eye)) = (
                reference.area_index(id),
                reference.area_index(id).and_then(|i| {
                    navforge_analyze::approach::Rules::for_version(reference.version)
                        .eye(&m, i, &level)
                }),
            ) {
                let far = navforge_analyze::approach::far_areas(&m);
                let rules = navforge_analyze::approach::Rules::for_version(reference.version);
                let vis: Vec<u32> = far
                    .iter()
                    .filter(|&&j| rules.sees_area(&m, &level, eye, j))
                    .map(|&j| m.areas[j].id)
                    .collect();
                for (k, x) in reference.areas[i].approach_areas.iter().enumerate() {
                    let v = |id: u32| {
                        m.areas
                            .iter()
                            .position(|a| a.id == id)
                            .map(|j| rules.sees_area(&m, &level, eye, j))
                    };
                    println!(
                        "  game approach {k}: prev {} {:?} here {} {:?} next {} {:?}",
                        x.prev,
                        v(x.prev),
                        x.here,
                        v(x.here),
                        x.next,
                        v(x.next)
                    );
                }
                println!(
                    "area {id} (index {i}) eye {eye:?}: {} of {} far areas visible: {vis:?}",
                    vis.len(),
                    far.len()
                );
            }
            if let Some(a) = reference.area(id) {
                println!(
                    "area {id}: nw {:?} se {:?} attr {:#x} links {:?} approach {:?}",
                    a.north_west,
                    a.south_east,
                    a.attributes,
                    a.connections.iter().collect::<Vec<_>>(),
                    a.approach_areas
                );
            }
        }
        // GoldSrc files store no ladders: show those the analysis rebuilds from the map.
        let mut mesh = navforge_analyze::geom::Mesh::from_document(&reference);
        if reference.version <= 5 {
            let built = navforge_analyze::ladders::of_level(&mesh, &level);
            for (v, l) in level.ladders().iter().zip(built) {
                let id = |i: Option<usize>| i.map(|i| mesh.areas[i].id);
                println!(
                    "func_ladder #{}: facing {:?} length {} bottom {:?} tops {:?} dangling {}",
                    v.entity,
                    l.facing,
                    l.length,
                    id(l.bottom),
                    l.tops.map(id),
                    l.dangling
                );
            }
            mesh.add_level_ladders(&level);
        }
        for a in &mesh.areas {
            for l in &a.ladders {
                println!(
                    "ladder from {} to {} how {} len {}",
                    a.id, mesh.areas[l.0].id, l.1, l.2
                );
            }
        }
    }
    if let Some(out) = args.get(2).filter(|a| !a.starts_with("--")) {
        std::fs::write(out, ours.write()?)?;
    }
    Ok(())
}
