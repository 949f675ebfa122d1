//! Deterministic mutation tests: no panics on corrupted plugins or NVNM data, every accepted
//! variant writes back to its own bytes, and truncations are errors.

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_bytes, mutate};
use navforge_tes::{NvnmDocument, PluginDocument};

const VARIANTS: usize = 10_000;

fn corpus() -> Option<Vec<(String, Vec<u8>)>> {
    corpus_bytes("tes-plugin", "")
}

/// Exercise everything a reader of an accepted document can call.
fn use_plugin(doc: &PluginDocument, bytes: &[u8], json: bool) {
    let out = doc.write().expect("an accepted plugin writes");
    assert!(out == bytes, "an accepted plugin writes back its own bytes");
    let s = doc.summary();
    let m = doc.to_model();
    assert_eq!(s.counts.areas, m.areas.len() as u64);
    if json {
        let text = serde_json::to_string(doc).unwrap();
        let back: PluginDocument = serde_json::from_str(&text).unwrap();
        assert!(back.write().unwrap() == bytes);
    }
}

fn use_nvnm(doc: &NvnmDocument, bytes: &[u8]) {
    assert_eq!(doc.write().unwrap(), bytes);
    let _ = doc.summary();
    let _ = doc.to_model();
    let text = serde_json::to_string(doc).unwrap();
    let back: NvnmDocument = serde_json::from_str(&text).unwrap();
    assert_eq!(back.write().unwrap(), bytes);
    let mut edited = doc.clone();
    if edited.recompute_grid().is_ok() {
        let _ = edited.write();
    }
}

#[test]
fn container_mutants_never_panic() {
    let Some(files) = corpus() else { return };
    // The smaller plugins, so ten thousand variants stay quick; Dwemer Secrets brings compressed
    // records, the Skyrim blank an XXXX subrecord, the Oblivion blank 20-byte headers.
    let seeds: Vec<_> = files.iter().filter(|(_, d)| d.len() < 200_000).collect();
    assert!(seeds.len() >= 7);
    let mut rng = Rng::new(0x7E5_0001);
    let (mut ok, mut err) = (0, 0);
    for i in 0..VARIANTS {
        let (name, data) = seeds[i % seeds.len()];
        let m = mutate(data, &mut rng);
        match PluginDocument::read(&m) {
            Ok(doc) => {
                ok += 1;
                use_plugin(&doc, &m, i % 50 == 0);
            }
            Err(e) => {
                err += 1;
                let text = e.to_string();
                assert!(text.contains("tes-plugin"), "{name}: {text}");
            }
        }
    }
    eprintln!("container mutants: {ok} accepted, {err} refused");
    assert!(err > VARIANTS / 4, "most corruptions are noticed");
}

#[test]
fn nvnm_mutants_never_panic() {
    let Some(files) = corpus() else { return };
    let mut seeds = Vec::new();
    for (_, data) in &files {
        let doc = PluginDocument::read(data).unwrap();
        for r in doc.records() {
            if let Some(s) = r.subrecord(b"NVNM") {
                seeds.push(s.data.0.clone());
            }
        }
    }
    assert_eq!(seeds.len(), 17);
    let mut rng = Rng::new(0x7E5_0002);
    let (mut ok, mut err) = (0, 0);
    for i in 0..VARIANTS {
        let m = mutate(&seeds[i % seeds.len()], &mut rng);
        match NvnmDocument::read(&m) {
            Ok(doc) => {
                ok += 1;
                use_nvnm(&doc, &m);
            }
            Err(e) => {
                err += 1;
                assert!(e.to_string().contains("tes-nvnm"));
            }
        }
    }
    eprintln!("NVNM mutants: {ok} accepted, {err} refused");
    assert!(err > VARIANTS / 4);
    assert!(ok > 0, "changes to float and flag bytes are accepted");
}

#[test]
fn every_truncated_nvnm_is_an_error() {
    let Some(files) = corpus() else { return };
    for (name, data) in &files {
        let doc = PluginDocument::read(data).unwrap();
        for r in doc.records() {
            let Some(s) = r.subrecord(b"NVNM") else {
                continue;
            };
            let raw = s.data.as_slice();
            for cut in 0..raw.len() {
                let e = NvnmDocument::read(&raw[..cut]);
                assert!(e.is_err(), "{name} NAVM {}: cut at {cut}", r.form_id);
            }
        }
    }
}

/// Offsets where a plugin may legally end: after the header and after each top-level entry.
fn top_level_ends(data: &[u8]) -> Vec<usize> {
    let hs = if &data[20..24] == b"HEDR" { 20 } else { 24 };
    let size = |at: usize| u32::from_le_bytes(data[at + 4..at + 8].try_into().unwrap()) as usize;
    let mut pos = hs + size(0);
    let mut ends = vec![pos];
    while pos < data.len() {
        pos += if &data[pos..pos + 4] == b"GRUP" {
            size(pos)
        } else {
            hs + size(pos)
        };
        ends.push(pos);
    }
    ends
}

#[test]
fn truncated_plugins_are_errors() {
    let Some(files) = corpus() else { return };
    let mut rng = Rng::new(0x7E5_0003);
    for (name, data) in &files {
        let ends = top_level_ends(data);
        // Every cut of the small files, a sample of the large ones.
        let cuts: Vec<usize> = if data.len() <= 4096 {
            (0..data.len()).collect()
        } else {
            (0..400).map(|_| rng.below(data.len())).collect()
        };
        for cut in cuts {
            let r = PluginDocument::read(&data[..cut]);
            if ends.contains(&cut) {
                let doc = r.unwrap_or_else(|e| panic!("{name} cut at entry end {cut}: {e}"));
                assert!(doc.write().unwrap() == data[..cut]);
            } else {
                let e = r
                    .err()
                    .unwrap_or_else(|| panic!("{name}: cut at {cut} accepted"));
                assert!(e.offset <= cut as u64 + 24, "{name}: {e}");
            }
        }
    }
}
