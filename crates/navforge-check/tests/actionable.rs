//! Findings a person can act on: every instance is listed, pairs name both areas, dangling
//! references name who refers and what is missing, duplicates are merged, and each instance has
//! a position that pastes into a console as `setpos`.

use navforge_check::{Instance, Subject, check};
use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};

/// A 100-unit square with its south-west corner at (x, y, z).
fn square(id: u64, x: f32, y: f32, z: f32) -> Area {
    navforge_core::testing::square_area(id, [x, y, z], 100.0)
}

fn walk(from: u64, to: u64, direction: Option<Direction>) -> Connection {
    Connection {
        from,
        to,
        kind: ConnectionKind::Walk,
        direction,
    }
}

/// A row of `n` unconnected squares 200 units apart.
fn row(n: u64) -> NavMesh {
    NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        areas: (0..n)
            .map(|i| square(i + 1, i as f32 * 200.0, 0.0, 8.0))
            .collect(),
        ..Default::default()
    }
}

#[test]
fn every_instance_is_listed_not_eight() {
    let mut mesh = row(20);
    for a in 1..=20 {
        mesh.connections.push(walk(a, 1000 + a, None));
    }
    let report = check(&mesh, &[]);
    let f = report.get("missing-connection-target").expect("reported");
    assert_eq!(f.count, 20);
    assert_eq!(f.instances.len(), 20, "all 20, not the first 8");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(
        json["findings"][0]["instances"].as_array().unwrap().len(),
        20
    );
}

#[test]
fn a_dangling_reference_names_the_referrer_and_the_missing_id() {
    let mut mesh = row(3);
    mesh.connections.push(walk(2, 999, None));
    let f = check(&mesh, &[])
        .get("missing-connection-target")
        .cloned()
        .expect("reported");
    assert_eq!(f.instances[0].subject, Subject::Area(2));
    assert_eq!(f.instances[0].missing, Some(999));
    assert_eq!(
        f.instances[0].to_string(),
        "area 2 refers to missing 999 (setpos 250 50 8)"
    );
}

#[test]
fn overlaps_and_parted_edges_name_both_areas() {
    let mut mesh = row(1);
    mesh.areas.push(square(7, 50.0, 50.0, 8.0));
    mesh.areas.push(square(9, 130.0, 0.0, 8.0));
    mesh.connections.push(walk(1, 9, Some(Direction::East)));
    mesh.connections.push(walk(9, 1, Some(Direction::West)));
    let report = check(&mesh, &[]);
    let overlap = report.get("overlapping-areas").expect("overlap");
    let pairs: Vec<_> = overlap
        .instances
        .iter()
        .map(|i| (i.subject, i.other))
        .collect();
    assert_eq!(
        pairs,
        vec![(Subject::Area(1), Some(7)), (Subject::Area(7), Some(9))]
    );
    let apart = report.get("edges-do-not-meet").expect("apart");
    assert_eq!(apart.instances[0].subject, Subject::Area(1));
    assert_eq!(apart.instances[0].other, Some(9));
}

#[test]
fn repeated_findings_are_listed_once() {
    let mut mesh = row(2);
    // Two connections from the same area to the same missing ID (a walk and a jump).
    mesh.connections.push(walk(1, 555, None));
    mesh.connections.push(Connection {
        kind: ConnectionKind::Jump,
        ..walk(1, 555, None)
    });
    let f = check(&mesh, &[])
        .get("missing-connection-target")
        .cloned()
        .expect("reported");
    assert_eq!(f.count, 1);
    assert_eq!(f.instances.len(), 1);
}

#[test]
fn every_instance_has_a_position_at_the_area_centre() {
    let mut mesh = row(4);
    mesh.areas[2].polygon.reverse();
    mesh.connections.push(walk(4, 77, None));
    let report = check(&mesh, &[]);
    assert!(!report.findings.is_empty());
    for f in &report.findings {
        for i in &f.instances {
            let Subject::Area(id) = i.subject else {
                panic!("{i}")
            };
            let x = (id - 1) as f32 * 200.0 + 50.0;
            assert_eq!(i.position, Some([x, 50.0, 8.0]), "{}: {i}", f.code);
            assert_eq!(i.setpos(), Some(format!("setpos {x} 50 8")));
        }
    }
}

#[test]
fn positions_are_in_the_files_own_axes() {
    // A Y-up mesh (Fox Engine) is checked from above, but positions stay in its own axes.
    let mut mesh = row(2);
    mesh.format = Some(navforge_core::Format::MgsvNav2);
    for a in &mut mesh.areas {
        for p in &mut a.polygon {
            *p = [p[0], p[2], -p[1]];
        }
    }
    mesh.connections.push(walk(1, 404, None));
    let f = check(&mesh, &[])
        .get("missing-connection-target")
        .cloned()
        .expect("reported");
    let Instance { position, .. } = &f.instances[0];
    assert_eq!(*position, Some([50.0, 8.0, -50.0]));
}
