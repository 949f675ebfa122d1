//! Re-layout: every offset, size and count recomputed from the structures, so that an editor can
//! add and remove faces, vertices and segments.

mod common;

use common::check_layout;
use common::edit::{add_segment, editable_groups, remove_last_face, remove_last_segment};
use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_mgsv::{Adjacent, DecodedGroup, LayoutStyle, Nav2Document};
use proptest::prelude::*;
use serde_json::Value;

fn corpus() -> Option<Vec<(String, Vec<u8>, Nav2Document)>> {
    let files = corpus_files("mgsv-nav2", ".nav2")?;
    assert_eq!(files.len(), 10);
    Some(
        files
            .into_iter()
            .map(|f| {
                let data = std::fs::read(&f).unwrap();
                let doc = Nav2Document::read(&data).unwrap();
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                (name, data, doc)
            })
            .collect(),
    )
}

fn laid_out(doc: &Nav2Document) -> (Nav2Document, Vec<u8>) {
    let mut d = doc.clone();
    d.relayout().unwrap();
    let bytes = d.write().unwrap();
    (d, bytes)
}

fn decoded(doc: &Nav2Document, g: u8) -> DecodedGroup {
    doc.mesh()
        .groups
        .into_iter()
        .find(|x| x.group_id == g)
        .unwrap()
}

/// Warnings a file had before an edit: the edit may keep them, not add others. (Obj2Nav2 leaves
/// the face offsets' segment bits 0, whose count changes as faces go.)
fn same_warnings(before: &Nav2Document, after: &Nav2Document) {
    let old = before.mesh().warnings;
    for w in after.mesh().warnings {
        assert!(
            old.contains(&w) || w.contains("segment bits"),
            "new warning: {w}"
        );
    }
}

#[test]
fn every_corpus_file_re_laid_out_unchanged_gives_its_bytes_back() {
    let Some(files) = corpus() else { return };
    for (name, data, doc) in files {
        let (laid, out) = laid_out(&doc);
        let first = out.iter().zip(&data).position(|(a, b)| a != b);
        assert!(
            out == data,
            "{name}: first difference at {first:?}, length {} vs {}",
            out.len(),
            data.len()
        );
        common::assert_same(&laid, &doc, &name);
    }
}

/// Every field the layout owns, set to 0 in the JSON: the lists alone must give them back.
fn scrub(v: &mut Value, parent: &str) {
    const DERIVED: &[&str] = &[
        "file_len",
        "file_size",
        "end_of_header",
        "entry_count",
        "nav_system_offset",
        "section2_offset",
        "manifest_size",
        "manifest_offset",
        "section2_entry_count",
        "group_count",
        "payload_offset",
        "entry_size",
        "next",
        "payload",
        "ss1",
        "ss2",
        "ss3",
        "ss4",
        "ss5",
        "ss6",
        "total_size",
        "point_count",
        "edge_count",
        "segment_count",
        "face_count",
        "vertex_count",
        "node_count",
        "total_edges",
        "adjacency_offset",
        "count_a",
        "edge_offset",
        "group_edge_count",
        "mesh_edge_count",
        "ss2_offset",
        "count",
        "offset",
        "at",
    ];
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                // A segment's counts are the editor's; a NavWorld node's `count_b` is a kind.
                let data = parent == "segments" && k.ends_with("count");
                let cell_count = k == "count" && parent == "cells";
                let derived = DERIVED.contains(&k.as_str()) && !data && !cell_count;
                let section2_count = k == "count_b" && parent == "section2";
                if (derived && x.is_number()) || section2_count {
                    *x = Value::from(0);
                } else if k == "count" && parent == "cells" {
                    // Whether a cell has a list is the editor's; how long it is, the layout's.
                    *x = Value::from(x.as_u64().unwrap().min(1));
                } else if k == "face_offsets" {
                    for o in x.as_array_mut().unwrap() {
                        let raw = o.as_u64().unwrap();
                        *o = Value::from(raw & !0x7ffff);
                    }
                } else {
                    let p = if k == "nodes" { parent } else { k.as_str() };
                    scrub(x, p);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| scrub(x, parent)),
        _ => {}
    }
}

