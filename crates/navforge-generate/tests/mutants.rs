//! Damaged maps that still load never make generation panic: it ends in a mesh or an error.

use navforge_core::testing::{Rng, corpus_dir, mutate};
use navforge_generate::{GenerateOptions, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceGame;

#[test]
fn mutated_maps_generate_or_fail_cleanly() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = std::fs::read(dir.join("goldsrc_aim_map.bsp")).expect("read bsp");
    let mut rng = Rng::new(14);
    let mut opts = GenerateOptions::for_game(SourceGame::Cs16);
    opts.config.max_samples = 200_000;
    let (mut loaded, mut meshes) = (0, 0);
    for _ in 0..40 {
        let bytes = mutate(&bsp, &mut rng);
        let Ok(level) = Level::load(&bytes, &LoadOptions::default()) else {
            continue;
        };
        loaded += 1;
        if let Ok(out) = generate(&level, &opts) {
            assert!(!out.bytes.is_empty());
            meshes += 1;
        }
    }
    println!("{loaded} of 40 mutants loaded, {meshes} generated a mesh");
    assert!(loaded > 0, "no mutant loaded: the test proves nothing");
}
