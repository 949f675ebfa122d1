//! Each command's semantics, from Valve's page on the in-game editor, on small hand-made meshes
//! and on corpus files.

mod common;

use common::{area, bytes, corpus, empty, refused, row, run};
use navforge_core::NavDocument;
use navforge_core::model::Direction;
use navforge_edit::{Command, EditError, Editor};
use navforge_source::{Layout, SourceNavDocument};

#[test]
fn split_makes_two_halves_connected_both_ways_and_rewires_neighbours() {
    let mut e = Editor::new(row());
    run(&mut e, "split 2 x=140");
    let d = e.document();
    let (a, b) = (d.area(2).unwrap(), d.area(4).unwrap());
    assert_eq!(
        (a.north_west[0].get(), a.south_east[0].get()),
        (100.0, 140.0)
    );
    assert_eq!(
        (b.north_west[0].get(), b.south_east[0].get()),
        (140.0, 200.0)
    );
    assert_eq!(a.connections.side(Direction::East), &[4]);
    assert_eq!(b.connections.side(Direction::West), &[2]);
    // West neighbour stays with the west half, east neighbour moves to the east half.
    assert_eq!(a.connections.side(Direction::West), &[1]);
    assert_eq!(b.connections.side(Direction::East), &[3]);
    assert_eq!(d.area(3).unwrap().connections.side(Direction::West), &[4]);
    assert_eq!(d.area(1).unwrap().connections.side(Direction::East), &[2]);
    // y split: a neighbour to the east spans both halves and reaches both.
    run(&mut e, "split 4 y=20");
    let d = e.document();
    assert_eq!(
        d.area(3).unwrap().connections.side(Direction::West),
        &[4, 5]
    );
    assert_eq!(d.area(5).unwrap().connections.side(Direction::North), &[4]);
    assert_eq!(d.area(4).unwrap().connections.side(Direction::South), &[5]);
}

#[test]
fn split_interpolates_corner_heights() {
    let mut doc = empty();
    let mut a = area(&doc, 1, 0.0, 0.0, 100.0, 100.0, 0.0);
    a.north_east_z = navforge_core::F32::new(10.0);
    a.south_east[2] = navforge_core::F32::new(10.0);
    doc.areas.push(a);
    let mut e = Editor::new(doc);
    run(&mut e, "split 1 x=25");
    let d = e.document();
    assert_eq!(d.area(1).unwrap().north_east_z.get(), 2.5);
    assert_eq!(d.area(1).unwrap().south_east[2].get(), 2.5);
    assert_eq!(d.area(2).unwrap().north_west[2].get(), 2.5);
    assert_eq!(d.area(2).unwrap().south_east[2].get(), 10.0);
}

#[test]
fn split_outside_the_area_and_unknown_areas_are_refused() {
    let mut e = Editor::new(row());
    refused(&mut e, "split 2 x=100", "outside area 2");
    refused(&mut e, "split 2 x=250", "x runs from 100 to 200");
    refused(&mut e, "split 2 y=-1", "outside area 2");
    refused(&mut e, "split 9 x=1", "no area has ID 9");
    refused(&mut e, "frobnicate", "unknown command");
    refused(&mut e, "delete 1 2 99", "no area has ID 99");
}

#[test]
fn merge_needs_equal_edges_keeps_connections_and_takes_the_marked_areas_properties() {
    let mut doc = row();
    // Area 4 far north of 2, same x range: not adjacent, still mergeable.
    let mut far = area(&doc, 4, 100.0, -300.0, 200.0, -250.0, 0.0);
    far.connections.push(Direction::South, 3);
    far.attributes = 0x2; // jump
    doc.areas.push(far);
    // Area 5: narrower, so unequal edges.
    doc.areas.push(area(&doc, 5, 100.0, 60.0, 150.0, 90.0, 0.0));
    doc.areas[0].connections.push(Direction::East, 4);
    doc.areas[1].attributes = 0x1; // crouch
    let mut e = Editor::new(doc);
    refused(&mut e, "merge 2 5", "edges differ in length");
    refused(&mut e, "merge 2 2", "itself");
    run(&mut e, "merge 2 4");
    let d = e.document();
    assert!(d.area(4).is_none());
    let m = d.area(2).unwrap();
    assert_eq!(
        (m.north_west[1].get(), m.south_east[1].get()),
        (-300.0, 50.0)
    );
    assert_eq!(
        m.attributes, 0x1,
        "properties come from the kept (marked) area"
    );
    // All connections kept: 2's own, 4's outgoing (to 3, already there), and 1's link to 4.
    assert!(m.connections.contains(1) && m.connections.contains(3));
    assert_eq!(d.area(1).unwrap().connections.side(Direction::East), &[2]);
}

