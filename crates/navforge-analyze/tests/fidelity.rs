//! Re-analyse the game's own areas of each CS level pair against its BSP and compare with the
//! game's analysis (issue 15's figures), then check the output file.

mod common;

use navforge_analyze::{AnalyzeOptions, Fidelity, Stage, analyze, compare};
use navforge_core::{Game, NavDocument};
use navforge_source::SourceNavDocument;

/// Among our spots within 24 units of one of the game's (same area), the share whose flags
/// (cover, sniper bits) equal that spot's.
fn flag_agreement(reference: &SourceNavDocument, ours: &SourceNavDocument, mask: u8) -> f64 {
    let (mut n, mut same) = (0usize, 0usize);
    for (r, o) in reference.areas.iter().zip(&ours.areas) {
        for s in &o.hiding_spots {
            let near = r.hiding_spots.iter().find(|q| {
                let d: f32 = (0..3)
                    .map(|i| (s.position[i].get() - q.position[i].get()).powi(2))
                    .sum();
                d.sqrt() <= 24.0
            });
            if let Some(q) = near {
                n += 1;
                same += usize::from(q.flags & mask == s.flags & mask);
            }
        }
    }
    if n == 0 { 1.0 } else { same as f64 / n as f64 }
}

fn check_map(map: &str, floor: [f64; 4]) {
    let Some((reference, level)) = common::level_pair(map) else {
        return;
    };
    let mut ours = reference.clone();
    let report = analyze(&mut ours, &level, &AnalyzeOptions::default()).expect("within the bounds");
    let f: Fidelity = compare(&reference, &ours, 24.0);
    println!(
        "{map}: hiding recall {:.3} precision {:.3} spots {}/{}; encounter jaccard {:.3}; \
         approach jaccard {:.3}; encounter spot jaccard {:.3}; cover flag agreement {:.3}; sniper flag agreement {:.3}; \
         off-floor {:.3}; stages {:?}",
        f.hiding_recall,
        f.hiding_precision,
        f.spots.0,
        f.spots.1,
        f.encounter_jaccard,
        f.approach_jaccard,
        f.encounter_spot_jaccard,
        flag_agreement(&reference, &ours, 0x1),
        flag_agreement(&reference, &ours, 0x6),
        report.off_floor_share,
        report.stages
    );
    assert!(
        report.stages.iter().all(|run| run.traces > 0),
        "{map}: a stage traced nothing"
    );
    // Every spot with the game's ID: numbered from 0 in area order, as the game's analysis
    // numbers them.
    let ids = |d: &SourceNavDocument| -> Vec<(u32, u32)> {
        d.areas
            .iter()
            .flat_map(|a| a.hiding_spots.iter().map(move |s| (a.id, s.id)))
            .collect()
    };
    assert_eq!(ids(&ours), ids(&reference), "{map}: hiding spot IDs");
    // What is reached today (fails below it): hiding recall and precision (`floor[0]`),
    // encounter paths (`floor[1]`), approach areas (`floor[2]`) and encounter spots
    // (`floor[3]`). The targets are 0.9 / 0.9 / 0.8 (no target for the spots).
    let figures = [
        ("hiding recall", f.hiding_recall, floor[0]),
        ("hiding precision", f.hiding_precision, floor[0]),
        ("encounter paths", f.encounter_jaccard, floor[1]),
        ("approach areas", f.approach_jaccard, floor[2]),
        ("encounter spots", f.encounter_spot_jaccard, floor[3]),
    ];
    for (name, value, least) in figures {
        assert!(value >= least, "{map}: {name} {value} is below {least}");
    }
    // The spots' cover and sniper flags: 0.997 to 1.000 on the three maps.
    for (name, bits) in [("cover", 0x1), ("sniper", 0x6)] {
        let agree = flag_agreement(&reference, &ours, bits);
        assert!(agree >= 0.99, "{map}: {name} flag agreement {agree}");
    }

    // The output re-reads byte-exactly, and only analysis data changed.
    let bytes = ours.write().expect("writes");
    let back = SourceNavDocument::read(&bytes).expect("re-reads");
    assert_eq!(back.write().expect("writes again"), bytes);
    assert_eq!(back, ours);
    let strip = |d: &SourceNavDocument| {
        let mut d = common::stripped(d);
        d.is_analyzed = None;
        d
    };
    assert_eq!(
        strip(&reference),
        strip(&ours),
        "{map}: non-analysis data changed"
    );

    // `check` finds no new errors.
    let before = navforge_check::check(&reference.to_model(), &[]);
    let after = navforge_check::check(&ours.to_model(), &[]);
    assert!(
        after.errors() <= before.errors(),
        "{map}: check errors {} -> {}",
        before.errors(),
        after.errors()
    );
}

