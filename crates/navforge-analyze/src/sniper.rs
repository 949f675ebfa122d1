//! Sniper spots: from a crouching eye at the spot, which walkable samples (25-unit cells of every
//! area) 1,000 units or more away are in sight.
//!
//! The game walks every sample in mesh order and keeps a running record of the farthest visible
//! one; samples that set a record at 1,000+ units grow the "snipable" box. Only the farthest
//! visible range and the box of record setters matter, and a spot that sees any sample 1,500+
//! units away is ideal whatever the box. So this first looks for such a sample, nearest areas
//! first (on open maps most spots see one just past the range, where farthest first asked
//! hundreds of hidden ones before it); failing that, it finds the farthest visible range under
//! 1,500, farthest areas first, and traces the [1000, farthest] band in mesh order only when the
//! box decides.
//!
//! The walks go run by run (an area's samples, a few rows at a time): a run whose samples are
//! all too near, out of the band or below the best so far, or whose VIS clusters the eye's
//! cannot see, is passed over whole, and so is a run, or a group of nearby runs, that the wall
//! which blocked a line shows hidden. The bits are the per-sample walks' (see `classify_by`).

use std::collections::BinaryHeap;
use std::ops::Range;

use navforge_level::{Aabb, Blocker, Contents, Level, Vec3};

use crate::geom::{Mesh, STEP};
use crate::hiding::{GOOD_SNIPER, IDEAL_SNIPER};
use crate::traces::{Blockers, line_of_sight_past_masked, pvs_hides};

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
    /// Runs of consecutive samples of one area (at most [`MAX_RUN`]), in mesh order.
    runs: Vec<Run>,
    /// The distinct clusters of each run, one after another ([`Run::clusters`]).
    run_clusters: Vec<usize>,
    /// Runs near one another, a wall asked about all at once ([`Group`]).
    groups: Vec<Group>,
    /// Each run's group.
    group_of: Vec<u32>,
    /// The runs of each group, one group after another ([`Group::runs`]).
    group_runs: Vec<u32>,
}

/// Runs whose boxes' centres fall in one [`GROUP_CELL`]-unit cube: one wall that hides the
/// box around them all from an eye hides every one of their samples.
struct Group {
    /// The corners of the box around the runs' samples, once each.
    corners: Vec<Vec3>,
    /// Where the group's runs are in [`Samples::group_runs`].
    runs: Range<usize>,
}

/// The side of the cubes runs are grouped by. On the 12-block brush town (3,292 spots, no VIS
/// data) the stage takes 5.7 s without groups, 4.4 s with 256-unit cubes, 4.1 s with 512 and
/// 4.9 s with 1,024: bigger groups are hidden by one wall less often.
const GROUP_CELL: f32 = 512.0;

/// Most samples in a run: a large area's samples are asked about a few rows at a time, as one
/// wall seldom hides all of an area that a street's buildings hide piece by piece (the brush
/// town's stage: 4.4 s whole, 3.8 s at 32, 4.9 s at 16 or 5.2 s at 64, with the groups above).
const MAX_RUN: usize = 32;

/// Consecutive samples of one area (at most [`MAX_RUN`]): where they are, the box around
/// their points, and their distinct VIS clusters (`None` when one of them has none: such a
/// sample is always traced).
struct Run {
    samples: Range<usize>,
    lo: Vec3,
    hi: Vec3,
    /// The corners of the box `lo..hi`, once each (four when its samples are level).
    corners: Vec<Vec3>,
    clusters: Option<Range<usize>>,
}

/// A run is asked about whole ([`classify_by`]'s `run_hidden`) only when more of its samples
/// than this are left to ask: a proof costs about as much as a few replays.
const RUN_PROOF_SAMPLES: usize = 4;

/// The squared range from `eye` to `s`, as every test of this module rounds it.
fn range2(s: Vec3, eye: Vec3) -> f32 {
    (s - eye).length_squared()
}

impl Run {
    /// Bounds of [`range2`] from `eye` over the run's samples, never above (first) or below
    /// (second) any sample's: `s.x - eye.x` rounds monotonically in `s.x`, so on each axis it
    /// lies between the box corners' rounded differences; squares and sums of non-negative
    /// numbers round monotonically too, so the same expression on the nearest and farthest
    /// per-axis differences bounds every sample's, bit for bit.
    fn range2(&self, eye: Vec3) -> (f32, f32) {
        let a = self.lo - eye;
        let b = self.hi - eye;
        let near = a.max(-b).max(Vec3::ZERO);
        let far = a.abs().max(b.abs());
        (near.length_squared(), far.length_squared())
    }
}

