#![no_main]
//! Any input: reading never panics; whatever parses writes back byte for byte and decodes.

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_mgsv::Nav2Document;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = Nav2Document::read(data) {
        assert_eq!(doc.write().expect("write"), data);
        let _ = doc.summary();
        let _ = doc.to_model();
    }
});
