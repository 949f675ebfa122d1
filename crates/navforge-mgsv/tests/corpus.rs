use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_mgsv::Nav2Document;

#[test]
fn corpus_round_trips_byte_for_byte() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else { return };
    assert_eq!(files.len(), 10);
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let doc = Nav2Document::read(&data).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let out = doc.write().unwrap();
        let first = out.iter().zip(&data).position(|(a, b)| a != b);
        assert!(out == data, "{}: differs (len {} vs {}, first diff {:?})", f.display(), out.len(), data.len(), first);
        let gap_bytes: usize = doc.gaps.iter().map(|g| g.bytes.len()).sum();
        eprintln!("{}: {} gaps, {} bytes", f.display(), doc.gaps.len(), gap_bytes);
        for g in doc.gaps.iter().take(8) { eprintln!("   gap @{} {:?}", g.offset, &g.bytes.as_slice()[..g.bytes.len().min(32)]); }
    }
}
