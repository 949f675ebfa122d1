//! Fitting the shell: completion scripts and manual pages come from the same command table as
//! `--help`, so they know every command and option.

mod common;

use std::process::Command;

fn navforge(args: &[&str]) -> std::process::Output {
    common::command()
        .args(args)
        .output()
        .expect("navforge runs")
}

#[test]
fn completions_know_every_command_and_option() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = navforge(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for word in ["convert", "render", "check", "game", "completions"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(script.contains("source-nav"), "{shell}: --to values");
        }
    }
    // The bash script is valid bash, where bash is installed.
    let script = navforge(&["completions", "bash"]).stdout;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("navforge.bash");
    std::fs::write(&path, script).unwrap();
    if let Ok(out) = Command::new("bash").arg("-n").arg(&path).output() {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn manual_pages_are_roff_for_the_tool_and_each_command() {
    let out = navforge(&["man"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH navforge 1"), "{page}");
    assert!(page.contains("convert"));
    let out = navforge(&["man", "convert"]);
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH navforge-convert 1"), "{page}");
    assert!(page.contains("game"));
    let out = navforge(&["man", "no-such-command"]);
    assert_eq!(out.status.code(), Some(2));
}
