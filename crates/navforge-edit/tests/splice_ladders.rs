//! Splice, sniper spots and ladders: the seed's semantics and the Source SDK's behaviour
//! (`CNavArea::SpliceEdit`, `MakeSniperSpots`, `CNavMesh::CreateLadder` with
//! `ConnectGeneratedLadder`, `nav_ladder_flip`, `CNavLadder::ConnectTo`), on small meshes.

mod common;

use common::{area, bytes, empty, error_codes as errors, refused, run};
use navforge_core::model::Direction::{self, East, North, South, West};
use navforge_core::{F32, NavDocument};
use navforge_edit::Editor;
use navforge_source::SourceNavDocument;

fn side(doc: &SourceNavDocument, id: u32, d: Direction) -> Vec<u32> {
    doc.area(id).unwrap().connections.side(d).to_vec()
}

#[test]
fn splice_makes_a_sloped_area_as_wide_as_the_narrower_one_connected_both_ways() {
    let mut doc = empty();
    // Area 1 slopes up to the east (z 0 at x=0, 10 at x=100); area 2 lies 50 units east of it,
    // narrower (y 20..60) and 32 units up.
    let mut a = area(&doc, 1, 0.0, 0.0, 100.0, 100.0, 0.0);
    a.north_east_z = F32::new(10.0);
    a.south_east[2] = F32::new(10.0);
    a.attributes = 0x1; // crouch
    a.place = 1;
    let mut b = area(&doc, 2, 150.0, 20.0, 250.0, 60.0, 32.0);
    b.attributes = 0x2; // jump
    doc.places.push(navforge_source::NulText::new("Yard"));
    doc.areas.extend([a, b]);
    let original = bytes(&doc);
    let mut e = Editor::new(doc);
    let msg = run(&mut e, "splice 1 2");
    assert!(msg.contains("spliced area 3 between 1 and 2"), "{msg}");
    let d = e.document();
    let s = d.area(3).unwrap();
    let xy = |v: [F32; 3]| (v[0].get(), v[1].get(), v[2].get());
    // As wide as the narrower area (its y range), spanning the gap; west corners on area 1's
    // surface (z 10 at its east edge), east corners on area 2's (z 32): a slope.
    assert_eq!(xy(s.north_west), (100.0, 20.0, 10.0));
    assert_eq!(xy(s.south_east), (150.0, 60.0, 32.0));
    assert_eq!((s.north_east_z.get(), s.south_west_z.get()), (32.0, 10.0));
    // Both ways, on the facing sides.
    assert_eq!(side(d, 3, West), [1]);
    assert_eq!(side(d, 3, East), [2]);
    assert_eq!(side(d, 1, East), [3]);
    assert_eq!(side(d, 2, West), [3]);
    // Attributes of both; the place the one placed area has.
    assert_eq!(s.attributes, 0x3);
    assert_eq!(s.place, 1);
    assert!(errors(d).is_empty(), "{:?}", errors(d));
    run(&mut e, "undo");
    assert_eq!(bytes(e.document()), original);
}

#[test]
fn splice_along_y_and_the_refusals() {
    let mut doc = empty();
    doc.areas.push(area(&doc, 1, 0.0, 0.0, 100.0, 50.0, 0.0));
    // South of 1 with a 30-unit gap, wider: the splice takes 1's width.
    doc.areas
        .push(area(&doc, 2, -50.0, 80.0, 150.0, 130.0, -16.0));
    // Touching 1 on the east: no gap.
    doc.areas.push(area(&doc, 3, 100.0, 0.0, 200.0, 50.0, 0.0));
    // Far east, not facing 1 across x (y ranges apart).
    doc.areas
        .push(area(&doc, 4, 300.0, 500.0, 400.0, 600.0, 0.0));
    let mut e = Editor::new(doc);
    run(&mut e, "nav_splice 2 1");
    let d = e.document();
    let s = d.area(5).unwrap();
    assert_eq!(
        (
            s.north_west[0].get(),
            s.north_west[1].get(),
            s.north_west[2].get()
        ),
        (0.0, 50.0, 0.0)
    );
    assert_eq!(
        (
            s.south_east[0].get(),
            s.south_east[1].get(),
            s.south_east[2].get()
        ),
        (100.0, 80.0, -16.0)
    );
    assert_eq!(side(d, 5, North), [1]);
    assert_eq!(side(d, 5, South), [2]);
    assert_eq!(side(d, 1, South), [5]);
    assert_eq!(side(d, 2, North), [5]);
    refused(&mut e, "splice 1 3", "overlap or touch");
    refused(&mut e, "splice 1 4", "do not face each other");
    refused(&mut e, "splice 1 1", "itself");
    refused(&mut e, "splice 1 99", "no area has ID 99");
}

