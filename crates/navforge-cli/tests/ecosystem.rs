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

/// Every command's positional arguments say what they are in `-h` (once a bare `<INPUT>`).
#[test]
fn every_positional_argument_has_help_text() {
    let top = String::from_utf8(navforge(&["--help"]).stdout).unwrap();
    let commands: Vec<&str> = top
        .split("Commands:")
        .nth(1)
        .and_then(|s| s.split("Options:").next())
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.contains(&"convert"), "{commands:?}");
    for command in commands {
        let help = String::from_utf8(navforge(&[command, "-h"]).stdout).unwrap();
        let Some(arguments) = help.split("Arguments:").nth(1) else {
            continue;
        };
        let arguments = arguments.split("Options:").next().unwrap();
        for line in arguments
            .lines()
            .filter(|l| l.trim_start().starts_with(['<', '[']))
        {
            let name_end = line.find(['>', ']']).unwrap() + 1;
            let text = line[name_end..].trim_start_matches("...").trim();
            assert!(
                !text.is_empty(),
                "`navforge {command}`: {line:?} has no help"
            );
        }
    }
}
