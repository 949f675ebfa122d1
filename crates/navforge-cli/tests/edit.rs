//! `navforge edit` (scripts and the prompt, driven through piped stdin) and `navforge diff`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

fn navforge(args: &[&dyn AsRef<std::ffi::OsStr>], stdin: Option<&str>) -> Output {
    common::with_stdin(args, stdin.unwrap_or(""))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn mirage() -> Option<PathBuf> {
    Some(corpus_dir("source-nav")?.join("csgo_de_mirage.nav"))
}

fn write(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

const FIX: &str = "# de_mirage: areas 103 and 192 are orphans\nconnect 103 652\nconnect 652 103 # back\n\nplace 103 Tunnel\nplace 192 Tunnel\n";

#[test]
fn a_script_fixes_the_orphans_check_reports() {
    let Some(input) = mirage() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = write(dir.path(), "fix.txt", FIX);
    let out = dir.path().join("fixed.nav");
    let r = navforge(&[&"edit", &input, &"--script", &script, &"-o", &out], None);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let before = text(&navforge(&[&"check", &input], None).stdout);
    let after = text(&navforge(&[&"check", &out], None).stdout);
    assert!(before.contains("orphan-area: 2 areas"), "{before}");
    assert!(!after.contains("orphan-area"), "{after}");
    let doc = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert!(doc.area(103).unwrap().connections.contains(652));
    assert!(doc.area(652).unwrap().connections.contains(103));
    // Only the three areas changed: the diff names them and their fields.
    let d = navforge(&[&"diff", &input, &out, &"--json"], None);
    let v: serde_json::Value = serde_json::from_slice(&d.stdout).unwrap();
    assert_eq!(
        v["connections_added"],
        serde_json::json!([[103, 652], [652, 103]])
    );
    assert_eq!(
        v["changed"][0],
        serde_json::json!({"id": 103, "fields": ["connections", "place"]})
    );
    assert_eq!(v["changed"].as_array().unwrap().len(), 3);
    assert!(v["added"].as_array().unwrap().is_empty());
}

#[test]
fn a_failing_line_names_line_and_reason_and_writes_nothing() {
    let Some(input) = mirage() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.nav");
    for (body, why) in [
        ("connect 103 652\nmerge 103 999\n", ":2: no area has ID 999"),
        (
            "# c\n\nsplit 103 x=5000\n",
            ":3: x=5000 is outside area 103",
        ),
        (
            "connect 103 652\nfrobnicate\n",
            ":2: unknown command `frobnicate`",
        ),
        ("select radius 5 near 0,0,0\n", ":1: select: expected `at`"),
    ] {
        let script = write(dir.path(), "s.txt", body);
        let r = navforge(&[&"edit", &input, &"--script", &script, &"-o", &out], None);
        assert_eq!(r.status.code(), Some(1), "{body}");
        assert!(text(&r.stderr).contains(why), "{body}: {}", text(&r.stderr));
        assert!(!out.exists(), "{body}: a failed script wrote the output");
    }
}

#[test]
fn dry_run_reports_and_writes_nothing() {
    let Some(input) = mirage() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = write(dir.path(), "fix.txt", FIX);
    let out = dir.path().join("out.nav");
    let r = navforge(
        &[
            &"edit",
            &input,
            &"--script",
            &script,
            &"--dry-run",
            &"-o",
            &out,
        ],
        None,
    );
    assert!(r.status.success());
    let s = text(&r.stdout);
    assert!(
        s.contains("~ area 103: connections, place") && s.contains("+ connection 652 -> 103"),
        "{s}"
    );
    assert!(!out.exists());
    let r = navforge(&[&"edit", &input, &"--script", &script], None);
    assert_eq!(
        r.status.code(),
        Some(2),
        "a script without -o or --dry-run is a usage error"
    );
}

#[test]
fn the_prompt_prints_each_change_and_saves() {
    let Some(input) = mirage() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("saved.nav");
    let doc = SourceNavDocument::read(&std::fs::read(&input).unwrap()).unwrap();
    let new = doc.next_area_id().unwrap();
    let session = format!(
        "split 103 y=100\nmerge 103 {new}\nmerge 103 999\nundo\nshow 103\nsave {}\nquit\n",
        out.display()
    );
    let r = navforge(&[&"edit", &input], Some(&session));
    assert!(r.status.success(), "{}", text(&r.stderr));
    let s = text(&r.stdout);
    assert!(
        s.contains(&format!("split area 103 at y=100: new area {new}")),
        "{s}"
    );
    assert!(s.contains(&format!("+ area {new}")), "{s}");
    assert!(s.contains(&format!("+ connection 103 -> {new}")), "{s}");
    assert!(s.contains(&format!("merged area {new} into 103")), "{s}");
    assert!(s.contains(&format!("- area {new}")), "{s}");
    assert!(s.contains("error: no area has ID 999"), "{s}");
    assert!(s.contains("undid merge"), "{s}");
    assert!(s.contains("saved "), "{s}");
    // After the undo the split stands: the new area is in the saved file.
    let saved = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert!(saved.area(new).is_some());
    assert_eq!(saved.areas.len(), doc.areas.len() + 1);
}

#[test]
fn diff_of_a_file_with_itself_is_empty() {
    let Some(input) = mirage() else { return };
    let r = navforge(&[&"diff", &input, &input], None);
    assert!(r.status.success());
    assert!(text(&r.stdout).contains("no changes"));
}

fn quake(name: &str) -> Option<PathBuf> {
    Some(corpus_dir("quake-nav")?.join(name))
}

#[test]
fn a_script_edits_a_quake_graph_and_diff_names_nodes_and_links() {
    let Some(input) = quake("v18_rogue_dm8.nav") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let script = write(
        dir.path(),
        "graph.txt",
        "# a shortcut over the gap, and a hazard marked\nnode add 900,-200,130 radius 24\nlink add 5 127 long-jump traversal 890,-195,130 895,-198,132 900,-200,130\nlink add 127 5 walk\nnode flags 6 +hazard\nlink delete 5 4\n",
    );
    let out = dir.path().join("edited.nav");
    let r = navforge(&[&"edit", &input, &"--script", &script, &"-o", &out], None);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(
        text(&r.stderr).contains("1 added, 0 removed, 1 changed nodes; 2 added, 1 removed"),
        "{}",
        text(&r.stderr)
    );
    let doc = navforge_quake::QuakeNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(doc.nodes.len(), 128);
    assert_eq!(doc.nodes[127].radius, 24);
    let d = navforge(&[&"diff", &input, &out, &"--json"], None);
    assert!(d.status.success(), "{}", text(&d.stderr));
    let v: serde_json::Value = serde_json::from_slice(&d.stdout).unwrap();
    assert_eq!(v["nodes_added"], serde_json::json!([127]));
    assert_eq!(
        v["nodes_changed"],
        serde_json::json!([{"old": 6, "new": 6, "fields": ["flags"]}])
    );
    assert_eq!(
        v["links_added"],
        serde_json::json!([
            {"from": 5, "to": 127, "type": "long jump"},
            {"from": 127, "to": 5, "type": "walk"}
        ])
    );
    assert_eq!(
        v["links_removed"],
        serde_json::json!([{"from": 5, "to": 4, "type": "walk"}])
    );
    // `check` finds no error in the edited graph.
    let c = navforge(&[&"check", &out], None);
    assert!(
        c.status.success() && text(&c.stdout).contains("0 errors"),
        "{}",
        text(&c.stdout)
    );
    // A failing line names the line, and nothing is written.
    let bad = write(dir.path(), "bad.txt", "node add 0,0,0\nlink add 0 9999\n");
    let out2 = dir.path().join("never.nav");
    let r = navforge(&[&"edit", &input, &"--script", &bad, &"-o", &out2], None);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        text(&r.stderr).contains("bad.txt:2: no node 9999"),
        "{}",
        text(&r.stderr)
    );
    assert!(!out2.exists());
}

#[test]
fn the_prompt_edits_a_quake2_graph() {
    let Some(dir) = corpus_dir("quake2-nav") else {
        return;
    };
    let input = dir.join("q2rr_q2dm7.nav");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("saved.nav");
    let session = format!(
        "help\nnode add 0,0,0 +crouch\nlink add 0 128 crouch\nnode delete 1\nundo\nnode move 99999 0,0,0\nsave {}\nquit\n",
        out.display()
    );
    let r = navforge(&[&"edit", &input], Some(&session));
    assert!(r.status.success(), "{}", text(&r.stderr));
    let s = text(&r.stdout);
    assert!(
        s.contains("128 nodes, 310 links (quake2-nav version 6)"),
        "{s}"
    );
    assert!(s.contains("link types: walk, long-jump"), "{s}");
    assert!(s.contains("added node 128"), "{s}");
    assert!(s.contains("+ link 0 -> 128 (crouch)"), "{s}");
    assert!(s.contains("- node 1"), "{s}");
    assert!(s.contains("undid node delete"), "{s}");
    assert!(s.contains("error: no node 99999"), "{s}");
    let saved = navforge_quake::Quake2NavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(saved.nodes.len(), 129);
}

#[test]
fn read_only_formats_say_so() {
    let Some(dir) = corpus_dir("quake-navjson") else {
        return;
    };
    let json = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "navjson"))
        .unwrap();
    let r = navforge(&[&"edit", &json, &"--script", &json, &"--dry-run"], None);
    assert_eq!(r.status.code(), Some(1));
    let e = text(&r.stderr);
    assert!(
        e.contains("read-only in the editor") && e.contains("convert"),
        "{e}"
    );
    let Some(quake) = quake("v15_end.nav") else {
        return;
    };
    let Some(source) = mirage() else { return };
    let r = navforge(&[&"diff", &quake, &source], None);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        text(&r.stderr).contains("cannot compare a quake-nav file with a source-nav file"),
        "{}",
        text(&r.stderr)
    );
}

