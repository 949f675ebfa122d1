//! The sniper stage's area-by-area walks against the per-sample walks they replace, on the
//! hiding spots of the GoldSrc level pairs: for every spot, `sniper::classify` gives the bits
//! that the straightforward algorithm (every far sample in a heap, farthest first, then the
//! [1000, farthest] band in mesh order; each line traced unless VIS hides it) gives.

mod common;

use std::collections::BinaryHeap;

use navforge_analyze::BotCode;
use navforge_analyze::geom::{HALF_HUMAN_HEIGHT, Mesh};
use navforge_analyze::hiding::{GOOD_SNIPER, IDEAL_SNIPER};
use navforge_analyze::sniper::{Samples, classify};
use navforge_level::{Contents, Level, Sight, Vec3};

/// The sniper bits of `spot` by the per-sample walks, every line traced (VIS first) and
/// stopped by what `mask` holds.
fn per_sample(
    spot: Vec3,
    mask: Contents,
    samples: &Samples,
    clusters: &[Option<usize>],
    level: &Level,
) -> u8 {
    let eye = spot + Vec3::Z * HALF_HUMAN_HEIGHT;
    let vis = level.vis();
    let eye_cluster = vis.and_then(|v| v.cluster_at(eye));
    let sight = |k: usize| {
        let hidden = matches!((vis, eye_cluster, clusters[k]),
            (Some(v), Some(a), Some(b)) if !v.sees(a, b));
        !hidden && level.sight_masked(eye, samples.points()[k], mask) == Sight::Clear
    };
    let range2 = |k: usize| (samples.points()[k] - eye).length_squared();
    let min2 = 1000.0f32 * 1000.0;
    let mut far: BinaryHeap<(u32, std::cmp::Reverse<usize>)> = (0..samples.points().len())
        .filter(|&k| range2(k) >= min2)
        .map(|k| (range2(k).to_bits(), std::cmp::Reverse(k)))
        .collect();
    let farthest = loop {
        let Some((r, std::cmp::Reverse(k))) = far.pop() else {
            return 0;
        };
        if sight(k) {
            break f32::from_bits(r);
        }
    };
    if farthest >= 1500.0 * 1500.0 {
        return IDEAL_SNIPER;
    }
    let mut record = 0.0f32;
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for k in 0..samples.points().len() {
        let (r, s) = (range2(k), samples.points()[k]);
        if r < min2 || r > farthest || r <= record || !sight(k) {
            continue;
        }
        record = r;
        lo = [lo[0].min(s.x), lo[1].min(s.y)];
        hi = [hi[0].max(s.x), hi[1].max(s.y)];
    }
    if (hi[0] - lo[0]).max(0.0) * (hi[1] - lo[1]).max(0.0) >= 200.0 * 200.0 {
        IDEAL_SNIPER
    } else {
        GOOD_SNIPER
    }
}

/// Every hiding spot of the pair `map`: the same bits both ways; at least `min_each` spots of
/// each outcome (none, good, ideal), so the comparison covers all three.
fn on_pair(map: &str, min_each: usize) {
    let Some((doc, level)) = common::level_pair(map) else {
        return;
    };
    let mesh = Mesh::from_document(&doc);
    let samples = Samples::new(&mesh, &level);
    let clusters: Vec<Option<usize>> = samples
        .points()
        .iter()
        .map(|&s| level.vis().and_then(|v| v.cluster_at(s)))
        .collect();
    let mut outcomes = [0usize; 3];
    for s in doc.areas.iter().flat_map(|a| &a.hiding_spots) {
        let spot = Vec3::from(s.position.map(|c| c.get()));
        let code = BotCode::GoldSrc;
        let bits = classify(
            spot,
            code.sniper_eye(false),
            code.sniper_mask(),
            &samples,
            &level,
        );
        assert_eq!(
            bits,
            per_sample(spot, code.sniper_mask(), &samples, &clusters, &level),
            "{spot}"
        );
        outcomes[usize::from(bits == GOOD_SNIPER) + 2 * usize::from(bits == IDEAL_SNIPER)] += 1;
    }
    println!("{map}: spots by outcome (none, good, ideal) {outcomes:?}");
    assert!(outcomes.iter().all(|&n| n >= min_each), "{outcomes:?}");
}

#[test]
fn area_walks_classify_like_the_per_sample_walks_on_de_dust2() {
    on_pair("de_dust2", 10);
}

#[test]
fn area_walks_classify_like_the_per_sample_walks_on_cs_assault() {
    on_pair("cs_assault", 10);
}

/// Source's sniper lines stop on player clips as well (both of its code generations trace
/// `CONTENTS_SOLID | CONTENTS_MOVEABLE | CONTENTS_PLAYERCLIP`). On TF2's mvm_kelly_rc1b, from a
/// crouching eye over every area's centre: the area walks classify as the per-sample walks
/// under that mask, and some centres' bits differ from the world-only mask's (9 of 904), so
/// the clips are seen. (No dev map that stores sniper flags, CS:S cs_office and CS:GO aim_map,
/// has a player clip across a sniper line: their bits are the same under both masks.)
#[test]
fn source_sniper_lines_stop_on_player_clips() {
    let Some((doc, level)) = common::source_pair("source_iassis+tf2-fastdl__mvm_kelly_rc1b") else {
        return;
    };
    let mesh = Mesh::from_document(&doc);
    let samples = Samples::new(&mesh, &level);
    let clusters: Vec<Option<usize>> = samples
        .points()
        .iter()
        .map(|&s| level.vis().and_then(|v| v.cluster_at(s)))
        .collect();
    let mask = BotCode::Source2013.sniper_mask();
    let mut differ = 0;
    for a in &mesh.areas {
        let spot = a.center();
        let bits = classify(spot, HALF_HUMAN_HEIGHT, mask, &samples, &level);
        assert_eq!(
            bits,
            per_sample(spot, mask, &samples, &clusters, &level),
            "{spot}"
        );
        let world = classify(
            spot,
            HALF_HUMAN_HEIGHT,
            Contents::MASK_SIGHT,
            &samples,
            &level,
        );
        differ += usize::from(bits != world);
    }
    println!(
        "kelly: {differ} of {} centres classify apart",
        mesh.areas.len()
    );
    assert!(differ > 0);
}
