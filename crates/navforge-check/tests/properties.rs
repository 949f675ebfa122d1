//! Geometric properties of the lint: grids of any size are clean, moved areas are caught.

use navforge_check::check;
use navforge_core::model::{Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::testing::square_area;
use proptest::prelude::*;

/// A `cols` x `rows` grid of `size`-unit Source-style quads, every neighbour connected both ways.
fn grid(cols: u64, rows: u64, size: f32, heights: &[f32]) -> NavMesh {
    let id = |c: u64, r: u64| r * cols + c + 1;
    let mut mesh = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        ..Default::default()
    };
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (c as f32 * size, r as f32 * size);
            let z = heights[(id(c, r) as usize) % heights.len()];
            mesh.areas.push(square_area(id(c, r), [x, y, z], size));
            let mut both = |a, b, d, back| {
                mesh.connections.push(Connection {
                    from: a,
                    to: b,
                    kind: ConnectionKind::Walk,
                    direction: Some(d),
                });
                mesh.connections.push(Connection {
                    from: b,
                    to: a,
                    kind: ConnectionKind::Walk,
                    direction: Some(back),
                });
            };
            if c + 1 < cols {
                both(id(c, r), id(c + 1, r), Direction::East, Direction::West);
            }
            if r + 1 < rows {
                both(id(c, r), id(c, r + 1), Direction::South, Direction::North);
            }
        }
    }
    mesh
}

proptest! {
    #![proptest_config(navforge_core::testing::proptest_config(256))]
    #[test]
    fn connected_grids_are_clean(cols in 1u64..8, rows in 1u64..8, size in 1.0f32..500.0,
                                 heights in proptest::collection::vec(-20.0f32..20.0, 1..5)) {
        let report = check(&grid(cols, rows, size, &heights), &[]);
        prop_assert!(report.findings.is_empty(), "{:?}", report);
    }

    /// Sliding one area halfway onto its neighbour makes them overlap and their edges part.
    #[test]
    fn a_shifted_area_is_caught(cols in 2u64..8, rows in 1u64..8, size in 10.0f32..500.0, pick in any::<prop::sample::Index>()) {
        let mut mesh = grid(cols, rows, size, &[0.0]);
        let i = pick.index(mesh.areas.len());
        for p in &mut mesh.areas[i].polygon {
            p[0] += size / 2.0;
        }
        let report = check(&mesh, &[]);
        prop_assert!(report.has("edges-do-not-meet"), "{:?}", report);
        prop_assert_eq!(report.errors(), 0);
        // Only the last column has no neighbour to slide onto.
        if (i as u64) % cols != cols - 1 {
            prop_assert!(report.has("overlapping-areas"), "{:?}", report);
        }
    }

    /// Turning any one area's corners around is always reported, and only that area.
    #[test]
    fn a_reversed_area_is_the_one_reported(cols in 2u64..8, rows in 2u64..8, pick in any::<prop::sample::Index>()) {
        let mut mesh = grid(cols, rows, 100.0, &[0.0]);
        let i = pick.index(mesh.areas.len());
        mesh.areas[i].polygon.reverse();
        let report = check(&mesh, &[]);
        let inverted = report.findings.iter().find(|f| f.code == "inverted-area").expect("reported");
        let ids: Vec<_> = inverted.instances.iter().map(|x| x.subject).collect();
        prop_assert_eq!(ids, vec![navforge_check::Subject::Area(mesh.areas[i].id)]);
    }
}
