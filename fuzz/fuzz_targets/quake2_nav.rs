//! Quake II NAV3 reader: reading arbitrary bytes never panics, and whatever reads writes back to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = navforge_quake::Quake2NavDocument::read(data) {
        let bytes = doc.write().expect("a document that was read can be written");
        assert_eq!(bytes, data, "write must reproduce the input");
    }
});
