//! Editing support on real files: L4D visibility lists hold area IDs, and removing or retargeting
//! an area updates every list that names it.

use std::collections::HashMap;

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_source::{Layout, SourceNavDocument};

fn corpus(prefixes: &[&str]) -> Vec<(String, Vec<u8>)> {
    let Some(files) = corpus_files("source-nav", ".nav") else {
        return Vec::new();
    };
    files
        .iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            prefixes
                .iter()
                .any(|x| name.starts_with(x))
                .then(|| (name, std::fs::read(p).unwrap()))
        })
        .collect()
}

/// Every reference to area `id` anywhere in the document, as (holder, list) pairs.
fn references(doc: &SourceNavDocument, id: u32) -> Vec<String> {
    let mut out = Vec::new();
    for a in &doc.areas {
        let mut say = |what: &str| out.push(format!("area {} {what}", a.id));
        if a.connections.iter().any(|(_, t)| t == id) {
            say("connections");
        }
        if a.encounter_paths
            .iter()
            .any(|(p, _)| p.from == id || p.to == id)
        {
            say("encounter_paths");
        }
        if a.legacy_encounter_paths
            .iter()
            .any(|p| p.from == id || p.to == id)
        {
            say("legacy_encounter_paths");
        }
        if a.approach_areas
            .iter()
            .any(|x| x.here == id || x.prev == id || x.next == id)
        {
            say("approach_areas");
        }
        if a.visible_areas.iter().any(|v| v.id == id) {
            say("visible_areas");
        }
        if a.inherit_visibility_from == id {
            say("inherit_visibility_from");
        }
    }
    for l in &doc.ladders {
        if l.areas().contains(&id) {
            out.push(format!("ladder {}", l.id));
        }
    }
    out
}

/// The area named by the most lists (a busy one, so removing it tests a lot).
fn busiest(doc: &SourceNavDocument) -> u32 {
    let mut count: HashMap<u32, usize> = HashMap::new();
    for a in &doc.areas {
        for (_, t) in a.connections.iter() {
            *count.entry(t).or_default() += 1;
        }
        for v in &a.visible_areas {
            *count.entry(v.id).or_default() += 1;
        }
        for x in &a.approach_areas {
            *count.entry(x.here).or_default() += 1;
        }
        for (p, _) in a.encounter_paths.iter() {
            *count.entry(p.from).or_default() += 1;
        }
    }
    let ids: std::collections::HashSet<u32> = doc.areas.iter().map(|a| a.id).collect();
    count
        .into_iter()
        .filter(|(id, _)| ids.contains(id))
        .max_by_key(|&(id, n)| (n, id))
        .map(|(id, _)| id)
        .unwrap()
}

#[test]
fn l4d_visibility_lists_hold_area_ids_and_survive_removing_an_area() {
    let files = corpus(&["l4d2_"]);
    if files.is_empty() {
        eprintln!("skipped: no L4D corpus files");
        return;
    }
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        assert_eq!(doc.layout, Layout::Terror, "{name}");
        assert!(!doc.visible_areas_as_indices, "{name}: indices convert");
        // The file stores indices; the document IDs, which all resolve.
        let ids: HashMap<u32, usize> = doc
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id, i))
            .collect();
        let entries: usize = doc.areas.iter().map(|a| a.visible_areas.len()).sum();
        assert!(entries > 1000, "{name}: {entries} visible entries");
        assert!(
            doc.areas
                .iter()
                .flat_map(|a| &a.visible_areas)
                .all(|v| ids.contains_key(&v.id)),
            "{name}"
        );
        assert!(doc.write().unwrap() == *data, "{name}: round trip");

        // Remove an area near the start: every later index shifts in the file.
        let mut edited = doc.clone();
        let victim = doc.areas[1].id;
        let removed = edited.remove_area(victim).unwrap();
        assert_eq!(removed.id, victim);
        assert!(references(&edited, victim).is_empty(), "{name}");
        let back = SourceNavDocument::read(&edited.write().unwrap()).unwrap();
        assert_eq!(back, edited, "{name}: re-read after removal");
        for (before, after) in doc.areas.iter().filter(|a| a.id != victim).zip(&back.areas) {
            assert_eq!(before.id, after.id);
            let want: Vec<u32> = before
                .visible_areas
                .iter()
                .map(|v| v.id)
                .filter(|&v| v != victim)
                .collect();
            let got: Vec<u32> = after.visible_areas.iter().map(|v| v.id).collect();
            assert_eq!(got, want, "{name}: area {} sees other areas", after.id);
        }
    }
}

#[test]
fn an_l4d_visibility_entry_for_a_missing_area_is_an_error_not_a_wrong_index() {
    let files = corpus(&["l4d2_c8m4"]);
    let Some((name, data)) = files.first() else {
        eprintln!("skipped: no L4D2 corpus file");
        return;
    };
    let mut doc = SourceNavDocument::read(data).unwrap();
    let gone = doc.areas[0].id;
    // Removed without `remove_area`: references stay, and writing must refuse them.
    doc.areas.remove(0);
    if references(&doc, gone)
        .iter()
        .any(|r| r.ends_with("visible_areas"))
    {
        let e = doc.write().unwrap_err().to_string();
        assert!(
            e.contains(&format!("area ID {gone} is not an area")),
            "{name}: {e}"
        );
    }
}