#[test]
fn delete_removes_every_reference_and_undo_restores_the_bytes() {
    let doc = row();
    let original = bytes(&doc);
    let mut e = Editor::new(doc);
    run(&mut e, "mark 2");
    run(&mut e, "delete");
    let d = e.document();
    assert!(d.area(2).is_none());
    assert!(!d.area(1).unwrap().connections.contains(2));
    assert!(!d.area(3).unwrap().connections.contains(2));
    assert_eq!(e.selection().marked, None);
    run(&mut e, "undo");
    assert_eq!(bytes(e.document()), original);
    assert_eq!(e.selection().marked, Some(2), "undo restores the selection");
    run(&mut e, "redo");
    assert!(e.document().area(2).is_none());
    refused(&mut e, "redo", "nothing to redo");
}

#[test]
fn connect_is_one_way_from_the_marked_area_and_two_way_for_a_selected_set() {
    let mut doc = row();
    doc.areas.push(area(&doc, 4, 0.0, 100.0, 100.0, 150.0, 0.0));
    let mut e = Editor::new(doc);
    run(&mut e, "mark 1");
    run(&mut e, "connect 3");
    let d = e.document();
    assert_eq!(
        d.area(1).unwrap().connections.side(Direction::East),
        &[2, 3]
    );
    assert!(!d.area(3).unwrap().connections.contains(1));
    run(&mut e, "connect 4 1");
    assert_eq!(
        e.document()
            .area(4)
            .unwrap()
            .connections
            .side(Direction::North),
        &[1]
    );
    assert!(!e.document().area(1).unwrap().connections.contains(4));
    run(&mut e, "unmark");
    run(&mut e, "select add 4 2 3");
    run(&mut e, "connect");
    let d = e.document();
    for other in [2, 3] {
        assert!(d.area(4).unwrap().connections.contains(other));
        assert!(d.area(other).unwrap().connections.contains(4));
    }
    assert!(
        !d.area(2)
            .unwrap()
            .connections
            .side(Direction::East)
            .is_empty()
    );
    refused(&mut e, "connect 2 2", "itself");
}

#[test]
fn disconnect_removes_both_ways_and_one_ways_go_on_request() {
    let mut doc = row();
    doc.areas[0].connections.push(Direction::East, 3); // one-way 1 -> 3
    let mut e = Editor::new(doc);
    run(&mut e, "disconnect 2 3");
    assert!(!e.document().area(2).unwrap().connections.contains(3));
    assert!(!e.document().area(3).unwrap().connections.contains(2));
    refused(&mut e, "disconnect 2 3", "not connected");
    run(&mut e, "nav_disconnect_outgoing_oneways 1");
    let c = &e.document().area(1).unwrap().connections;
    assert!(c.contains(2) && !c.contains(3));
}

#[test]
fn flood_select_crosses_one_way_connections_in_either_direction() {
    let mut doc = empty();
    for (id, x) in [(1, 0.0), (2, 100.0), (3, 200.0), (4, 300.0), (5, 900.0)] {
        doc.areas.push(area(&doc, id, x, 0.0, x + 100.0, 50.0, 0.0));
    }
    doc.areas[0].connections.push(Direction::East, 2); // 1 -> 2 only
    doc.areas[2].connections.push(Direction::West, 2); // 3 -> 2 only
    doc.areas[3].connections.push(Direction::West, 3); // 4 -> 3 only
    let mut e = Editor::new(doc);
    run(&mut e, "select flood 2");
    let mut s = e.selection().selected.clone();
    s.sort();
    assert_eq!(s, [1, 2, 3, 4], "5 is not reachable");
    run(&mut e, "select clear");
    run(&mut e, "nav_flood_select 1");
    assert_eq!(e.selection().selected.len(), 4);
}

#[test]
fn select_radius_treats_a_negative_radius_like_a_positive_one() {
    let mut e = Editor::new(row());
    run(&mut e, "select radius 110 at 150,25,0");
    let pos = e.selection().selected.clone();
    run(&mut e, "select clear");
    run(&mut e, "select radius -110 at 150,25,0");
    assert_eq!(e.selection().selected, pos);
    assert_eq!(pos, [1, 2, 3]);
    run(&mut e, "select clear");
    run(&mut e, "select radius 60 at 150,25,0");
    assert_eq!(e.selection().selected, [2]);
    run(&mut e, "select box 0,0,-5 120,60,0");
    assert_eq!(e.selection().selected, [2, 1]);
}

