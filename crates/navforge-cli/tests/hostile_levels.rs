//! Hostile levels through the binary (issue "Trust 2"): BSPs with a broken plane or faces, brush
//! sides or displacements that reuse the same records over and over, glTF files whose counts or
//! instancing ask for more than the file holds, OBJ soups of stacked copies, and nav meshes whose
//! areas are absurdly wide or make the approach search loop. Every input is made in code (or is
//! a corpus map with one record changed in memory). Each run is bounded: 2 GiB of address space
//! and a wall-clock limit, after which it is killed; an abort, a kill or a hang fails the test.
//! Point `NAVFORGE_BIN` at an older build to see them fail there.

mod common;

use navforge_core::Format;
use navforge_core::model::NavMesh;
use navforge_core::testing::{bounded, corpus_dir, square_area};
use std::path::{Path, PathBuf};
use std::process::Output;

const LIMIT_MIB: u64 = 2048;
/// Far past what any of these takes in a debug build when it works; a hang never ends.
const TIME_LIMIT_S: u32 = 240;

/// `navforge ARGS` under the memory bound, killed after the time limit.
fn bounded_navforge(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let program = common::command().get_program().to_owned();
    let mut cmd = bounded::command("timeout", LIMIT_MIB);
    cmd.args(["-s", "KILL", &TIME_LIMIT_S.to_string()])
        .arg(program);
    for a in args {
        cmd.arg(a);
    }
    cmd.output().expect("run navforge under sh and timeout")
}

/// Ended on its own with a result (0) or a refusal (1): not aborted (134), killed (137) or
/// stopped by the time limit.
fn assert_ended(out: &Output, what: &str) -> String {
    let err = common::stderr(out);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{what}: {} (134 is an abort, 137 a kill by the time or memory limit)\n{err}",
        out.status
    );
    err
}

/// Refused (exit 1) with a message that names `file` and each of `words`.
fn assert_refused(out: &Output, what: &str, file: &Path, words: &[&str]) -> String {
    let err = assert_ended(out, what);
    assert_eq!(out.status.code(), Some(1), "{what}: {err}");
    let name = file.file_name().unwrap().to_string_lossy();
    assert!(
        err.contains(name.as_ref()),
        "{what}: the file is named: {err}"
    );
    for w in words {
        assert!(err.contains(w), "{what}: `{w}` is named: {err}");
    }
    err
}

fn u32_at(d: &[u8], at: usize) -> usize {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap()) as usize
}

fn put_u32(d: &mut [u8], at: usize, v: usize) {
    d[at..at + 4].copy_from_slice(&(v as u32).to_le_bytes());
}

/// Byte offset of lump `i`'s directory entry (offset, length) in a BSP of this family.
fn dir_entry(d: &[u8], i: usize) -> usize {
    match &d[..4] {
        b"VBSP" => 8 + 16 * i,
        b"IBSP" => 8 + 8 * i,
        _ => 4 + 8 * i,
    }
}

/// Lump `i`: (offset, length).
fn lump(d: &[u8], i: usize) -> (usize, usize) {
    let e = dir_entry(d, i);
    (u32_at(d, e), u32_at(d, e + 4))
}

/// Point lump `i` at `bytes`, appended to the file.
fn replace_lump(d: &mut Vec<u8>, i: usize, bytes: &[u8]) {
    while !d.len().is_multiple_of(4) {
        d.push(0);
    }
    let at = d.len();
    d.extend_from_slice(bytes);
    let e = dir_entry(d, i);
    put_u32(d, e, at);
    put_u32(d, e + 4, bytes.len());
}

/// The map with the middle plane of its planes lump (lump 1 in every family) set to `plane`
/// (normal x, y, z, distance).
fn with_plane(map: &[u8], plane: [f32; 4]) -> Vec<u8> {
    let mut d = map.to_vec();
    let (off, len) = lump(&d, 1);
    let at = off + (len / 20 / 2) * 20;
    for (k, v) in plane.iter().enumerate() {
        d[at + 4 * k..at + 4 * k + 4].copy_from_slice(&v.to_le_bytes());
    }
    d
}

/// A Source `.nav` (CS:S) of `mesh`.
fn nav_of(mesh: &NavMesh) -> Vec<u8> {
    let options = navforge::BuildOptions::new(Some(navforge::Game::Css), None);
    navforge::build(Format::SourceNav, mesh, &options)
        .expect("builds")
        .bytes
}

