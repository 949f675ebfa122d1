//! Floors that do not exist are refused, legend labels stay apart, legend counts are the model's,
//! and place names are written on the map where they fit.

mod common;

use navforge_core::model::{ConnectionKind, NavMesh};
use navforge_render::{
    FloorError, FloorSelect, RenderOptions, Scene, Shape, build_scene, floors, resolve_floor,
};

fn texts(scene: &Scene, layer: &str) -> Vec<String> {
    scene
        .layers
        .iter()
        .filter(|l| l.class == layer)
        .flat_map(|l| &l.items)
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn two_floors() -> NavMesh {
    let mut m = NavMesh::default();
    common::grid(&mut m, 1, 4, 4, 100.0, [0.0, 0.0, 0.0]);
    common::grid(&mut m, 100, 4, 4, 100.0, [0.0, 0.0, 300.0]);
    m
}

#[test]
fn floors_past_the_mesh_and_inverted_ranges_are_refused() {
    let mesh = two_floors();
    let found = floors(&mesh);
    assert_eq!(found.len(), 2);
    assert!(resolve_floor(&mesh, FloorSelect::Index(1)).is_ok());
    let err = resolve_floor(&mesh, FloorSelect::Index(2)).unwrap_err();
    assert!(matches!(&err, FloorError::NoSuchFloor { index: 2, floors } if floors.len() == 2));
    let text = err.to_string();
    assert!(
        text.starts_with("no floor 2: the mesh has 2 (floor 0: height"),
        "{text}"
    );
    let inverted = FloorSelect::ZRange {
        min: 100.0,
        max: 50.0,
    };
    assert!(matches!(
        resolve_floor(&mesh, inverted),
        Err(FloorError::BadRange { .. })
    ));
    let nan = FloorSelect::ZRange {
        min: f32::NAN,
        max: 50.0,
    };
    assert!(resolve_floor(&mesh, nan).is_err());
    assert_eq!(
        resolve_floor(&mesh, FloorSelect::ZRange { min: 5.0, max: 5.0 }),
        Ok((5.0, 5.0))
    );
}

#[test]
fn names_that_truncate_alike_stay_apart_in_the_legend() {
    let mut mesh = NavMesh {
        places: vec![
            "Underground_Passage_Towards_Bombsite_A".into(),
            "Underground_Passage_Towards_Bombsite_B".into(),
        ],
        ..NavMesh::default()
    };
    common::grid(&mut mesh, 1, 4, 2, 100.0, [0.0, 0.0, 0.0]);
    for (i, a) in mesh.areas.iter_mut().enumerate() {
        a.place = Some((i % 2) as u32);
    }
    let labels = texts(&build_scene(&mesh, &RenderOptions::default()), "legend");
    let places: Vec<_> = labels.iter().filter(|l| l.starts_with("Undergr")).collect();
    assert_eq!(places.len(), 2, "{labels:?}");
    assert_ne!(places[0], places[1], "{labels:?}");
    assert!(
        places[0].ends_with("_A (4)") || places[1].ends_with("_A (4)"),
        "{places:?}"
    );
}

#[test]
fn legend_counts_are_the_models() {
    let mesh = common::waypoints();
    let labels = texts(&build_scene(&mesh, &RenderOptions::default()), "legend");
    let count = |k: ConnectionKind| mesh.links.iter().filter(|l| l.kind == k).count();
    for kind in [ConnectionKind::Walk, ConnectionKind::Teleport] {
        let want = format!("{} ({})", kind.name(), count(kind));
        assert!(labels.contains(&want), "{want} in {labels:?}");
    }
    assert!(labels.contains(&format!("node ({})", mesh.nodes.len())));
}

#[test]
fn place_names_are_written_where_they_fit() {
    let mut mesh = NavMesh {
        places: vec!["BigRoom".into(), "Nook".into()],
        ..NavMesh::default()
    };
    common::grid(&mut mesh, 1, 6, 6, 200.0, [0.0, 0.0, 0.0]);
    for a in mesh.areas.iter_mut() {
        a.place = Some(0);
    }
    // One tiny area of its own place: no room for its name.
    mesh.areas.push(common::quad(999, 1300.0, 0.0, 2.0, 0.0));
    mesh.areas[36].place = Some(1);
    let scene = build_scene(&mesh, &RenderOptions::default());
    assert_eq!(texts(&scene, "place-labels"), ["BigRoom"]);
    let labels_at = scene.layers.iter().position(|l| l.class == "place-labels");
    let areas_at = scene.layers.iter().position(|l| l.class == "areas");
    assert!(labels_at > areas_at);
    // Coloured by group, there are no place names.
    let by_group = RenderOptions {
        color_by: navforge_render::ColorBy::Group,
        ..RenderOptions::default()
    };
    assert!(texts(&build_scene(&mesh, &by_group), "place-labels").is_empty());
}

#[test]
fn attribute_colours_use_every_name_of_the_meshs_table() {
    use navforge_core::model::AttributeFlag;
    let mut mesh = NavMesh {
        attribute_table: vec![
            AttributeFlag {
                bit: 1,
                name: "crouch".into(),
            },
            // TF2's own attribute word sits in bits 32..63.
            AttributeFlag {
                bit: 1 << 33,
                name: "blue_spawn_room".into(),
            },
        ],
        ..NavMesh::default()
    };
    common::grid(&mut mesh, 1, 3, 1, 100.0, [0.0, 0.0, 0.0]);
    mesh.areas[0].attributes = 1;
    mesh.areas[1].attributes = 1 << 33;
    mesh.areas[2].attributes = 1 | 1 << 33;
    let opts = RenderOptions {
        color_by: navforge_render::ColorBy::Attributes,
        ..RenderOptions::default()
    };
    let labels = texts(&build_scene(&mesh, &opts), "legend");
    for want in [
        "crouch (1)",
        "blue_spawn_room (1)",
        "crouch + blue_spawn_room (1)",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want} in {labels:?}");
    }
}
