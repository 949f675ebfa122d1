//! Exports are re-read with independent readers (gltf, tobj) and compared with the model.

use navforge_core::model::{Area, ConnectionKind, Group, Link, NavMesh, Node};

fn sample() -> NavMesh {
    let quad = |id: u64, x: f32, group: u32| Area {
        id,
        polygon: vec![
            [x, 0.0, 0.0],
            [x + 10.0, 0.0, 1.0],
            [x + 10.0, -10.0, 2.0],
            [x, -10.0, 0.0],
        ],
        group,
        place: Some(group),
        ..Default::default()
    };
    let tri = |id: u64, x: f32| Area {
        id,
        polygon: vec![[x, 0.0, 0.0], [x + 5.0, 0.0, 0.0], [x, 5.0, 0.0]],
        group: 1,
        ..Default::default()
    };
    let node = |id: u64, x: f32| Node {
        id,
        position: [x, 1.0, 2.0],
        flags: vec![],
        radius: None,
        group: 0,
    };
    NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        areas: vec![
            quad(1, 0.0, 0),
            quad(2, 10.0, 0),
            tri(3, 30.0),
            quad(4, 50.0, 2),
        ],
        groups: vec![Group {
            id: 1,
            name: "NAVM 0x0001A2B3".into(),
        }],
        nodes: vec![node(7, 0.0), node(8, 5.0), node(9, 9.0)],
        links: vec![
            Link {
                from: 7,
                to: 8,
                kind: ConnectionKind::Walk,
                team_mask: None,
                cost: None,
                traversal: None,
            },
            Link {
                from: 8,
                to: 9,
                kind: ConnectionKind::Jump,
                team_mask: None,
                cost: None,
                traversal: None,
            },
        ],
        ..Default::default()
    }
}

#[test]
fn glb_reads_back_with_the_gltf_crate() {
    let mesh = sample();
    let bytes = navforge_export::to_glb(&mesh);
    let gltf = gltf::Gltf::from_slice(&bytes).expect("valid glb");
    let blob = gltf.blob.clone().expect("binary chunk");
    let doc = gltf.document;
    let names: Vec<_> = doc
        .nodes()
        .map(|n| n.name().unwrap_or("").to_string())
        .collect();
    assert_eq!(names, ["group0", "NAVM_0x0001A2B3", "group2", "waypoints"]);
    let (mut vertices, mut triangles, mut lines) = (0, 0, 0);
    for m in doc.meshes() {
        for p in m.primitives() {
            let r = p.reader(|_| Some(&blob[..]));
            let n = r.read_positions().unwrap().count();
            assert_eq!(r.read_colors(0).unwrap().into_rgb_f32().count(), n);
            let idx = r.read_indices().unwrap().into_u32().count();
            match p.mode() {
                gltf::mesh::Mode::Triangles => {
                    vertices += n;
                    triangles += idx / 3
                }
                gltf::mesh::Mode::Lines => lines += idx / 2,
                other => panic!("unexpected mode {other:?}"),
            }
        }
    }
    let polygon_vertices: usize = mesh.areas.iter().map(|a| a.polygon.len()).sum();
    let polygon_triangles: usize = mesh.areas.iter().map(|a| a.polygon.len() - 2).sum();
    assert_eq!(vertices, polygon_vertices);
    assert_eq!(triangles, polygon_triangles);
    assert_eq!(lines, mesh.links.len());
}

#[test]
fn obj_reads_back_with_tobj() {
    let mesh = sample();
    let text = navforge_export::to_obj(&mesh, &Default::default());
    let back = navforge_export::testing::reread_obj(&text);
    assert!(
        back.names
            .starts_with(&["group0", "NAVM_0x0001A2B3", "group2"].map(String::from)),
        "{:?}",
        back.names
    );
    assert_eq!(back.faces, mesh.areas.len());
    assert_eq!(
        back.corners,
        mesh.areas.iter().map(|a| a.polygon.len()).sum::<usize>()
    );
}

/// Every polygon corner's position tobj reads from `text`, in file order.
fn obj_positions(text: &str) -> Vec<[f32; 3]> {
    navforge_export::testing::reread_obj(text).positions
}

#[test]
fn obj_is_y_up_by_default_and_z_up_on_request() {
    use navforge_export::{ObjOptions, UpAxis};
    let mesh = sample();
    let game: Vec<[f32; 3]> = mesh.areas.iter().flat_map(|a| a.polygon.clone()).collect();
    // Y-up: the game's height (z) is OBJ's y, and the game's y points along -z.
    let y_up = obj_positions(&navforge_export::to_obj(&mesh, &ObjOptions::default()));
    assert_eq!(y_up.len(), game.len());
    for (o, g) in y_up.iter().zip(&game) {
        assert_eq!(*o, [g[0], g[2], -g[1]]);
    }
    // The sample's highest corner (z = 2) is the highest in Y.
    let top = y_up.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
    assert_eq!(top, 2.0);
    let z_up = obj_positions(&navforge_export::to_obj(
        &mesh,
        &ObjOptions { up: UpAxis::Z },
    ));
    assert_eq!(z_up, game, "Z-up keeps the game's coordinates");
}

#[test]
fn a_y_up_mesh_is_written_as_is_or_turned_to_z_up() {
    use navforge_export::{ObjOptions, UpAxis};
    let mut mesh = sample();
    mesh.format = Some(navforge_core::Format::MgsvNav2);
    let own: Vec<[f32; 3]> = mesh.areas.iter().flat_map(|a| a.polygon.clone()).collect();
    let y_up = obj_positions(&navforge_export::to_obj(&mesh, &ObjOptions::default()));
    assert_eq!(y_up, own);
    let z_up = obj_positions(&navforge_export::to_obj(
        &mesh,
        &ObjOptions { up: UpAxis::Z },
    ));
    for (o, g) in z_up.iter().zip(&own) {
        assert_eq!(*o, [g[0], -g[2], g[1]]);
    }
}
