//! `navforge edit FILE --level MAP`: the commands that need the map, in scripts, on real maps
//! with their game meshes (CS:S cs_office, CS 1.6 de_dust2 and cs_assault).

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::stderr;
use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

const CSS_OFFICE: &str = "source_bouletmarc+css_maps_content__cs_office";

fn pair(sub: &str, stem: &str) -> Option<(PathBuf, PathBuf)> {
    let dir = corpus_dir(sub)?;
    Some((
        dir.join(format!("{stem}.nav")),
        dir.join(format!("{stem}.bsp")),
    ))
}

fn script(dir: &Path, body: &str) -> PathBuf {
    let p = dir.join("script.txt");
    std::fs::write(&p, body).unwrap();
    p
}

/// `navforge edit NAV [--level BSP] --script SCRIPT` with `-o OUT`, or `--dry-run` without.
fn edit(nav: &Path, bsp: Option<&Path>, script: &Path, out: Option<&Path>) -> Output {
    let mut cmd = common::command();
    cmd.arg("edit").arg(nav).arg("--script").arg(script);
    if let Some(bsp) = bsp {
        cmd.arg("--level").arg(bsp);
    }
    match out {
        Some(out) => cmd.arg("-o").arg(out),
        None => cmd.arg("--dry-run"),
    };
    cmd.output().expect("navforge runs")
}

/// `navforge edit NAV --level BSP --script (body) --dry-run`: what it printed.
fn dry_run(dir: &Path, nav: &Path, bsp: &Path, body: &str) -> String {
    let r = edit(nav, Some(bsp), &script(dir, body), None);
    assert!(r.status.success(), "{}", stderr(&r));
    String::from_utf8_lossy(&r.stdout).into_owned()
}

fn corners(doc: &SourceNavDocument, id: u32) -> [f32; 4] {
    let a = doc.area(id).unwrap();
    [
        a.north_west[2].get(),
        a.north_east_z.get(),
        a.south_east[2].get(),
        a.south_west_z.get(),
    ]
}

/// On CS:S cs_office: the marked area, raised 40 units, goes back down onto the floor with
/// `nav_corner_place_on_ground` (each corner within a unit of the game's height, or at least
/// 30 units lower than raised); the rest of the file is untouched.
#[test]
fn place_on_ground_on_a_marked_css_area_runs_with_the_level() {
    let Some((nav, bsp)) = pair("source-pairs", CSS_OFFICE) else {
        return;
    };
    let before = SourceNavDocument::read(&std::fs::read(&nav).unwrap()).unwrap();
    let id = before.areas[20].id;
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        &format!("corner {id} all raise 40\nmark {id}\nnav_corner_place_on_ground\n"),
    );
    let out = dir.path().join("out.nav");
    let r = edit(&nav, Some(&bsp), &s, Some(&out));
    assert!(r.status.success(), "{}", stderr(&r));
    let after = SourceNavDocument::read(&std::fs::read(&out).unwrap()).unwrap();
    let (old, new) = (corners(&before, id), corners(&after, id));
    for (o, n) in old.iter().zip(new) {
        assert!(n <= o + 10.0, "area {id}: {new:?}, was {old:?} (raised 40)");
    }
    assert!(
        old.iter()
            .zip(new)
            .filter(|(o, n)| (*o - n).abs() <= 1.0)
            .count()
            >= 3
    );
    for (a, b) in before.areas.iter().zip(&after.areas) {
        if a.id != id {
            assert_eq!(a, b);
        }
    }

    // Without --level the same script stops at that line and says what to pass.
    let r = edit(&nav, None, &s, Some(&out));
    assert!(!r.status.success());
    let e = stderr(&r);
    assert!(
        e.contains("script.txt:3: nav_corner_place_on_ground needs the map")
            && e.contains("--level MAP"),
        "{e}"
    );
}

