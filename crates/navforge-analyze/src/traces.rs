//! Trace counting for the report: each worker counts its own traces in a thread-local and hands
//! them over when a task ends, so counting costs no shared memory traffic per trace.

use std::cell::Cell;

use navforge_level::{Level, Vec3};

thread_local! {
    static PENDING: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    PENDING.with(|c| c.set(c.get() + 1));
}

/// Count one trace made directly on the level.
pub fn count_one() {
    count();
}

/// `level.line_of_sight`, counted; answered without a trace when the map's potentially
/// visible sets say the two points' clusters cannot see each other (no sight line can then
/// join them: the compiler's sets are conservative). Points in solid or outside the VIS data,
/// and levels without it, are traced.
pub fn line_of_sight(level: &Level, a: Vec3, b: Vec3) -> bool {
    line_of_sight_from(level, a, cluster(level, a), b, cluster(level, b))
}

/// The VIS cluster of `p` ([`navforge_level::Vis::cluster_at`]), for [`line_of_sight_from`]:
/// `None` in solid, outside the VIS data or on a level without it.
pub fn cluster(level: &Level, p: Vec3) -> Option<usize> {
    level.vis()?.cluster_at(p)
}

/// [`line_of_sight`] with the two points' clusters already looked up ([`cluster`]), for
/// callers that test one point against many.
pub fn line_of_sight_from(
    level: &Level,
    a: Vec3,
    ca: Option<usize>,
    b: Vec3,
    cb: Option<usize>,
) -> bool {
    if let (Some(vis), Some(ca), Some(cb)) = (level.vis(), ca, cb)
        && !vis.sees(ca, cb)
    {
        return false;
    }
    count();
    level.line_of_sight(a, b)
}

/// Whether `level.trace_ray` hits something, counted.
pub fn ray_hits(level: &Level, a: Vec3, b: Vec3) -> bool {
    count();
    level.trace_ray(a, b).hit()
}

/// The traces this thread made since the last call.
pub fn take() -> u64 {
    PENDING.with(|c| c.replace(0))
}
