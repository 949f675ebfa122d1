//! `navforge path` end to end: Quake bot graphs list each link taken with its type and the
//! traversal points of jumps and lifts between the nodes; Source paths are drawn over the mesh;
//! `--algo` picks the search; Polyanya scenarios run; bad inputs get errors naming file and line.

mod common;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Output, Stdio};

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;

/// `navforge path FILE --from FROM --to TO`, with `extra` arguments.
fn path(file: &Path, from: &str, to: &str, extra: &[&dyn AsRef<OsStr>]) -> Output {
    let mut args: Vec<&dyn AsRef<OsStr>> = vec![&"path", &file, &"--from", &from, &"--to", &to];
    args.extend_from_slice(extra);
    navforge(&args)
}

fn query(file: &Path, from: &str, to: &str) -> serde_json::Value {
    let out = path(file, from, to, &[&"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn quake_jumps_and_lifts_come_with_their_traversal_points() {
    let (Some(nav2), Some(nav3)) = (corpus_dir("quake-nav"), corpus_dir("quake2-nav")) else {
        return;
    };
    // dm7: node 1 rides the elevator to node 2; the file gives three points for it.
    let lift = query(&nav2.join("v15_dm7.nav"), DM7_LIFT.0, DM7_LIFT.1);
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
    let jump = query(&nav3.join("q2rr_q2dm1.nav"), Q2DM1_JUMP.0, Q2DM1_JUMP.1);
    assert_eq!(jump["links"], serde_json::json!(["long jump"]), "{jump}");
    assert_eq!(jump["waypoints"].as_array().unwrap().len(), 5, "{jump}");
    // The text report names the link types too.
    let out = path(&nav2.join("v15_dm7.nav"), DM7_LIFT.0, DM7_LIFT.1, &[]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("links: elevator"), "{text}");
}

const DM7_LIFT: (&str, &str) = ("1724.9,1018.7,448.5", "1726.3,1128.2,1024.5");
const Q2DM1_JUMP: (&str, &str) = ("498.8,1009,768", "331.7,1010.75,768.5");
/// Across dm7: 24 nodes through ledges and two teleports.
const DM7_ACROSS: (&str, &str) = ("236.171,107.421,326.531", "1524.87,574.942,448.531");
/// Across q2dm1: 20 nodes through a ledge, the elevator and a barrier jump.
const Q2DM1_ACROSS: (&str, &str) = ("1867.28,503.031,512.531", "1105.29,1457.06,800.531");

/// A `navforge serve` of one file, stopped (killed: it has no edits to save) when dropped.
struct Served {
    child: Child,
    addr: String,
    token: String,
}

impl Served {
    fn start(file: &Path) -> Served {
        let mut child = common::command()
            .arg("serve")
            .arg(file)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut url = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut url)
            .unwrap();
        let rest = url
            .trim_end()
            .strip_prefix("http://")
            .unwrap_or_else(|| panic!("{url}"));
        let (addr, token) = rest
            .split_once("/?token=")
            .unwrap_or_else(|| panic!("{url}"));
        Served {
            addr: addr.to_string(),
            token: token.to_string(),
            child,
        }
    }

    /// What the page asks for a path: `GET /api/path`, the answer's `path` object.
    fn path(&self, from: &str, to: &str) -> serde_json::Value {
        let mut s = std::net::TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .unwrap();
        write!(
            s,
            "GET /api/path?from={from}&to={to} HTTP/1.1\r\nHost: {}\r\n\
             X-Navforge-Token: {}\r\nConnection: close\r\n\r\n",
            self.addr, self.token
        )
        .unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
        let body = &reply[reply.find("\r\n\r\n").unwrap() + 4..];
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        v["path"].clone()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The browser's path (`navforge serve`'s `/api/path`, searched on the model) and the command's
/// (`navforge path --json`, on the file) are one answer on Quake graphs: the same nodes, link
/// types, cost, and the same waypoints, jump and lift traversal points included.
#[test]
fn the_browser_and_the_command_give_the_same_quake_paths() {
    let (Some(nav2), Some(nav3)) = (corpus_dir("quake-nav"), corpus_dir("quake2-nav")) else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        (nav2.join("v15_dm7.nav"), [DM7_LIFT, DM7_ACROSS]),
        (nav3.join("q2rr_q2dm1.nav"), [Q2DM1_JUMP, Q2DM1_ACROSS]),
    ];
    let mut through_points = 0;
    for (file, queries) in cases {
        // The server may write next to its file: it gets a copy.
        let copy = tmp.path().join(file.file_name().unwrap());
        std::fs::copy(&file, &copy).unwrap();
        let served = Served::start(&copy);
        for (from, to) in queries {
            let cli = query(&file, from, to);
            let page = served.path(from, to);
            assert_eq!(cli, page, "{}: {from} -> {to}", file.display());
            let (points, nodes) = (
                cli["waypoints"].as_array().unwrap().len(),
                cli["corridor"].as_array().unwrap().len(),
            );
            // Traversal points lie between the nodes: more waypoints than nodes.
            through_points += usize::from(points > nodes);
        }
    }
    assert_eq!(
        through_points, 4,
        "every query crosses a link with traversal points"
    );
}

#[test]
fn a_source_path_is_drawn_over_the_mesh() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let dust2 = dir.join("csgo_de_dust2.nav");
    let (from, to) = ("-400,-700,100", "300,2300,-100");
    let tmp = tempfile::tempdir().unwrap();
    let (svg, png) = (tmp.path().join("route.svg"), tmp.path().join("route.png"));
    for picture in [&svg, &png] {
        let out = path(&dust2, from, to, &[&"--render", picture]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    for class in ["path-line", "path-start", "path-end"] {
        assert!(text.contains(&format!("class=\"{class}\"")), "{class}");
    }
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // Any-angle does not apply to Source areas: a usage error saying what does.
    let out = path(&dust2, from, to, &[&"--algo", &"any-angle"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--algo corridor"), "{}", stderr(&out));
    // A point that is not one: a usage error from the one X,Y,Z parser, naming the text.
    let out = path(&dust2, "-400,-700", to, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("`-400,-700` is not a point X,Y,Z"),
        "{}",
        stderr(&out)
    );
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