/// One square area `size` units wide, centred on the origin at z = 0.
fn one_area(size: f32) -> NavMesh {
    NavMesh {
        areas: vec![square_area(1, [-size / 2.0, -size / 2.0, 0.0], size)],
        ..NavMesh::default()
    }
}

/// An OBJ vertex line for the Z-up point (x, y, z), written Y-up as OBJ files are.
fn v(x: i32, y: i32, z: i32) -> String {
    format!("v {x} {z} {}\n", -y)
}

/// An OBJ (Y-up) of a 2000-unit floor at z = 0 and a closed 40 × 40 × 70 box over the centre
/// from z = 30: an eye at the centre of an area there sees none of the area's corners.
fn room_obj() -> String {
    let mut obj = String::new();
    for (x, y) in [(-1000, -1000), (1000, -1000), (1000, 1000), (-1000, 1000)] {
        obj += &v(x, y, 0);
    }
    obj += "f 1 2 3\nf 1 3 4\n";
    for z in [30, 100] {
        for (x, y) in [(-20, -20), (20, -20), (20, 20), (-20, 20)] {
            obj += &v(x, y, z);
        }
    }
    // The box's vertices are 5..=12: bottom 5-8, top 9-12.
    for f in [
        [5, 7, 6],
        [5, 8, 7],
        [9, 10, 11],
        [9, 11, 12],
        [5, 6, 10],
        [5, 10, 9],
        [6, 7, 11],
        [6, 11, 10],
        [7, 8, 12],
        [7, 12, 11],
        [8, 5, 9],
        [8, 9, 12],
    ] {
        obj += &format!("f {} {} {}\n", f[0], f[1], f[2]);
    }
    obj
}

/// Write `bytes` to `name` in `dir`.
fn file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn a_broken_plane_is_refused_by_generate_and_analyze_in_every_quake_family() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let nav = file(tmp.path(), "one.nav", &nav_of(&one_area(200.0)));
    for map in [
        "quake1_example-bsp29.bsp",
        "goldsrc_example-halflife.bsp",
        "quake1_example-bsp2.bsp",
    ] {
        let real = std::fs::read(dir.join(map)).unwrap();
        for (what, plane) in [
            ("a NaN normal", [f32::NAN, 0.0, 0.0, 64.0]),
            ("an overflowing normal", [3.0e38, 3.0e38, 0.0, 64.0]),
            ("an overflowing distance", [0.0, 0.0, 1.0, 3.0e38]),
        ] {
            let bsp = file(
                tmp.path(),
                &format!("planed-{map}"),
                &with_plane(&real, plane),
            );
            let case = format!("{map} with {what}");
            let out_nav = tmp.path().join("out.nav");
            for args in [
                vec![
                    &"generate" as &dyn AsRef<std::ffi::OsStr>,
                    &bsp,
                    &"-o",
                    &out_nav,
                ],
                vec![
                    &"generate",
                    &bsp,
                    &"-o",
                    &out_nav,
                    &"--format",
                    &"source-nav",
                ],
                vec![&"analyze", &nav, &"--level", &bsp, &"-o", &out_nav],
                vec![&"info", &bsp],
            ] {
                let out = bounded_navforge(&args);
                let err = assert_refused(&out, &case, &bsp, &["planes[", "normal"]);
                assert!(
                    err.contains("at byte"),
                    "{case}: the offset is named: {err}"
                );
                assert!(!out_nav.exists(), "{case}: nothing written");
            }
        }
    }
}

#[test]
fn a_broken_plane_is_refused_in_brush_families() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    for map in ["quake2_mp_lobby.bsp", "source-tf2_mp_lobby.bsp"] {
        let real = std::fs::read(dir.join(map)).unwrap();
        let bsp = file(
            tmp.path(),
            map,
            &with_plane(&real, [f32::INFINITY, 0.0, 0.0, 0.0]),
        );
        let out = bounded_navforge(&[&"generate", &bsp, &"-o", &tmp.path().join("o.nav")]);
        assert_refused(&out, map, &bsp, &["planes[", "not finite"]);
    }
}

/// A BSP29 made in code: `lumps` in order, after the 124-byte header.
fn bsp29(lumps: &[Vec<u8>; 15]) -> Vec<u8> {
    let mut d = 29u32.to_le_bytes().to_vec();
    d.resize(4 + 15 * 8, 0);
    for (i, l) in lumps.iter().enumerate() {
        let at = d.len();
        d.extend_from_slice(l);
        put_u32(&mut d, 4 + 8 * i, at);
        put_u32(&mut d, 8 + 8 * i, l.len());
    }
    d
}