#[test]
fn removing_an_area_clears_it_from_every_list_and_nothing_else() {
    let files = corpus(&[
        "csgo_de_dust2",
        "tf2_cp_cloak",
        "l4d2_c8m4",
        "goldsrc-cs16_cs_office",
    ]);
    if files.is_empty() {
        eprintln!("skipped: no corpus files");
        return;
    }
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        let victim = busiest(&doc);
        let refs = references(&doc, victim);
        assert!(refs.len() > 3, "{name}: busiest area {victim}: {refs:?}");
        let mut edited = doc.clone();
        let cleared = edited.clone().clear_references(victim);
        let area = edited.remove_area(victim).unwrap();
        assert!(references(&edited, victim).is_empty(), "{name}");
        assert!(edited.area(victim).is_none());
        assert_eq!(edited.areas.len(), doc.areas.len() - 1);
        // Counts fall by exactly the references removed.
        let conns = |d: &SourceNavDocument| d.connection_count();
        let removed_conns: u64 = doc
            .areas
            .iter()
            .filter(|a| a.id != victim)
            .map(|a| a.connections.iter().filter(|&(_, t)| t == victim).count() as u64)
            .sum();
        assert_eq!(
            conns(&edited),
            conns(&doc) - area.connections.len() as u64 - removed_conns,
            "{name}"
        );
        assert!(cleared as u64 >= removed_conns, "{name}");
        // Encounter spots at the removed area's hiding spots are gone too.
        let spot_ids: Vec<u32> = area.hiding_spots.iter().map(|s| s.id).collect();
        assert!(
            edited
                .areas
                .iter()
                .flat_map(|a| a.encounter_paths.iter())
                .all(|(_, spots)| spots.iter().all(|s| !spot_ids.contains(&s.hiding_spot))),
            "{name}"
        );
        let back = SourceNavDocument::read(&edited.write().unwrap()).unwrap();
        assert_eq!(back, edited, "{name}: re-read");
        assert!(edited.remove_area(victim).is_none());
    }
}

#[test]
fn retargeting_an_area_moves_every_reference() {
    let files = corpus(&["csgo_de_dust2", "l4d2_c8m4"]);
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        let old = busiest(&doc);
        let new = doc
            .areas
            .iter()
            .map(|a| a.id)
            .find(|&id| id != old)
            .unwrap();
        let before = references(&doc, old).len();
        let mut edited = doc.clone();
        assert!(edited.retarget_area(old, new) >= before, "{name}");
        assert!(references(&edited, old).is_empty(), "{name}");
        let target = edited.area(new).unwrap();
        assert!(
            !target.connections.contains(new),
            "{name}: no self-connection"
        );
        for (a, was) in edited.areas.iter().zip(&doc.areas) {
            if !was.connections.contains(old) {
                continue;
            }
            for d in 0..4 {
                let side = a.connections.direction(d);
                let n = side.iter().filter(|&&t| t == new).count();
                assert!(n <= 1, "{name}: area {} lists {new} {n} times", a.id);
            }
        }
        let back = SourceNavDocument::read(&edited.write().unwrap()).unwrap();
        assert_eq!(back, edited, "{name}: re-read");
    }
}

#[test]
fn unknown_json_keys_are_refused_with_their_path() {
    let files = corpus(&["tf2_cp_cloak"]);
    let Some((_, data)) = files.first() else {
        eprintln!("skipped: no TF2 corpus file");
        return;
    };
    let doc = SourceNavDocument::read(data).unwrap();
    let json = serde_json::to_value(&doc).unwrap();
    let refuse = |edit: &dyn Fn(&mut serde_json::Value), key: &str, path: &str| {
        let mut j = json.clone();
        edit(&mut j);
        let text = serde_json::to_string(&j).unwrap();
        let mut de = serde_json::Deserializer::from_str(&text);
        let e = serde_path_to_error::deserialize::<_, SourceNavDocument>(&mut de).expect_err(path);
        assert!(
            e.inner()
                .to_string()
                .contains(&format!("unknown field `{key}`")),
            "{e}"
        );
        assert_eq!(e.path().to_string(), path);
    };
    let rename = |v: &mut serde_json::Value, from: &str, to: &str| {
        let o = v.as_object_mut().unwrap();
        let x = o.remove(from).unwrap_or(serde_json::json!(0));
        o.insert(to.to_string(), x);
    };
    refuse(
        &|j| rename(&mut j["areas"][3], "place", "plcae"),
        "plcae",
        "areas[3].plcae",
    );
    refuse(&|j| rename(j, "ladders", "ladderz"), "ladderz", "ladderz");
    refuse(
        &|j| rename(&mut j["areas"][0]["connections"], "north", "nort"),
        "nort",
        "areas[0].connections.nort",
    );
    refuse(
        &|j| rename(&mut j["areas"][0], "tf_attributes", "tf_attribute"),
        "tf_attribute",
        "areas[0].tf_attribute",
    );
    // The same edit without the typo is accepted.
    let mut j = json.clone();
    rename(&mut j["areas"][3], "place", "place");
    assert!(serde_json::from_value::<SourceNavDocument>(j).is_ok());
}

