//! Any text: `.navjson` import must not panic; what it accepts must be a loadable `.nav`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_quake::{QuakeNavDocument, from_navjson};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(doc) = from_navjson(text) {
            let bytes = doc.write().expect("write");
            assert_eq!(QuakeNavDocument::read(&bytes).expect("read back"), doc);
            assert!(doc.summary().warnings.iter().all(|w| !w.contains("out of range")));
        }
    }
});
