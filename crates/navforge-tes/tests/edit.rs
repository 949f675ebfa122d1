//! Changing one navmesh of a plugin with compressed records leaves every other byte alone.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_tes::{Cover, NvnmDocument, PluginDocument};
use std::io::Read;

const NAVM_ID: u32 = 0x000B_83E0;

fn dwemer() -> Option<Vec<u8>> {
    let dir = corpus_dir("tes-plugin")?;
    Some(std::fs::read(dir.join("skyrim_Dwemer_Secrets.esp")).unwrap())
}

fn u32_at(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap())
}

/// An independent walker: the start and end of the record with this type and form ID, and the
/// start offsets of the groups around it.
fn locate(d: &[u8], tag: &[u8; 4], id: u32) -> (usize, usize, Vec<usize>) {
    fn walk(
        d: &[u8],
        mut pos: usize,
        end: usize,
        tag: &[u8; 4],
        id: u32,
        stack: &mut Vec<usize>,
    ) -> Option<(usize, usize)> {
        while pos < end {
            let size = u32_at(d, pos + 4) as usize;
            if &d[pos..pos + 4] == b"GRUP" {
                stack.push(pos);
                if let Some(hit) = walk(d, pos + 24, pos + size, tag, id, stack) {
                    return Some(hit);
                }
                stack.pop();
                pos += size;
            } else {
                let next = pos + 24 + size;
                if &d[pos..pos + 4] == tag && u32_at(d, pos + 12) == id {
                    return Some((pos, next));
                }
                pos = next;
            }
        }
        None
    }
    let mut stack = Vec::new();
    let (s, e) = walk(d, 0, d.len(), tag, id, &mut stack).expect("record present");
    (s, e, stack)
}

