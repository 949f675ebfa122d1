//! `cargo fuzz run plugin` (from crates/navforge-tes): any accepted plugin writes back to its own
//! bytes, and summary and model never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_tes::PluginDocument;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = PluginDocument::read(data) {
        assert!(doc.write().expect("accepted plugins write") == data);
        let _ = doc.summary();
        let _ = doc.to_model();
    }
});
