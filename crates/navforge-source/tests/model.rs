//! The common model: document -> model -> document -> bytes -> document -> model keeps the mesh.

mod common;

use common::demo_mesh;
use navforge_core::NavDocument as _;
use navforge_core::model::NavMesh;
use navforge_core::testing::corpus_files;
use navforge_source::{Layout, SourceNavDocument, attribute_table, from_model};

fn round_trip(mesh: &NavMesh, sub: u32) -> (SourceNavDocument, NavMesh) {
    let doc = from_model(mesh, sub).unwrap_or_else(|e| panic!("sub {sub}: {e}"));
    let bytes = doc.write().unwrap();
    assert_eq!(bytes.len(), doc.encoded_len());
    let back = SourceNavDocument::read(&bytes).unwrap_or_else(|e| panic!("sub {sub}: {e}"));
    assert_eq!(back, doc, "sub {sub}: document changed through bytes");
    let mut model = back.to_model();
    // The model names the bits of the game written; the rest must come back as it was.
    assert_eq!(model.attribute_table, attribute_table(16, back.layout));
    model.attribute_table = mesh.attribute_table.clone();
    model.game = mesh.game;
    (back, model)
}

#[test]
fn demo_mesh_survives_model_document_bytes_model() {
    let mesh = demo_mesh();
    for (sub, layout) in [
        (0, Layout::Base),
        (1, Layout::CounterStrike),
        (2, Layout::TeamFortress),
        (10, Layout::Terror),
        (12, Layout::Terror),
        (14, Layout::Terror),
    ] {
        let (doc, back) = round_trip(&mesh, sub);
        assert_eq!(doc.layout, layout, "sub {sub}");
        assert_eq!(back, mesh, "sub {sub}: model changed");
        let s = doc.summary();
        assert_eq!(
            (
                s.counts.areas,
                s.counts.connections,
                s.counts.places,
                s.counts.ladders
            ),
            (12, 27, 2, 1)
        );
        assert_eq!((s.counts.hiding_spots, s.counts.encounter_paths), (5, 1));
    }
    let doc = from_model(&mesh, 0).unwrap();
    // The ladder links of the areas are rebuilt from the ladder.
    assert_eq!(doc.areas[6].ladders_up, vec![1]);
    assert_eq!(doc.areas[11].ladders_down, vec![1]);
    // The encounter path's spots reference the area's hiding spots.
    let (_, spots) = doc.areas[1].encounter_paths.iter().next().unwrap();
    assert_eq!(spots.len(), 2);
    assert!(
        spots
            .iter()
            .all(|s| s.hiding_spot == 20 || s.hiding_spot == 777)
    );
    assert!(
        from_model(&mesh, 4).is_err(),
        "no known layout for sub-version 4"
    );
}

#[test]
fn connections_without_direction_face_the_target() {
    let mut mesh = demo_mesh();
    for c in &mut mesh.connections {
        c.direction = None;
    }
    let (_, back) = round_trip(&mesh, 0);
    assert_eq!(back.connections, demo_mesh().connections);
}

#[test]
fn bad_models_are_refused() {
    let mut mesh = demo_mesh();
    mesh.areas[3].polygon.pop();
    assert!(from_model(&mesh, 0).is_err());
    let mut mesh = demo_mesh();
    mesh.areas[3].polygon[1][0] += 5.0;
    assert!(from_model(&mesh, 0).is_err(), "not axis-aligned");
    let mut mesh = demo_mesh();
    mesh.areas[3].id = 1 << 40;
    assert!(from_model(&mesh, 0).is_err());
    let mut mesh = demo_mesh();
    mesh.areas[3].place = Some(9);
    assert!(from_model(&mesh, 0).is_err());
}

#[test]
fn corpus_models_survive_the_round_trip() {
    let Some(files) = corpus_files("source-nav", ".nav") else {
        return;
    };
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = SourceNavDocument::read(&std::fs::read(&path).unwrap()).unwrap();
        let mesh = doc.to_model();
        assert_eq!(mesh.areas.len(), doc.areas.len());
        assert_eq!(mesh.connections.len() as u64, doc.connection_count());
        if let Some(a) = doc.areas.iter().find(|a| a.place > 0) {
            let m = mesh.areas.iter().find(|m| m.id == a.id as u64).unwrap();
            assert_eq!(
                m.place,
                Some(a.place as u32 - 1),
                "{name}: place index is 1-based"
            );
        }
        let sub = match doc.layout {
            Layout::CounterStrike => 1,
            Layout::TeamFortress => 2,
            Layout::Terror => 14,
            _ => 0,
        };
        let (_, back) = round_trip(&mesh, sub);
        assert!(back == mesh, "{name}: model changed");
    }
}
