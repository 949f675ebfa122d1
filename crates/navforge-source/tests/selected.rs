//! "Selected Nav Areas" KeyValues text: byte-exact round trips of engine-written and hand-edited
//! text, the typed view, the engine's exact output from the model, and robustness.
//!
//! No real file exists in the corpus, so the samples are written by hand following the engine's
//! KeyValues writer (`formats.md` §2.2: tab indents, `"name"\t\t"value"`, LF only, `%f` floats).

use std::collections::HashMap;

use navforge_core::NavDocument as _;
use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::testing::{Rng, corpus_files, mutate};
use navforge_source::selected::{Entry, MAX_DEPTH};
use navforge_source::{
    SelectedAreasDocument, SourceNavDocument, selected_from_model, sniff, sniff_selected,
};

/// What `nav_save_selected` writes for [`mesh`], character for character (§2.2).
const ENGINE: &str = concat!(
    "\"Selected Nav Areas\"\n",
    "{\n",
    "\t\"version\"\t\t\"1\"\n",
    "\t\"1\"\n",
    "\t{\n",
    "\t\t\"NorthWest\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"0.000000\"\n",
    "\t\t\t\"y\"\t\t\"0.000000\"\n",
    "\t\t\t\"z\"\t\t\"10.000000\"\n",
    "\t\t}\n",
    "\t\t\"NorthEast\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"100.000000\"\n",
    "\t\t\t\"y\"\t\t\"0.000000\"\n",
    "\t\t\t\"z\"\t\t\"11.000000\"\n",
    "\t\t}\n",
    "\t\t\"SouthWest\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"0.000000\"\n",
    "\t\t\t\"y\"\t\t\"50.000000\"\n",
    "\t\t\t\"z\"\t\t\"13.000000\"\n",
    "\t\t}\n",
    "\t\t\"SouthEast\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"100.000000\"\n",
    "\t\t\t\"y\"\t\t\"50.000000\"\n",
    "\t\t\t\"z\"\t\t\"12.000000\"\n",
    "\t\t}\n",
    "\t\t\"East\"\n",
    "\t\t{\n",
    "\t\t\t\"1\"\t\t\"2\"\n",
    "\t\t}\n",
    "\t\t\"Place\"\t\t\"BombsiteA\"\n",
    "\t\t\"Attributes\"\t\t\"3\"\n",
    "\t}\n",
    "\t\"2\"\n",
    "\t{\n",
    "\t\t\"NorthWest\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"100.000000\"\n",
    "\t\t\t\"y\"\t\t\"0.000000\"\n",
    "\t\t\t\"z\"\t\t\"-0.500000\"\n",
    "\t\t}\n",
    "\t\t\"NorthEast\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"150.500000\"\n",
    "\t\t\t\"y\"\t\t\"0.000000\"\n",
    "\t\t\t\"z\"\t\t\"0.000000\"\n",
    "\t\t}\n",
    "\t\t\"SouthWest\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"100.000000\"\n",
    "\t\t\t\"y\"\t\t\"50.000000\"\n",
    "\t\t\t\"z\"\t\t\"0.000000\"\n",
    "\t\t}\n",
    "\t\t\"SouthEast\"\n",
    "\t\t{\n",
    "\t\t\t\"x\"\t\t\"150.500000\"\n",
    "\t\t\t\"y\"\t\t\"50.000000\"\n",
    "\t\t\t\"z\"\t\t\"-1234.500000\"\n",
    "\t\t}\n",
    "\t\t\"West\"\n",
    "\t\t{\n",
    "\t\t\t\"0\"\t\t\"1\"\n",
    "\t\t}\n",
    "\t\t\"Attributes\"\t\t\"-2147483648\"\n",
    "\t}\n",
    "}\n",
);

