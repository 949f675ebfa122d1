//! The encounter stage's walls that answer for a spot over many steps ([`area_paths`]: the
//! hull of the area's portal eyes, or the rest of a path, from the answers kept for each
//! portal eye when the path starts there), the VIS data that leaves a spot out of an area's
//! paths, the one VIS cluster an area's eyes take when the box of its portal eyes touches
//! only one, and the spots passed over for the rest of a path where no later step would find
//! them, change no path: on brush levels, every area's paths are those of asking every
//! step's line, each eye looked up ([`area_paths_line_by_line`]), and each answers often
//! enough to matter.

#[path = "common/city.rs"]
mod city;
mod common;

use navforge_analyze::BotCode;
use navforge_analyze::encounter::{
    MeshSpot, SpotTargets, area_paths, area_paths_line_by_line, take_area_wide, take_ends_kept,
    take_left_out, take_one_cluster, take_unfindable,
};
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

/// The floors of [`same_paths`]: proofs in all, those that hid a spot from every path of its
/// area at once, those that hid it from a whole path by the answers kept for both its portal
/// eyes, spots the VIS data left out of an area's paths, path steps whose eye took the
/// area's one VIS cluster, spots passed over where no later step would find them, and spots
/// found.
struct Floors {
    proofs: u64,
    area_wide: u64,
    ends_kept: u64,
    left_out: u64,
    one_cluster: u64,
    unfindable: u64,
    found: usize,
}

/// Every `stride`-th area's paths under each bot's rules (their masks and eye heights), with
/// the proofs and line by line: equal, with at least the `floors`.
fn same_paths(doc: &SourceNavDocument, level: &Level, stride: usize, floors: Floors) {
    let mesh = Mesh::from_document(doc);
    let spots = spots(doc);
    navforge_analyze::take_proofs();
    take_area_wide();
    take_ends_kept();
    take_left_out();
    take_one_cluster();
    take_unfindable();
    let (mut proofs, mut area_wide, mut left_out, mut found, mut paths) = (0, 0, 0, 0, 0);
    let (mut ends_kept, mut one_cluster, mut unfindable) = (0, 0, 0);
    for code in [BotCode::Source2007, BotCode::GoldSrc] {
        let targets = SpotTargets::new(&spots, level, code);
        for i in (0..mesh.areas.len()).step_by(stride) {
            let proved = area_paths(&mesh, i, &targets);
            proofs += navforge_analyze::take_proofs();
            area_wide += take_area_wide();
            ends_kept += take_ends_kept();
            left_out += take_left_out();
            one_cluster += take_one_cluster();
            unfindable += take_unfindable();
            let asked = area_paths_line_by_line(&mesh, i, &targets);
            let none = (
                navforge_analyze::take_proofs(),
                take_area_wide(),
                take_ends_kept(),
                take_left_out(),
                take_one_cluster(),
                take_unfindable(),
            );
            assert_eq!(none, (0, 0, 0, 0, 0, 0), "line by line proves nothing");
            assert_eq!(proved, asked, "{code:?} area {i}");
            found += proved.iter().map(|p| p.spots.len()).sum::<usize>();
            paths += proved.len();
        }
    }
    println!(
        "{paths} paths, {found} spots found, {proofs} proofs ({area_wide} area-wide, \
         {ends_kept} by both ends' kept answers), {left_out} spots left out by the VIS data, \
         {one_cluster} steps whose eye took its area's one cluster, {unfindable} spots passed \
         over where no later step would find them"
    );
    assert!(proofs >= floors.proofs, "{proofs} proofs");
    assert!(
        area_wide >= floors.area_wide,
        "{area_wide} area-wide proofs"
    );
    assert!(
        ends_kept >= floors.ends_kept,
        "{ends_kept} paths proved by kept answers"
    );
    assert!(left_out >= floors.left_out, "{left_out} spots left out");
    assert!(
        one_cluster >= floors.one_cluster,
        "{one_cluster} steps in the area's cluster"
    );
    assert!(
        unfindable >= floors.unfindable,
        "{unfindable} spots passed over where no later step would find them"
    );
    assert!(found >= floors.found, "{found} spots found");
}

#[test]
fn encounter_proofs_change_no_path_on_the_brush_town() {
    let (level, mut doc) = city::town_as(4, city::Rules::CssV9, city::City::brush_level);
    if doc.areas.iter().all(|a| a.hiding_spots.is_empty()) {
        navforge_analyze::analyze(&mut doc, &level, &Default::default()).expect("analyses");
    }
    let floors = Floors {
        // (264,808 and 65,200 measured.)
        proofs: 200_000,
        area_wide: 20_000,
        // (71,050 measured; 66,805 before spots were passed over where no later step would find them.)
        ends_kept: 50_000,
        // (The town has no VIS data.)
        left_out: 0,
        one_cluster: 0,
        // (467,828 measured.)
        unfindable: 350_000,
        found: 10_000,
    };
    same_paths(&doc, &level, 1, floors);
}

#[test]
fn encounter_proofs_change_no_path_on_cs_office() {
    let Some((doc, level)) = common::source_pair("source_bouletmarc+css_maps_content__cs_office")
    else {
        return;
    };
    let floors = Floors {
        // (29,481 and 12,512 measured.)
        proofs: 20_000,
        area_wide: 5_000,
        // (7,123 measured; 14,534 before spots were passed over where no later step would find them, which leaves
        // fewer lines to prove.)
        ends_kept: 5_000,
        // (65,070 measured.)
        left_out: 50_000,
        // (8,047 measured.)
        one_cluster: 5_000,
        // (147,979 measured.)
        unfindable: 110_000,
        found: 4_000,
    };
    same_paths(&doc, &level, 3, floors);
}

/// A CS 1.6 map: its VIS data leaves spots out as a Source map's does.
#[test]
fn encounter_proofs_change_no_path_on_de_dust2() {
    let Some((doc, level)) = common::level_pair("de_dust2") else {
        return;
    };
    // The walls' proofs are asked of brushes only, and a CS 1.6 map collides as triangles.
    let floors = Floors {
        proofs: 0,
        area_wide: 0,
        ends_kept: 0,
        // (47,550 measured.)
        left_out: 40_000,
        // (18,761 measured.)
        one_cluster: 12_000,
        // (240,074 measured.)
        unfindable: 180_000,
        found: 8_000,
    };
    same_paths(&doc, &level, 3, floors);
}
