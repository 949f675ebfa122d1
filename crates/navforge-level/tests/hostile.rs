//! Hostile values in every family: each corpus map that loads, with one plane or one vertex
//! changed in memory to a value no compiler writes, is refused naming the record and its offset;
//! OBJ soups with such vertices are refused naming the vertex; stacked copies of a triangle are
//! kept to a few.

use navforge_core::testing::corpus_files;
use navforge_level::{Level, LevelError, LoadOptions, UpAxis};

/// Every corpus BSP that loads as it is, with its bytes.
fn loading_bsps() -> Option<Vec<(String, Vec<u8>)>> {
    let mut files = corpus_files("bsp", ".bsp")?;
    files.extend(corpus_files("level-pairs", ".bsp").unwrap_or_default());
    let out: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(f).unwrap())
        })
        .filter(|(_, d)| Level::load(d, &LoadOptions::default()).is_ok())
        .collect();
    assert!(out.len() >= 10, "most corpus maps load: {}", out.len());
    Some(out)
}

fn u32_at(d: &[u8], at: usize) -> usize {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap()) as usize
}

/// (offset, length) of lump `i`, whatever the family.
fn lump(d: &[u8], i: usize) -> (usize, usize) {
    let e = match &d[..4] {
        b"VBSP" => 8 + 16 * i,
        b"IBSP" => 8 + 8 * i,
        _ => 4 + 8 * i,
    };
    // L4D2 maps swap the entry's first two fields: take the pair that lies inside the file.
    let (a, b) = (u32_at(d, e), u32_at(d, e + 4));
    if a + b <= d.len() {
        (a, b)
    } else {
        (b, u32_at(d, e + 8))
    }
}

/// The vertices lump of each family.
fn vertices_lump(d: &[u8]) -> usize {
    if &d[..4] == b"IBSP" { 2 } else { 3 }
}

fn set_floats(d: &mut [u8], at: usize, values: &[f32]) {
    for (k, v) in values.iter().enumerate() {
        d[at + 4 * k..at + 4 * k + 4].copy_from_slice(&v.to_le_bytes());
    }
}

fn assert_malformed(r: Result<Level, LevelError>, name: &str, field: &str, at: usize) {
    match r {
        Err(LevelError::Malformed {
            field: f, offset, ..
        }) => {
            assert!(f.starts_with(field), "{name}: {f}");
            assert_eq!(offset, at as u64, "{name}: {f} at the record's offset");
        }
        Err(e) => panic!("{name}: another error: {e}"),
        Ok(_) => panic!("{name}: loaded"),
    }
}

#[test]
fn a_broken_plane_is_refused_in_every_family() {
    let Some(maps) = loading_bsps() else { return };
    for (name, data) in &maps {
        let (off, len) = lump(data, 1);
        let index = len / 20 / 2;
        let at = off + 20 * index;
        for plane in [
            [f32::NAN, 0.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, f32::INFINITY],
            [3.0e38, 3.0e38, 0.0, 64.0],
            [1.0e-30, 0.0, 0.0, 64.0],
            [0.0, 0.0, 1.0, 3.0e38],
        ] {
            let mut d = data.clone();
            set_floats(&mut d, at, &plane);
            let r = Level::load(&d, &LoadOptions::default());
            assert_malformed(r, name, &format!("planes[{index}]"), at);
        }
    }
}

#[test]
fn a_broken_vertex_is_refused_in_every_family() {
    let Some(maps) = loading_bsps() else { return };
    for (name, data) in &maps {
        let (off, len) = lump(data, vertices_lump(data));
        let index = len / 12 / 2;
        let at = off + 12 * index;
        for p in [
            [f32::NAN, 0.0, 0.0],
            [0.0, f32::NEG_INFINITY, 0.0],
            [0.0, 0.0, 1.0e30],
        ] {
            let mut d = data.clone();
            set_floats(&mut d, at, &p);
            let r = Level::load(&d, &LoadOptions::default());
            assert_malformed(r, name, &format!("vertices[{index}]"), at);
        }
    }
}

#[test]
fn an_obj_vertex_past_the_world_is_refused_naming_it() {
    for bad in ["nan", "inf", "1e30"] {
        let obj = format!("v 0 0 0\nv 100 0 0\nv 0 {bad} 100\nf 1 2 3\n");
        match Level::load_with_up(obj.as_bytes(), UpAxis::Z) {
            Err(LevelError::Mesh { field, .. }) => assert!(field.contains("vertex 3"), "{field}"),
            Err(e) => panic!("{bad}: another error: {e}"),
            Ok(_) => panic!("{bad}: loaded"),
        }
    }
}

#[test]
fn stacked_copies_of_a_triangle_are_kept_to_a_few() {
    let mut obj = String::from("v 0 0 0\nv 100 0 0\nv 0 100 0\n");
    for _ in 0..1000 {
        obj += "f 1 2 3\nf 2 3 1\n";
    }
    // The other winding is another triangle (a face's back).
    obj += "f 1 3 2\n";
    let level = Level::load_with_up(obj.as_bytes(), UpAxis::Z).unwrap();
    assert_eq!(level.counts().triangles, 4 + 1);
}
