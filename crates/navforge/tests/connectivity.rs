//! A converted mesh is as connected as its source: every corpus mesh with areas, built as a
//! Bethesda plugin and as an MGSV `.nav2`, read back with exactly as many connected components.
//!
//! A triangle mesh joins two areas only where they share an edge, so the source's components are
//! counted over the connections whose two areas touch along a piece of boundary (jumps across
//! gaps and drops off ledges have no triangles to join). The touch test here is brute force over
//! the polygons, independent of the triangulation, with its distances in the mesh's units. In
//! a triangle format (MGSV, Bethesda) every connection is a shared edge already: the file says
//! the faces touch, whatever its quantisation did to the corners.
//!
//! Y-up sources (OBJ level geometry, MGSV) are also checked to come out with the floor flat, in the
//! axes of each target.

use navforge::{BuildOptions, Document, build};
use navforge_core::Format;
use navforge_core::model::NavMesh;
use navforge_core::testing::corpus_files;
use navforge_core::triangulate::Tolerances;
use navforge_core::union_find::UnionFind;
use std::collections::HashMap;

/// Whether edge `r`–`s` runs along edge `p`–`q` (horizontally within the on-edge distance) for
/// more than that distance, with heights within a step where they overlap.
fn along(p: [f32; 3], q: [f32; 3], r: [f32; 3], s: [f32; 3], tol: &Tolerances) -> bool {
    let d = [f64::from(q[0] - p[0]), f64::from(q[1] - p[1])];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    if len <= f64::from(tol.on_edge) {
        return false;
    }
    let on_line = |x: [f32; 3]| {
        let w = [f64::from(x[0] - p[0]), f64::from(x[1] - p[1])];
        let t = (w[0] * d[0] + w[1] * d[1]) / (len * len);
        let off = (w[0] * d[1] - w[1] * d[0]).abs() / len;
        (t, off)
    };
    let ((tr, or), (ts, os)) = (on_line(r), on_line(s));
    let on_edge = f64::from(tol.on_edge);
    if or > on_edge || os > on_edge {
        return false;
    }
    let (lo, hi) = (tr.min(ts).max(0.0), tr.max(ts).min(1.0));
    if (hi - lo) * len <= on_edge {
        return false;
    }
    // Heights of both edges at the ends of the overlap.
    let z_pq = |t: f64| f64::from(p[2]) + t * f64::from(q[2] - p[2]);
    let z_rs = |t: f64| {
        let u = if (ts - tr).abs() > 1e-12 {
            (t - tr) / (ts - tr)
        } else {
            0.0
        };
        f64::from(r[2]) + u * f64::from(s[2] - r[2])
    };
    [lo, hi]
        .iter()
        .all(|&t| (z_pq(t) - z_rs(t)).abs() <= f64::from(tol.step))
}

/// Whether two polygons share a piece of boundary.
fn touch(a: &[[f32; 3]], b: &[[f32; 3]], tol: &Tolerances) -> bool {
    let edges = |p: &[[f32; 3]]| -> Vec<([f32; 3], [f32; 3])> {
        (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
    };
    edges(a).iter().any(|&(p, q)| {
        edges(b)
            .iter()
            .any(|&(r, s)| along(p, q, r, s, tol) || along(r, s, p, q, tol))
    })
}

/// Components of the mesh's areas over the connections whose areas touch (all touching areas when
/// the mesh has no connections, as a raw triangle mesh has none).
fn source_components(mesh: &NavMesh) -> usize {
    let tol = Tolerances::of(mesh.format);
    let faces = matches!(mesh.format, Some(Format::MgsvNav2 | Format::TesPlugin));
    let mesh = mesh.to_z_up();
    let index: HashMap<u64, usize> = mesh
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id, i))
        .collect();
    let mut p = UnionFind::new(mesh.areas.len());
    let poly = |i: usize| mesh.areas[i].polygon.as_slice();
    if mesh.connections.is_empty() {
        for i in 0..mesh.areas.len() {
            for j in i + 1..mesh.areas.len() {
                if touch(poly(i), poly(j), &tol) {
                    p.union(i, j);
                }
            }
        }
    }
    for c in &mesh.connections {
        if let (Some(&a), Some(&b)) = (index.get(&c.from), index.get(&c.to))
            && (faces || touch(poly(a), poly(b), &tol))
        {
            p.union(a, b);
        }
    }
    p.count()
}