#[test]
fn layout_recomputes_every_scrubbed_offset_size_and_count() {
    let Some(files) = corpus() else { return };
    for (name, data, doc) in files {
        let style = LayoutStyle::of(&doc);
        let mut json = serde_json::to_value(&doc).unwrap();
        scrub(&mut json, "");
        let mut scrubbed: Nav2Document = serde_json::from_value(json).unwrap();
        assert_ne!(scrubbed, doc, "{name}: the scrub changed nothing");
        scrubbed.relayout_as(&style).unwrap();
        common::assert_same(&scrubbed, &doc, &name);
        assert_eq!(scrubbed.write().unwrap(), data, "{name}");
    }
}

#[test]
fn adding_a_segment_to_every_corpus_group_reads_back_and_removing_it_restores_the_file() {
    let Some(files) = corpus() else { return };
    for (name, data, doc) in files {
        for g in editable_groups(&doc) {
            let before = decoded(&doc, g);
            let mut edited = doc.clone();
            let at = before_centre(&doc, g);
            let si = add_segment(&mut edited, g, 3, at, 7);
            let (edited, bytes) = laid_out(&edited);
            check_layout(&edited, &bytes);
            same_warnings(&doc, &edited);
            assert!(bytes.len() > data.len(), "{name} group {g}: the file grew");

            // The decoded group is the old one plus a fan of three faces in the new segment.
            let after = decoded(&edited, g);
            assert_eq!(
                after.faces.len(),
                before.faces.len() + 3,
                "{name} group {g}"
            );
            assert_eq!(after.segments.len(), before.segments.len() + 1);
            assert_eq!(
                after.faces[..before.faces.len()],
                before.faces[..],
                "{name} group {g}"
            );
            assert_eq!(after.vertices[..before.vertices.len()], before.vertices[..]);
            let f0 = before.faces.len() as u32;
            let new = &after.faces[before.faces.len()..];
            assert!(new.iter().all(|f| f.segment == si as u32));
            assert_eq!(
                new[0].adjacent,
                [Adjacent::None, Adjacent::None, Adjacent::Face(f0 + 1)]
            );
            assert_eq!(
                new[1].adjacent,
                [Adjacent::Face(f0), Adjacent::None, Adjacent::Face(f0 + 2)]
            );
            assert_eq!(
                edited.dequantize(at),
                after.vertices[new[0].vertices[0] as usize]
            );

            let mut back = edited.clone();
            remove_last_segment(&mut back, g);
            let (back, restored) = laid_out(&back);
            common::assert_same(&back, &doc, &format!("{name} group {g}: add then remove"));
            assert!(
                restored == data,
                "{name} group {g}: add then remove gives the file back"
            );
        }
    }
}

/// A quantised point inside group `g`'s bounds (its first segment's lower corner).
fn before_centre(doc: &Nav2Document, g: u8) -> [u16; 3] {
    let mut d = doc.clone();
    let grp = common::edit::group(&mut d, g);
    grp.segs.bounds.first().map_or([1000; 3], |b| b[0])
}

#[test]
fn removing_faces_and_vertices_from_every_corpus_group_reads_back_as_the_smaller_mesh() {
    let Some(files) = corpus() else { return };
    let mut removed_vertices = 0;
    for (name, data, doc) in files {
        for g in editable_groups(&doc) {
            let before = decoded(&doc, g);
            let mut edited = doc.clone();
            let Some(f) = remove_last_face(&mut edited, g) else {
                continue;
            };
            let (edited, bytes) = laid_out(&edited);
            check_layout(&edited, &bytes);
            same_warnings(&doc, &edited);
            assert!(bytes.len() <= data.len(), "{name} group {g}");
            let after = decoded(&edited, g);
            assert_eq!(after.faces.len(), f, "{name} group {g}");
            removed_vertices += before.vertices.len() - after.vertices.len();
            assert_eq!(after.vertices[..], before.vertices[..after.vertices.len()]);
            for (i, (a, b)) in after.faces.iter().zip(&before.faces).enumerate() {
                let expect: Vec<Adjacent> = b
                    .adjacent
                    .iter()
                    .map(|&x| {
                        if x == Adjacent::Face(f as u32) {
                            Adjacent::None
                        } else {
                            x
                        }
                    })
                    .collect();
                assert_eq!(a.adjacent, expect, "{name} group {g} face {i}");
                assert_eq!(a.vertices, b.vertices);
            }
            for other in editable_groups(&doc).into_iter().filter(|&o| o != g) {
                assert_eq!(decoded(&edited, other), decoded(&doc, other));
            }
        }
    }
    assert!(removed_vertices > 0, "some removal took a vertex with it");
}

