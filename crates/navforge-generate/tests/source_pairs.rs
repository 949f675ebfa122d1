//! Source answer keys (issue 29): every `source-pairs` map with the `.nav` the game itself
//! generated for that exact BSP (`pairs.tsv` lists game and file). Each map is generated for
//! its game and measured against each of its game navs with issue 14's measure (recall: share
//! of the game's surface we cover; precision: share of ours the game covers), and our area
//! count against the game's. Floors are what this generator reaches; the test fails below them.

use std::collections::BTreeMap;

use navforge_core::NavDocument;
use navforge_core::testing::{corpus_dir, tsv_rows};
use navforge_generate::compare::agreement;
use navforge_generate::{GenerateOptions, Generated, generate, load_options};
use navforge_level::{Level, LoadOptions};
use navforge_source::{SourceGame, SourceNavDocument};

/// Lowest median recall and precision over the pairs.
const MEDIAN_RECALL: f64 = 0.98;
const MEDIAN_PRECISION: f64 = 0.90;
/// Lowest recall and precision of any one pair, except [`EDITED`].
const MIN_RECALL: f64 = 0.96;
const MIN_PRECISION: f64 = 0.80;
/// The median of our area count over the game's lies in this range (the issue asks for at
/// most 1.3; the game's largest-first cover and merge give about 0.9 here).
const MEDIAN_AREA_RATIO: (f64, f64) = (0.7, 1.0);
/// No pair has more than this many times the game's areas (it was 6 on `fof_quad`).
const MAX_AREA_RATIO: f64 = 1.6;
/// A nav that was edited by hand after the game made it (areas kilometres above the map, in
/// its skybox): its recall says nothing about generation, so only precision is held.
const EDITED: &str = "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__cs_office";

