//! `navforge generate` for triangle formats end to end: the format from the extension or
//! `--format`, `--game`, `--json`, settings in the output's units, and refusals that leave no
//! file behind.

mod common;

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;
use std::path::PathBuf;

fn dungeon() -> Option<PathBuf> {
    Some(corpus_dir("geometry-obj")?.join("recast_dungeon.obj"))
}

fn info(path: &std::path::Path) -> serde_json::Value {
    let out = navforge(&[&"info", &"--json", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("info json")
}

#[test]
fn every_triangle_format_from_one_level() {
    let Some(obj) = dungeon() else { return };
    let tmp = tempfile::tempdir().unwrap();

    // Skyrim SE by default, in Bethesda units: the summary says so.
    let esp = tmp.path().join("dungeon.esp");
    let out = navforge(&[&"generate", &obj, &"-o", &esp, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["format"], "tes-plugin");
    // The game, shaped as Source generation's: Skyrim SE unless --game names another.
    assert_eq!(summary["game"]["name"], "skyrim-se", "{summary}");
    assert_eq!(summary["game"]["chosen_by"], "default", "{summary}");
    assert!(
        summary["stats"]["triangles"].as_u64().unwrap() > 300,
        "{summary}"
    );
    let scale = summary["output_units_per_level_unit"].as_f64().unwrap();
    assert!((scale - 1.0 / 0.014_287_5).abs() < 0.01, "{scale}");
    let esp_info = info(&esp);
    assert_eq!(esp_info["format"], "tes-plugin", "{esp_info}");
    assert_eq!(esp_info["version"], 44, "{esp_info}");
    let check = navforge(&[&"check", &esp]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    // Fallout 4 by --game.
    let fo4 = tmp.path().join("fo4.esp");
    let out = navforge(&[&"generate", &obj, &"-o", &fo4, &"--game", &"fo4", &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["game"]["name"], "fo4", "{summary}");
    assert_eq!(summary["game"]["chosen_by"], "option", "{summary}");
    assert_eq!(info(&fo4)["version"], 131);

    // MGSV by --format, whatever the extension; metres, so a larger agent radius in metres.
    let nav2 = tmp.path().join("dungeon.bin");
    let out = navforge(&[
        &"generate",
        &obj,
        &"-o",
        &nav2,
        &"--format",
        &"mgsv-nav2",
        &"--agent-radius",
        &"0.5",
        &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(summary["game"].is_null(), "{summary}");
    assert!((summary["config"]["agent_radius"].as_f64().unwrap() - 0.5).abs() < 1e-6);
    let nav2_info = info(&nav2);
    assert_eq!(nav2_info["format"], "mgsv-nav2", "{nav2_info}");
    let check = navforge(&[&"check", &nav2]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    // OBJ (Y up, like the level) and GLB by extension.
    let out_obj = tmp.path().join("navmesh.obj");
    let glb = tmp.path().join("navmesh.glb");
    assert!(
        navforge(&[&"generate", &obj, &"-o", &out_obj])
            .status
            .success()
    );
    assert!(navforge(&[&"generate", &obj, &"-o", &glb]).status.success());
    let text = std::fs::read_to_string(&out_obj).unwrap();
    assert!(text.lines().filter(|l| l.starts_with("f ")).count() > 200);
    assert!(std::fs::read(&glb).unwrap().starts_with(b"glTF"));
}

#[test]
fn bad_requests_are_refused_and_write_nothing() {
    let Some(obj) = dungeon() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let esp = tmp.path().join("x.esp");
    // Usage errors (exit 2), each naming what is wrong.
    for (args, says) in [
        (vec!["--cell-size", "0"], "cell_size"),
        (vec!["--max-slope", "95"], "max_slope"),
        (vec!["--agent-height", "-1"], "agent-height"),
        (vec!["--game", "tf2"], "skyrim-se"),
        (vec!["--mark", "0,0,0"], "--mark"),
    ] {
        let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"generate", &obj, &"-o", &esp];
        for a in &args {
            all.push(a);
        }
        let out = navforge(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(!esp.exists(), "{args:?} left a file");
    }
    // The level itself as the output.
    let copy = tmp.path().join("level.obj");
    std::fs::copy(&obj, &copy).unwrap();
    let out = navforge(&[&"generate", &copy, &"-o", &copy]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&obj).unwrap());
    // A level with nothing to stand on: an error naming it (exit 1), no file.
    let wall = tmp.path().join("wall.obj");
    std::fs::write(
        &wall,
        "v 0 0 0\nv 4 0 0\nv 4 3 0\nv 0 3 0\nf 1 2 3\nf 1 3 4\n",
    )
    .unwrap();
    let out = navforge(&[&"generate", &wall, &"-o", &esp]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("wall.obj"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no walkable surface"),
        "{}",
        stderr(&out)
    );
    assert!(!esp.exists());
}
