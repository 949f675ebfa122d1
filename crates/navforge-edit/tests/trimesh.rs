//! Triangle navmesh editing on real files: a Skyrim plugin (`skyrim_Dwemer_Secrets.esp`, seven
//! compressed navmeshes that link into each other) and MGSV `.nav2` files. Empty edits and
//! undoing everything give the file's bytes back; every edit leaves a navmesh that re-reads
//! and passes `check`; random edit sequences keep every index valid.

use navforge_core::NavDocument;
use navforge_edit::{Session, TriEditor};
use navforge_mgsv::Nav2Document;
use navforge_tes::{NvnmDocument, PluginDocument, TRI_EDGE_LINK};
use proptest::prelude::*;

const NAVM: &str = "0x000B83E0";

fn dwemer() -> Option<Vec<u8>> {
    let d = navforge_core::testing::corpus_dir("tes-plugin")?;
    Some(std::fs::read(d.join("skyrim_Dwemer_Secrets.esp")).unwrap())
}

fn nav2(name: &str) -> Option<Vec<u8>> {
    let d = navforge_core::testing::corpus_dir("mgsv-nav2")?;
    Some(std::fs::read(d.join(name)).unwrap())
}

fn run(e: &mut TriEditor, line: &str) -> String {
    e.run_line(line)
        .unwrap_or_else(|err| panic!("`{line}` failed: {err}"))
        .map(|o| o.message)
        .unwrap_or_default()
}

/// `check`'s error findings on the model of `bytes`, read as a plugin or a `.nav2`.
fn check_errors(bytes: &[u8]) -> Vec<String> {
    let (model, warnings) = if navforge_mgsv::sniff(bytes) {
        let d = Nav2Document::read(bytes).expect("the edited .nav2 re-reads");
        (d.to_model(), d.summary().warnings)
    } else {
        let d = PluginDocument::read(bytes).expect("the edited plugin re-reads");
        (d.to_model(), d.summary().warnings)
    };
    let report = navforge_check::check(&model, &warnings);
    report
        .findings
        .iter()
        .filter(|f| f.severity == navforge_check::Severity::Error)
        .map(|f| format!("{} x{}", f.code, f.count))
        .collect()
}

/// The edited file re-reads and `check` finds no error the original did not have.
fn passes_check(original: &[u8], bytes: &[u8]) {
    let (before, after) = (check_errors(original), check_errors(bytes));
    for e in &after {
        assert!(before.contains(e), "new error `{e}` (before: {before:?})");
    }
}

/// Every index of every navmesh of the plugin in range, every neighbour linking back.
fn plugin_valid(bytes: &[u8]) {
    let p = PluginDocument::read(bytes).unwrap();
    for n in p.navmeshes() {
        if let Some(nv) = &n.nvnm {
            let nv = nv.as_ref().unwrap();
            assert_eq!(nv.json_problem(), None, "{}", n.name());
            assert_eq!(nv.warnings(), Vec::<String>::new(), "{}", n.name());
        }
    }
}

#[test]
fn a_plugin_opens_in_the_session_and_an_empty_edit_writes_its_bytes() {
    let Some(data) = dwemer() else { return };
    let s = navforge_edit::open(&data).unwrap();
    assert!(matches!(s, Session::Mesh(_)));
    assert_eq!(s.write().unwrap(), data);
    // Several navmeshes: an edit without a choice names them.
    let mut s = s;
    let e = s.run_line("delete 0").unwrap_err().to_string();
    assert!(
        e.contains("navmesh ID") && e.contains("NAVM 0x000B83E0"),
        "{e}"
    );
    s.run_line(&format!("navmesh {NAVM}")).unwrap();
    assert_eq!(s.write().unwrap(), data);
}

#[test]
fn delete_and_move_then_undo_everything_gives_the_plugins_bytes_back() {
    let Some(data) = dwemer() else { return };
    let mut e = TriEditor::read(&data).unwrap();
    run(&mut e, &format!("navmesh {NAVM}"));
    let before = e.nvnm().unwrap().clone();
    run(&mut e, "delete 10");
    run(&mut e, "move 0 -47000,74000,-3000");
    let after = e.nvnm().unwrap().clone();
    assert_eq!(after.triangles.len(), before.triangles.len() - 1);
    assert_eq!(
        after.vertices[0].map(|c| c.get()),
        [-47000.0, 74000.0, -3000.0]
    );
    let bytes = e.write().unwrap();
    assert_ne!(bytes, data);
    plugin_valid(&bytes);
    passes_check(&data, &bytes);
    // Only the edited record changed: the plugin re-reads with the edit.
    let p = PluginDocument::read(&bytes).unwrap();
    let nv = p.nvnm(0x000B_83E0).unwrap();
    assert_eq!(nv, after);
    run(&mut e, "undo 2");
    assert_eq!(e.write().unwrap(), data);
    run(&mut e, "redo 2");
    assert_eq!(e.write().unwrap(), bytes);
}

