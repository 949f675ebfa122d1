//! Selected Nav Areas: `nav_save_selected` and `nav_merge_mesh` with the game's semantics.

mod common;

use std::collections::HashMap;

use navforge_core::NavDocument;
use navforge_edit::{Command, Editor, save_selected};
use navforge_source::{SelectedAreasDocument, SelectedView, SourceNavDocument};

/// The KeyValues example of Valve's page (the seed).
fn seed_example() -> Option<String> {
    navforge_core::testing::selected_areas_example()
}

fn import(e: &mut Editor, text: &[u8]) -> String {
    e.execute(Command::MergeMesh {
        path: "in.txt".into(),
        text: text.to_vec(),
    })
    .unwrap_or_else(|err| panic!("import: {err}"))
    .message
}

#[test]
fn the_seed_example_imports_and_exports_as_the_game_writes_it() {
    let Some(example) = seed_example() else {
        return;
    };
    // The reader keeps it byte for byte.
    let kv = SelectedAreasDocument::read(example.as_bytes()).unwrap();
    assert_eq!(kv.write().unwrap(), example.as_bytes());
    // Import into a mesh whose next ID is the example's, so the area keeps its number.
    let mut doc = common::empty();
    doc.areas.push(common::area(
        &doc, 4639, 5000.0, 5000.0, 5100.0, 5100.0, 0.0,
    ));
    let mut e = Editor::new(doc);
    let msg = import(&mut e, example.as_bytes());
    assert!(msg.contains("imported 1 area(s)"), "{msg}");
    assert_eq!(
        e.selection().selected,
        [4640],
        "imported areas become the selection"
    );
    let a = e.document().area(4640).unwrap();
    assert_eq!(a.north_west.map(|v| v.get()), [-850.0, 1225.0, -0.164574]);
    assert_eq!(a.south_east.map(|v| v.get()), [-725.0, 1450.0, -3.990265]);
    assert_eq!(
        (a.north_east_z.get(), a.south_west_z.get()),
        (-5.690256, -4.490265)
    );
    assert_eq!(a.attributes, 1032);
    assert_eq!(
        e.document().places[usize::from(a.place) - 1].name_lossy(),
        "OutsideLong"
    );
    // Its connections name areas outside the file: the game drops them on import, so the
    // re-export is the example without the North, East and West blocks, byte for byte.
    assert!(a.connections.is_empty());
    let mut expected = String::new();
    let mut skip = false;
    for line in example.split_inclusive('\n') {
        let t = line.trim();
        if matches!(t, "\"North\"" | "\"East\"" | "\"West\"") {
            skip = true;
        }
        if !skip {
            expected.push_str(line);
        }
        if skip && t == "}" {
            skip = false;
        }
    }
    let out = save_selected(e.document(), &e.selection().selected).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    // With its neighbours in the file, the connections resolve and the export is the example.
    let mut with = example.trim_end().strip_suffix("}").unwrap().to_string();
    for (id, x) in [
        (4765, 0.0),
        (4780, 200.0),
        (4641, 400.0),
        (4431, 600.0),
        (4432, 800.0),
    ] {
        with.push_str(&format!(
            "\n\t\"{id}\"\n\t{{\n\t\t\"NorthWest\" {{ \"x\" \"{x}\" \"y\" \"9000\" \"z\" \"0\" }}\n\t\t\"SouthEast\" {{ \"x\" \"{}\" \"y\" \"9100\" \"z\" \"0\" }}\n\t}}",
            x + 100.0
        ));
    }
    with.push_str("\n}");
    let mut doc = common::empty();
    doc.areas.push(common::area(
        &doc, 4639, 5000.0, 5000.0, 5100.0, 5100.0, 0.0,
    ));
    let mut e = Editor::new(doc);
    import(&mut e, with.as_bytes());
    let a = e.document().area(4640).unwrap();
    assert_eq!(
        a.connections.len(),
        5,
        "connections resolved within the file"
    );
    // The neighbours got new IDs 4641.. in file order, so the export names them differently:
    // compare through the view with the IDs mapped.
    let set = e.selection().selected.clone();
    assert_eq!(set, [4640, 4641, 4642, 4643, 4644, 4645]);
    let view = SelectedAreasDocument::read(&save_selected(e.document(), &set).unwrap())
        .unwrap()
        .view();
    let x = &view.areas[0];
    assert_eq!(
        (x.north.as_slice(), x.east.as_slice(), x.west.as_slice()),
        (&[4641, 4642][..], &[4643][..], &[4644, 4645][..])
    );
    // Exported alone, the game writes only connections to selected areas: none.
    let alone = save_selected(e.document(), &[4640]).unwrap();
    assert_eq!(String::from_utf8(alone).unwrap(), expected);
    e.execute(Command::Undo(1)).unwrap();
    assert_eq!(e.document().areas.len(), 1);
}

