//! Any bytes: the NAV2 and NAV3 readers must not panic, and whatever they accept must write
//! back to the same bytes and survive every view (summary, model, graph, .navjson).
#![no_main]

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_quake::{Quake2NavDocument, QuakeNavDocument, to_navjson};

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = QuakeNavDocument::read(data) {
        assert_eq!(doc.write().expect("write"), data);
        let _ = doc.summary();
        let _ = doc.to_model();
        let _ = doc.graph();
        let _ = to_navjson(&doc);
    }
    if let Ok(doc) = Quake2NavDocument::read(data) {
        assert_eq!(doc.write().expect("write"), data);
        let _ = doc.summary();
        let _ = doc.to_model();
    }
});