#[test]
fn deleting_renumbers_links_doors_cover_and_other_navmeshes_links() {
    let Some(data) = dwemer() else { return };
    // The corpus plugin's navmeshes link only to Skyrim.esm's: link one to another here
    // (0x02002E28 triangle 40 -> 0x000B83E0 triangle 50), then edit the target.
    let target = 0x000B_83E0u32;
    let mut e = TriEditor::read(&data).unwrap();
    run(&mut e, "navmesh 0x02002E28");
    let free = {
        let s = e.nvnm().unwrap();
        (0..3).find(|&k| s.triangles[40].edges[k] == -1)
    };
    let (t, k) = match free {
        Some(k) => (40, k),
        None => {
            let s = e.nvnm().unwrap();
            (0..s.triangles.len())
                .flat_map(|t| (0..3).map(move |k| (t, k)))
                .find(|&(t, k)| s.triangles[t].edges[k] == -1)
                .unwrap()
        }
    };
    run(&mut e, &format!("link {t} {k} 0x{target:08X} 50 portal"));
    let linked_plugin = PluginDocument::read(&e.write().unwrap()).unwrap();
    let navs: Vec<(u32, NvnmDocument)> = linked_plugin
        .navmeshes()
        .into_iter()
        .filter_map(|n| Some((n.form_id, n.nvnm?.ok()?)))
        .collect();
    run(&mut e, &format!("navmesh 0x{target:08X}"));
    let nv = e.nvnm().unwrap().clone();
    // A triangle with an edge link: its link goes with it.
    let linked = (0..nv.triangles.len())
        .find(|&t| (0..3).any(|k| nv.triangles[t].flags & TRI_EDGE_LINK[k] != 0))
        .unwrap();
    run(&mut e, "door 5 0x0001A2B3");
    run(&mut e, "cover 6 0x0030");
    run(&mut e, &format!("delete 0 {linked}"));
    let now = e.nvnm().unwrap();
    assert!(now.edge_links.len() < nv.edge_links.len());
    assert_eq!(
        now.door_links[0].triangle, 4,
        "door triangle 5 renumbered to 4"
    );
    // A door link leads to a door reference, no area: `check` does not count it as missing.
    let with_door = e.write().unwrap();
    plugin_valid(&with_door);
    passes_check(&data, &with_door);
    run(&mut e, "door 4 none");
    let bytes = e.write().unwrap();
    plugin_valid(&bytes);
    passes_check(&data, &bytes);
    // The other navmeshes' links into it name the new indices (deleted ones are gone).
    let p = PluginDocument::read(&bytes).unwrap();
    let new_index = |t: i16| -> Option<i16> {
        let t = t as usize;
        (t != 0 && t != linked).then(|| (t - 1 - usize::from(t > linked)) as i16)
    };
    let mut seen = 0;
    for (form, o) in &navs {
        if *form == target {
            continue;
        }
        let edited = p.nvnm(*form).unwrap();
        let before: Vec<i16> = o
            .edge_links
            .iter()
            .filter(|l| l.navmesh.0 == target)
            .filter_map(|l| new_index(l.triangle))
            .collect();
        let after: Vec<i16> = edited
            .edge_links
            .iter()
            .filter(|l| l.navmesh.0 == target)
            .map(|l| l.triangle)
            .collect();
        assert_eq!(after, before, "NAVM 0x{form:08X}");
        seen += before.len();
    }
    assert!(seen > 0, "no navmesh links into 0x{target:08X}");
    run(&mut e, "undo 5");
    assert_eq!(e.write().unwrap(), data);
}