impl Samples {
    /// The samples of `mesh`'s areas on `level`, `height` over the floor (half a player's
    /// height as the file's code measures it, [`crate::BotCode::half_human_height`]).
    pub fn new(mesh: &Mesh, level: &Level, height: f32) -> Samples {
        let mut points = Vec::new();
        let mut area = Vec::new();
        for (i, a) in mesh.areas.iter().enumerate() {
            let mut y = a.lo[1] + STEP / 2.0;
            while y < a.hi[1] {
                let mut x = a.lo[0] + STEP / 2.0;
                while x < a.hi[0] {
                    points.push(Vec3::new(x, y, a.z_at(x, y) + height));
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
        Samples::from_parts(points, clusters, area, mesh.areas.len())
    }

    /// Samples from their points, clusters and areas (each below `areas`), with the runs of
    /// one area worked out.
    fn from_parts(
        points: Vec<Vec3>,
        clusters: Vec<Option<usize>>,
        area: Vec<u32>,
        areas: usize,
    ) -> Samples {
        let mut runs = Vec::new();
        let mut run_clusters = Vec::new();
        let mut start = 0;
        while start < points.len() {
            let end = start
                + area[start..]
                    .iter()
                    .take(MAX_RUN)
                    .take_while(|&&a| a == area[start])
                    .count();
            let pts = &points[start..end];
            let lo = pts.iter().fold(Vec3::INFINITY, |m, &p| m.min(p));
            let hi = pts.iter().fold(Vec3::NEG_INFINITY, |m, &p| m.max(p));
            let cs: Option<Vec<usize>> = clusters[start..end].iter().copied().collect();
            let clusters = cs.map(|mut cs| {
                cs.sort_unstable();
                cs.dedup();
                let at = run_clusters.len();
                run_clusters.extend(cs);
                at..run_clusters.len()
            });
            runs.push(Run {
                samples: start..end,
                lo,
                hi,
                corners: Aabb::new(lo, hi).corners().collect(),
                clusters,
            });
            start = end;
        }
        let (groups, group_of, group_runs) = group_runs(&runs);
        Samples {
            points,
            clusters,
            area,
            areas,
            runs,
            run_clusters,
            groups,
            group_of,
            group_runs,
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

    /// Whether `hides` says the eye sees none of `run`'s clusters (then every sample of the run
    /// would answer "hidden" without a trace).
    fn hidden(&self, run: &Run, hides: &impl Fn(Option<usize>) -> bool) -> bool {
        run.clusters
            .clone()
            .is_some_and(|r| self.run_clusters[r].iter().all(|&c| hides(Some(c))))
    }
}

/// The runs grouped by the [`GROUP_CELL`] cube their box's centre is in (groups numbered in
/// order of their first run), each run's group, and the runs of each group in order.
fn group_runs(runs: &[Run]) -> (Vec<Group>, Vec<u32>, Vec<u32>) {
    let (group_of, cells) =
        crate::geom::group_by_cell(runs.iter().map(|run| (run.lo, run.hi)), GROUP_CELL);
    let mut order: Vec<u32> = (0..runs.len() as u32).collect();
    order.sort_by_key(|&i| group_of[i as usize]);
    let mut at = 0;
    let groups = cells
        .into_iter()
        .map(|g| {
            let n = g.members as usize;
            at += n;
            Group {
                corners: Aabb::new(g.lo, g.hi).corners().collect(),
                runs: at - n..at,
            }
        })
        .collect();
    (groups, group_of, order)
}

/// The sniper bits of a spot at floor position `spot` (0 when it is no sniper spot), seen
/// from `eye_height` above it ([`crate::BotCode::sniper_eye`]).
/// Its sight lines stop on what `mask` holds ([`crate::BotCode::sniper_mask`]).
pub fn classify(
    spot: Vec3,
    eye_height: f32,
    mask: Contents,
    samples: &Samples,
    level: &Level,
) -> u8 {
    let eye = spot + Vec3::new(0.0, 0.0, eye_height);
    let eye_cluster = crate::traces::cluster(level, eye);
    // Lines from one eye to the samples of one area are mostly blocked by the same wall: the
    // walls that blocked this eye's recent lines to an area answer most of the next ones
    // without a trace, and the latest often hides the rest of the area's samples at once (an
    // indoor spot sees none of its far samples).
    let recent = std::cell::RefCell::new(vec![Blockers::default(); samples.areas]);
    let last_wall = std::cell::Cell::new(None);
    let run_wall = |i: usize| {
        let run = &samples.runs[i];
        recent.borrow()[samples.area[run.samples.start] as usize].latest()
    };
    // Whether `wall` (a brush, or a triangle of a level of triangles) hides the box with these
    // corners from the eye; `None` without such a wall to ask. A displacement triangle is not
    // asked, as before triangles vouched: a run gets one proof, and asking them was not
    // measured to pay.
    let hides = |wall: Option<Blocker>, corners: &[Vec3]| {
        let wall = wall.filter(|w| !w.is_displacement())?;
        let hidden = level.sight_blocked_between_masked(wall, eye, eye, corners, mask);
        if hidden {
            crate::traces::count_proof();
        }
        Some(hidden)
    };
    classify_by(
        eye,
        samples,
        |c| pvs_hides(level, eye_cluster, c),
        // (Every sample's area is one of the mesh's: `Samples::new` numbered them.)
        |k| {
            let blockers = &mut recent.borrow_mut()[samples.area[k] as usize];
            let seen = line_of_sight_past_masked(
                level,
                (eye, eye_cluster),
                (samples.points[k], samples.clusters[k]),
                blockers,
                mask,
            );
            if !seen && blockers.latest().is_some() {
                last_wall.set(blockers.latest());
            }
            seen
        },
        // The wall most recently met by lines to the run's area, asked whether it hides the
        // box of the run's samples.
        |i| hides(run_wall(i), &samples.runs[i].corners),
        // The same wall (or, before any line to the group, the last wall any of this eye's
        // lines met), asked about the box of the run's whole group.
        |g, i: Option<usize>| {
            hides(
                i.map_or(last_wall.get(), run_wall),
                &samples.groups[g].corners,
            ) == Some(true)
        },
    )
}

/// The order a [`Walk`] takes runs and samples in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Nearest first: the walk ends at the first sample in sight.
    Nearest,
    /// Farthest first: the walk finds the farthest sample in sight.
    Farthest,
}

impl Order {
    /// A squared range over an index (a run's or a sample's) in one integer, taken largest
    /// first from a heap in this order: a non-negative float orders as its bits (inverted for
    /// [`Order::Nearest`]), and the inverted index puts the lower index first among equal
    /// ranges. (Indices fit: analysis refuses more than 2^22 samples.)
    fn key(self, range2: f32, index: usize) -> u64 {
        (u64::from(self.bits(range2.to_bits())) << 32) | u64::from(u32::MAX - index as u32)
    }

    /// The range and index [`Order::key`] packed.
    fn unkey(self, key: u64) -> (f32, usize) {
        let range2 = f32::from_bits(self.bits((key >> 32) as u32));
        (range2, (u32::MAX - key as u32) as usize)
    }

    /// A range's bits as its key holds them, and back (inverting is its own inverse).
    fn bits(self, bits: u32) -> u32 {
        match self {
            Order::Farthest => bits,
            Order::Nearest => !bits,
        }
    }

    /// The bound of a group from two of its runs': the one taken first in this order.
    fn first(self, a: f32, b: f32) -> f32 {
        match self {
            Order::Farthest => a.max(b),
            Order::Nearest => a.min(b),
        }
    }
}

/// One walk of an eye over the runs, asking the samples whose squared range from `eye` is in
/// `band` in `order` ([`Walk::run`]).
struct Walk<'a> {
    eye: Vec3,
    samples: &'a Samples,
    order: Order,
    band: Range<f32>,
}

impl Walk<'_> {
    /// Walks the runs that `bound` gives a bound for (a key never taken after any of the run's
    /// samples in the band: for [`Order::Nearest`] no more than their ranges, for
    /// [`Order::Farthest`] no less), by their bounds, through their groups: a heap of
    /// groups whose runs join it when the group is taken (not one heap of every sample, which
    /// cost a third of the stage: each run's own samples are heaped when it is taken), a
    /// group asked as it is taken, before any of its runs. Each run's samples in the band are
    /// asked `seen` in the same order until one is in sight or the run is shown hidden
    /// ([`Proofs::hidden_whole`]); a run shown hidden is passed over.
    ///
    /// [`Order::Nearest`]: the range of the first sample in sight, or `None` when no sample
    /// in the band is. [`Order::Farthest`]: the largest range of a sample in sight; it takes only
    /// samples farther than the best so far and stops at the first run whose bound is no more
    /// than the best. Every sample farther than the answer is asked, but for the rest of a run
    /// or group shown hidden; a run taken before the one holding the answer may have a nearer
    /// sample asked too, and a sample at the answer's own range may go unasked.
    fn run<R, G>(
        &self,
        bound: impl Fn(usize) -> Option<f32>,
        proofs: &mut Proofs<'_, R, G>,
        seen: &mut impl FnMut(usize) -> bool,
    ) -> Option<f32>
    where
        R: FnMut(usize) -> Option<bool>,
        G: FnMut(usize, Option<usize>) -> bool,
    {
        let (samples, order) = (self.samples, self.order);
        // (Run `i`'s key holds `i`, group `g`'s `runs + g`.)
        let runs = samples.runs.len();
        let members = |g: usize| &samples.group_runs[samples.groups[g].runs.clone()];
        // (A heap is built in time linear in its keys.)
        let mut queue: BinaryHeap<u64> = (0..samples.groups.len())
            .filter_map(|g| {
                let first = (members(g).iter())
                    .filter_map(|&r| bound(r as usize))
                    .reduce(|a, b| order.first(a, b));
                first.map(|b| order.key(b, runs + g))
            })
            .collect();
        // (Only the far walk keeps a best: the nearest-first walk ends at its first sight.)
        let mut best: Option<f32> = None;
        // A run's samples in the band (and beyond the best), keyed alike, taken from a heap of
        // integers: most runs end at their first or second sample (one in sight, or a wall
        // that hides the rest), so ordering them all would be wasted (a whole sort was a
        // tenth of the stage on the brush town).
        let mut pending: BinaryHeap<u64> = BinaryHeap::new();
        while let Some(top) = queue.pop() {
            let (top_bound, i) = order.unkey(top);
            if best.is_some_and(|b| top_bound <= b) {
                break;
            }
            if let Some(g) = i.checked_sub(runs) {
                if !proofs.group(g, None) {
                    queue.extend(
                        (members(g).iter())
                            .filter_map(|&r| bound(r as usize).map(|b| order.key(b, r as usize))),
                    );
                }
                continue;
            }
            if proofs.shown(i) {
                continue;
            }
            let mut keys = pending.into_vec();
            keys.clear();
            keys.extend(samples.runs[i].samples.clone().filter_map(|k| {
                let r = range2(samples.points[k], self.eye);
                (self.band.contains(&r) && best.is_none_or(|b| r > b)).then(|| order.key(r, k))
            }));
            pending = BinaryHeap::from(keys);
            while let Some(s) = pending.pop() {
                let (r, k) = order.unkey(s);
                if seen(k) {
                    if order == Order::Nearest {
                        return Some(r);
                    }
                    best = Some(r);
                    break;
                }
                if proofs.hidden_whole(i, pending.len()) {
                    break;
                }
            }
        }
        best
    }
}

/// What the walks of one eye have proved of whole runs: [`classify_by`]'s `run_hidden` and
/// `group_hidden`, each asked a bounded number of times, and their answers.
struct Proofs<'a, R, G> {
    samples: &'a Samples,
    /// Per run: whether `run_hidden` answered, and what (`Some(true)` also when its group was
    /// shown hidden).
    run: Vec<Option<bool>>,
    /// Per group: how many times `group_hidden` was asked.
    group_asks: Vec<u8>,
    run_hidden: R,
    group_hidden: G,
}

impl<R, G> Proofs<'_, R, G>
where
    R: FnMut(usize) -> Option<bool>,
    G: FnMut(usize, Option<usize>) -> bool,
{
    /// Whether run `i` was shown hidden.
    fn shown(&self, i: usize) -> bool {
        self.run[i] == Some(true)
    }

    /// Asks `group_hidden` about group `g` (with the wall of `run`'s lines, or of the eye's
    /// latest line): twice at most over all the walks, and once only without a run (as the
    /// long and far walks take the group: so the far walk, taking a group the long walk
    /// asked, does not ask it again), and only for groups of two runs or more (one run's own
    /// proof is as good). A group shown hidden shows each of its runs hidden.
    fn group(&mut self, g: usize, run: Option<usize>) -> bool {
        let group = &self.samples.groups[g];
        let limit = if run.is_some() { 2 } else { 1 };
        if self.group_asks[g] >= limit || group.runs.len() < 2 {
            return false;
        }
        self.group_asks[g] += 1;
        let hidden = (self.group_hidden)(g, run);
        if hidden {
            for &r in &self.samples.group_runs[group.runs.clone()] {
                self.run[r as usize] = Some(true);
            }
        }
        hidden
    }

    /// After a sample of run `i` was out of sight with `left` samples of it still to ask:
    /// whether the run is shown hidden, its group asked first, then the run itself (once, and
    /// only with more than [`RUN_PROOF_SAMPLES`] left).
    fn hidden_whole(&mut self, i: usize, left: usize) -> bool {
        if self.group(self.samples.group_of[i] as usize, Some(i)) {
            return true;
        }
        if self.run[i].is_none() && left > RUN_PROOF_SAMPLES {
            self.run[i] = (self.run_hidden)(i);
        }
        self.shown(i)
    }
}

/// [`classify`] for an eye at `eye` whose VIS rule is `hides` (a target cluster it cannot see)
/// and whose sight lines `sight` answers; `sight` is only asked about samples `hides` lets
/// through, and answers each line the same whenever it is asked, so the bits do not depend on
/// the order the lines are asked in:
/// - The long walk ([`Order::Nearest`]) asks the samples 1,500+ units away, runs nearest first,
///   until one is in sight: then the spot is ideal, whatever else it sees. When none is, every
///   one of them was asked, but for the runs and groups shown hidden.
/// - The far walk ([`Order::Farthest`]) finds the largest squared range of a visible sample
///   under 1,500 units ([`Walk::run`] says what it asks).
///
///   Runs with no sample in a walk's range, or wholly hidden by VIS, are never taken: their
///   samples would answer "hidden" without a trace, or not be asked.
/// - The band walk goes in mesh order and skips a run only when every one of its samples
///   would be skipped (too near, past the farthest visible, not above the record, or hidden).
///
/// `run_hidden(i)` answers `Some(true)` only when `sight` would answer false for every sample
/// of run `i`, and `None` when it has nothing to ask with yet. The walks ask it when a sample
/// of a run is out of sight and more than [`RUN_PROOF_SAMPLES`] are left after it (the long and
/// far walks count the run's samples left in their range, the far walk only those beyond the
/// best range; the band walk the run's rest), until it answers `Some`, once a run for all the
/// walks; a run shown hidden is passed over by each.
/// `group_hidden(g, run)` answers true only when `sight` would answer false for every sample
/// of group `g`'s runs; it is asked as [`Proofs::group`] says.
fn classify_by(
    eye: Vec3,
    samples: &Samples,
    hides: impl Fn(Option<usize>) -> bool,
    mut sight: impl FnMut(usize) -> bool,
    run_hidden: impl FnMut(usize) -> Option<bool>,
    group_hidden: impl FnMut(usize, Option<usize>) -> bool,
) -> u8 {
    let (min2, long2) = (MIN_RANGE * MIN_RANGE, LONG_RANGE * LONG_RANGE);
    let mut seen = |k: usize| !hides(samples.clusters[k]) && sight(k);
    let mut proofs = Proofs {
        samples,
        run: vec![None; samples.runs.len()],
        group_asks: vec![0; samples.groups.len()],
        run_hidden,
        group_hidden,
    };
    // Each run's range bounds, and whether the walks take it: its box reaching 1,000+ units
    // away, and VIS letting its samples be seen.
    let ranges: Vec<(f32, f32)> = samples.runs.iter().map(|run| run.range2(eye)).collect();
    let taken: Vec<bool> = (samples.runs.iter().zip(&ranges))
        .map(|(run, &(_, far))| far >= min2 && !samples.hidden(run, &hides))
        .collect();
    // The long walk: is any sample 1,500+ units away in sight? Then the spot is ideal. Runs
    // are taken nearest first (a far sample in sight is most often just past the range),
    // each by a bound no more than its samples' ranges past 1,500.
    let long_bound = |i: usize| {
        let (near, far) = ranges[i];
        (far >= long2 && taken[i]).then(|| near.max(long2))
    };
    let walk = Walk {
        eye,
        samples,
        order: Order::Nearest,
        band: long2..f32::INFINITY,
    };
    if walk.run(long_bound, &mut proofs, &mut seen).is_some() {
        return IDEAL_SNIPER;
    }
    // The far walk: the farthest sample in sight, nearer than 1,500 units (none past it is).
    let far_bound = |i: usize| {
        let (near, far) = ranges[i];
        (near < long2 && taken[i]).then(|| far.min(long2))
    };
    let walk = Walk {
        order: Order::Farthest,
        band: min2..long2,
        ..walk
    };
    let Some(farthest) = walk.run(far_bound, &mut proofs, &mut seen) else {
        return 0;
    };
    // The box of record setters, in mesh order, over the visible samples of the band.
    let mut record = 0.0f32;
    let mut lo = [f32::MAX; 2];
    let mut hi = [f32::MIN; 2];
    for (i, run) in samples.runs.iter().enumerate() {
        let (near, far) = ranges[i];
        if !taken[i] || near > farthest || far <= record {
            continue;
        }
        if proofs.shown(i) {
            continue;
        }
        for k in run.samples.clone() {
            let s = samples.points[k];
            let r = range2(s, eye);
            if r < min2 || r > farthest || r <= record {
                continue;
            }
            if !seen(k) {
                if proofs.hidden_whole(i, run.samples.end - k - 1) {
                    break;
                }
                continue;
            }
            record = r;
            lo = [lo[0].min(s.x), lo[1].min(s.y)];
            hi = [hi[0].max(s.x), hi[1].max(s.y)];
        }
    }
    let area = (hi[0] - lo[0]).max(0.0) * (hi[1] - lo[1]).max(0.0);
    if area >= MIN_IDEAL_AREA {
        IDEAL_SNIPER
    } else {
        GOOD_SNIPER
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The per-sample walks `classify_by` replaces, written plainly: every far sample sorted
    /// farthest first (ties by mesh order) and asked until one is in sight, then the record
    /// setters of the [1000, farthest] band in mesh order; `seen` answers a sample's line (VIS
    /// rule included), as the stage asked it.
    fn per_sample(eye: Vec3, samples: &Samples, mut seen: impl FnMut(usize) -> bool) -> u8 {
        let min2 = MIN_RANGE * MIN_RANGE;
        let ranges: Vec<f32> = samples.points.iter().map(|&s| range2(s, eye)).collect();
        let mut far: Vec<usize> = (0..ranges.len()).filter(|&k| ranges[k] >= min2).collect();
        far.sort_by(|&a, &b| ranges[b].total_cmp(&ranges[a]).then(a.cmp(&b)));
        let Some(farthest) = far.into_iter().find(|&k| seen(k)).map(|k| ranges[k]) else {
            return 0;
        };
        if farthest >= LONG_RANGE * LONG_RANGE {
            return IDEAL_SNIPER;
        }
        let mut record = 0.0f32;
        let mut setters = Vec::new();
        for (k, &r) in ranges.iter().enumerate() {
            if (min2..=farthest).contains(&r) && r > record && seen(k) {
                record = r;
                setters.push(samples.points[k]);
            }
        }
        let lo = setters.iter().fold(Vec3::INFINITY, |m, &p| m.min(p));
        let hi = setters.iter().fold(Vec3::NEG_INFINITY, |m, &p| m.max(p));
        let size = (hi - lo).max(Vec3::ZERO);
        if size.x * size.y >= MIN_IDEAL_AREA {
            IDEAL_SNIPER
        } else {
            GOOD_SNIPER
        }
    }

    /// The project's test generator ([`navforge_core::testing::Rng`]), drawing `u64`s and
    /// coordinates for the random cases.
    struct Rng(navforge_core::testing::Rng);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0.below(n as usize) as u64
        }
        /// A coordinate on the 25-unit grid around `c` (grids make equal ranges common), or
        /// an arbitrary float near it.
        fn coord(&mut self, c: f32, spread: u64) -> f32 {
            let cells = self.below(2 * spread + 1) as f32 - spread as f32;
            let jitter = if self.below(4) == 0 {
                (self.below(1000) as f32) / 37.0
            } else {
                0.0
            };
            c + cells * 25.0 + jitter
        }
    }

