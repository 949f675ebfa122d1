//! OBJ -> nav2 -> mesh on the corpus OBJs, and the structural rules of formats.md §4.8.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_mgsv::{Adjacent, EntryBody, Nav2Document, from_triangles};
use std::collections::{HashMap, HashSet};

mod common;

type Mesh = (Vec<[f32; 3]>, Vec<[u32; 3]>);
type Tri = [[f32; 3]; 3];
type Key = (i64, i64, i64);
type KeyFn<'a> = &'a dyn Fn(&Tri) -> Key;

/// A tiny OBJ reader: `v` and `f` lines, polygons fanned, negative indices allowed.
fn parse_obj(text: &str) -> Mesh {
    let mut v = Vec::new();
    let mut t = Vec::new();
    for line in text.lines() {
        let mut it = line.split_whitespace();
        match it.next() {
            Some("v") => {
                let c: Vec<f32> = it.take(3).map(|x| x.parse().unwrap()).collect();
                v.push([c[0], c[1], c[2]]);
            }
            Some("f") => {
                let idx: Vec<u32> = it
                    .map(|s| {
                        let i: i64 = s.split('/').next().unwrap().parse().unwrap();
                        (if i < 0 { v.len() as i64 + i } else { i - 1 }) as u32
                    })
                    .collect();
                for k in 1..idx.len() - 1 {
                    t.push([idx[0], idx[k], idx[k + 1]]);
                }
            }
            _ => {}
        }
    }
    (v, t)
}

fn obj_files() -> Option<Vec<std::path::PathBuf>> {
    corpus_files("geometry-obj", ".obj")
}

/// formats.md §4.8 ([`common::check_layout`]) plus what navforge's builder writes the way the
/// game's files do.
fn check_structure(doc: &Nav2Document, bytes: &[u8]) {
    common::check_layout(doc, bytes);
    let h = &doc.header;
    assert_eq!(doc.entries.len(), doc.manifest.group_count as usize * 4);
    let expect =
        u64::from(h.end_of_header) + doc.entries.iter().map(|e| u64::from(e.next)).sum::<u64>();
    let groups: HashSet<u8> = doc.entries.iter().map(|e| e.group_id).collect();
    for g in groups {
        let entries = doc.group(g);
        let (Some(w), Some(c), Some(s), Some(sg)) = (
            entries.nav_world,
            entries.navmesh,
            entries.segments,
            entries.graph,
        ) else {
            panic!("group {g} lacks an entry")
        };
        assert_eq!(
            w.segment_count as u32, s.entry_count,
            "NavWorld ss5Count = segments"
        );
        assert!(
            sg.node_count <= s.entry_count,
            "SegmentGraph nodes ≤ segments"
        );
        assert_eq!(w.ss1, 48);
        assert_eq!(c.ss1, 32);
        assert_eq!(s.ss1, 16);
        assert_eq!(sg.ss1, 32);
        for off in [
            w.ss2, w.ss3, w.ss4, w.ss5, w.ss6, c.ss2, c.ss3, s.ss2, sg.ss2, sg.ss3,
        ] {
            assert_eq!(off % 16, 0, "subsections 16-aligned");
        }
        // Game convention: one node per segment edge, nodes numbered by the segments' edge offsets.
        let sum_edges: u32 = s.segments.iter().map(|x| x.edge_count as u32).sum();
        assert_eq!(w.point_count as u32, sum_edges);
        assert_eq!(w.edge_count as usize, c.faces.len() * 3);
        let mut corner = 0u32;
        for seg in &s.segments {
            assert_eq!(seg.u3 as u32, corner);
            assert_eq!(seg.u7 as u32, seg.face_count as u32 * 3);
            corner += seg.u7 as u32;
        }
        for (i, n) in w.nodes.iter().enumerate() {
            let seg = &s.segments[n.segment as usize];
            assert!((seg.u4 as usize..seg.u4 as usize + seg.edge_count as usize).contains(&i));
        }
        // As in the game's files: reverse-edge bytes, positions on NavWorld nodes, shared edges
        // are edges with a twin node in the neighbouring segment.
        for (i, a) in sg.adjacency.iter().enumerate() {
            for e in &a.edges {
                assert_eq!(
                    sg.adjacency[e.node as usize].edges[e.reverse as usize].node as usize,
                    i
                );
                assert!(!e.shared.is_empty());
                let seg = &s.segments[i];
                for &local in e.shared.as_slice() {
                    let node = seg.u4 as usize + local as usize;
                    let twins = &w.adjacency[node].b;
                    assert!(twins.iter().any(|&t| w.nodes[t as usize].segment == e.node));
                }
            }
        }
        for (si, p) in sg.positions.iter().enumerate() {
            assert!(
                w.points
                    .iter()
                    .zip(&w.nodes)
                    .any(|(q, n)| q == p && n.segment as usize == si)
            );
        }
    }
    // Section2 entry 0: components whose segment counts sum to all segments, each represented
    // by a NavWorld node at the same position; it sits between the entries and the NavSystem.
    assert_eq!(h.section2_entry_count, 1);
    assert_eq!(
        h.section2_offset as u64, expect,
        "Section2 follows the last entry"
    );
    let s2 = &doc.section2[0];
    let total_segments: usize = doc
        .entries
        .iter()
        .filter_map(|e| match &e.body {
            EntryBody::SegmentChunk(s) => Some(s.segments.len()),
            _ => None,
        })
        .sum();
    assert_eq!(
        s2.ss4_items.iter().map(|&x| x as usize).sum::<usize>(),
        total_segments
    );
    for (n, r) in s2.nodes.iter().zip(&s2.ss3_items) {
        let w = doc
            .entries
            .iter()
            .find_map(|e| match &e.body {
                EntryBody::NavWorld(w) if e.group_id as u16 == r[0] => Some(w),
                _ => None,
            })
            .unwrap();
        assert_eq!(w.points[r[3] as usize], n.position);
        assert_eq!(w.nodes[r[3] as usize].segment, r[2]);
    }
    let ns = doc.nav_system.as_ref().expect("nav system");
    assert_eq!(ns.ss1, 48);
    assert_eq!(ns.cells.len() as u32, ns.cells_x * ns.cells_z);
    assert_eq!(
        h.nav_system_offset as u64 + ns.ss3 as u64,
        bytes.len() as u64,
        "NavSystem last"
    );
}