fn game(name: &str) -> SourceGame {
    match name {
        "CS:GO" => SourceGame::Csgo,
        "CS:S" => SourceGame::Css,
        "TF2" => SourceGame::Tf2,
        "Garry's Mod" => SourceGame::Gmod,
        "Fistful of Frags" => SourceGame::Fof,
        other => panic!("pairs.tsv names a game this test does not know: {other}"),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[test]
fn source_maps_agree_with_the_games_navs() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    // One generation per (BSP, game): the Garry's Mod and CS:S navs of cs_office share a BSP.
    let mut generated: BTreeMap<(String, String), Generated> = BTreeMap::new();
    let (mut recalls, mut precisions, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for row in tsv_rows(&dir.join("pairs.tsv")) {
        let (file, game_name) = (&row["file"], &row["game"]);
        let key = (row["bsp_sha1"].clone(), game_name.clone());
        let out = generated.entry(key).or_insert_with(|| {
            let bsp = std::fs::read(dir.join(format!("{file}.bsp"))).expect("read bsp");
            let level = Level::load(&bsp, &load_options()).expect("load level");
            let out = generate(&level, &GenerateOptions::for_game(game(game_name)))
                .unwrap_or_else(|e| panic!("{file}: generate: {e}"));
            assert_eq!(
                out.document.bsp_size,
                Some(bsp.len() as u32),
                "{file}: bspSize"
            );
            out
        });
        let nav = std::fs::read(dir.join(format!("{file}.nav"))).expect("read nav");
        let reference = SourceNavDocument::read(&nav).expect("read nav").to_model();
        let a = agreement(&reference, &out.mesh);
        let ratio = out.stats.areas as f64 / reference.areas.len() as f64;
        println!(
            "{file} ({game_name}): recall {:.3} precision {:.3} areas {} (game {}, ratio {ratio:.2})",
            a.recall,
            a.precision,
            out.stats.areas,
            reference.areas.len()
        );
        assert!(
            a.precision >= MIN_PRECISION,
            "{file}: precision {:.3} < {MIN_PRECISION}",
            a.precision
        );
        if file == EDITED {
            continue;
        }
        assert!(
            ratio <= MAX_AREA_RATIO,
            "{file}: {ratio:.2} times the game's areas > {MAX_AREA_RATIO}"
        );
        assert!(
            a.recall >= MIN_RECALL,
            "{file}: recall {:.3} < {MIN_RECALL}",
            a.recall
        );
        recalls.push(a.recall);
        precisions.push(a.precision);
        ratios.push(ratio);
    }
    assert!(!recalls.is_empty(), "pairs.tsv lists no pairs");
    let (r, p, q) = (median(recalls), median(precisions), median(ratios));
    println!("medians: recall {r:.3} precision {p:.3} area ratio {q:.2}");
    assert!(r >= MEDIAN_RECALL, "median recall {r:.3} < {MEDIAN_RECALL}");
    assert!(
        p >= MEDIAN_PRECISION,
        "median precision {p:.3} < {MEDIAN_PRECISION}"
    );
    let (lo, hi) = MEDIAN_AREA_RATIO;
    assert!(
        (lo..=hi).contains(&q),
        "median area ratio {q:.2} outside {lo}..={hi}"
    );
}

/// The game's cover on an open floor: the largest square first, then the rest, a few
/// rectangles before merging (the strip-by-strip cover from the middle of the floor, where the
/// fill starts, made 77 on 500 x 300 and 420 on 1000 x 950), which merge into the one area the
/// floor is.
#[test]
fn an_open_floor_is_one_area() {
    use navforge_level::UpAxis;
    for (x, y) in [(500.0f32, 300.0f32), (300.0, 500.0), (1000.0, 950.0)] {
        let obj = format!(
            "v 0 0 0\nv {x} 0 0\nv {x} {y} 0\nv 0 {y} 0\nf 1 2 3\nf 1 3 4\n",
            x = x,
            y = y
        );
        let level = Level::load(
            obj.as_bytes(),
            &LoadOptions::default().with_up_axis(UpAxis::Z),
        )
        .expect("load floor");
        let mut opts = GenerateOptions::for_game(SourceGame::Css);
        opts.config.use_spawns = false;
        opts.config.marks = vec![navforge_level::Vec3::new(x * 0.5, y * 0.5, 0.0)];
        let out = generate(&level, &opts).expect("generate");
        println!(
            "{x} x {y}: {} rectangles, {} areas",
            out.stats.rectangles, out.stats.areas
        );
        let cells = (x / 25.0) as usize * (y / 25.0) as usize;
        assert!(
            out.stats.rectangles * 25 <= cells,
            "{x} x {y}: {} rectangles for {cells} cells",
            out.stats.rectangles
        );
        assert_eq!(out.stats.areas, 1, "{x} x {y}: {:?}", out.stats);
    }
}

/// One pair of `source-pairs`: the BSP's bytes and the game's nav, or `None` (after the corpus
/// helpers' message) without the corpus.
fn one_pair(file: &str) -> Option<(Vec<u8>, navforge_core::model::NavMesh)> {
    let dir = corpus_dir("source-pairs")?;
    let bsp = std::fs::read(dir.join(format!("{file}.bsp"))).expect("read bsp");
    let nav = std::fs::read(dir.join(format!("{file}.nav"))).expect("read nav");
    let reference = SourceNavDocument::read(&nav).expect("read nav").to_model();
    Some((bsp, reference))
}

/// The games' generators walk through doors (Source's step trace lets `func_door*` and
/// `prop_door*` through): on Garry's Mod `zs_jail_v1` a cell block lies behind a pair of sliding
/// `func_door`s, which the game's nav covers. Loaded with [`load_options`] (doors left out) the
/// fill reaches it; loaded as placed (doors closed) it stops there, losing that floor.
#[test]
fn the_fill_walks_through_doors() {
    let Some((bsp, reference)) =
        one_pair("source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1")
    else {
        return;
    };
    let recall = |opts: &LoadOptions| {
        let level = Level::load(&bsp, opts).expect("load level");
        let out = generate(&level, &GenerateOptions::for_game(SourceGame::Gmod)).expect("generate");
        agreement(&reference, &out.mesh).recall
    };
    let (open, closed) = (recall(&load_options()), recall(&LoadOptions::default()));
    println!("zs_jail_v1 recall: doors open {open:.3}, closed {closed:.3}");
    assert!(open >= 0.98, "doors open: recall {open:.3} < 0.98");
    assert!(
        open - closed >= 0.05,
        "the doors' rooms: recall {open:.3} open against {closed:.3} closed"
    );
}

/// Monster clips stop Source's generator (its ground and corner tests trace
/// `MASK_NPCSOLID_BRUSHONLY`): CS:GO `aim_map` has two monster-clip walls across its middle,
/// where the game's nav leaves a gap. With them as walls and ground our mesh leaves the same
/// gaps; without, it covers them (precision 0.953 there).
#[test]
fn monster_clips_are_walls_to_the_source_generator() {
    let Some((bsp, reference)) = one_pair("source_ayrescsgo+fast-dll__aim_map") else {
        return;
    };
    let level = Level::load(&bsp, &load_options()).expect("load level");
    let measure = |clips: bool| {
        let mut opts = GenerateOptions::for_game(SourceGame::Csgo);
        assert!(opts.config.monster_clips && opts.config.monster_clip_walls);
        opts.config.monster_clips = clips;
        opts.config.monster_clip_walls = clips;
        agreement(&reference, &generate(&level, &opts).expect("generate").mesh)
    };
    let (with, without) = (measure(true), measure(false));
    println!(
        "aim_map: monster clips solid: recall {:.3} precision {:.3}; not: recall {:.3} precision {:.3}",
        with.recall, with.precision, without.recall, without.precision
    );
    assert!(with.precision >= 0.985, "precision {:.3}", with.precision);
    assert!(
        without.precision <= 0.96,
        "precision {:.3}",
        without.precision
    );
    assert!(
        with.recall >= without.recall - 0.002,
        "recall {:.3}",
        with.recall
    );
}

/// Breakables a shot breaks are walked through by the games' generators: cs_office's
/// `func_breakable_surf` windows open floor the game's navs cover (recall 0.985 with them
/// solid, 0.991 without, on the Garry's Mod nav). A `func_breakable` that only a trigger breaks
/// stays solid (de_dust2's, held by the fidelity test's recall floor).
#[test]
fn breakable_windows_are_walked_through() {
    let Some((bsp, reference)) = one_pair("source_lolleko+guesswho__cs_office") else {
        return;
    };
    let recall = |opts: &LoadOptions| {
        let level = Level::load(&bsp, opts).expect("load level");
        let out = generate(&level, &GenerateOptions::for_game(SourceGame::Gmod)).expect("generate");
        agreement(&reference, &out.mesh).recall
    };
    let open = recall(&load_options());
    let solid = recall(&load_options().with_breakables_removed(false));
    println!("cs_office recall: breakables open {open:.3}, solid {solid:.3}");
    assert!(open >= 0.99, "breakables open: recall {open:.3} < 0.99");
    assert!(
        open - solid >= 0.004,
        "the windows' floor: recall {open:.3} open against {solid:.3} solid"
    );
}

/// CS:S keeps its jump areas: the navs CS:S ships were written by its first generator (version
/// 9 files), which left the one-cell areas climbing a ledge (a crouch jump, more than a step)
/// in the mesh with the jump attribute; the later generators' `StichAndRemoveJumpAreas` (and
/// its console form, "removes legacy jump areas") turns them into connections. On cs_office
/// the game's nav has 77 jump areas; stitching ours away loses that floor (recall 0.967 with
/// them stitched, 0.976 kept, by `gen_compare.py`).
#[test]
fn css_keeps_its_jump_areas() {
    let Some((bsp, reference)) = one_pair("source_bouletmarc+css_maps_content__cs_office") else {
        return;
    };
    let level = Level::load(&bsp, &load_options()).expect("load level");
    let run = |stitch: bool| {
        let mut opts = GenerateOptions::for_game(SourceGame::Css);
        assert!(!opts.config.jump_links, "CS:S keeps jump areas by default");
        opts.config.jump_links = stitch;
        let out = generate(&level, &opts).expect("generate");
        let jumps = out
            .mesh
            .areas
            .iter()
            .filter(|a| a.attributes & navforge_generate::marks::JUMP != 0)
            .count();
        (agreement(&reference, &out.mesh), jumps)
    };
    let ((kept, kept_jumps), (stitched, stitched_jumps)) = (run(false), run(true));
    println!(
        "CS:S cs_office: jump areas kept: recall {:.3} precision {:.3} ({kept_jumps} jump areas); \
         stitched: recall {:.3} precision {:.3} ({stitched_jumps})",
        kept.recall, kept.precision, stitched.recall, stitched.precision
    );
    assert!(kept.recall >= 0.975, "recall {:.3} < 0.975", kept.recall);
    assert!(
        kept.precision >= 0.89,
        "precision {:.3} < 0.89",
        kept.precision
    );
    assert!(
        kept.recall - stitched.recall >= 0.006,
        "the jump areas' floor: recall {:.3} kept against {:.3} stitched",
        kept.recall,
        stitched.recall
    );
    assert!(
        kept_jumps >= 40 && kept_jumps > stitched_jumps,
        "{kept_jumps} jump areas kept, {stitched_jumps} stitched"
    );
}
