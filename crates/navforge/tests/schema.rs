//! The JSON Schemas in `docs/schema/`: generated from the reader's own types, so they stay true
//! (this test fails when a committed schema differs from the generated one; regenerate with
//! `NAVFORGE_WRITE_SCHEMAS=1 cargo test -p navforge --test schema`), and every corpus file's
//! lossless JSON and model validate against them with an independent validator (`jsonschema`).
//! What the readers refuse, the schemas refuse too: unknown keys, missing fields, wrong tags.

use std::path::PathBuf;

use navforge::{BuildOptions, Document, Format, Input, Target};
use navforge_core::testing::corpus_files;
use serde_json::{Value, json};

fn schema_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema")
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap() + "\n"
}

#[test]
fn committed_schemas_are_the_generated_ones() {
    let dir = schema_dir();
    let schemas = navforge::schema::all();
    if std::env::var("NAVFORGE_WRITE_SCHEMAS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).unwrap();
        for (name, schema) in &schemas {
            std::fs::write(dir.join(name), pretty(schema)).unwrap();
        }
    }
    for (name, schema) in &schemas {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(
            committed == pretty(schema),
            "docs/schema/{name} differs from the generated schema: run \
             NAVFORGE_WRITE_SCHEMAS=1 cargo test -p navforge --test schema"
        );
    }
    // No schema is left behind for something that no longer exists.
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut made: Vec<String> = schemas.into_iter().map(|(n, _)| n).collect();
    made.sort();
    assert_eq!(on_disk, made);
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).expect("a valid draft 2020-12 schema")
}

fn assert_valid(v: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = v
        .iter_errors(instance)
        .take(5)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

/// Every navigation file of the corpus, and a Selected Nav Areas document (no real sample of
/// that exists) made from a Source mesh.
fn documents() -> Option<Vec<(String, Document)>> {
    let mut out = Vec::new();
    for (dir, ext) in [
        ("source-nav", ".nav"),
        ("quake-nav", ".nav"),
        ("quake2-nav", ".nav"),
        ("mgsv-nav2", ".nav2"),
        ("tes-plugin", ".esp"),
        ("tes-plugin", ".esm"),
        ("tes-plugin", ".esl"),
        ("level-pairs", ".nav"),
        ("quake-navjson", ".navjson"),
    ] {
        for f in corpus_files(dir, ext)? {
            let data = std::fs::read(&f).unwrap();
            let input = Input::read(&f, &data).unwrap();
            let Input::Document(doc) = input else {
                panic!("{}: not a document", f.display())
            };
            out.push((f.display().to_string(), *doc));
        }
    }
    let source = out
        .iter()
        .find(|(n, _)| n.ends_with("csgo_de_dust2.nav"))
        .map(|(_, d)| d.clone())?;
    let selected = Input::Document(Box::new(source))
        .convert(
            Target::Format(Format::SourceSelected),
            &BuildOptions::default(),
        )
        .unwrap();
    out.push((
        "csgo_de_dust2.nav as Selected Nav Areas".into(),
        Document::read(&selected.bytes).unwrap(),
    ));
    Some(out)
}

#[test]
fn every_corpus_file_and_its_model_validate() {
    let Some(docs) = documents() else { return };
    let any = validator(&navforge::schema::any_envelope());
    let model = validator(&navforge::schema::model());
    let mut per_format = std::collections::BTreeMap::<&str, usize>::new();
    for (name, doc) in &docs {
        let json: Value = serde_json::from_slice(&doc.to_json()).unwrap();
        let own = validator(&navforge::schema::envelope(doc.format()).unwrap());
        assert_valid(&own, &json, name);
        assert_valid(&any, &json, name);
        let m = serde_json::to_value(doc.to_model()).unwrap();
        assert_valid(&model, &m, &format!("{name} (model)"));
        *per_format.entry(doc.format().name()).or_default() += 1;
    }
    println!("validated: {per_format:?}");
    assert_eq!(per_format.len(), 6, "every format with a lossless document");
    assert!(docs.len() > 120);
}

/// Keys in every object of a document, with a path to reach each.
fn object_paths(v: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(map) => {
            out.push(here.clone());
            for (k, item) in map {
                here.push(k.clone());
                object_paths(item, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate().take(3) {
                here.push(i.to_string());
                object_paths(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, key| match v {
        Value::Array(items) => &mut items[key.parse::<usize>().unwrap()],
        Value::Object(map) => map.get_mut(key).unwrap(),
        _ => unreachable!(),
    })
}

#[test]
fn what_the_readers_refuse_the_schemas_refuse() {
    let Some(docs) = documents() else { return };
    let mut refused = 0;
    // One file of each format: an unknown key in any object, and any one required key removed,
    // are refused by the reader and by the schema alike.
    let mut seen = std::collections::BTreeSet::new();
    for (name, doc) in &docs {
        if !seen.insert(doc.format()) {
            continue;
        }
        let json: Value = serde_json::from_slice(&doc.to_json()).unwrap();
        let own = validator(&navforge::schema::envelope(doc.format()).unwrap());
        let mut objects = Vec::new();
        object_paths(&json, &mut Vec::new(), &mut objects);
        for path in objects.iter().take(400) {
            let mut bad = json.clone();
            let Value::Object(map) = at(&mut bad, path) else {
                unreachable!()
            };
            map.insert("not_a_navforge_key".into(), json!(1));
            let read = Document::from_json(&serde_json::to_vec(&bad).unwrap());
            assert!(
                read.is_err(),
                "{name}: reader took an unknown key at {path:?}"
            );
            assert!(
                !own.is_valid(&bad),
                "{name}: schema took an unknown key at {path:?}"
            );
            refused += 1;
            // And each key present: without it, reader and schema agree.
            let keys: Vec<String> = match at(&mut json.clone(), path) {
                Value::Object(m) => m.keys().cloned().collect(),
                _ => unreachable!(),
            };
            for key in keys.iter().take(6) {
                let mut cut = json.clone();
                if let Value::Object(m) = at(&mut cut, path) {
                    m.remove(key);
                }
                let reader_ok = Document::from_json(&serde_json::to_vec(&cut).unwrap()).is_ok();
                // The schema may be stricter than the reader (its checks run after parsing),
                // never looser: what it accepts, the reader reads.
                if own.is_valid(&cut) {
                    assert!(reader_ok, "{name}: schema took {path:?} without `{key}`");
                }
                if !reader_ok {
                    refused += 1;
                }
            }
        }
        // The wrong format tag.
        let mut wrong = json.clone();
        wrong["format"] = json!("not-a-format");
        assert!(!own.is_valid(&wrong));
    }
    assert!(refused > 500, "{refused}");
}