fn inflate(stream: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(stream)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[test]
fn setting_an_unchanged_nvnm_keeps_the_original_compressed_bytes() {
    let Some(data) = dwemer() else { return };
    let mut doc = PluginDocument::read(&data).unwrap();
    for n in doc.navmeshes() {
        if let Some(nv) = n.nvnm {
            doc.set_nvnm(n.form_id, &nv.unwrap()).unwrap();
        }
    }
    assert!(doc.write().unwrap() == data);
}

#[test]
fn one_changed_navmesh_in_a_compressed_plugin() {
    let Some(data) = dwemer() else { return };
    let mut doc = PluginDocument::read(&data).unwrap();
    let before: Vec<_> = doc.navmeshes();
    let mut nv = doc.nvnm(NAVM_ID).unwrap();
    let Cover::Skyrim { cover_triangles } = &nv.cover else {
        panic!("Skyrim cover")
    };
    let old_cover = cover_triangles.len();
    assert!(old_cover >= 5);

    // Clear cover on five cover triangles, and move a vertex up and inwards.
    let cleared: Vec<usize> = cover_triangles[..5].iter().map(|&t| t as usize).collect();
    nv.clear_cover(&cleared).unwrap();
    let v = nv.vertices[10];
    let moved = [v[0].get() + 37.5, v[1].get() - 12.25, v[2].get() + 64.0];
    nv.move_vertex(10, moved).unwrap();
    let old_grid = before[1]
        .nvnm
        .as_ref()
        .unwrap()
        .as_ref()
        .unwrap()
        .grid
        .clone();
    assert_ne!(
        nv.grid.cells, old_grid.cells,
        "the grid follows the moved vertex"
    );
    assert_eq!(
        nv.warnings(),
        Vec::<String>::new(),
        "the edited mesh stays consistent"
    );
    doc.set_nvnm(NAVM_ID, &nv).unwrap();
    let out = doc.write().unwrap();

    // Everything outside the record is unchanged, except the enclosing groups' size fields.
    let (s0, e0, groups0) = locate(&data, b"NAVM", NAVM_ID);
    let (s1, e1, groups1) = locate(&out, b"NAVM", NAVM_ID);
    assert_eq!(s0, s1);
    assert_eq!(groups0, groups1);
    assert!(groups0.len() >= 3, "the NAVM sits a few groups deep");
    let delta = e1 as i64 - e0 as i64;
    assert_ne!(delta, 0);
    let mut expected_prefix = data[..s0].to_vec();
    for &g in &groups0 {
        let size = (u32_at(&data, g + 4) as i64 + delta) as u32;
        expected_prefix[g + 4..g + 8].copy_from_slice(&size.to_le_bytes());
        assert_eq!(u32_at(&out, g + 4), size, "group at {g} grew by {delta}");
    }
    assert!(out[..s1] == expected_prefix[..], "bytes before the record");
    assert!(out[e1..] == data[e0..], "bytes after the record");
    // The record header keeps its flags, form ID, version control info and form version.
    assert_eq!(out[s1 + 8..s1 + 24], data[s0 + 8..s0 + 24]);

    // The changed record decompresses to what we wrote.
    let flags = u32_at(&out, s1 + 8);
    assert_ne!(flags & navforge_tes::FLAG_COMPRESSED, 0);
    let size = u32_at(&out, s1 + 4) as usize;
    assert_eq!(s1 + 24 + size, e1);
    let body = &out[s1 + 24..e1];
    let inflated = inflate(&body[4..]);
    assert_eq!(u32_at(body, 0) as usize, inflated.len());
    let nvnm = nv.write().unwrap();
    let mut expected = b"NVNM".to_vec();
    expected.extend_from_slice(&(nvnm.len() as u16).to_le_bytes());
    expected.extend_from_slice(&nvnm);
    let original = inflate(&data[s0 + 28..e0]);
    assert_eq!(&original[..4], b"NVNM", "the record holds only its NVNM");
    assert_eq!(
        original.len(),
        6 + u16::from_le_bytes([original[4], original[5]]) as usize
    );
    assert!(inflated == expected);

    // A second read gives the changed mesh, and the other navmeshes as they were.
    let again = PluginDocument::read(&out).unwrap();
    assert_eq!(again.nvnm(NAVM_ID).unwrap(), nv);
    let got = again.nvnm(NAVM_ID).unwrap();
    for &t in &cleared {
        assert_eq!(got.triangles[t].cover, 0);
    }
    let Cover::Skyrim { cover_triangles } = &got.cover else {
        panic!()
    };
    assert_eq!(cover_triangles.len(), old_cover - 5);
    assert_eq!(got.vertices[10].map(|c| c.get()), moved);
    for (a, b) in before.iter().zip(again.navmeshes()) {
        assert_eq!(a.form_id, b.form_id);
        if a.form_id != NAVM_ID {
            assert_eq!(
                a.nvnm.as_ref().map(|r| r.as_ref().unwrap()),
                b.nvnm.as_ref().map(|r| r.as_ref().unwrap())
            );
        }
    }
    // Writing the re-read plugin, directly or through JSON, gives the same bytes again.
    assert!(again.write().unwrap() == out);
    let json = serde_json::to_string(&doc).unwrap();
    let back: PluginDocument = serde_json::from_str(&json).unwrap();
    assert!(back.write().unwrap() == out);
}

#[test]
fn editing_the_json_of_a_compressed_record_recompresses_it() {
    let Some(data) = dwemer() else { return };
    let doc = PluginDocument::read(&data).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&doc).unwrap();
    // Edit the NVNM inside the JSON (the grid's lowest Z, a field of the decoded `nvnm`): the
    // stored compressed stream no longer matches, so the record is recompressed.
    let nv = doc.nvnm(NAVM_ID).unwrap();
    let mut changed = nv.clone();
    changed.grid.min[2] = navforge_core::F32::new(-20000.0);
    /// The JSON pointer of the decoded `nvnm` of the NAVM record with this form ID.
    fn find(v: &serde_json::Value, id: &str, at: String) -> Option<String> {
        match v {
            serde_json::Value::Object(o) => {
                if o.get("form_id").and_then(|f| f.as_str()) == Some(id) {
                    let subs = o.get("fields")?.get("subrecords")?.as_array()?;
                    let i = subs.iter().position(|s| s["type"] == "NVNM")?;
                    return Some(format!("{at}/fields/subrecords/{i}/nvnm"));
                }
                o.iter().find_map(|(k, c)| find(c, id, format!("{at}/{k}")))
            }
            serde_json::Value::Array(a) => a
                .iter()
                .enumerate()
                .find_map(|(i, c)| find(c, id, format!("{at}/{i}"))),
            _ => None,
        }
    }
    let id = format!("0x{NAVM_ID:08X}");
    let at = find(&json, &id, String::new()).expect("the navmesh's NVNM is in the JSON");
    let nvnm = json.pointer_mut(&at).unwrap();
    assert_eq!(
        serde_json::from_value::<NvnmDocument>(nvnm.clone()).unwrap(),
        nv
    );
    nvnm["grid"]["min"][2] = serde_json::json!(-20000.0);
    let back: PluginDocument = serde_json::from_value(json).unwrap();
    let out = back.write().unwrap();
    assert_ne!(out, data);
    let re = PluginDocument::read(&out).unwrap();
    assert_eq!(re.nvnm(NAVM_ID).unwrap(), changed);
    for (a, b) in doc.navmeshes().iter().zip(re.navmeshes()) {
        if a.form_id != NAVM_ID {
            let a = a.nvnm.as_ref().map(|r| r.as_ref().unwrap().clone());
            assert_eq!(a, b.nvnm.map(|r| r.unwrap()));
        }
    }
    // The edited NVNM reads on its own too.
    assert_eq!(
        NvnmDocument::read(&changed.write().unwrap()).unwrap(),
        changed
    );
}

