//! Runs a hostile case in a child process under a virtual-memory bound, so an abort, a panic or a
//! blow-up fails the test instead of going unseen (or taking the machine down).
// Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::process::Command;

/// Environment variable that tells the re-executed test binary which case to run.
pub const CASE_VAR: &str = "NAVFORGE_BOUNDED_CASE";

/// What the child reported.
pub struct Outcome {
    /// The child exited with status 0 (the case returned normally).
    pub success: bool,
    /// Its standard output and error, for the failure message.
    pub output: String,
    /// Peak resident memory (VmHWM) in KiB, as printed by [`report_peak`].
    pub peak_kib: Option<u64>,
}

/// Re-runs test `test` of this binary with `CASE_VAR=case` under `ulimit -v limit_mib` MiB.
pub fn run_bounded(test: &str, case: &str, limit_mib: u64) -> Outcome {
    let exe = std::env::current_exe().expect("test binary path");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v \"$1\" && shift && exec \"$@\"")
        .arg("sh")
        .arg((limit_mib * 1024).to_string())
        .arg(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CASE_VAR, case)
        .output()
        .expect("spawn sh");
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let peak_kib = output
        .lines()
        .find_map(|l| l.strip_prefix("peak-rss-kib="))
        .and_then(|v| v.trim().parse().ok());
    Outcome {
        success: out.status.success(),
        output,
        peak_kib,
    }
}

/// The case this process should run, when it is a bounded child.
pub fn child_case() -> Option<String> {
    std::env::var(CASE_VAR).ok()
}

/// Prints this process's peak resident memory for the parent to read.
pub fn report_peak() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(kib) = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    {
        println!("peak-rss-kib={kib}");
    }
}