#[test]
fn sniper_spots_break_an_area_on_the_grid_into_unconnected_pieces() {
    let mut doc = empty();
    // A 100 x 20 strip starting off the grid at x=10, with a neighbour on each end.
    doc.areas.push(area(&doc, 1, 10.0, 0.0, 110.0, 20.0, 0.0));
    doc.areas.push(area(&doc, 2, -40.0, 0.0, 10.0, 20.0, 0.0));
    doc.areas.push(area(&doc, 3, 110.0, 0.0, 160.0, 20.0, 0.0));
    doc.areas[0].connections.push(West, 2);
    doc.areas[0].connections.push(East, 3);
    doc.areas[1].connections.push(East, 1);
    doc.areas[2].connections.push(West, 1);
    doc.areas[0].hiding_spots.push(navforge_source::HidingSpot {
        id: 1,
        position: [F32::new(90.0), F32::new(10.0), F32::new(0.0)],
        flags: 0,
    });
    let original = bytes(&doc);
    let mut e = Editor::new(doc);
    let msg = run(&mut e, "nav_make_sniper_spots 1");
    assert!(msg.contains("into 5 sub-areas (4 new)"), "{msg}");
    let d = e.document();
    // The game's cuts: the grid line at or after the start (at least 2 units in), and on.
    let mut xs: Vec<(f32, f32)> = d
        .areas
        .iter()
        .filter(|a| ![2, 3].contains(&a.id))
        .map(|a| (a.north_west[0].get(), a.south_east[0].get()))
        .collect();
    xs.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(
        xs,
        [
            (10.0, 25.0),
            (25.0, 50.0),
            (50.0, 75.0),
            (75.0, 100.0),
            (100.0, 110.0)
        ]
    );
    // The pieces are not connected to each other; the neighbours still reach the ends.
    let pieces: Vec<u32> = d
        .areas
        .iter()
        .map(|a| a.id)
        .filter(|id| ![2, 3].contains(id))
        .collect();
    for &p in &pieces {
        let a = d.area(p).unwrap();
        assert!(pieces.iter().all(|q| !a.connections.contains(*q)), "{p}");
    }
    assert_eq!(side(d, 1, West), [2]);
    assert_eq!(side(d, 2, East), [1]);
    let east_end = d
        .areas
        .iter()
        .find(|a| a.north_west[0].get() == 100.0)
        .unwrap();
    assert_eq!(side(d, 3, West), [east_end.id]);
    // The hiding spot went with the piece it stands on.
    let holder = d.areas.iter().find(|a| !a.hiding_spots.is_empty()).unwrap();
    assert_eq!(holder.north_west[0].get(), 75.0);
    assert!(errors(d).is_empty());
    run(&mut e, "undo");
    assert_eq!(bytes(e.document()), original);
    // A square area is left whole, as the game does; so is one already a grid step wide.
    run(&mut e, "create 0,200,0 100,300,0");
    refused(&mut e, "sniper-spots 4", "square ones too");
    run(&mut e, "create 0,400,0 20,410,0");
    refused(&mut e, "sniper-spots 5", "no side longer than 25");
}

/// A wall at y=0: a lower floor (area 1) south of it at z=0, an upper floor (area 2) north of it
/// at z=128, and a v16 mesh with no ladders yet.
fn two_floors() -> SourceNavDocument {
    let mut doc = empty();
    doc.areas.push(area(&doc, 1, 0.0, 0.0, 100.0, 100.0, 0.0));
    doc.areas
        .push(area(&doc, 2, 0.0, -100.0, 100.0, 0.0, 128.0));
    doc
}

