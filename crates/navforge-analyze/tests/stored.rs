//! Analysis stores the lists each game stores (`navforge_core::analysis`), on the game's own
//! files with their analysis removed first.

mod common;

use navforge_analyze::{AnalyzeOptions, Stage, analyze, file_game};
use navforge_core::{Game, NavDocument};
use navforge_source::SourceNavDocument;

/// Which lists `doc` holds: hiding spots, sniper flags on them, encounter paths, approach
/// areas, visibility lists, occupy times other than zero.
fn lists(doc: &SourceNavDocument) -> [bool; 6] {
    let any = |f: &dyn Fn(&navforge_source::Area) -> bool| doc.areas.iter().any(f);
    [
        any(&|a| !a.hiding_spots.is_empty()),
        any(&|a| a.hiding_spots.iter().any(|s| s.flags & 0x6 != 0)),
        any(&|a| !a.encounter_paths.is_empty()),
        any(&|a| !a.approach_areas.is_empty()),
        any(&|a| !a.visible_areas.is_empty()),
        any(&|a| a.earliest_occupy_time.iter().any(|t| t.get() != 0.0)),
    ]
}

const CSS_OFFICE: &str = "source_bouletmarc+css_maps_content__cs_office";
const CSGO_AIM_MAP: [&str; 2] = [
    "source_ayrescsgo+fast-dll__aim_map",
    "source_manicogaming+NavMeshes__aim_map",
];

/// CS:S's own cs_office areas (a v9 file) as a version-16 CS:S file (sub-version 1) against
/// the CS:S map (VBSP 19): the game's CS:S v16 files hold no encounter paths, no approach
/// areas and no sniper flags, only hiding spots, visibility lists (some inherited) and occupy
/// times.
#[test]
fn a_css_v16_file_gets_no_encounter_paths_and_no_approach_areas() {
    let Some((reference, level)) = common::source_pair(CSS_OFFICE) else {
        return;
    };
    assert_eq!(reference.version, 9);
    let mut doc = navforge_source::from_model(&reference.to_model(), 1).expect("v16 CS file");
    assert_eq!((doc.version, doc.sub_version), (16, Some(1)));
    assert_eq!(doc.game(), Some(Game::Csgo), "the file alone cannot tell");
    assert_eq!(file_game(&doc, &level), Some(Game::Css), "the map tells");
    // Lists left by an earlier analysis go as well.
    doc.areas[0].approach_areas = reference.areas[0].approach_areas.clone();
    assert!(!doc.areas[0].approach_areas.is_empty());
    let report = analyze(&mut doc, &level, &AnalyzeOptions::default()).expect("analyses");
    assert_eq!(lists(&doc), [true, false, false, false, true, true]);
    assert_eq!(
        report.skipped,
        [Stage::Encounter, Stage::Sniper, Stage::Approach]
    );
    assert_eq!((report.encounter_paths, report.approach_areas), (0, 0));
    assert!(report.visible_pairs > doc.areas.len() && report.inheriting_areas > 0);

    // The v9 file itself keeps the CS bot's lists, as the game's v9 file has them.
    let mut v9 = common::stripped(&reference);
    analyze(&mut v9, &level, &AnalyzeOptions::default()).expect("analyses");
    assert_eq!(lists(&v9), lists(&reference));
    assert_eq!(lists(&v9), [true, true, true, true, false, true]);
}

/// CS:GO's files, analysis removed, get encounter paths and approach areas back and no
/// visibility lists, like the game's own.
#[test]
fn csgo_files_keep_encounter_paths_and_approach_areas() {
    for name in CSGO_AIM_MAP {
        let Some((reference, level)) = common::source_pair(name) else {
            return;
        };
        assert_eq!(file_game(&reference, &level), Some(Game::Csgo), "{name}");
        let mut doc = common::stripped(&reference);
        let report = analyze(&mut doc, &level, &AnalyzeOptions::default()).expect("analyses");
        assert_eq!(
            lists(&reference),
            [true, true, true, true, false, true],
            "{name}"
        );
        assert_eq!(lists(&doc), lists(&reference), "{name}");
        assert_eq!(report.skipped, [Stage::Visibility], "{name}");
    }
}

