//! The stand-in maps (`common/standin.rs`) that stage timings take for navs whose map the
//! corpus lacks: floors under every area, walls along unclosed sides, none between neighbours,
//! a ledge's face no higher than the ledge.

#[path = "common/city.rs"]
mod city;
#[path = "common/standin.rs"]
mod standin;

use navforge_level::{Sight, Vec3};
use standin::{Rect, Wall};

/// On the 2-block town's mesh: every area has a floor under its centre and room above it; the
/// unclosed parts of each flat street-level area's sides are walled just outside it, not
/// inside; and nothing stands between two flat street-level areas across the sides they share
/// (the town has no staircase of four steps, so no slanted wall).
#[test]
fn the_towns_street_is_walled_where_its_mesh_ends() {
    let (_, doc) = city::town(2, city::Rules::CssV16);
    let map = standin::standin(&doc).expect("the town's mesh has areas");
    assert!(map.brushes.is_empty(), "the town has no staircase");
    let level = map.brush_level();
    let rects = standin::rects(&doc);
    assert_eq!(rects.len(), doc.areas.len());
    let clear = |a: Vec3, b: Vec3| level.sight(a, b) == Sight::Clear;
    let flat_street = |r: &Rect| r.z.0.abs() < 0.5 && (r.z.1 - r.z.0) < 0.5;
    let (mut walls, mut shared) = (0, 0);
    for (i, r) in rects.iter().enumerate() {
        let centre = Vec3::from_array(r.centre());
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
            let side = r.side(s);
            let at = |along: f32, across: f32| {
                let c = side.at + side.out * across;
                if side.axis == 0 {
                    Vec3::new(c, along, r.z.0 + 30.0)
                } else {
                    Vec3::new(along, c, r.z.0 + 30.0)
                }
            };
            for ((s0, s1), _) in standin::side_walls(&rects, i, s) {
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
            // Neighbours across this side at the same height: nothing between them.
            for (j, o) in rects.iter().enumerate() {
                let facing = o.side(s ^ 1);
                let (lo, hi) = (
                    side.span.0.max(facing.span.0),
                    side.span.1.min(facing.span.1),
                );
                if j == i || !flat_street(o) || (facing.at - side.at).abs() > 0.01 || hi - lo < 16.0
                {
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
    // The 2-block town asks 415 walled parts and 358 shared sides (so it cannot pass by
    // asking none); a wall put inside its area, or on every side, fails it (tried).
    assert!(walls >= 300, "{walls} walled parts asked");
    assert!(shared >= 250, "{shared} shared sides asked");
}

/// How far out from the middle `mid` of `side` a slanted wall's middle lies, along the side's
/// outward axis: the nearest of `slanted` whose length that line crosses (none: no slanted
/// wall stands beyond it).
fn crossing(slanted: &[standin::Slanted], side: standin::Side, mid: f32) -> Option<f32> {
    let dot = |p: [f32; 2], q: [f32; 2]| p[0] * q[0] + p[1] * q[1];
    let mut origin = [mid; 2];
    origin[side.axis] = side.at;
    let mut out = [0.0; 2];
    out[side.axis] = side.out;
    (slanted.iter())
        .filter_map(|w| {
            let facing = dot(w.normal, out);
            let t = (w.dist + standin::WALL / 2.0 - dot(w.normal, origin)) / facing;
            let p = [origin[0] + out[0] * t, origin[1] + out[1] * t];
            let (along, (s0, s1), _) = w.frame();
            let within = (s0..=s1).contains(&dot(along, p));
            (facing > 0.0 && t > 0.0 && within).then_some(t)
        })
        .min_by(f32::total_cmp)
}

/// Hand-made areas: a ground area with a ledge 100 units up along half its east side and,
/// beyond a 1-unit gap, a step 18 up along its north side. The ledge's face is walled up to the
/// ledge's floor only, the rest of that side to full height; the ledge's own side toward the
/// ground is a drop, unwalled; the step closes the part it covers and the rest of that side is
/// walled to full height; a side with nothing along it is walled to full height.
#[test]
fn a_ledge_gets_its_face_and_a_drop_or_step_no_wall() {
    let rect = |lo: [f32; 2], hi: [f32; 2], z: f32| Rect { lo, hi, z: (z, z) };
    let rects = [
        rect([0.0, 0.0], [100.0, 100.0], 0.0),
        rect([100.0, 0.0], [200.0, 50.0], 100.0),
        rect([0.0, 101.0], [60.0, 200.0], 18.0),
    ];
    let full = standin::WALL_UP;
    // Ground, east (side 1): the ledge's face, up to its floor, then a full wall.
    assert_eq!(
        standin::side_walls(&rects, 0, 1),
        vec![((0.0, 50.0), 100.0), ((50.0, 100.0), full)]
    );
    // Ground, north (side 3): the step closes 0..60; 60..100 is walled.
    assert_eq!(
        standin::side_walls(&rects, 0, 3),
        vec![((60.0, 100.0), full)]
    );
    // Ground, west (side 0): nothing along it.
    assert_eq!(
        standin::side_walls(&rects, 0, 0),
        vec![((0.0, 100.0), full)]
    );
    // The ledge, west (side 0): a drop to the ground, no wall.
    assert_eq!(standin::side_walls(&rects, 1, 0), vec![]);
    // The step, south (side 2): a drop of 18 to the ground over 0..60, no wall.
    assert_eq!(standin::side_walls(&rects, 2, 2), vec![]);

    // Built, the ledge's face blocks a line along the ground into it, not one over the ledge.
    let map = standin::stand_in_of(&rects).expect("three areas");
    let level = map.brush_level();
    let sight = |a: [f32; 3], b: [f32; 3]| level.sight(Vec3::from_array(a), Vec3::from_array(b));
    assert_ne!(sight([50.0, 25.0, 50.0], [150.0, 25.0, 50.0]), Sight::Clear);
    assert_eq!(
        sight([50.0, 25.0, 150.0], [150.0, 25.0, 150.0]),
        Sight::Clear
    );
    // Beside the ledge the side is walled to full height.
    assert_ne!(
        sight([50.0, 75.0, 150.0], [150.0, 75.0, 150.0]),
        Sight::Clear
    );
}

/// Walls that continue one another along one face at the heights of the run's first wall
/// become one brush, taking the lowest top (so a run never stands over a ledge one of its walls
/// was capped at); walls apart along the face, a storey above, staggered, a ledge's face lower
/// than its neighbour by more than the tolerance, the end of a chain that climbs past it, and
/// walls on another face stay apart.
#[test]
fn walls_along_one_line_at_one_height_are_one_brush() {
    let wall = |(axis, at, out): (usize, f32, f32), span: (f32, f32), z: (f32, f32)| Wall {
        axis,
        at,
        out,
        span,
        z,
    };
    let x = (0, 100.0, 1.0);
    let walls = vec![
        wall(x, (50.0, 100.0), (0.0, 150.0)),
        wall(x, (0.0, 50.0), (0.0, 160.0)),
        wall(x, (100.5, 120.0), (-5.0, 155.0)),
        // A gap of more than a unit along the face.
        wall(x, (122.0, 150.0), (0.0, 160.0)),
        // A storey above, and a staggered wall whose heights overlap but do not match.
        wall(x, (0.0, 50.0), (300.0, 460.0)),
        wall(x, (120.0, 200.0), (134.0, 310.0)),
        // A ledge's face, 60 lower than the wall it meets.
        wall(x, (150.0, 160.0), (0.0, 100.0)),
        // A chain climbing 15 a link: its third link is 30 above its first.
        wall(x, (200.0, 210.0), (0.0, 160.0)),
        wall(x, (210.0, 220.0), (0.0, 175.0)),
        wall(x, (220.0, 230.0), (0.0, 190.0)),
        // The other way out, and the other axis.
        wall((0, 100.0, -1.0), (0.0, 50.0), (0.0, 160.0)),
        wall((1, 100.0, 1.0), (0.0, 50.0), (0.0, 160.0)),
    ];
    let merged: Vec<_> = standin::merged(walls)
        .iter()
        .map(|w| ((w.axis, w.at, w.out), w.span, w.z))
        .collect();
    assert_eq!(
        merged,
        vec![
            ((0, 100.0, -1.0), (0.0, 50.0), (0.0, 160.0)),
            (x, (0.0, 120.0), (-5.0, 150.0)),
            (x, (0.0, 50.0), (300.0, 460.0)),
            (x, (120.0, 200.0), (134.0, 310.0)),
            (x, (122.0, 150.0), (0.0, 160.0)),
            (x, (150.0, 160.0), (0.0, 100.0)),
            (x, (200.0, 220.0), (0.0, 160.0)),
            (x, (220.0, 230.0), (0.0, 190.0)),
            ((1, 100.0, 1.0), (0.0, 50.0), (0.0, 160.0)),
        ]
    );
}

/// A staircase edge becomes one slanted wall: eight rows of areas, each 25 units shorter than
/// the one below, step along a 45° line to the north-east. The fourteen steps between its
/// first and last outer corners become one wall standing just outside those corners, the
/// steps at its two ends kept as boxes (and the two beyond them, which end at inner corners);
/// the long west and south walls stay boxes. A row sees into the pocket beside its step (the
/// step's box is gone), not out through the diagonal.
#[test]
fn a_staircase_edge_is_one_slanted_wall() {
    let rects: Vec<Rect> = (0..8)
        .map(|k| {
            let y = 25.0 * k as f32;
            Rect {
                lo: [0.0, y],
                hi: [200.0 - y, y + 25.0],
                z: (0.0, 0.0),
            }
        })
        .collect();
    let map = standin::stand_in_of(&rects).expect("eight areas");
    let [brush] = map.brushes.as_slice() else {
        panic!("{} slanted walls", map.brushes.len());
    };
    // Four axial bounds of its footprint, marked bevels (rays skip them).
    assert_eq!(brush.iter().filter(|&&(_, _, bevel)| bevel).count(), 4);
    // Eight floors, the west and south walls, four steps.
    assert_eq!(map.boxes.len(), 8 + 2 + 4);
    let level = map.brush_level();
    let sight = |a: [f32; 3], b: [f32; 3]| level.sight(Vec3::from_array(a), Vec3::from_array(b));
    // Row 3 (x to 125 at y 75..100) into the pocket east of its step, then out.
    let row3 = [60.0, 87.5, 50.0];
    let pocket = [135.0, 80.0, 50.0];
    assert_eq!(sight(row3, pocket), Sight::Clear, "the step's wall is gone");
    assert_ne!(
        sight(pocket, [220.0, 160.0, 50.0]),
        Sight::Clear,
        "out through the diagonal"
    );
    assert_ne!(
        sight(row3, [300.0, 87.5, 50.0]),
        Sight::Clear,
        "out east from the row"
    );
    // Nothing leaks round the wall's end: from the pocket beside row 1's step, past the outer
    // corner at (200, 25), where its face and its extension meet the steps beyond it.
    assert_ne!(
        sight([180.0, 35.0, 50.0], [230.0, 10.0, 50.0]),
        Sight::Clear,
        "round its end"
    );
    // Up the staircase inside the mesh, from row 0 to row 6, nothing stands.
    assert_eq!(sight([20.0, 12.5, 50.0], [20.0, 162.5, 50.0]), Sight::Clear);
    // Out from the middle of each replaced step: clear to the slanted wall, blocked through it.
    let (_, walls) = standin::walls_of(&rects);
    for (k, step) in staircase(8, 25.0).iter().enumerate().take(14).skip(2) {
        let side = standin::Side {
            axis: step.axis,
            at: step.at,
            out: step.out,
            span: step.span,
        };
        let mid = (step.span.0 + step.span.1) / 2.0;
        let t = crossing(&walls, side, mid).unwrap_or_else(|| panic!("step {k}: no wall"));
        let at = |across: f32| {
            let mut p = [mid, mid, 50.0];
            p[step.axis] = step.at + step.out * across;
            p
        };
        assert_eq!(
            sight(at(-4.0), at(t - standin::WALL)),
            Sight::Clear,
            "step {k}"
        );
        assert_ne!(
            sight(at(-4.0), at(t + standin::WALL)),
            Sight::Clear,
            "step {k}"
        );
    }

    // The wall itself: facing north-east, just outside the outer corners (x + y = 225).
    let steps = staircase(8, 25.0);
    let (kept, slanted) = standin::slanted(steps.clone(), &[]);
    assert_eq!(kept, vec![steps[0], steps[1], steps[14], steps[15]]);
    let [s] = slanted.as_slice() else {
        panic!("{} slanted walls", slanted.len());
    };
    let half = std::f32::consts::FRAC_1_SQRT_2;
    assert!((s.normal[0] - half).abs() < 1e-6 && (s.normal[1] - half).abs() < 1e-6);
    assert!((s.dist - 225.0 * half).abs() < 1e-3, "{}", s.dist);

    // An area across the line beside rows 2 and 3: the steps next to it stay boxes, and the
    // staircase beyond it is still slanted.
    let beyond = Rect {
        lo: [150.0, 60.0],
        hi: [200.0, 100.0],
        z: (0.0, 0.0),
    };
    assert!(s.intrudes(&[beyond]));
    let (kept, slanted) = standin::slanted(steps.clone(), &[beyond]);
    let beside: Vec<Wall> = (steps[..8].iter().chain(&steps[14..])).copied().collect();
    assert_eq!(kept, beside);
    let [s] = slanted.as_slice() else {
        panic!("{} slanted walls", slanted.len());
    };
    assert_eq!((s.a, s.b), ([125.0, 100.0], [25.0, 200.0]));

    // Four steps between two outer corners make a wall, three do not; nor do the four with one
    // x wall facing the other way (a notch), nor steps longer than a step may be (55 units,
    // whose corners lie 38.9 from the line: within the tolerance).
    let (kept, slanted) = standin::slanted(steps[1..5].to_vec(), &[]);
    assert_eq!((kept, slanted.len()), (vec![steps[1], steps[4]], 1));
    assert!(standin::slanted(steps[1..4].to_vec(), &[]).1.is_empty());
    let mut notch = steps[1..5].to_vec();
    notch[1].out = -1.0;
    assert!(standin::slanted(notch, &[]).1.is_empty());
    assert!(standin::slanted(staircase(8, 55.0), &[]).1.is_empty());
    assert_eq!(standin::slanted(staircase(8, 50.0), &[]).1.len(), 1);
}

/// A wall of the staircase tests, 160 units high from the floor.
fn step_wall(axis: usize, at: f32, out: f32, span: (f32, f32)) -> Wall {
    Wall {
        axis,
        at,
        out,
        span,
        z: (0.0, 160.0),
    }
}

/// The steps of an edge facing north-east: `rows` rows, each `step` shorter than the one below;
/// row `k`'s east side, then the part of its north side the row above leaves open.
fn staircase(rows: usize, step: f32) -> Vec<Wall> {
    let top = step * rows as f32;
    (0..rows)
        .flat_map(|k| {
            let (x, y) = (top - step * k as f32, step * k as f32);
            [
                step_wall(0, x, 1.0, (y, y + step)),
                step_wall(1, y + step, 1.0, (x - step, x)),
            ]
        })
        .collect()
}
