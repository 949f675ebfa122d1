//! The page's console forms (issue 26): the marked-area and selected-set forms of every command
//! that has them, selecting and dragging with a cursor, nav_begin_area / nav_end_area, shifting
//! by a drag, and the place commands, on real CS:S, CS:GO and CS 1.6 meshes.

mod common;

use common::{bytes, refused, run};
use navforge_core::NavDocument;
use navforge_core::places::COUNTER_STRIKE_PLACES;
use navforge_edit::{Command, Editor, parse};
use navforge_source::SourceNavDocument;

fn corpus_editor(name: &str) -> Option<Editor> {
    let data = common::corpus(name)?;
    Some(Editor::read(&data).unwrap())
}

/// Two areas `merge` accepts: a connected pair whose edges have the same length along one axis.
fn mergeable(doc: &SourceNavDocument) -> (u32, u32) {
    for a in &doc.areas {
        for (_, t) in a.connections.iter() {
            let b = doc.area(t).unwrap();
            let same_x = a.north_west[0] == b.north_west[0] && a.south_east[0] == b.south_east[0];
            let same_y = a.north_west[1] == b.north_west[1] && a.south_east[1] == b.south_east[1];
            if a.id != t && (same_x || same_y) {
                return (a.id, t);
            }
        }
    }
    panic!("no mergeable pair");
}

/// A connected pair and a third area connected to the first.
fn fan(doc: &SourceNavDocument) -> (u32, u32, u32) {
    for a in &doc.areas {
        let ts: Vec<u32> = a.connections.iter().map(|(_, t)| t).collect();
        if let [b, c, ..] = ts.as_slice()
            && b != c
        {
            return (a.id, *b, *c);
        }
    }
    panic!("no area with two neighbours");
}

/// `mark A` then `merge B` / `splice B` / `disconnect B` / `connect B` do what `CMD A B` does,
/// byte for byte, on CS:S de_dust2 and CS 1.6 de_dust2 (they answered "expected an area ID").
#[test]
fn the_marked_area_is_the_first_operand() {
    for file in ["css_de_dust2.nav", "goldsrc-cs16_de_dust2.nav"] {
        let Some(base) = corpus_editor(file) else {
            return;
        };
        let (a, b) = mergeable(base.document());
        let (p, q, _) = fan(base.document());
        for (cmd, x, y) in [
            ("merge", a, b),
            ("disconnect", p, q),
            ("connect", q, p),
            ("nav_merge", a, b),
            ("nav_disconnect", p, q),
        ] {
            let mut two = base.clone();
            run(&mut two, &format!("{cmd} {x} {y}"));
            let mut marked = base.clone();
            run(&mut marked, &format!("mark {x}"));
            let msg = run(&mut marked, &format!("{cmd} {y}"));
            assert_eq!(
                bytes(marked.document()),
                bytes(two.document()),
                "{file}: mark {x}; {cmd} {y}: {msg}"
            );
            if !cmd.ends_with("connect") || cmd.ends_with("disconnect") {
                assert_ne!(bytes(marked.document()), bytes(base.document()), "{cmd}");
            }
        }
        // Without a marked area the one-operand forms say what is missing.
        let mut e = base.clone();
        refused(&mut e, &format!("merge {b}"), "mark");
        refused(&mut e, &format!("splice {b}"), "mark");
        refused(&mut e, &format!("disconnect {b}"), "mark");
    }
}

/// `splice B` with a marked area is `splice A B` (two areas facing each other across a gap).
#[test]
fn splice_takes_the_marked_area() {
    let mut doc = common::empty();
    doc.areas
        .push(common::area(&doc, 1, 0.0, 0.0, 100.0, 100.0, 0.0));
    doc.areas
        .push(common::area(&doc, 2, 150.0, 0.0, 250.0, 100.0, 30.0));
    let base = Editor::new(doc);
    let mut two = base.clone();
    run(&mut two, "splice 1 2");
    let mut marked = base.clone();
    run(&mut marked, "mark 1");
    run(&mut marked, "nav_splice 2");
    assert_eq!(bytes(marked.document()), bytes(two.document()));
    assert_eq!(marked.document().areas.len(), 3);
}

