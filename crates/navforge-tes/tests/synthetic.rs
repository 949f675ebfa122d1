//! Hand-built plugins and navmeshes for what the corpus does not show: XXXX on records we edit,
//! lying compressed sizes, Oblivion headers, refused containers, consistency warnings.

use navforge_core::NavDocument;
use navforge_core::model::ConnectionKind;
use navforge_core::{F32, HexBytes};
use navforge_tes::*;
use std::io::Write;

fn sub(tag: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut v = tag.to_vec();
    v.extend_from_slice(&(data.len() as u16).to_le_bytes());
    v.extend_from_slice(data);
    v
}

fn big_sub(tag: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut v = b"XXXX".to_vec();
    v.extend_from_slice(&4u16.to_le_bytes());
    v.extend_from_slice(&(data.len() as u32).to_le_bytes());
    v.extend_from_slice(tag);
    v.extend_from_slice(&0u16.to_le_bytes());
    v.extend_from_slice(data);
    v
}

fn record(tag: &[u8; 4], flags: u32, id: u32, data: &[u8], hs: usize) -> Vec<u8> {
    let mut v = tag.to_vec();
    v.extend_from_slice(&(data.len() as u32).to_le_bytes());
    v.extend_from_slice(&flags.to_le_bytes());
    v.extend_from_slice(&id.to_le_bytes());
    v.extend_from_slice(&0x1234_5678u32.to_le_bytes());
    if hs == 24 {
        v.extend_from_slice(&[43, 0, 7, 0]);
    }
    v.extend_from_slice(data);
    v
}

fn group(label: &[u8; 4], kind: i32, children: &[u8], hs: usize) -> Vec<u8> {
    let mut v = b"GRUP".to_vec();
    v.extend_from_slice(&((hs + children.len()) as u32).to_le_bytes());
    v.extend_from_slice(label);
    v.extend_from_slice(&kind.to_le_bytes());
    v.extend_from_slice(&0xAABBu32.to_le_bytes());
    if hs == 24 {
        v.extend_from_slice(&0u32.to_le_bytes());
    }
    v.extend_from_slice(children);
    v
}

fn header(hs: usize) -> Vec<u8> {
    let mut hedr = 1.7f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&[1, 0, 0, 0, 0, 8, 0, 0]);
    record(b"TES4", 0, 0, &sub(b"HEDR", &hedr), hs)
}