#[derive(Debug, Clone)]
enum Op {
    Add { faces: usize, cell: usize },
    RemoveFace,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (1usize..6, 0usize..2000).prop_map(|(faces, cell)| Op::Add { faces, cell }),
        1 => Just(Op::RemoveFace),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random adds and removals on random corpus files and groups: after each, the laid-out
    /// file keeps every rule; undoing the adds (when no face was removed) gives the file back.
    #[test]
    fn random_edits_keep_every_rule(file in 0usize..10, pick in 0usize..8, ops in prop::collection::vec(op(), 1..6)) {
        let Some(files) = corpus() else { return Ok(()) };
        let (name, data, doc) = &files[file];
        let groups = editable_groups(doc);
        prop_assume!(!groups.is_empty());
        let g = groups[pick % groups.len()];
        let mut edited = doc.clone();
        let mut added = 0;
        let mut removed = false;
        for op in &ops {
            match *op {
                Op::Add { faces, cell } => {
                    let at = before_centre(doc, g);
                    add_segment(&mut edited, g, faces, at, cell);
                    added += 1;
                }
                Op::RemoveFace => removed |= remove_last_face(&mut edited, g).is_some(),
            }
            let (laid, bytes) = laid_out(&edited);
            check_layout(&laid, &bytes);
            same_warnings(doc, &laid);
            edited = laid;
        }
        if !removed {
            for _ in 0..added {
                remove_last_segment(&mut edited, g);
            }
            let (_, restored) = laid_out(&edited);
            prop_assert!(&restored == data, "{}: undoing the adds gives the file back", name);
        }
    }
}

#[test]
fn writer_styles_are_read_off_the_files() {
    let Some(files) = corpus() else { return };
    for (name, _, doc) in files {
        let style = LayoutStyle::of(&doc);
        // Three files were written by Obj2Nav2 (one of them ships in a mod as tpp_unsa_nav01).
        let obj2nav2 = doc.variant() == "Obj2Nav2 writer";
        assert_eq!(style.pad_face_table, obj2nav2, "{name}");
        assert_eq!(style.pad_cell_table, obj2nav2, "{name}");
        assert_eq!(style.manifest_size_without_count, obj2nav2, "{name}");
        let old = name == "obj2nav2_old.nav2";
        assert_eq!(style.zero_entry_sizes, old, "{name}");
        assert_eq!(style.short_tail, old, "{name}");
        if !obj2nav2 {
            assert_eq!(style, LayoutStyle::GAME, "{name}");
        }
    }
}

#[test]
fn layout_refuses_what_it_cannot_place_naming_the_field() {
    let v = [
        [0.0, 0.0, 0.0],
        [8.0, 0.0, 0.0],
        [8.0, 0.0, 8.0],
        [0.0, 0.0, 8.0],
    ];
    let doc = navforge_mgsv::from_triangles(&v, &[[0, 1, 2], [0, 2, 3]]).unwrap();
    let refused = |edit: &dyn Fn(&mut Nav2Document), field: &str| {
        let mut d = doc.clone();
        edit(&mut d);
        let e = d.relayout().unwrap_err();
        assert!(e.field.contains(field), "{field}: {e}");
    };
    refused(
        &|d| common::edit::group(d, 4).world.nodes.truncate(1),
        "nodes",
    );
    refused(
        &|d| common::edit::group(d, 4).world.nodes[0].count_b = 4,
        "node #0 > b",
    );
    refused(
        &|d| common::edit::group(d, 4).world.adjacency[0].a = vec![[0, 0]; 256],
        "node #0 > a",
    );
    refused(
        &|d| common::edit::group(d, 4).chunk.faces[0].adjacent.push(-1),
        "face #0",
    );
    refused(
        &|d| common::edit::group(d, 4).chunk.faces[0].adjacent[0] = 0x4001,
        "face #0 > links",
    );
    refused(
        &|d| common::edit::group(d, 4).segs.bounds.truncate(0),
        "bounds",
    );
    refused(
        &|d| d.section2[0].ss5_block.0.pop().map(drop).unwrap(),
        "ss5_block",
    );
    refused(&|d| d.nav_system.as_mut().unwrap().cells.clear(), "cells_x");
    refused(
        &|d| d.entries[0].body = navforge_mgsv::EntryBody::Unknown,
        "entry #0 > body",
    );
    refused(
        &|d| {
            d.gaps.push(navforge_mgsv::Gap {
                offset: 3,
                bytes: navforge_core::HexBytes(vec![1]),
            })
        },
        "gaps",
    );
    refused(&|d| d.header.section3_offset = 64, "section3_offset");
}
