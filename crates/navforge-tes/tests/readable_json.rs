//! The readable lossless JSON of plugins: `NVNM` as fields, `EDID` as text, and still byte for
//! byte. Edits made in the JSON land exactly where they were made; hostile values are refused
//! with the JSON path of the value.

use navforge_core::testing::corpus_bytes;
use navforge_core::{BuildFromModel, NavDocument};
use navforge_tes::{Game, NvnmDocument, PluginDocument, TesBuildOptions};
use serde_json::{Value, json};

fn corpus() -> Option<Vec<(String, Vec<u8>)>> {
    corpus_bytes("tes-plugin", "")
}

/// Every subrecord object in a plugin's JSON, with its JSON pointer.
fn subrecords(doc: &Value) -> Vec<(String, &Value)> {
    fn record<'a>(r: &'a Value, at: String, out: &mut Vec<(String, &'a Value)>) {
        if let Some(subs) = r["fields"]["subrecords"].as_array() {
            for (i, s) in subs.iter().enumerate() {
                out.push((format!("{at}/fields/subrecords/{i}"), s));
            }
        }
    }
    fn entries<'a>(es: &'a Value, at: String, out: &mut Vec<(String, &'a Value)>) {
        for (i, e) in es.as_array().into_iter().flatten().enumerate() {
            if let Some(g) = e.get("group") {
                entries(&g["entries"], format!("{at}/{i}/group/entries"), out);
            } else {
                record(&e["record"], format!("{at}/{i}/record"), out);
            }
        }
    }
    let mut out = Vec::new();
    record(&doc["header"], "/header".into(), &mut out);
    entries(&doc["entries"], "/entries".into(), &mut out);
    out
}

/// The JSON of every corpus plugin shows each `NVNM` as fields and each `EDID` as text, and
/// reads back to the identical file.
#[test]
fn corpus_json_is_readable_and_byte_exact() {
    let Some(files) = corpus() else { return };
    let (mut nvnm, mut edid, mut navm_plugins) = (0, 0, 0);
    for (name, data) in &files {
        let doc = PluginDocument::read(data).unwrap();
        let value = serde_json::to_value(&doc).unwrap();
        let mut here = 0;
        for (at, s) in subrecords(&value) {
            match s["type"].as_str().unwrap() {
                "NVNM" => {
                    assert!(
                        s.get("nvnm").is_some(),
                        "{name} {at}: NVNM not decoded: {s}"
                    );
                    let n = &s["nvnm"];
                    for key in ["vertices", "triangles", "edge_links", "door_links", "cover"] {
                        assert!(n.get(key).is_some(), "{name} {at}: no `{key}`");
                    }
                    nvnm += 1;
                    here += 1;
                }
                "EDID" => {
                    assert!(s["text"].is_string(), "{name} {at}: EDID not text: {s}");
                    edid += 1;
                }
                _ => {}
            }
        }
        if here > 0 {
            navm_plugins += 1;
        }
        let text = serde_json::to_string(&value).unwrap();
        let back: PluginDocument = serde_json::from_str(&text).unwrap();
        assert!(
            back.write().unwrap() == *data,
            "{name}: JSON round trip differs"
        );
    }
    println!("{nvnm} NVNM decoded in {navm_plugins} plugins, {edid} EDID as text");
    // MANIFEST: 5 Skyrim plugins with NVNM v12 and one Fallout 4 plugin with v15.
    assert_eq!(navm_plugins, 6);
    assert!(nvnm >= 6 && edid > 100, "{nvnm} {edid}");
}

fn dwemer() -> Option<Vec<u8>> {
    let files = corpus()?;
    files
        .into_iter()
        .find(|(n, _)| n == "skyrim_Dwemer_Secrets.esp")
        .map(|(_, d)| d)
}

/// The first NAVM record in the JSON whose record is compressed, as (pointer to the `nvnm`, form ID).
fn compressed_navmesh(value: &Value) -> (String, u32) {
    for (at, s) in subrecords(value) {
        if s["type"] == "NVNM" && s.get("nvnm").is_some() {
            let rec_at = at.rsplit_once("/fields").unwrap().0;
            let rec = value.pointer(rec_at).unwrap();
            if rec.get("compressed").is_some() {
                let id = rec["form_id"].as_str().unwrap();
                let id = u32::from_str_radix(id.trim_start_matches("0x"), 16).unwrap();
                return (format!("{at}/nvnm"), id);
            }
        }
    }
    panic!("no compressed navmesh");
}

