//! `.navjson` samples convert to `.nav` files that read back to the same graph; bad input fails
//! with clear errors.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_quake::navjson::JsonLink;
use navforge_quake::{NavJson, QuakeNavDocument, from_navjson, to_navjson};

fn bits(v: [f32; 3]) -> [u32; 3] {
    v.map(f32::to_bits)
}

/// The `.nav` bytes a sample converts to satisfy what the game's loader checks.
fn assert_loadable(doc: &QuakeNavDocument, label: &str) {
    let mut next = 0usize;
    for (i, n) in doc.nodes.iter().enumerate() {
        assert_eq!(
            n.first_link as usize, next,
            "{label}: node {i} range not contiguous"
        );
        next += n.link_count as usize;
    }
    assert_eq!(next, doc.links.len(), "{label}: links not all owned");
    for l in &doc.links {
        assert!((l.target as usize) < doc.nodes.len(), "{label}");
        assert!(l.traversal == 0xFFFF || (l.traversal as usize) < doc.traversals.len());
    }
    for e in &doc.edicts {
        assert!((e.link as usize) < doc.links.len(), "{label}");
    }
    let s = doc.summary();
    for w in &s.warnings {
        assert!(
            w.contains("unreachable") || w.contains("one-way"),
            "{label}: {w}"
        );
    }
}

#[test]
fn every_sample_converts_to_nav_that_reads_back_to_the_same_graph() {
    let Some(files) = corpus_files("quake-navjson", ".navjson") else {
        return;
    };
    let mut edicts_seen = 0;
    let mut traversals_seen = 0;
    for path in &files {
        let label = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let json = NavJson::parse(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
        let doc = from_navjson(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            doc.version,
            if json.version == 1 { 14 } else { 15 },
            "{label}"
        );
        let bytes = doc.write().unwrap();
        let back = QuakeNavDocument::read(&bytes).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(back.write().unwrap(), bytes);
        assert_loadable(&back, &label);

        // Compare the graph read from the bytes with the JSON, field by field.
        let g = back.graph();
        assert_eq!(g.nodes.len(), json.nodes.len(), "{label}: node count");
        for (jn, gn) in json.nodes.iter().zip(&g.nodes) {
            let at = format!("{label} node {}", gn.index);
            assert_eq!(bits(gn.origin), bits(jn.origin), "{at}: position");
            assert_eq!(gn.flags.0 as i64, jn.flags, "{at}: flags");
            assert_eq!(gn.radius as i64, jn.radius, "{at}: radius");
            assert_eq!(gn.links.len(), jn.links.len(), "{at}: link count");
            for (jl, gl) in jn.links.iter().zip(&gn.links) {
                let at = format!("{at} link {}", gl.index);
                assert_eq!(bits(g.nodes[gl.to].origin), bits(jl.target), "{at}: target");
                assert_eq!(gl.link_type.code() as i64, jl.kind, "{at}: type");
                match (&jl.traversal, &gl.traversal) {
                    (None, None) => {}
                    (Some(p), Some(t)) => {
                        traversals_seen += 1;
                        assert_eq!(p.len(), 3);
                        assert_eq!(bits(t.node_exit), bits(p[0]), "{at}");
                        assert_eq!(bits(t.jump_start), bits(p[1]), "{at}");
                        assert_eq!(bits(t.jump_end), bits(p[2]), "{at}");
                    }
                    other => panic!("{at}: traversal {other:?}"),
                }
                match (&jl.edict, gl.edicts.as_slice()) {
                    (None, []) => {}
                    (Some(je), [ge]) => {
                        edicts_seen += 1;
                        assert_eq!(bits(ge.mins), bits(je.mins), "{at}");
                        assert_eq!(bits(ge.maxs), bits(je.maxs), "{at}");
                        assert_eq!(ge.entity_id, je.entity_id, "{at}");
                        assert_eq!(ge.targetname, je.targetname, "{at}");
                        assert_eq!(ge.classname, je.classname, "{at}");
                        if let Some(id) = je.entity_id {
                            assert_eq!(ge.entity_index, Some(-(id as i64) - 1));
                        }
                    }
                    other => panic!("{at}: edict {other:?}"),
                }
            }
        }

        // And back to .navjson: the same nodes (metadata is not part of a .nav).
        let again = NavJson::parse(&to_navjson(&back).unwrap()).unwrap();
        assert_eq!(again.version, json.version);
        assert_eq!(
            again.nodes, json.nodes,
            "{label}: navjson -> nav -> navjson"
        );
    }
    assert_eq!(files.len(), 6);
    assert!(traversals_seen > 200, "{traversals_seen}");
    assert!(edicts_seen >= 19, "{edicts_seen}");
}

#[test]
fn samples_convert_to_every_later_version() {
    let Some(files) = corpus_files("quake-navjson", "terra5.navjson") else {
        return;
    };
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let json = NavJson::parse(&text).unwrap();
    assert_eq!(json.version, 2);
    let base = json.to_document(15).unwrap().graph();
    for v in 15..=18 {
        let doc = json.to_document(v).unwrap();
        let back = QuakeNavDocument::read(&doc.write().unwrap()).unwrap();
        assert_eq!(back.version, v);
        assert_eq!(back.heuristic.is_some(), v >= 16);
        let g = back.graph();
        assert_eq!(g.nodes.len(), base.nodes.len());
        for (a, b) in g.links().zip(base.links()) {
            assert_eq!((a.from, a.to, a.link_type), (b.from, b.to, b.link_type));
            assert_eq!(a.team_mask, (v >= 18).then_some(0xFF));
        }
    }
    // Version 2 edicts hold entity ids, which a v14 file cannot.
    let err = json.to_document(14).unwrap_err().to_string();
    assert!(err.contains("need Targetname and Classname"), "{err}");
}

fn minimal(links: &str) -> String {
    format!(
        r#"{{"Version": 2, "Nodes": [
            {{"Origin": [0, 0, 0], "Flags": 0, "Radius": 16, "Links": [{links}]}},
            {{"Origin": [64, 0, 0], "Flags": 1, "Radius": 16, "Links": [{{"Target": [0, 0, 0], "Type": 0}}]}}
        ]}}"#
    )
}