/// A file whose layout has no field for approach areas (FoF's fof_quad: the base layout at
/// version 16) analysed under CS:GO's rules gets the other lists CS:GO stores and no approach
/// areas, reported as not stored, and it writes. (The stage used to run and the write then
/// failed on the field, after the whole analysis.)
#[test]
fn a_layout_without_approach_areas_gets_none() {
    let Some((reference, level)) = common::source_pair("source_xpenia+FoF-GOTY__fof_quad") else {
        return;
    };
    let mut doc = common::stripped(&reference);
    assert!(!doc.stores_approach_areas());
    let csgo = AnalyzeOptions {
        game: Some(Game::Csgo),
        ..AnalyzeOptions::default()
    };
    let report = analyze(&mut doc, &level, &csgo).expect("analyses");
    assert_eq!(report.skipped, [Stage::Visibility, Stage::Approach]);
    assert_eq!(report.approach_areas, 0);
    let [hiding, sniper, encounter, approach, visibility, _] = lists(&doc);
    assert!(hiding && sniper && encounter, "CS:GO's other lists");
    assert!(!approach && !visibility);
    let bytes = doc.write().expect("writes");
    assert!(SourceNavDocument::read(&bytes).is_ok());
}

/// Every analysed game-made file of the Source pairs (GMod, TF2, FoF, CS:GO, CS:S), analysis
/// removed first: what analysis makes is what the game's file holds, list by list.
#[test]
fn every_source_pair_gets_the_lists_the_games_file_holds() {
    let Some(files) = navforge_core::testing::corpus_files("source-pairs", ".nav") else {
        return;
    };
    let mut seen = 0;
    for path in files {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let (reference, level) = common::source_pair(name).expect("pair");
        // Files saved without a full analysis (isAnalyzed clear) say nothing of the rule.
        if reference.is_analyzed == Some(0) {
            continue;
        }
        let mut doc = common::stripped(&reference);
        analyze(&mut doc, &level, &AnalyzeOptions::default()).expect("analyses");
        assert_eq!(lists(&doc), lists(&reference), "{name}");
        seen += 1;
    }
    assert!(seen >= 6, "only {seen} analysed pairs");
}

/// Sniper flags where the game stores none (a TF2 file) go even when only the sniper stage
/// runs, as the lists a game does not store are left empty: the stage is skipped and every
/// spot keeps its cover or exposed bit alone. A CS:GO file, whose game stores them, gets them
/// from that stage alone.
#[test]
fn sniper_flags_go_where_the_game_stores_none() {
    let only_sniper = AnalyzeOptions {
        stages: &[Stage::Sniper],
        ..AnalyzeOptions::default()
    };
    let Some((reference, level)) = common::source_pair("source_iassis+tf2-fastdl__mvm_kelly_rc1b")
    else {
        return;
    };
    let mut doc = reference.clone();
    for s in doc.areas.iter_mut().flat_map(|a| a.hiding_spots.iter_mut()) {
        s.flags |= 0x4;
    }
    let report = analyze(&mut doc, &level, &only_sniper).expect("analyses");
    assert_eq!(report.skipped, [Stage::Sniper]);
    assert_eq!(doc, reference, "the flags as the game left them");

    let Some((reference, level)) = common::source_pair(CSGO_AIM_MAP[0]) else {
        return;
    };
    let mut doc = reference.clone();
    for s in doc.areas.iter_mut().flat_map(|a| a.hiding_spots.iter_mut()) {
        s.flags &= !0x6;
    }
    let report = analyze(&mut doc, &level, &only_sniper).expect("analyses");
    assert!(report.skipped.is_empty());
    assert!(lists(&doc)[1], "sniper flags back");
}