/// The same content as a person might type it: comments, bare tokens, spaces, a block on one
/// line, a condition, an unknown key, keys in another order and case.
const HAND: &str = r#"// merged by hand from de_test
"Selected Nav Areas"   // root name is ignored by the engine
{
    version 1
    1 {
        NorthWest { x 0 y 0 z 10 }
        "NorthEast"
        {
            "x" "100"   "y" "0"
            "z" "11.0"
        }
        SOUTHWEST { x 0 y 50 z 13 }
        SouthEast { "x" "100.000000" "y" "50" "z" "12" }
        // only the selected neighbour
        East { "1" "2" }
        Place "BombsiteA" [$WIN32]
        Attributes 3
        Note "kept but ignored"
    }
    "2"
    {
        NorthWest { x 100 y 0 z -0.5 }
        NorthEast { x 150.5 y 0 z 0 }
        SouthWest { x 100 y 50 z 0 }
        SouthEast { x 150.5 y 50 z -1234.5 }
        West { 0 1 }
        Attributes -2147483648
    }
}

"#;

/// The mesh the engine text above describes (polygons NW, NE, SE, SW).
fn mesh() -> NavMesh {
    let quad = |x0: f32, y0: f32, x1: f32, y1: f32, z: [f32; 4]| {
        vec![
            [x0, y0, z[0]],
            [x1, y0, z[1]],
            [x1, y1, z[2]],
            [x0, y1, z[3]],
        ]
    };
    let conn = |from, to, d| Connection {
        from,
        to,
        kind: ConnectionKind::Walk,
        direction: Some(d),
    };
    NavMesh {
        format: None,
        areas: vec![
            Area {
                id: 1,
                polygon: quad(0.0, 0.0, 100.0, 50.0, [10.0, 11.0, 12.0, 13.0]),
                attributes: 0x3,
                place: Some(0),
                group: 0,
                origin: None,
            },
            Area {
                id: 2,
                polygon: quad(100.0, 0.0, 150.5, 50.0, [-0.5, 0.0, -1234.5, 0.0]),
                attributes: 0x8000_0000,
                place: None,
                group: 0,
                origin: None,
            },
        ],
        // Area 1's first east neighbour (99) is not selected, so area 2 is written as "1".
        connections: vec![
            conn(1, 99, Direction::East),
            conn(1, 2, Direction::East),
            conn(2, 1, Direction::West),
        ],
        places: vec!["BombsiteA".into()],
        ..NavMesh::default()
    }
}

