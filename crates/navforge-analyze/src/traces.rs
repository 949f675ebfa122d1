//! Trace counting for the report: each worker counts its own traces in a thread-local and hands
//! them over when a task ends, so counting costs no shared memory traffic per trace.

use std::cell::Cell;

use navforge_level::{Blocker, Contents, Hull, Level, Sight, SightReach, Vec3};

thread_local! {
    static PENDING: Cell<u64> = const { Cell::new(0) };
    static PROOFS: Cell<u64> = const { Cell::new(0) };
}

/// Count one proof that answered many sight lines at once (one wall hiding a whole look, a
/// sniper spot's run of samples, or an encounter spot over the rest of a path or every path
/// of an area).
pub fn count_proof() {
    PROOFS.with(|c| c.set(c.get() + 1));
}

/// The proofs this thread counted since the last call: for the tests that show a proof is
/// taken, not only that answers agree.
#[doc(hidden)]
pub fn take_proofs() -> u64 {
    PROOFS.with(|c| c.replace(0))
}

fn count() {
    PENDING.with(|c| c.set(c.get() + 1));
}

/// Count one trace made directly on the level.
pub fn count_one() {
    count();
}

/// The VIS cluster of `p` ([`navforge_level::Vis::cluster_at`]), for [`line_of_sight_from`]:
/// `None` in solid, outside the VIS data or on a level without it.
pub fn cluster(level: &Level, p: Vec3) -> Option<usize> {
    level.vis()?.cluster_at(p)
}

/// `level.sight`, counted, with the two points' clusters already looked up ([`cluster`]);
/// answered [`Sight::Blocked`] without a trace when the map's potentially visible sets say the
/// clusters cannot see each other (no sight line can then join them: the compiler's sets are
/// conservative). Points in solid or outside the VIS data, and levels without it, are traced.
fn sight_from(
    level: &Level,
    (a, ca): (Vec3, Option<usize>),
    (b, cb): (Vec3, Option<usize>),
) -> Sight {
    if pvs_hides(level, ca, cb) {
        return Sight::Blocked;
    }
    count();
    level.sight(a, b)
}

/// Whether `b` is in sight of `a` ([`sight_from`] clear), with the two points' clusters already
/// looked up ([`cluster`]), for callers that test one point against many.
pub fn line_of_sight_from(
    level: &Level,
    a: Vec3,
    ca: Option<usize>,
    b: Vec3,
    cb: Option<usize>,
) -> bool {
    sight_from(level, (a, ca), (b, cb)) == Sight::Clear
}

/// Whether the map's potentially visible sets say clusters `ca` and `cb` cannot see each other
/// (then [`line_of_sight_from`] answers "blocked" without a trace).
pub fn pvs_hides(level: &Level, ca: Option<usize>, cb: Option<usize>) -> bool {
    matches!((level.vis(), ca, cb), (Some(vis), Some(ca), Some(cb)) if !vis.sees(ca, cb))
}

/// Brushes or triangles ([`Blocker`]) that recently blocked sight lines of a group of nearby
/// eyes and targets, most recent first, for [`line_of_sight_past`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Blockers([Option<Blocker>; 4]);

impl Blockers {
    /// Whether one of the blockers proves the sight line `a → b` blocked (by what `mask`
    /// holds); the one that does becomes the most recent, so the next line asks it first.
    fn cover(&mut self, level: &Level, a: Vec3, b: Vec3, mask: Contents) -> bool {
        let found = level.first_sight_blocker(self.0.iter().map_while(|k| *k), a, b, mask);
        // (Mostly the latest already: then nothing moves, and the rotation's call is skipped.)
        if let Some(at) = found.filter(|&at| at > 0) {
            self.0[..=at].rotate_right(1);
        }
        found.is_some()
    }

    /// The most recent blocker.
    pub fn latest(&self) -> Option<Blocker> {
        self.0[0]
    }