/// A BSP29 of `faces` faces that each span all `edges` surfedges: a "fan" of faces that would
/// need `faces * edges` corners.
fn bsp29_fan(faces: usize, edges: usize) -> Vec<u8> {
    let mut lumps: [Vec<u8>; 15] = Default::default();
    let f32s = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    lumps[1] = f32s(&[0.0, 0.0, 1.0, 0.0, 2.0]); // one plane (and its type as a float's bytes)
    lumps[3] = f32s(&[0.0, 0.0, 0.0, 64.0, 0.0, 0.0, 0.0, 64.0, 0.0]);
    lumps[12] = [0u16, 1, 1, 2, 2, 0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    lumps[13] = (0..edges)
        .flat_map(|k| ((k % 3) as i32).to_le_bytes())
        .collect();
    let mut face = [0u8; 20];
    face[8..10].copy_from_slice(&(edges as u16).to_le_bytes());
    lumps[7] = face.repeat(faces);
    // The world model: bounds, origin, hull heads -1 (leaves), its faces.
    let mut model = f32s(&[-64.0, -64.0, -64.0, 64.0, 64.0, 64.0, 0.0, 0.0, 0.0]);
    for _ in 0..4 {
        model.extend_from_slice(&(-1i32).to_le_bytes());
    }
    model.extend_from_slice(&1i32.to_le_bytes());
    model.extend_from_slice(&0i32.to_le_bytes());
    model.extend_from_slice(&(faces as i32).to_le_bytes());
    lumps[14] = model;
    bsp29(&lumps)
}

#[test]
fn a_fan_of_faces_is_refused_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    // 20,000 faces of 65,535 corners each: 1.3 billion corners from a 1.4 MB file.
    let bsp = file(tmp.path(), "fan.bsp", &bsp29_fan(20_000, 65_535));
    let nav = file(tmp.path(), "one.nav", &nav_of(&one_area(200.0)));
    for args in [
        vec![&"info" as &dyn AsRef<std::ffi::OsStr>, &bsp],
        vec![
            &"render",
            &nav,
            &"--level",
            &bsp,
            &"-o",
            &tmp.path().join("o.svg"),
        ],
    ] {
        let out = bounded_navforge(&args);
        assert_refused(
            &out,
            "a BSP29 face fan",
            &bsp,
            &["faces[", "reuse the same edges"],
        );
    }
    // The same faces without the fan still load: the limit is on reuse, not on size.
    let fine = file(tmp.path(), "fine.bsp", &bsp29_fan(4, 3_000));
    let out = bounded_navforge(&[&"info", &fine]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
}

#[test]
fn a_fan_of_vbsp_faces_and_displacements_is_refused_within_memory() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let real = std::fs::read(dir.join("source-tf2_test2.bsp")).unwrap();

    // Faces: 20,000 faces of 32,767 corners over one run of surfedges.
    let mut fan = real.clone();
    replace_lump(&mut fan, 13, &vec![0u8; 4 * 32_767]);
    let mut face = [0u8; 56];
    face[8..10].copy_from_slice(&32_767i16.to_le_bytes());
    face[12..14].copy_from_slice(&(-1i16).to_le_bytes());
    replace_lump(&mut fan, 7, &face.repeat(20_000));
    let fan = file(tmp.path(), "vbsp-fan.bsp", &fan);
    let out = bounded_navforge(&[&"info", &fan]);
    assert_refused(
        &out,
        "a VBSP face fan",
        &fan,
        &["faces[", "reuse the same edges"],
    );

    // Displacements: 100,000 of the finest grid (512 triangles each), all on the same vertices
    // and the same four-sided face.
    let (faces_at, faces_len) = lump(&real, 7);
    let quad = (0..faces_len / 56)
        .find(|&i| {
            i16::from_le_bytes([real[faces_at + 56 * i + 8], real[faces_at + 56 * i + 9]]) == 4
        })
        .expect("a four-sided face");
    let mut disp = real.clone();
    replace_lump(&mut disp, 33, &vec![0u8; 20 * 289]);
    let mut info = [0u8; 176];
    info[20..24].copy_from_slice(&4i32.to_le_bytes());
    info[36..38].copy_from_slice(&(quad as u16).to_le_bytes());
    replace_lump(&mut disp, 26, &info.repeat(100_000));
    let disp = file(tmp.path(), "vbsp-disp.bsp", &disp);
    let out = bounded_navforge(&[&"info", &disp]);
    assert_refused(
        &out,
        "VBSP displacements on one grid",
        &disp,
        &["dispinfo[", "reuse the same vertices"],
    );
}

