//! Real files: byte-for-byte round trips, the v18 layout, NAV3, summaries, the model and graph.

use navforge_core::testing::corpus_files;
use navforge_core::{ErrorKind, NavDocument, model::ConnectionKind};
use navforge_quake::{
    EdictTarget, LinkType, NavJson, Quake2NavDocument, QuakeNavDocument, sniff, sniff_quake2,
};
use std::collections::BTreeMap;
use std::path::Path;

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_nav2_file_round_trips_directly_and_through_json() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let mut versions: BTreeMap<u32, usize> = BTreeMap::new();
    for path in &files {
        let data = read(path);
        assert!(sniff(&data), "{}", name(path));
        assert!(!sniff_quake2(&data), "{}", name(path));
        let doc = QuakeNavDocument::read(&data).unwrap_or_else(|e| panic!("{}: {e}", name(path)));
        *versions.entry(doc.version).or_default() += 1;
        assert_eq!(doc.write().unwrap(), data, "{}: direct write", name(path));
        assert!(
            doc.trailing.is_empty(),
            "{}: real files end after the edicts",
            name(path)
        );

        let json = serde_json::to_string(&doc).unwrap();
        assert!(
            json.starts_with(r#"{"format":"quake-nav","version":"#),
            "{}",
            name(path)
        );
        let back: QuakeNavDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(back, doc, "{}", name(path));
        assert_eq!(back.write().unwrap(), data, "{}: through JSON", name(path));
    }
    // The corpus holds v15, v17 and v18 files (MANIFEST: 12 + 17 + 14).
    assert_eq!(versions.get(&15), Some(&12), "{versions:?}");
    assert_eq!(versions.get(&17), Some(&17), "{versions:?}");
    assert_eq!(versions.get(&18), Some(&14), "{versions:?}");
}

/// The evidence that fixes the v18 layout: same record sizes as v17 (the reader consumes every
/// byte with nothing left), the low byte of each link type word is a v17-style type, and the
/// high byte is the team mask, 0xFF in every link; before v18 the high byte is always 0.
#[test]
fn v18_link_type_high_byte_is_the_team_mask() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let mut v18_links = 0usize;
    let mut v18_edicts_on_movers = 0usize;
    for path in &files {
        let doc = QuakeNavDocument::read(&read(path)).unwrap();
        let expected_size = if doc.version >= 16 { 24 } else { 20 }
            + 20 * doc.nodes.len()
            + 6 * doc.links.len()
            + 36 * doc.traversals.len()
            + 4
            + 30 * doc.edicts.len();
        assert_eq!(read(path).len(), expected_size, "{}", name(path));
        for l in &doc.links {
            assert!(l.kind <= 9, "{}: type {}", name(path), l.kind);
            if doc.version >= 18 {
                assert_eq!(l.team_mask, 0xFF, "{}", name(path));
                v18_links += 1;
            } else {
                assert_eq!(l.team_mask, 0, "{}", name(path));
            }
        }
        if doc.version >= 18 {
            assert_eq!(doc.heuristic.map(|h| h.get()), Some(0.8), "{}", name(path));
            v18_edicts_on_movers += doc
                .edicts
                .iter()
                .filter(|e| {
                    matches!(
                        doc.links[e.link as usize].link_type(),
                        LinkType::Elevator | LinkType::Train
                    )
                })
                .count();
            let s = doc.summary();
            assert_eq!(s.details["team_masks"]["0xff"], doc.links.len());
            let m = doc.to_model();
            assert!(m.links.iter().all(|l| l.team_mask == Some(0xFF)));
        }
    }
    assert_eq!(v18_links, 10_509);
    assert!(v18_edicts_on_movers > 20, "{v18_edicts_on_movers}");
}

#[test]
fn summary_counts_types_and_warnings() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    for path in &files {
        let data = read(path);
        let doc = QuakeNavDocument::read(&data).unwrap();
        let s = doc.summary();
        assert_eq!(s.format, navforge_core::Format::QuakeNav);
        let header = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as u64;
        assert_eq!(s.counts.extra["nodes"], header(8));
        assert_eq!(s.counts.extra["links"], header(12));
        assert_eq!(s.counts.extra["traversals"], header(16));
        assert_eq!(s.counts.extra["edicts"], doc.edicts.len() as u64);
        assert_eq!(s.counts.connections, header(12));
        assert_eq!(s.counts.areas, 0);
        let per_type: u64 = s.details["link_types"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(per_type, header(12), "{}", name(path));
        // Game-written files are internally consistent: no index warnings.
        for w in &s.warnings {
            assert!(
                w.contains("unreachable") || w.contains("one-way"),
                "{}: unexpected warning {w}",
                name(path)
            );
        }
        assert!(s.bounds.is_some());
    }
}

