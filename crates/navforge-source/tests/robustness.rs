//! Bad input: deterministic mutants and truncations never panic, errors carry correct offsets.

use navforge_core::testing::{Rng, corpus_dir, mutate};
use navforge_core::{ErrorKind, NavDocument};
use navforge_source::{Layout, SourceNavDocument, sniff};

/// Small files of several games and versions.
const FILES: &[&str] = &[
    "tf2_itemtest.nav",
    "csgo-test_env_gunfire_test.nav",
    "goldsrc-cs16_zm_ice_attack.nav",
    "gmod_zs_bunkerhouse.nav",
    "tf2_cp_cloak.nav",
    "csgo-community_2nd_mythic_town_v5.nav",
    "dods_dod_jagd_empty.nav",
    "css-v9_cs_havana.nav",
    "l4d2_c8m4_interior.nav",
];

fn load(name: &str) -> Option<Vec<u8>> {
    Some(std::fs::read(corpus_dir("source-nav")?.join(name)).unwrap())
}

#[test]
fn ten_thousand_mutants_never_panic_and_accepted_ones_round_trip() {
    let mut rng = Rng::new(0x5EED_0002);
    let (mut ok, mut err, mut total) = (0u32, 0u32, 0u32);
    for name in FILES {
        let Some(data) = load(name) else {
            return;
        };
        // The large L4D2 file gets fewer mutants to keep the test quick.
        let n = if data.len() > 100_000 { 400 } else { 1300 };
        for i in 0..n {
            let m = mutate(&data, &mut rng);
            total += 1;
            match SourceNavDocument::read(&m) {
                Ok(doc) => {
                    ok += 1;
                    // Whatever is accepted writes back byte-for-byte, and survives JSON.
                    let out = doc
                        .write()
                        .unwrap_or_else(|e| panic!("{name} mutant {i}: write: {e}"));
                    assert!(
                        out == m,
                        "{name} mutant {i}: accepted but does not round-trip"
                    );
                    let _ = doc.summary();
                    let model = doc.to_model();
                    // The editing paths take whatever was read without a panic: applying its
                    // own model changes nothing when it succeeds, and removing an area leaves
                    // a document that writes or refuses with an error.
                    let mut applied = doc.clone();
                    if applied.apply_model(&model).is_ok() && unique_ids(&doc) {
                        assert!(applied == doc, "{name} mutant {i}: own model changed it");
                    }
                    if let Some(a) = doc.areas.get(doc.areas.len() / 2) {
                        let mut d = doc.clone();
                        let _ = d.referrers(a.id);
                        d.remove_area(a.id);
                        let _ = d.write();
                    }
                }
                Err(e) => {
                    err += 1;
                    assert!(
                        e.offset <= m.len() as u64,
                        "{name} mutant {i}: offset past end: {e}"
                    );
                    assert!(!e.field.is_empty());
                }
            }
        }
    }
    eprintln!("{total} mutants: {ok} accepted, {err} rejected");
    assert!(total >= 10_000, "only {total} mutants");
    assert!(
        err > total / 10,
        "too few rejections ({err}): the test could not fail"
    );
    assert!(
        ok > 0,
        "some mutants (e.g. flipped float bits) must still be accepted"
    );
}

#[test]
fn every_truncation_is_an_error() {
    for name in FILES {
        let Some(data) = load(name) else {
            return;
        };
        let step = (data.len() / 500).max(1);
        let mut cut = 0;
        while cut < data.len() {
            let r = SourceNavDocument::read(&data[..cut]);
            assert!(r.is_err(), "{name} truncated to {cut} bytes was accepted");
            cut += step;
        }
        // The last byte too.
        assert!(
            SourceNavDocument::read(&data[..data.len() - 1]).is_err(),
            "{name}"
        );
    }
}

#[test]
fn truncated_mid_area_reports_an_offset_inside_that_area() {
    let Some(data) = load("tf2_itemtest.nav") else {
        return;
    };
    let doc = SourceNavDocument::read(&data).unwrap();
    assert!(doc.ladders.is_empty());
    // Start of area k = size of the file with only the first k areas, minus the empty ladder list.
    let start = |k: usize| {
        let mut d = doc.clone();
        d.areas.truncate(k);
        d.encoded_len() - 4
    };
    // The reader first checks that the area count can fit (33 areas of at least 107 bytes after
    // the 24-byte header); cuts before that point fail on the count instead (checked below).
    let min_end = 24 + 33 * 107;
    let mut checked = 0;
    for k in 0..33 {
        let (s, e) = (start(k), start(k + 1));
        if s <= min_end {
            continue;
        }
        checked += 1;
        for cut in [s + 1, (s + e) / 2, e - 1] {
            let err = SourceNavDocument::read(&data[..cut]).unwrap_err();
            assert!(
                (s as u64..e as u64).contains(&err.offset),
                "cut {cut}: offset {} not in area #{k} [{s}, {e}): {err}",
                err.offset
            );
            assert!(
                err.field.starts_with(&format!("area #{k} (at byte {s})")),
                "{err}"
            );
            assert!(
                matches!(
                    err.kind,
                    ErrorKind::UnexpectedEof { .. } | ErrorKind::CountTooLarge { .. }
                ),
                "{err}"
            );
        }
    }
    assert!(checked >= 5, "only {checked} areas checked");
    let err = SourceNavDocument::read(&data[..start(3) + 5]).unwrap_err();
    assert_eq!((err.field.as_str(), err.offset), ("areas", 24), "{err}");
    assert!(matches!(
        err.kind,
        ErrorKind::CountTooLarge { count: 33, .. }
    ));
}

