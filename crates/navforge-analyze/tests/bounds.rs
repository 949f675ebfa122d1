//! Analysis on meshes past its bounds: areas too wide or not finite are refused naming the area,
//! before anything is allocated; an area that is its own far goal ends the approach search.

use navforge_analyze::geom::{Geom, Mesh};
use navforge_analyze::{AnalyzeError, AnalyzeOptions, MAX_EXTENT, Stage, analyze, approach};
use navforge_core::BuildFromModel;
use navforge_core::model::NavMesh;
use navforge_core::testing::square_area;
use navforge_level::{Level, UpAxis};
use navforge_source::SourceNavDocument;

/// A Z-up OBJ: a 2000-unit floor at z = 0 and a closed 40 × 40 × 70 box over the origin from
/// z = 30.
fn room() -> Level {
    let mut obj = String::new();
    for (x, y) in [(-1000, -1000), (1000, -1000), (1000, 1000), (-1000, 1000)] {
        obj += &format!("v {x} {y} 0\n");
    }
    obj += "f 1 2 3\nf 1 3 4\n";
    for z in [30, 100] {
        for (x, y) in [(-20, -20), (20, -20), (20, 20), (-20, 20)] {
            obj += &format!("v {x} {y} {z}\n");
        }
    }
    // The box's vertices are 5..=12: bottom 5-8, top 9-12 above them. Its bottom and top, then
    // each side k as two triangles.
    let mut faces = vec![[5, 7, 6], [5, 8, 7], [9, 10, 11], [9, 11, 12]];
    for k in 0..4 {
        let (a, b) = (5 + k, 5 + (k + 1) % 4);
        faces.extend([[a, b, b + 4], [a, b + 4, a + 4]]);
    }
    for f in faces {
        obj += &format!("f {} {} {}\n", f[0], f[1], f[2]);
    }
    Level::load_with_up(obj.as_bytes(), UpAxis::Z).unwrap()
}

fn document(areas: &[(f32, f32)]) -> SourceNavDocument {
    let mesh = NavMesh {
        areas: areas
            .iter()
            .enumerate()
            .map(|(i, &(corner, size))| square_area(i as u64 + 1, [corner, corner, 0.0], size))
            .collect(),
        ..NavMesh::default()
    };
    SourceNavDocument::from_model(&mesh, &Default::default())
        .unwrap()
        .document
}

#[test]
fn an_area_past_the_extent_is_refused_naming_it() {
    let level = room();
    let mut doc = document(&[(-100.0, 200.0), (-1.0e6, 2.0e6)]);
    let before = doc.clone();
    let err = analyze(&mut doc, &level, &AnalyzeOptions::default()).unwrap_err();
    assert!(
        matches!(
            err,
            AnalyzeError::Extent {
                id: 2,
                index: 1,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains(&MAX_EXTENT.to_string()), "{err}");
    assert_eq!(doc, before, "nothing changed");

    // A NaN corner (the builder refuses one, so it is put in the document afterwards).
    let mut doc = document(&[(-100.0, 200.0)]);
    doc.areas[0].south_east[1] = navforge_core::F32::new(f32::NAN);
    let err = analyze(&mut doc, &level, &AnalyzeOptions::default()).unwrap_err();
    assert!(
        matches!(
            err,
            AnalyzeError::Extent {
                id: 1,
                field: "south_east.y",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn areas_holding_too_many_samples_are_refused_naming_where() {
    let level = room();
    // Within the extent, but 200,000 units wide: 64 million samples.
    let mut doc = document(&[(-100.0, 200.0), (-100_000.0, 200_000.0)]);
    let err = analyze(&mut doc, &level, &AnalyzeOptions::default()).unwrap_err();
    assert!(
        matches!(err, AnalyzeError::TooManySamples { id: 2, .. }),
        "{err}"
    );
    // The real size of a map's areas is fine.
    let mut doc = document(&[(-100.0, 200.0), (-5_000.0, 10_000.0)]);
    analyze(
        &mut doc,
        &level,
        &AnalyzeOptions {
            stages: &[Stage::Occupy],
            ..AnalyzeOptions::default()
        },
    )
    .unwrap();
}

#[test]
fn an_area_that_is_its_own_far_goal_ends() {
    let level = room();
    // A 400-unit area whose eye (in the box) sees none of its corners: its own far goal.
    let mesh = Mesh {
        areas: vec![Geom::flat(1, [-200.0, -200.0], [200.0, 200.0])],
    };
    let far = approach::far_areas(&mesh);
    assert_eq!(far, vec![0]);
    assert!(
        !approach::area_visible(&mesh, &level, approach::eye(&mesh, 0, &level).unwrap(), 0),
        "the area is out of its own sight"
    );
    // The search runs in a thread: a loop that never ends fails the test instead of hanging it.
    for rules in [approach::Rules::GoldSrc, approach::Rules::Source] {
        let (send, recv) = std::sync::mpsc::channel();
        let (mesh, far) = (mesh.clone(), far.clone());
        std::thread::spawn(move || {
            let level = room();
            let mut search = approach::Search::new(&mesh);
            let found = approach::area_approaches(&mesh, 0, &far, &level, rules, &mut search);
            let _ = send.send(found);
        });
        let found = recv
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the approach search ends");
        assert!(found.is_empty(), "{rules:?}: {found:?}");
    }
}