/// The set form of `nav_disconnect`: the first selected area and every later one (CS:S).
#[test]
fn disconnect_on_a_selected_set_cuts_the_first_from_the_rest() {
    let Some(mut e) = corpus_editor("css_de_dust2.nav") else {
        return;
    };
    let (a, b, c) = fan(e.document());
    let linked = |e: &Editor, x: u32, y: u32| {
        e.document().area(x).unwrap().connections.contains(y)
            || e.document().area(y).unwrap().connections.contains(x)
    };
    assert!(linked(&e, a, b) && linked(&e, a, c));
    run(&mut e, &format!("select add {a} {b} {c}"));
    let msg = run(&mut e, "nav_disconnect");
    assert!(msg.contains(&format!("between {a} and 2 other")), "{msg}");
    assert!(!linked(&e, a, b) && !linked(&e, a, c));
    // Nothing left to cut: refused, nothing changes.
    refused(&mut e, "disconnect", "not connected");
    run(&mut e, "undo");
    assert!(linked(&e, a, b) && linked(&e, a, c));
}

/// The page: "If any selected set exists, nav_mark toggles the selected state of the area that
/// is pointed at." Without a set, mark marks.
#[test]
fn mark_inside_a_selected_set_toggles_the_set() {
    let Some(mut e) = corpus_editor("css_de_dust2.nav") else {
        return;
    };
    let (a, b, c) = fan(e.document());
    run(&mut e, &format!("mark {a}"));
    assert_eq!(e.selection().marked, Some(a));
    run(&mut e, &format!("select add {b}"));
    let msg = run(&mut e, &format!("nav_mark {c}"));
    assert!(msg.contains("added to the selected set"), "{msg}");
    assert_eq!(e.selection().selected, [b, c]);
    assert_eq!(e.selection().marked, Some(a), "the mark stays");
    run(&mut e, &format!("mark {b}"));
    assert_eq!(e.selection().selected, [c]);
    run(&mut e, "nav_clear_selected_set");
    run(&mut e, &format!("mark {c}"));
    assert_eq!(e.selection().marked, Some(c));
}

/// nav_begin_selecting / nav_end_selecting with a moving cursor select every area the cursor
/// passes over; deselecting removes them; drags select and deselect boxes (CS:S de_dust2).
#[test]
fn selecting_and_dragging_with_a_cursor() {
    let Some(mut e) = corpus_editor("css_de_dust2.nav") else {
        return;
    };
    // Two connected areas on one floor: sweep from the centre of one to the other's.
    let doc = e.document().clone();
    let centre = |id: u32| {
        let a = doc.area(id).unwrap();
        let r = a.rect();
        r.centre()
    };
    let (a, b, _) = fan(&doc);
    let (pa, pb) = (centre(a), centre(b));
    let at = |p: [f32; 3]| format!("{},{},{}", p[0], p[1], p[2] + 1.0);
    run(&mut e, &format!("cursor {}", at(pa)));
    run(&mut e, "nav_begin_selecting");
    assert_eq!(
        e.selection().selected,
        [a],
        "the area under the cursor at once"
    );
    let msg = run(&mut e, &format!("cursor {}", at(pb)));
    assert!(msg.contains("selected"), "{msg}");
    let swept = e.selection().selected.clone();
    assert!(swept.contains(&a) && swept.contains(&b), "{swept:?}");
    run(&mut e, "nav_end_selecting");
    // Moving after the end selects nothing more.
    run(&mut e, &format!("cursor {}", at(pa)));
    assert_eq!(e.selection().selected, swept);
    run(&mut e, "nav_begin_deselecting");
    assert!(!e.selection().selected.contains(&a));
    run(&mut e, &format!("cursor {}", at(pb)));
    run(&mut e, "nav_end_deselecting");
    assert!(e.selection().selected.is_empty(), "{:?}", e.selection());
    refused(&mut e, "nav_end_selecting", "not selecting");
    // A drag box: the same areas as `select box`, and deselecting it empties the set again.
    let (lo, hi) = ([-1000.0f32, 0.0, -200.0], [0.0f32, 1000.0, 200.0]);
    let p = |v: [f32; 3]| format!("{},{},{}", v[0], v[1], v[2]);
    run(&mut e, &format!("nav_begin_drag_selecting {}", p(lo)));
    run(&mut e, &format!("cursor {}", p(hi)));
    run(&mut e, "nav_end_drag_selecting");
    let dragged = e.selection().selected.clone();
    assert!(dragged.len() > 5);
    let mut f = corpus_editor("css_de_dust2.nav").unwrap();
    run(&mut f, &format!("select box {} {}", p(lo), p(hi)));
    assert_eq!(f.selection().selected, dragged);
    run(&mut e, &format!("nav_begin_drag_deselecting {}", p(lo)));
    run(&mut e, &format!("nav_end_drag_deselecting {}", p(hi)));
    assert!(e.selection().selected.is_empty());
    run(&mut f, &format!("deselect box {} {}", p(hi), p(lo)));
    assert!(f.selection().selected.is_empty());
    // None of it edited the mesh.
    assert_eq!(e.history_len(), (0, 0));
}