#[test]
fn obj_to_nav2_to_mesh_on_corpus_objs() {
    let Some(files) = obj_files() else { return };
    assert_eq!(files.len(), 3);
    for f in files {
        let (v, t) = parse_obj(&std::fs::read_to_string(&f).unwrap());
        let doc = from_triangles(&v, &t).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let bytes = doc.write().unwrap();
        let back = Nav2Document::read(&bytes).unwrap();
        assert_eq!(
            back,
            doc,
            "{}: re-read document equals the built one",
            f.display()
        );
        assert_eq!(back.write().unwrap(), bytes);
        assert!(back.gaps.is_empty(), "no stray bytes");
        check_structure(&back, &bytes);
        let summary = back.summary();
        assert!(
            summary.warnings.is_empty(),
            "{}: {:?}",
            f.display(),
            summary.warnings
        );

        // Same mesh within quantisation error: every input triangle comes back, in world space.
        let mesh = back.mesh();
        let tol: [f32; 3] = std::array::from_fn(|i| 0.51 / back.header.divisors[i] as f32 + 1e-3);
        let nondeg = t
            .iter()
            .filter(|x| x[0] != x[1] && x[1] != x[2] && x[0] != x[2])
            .count();
        let total: usize = mesh.groups.iter().map(|g| g.faces.len()).sum();
        assert_eq!(total, nondeg, "{}: face count", f.display());
        let mut got: Vec<[[f32; 3]; 3]> = Vec::new();
        for g in &mesh.groups {
            for (fi, face) in g.faces.iter().enumerate() {
                assert_eq!(face.vertices.len(), 3);
                got.push(std::array::from_fn(|k| {
                    g.vertices[face.vertices[k] as usize]
                }));
                // Adjacency symmetric within the group.
                for (k, a) in face.adjacent.iter().enumerate() {
                    if let Adjacent::Face(o) = a {
                        let other = &g.faces[*o as usize];
                        assert!(
                            other.adjacent.contains(&Adjacent::Face(fi as u32)),
                            "face {fi} edge {k} -> {o} not mutual"
                        );
                    }
                }
            }
        }
        // Compare in input order: groups/segments reorder faces, so match by sorted centroid keys.
        let key = |tri: &[[f32; 3]; 3]| {
            let c: [f32; 3] = std::array::from_fn(|i| (tri[0][i] + tri[1][i] + tri[2][i]) / 3.0);
            (
                (c[0] * 4.0).round() as i64,
                (c[1] * 4.0).round() as i64,
                (c[2] * 4.0).round() as i64,
            )
        };
        let mut by_key: HashMap<_, Vec<[[f32; 3]; 3]>> = HashMap::new();
        for tri in &got {
            by_key.entry(key(tri)).or_default().push(*tri);
        }
        let mut worst = 0f32;
        for x in t
            .iter()
            .filter(|x| x[0] != x[1] && x[1] != x[2] && x[0] != x[2])
        {
            let src: [[f32; 3]; 3] = std::array::from_fn(|k| v[x[k] as usize]);
            let found = got_near(&by_key, &src, &tol, &key, &mut worst);
            assert!(
                found,
                "{}: triangle {:?} not found within quantisation error",
                f.display(),
                src
            );
        }
        eprintln!(
            "{}: {} faces, {} groups, {} bytes, worst corner error {worst}",
            f.display(),
            total,
            mesh.groups.len(),
            bytes.len()
        );
    }
}