    /// The most recent blocker other than `not` (the latest when `not` is `None`).
    pub fn latest_but(&self, not: Option<Blocker>) -> Option<Blocker> {
        self.0.iter().map_while(|k| *k).find(|&k| Some(k) != not)
    }

    /// `k` becomes the most recent (the oldest drops out when full).
    pub fn note(&mut self, k: Blocker) {
        let at = self.0.iter().position(|&o| o == Some(k));
        let end = at.unwrap_or(self.0.len() - 1);
        self.0.copy_within(0..end, 1);
        self.0[0] = Some(k);
    }
}

/// [`line_of_sight_from`], the same answer, for many nearby eyes looking at a few points (or
/// one eye at many): `recent` holds the brushes or triangles that blocked earlier sight lines
/// of the group. When one of them proves this line blocked ([`Level::sight_blocked_by`], which
/// shows the trace would answer "blocked"), no trace is made; otherwise the trace is made (and
/// counted), and what blocked it, if the level names it, noted.
pub fn line_of_sight_past(
    level: &Level,
    a: (Vec3, Option<usize>),
    b: (Vec3, Option<usize>),
    recent: &mut Blockers,
) -> bool {
    line_of_sight_past_masked(level, a, b, recent, Contents::MASK_SIGHT)
}

/// [`line_of_sight_past`] for a line that what `mask` holds blocks ([`Level::sight_masked`]):
/// a game that traces it with a player's or an NPC's mask. The map's VIS data still answers
/// first: every such mask holds the solid world the sets were compiled from.
pub fn line_of_sight_past_masked(
    level: &Level,
    a: (Vec3, Option<usize>),
    b: (Vec3, Option<usize>),
    recent: &mut Blockers,
    mask: Contents,
) -> bool {
    sight_past(level, (a, b), recent, mask, || {
        level.sight_masked(a.0, b.0, mask)
    })
}

/// [`line_of_sight_past`] with the displacements the trace can meet gathered in `reach`
/// ([`Level::sight_in`]) for the box of eyes `a` belongs to.
pub fn line_of_sight_past_in(
    level: &Level,
    a: (Vec3, Option<usize>),
    b: (Vec3, Option<usize>),
    recent: &mut Blockers,
    reach: &mut SightReach,
) -> bool {
    let mask = Contents::MASK_SIGHT;
    sight_past(level, (a, b), recent, mask, || {
        level.sight_in(reach, a.0, b.0)
    })
}

/// The shared steps of a sight line past remembered blockers: the PVS rule, then the blockers
/// (under `mask`), then the trace `sight` (counted), noting what blocked it.
fn sight_past(
    level: &Level,
    (a, b): ((Vec3, Option<usize>), (Vec3, Option<usize>)),
    recent: &mut Blockers,
    mask: Contents,
    sight: impl FnOnce() -> Sight,
) -> bool {
    sight_past_naming_by(level, (a, b), recent, mask, sight) == Sight::Clear
}

/// [`sight_from`] past remembered blockers, as [`line_of_sight_past`] asks, naming what blocked
/// the line: the blocker that proved it blocked, or what the trace met (noted in `recent`);
/// [`Sight::Blocked`] when the PVS hides it or the level names nothing.
pub fn sight_past_naming(
    level: &Level,
    a: (Vec3, Option<usize>),
    b: (Vec3, Option<usize>),
    recent: &mut Blockers,
) -> Sight {
    let mask = Contents::MASK_SIGHT;
    sight_past_naming_by(level, (a, b), recent, mask, || level.sight(a.0, b.0))
}

