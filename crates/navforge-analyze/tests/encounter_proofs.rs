//! The encounter stage's walls that answer for a spot over many steps ([`area_paths`]: the
//! hull of the area's portal eyes, or the rest of a path) change no path: on brush levels,
//! every area's paths are those of asking every step's line ([`area_paths_line_by_line`]),
//! and the proofs answer often enough to matter.

#[path = "common/city.rs"]
mod city;
mod common;

use navforge_analyze::BotCode;
use navforge_analyze::encounter::{MeshSpot, area_paths, area_paths_line_by_line};
use navforge_analyze::geom::Mesh;
use navforge_level::{Level, Vec3};
use navforge_source::SourceNavDocument;

/// The file's hiding spots, as the stage gets them.
fn spots(doc: &SourceNavDocument) -> Vec<MeshSpot> {
    (doc.areas.iter())
        .flat_map(|a| &a.hiding_spots)
        .map(|s| MeshSpot {
            id: s.id,
            pos: Vec3::from(s.position.map(|c| c.get())),
            flags: s.flags,
        })
        .collect()
}

/// Every `stride`-th area's paths, both ways: equal, with at least `min_proofs` proofs and
/// `min_spots` spots found in all.
fn same_paths(doc: &SourceNavDocument, level: &Level, stride: usize, floors: (u64, usize)) {
    let mesh = Mesh::from_document(doc);
    let spots = spots(doc);
    let code = BotCode::Source2007;
    navforge_analyze::take_proofs();
    let (mut proofs, mut found, mut paths) = (0, 0, 0);
    for i in (0..mesh.areas.len()).step_by(stride) {
        let proved = area_paths(&mesh, i, &spots, level, code);
        proofs += navforge_analyze::take_proofs();
        let asked = area_paths_line_by_line(&mesh, i, &spots, level, code);
        assert_eq!(
            navforge_analyze::take_proofs(),
            0,
            "line by line proves nothing"
        );
        assert_eq!(proved, asked, "area {i}");
        found += proved.iter().map(|p| p.spots.len()).sum::<usize>();
        paths += proved.len();
    }
    println!("{paths} paths, {found} spots found, {proofs} proofs");
    assert!(proofs >= floors.0, "{proofs} proofs");
    assert!(found >= floors.1, "{found} spots found");
}

#[test]
fn encounter_proofs_change_no_path_on_the_brush_town() {
    let (level, mut doc) = city::town_as(4, city::Rules::CssV9, city::City::brush_level);
    if doc.areas.iter().all(|a| a.hiding_spots.is_empty()) {
        navforge_analyze::analyze(&mut doc, &level, &Default::default()).expect("analyses");
    }
    same_paths(&doc, &level, 1, (100_000, 5_000));
}

#[test]
fn encounter_proofs_change_no_path_on_cs_office() {
    let Some((doc, level)) = common::source_pair("source_bouletmarc+css_maps_content__cs_office")
    else {
        return;
    };
    same_paths(&doc, &level, 3, (10_000, 2_000));
}