#[test]
fn create_snaps_and_connects_both_ways_to_the_marked_area() {
    let mut e = Editor::new(row());
    run(&mut e, "mark 3");
    let msg = run(&mut e, "create 301,4,0 389,48,0 snap");
    assert!(msg.contains("created area 4"), "{msg}");
    let d = e.document();
    let a = d.area(4).unwrap();
    assert_eq!((a.north_west[0].get(), a.north_west[1].get()), (300.0, 0.0));
    assert_eq!(
        (a.south_east[0].get(), a.south_east[1].get()),
        (400.0, 50.0)
    );
    assert_eq!(a.connections.side(Direction::West), &[3]);
    assert!(
        d.area(3)
            .unwrap()
            .connections
            .side(Direction::East)
            .contains(&4)
    );
    assert_eq!(a.light_intensity[0].get(), 1.0, "v16 default light");
    refused(&mut e, "create 0,0,0 0,10,0", "without extent");
}

/// All four corners at the first corner's height, as the page's nav_begin_area / nav_end_area
/// ("the 4 corners of the resulting area will be on the same height"; begin with the highest):
/// the other corners used to take the mean (-106.5) and the second its own -100.
#[test]
fn create_is_flat_at_the_first_corners_height() {
    let mut e = Editor::new(row());
    for (line, z) in [
        ("create 0,200,-113 100,300,-100", -113.0),
        ("create 300,400,40 200,500,-8", 40.0),
    ] {
        let msg = run(&mut e, line);
        let id: u32 = msg
            .trim_start_matches("created area ")
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let a = e.document().area(id).unwrap();
        let corners = [
            a.north_west[2].get(),
            a.north_east_z.get(),
            a.south_west_z.get(),
            a.south_east[2].get(),
        ];
        assert_eq!(corners, [z; 4], "{line}");
    }
}

#[test]
fn attributes_by_name_on_the_base_word_and_the_game_word() {
    let mut e = Editor::new(row());
    run(&mut e, "attribute 1 +CROUCH");
    run(&mut e, "attribute 1 +nav_mesh_no_jump");
    run(&mut e, "nav_jump 1");
    assert_eq!(e.document().area(1).unwrap().attributes, 0x1 | 0x8 | 0x2);
    run(&mut e, "attribute 1 -crouch");
    run(&mut e, "nav_toggle_attribute JUMP 1");
    assert_eq!(e.document().area(1).unwrap().attributes, 0x8);
    refused(
        &mut e,
        "attribute 1 +sniper_spot",
        "has no attribute `sniper_spot`",
    );
    let Some(tf) = corpus("tf2_ctf_2fort.nav") else {
        return;
    };
    let mut e = Editor::new(SourceNavDocument::read(&tf).unwrap());
    let id = e.document().areas[0].id;
    let word = e.document().areas[0].tf_attributes.unwrap();
    run(&mut e, &format!("attribute {id} ~sniper_spot"));
    assert_eq!(e.document().areas[0].tf_attributes, Some(word ^ 0x20_0000));
    assert_eq!(
        e.document().areas[0].attributes,
        SourceNavDocument::read(&tf).unwrap().areas[0].attributes
    );
}

#[test]
fn places_are_painted_flooded_replaced_and_new_names_undone() {
    let doc = SourceNavDocument::read(
        &common::corpus("csgo_de_dust2.nav").unwrap_or_else(|| bytes(&row())),
    )
    .unwrap();
    let original = bytes(&doc);
    let places = doc.places.len();
    let id = doc.areas[0].id;
    let mut e = Editor::new(doc);
    run(&mut e, &format!("place {id} BrandNewPlace"));
    assert_eq!(e.document().places.len(), places + 1);
    assert_eq!(e.document().area(id).unwrap().place as usize, places + 1);
    run(&mut e, "place replace BrandNewPlace OtherNewPlace");
    run(&mut e, &format!("place flood {id} Third"));
    assert!(
        e.run_line("places")
            .unwrap()
            .unwrap()
            .message
            .contains("Third")
    );
    run(&mut e, "undo 3");
    assert_eq!(bytes(e.document()), original);
}

