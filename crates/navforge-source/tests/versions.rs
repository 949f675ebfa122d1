//! Versions and layouts without corpus files (1-4, 6-8, 10-15, CS v15, L4D sub-versions 10-13)
//! are written from a document built in code and read back: the reader and writer must agree on
//! every version gate, and the bytes must have the size each version's record layout gives.

mod common;

use navforge_core::{F32, HexBytes, NavDocument};
use navforge_source::{
    Approach, Layout, LegacyEncounterPath, LegacySpot, SourceNavDocument, VisibleArea, from_model,
};

/// The demo mesh as a document of `version` (sub-version 0 layout from v10), with every field the
/// version stores filled in and every other field empty.
fn doc_for(version: u32) -> SourceNavDocument {
    let mut d = from_model(&common::demo_mesh(), 0).unwrap();
    d.version = version;
    d.bsp_size = (version >= 4).then_some(123_456);
    d.sub_version = (version >= 10).then_some(0);
    d.is_analyzed = (version >= 14).then_some(1);
    d.has_unnamed_areas = (version >= 12).then_some(1);
    if version < 5 {
        d.places.clear();
    }
    if version < 6 {
        d.ladders.clear();
    }
    for l in &mut d.ladders {
        l.is_dangling = (version == 6).then_some(1);
        l.direction = 2;
    }
    for (i, a) in d.areas.iter_mut().enumerate() {
        let i = i as u32;
        a.attributes = match version {
            ..=8 => a.attributes & 0xff,
            9..=12 => a.attributes & 0xffff,
            _ => a.attributes,
        };
        if version < 5 {
            a.place = 0;
        }
        if version < 7 {
            a.ladders_up.clear();
            a.ladders_down.clear();
        }
        a.earliest_occupy_time = if version >= 8 {
            [F32::new(i as f32), F32::new(2.5)]
        } else {
            [F32::ZERO; 2]
        };
        if version < 11 {
            a.light_intensity = [F32::ZERO; 4];
        }
        if version >= 16 {
            a.visible_areas = (0..i % 3)
                .map(|k| VisibleArea {
                    id: k + 1,
                    attributes: (k % 4) as u8,
                })
                .collect();
            a.inherit_visibility_from = i % 2;
        }
        if version < 15 {
            a.approach_areas = (0..i % 2)
                .map(|k| Approach {
                    here: i + 1,
                    prev: k,
                    prev_to_here: 1,
                    next: k + 2,
                    here_to_next: 6,
                })
                .collect();
        }
        if version == 1 {
            for s in &mut a.hiding_spots {
                s.id = 0;
                s.flags = 0;
            }
        }
        if version < 3 {
            a.encounter_paths = Default::default();
            if i == 1 {
                a.legacy_encounter_paths = vec![LegacyEncounterPath {
                    from: 1,
                    to: 3,
                    path_from: [F32::new(1.0); 3],
                    path_to: [F32::new(-2.0); 3],
                    spots: vec![LegacySpot {
                        position: [F32::new(0.5); 3],
                        t: F32::new(0.25),
                    }],
                }];
            }
        }
    }
    d
}

fn check(d: &SourceNavDocument, what: &str) -> Vec<u8> {
    let bytes = d.write().unwrap_or_else(|e| panic!("{what}: write: {e}"));
    assert_eq!(bytes.len(), d.encoded_len(), "{what}");
    let back = SourceNavDocument::read(&bytes).unwrap_or_else(|e| panic!("{what}: read: {e}"));
    assert_eq!(&back, d, "{what}: read back differs");
    let json: SourceNavDocument = serde_json::from_str(&serde_json::to_string(d).unwrap()).unwrap();
    assert!(
        json.write().unwrap() == bytes,
        "{what}: JSON round trip differs"
    );
    bytes
}

