//! Every corpus plugin, and every NVNM inside them, round-trips byte for byte, directly and through
//! the lossless JSON.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_tes::{NvnmDocument, PluginDocument, sniff};
use std::path::PathBuf;

fn plugins() -> Option<Vec<PathBuf>> {
    corpus_files("tes-plugin", "")
}

/// `skyrim_Dwemer_Secrets.esp`: eight navmeshes, interior and exterior, one external.
fn dwemer_secrets() -> Option<PluginDocument> {
    let files = plugins()?;
    let path = files
        .iter()
        .find(|p| name(p) == "skyrim_Dwemer_Secrets.esp")
        .expect("the corpus has skyrim_Dwemer_Secrets.esp");
    Some(PluginDocument::read(&std::fs::read(path).unwrap()).unwrap())
}

fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn all_eleven_plugins_round_trip_byte_for_byte() {
    let Some(files) = plugins() else { return };
    assert_eq!(files.len(), 11, "the corpus holds 11 plugins");
    for path in &files {
        let data = std::fs::read(path).unwrap();
        assert!(sniff(&data), "{}", name(path));
        let doc = PluginDocument::read(&data).unwrap_or_else(|e| panic!("{}: {e}", name(path)));
        let out = doc.write().unwrap();
        assert!(out == data, "{}: direct write differs", name(path));

        let json = serde_json::to_string(&doc).unwrap();
        let back: PluginDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(back, doc, "{}", name(path));
        let out = back.write().unwrap();
        assert!(out == data, "{}: write after JSON differs", name(path));
    }
}

#[test]
fn every_nvnm_round_trips_on_its_own() {
    let Some(files) = plugins() else { return };
    let mut seen = 0;
    let mut versions = std::collections::BTreeMap::new();
    for path in &files {
        let data = std::fs::read(path).unwrap();
        let doc = PluginDocument::read(&data).unwrap();
        for rec in doc.records() {
            if rec.tag.0 != *b"NAVM" {
                continue;
            }
            let Some(sub) = rec.subrecord(b"NVNM") else {
                continue;
            };
            let raw = sub.data.as_slice();
            let what = format!("{} NAVM {}", name(path), rec.form_id);
            assert!(navforge_tes::sniff_nvnm(raw), "{what}");
            let nv = NvnmDocument::read(raw).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(nv.tail.is_empty(), "{what}: bytes after the grid");
            assert_eq!(nv.write().unwrap(), raw, "{what}");
            let json = serde_json::to_string(&nv).unwrap();
            let back: NvnmDocument = serde_json::from_str(&json).unwrap();
            assert_eq!(back, nv, "{what}");
            assert_eq!(back.write().unwrap(), raw, "{what} through JSON");
            // Skyrim's cover list is the triangles with cover edge bits, ascending.
            if let navforge_tes::Cover::Skyrim { cover_triangles } = &nv.cover {
                let derived: Vec<u16> = (0..nv.triangles.len())
                    .filter(|&t| nv.triangles[t].cover & navforge_tes::COVER_EDGE_BITS != 0)
                    .map(|t| t as u16)
                    .collect();
                assert_eq!(cover_triangles, &derived, "{what}");
            }
            // Every cover word that is set carries the autogen bit 14 in these files.
            assert!(
                nv.triangles
                    .iter()
                    .all(|t| t.cover == 0 || t.cover & 0xC000 == 0x4000)
            );
            // Real files are consistent: no warnings.
            assert_eq!(nv.warnings(), Vec::<String>::new(), "{what}");
            *versions.entry(nv.version).or_insert(0) += 1;
            seen += 1;
        }
    }
    // 7 + 6 + 1 + 1 + 1 Skyrim (one Dwemer Secrets NAVM is deleted and empty), 1 Fallout 4.
    assert_eq!(seen, 17);
    assert_eq!(versions.get(&12), Some(&16));
    assert_eq!(versions.get(&15), Some(&1));
}

#[test]
fn summary_lists_every_navmesh() {
    let Some(doc) = dwemer_secrets() else { return };
    let s = doc.summary();
    assert_eq!(s.format, navforge_core::Format::TesPlugin);
    assert_eq!(s.version, 43);
    assert_eq!(s.variant.as_deref(), Some("Skyrim LE (HEDR 1.70)"));
    let navs = s.details["navmeshes"].as_array().unwrap();
    assert_eq!(navs.len(), 8);
    let first = &navs[0];
    assert_eq!(first["form_id"], "0x02002E2A");
    assert_eq!(first["cell"], "CELL 0x020012C7");
    assert_eq!(first["vertices"], 88);
    assert_eq!(first["triangles"], 93);
    let ext = navs.iter().find(|n| n["form_id"] == "0x000B83E0").unwrap();
    assert_eq!(ext["cell"], "WRLD 0x0000003C (-12, 18)");
    assert_eq!(s.counts.extra["navmeshes"], 8);
    // One interior cell and five exterior grid cells (two navmeshes share (-11, 17)).
    assert_eq!(s.counts.places, 6);
    assert_eq!(doc.to_model().places.len(), 6);
    assert!(s.counts.extra["compressed_records"] >= 7);
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    assert_eq!(
        s.counts.areas,
        93 + 395 + 266 + 1 + 618 + 275 + 276,
        "triangles of all navmeshes"
    );
}