#[test]
fn split_weld_flags_and_links_keep_the_navmesh_valid() {
    let Some(data) = dwemer() else { return };
    let mut e = TriEditor::read(&data).unwrap();
    run(&mut e, &format!("navmesh {NAVM}"));
    let nv = e.nvnm().unwrap().clone();
    // An edge with a neighbour, split: two triangles and one vertex more.
    let (t, k) = (0..nv.triangles.len())
        .flat_map(|t| (0..3).map(move |k| (t, k)))
        .find(|&(t, k)| nv.neighbour(t, k).is_some())
        .unwrap();
    run(&mut e, &format!("split {t} {k}"));
    let s = e.nvnm().unwrap();
    assert_eq!(s.triangles.len(), nv.triangles.len() + 2);
    assert_eq!(s.vertices.len(), nv.vertices.len() + 1);
    // Welding a triangle's two corners collapses it and its neighbour across that edge.
    let tri = s.triangles[t].vertices;
    run(&mut e, &format!("weld {} {}", tri[0], tri[1]));
    run(&mut e, "flags 1 2 +0x0800");
    let free = {
        let s = e.nvnm().unwrap();
        (0..s.triangles.len())
            .flat_map(|t| (0..3).map(move |k| (t, k)))
            .find(|&(t, k)| s.triangles[t].edges[k] == -1)
            .unwrap()
    };
    run(
        &mut e,
        &format!("link {} {} 0x000F26CA 3 portal", free.0, free.1),
    );
    let bytes = e.write().unwrap();
    plugin_valid(&bytes);
    passes_check(&data, &bytes);
    for (line, why) in [
        ("flags 1 +1", "bits 0-2"),
        ("move 99999 0,0,0", "out of range"),
        ("split 0 3", "edges 0, 1 and 2"),
        ("weld 3 3", "onto itself"),
        ("delete 99999", "past the"),
    ] {
        let hist = e.history_len();
        let err = e.run_line(line).expect_err(line).to_string();
        assert!(err.contains(why), "`{line}`: {err}");
        assert_eq!(e.write().unwrap(), bytes, "`{line}` changed the plugin");
        assert_eq!(e.history_len(), hist);
    }
    let (n, _) = e.history_len();
    run(&mut e, &format!("undo {n}"));
    assert_eq!(e.write().unwrap(), data);
}

#[test]
fn selections_by_box_and_flood() {
    let Some(data) = dwemer() else { return };
    let mut e = TriEditor::read(&data).unwrap();
    run(&mut e, &format!("navmesh {NAVM}"));
    let n = e.triangle_count();
    let flood = run(&mut e, "select flood 0");
    assert!(flood.ends_with("triangles selected"), "{flood}");
    let picked = e.selected().to_vec();
    assert!(!picked.is_empty() && picked.len() <= n && picked.contains(&0));
    run(&mut e, "select none");
    let c = e.nvnm().unwrap().corners(7).unwrap();
    let lo = (0..3).map(|i| c.iter().map(|p| p[i]).fold(f32::MAX, f32::min));
    let hi = (0..3).map(|i| c.iter().map(|p| p[i]).fold(f32::MIN, f32::max));
    let (lo, hi): (Vec<f32>, Vec<f32>) = (lo.collect(), hi.collect());
    run(
        &mut e,
        &format!(
            "select box {},{},{} {},{},{}",
            lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
        ),
    );
    assert!(e.selected().contains(&7), "{:?}", e.selected());
    let k = e.selected().len();
    run(&mut e, "delete");
    assert_eq!(e.triangle_count(), n - k);
    assert!(e.selected().is_empty());
}

#[test]
fn a_nav2_deletes_a_face_and_moves_a_vertex_and_undoes_to_its_bytes() {
    for name in [
        "obj2nav2_test.nav2",
        "mgsurvive_ssav_139_130_nav.nav2",
        "tpp_unsa_nav01.nav2",
    ] {
        let Some(data) = nav2(name) else { return };
        let mut e = TriEditor::read(&data).unwrap();
        if e.current().is_none() {
            let g = e.navmesh_names()[0].clone();
            run(&mut e, &format!("navmesh {g}"));
        }
        assert_eq!(e.write().unwrap(), data, "{name}");
        let faces = e.triangle_count();
        let p = Nav2Document::read(&data).unwrap();
        let g = e.current().unwrap() as u8;
        let v0 = p.group(g).navmesh.unwrap().vertices[0];
        let mut at = p.dequantize(v0);
        at[0] += if v0[0] > 32767 { -1.0 } else { 1.0 };
        let deleted = e.run_line("delete 1");
        if let Err(err) = &deleted {
            // A file with bytes no structure covers cannot be laid out again: said so.
            assert!(err.to_string().contains("raw byte ranges"), "{name}: {err}");
            continue;
        }
        run(&mut e, &format!("move 0 {},{},{}", at[0], at[1], at[2]));
        assert_eq!(e.triangle_count(), faces - 1, "{name}");
        let bytes = e.write().unwrap();
        let back = Nav2Document::read(&bytes).unwrap();
        assert_eq!(back.group(g).navmesh.unwrap().faces.len(), faces - 1);
        assert_ne!(back.group(g).navmesh.unwrap().vertices[0], v0);
        passes_check(&data, &bytes);
        run(&mut e, "undo 2");
        assert_eq!(e.write().unwrap(), data, "{name}");
        let err = e.run_line("split 0 0").unwrap_err().to_string();
        assert!(err.contains("a .nav2 takes"), "{err}");
    }
}

