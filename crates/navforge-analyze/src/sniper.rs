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
use crate::traces::{Blockers, line_of_sight_past};

const MIN_RANGE: f32 = 1000.0;
const LONG_RANGE: f32 = 1500.0;
const MIN_IDEAL_AREA: f32 = 200.0 * 200.0;

/// What every spot looks at: eye-height samples of every area (25-unit cells, mesh order),
/// each with its VIS cluster (`None` without VIS data) and its area, worked out once.
pub struct Samples {
    points: Vec<Vec3>,
    clusters: Vec<Option<usize>>,
    area: Vec<u32>,
    areas: usize,
}

impl Samples {
    /// The samples of `mesh`'s areas on `level`.
    pub fn new(mesh: &Mesh, level: &Level) -> Samples {
        let mut points = Vec::new();
        let mut area = Vec::new();
        for (i, a) in mesh.areas.iter().enumerate() {
            let mut y = a.lo[1] + STEP / 2.0;
            while y < a.hi[1] {
                let mut x = a.lo[0] + STEP / 2.0;
                while x < a.hi[0] {
                    points.push(Vec3::new(x, y, a.z_at(x, y) + HALF_HUMAN_HEIGHT));
                    area.push(i as u32);
                    x += STEP;
                }
                y += STEP;
            }
        }
        let clusters = points
            .iter()
            .map(|&s| crate::traces::cluster(level, s))
            .collect();
        Samples {
            points,
            clusters,
            area,
            areas: mesh.areas.len(),
        }
    }

    /// The samples' eye points, in mesh order.
    pub fn points(&self) -> &[Vec3] {
        &self.points
    }

    /// Each sample's area (its index in the mesh).
    pub fn areas(&self) -> &[u32] {
        &self.area
    }
}

/// The sniper bits of a spot at floor position `spot` (0 when it is no sniper spot).
pub fn classify(spot: Vec3, samples: &Samples, level: &Level) -> u8 {
    let eye = spot + Vec3::new(0.0, 0.0, HALF_HUMAN_HEIGHT);
    let eye_cluster = crate::traces::cluster(level, eye);
    // Lines from one eye to the samples of one area are mostly blocked by the same wall: the
    // walls that blocked this eye's recent lines to an area answer most of the next ones
    // without a trace (an indoor spot sees none of its far samples, and traces them all).
    let mut recent = vec![Blockers::default(); samples.areas];
    // (Every sample's area is one of the mesh's: `Samples::new` numbered them.)
    let mut sight = |k: usize| {
        line_of_sight_past(
            level,
            (eye, eye_cluster),
            (samples.points[k], samples.clusters[k]),
            &mut recent[samples.area[k] as usize],
        )
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
        .points
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
    for (k, &s) in samples.points.iter().enumerate() {
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
