//! `navforge_level::Level`: loading arbitrary bytes as a map (every BSP family: GoldSrc, Quake,
//! Quake II, Source with LZMA lumps, displacements, static props and the pakfile) never panics,
//! and a map that loads answers traces, contents and ground queries, lists its features and
//! exports its triangles without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use navforge_level::{Level, LoadOptions, Vec3};

fuzz_target!(|data: &[u8]| {
    let Ok(level) = Level::load(data, &LoadOptions::default()) else {
        return;
    };
    let b = level.bounds();
    // Points spread over the bounds, the same for every input (the input drives the map).
    let at = |k: u32| {
        let f = |s: u32| ((k.wrapping_mul(2_654_435_761).rotate_left(s) % 1000) as f32) / 1000.0;
        b.min + (b.max - b.min) * Vec3::new(f(0), f(11), f(22))
    };
    for k in 0..8 {
        let (a, c) = (at(2 * k), at(2 * k + 1));
        let t = level.trace_ray(a, c);
        assert!(
            (0.0..=1.0).contains(&t.fraction),
            "a trace's fraction is in [0, 1]"
        );
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
});