#[test]
fn summary_names_unreachable_nodes_and_one_way_links_in_dm7() {
    let Some(files) = corpus_files("quake-nav", "v15_dm7.nav") else {
        return;
    };
    let doc = QuakeNavDocument::read(&read(&files[0])).unwrap();
    let s = doc.summary();
    // Worked out independently (a short script over the raw bytes): 1 node no other node links
    // to, and 85 links with no link back: 65 walk off ledge, 12 walk, 3 long jump,
    // 3 teleport, 2 elevator.
    assert_eq!(s.details["unreachable_nodes"], 1);
    let ow = &s.details["one_way_links"];
    assert_eq!(ow["walk off ledge"], 65);
    assert_eq!(ow["walk"], 12);
    assert_eq!(ow["teleport"], 3);
    assert_eq!(ow["long jump"], 3);
    assert_eq!(ow["elevator"], 2);
    assert!(
        s.warnings
            .iter()
            .any(|w| w.starts_with("1 unreachable nodes"))
    );
    assert!(s.warnings.iter().any(|w| w.starts_with("85 one-way links")));
    assert_eq!(s.details["link_types"]["walk"], 699);
    assert_eq!(s.details["link_types"]["manual jump"], 1);
}

#[test]
fn summary_reports_out_of_range_indices() {
    let Some(files) = corpus_files("quake-nav", "v15_dm7.nav") else {
        return;
    };
    let mut doc = QuakeNavDocument::read(&read(&files[0])).unwrap();
    let t = doc.traversals.len() as u16;
    doc.links[0].traversal = t + 3;
    doc.links[1].target = 60_000;
    doc.edicts[0].link = 9_999;
    let last = doc.nodes.len() - 1;
    doc.nodes[last].link_count = 200;
    let w = doc.summary().warnings.join("\n");
    assert!(
        w.contains("1 links have a traversal index out of range"),
        "{w}"
    );
    assert!(w.contains("link 0 -> traversal"), "{w}");
    assert!(
        w.contains("1 links point to a node that does not exist"),
        "{w}"
    );
    assert!(w.contains("1 edicts have a link index out of range"), "{w}");
    assert!(w.contains("edict 0 -> link 9999"), "{w}");
    assert!(w.contains("link range outside the link table"), "{w}");
    assert!(w.contains("more than 12 links"), "{w}");
    // The lossless document still writes what it holds.
    let again = QuakeNavDocument::read(&doc.write().unwrap()).unwrap();
    assert_eq!(again, doc);
}

#[test]
fn model_and_graph_expose_flags_types_traversals_and_edicts() {
    let Some(files) = corpus_files("quake-nav", "v15_dm7.nav") else {
        return;
    };
    let doc = QuakeNavDocument::read(&read(&files[0])).unwrap();
    let model = doc.to_model();
    assert_eq!(model.format, Some(navforge_core::Format::QuakeNav));
    assert_eq!(model.nodes.len(), 282);
    assert_eq!(model.links.len(), 783);
    assert!(model.nodes.iter().all(|n| n.radius.is_some()));
    assert_eq!(
        model
            .nodes
            .iter()
            .filter(|n| n.flags.iter().any(|f| f == "teleporter"))
            .count(),
        3
    );
    assert_eq!(
        model
            .links
            .iter()
            .filter(|l| l.kind == ConnectionKind::Drop)
            .count(),
        68
    );
    assert!(model.links.iter().all(|l| l.team_mask.is_none()));

    let g = doc.graph();
    assert_eq!(g.nodes.len(), 282);
    assert_eq!(g.links().count(), 783);
    // Edict 0 is on link 5 with id -37: entity index 36.
    let l5 = g.links().find(|l| l.index == 5).unwrap();
    assert_eq!(l5.link_type, LinkType::Elevator);
    assert_eq!(l5.edicts.len(), 1);
    assert_eq!(l5.edicts[0].entity_id, Some(-37));
    assert_eq!(l5.edicts[0].entity_index, Some(36));
    // Every link with a traversal index exposes the three points of that traversal.
    let with_traversal: Vec<_> = g.links().filter(|l| l.traversal.is_some()).collect();
    assert_eq!(with_traversal.len(), 78);
    for l in with_traversal {
        let t = l.traversal.unwrap();
        let raw = &doc.traversals[t.index];
        assert_eq!(t.jump_end, raw.jump_end.map(|c| c.get()));
        assert_eq!(t.node_exit, raw.node_exit.map(|c| c.get()));
    }
    // from/to agree with the node's range.
    for n in &g.nodes {
        for l in &n.links {
            assert_eq!(l.from, n.index);
            assert_eq!(l.to, doc.links[l.index].target as usize);
        }
    }
}

