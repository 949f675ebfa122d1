//! A level that cannot be loaded is reported through the facade with the level reader's own
//! field and byte offset, never as "bsp field `level` at byte 0".

use navforge::{Format, Input, LevelKind};
use navforge_core::testing::corpus_dir;
use std::path::Path;

/// A BSP29 header whose lump directory points lump 0 (the entities) at `offset..offset+len`.
fn bsp29_with_entities_at(offset: u32, len: u32) -> Vec<u8> {
    let mut d = 29u32.to_le_bytes().to_vec();
    for lump in 0..15u32 {
        let (o, l) = if lump == 0 { (offset, len) } else { (124, 0) };
        d.extend_from_slice(&o.to_le_bytes());
        d.extend_from_slice(&l.to_le_bytes());
    }
    d
}

fn level_error(path: &str, data: &[u8]) -> navforge::Error {
    match Input::read(Path::new(path), data) {
        Ok(input) => panic!("{path}: read as {}", input.format()),
        Err(e) => e,
    }
}

#[test]
fn a_lump_past_the_end_names_the_lump_and_its_offset() {
    let data = bsp29_with_entities_at(5000, 200);
    assert_eq!(LevelKind::sniff(&data), Some(LevelKind::Quake));
    let e = level_error("cut.bsp", &data);
    assert_eq!(e.format, Format::Bsp.name(), "{e}");
    assert_eq!(e.field, "entities", "{e}");
    assert_eq!(e.offset, 5000, "{e}");
    assert!(e.has_offset, "{e}");
    let text = e.to_string();
    assert!(text.contains("BSP29"), "the family is named: {text}");
    assert!(!text.contains("`level`"), "{text}");
}

#[test]
fn a_header_cut_inside_the_lump_directory_names_the_entry() {
    // Cut after lump 6's offset: the entry of lump 6 has no length.
    let data = bsp29_with_entities_at(124, 0);
    let cut = &data[..4 + 6 * 8 + 4];
    let e = level_error("cut.bsp", cut);
    assert_eq!(e.field, "header.lumps[6]", "{e}");
    assert_eq!(e.offset, 4 + 6 * 8, "{e}");
}

#[test]
fn a_truncated_corpus_map_names_the_first_lump_it_lost() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let data = std::fs::read(dir.join("goldsrc_example-halflife.bsp")).unwrap();
    assert_eq!(LevelKind::sniff(&data), Some(LevelKind::GoldSrc));
    // GoldSrc's header: version, then (offset, length) of 15 lumps; lump 0 is the entities.
    let lump0 = u32::from_le_bytes(data[4..8].try_into().unwrap()) as usize;
    assert!(lump0 > 2000, "the entities lump starts past the cut");
    let e = level_error("map.bsp", &data[..2000]);
    assert_eq!(e.format, "bsp", "{e}");
    assert_eq!(e.field, "entities", "{e}");
    assert_eq!(e.offset, lump0 as u64, "{e}");
    assert!(e.to_string().contains("BSP30"), "{e}");
}

#[test]
fn a_truncated_glb_is_a_glb_error_without_a_made_up_offset() {
    let e = level_error("cut.glb", b"glTF\x02\0\0\0");
    assert_eq!(e.format, Format::Glb.name(), "{e}");
    assert!(!e.has_offset, "{e}");
    assert!(!e.to_string().contains("byte 0"), "{e}");
}
