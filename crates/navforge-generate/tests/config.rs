//! One validated config: every stage reads its parameters from `GenerateConfig` (a length given
//! once is the same in every stage), the games' defaults are the generator's constants, `validate`
//! names the field and the range, and the pipeline reports to a `Context` and stops when asked.

use navforge_core::context::Recording;
use navforge_generate::{GenerateConfig, GenerateError, GenerateOptions, generate, generate_in};
use navforge_level::{Level, LoadOptions, UpAxis, Vec3};
use navforge_source::SourceGame;

fn floor() -> Level {
    let obj = b"v -200 -200 0\nv 200 -200 0\nv 200 200 0\nv -200 200 0\nf 1 2 3\nf 1 3 4\n";
    Level::load(obj, &LoadOptions::default().with_up_axis(UpAxis::Z)).expect("floor")
}

#[test]
fn games_keep_their_constants() {
    let cs = GenerateConfig::for_game(SourceGame::Cs16);
    assert_eq!(
        (cs.jump_height, cs.death_drop, cs.step_height),
        (58.0, 200.0, 18.0)
    );
    assert_eq!(cs.cliff_height, None);
    assert!(!cs.stairs && !cs.jump_links && !cs.obstacle_tops);
    let css = GenerateConfig::for_game(SourceGame::Css);
    assert_eq!((css.jump_height, css.death_drop), (58.0, 200.0));
    assert_eq!(css.cliff_height, Some(300.0));
    let hl2 = GenerateConfig::for_game(SourceGame::Hl2dm);
    assert_eq!((hl2.jump_height, hl2.death_drop), (64.0, 400.0));
    assert!(hl2.obstacles && hl2.stairs && hl2.jump_links);
}

#[test]
fn every_length_is_scaled_once_and_nothing_else() {
    // A level in metres: every stage reads the one config, so scaling it once scales every
    // stage's lengths; counts, ratios and the slope limit stay as they were.
    let f = 1.0 / 39.37;
    let game = GenerateConfig::for_game(SourceGame::Hl2dm);
    let c = GenerateOptions::for_game_scaled(SourceGame::Hl2dm, f).config;
    let lengths = |c: &GenerateConfig| {
        [
            c.grid,
            c.step_height,
            c.jump_height,
            c.death_drop,
            c.stand_height,
            c.crouch_height,
            c.probe_height,
            c.same_node_height,
            c.cliff_height.unwrap_or(0.0),
            c.mark_max_height,
            c.plane_tolerance,
        ]
    };
    assert_eq!(lengths(&c), lengths(&game).map(|v| v * f));
    assert_eq!(c.mark_max_height, 72.0 * f);
    assert_eq!(c.plane_tolerance, 5.0 * f);
    assert_eq!(
        (
            c.slope_limit,
            c.coplanar_limit,
            c.max_aspect,
            c.max_area_size
        ),
        (
            game.slope_limit,
            game.coplanar_limit,
            game.max_aspect,
            game.max_area_size
        )
    );
    assert_eq!(c.max_samples, game.max_samples);
}

/// A change that puts one field out of range.
type Break = fn(&mut GenerateConfig);

#[test]
fn validate_names_the_field_and_the_range() {
    let ok = GenerateConfig::for_game(SourceGame::Cs16);
    assert_eq!(ok.validate(), Ok(()));
    let cases: [(&str, Break); 8] = [
        ("grid", |c| c.grid = f32::NAN),
        ("step_height", |c| c.step_height = 70.0),
        ("death_drop", |c| c.death_drop = -1.0),
        ("crouch_height", |c| c.crouch_height = 80.0),
        ("slope_limit", |c| c.slope_limit = 1.5),
        ("cliff_height", |c| c.cliff_height = Some(0.0)),
        ("max_area_size", |c| c.max_area_size = 0),
        ("marks", |c| {
            c.marks = vec![Vec3::new(0.0, f32::INFINITY, 0.0)]
        }),
    ];
    for (field, break_it) in cases {
        let mut c = ok.clone();
        break_it(&mut c);
        let err = c.validate().expect_err(field);
        assert_eq!(err.field, field);
        let text = err.to_string();
        assert!(text.contains(field) && text.contains("must be"), "{text}");
    }
}

#[test]
fn a_bad_config_stops_generation_before_it_starts() {
    let mut opts = GenerateOptions::for_game(SourceGame::Cs16);
    opts.config.everywhere = true;
    opts.config.jump_height = 10.0; // below the step height
    let rec = Recording::default();
    let err = generate_in(&floor(), &opts, &rec).expect_err("bad config");
    assert!(
        matches!(&err, GenerateError::Config(e) if e.field == "step_height"),
        "{err}"
    );
    assert!(rec.stages().is_empty(), "no stage ran");
}

#[test]
fn stages_report_to_the_context_and_cancel_when_asked() {
    let mut opts = GenerateOptions::for_game(SourceGame::Cs16);
    opts.config.everywhere = true;
    let level = floor();
    let rec = Recording::default();
    let out = generate_in(&level, &opts, &rec).expect("generate");
    let names = ["seeds", "sample", "areas", "post-process", "write"];
    assert_eq!(rec.stages(), names);
    let timed: Vec<&str> = out.stats.times.iter().map(|t| t.0).collect();
    assert_eq!(timed, names);
    let sampled = rec.last_progress("sample").expect("sample progress");
    assert!(sampled > 0 && sampled <= out.stats.samples, "{sampled}");
    // The same bytes as the quiet run: reporting changes nothing.
    assert_eq!(generate(&level, &opts).expect("quiet").bytes, out.bytes);

    let cancel = Recording::default();
    cancel.cancel_at("areas");
    let err = generate_in(&level, &opts, &cancel).expect_err("cancelled");
    assert!(matches!(err, GenerateError::Cancelled), "{err}");
    assert_eq!(cancel.stages(), ["seeds", "sample", "areas"]);
}
