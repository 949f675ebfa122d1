//! Incremental generation (`--incremental`, the console's `nav_generate_incremental`): the
//! game's de_dust2 nav with a hole cut around the CT spawn is grown back from one mark there.
//! The existing areas keep their IDs, corners, attributes and analysis data; new areas get
//! IDs after the highest, fill the hole, overlap no existing area, and connect to the old ones
//! only where edges meet (or over a ledge); the file re-reads byte-exactly and checks clean.

use navforge_core::NavDocument;
use navforge_core::model::{Area, NavMesh};
use navforge_core::testing::corpus_dir;
use navforge_generate::compare::agreement;
use navforge_generate::generate_incremental;
use navforge_generate::{GenerateError, GenerateOptions};
use navforge_level::{Level, LoadOptions, Vec3};
use navforge_source::{SourceGame, SourceNavDocument};

const CENTRE: [f32; 3] = [448.0, 2464.0, -128.0];

fn centre_of(a: &Area) -> [f32; 3] {
    let n = a.polygon.len() as f32;
    let s = a
        .polygon
        .iter()
        .fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
    [s[0] / n, s[1] / n, s[2] / n]
}

fn in_hole(a: &Area) -> bool {
    let c = centre_of(a);
    (c[0] - CENTRE[0]).hypot(c[1] - CENTRE[1]) < 400.0 && (c[2] - CENTRE[2]).abs() < 60.0
}

fn opts(mark: [f32; 3]) -> GenerateOptions {
    let mut o = GenerateOptions::for_game(SourceGame::Cs16);
    o.config.marks = vec![Vec3::from_array(mark)];
    o
}

/// Whether two areas overlap seen from above (more than touching) within 20 units of height.
fn overlap(a: &Area, b: &Area) -> bool {
    let bb = |x: &Area| {
        x.polygon
            .iter()
            .fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |m, p| {
                [
                    m[0].min(p[0]),
                    m[1].min(p[1]),
                    m[2].max(p[0]),
                    m[3].max(p[1]),
                ]
            })
    };
    let (p, q) = (bb(a), bb(b));
    let x = p[2].min(q[2]) - p[0].max(q[0]);
    let y = p[3].min(q[3]) - p[1].max(q[1]);
    x > 1.0 && y > 1.0 && (centre_of(a)[2] - centre_of(b)[2]).abs() < 20.0
}

#[test]
fn a_hole_in_the_games_dust2_is_grown_back() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).expect("read bsp");
    let level = Level::load(&bsp, &LoadOptions::default()).expect("load");
    let nav = std::fs::read(dir.join("goldsrc_de_dust2.nav")).expect("read nav");
    let mut doc = SourceNavDocument::read(&nav).expect("read nav");
    let removed: Vec<Area> = doc.to_model().areas.into_iter().filter(in_hole).collect();
    assert!(removed.len() > 10, "the hole has {} areas", removed.len());
    for a in &removed {
        doc.remove_area(a.id as u32).expect("remove");
    }
    let existing = SourceNavDocument::read(&doc.write().expect("write")).expect("re-read");
    let before = existing.to_model();
    let max_id = before.areas.iter().map(|a| a.id).max().unwrap_or(0);

    let out = generate_incremental(
        &level,
        &existing,
        &opts(CENTRE),
        &navforge_core::context::Quiet,
    )
    .expect("incremental");
    let after = SourceNavDocument::read(&out.bytes).expect("re-read");
    assert_eq!(after.write().expect("write"), out.bytes, "byte-exact");
    let model = after.to_model();

    // Every existing area is still there, as it was.
    for a in &before.areas {
        let b = model.areas.iter().find(|b| b.id == a.id).expect("kept");
        assert_eq!(
            (&a.polygon, a.attributes),
            (&b.polygon, b.attributes),
            "area {}",
            a.id
        );
    }
    assert_eq!(before.hiding_spots, model.hiding_spots);
    let new: Vec<&Area> = model.areas.iter().filter(|a| a.id > max_id).collect();
    assert_eq!(new.len(), model.areas.len() - before.areas.len());
    for n in &new {
        for a in &before.areas {
            assert!(!overlap(n, a), "new area {} overlaps area {}", n.id, a.id);
        }
    }
    // The new areas cover the hole the game's areas left.
    let part = |areas: Vec<Area>| NavMesh {
        areas,
        ..NavMesh::default()
    };
    let cover = agreement(
        &part(removed),
        &part(new.iter().map(|a| (*a).clone()).collect()),
    );
    println!(
        "{} new areas, {} connections, hole recall {:.3} precision {:.3}",
        new.len(),
        out.stats.connections,
        cover.recall,
        cover.precision
    );
    assert!(cover.recall > 0.9, "{cover:?}");
    // Old and new are joined, both ways.
    let is_new = |id: u64| id > max_id;
    let joined = |from_new: bool| {
        model
            .connections
            .iter()
            .any(|c| is_new(c.from) == from_new && is_new(c.to) != from_new)
    };
    assert!(joined(true) && joined(false));
    // No new connection over a gap; nothing worse than the game's own file.
    let report = navforge_check::check(&model, &[]);
    assert_eq!(report.errors(), 0, "{report:?}");
    if let Some(f) = report.get("edges-do-not-meet") {
        for i in &f.instances {
            let subject = match i.subject {
                navforge_check::Subject::Area(id) => id,
                _ => 0,
            };
            let ids = [subject, i.other.unwrap_or(0)];
            assert!(!ids.iter().any(|&id| is_new(id)), "{i:?}");
        }
    }
}

#[test]
fn a_mark_on_an_existing_area_has_nothing_to_add() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).expect("read bsp");
    let level = Level::load(&bsp, &LoadOptions::default()).expect("load");
    let nav = std::fs::read(dir.join("goldsrc_de_dust2.nav")).expect("read nav");
    let doc = SourceNavDocument::read(&nav).expect("read nav");
    let err = generate_incremental(&level, &doc, &opts(CENTRE), &navforge_core::context::Quiet)
        .expect_err("covered already");
    assert!(matches!(err, GenerateError::NothingNew), "{err}");
    let no_marks = GenerateOptions::for_game(SourceGame::Cs16);
    let err = generate_incremental(&level, &doc, &no_marks, &navforge_core::context::Quiet)
        .expect_err("no mark");
    assert!(matches!(err, GenerateError::NoSeeds), "{err}");
}