#[test]
fn nav3_files_are_detected_refused_by_nav2_and_round_trip_as_quake2() {
    let Some(files) = corpus_files("quake2-nav", ".nav") else {
        return;
    };
    for path in &files {
        let data = read(path);
        assert!(sniff_quake2(&data) && !sniff(&data), "{}", name(path));
        let err = QuakeNavDocument::read(&data).unwrap_err();
        assert_eq!(err.offset, 0);
        assert!(
            err.to_string()
                .contains("Quake II re-release bot navigation file (NAV3)"),
            "{err}"
        );

        let doc = Quake2NavDocument::read(&data).unwrap_or_else(|e| panic!("{}: {e}", name(path)));
        assert_eq!(doc.version, 6);
        assert!(doc.trailing.is_empty());
        assert_eq!(doc.write().unwrap(), data, "{}", name(path));
        let json = serde_json::to_string(&doc).unwrap();
        assert!(json.starts_with(r#"{"format":"quake2-nav""#));
        let back: Quake2NavDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(back.write().unwrap(), data, "{}: through JSON", name(path));
        // Lossless JSON of one family is refused by the other.
        assert!(serde_json::from_str::<QuakeNavDocument>(&json).is_err());

        // v4+ traversals carry the ladder plane; every index in a game-written file is valid.
        assert!(doc.traversals.iter().all(|t| t.ladder_plane.is_some()));
        let s = doc.summary();
        assert_eq!(s.format, navforge_core::Format::Quake2Nav);
        assert_eq!(s.counts.extra["nodes"], doc.nodes.len() as u64);
        for w in &s.warnings {
            assert!(w.contains("unreachable") || w.contains("one-way"), "{w}");
        }
        let m = doc.to_model();
        assert_eq!(m.nodes.len(), doc.nodes.len());
        assert_eq!(m.links.len(), doc.links.len(), "{}", name(path));
    }
}

#[test]
fn nav2_files_are_not_quake2() {
    let Some(files) = corpus_files("quake-nav", "v15_end.nav") else {
        return;
    };
    let err = Quake2NavDocument::read(&read(&files[0])).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadMagic { .. }), "{err}");
}

/// The graph without file-order indices: what `.navjson` keeps.
fn shape(g: &navforge_quake::QuakeGraph) -> Vec<String> {
    let mut out = Vec::new();
    for n in &g.nodes {
        out.push(format!(
            "node {} {:?} {:?} {}",
            n.index, n.origin, n.flags, n.radius
        ));
        for l in &n.links {
            let t = l.traversal.map(|t| (t.node_exit, t.jump_start, t.jump_end));
            let e: Vec<_> = l
                .edicts
                .iter()
                .map(|e| (e.mins, e.maxs, e.entity_id, e.targetname, e.classname))
                .collect();
            out.push(format!(
                "  {} -> {} {:?} {:?} {t:?} {e:?}",
                l.from, l.to, l.link_type, l.team_mask
            ));
        }
    }
    out
}

/// Every game file survives `.nav -> .navjson -> .nav` with the same graph, and exactly those
/// whose traversals are stored in link order (as nav2json writes them) rebuild byte-identically.
#[test]
fn corpus_nav_survives_navjson_and_back() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let mut identical = 0;
    for path in &files {
        let data = read(path);
        let doc = QuakeNavDocument::read(&data).unwrap();
        let json = NavJson::from_document(&doc).unwrap();
        let text = json.to_text().unwrap();
        let parsed = NavJson::parse(&text).unwrap();
        assert_eq!(parsed, json, "{}", name(path));
        let mut rebuilt = parsed.to_document(doc.version).unwrap();
        rebuilt.heuristic = doc.heuristic;
        let (a, b) = (shape(&rebuilt.graph()), shape(&doc.graph()));
        assert_eq!(a.len(), b.len(), "{}", name(path));
        if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
            panic!("{}: first difference\n{}\n{}", name(path), a[i], b[i]);
        }
        // nav2json numbers traversals in link order; where the game did too, the bytes match.
        let in_link_order = doc
            .links
            .iter()
            .filter(|l| l.has_traversal())
            .map(|l| l.traversal as usize)
            .eq(0..doc.traversals.len());
        let same = rebuilt.write().unwrap() == data;
        assert_eq!(same, in_link_order, "{}", name(path));
        identical += same as usize;
    }
    // 16 game files (v15 and v17) store traversals out of link order; all v18 files are in order.
    assert_eq!(identical, 27);
}

#[test]
fn edict_target_matches_version() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    for path in &files {
        let doc = QuakeNavDocument::read(&read(path)).unwrap();
        for e in &doc.edicts {
            assert!(matches!(e.target, EdictTarget::EntityId(id) if id < 0));
            assert!(e.entity_index().unwrap() >= 0);
        }
    }
}
