//! Hostile input through the binary, as issue "Trust" reproduced it with the release build: each
//! run under a 1 GiB address-space limit, so an abort, an unbounded allocation or a quadratic
//! blow-up fails the test. Point `NAVFORGE_BIN` at an older build to see them fail there.

mod common;

use navforge_core::testing::{bounded, corpus_dir, stacked_areas};
use std::path::Path;
use std::process::Output;

const LIMIT_MIB: u64 = 1024;

/// `navforge ARGS` under the memory bound.
fn bounded_navforge(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let program = common::command().get_program().to_owned();
    let mut cmd = bounded::command(program, LIMIT_MIB);
    for a in args {
        cmd.arg(a);
    }
    cmd.output().expect("run navforge under sh")
}

/// Exit code 1 with a message: refused, not aborted (134) or killed.
fn assert_refused(out: &Output, what: &str) -> String {
    let err = common::stderr(out);
    assert_eq!(out.status.code(), Some(1), "{what}: {}\n{err}", out.status);
    err
}

fn write_json(path: &Path, value: &serde_json::Value) {
    std::fs::write(path, serde_json::to_vec(value).unwrap()).unwrap();
}

#[test]
fn hostile_sizes_in_mgsv_json_are_refused_not_allocated() {
    let Some(dir) = corpus_dir("mgsv-nav2") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let json = tmp.path().join("nav.json");
    let out = common::navforge(&[&"convert", &dir.join("obj2nav2_test.nav2"), &json]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let base: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    for value in [
        serde_json::json!(1_000_000_000_000_000u64),
        serde_json::json!(4_294_967_295u64),
        serde_json::json!(u64::MAX),
        serde_json::json!(-1),
    ] {
        let mut edited = base.clone();
        edited["document"]["file_len"] = value.clone();
        let hostile = tmp.path().join("hostile.json");
        write_json(&hostile, &edited);
        let target = tmp.path().join("out.nav2");
        let out = bounded_navforge(&[&"convert", &hostile, &target]);
        let err = assert_refused(&out, &format!("file_len = {value}"));
        assert!(err.contains("file_len"), "the field is named: {err}");
        if value.as_i64().is_none_or(|v| v >= 0) {
            // A size the JSON parsed but the structures cannot take: no byte stands for it.
            assert!(!err.contains("at byte"), "no made-up offset: {err}");
        }
        assert!(!target.exists(), "nothing written for file_len = {value}");
    }
}

#[test]
fn an_unknown_key_is_refused_naming_it() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let json = tmp.path().join("dust2.json");
    let out = common::navforge(&[&"convert", &dir.join("csgo_de_dust2.nav"), &json]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(text.contains("\"place\":"), "the areas have places");
    std::fs::write(&json, text.replacen("\"place\":", "\"plcae\":", 1)).unwrap();
    let out = common::navforge(&[&"convert", &json, &tmp.path().join("back.nav")]);
    let err = assert_refused(&out, "a misspelt key");
    assert!(err.contains("plcae"), "the key is named: {err}");
    assert!(err.contains("areas"), "and where it is: {err}");
}

#[test]
fn a_decompression_bomb_is_refused_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let bomb = tmp.path().join("bomb.esp");
    std::fs::write(&bomb, navforge_tes::testing::decompression_bomb(20)).unwrap();
    let out = bounded_navforge(&[&"info", &bomb]);
    let err = assert_refused(&out, "info on a decompression bomb");
    assert!(err.contains("decompression budget"), "{err}");
    assert!(err.contains("bomb.esp"), "the file is named: {err}");
}

#[test]
fn stacked_areas_are_checked_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = tmp.path().join("stacked.nav");
    let options = navforge::BuildOptions::default();
    let built = navforge::build(
        navforge_core::Format::SourceNav,
        &stacked_areas(8_000),
        &options,
    )
    .unwrap();
    std::fs::write(&nav, built.bytes).unwrap();
    let out = bounded_navforge(&[&"check", &"--json", &nav]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "check ended with {}: {}",
        out.status,
        common::stderr(&out)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert!(codes.contains(&"crowded-area"), "{codes:?}");
}