fn got_near(
    by_key: &HashMap<Key, Vec<Tri>>,
    src: &[[f32; 3]; 3],
    tol: &[f32; 3],
    key: KeyFn,
    worst: &mut f32,
) -> bool {
    let (kx, ky, kz) = key(src);
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                for cand in by_key
                    .get(&(kx + dx, ky + dy, kz + dz))
                    .into_iter()
                    .flatten()
                {
                    let ok =
                        (0..3).all(|k| (0..3).all(|i| (cand[k][i] - src[k][i]).abs() <= tol[i]));
                    if ok {
                        for k in 0..3 {
                            for i in 0..3 {
                                *worst = worst.max((cand[k][i] - src[k][i]).abs());
                            }
                        }
                        return true;
                    }
                }
            }
        }
    }
    false
}

#[test]
fn small_quad_builds_and_decodes_exactly() {
    let v = [
        [0.0, 0.0, 0.0],
        [10.0, 0.0, 0.0],
        [10.0, 2.0, 10.0],
        [0.0, 2.0, 10.0],
    ];
    let t = [[0, 1, 2], [0, 2, 3]];
    let doc = from_triangles(&v, &t).unwrap();
    let bytes = doc.write().unwrap();
    check_structure(&Nav2Document::read(&bytes).unwrap(), &bytes);
    let mesh = doc.mesh();
    let g = &mesh.groups[0];
    assert_eq!(g.faces.len(), 2);
    assert_eq!(g.faces[0].adjacent[2], Adjacent::Face(1));
    assert_eq!(g.faces[1].adjacent[0], Adjacent::Face(0));
    // 5 distinct edges -> 5 NavWorld nodes, 6 NavWorld edges (3 per face).
    assert_eq!(g.nodes.len(), 5);
    assert_eq!(g.edges.len(), 6);
    assert!(
        g.vertices
            .iter()
            .any(|p| (p[0] - 10.0).abs() < 1e-3 && (p[2] - 10.0).abs() < 1e-3)
    );
    // Weight = distance × header u1h.
    let e = &g.edges[0];
    let d = {
        let (a, b) = (
            g.nodes[e.from as usize].position,
            g.nodes[e.to as usize].position,
        );
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    };
    assert!((e.weight as f32 - d * doc.header.u1h as f32).abs() <= 1.0);
    assert!(from_triangles(&v, &[[0, 1, 9]]).is_err());
    assert!(from_triangles(&v, &[]).is_err());
    assert!(from_triangles(&[[f32::NAN, 0.0, 0.0]], &[[0, 0, 0]]).is_err());
}

#[test]
fn random_triangle_soups_build_or_fail_cleanly() {
    // Non-manifold edges, duplicate and degenerate triangles, flat and huge extents: the builder
    // returns a document that re-reads identically, or an error; it never panics.
    let mut rng = navforge_core::testing::Rng::new(4242);
    for case in 0..300 {
        let nv = 3 + rng.below(60);
        let scale = [0.0f32, 1e-3, 1.0, 1e4][rng.below(4)];
        let v: Vec<[f32; 3]> = (0..nv)
            .map(|_| std::array::from_fn(|_| (rng.below(1000) as f32 - 500.0) * scale))
            .collect();
        let nt = rng.below(200);
        let t: Vec<[u32; 3]> = (0..nt)
            .map(|_| std::array::from_fn(|_| rng.below(nv) as u32))
            .collect();
        match from_triangles(&v, &t) {
            Ok(doc) => {
                let bytes = doc.write().unwrap();
                let back = Nav2Document::read(&bytes).unwrap();
                if back != doc {
                    let (a, b) = (
                        serde_json::to_value(&back).unwrap(),
                        serde_json::to_value(&doc).unwrap(),
                    );
                    panic!(
                        "case {case}: re-read differs at {}",
                        first_diff(&a, &b, String::new())
                    );
                }
                check_structure(&back, &bytes);
                let w = back.summary().warnings;
                assert!(w.is_empty(), "case {case}: {w:?}");
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

fn first_diff(a: &serde_json::Value, b: &serde_json::Value, path: String) -> String {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if w != v => return first_diff(v, w, format!("{path}.{k}")),
                    None => return format!("{path}.{k} (missing)"),
                    _ => {}
                }
            }
            format!("{path} (keys)")
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return format!("{path} (len {} vs {})", x.len(), y.len());
            }
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if v != w {
                    return first_diff(v, w, format!("{path}[{i}]"));
                }
            }
            path
        }
        _ => format!("{path}: {a} vs {b}"),
    }
}
