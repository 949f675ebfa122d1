//! `navforge generate` for Quake bot graphs end to end: the format from `--format` or from the
//! output (`.nav` from a Quake map, `.navjson`), the `--json` summary, and files that `info`,
//! `convert` and `render` read back.

mod common;

use common::{navforge, stderr};

use navforge_core::testing::corpus_dir;

#[test]
fn a_quake_map_gives_a_nav2_graph_and_its_navjson() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = dir.join("quake_hipnotic_dm1.bsp");
    let tmp = tempfile::tempdir().unwrap();
    let nav = tmp.path().join("dm1.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &nav, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(stats["nodes"].as_u64().unwrap() > 100, "{stats}");
    assert_eq!(stats["link_types"]["teleport"], 1, "{stats}");
    let times: Vec<&str> = stats["times"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[0].as_str().unwrap())
        .collect();
    assert_eq!(
        times,
        [
            "entities",
            "seeds",
            "fill",
            "nodes",
            "walk links",
            "air links",
            "entity links",
            "write"
        ]
    );
    let bytes = std::fs::read(&nav).unwrap();
    assert_eq!(&bytes[..8], b"NAV2\x12\0\0\0", "NAV2 version 18");
    let info = navforge(&[&"info", &"--json", &nav]);
    assert!(info.status.success(), "{}", stderr(&info));
    let info: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(info["format"], "quake-nav", "{info}");

    // Straight to .navjson, and the same graph through `convert`.
    let json = tmp.path().join("dm1.navjson");
    let out = navforge(&[&"generate", &bsp, &"-o", &json]);
    assert!(out.status.success(), "{}", stderr(&out));
    let converted = tmp.path().join("converted.navjson");
    assert!(navforge(&[&"convert", &nav, &converted]).status.success());
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        std::fs::read_to_string(&converted).unwrap()
    );
    let png = tmp.path().join("dm1.png");
    let out = navforge(&[&"render", &nav, &"--level", &bsp, &"-o", &png]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn format_follows_the_map_and_the_flag() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let q2 = dir.join("librequake_lq_e0m1-quake2.bsp");
    let tmp = tempfile::tempdir().unwrap();
    let nav = tmp.path().join("e0m1.nav");
    let out = navforge(&[&"generate", &q2, &"-o", &nav]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&std::fs::read(&nav).unwrap()[..4], b"NAV3");
    // Asked for, a Quake II map gives NAV2 too.
    let out = navforge(&[&"generate", &q2, &"-o", &nav, &"--format", &"quake-nav"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&std::fs::read(&nav).unwrap()[..4], b"NAV2");
    // A Source map is no Quake map: a clear error, exit 1, nothing written.
    let src = dir.join("source-tf2_mp_lobby.bsp");
    let none = tmp.path().join("none.nav");
    let out = navforge(&[&"generate", &src, &"-o", &none, &"--format", &"quake-nav"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("Quake bot graphs are made from Quake"),
        "{}",
        stderr(&out)
    );
    assert!(!none.exists());
    let out = navforge(&[&"generate", &q2, &"-o", &none, &"--format", &"obj-soup"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Source-only flags are refused for a graph (exit 2, nothing written).
    for flag in [
        &"--analyze" as &dyn AsRef<std::ffi::OsStr>,
        &"--seed-everywhere",
    ] {
        let out = navforge(&[&"generate", &q2, &"-o", &none, flag]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("waypoint graph"), "{}", stderr(&out));
        assert!(!none.exists());
    }
}