/// Two exports describe the same areas, mapping the first's IDs to the second's by position.
fn same_areas(a: &SelectedView, b: &SelectedView) {
    assert_eq!(a.areas.len(), b.areas.len());
    let map: HashMap<u32, u32> = a
        .areas
        .iter()
        .zip(&b.areas)
        .map(|(x, y)| (x.id, y.id))
        .collect();
    for (x, y) in a.areas.iter().zip(&b.areas) {
        assert_eq!(x.polygon(), y.polygon(), "area {}", x.id);
        assert_eq!(
            (&x.place, x.attributes),
            (&y.place, y.attributes),
            "area {}",
            x.id
        );
        for ((_, cx), (_, cy)) in x.connections().iter().zip(y.connections()) {
            let mapped: Vec<u32> = cx.iter().filter_map(|t| map.get(t).copied()).collect();
            assert_eq!(mapped, cy, "area {}", x.id);
        }
    }
}

#[test]
fn export_import_export_is_stable_on_real_meshes() {
    for file in [
        "csgo_de_dust2.nav",
        "tf2_ctf_2fort.nav",
        "l4d2_c1m1_hotel.nav",
        "goldsrc-cs16_de_dust2.nav",
    ] {
        let Some(data) = common::corpus(file) else {
            return;
        };
        let doc = SourceNavDocument::read(&data).unwrap();
        let mid = &doc.areas[doc.areas.len() / 2];
        let at = [
            mid.north_west[0].get(),
            mid.north_west[1].get(),
            mid.north_west[2].get(),
        ];
        let mut e = Editor::new(doc);
        e.run_line(&format!(
            "select radius 700 at {},{},{}",
            at[0], at[1], at[2]
        ))
        .unwrap();
        assert!(e.selection().selected.len() > 5, "{file}");
        let first = save_selected(e.document(), &e.selection().selected).unwrap();
        import(&mut e, &first);
        let second = save_selected(e.document(), &e.selection().selected).unwrap();
        import(&mut e, &second);
        let third = save_selected(e.document(), &e.selection().selected).unwrap();
        let view = |t: &[u8]| SelectedAreasDocument::read(t).unwrap().view();
        same_areas(&view(&first), &view(&second));
        same_areas(&view(&second), &view(&third));
        // The file still writes and re-reads with the imported copies.
        let bytes = e.write().unwrap();
        assert_eq!(
            SourceNavDocument::read(&bytes).unwrap().write().unwrap(),
            bytes,
            "{file}"
        );
        e.execute(Command::Undo(2)).unwrap();
        assert_eq!(e.write().unwrap(), data, "{file}");
    }
}

/// The orphan areas `check` reports.
fn orphans(doc: &SourceNavDocument) -> usize {
    navforge_check::check(&doc.to_model(), &[])
        .get("orphan-area")
        .map_or(0, |f| f.count)
}

