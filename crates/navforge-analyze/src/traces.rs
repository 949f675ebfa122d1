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

/// `level.line_of_sight`, counted.
pub fn line_of_sight(level: &Level, a: Vec3, b: Vec3) -> bool {
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
