//! `navforge render --floor`: a floor the file does not have, or an empty height range, is an
//! error (exit 2) that lists the floors, not an empty picture.

mod common;

use navforge_core::testing::corpus_dir;

fn render(file: &std::path::Path, floor: &str, out: &std::path::Path) -> std::process::Output {
    common::command()
        .arg("render")
        .arg(file)
        .args(["-o", out.to_str().unwrap(), "--floor", floor])
        .output()
        .expect("run navforge")
}

#[test]
fn floors_beyond_the_mesh_and_inverted_ranges_are_errors() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let file = dir.join("tf2_cp_cloak.nav");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x.svg");

    let bad = render(&file, "99", &out);
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    let msg = String::from_utf8_lossy(&bad.stderr);
    assert!(msg.contains("no floor 99"), "{msg}");
    assert!(
        msg.contains("floor 0: height"),
        "the floors are listed: {msg}"
    );
    assert!(!out.exists(), "no picture is written");

    let inverted = render(&file, "100:50", &out);
    assert_eq!(inverted.status.code(), Some(2), "{inverted:?}");
    assert!(String::from_utf8_lossy(&inverted.stderr).contains("100:50"));
    assert!(!out.exists());

    let good = render(&file, "0", &out);
    assert!(good.status.success(), "{good:?}");
    assert!(out.exists());
}