#[test]
fn edits_made_through_the_model_are_written_back() {
    let Some(data) = dwemer() else { return };
    let mut doc = PluginDocument::read(&data).unwrap();
    let mut model = doc.to_model();
    // Untouched model: nothing changes.
    assert_eq!(doc.apply_model(&model).unwrap(), Vec::<u32>::new());
    assert!(doc.write().unwrap() == data);

    let g = model
        .groups
        .iter()
        .find(|g| g.name == "NAVM 0x000B83E0")
        .unwrap()
        .id;
    // Clear the cover bits of every covered triangle, and lift one corner.
    let mut cleared = Vec::new();
    for a in model.areas.iter_mut().filter(|a| a.group == g) {
        if a.attributes >> 16 != 0 {
            a.attributes &= 0xFFFF;
            cleared.push((a.id & 0xFFFF_FFFF) as usize);
        }
    }
    let area = model.areas.iter_mut().find(|a| a.group == g).unwrap();
    area.polygon[0][2] += 100.0;
    let lifted = area.polygon[0];
    assert_eq!(doc.apply_model(&model).unwrap(), vec![NAVM_ID]);
    let out = doc.write().unwrap();
    let again = PluginDocument::read(&out).unwrap();
    let nv = again.nvnm(NAVM_ID).unwrap();
    assert!(cleared.len() > 10);
    assert!(cleared.iter().all(|&t| nv.triangles[t].cover == 0));
    assert!(nv.triangles.iter().all(|t| t.cover == 0));
    let Cover::Skyrim { cover_triangles } = &nv.cover else {
        panic!()
    };
    assert!(cover_triangles.is_empty());
    let v0 = nv.triangles[0].vertices[0] as usize;
    assert_eq!(nv.vertices[v0].map(|c| c.get()), lifted);
    assert_eq!(nv.grid.max[2].get().max(lifted[2]), nv.grid.max[2].get());
    assert_eq!(nv.warnings(), Vec::<String>::new());
    // The other navmeshes are untouched.
    for n in doc.navmeshes().iter().filter(|n| n.form_id != NAVM_ID) {
        let before = PluginDocument::read(&data).unwrap().navmeshes();
        let b = before.iter().find(|b| b.form_id == n.form_id).unwrap();
        assert_eq!(
            b.nvnm.as_ref().map(|r| r.as_ref().unwrap()),
            n.nvnm.as_ref().map(|r| r.as_ref().unwrap())
        );
    }
}
