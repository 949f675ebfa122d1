//! Hand-edited lossless JSON of the MGSV, Bethesda and Quake documents: whatever deserialises
//! writes without a panic, an abort or an allocation beyond what its structures need (the MGSV
//! `file_len`, the Bethesda `uncompressed_size`), and what is written reads back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use navforge_core::NavDocument;

fn check<D: NavDocument + serde::de::DeserializeOwned>(data: &[u8]) {
    if let Ok(doc) = serde_json::from_slice::<D>(data)
        && let Ok(bytes) = doc.write()
    {
        assert!(bytes.len() <= 64 * data.len() + (1 << 20), "output out of proportion");
        let _ = D::read(&bytes);
    }
}

fuzz_target!(|data: &[u8]| {
    check::<navforge_mgsv::Nav2Document>(data);
    check::<navforge_tes::PluginDocument>(data);
    check::<navforge_quake::QuakeNavDocument>(data);
    check::<navforge_quake::Quake2NavDocument>(data);
});
