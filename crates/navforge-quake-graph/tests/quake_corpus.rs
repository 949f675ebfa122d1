//! Every corpus level: a Quake or Quake II map gives a graph that keeps the readers'
//! invariants and re-reads byte-exactly (`NAV2` from BSP29/BSP2, `NAV3` from IBSP); any other
//! map, or one the graph cannot be made from, fails with an error that says why. Damaged maps
//! that still load never make generation panic.

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_dir, corpus_files, mutate};
use navforge_level::{Family, Level};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};
use navforge_quake_graph::{
    GraphDocument, GraphError, QuakeGraphOptions, generate_graph, load_options,
};

#[test]
fn every_corpus_level_gives_a_graph_or_a_clear_error() {
    let Some(mut files) = corpus_files("bsp", ".bsp") else {
        return;
    };
    let pairs = corpus_dir("level-pairs").expect("level-pairs beside bsp");
    files.extend(["quake_hipnotic_dm1.bsp", "quake_hipnotic_hip1m3.bsp"].map(|f| pairs.join(f)));
    let mut graphs = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).expect("read");
        let Ok(level) = Level::load(&bytes, &load_options()) else {
            continue; // unreadable levels are navforge-level's to report
        };
        let quake = matches!(
            level.family(),
            Family::Quake | Family::QuakeBsp2 | Family::Quake2
        );
        match generate_graph(&level, &QuakeGraphOptions::for_level(&level)) {
            Ok(out) => {
                assert!(quake, "{name}: a graph from a non-Quake map");
                let warnings = match &out.document {
                    GraphDocument::Nav2(_) => {
                        assert_ne!(level.family(), Family::Quake2);
                        let back = QuakeNavDocument::read(&out.bytes).expect("re-read NAV2");
                        assert_eq!(back.write().unwrap(), out.bytes, "{name}");
                        back.summary().warnings
                    }
                    GraphDocument::Nav3(d) => {
                        assert_eq!(level.family(), Family::Quake2);
                        let back = Quake2NavDocument::read(&out.bytes).expect("re-read NAV3");
                        assert_eq!(&back, d);
                        assert_eq!(back.write().unwrap(), out.bytes, "{name}");
                        assert!(back.nodes.iter().all(|n| n.radius == 32 || n.radius == 4));
                        back.summary().warnings
                    }
                };
                for w in warnings {
                    assert!(
                        !(w.contains("out of range")
                            || w.contains("does not exist")
                            || w.contains("outside the link table")
                            || w.contains("more than 12")),
                        "{name}: {w}"
                    );
                }
                println!(
                    "{name}: {} nodes, {:?}",
                    out.stats.nodes, out.stats.link_types
                );
                graphs += 1;
            }
            Err(e) => {
                let text = e.to_string();
                println!("{name}: {text}");
                if quake {
                    assert!(
                        matches!(e, GraphError::NoSeeds | GraphError::NoFloor { .. }),
                        "{name}: {text}"
                    );
                } else {
                    assert!(matches!(e, GraphError::Unsupported(_)), "{name}: {text}");
                    assert!(text.contains("Quake"), "{name}: {text}");
                }
            }
        }
    }
    // Every Quake-family corpus map has a spawn point on a floor.
    assert_eq!(graphs, 11, "graphs made");
}

#[test]
fn mutated_maps_generate_or_fail_cleanly() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let mut rng = Rng::new(16);
    let (mut loaded, mut graphs) = (0, 0);
    for file in [
        "quake1_mp_lobby.bsp",
        "quake2_mp_lobby.bsp",
        "librequake_lq_e0m3.bsp",
    ] {
        let bsp = std::fs::read(dir.join(file)).expect("read bsp");
        for _ in 0..40 {
            let bytes = mutate(&bsp, &mut rng);
            let Ok(level) = Level::load(&bytes, &load_options()) else {
                continue;
            };
            loaded += 1;
            let mut opts = QuakeGraphOptions::for_level(&level);
            opts.fill.max_samples = 50_000;
            if let Ok(out) = generate_graph(&level, &opts) {
                assert!(!out.bytes.is_empty());
                graphs += 1;
            }
        }
    }
    println!("{loaded} of 120 mutants loaded, {graphs} gave a graph");
    assert!(loaded > 0, "no mutant loaded: the test proves nothing");
}
