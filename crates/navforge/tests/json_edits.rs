//! Hand edits of the lossless JSON: whatever a user types, reading it back and writing, viewing
//! or summarising the document gives a result or an error, never a panic. Deterministic: fixed
//! seeds, structural edits (numbers pushed to extremes, lists cut or grown, strings emptied).

use navforge::Document;
use navforge_core::testing::{Rng, corpus_dir};
use serde_json::Value;

const SAMPLES: &[(&str, &str)] = &[
    ("source-nav", "tf2_itemtest.nav"),
    ("source-nav", "goldsrc-cs16_zm_ice_attack.nav"),
    ("source-nav", "l4d2_c8m4_interior.nav"),
    ("quake-nav", "v18_hipnotic_test_rockets.nav"),
    ("quake2-nav", "q2rr_lab_e3.nav"),
    ("mgsv-nav2", "obj2nav2_old.nav2"),
    ("mgsv-nav2", "mgsurvive_ssav_139_130_nav.nav2"),
    ("tes-plugin", "skyrimse_Free_Camera.esp"),
];

/// Every node of the JSON tree, as paths of indices/keys, so an edit can pick one at random.
fn paths(v: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate().take(64) {
                here.push(i.to_string());
                paths(item, here, out);
                here.pop();
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                here.push(k.clone());
                paths(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

/// The node at `path`, if an earlier edit of the same round has not removed it.
fn at<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, key| match v {
        Value::Array(items) => items.get_mut(key.parse::<usize>().ok()?),
        Value::Object(map) => map.get_mut(key),
        _ => None,
    })
}

fn edit(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::Number(_) => {
            let choices = [
                json(0),
                json(-1),
                json(1),
                json(255),
                json(65_535),
                json(4_294_967_295u64),
                json(1e30),
                json(-7.5),
            ];
            *v = choices[rng.below(choices.len())].clone();
        }
        Value::Array(items) => match rng.below(3) {
            0 => items.clear(),
            1 if !items.is_empty() => {
                let dup = items[rng.below(items.len())].clone();
                items.push(dup);
            }
            _ => {
                let keep = rng.below(items.len() + 1);
                items.truncate(keep);
            }
        },
        Value::String(s) => {
            *s = match rng.below(3) {
                0 => String::new(),
                1 => "zz".repeat(40_000),
                _ => "0xffffffff".into(),
            }
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => *v = json(3),
        Value::Object(map) => {
            if let Some(k) = map.keys().nth(rng.below(map.len().max(1))).cloned() {
                map.remove(&k);
            }
        }
    }
}

fn json<T: Into<Value>>(v: T) -> Value {
    v.into()
}

#[test]
fn edited_json_never_panics() {
    let mut tried = 0;
    let mut accepted = 0;
    for (sub, name) in SAMPLES {
        let Some(dir) = corpus_dir(sub) else { return };
        let doc = Document::read(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        let original: Value = serde_json::from_slice(&doc.to_json()).unwrap();
        let mut all = Vec::new();
        paths(&original, &mut Vec::new(), &mut all);
        let mut rng = Rng::new(0x0dd5_eed5 ^ tried as u64);
        for round in 0..300 {
            let mut v = original.clone();
            for _ in 0..1 + rng.below(3) {
                let path = &all[rng.below(all.len())];
                // Keep the envelope's format tag, or nothing would read at all.
                if path.first().is_some_and(|k| k == "format") || path.is_empty() {
                    continue;
                }
                if let Some(node) = at(&mut v, path) {
                    edit(node, &mut rng);
                }
            }
            let text = serde_json::to_vec(&v).unwrap();
            tried += 1;
            let outcome = std::panic::catch_unwind(|| {
                if let Ok(doc) = Document::from_json(&text) {
                    let _ = doc.write();
                    let _ = doc.summary();
                    let _ = doc.to_model();
                    true
                } else {
                    false
                }
            });
            match outcome {
                Ok(true) => accepted += 1,
                Ok(false) => {}
                Err(_) => panic!("{name}: edit round {round} panicked"),
            }
        }
    }
    assert!(
        tried >= 2400 && accepted > 0,
        "tried {tried}, accepted {accepted}"
    );
}
