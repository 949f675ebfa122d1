//! Hostile lossless JSON: sizes and offsets far beyond what the structures need, 64-bit and
//! negative numbers, unknown keys. The cases run in a child process under a memory bound, so an
//! abort (the old `vec![0; file_len]`) or a blow-up fails the test.

use navforge_core::NavDocument;
use navforge_core::testing::bounded::{child_case, report_peak, run_bounded};
use navforge_mgsv::{Nav2Document, from_triangles};
use serde_json::{Value, json};

fn sample() -> Nav2Document {
    let v = [
        [0.0, 0.0, 0.0],
        [10.0, 0.0, 0.0],
        [10.0, 0.0, 10.0],
        [0.0, 0.0, 10.0],
    ];
    from_triangles(&v, &[[0, 1, 2], [0, 2, 3]]).unwrap()
}

/// Edits as (JSON pointer, value); each is applied alone to the sample's JSON.
fn cases() -> Vec<(&'static str, Value)> {
    let big = [
        json!(1_000_000_000_000_000u64),
        json!(4_294_967_295u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(-1),
        json!(1e300),
    ];
    let mut out = Vec::new();
    for pointer in [
        "/file_len",
        "/header/file_size",
        "/header/end_of_header",
        "/header/manifest_offset",
        "/header/section2_offset",
        "/header/nav_system_offset",
        "/entries/0/next",
        "/entries/0/payload",
        "/entries/0/body/ss1",
        "/entries/1/body/ss3",
        "/entries/1/body/face_offsets/0",
        "/section2/0/ss6",
        "/nav_system/cells_x",
        "/nav_system/lists/0/at",
    ] {
        for v in &big {
            out.push((pointer, v.clone()));
        }
    }
    out
}

fn run_cases() {
    let base = serde_json::to_value(sample()).unwrap();
    let mut refused = 0;
    for (pointer, value) in cases() {
        println!("case {pointer} = {value}");
        let mut j = base.clone();
        *j.pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer} not in the sample")) = value.clone();
        let doc: Nav2Document = match serde_json::from_value(j) {
            Ok(d) => d,
            Err(_) => {
                refused += 1;
                continue;
            }
        };
        match doc.write() {
            Ok(bytes) => panic!("{pointer} = {value}: written ({} bytes)", bytes.len()),
            Err(e) => {
                refused += 1;
                assert!(!e.field.is_empty());
            }
        }
    }
    println!("refused={refused}");
    report_peak();
}

#[test]
fn hostile_sizes_and_offsets_are_refused_within_a_memory_bound() {
    if child_case().is_some() {
        return run_cases();
    }
    let out = run_bounded(
        "hostile_sizes_and_offsets_are_refused_within_a_memory_bound",
        "json",
        1024,
    );
    assert!(out.success, "the child died: {}", out.output);
    let refused: usize = out
        .output
        .lines()
        .find_map(|l| l.strip_prefix("refused="))
        .and_then(|v| v.parse().ok())
        .unwrap();
    // Every case is out of range for the sample: none may be written.
    assert_eq!(refused, cases().len(), "{}", out.output);
}

#[test]
fn file_len_beyond_what_the_structures_need_names_the_field() {
    let mut doc = sample();
    let real = doc.write().unwrap().len() as u64;
    doc.file_len = 4_294_967_295;
    let e = doc.write().unwrap_err();
    assert_eq!(e.field, "file_len", "{e}");
    assert!(
        e.to_string().contains("more than the structures need"),
        "{e}"
    );
    doc.file_len = real;
    assert_eq!(doc.write().unwrap().len() as u64, real);
}

#[test]
fn unknown_keys_are_refused_naming_the_key_and_its_path() {
    let mut j = serde_json::to_value(sample()).unwrap();
    let body = j.pointer_mut("/entries/1/body").unwrap();
    let face = body["faces"][0].as_object_mut().unwrap();
    let v = face.remove("vertices").unwrap();
    face.insert("vertcies".into(), v);
    let text = j.to_string();
    let mut de = serde_json::Deserializer::from_str(&text);
    let e = serde_path_to_error::deserialize::<_, Nav2Document>(&mut de).unwrap_err();
    let msg = e.inner().to_string();
    assert!(msg.contains("unknown field `vertcies`"), "{msg}");
    // Serde buffers an internally tagged enum, so the path stops at the tagged body.
    assert_eq!(e.path().to_string(), "entries[1].body");
    // A key added to the tagged entry body is refused too.
    let mut j = serde_json::to_value(sample()).unwrap();
    j["entries"][0]["body"]["extra"] = json!(1);
    let e = serde_json::from_value::<Nav2Document>(j).unwrap_err();
    assert!(e.to_string().contains("unknown field `extra`"), "{e}");
}
