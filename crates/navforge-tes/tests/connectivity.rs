//! A plugin built from a corpus mesh is as connected as the mesh: triangles across T-junctions
//! between Source quads are neighbours, and MGSV's Y-up meshes lie flat.

use navforge_core::model::NavMesh;
use navforge_core::testing::corpus_files;
use navforge_core::{BuildFromModel, NavDocument};
use navforge_tes::{PluginDocument, TesBuildOptions};
use std::collections::HashMap;

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Whether corner `r` lies on the boundary of `poly` (horizontally within 0.05) at a height within
/// a step (18) of it: brute force, independent of the builder's index.
fn on_boundary(r: [f32; 3], poly: &[[f32; 3]]) -> bool {
    (0..poly.len()).any(|i| {
        let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
        let d = [q[0] - p[0], q[1] - p[1]];
        let len2 = d[0] * d[0] + d[1] * d[1];
        let w = [r[0] - p[0], r[1] - p[1]];
        let t = if len2 > 0.0 {
            ((w[0] * d[0] + w[1] * d[1]) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let c = [p[0] + t * d[0], p[1] + t * d[1], p[2] + t * (q[2] - p[2])];
        let dist = ((r[0] - c[0]).powi(2) + (r[1] - c[1]).powi(2)).sqrt();
        dist <= 0.05 && (r[2] - c[2]).abs() <= 18.0
    })
}

/// Whether two areas meet along an edge a navmesh can hold: two corners of one lie on the
/// other's boundary (or one corner each way).
fn walkable_contact(a: &[[f32; 3]], b: &[[f32; 3]]) -> bool {
    let n = a.iter().filter(|&&r| on_boundary(r, b)).count()
        + b.iter().filter(|&&r| on_boundary(r, a)).count();
    n >= 2
}

/// Components over the connections whose areas meet along an edge: what a navmesh can hold
/// (jumps across gaps, drops and climbs over a step have no triangles to join).
fn contact_components(mesh: &NavMesh) -> usize {
    let mut m = mesh.clone();
    let polygon: HashMap<u64, Vec<[f32; 3]>> = mesh
        .areas
        .iter()
        .map(|a| (a.id, a.polygon.clone()))
        .collect();
    m.connections
        .retain(|c| match (polygon.get(&c.from), polygon.get(&c.to)) {
            (Some(a), Some(b)) => walkable_contact(a, b),
            _ => false,
        });
    components(&m)
}

/// Connected components of a mesh's areas over its connections between areas (either direction).
fn components(mesh: &NavMesh) -> usize {
    let index: HashMap<u64, usize> = mesh
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id, i))
        .collect();
    let mut parent: Vec<usize> = (0..mesh.areas.len()).collect();
    for c in &mesh.connections {
        if let (Some(&a), Some(&b)) = (index.get(&c.from), index.get(&c.to)) {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    (0..parent.len())
        .filter(|&i| find(&mut parent, i) == i)
        .count()
}

/// Components of the source mesh over walkable contacts, and of the plugin built from it.
fn compare(mesh: &NavMesh) -> (usize, usize) {
    let built =
        <PluginDocument as BuildFromModel>::from_model(mesh, &TesBuildOptions::default()).unwrap();
    let bytes = built.document.write().unwrap();
    let back = PluginDocument::read(&bytes).unwrap().to_model();
    (contact_components(mesh), components(&back))
}

#[test]
fn source_meshes_stay_connected_in_a_plugin() {
    let Some(files) = corpus_files("source-nav", ".nav") else {
        return;
    };
    let mut checked = 0;
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let doc = navforge_source::SourceNavDocument::read(&data).unwrap();
        let mesh = doc.to_model();
        if mesh.areas.is_empty() || mesh.areas.len() > 3_000 {
            continue;
        }
        let (source, plugin) = compare(&mesh);
        let name = f.file_name().unwrap().to_string_lossy();
        eprintln!(
            "{name}: {} areas, {source} components -> {plugin}",
            mesh.areas.len()
        );
        // Corners more than a step apart in height chained through a third, and edges shared by
        // three overlapping areas, still leave a few areas apart: at most 1 in 50 (GoldSrc
        // cs_office: 50 -> 60 of 908 areas).
        assert!(
            plugin <= source + mesh.areas.len() / 50,
            "{name}: {source} components (over walkable contacts) became {plugin}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn mgsv_meshes_are_turned_z_up() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let mesh = navforge_mgsv::Nav2Document::read(&data).unwrap().to_model();
        if mesh.areas.is_empty() {
            continue;
        }
        assert!(!mesh.is_z_up());
        let range = |axis: usize, pts: &mut dyn Iterator<Item = [f32; 3]>| {
            let (lo, hi) = pts.fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                (lo.min(p[axis]), hi.max(p[axis]))
            });
            hi - lo
        };
        let up = range(
            1,
            &mut mesh.areas.iter().flat_map(|a| a.polygon.iter().copied()),
        );
        let built = <PluginDocument as BuildFromModel>::from_model(&mesh, &Default::default())
            .unwrap()
            .document;
        let nvnm = built.nvnm(navforge_tes::BUILT_NAVM_ID).unwrap();
        let z = range(2, &mut nvnm.vertices.iter().map(|v| v.map(|c| c.get())));
        // The plugin's height range is the mesh's Y range (a side view would have its Z range).
        assert!(
            (z - up).abs() <= 0.01 * up.max(1.0),
            "{}: {z} vs {up}",
            f.display()
        );
    }
}

#[test]
fn a_graph_without_areas_is_refused_not_written_empty() {
    let mut mesh = NavMesh::default();
    mesh.nodes.push(navforge_core::model::Node {
        id: 0,
        position: [0.0; 3],
        radius: None,
        flags: vec![],
        group: 0,
    });
    let e = <PluginDocument as BuildFromModel>::from_model(&mesh, &Default::default()).unwrap_err();
    assert!(
        matches!(e.kind, navforge_core::BuildErrorKind::Empty(_)),
        "{e}"
    );
    assert!(e.to_string().contains("no areas"), "{e}");
}

#[test]
fn a_bad_area_is_named_in_the_build_error() {
    let mut mesh = navforge_core::sample::courtyard();
    let id = mesh.areas[2].id;
    mesh.areas[2].polygon.truncate(2);
    let e = <PluginDocument as BuildFromModel>::from_model(&mesh, &Default::default()).unwrap_err();
    assert_eq!(e.at, Some(navforge_core::Item::Area(id)), "{e}");
    assert!(e.to_string().contains(&format!("area {id}")), "{e}");
}
