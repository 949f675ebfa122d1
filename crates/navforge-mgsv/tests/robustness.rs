//! Bad input: deterministic mutants of every corpus file, hand-made hostile cases.

use navforge_core::testing::{Rng, corpus_files, mutate};
use navforge_core::{ErrorKind, NavDocument};
use navforge_mgsv::Nav2Document;

#[test]
fn mutants_never_panic_and_parseable_mutants_write_back_exactly() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    let mut rng = Rng::new(0x6d67_7376_6e61_7632);
    let per_file = 1100;
    let (mut ok, mut err) = (0, 0);
    for f in &files {
        let data = std::fs::read(f).unwrap();
        for i in 0..per_file {
            let m = mutate(&data, &mut rng);
            match Nav2Document::read(&m) {
                Ok(doc) => {
                    ok += 1;
                    // Whatever parses is kept losslessly.
                    let out = doc
                        .write()
                        .unwrap_or_else(|e| panic!("{} #{i}: write: {e}", f.display()));
                    assert!(out == m, "{} mutant #{i}: write differs", f.display());
                    let _ = doc.summary();
                    let _ = doc.to_model();
                }
                Err(e) => {
                    err += 1;
                    assert!(!e.field.is_empty());
                    assert!(e.offset <= m.len() as u64 + u32::MAX as u64);
                }
            }
        }
    }
    eprintln!(
        "{} mutants: {ok} parsed, {err} rejected",
        files.len() * per_file
    );
    assert!(files.len() * per_file >= 10_000);
    assert!(err > 0 && ok > 0);
}

#[test]
fn every_truncation_below_the_size_field_is_an_error() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let size = u32::from_le_bytes(data[4..8].try_into().unwrap()) as usize;
        let step = (size / 97).max(1);
        for cut in (0..size).step_by(step).chain([size - 1]) {
            let e = Nav2Document::read(&data[..cut]).expect_err("truncated file must not parse");
            assert!(matches!(e.kind, ErrorKind::UnexpectedEof { .. }), "{e}");
        }
    }
}

fn sahelan() -> Option<Vec<u8>> {
    let files = corpus_files("mgsv-nav2", ".nav2")?;
    let f = files
        .iter()
        .find(|f| f.to_string_lossy().contains("sahelan"))
        .unwrap();
    Some(std::fs::read(f).unwrap())
}

#[test]
fn looping_entry_chain_is_an_error() {
    let Some(mut d) = sahelan() else { return };
    // First entry at 144: make its next-entry offset 0 (points at itself).
    d[148..152].copy_from_slice(&0u32.to_le_bytes());
    let e = Nav2Document::read(&d).unwrap_err();
    assert!(e.to_string().contains("loop"), "{e}");
    assert_eq!(e.offset, 148);
}

#[test]
fn offsets_outside_the_file_are_errors_with_offsets() {
    let Some(d) = sahelan() else { return };
    // NavSystem offset far past the end.
    let mut m = d.clone();
    m[16..20].copy_from_slice(&0x7fff_fff0u32.to_le_bytes());
    let e = Nav2Document::read(&m).unwrap_err();
    assert!(e.to_string().contains("outside the file"), "{e}");
    assert!(e.field.contains("nav_system"), "{e}");
    // A NavWorld subsection offset past the end (payload at 160, ss2 field at +4).
    let mut m = d.clone();
    m[164..168].copy_from_slice(&0xffff_fff0u32.to_le_bytes());
    let e = Nav2Document::read(&m).unwrap_err();
    assert!(
        e.field.contains("nav_world") && e.field.contains("ss2"),
        "{e}"
    );
    // A huge point count cannot allocate: refused before allocating.
    let mut m = d.clone();
    m[160 + 36..160 + 38].copy_from_slice(&0xffffu16.to_le_bytes());
    assert!(Nav2Document::read(&m).is_err());
}

#[test]
fn bad_magic_and_tiny_inputs() {
    assert!(matches!(
        Nav2Document::read(b"NAV2\0\0\0\0").unwrap_err().kind,
        ErrorKind::BadMagic { .. }
    ));
    for n in 0..100 {
        let mut d = vec![0u8; n];
        if n >= 4 {
            d[..4].copy_from_slice(&navforge_mgsv::MAGIC.to_le_bytes());
        }
        assert!(Nav2Document::read(&d).is_err());
    }
    assert!(!navforge_mgsv::sniff(b"abc"));
}

#[test]
fn offsets_reusing_the_same_bytes_over_and_over_are_refused() {
    // Every NavWorld node of sahelan pointed at the same adjacency record of 255 links: the
    // parse would cover the file many times over; it is refused, keeping reads linear.
    let Some(mut d) = sahelan() else { return };
    let payload = 160usize;
    let ss2 = u32::from_le_bytes(d[payload + 4..payload + 8].try_into().unwrap()) as usize;
    let points = u16::from_le_bytes(d[payload + 36..payload + 38].try_into().unwrap()) as usize;
    for i in 0..points {
        let at = payload + ss2 + 6 * i;
        d[at..at + 2].copy_from_slice(&0u16.to_le_bytes());
        d[at + 4] = 255;
    }
    let e = Nav2Document::read(&d).unwrap_err();
    assert!(e.to_string().contains("overlap"), "{e}");
}

/// Found by `cargo fuzz` (mgsv_nav2): a Section2 entry whose ss6 offset is at or past `next`
/// holds no ss6 block, and its offset may then point past the end of the file. Such a file
/// reads, so it must also write back.
#[test]
fn empty_section2_block_with_a_far_offset_writes_back() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    let f = files
        .iter()
        .find(|f| f.to_string_lossy().ends_with("ssav_139_130_nav.nav2"))
        .unwrap();
    let mut doc = Nav2Document::read(&std::fs::read(f).unwrap()).unwrap();
    let entry = doc
        .section2
        .first_mut()
        .expect("the tile has Section2 entries");
    entry.ss6 = u16::MAX;
    entry.ss6_block = Default::default();
    let bytes = doc.write().expect("an empty block needs no room");
    let back = Nav2Document::read(&bytes).unwrap();
    assert_eq!(back, doc);
    assert_eq!(back.write().unwrap(), bytes);
}