/// `create` makes a flat area: all four corners at the first corner's height, as the Valve page's
/// nav_begin_area / nav_end_area (issue 26). On CS:S de_dust2, `create 0,0,-113 100,100,-100` used
/// to give -106.5 at the two other corners and -100 at the second.
#[test]
fn create_is_flat_at_the_first_corners_height_on_css_dust2() {
    let Some(input) = corpus_dir("source-nav").map(|d| d.join("css_de_dust2.nav")) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let script = write(dir.path(), "create.txt", "create 0,0,-113 100,100,-100\n");
    let out = dir.path().join("created.nav");
    let r = navforge(&[&"edit", &input, &"--script", &script, &"-o", &out], None);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let before = SourceNavDocument::read(&std::fs::read(&input).unwrap()).unwrap();
    let after = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(after.areas.len(), before.areas.len() + 1);
    let new = after
        .areas
        .iter()
        .find(|a| before.area(a.id).is_none())
        .expect("one new area");
    let corners = [
        new.north_west[2].get(),
        new.north_east_z.get(),
        new.south_west_z.get(),
        new.south_east[2].get(),
    ];
    assert_eq!(corners, [-113.0; 4]);
    assert_eq!(
        (new.north_west[0].get(), new.north_west[1].get()),
        (0.0, 0.0)
    );
    assert_eq!(
        (new.south_east[0].get(), new.south_east[1].get()),
        (100.0, 100.0)
    );
}