#[test]
fn quake2_brushes_sharing_their_sides_are_refused_within_memory() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut d = std::fs::read(dir.join("quake2_mp_lobby.bsp")).unwrap();
    // 65,536 sides on plane 0, and 100,000 brushes of all of them: 6.5 billion sides.
    replace_lump(&mut d, 15, &vec![0u8; 4 * 65_536]);
    let mut brush = 0i32.to_le_bytes().to_vec();
    brush.extend_from_slice(&65_536i32.to_le_bytes());
    brush.extend_from_slice(&1i32.to_le_bytes());
    replace_lump(&mut d, 14, &brush.repeat(100_000));
    let bsp = file(tmp.path(), "shared-sides.bsp", &d);
    let out = bounded_navforge(&[&"info", &bsp]);
    assert_refused(
        &out,
        "shared brush sides",
        &bsp,
        &["brushes[", "reuse the same sides"],
    );
}

/// A GLB of `json` and a binary chunk `bin`.
fn glb(json: &serde_json::Value, bin: &[u8]) -> Vec<u8> {
    let mut j = serde_json::to_vec(json).unwrap();
    while !j.len().is_multiple_of(4) {
        j.push(b' ');
    }
    let mut b = bin.to_vec();
    while !b.len().is_multiple_of(4) {
        b.push(0);
    }
    let total = 12 + 8 + j.len() + 8 + b.len();
    let mut d = b"glTF".to_vec();
    d.extend_from_slice(&2u32.to_le_bytes());
    d.extend_from_slice(&(total as u32).to_le_bytes());
    d.extend_from_slice(&(j.len() as u32).to_le_bytes());
    d.extend_from_slice(b"JSON");
    d.extend_from_slice(&j);
    d.extend_from_slice(&(b.len() as u32).to_le_bytes());
    d.extend_from_slice(b"BIN\0");
    d.extend_from_slice(&b);
    d
}

/// One triangle's positions (three VEC3 floats) as a binary chunk.
fn triangle_bin() -> Vec<u8> {
    [0.0f32, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0, 100.0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect()
}

#[test]
fn a_glb_sparse_accessor_larger_than_the_file_is_refused_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let json = serde_json::json!({
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": 36}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}],
        "accessors": [{
            "componentType": 5126, "count": 4_000_000_000u64, "type": "VEC3",
            "sparse": {"count": 1,
                "indices": {"bufferView": 0, "componentType": 5125},
                "values": {"bufferView": 0}}
        }],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "nodes": [{"mesh": 0}],
        "scenes": [{"nodes": [0]}],
        "scene": 0
    });
    let path = file(tmp.path(), "sparse.glb", &glb(&json, &triangle_bin()));
    for args in [
        vec![&"info" as &dyn AsRef<std::ffi::OsStr>, &path],
        vec![&"generate", &path, &"-o", &tmp.path().join("o.nav")],
    ] {
        let out = bounded_navforge(&args);
        let err = assert_refused(&out, "a sparse accessor", &path, &["accessors[0].count"]);
        assert!(!err.contains("bsp field"), "a glTF is no BSP: {err}");
        assert!(!err.contains("at byte 0"), "no made-up offset: {err}");
    }
}

#[test]
fn a_million_instanced_glb_nodes_end_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    // One mesh of 16 triangles, instanced by a million nodes: 16 million triangles.
    let n = 1_000_000;
    let nodes: Vec<serde_json::Value> = (0..n).map(|_| serde_json::json!({"mesh": 0})).collect();
    let json = serde_json::json!({
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": 576}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 576}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 48, "type": "VEC3",
            "min": [0.0, 0.0, 0.0], "max": [100.0, 0.0, 100.0]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "nodes": nodes,
        "scenes": [{"nodes": (0..n).collect::<Vec<usize>>()}],
        "scene": 0
    });
    let path = file(
        tmp.path(),
        "instanced.glb",
        &glb(&json, &triangle_bin().repeat(16)),
    );
    let out = bounded_navforge(&[&"info", &path]);
    assert_refused(
        &out,
        "instanced nodes",
        &path,
        &["nodes[", "(instanced nodes)"],
    );
}

