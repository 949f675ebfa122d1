//! Issue 26's console forms through the binary: a script on a real CS:S mesh saves a region,
//! deletes it and merges it back (no new orphans in `check`), and merges with the marked area.

mod common;

use std::path::Path;

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `orphan-area` line of `navforge check`, or none.
fn orphans(file: &Path) -> Option<String> {
    let out = common::navforge(&[&"check", &file]);
    text(&out.stdout)
        .lines()
        .find(|l| l.contains("orphan-area"))
        .map(str::to_string)
}

#[test]
fn save_selected_delete_and_merge_mesh_back_makes_no_new_orphans() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let input = dir.join("css_de_dust2.nav");
    let tmp = tempfile::tempdir().unwrap();
    let region = tmp.path().join("region.txt");
    let out = tmp.path().join("out.nav");
    let script = tmp.path().join("s.txt");
    std::fs::write(
        &script,
        format!(
            "select radius 500 at -787,1337,0\nsave-selected {}\ndelete\nmerge-mesh {}\n",
            region.display(),
            region.display()
        ),
    )
    .unwrap();
    let r = common::navforge(&[&"edit", &input, &"--script", &script, &"-o", &out]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    // The region was written too (at the end, as every file a script saves).
    let saved = std::fs::read_to_string(&region).unwrap();
    assert!(saved.starts_with("\"Selected Nav Areas\""), "{saved}");
    let before = orphans(&input);
    assert!(before.is_some(), "de_dust2 has its own two orphans");
    assert_eq!(orphans(&out), before);
    let doc = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    let orig = SourceNavDocument::read(&std::fs::read(&input).unwrap()).unwrap();
    assert_eq!(doc.areas.len(), orig.areas.len());
}

#[test]
fn mark_then_merge_in_a_script() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let input = dir.join("css_de_dust2.nav");
    let doc = SourceNavDocument::read(&std::fs::read(&input).unwrap()).unwrap();
    // A connected pair with the same extent along one axis.
    let (a, b) = doc
        .areas
        .iter()
        .find_map(|a| {
            a.connections.iter().find_map(|(_, t)| {
                let o = doc.area(t)?;
                let same_x =
                    a.north_west[0] == o.north_west[0] && a.south_east[0] == o.south_east[0];
                let same_y =
                    a.north_west[1] == o.north_west[1] && a.south_east[1] == o.south_east[1];
                (t != a.id && (same_x || same_y)).then_some((a.id, t))
            })
        })
        .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("s.txt");
    let out = tmp.path().join("out.nav");
    std::fs::write(&script, format!("nav_mark {a}\nnav_merge {b}\n")).unwrap();
    let r = common::navforge(&[&"edit", &input, &"--script", &script, &"-o", &out]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let merged = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(merged.areas.len(), doc.areas.len() - 1);
    assert!(merged.area(a).is_some() && merged.area(b).is_none());
}
