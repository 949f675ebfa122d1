//! Meshes built in code for the render tests, the example and the bench.
#![allow(dead_code)]

use navforge_core::model::{
    Area, Connection, ConnectionKind, HidingSpot, Ladder, Link, NavMesh, Node,
};

pub fn quad(id: u64, x: f32, y: f32, s: f32, z: f32) -> Area {
    Area {
        id,
        polygon: vec![[x, y + s, z], [x + s, y + s, z], [x + s, y, z], [x, y, z]],
        ..Area::default()
    }
}

pub fn link(from: u64, to: u64) -> Connection {
    Connection {
        from,
        to,
        kind: ConnectionKind::Walk,
        direction: None,
    }
}

/// A `w` x `h` grid of quads (ids from `first`), each joined both ways to its east and north
/// neighbours; places by quadrant when `places` is set.
pub fn grid(mesh: &mut NavMesh, first: u64, w: u32, h: u32, size: f32, origin: [f32; 3]) {
    for j in 0..h {
        for i in 0..w {
            let id = first + (j * w + i) as u64;
            let mut a = quad(
                id,
                origin[0] + i as f32 * size,
                origin[1] + j as f32 * size,
                size,
                origin[2] + ((i as f32) * 0.37).sin() * 6.0,
            );
            if !mesh.places.is_empty() {
                let q = (i * 2 / w.max(1)) + 2 * (j * 2 / h.max(1));
                a.place = Some(q % mesh.places.len() as u32);
            }
            mesh.areas.push(a);
            if i + 1 < w {
                mesh.connections.push(link(id, id + 1));
                mesh.connections.push(link(id + 1, id));
            }
            if j + 1 < h {
                mesh.connections.push(link(id, id + w as u64));
                mesh.connections.push(link(id + w as u64, id));
            }
        }
    }
}

/// A small two-floor level with every kind of mark.
pub fn sample_level() -> NavMesh {
    let mut m = NavMesh {
        format: None,
        attribute_table: NavMesh::table_of(&[(0x1, "crouch"), (0x8, "no_jump")]),
        places: vec![
            "CTSpawn".into(),
            "Middle".into(),
            "BombsiteA".into(),
            "TSpawn".into(),
            "Catwalk".into(),
        ],
        ..NavMesh::default()
    };
    grid(&mut m, 1, 24, 16, 64.0, [0.0, 0.0, 0.0]);
    // Upper floor: a catwalk over the middle, 256 units up.
    let first = 1000;
    grid(&mut m, first, 12, 3, 64.0, [384.0, 448.0, 256.0]);
    for a in m.areas.iter_mut().filter(|a| a.id >= first) {
        a.place = Some(4);
        a.attributes = 0x8;
    }
    for a in m.areas.iter_mut().filter(|a| a.id < 40) {
        a.attributes = 0x1;
    }
    // One-way drops from the catwalk's south edge to the ground below.
    for i in 0..12u64 {
        let below = 1 + 5 * 24 + 6 + i;
        m.connections.push(Connection {
            from: first + i,
            to: below,
            kind: ConnectionKind::Drop,
            direction: None,
        });
    }
    m.ladders.push(Ladder {
        id: 1,
        top: [1160.0, 560.0, 256.0],
        bottom: [1160.0, 560.0, 0.0],
        width: 32.0,
        top_areas: vec![first + 23],
        bottom_area: 1 + 8 * 24 + 18,
    });
    let kinds = [
        vec!["cover".to_string()],
        vec!["good_sniper".to_string()],
        vec!["ideal_sniper".to_string(), "cover".to_string()],
        vec!["exposed".to_string()],
    ];
    for (n, k) in kinds.iter().enumerate() {
        for r in 0..3 {
            let x = 100.0 + 300.0 * n as f32 + 40.0 * r as f32;
            m.hiding_spots.push(HidingSpot {
                id: (n * 3 + r) as u64,
                area: 1,
                position: [x, 900.0 - 200.0 * r as f32, 0.0],
                kinds: k.clone(),
            });
        }
    }
    m
}

/// A Quake-style waypoint graph with typed links.
/// The link kinds of [`waypoints`], in turn along the chain.
pub const WAYPOINT_KINDS: [ConnectionKind; 9] = [
    ConnectionKind::Walk,
    ConnectionKind::LongJump,
    ConnectionKind::Teleport,
    ConnectionKind::Drop,
    ConnectionKind::Pusher,
    ConnectionKind::BarrierJump,
    ConnectionKind::Elevator,
    ConnectionKind::Train,
    ConnectionKind::ManualJump,
];

pub fn waypoints() -> NavMesh {
    let mut m = NavMesh {
        format: Some(navforge_core::Format::QuakeNav),
        ..NavMesh::default()
    };
    let types = WAYPOINT_KINDS;
    for i in 0..40u64 {
        let a = i as f32 * 0.7;
        m.nodes.push(Node {
            id: i,
            position: [a.cos() * (200.0 + 20.0 * i as f32), a.sin() * 300.0, 0.0],
            flags: vec![],
            radius: None,
            group: 0,
        });
    }
    for i in 0..39u64 {
        let t = types[(i as usize) % types.len()];
        m.links.push(Link {
            from: i,
            to: i + 1,
            kind: t,
            team_mask: None,
            cost: None,
            traversal: None,
        });
        if t == ConnectionKind::Walk {
            m.links.push(Link {
                from: i + 1,
                to: i,
                kind: ConnectionKind::Walk,
                team_mask: None,
                cost: None,
                traversal: None,
            });
        }
    }
    m
}

/// About `n` quads in a square-ish grid, joined both ways, with some one-way links.
pub fn big(n: u32) -> NavMesh {
    let w = (n as f64).sqrt().ceil() as u32;
    let h = n.div_ceil(w);
    let mut m = NavMesh {
        format: None,
        places: (0..30).map(|i| format!("Place{i}")).collect(),
        ..NavMesh::default()
    };
    grid(&mut m, 1, w, h, 50.0, [-5000.0, -5000.0, 0.0]);
    for (i, a) in m.areas.iter_mut().enumerate() {
        a.place = Some((i as u32 / 97) % 30);
    }
    for i in (1..(w * h) as u64).step_by(17) {
        m.connections.push(link(i, i + 2));
    }
    m
}
