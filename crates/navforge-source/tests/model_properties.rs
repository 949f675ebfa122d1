//! Property: any grid of Source areas (own corner heights, attributes, places, one-way and
//! two-way connections) survives model -> document -> bytes -> read -> model, for every game
//! layout the writer knows.

use navforge_core::NavDocument;
use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
use navforge_source::{SourceNavDocument, from_model};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Spec {
    cols: u64,
    rows: u64,
    size: f32,
    heights: Vec<[f32; 4]>,
    attributes: Vec<u32>,
    places: usize,
    one_way: Vec<bool>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1u64..6, 1u64..6, 1.0f32..400.0, 0usize..4).prop_flat_map(|(cols, rows, size, places)| {
        let n = (cols * rows) as usize;
        (
            proptest::collection::vec(proptest::array::uniform4(-500.0f32..500.0), n),
            proptest::collection::vec(any::<u32>(), n),
            proptest::collection::vec(any::<bool>(), 2 * n),
        )
            .prop_map(move |(heights, attributes, one_way)| Spec {
                cols,
                rows,
                size,
                heights,
                attributes,
                places,
                one_way,
            })
    })
}

fn mesh(s: &Spec) -> NavMesh {
    let id = |c: u64, r: u64| r * s.cols + c + 1;
    let mut m = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        places: (0..s.places).map(|i| format!("Place{i}")).collect(),
        ..Default::default()
    };
    let mut link = 0;
    for r in 0..s.rows {
        for c in 0..s.cols {
            let i = (id(c, r) - 1) as usize;
            let (x0, y0, x1, y1) = (
                c as f32 * s.size,
                r as f32 * s.size,
                (c + 1) as f32 * s.size,
                (r + 1) as f32 * s.size,
            );
            let h = s.heights[i];
            m.areas.push(Area {
                id: id(c, r),
                polygon: vec![
                    [x0, y0, h[0]],
                    [x1, y0, h[1]],
                    [x1, y1, h[2]],
                    [x0, y1, h[3]],
                ],
                attributes: u64::from(s.attributes[i]),
                place: (s.places > 0).then_some((i % s.places.max(1)) as u32),
                ..Default::default()
            });
            for (dc, dr, dir, back) in [
                (1, 0, Direction::East, Direction::West),
                (0, 1, Direction::South, Direction::North),
            ] {
                if c + dc >= s.cols || r + dr >= s.rows {
                    continue;
                }
                let (a, b) = (id(c, r), id(c + dc, r + dr));
                m.connections.push(Connection {
                    from: a,
                    to: b,
                    kind: ConnectionKind::Walk,
                    direction: Some(dir),
                });
                if !s.one_way[link % s.one_way.len()] {
                    m.connections.push(Connection {
                        from: b,
                        to: a,
                        kind: ConnectionKind::Walk,
                        direction: Some(back),
                    });
                }
                link += 1;
            }
        }
    }
    m
}

fn key(c: &Connection) -> (u64, u64, Option<Direction>) {
    (c.from, c.to, c.direction)
}

proptest! {
    #![proptest_config(navforge_core::testing::proptest_config(96))]
    #[test]
    fn grids_survive_the_file(s in spec(), layout in prop::sample::select(vec![0u32, 1, 2, 12, 14])) {
        let original = mesh(&s);
        let doc = from_model(&original, layout).unwrap();
        let bytes = doc.write().unwrap();
        let back = SourceNavDocument::read(&bytes).unwrap();
        prop_assert_eq!(back.write().unwrap(), bytes);
        let m = back.to_model();
        prop_assert_eq!(&m.places, &original.places);
        prop_assert_eq!(m.areas.len(), original.areas.len());
        for (a, b) in m.areas.iter().zip(&original.areas) {
            prop_assert_eq!(a.id, b.id);
            prop_assert_eq!(&a.polygon, &b.polygon);
            prop_assert_eq!(a.attributes, b.attributes);
            prop_assert_eq!(a.place, b.place);
        }
        let mut got: Vec<_> = m.connections.iter().map(key).collect();
        let mut want: Vec<_> = original.connections.iter().map(key).collect();
        got.sort_unstable_by_key(|k| (k.0, k.1));
        want.sort_unstable_by_key(|k| (k.0, k.1));
        prop_assert_eq!(got, want);
    }
}