#[test]
fn corners_and_shift_move_heights_and_the_selected_set() {
    let mut e = Editor::new(row());
    run(&mut e, "corner 1 ne raise 5");
    run(&mut e, "corner 1 sw place -3");
    let a = e.document().area(1).unwrap();
    assert_eq!(
        (
            a.north_east_z.get(),
            a.south_west_z.get(),
            a.north_west[2].get()
        ),
        (5.0, -3.0, 0.0)
    );
    run(&mut e, "select add 2 3");
    run(&mut e, "shift 10 0 -1");
    let d = e.document();
    assert_eq!(d.area(2).unwrap().north_west[0].get(), 110.0);
    assert_eq!(d.area(3).unwrap().south_east[2].get(), -1.0);
    assert_eq!(d.area(1).unwrap().north_west[0].get(), 0.0);
}

#[test]
fn undo_and_redo_without_limit_give_the_same_bytes() {
    let doc = row();
    let mut states = vec![bytes(&doc)];
    let mut e = Editor::new(doc);
    for line in [
        "split 1 x=50",
        "split 4 y=25",
        "attribute 5 +stairs",
        "delete 3",
        "create 0,100,0 50,150,0",
        "merge 4 5",
    ] {
        run(&mut e, line);
        states.push(bytes(e.document()));
    }
    run(&mut e, "undo 6");
    assert_eq!(bytes(e.document()), states[0]);
    refused(&mut e, "undo", "nothing to undo");
    for s in &states[1..] {
        run(&mut e, "redo");
        assert_eq!(&bytes(e.document()), s);
    }
    run(&mut e, "undo 2");
    run(&mut e, "mark 2");
    run(&mut e, "delete 2");
    refused(&mut e, "redo", "nothing to redo");
}

#[test]
fn split_keeps_the_tf2_word_and_the_l4d2_blocks_on_both_halves() {
    for (file, layout) in [
        ("tf2_ctf_2fort.nav", Layout::TeamFortress),
        ("l4d2_c1m1_hotel.nav", Layout::Terror),
    ] {
        let Some(data) = corpus(file) else { return };
        let mut doc = SourceNavDocument::read(&data).unwrap();
        assert_eq!(doc.layout, layout);
        // The widest area, with a game word that is not zero (so keeping it means something).
        let w = |a: &navforge_source::Area| a.south_east[0].get() - a.north_west[0].get();
        let i = (0..doc.areas.len())
            .max_by(|&x, &y| w(&doc.areas[x]).total_cmp(&w(&doc.areas[y])))
            .unwrap();
        if let Some(t) = doc.areas[i].tf_attributes.as_mut() {
            *t |= 0x6;
        }
        if let Some(t) = doc.areas[i].terror.as_mut() {
            t.spawn_attributes |= 0x800;
        }
        let a = doc.areas[i].clone();
        assert!(a.tf_attributes.is_some() || a.terror.is_some(), "{file}");
        let mid = (a.north_west[0].get() + a.south_east[0].get()) / 2.0;
        let new_id = doc.next_area_id().unwrap();
        let original = bytes(&doc);
        let mut e = Editor::new(doc);
        run(&mut e, &format!("split {} x={mid}", a.id));
        let d = e.document();
        for half in [d.area(a.id).unwrap(), d.area(new_id).unwrap()] {
            assert_eq!(half.tf_attributes, a.tf_attributes, "{file}");
            assert_eq!(half.terror, a.terror, "{file}");
            assert_eq!(half.attributes, a.attributes, "{file}");
            assert_eq!(half.place, a.place, "{file}");
            assert_eq!(half.visible_areas, a.visible_areas, "{file}");
            assert_eq!(half.light_intensity, a.light_intensity, "{file}");
        }
        let written = bytes(d);
        let back = SourceNavDocument::read(&written).unwrap();
        assert_eq!(
            back.area(new_id).unwrap().terror,
            a.terror,
            "{file} re-read"
        );
        assert_eq!(
            back.area(new_id).unwrap().tf_attributes,
            a.tf_attributes,
            "{file} re-read"
        );
        run(&mut e, "undo");
        assert_eq!(bytes(e.document()), original, "{file}");
    }
}

#[test]
fn commands_that_need_a_target_say_so() {
    let mut e = Editor::new(row());
    refused(&mut e, "delete", "no area given, marked or selected");
    refused(&mut e, "shift 1 1 1", "no area given");
    refused(&mut e, "connect", "select two or more");
    assert!(matches!(
        e.execute(Command::Undo(1)),
        Err(EditError::NothingTo("undo"))
    ));
}