#[test]
fn de_dust2_matches_the_games_analysis() {
    check_map("de_dust2", [0.99, 0.99, 0.995, 0.985]);
}

#[test]
fn cs_assault_matches_the_games_analysis() {
    check_map("cs_assault", [0.99, 0.99, 0.95, 0.98]);
}

#[test]
fn aim_map_matches_the_games_analysis() {
    check_map("aim_map", [0.99, 0.99, 0.995, 0.94]);
}

/// Source's hiding spots stand exactly where the game put them, with the game's IDs (from 0, in
/// area order), area by area and in the game's order, on every Source pair whose spots the game
/// computed for the file's areas: CS:S cs_office (v9), both CS:GO aim_map navs, Garry's Mod
/// cs_office (lolleko's), TF2 kelly and FoF fof_quad. (The other Garry's Mod navs were edited after
/// their analysis.) Their cover flags too, as far as a map without its static props allows: exactly
/// on both aim_map navs and fof_quad (a monster clip is cover: Source traces the cover rays with
/// the NPC mask; with the solid mask 6 spots of each aim_map nav were exposed), and no worse than
/// today on the others, where the game's spots behind props are in cover and ours are not. Source
/// asks the corners NW, NE, SE, SW; with the CS 1.6 bot's NW, NE, SW, SE, 33 of cs_office's areas
/// would differ (the other of two colliding spots kept, or the same spots in another order), 8 and
/// 3 of aim_map's, 21 of lolleko's cs_office, 8 of kelly's and 5 of fof_quad's.
#[test]
fn source_hiding_spots_stand_where_the_games_do() {
    // Each pair with the most spots whose cover flag may differ from the game's.
    let pairs = [
        ("source_bouletmarc+css_maps_content__cs_office", 33),
        ("source_ayrescsgo+fast-dll__aim_map", 0),
        ("source_manicogaming+NavMeshes__aim_map", 0),
        ("source_lolleko+guesswho__cs_office", 49),
        ("source_iassis+tf2-fastdl__mvm_kelly_rc1b", 52),
        ("source_xpenia+FoF-GOTY__fof_quad", 0),
    ];
    for (name, cover_floor) in pairs {
        let Some((reference, ours)) = common::reanalysed(name, &[Stage::Hiding]) else {
            return;
        };
        let spots = |d: &SourceNavDocument| -> Vec<Vec<(u32, [f32; 3])>> {
            d.areas
                .iter()
                .map(|a| {
                    a.hiding_spots
                        .iter()
                        .map(|s| (s.id, s.position.map(|v| v.get())))
                        .collect()
                })
                .collect()
        };
        let (game, mine) = (spots(&reference), spots(&ours));
        let differ = game.iter().zip(&mine).filter(|(g, m)| g != m).count();
        let total: usize = game.iter().map(Vec::len).sum();
        let cover = |d: &SourceNavDocument| -> Vec<bool> {
            d.areas
                .iter()
                .flat_map(|a| a.hiding_spots.iter().map(|s| s.flags & 1 != 0))
                .collect()
        };
        let (game_cover, our_cover) = (cover(&reference), cover(&ours));
        let cover_differs = game_cover
            .iter()
            .zip(&our_cover)
            .filter(|(g, o)| g != o)
            .count();
        println!(
            "{name}: {total} spots, {differ} areas differ, {cover_differs} cover flags differ"
        );
        assert!(total > 30, "{name}: {total} spots");
        assert_eq!(
            differ, 0,
            "{name}: {differ} areas' spots differ from the game's"
        );
        assert!(
            cover_differs <= cover_floor,
            "{name}: {cover_differs} cover flags differ (at most {cover_floor})"
        );
    }
}

/// Earliest occupy times as the game computes them (`ComputeEarliestOccupyTimes`): each
/// spawn's own distance to its area's centre counts, and the paths are the game's
/// shortest-path search's, which weighs crouch and jump areas. Of the times the game found
/// (below its 120 s cap), within 0.01 s of the game's: CS:S cs_office 1,591 of 1,592 and
/// manicogaming's aim_map 173 of 173 (2 and none when the path started at the spawn's area
/// centre, unweighted), ayrescsgo's aim_map 404 of 546 (none; ours mostly the shorter where
/// they differ). cs_office's game file also holds 402 times of 120 s for areas its later edits
/// joined to the mesh; those are left out.
#[test]
fn occupy_times_are_the_games() {
    let pairs = [
        ("source_bouletmarc+css_maps_content__cs_office", 0.998),
        ("source_manicogaming+NavMeshes__aim_map", 0.999),
        ("source_ayrescsgo+fast-dll__aim_map", 0.73),
    ];
    for (name, floor) in pairs {
        let Some((reference, ours)) = common::reanalysed(name, &[Stage::Occupy]) else {
            return;
        };
        let (mut found, mut close) = (0usize, 0usize);
        for (g, o) in reference.areas.iter().zip(&ours.areas) {
            for team in 0..2 {
                let (g, o) = (
                    g.earliest_occupy_time[team].get(),
                    o.earliest_occupy_time[team].get(),
                );
                if g < 120.0 {
                    found += 1;
                    close += usize::from((g - o).abs() <= 0.01);
                }
            }
        }
        let share = close as f64 / found as f64;
        println!("{name}: {close} of {found} occupy times within 0.01 s");
        assert!(found > 150, "{name}: {found} times");
        assert!(
            share >= floor,
            "{name}: {share:.3} within 0.01 s, below {floor}"
        );
    }
}

