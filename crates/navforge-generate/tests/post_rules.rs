//! Each post-processing rule on a small level built in code (boxes as a Z-up OBJ), generated
//! for a Source game (Half-Life 2: Deathmatch constants: crouch jump 64, death drop 400) from
//! one walkable mark: the rule's effect must show, and switching the rule off must remove it,
//! so none of these can pass by accident. Every mesh also passes `navforge check` without
//! errors or `edges-do-not-meet`.

use navforge_core::NavDocument;
use navforge_core::model::{Area, NavMesh};
use navforge_generate::marks::{CLIFF, CROUCH, JUMP, OBSTACLE_TOP, STAIRS};
use navforge_generate::{GenerateOptions, Generated, generate};
use navforge_level::{Level, LoadOptions, UpAxis, Vec3};
use navforge_source::{SourceGame, SourceNavDocument};

/// Axis-aligned boxes (min, max) as one OBJ level.
fn level(boxes: &[([f32; 3], [f32; 3])]) -> Level {
    Level::load(
        navforge_core::testing::boxes_obj(boxes).as_bytes(),
        &LoadOptions::default().with_up_axis(UpAxis::Z),
    )
    .expect("level")
}

fn opts(mark: [f32; 3]) -> GenerateOptions {
    let mut o = GenerateOptions::for_game(SourceGame::Hl2dm);
    o.config.marks = vec![Vec3::from_array(mark)];
    o.config.use_spawns = false;
    o.config.use_ladders = false;
    o
}

/// Generate, re-read the file and check it: no errors and no connection over a gap.
fn run(level: &Level, o: &GenerateOptions) -> (Generated, NavMesh) {
    let out = generate(level, o).expect("generate");
    let doc = SourceNavDocument::read(&out.bytes).expect("re-read");
    assert_eq!(doc.write().expect("write"), out.bytes);
    let model = doc.to_model();
    let report = navforge_check::check(&model, &[]);
    assert_eq!(report.errors(), 0, "{report:?}");
    assert!(!report.has("edges-do-not-meet"), "{report:?}");
    (out, model)
}

fn with(model: &NavMesh, bit: u64) -> Vec<&Area> {
    model
        .areas
        .iter()
        .filter(|a| a.attributes & bit != 0)
        .collect()
}

fn size(a: &Area) -> (f32, f32) {
    (
        a.polygon[2][0] - a.polygon[0][0],
        a.polygon[2][1] - a.polygon[0][1],
    )
}

/// A floor slab from (x0, y0) to (x1, y1), its top at `z`.
fn slab(x0: f32, y0: f32, x1: f32, y1: f32, z: f32) -> ([f32; 3], [f32; 3]) {
    ([x0, y0, z - 16.0], [x1, y1, z])
}

#[test]
fn long_thin_areas_are_squared_up() {
    // A corridor three samples wide and 25 long.
    let l = level(&[slab(-5.0, -5.0, 55.0, 605.0, 0.0)]);
    let (_, model) = run(&l, &opts([25.0, 25.0, 0.0]));
    for a in &model.areas {
        let (w, h) = size(a);
        assert!(w.max(h) / w.min(h) <= 3.01, "area {} is {w} x {h}", a.id);
    }
    let mut off = opts([25.0, 25.0, 0.0]);
    off.config.square_up = false;
    let (_, model) = run(&l, &off);
    let thin = model.areas.iter().any(|a| {
        let (w, h) = size(a);
        w.max(h) / w.min(h) > 3.01
    });
    assert!(thin, "without squaring up the corridor stays one long area");
}

/// A staircase of 6-unit risers on 12-unit treads from z = 0 to z = 96, 200 wide, between two
/// landings; or, with `ramp`, a smooth slope over the same run (thin slabs every 2 units).
fn stairs_level(ramp: bool) -> Level {
    let mut boxes = vec![slab(-100.0, -200.0, 300.0, 0.0, 0.0)];
    let (rise, run) = if ramp { (1.0, 2.0) } else { (6.0, 12.0) };
    let steps = (96.0 / rise) as usize;
    for k in 1..=steps {
        let y = (k - 1) as f32 * run;
        boxes.push(([-100.0, y, -16.0], [300.0, y + run, k as f32 * rise]));
    }
    let top = steps as f32 * run;
    boxes.push(slab(-100.0, top, 300.0, top + 200.0, 96.0));
    level(&boxes)
}

#[test]
fn stairs_are_marked_and_ramps_are_not() {
    let (out, model) = run(&stairs_level(false), &opts([100.0, -100.0, 0.0]));
    let stairs = with(&model, STAIRS);
    assert!(!stairs.is_empty(), "{:?}", out.stats);
    // Stairs areas lie on the staircase (y 0..192), not on the landings.
    for a in &stairs {
        assert!(
            a.polygon[0][1] >= -0.1 && a.polygon[2][1] <= 192.1,
            "{:?}",
            a.polygon
        );
    }
    let (_, model) = run(&stairs_level(true), &opts([100.0, -100.0, 0.0]));
    assert!(with(&model, STAIRS).is_empty(), "a ramp is no stairs");
    let mut off = opts([100.0, -100.0, 0.0]);
    off.config.stairs = false;
    let (_, model) = run(&stairs_level(false), &off);
    assert!(with(&model, STAIRS).is_empty());
}

