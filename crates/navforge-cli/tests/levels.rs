//! The level verbs end to end on the corpus's level pairs: a mesh drawn over its map, a mesh
//! generated from the map and measured against the game's, the game's analysis redone, and paths.

mod common;

use common::{navforge, stderr};

use navforge_core::testing::corpus_dir;
use std::path::PathBuf;

fn pair(name: &str) -> Option<(PathBuf, PathBuf)> {
    let dir = corpus_dir("level-pairs")?;
    Some((
        dir.join(format!("{name}.bsp")),
        dir.join(format!("{name}.nav")),
    ))
}

#[test]
fn render_draws_the_level_under_the_mesh() {
    let Some((bsp, nav)) = pair("goldsrc_aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let plain = tmp.path().join("plain.svg");
    let over = tmp.path().join("over.svg");
    assert!(navforge(&[&"render", &nav, &"-o", &plain]).status.success());
    let out = navforge(&[&"render", &nav, &"--level", &bsp, &"-o", &over]);
    assert!(out.status.success(), "{}", stderr(&out));
    let plain = std::fs::read_to_string(plain).unwrap();
    let over = std::fs::read_to_string(over).unwrap();
    assert!(
        over.contains("level geometry"),
        "the legend names the backdrop"
    );
    assert!(over.len() > plain.len(), "the backdrop adds shapes");
}

#[test]
fn generate_then_analyze_a_map() {
    let Some((bsp, game_nav)) = pair("goldsrc_aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let generated = tmp.path().join("aim_map.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &generated, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(stats["areas"].as_u64().unwrap() > 100, "{stats}");
    let check = navforge(&[&"check", &generated]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    // The generated mesh draws over its map.
    let picture = tmp.path().join("generated.svg");
    let out = navforge(&[&"render", &generated, &"--level", &bsp, &"-o", &picture]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&picture).unwrap();
    assert!(
        svg.contains("level geometry"),
        "no level drawn under the mesh"
    );

    // The game's own areas, re-analysed: hiding spots come back where the game put them.
    let analysed = tmp.path().join("analysed.nav");
    let out = navforge(&[&"analyze", &game_nav, &"--level", &bsp, &"-o", &analysed]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("92 hiding spots"), "{}", stderr(&out));
    // A mark in the air is refused by its number.
    let out = navforge(&[
        &"generate",
        &bsp,
        &"-o",
        &generated,
        &"--mark",
        &"0,0,90000",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn path_between_two_points_and_over_a_benchmark() {
    let Some((_, nav)) = pair("goldsrc_de_dust2") else {
        return;
    };
    let out = navforge(&[
        &"path",
        &nav,
        &"--from",
        &"-600,-800,0",
        &"--to",
        &"300,2400,0",
        &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(path["length"].as_f64().unwrap() > 3000.0, "{path}");
    assert!(path["corridor"].as_array().unwrap().len() > 5, "{path}");
    let Some(grids) = corpus_dir("pathfinding/movingai") else {
        return;
    };
    let out = navforge(&[
        &"path",
        &grids.join("arena.map"),
        &"--scen",
        &grids.join("arena.map.scen"),
        &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(
        last["queries"], last["agreeing"],
        "every stored optimum: {last}"
    );
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    for key in ["length", "optimal", "micros"] {
        assert!(first.get(key).is_some(), "{key}: {first}");
    }
}

#[test]
fn generate_incremental_needs_a_mark_off_the_existing_mesh() {
    let Some((bsp, game_nav)) = pair("goldsrc_aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_nav = tmp.path().join("grown.nav");
    let base = [
        &"generate" as &dyn AsRef<std::ffi::OsStr>,
        &bsp,
        &"-o",
        &out_nav,
    ];
    // Without --mark there is nothing to grow from: a usage error.
    let mut args = base.to_vec();
    args.extend([&"--incremental" as &dyn AsRef<std::ffi::OsStr>, &game_nav]);
    let out = navforge(&args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--mark"), "{}", stderr(&out));
    // A mark on the game's own areas (a spawn) adds nothing, and says so.
    args.extend([&"--mark" as &dyn AsRef<std::ffi::OsStr>, &"-176,-2048,-459"]);
    let out = navforge(&args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing new"), "{}", stderr(&out));
    assert!(!out_nav.exists());
}
