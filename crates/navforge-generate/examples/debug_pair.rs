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
    for s in find_seeds(&level, &opts.config)? {
        println!("seed {:?} {:?}", s.kind, s.point);
    }
    let out = generate(&level, &opts)?;
    if let Some(x) = args.get(3).and_then(|v| v.parse::<f32>().ok()) {
        let seeds = find_seeds(&level, &opts.config)?;
        let s = navforge_generate::sample(&level, &seeds, &opts.config, &mut |_| {})?;
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
    let gen_missed = |a: &Area| 1.0 - agreement(&reference, &one(a)).precision;
    lost += worst(&out.mesh, "gen area", "uncovered", 2000.0, gen_missed);
    let game_missed = |a: &Area| 1.0 - agreement(&one(a), &out.mesh).recall;
    worst(&reference, "game area", "missed", 1000.0, game_missed);
    println!("lost {lost:.0}");
    Ok(())
}

/// Prints the 25 areas of `mesh` with the most uncovered plan area (share `missed` times size)
/// over `floor`, and returns the uncovered area summed over all of them.
fn worst(mesh: &NavMesh, what: &str, verb: &str, floor: f64, missed: impl Fn(&Area) -> f64) -> f64 {
    let mut total = 0.0;
    let mut rows = Vec::new();
    for a in &mesh.areas {
        let size = (a.polygon[1][0] - a.polygon[0][0]) * (a.polygon[3][1] - a.polygon[0][1]);
        let miss = missed(a) * size as f64;
        total += miss;
        if miss > floor {
            rows.push((miss, a.id, a.polygon[0], a.polygon[2]));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for r in rows.iter().take(25) {
        println!("{what} {} {verb} {:.0} nw {:?} se {:?}", r.1, r.0, r.2, r.3);
    }
    total
}