/// Changing one vertex in the JSON changes exactly that vertex: the record is recompressed, every
/// other record keeps its bytes, and the navmesh differs from the original only there.
#[test]
fn one_vertex_edited_in_json_is_the_only_change() {
    let Some(data) = dwemer() else { return };
    let doc = PluginDocument::read(&data).unwrap();
    let mut value = serde_json::to_value(&doc).unwrap();
    let (at, form_id) = compressed_navmesh(&value);
    let before = doc.nvnm(form_id).unwrap();
    let k = before.vertices.len() / 2;
    *value.pointer_mut(&format!("{at}/vertices/{k}/2")).unwrap() = json!(1234.5);

    let edited: PluginDocument = serde_json::from_value(value).unwrap();
    let bytes = edited.write().unwrap();
    assert!(bytes != data);
    let reread = PluginDocument::read(&bytes).unwrap();
    let after = reread.nvnm(form_id).unwrap();
    assert_eq!(after.vertices[k][2].get(), 1234.5);
    let mut restored = after.clone();
    restored.vertices[k] = before.vertices[k];
    assert_eq!(restored, before, "only vertex {k} changed");
    // Every other record is untouched.
    let (old, new) = (doc.records(), reread.records());
    assert_eq!(old.len(), new.len());
    let mut differing = 0;
    for (a, b) in old.iter().zip(&new) {
        if a.form_id.0 == form_id && a.tag.0 == *b"NAVM" {
            assert!(b.is_compressed(), "the record stays compressed");
        } else {
            assert_eq!(a, b);
            continue;
        }
        differing += 1;
    }
    assert_eq!(differing, 1);
}

/// A built Fallout 4 plugin (version 15 triangles and edge links) decodes too and reads back.
#[test]
fn fallout4_nvnm_json_round_trips() {
    let mesh = navforge_core::sample::courtyard();
    let built = PluginDocument::from_model(&mesh, &TesBuildOptions::game(Game::Fallout4)).unwrap();
    let bytes = built.document.write().unwrap();
    let doc = PluginDocument::read(&bytes).unwrap();
    let value = serde_json::to_value(&doc).unwrap();
    let n = subrecords(&value)
        .into_iter()
        .find(|(_, s)| s["type"] == "NVNM")
        .unwrap()
        .1
        .clone();
    assert_eq!(n["nvnm"]["version"], 15);
    assert!(n["nvnm"]["triangles"][0]["height"].is_number());
    let back: PluginDocument = serde_json::from_value(value).unwrap();
    assert!(back.write().unwrap() == bytes);
}

fn small() -> (Value, String) {
    let mesh = navforge_core::sample::courtyard();
    let built = PluginDocument::from_model(&mesh, &TesBuildOptions::game(Game::SkyrimSe)).unwrap();
    let value = serde_json::to_value(&built.document).unwrap();
    let at = subrecords(&value)
        .into_iter()
        .find(|(_, s)| s["type"] == "NVNM")
        .unwrap()
        .0;
    (value, format!("{at}/nvnm"))
}