fn plugin(body: &[u8]) -> Vec<u8> {
    let mut v = header(24);
    v.extend_from_slice(body);
    v
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn compressed(declared: u32, stream: &[u8]) -> Vec<u8> {
    let mut v = declared.to_le_bytes().to_vec();
    v.extend_from_slice(stream);
    v
}

/// A 100 × 100 square of two triangles, consistent in every way.
fn square(version: u32) -> NvnmDocument {
    let v = |x: f32, y: f32| [F32::new(x), F32::new(y), F32::new(0.0)];
    let fo4 = version == VERSION_FALLOUT4;
    let tri = |vertices: [u16; 3], edges: [i16; 3]| Triangle {
        vertices,
        edges,
        height: fo4.then_some(F32::new(0.0)),
        unknown: fo4.then_some(0),
        flags: 0x800,
        cover: 0,
    };
    NvnmDocument {
        version,
        crc: Hex32(0xA5E9_A03C),
        worldspace: Hex32(0),
        parent: Parent::Cell(Hex32(0x0100_0D68)),
        vertices: vec![v(0., 0.), v(100., 0.), v(100., 100.), v(0., 100.)],
        triangles: vec![tri([0, 1, 2], [-1, -1, 1]), tri([0, 2, 3], [0, -1, -1])],
        edge_links: vec![],
        door_links: vec![],
        cover: if fo4 {
            Cover::Fallout4 {
                cover_edges: vec![],
                cover_mappings: vec![],
                waypoints: vec![],
            }
        } else {
            Cover::Skyrim {
                cover_triangles: vec![],
            }
        },
        grid: Grid {
            divisor: 1,
            cell_size: [F32::new(100.0), F32::new(100.0)],
            min: [F32::new(0.0); 3],
            max: [F32::new(100.0), F32::new(100.0), F32::new(0.0)],
            cells: vec![vec![0, 1]],
        },
        tail: HexBytes::default(),
    }
}

#[test]
fn xxxx_subrecords_round_trip_and_appear_only_when_needed() {
    let big = vec![0x5Au8; 70_000];
    let data = plugin(&group(
        b"NAVM",
        0,
        &record(b"NAVM", 0, 0x10, &big_sub(b"NVNM", &big), 24),
        24,
    ));
    let mut doc = PluginDocument::read(&data).unwrap();
    let rec = doc.record_mut(b"NAVM", 0x10).unwrap();
    let s = rec.subrecord(b"NVNM").unwrap();
    assert!(s.xxxx);
    assert_eq!(s.data.len(), 70_000);
    assert_eq!(doc.write().unwrap(), data);

    // Small data: no XXXX any more, and the record and group shrink to fit.
    let rec = doc.record_mut(b"NAVM", 0x10).unwrap();
    rec.set_subrecord(b"NVNM", vec![1, 2, 3]).unwrap();
    let out = doc.write().unwrap();
    let expected = plugin(&group(
        b"NAVM",
        0,
        &record(b"NAVM", 0, 0x10, &sub(b"NVNM", &[1, 2, 3]), 24),
        24,
    ));
    assert_eq!(out, expected);

    // Large data on a plain subrecord: XXXX is written.
    let rec = doc.record_mut(b"NAVM", 0x10).unwrap();
    rec.set_subrecord(b"NVNM", big.clone()).unwrap();
    assert_eq!(doc.write().unwrap(), data);
}

#[test]
fn lying_decompressed_sizes_are_refused_before_allocating() {
    let fields = sub(b"EDID", b"hello\0");
    let stream = zlib(&fields);
    let ok = plugin(&group(
        b"STAT",
        0,
        &record(
            b"STAT",
            FLAG_COMPRESSED,
            1,
            &compressed(fields.len() as u32, &stream),
            24,
        ),
        24,
    ));
    assert_eq!(PluginDocument::read(&ok).unwrap().write().unwrap(), ok);

    let with = |declared: u32, stream: &[u8]| {
        let d = plugin(&group(
            b"STAT",
            0,
            &record(
                b"STAT",
                FLAG_COMPRESSED,
                1,
                &compressed(declared, stream),
                24,
            ),
            24,
        ));
        PluginDocument::read(&d).unwrap_err().to_string()
    };
    let e = with(u32::MAX, &stream);
    assert!(e.contains("cannot produce"), "{e}");
    let e = with(4, &stream);
    assert!(e.contains("more than the declared 4 bytes"), "{e}");
    let e = with(fields.len() as u32 + 10, &stream);
    assert!(e.contains("ends early") || e.contains("inflates to"), "{e}");
    let e = with(fields.len() as u32, &stream[..stream.len() / 2]);
    assert!(e.contains("ends early"), "{e}");
    let e = with(12, b"not zlib at all");
    assert!(e.contains("zlib"), "{e}");
    // Too short to hold the size.
    let d = plugin(&record(b"STAT", FLAG_COMPRESSED, 1, &[1, 2], 24));
    assert!(PluginDocument::read(&d).is_err());
}

#[test]
fn a_compressed_record_whose_fields_change_is_recompressed() {
    let fields = sub(b"EDID", b"hello\0");
    let stream = zlib(&fields);
    let data = plugin(&record(
        b"STAT",
        FLAG_COMPRESSED,
        1,
        &compressed(fields.len() as u32, &stream),
        24,
    ));
    let mut doc = PluginDocument::read(&data).unwrap();
    let rec = doc.record_mut(b"STAT", 1).unwrap();
    rec.set_subrecord(b"EDID", b"goodbye\0".to_vec()).unwrap();
    let out = doc.write().unwrap();
    let back = PluginDocument::read(&out).unwrap();
    let r = &back.records()[1];
    assert!(r.is_compressed());
    assert_eq!(r.subrecord(b"EDID").unwrap().data.as_slice(), b"goodbye\0");
    assert_eq!(
        r.compressed.as_ref().unwrap().uncompressed_size,
        sub(b"EDID", b"goodbye\0").len() as u32
    );
}

#[test]
fn oblivion_twenty_byte_headers() {
    let mut data = header(20);
    data.extend(group(
        b"BOOK",
        0,
        &record(b"BOOK", 0, 0x42, &sub(b"EDID", b"Book\0"), 20),
        20,
    ));
    assert!(sniff(&data));
    let doc = PluginDocument::read(&data).unwrap();
    assert_eq!(doc.header_size, 20);
    assert_eq!(doc.game(), "Oblivion");
    assert_eq!(doc.records().len(), 2);
    assert_eq!(doc.write().unwrap(), data);
}

#[test]
fn other_containers_are_refused_clearly() {
    let mut tes3 = b"TES3".to_vec();
    tes3.extend_from_slice(&[0; 40]);
    assert!(!sniff(&tes3));
    let e = PluginDocument::read(&tes3).unwrap_err().to_string();
    assert!(e.contains("Morrowind"), "{e}");
    let e = PluginDocument::read(b"RIFF\0\0\0\0")
        .unwrap_err()
        .to_string();
    assert!(e.contains("magic"), "{e}");
    let mut no_hedr = record(b"TES4", 0, 0, &sub(b"CNAM", b"x\0"), 24);
    no_hedr.extend_from_slice(&[0; 8]);
    let e = PluginDocument::read(&no_hedr).unwrap_err().to_string();
    assert!(e.contains("HEDR"), "{e}");
}

#[test]
fn broken_groups_are_errors_with_offsets() {
    let hs = header(24).len();
    // Size smaller than the group header.
    let mut g = group(b"STAT", 0, &[], 24);
    g[4..8].copy_from_slice(&10u32.to_le_bytes());
    let e = PluginDocument::read(&plugin(&g)).unwrap_err();
    assert_eq!(e.offset, hs as u64 + 4);
    assert!(e.to_string().contains("smaller than"), "{e}");
    // Size past the end of the file.
    let mut g = group(b"STAT", 0, &[], 24);
    g[4..8].copy_from_slice(&1000u32.to_le_bytes());
    assert!(PluginDocument::read(&plugin(&g)).is_err());
    // A record overrunning its group.
    let rec = record(b"STAT", 0, 1, &sub(b"EDID", b"x\0"), 24);
    let mut g = group(b"STAT", 0, &rec, 24);
    let n = g.len() as u32 - 3;
    g[4..8].copy_from_slice(&n.to_le_bytes());
    g.truncate(n as usize);
    let mut d = plugin(&g);
    d.extend_from_slice(&[0; 3]);
    assert!(PluginDocument::read(&d).is_err());
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    let mut inner = record(b"STAT", 0, 1, &[], 24);
    for _ in 0..10 {
        inner = group(b"STAT", 0, &inner, 24);
    }
    assert!(PluginDocument::read(&plugin(&inner)).is_ok());
    let mut inner = Vec::new();
    for _ in 0..10_000 {
        inner = group(b"STAT", 0, &inner, 24);
    }
    let e = PluginDocument::read(&plugin(&inner)).unwrap_err();
    assert!(e.to_string().contains("nested"), "{e}");
}

#[test]
fn raw_record_data_is_kept_when_it_is_not_subrecords() {
    let data = plugin(&record(b"STAT", 0, 1, &[1, 2, 3, 4, 5, 6, 7], 24));
    let doc = PluginDocument::read(&data).unwrap();
    assert!(matches!(doc.records()[1].fields, Fields::Raw(_)));
    assert_eq!(doc.write().unwrap(), data);
    let json = serde_json::to_string(&doc).unwrap();
    let back: PluginDocument = serde_json::from_str(&json).unwrap();
    assert_eq!(back.write().unwrap(), data);
}

#[test]
fn both_nvnm_versions_round_trip_and_check_clean() {
    for version in [VERSION_SKYRIM, VERSION_FALLOUT4] {
        let nv = square(version);
        let bytes = nv.write().unwrap();
        assert!(sniff_nvnm(&bytes));
        assert_eq!(
            bytes.len(),
            if version == 12 { 160 } else { 178 },
            "v{version}"
        );
        let back = NvnmDocument::read(&bytes).unwrap();
        assert_eq!(back, nv);
        assert_eq!(back.warnings(), Vec::<String>::new());
        let mut g = nv.clone();
        g.recompute_grid().unwrap();
        assert_eq!(g.grid, nv.grid);
    }
    let mut bad = square(VERSION_SKYRIM);
    bad.version = 11;
    assert!(bad.write().is_err());
    let mut bytes = square(VERSION_SKYRIM).write().unwrap();
    bytes[0] = 11;
    let e = NvnmDocument::read(&bytes).unwrap_err();
    assert!(e.to_string().contains("unsupported version 11"), "{e}");
}

#[test]
fn warnings_name_asymmetric_links_bad_indices_and_grid_gaps() {
    let mut nv = square(VERSION_SKYRIM);
    nv.triangles[1].edges[0] = -1; // triangle 0 still links to 1
    nv.triangles[0].vertices[1] = 9;
    nv.grid.cells[0] = vec![0, 7];
    let w = nv.warnings().join("\n");
    assert!(
        w.contains("asymmetric edge link: triangle 0 edge 2 -> triangle 1"),
        "{w}"
    );
    assert!(w.contains("triangle 0: vertex 9 out of range"), "{w}");
    assert!(w.contains("grid cell 0: triangle 7 out of range"), "{w}");
    assert!(w.contains("misses triangle 1"), "{w}");
    assert!(w.contains("triangle 1 is in no grid cell"), "{w}");
    let s = nv.summary();
    assert_eq!(s.warnings.len(), 5, "{:?}", s.warnings);

    // Recomputing the grid fixes the gap.
    let mut ok = square(VERSION_SKYRIM);
    ok.grid.cells[0] = vec![0];
    assert!(
        ok.warnings()
            .iter()
            .any(|w| w.contains("misses triangle 1"))
    );
    ok.recompute_grid().unwrap();
    assert_eq!(ok.warnings(), Vec::<String>::new());
}

#[test]
fn moving_a_vertex_recomputes_bounds_and_cells() {
    let mut nv = square(VERSION_SKYRIM);
    nv.grid.divisor = 2;
    nv.recompute_grid().unwrap();
    assert_eq!(nv.grid.cells.len(), 4);
    // Cell order is row (Y) major: cell 1 is x ∈ [50, 100], y ∈ [0, 50], below the diagonal
    // (triangle 1 only touches its corner); cell 2 is x ∈ [0, 50], y ∈ [50, 100], above it.
    assert_eq!(nv.grid.cells[0], vec![0, 1]);
    assert_eq!(nv.grid.cells[1][0], 0);
    assert_eq!(nv.grid.cells[2].last(), Some(&1));
    assert_eq!(nv.grid.cells[3], vec![0, 1]);
    nv.move_vertex(2, [200.0, 100.0, 30.0]).unwrap();
    assert_eq!(nv.grid.max[0].get(), 200.0);
    assert_eq!(nv.grid.max[2].get(), 30.0);
    assert_eq!(nv.grid.cell_size[0].get(), 100.0);
    assert_eq!(nv.warnings(), Vec::<String>::new());
    assert!(nv.move_vertex(9, [0.0; 3]).is_err());
}

#[test]
fn clearing_cover_updates_flags_and_lists() {
    let mut nv = square(VERSION_SKYRIM);
    nv.triangles[0].cover = 0x400F;
    nv.triangles[1].cover = 0x4180;
    nv.cover = Cover::Skyrim {
        cover_triangles: vec![0, 1],
    };
    let m = nv.to_model();
    let has = |a: &navforge_core::model::Area, name: &str| {
        m.attribute_names(a.attributes).iter().any(|n| n == name)
    };
    // The cover words sit above the triangle flags: edge 0-1's height in bits 16-19 (15: max),
    // edge 1-2's in bits 22-25 (6: 96 units).
    assert_eq!((m.areas[0].attributes >> 16) & 0xF, 15);
    assert!(has(&m.areas[0], "cover_autogen"));
    assert_eq!((m.areas[1].attributes >> 22) & 0xF, 6);
    assert!(has(&m.areas[0], "cover") && has(&m.areas[1], "cover"));
    nv.clear_cover(&[0]).unwrap();
    assert_eq!(nv.triangles[0].cover, 0);
    assert_eq!(nv.triangles[1].cover, 0x4180);
    assert_eq!(
        nv.cover,
        Cover::Skyrim {
            cover_triangles: vec![1]
        }
    );
    assert!(nv.clear_cover(&[5]).is_err());
}

#[test]
fn plugin_model_resolves_links_between_its_own_navmeshes_and_doors() {
    let mut a = square(VERSION_SKYRIM);
    a.triangles[0].edges[0] = 0;
    a.triangles[0].flags |= TRI_EDGE_LINK[0];
    a.edge_links.push(EdgeLink {
        kind: 0,
        navmesh: Hex32(0x21),
        triangle: 1,
        edge: None,
    });
    a.edge_links.push(EdgeLink {
        kind: 0,
        navmesh: Hex32(0x99),
        triangle: 1,
        edge: None,
    });
    a.triangles[1].edges[1] = 1;
    a.triangles[1].flags |= TRI_EDGE_LINK[1];
    a.door_links.push(DoorLink {
        triangle: 1,
        crc: Hex32(0xE48B_73F3),
        door: Hex32(0x0001_2345),
    });
    let b = square(VERSION_SKYRIM);
    let navm = |id: u32, nv: &NvnmDocument| {
        record(b"NAVM", 0, id, &sub(b"NVNM", &nv.write().unwrap()), 24)
    };
    let mut children = navm(0x20, &a);
    children.extend(navm(0x21, &b));
    let data = plugin(&group(b"CELL", 0, &children, 24));
    let doc = PluginDocument::read(&data).unwrap();
    let m = doc.to_model();
    assert_eq!(m.groups[0].name, "NAVM 0x00000020");
    assert_eq!(m.groups[1].name, "NAVM 0x00000021");
    assert_eq!(m.places, vec!["CELL 0x01000D68".to_string()]);
    let ext: Vec<_> = m
        .connections
        .iter()
        .filter(|c| c.kind == ConnectionKind::External)
        .collect();
    assert_eq!(ext.len(), 2);
    assert_eq!((ext[0].from, ext[0].to), (0, 1 << 32 | 1));
    assert_eq!(ext[1].to, EXTERNAL_TARGET | 0x99 << 16 | 1);
    let door: Vec<_> = m
        .connections
        .iter()
        .filter(|c| c.kind == ConnectionKind::Door)
        .collect();
    assert_eq!(door.len(), 1);
    assert_eq!((door[0].from, door[0].to), (1, DOOR_TARGET | 0x1_2345));
    let s = doc.summary();
    assert_eq!(s.counts.areas, 4);
    assert_eq!(s.counts.connections, m.connections.len() as u64);
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);

    // A large replacement NVNM on an uncompressed record gets an XXXX; the re-read matches.
    let mut doc = doc;
    let mut big = square(VERSION_SKYRIM);
    big.tail = HexBytes(vec![0; 70_000]);
    doc.set_nvnm(0x21, &big).unwrap();
    let out = doc.write().unwrap();
    let again = PluginDocument::read(&out).unwrap();
    assert_eq!(again.nvnm(0x21).unwrap(), big);
    assert_eq!(again.nvnm(0x20).unwrap(), a);
    assert!(out.windows(4).any(|w| w == b"XXXX"));
    assert!(doc.set_nvnm(0x77, &big).is_err());
}

