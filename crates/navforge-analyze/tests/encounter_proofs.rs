//! The encounter stage's walls that answer for a spot over many steps ([`area_paths`]: the
//! hull of the area's portal eyes, or the rest of a path) change no path: on brush levels,
//! every area's paths are those of asking every step's line ([`area_paths_line_by_line`]),
//! and the proofs answer often enough to matter.

#[path = "common/city.rs"]
mod city;
mod common;

use navforge_analyze::BotCode;
use navforge_analyze::encounter::{MeshSpot, area_paths, area_paths_line_by_line, take_area_wide};
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

/// Every `stride`-th area's paths under each bot's rules (their masks and eye heights), with
/// the proofs and line by line: equal, with at least `floors.0` proofs in all, of which
/// `floors.1` hid a spot from every path of its area at once, and `floors.2` spots found.
fn same_paths(doc: &SourceNavDocument, level: &Level, stride: usize, floors: (u64, u64, usize)) {
    let mesh = Mesh::from_document(doc);
    let spots = spots(doc);
    navforge_analyze::take_proofs();
    take_area_wide();
    let (mut proofs, mut area_wide, mut found, mut paths) = (0, 0, 0, 0);
    for code in [BotCode::Source2007, BotCode::GoldSrc] {
        for i in (0..mesh.areas.len()).step_by(stride) {
            let proved = area_paths(&mesh, i, &spots, level, code);
            proofs += navforge_analyze::take_proofs();
            area_wide += take_area_wide();
            let asked = area_paths_line_by_line(&mesh, i, &spots, level, code);
            let none = (navforge_analyze::take_proofs(), take_area_wide());
            assert_eq!(none, (0, 0), "line by line proves nothing");
            assert_eq!(proved, asked, "{code:?} area {i}");
            found += proved.iter().map(|p| p.spots.len()).sum::<usize>();
            paths += proved.len();
        }
    }
    println!("{paths} paths, {found} spots found, {proofs} proofs ({area_wide} area-wide)");
    assert!(proofs >= floors.0, "{proofs} proofs");
    assert!(area_wide >= floors.1, "{area_wide} area-wide proofs");
    assert!(found >= floors.2, "{found} spots found");
}

#[test]
fn encounter_proofs_change_no_path_on_the_brush_town() {
    let (level, mut doc) = city::town_as(4, city::Rules::CssV9, city::City::brush_level);
    if doc.areas.iter().all(|a| a.hiding_spots.is_empty()) {
        navforge_analyze::analyze(&mut doc, &level, &Default::default()).expect("analyses");
    }
    same_paths(&doc, &level, 1, (200_000, 20_000, 10_000));
}

#[test]
fn encounter_proofs_change_no_path_on_cs_office() {
    let Some((doc, level)) = common::source_pair("source_bouletmarc+css_maps_content__cs_office")
    else {
        return;
    };
    same_paths(&doc, &level, 3, (20_000, 5_000, 4_000));
}