fn read(text: &[u8]) -> SelectedAreasDocument {
    SelectedAreasDocument::read(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every hand-written variant: engine text, hand-edited text, and both with CRLF, a BOM, spaces
/// for tabs, no final newline.
fn variants() -> Vec<(String, Vec<u8>)> {
    let mut v = Vec::new();
    for (name, base) in [("engine", ENGINE), ("hand", HAND)] {
        v.push((name.to_string(), base.as_bytes().to_vec()));
        v.push((
            format!("{name} crlf"),
            base.replace('\n', "\r\n").into_bytes(),
        ));
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(base.as_bytes());
        v.push((format!("{name} bom"), bom));
        v.push((
            format!("{name} spaces"),
            base.replace('\t', "  ").into_bytes(),
        ));
        v.push((
            format!("{name} no final newline"),
            base.trim_end().as_bytes().to_vec(),
        ));
        v.push((
            format!("{name} trailing comment"),
            format!("{base}// the end, no newline").into_bytes(),
        ));
    }
    v
}

#[test]
fn hand_written_samples_round_trip_byte_for_byte_directly_and_through_json() {
    for (name, bytes) in variants() {
        assert!(sniff_selected(&bytes), "{name}: not sniffed");
        let doc = read(&bytes);
        assert_eq!(doc.write().unwrap(), bytes, "{name}: write changed bytes");
        let json = serde_json::to_string(&doc).unwrap();
        let back: SelectedAreasDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(back, doc, "{name}: JSON changed the document");
        assert_eq!(
            back.write().unwrap(),
            bytes,
            "{name}: JSON changed the bytes"
        );
        assert!(json.contains("\"format\":\"source-selected\""), "{name}");
    }
}

#[test]
fn tokens_keep_their_exact_text_and_trivia() {
    let doc = read(ENGINE.as_bytes());
    assert!(!doc.bom);
    assert_eq!(doc.end, "\n");
    let [Entry::Block { key, children, .. }] = doc.entries.as_slice() else {
        panic!("one root block expected");
    };
    assert_eq!(key.raw, "\"Selected Nav Areas\"");
    assert_eq!(key.text(), "Selected Nav Areas");
    let Entry::Value { key, value, .. } = &children[0] else {
        panic!("version first")
    };
    assert_eq!(
        (key.before.as_str(), key.raw.as_str()),
        ("\n\t", "\"version\"")
    );
    assert_eq!(
        (value.before.as_str(), value.raw.as_str()),
        ("\t\t", "\"1\"")
    );

    let hand = read(HAND.as_bytes());
    assert!(
        hand.entries[0]
            .key()
            .before
            .starts_with("// merged by hand")
    );
    let root = hand.entries[0].children().unwrap();
    let area1 = root[1].children().unwrap();
    let Entry::Value { condition, .. } = &area1[5] else {
        panic!("Place is a value")
    };
    assert_eq!(condition.as_ref().map(|c| c.raw.as_str()), Some("[$WIN32]"));

    // Escaped quotes in names and values.
    let doc = read(br#""Selected Nav Areas" { "say \"hi\"" "a \"b\" c\"" }"#);
    let e = &doc.entries[0].children().unwrap()[0];
    assert_eq!(e.key().text(), "say \"hi\"");
    assert_eq!(e.value().unwrap().text(), "a \"b\" c\"");
}

#[test]
fn typed_view_reads_the_engine_values() {
    for (name, bytes) in variants() {
        let v = read(&bytes).view();
        assert_eq!(v.root_name, "Selected Nav Areas", "{name}");
        assert_eq!(v.version, Some(1), "{name}");
        assert_eq!(v.areas.len(), 2, "{name}");
        let (a, b) = (&v.areas[0], &v.areas[1]);
        assert_eq!((a.id, b.id), (1, 2), "{name}");
        assert_eq!(a.north_west, Some([0.0, 0.0, 10.0]), "{name}");
        assert_eq!(a.north_east, Some([100.0, 0.0, 11.0]), "{name}");
        assert_eq!(a.south_west, Some([0.0, 50.0, 13.0]), "{name}");
        assert_eq!(a.south_east, Some([100.0, 50.0, 12.0]), "{name}");
        assert_eq!(b.south_east, Some([150.5, 50.0, -1234.5]), "{name}");
        assert_eq!(a.east, vec![2], "{name}");
        assert!(a.north.is_empty() && a.south.is_empty() && a.west.is_empty());
        assert_eq!(b.west, vec![1], "{name}");
        assert_eq!(a.place.as_deref(), Some("BombsiteA"), "{name}");
        assert_eq!(b.place, None, "{name}");
        assert_eq!(a.attributes, Some(3), "{name}");
        assert_eq!(b.attributes, Some(0x8000_0000), "{name}");
        assert!(v.problems.is_empty(), "{name}: {:?}", v.problems);
        let unknown: Vec<&str> = a.unknown.iter().map(String::as_str).collect();
        if name.starts_with("hand") {
            assert_eq!(unknown, ["Note"], "{name}");
        } else {
            assert!(unknown.is_empty(), "{name}");
        }
        // The model is the same for every spelling.
        let mut model = read(&bytes).to_model();
        let mut want = mesh();
        want.format = Some(navforge_core::Format::SourceSelected);
        want.attribute_table = navforge_source::attribute_table(16, navforge_source::Layout::Base);
        want.connections.remove(0); // 99 is not in the file
        for a in &mut want.areas {
            a.origin = Some(a.id);
        }
        model.format = want.format;
        assert_eq!(model, want, "{name}");
    }
}

#[test]
fn generated_text_is_what_the_engine_writes() {
    let doc = selected_from_model(&mesh()).unwrap();
    let text = String::from_utf8(doc.write().unwrap()).unwrap();
    assert_eq!(text, ENGINE);
    // And back: the model of the text is the mesh, less the connection to the unselected area.
    let back = doc.to_model();
    assert_eq!(back.connections.len(), 2);
    assert_eq!(back.areas[1].polygon, mesh().areas[1].polygon);
    // The generated document is the one read from the text.
    assert_eq!(doc, read(ENGINE.as_bytes()));
}

#[test]
fn generated_text_escapes_quotes_and_rejects_what_the_engine_cannot_write() {
    let mut m = mesh();
    m.places[0] = "Say \"A\"".into();
    let text = String::from_utf8(selected_from_model(&m).unwrap().write().unwrap()).unwrap();
    assert!(
        text.contains("\t\t\"Place\"\t\t\"Say \\\"A\\\"\"\n"),
        "{text}"
    );
    assert_eq!(
        read(text.as_bytes()).view().areas[0].place.as_deref(),
        Some("Say \"A\"")
    );

    let mut m = mesh();
    m.areas[0].polygon[1][1] = 1.0; // NE not at NW's y
    assert!(selected_from_model(&m).is_err());
    let mut m = mesh();
    m.areas[0].polygon[0][2] = f32::NAN;
    assert!(selected_from_model(&m).is_err());
    let mut m = mesh();
    m.areas[0].id = 1 << 32;
    assert!(selected_from_model(&m).is_err());
    assert!(selected_from_model(&NavMesh::default()).is_err());

    // IDs of 2^31 and up print negative with %d, and read back.
    let mut m = mesh();
    m.areas[1].id = 0x8000_0001;
    m.connections[1].to = 0x8000_0001;
    m.connections[2].from = 0x8000_0001;
    let doc = selected_from_model(&m).unwrap();
    let text = String::from_utf8(doc.write().unwrap()).unwrap();
    assert!(text.contains("\t\"-2147483647\"\n\t{\n"));
    assert!(text.contains("\t\t\t\"1\"\t\t\"-2147483647\"\n"));
    assert_eq!(doc.view().areas[1].id, 0x8000_0001);
    assert_eq!(doc.view().areas[0].east, vec![0x8000_0001]);
}

#[test]
fn summary_counts_and_warnings() {
    let s = read(ENGINE.as_bytes()).summary();
    assert_eq!(s.format, navforge_core::Format::SourceSelected);
    assert_eq!(s.version, 1);
    assert_eq!(
        (s.counts.areas, s.counts.connections, s.counts.places),
        (2, 2, 1)
    );
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    let b = s.bounds.unwrap();
    assert_eq!((b.min, b.max), ([0.0, 0.0, -1234.5], [150.5, 50.0, 13.0]));

    // A partial selection pointing outside itself, with garbage and a non-quad.
    let text = ENGINE
        .replace("\"1\"\t\t\"2\"", "\"1\"\t\t\"2\"\n\t\t\t\"4\"\t\t\"77\"")
        .replace(
            "\"150.500000\"\n\t\t\t\"y\"\t\t\"0.000000\"",
            "\"151\"\n\t\t\t\"y\"\t\t\"0.000000\"",
        )
        .replace("\"13.000000\"", "\"13abc\"")
        .replace("\"-2147483648\"", "\"lots\"");
    let doc = read(text.as_bytes());
    assert_eq!(doc.write().unwrap(), text.as_bytes());
    let s = doc.summary();
    assert_eq!(s.counts.connections, 3);
    let all = s.warnings.join("\n");
    assert!(
        all.contains("1 connections lead to areas not in this selection"),
        "{all}"
    );
    assert!(all.contains("partial selection"), "{all}");
    assert!(
        all.contains("`SouthWest` `z` is not a number: `13abc` (the engine reads 13)"),
        "{all}"
    );
    assert!(all.contains("area `2`: not an axis-aligned quad"), "{all}");
    assert!(
        all.contains("`Attributes` is not a 32-bit integer: `lots`"),
        "{all}"
    );
    assert_eq!(doc.view().areas[0].south_west, Some([0.0, 50.0, 13.0]));

    // `#base` before the root: the root is still found; the directive is listed.
    let text = format!("#base \"other.txt\"\n{ENGINE}");
    let doc = read(text.as_bytes());
    assert_eq!(doc.write().unwrap(), text.as_bytes());
    // The reader takes it, so the sniffer does too.
    assert!(sniff_selected(text.as_bytes()));
    let v = doc.view();
    assert_eq!(
        (v.areas.len(), v.unknown.as_slice()),
        (2, &["#base".to_string()][..])
    );

    // Root name, version and missing corners.
    let s = read(br#""Other" { "version" "2" "5" { "Attributes" "0" } }"#).summary();
    let all = s.warnings.join("\n");
    assert!(all.contains("root key is `Other`"), "{all}");
    assert!(all.contains("version 2"), "{all}");
    assert!(
        all.contains("no `NorthWest` corner (the engine reads the origin)"),
        "{all}"
    );
}

#[test]
fn sniff_needs_the_root_name_first() {
    assert!(sniff_selected(ENGINE.as_bytes()));
    assert!(sniff_selected(
        b"\xEF\xBB\xBF  // c\r\n// d\n\t\"selected nav areas\" {"
    ));
    assert!(sniff_selected(b"\"Selected Nav Areas\"\n{ \xff"));
    assert!(!sniff_selected(b"\"Selected Nav Areas 2\" {}"));
    assert!(!sniff_selected(b"\"version\" \"1\""));
    assert!(!sniff_selected(b"{ \"Selected Nav Areas\" }"));
    assert!(!sniff_selected(&[0xCE, 0xFA, 0xED, 0xFE, 16, 0, 0, 0]));
    assert!(!sniff_selected(b""));
    assert!(!sniff(ENGINE.as_bytes()));
    // Directives before the root, as the reader keeps them; not a directive and nothing else.
    assert!(sniff_selected(
        format!("#base \"a.txt\"\r\n#include \"b.txt\" [$WIN32]\n{ENGINE}").as_bytes()
    ));
    assert!(sniff_selected(
        b"\xEF\xBB\xBF// c\n#base a.txt\n\"Selected Nav Areas\" {}"
    ));
    assert!(!sniff_selected(b"#base \"a.txt\"\n\"Other\" {}"));
    assert!(!sniff_selected(b"#base"));
    assert!(!sniff_selected(b"#base {"));
    assert!(!sniff_selected(
        b"\"version\" \"1\" \"Selected Nav Areas\" {}"
    ));
}

#[test]
fn bad_input_gives_errors_with_field_and_offset() {
    let cases: [(&[u8], &str, u64); 9] = [
        (
            b"\"Selected Nav Areas\"\n{\n\t\"1\"\n\t{\n",
            "Selected Nav Areas > 1",
            24,
        ),
        (b"\"Selected Nav Areas\" { } }", "}", 25),
        (b"\"Selected Nav Areas\" { \"version\" \"1 }", "string", 33),
        (
            b"\xEF\xBB\xBF\"Selected Nav Areas\" { \"x\" [$X",
            "condition",
            30,
        ),
        (
            b"\"Selected Nav Areas\" { \"x\" }",
            "Selected Nav Areas > x",
            27,
        ),
        (
            b"\"Selected Nav Areas\" { \"x\"",
            "Selected Nav Areas > x",
            26,
        ),
        (b"\"Selected Nav Areas\" { \"x\" \"\xff\" }", "text", 28),
        (b"  // only a comment\n", "root", 20),
        (b"{ }", "?", 0),
    ];
    for (input, field, offset) in cases {
        let e = SelectedAreasDocument::read(input).expect_err(&String::from_utf8_lossy(input));
        assert_eq!(
            (e.field.as_str(), e.offset),
            (field, offset),
            "{}: {e}",
            String::from_utf8_lossy(input)
        );
        assert_eq!(e.format, "source-selected");
    }
}

#[test]
fn nesting_is_bounded_and_the_deepest_accepted_document_survives_json() {
    let deep = |n: usize| {
        let mut s = String::from("\"Selected Nav Areas\" ");
        for i in 1..n {
            s.push_str(&format!("{{ \"k{i}\" "));
        }
        s.push_str("{ \"x\" \"1\" ");
        s.push_str(&"} ".repeat(n));
        s
    };
    let ok = deep(MAX_DEPTH);
    let doc = read(ok.as_bytes());
    assert_eq!(doc.write().unwrap(), ok.as_bytes());
    let json = serde_json::to_string(&doc).unwrap();
    let back: SelectedAreasDocument = serde_json::from_str(&json).unwrap();
    assert_eq!(back.write().unwrap(), ok.as_bytes());
    let e = SelectedAreasDocument::read(deep(MAX_DEPTH + 1).as_bytes()).unwrap_err();
    assert!(e.to_string().contains("nested deeper"), "{e}");
}

#[test]
fn nasty_inputs_give_errors_or_documents_never_panics() {
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![b'{'; 100_000],
        format!("\"Selected Nav Areas\" {}", "{".repeat(100_000)).into_bytes(),
        "\"a\" { ".repeat(100_000).into_bytes(),
        "}".repeat(100_000).into_bytes(),
        "\"".repeat(100_001).into_bytes(),
        "[".repeat(100_000).into_bytes(),
        "/".repeat(100_000).into_bytes(),
        vec![0; 1000],
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB".to_vec(),
    ];
    let values = [
        "1e999999",
        "-1e999999",
        "NaN",
        "nan",
        "-inf",
        "99999999999999999999999999999999",
        "0x1p3",
        "",
        "\u{1F600}",
    ];
    for v in values {
        inputs.push(
            ENGINE
                .replace("\"10.000000\"", &format!("\"{v}\""))
                .replace("\"2\"\n\t{", &format!("\"{v}\"\n\t{{"))
                .replace("\"-2147483648\"", &format!("\"{v}\""))
                .replace("\"version\"\t\t\"1\"", &format!("\"version\"\t\t\"{v}\""))
                .into_bytes(),
        );
    }
    let mut accepted = 0;
    for input in &inputs {
        if let Ok(doc) = SelectedAreasDocument::read(input) {
            accepted += 1;
            assert_eq!(&doc.write().unwrap(), input);
            let s = doc.summary();
            let _ = doc.to_model();
            if input.len() < 10_000 && input.starts_with(b"\"Selected") {
                assert!(!s.warnings.is_empty(), "{}", String::from_utf8_lossy(input));
            }
        }
    }
    // The value variants all parse (garbage is a warning, not an error); the brace floods don't.
    assert_eq!(accepted, values.len());
    let nan = ENGINE.replace("\"10.000000\"", "\"nan\"");
    let v = read(nan.as_bytes()).view();
    assert!(v.areas[0].north_west.unwrap()[2].is_nan());
    assert!(v.problems.iter().any(|p| p.contains("not finite")));
}

#[test]
fn mutants_never_panic_and_accepted_ones_write_back_identically() {
    let seeds: Vec<Vec<u8>> = variants().into_iter().map(|(_, b)| b).collect();
    let mut rng = Rng::new(0x5e1e_c7ed);
    let (mut accepted, mut total) = (0usize, 0usize);
    for round in 0..1000 {
        // 12 seeds x 2 forms x 1000 rounds = 24,000 mutants.
        for seed in &seeds {
            let m = mutate(seed, &mut rng);
            // The same mutant with every byte made ASCII, so most stay text and reach the parser.
            let ascii: Vec<u8> = m.iter().map(|b| b & 0x7f).collect();
            for m in [m, ascii] {
                total += 1;
                let _ = sniff_selected(&m);
                if let Ok(doc) = SelectedAreasDocument::read(&m) {
                    accepted += 1;
                    assert_eq!(doc.write().unwrap(), m, "round {round}");
                    let _ = doc.summary();
                    let _ = doc.to_model();
                    if round % 10 == 0 {
                        let json = serde_json::to_string(&doc).unwrap();
                        let back: SelectedAreasDocument = serde_json::from_str(&json).unwrap();
                        assert_eq!(back.write().unwrap(), m, "round {round}: through JSON");
                    }
                }
            }
        }
    }
    eprintln!("{accepted} of {total} mutants accepted");
    assert!(total >= 10_000);
    // Text mutations often stay valid KeyValues; both outcomes must be exercised.
    assert!(
        accepted > total / 20 && accepted < total,
        "{accepted} of {total}"
    );
}

/// `%f` as the engine prints an f32, read back.
fn via_text(v: f32) -> f32 {
    format!("{:.6}", v as f64).parse::<f64>().unwrap() as f32
}

#[test]
fn corpus_nav_to_selected_text_and_back_keeps_the_mesh() {
    let Some(files) = corpus_files("source-nav", ".nav") else {
        return;
    };
    let mut checked = 0;
    let mut lossy_coords = 0usize;
    let mut coords = 0usize;
    for path in files {
        let data = std::fs::read(&path).unwrap();
        let name = path.display();
        let Ok(nav) = SourceNavDocument::read(&data) else {
            continue;
        };
        let mesh = nav.to_model();
        if mesh.areas.is_empty() {
            continue;
        }
        let doc = selected_from_model(&mesh).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = doc.write().unwrap();
        assert!(sniff_selected(&text), "{name}");
        let again = read(&text);
        assert_eq!(again, doc, "{name}");
        let s = again.summary();
        let back = again.to_model();
        assert_eq!(back.areas.len(), mesh.areas.len(), "{name}");
        for (a, b) in mesh.areas.iter().zip(&back.areas) {
            assert_eq!(a.id, b.id, "{name}");
            let want: Vec<[f32; 3]> = a.polygon.iter().map(|p| p.map(via_text)).collect();
            assert_eq!(b.polygon, want, "{name}: area {}", a.id);
            coords += 12;
            lossy_coords += a
                .polygon
                .iter()
                .flatten()
                .zip(b.polygon.iter().flatten())
                .filter(|(x, y)| x != y)
                .count();
            // The text holds the base word only; the game's word (bits 32..63) has no key.
            assert_eq!(
                a.attributes & 0xffff_ffff,
                b.attributes,
                "{name}: area {}",
                a.id
            );
            let place = |m: &NavMesh, p: Option<u32>| {
                p.and_then(|p| m.places.get(p as usize).cloned())
                    .filter(|p| !p.is_empty())
            };
            assert_eq!(
                place(&mesh, a.place),
                place(&back, b.place),
                "{name}: area {}",
                a.id
            );
        }
        // Connections between areas of the file, in order; the rest are not selected.
        let ids: HashMap<u64, ()> = mesh.areas.iter().map(|a| (a.id, ())).collect();
        let want: Vec<&Connection> = mesh
            .connections
            .iter()
            .filter(|c| ids.contains_key(&c.to))
            .collect();
        let got: Vec<&Connection> = back.connections.iter().collect();
        assert_eq!(got, want, "{name}");
        assert_eq!(s.counts.connections as usize, want.len(), "{name}");
        let used: std::collections::HashSet<&String> = mesh
            .areas
            .iter()
            .filter_map(|a| a.place.and_then(|p| mesh.places.get(p as usize)))
            .filter(|p| !p.is_empty())
            .collect();
        assert_eq!(back.places.len(), used.len(), "{name}");
        assert!(
            !s.warnings
                .iter()
                .any(|w| w.contains("not in this selection")),
            "{name}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no corpus file converted");
    eprintln!(
        "{checked} corpus files converted; {lossy_coords} of {coords} corner coordinates rounded by %f"
    );
}

#[test]
fn write_refuses_json_edits_that_would_not_read_back() {
    let doc = read(ENGINE.as_bytes());
    let json = serde_json::to_string(&doc).unwrap();
    for (from, to) in [
        (r#""raw":"\"version\"""#, r#""raw":"\"version""#), // unclosed quote
        (r#""raw":"\"version\"""#, r#""raw":"version x""#), // two tokens
        (r#""before":"\n\t""#, r#""before":"\n\tx ""#),     // a token in the trivia
        (r#""end":"\n""#, r#""end":"\n}""#),                // an extra brace at the end
    ] {
        assert!(json.contains(from), "{from}");
        let edited: SelectedAreasDocument =
            serde_json::from_str(&json.replacen(from, to, 1)).unwrap();
        assert!(edited.write().is_err(), "{to}");
    }
    // A clean edit writes.
    let edited: SelectedAreasDocument =
        serde_json::from_str(&json.replacen(r#""\"10.000000\"""#, r#""\"10.5\"""#, 1)).unwrap();
    let text = edited.write().unwrap();
    assert_eq!(
        read(&text).view().areas[0].north_west,
        Some([0.0, 0.0, 10.5])
    );
}