#[test]
fn cover_set_through_the_model_joins_the_sorted_cover_list() {
    let mut nv = square(VERSION_SKYRIM);
    nv.triangles[1].cover = 0x4005;
    nv.cover = Cover::Skyrim {
        cover_triangles: vec![1],
    };
    let mut m = nv.to_model();
    m.areas[0].attributes |= 0x4180 << 16;
    m.areas[1].attributes &= 0xFFFF;
    assert!(nv.apply_model(&m, 0).unwrap());
    assert_eq!(nv.triangles[0].cover, 0x4180);
    assert_eq!(nv.triangles[1].cover, 0);
    assert_eq!(
        nv.cover,
        Cover::Skyrim {
            cover_triangles: vec![0]
        }
    );
    // Nothing to do a second time.
    let m = nv.to_model();
    assert!(!nv.apply_model(&m, 0).unwrap());
}

#[test]
fn fallout3_navmeshes_are_listed_but_not_decoded() {
    let mut data = sub(b"NVER", &11u32.to_le_bytes());
    data.extend(sub(b"NVVX", &[0; 12]));
    let d = plugin(&record(b"NAVM", 0, 0x30, &data, 24));
    let doc = PluginDocument::read(&d).unwrap();
    let navs = doc.navmeshes();
    assert!(navs[0].split_layout && navs[0].nvnm.is_none());
    let s = doc.summary();
    let text = s.details["navmeshes"][0]["nvnm"].as_str().unwrap();
    assert!(text.contains("New Vegas"), "{text}");
    assert_eq!(doc.write().unwrap(), d);
}
