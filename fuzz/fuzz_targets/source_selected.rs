//! `navforge_source::SelectedAreasDocument`: reading arbitrary bytes never panics, and whatever
//! reads writes back to the same bytes, directly and through the lossless JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;
use navforge_source::SelectedAreasDocument;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = SelectedAreasDocument::read(data) {
        let bytes = doc.write().expect("a document that was read can be written");
        assert_eq!(bytes, data, "write must reproduce the input");
        let json = serde_json::to_vec(&doc).expect("documents serialise");
        let back: SelectedAreasDocument = serde_json::from_slice(&json).expect("lossless JSON reads back");
        assert_eq!(back.write().expect("writes"), data, "the JSON round trip must reproduce the input");
        let _ = doc.to_model();
        let _ = doc.summary();
    }
});
