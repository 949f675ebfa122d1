//! Hostile lossless JSON for NAV2 and NAV3: 64-bit and negative numbers and unknown keys, run in
//! a child process under a memory bound so an abort or a blow-up fails the test.

use navforge_core::NavDocument;
use navforge_core::testing::bounded::{child_case, report_peak, run_bounded};
use navforge_quake::QuakeNavDocument;
use serde_json::{Value, json};

fn sample() -> Value {
    json!({
        "format": "quake-nav", "version": 17, "heuristic": 1.0,
        "nodes": [
            {"flags": 0, "link_count": 1, "first_link": 0, "radius": 16, "origin": [0.0, 0.0, 0.0]},
            {"flags": 0, "link_count": 1, "first_link": 1, "radius": 16, "origin": [64.0, 0.0, 0.0]}
        ],
        "links": [
            {"target": 1, "kind": 0, "team_mask": 255, "traversal": 65535},
            {"target": 0, "kind": 0, "team_mask": 255, "traversal": 65535}
        ],
        "traversals": [],
        "edicts": []
    })
}

fn cases() -> Vec<(&'static str, Value)> {
    let values = [
        json!(1_000_000_000_000_000u64),
        json!(4_294_967_296u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(-1),
        json!(1e300),
    ];
    let mut out = Vec::new();
    for p in [
        "/version",
        "/nodes/0/link_count",
        "/nodes/0/first_link",
        "/nodes/1/radius",
        "/links/0/target",
        "/links/0/traversal",
        "/links/1/team_mask",
    ] {
        for v in &values {
            out.push((p, v.clone()));
        }
    }
    out
}

fn run_cases() {
    let base = sample();
    serde_json::from_value::<QuakeNavDocument>(base.clone())
        .unwrap()
        .write()
        .unwrap();
    let mut refused = 0;
    for (pointer, value) in cases() {
        println!("case {pointer} = {value}");
        let mut j = base.clone();
        *j.pointer_mut(pointer).unwrap() = value.clone();
        match serde_json::from_value::<QuakeNavDocument>(j) {
            Err(_) => refused += 1,
            Ok(doc) => match doc.write() {
                Err(_) => refused += 1,
                Ok(b) => panic!("{pointer} = {value}: written ({} bytes)", b.len()),
            },
        }
    }
    println!("refused={refused}");
    report_peak();
}

#[test]
fn hostile_numbers_are_refused_within_a_memory_bound() {
    if child_case().is_some() {
        return run_cases();
    }
    let out = run_bounded(
        "hostile_numbers_are_refused_within_a_memory_bound",
        "json",
        1024,
    );
    assert!(out.success, "the child died: {}", out.output);
    let want = format!("refused={}", cases().len());
    assert!(out.output.contains(&want), "{}", out.output);
}

#[test]
fn unknown_keys_are_refused_naming_the_key_and_its_path() {
    let mut j = sample();
    let node = j["nodes"][1].as_object_mut().unwrap();
    let v = node.remove("radius").unwrap();
    node.insert("raduis".into(), v);
    let text = j.to_string();
    let mut de = serde_json::Deserializer::from_str(&text);
    let e = serde_path_to_error::deserialize::<_, QuakeNavDocument>(&mut de).unwrap_err();
    assert!(
        e.inner().to_string().contains("unknown field `raduis`"),
        "{e}"
    );
    assert_eq!(e.path().to_string(), "nodes[1].raduis");
}