/// nav_begin_area / nav_end_area make a flat area at the first corner's height, snapped when
/// nav_snap_to_grid is on, connected both ways to the marked area; nav_begin_shift_xy /
/// nav_end_shift_xy move the selected set by the drag in x and y only (CS:S de_dust2).
#[test]
fn area_and_shift_drags() {
    let Some(mut e) = corpus_editor("css_de_dust2.nav") else {
        return;
    };
    let n = e.document().areas.len();
    let (m, _, _) = fan(e.document());
    run(&mut e, &format!("mark {m}"));
    run(&mut e, "nav_snap_to_grid 1");
    run(&mut e, "cursor 5003,5011,-113");
    run(&mut e, "nav_begin_area");
    let msg = run(&mut e, "nav_end_area 5108,5096,-100");
    assert!(msg.contains("created area"), "{msg}");
    assert!(msg.contains(&format!("marked area {m}")), "{msg}");
    let new = e.document().areas.last().unwrap().clone();
    assert_eq!(e.document().areas.len(), n + 1);
    assert_eq!(new.north_west.map(|v| v.get()), [5000.0, 5000.0, -113.0]);
    assert_eq!(new.south_east.map(|v| v.get()), [5100.0, 5100.0, -113.0]);
    assert_eq!(
        (new.north_east_z.get(), new.south_west_z.get()),
        (-113.0, -113.0)
    );
    refused(&mut e, "nav_end_area 0,0,0", "no area begun");
    // Shift the new area by a drag.
    run(&mut e, &format!("select add {}", new.id));
    run(&mut e, "nav_begin_shift_xy 0,0,0");
    run(&mut e, "nav_end_shift_xy 40,-10,999");
    let moved = e.document().area(new.id).unwrap();
    assert_eq!(moved.north_west.map(|v| v.get()), [5040.0, 4990.0, -113.0]);
    run(&mut e, "undo 2");
    assert_eq!(e.document().areas.len(), n);
}

/// Every place name of the CS:S corpus files is in the standard list the editor offers (the
/// game's directory, which CS 1.6 and CS:S share).
#[test]
fn corpus_css_places_are_standard_names() {
    let Some(dir) = navforge_core::testing::corpus_dir("source-nav") else {
        return;
    };
    let mut seen = 0;
    for name in [
        "css_de_dust2.nav",
        "css-v9_cs_havana.nav",
        "css-v9_cs_office.nav",
        "css-v9_de_nuke.nav",
    ] {
        let doc = SourceNavDocument::read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        for p in &doc.places {
            let p = p.name_lossy();
            assert!(COUNTER_STRIKE_PLACES.contains(&p.as_str()), "{name}: {p}");
            seen += 1;
        }
    }
    assert!(seen > 40, "{seen}");
}