/// [`sight_past`], naming what blocked the line as [`sight_past_naming`] does.
fn sight_past_naming_by(
    level: &Level,
    ((a, ca), (b, cb)): ((Vec3, Option<usize>), (Vec3, Option<usize>)),
    recent: &mut Blockers,
    mask: Contents,
    sight: impl FnOnce() -> Sight,
) -> Sight {
    if pvs_hides(level, ca, cb) {
        return Sight::Blocked;
    }
    if recent.cover(level, a, b, mask) {
        return recent.latest().map_or(Sight::Blocked, Sight::BlockedBy);
    }
    count();
    let sight = sight();
    if let Sight::BlockedBy(k) = sight {
        recent.note(k);
    }
    sight
}

/// [`line_of_sight_from`] for an eye of a box whose sight lines to `b` no brush can block
/// ([`navforge_level::BoxSight`]): the same answer, with only the displacements in `reach`
/// traced (counted). The PVS rule first, as there.
pub fn line_of_sight_past_brushes(
    level: &Level,
    (a, ca): (Vec3, Option<usize>),
    (b, cb): (Vec3, Option<usize>),
    reach: &mut SightReach,
) -> bool {
    if pvs_hides(level, ca, cb) {
        return false;
    }
    count();
    level.sight_past_brushes_in(reach, a, b)
}

/// Whether `level.trace_ray` hits something, counted.
pub fn ray_hits(level: &Level, a: Vec3, b: Vec3) -> bool {
    ray_hits_in(level, a, b, Contents::MASK_SOLID)
}

/// Whether a ray from `a` to `b` hits something in `mask` (the trace's `hit()`: it starts in
/// solid or stops short, which no NaN fraction muddles: traces make none), counted.
pub fn ray_hits_in(level: &Level, a: Vec3, b: Vec3, mask: Contents) -> bool {
    count();
    !level.sweep_through(a, b, &Hull::POINT, mask)
}

/// The traces this thread made since the last call.
pub fn take() -> u64 {
    PENDING.with(|c| c.replace(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use navforge_level::{LoadOptions, UpAxis};

    /// Three walls (Z up) across x = 10, far apart in y, and the blocker that stops a line
    /// through each.
    fn three_walls() -> [Blocker; 3] {
        let mut obj = String::new();
        for (k, y) in [0.0f32, 100.0, 200.0].into_iter().enumerate() {
            let v = 4 * k + 1;
            for (dy, z) in [(-5.0, 0.0), (5.0, 0.0), (5.0, 20.0), (-5.0, 20.0)] {
                obj += &format!("v 10 {} {z}\n", y + dy);
            }
            obj += &format!("f {} {} {}\nf {} {} {}\n", v, v + 1, v + 2, v, v + 2, v + 3);
        }
        let opts = LoadOptions::default().with_up_axis(UpAxis::Z);
        let level = Level::load(obj.as_bytes(), &opts).expect("three walls");
        [0.0, 100.0, 200.0].map(|y| {
            // (Off the diagonal the wall's two triangles share.)
            match level.sight(Vec3::new(0.0, y + 1.0, 7.0), Vec3::new(20.0, y + 1.0, 7.0)) {
                Sight::BlockedBy(k) => k,
                other => panic!("the wall at y = {y}: {other:?}"),
            }
        })
    }

    /// `latest_but` answers the most recent blocker, passing over the one it is told to
    /// (wherever that stands in the list) and no other.
    #[test]
    fn the_latest_blocker_but_one_is_the_next_most_recent() {
        let [a, b, c] = three_walls();
        assert!(a != b && b != c && a != c, "three blockers");
        let mut recent = Blockers::default();
        assert_eq!(recent.latest_but(None), None);
        recent.note(a);
        assert_eq!(recent.latest_but(Some(a)), None, "nothing else remembered");
        assert_eq!(recent.latest_but(Some(b)), Some(a));
        recent.note(b);
        recent.note(c);
        // Most recent first: c, b, a.
        assert_eq!(recent.latest_but(None), Some(c));
        assert_eq!(recent.latest_but(Some(c)), Some(b));
        assert_eq!(recent.latest_but(Some(b)), Some(c));
        assert_eq!(recent.latest_but(Some(a)), Some(c));
    }
}
