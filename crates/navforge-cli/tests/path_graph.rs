//! `navforge path` on Quake bot graphs: the answer lists each link taken with its type, and the
//! traversal points of jumps and lifts as waypoints between the nodes.

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
