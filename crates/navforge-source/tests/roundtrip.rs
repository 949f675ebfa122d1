//! Every corpus `.nav` file round-trips byte-for-byte, directly and through the lossless JSON.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_source::{Layout, SourceNavDocument};

#[test]
fn corpus_round_trips_byte_for_byte() {
    let Some(files) = corpus_files("source-nav", ".nav") else {
        return;
    };
    assert!(
        files.len() >= 41,
        "expected the 41 corpus files, found {}",
        files.len()
    );
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        let data = std::fs::read(path).unwrap();
        let doc = SourceNavDocument::read(&data).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_ne!(
            doc.layout,
            Layout::Unknown,
            "{name}: every corpus file has a known layout"
        );
        assert!(
            doc.trailing.is_empty(),
            "{name}: no corpus file has trailing bytes"
        );
        assert_eq!(doc.encoded_len(), data.len(), "{name}: encoded_len");
        let out = doc.write().unwrap_or_else(|e| panic!("{name}: write: {e}"));
        assert!(out == data, "{name}: direct round trip differs");

        let json = serde_json::to_string(&doc).unwrap();
        let back: SourceNavDocument =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: from JSON: {e}"));
        assert_eq!(back, doc, "{name}: JSON changed the document");
        let out = back.write().unwrap();
        assert!(out == data, "{name}: JSON round trip differs");
        let s = doc.summary();
        eprintln!(
            "{name}: v{} {:?} {:?} areas {} conn {} places {} ladders {} spots {} paths {}",
            doc.version,
            doc.sub_version,
            doc.layout,
            s.counts.areas,
            s.counts.connections,
            s.counts.places,
            s.counts.ladders,
            s.counts.hiding_spots,
            s.counts.encounter_paths
        );
    }
}