/// The spots along Source's encounter paths, against the game's: the share of paths whose
/// list (spot IDs and where along the path each comes into view) is the game's to the letter.
/// Source's sight lines to the spots stop on more than the world: windows, grates and player
/// clips in CS:S's 2007 code (cs_office 0.572; 0.506 with the world alone); monster clips in
/// the later code CS:GO's files come from, whose walk also looks from a standing eye (aim_map
/// 0.870 and 0.911; 0.524 and 0.582 from half a player's height, 0.413 and 0.391 with the
/// world alone too). What is left is mostly static props.
#[test]
fn source_encounter_spots_agree_with_the_games() {
    let pairs = [
        ("source_bouletmarc+css_maps_content__cs_office", 0.57),
        ("source_ayrescsgo+fast-dll__aim_map", 0.86),
        ("source_manicogaming+NavMeshes__aim_map", 0.90),
    ];
    // Each path by its area, ends and the sides it leaves and enters by.
    type Paths = std::collections::HashMap<(u32, u32, u8, u32, u8), Vec<(u32, u8)>>;
    let paths = |d: &SourceNavDocument| -> Paths {
        d.areas
            .iter()
            .flat_map(|a| {
                a.encounter_paths.iter().map(move |(p, spots)| {
                    let list = spots.iter().map(|s| (s.hiding_spot, s.t)).collect();
                    let key = (a.id, p.from, p.from_direction, p.to, p.to_direction);
                    (key, list)
                })
            })
            .collect()
    };
    for (name, floor) in pairs {
        let stages = &[Stage::Hiding, Stage::Encounter];
        let Some((reference, ours)) = common::reanalysed(name, stages) else {
            return;
        };
        let (game, mine) = (paths(&reference), paths(&ours));
        assert_eq!(game.len(), mine.len(), "{name}: encounter paths");
        let same = game.iter().filter(|(k, v)| mine.get(k) == Some(v)).count();
        let share = same as f64 / game.len() as f64;
        println!(
            "{name}: {same} of {} paths list the game's spots",
            game.len()
        );
        assert!(share >= floor, "{name}: {share:.3} below {floor}");
    }
}

/// Sniper flags (good, ideal or neither) against the game's, spot by spot, where the game
/// stores them: CS:S cs_office 0.910, both aim_map navs every spot (0.960 and 0.989 from the
/// 2007 code's crouching eye, half a player's height, rather than CS:GO's 37 units). A spot in
/// an area marked "stand" looks from a standing eye (0.8 of a player's height in the 2007
/// code), as the game's `ClassifySniperSpot` places it: 11 of cs_office's 14 such spots agree
/// (8 from a crouching eye). The rest is mostly static props.
#[test]
fn source_sniper_flags_agree_with_the_games() {
    let pairs = [
        ("source_bouletmarc+css_maps_content__cs_office", 0.91),
        ("source_ayrescsgo+fast-dll__aim_map", 1.0),
        ("source_manicogaming+NavMeshes__aim_map", 1.0),
    ];
    for (name, floor) in pairs {
        let stages = &[Stage::Hiding, Stage::Sniper];
        let Some((reference, ours)) = common::reanalysed(name, stages) else {
            return;
        };
        let stand = navforge_core::attributes::nav_mesh::STAND;
        let (mut spots, mut same, mut standing, mut standing_same) = (0, 0, 0, 0);
        for (g, o) in reference.areas.iter().zip(&ours.areas) {
            for (a, b) in g.hiding_spots.iter().zip(&o.hiding_spots) {
                let agree = usize::from(a.flags & 0x6 == b.flags & 0x6);
                spots += 1;
                same += agree;
                if u64::from(g.attributes) & stand != 0 {
                    standing += 1;
                    standing_same += agree;
                }
            }
        }
        let share = same as f64 / spots as f64;
        println!("{name}: {same} of {spots} sniper flags, {standing_same} of {standing} standing");
        assert!(share >= floor, "{name}: {share:.3} below {floor}");
        if standing > 0 {
            assert!(
                standing_same * 4 >= standing * 3,
                "{name}: {standing_same} of {standing}"
            );
        }
    }
}

