//! Print generated areas the game's nav does not cover (for tuning): `debug_pair MAP.bsp MAP.nav`.
use navforge_core::NavDocument;
use navforge_core::model::{Area, NavMesh};
use navforge_generate::compare::agreement;
use navforge_generate::{GenerateOptions, find_seeds, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::{SourceGame, SourceNavDocument};

fn one(a: &Area) -> NavMesh {
    NavMesh {
        areas: vec![a.clone()],
        ..NavMesh::default()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(map), Some(nav)) = (args.get(1), args.get(2)) else {
        return Err("usage: debug_pair MAP.bsp GAME.nav [CROSS_X]".into());
    };
    let level = Level::load(&std::fs::read(map)?, &LoadOptions::default())?;
    let reference = SourceNavDocument::read(&std::fs::read(nav)?)?.to_model();
    let opts = GenerateOptions::for_game(SourceGame::Cs16);
    for s in find_seeds(&level, &opts.config.stages().seeds)? {
        println!("seed {:?} {:?}", s.kind, s.point);
    }
    let out = generate(&level, &opts)?;
    if let Some(x) = args.get(3).and_then(|v| v.parse::<f32>().ok()) {
        let seeds = find_seeds(&level, &opts.config.stages().seeds)?;
        let s =
            navforge_generate::sample(&level, &seeds, &opts.config.stages().sample, &mut |_| {})?;
        for n in &s.nodes {
            for l in n.links.iter().flatten() {
                let m = &s.nodes[*l as usize];
                if n.pos.x >= x && m.pos.x < x {
                    println!("cross {:?} -> {:?}", n.pos, m.pos);
                }
            }
        }
    }
    let mut lost = 0.0;
    let mut rows = Vec::new();
    for a in &out.mesh.areas {
        let p = agreement(&reference, &one(a)).precision;
        let size = (a.polygon[1][0] - a.polygon[0][0]) * (a.polygon[3][1] - a.polygon[0][1]);
        let miss = (1.0 - p) * size as f64;
        lost += miss;
        if miss > 2000.0 {
            rows.push((miss, a.id, a.polygon[0], a.polygon[2]));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for r in rows.iter().take(25) {
        println!(
            "gen area {} uncovered {:.0} nw {:?} se {:?}",
            r.1, r.0, r.2, r.3
        );
    }
    let mut rrows = Vec::new();
    for a in &reference.areas {
        let r = agreement(&one(a), &out.mesh).recall;
        let size = (a.polygon[1][0] - a.polygon[0][0]) * (a.polygon[3][1] - a.polygon[0][1]);
        let miss = (1.0 - r) * size as f64;
        if miss > 1000.0 {
            rrows.push((miss, a.id, a.polygon[0], a.polygon[2]));
        }
    }
    rrows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for r in rrows.iter().take(25) {
        println!(
            "game area {} missed {:.0} nw {:?} se {:?}",
            r.1, r.0, r.2, r.3
        );
    }
    println!("lost {lost:.0}");
    Ok(())
}