/// A floor and, east of it, a platform 40 higher: a crouch jump up, a drop down.
fn ledge_level() -> Level {
    level(&[
        slab(-200.0, -200.0, 200.0, 200.0, 0.0),
        slab(200.0, -200.0, 600.0, 200.0, 40.0),
    ])
}

#[test]
fn jump_areas_become_connections_over_the_ledge() {
    let mut keep = opts([0.0, 0.0, 0.0]);
    keep.config.jump_links = false;
    let (_, model) = run(&ledge_level(), &keep);
    assert!(!with(&model, JUMP).is_empty(), "the ledge makes jump areas");

    let (out, model) = run(&ledge_level(), &opts([0.0, 0.0, 0.0]));
    assert!(with(&model, JUMP).is_empty(), "{:?}", out.stats);
    assert!(out.stats.jump_areas_removed > 0);
    // Up onto the platform and back down: connections between the two floors, both ways.
    let z = |id: u64| {
        model
            .areas
            .iter()
            .find(|a| a.id == id)
            .map(|a| a.polygon[0][2])
    };
    let up = model
        .connections
        .iter()
        .any(|c| z(c.from) < Some(1.0) && z(c.to) > Some(39.0));
    let down = model
        .connections
        .iter()
        .any(|c| z(c.from) > Some(39.0) && z(c.to) < Some(1.0));
    assert!(up && down, "up {up} down {down}");
}

#[test]
fn crouch_areas_are_under_low_ceilings() {
    // A ceiling 50 above the floor over its east half.
    let l = level(&[
        slab(-200.0, -200.0, 400.0, 200.0, 0.0),
        ([100.0, -200.0, 50.0], [400.0, 200.0, 66.0]),
    ]);
    let (_, model) = run(&l, &opts([-100.0, 0.0, 0.0]));
    let crouch = with(&model, CROUCH);
    assert!(!crouch.is_empty());
    for a in &crouch {
        assert!(
            a.polygon[0][0] >= 75.0,
            "crouch area {:?} is in the open",
            a.polygon
        );
    }
    assert!(
        model
            .areas
            .iter()
            .any(|a| a.attributes & CROUCH == 0 && a.polygon[2][0] <= 100.0)
    );
}

#[test]
fn areas_beside_a_cliff_are_marked() {
    // A plateau whose east edge drops 500 (more than the death drop) to a floor far below.
    let l = level(&[
        slab(-200.0, -200.0, 200.0, 200.0, 0.0),
        slab(-200.0, -200.0, 1000.0, 200.0, -500.0),
    ]);
    let (_, model) = run(&l, &opts([0.0, 0.0, 0.0]));
    let cliff = with(&model, CLIFF);
    assert!(!cliff.is_empty());
    for a in &cliff {
        assert!(
            a.polygon[2][0] >= 175.0,
            "{:?} is not at the edge",
            a.polygon
        );
    }
    let mut off = opts([0.0, 0.0, 0.0]);
    off.config.cliff_height = None;
    let (_, model) = run(&l, &off);
    assert!(with(&model, CLIFF).is_empty());
}

#[test]
fn an_obstacle_gets_an_area_on_its_top() {
    // A fence 4 thick and 30 high across the floor, at x = 110..114.
    let l = level(&[
        slab(-200.0, -200.0, 400.0, 200.0, 0.0),
        ([110.0, -200.0, 0.0], [114.0, 200.0, 30.0]),
    ]);
    let (out, model) = run(&l, &opts([0.0, 0.0, 0.0]));
    let tops = with(&model, OBSTACLE_TOP);
    assert!(!tops.is_empty(), "{:?}", out.stats);
    for a in &tops {
        // On the fence: at its height, over it, narrow across it.
        assert!(
            a.polygon.iter().all(|p| (p[2] - 30.0).abs() < 1.0),
            "{:?}",
            a.polygon
        );
        assert!(a.polygon[0][0] <= 114.0 && a.polygon[2][0] >= 110.0);
        assert!(size(a).0 <= 12.0, "{:?}", a.polygon);
    }
    // Each connects to the floor on both sides of the fence.
    let x_of = |id: u64| {
        model
            .areas
            .iter()
            .find(|a| a.id == id)
            .map(|a| a.polygon[0][0])
    };
    let ids: Vec<u64> = tops.iter().map(|a| a.id).collect();
    let west = model
        .connections
        .iter()
        .any(|c| ids.contains(&c.from) && x_of(c.to) < Some(110.0));
    let east = model
        .connections
        .iter()
        .any(|c| ids.contains(&c.from) && x_of(c.to) > Some(110.0));
    assert!(west && east);
    let mut off = opts([0.0, 0.0, 0.0]);
    off.config.obstacle_tops = false;
    let (_, model) = run(&l, &off);
    assert!(with(&model, OBSTACLE_TOP).is_empty());
}
