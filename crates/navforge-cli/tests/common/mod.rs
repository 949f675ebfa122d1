//! Running the built `navforge` binary from the CLI tests.
// Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::process::{Command, Output};

/// A command for the `navforge` under test: this build's binary, or the one `NAVFORGE_BIN` names
/// (an absolute path: tests run in their package's folder).
/// Pointing `NAVFORGE_BIN` at an older build shows which tests failed before a fix.
pub fn command() -> Command {
    match std::env::var_os("NAVFORGE_BIN") {
        Some(bin) => Command::new(bin),
        None => Command::new(env!("CARGO_BIN_EXE_navforge")),
    }
}

/// Run `navforge` with these arguments and wait for it.
pub fn navforge(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut cmd = command();
    for a in args {
        cmd.arg(a);
    }
    cmd.output().expect("navforge runs")
}

/// Run `navforge` with these arguments and this text on its standard input; wait for it.
pub fn with_stdin(args: &[&dyn AsRef<std::ffi::OsStr>], stdin: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut cmd = command();
    for a in args {
        cmd.arg(a);
    }
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("navforge runs");
    let mut pipe = child.stdin.take().expect("stdin");
    // A run that refuses its input may end before reading it: what it printed is the answer.
    if let Err(e) = pipe.write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin: {e}");
    }
    drop(pipe);
    child.wait_with_output().expect("navforge finishes")
}

/// What it printed on standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
