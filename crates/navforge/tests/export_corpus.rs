//! OBJ and glTF exports of one real file of every format, re-read by independent readers (tobj,
//! gltf): one object per group, and the vertex and face counts of the model.

use navforge::{Document, model::NavMesh};
use navforge_core::testing::corpus_dir;
use std::collections::BTreeSet;

const SAMPLES: &[(&str, &str)] = &[
    ("source-nav", "tf2_cp_cloak.nav"),
    ("quake-nav", "v17_hipnotic_dm1.nav"),
    ("quake2-nav", "q2rr_spbox.nav"),
    ("mgsv-nav2", "mgsurvive_ssav_139_130_nav.nav2"),
    ("mgsv-nav2", "tpp_s13500_nav_sahelan.nav2"),
    ("tes-plugin", "skyrim_Dwemer_Secrets.esp"),
];

/// (groups with polygons, polygon corners, triangles after fan triangulation)
fn expected(mesh: &NavMesh) -> (usize, usize, usize) {
    let polys: Vec<_> = mesh.areas.iter().filter(|a| a.polygon.len() >= 3).collect();
    let groups: BTreeSet<u32> = polys.iter().map(|a| a.group).collect();
    let corners = polys.iter().map(|a| a.polygon.len()).sum();
    let triangles = polys.iter().map(|a| a.polygon.len() - 2).sum();
    (groups.len(), corners, triangles)
}

#[test]
fn obj_and_glb_of_every_format_read_back_with_the_model_counts() {
    for (sub, name) in SAMPLES {
        let Some(dir) = corpus_dir(sub) else { return };
        let mesh = Document::read(&std::fs::read(dir.join(name)).unwrap())
            .unwrap()
            .to_model();
        let (groups, corners, triangles) = expected(&mesh);

        let text = navforge_export::to_obj(&mesh, &Default::default());
        let back = navforge_export::testing::reread_obj(&text);
        assert_eq!(
            back.polygon_objects, groups,
            "{name}: one OBJ object per group"
        );
        assert_eq!(
            (back.faces, back.corners),
            (mesh.areas.len(), corners),
            "{name}: OBJ faces and corners"
        );
        if !mesh.nodes.is_empty() {
            // tobj keeps only the points that lines use, so count the object's vertices as text.
            let waypoints = &text[text.find("o waypoints").expect("waypoint object")..];
            let points = waypoints.lines().filter(|l| l.starts_with("v ")).count();
            assert_eq!(points, mesh.nodes.len(), "{name}: OBJ waypoints");
            assert!(
                back.names.iter().any(|n| n == "waypoints"),
                "{name}: tobj sees the waypoints"
            );
        }

        let glb = navforge_export::to_glb(&mesh);
        let gltf = gltf::Gltf::from_slice(&glb).unwrap_or_else(|e| panic!("{name}: {e}"));
        let blob = gltf.blob.clone().unwrap();
        let (mut gl_groups, mut gl_vertices, mut gl_triangles, mut gl_nodes) = (0, 0, 0, 0);
        for node in gltf.document.nodes() {
            for p in node.mesh().unwrap().primitives() {
                let r = p.reader(|_| Some(&blob[..]));
                let n = r.read_positions().unwrap().count();
                match p.mode() {
                    gltf::mesh::Mode::Triangles => {
                        gl_groups += 1;
                        gl_vertices += n;
                        gl_triangles += r.read_indices().unwrap().into_u32().count() / 3;
                    }
                    _ => gl_nodes += n,
                }
            }
        }
        assert_eq!(
            (gl_groups, gl_vertices, gl_triangles),
            (groups, corners, triangles),
            "{name}: glTF"
        );
        assert_eq!(gl_nodes, mesh.nodes.len(), "{name}: glTF waypoints");
    }
}
