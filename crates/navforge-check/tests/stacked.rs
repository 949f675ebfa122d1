//! `check` on 80,000 stacked areas runs in a child process under a 1 GiB address-space limit
//! (`ulimit -v`), so a return of the quadratic pair search (1.9 GB at 8,000 areas) fails the test
//! instead of swapping the machine.

mod common;

use std::process::Command;

const CHILD: &str = "NAVFORGE_STACKED_CHILD";
const AREAS: u64 = 80_000;
/// In KiB, for `ulimit -v`.
const LIMIT_KIB: u64 = 1 << 20;

#[test]
fn stacked_areas_stay_within_memory() {
    if std::env::var_os(CHILD).is_some() {
        return run_in_child();
    }
    let exe = std::env::current_exe().expect("test binary path");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(&exe)
        .args([
            "stacked_areas_stay_within_memory",
            "--exact",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .output()
        .expect("run the test binary under sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "check of {AREAS} stacked areas failed under a {LIMIT_KIB} KiB limit: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("child checked"),
        "the child did not run the check: {stdout}"
    );
}

fn run_in_child() {
    let mesh = common::stacked(AREAS);
    let report = navforge_check::check(&mesh, &[]);
    let crowded = report
        .get("crowded-area")
        .expect("stacked areas are crowded");
    assert!(crowded.count as u64 > AREAS / 2, "{}", crowded.message);
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM")).map(String::from))
        .unwrap_or_default();
    println!("child checked {AREAS} areas; {peak}");
}

/// A few stacked areas (fewer than the crowd limit) are still reported pair by pair.
#[test]
fn a_small_stack_lists_every_pair() {
    let n = 10;
    let report = navforge_check::check(&common::stacked(n), &[]);
    let pairs = report.get("overlapping-areas").expect("overlaps");
    assert_eq!(pairs.count as u64, n * (n - 1) / 2);
    assert!(!report.has("crowded-area"));
}
