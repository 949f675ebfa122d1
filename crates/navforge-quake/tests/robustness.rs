//! Hostile input: deterministic mutants of every corpus file, truncations, and synthetic
//! documents for the versions no real file exists for (v14, v16, NAV3 v1-5).

use navforge_core::testing::{Rng, corpus_files, mutate};
use navforge_core::{ErrorKind, F32, HexBytes, NavDocument};
use navforge_quake::{
    Edict, EdictTarget, Link, Node, Quake2NavDocument, QuakeNavDocument, Traversal, from_navjson,
    to_navjson,
};

const VARIANTS: usize = 12_000;

/// Exercise everything a caller may do with an accepted document; nothing may panic, and an
/// accepted input must write back to the same bytes.
fn exercise(data: &[u8]) -> bool {
    let a = QuakeNavDocument::read(data).map(|doc| {
        assert_eq!(
            doc.write().unwrap(),
            data,
            "accepted NAV2 mutant must write back"
        );
        let _ = doc.summary();
        let _ = doc.to_model();
        let _ = doc.graph();
        let _ = to_navjson(&doc);
    });
    let b = Quake2NavDocument::read(data).map(|doc| {
        assert_eq!(
            doc.write().unwrap(),
            data,
            "accepted NAV3 mutant must write back"
        );
        let _ = doc.summary();
        let _ = doc.to_model();
    });
    a.is_ok() || b.is_ok()
}

#[test]
fn mutants_never_panic_and_accepted_ones_round_trip() {
    let mut inputs = Vec::new();
    if let Some(f) = corpus_files("quake-nav", ".nav") {
        inputs.extend(f);
    }
    if let Some(f) = corpus_files("quake2-nav", ".nav") {
        inputs.extend(f);
    }
    if inputs.is_empty() {
        return;
    }
    let data: Vec<Vec<u8>> = inputs.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let mut rng = Rng::new(0x5eed_0003);
    let mut accepted = 0;
    let mut truncations = 0;
    for i in 0..VARIANTS {
        let original = &data[i % data.len()];
        let mutant = mutate(original, &mut rng);
        let ok = exercise(&mutant);
        if mutant.len() < original.len() && original.starts_with(&mutant) {
            // A pure truncation: real files have no trailing bytes, so every prefix is an error.
            assert!(
                !ok,
                "variant {i}: a truncation to {} bytes was accepted",
                mutant.len()
            );
            truncations += 1;
        }
        accepted += ok as usize;
    }
    assert!(truncations > 500, "{truncations}");
    // Flipped coordinates keep a file valid, so some mutants must be accepted, but most break.
    assert!(accepted > 100 && accepted < VARIANTS, "{accepted}");
}

#[test]
fn every_truncation_is_an_error_with_an_offset() {
    let mut files = Vec::new();
    if let Some(f) = corpus_files("quake-nav", ".nav") {
        files.extend(f.into_iter().filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n == "v15_end.nav" || n == "v17_hipnotic_dm1.nav" || n == "v18_hipnotic_dm6.nav"
        }));
    }
    let q2 = corpus_files("quake2-nav", "q2rr_lab_e3.nav").unwrap_or_default();
    if files.is_empty() && q2.is_empty() {
        return;
    }
    for path in &files {
        let data = std::fs::read(path).unwrap();
        for len in 0..data.len() {
            let err = QuakeNavDocument::read(&data[..len]).unwrap_err();
            assert!(err.offset <= len as u64, "{}: {err}", path.display());
            assert!(
                matches!(
                    err.kind,
                    ErrorKind::UnexpectedEof { .. } | ErrorKind::CountTooLarge { .. }
                ),
                "{len}: {err}"
            );
        }
    }
    for path in &q2 {
        let data = std::fs::read(path).unwrap();
        for len in 0..data.len() {
            assert!(Quake2NavDocument::read(&data[..len]).is_err(), "{len}");
        }
    }
}

#[test]
fn huge_counts_are_refused_before_allocating() {
    let mut data = b"NAV2".to_vec();
    data.extend_from_slice(&17u32.to_le_bytes());
    for _ in 0..3 {
        data.extend_from_slice(&u32::MAX.to_le_bytes());
    }
    data.extend_from_slice(&0.8f32.to_le_bytes());
    let err = QuakeNavDocument::read(&data).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::CountTooLarge { .. }), "{err}");
    assert_eq!(err.offset, 24);
    assert_eq!(err.field, "nodes");

    let mut q2 = b"NAV3".to_vec();
    q2.extend_from_slice(&6u32.to_le_bytes());
    q2.extend_from_slice(&(-5i32).to_le_bytes());
    q2.extend_from_slice(&[0; 12]);
    let err = Quake2NavDocument::read(&q2).unwrap_err();
    assert!(err.to_string().contains("negative count -5"), "{err}");
    assert_eq!(err.offset, 8);
}

