//! `edges-do-not-meet` and ledges: a connection over a gap is reported, unless the other area's
//! facing edge is more than a step (18 units) higher or lower within the game's ledge search
//! (100 units) and the two face each other over more than a corner: drops, climbs, and the links
//! the game's generator leaves where it removes jump areas.

use navforge_check::check;
use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};

/// A 100-unit square with its south-west corner at (x, y, z).
fn square(id: u64, x: f32, y: f32, z: f32) -> Area {
    navforge_core::testing::square_area(id, [x, y, z], 100.0)
}

/// Area 1 at the origin and area 2 east of it, `gap` further and `dy` along, at height `z`;
/// one connection 1 → 2 through the east side.
fn pair(gap: f32, dy: f32, z: f32) -> NavMesh {
    NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        areas: vec![square(1, 0.0, 0.0, 0.0), square(2, 100.0 + gap, dy, z)],
        connections: vec![Connection {
            from: 1,
            to: 2,
            kind: ConnectionKind::Walk,
            direction: Some(Direction::East),
        }],
        ..Default::default()
    }
}

fn apart(mesh: &NavMesh) -> bool {
    check(mesh, &[]).has("edges-do-not-meet")
}

#[test]
fn a_drop_or_climb_over_a_ledge_is_not_reported() {
    // Down 100 units, one sampling step beyond the edge.
    assert!(!apart(&pair(25.0, 0.0, -100.0)));
    // Up 40 (a crouch jump) across a removed jump area two steps wide.
    assert!(!apart(&pair(50.0, 0.0, 40.0)));
    // Onto an obstacle's top, 8 units past the floor's edge and 30 up.
    assert!(!apart(&pair(8.0, 0.0, 30.0)));
}

#[test]
fn a_gap_at_one_height_is_reported() {
    assert!(apart(&pair(25.0, 0.0, 0.0)));
    // A step (18) is walked, not a ledge.
    assert!(apart(&pair(25.0, 0.0, 18.0)));
}

#[test]
fn ledges_too_far_or_only_corner_to_corner_are_reported() {
    assert!(apart(&pair(150.0, 0.0, -100.0)));
    // Diagonal: they touch the line of the edge only at a corner.
    assert!(apart(&pair(25.0, 100.0, -100.0)));
}

#[test]
fn edges_that_meet_are_not_reported_at_any_height() {
    assert!(!apart(&pair(0.0, 0.0, 0.0)));
    assert!(!apart(&pair(0.0, 50.0, 10.0)));
}
