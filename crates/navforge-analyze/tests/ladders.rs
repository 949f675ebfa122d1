//! The GoldSrc ladder rebuild ([`navforge_analyze::ladders::build`]) on levels built in code, so
//! the rule is held without the corpus: a ladder against the west face of a solid platform,
//! its foot on the floor in front of it and its top at the platform's edge.

#[path = "common/city.rs"]
mod city;

use navforge_analyze::geom::{Geom, Mesh};
use navforge_analyze::ladders::{self, GoldSrcLadder};
use navforge_core::area::{AreaLocator, AreaRect};
use navforge_core::model::Direction;
use navforge_level::{Level, Vec3};

/// Solid boxes as a Source map's brushes (solid inside, as a compiled map is).
fn level_of(boxes: Vec<([f32; 3], [f32; 3])>) -> Level {
    city::City {
        boxes,
        brushes: Vec::new(),
        start: [-100.0, 0.0, 0.0],
        blocks: Vec::new(),
    }
    .brush_level()
}

/// A flat area at height `z`.
fn area(id: u32, lo: [f32; 2], hi: [f32; 2], z: f32) -> Geom {
    Geom::new(id, 0, AreaRect { lo, hi, z: [z; 4] })
}

/// The ladder of the `func_ladder` spanning `min..max` (the file's model bounds) on `mesh`.
fn ladder(mesh: &Mesh, level: &Level, (min, max): ([f32; 3], [f32; 3])) -> GoldSrcLadder {
    let areas = AreaLocator::new(mesh.areas.iter().map(|a| Some(a.rect)));
    ladders::build(
        (mesh, &areas),
        level,
        (Vec3::from_array(min), Vec3::from_array(max)),
    )
}

/// A floor at 0 (a slab under it) and a platform `top` high over `x >= 0`, its face toward
/// the west; the floor area in front of the face and the platform's area, `floor` under the
/// floor area.
fn platform(top: f32, floor: f32) -> (Level, Mesh) {
    let level = level_of(vec![
        ([-512.0, -512.0, floor - 16.0], [512.0, 512.0, floor]),
        ([0.0, -512.0, floor], [512.0, 512.0, top]),
    ]);
    let mesh = Mesh {
        areas: vec![
            area(1, [-300.0, -100.0], [0.0, 100.0], floor),
            area(2, [0.0, -100.0], [300.0, 100.0], top),
        ],
    };
    (level, mesh)
}

#[test]
fn a_ladder_faces_away_from_its_wall_and_joins_the_floor_to_the_top() {
    let (level, mesh) = platform(128.0, 0.0);
    // Thin across x, against the face: the probe 25 units to its east is in the platform.
    let l = ladder(&mesh, &level, ([-3.0, -24.0, 0.0], [-1.0, 24.0, 128.0]));
    assert_eq!(l.facing, Direction::West, "{l:?}");
    assert_eq!(l.bottom, Some(0), "{l:?}");
    // Ahead (east, over the platform) is the top; left, right and behind run over the floor,
    // about 155 units below the start, past the 120 units an area may lie below a step.
    assert_eq!(l.tops, [Some(1), None, None, None], "{l:?}");
    assert!(!l.dangling, "{l:?}");
    // The foot moved up past the slab (the box spread 2 units reaches 2 into it) in one
    // 10-unit step; the top has room: length 130 - 8.
    assert!((l.length - 122.0).abs() < 1e-3, "{l:?}");
    assert_eq!(l.ups(), [(0, 1)]);
    assert_eq!(l.downs(), [(1, 0)]);
    let steps = ladders::steps_by_area(&[l], mesh.areas.len());
    assert_eq!(steps[0].iter().map(|s| s.0).collect::<Vec<_>>(), [1]);
    assert_eq!(steps[1].iter().map(|s| s.0).collect::<Vec<_>>(), [0]);
}

#[test]
fn a_ladder_whose_foot_hangs_over_a_standing_height_up_dangles() {
    // The ladder starts 100 units over the floor in front of it: it can be come down, not
    // climbed.
    let (level, mesh) = platform(228.0, 0.0);
    let l = ladder(&mesh, &level, ([-3.0, -24.0, 100.0], [-1.0, 24.0, 228.0]));
    assert_eq!((l.facing, l.bottom), (Direction::West, Some(0)), "{l:?}");
    assert_eq!(l.tops[0], Some(1), "{l:?}");
    assert!(l.dangling, "{l:?}");
    assert!(l.ups().is_empty());
    assert_eq!(l.downs(), [(1, 0)]);
}

#[test]
fn a_ladder_whose_probe_side_is_open_faces_that_way() {
    // The platform mirrored (x <= 0, its face toward the east): the probe 25 units east of
    // the ladder is open, so the climber stands east, and the top is ahead to the west.
    let level = level_of(vec![
        ([-512.0, -512.0, -16.0], [512.0, 512.0, 0.0]),
        ([-512.0, -512.0, 0.0], [0.0, 512.0, 128.0]),
    ]);
    let mesh = Mesh {
        areas: vec![
            area(1, [0.0, -100.0], [300.0, 100.0], 0.0),
            area(2, [-300.0, -100.0], [0.0, 100.0], 128.0),
        ],
    };
    let l = ladder(&mesh, &level, ([1.0, -24.0, 0.0], [3.0, 24.0, 128.0]));
    assert_eq!(l.facing, Direction::East, "{l:?}");
    assert_eq!((l.bottom, l.tops[0]), (Some(0), Some(1)), "{l:?}");
    assert!(!l.dangling, "{l:?}");
}

#[test]
fn a_ladder_turned_across_y_faces_north_when_its_wall_is_south() {
    // The same platform turned: its face toward the north (y <= 0 open; north is -y), the
    // ladder thin across y.
    let level = level_of(vec![
        ([-512.0, -512.0, -16.0], [512.0, 512.0, 0.0]),
        ([-512.0, 0.0, 0.0], [512.0, 512.0, 128.0]),
    ]);
    let mesh = Mesh {
        areas: vec![
            area(1, [-100.0, -300.0], [100.0, 0.0], 0.0),
            area(2, [-100.0, 0.0], [100.0, 300.0], 128.0),
        ],
    };
    let l = ladder(&mesh, &level, ([-24.0, -3.0, 0.0], [24.0, -1.0, 128.0]));
    // +y is the platform (walled), so the climber stands on the open side, to the north.
    assert_eq!(l.facing, Direction::North, "{l:?}");
    assert_eq!((l.bottom, l.tops[0]), (Some(0), Some(1)), "{l:?}");
}