/// Hostile edits to a decoded NVNM are refused, naming the subrecord's JSON path and the field
/// inside the NVNM; none panics or allocates by a count it was given.
#[test]
fn hostile_nvnm_values_are_refused_with_their_path() {
    let (base, at) = small();
    let n = base.pointer(&at).unwrap();
    let nv = n["vertices"].as_array().unwrap().len();
    let cases: Vec<(String, Value, &str)> = vec![
        (
            "/triangles/0/vertices/1".into(),
            json!(nv + 7),
            "nvnm.triangles[0].vertices[1]",
        ),
        (
            "/triangles/0/vertices/0".into(),
            json!(65535),
            "nvnm.triangles[0].vertices[0]",
        ),
        (
            "/triangles/0/edges/2".into(),
            json!(30000),
            "nvnm.triangles[0].edges[2]",
        ),
        (
            "/triangles/0/edges/0".into(),
            json!(-2),
            "nvnm.triangles[0].edges[0]",
        ),
        (
            "/vertices/0/0".into(),
            json!("0x7fc00000"),
            "nvnm.vertices[0]",
        ),
        ("/vertices/0/1".into(), json!(1e39), "nvnm.vertices[0]"),
        ("/grid/min/2".into(), json!("0xff800000"), "nvnm.grid"),
        (
            "/grid/divisor".into(),
            json!(4_294_967_295u64),
            "nvnm.grid.cells",
        ),
        (
            "/grid/cells/0".into(),
            json!([60000]),
            "nvnm.grid.cells[0][0]",
        ),
        ("/version".into(), json!(13), "nvnm.version"),
        (
            "/triangles/0/height".into(),
            json!(1.0),
            "nvnm.triangles[0]",
        ),
        (
            "/cover".into(),
            json!({"fallout4": {"cover_edges": [], "cover_mappings": [], "waypoints": []}}),
            "nvnm.cover",
        ),
        (
            "/door_links".into(),
            json!([{"triangle": 999, "crc": "0xE48B73F3", "door": "0x00000001"}]),
            "nvnm.door_links[0].triangle",
        ),
    ];
    for (pointer, v, expect) in cases {
        let mut j = base.clone();
        let full = format!("{at}{pointer}");
        match j.pointer_mut(&full) {
            Some(t) => *t = v.clone(),
            None => {
                // A key the sample does not have: add it to its object.
                let (parent, key) = full.rsplit_once('/').unwrap();
                let obj = j.pointer_mut(parent).and_then(Value::as_object_mut);
                obj.unwrap_or_else(|| panic!("{parent} not in the sample"))
                    .insert(key.into(), v.clone());
            }
        }
        let text = serde_json::to_string(&j).unwrap();
        let mut de = serde_json::Deserializer::from_str(&text);
        let r: Result<PluginDocument, _> = serde_path_to_error::deserialize(&mut de);
        let e = match r {
            Ok(_) => panic!("{pointer} = {v} accepted"),
            Err(e) => e,
        };
        let msg = e.inner().to_string();
        let path = e.path().to_string();
        println!("{pointer} = {v}: at {path}: {msg}");
        assert!(
            msg.contains(expect),
            "{pointer}: `{msg}` does not name {expect}"
        );
        assert!(path.starts_with("entries["), "{pointer}: path {path}");
    }
}

/// A decoded NVNM and its hex form are the same document.
#[test]
fn nvnm_and_hex_forms_agree() {
    let (base, at) = small();
    let nvnm: NvnmDocument = serde_json::from_value(base.pointer(&at).unwrap().clone()).unwrap();
    let mut hex = base.clone();
    let sub = hex
        .pointer_mut(at.strip_suffix("/nvnm").unwrap())
        .unwrap()
        .as_object_mut()
        .unwrap();
    sub.remove("nvnm");
    let bytes = nvnm.write().unwrap();
    sub.insert(
        "data".into(),
        json!(bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()),
    );
    let a: PluginDocument = serde_json::from_value(base).unwrap();
    let b: PluginDocument = serde_json::from_value(hex).unwrap();
    assert_eq!(a, b);
}

/// The Fallout 4 cover-mapping warning says how many mappings fall outside the cover edges and
/// whether the other field order would fit them, so real files give the evidence in one run.
#[test]
fn fallout4_cover_mapping_warning_weighs_the_other_order() {
    let mesh = navforge_core::sample::courtyard();
    let built = PluginDocument::from_model(&mesh, &TesBuildOptions::game(Game::Fallout4)).unwrap();
    let plugin = PluginDocument::read(&built.document.write().unwrap()).unwrap();
    let form_id = plugin.navmeshes()[0].form_id;
    let mut nv = plugin.nvnm(form_id).unwrap();
    assert!(nv.warnings().is_empty(), "{:?}", nv.warnings());
    let nt = nv.triangles.len() as u16;
    nv.cover = navforge_tes::Cover::Fallout4 {
        cover_edges: vec![navforge_tes::CoverEdge {
            vertices: [0, 1],
            data: navforge_tes::Hex32(0),
        }],
        // Triangle 5 stored first and cover edge 0 second: fits the swapped order only.
        cover_mappings: vec![navforge_tes::CoverMapping {
            cover: nt - 1,
            triangle: 0,
        }],
        waypoints: vec![],
    };
    let w = nv.warnings();
    assert!(
        w.iter().any(
            |l| l.contains("1 of 1 name a cover edge past the 1 cover edges")
                && l.contains("1 of them would fit")
        ),
        "{w:?}"
    );
    // Such a navmesh is still shown as fields: what the mappings index is not settled.
    assert_eq!(nv.json_problem(), None);
}
