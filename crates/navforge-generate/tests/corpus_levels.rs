//! Every corpus BSP that loads generates a checked mesh: from its spawn points, or (when it has
//! none) from every floor. Meshes must pass `navforge_check` with no errors and re-read
//! byte-exactly; the figures are printed.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_generate::{GenerateError, GenerateOptions, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::{SourceGame, SourceNavDocument};

#[test]
fn corpus_bsps_generate_checked_meshes() {
    let Some(files) = corpus_files("bsp", ".bsp") else {
        return;
    };
    let mut generated = 0;
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let bytes = std::fs::read(&path).expect("read");
        let Ok(level) = Level::load(&bytes, &LoadOptions::default()) else {
            println!("{name}: does not load (the level crate's Unsupported files)");
            continue;
        };
        let game = if name.contains("tf2") {
            SourceGame::Tf2
        } else {
            SourceGame::Hl2dm
        };
        let mut opts = GenerateOptions::for_game(game);
        let out = match generate(&level, &opts) {
            Err(GenerateError::NoSeeds) => {
                opts.seeds.everywhere = true;
                generate(&level, &opts)
            }
            other => other,
        };
        let out = match out {
            Ok(o) => o,
            Err(GenerateError::NoAreas { samples }) => {
                println!("{name}: no areas from {samples} samples");
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        let doc = SourceNavDocument::read(&out.bytes).expect("re-read");
        assert_eq!(doc.write().expect("write"), out.bytes, "{name}");
        let report = navforge_check::check(&doc.to_model(), &[]);
        assert_eq!(report.errors(), 0, "{name}: {report:?}");
        println!(
            "{name}: {} seeds{}, {} samples, {} areas, {} connections, {} ladders, {:.0} ms",
            out.stats.seeds,
            if opts.seeds.everywhere {
                " (everywhere)"
            } else {
                ""
            },
            out.stats.samples,
            out.stats.areas,
            out.stats.connections,
            out.stats.ladders,
            out.stats.total().as_secs_f64() * 1e3
        );
        generated += 1;
    }
    assert!(
        generated >= 10,
        "only {generated} corpus BSPs generated a mesh"
    );
}
