//! Deterministic mutants of the corpus BSPs (byte flips, overwrites, truncations, inserted
//! and removed bytes) load or fail with an error, never a panic; what loads can be traced.

use glam::Vec3;
use navforge_core::testing::{Rng, corpus_files, mutate};
use navforge_level::{Level, LoadOptions};

fn exercise(level: &Level) {
    let b = level.bounds();
    let (lo, hi) = (b.min, b.max);
    let mut rng = Rng::new(7);
    let mut r = || (rng.next_u64() % 10_000) as f32 / 10_000.0;
    for _ in 0..20 {
        let a = lo + (hi - lo) * Vec3::new(r(), r(), r());
        let c = lo + (hi - lo) * Vec3::new(r(), r(), r());
        let t = level.trace_ray(a, c);
        assert!(t.fraction >= 0.0 && t.fraction <= 1.0);
        let _ = level.trace_box(a, c, &level.standing_hull());
        let _ = level.point_contents(a);
        let _ = level.ground_below(a, 500.0);
    }
    let _ = level.summary().to_string();
    let _ = level.world_triangles();
    let _ = (
        level.teleports(),
        level.movers(),
        level.pushes(),
        level.ladders(),
    );
}

/// One BSP of each distinct map of the Source pairs (several navs share a map): LZMA lumps,
/// static props, displacements and a pakfile, which the small maps of `bsp/` lack. The large
/// ones are left out: they would only slow the test.
fn source_maps() -> Vec<std::path::PathBuf> {
    let mut seen = Vec::new();
    let mut maps = Vec::new();
    for f in corpus_files("source-pairs", ".bsp").unwrap_or_default() {
        let data = std::fs::read(&f).unwrap();
        if data.len() < 5_000_000 && !seen.contains(&data) {
            seen.push(data);
            maps.push(f);
        }
    }
    maps
}

#[test]
fn mutated_bsps_never_panic() {
    let Some(mut files) = corpus_files("bsp", ".bsp") else {
        return;
    };
    files.extend(corpus_files("level-pairs", ".bsp").unwrap_or_default());
    files.extend(source_maps());
    let mut rng = Rng::new(0x1e7e1);
    let (mut loaded, mut failed) = (0, 0);
    for f in &files {
        let data = std::fs::read(f).unwrap();
        // Fewer mutants of the big maps keep the test quick; every file gets truncations.
        let n = if data.len() > 500_000 { 40 } else { 150 };
        let mut cases: Vec<Vec<u8>> = (0..n).map(|_| mutate(&data, &mut rng)).collect();
        for k in 0..16 {
            cases.push(data[..data.len() * k / 16].to_vec());
        }
        for m in cases {
            match Level::load(&m, &LoadOptions::default()) {
                Ok(level) => {
                    loaded += 1;
                    exercise(&level);
                }
                Err(e) => {
                    failed += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    println!("mutants: {loaded} loaded, {failed} rejected with an error");
    assert!(loaded > 0 && failed > 0);
}

#[test]
fn junk_and_empty_inputs_error() {
    for input in [
        &b""[..],
        b"\0",
        b"VBSP",
        b"IBSP\x26\0\0\0",
        b"\x1e\0\0\0",
        b"BSP2",
        b"glTF",
        b"{",
        b"v 1 2",
    ] {
        assert!(
            Level::load(input, &LoadOptions::default()).is_err(),
            "{input:?}"
        );
    }
}