/// Select a region of a real mesh, save it, delete it and merge it back (the modder):
/// the engine's stitch joins it to the mesh around it, so `check` finds no new orphan, no error,
/// and most connections the region had across its border come back (heights decide where the
/// engine traces the level). Source (CS:S) and GoldSrc (CS 1.6).
#[test]
fn a_saved_region_deleted_and_merged_back_makes_no_orphans() {
    for (file, at) in [
        ("css_de_dust2.nav", "-787,1337,0"),
        ("goldsrc-cs16_de_dust2.nav", "-787,1337,0"),
    ] {
        let Some(data) = common::corpus(file) else {
            return;
        };
        let doc = SourceNavDocument::read(&data).unwrap();
        let before = orphans(&doc);
        let mut e = Editor::new(doc.clone());
        common::run(&mut e, &format!("select radius 500 at {at}"));
        let region = e.selection().selected.clone();
        assert!(region.len() > 10, "{file}: {} areas", region.len());
        // The connections across the region's border, both ways, by the areas' corners.
        let inside: std::collections::HashSet<u32> = region.iter().copied().collect();
        // (The text keeps six decimals, so corners are compared to a hundredth.)
        let key = |a: &navforge_source::Area| {
            let r = |v: navforge_core::F32| (v.get() * 100.0).round() as i64;
            (a.north_west.map(r), a.south_east.map(r))
        };
        let mut border = Vec::new();
        for a in &doc.areas {
            for (_, t) in a.connections.iter() {
                let b = doc.area(t).unwrap();
                if inside.contains(&a.id) != inside.contains(&t) {
                    border.push((key(a), key(b)));
                }
            }
        }
        let text = save_selected(e.document(), &region).unwrap();
        common::run(&mut e, "delete");
        assert_eq!(e.document().areas.len(), doc.areas.len() - region.len());
        assert!(orphans(e.document()) >= before, "{file}");
        let msg = import(&mut e, &text);
        assert!(msg.contains("stitched to the mesh"), "{msg}");
        // (The mesh's own overlapping pairs that had one side in the region are reported.)
        assert_eq!(e.selection().selected.len(), region.len());
        let after = e.document();
        assert_eq!(orphans(after), before, "{file}: {msg}");
        assert!(common::error_codes(after).is_empty(), "{file}");
        let by_key: HashMap<_, u32> = after.areas.iter().map(|a| (key(a), a.id)).collect();
        let restored = border
            .iter()
            .filter(|(a, b)| {
                let a = after.area(by_key[a]).unwrap();
                a.connections.contains(by_key[b])
            })
            .count();
        eprintln!(
            "{file}: {restored} of {} border connections restored",
            border.len()
        );
        assert!(
            restored * 10 >= border.len() * 8,
            "{file}: {restored} of {} border connections restored",
            border.len()
        );
        // Undo gives back the file without the region, then with it.
        e.execute(Command::Undo(2)).unwrap();
        assert_eq!(e.write().unwrap(), data, "{file}");
    }
}

/// Merging a region on top of the mesh it came from is said (the page: "avoid loading a nav
/// mesh on top of itself").
#[test]
fn merging_a_mesh_on_top_of_itself_warns() {
    let Some(data) = common::corpus("css_de_dust2.nav") else {
        return;
    };
    let mut e = Editor::read(&data).unwrap();
    common::run(&mut e, "select radius 300 at -787,1337,0");
    let n = e.selection().selected.len();
    let text = save_selected(e.document(), &e.selection().selected).unwrap();
    let msg = import(&mut e, &text);
    assert!(
        msg.contains(&format!(
            "warning: {n} imported area(s) overlap existing areas"
        )),
        "{msg}"
    );
    assert!(
        msg.contains("merged on top of the mesh it came from"),
        "{msg}"
    );
}

/// The page's own example merges into a real mesh and `check` finds no error in the result:
/// CS:GO de_dust2, whose place list holds the example's "OutsideLong" (the place is reused, not
/// added). The example's five connections name areas outside the file, which the import drops
/// as the game does; nothing of de_dust2 lies beside it (its floor there is 110 units lower), so
/// it is stitched to nothing and nothing overlaps it.
#[test]
fn the_seed_example_merges_into_a_real_mesh_and_passes_check() {
    let (Some(example), Some(data)) = (seed_example(), common::corpus("csgo_de_dust2.nav")) else {
        return;
    };
    let doc = SourceNavDocument::read(&data).unwrap();
    assert!(common::error_codes(&doc).is_empty());
    let places = doc.places.len();
    let mut e = Editor::new(doc);
    let msg = import(&mut e, example.as_bytes());
    assert!(msg.contains("imported 1 area(s)"), "{msg}");
    assert!(!msg.contains("warning"), "{msg}");
    let id = e.selection().selected[0];
    let a = e.document().area(id).unwrap();
    assert_eq!(e.document().places.len(), places, "OutsideLong reused");
    assert_eq!(
        e.document().places[usize::from(a.place) - 1].name_lossy(),
        "OutsideLong"
    );
    assert!(common::error_codes(e.document()).is_empty());
    let bytes = e.write().unwrap();
    assert_eq!(
        SourceNavDocument::read(&bytes).unwrap().write().unwrap(),
        bytes
    );
}