/// One random edit, as a command line, for the navmesh as it is now.
fn random_line(nv: &NvnmDocument, pick: &[u32; 4]) -> String {
    let nt = nv.triangles.len().max(1);
    let nvx = nv.vertices.len().max(1);
    let t = pick[1] as usize % nt;
    let v = pick[2] as usize % nvx;
    match pick[0] % 8 {
        0 | 1 => format!("delete {t}"),
        2 => {
            let p = nv.vertices[v].map(|c| c.get());
            let d = (pick[3] % 64) as f32 - 32.0;
            format!("move {v} {},{},{}", p[0] + d, p[1] - d, p[2])
        }
        3 => format!("split {t} {}", pick[3] % 3),
        4 => {
            let tri = nv.triangles.get(t).map_or([0, 1, 2], |x| x.vertices);
            format!("weld {} {}", tri[0], tri[(pick[3] % 2 + 1) as usize])
        }
        5 => format!("flags {t} ~0x{:X}", 0x0800u16 << (pick[3] % 4)),
        6 => format!("cover {t} 0x{:X}", pick[3] % 0x40),
        _ => format!("door {t} 0x{:08X}", pick[3]),
    }
}

proptest! {
    #![proptest_config(navforge_core::testing::proptest_config(16))]

    #[test]
    fn random_edits_stay_valid_and_undo_to_the_original_bytes(
        picks in prop::collection::vec(any::<[u32; 4]>(), 1..10)
    ) {
        let Some(data) = dwemer() else { return Ok(()) };
        let mut e = TriEditor::read(&data).unwrap();
        e.set_diffs(false);
        run(&mut e, &format!("navmesh {NAVM}"));
        for pick in &picks {
            let line = random_line(e.nvnm().unwrap(), pick);
            // A refused edit (splitting a linked edge, say) changes nothing; any other keeps
            // every index valid.
            let _ = e.run_line(&line);
            let nv = e.nvnm().unwrap();
            prop_assert_eq!(nv.json_problem(), None, "after `{}`", line);
            prop_assert_eq!(nv.warnings(), Vec::<String>::new(), "after `{}`", line);
        }
        let bytes = e.write().unwrap();
        plugin_valid(&bytes);
        let (n, _) = e.history_len();
        if n > 0 {
            run(&mut e, &format!("undo {n}"));
        }
        prop_assert!(e.write().unwrap() == data);
    }
}

#[test]
fn hostile_arguments_are_refused_and_change_nothing() {
    let (Some(esp), Some(nav2)) = (dwemer(), nav2("obj2nav2_test.nav2")) else {
        return;
    };
    for (data, name) in [(esp, NAVM), (nav2, "4")] {
        let mut e = TriEditor::read(&data).unwrap();
        run(&mut e, &format!("navmesh {name}"));
        for line in [
            "delete 65535",
            "delete 4294967296",
            "move 0 nan,0,0",
            "move 0 1e39,0,0",
            "move 70000 0,0,0",
            "split 65535 0",
            "weld 0 65535",
            "flags 65535 +1",
            "cover 65535 1",
            "link 0 0 0x1 40000",
            "unlink 65535 0",
            "door 65535 0x1",
            "select flood 99999",
            "select 99999",
            "navmesh nothing",
            "undo",
            "redo 3",
        ] {
            assert!(e.run_line(line).is_err(), "{name}: `{line}` was taken");
            assert!(
                e.write().unwrap() == data,
                "{name}: `{line}` changed the file"
            );
            assert_eq!(e.history_len(), (0, 0), "{name}: `{line}`");
        }
    }
}