/// The queries print what they find: de_dust2's game mesh has a floor under every area, and
/// cs_assault's doors and breakables block areas, each with a setpos.
#[test]
fn check_floor_and_blocked_print_what_they_find() {
    let Some((nav, bsp)) = pair("level-pairs", "goldsrc_de_dust2") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let text = dry_run(dir.path(), &nav, &bsp, "nav_check_floor\n");
    let first = text.lines().next().unwrap();
    let (open, total) = first.split_once(" of ").unwrap();
    let open: usize = open.parse().unwrap();
    let total: usize = total.split(' ').next().unwrap().parse().unwrap();
    assert!(total > 1000 && open * 50 < total, "{first}");

    let Some((nav, bsp)) = pair("level-pairs", "goldsrc_cs_assault") else {
        return;
    };
    let text = dry_run(
        dir.path(),
        &nav,
        &bsp,
        "nav_update_blocked\nnav_select_blocked_areas\n",
    );
    assert!(
        text.lines()
            .any(|l| l.contains(" is blocked by func_door") && l.contains("(setpos ")),
        "{text}"
    );
    assert!(text.contains("blocked area(s); "), "{text}");
}

/// A level that does not load is named, and nothing is written.
#[test]
fn a_bad_level_is_named() {
    let Some((nav, _)) = pair("level-pairs", "goldsrc_de_dust2") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.bsp");
    std::fs::write(&bad, b"VBSP\x14\0\0\0 not a map").unwrap();
    let s = script(dir.path(), "nav_check_floor\n");
    let out = dir.path().join("out.nav");
    let r = edit(&nav, Some(&bad), &s, Some(&out));
    assert_eq!(r.status.code(), Some(1));
    assert!(stderr(&r).contains("bad.bsp"), "{}", stderr(&r));
    assert!(!out.exists());
}

/// GoldSrc aim_map through the binary: `nav_analyze` in a script writes the bytes
/// `navforge analyze FILE --level MAP` writes; `nav_quicksave 1` + `nav_generate` writes the
/// bytes `navforge generate MAP` writes for the file's game and version; `nav_generate` then
/// `undo` writes the original file; walkable marks are kept, listed and grow the mesh.
#[test]
fn generate_analyze_and_walkable_marks_run_with_the_level() {
    let Some((nav, bsp)) = pair("level-pairs", "goldsrc_aim_map") else {
        return;
    };
    let original = std::fs::read(&nav).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.nav");
    let run = |body: &str| -> Vec<u8> {
        let r = edit(&nav, Some(&bsp), &script(dir.path(), body), Some(&out));
        assert!(r.status.success(), "{body}: {}", stderr(&r));
        std::fs::read(&out).unwrap()
    };

    let analysed = dir.path().join("analysed.nav");
    let r = common::navforge(&[&"analyze", &nav, &"--level", &bsp, &"-o", &analysed]);
    assert!(r.status.success(), "{}", stderr(&r));
    let by_analyze = std::fs::read(&analysed).unwrap();
    assert_eq!(run("nav_analyze\n"), by_analyze);
    assert_eq!(run("nav_analyse\nundo\n"), original);

    let generated = dir.path().join("generated.nav");
    let r = common::navforge(&[&"generate", &bsp, &"-o", &generated]);
    assert!(r.status.success(), "{}", stderr(&r));
    let by_generate = std::fs::read(&generated).unwrap();
    assert_ne!(by_generate, original);
    assert_eq!(run("nav_quicksave 1\nnav_generate\n"), by_generate);
    assert_eq!(run("nav_generate\nundo\n"), original);

    // A mark at an area's centre, listed; the incremental generation from it after that area
    // and its neighbours are deleted grows areas back.
    let doc = SourceNavDocument::read(&original).unwrap();
    let a = &doc.areas[doc.areas.len() / 2];
    let c = navforge_core::area::AreaRect::of_area(&doc.to_model().areas[doc.areas.len() / 2])
        .unwrap()
        .centre();
    let spot = format!("{},{},{}", c[0], c[1], c[2] + 1.0);
    let text = dry_run(
        dir.path(),
        &nav,
        &bsp,
        &format!("cursor {spot}\nnav_mark_walkable\nshow marks\nnav_clear_walkable_marks\n"),
    );
    assert!(
        text.contains("1 walkable mark(s)\n  mark 1: setpos")
            && text.contains("cleared 1 walkable mark(s)"),
        "{text}"
    );
    let grown = run(&format!(
        "select radius 150 at {spot}\ndelete\nnav_mark_walkable {spot}\nnav_generate_incremental\n"
    ));
    let grown = SourceNavDocument::read(&grown).unwrap();
    assert!(
        grown
            .areas
            .iter()
            .any(|b| b.id > doc.areas.iter().map(|x| x.id).max().unwrap())
    );
    assert!(grown.area(a.id).is_none(), "area {} was deleted", a.id);
}
