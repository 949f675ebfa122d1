//! `navforge edit` on triangle navmeshes through the binary: a Skyrim plugin
//! (`skyrim_Dwemer_Secrets.esp`) and an MGSV `.nav2`. An empty script writes identical bytes; a
//! script that deletes a triangle and moves a vertex writes a file that `navforge info` re-reads
//! and `navforge check` passes; undoing everything writes identical bytes.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use navforge_core::testing::corpus_dir;

fn run(args: &[&dyn AsRef<std::ffi::OsStr>], stdin: &str) -> Output {
    common::with_stdin(args, stdin)
}

fn ok(out: &Output, what: &str) -> String {
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what}: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

fn write(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

/// Empty script, edit script (re-read by `info`, passed by `check`), undo-all script.
fn edit_round(input: &Path, navmesh: &str, edit: &str) {
    let dir = tempfile::tempdir().unwrap();
    let original = std::fs::read(input).unwrap();
    let ext = input.extension().unwrap().to_str().unwrap();
    let out = dir.path().join(format!("out.{ext}"));
    // Runs `navforge edit INPUT --navmesh N --script (this text) -o OUT`; OUT's bytes.
    let script = |name: &str, text: &str| -> Vec<u8> {
        let path = write(dir.path(), name, text);
        let args: [&dyn AsRef<std::ffi::OsStr>; 8] = [
            &"edit",
            &input,
            &"--navmesh",
            &navmesh,
            &"--script",
            &path,
            &"-o",
            &out,
        ];
        ok(&run(&args, ""), name);
        std::fs::read(&out).unwrap()
    };
    assert!(
        script("empty.txt", "# nothing\n") == original,
        "empty script changed the file"
    );
    let edited = script("edit.txt", edit);
    assert!(edited != original, "the edit changed nothing");
    let info = ok(&run(&[&"info", &out], ""), "info on the edited file");
    assert!(!info.contains("unreadable"), "{info}");
    let check = ok(&run(&[&"check", &out], ""), "check on the edited file");
    assert!(check.contains(" 0 errors"), "{check}");
    let undone = script("undo.txt", &format!("{edit}undo 2\n"));
    assert!(undone == original, "undoing everything changed the file");
}

#[test]
fn a_skyrim_plugin_is_edited_by_script_and_undone_to_its_bytes() {
    let Some(dir) = corpus_dir("tes-plugin") else {
        return;
    };
    edit_round(
        &dir.join("skyrim_Dwemer_Secrets.esp"),
        "0x000B83E0",
        "delete 10\nmove 0 -47000,74000,-3000\n",
    );
}

#[test]
fn an_mgsv_nav2_is_edited_by_script_and_undone_to_its_bytes() {
    let Some(dir) = corpus_dir("mgsv-nav2") else {
        return;
    };
    let input = dir.join("mgsurvive_ssav_139_130_nav.nav2");
    // Its first group with faces, and vertex 0 of it nudged by one unit.
    let e = navforge_edit::TriEditor::read(&std::fs::read(&input).unwrap()).unwrap();
    let group = e.navmesh_names()[0].clone();
    let doc = <navforge_mgsv::Nav2Document as navforge_core::NavDocument>::read(
        &std::fs::read(&input).unwrap(),
    )
    .unwrap();
    let q = doc.group(group.parse().unwrap()).navmesh.unwrap().vertices[0];
    let mut p = doc.dequantize(q);
    p[0] += if q[0] > 32767 { -1.0 } else { 1.0 };
    edit_round(
        &input,
        &group,
        &format!("delete 1\nmove 0 {},{},{}\n", p[0], p[1], p[2]),
    );
}

#[test]
fn a_plugin_without_a_chosen_navmesh_names_the_choices_at_the_prompt() {
    let Some(dir) = corpus_dir("tes-plugin") else {
        return;
    };
    let input = dir.join("skyrim_Dwemer_Secrets.esp");
    let out = run(
        &[&"edit", &input],
        "delete 0\nnavmesh 0x000B83E0\nshow 0\nquit\n",
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("choose one with `navmesh ID`"), "{text}");
    assert!(text.contains("triangle 0: vertices"), "{text}");
    let bad = run(&[&"edit", &input, &"--navmesh", &"0x12345678"], "quit\n");
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("no navmesh `0x12345678`"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
