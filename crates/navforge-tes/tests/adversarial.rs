//! Adversarial plugins, each run in a child process under a memory bound: decompression bombs
//! and hostile lossless JSON. An abort or a blow-up fails the test.

use navforge_core::NavDocument;
use navforge_core::testing::bounded::{child_case, report_peak, run_bounded};
use navforge_tes::PluginDocument;
use navforge_tes::testing::{decompression_bomb, plugin, record};

/// What `navforge info` does with a plugin: read it and summarise it.
fn info(data: &[u8]) -> Result<(), String> {
    let doc = PluginDocument::read(data).map_err(|e| e.to_string())?;
    let s = doc.summary();
    println!("navmeshes {:?}", s.counts.extra.get("navmeshes"));
    Ok(())
}

fn run_case(case: &str) {
    match case {
        "bomb" => {
            let data = decompression_bomb(20);
            println!("input-bytes={}", data.len());
            let started = std::time::Instant::now();
            let result = info(&data);
            println!("seconds={:.2}", started.elapsed().as_secs_f64());
            report_peak();
            match result {
                Err(e) => println!("error={e}"),
                Ok(()) => println!("accepted"),
            }
        }
        other => panic!("unknown case {other}"),
    }
}

#[test]
fn decompression_bomb_is_refused_within_a_memory_bound() {
    if let Some(case) = child_case() {
        return run_case(&case);
    }
    let out = run_bounded(
        "decompression_bomb_is_refused_within_a_memory_bound",
        "bomb",
        1024,
    );
    eprintln!("{}", out.output);
    assert!(out.success, "the child died: {}", out.output);
    assert!(
        out.output.contains("error=") && out.output.contains("decompression budget"),
        "a bomb must be refused with a clear error: {}",
        out.output
    );
    let peak = out.peak_kib.expect("peak reported");
    // The input is ~5.2 MB, the budget 16 × that; everything else is the test's own buffers.
    assert!(peak < 600 * 1024, "peak RSS {peak} KiB");
}

/// A small plugin with one compressed record (a `STAT` holding two subrecords).
fn small_plugin() -> Vec<u8> {
    let mut fields = b"EDID".to_vec();
    fields.extend_from_slice(&6u16.to_le_bytes());
    fields.extend_from_slice(b"Stone\0");
    fields.extend_from_slice(b"DATA");
    fields.extend_from_slice(&4u16.to_le_bytes());
    fields.extend_from_slice(&[1, 2, 3, 4]);
    let mut data = (fields.len() as u32).to_le_bytes().to_vec();
    data.extend_from_slice(&navforge_tes::compress(&fields));
    let stat = record(b"STAT", 0x0004_0000, 0x800, &data);
    plugin(b"STAT", 1, 0x801, &stat)
}

fn json_cases() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    let values = [
        json!(1_000_000_000_000_000u64),
        json!(4_294_967_295u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(-1),
    ];
    let record = "/entries/0/group/entries/0/record";
    let pointers: Vec<&'static str> = vec![
        "/header_size",
        "/header/vc_info",
        "/entries/0/group/group_type",
        "/entries/0/group/stamp",
        Box::leak(format!("{record}/compressed/uncompressed_size").into_boxed_str()),
        Box::leak(format!("{record}/form_version").into_boxed_str()),
        Box::leak(format!("{record}/vc_info").into_boxed_str()),
    ];
    let mut out = Vec::new();
    for p in pointers {
        for v in &values {
            out.push((p, v.clone()));
        }
    }
    out
}

fn run_json_cases() {
    let doc = PluginDocument::read(&small_plugin()).unwrap();
    let base = serde_json::to_value(&doc).unwrap();
    let (mut refused, mut written) = (0, 0);
    for (pointer, value) in json_cases() {
        println!("case {pointer} = {value}");
        let mut j = base.clone();
        *j.pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer} not in the sample")) = value.clone();
        let Ok(doc) = serde_json::from_value::<PluginDocument>(j) else {
            refused += 1;
            continue;
        };
        match doc.write() {
            Ok(bytes) => {
                // What is written reads back: a stale uncompressed size is recomputed.
                assert!(bytes.len() < 4096, "{pointer}: {} bytes", bytes.len());
                PluginDocument::read(&bytes)
                    .unwrap_or_else(|e| panic!("{pointer} = {value}: unreadable: {e}"));
                written += 1;
            }
            Err(_) => refused += 1,
        }
    }
    println!("refused={refused} written={written}");
    report_peak();
}

#[test]
fn hostile_json_numbers_are_refused_or_written_readably_within_a_memory_bound() {
    if child_case().is_some() {
        return run_json_cases();
    }
    let out = run_bounded(
        "hostile_json_numbers_are_refused_or_written_readably_within_a_memory_bound",
        "json",
        1024,
    );
    assert!(out.success, "the child died: {}", out.output);
    assert!(out.output.contains("refused="), "{}", out.output);
}

#[test]
fn unknown_keys_are_refused_naming_the_key_and_its_path() {
    let doc = PluginDocument::read(&small_plugin()).unwrap();
    let mut j = serde_json::to_value(&doc).unwrap();
    let rec = j
        .pointer_mut("/entries/0/group/entries/0/record")
        .unwrap()
        .as_object_mut()
        .unwrap();
    let v = rec.remove("form_id").unwrap();
    rec.insert("formid".into(), v);
    let text = j.to_string();
    let mut de = serde_json::Deserializer::from_str(&text);
    let e = serde_path_to_error::deserialize::<_, PluginDocument>(&mut de).unwrap_err();
    assert!(
        e.inner().to_string().contains("unknown field `formid`"),
        "{e}"
    );
    assert_eq!(
        e.path().to_string(),
        "entries[0].group.entries[0].record.formid"
    );
}

#[test]
fn a_read_record_keeps_its_stored_stream_until_changed() {
    // The decompressed bytes are kept once (as fields); a fingerprint recognises them unchanged.
    let data = small_plugin();
    let mut doc = PluginDocument::read(&data).unwrap();
    assert_eq!(doc.write().unwrap(), data);
    let rec = doc.record_mut(b"STAT", 0x800).unwrap();
    rec.set_subrecord(b"DATA", vec![9, 9, 9, 9]).unwrap();
    let out = doc.write().unwrap();
    assert_ne!(out, data);
    let back = PluginDocument::read(&out).unwrap();
    let rec = back.records()[1];
    assert_eq!(
        rec.subrecord(b"DATA").unwrap().data.as_slice(),
        &[9, 9, 9, 9]
    );
}