/// The place commands as the page describes them, on CS:S de_dust2 (v16, read as CS:GO's
/// layout): nav_use_place with no argument lists the standard names and the file's; a name sets
/// the current place (the game's matching: any case, or the one name it begins; CS:GO takes new
/// names, CS 1.6 refuses them); nav_place_pick
/// keeps the area's place as the current one; place mode and painting paint the areas the
/// cursor passes; `paint` is the script form; nav_place_floodfill takes the current place;
/// nav_mark_unnamed marks an unnamed area.
#[test]
fn place_commands_as_the_page_describes_them() {
    let Some(mut e) = corpus_editor("css_de_dust2.nav") else {
        return;
    };
    let list = run(&mut e, "nav_use_place");
    assert!(
        list.contains("the game's standard places (104): BombsiteA"),
        "{list}"
    );
    for p in e.document().places.iter().map(|p| p.name_lossy()) {
        assert!(list.contains(&p), "{p}");
    }
    let msg = run(&mut e, "nav_use_place ctsp");
    assert!(msg.starts_with("current place: CTSpawn"), "{msg}");
    assert_eq!(e.selection().place.as_deref(), Some("CTSpawn"));
    refused(&mut e, "nav_use_place bac", "ambiguous");
    let msg = run(&mut e, "nav_use_place Narnia");
    assert!(msg.starts_with("current place: Narnia (0 area(s)"), "{msg}");
    if let Some(mut gold) = corpus_editor("goldsrc-cs16_de_dust2.nav") {
        refused(
            &mut gold,
            "nav_use_place Narnia",
            "not a place name of this game",
        );
    }
    // Pick the place of a named area.
    let named = e
        .document()
        .areas
        .iter()
        .find(|a| a.place != 0)
        .unwrap()
        .clone();
    let name = e.document().places[usize::from(named.place) - 1].name_lossy();
    let msg = run(&mut e, &format!("nav_place_pick {}", named.id));
    assert!(msg.contains(&name), "{msg}");
    assert_eq!(e.selection().place.as_deref(), Some(name.as_str()));
    // Paint it on an unnamed area (nav_mark_unnamed finds one).
    let msg = run(&mut e, "nav_mark_unnamed");
    let unnamed = e.selection().marked.expect("de_dust2 has unnamed areas");
    assert!(msg.contains("have no place"), "{msg}");
    assert_eq!(e.document().area(unnamed).unwrap().place, 0);
    run(&mut e, "paint");
    assert_eq!(e.document().area(unnamed).unwrap().place, named.place);
    run(&mut e, "undo");
    // Place mode and painting: the areas the cursor passes get the current place.
    refused(&mut e, "nav_toggle_place_painting", "nav_toggle_place_mode");
    let msg = run(&mut e, "nav_toggle_place_mode");
    assert!(msg.contains("place mode on"), "{msg}");
    let c = e.document().area(unnamed).unwrap().rect().centre();
    run(&mut e, &format!("cursor {},{},{}", c[0], c[1], c[2] + 1.0));
    let msg = run(&mut e, "nav_toggle_place_painting");
    assert!(msg.contains("painted"), "{msg}");
    assert_eq!(e.document().area(unnamed).unwrap().place, named.place);
    run(&mut e, "nav_toggle_place_painting");
    run(&mut e, "nav_toggle_place_mode");
    run(&mut e, "undo");
    assert_eq!(e.document().area(unnamed).unwrap().place, 0);
    // Flood fill with the current place from the marked area, through its unnamed neighbours.
    let msg = run(&mut e, "nav_place_floodfill");
    assert!(msg.contains(&format!("now in place {name}")), "{msg}");
    assert_eq!(e.document().area(unnamed).unwrap().place, named.place);
}

/// A CS 1.6 mesh has no place yet: the current place is painted and added to its directory, and
/// the file writes and reads back.
#[test]
fn painting_a_place_into_a_goldsrc_mesh() {
    let Some(mut e) = corpus_editor("goldsrc-cs16_de_dust2.nav") else {
        return;
    };
    let list = run(&mut e, "nav_use_place");
    assert!(list.contains("this file's places (0)"), "{list}");
    refused(&mut e, "paint 1", "no current place");
    run(&mut e, "nav_use_place bombsitea");
    let id = e.document().areas[0].id;
    let msg = run(&mut e, &format!("paint {id}"));
    assert!(msg.contains("painted BombsiteA on 1 area(s)"), "{msg}");
    let out = e.write().unwrap();
    let back = SourceNavDocument::read(&out).unwrap();
    assert_eq!(back.write().unwrap(), out);
    let a = back.area(id).unwrap();
    assert_eq!(
        back.places[usize::from(a.place) - 1].name_lossy(),
        "BombsiteA"
    );
}

/// Every `nav_*` name on the page parses: a command or a map command (which needs --level);
/// none is "unknown" or "not an editor command". (`nav_blocker` is the page's
/// `func_nav_blocker`, not a command.)
#[test]
fn every_console_name_of_the_page_is_known() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/seeds/source-navmesh-editing.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return;
    };
    let mut names: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("nav_") && w.len() > 4)
        .collect();
    names.sort_unstable();
    names.dedup();
    assert!(names.len() > 60, "{names:?}");
    let mut elsewhere = Vec::new();
    for name in names {
        if name == "nav_blocker" {
            continue;
        }
        match parse(name) {
            Ok(_) => {}
            Err(e) => {
                let e = e.to_string();
                assert!(!e.contains("unknown command"), "{name}: {e}");
                if e.contains("not an editor command") {
                    elsewhere.push(name);
                }
            }
        }
    }
    // Every page command is now an editor command (the last ones need the map).
    assert!(elsewhere.is_empty(), "{elsewhere:?}");
    for name in [
        "nav_analyse",
        "nav_analyze",
        "nav_clear_walkable_marks",
        "nav_generate",
        "nav_mark_walkable",
        "nav_quicksave",
    ] {
        assert!(
            matches!(parse(name), Ok(Some(Command::Map(_)))),
            "{name}: {:?}",
            parse(name)
        );
    }
    // The one-operand forms parse with the marked area left to the editor.
    assert_eq!(
        parse("merge 7").unwrap(),
        Some(Command::Merge {
            keep: None,
            other: 7
        })
    );
}
