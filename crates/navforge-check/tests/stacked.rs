//! `check` on 80,000 stacked areas runs in a child process under a 1 GiB address-space limit
//! (`ulimit -v`), so a return of the quadratic pair search (1.9 GB at 8,000 areas) fails the test
//! instead of swapping the machine.

use navforge_core::testing::bounded::{child_case, report_peak, run_bounded};
use navforge_core::testing::stacked_areas;

const AREAS: u64 = 80_000;
const LIMIT_MIB: u64 = 1024;

#[test]
fn stacked_areas_stay_within_memory() {
    if child_case().is_some() {
        return run_in_child();
    }
    let out = run_bounded("stacked_areas_stay_within_memory", "stacked", LIMIT_MIB);
    assert!(
        out.success,
        "check of {AREAS} stacked areas failed under a {LIMIT_MIB} MiB limit:\n{}",
        out.output
    );
    assert!(
        out.output.contains("child checked"),
        "the child did not run the check: {}",
        out.output
    );
}

fn run_in_child() {
    let mesh = stacked_areas(AREAS);
    let report = navforge_check::check(&mesh, &[]);
    let crowded = report
        .get("crowded-area")
        .expect("stacked areas are crowded");
    assert!(crowded.count as u64 > AREAS / 2, "{}", crowded.message);
    println!("child checked {AREAS} areas");
    report_peak();
}

/// A few stacked areas (fewer than the crowd limit) are still reported pair by pair.
#[test]
fn a_small_stack_lists_every_pair() {
    let n = 10;
    let report = navforge_check::check(&stacked_areas(n), &[]);
    let pairs = report.get("overlapping-areas").expect("overlaps");
    assert_eq!(pairs.count as u64, n * (n - 1) / 2);
    assert!(!report.has("crowded-area"));
}