#[test]
fn a_ladder_is_created_facing_its_climbers_and_connected_at_top_and_bottom() {
    let doc = two_floors();
    let original = bytes(&doc);
    let mut e = Editor::new(doc);
    // No direction given: it faces the area at its foot (south).
    let msg = run(&mut e, "ladder create 50,0,128 50,0,0 30");
    assert!(msg.contains("created ladder 1 facing South"), "{msg}");
    assert!(
        msg.contains("forward 2") && msg.contains("bottom 1"),
        "{msg}"
    );
    let d = e.document();
    let l = d.ladders[0];
    assert_eq!(
        (l.width.get(), l.length.get(), l.direction),
        (30.0, 128.0, 2)
    );
    assert_eq!(
        (
            l.top_forward_area,
            l.top_left_area,
            l.top_right_area,
            l.top_behind_area,
            l.bottom_area
        ),
        (2, 0, 0, 0, 1)
    );
    assert_eq!(d.area(1).unwrap().ladders_up, [1]);
    assert_eq!(d.area(2).unwrap().ladders_down, [1]);
    assert!(errors(d).is_empty());
    let written = bytes(d);
    assert_eq!(bytes(&SourceNavDocument::read(&written).unwrap()), written);

    // Flip: it faces north, and forward and behind swap.
    run(&mut e, "nav_ladder_flip 1");
    let l = e.document().ladders[0];
    assert_eq!(
        (l.direction, l.top_forward_area, l.top_behind_area),
        (0, 0, 2)
    );
    run(&mut e, "ladder flip 1");
    assert_eq!(e.document().ladders[0].top_forward_area, 2);

    // Disconnect and connect again: the slot and the area's list follow.
    run(&mut e, "ladder disconnect 1 2");
    let d = e.document();
    assert_eq!(d.ladders[0].top_forward_area, 0);
    assert!(d.area(2).unwrap().ladders_down.is_empty());
    refused(&mut e, "ladder disconnect 1 2", "not connected");
    let msg = run(&mut e, "ladder connect 1 2");
    assert!(
        msg.contains("top forward") && msg.contains("goes down"),
        "{msg}"
    );
    assert_eq!(e.document().ladders[0].top_forward_area, 2);
    assert_eq!(e.document().area(2).unwrap().ladders_down, [1]);

    // Deleting an area clears the ladder's slot; undo brings it back.
    run(&mut e, "delete 2");
    assert_eq!(e.document().ladders[0].top_forward_area, 0);
    run(&mut e, "undo");
    assert_eq!(e.document().ladders[0].top_forward_area, 2);

    // Deleting the ladder removes every area's link to it.
    run(&mut e, "ladder delete 1");
    let d = e.document();
    assert!(d.ladders.is_empty());
    assert!(
        d.areas
            .iter()
            .all(|a| a.ladders_up.is_empty() && a.ladders_down.is_empty())
    );
    refused(&mut e, "ladder flip 1", "no ladder has ID 1");
    let (n, _) = e.history_len();
    run(&mut e, &format!("undo {n}"));
    assert_eq!(bytes(e.document()), original);
}

#[test]
fn ladder_slots_follow_the_games_rules() {
    let mut doc = two_floors();
    // A third floor east of the ladder's top: the ladder's right when it faces south.
    doc.areas
        .push(area(&doc, 3, 60.0, -60.0, 160.0, 60.0, 120.0));
    let mut e = Editor::new(doc);
    run(&mut e, "ladder create 50,0,0 50,0,140 30 south");
    let l = e.document().ladders[0];
    // Top and bottom given the wrong way round are swapped; the top comes down to a player's
    // height above the highest top area (128 + 72 > 140, so it stays).
    assert_eq!((l.top[2].get(), l.bottom[2].get()), (140.0, 0.0));
    // West of a south-facing ladder is its right; area 3 lies east: its left.
    assert_eq!(l.top_left_area, 3, "{l:?}");
    // Split the upper floor: the ladder's forward slot goes to the half nearer its top.
    run(&mut e, "split 2 y=-50");
    let l = e.document().ladders[0];
    assert_eq!(
        l.top_forward_area, 4,
        "the south half holds the ladder's top"
    );
    run(&mut e, "undo");
    assert_eq!(e.document().ladders[0].top_forward_area, 2);
    refused(
        &mut e,
        "ladder create 0,0,0 0,0,0 30 south",
        "differ in height",
    );
    refused(
        &mut e,
        "ladder create 0,0,10 0,0,0 0 south",
        "positive width",
    );
    refused(&mut e, "ladder connect 9 1", "no ladder has ID 9");
}

#[test]
fn files_before_version_6_store_no_ladders() {
    let mut file = vec![0xCE, 0xFA, 0xED, 0xFE];
    file.extend_from_slice(&5u32.to_le_bytes());
    file.extend_from_slice(&0u32.to_le_bytes()); // bsp size
    file.extend_from_slice(&0u16.to_le_bytes()); // places
    file.extend_from_slice(&0u32.to_le_bytes()); // areas
    let doc = SourceNavDocument::read(&file).unwrap();
    let mut e = Editor::new(doc);
    refused(
        &mut e,
        "ladder create 0,0,100 0,0,0 30 north",
        "version 5 files store no ladders",
    );
}
