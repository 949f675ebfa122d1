//! The graph options are checked before anything runs (`validate` names the field as
//! `stage.field` and its range), and generation reports its stages to a `Context`, gives the same
//! bytes as the quiet run, and stops when the context asks.

use navforge_core::context::Recording;
use navforge_core::testing::corpus_dir;
use navforge_level::{Family, Level};
use navforge_quake_graph::{
    GraphError, GraphFormat, Physics, QuakeGraphOptions, generate_graph, generate_graph_in,
    load_options,
};

fn dm1() -> Option<Level> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join("quake_hipnotic_dm1.bsp")).expect("read bsp");
    Some(Level::load(&bsp, &load_options()).expect("load"))
}

/// A change that puts one setting out of range.
type Break = fn(&mut QuakeGraphOptions);

#[test]
fn defaults_are_valid_and_each_bad_value_is_named() {
    for family in [Family::Quake, Family::Quake2] {
        let opts = QuakeGraphOptions::for_format(GraphFormat::Nav3)
            .with_physics(Physics::for_family(family));
        assert!(opts.validate().is_ok(), "{family:?}");
    }
    let ok = QuakeGraphOptions::for_format(GraphFormat::Nav2(18));
    let cases: [(&str, Break); 6] = [
        ("fill.grid", |o| o.fill.grid = 0.0),
        ("physics.gravity", |o| o.physics.gravity = f32::NAN),
        ("physics.slope", |o| o.physics.slope = 2.0),
        ("links.max_links", |o| o.links.max_links = 0),
        ("physics.hull", |o| {
            o.physics.hull.maxs.z = o.physics.hull.mins.z
        }),
        ("nodes.floor_offset", |o| {
            o.nodes.floor_offset = f32::INFINITY
        }),
    ];
    for (field, break_it) in cases {
        let mut o = ok.clone();
        break_it(&mut o);
        match o.validate() {
            Err(GraphError::Config { field: f, .. }) => assert_eq!(f, field),
            other => panic!("{field}: {other:?}"),
        }
    }
}

#[test]
fn a_bad_setting_stops_generation_before_any_stage() {
    let Some(level) = dm1() else {
        eprintln!("skipped: no corpus");
        return;
    };
    let mut opts = QuakeGraphOptions::for_level(&level);
    opts.fill.grid = -32.0;
    let rec = Recording::default();
    let err = generate_graph_in(&level, &opts, &rec).expect_err("bad grid");
    assert!(err.to_string().contains("fill.grid"), "{err}");
    assert!(rec.stages().is_empty());
}

#[test]
fn stages_report_to_the_context_and_cancel_when_asked() {
    let Some(level) = dm1() else {
        eprintln!("skipped: no corpus");
        return;
    };
    let opts = QuakeGraphOptions::for_level(&level);
    let rec = Recording::default();
    let out = generate_graph_in(&level, &opts, &rec).expect("graph");
    // Stage 5 is timed in three parts: walk, air and entity links.
    let timed: Vec<&str> = out.stats.times.iter().map(|t| t.0).collect();
    assert_eq!(rec.stages(), timed);
    assert_eq!(timed.first(), Some(&"entities"));
    assert_eq!(timed.last(), Some(&"write"));
    assert_eq!(timed.len(), 8, "{timed:?}");
    assert!(rec.last_progress("fill").is_some_and(|n| n > 0));
    assert_eq!(
        generate_graph(&level, &opts).expect("quiet").bytes,
        out.bytes
    );

    let cancel = Recording::default();
    cancel.cancel_at("nodes");
    let err = generate_graph_in(&level, &opts, &cancel).expect_err("cancelled");
    assert!(matches!(err, GraphError::Cancelled), "{err}");
}
