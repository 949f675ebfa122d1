//! Stopping with unsaved edits: they are written to a recovery file next to the opened file
//! (never over it), every open tab is told where, serving the file again offers them, and
//! `recover` opens them as unsaved edits that Save writes to the file.

mod common;

use std::path::Path;

use common::{Events, corpus_copy, edit, get, listing, post, serve, serve_with};
use serde_json::json;

const NAV: &str = "goldsrc-cs16_zm_ice_attack.nav";
const RECOVERY: &str = "goldsrc-cs16_zm_ice_attack.recovery.nav";

/// The first `n` area IDs of the file.
fn area_ids(path: &Path, n: usize) -> Vec<u64> {
    let doc = navforge::Document::read(&std::fs::read(path).unwrap()).unwrap();
    doc.to_model().areas.iter().take(n).map(|a| a.id).collect()
}

/// What `navforge edit` writes after these command lines on `bytes`.
fn engine_writes(bytes: &[u8], lines: &[String]) -> Vec<u8> {
    let mut engine = navforge_edit::open(bytes).unwrap();
    for l in lines {
        engine.run_line(l).unwrap();
    }
    engine.write().unwrap()
}

fn recover(file: &Path) -> navforge_serve::Options {
    navforge_serve::Options {
        file: file.to_path_buf(),
        recover: true,
        ..Default::default()
    }
}

#[test]
fn a_stop_with_unsaved_edits_writes_them_beside_the_file_and_tells_every_tab() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", NAV) else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let s = serve(&nav, None);
    let mut tab = Events::open(&s);
    assert_eq!(tab.next().unwrap()["what"], "hello");
    let line = format!("delete {}", area_ids(&nav, 1)[0]);
    assert_eq!(edit(&s, &line).status, 200);
    assert_eq!(tab.next().unwrap()["what"], "edit");

    let stopped = s.stop();
    let written = stopped.recovery.expect("unsaved edits").unwrap();
    assert_eq!(written, dir.path().join(RECOVERY));
    assert_eq!(
        std::fs::read(&written).unwrap(),
        engine_writes(&original, &[line]),
        "the recovery file holds the edit, in the file's own format"
    );
    assert_eq!(
        std::fs::read(&nav).unwrap(),
        original,
        "the file is untouched"
    );
    assert_eq!(
        listing(dir.path()),
        [NAV, RECOVERY],
        "no temporary file left"
    );

    // The open tab heard where the edits went, and how to open them; then its stream ended.
    let last = tab.next().expect("the stopping event");
    assert_eq!(last["what"], "stopping");
    assert_eq!(last["recovery"]["unsaved"], true);
    assert_eq!(last["recovery"]["path"], json!(written));
    let command = last["recovery"]["command"].as_str().unwrap();
    assert!(
        command.ends_with("--recover") && command.contains(NAV),
        "{command}"
    );
    assert!(tab.next().is_none(), "the stream ended");
}

#[test]
fn a_stop_with_everything_saved_or_undone_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", NAV) else {
        return;
    };
    let ids = area_ids(&nav, 2);
    let s = serve(&nav, None);
    let mut tab = Events::open(&s);
    tab.next();
    edit(&s, &format!("delete {}", ids[0]));
    edit(&s, "undo");
    let stopped = s.stop();
    assert_eq!(stopped.recovery, None);
    assert_eq!(listing(dir.path()), [NAV]);
    let mut last = tab.next().unwrap();
    while last["what"] != "stopping" {
        last = tab.next().expect("the stopping event");
    }
    assert_eq!(last["recovery"], json!({"unsaved": false}));
}

#[test]
fn serving_again_offers_the_recovery_and_recover_opens_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", NAV) else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let ids = area_ids(&nav, 2);
    let (first, second) = (format!("delete {}", ids[0]), format!("delete {}", ids[1]));

    // A first session stops with one edit unsaved.
    let s = serve(&nav, None);
    edit(&s, &first);
    let one = s.stop().recovery.unwrap().unwrap();

    // Served again: the page is told of it; a second session stopping with another edit
    // keeps both (it does not write over a recovery file it did not open).
    let s = serve(&nav, None);
    let state = get(&s, "/api/state").json();
    let found = state["file"]["recoveries"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{state}");
    assert_eq!(found[0]["path"], json!(one));
    assert_eq!(found[0]["file_is_newer"], false);
    assert_eq!(state["file"]["recovered_from"], json!(null));
    assert_eq!(state["dirty"], false, "the file itself opened");
    edit(&s, &second);
    let two = s.stop().recovery.unwrap().unwrap();
    assert_eq!(
        two,
        dir.path().join("goldsrc-cs16_zm_ice_attack.recovery-2.nav")
    );
    assert_eq!(
        std::fs::read(&one).unwrap(),
        engine_writes(&original, std::slice::from_ref(&first))
    );
    let second_edit = engine_writes(&original, std::slice::from_ref(&second));
    assert_eq!(std::fs::read(&two).unwrap(), second_edit);

    // `recover` opens the newest as unsaved edits of the file.
    let s = serve_with(recover(&nav));
    let state = get(&s, "/api/state").json();
    assert_eq!(state["dirty"], true, "recovered edits are not saved yet");
    assert_eq!(state["file"]["recovered_from"], json!(two));
    assert_eq!(
        state["file"]["recoveries"].as_array().unwrap().len(),
        1,
        "the other one is still offered"
    );
    let (h, _) = common::buffer_header(&get(&s, "/api/mesh").body);
    assert_eq!(
        h["counts"]["areas"].as_u64().unwrap() as usize,
        area_count(&original) - 1
    );
    // Save writes the file (not the recovery file) and removes the recovery file it came from.
    let saved = post(&s, "/api/save", json!({"version": 1}));
    assert_eq!(
        saved.status,
        200,
        "{}",
        String::from_utf8_lossy(&saved.body)
    );
    assert_eq!(std::fs::read(&nav).unwrap(), second_edit);
    assert!(!two.exists(), "the recovered file is gone once saved");
    assert!(one.exists(), "the other recovery file stays");
    assert_eq!(get(&s, "/api/state").json()["dirty"], false);
    assert_eq!(s.stop().recovery, None);
}

#[test]
fn a_recovered_session_stopping_again_writes_its_own_recovery_file() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", NAV) else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let ids = area_ids(&nav, 2);
    let lines = [format!("delete {}", ids[0]), format!("delete {}", ids[1])];
    let s = serve(&nav, None);
    edit(&s, &lines[0]);
    let path = s.stop().recovery.unwrap().unwrap();
    let s = serve_with(recover(&nav));
    edit(&s, &lines[1]);
    assert_eq!(s.stop().recovery, Some(Ok(path.clone())));
    assert_eq!(listing(dir.path()), [NAV, RECOVERY]);
    // The first session's edit and the second's, in one file; the original untouched.
    assert_eq!(
        std::fs::read(&path).unwrap(),
        engine_writes(&original, &lines)
    );
    assert_eq!(std::fs::read(&nav).unwrap(), original);
}

#[test]
fn recover_without_a_recovery_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let Some(nav) = corpus_copy(dir.path(), "source-nav", NAV) else {
        return;
    };
    let Err(why) = common::start(recover(&nav)) else {
        panic!("a server started with nothing to recover");
    };
    assert!(
        why.contains("no recovery file") && why.contains(RECOVERY),
        "{why}"
    );
}

fn area_count(bytes: &[u8]) -> usize {
    navforge::Document::read(bytes)
        .unwrap()
        .to_model()
        .areas
        .len()
}
