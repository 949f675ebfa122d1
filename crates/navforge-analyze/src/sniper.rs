//! Sniper spots: from a crouching eye at the spot, which walkable samples (25-unit cells of every
//! area) 1,000 units or more away are in sight.
//!
//! The game walks every sample in mesh order and keeps a running record of the farthest visible
//! one; samples that set a record at 1,000+ units grow the "snipable" box. Only the farthest
//! visible range and the box of record setters matter, so this traces far samples first (the
//! first visible one ends the search when it is 1,500+ units away: ideal whatever the box), and
//! traces the [1000, farthest] band in mesh order only when the box decides.

use navforge_level::{Level, Vec3};

use crate::geom::{HALF_HUMAN_HEIGHT, Mesh, STEP};
use crate::hiding::{GOOD_SNIPER, IDEAL_SNIPER};

const MIN_RANGE: f32 = 1000.0;
const LONG_RANGE: f32 = 1500.0;
const MIN_IDEAL_AREA: f32 = 200.0 * 200.0;

/// Eye-height samples of every area, in mesh order.
pub fn samples(mesh: &Mesh) -> Vec<Vec3> {
    let mut out = Vec::new();
    for a in &mesh.areas {
        let mut y = a.lo[1] + STEP / 2.0;
        while y < a.hi[1] {
            let mut x = a.lo[0] + STEP / 2.0;
            while x < a.hi[0] {
                out.push(Vec3::new(x, y, a.z_at(x, y) + HALF_HUMAN_HEIGHT));
                x += STEP;
            }
            y += STEP;
        }
    }
    out
}

/// The VIS cluster of each sample (`None` without VIS data), looked up once for every spot.
pub fn clusters(samples: &[Vec3], level: &Level) -> Vec<Option<usize>> {
    samples
        .iter()
        .map(|&s| crate::traces::cluster(level, s))
        .collect()
}

/// The sniper bits of a spot at floor position `spot` (0 when it is no sniper spot), given the
/// samples and their [`clusters`].
pub fn classify(spot: Vec3, samples: &[Vec3], clusters: &[Option<usize>], level: &Level) -> u8 {
    let eye = spot + Vec3::new(0.0, 0.0, HALF_HUMAN_HEIGHT);
    let eye_cluster = crate::traces::cluster(level, eye);
    let cluster_of = |k: usize| clusters.get(k).copied().flatten();
    let sight = |k: usize| {
        crate::traces::line_of_sight_from(level, eye, eye_cluster, samples[k], cluster_of(k))
    };
    let min2 = MIN_RANGE * MIN_RANGE;
    // Far samples, farthest first (ties by mesh order), popped from a heap one at a time
    // until one is in sight: a heap is built in time linear in the samples and most spots
    // stop after a few pops, where sorting every far sample cost n log n per spot (a tenth of
    // de_dust2's analysis). The key is the squared range's bits (a non-negative float orders
    // as its bits) over the sample's index flipped (indices fit 32 bits: analysis refuses
    // more than MAX_SAMPLES, 2^22), so the pops come in exactly the order of a sort by range,
    // then index.
    let mut far: std::collections::BinaryHeap<u64> = samples
        .iter()
        .enumerate()
        .filter_map(|(k, s)| {
            let r = (*s - eye).length_squared();
            (r >= min2).then(|| (u64::from(r.to_bits()) << 32) | u64::from(!(k as u32)))
        })
        .collect();
    let farthest = loop {
        let Some(key) = far.pop() else {
            return 0;
        };
        let k = !(key as u32) as usize;
        if sight(k) {
            break f32::from_bits((key >> 32) as u32);
        }
    };
    if farthest >= LONG_RANGE * LONG_RANGE {
        return IDEAL_SNIPER;
    }
    // The box of record setters, in mesh order, over the visible samples of the band.
    let mut record = 0.0f32;
    let mut lo = [f32::MAX; 2];
    let mut hi = [f32::MIN; 2];
    for (k, &s) in samples.iter().enumerate() {
        let r = (s - eye).length_squared();
        if r < min2 || r > farthest || r <= record || !sight(k) {
            continue;
        }
        record = r;
        lo = [lo[0].min(s.x), lo[1].min(s.y)];
        hi = [hi[0].max(s.x), hi[1].max(s.y)];
    }
    let area = (hi[0] - lo[0]).max(0.0) * (hi[1] - lo[1]).max(0.0);
    if area >= MIN_IDEAL_AREA {
        IDEAL_SNIPER
    } else {
        GOOD_SNIPER
    }
}