/// Run `navforge ARGS` with standard output a pipe the test closes after the first line: the
/// exit status and standard error.
fn closed_after_first_line(
    name: &str,
    args: &[&dyn AsRef<std::ffi::OsStr>],
) -> (Option<i32>, String) {
    use std::io::{BufRead, Read};
    let mut cmd = common::command();
    for a in args {
        cmd.arg(a);
    }
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("navforge runs");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(!first.is_empty(), "{name} printed nothing");
    // The reader (and its buffer) is dropped here: the pipe is closed, as `| head -1` does.
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().expect("navforge finishes").code(), err)
}

/// Writing into a closed pipe ends quietly (issue 26): `diff a b | head -1` on two real CS:S
/// meshes panicked with "failed printing to stdout: Broken pipe" and exit 101. The outputs here
/// are far larger than a pipe's buffer, so the writer does meet the closed pipe.
#[test]
fn a_closed_pipe_ends_diff_info_and_convert_quietly() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let (office, dust) = (
        dir.join("css-v9_cs_office.nav"),
        dir.join("css_de_dust2.nav"),
    );
    // info of the same mesh many times over: one line block each, well past 64 KiB.
    let many: Vec<&dyn AsRef<std::ffi::OsStr>> = std::iter::once(&"info" as _)
        .chain(std::iter::repeat_n(&dust as _, 400))
        .chain([&"--jobs" as _, &"1" as _])
        .collect();
    let runs: [(&str, Vec<&dyn AsRef<std::ffi::OsStr>>); 4] = [
        ("diff", vec![&"diff", &office, &dust]),
        ("diff --json", vec![&"diff", &office, &dust, &"--json"]),
        ("info", many),
        ("convert -", vec![&"convert", &dust, &"-", &"--to", &"json"]),
    ];
    for (name, args) in &runs {
        let (code, err) = closed_after_first_line(name, args);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{name}: {err}"
        );
        assert_ne!(code, Some(101), "{name}: {err}");
        assert!(code.is_some(), "{name}: ended by a signal");
    }
}