/// The same bytes on 1 and 2 threads.
#[test]
fn thread_count_does_not_change_the_bytes() {
    let Some((doc, level)) = common::level_pair("aim_map") else {
        return;
    };
    let run = |threads| common::analysed_on(threads, &doc, &level, &AnalyzeOptions::default());
    let one = run(1);
    assert_eq!(one, run(2));
    assert_ne!(
        one,
        doc.write().expect("writes"),
        "analysis changed nothing"
    );
}

/// A v16 CS file of de_dust2's areas (built through the model) against a map that is not a
/// CS:S one (the GoldSrc BSP) is taken as the file says, CS:GO's, and analyses as CS:GO's files
/// are (`navforge_core::analysis`): every spot in cover or exposed, the analysed flag set,
/// occupy times from both teams' spawns, encounter paths, at most 16 approach areas, no
/// visibility lists, and the game's hiding spots still found, but for Source's corner order:
/// where an area's south-west and south-east spots collide, the CS 1.6 bot (which asks SW
/// before SE) keeps the south-west one and Source (NW, NE, SE, SW) the south-east one. (CS:S's
/// v16 rule, against a CS:S map, is in `tests/stored.rs`.)
#[test]
fn v16_counter_strike_file_is_analysed_with_source_rules() {
    let Some((reference, level)) = common::level_pair("de_dust2") else {
        return;
    };
    let mut doc = navforge_source::from_model(&reference.to_model(), 1).expect("v16 CS file");
    assert_eq!((doc.version, doc.sub_version), (16, Some(1)));
    assert_eq!(navforge_analyze::file_game(&doc, &level), Some(Game::Csgo));
    let report = analyze(&mut doc, &level, &AnalyzeOptions::default()).expect("within the bounds");
    assert_eq!(doc.is_analyzed, Some(1));
    assert_eq!(report.skipped, [Stage::Visibility]);
    assert!(doc.areas.iter().all(|a| a.visible_areas.is_empty()));
    assert!(report.encounter_paths > doc.areas.len() && report.approach_areas > 0);
    assert!(doc.areas.iter().all(|a| a.approach_areas.len() <= 16));
    let spots: Vec<u8> = doc
        .areas
        .iter()
        .flat_map(|a| a.hiding_spots.iter().map(|s| s.flags))
        .collect();
    assert!(!spots.is_empty());
    assert!(
        spots.iter().all(|f| (f & 0x1 != 0) != (f & 0x8 != 0)),
        "cover xor exposed"
    );
    for team in 0..2 {
        let times: Vec<f32> = doc
            .areas
            .iter()
            .map(|a| a.earliest_occupy_time[team].get())
            .collect();
        assert!(times.iter().all(|t| (0.0..=120.0).contains(t)));
        // A spawn's own area: the walk from the spawn to its centre.
        let least = times.iter().copied().fold(f32::INFINITY, f32::min);
        assert!(least < 0.5, "team {team}: no spawn area ({least} s)");
        assert!(times.iter().filter(|&&t| t < 120.0).count() > times.len() / 2);
    }
    let near = |p: [f32; 3], q: [f32; 3], r: f32| {
        p.iter().zip(q).map(|(a, b)| (a - b).powi(2)).sum::<f32>() < r * r
    };
    let position = |s: &navforge_source::HidingSpot| s.position.map(|v| v.get());
    let mut swapped = 0;
    for (game, ours) in reference.areas.iter().zip(&doc.areas) {
        for spot in game.hiding_spots.iter().map(position) {
            if ours
                .hiding_spots
                .iter()
                .any(|o| near(position(o), spot, 24.0))
            {
                continue;
            }
            // Only a south-west spot may be missing, for the south-east one within the
            // collision range (30 units) to its east (Source's spot may stand nearer the
            // middle of a thin area).
            let east = ours
                .hiding_spots
                .iter()
                .map(position)
                .any(|o| near(o, spot, 30.0) && o[0] > spot[0]);
            assert!(
                east,
                "area {}: game spot {spot:?} missing; ours {:?}; {:?} {:?}",
                game.id,
                ours.hiding_spots.iter().map(position).collect::<Vec<_>>(),
                game.north_west,
                game.south_east
            );
            swapped += 1;
        }
    }
    let f = compare(&reference, &doc, 24.0);
    assert!(swapped > 0, "Source's corner order changed no spot");
    assert!(f.hiding_recall >= 0.98, "recall {}", f.hiding_recall);
    let bytes = doc.write().expect("writes");
    assert_eq!(SourceNavDocument::read(&bytes).expect("re-reads"), doc);
}