#[test]
fn applying_a_files_own_model_changes_nothing() {
    let files = corpus(&[""]);
    if files.is_empty() {
        eprintln!("skipped: no corpus files");
        return;
    }
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        let mut edited = doc.clone();
        edited
            .apply_model(&doc.to_model())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(edited, doc, "{name}: document changed");
        assert!(edited.write().unwrap() == *data, "{name}: bytes changed");
    }
}

#[test]
fn a_model_edit_that_removes_an_area_clears_its_references_in_the_document() {
    let files = corpus(&["csgo_de_dust2", "l4d2_c8m4"]);
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        let victim = busiest(&doc);
        let mut mesh = doc.to_model();
        mesh.areas.retain(|a| a.id != u64::from(victim));
        mesh.connections
            .retain(|c| c.from != u64::from(victim) && c.to != u64::from(victim));
        mesh.hiding_spots.retain(|s| s.area != u64::from(victim));
        mesh.encounter_paths.retain(|p| {
            p.area != u64::from(victim) && p.from != u64::from(victim) && p.to != u64::from(victim)
        });
        let mut edited = doc.clone();
        edited
            .apply_model(&mesh)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut want = doc.clone();
        want.remove_area(victim).unwrap();
        assert!(references(&edited, victim).is_empty(), "{name}");
        assert_eq!(edited, want, "{name}: same as remove_area");
    }
}

#[test]
fn numbers_from_json_are_bounded_by_their_fields_before_anything_is_allocated() {
    let files = corpus(&["tf2_cp_cloak"]);
    let Some((_, data)) = files.first() else {
        eprintln!("skipped: no TF2 corpus file");
        return;
    };
    let json = serde_json::to_value(SourceNavDocument::read(data).unwrap()).unwrap();
    // No field of the document is a size: lengths come from the lists themselves. Numbers past
    // a field's width are refused by serde; in-range but impossible ones by the writer.
    for (path, value) in [
        ("/version", serde_json::json!(1_000_000_000_000_000u64)),
        ("/version", serde_json::json!(-1)),
        ("/areas/0/id", serde_json::json!(4_294_967_296u64)),
        ("/areas/0/place", serde_json::json!(65_536)),
        (
            "/areas/0/hiding_spots",
            serde_json::json!([{"id": 1, "position": [0, 0, 0], "flags": 256}]),
        ),
    ] {
        let mut j = json.clone();
        let mut at = &mut j;
        for key in path.split('/').skip(1) {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[key],
            };
        }
        *at = value.clone();
        assert!(
            serde_json::from_value::<SourceNavDocument>(j).is_err(),
            "{path} = {value}"
        );
    }
    let mut j = json.clone();
    j["version"] = serde_json::json!(4_294_967_295u32);
    let doc: SourceNavDocument = serde_json::from_value(j).unwrap();
    assert!(
        doc.write().is_err(),
        "version 2^32-1 is refused by the writer"
    );
}

#[test]
fn referrers_are_exactly_what_remove_area_changes_so_undo_can_restore_them() {
    let files = corpus(&["csgo_de_dust2", "l4d2_c8m4", "tf2_cp_cloak"]);
    for (name, data) in &files {
        let doc = SourceNavDocument::read(data).unwrap();
        let victim = busiest(&doc);
        let at = doc.area_index(victim).unwrap();
        let r = doc.referrers(victim);
        assert!(!r.areas.is_empty(), "{name}");
        // Snapshot what will change, remove, then undo from the snapshot.
        let areas: Vec<_> = r.areas.iter().map(|&i| (i, doc.areas[i].clone())).collect();
        let ladders: Vec<_> = r.ladders.iter().map(|&i| (i, doc.ladders[i])).collect();
        let mut edited = doc.clone();
        let removed = edited.remove_area(victim).unwrap();
        // Nothing outside the referrers changed.
        for (i, a) in doc.areas.iter().enumerate() {
            if i == at || r.areas.contains(&i) {
                continue;
            }
            let j = if i > at { i - 1 } else { i };
            assert_eq!(&edited.areas[j], a, "{name}: area {} changed", a.id);
        }
        edited.areas.insert(at, removed);
        for (i, a) in areas {
            edited.areas[i] = a;
        }
        for (i, l) in ladders {
            edited.ladders[i] = l;
        }
        assert_eq!(edited, doc, "{name}: undo restores the document");
    }
}