#[test]
fn a_minimal_graph_converts() {
    let doc = from_navjson(&minimal(r#"{"Target": [64, 0, 0], "Type": 3}"#)).unwrap();
    assert_eq!(doc.nodes.len(), 2);
    assert_eq!(doc.links.len(), 2);
    assert_eq!(doc.links[0].kind, 3);
    assert_eq!(doc.links[0].target, 1);
    assert_eq!(doc.nodes[1].first_link, 1);
}

#[test]
fn bad_navjson_gives_clear_errors() {
    let cases: &[(&str, &str)] = &[
        ("", "not valid .navjson"),
        ("{", "not valid .navjson"),
        ("[1, 2]", "not valid .navjson"),
        (r#"{"Version": 2}"#, "missing field `Nodes`"),
        (
            r#"{"Version": 0, "Nodes": []}"#,
            "unknown .navjson version 0",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Flags": 0}]}"#,
            "missing field `Origin`",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Origin": [1, 2]}]}"#,
            "not valid .navjson",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Origin": [1, 2, "x"]}]}"#,
            "not valid .navjson",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Origin": [1, 2, 3], "Flags": 70000}]}"#,
            "flags 70000 is outside",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Origin": [1, 2, 3], "Radius": -1}]}"#,
            "radius -1 is outside",
        ),
        (
            r#"{"Version": 2, "Nodes": [{"Origin": [1, 2, 3], "Flags": 1.5}]}"#,
            "not valid .navjson",
        ),
    ];
    for (text, expected) in cases {
        let err = from_navjson(text).unwrap_err().to_string();
        assert!(err.contains(expected), "{text:?}: {err}");
        assert!(err.starts_with("quake-navjson field"), "{err}");
    }
    let link_cases: &[(&str, &str)] = &[
        (
            r#"{"Target": [1, 1, 1], "Type": 0}"#,
            "no node has the origin",
        ),
        (r#"{"Target": [64, 0, 0]}"#, "missing field `Type`"),
        (
            r#"{"Target": [64, 0, 0], "Type": -2}"#,
            "link type -2 is outside",
        ),
        (
            r#"{"Target": [64, 0, 0], "Type": 0, "Traversal": [[0,0,0],[1,1,1]]}"#,
            "exactly 3 points, has 2",
        ),
        (
            r#"{"Target": [64, 0, 0], "Type": 6, "Edict": {"Mins": [0,0,0], "Maxs": [1,1,1], "Targetname": 1, "Classname": 2}}"#,
            "need an EntityId",
        ),
        (
            r#"{"Target": [64, 0, 0], "Type": 0, "TeamMask": 3}"#,
            "needs .nav version 18",
        ),
    ];
    for (link, expected) in link_cases {
        let err = from_navjson(&minimal(link)).unwrap_err().to_string();
        assert!(err.contains(expected), "{link}: {err}");
    }
    // The field path names the node and link.
    let err = from_navjson(&minimal(r#"{"Target": [1, 1, 1], "Type": 0}"#)).unwrap_err();
    assert_eq!(err.field, "Nodes[0] > Links[0] > Target");
    // Syntax errors carry the byte offset.
    let text = "{\n  \"Version\": 2,\n  \"Nodes\": [ }";
    let err = from_navjson(text).unwrap_err();
    assert_eq!(err.offset as usize, text.find('}').unwrap(), "{err}");
}

#[test]
fn export_refuses_what_navjson_cannot_hold() {
    let mut doc = from_navjson(&minimal(r#"{"Target": [64, 0, 0], "Type": 0}"#)).unwrap();
    doc.links[0].traversal = 5;
    assert!(
        to_navjson(&doc)
            .unwrap_err()
            .to_string()
            .contains("traversal 5 is out of range")
    );
    doc.links[0].traversal = 0xFFFF;
    doc.links[1].target = 9;
    assert!(
        to_navjson(&doc)
            .unwrap_err()
            .to_string()
            .contains("target node 9 does not exist")
    );
    doc.links[1].target = 0;
    doc.nodes[1].link_count = 0;
    assert!(
        to_navjson(&doc)
            .unwrap_err()
            .to_string()
            .contains("exactly one node")
    );
    doc.nodes[1].link_count = 1;
    doc.nodes[1].origin = doc.nodes[0].origin;
    assert!(
        to_navjson(&doc)
            .unwrap_err()
            .to_string()
            .contains("shares its origin")
    );
    doc.nodes[1].origin[0] = navforge_core::F32::new(f32::NAN);
    assert!(to_navjson(&doc).unwrap_err().to_string().contains("NaN"));
}

#[test]
fn v18_team_masks_survive_navjson() {
    let json = NavJson::parse(&minimal(
        r#"{"Target": [64, 0, 0], "Type": 1, "TeamMask": 2}"#,
    ))
    .unwrap();
    let doc = json.to_document(18).unwrap();
    assert_eq!(doc.links[0].team_mask, 2);
    assert_eq!(doc.links[0].kind, 1);
    assert_eq!(doc.links[1].team_mask, 0xFF);
    let g = doc.graph();
    assert_eq!(g.nodes[0].links[0].team_mask, Some(2));
    let back = NavJson::parse(&to_navjson(&doc).unwrap()).unwrap();
    let l: &JsonLink = &back.nodes[0].links[0];
    assert_eq!((l.kind, l.team_mask), (1, Some(2)));
    assert_eq!(back.nodes[1].links[0].team_mask, None);
    assert_eq!(back.to_document(18).unwrap(), doc);
}

/// A hand-written Version 3 file: two nodes, a walk link each way, and the heuristic setting.
const V3: &str = r#"{
  "Version": 3,
  "Map": { "Name": "Test", "Filename": "test" },
  "Settings": { "Heuristic": 0.7 },
  "Nodes": [
    { "Origin": [0, 0, 24], "Flags": 0, "Radius": 32,
      "Links": [ { "Target": [128, 0, 24], "Type": 0 } ] },
    { "Origin": [128, 0, 24], "Flags": 0, "Radius": 32,
      "Links": [ { "Target": [0, 0, 24], "Type": 0 } ] }
  ]
}"#;

#[test]
fn version_3_settings_carry_the_heuristic_both_ways() {
    let (doc, warnings) = navforge_quake::from_navjson_with_warnings(V3).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(doc.version, 18);
    assert_eq!(doc.heuristic.map(|h| h.get()), Some(0.7));
    assert_eq!(doc.links.len(), 2);
    // Export: v16+ documents become Version 3 with their heuristic.
    let text = navforge_quake::to_navjson(&doc).unwrap();
    let back = NavJson::parse(&text).unwrap();
    assert_eq!(back.version, 3);
    assert_eq!(back.settings.and_then(|s| s.heuristic), Some(0.7));
    let again = navforge_quake::from_navjson(&text).unwrap();
    assert_eq!(again.write().unwrap(), doc.write().unwrap());
    // A v15 document has no heuristic: Version 2, no Settings.
    let v15 = NavJson::parse(V3).unwrap().to_document(15).unwrap();
    let text = navforge_quake::to_navjson(&v15).unwrap();
    assert!(
        text.contains("\"Version\": 2") && !text.contains("Settings"),
        "{text}"
    );
}

#[test]
fn a_newer_version_imports_with_a_warning_naming_unknown_keys() {
    let v4 = V3
        .replace("\"Version\": 3", "\"Version\": 4")
        .replace("\"Heuristic\": 0.7", "\"Heuristic\": 0.7, \"Gravity\": 800")
        .replace("\"Type\": 0 }", "\"Type\": 0, \"Cost\": 2 }");
    let (doc, warnings) = navforge_quake::from_navjson_with_warnings(&v4).unwrap();
    assert_eq!(doc.nodes.len(), 2);
    let all = warnings.join("\n");
    assert!(all.contains("version 4 is newer"), "{all}");
    assert!(all.contains("Settings.Gravity"), "{all}");
    assert!(all.contains("Nodes[].Links[].Cost"), "{all}");
    // A known version with an unknown key is read too, and says so.
    let v2 = r#"{"Version": 2, "Extra": 1, "Nodes": []}"#;
    let (_, warnings) = navforge_quake::from_navjson_with_warnings(v2).unwrap();
    assert!(warnings.iter().any(|w| w.contains("Extra")), "{warnings:?}");
}
