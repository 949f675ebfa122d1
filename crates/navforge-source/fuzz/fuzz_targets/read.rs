//! `cargo +nightly fuzz run read` (from crates/navforge-source): the reader never panics, and
//! whatever it accepts writes back byte-for-byte and survives the lossless JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_source::SourceNavDocument;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = SourceNavDocument::read(data) {
        let out = doc.write().expect("an accepted document writes");
        assert!(out == data, "accepted input does not round-trip");
        let _ = doc.summary();
        let _ = doc.to_model();
        let json = serde_json::to_string(&doc).expect("serialises");
        let back: SourceNavDocument = serde_json::from_str(&json).expect("deserialises");
        assert!(back.write().expect("writes") == data);
    }
});