#[test]
fn every_version_reads_back_what_it_wrote() {
    let mut sizes = Vec::new();
    for v in 1..=16 {
        let d = doc_for(v);
        let bytes = check(&d, &format!("v{v}"));
        sizes.push(bytes.len());
        assert_eq!(d.summary().counts.areas, 12);
        if v <= 5 {
            assert!(d.variant().starts_with("GoldSrc"));
        }
    }
    // Header sizes grow exactly as the version history says (magic+version = 8; v4 bsp size;
    // v5 place directory; v10 sub-version; v12 unnamed flag; v14 analyzed flag).
    let header = |v: u32| {
        let d = doc_for(v);
        let mut e = d.clone();
        e.areas.clear();
        e.ladders.clear();
        e.encoded_len() - 4 - if v >= 6 { 4 } else { 0 }
    };
    let places = 2 + (2 + "Courtyard\0".len()) + (2 + "Tower\0".len());
    assert_eq!(header(3), 8);
    assert_eq!(header(4), 12);
    assert_eq!(header(5), 12 + places);
    assert_eq!(header(10), 16 + places);
    assert_eq!(header(12), 17 + places);
    assert_eq!(header(14), 18 + places);
    // Ladders: 61 bytes in v6, 60 from v7.
    let mut d6 = doc_for(6);
    let with = d6.encoded_len();
    d6.ladders.clear();
    assert_eq!(with - d6.encoded_len(), 61);
    let mut d7 = doc_for(7);
    let with = d7.encoded_len();
    d7.ladders.clear();
    assert_eq!(with - d7.encoded_len(), 60);
}

#[test]
fn game_layouts_at_every_sub_version_read_back() {
    for (v, sub) in [
        (10, 1),
        (14, 1),
        (15, 1),
        (16, 1),
        (10, 2),
        (13, 2),
        (16, 2),
    ] {
        let mut d = doc_for(v);
        d.sub_version = Some(sub);
        d.layout = if sub == 1 {
            Layout::CounterStrike
        } else {
            Layout::TeamFortress
        };
        for (i, a) in d.areas.iter_mut().enumerate() {
            if sub == 2 {
                a.tf_attributes = Some(0x20_0000 * (i as u32 % 2));
            } else if v >= 15 {
                a.approach_areas = vec![
                    Approach {
                        here: 1,
                        prev: 2,
                        prev_to_here: 3,
                        next: 4,
                        here_to_next: 5
                    };
                    i % 3
                ];
            }
        }
        let bytes = check(&d, &format!("v{v} sub {sub}"));
        assert_eq!(SourceNavDocument::read(&bytes).unwrap().layout, d.layout);
    }
    for sub in 10..=14 {
        let mut d = from_model(&common::demo_mesh(), sub).unwrap();
        for (i, a) in d.areas.iter_mut().enumerate() {
            let t = a.terror.as_mut().unwrap();
            t.spawn_attributes = 0x800 * (i as u32 % 2);
            t.fog_place = 0;
            if let Some(x) = &mut t.extra {
                *x = i as u32;
            }
            // By ID in the document; the file stores the index.
            a.visible_areas = vec![VisibleArea {
                id: a.id,
                attributes: 2,
            }];
            if sub > 10 {
                a.inherit_visibility_from = 1;
            }
        }
        d.terror_post_area = Some(F32::new(1800.0));
        check(&d, &format!("L4D sub {sub}"));
    }
}

#[test]
fn writer_refuses_what_the_version_cannot_hold() {
    let mut d = doc_for(8);
    d.areas[0].attributes = 0x100;
    assert!(d.write().is_err(), "u8 attributes in v8");
    let mut d = doc_for(16);
    d.sub_version = None;
    assert!(d.write().is_err());
    let mut d = doc_for(16);
    d.layout = Layout::TeamFortress;
    assert!(d.write().is_err(), "TF2 layout needs tf_attributes");
    let mut d = doc_for(16);
    d.areas[0].approach_areas.push(Approach::default());
    assert!(d.write().is_err(), "v16 base has no approach areas");
    let mut d = doc_for(16);
    d.layout = Layout::Unknown;
    assert!(d.write().is_err(), "unknown layout needs raw_body");
    d.raw_body = Some(HexBytes(vec![0, 0, 0, 0, 0, 0, 0, 0]));
    let bytes = d.write().unwrap();
    assert_eq!(bytes.len(), d.encoded_len());
}