#[test]
fn an_obj_of_stacked_copies_generates_within_bounds() {
    let tmp = tempfile::tempdir().unwrap();
    let mut obj = String::new();
    for (x, y) in [(-500, -500), (500, -500), (500, 500), (-500, 500)] {
        obj += &v(x, y, 0);
    }
    for _ in 0..25_000 {
        obj += "f 1 2 3\nf 1 3 4\n";
    }
    let path = file(tmp.path(), "stacked.obj", obj.as_bytes());
    let nav = tmp.path().join("stacked.nav");
    let out = bounded_navforge(&[
        &"generate",
        &path,
        &"-o",
        &nav,
        &"--seed-everywhere",
        &"--format",
        &"source-nav",
    ]);
    let err = assert_ended(&out, "50,000 copies of two triangles");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(nav.exists());
}

#[test]
fn approach_ends_when_an_area_is_its_own_far_goal() {
    let tmp = tempfile::tempdir().unwrap();
    let room = file(tmp.path(), "room.obj", room_obj().as_bytes());
    // One 400-unit area (a far goal of itself) whose eye, in the box, sees none of its corners.
    let nav = file(tmp.path(), "one.nav", &nav_of(&one_area(400.0)));
    let out_nav = tmp.path().join("out.nav");
    let out = bounded_navforge(&[
        &"analyze",
        &nav,
        &"--level",
        &room,
        &"-o",
        &out_nav,
        &"--only",
        &"approach",
    ]);
    let err = assert_ended(&out, "approach on a one-area mesh");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(out_nav.exists());
}

#[test]
fn analyze_refuses_an_absurdly_wide_area_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let room = file(tmp.path(), "room.obj", room_obj().as_bytes());
    for (name, size, words) in [
        ("wide.nav", 2.0e6, &["area 1", "131072"][..]),
        ("not-so-wide.nav", 200_000.0, &["area 1", "samples"][..]),
    ] {
        let nav = file(tmp.path(), name, &nav_of(&one_area(size)));
        let out_nav = tmp.path().join("out.nav");
        let out = bounded_navforge(&[&"analyze", &nav, &"--level", &room, &"-o", &out_nav]);
        assert_refused(&out, name, &nav, words);
        assert!(!out_nav.exists(), "{name}: nothing written");
    }
}

#[test]
fn incremental_generation_refuses_an_absurdly_wide_area_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let room = file(tmp.path(), "room.obj", room_obj().as_bytes());
    let nav = file(tmp.path(), "wide.nav", &nav_of(&one_area(2.0e20)));
    let out_nav = tmp.path().join("out.nav");
    let out = bounded_navforge(&[
        &"generate",
        &room,
        &"-o",
        &out_nav,
        &"--incremental",
        &nav,
        &"--mark",
        &"500,500,0",
    ]);
    // The fault is in the .nav, so the error names it (not the level).
    assert_refused(
        &out,
        "an area 2e20 wide",
        &nav,
        &["area 1", "existing mesh"],
    );
    assert!(!out_nav.exists());
}

#[test]
fn a_broken_glb_is_reported_as_glb_with_its_field() {
    let tmp = tempfile::tempdir().unwrap();
    let json = serde_json::json!({
        "asset": {"version": "2.0"},
        "accessors": [{"bufferView": 7, "componentType": 5126, "count": 3, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "nodes": [{"mesh": 0}],
        "scenes": [{"nodes": [0]}]
    });
    let path = file(tmp.path(), "broken.glb", &glb(&json, &[]));
    let out = bounded_navforge(&[&"info", &path]);
    let err = assert_refused(
        &out,
        "a broken .glb",
        &path,
        &["glb field `bufferView`", "7"],
    );
    assert!(!err.contains("bsp"), "a glTF is no BSP: {err}");
}

#[test]
fn a_glb_node_that_lists_itself_many_times_ends_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    // Node 0 is its own child 100,000 times: each visit would push 100,000 more.
    let json = serde_json::json!({
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": 36}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
            "min": [0.0, 0.0, 0.0], "max": [100.0, 0.0, 100.0]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "nodes": [{"mesh": 0, "children": vec![0; 100_000]}],
        "scenes": [{"nodes": [0]}],
        "scene": 0
    });
    let path = file(tmp.path(), "cycle.glb", &glb(&json, &triangle_bin()));
    let out = bounded_navforge(&[&"info", &path]);
    assert_refused(&out, "a node cycle", &path, &["nodes[0]"]);
}
