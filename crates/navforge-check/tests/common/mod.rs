//! Adversarial meshes built in code, shared by the tests and the benchmark.

use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};

/// `n` identical 100-unit Source quads stacked on one spot and one floor (every pair overlaps),
/// each connected both ways to the next: the file that took the old grid 44 s and 1.9 GB at 8,000.
pub fn stacked(n: u64) -> NavMesh {
    let mut mesh = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        ..Default::default()
    };
    for id in 1..=n {
        let z = (id % 8) as f32;
        mesh.areas.push(Area {
            id,
            polygon: vec![
                [0.0, 0.0, z],
                [100.0, 0.0, z],
                [100.0, 100.0, z],
                [0.0, 100.0, z],
            ],
            ..Default::default()
        });
        if id > 1 {
            for (from, to, dir) in [(id - 1, id, Direction::East), (id, id - 1, Direction::West)] {
                mesh.connections.push(Connection {
                    from,
                    to,
                    kind: ConnectionKind::Walk,
                    direction: Some(dir),
                });
            }
        }
    }
    mesh
}