#[test]
fn unknown_versions_and_magic_are_named() {
    let mut data = b"NAV2".to_vec();
    data.extend_from_slice(&19u32.to_le_bytes());
    data.extend_from_slice(&[0; 16]);
    let err = QuakeNavDocument::read(&data).unwrap_err();
    assert_eq!(err.kind, ErrorKind::UnsupportedVersion(19));
    assert_eq!(err.offset, 4);
    data[4] = 13;
    assert_eq!(
        QuakeNavDocument::read(&data).unwrap_err().kind,
        ErrorKind::UnsupportedVersion(13)
    );
    let err = QuakeNavDocument::read(b"FEEDFACE").unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadMagic { .. }), "{err}");
}

#[test]
fn navjson_mutants_never_panic() {
    let Some(files) = corpus_files("quake-navjson", ".navjson") else {
        return;
    };
    // The smallest sample, so the test stays quick.
    let text = files
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .min_by_key(|d| d.len())
        .unwrap();
    let mut rng = Rng::new(42);
    let mut errors = 0;
    for _ in 0..2_000 {
        let mutant = mutate(&text, &mut rng);
        if let Ok(s) = std::str::from_utf8(&mutant) {
            match from_navjson(s) {
                Ok(doc) => {
                    let bytes = doc.write().unwrap();
                    assert_eq!(QuakeNavDocument::read(&bytes).unwrap(), doc);
                }
                Err(_) => errors += 1,
            }
        }
    }
    assert!(errors > 500, "{errors}");
}

fn v3(x: f32, y: f32, z: f32) -> [F32; 3] {
    [F32::new(x), F32::new(y), F32::new(z)]
}

/// A small graph of any version, with NaN payloads and -0 to prove bit-exactness.
fn synthetic(version: u32) -> QuakeNavDocument {
    let mut doc = QuakeNavDocument::new(version);
    doc.nodes = vec![
        Node {
            flags: 0x0101,
            link_count: 1,
            first_link: 0,
            radius: 32,
            origin: [F32::from_bits(0x7fc0_1234), F32::new(-0.0), F32::new(1.5)],
        },
        Node {
            flags: 0,
            link_count: 1,
            first_link: 1,
            radius: 8,
            origin: v3(64.0, 0.0, 0.0),
        },
    ];
    doc.links = vec![
        Link {
            target: 1,
            kind: 3,
            team_mask: if version >= 18 { 0x01 } else { 0 },
            traversal: 0,
        },
        Link {
            target: 0,
            kind: 6,
            team_mask: if version >= 18 { 0xFF } else { 0 },
            traversal: 0xFFFF,
        },
    ];
    doc.traversals = vec![Traversal {
        node_exit: v3(1.0, 2.0, 3.0),
        jump_start: v3(4.0, 5.0, 6.0),
        jump_end: v3(7.0, 8.0, 9.0),
    }];
    doc.edicts = vec![Edict {
        link: 1,
        mins: v3(-1.0, -1.0, -1.0),
        maxs: v3(1.0, 1.0, 1.0),
        target: if version <= 14 {
            EdictTarget::Names {
                targetname: 7,
                classname: 9,
            }
        } else {
            EdictTarget::EntityId(-17)
        },
    }];
    doc.trailing = HexBytes(vec![0xde, 0xad]);
    doc
}

#[test]
fn every_version_writes_and_reads_back_including_v14_and_v16() {
    for version in 14..=18 {
        let doc = synthetic(version);
        let bytes = doc.write().unwrap();
        let header = if version >= 16 { 24 } else { 20 };
        let edict = if version == 14 { 34 } else { 30 };
        assert_eq!(
            bytes.len(),
            header + 40 + 12 + 36 + 4 + edict + 2,
            "v{version}"
        );
        let back = QuakeNavDocument::read(&bytes).unwrap();
        assert_eq!(back, doc, "v{version}");
        let json = serde_json::to_string(&back).unwrap();
        let again: QuakeNavDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(again.write().unwrap(), bytes, "v{version} via JSON");
        let g = back.graph();
        let e = &g.nodes[1].links[0].edicts[0];
        if version == 14 {
            assert_eq!(
                (e.targetname, e.classname, e.entity_index),
                (Some(7), Some(9), None)
            );
        } else {
            assert_eq!((e.entity_id, e.entity_index), (Some(-17), Some(16)));
        }
        assert_eq!(g.nodes[0].flags.names(), ["teleporter", "no-monsters"]);
        let s = back.summary();
        assert!(
            s.warnings
                .iter()
                .any(|w| w.contains("2 bytes after the edicts"))
        );
        if version == 16 {
            assert!(s.variant.unwrap().contains("v16"));
        }
    }
}

