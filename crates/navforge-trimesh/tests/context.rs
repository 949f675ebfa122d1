//! The triangle pipeline reports its eight stages to a `Context` by name, gives the same mesh
//! as the quiet run, and stops with `Cancelled` at the stage the context asks.

use navforge_core::context::Recording;
use navforge_level::{Level, LoadOptions};
use navforge_trimesh::{
    NavmeshConfig, NavmeshError, NavmeshStage, build_navmesh, build_navmesh_in,
};

/// A 20 × 20 m floor with a 2 m box on it (an OBJ, Y up, metres).
fn level() -> Level {
    let mut obj =
        String::from("v -10 0 -10\nv 10 0 -10\nv 10 0 10\nv -10 0 10\nf 1 3 2\nf 1 4 3\n");
    obj.push_str("v -1 2 -1\nv 1 2 -1\nv 1 2 1\nv -1 2 1\nf 5 7 6\nf 5 8 7\n");
    Level::load(obj.as_bytes(), &LoadOptions::default()).expect("level")
}

#[test]
fn every_stage_is_reported_in_order_and_cancellation_stops_it() {
    let level = level();
    let config = NavmeshConfig::default();
    let rec = Recording::default();
    let built = build_navmesh_in(&level, &config, &rec).expect("navmesh");
    assert_eq!(rec.stages(), NavmeshStage::NAMES);
    let timed: Vec<&str> = built.stats.times.iter().map(|t| t.0).collect();
    assert_eq!(timed, NavmeshStage::NAMES);
    let quiet = build_navmesh(&level, &config).expect("quiet");
    assert_eq!(quiet.triangles.triangles, built.triangles.triangles);
    assert!(built.stats.triangles > 0);

    let cancel = Recording::default();
    cancel.cancel_at("regions");
    let err = build_navmesh_in(&level, &config, &cancel).expect_err("cancelled");
    assert!(matches!(err, NavmeshError::Cancelled), "{err}");
    assert_eq!(cancel.stages().last(), Some(&"regions"));
}
