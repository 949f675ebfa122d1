//! Running the built `navforge` binary from the CLI tests.
// Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Run `navforge` with these arguments and wait for it.
pub fn navforge(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_navforge"));
    for a in args {
        cmd.arg(a);
    }
    cmd.output().expect("navforge runs")
}

/// What it printed on standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
