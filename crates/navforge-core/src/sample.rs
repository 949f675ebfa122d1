//! The sample level behind `navforge demo`, built in code: a small but complete mesh every crate
//! can use (the demo writes it in every format; tests use it as a realistic input).

use crate::attributes::nav_mesh::{CROUCH, JUMP};
use crate::model::{
    Area, Connection, ConnectionKind, Direction, EncounterPath, HidingSpot, Ladder, NavMesh,
};

const CELL: f32 = 256.0;
const BALCONY_Z: f32 = 128.0;

/// A small courtyard: a 4 x 3 grid of areas (ids 1–12). Rows 0 and 1 are on the ground, row 2 is a
/// balcony 128 units up that one drops from (one-way) and reaches by a ladder from area 8. It has
/// three places, a crouch and a jump area, four hiding spots (one of each kind) and one encounter
/// path. Source conventions: north is -y, corners run north-west, north-east, south-east, south-west.
pub fn courtyard() -> NavMesh {
    let id = |row: usize, col: usize| (row * 4 + col + 1) as u64;
    let mut areas = Vec::new();
    for row in 0..3 {
        for col in 0..4 {
            let (x0, y0) = (col as f32 * CELL, row as f32 * CELL);
            let (x1, y1) = (x0 + CELL, y0 + CELL);
            let z = if row == 2 { BALCONY_Z } else { 0.0 };
            let mut area = Area {
                id: id(row, col),
                polygon: vec![[x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]],
                place: Some(row as u32),
                ..Default::default()
            };
            match area.id {
                3 => area.attributes = CROUCH,
                10 => area.attributes = JUMP,
                _ => {}
            }
            areas.push(area);
        }
    }

    let mut connections = Vec::new();
    let mut both = |a: u64, b: u64, dir: Direction, back: Direction| {
        connections.push(Connection {
            from: a,
            to: b,
            kind: ConnectionKind::Walk,
            direction: Some(dir),
        });
        connections.push(Connection {
            from: b,
            to: a,
            kind: ConnectionKind::Walk,
            direction: Some(back),
        });
    };
    for row in 0..3 {
        for col in 0..3 {
            both(
                id(row, col),
                id(row, col + 1),
                Direction::East,
                Direction::West,
            );
        }
    }
    for col in 0..4 {
        both(id(0, col), id(1, col), Direction::South, Direction::North);
    }
    // The balcony edge: drop down, no way back up except the ladder.
    for col in 0..3 {
        connections.push(Connection {
            from: id(2, col),
            to: id(1, col),
            kind: ConnectionKind::Drop,
            direction: Some(Direction::North),
        });
    }

    let ladder_x = 3.5 * CELL;
    let ladder = Ladder {
        id: 1,
        top: [ladder_x, 2.0 * CELL, BALCONY_Z],
        bottom: [ladder_x, 2.0 * CELL, 0.0],
        width: 32.0,
        top_areas: vec![id(2, 3), 0, 0, 0],
        bottom_area: id(1, 3),
    };

    let spot = |sid: u64, area: u64, x: f32, y: f32, z: f32, kind: &str| HidingSpot {
        id: sid,
        area,
        position: [x, y, z],
        kinds: vec![kind.into()],
    };
    let hiding_spots = vec![
        spot(1, 1, 16.0, 16.0, 0.0, "cover"),
        spot(2, 9, 40.0, 740.0, BALCONY_Z, "good_sniper"),
        spot(3, 11, 700.0, 740.0, BALCONY_Z, "ideal_sniper"),
        spot(4, 6, 384.0, 384.0, 0.0, "exposed"),
    ];

    NavMesh {
        // Built in code, but in Source's conventions (quads, sides, one-way drops).
        format: Some(crate::Format::SourceNav),
        // The family table's first two rows: crouch and jump.
        attribute_table: NavMesh::table_of(&crate::attributes::SOURCE_ATTRIBUTES[..2]),
        areas,
        connections,
        places: vec!["Spawn".into(), "Courtyard".into(), "Balcony".into()],
        ladders: vec![ladder],
        hiding_spots,
        encounter_paths: vec![EncounterPath {
            area: 6,
            from: 2,
            to: 10,
            spots: 1,
        }],
        ..Default::default()
    }
}
