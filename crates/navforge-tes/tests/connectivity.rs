//! Plugins built from the model: MGSV's Y-up meshes lie flat, and what cannot be built is named.
//! That a plugin is exactly as connected as its source is tested for every corpus mesh in the
//! facade (`crates/navforge/tests/connectivity.rs`).

use navforge_core::model::NavMesh;
use navforge_core::testing::corpus_files;
use navforge_core::{BuildFromModel, NavDocument};
use navforge_tes::PluginDocument;

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
