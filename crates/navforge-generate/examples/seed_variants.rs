//! Agreement on a level pair with spawn seeds only, ladder seeds only, and both (for tuning).
use navforge_core::NavDocument;
use navforge_generate::compare::agreement;
use navforge_generate::{GenerateOptions, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::{SourceGame, SourceNavDocument};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(map), Some(nav)) = (args.get(1), args.get(2)) else {
        return Err("usage: seed_variants MAP.bsp GAME.nav".into());
    };
    let level = Level::load(&std::fs::read(map)?, &LoadOptions::default())?;
    let reference = SourceNavDocument::read(&std::fs::read(nav)?)?.to_model();
    for (spawns, ladders) in [(true, true), (true, false), (false, true)] {
        let mut o = GenerateOptions::for_game(SourceGame::Cs16);
        o.config.use_spawns = spawns;
        o.config.use_ladders = ladders;
        match generate(&level, &o) {
            Ok(out) => {
                let a = agreement(&reference, &out.mesh);
                println!(
                    "spawns {spawns} ladders {ladders}: recall {:.3} precision {:.3} areas {}",
                    a.recall, a.precision, out.stats.areas
                );
            }
            Err(e) => println!("spawns {spawns} ladders {ladders}: {e}"),
        }
    }
    Ok(())
}
