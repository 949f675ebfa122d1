//! `navforge edit` (scripts and the prompt, driven through piped stdin) and `navforge diff`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

fn navforge(args: &[&dyn AsRef<std::ffi::OsStr>], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_navforge"));
    for a in args {
        cmd.arg(a);
    }
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("navforge runs");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin takes the text");
    drop(pipe);
    child.wait_with_output().expect("navforge finishes")
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
