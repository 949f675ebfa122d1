//! `navforge path` end to end: Quake bot graphs list each link taken with its type and the
//! traversal points of jumps and lifts between the nodes; Source paths are drawn over the mesh;
//! `--algo` picks the search; Polyanya scenarios run; bad inputs get errors naming file and line.

mod common;

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;

fn query(file: &std::path::Path, from: &str, to: &str) -> serde_json::Value {
    let out = navforge(&[&"path", &file, &"--from", &from, &"--to", &to, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn quake_jumps_and_lifts_come_with_their_traversal_points() {
    let (Some(nav2), Some(nav3)) = (corpus_dir("quake-nav"), corpus_dir("quake2-nav")) else {
        return;
    };
    // dm7: node 1 rides the elevator to node 2; the file gives three points for it.
    let lift = query(
        &nav2.join("v15_dm7.nav"),
        "1724.9,1018.7,448.5",
        "1726.3,1128.2,1024.5",
    );
    assert_eq!(lift["algo"], "graph");
    assert_eq!(lift["corridor"], serde_json::json!([1, 2]), "{lift}");
    assert_eq!(lift["links"], serde_json::json!(["elevator"]), "{lift}");
    let points = lift["waypoints"].as_array().unwrap();
    // Node, leave it, start, land, node.
    assert_eq!(points.len(), 5, "{lift}");
    assert!(
        (points[1][1].as_f64().unwrap() - 925.7248).abs() < 1e-3,
        "{lift}"
    );
    // q2dm1: a long jump from node 13 to node 311, through funnel, start and end.
    let jump = query(
        &nav3.join("q2rr_q2dm1.nav"),
        "498.8,1009,768",
        "331.7,1010.75,768.5",
    );
    assert_eq!(jump["links"], serde_json::json!(["long jump"]), "{jump}");
    assert_eq!(jump["waypoints"].as_array().unwrap().len(), 5, "{jump}");
    // The text report names the link types too.
    let out = navforge(&[
        &"path",
        &nav2.join("v15_dm7.nav"),
        &"--from",
        &"1724.9,1018.7,448.5",
        &"--to",
        &"1726.3,1128.2,1024.5",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("links: elevator"), "{text}");
}

#[test]
fn a_source_path_is_drawn_over_the_mesh() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (svg, png) = (tmp.path().join("route.svg"), tmp.path().join("route.png"));
    for picture in [&svg, &png] {
        let out = navforge(&[
            &"path",
            &dir.join("csgo_de_dust2.nav"),
            &"--from",
            &"-400,-700,100",
            &"--to",
            &"300,2300,-100",
            &"--render",
            picture,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    for class in ["path-line", "path-start", "path-end"] {
        assert!(text.contains(&format!("class=\"{class}\"")), "{class}");
    }
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // Any-angle does not apply to Source areas: a usage error saying what does.
    let out = navforge(&[
        &"path",
        &dir.join("csgo_de_dust2.nav"),
        &"--from",
        &"-400,-700,100",
        &"--to",
        &"300,2300,-100",
        &"--algo",
        &"any-angle",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--algo corridor"), "{}", stderr(&out));
}

fn scenario_totals(args: &[&dyn AsRef<std::ffi::OsStr>]) -> serde_json::Value {
    let out = navforge(args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn algorithms_and_scenarios() {
    let (Some(grids), Some(meshes)) = (
        corpus_dir("pathfinding/movingai"),
        corpus_dir("pathfinding/polyanya"),
    ) else {
        return;
    };
    let (map, scen) = (grids.join("arena.map"), grids.join("arena.map.scen"));
    // Any-angle and corridor on the grid's rectangles: never longer than the octile optimum...
    for algo in ["any-angle", "corridor"] {
        let t = scenario_totals(&[&"path", &map, &"--scen", &scen, &"--algo", &algo, &"--json"]);
        assert_eq!(t["queries"], 160, "{algo}: {t}");
        if algo == "any-angle" {
            assert_eq!(t["agreeing"], 160, "{algo}: {t}");
        }
    }
    // ... and on a Polyanya mesh, every query is solved.
    let t = scenario_totals(&[
        &"path",
        &meshes.join("arena-merged.mesh"),
        &"--scen",
        &meshes.join("arena.scen"),
        &"--json",
    ]);
    assert_eq!(t["solved"], 160, "{t}");
    // A scenario line that is not one: exit 1, naming the file and the line.
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.scen");
    std::fs::write(
        &bad,
        "version 1\n0 arena.map 49 49 1 11 1 12 1.0\n0 arena.map 49\n",
    )
    .unwrap();
    let out = navforge(&[&"path", &map, &"--scen", &bad]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("bad.scen") && err.contains("line 3"), "{err}");
}
