//! `cargo fuzz run nvnm` (from crates/navforge-tes): any accepted NVNM writes back to its own
//! bytes, survives JSON, and its checks, model and grid rebuild never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_tes::NvnmDocument;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = NvnmDocument::read(data) {
        assert_eq!(doc.write().expect("accepted NVNM writes"), data);
        let json = serde_json::to_string(&doc).expect("serialises");
        let back: NvnmDocument = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(back.write().expect("writes"), data);
        let _ = doc.summary();
        let _ = doc.to_model();
        let mut edited = doc.clone();
        if edited.recompute_grid().is_ok() {
            let _ = edited.write();
        }
    }
});
