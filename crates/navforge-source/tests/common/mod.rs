//! Shared test data.

use navforge_core::model::{
    Area, Connection, ConnectionKind, Direction, EncounterPath, HidingSpot, Ladder, NavMesh,
};
use navforge_source::{Layout, attribute_table};

/// A demo-like mesh built in code: a 4 x 3 grid of areas with one- and two-way connections, two
/// places, a ladder, hiding spots and an encounter path. Lists are in the order `to_model` gives
/// (by area, then by direction).
pub fn demo_mesh() -> NavMesh {
    let mut mesh = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        attribute_table: attribute_table(16, Layout::Base),
        places: vec!["Courtyard".into(), "Tower".into()],
        ..NavMesh::default()
    };
    let (cols, rows) = (4i32, 3i32);
    let id = |c: i32, r: i32| (r * cols + c + 1) as u64;
    for r in 0..rows {
        for c in 0..cols {
            let (x0, y0) = (c as f32 * 100.0, r as f32 * 100.0);
            let (x1, y1) = (x0 + 100.0, y0 + 100.0);
            let z = (c + r) as f32 * 8.0;
            let raw = match (c, r) {
                (0, 0) => 0x1,          // crouch
                (3, 2) => 0x2 | 0x1000, // jump, stairs
                (1, 1) => 0x10000,      // a game bit
                _ => 0,
            };
            mesh.areas.push(Area {
                id: id(c, r),
                polygon: vec![
                    [x0, y0, z],
                    [x1, y0, z + 1.0],
                    [x1, y1, z + 2.0],
                    [x0, y1, z + 0.5],
                ],
                attributes: raw,
                place: match c {
                    0 | 1 => Some(0),
                    3 => Some(1),
                    _ => None,
                },
                group: 0,
                origin: Some(id(c, r)),
            });
            // North (-y), east (+x), south (+y), west (-x); the middle row's south links and the
            // second column's west links are left out, so those edges are one-way.
            let mut link = |dc: i32, dr: i32, d: Direction| {
                let (nc, nr) = (c + dc, r + dr);
                if (0..cols).contains(&nc) && (0..rows).contains(&nr) {
                    mesh.connections.push(Connection {
                        from: id(c, r),
                        to: id(nc, nr),
                        kind: ConnectionKind::Walk,
                        direction: Some(d),
                    });
                }
            };
            link(0, -1, Direction::North);
            link(1, 0, Direction::East);
            if r != 1 {
                link(0, 1, Direction::South);
            }
            if c != 1 {
                link(-1, 0, Direction::West);
            }
            if (c + r) % 3 == 0 {
                mesh.hiding_spots.push(HidingSpot {
                    id: id(c, r) * 10,
                    area: id(c, r),
                    position: [x0 + 10.0, y0 + 10.0, z],
                    kinds: vec!["cover".into(), "good_sniper".into()],
                });
            }
            if (c, r) == (1, 0) {
                mesh.hiding_spots.push(HidingSpot {
                    id: 777,
                    area: id(c, r),
                    position: [x0 + 50.0, y0 + 50.0, z],
                    kinds: vec!["exposed".into()],
                });
            }
        }
    }
    mesh.encounter_paths.push(EncounterPath {
        area: id(1, 0),
        from: id(0, 0),
        to: id(2, 0),
        spots: 2,
    });
    mesh.ladders.push(Ladder {
        id: 1,
        top: [250.0, 150.0, 200.0],
        bottom: [250.0, 150.0, 24.0],
        width: 30.0,
        top_areas: vec![id(3, 2), 0, 0, 0],
        bottom_area: id(2, 1),
    });
    mesh
}