#[test]
fn model_holds_every_navmesh_as_a_named_group() {
    let Some(doc) = dwemer_secrets() else { return };
    let m = doc.to_model();
    assert_eq!(m.groups.len(), 8);
    assert_eq!(m.groups[1].name, "NAVM 0x000B83E0");
    let g1: Vec<_> = m.areas.iter().filter(|a| a.group == 1).collect();
    assert_eq!(g1.len(), 395);
    assert!(g1.iter().all(|a| a.polygon.len() == 3));
    assert_eq!(g1[0].id, 1 << 32);
    assert_eq!(
        m.places[g1[0].place.unwrap() as usize],
        "WRLD 0x0000003C (-12, 18)"
    );
    // Cover and ledges show as attributes; adjacency is symmetric; edge links became externals.
    // Edge 0-1's cover height is the 4 bits from bit 16.
    assert!(m.areas.iter().any(|a| (a.attributes >> 16) & 0xF >= 4));
    let cover = m.attribute_bit("cover").unwrap();
    assert!(m.areas.iter().any(|a| a.attributes & cover != 0));
    let walk: std::collections::HashSet<(u64, u64)> = m
        .connections
        .iter()
        .filter(|c| c.kind == navforge_core::model::ConnectionKind::Walk)
        .map(|c| (c.from, c.to))
        .collect();
    assert!(!walk.is_empty());
    assert!(walk.iter().all(|(a, b)| walk.contains(&(*b, *a))));
    let ext = m
        .connections
        .iter()
        .filter(|c| c.kind == navforge_core::model::ConnectionKind::External)
        .count();
    assert_eq!(ext, 24 + 37 + 30 + 27);
    // None of these links targets a navmesh of this plugin (they reach into Skyrim.esm), so
    // every target keeps the other navmesh's form ID and triangle.
    let targets: std::collections::BTreeSet<u64> = m
        .connections
        .iter()
        .filter(|c| c.kind == navforge_core::model::ConnectionKind::External)
        .map(|c| {
            assert_ne!(c.to & navforge_tes::EXTERNAL_TARGET, 0);
            (c.to >> 16) & 0xFFFF_FFFF
        })
        .collect();
    assert!(targets.contains(&0x000B_83DD), "{targets:x?}");
    assert!(targets.contains(&0x000F_26CC), "{targets:x?}");
}

#[test]
fn fallout4_navmesh_decodes_height_and_grid() {
    let Some(files) = plugins() else { return };
    let path = files
        .iter()
        .find(|p| name(p) == "fo4_WorkshopFramework.esm")
        .unwrap();
    let doc = PluginDocument::read(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(doc.game(), "Fallout 4");
    let navs = doc.navmeshes();
    assert_eq!(navs.len(), 1);
    let nv = navs[0].nvnm.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(nv.version, 15);
    assert_eq!(nv.triangles.len(), 2);
    assert_eq!(nv.triangles[0].height.unwrap().get(), 170.0);
    assert_eq!(nv.triangles[0].flags, 0x0800);
    // The grid's top is the highest vertex plus the triangle height, not the highest vertex.
    assert_eq!(nv.grid.max[2].get(), -31.999_939 + 170.0);
    let mut again = nv.clone();
    again.recompute_grid().unwrap();
    assert_eq!(
        again.grid, nv.grid,
        "recomputing an untouched grid changes nothing"
    );
}

#[test]
fn games_are_told_apart_by_their_headers() {
    let Some(files) = plugins() else { return };
    let expected = [
        ("control_fo4_Blank.esp", "Fallout 4", 24),
        ("control_oblivion_Blank.esm", "Oblivion", 20),
        (
            "control_skyrim_Blank.esm",
            "form version 0 (early Skyrim or Fallout 3 CK), HEDR 0.94",
            24,
        ),
        ("control_skyrimse_Blank.esl", "Skyrim SE (light plugin)", 24),
        ("control_starfield_Blank.small.esm", "Starfield", 24),
        ("fo4_WorkshopFramework.esm", "Fallout 4", 24),
        ("skyrim_Campfire.esm", "Skyrim LE", 24),
        ("skyrim_Dwemer_Secrets.esp", "Skyrim LE", 24),
        ("skyrim_Frostfall.esp", "Skyrim LE", 24),
        ("skyrimse_Cheat_Room.esp", "Skyrim SE", 24),
        ("skyrimse_Free_Camera.esp", "Skyrim SE", 24),
    ];
    for (path, (file, game, hs)) in files.iter().zip(expected) {
        assert_eq!(name(path), file);
        let doc = PluginDocument::read(&std::fs::read(path).unwrap()).unwrap();
        assert_eq!(doc.game(), game, "{file}");
        assert_eq!(doc.header_size, hs, "{file}");
    }
    // The Skyrim blank's TES4 header carries a 65 536-byte ONAM behind an XXXX.
    let blank = PluginDocument::read(&std::fs::read(&files[2]).unwrap()).unwrap();
    let onam = blank.header.subrecord(b"ONAM").unwrap();
    assert!(onam.xxxx);
    assert_eq!(onam.data.len(), 65_536);
}

/// Recompression cannot promise the original bytes (which is why unchanged records keep theirs),
/// but at level 9 most records come out exactly as the Creation Kit wrote them.
#[test]
fn recompression_reproduces_most_creation_kit_streams() {
    use std::io::Read;
    let Some(files) = plugins() else { return };
    let (mut total, mut same) = (0, 0);
    for path in &files {
        let doc = PluginDocument::read(&std::fs::read(path).unwrap()).unwrap();
        for r in doc.records() {
            let Some(c) = &r.compressed else { continue };
            let mut data = Vec::new();
            flate2::read::ZlibDecoder::new(c.stream.as_slice())
                .read_to_end(&mut data)
                .unwrap();
            assert_eq!(data.len(), c.uncompressed_size as usize);
            total += 1;
            let again = navforge_tes::compress(&data);
            assert_eq!(&again[..2], &[0x78, 0xDA]);
            same += usize::from(again == c.stream.0);
        }
    }
    eprintln!("{same} of {total} compressed records recompress to identical bytes");
    assert_eq!(total, 106);
    assert!(same >= 70, "{same} of {total}");
}
