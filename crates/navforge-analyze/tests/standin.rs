//! The stand-in maps (`common/standin.rs`) that stage timings take for navs whose map the
//! corpus lacks: walls where a mesh is open, none between neighbours, floors under every area.

#[path = "common/city.rs"]
mod city;
#[path = "common/standin.rs"]
mod standin;

use navforge_level::{Sight, Vec3};

/// On the 2-block town's mesh: every area has a floor under its centre and room above it; each
/// flat street-level area's open sides are walled just outside, not inside; and two flat
/// street-level areas that share part of a side see each other across it.
#[test]
fn walls_stand_where_the_mesh_is_open_and_nowhere_else() {
    let (_, doc) = city::town(2, city::Rules::CssV16);
    let map = standin::standin(&doc).expect("the town's mesh has areas");
    let level = map.brush_level();
    let rects = standin::rects(&doc);
    assert_eq!(rects.len(), doc.areas.len());
    let clear = |a: Vec3, b: Vec3| level.sight(a, b) == Sight::Clear;
    let flat_street = |r: &standin::Rect| r.4.abs() < 0.5 && (r.5 - r.4) < 0.5;
    let (mut walls, mut shared) = (0, 0);
    for (i, r) in rects.iter().enumerate() {
        let centre = Vec3::new((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0, r.4);
        assert!(
            !clear(centre + Vec3::Z * 8.0, centre - Vec3::Z * 8.0),
            "area {i}: no floor"
        );
        assert!(
            clear(centre + Vec3::Z * 8.0, centre + Vec3::Z * 100.0),
            "area {i}: no room"
        );
        if !flat_street(r) {
            continue;
        }
        for s in 0..4 {
            let (axis, c, out, _) = standin::side(r, s);
            let at = |along: f32, across: f32| {
                if axis == 0 {
                    Vec3::new(c + out * across, along, r.4 + 30.0)
                } else {
                    Vec3::new(along, c + out * across, r.4 + 30.0)
                }
            };
            for (s0, s1) in standin::open_parts(&rects, i, s) {
                let mid = (s0 + s1) / 2.0;
                let centre_high = centre + Vec3::Z * 30.0;
                assert!(
                    clear(centre_high, at(mid, -4.0)),
                    "area {i} side {s}: walled inside"
                );
                assert!(
                    !clear(at(mid, -4.0), at(mid, 4.0)),
                    "area {i} side {s}: not walled"
                );
                walls += 1;
            }
            // Neighbours across this side at the same height: open between them.
            for (j, o) in rects.iter().enumerate() {
                let (_, near, _, (o0, o1)) = standin::side(o, s ^ 1);
                let (_, _, _, (a, b)) = standin::side(r, s);
                let (lo, hi) = (a.max(o0), b.min(o1));
                if j == i || !flat_street(o) || (near - c).abs() > 0.01 || hi - lo < 16.0 {
                    continue;
                }
                let mid = (lo + hi) / 2.0;
                assert!(
                    clear(at(mid, -4.0), at(mid, 4.0)),
                    "areas {i} and {j}: walled apart"
                );
                shared += 1;
            }
        }
    }
    // The 2-block town asks 415 open parts and 358 shared sides (so it cannot pass by asking
    // none); a wall put inside its area, or on every side, fails it (tried).
    assert!(walls >= 300, "{walls} open parts asked");
    assert!(shared >= 250, "{shared} shared sides asked");
}

/// Walls that continue one another along one face become one brush; walls apart along it, at
/// heights that do not meet, or on another face stay apart.
#[test]
fn walls_along_one_line_are_one_brush() {
    let wall =
        |face: (usize, f32, f32), span: (f32, f32), z: (f32, f32)| standin::Wall { face, span, z };
    let x = (0, 100.0, 1.0);
    let walls = vec![
        wall(x, (50.0, 80.0), (0.0, 160.0)),
        wall(x, (0.0, 50.0), (10.0, 170.0)),
        wall(x, (80.5, 120.0), (-5.0, 150.0)),
        // A gap of more than a unit along the face.
        wall(x, (122.0, 150.0), (0.0, 160.0)),
        // Above the first three.
        wall(x, (0.0, 50.0), (300.0, 460.0)),
        // The other way out, and the other axis.
        wall((0, 100.0, -1.0), (0.0, 50.0), (0.0, 160.0)),
        wall((1, 100.0, 1.0), (0.0, 50.0), (0.0, 160.0)),
    ];
    let merged = standin::merged(walls);
    let spans: Vec<_> = merged.iter().map(|w| (w.face, w.span, w.z)).collect();
    assert_eq!(
        spans,
        vec![
            ((0, 100.0, -1.0), (0.0, 50.0), (0.0, 160.0)),
            (x, (0.0, 120.0), (-5.0, 170.0)),
            (x, (0.0, 50.0), (300.0, 460.0)),
            (x, (122.0, 150.0), (0.0, 160.0)),
            ((1, 100.0, 1.0), (0.0, 50.0), (0.0, 160.0)),
        ]
    );
}