#[test]
fn header_errors_name_field_and_offset() {
    let Some(data) = load("tf2_itemtest.nav") else {
        return;
    };
    let mut bad = data.clone();
    bad[0] = 0;
    assert!(!sniff(&bad));
    assert!(sniff(&data));
    let e = SourceNavDocument::read(&bad).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("magic", 0));
    assert!(matches!(e.kind, ErrorKind::BadMagic { .. }));

    let mut bad = data.clone();
    bad[4] = 17;
    let e = SourceNavDocument::read(&bad).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("version", 4));
    assert_eq!(e.kind, ErrorKind::UnsupportedVersion(17));

    // Area count 0xFFFFFFFF: refused before allocating. TF2 header: 4+4+4+4+1, places u16 (0),
    // hasUnnamedAreas u8, so the area count is at byte 20.
    let mut bad = data.clone();
    bad[20..24].copy_from_slice(&[0xff; 4]);
    let e = SourceNavDocument::read(&bad).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("areas", 24), "{e}");
    assert!(matches!(
        e.kind,
        ErrorKind::CountTooLarge {
            count: 0xFFFF_FFFF,
            ..
        }
    ));
    assert!(e.to_string().contains("source-nav"));
}

#[test]
fn goldsrc_stale_trailing_bytes_are_kept() {
    let Some(mut data) = load("goldsrc-cs16_zm_ice_attack.nav") else {
        return;
    };
    let n = data.len();
    // A stale tail like the old writer leaves: a copy of bytes from an earlier area.
    let tail = data[100..400].to_vec();
    data.extend_from_slice(&tail);
    let doc = SourceNavDocument::read(&data).unwrap();
    assert_eq!(doc.trailing.as_slice(), &tail[..]);
    assert_eq!(doc.areas.len(), 37);
    assert!(
        doc.summary()
            .warnings
            .iter()
            .any(|w| w.contains("300 trailing bytes"))
    );
    assert!(doc.write().unwrap() == data);
    let json = serde_json::to_string(&doc).unwrap();
    let back: SourceNavDocument = serde_json::from_str(&json).unwrap();
    assert!(back.write().unwrap() == data);
    assert_eq!(back.encoded_len(), n + 300);
}

#[test]
fn unknown_game_data_is_kept_raw() {
    let Some(mut data) = load("tf2_itemtest.nav") else {
        return;
    };
    // Sub-version 4 (Insurgency) with data no known layout matches: kept raw, still exact.
    data[8..12].copy_from_slice(&4u32.to_le_bytes());
    data.extend_from_slice(&[1, 2, 3]);
    let doc = SourceNavDocument::read(&data).unwrap();
    assert_eq!(doc.layout, Layout::Unknown);
    assert!(doc.areas.is_empty());
    assert!(doc.raw_body.is_some());
    let s = doc.summary();
    assert_eq!(s.counts.areas, 33, "area count read from the raw data");
    assert!(
        s.warnings.iter().any(|w| w.contains("kept raw")),
        "{:?}",
        s.warnings
    );
    assert!(s.variant.unwrap().contains("Insurgency"));
    assert!(doc.write().unwrap() == data);
    let back: SourceNavDocument =
        serde_json::from_str(&serde_json::to_string(&doc).unwrap()).unwrap();
    assert!(back.write().unwrap() == data);

    // Without the extra bytes the TF2 layout still fits exactly and is chosen.
    data.truncate(data.len() - 3);
    let doc = SourceNavDocument::read(&data).unwrap();
    assert_eq!(doc.layout, Layout::TeamFortress);

    // A known sub-version with extra bytes: best-guess layout, extra kept as trailing + warning.
    data[8..12].copy_from_slice(&2u32.to_le_bytes());
    data.extend_from_slice(&[9, 9]);
    let doc = SourceNavDocument::read(&data).unwrap();
    assert_eq!(doc.layout, Layout::TeamFortress);
    assert_eq!(doc.trailing.as_slice(), &[9, 9]);
    assert!(doc.write().unwrap() == data);
}

/// Whether area, hiding-spot and ladder IDs are unique (duplicates make "the area with this ID"
/// ambiguous, so applying a model may pick the other one).
fn unique_ids(doc: &SourceNavDocument) -> bool {
    let mut areas = std::collections::HashSet::new();
    let mut spots = std::collections::HashSet::new();
    let mut ladders = std::collections::HashSet::new();
    doc.areas.iter().all(|a| areas.insert(a.id))
        && doc
            .areas
            .iter()
            .flat_map(|a| &a.hiding_spots)
            .all(|s| spots.insert(s.id))
        && doc.ladders.iter().all(|l| ladders.insert(l.id))
}