    /// Random runs of samples (areas repeat and interleave), clusters (some missing), a VIS
    /// rule and a visibility per sample; both walks must give the same bits. Where the answer
    /// is 1,500+ units away the area walks must have asked a sample that far in sight;
    /// otherwise they ask `sight` about every sample farther than the answer that the
    /// per-sample walks ask about (ranges that tie with the answer may be passed over, and so
    /// may the runs a proof shows hidden: half the runs with no visible sample are, and other
    /// proofs have nothing to ask with or fail). Then cases made by hand: the orders of the
    /// walks, the range's edge and a tie.
    #[test]
    fn area_walks_give_the_per_sample_walks_bits() {
        let mut rng = Rng(navforge_core::testing::Rng::new(0x9e37_79b9_7f4a_7c15));
        let (mut asked_total, mut more_total, mut proven_total) = (0, 0, 0);
        // Cases answered ideal by a sample 1,500+ units away in sight.
        let mut long_total = 0;
        let groups_shown = std::cell::Cell::new(0);
        let mut outcomes = [0usize; 3];
        for case in 0..3000 {
            let mut points = Vec::new();
            let mut clusters = Vec::new();
            let mut area = Vec::new();
            let areas = 1 + rng.below(40) as usize;
            let cluster_count = 1 + rng.below(8) as usize;
            let world = 20 + rng.below(120);
            for _ in 0..rng.below(60) {
                let a = rng.below(areas as u64) as u32;
                let c = Vec3::new(rng.coord(0.0, world), rng.coord(0.0, world), 0.0);
                let one_cluster = rng.below(2) == 0;
                let base = rng.below(cluster_count as u64) as usize;
                // (Up to twice [`MAX_RUN`] samples: long areas are cut in runs.)
                for _ in 0..rng.below(2 * MAX_RUN as u64) {
                    let p = Vec3::new(rng.coord(c.x, 4), rng.coord(c.y, 4), rng.coord(36.0, 2));
                    points.push(p);
                    area.push(a);
                    clusters.push(match rng.below(20) {
                        0 => None,
                        _ if one_cluster => Some(base),
                        _ => Some(rng.below(cluster_count as u64) as usize),
                    });
                }
            }
            let samples = Samples::from_parts(points, clusters, area, areas);
            let sees: Vec<bool> = (0..cluster_count).map(|_| rng.below(3) != 0).collect();
            let hides = |c: Option<usize>| c.is_some_and(|c| !sees[c]);
            let share = [0, 1, 10, 50, 100][rng.below(5) as usize];
            let visible: Vec<bool> = (0..samples.points.len())
                .map(|_| rng.below(100) < share)
                .collect();
            let eye = Vec3::new(rng.coord(0.0, world), rng.coord(0.0, world), 36.0);
            // Per run, what its proof answers: nothing to ask with, no, or whether none of its
            // samples is visible.
            let provable: Vec<u64> = samples.runs.iter().map(|_| rng.below(4)).collect();
            // Per group, whether its proof answers (else it fails).
            let group_provable: Vec<bool> =
                samples.groups.iter().map(|_| rng.below(2) == 0).collect();
            let proven = std::cell::RefCell::new(vec![false; samples.runs.len()]);
            let (mut old_asked, mut new_asked) = (Vec::new(), Vec::new());
            let old = per_sample(eye, &samples, |k| {
                !hides(samples.clusters[k]) && {
                    old_asked.push(k);
                    visible[k]
                }
            });
            let new = classify_by(
                eye,
                &samples,
                hides,
                |k| {
                    new_asked.push(k);
                    visible[k]
                },
                |i| match provable[i] {
                    0 => None,
                    1 => Some(false),
                    _ => {
                        let hidden = samples.runs[i].samples.clone().all(|k| !visible[k]);
                        proven.borrow_mut()[i] |= hidden;
                        Some(hidden)
                    }
                },
                |g, _| {
                    let runs = &samples.group_runs[samples.groups[g].runs.clone()];
                    let hidden = group_provable[g]
                        && runs.iter().all(|&r| {
                            let run = &samples.runs[r as usize];
                            run.samples.clone().all(|k| !visible[k])
                        });
                    if hidden {
                        groups_shown.set(groups_shown.get() + 1);
                        for &r in runs {
                            proven.borrow_mut()[r as usize] = true;
                        }
                    }
                    hidden
                },
            );
            let proven = proven.into_inner();
            assert_eq!(new, old, "case {case}");
            let new_set: std::collections::BTreeSet<usize> = new_asked.iter().copied().collect();
            let old_set: std::collections::BTreeSet<usize> = old_asked.iter().copied().collect();
            // The answer: the farthest range the per-sample walk found in sight.
            // (The per-sample far walk asks first, farthest first, so its answer is the first
            // seen.)
            let answer = old_asked
                .iter()
                .find(|&&k| visible[k])
                .map_or(-1.0, |&k| range2(samples.points[k], eye));
            let long2 = LONG_RANGE * LONG_RANGE;
            if answer >= long2 {
                // Ideal by the long walk: it asked a sample 1,500+ units away in sight.
                let reason = new_set
                    .iter()
                    .any(|&k| visible[k] && range2(samples.points[k], eye) >= long2);
                assert!(reason, "case {case}: ideal without a far sample in sight");
                long_total += 1;
            } else {
                // Every sample farther than the answer was asked, but in runs shown hidden.
                let in_proven_run = |k: usize| {
                    let i = samples.runs.iter().position(|r| r.samples.contains(&k));
                    i.is_some_and(|i| proven[i])
                };
                let unasked: Vec<usize> = old_set
                    .difference(&new_set)
                    .copied()
                    .filter(|&k| range2(samples.points[k], eye) > answer && !in_proven_run(k))
                    .collect();
                assert!(unasked.is_empty(), "case {case}: not asked {unasked:?}");
            }
            asked_total += old_set.len();
            more_total += new_set.difference(&old_set).count();
            proven_total += proven.iter().filter(|&&p| p).count();
            outcomes[usize::from(old == GOOD_SNIPER) + 2 * usize::from(old == IDEAL_SNIPER)] += 1;
        }
        println!(
            "outcomes (none, good, ideal) {outcomes:?}, {asked_total} lines asked, \
             {more_total} more by the area walks, {proven_total} runs passed over by a proof \
             ({} groups shown hidden), {long_total} ideal by the long walk",
            groups_shown.get()
        );
        // The cases reach every outcome and ask many lines (the test would prove nothing
        // otherwise).
        assert!(outcomes.iter().all(|&n| n >= 100), "{outcomes:?}");
        assert!(asked_total >= 100_000, "{asked_total} lines asked");
        assert!(proven_total >= 1_000, "{proven_total} runs proven hidden");
        assert!(
            groups_shown.get() >= 300,
            "{} groups shown hidden",
            groups_shown.get()
        );
        // Both ways to ideal are taken: a sample 1,500+ units away in sight (measured 1,946
        // cases), and the box of the band's record setters (91).
        assert!(long_total >= 1_000, "{long_total} ideal by the long walk");
        assert!(outcomes[2] - long_total >= 50, "{outcomes:?}, {long_total}");

        // Area 0 has a sample `near0` units away, area 1 one at `near1` + 100 and one at
        // `near1`; only area 1's nearer one is in sight. Each walk's lines, in order.
        let walks = |near0: f32, near1: f32| {
            let points = vec![
                Vec3::new(near0, 0.0, 36.0),
                Vec3::new(0.0, near1 + 100.0, 36.0),
                Vec3::new(0.0, near1, 36.0),
            ];
            let samples = Samples::from_parts(points, vec![Some(0); 3], vec![0, 1, 1], 2);
            let visible = [false, false, true];
            let eye = Vec3::new(0.0, 0.0, 36.0);
            let (mut old_asked, mut new_asked) = (Vec::new(), Vec::new());
            let old = per_sample(eye, &samples, |k| {
                old_asked.push(k);
                visible[k]
            });
            let new = classify_by(
                eye,
                &samples,
                |_| false,
                |k| {
                    new_asked.push(k);
                    visible[k]
                },
                |_| None,
                |_, _| false,
            );
            assert_eq!(new, old);
            (new, old_asked, new_asked)
        };
        // Past 1,500 units the long walk takes the nearest area first, and its nearest sample
        // first: area 1's nearer sample, in sight, ends it, ideal, where the per-sample walk
        // asks both farther samples first.
        assert_eq!(
            walks(2050.0, 2000.0),
            (IDEAL_SNIPER, vec![1, 0, 2], vec![2])
        );
        // At exactly 1,500 units a sample is in the long walk's band (equal bounds: area 0
        // first, by its index).
        assert_eq!(
            walks(1500.0, 1500.0),
            (IDEAL_SNIPER, vec![1, 0, 2], vec![0, 2])
        );
        // Under 1,500, a tie with the answer: the far walk takes area 1 first (its bound is
        // larger), finds its nearer sample in sight at area 0's range, and stops without
        // asking area 0; the band walk then asks both (area 0's is no record setter).
        assert_eq!(
            walks(1200.0, 1200.0),
            (GOOD_SNIPER, vec![1, 0, 2, 0, 2], vec![1, 2, 0, 2])
        );
    }
}