fn meshes() -> Option<Vec<(String, NavMesh)>> {
    let mut files = Vec::new();
    for (dir, ext) in [
        ("source-nav", ".nav"),
        ("level-pairs", ".nav"),
        ("mgsv-nav2", ".nav2"),
        ("tes-plugin", ".esp"),
        ("tes-plugin", ".esm"),
        ("tes-plugin", ".esl"),
    ] {
        files.extend(corpus_files(dir, ext)?);
    }
    Some(
        files
            .into_iter()
            .filter_map(|f| {
                let doc = Document::read(&std::fs::read(&f).unwrap()).unwrap();
                let mesh = doc.to_model();
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                (!mesh.areas.is_empty()).then_some((name, mesh))
            })
            .collect(),
    )
}

#[test]
fn every_corpus_mesh_converts_to_triangles_exactly_as_connected() {
    let Some(meshes) = meshes() else { return };
    let mut failures = Vec::new();
    for (name, mesh) in &meshes {
        let source = source_components(mesh);
        for format in [Format::TesPlugin, Format::MgsvNav2] {
            let built = build(format, mesh, &BuildOptions::default())
                .unwrap_or_else(|e| panic!("{name} -> {format}: {e}"));
            let back = Document::read(&built.bytes).unwrap().to_model();
            let got = back.area_sets().count();
            eprintln!(
                "{name} -> {format}: {} areas, {source} components -> {got}",
                mesh.areas.len()
            );
            if got != source {
                failures.push(format!("{name} -> {format}: {source} -> {got}"));
            }
        }
    }
    assert!(meshes.len() >= 50, "{} meshes", meshes.len());
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Each axis's lowest and highest coordinate over the areas' corners.
fn bounds(mesh: &NavMesh) -> [(f32, f32); 3] {
    let mut b = [(f32::MAX, f32::MIN); 3];
    for p in mesh.areas.iter().flat_map(|a| &a.polygon) {
        for (axis, (lo, hi)) in b.iter_mut().enumerate() {
            *lo = lo.min(p[axis]);
            *hi = hi.max(p[axis]);
        }
    }
    b
}

/// Y-up meshes (Recast's OBJ level geometry, MGSV `.nav2`) are turned when they go into a Z-up
/// format: in a plugin every axis's bounds are the source's turned to Z up (`(x, y, z)` to
/// `(x, -z, y)`), so its height range is the source's Y range, not a side view; in a `.nav2`
/// (Y up) they stay as they were. Every source here has different Y and Z ranges, so a
/// conversion that forgot to turn fails.
#[test]
fn y_up_meshes_keep_their_floor_flat_in_both_triangle_formats() {
    let Some(objs) = corpus_files("geometry-obj", ".obj") else {
        return;
    };
    let Some(navs) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    let mut sources = Vec::new();
    for f in &objs {
        let soup = navforge::read_obj(&std::fs::read(f).unwrap()).unwrap();
        sources.push((f.clone(), soup.to_model()));
    }
    for f in &navs {
        let mesh = Document::read(&std::fs::read(f).unwrap())
            .unwrap()
            .to_model();
        if !mesh.areas.is_empty() {
            sources.push((f.clone(), mesh));
        }
    }
    assert!(sources.len() >= 4, "{} Y-up meshes", sources.len());
    for (f, mesh) in &sources {
        assert!(!mesh.is_z_up(), "{}", f.display());
        let [_, (y0, y1), (z0, z1)] = bounds(mesh);
        let (up, across) = (y1 - y0, z1 - z0);
        assert!(
            (up - across).abs() > 0.05 * up.max(across),
            "{}: Y range {up} and Z range {across} too alike to tell a turn",
            f.display()
        );
        for format in [Format::TesPlugin, Format::MgsvNav2] {
            let built = build(format, mesh, &BuildOptions::default()).unwrap();
            let back = Document::read(&built.bytes).unwrap().to_model();
            let want = if format.is_z_up() {
                bounds(&mesh.to_z_up())
            } else {
                bounds(mesh)
            };
            let got = bounds(&back);
            let size = want.iter().map(|(lo, hi)| hi - lo).fold(1.0f32, f32::max);
            for axis in 0..3 {
                let (w, g) = (want[axis], got[axis]);
                assert!(
                    (w.0 - g.0).abs() <= 0.01 * size && (w.1 - g.1).abs() <= 0.01 * size,
                    "{} -> {format}: axis {axis} spans {g:?}, the source turned spans {w:?}",
                    f.display()
                );
            }
        }
    }
}