#[test]
fn write_refuses_inconsistent_documents() {
    let mut doc = synthetic(15);
    doc.heuristic = Some(F32::new(1.0));
    assert!(
        doc.write()
            .unwrap_err()
            .to_string()
            .contains("no heuristic")
    );
    let mut doc = synthetic(17);
    doc.heuristic = None;
    assert!(
        doc.write()
            .unwrap_err()
            .to_string()
            .contains("need a heuristic")
    );
    let mut doc = synthetic(15);
    doc.edicts[0].target = EdictTarget::Names {
        targetname: 0,
        classname: 0,
    };
    assert!(doc.write().unwrap_err().to_string().contains("entity id"));
    let mut doc = synthetic(14);
    doc.edicts[0].target = EdictTarget::EntityId(-1);
    assert!(doc.write().unwrap_err().to_string().contains("targetname"));
    let mut doc = synthetic(15);
    doc.version = 20;
    assert_eq!(
        doc.write().unwrap_err().kind,
        ErrorKind::UnsupportedVersion(20)
    );
    // Lossless JSON of the wrong family or a mistyped float is refused with a message.
    let json = serde_json::to_string(&synthetic(17)).unwrap();
    let wrong = json.replacen("quake-nav", "source-nav", 1);
    let err = serde_json::from_str::<QuakeNavDocument>(&wrong).unwrap_err();
    assert!(err.to_string().contains("not `quake-nav`"), "{err}");
}

#[test]
fn nav3_earlier_versions_change_record_sizes() {
    let Some(files) = corpus_files("quake2-nav", "q2rr_q2dm1.nav") else {
        return;
    };
    let doc = Quake2NavDocument::read(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert!(!doc.edicts.is_empty() && !doc.traversals.is_empty());
    // v1 (no edict model, no ladder plane), v3 (model, no ladder plane), v5 (both).
    for (version, trav, edict) in [(1u32, 36usize, 26usize), (3, 36, 30), (5, 48, 30)] {
        let mut d = doc.clone();
        d.version = version;
        for t in &mut d.traversals {
            t.ladder_plane = t.ladder_plane.filter(|_| version >= 4);
        }
        for e in &mut d.edicts {
            e.model = e.model.filter(|_| version >= 2);
        }
        let bytes = d.write().unwrap();
        assert_eq!(
            bytes.len(),
            28 + 20 * d.nodes.len()
                + 6 * d.links.len()
                + trav * d.traversals.len()
                + edict * d.edicts.len()
        );
        assert_eq!(Quake2NavDocument::read(&bytes).unwrap(), d);
        // A v4+ traversal without its plane cannot be written.
        if version < 4 {
            let mut bad = d.clone();
            bad.version = 4;
            assert!(bad.write().is_err());
        }
    }
}

/// Every node claiming the whole link table (overlapping ranges) must not make the checks or
/// conversions cost nodes x links.
#[test]
fn overlapping_link_ranges_stay_cheap() {
    let n = u16::MAX as usize;
    let mut doc = QuakeNavDocument::new(17);
    doc.nodes = vec![
        Node {
            flags: 0,
            link_count: u16::MAX,
            first_link: 0,
            radius: 8,
            origin: v3(0.0, 0.0, 0.0),
        };
        n
    ];
    doc.links = vec![
        Link {
            target: 0,
            kind: 0,
            team_mask: 0,
            traversal: 0xFFFF,
        };
        n
    ];
    let bytes = doc.write().unwrap();
    let doc = QuakeNavDocument::read(&bytes).unwrap();
    let started = std::time::Instant::now();
    let s = doc.summary();
    assert!(s.warnings.iter().any(|w| w.contains("more than one node")));
    assert!(s.warnings.iter().any(|w| w.contains("stopped early")));
    let m = doc.to_model();
    assert!(m.links.len() <= 5 * n, "{}", m.links.len());
    let g = doc.graph();
    assert!(g.links().count() <= 5 * n);
    assert!(
        to_navjson(&doc)
            .unwrap_err()
            .to_string()
            .contains("exactly one node")
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}
