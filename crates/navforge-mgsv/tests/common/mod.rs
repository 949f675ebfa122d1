//! The structural rules every laid-out `.nav2` keeps (formats.md §4.8 and what the reader relies
//! on), shared by the build and re-layout tests, and the edits the re-layout tests make.

#![allow(dead_code)]

pub mod edit;

use navforge_core::NavDocument;
use navforge_mgsv::{LayoutStyle, Nav2Document};
use std::collections::HashSet;

/// Checks `bytes` (written from `doc`) against formats.md §4.8 and the reader: it reads back to
/// the same document, every non-zero byte belongs to a structure, the entries, Section2 and the
/// NavSystem follow each other, the manifest points at the entries and the counts agree.
pub fn check_layout(doc: &Nav2Document, bytes: &[u8]) {
    let back = Nav2Document::read(bytes).unwrap();
    assert_same(&back, doc, "reads back to the same document");
    assert!(
        back.gaps.is_empty(),
        "every non-zero byte belongs to a structure"
    );
    assert_eq!(back.write().unwrap(), bytes);
    let h = &doc.header;
    let style = LayoutStyle::of(doc);
    assert_eq!(doc.file_len, bytes.len() as u64);
    if !style.short_tail {
        assert_eq!(h.file_size as usize, bytes.len(), "fileSize = file length");
    }
    assert_eq!(h.manifest_offset, 96);
    assert_eq!(h.end_of_header % 16, 0);
    assert_eq!(
        doc.manifest.entries.len(),
        doc.manifest.group_count as usize * 3,
        "groupCount × 3 = manifest entries"
    );
    assert_eq!(
        h.entry_count as usize,
        doc.entries.len(),
        "entryCount = entries chained"
    );
    // Chain: contiguous and 16-aligned; Section2 follows, then the NavSystem.
    let positions = doc.entry_positions();
    let mut expect = h.end_of_header as u64;
    for (pos, e) in &positions {
        assert_eq!(*pos, expect);
        assert_eq!(pos % 16, 0);
        assert_eq!(e.payload, 16);
        expect += e.next as u64;
    }
    if !doc.section2.is_empty() {
        assert_eq!(
            h.section2_offset as u64, expect,
            "Section2 follows the entries"
        );
        expect += doc.section2.iter().map(|e| e.next as u64).sum::<u64>();
    }
    if doc.nav_system.is_some() {
        assert_eq!(h.nav_system_offset as u64, expect, "the NavSystem follows");
    }
    // Manifest entries point at the payloads of their entries, with their sizes.
    for m in &doc.manifest.entries {
        let (_, e) = positions
            .iter()
            .find(|(p, _)| p + 16 == m.payload_offset as u64)
            .expect("a manifest entry points at an entry");
        assert_eq!(e.entry_type, m.entry_type as u16);
        assert_eq!(e.group_id, m.group_id);
        if !style.zero_entry_sizes {
            assert_eq!(e.next, m.entry_size);
        }
    }
    let groups: HashSet<u8> = doc.entries.iter().map(|e| e.group_id).collect();
    for g in groups {
        let entries = doc.group(g);
        let (Some(w), Some(s)) = (entries.nav_world, entries.segments) else {
            continue;
        };
        assert_eq!(
            w.segment_count as u32, s.entry_count,
            "NavWorld ss5Count = SegmentChunk entryCount"
        );
        if let Some(sg) = entries.graph {
            assert!(
                sg.node_count <= s.entry_count,
                "SegmentGraph entryCount ≤ segments"
            );
            let shared: usize = sg
                .adjacency
                .iter()
                .flat_map(|a| {
                    let e = a.edges.iter().map(|e| e.shared.len());
                    let g = a.group_edges.iter().map(|e| e.shared.len());
                    let m = a.mesh_edges.iter().map(|e| e.shared.len());
                    e.chain(g).chain(m)
                })
                .map(|n| n.max(1))
                .sum();
            assert_eq!(sg.total_edges as usize, shared, "totalEdges");
        }
        assert_eq!(w.ss1, 48);
        for off in [w.ss2, w.ss3, w.ss4, w.ss5, w.ss6, s.ss2] {
            assert_eq!(
                off % 16,
                0,
                "NavWorld and SegmentChunk sub-sections 16-aligned"
            );
        }
    }
}

/// Asserts two documents are equal, naming the first field that differs (a whole document is
/// too long to print).
pub fn assert_same(a: &Nav2Document, b: &Nav2Document, what: &str) {
    if a != b {
        let (x, y) = (
            serde_json::to_value(a).unwrap(),
            serde_json::to_value(b).unwrap(),
        );
        panic!(
            "{what}: {}",
            first_difference(&x, &y, String::new()).unwrap_or_default()
        );
    }
}

fn first_difference(a: &serde_json::Value, b: &serde_json::Value, at: String) -> Option<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .find_map(|(k, v)| first_difference(v, &y[k], format!("{at}/{k}"))),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(v, w, format!("{at}/{i}"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {} vs {}", short(a), short(b))),
    }
}

fn short(v: &serde_json::Value) -> String {
    let s = v.to_string();
    if s.len() > 120 {
        format!("{}…", &s[..120])
    } else {
        s
    }
}
