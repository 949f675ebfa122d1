//! Each error kind, injected into a copy of a clean mesh, is reported; the clean mesh reports none.

use navforge_check::{Report, Severity, check};
use navforge_core::model::{
    Connection, ConnectionKind, Direction, HidingSpot, Ladder, Link, NavMesh, Node,
};
use navforge_core::testing::square_area;

/// A waypoint without flags, radius or group.
fn node(id: u64, position: [f32; 3]) -> Node {
    Node {
        id,
        position,
        flags: Vec::new(),
        radius: None,
        group: 0,
    }
}

/// A 3 x 2 grid of Source-style areas, every neighbour connected both ways.
fn clean() -> NavMesh {
    let id = |row: u64, col: u64| row * 3 + col + 1;
    let mut areas = Vec::new();
    let mut connections = Vec::new();
    for row in 0..2u64 {
        for col in 0..3u64 {
            let (x0, y0) = (col as f32 * 100.0, row as f32 * 100.0);
            areas.push(square_area(id(row, col), [x0, y0, 0.0], 100.0));
            let mut link = |a, b, d, back| {
                connections.push(Connection {
                    from: a,
                    to: b,
                    kind: ConnectionKind::Walk,
                    direction: Some(d),
                });
                connections.push(Connection {
                    from: b,
                    to: a,
                    kind: ConnectionKind::Walk,
                    direction: Some(back),
                });
            };
            if col < 2 {
                link(
                    id(row, col),
                    id(row, col + 1),
                    Direction::East,
                    Direction::West,
                );
            }
            if row < 1 {
                link(
                    id(row, col),
                    id(row + 1, col),
                    Direction::South,
                    Direction::North,
                );
            }
        }
    }
    NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        areas,
        connections,
        nodes: vec![node(1, [0.0; 3]), node(2, [1.0; 3])],
        links: vec![Link {
            from: 1,
            to: 2,
            kind: ConnectionKind::Walk,
            team_mask: None,
            cost: None,
            traversal: None,
        }],
        ladders: vec![Ladder {
            id: 1,
            top: [0.0; 3],
            bottom: [0.0; 3],
            width: 32.0,
            top_areas: vec![1, 0, 0, 0],
            bottom_area: 2,
        }],
        hiding_spots: vec![HidingSpot {
            id: 1,
            area: 1,
            position: [5.0, 5.0, 0.0],
            kinds: vec!["cover".into()],
        }],
        ..Default::default()
    }
}

/// A change that breaks a clean mesh in one way.
type Injection = Box<dyn Fn(&mut NavMesh)>;

fn codes(mesh: &NavMesh) -> Vec<&'static str> {
    check(mesh, &[]).findings.iter().map(|f| f.code).collect()
}

#[test]
fn clean_mesh_has_no_findings() {
    assert_eq!(codes(&clean()), Vec::<&str>::new());
}

#[test]
fn every_error_kind_is_reported() {
    let cases: Vec<(&str, Injection)> = vec![
        (
            "missing-connection-target",
            Box::new(|m| m.connections[0].to = 999),
        ),
        (
            "duplicate-area-id",
            Box::new(|m| m.areas[1].id = m.areas[0].id),
        ),
        (
            "degenerate-area",
            Box::new(|m| m.areas[2].polygon.truncate(2)),
        ),
        ("inverted-area", Box::new(|m| m.areas[3].polygon.reverse())),
        (
            "non-finite-coordinate",
            Box::new(|m| m.areas[4].polygon[1][2] = f32::NAN),
        ),
        ("missing-link-target", Box::new(|m| m.links[0].to = 77)),
        ("duplicate-node-id", Box::new(|m| m.nodes[1].id = 1)),
        (
            "missing-ladder-area",
            Box::new(|m| m.ladders[0].bottom_area = 500),
        ),
        (
            "missing-hiding-spot-area",
            Box::new(|m| m.hiding_spots[0].area = 500),
        ),
        ("missing-place", Box::new(|m| m.areas[0].place = Some(3))),
        (
            "asymmetric-adjacency",
            Box::new(|m| {
                m.format = Some(navforge_core::Format::TesPlugin);
                m.connections.remove(0);
            }),
        ),
    ];
    for (code, inject) in cases {
        let report = injected(code, Severity::Error, inject);
        assert!(report.errors() > 0);
    }
}

/// The report on the clean mesh with `inject` applied, after checking it has finding `code` of
/// `severity`.
fn injected(code: &str, severity: Severity, inject: Injection) -> Report {
    let mut mesh = clean();
    inject(&mut mesh);
    let report = check(&mesh, &[]);
    let f = report
        .findings
        .iter()
        .find(|f| f.code == code)
        .unwrap_or_else(|| panic!("{code} not reported: {report:?}"));
    assert_eq!(f.severity, severity, "{code}");
    report
}

#[test]
fn every_warning_kind_is_reported() {
    let cases: Vec<(&str, Injection)> = vec![
        (
            "one-way-connection",
            Box::new(|m| {
                m.connections.remove(0);
            }),
        ),
        (
            "orphan-area",
            Box::new(|m| m.connections.retain(|c| c.from != 6 && c.to != 6)),
        ),
        (
            "overlapping-areas",
            Box::new(|m| {
                for p in &mut m.areas[1].polygon {
                    p[0] -= 50.0;
                }
            }),
        ),
        (
            "edges-do-not-meet",
            Box::new(|m| {
                for p in &mut m.areas[2].polygon {
                    p[0] += 30.0;
                }
            }),
        ),
    ];
    for (code, inject) in cases {
        let report = injected(code, Severity::Warning, inject);
        assert_eq!(
            report.errors(),
            0,
            "{code} must not raise errors: {report:?}"
        );
    }
}

#[test]
fn external_links_are_not_missing_targets() {
    let mut mesh = clean();
    mesh.connections.push(Connection {
        from: 1,
        to: 1 << 40,
        kind: ConnectionKind::External,
        direction: None,
    });
    assert_eq!(codes(&mesh), Vec::<&str>::new());
}

#[test]
fn y_up_meshes_are_checked_from_above() {
    // The same grid in Y-up axes (Fox Engine) must still be clean: its floor is the XZ plane.
    let mut mesh = clean();
    mesh.format = Some(navforge_core::Format::MgsvNav2);
    for a in &mut mesh.areas {
        for p in &mut a.polygon {
            *p = [p[0], p[2], -p[1]];
        }
    }
    for c in &mut mesh.connections {
        c.direction = None;
    }
    assert_eq!(codes(&mesh), Vec::<&str>::new());
}

#[test]
fn a_mesh_made_in_code_with_sided_connections_is_checked_as_source() {
    // No format (the sample level, a generator's output), but connections that name their side:
    // one-way connections are drops, not broken triangle adjacency.
    let mut mesh = clean();
    mesh.format = None;
    mesh.connections.remove(0);
    let report = check(&mesh, &[]);
    assert_eq!(report.errors(), 0, "{report:?}");
    assert!(report.has("one-way-connection"));
}
