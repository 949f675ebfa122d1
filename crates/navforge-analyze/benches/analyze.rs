//! Analysis of the game's own de_dust2 areas against its BSP: full, and hiding + encounter alone,
//! on the game's CS 1.6 file (v5); and on the same areas as a v16 CS file (per-stage times go
//! to stderr).
//!
//! Growth, one bench per stage: each stage on the first 250, 500 and 1,000 areas of CS:S's
//! `cs_office` (v9, its VBSP; as a v16 CS:S file for visibility) and of CS 1.6's `de_dust2`, so
//! the times show how the stage grows with the areas (and the links and spots they bring); and
//! visibility on the first 225, 450 and 904 areas of TF2's `mvm_kelly_rc1b`; and approach on
//! the first 500, 560 and 634 areas of CS 1.6's `cs_assault`.
//!
//! Growth past the corpus's largest GoldSrc map, one bench per stage and rules: the synthetic
//! town (`tests/common/city.rs`) of 4, 6, 8 and 10 blocks a side, about 600, 1,400, 2,500 and
//! 3,900 areas as `navforge generate` meshes it under CS 1.6's rules (a v5 file, GoldSrc
//! analysis) and CS:S's (a v9 file, Source analysis; a v16 file for visibility, the analysis
//! told the game); the stages after hiding start from the town's hiding spots
//! (`town_{rules}_{stage}`, e.g. `town_goldsrc_approach`, `town_css_v16_visibility`).

#[path = "../tests/common/city.rs"]
mod city;

use divan::Bencher;
use navforge_analyze::{AnalyzeOptions, Stage, analyze};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceNavDocument;

fn main() {
    divan::main();
}

fn inputs() -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("level-pairs")?;
    let nav = std::fs::read(dir.join("goldsrc_de_dust2.nav")).ok()?;
    let bsp = std::fs::read(dir.join("goldsrc_de_dust2.bsp")).ok()?;
    Some((
        SourceNavDocument::read(&nav).ok()?,
        Level::load(&bsp, &LoadOptions::default()).ok()?,
    ))
}

/// The same areas as a v16 CS:S/CS:GO file (visibility and occupy times stored).
fn inputs_v16() -> Option<(SourceNavDocument, Level)> {
    let (doc, level) = inputs()?;
    Some((navforge_source::from_model(&doc.to_model(), 1).ok()?, level))
}

fn run(bencher: Bencher, stages: &'static [Stage]) {
    run_on(bencher, inputs(), stages);
}

fn run_on(bencher: Bencher, inputs: Option<(SourceNavDocument, Level)>, stages: &'static [Stage]) {
    run_for(bencher, inputs, stages, None);
}

/// [`run_on`] with the game whose rules decide the lists stored told to the analysis (`None`:
/// read from the file and the map).
fn run_for(
    bencher: Bencher,
    inputs: Option<(SourceNavDocument, Level)>,
    stages: &'static [Stage],
    game: Option<navforge_core::Game>,
) {
    let Some((doc, level)) = inputs else {
        return;
    };
    let opts = AnalyzeOptions {
        stages,
        context: &navforge_core::context::Quiet,
        view_distance: None,
        game,
    };
    bencher.bench_local(|| {
        let mut d = doc.clone();
        let r = analyze(&mut d, &level, &opts).expect("within the bounds");
        let times: Vec<String> = r
            .stages
            .iter()
            .map(|run| {
                let (s, n) = (run.stage, run.traces);
                let secs = run.time.as_secs_f64();
                format!(
                    "{} {secs:.3} s, {n} traces ({:.2} M/s)",
                    s.name(),
                    n as f64 / secs.max(1e-9) / 1e6
                )
            })
            .collect();
        eprintln!("  stages: {}", times.join(", "));
        d
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn de_dust2_full(bencher: Bencher) {
    run(bencher, &Stage::ALL);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn de_dust2_hiding_encounter(bencher: Bencher) {
    run(bencher, &[Stage::Hiding, Stage::Encounter]);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn de_dust2_v16_full(bencher: Bencher) {
    run_on(bencher, inputs_v16(), &Stage::ALL);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn de_dust2_v16_visibility(bencher: Bencher) {
    run_on(bencher, inputs_v16(), &[Stage::Visibility]);
}

/// The first `n` areas of a file (links to the others dropped by analysis).
fn first(
    inputs: Option<(SourceNavDocument, Level)>,
    n: usize,
) -> Option<(SourceNavDocument, Level)> {
    let (mut doc, level) = inputs?;
    doc.areas.truncate(n);
    Some((doc, level))
}

/// CS:S's cs_office (v9) and its map, from the Source pairs.
fn cs_office() -> Option<(SourceNavDocument, Level)> {
    source_pair("source_bouletmarc+css_maps_content__cs_office")
}

/// TF2's mvm_kelly_rc1b (v16, LZMA lumps; 904 areas, the most visibility traces of the
/// corpus) and its map.
fn kelly() -> Option<(SourceNavDocument, Level)> {
    source_pair("source_iassis+tf2-fastdl__mvm_kelly_rc1b")
}

/// A Source pair's game-made nav and its map.
fn source_pair(name: &str) -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("source-pairs")?;
    let nav = std::fs::read(dir.join(format!("{name}.nav"))).ok()?;
    let bsp = std::fs::read(dir.join(format!("{name}.bsp"))).ok()?;
    Some((
        SourceNavDocument::read(&nav).ok()?,
        Level::load(&bsp, &LoadOptions::default()).ok()?,
    ))
}

/// cs_office's areas as a v16 CS:S file (visibility lists stored).
fn cs_office_v16() -> Option<(SourceNavDocument, Level)> {
    let (doc, level) = cs_office()?;
    Some((navforge_source::from_model(&doc.to_model(), 1).ok()?, level))
}

const SIZES: [usize; 3] = [250, 500, 1000];

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_cs_office_hiding_encounter(bencher: Bencher, n: usize) {
    run_on(
        bencher,
        first(cs_office(), n),
        &[Stage::Hiding, Stage::Encounter],
    );
}

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_cs_office_hiding_sniper(bencher: Bencher, n: usize) {
    run_on(
        bencher,
        first(cs_office(), n),
        &[Stage::Hiding, Stage::Sniper],
    );
}

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_cs_office_approach(bencher: Bencher, n: usize) {
    run_on(bencher, first(cs_office(), n), &[Stage::Approach]);
}

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_cs_office_v16_visibility(bencher: Bencher, n: usize) {
    run_on(bencher, first(cs_office_v16(), n), &[Stage::Visibility]);
}

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_de_dust2_hiding_encounter(bencher: Bencher, n: usize) {
    run_on(
        bencher,
        first(inputs(), n),
        &[Stage::Hiding, Stage::Encounter],
    );
}

#[divan::bench(args = SIZES, sample_count = 1, sample_size = 1)]
fn growth_de_dust2_approach(bencher: Bencher, n: usize) {
    run_on(bencher, first(inputs(), n), &[Stage::Approach]);
}

/// CS 1.6's cs_assault (634 areas), where the approach stage's search grows fastest. Its
/// first 500 areas hold no far area (none 200 units on a side), so the sizes start there: the
/// stage grows with the far areas each eye paths to and the re-searches each one needs.
fn cs_assault() -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("level-pairs")?;
    let nav = std::fs::read(dir.join("goldsrc_cs_assault.nav")).ok()?;
    let bsp = std::fs::read(dir.join("goldsrc_cs_assault.bsp")).ok()?;
    Some((
        SourceNavDocument::read(&nav).ok()?,
        Level::load(&bsp, &LoadOptions::default()).ok()?,
    ))
}

#[divan::bench(args = [500, 560, 634], sample_count = 1, sample_size = 1)]
fn growth_cs_assault_approach(bencher: Bencher, n: usize) {
    run_on(bencher, first(cs_assault(), n), &[Stage::Approach]);
}

#[divan::bench(args = [225, 450, 904], sample_count = 1, sample_size = 1)]
fn growth_kelly_visibility(bencher: Bencher, n: usize) {
    run_on(bencher, first(kelly(), n), &[Stage::Visibility]);
}

/// The town's sizes (blocks a side).
const TOWN_SIZES: [usize; 4] = [4, 6, 8, 10];

/// The town of `blocks` a side, its mesh under `rules` with hiding spots (when `spots`), and
/// its level: triangles from its OBJ, or with `brushes` a Source map's brushes.
fn town(
    blocks: usize,
    rules: city::Rules,
    spots: bool,
    brushes: bool,
) -> Option<(SourceNavDocument, Level)> {
    let level_of = if brushes {
        city::City::brush_level
    } else {
        city::City::level
    };
    let (level, mut doc) = city::town_as(blocks, rules, level_of);
    if spots {
        let opts = AnalyzeOptions {
            stages: &[Stage::Hiding],
            ..AnalyzeOptions::default()
        };
        analyze(&mut doc, &level, &opts).ok()?;
    }
    eprintln!(
        "  town {blocks} {}{}: {} areas, {} hiding spots",
        rules.name(),
        if brushes { " (brushes)" } else { "" },
        doc.areas.len(),
        doc.areas
            .iter()
            .map(|a| a.hiding_spots.len())
            .sum::<usize>()
    );
    Some((doc, level))
}

/// A bench of one stage on the towns of every size under `rules` (`spots`: the stage needs
/// the hiding spots first; `brushes`: the town as a Source map's brushes).
macro_rules! town_bench {
    ($name:ident, $rules:ident, $spots:expr, $stage:ident) => {
        town_bench!($name, $rules, $spots, $stage, false);
    };
    ($name:ident, $rules:ident, $spots:expr, $stage:ident, $brushes:expr) => {
        #[divan::bench(args = TOWN_SIZES, sample_count = 1, sample_size = 1)]
        fn $name(bencher: Bencher, n: usize) {
            run_for(
                bencher,
                town(n, city::Rules::$rules, $spots, $brushes),
                &[Stage::$stage],
                city::Rules::$rules.game(),
            );
        }
    };
}

town_bench!(town_goldsrc_hiding, GoldSrc, false, Hiding);
town_bench!(town_goldsrc_encounter, GoldSrc, true, Encounter);
town_bench!(town_goldsrc_sniper, GoldSrc, true, Sniper);
town_bench!(town_goldsrc_approach, GoldSrc, false, Approach);
town_bench!(town_css_v9_hiding, CssV9, false, Hiding);
town_bench!(town_css_v9_encounter, CssV9, true, Encounter);
town_bench!(town_css_v9_sniper, CssV9, true, Sniper);
town_bench!(town_css_v9_approach, CssV9, false, Approach);
town_bench!(town_css_v9_occupy, CssV9, false, Occupy);
town_bench!(town_css_v16_visibility, CssV16, false, Visibility);
town_bench!(town_bsp_css_v9_encounter, CssV9, true, Encounter, true);
town_bench!(town_bsp_css_v9_sniper, CssV9, true, Sniper, true);
town_bench!(town_bsp_css_v9_approach, CssV9, false, Approach, true);
town_bench!(town_bsp_css_v16_visibility, CssV16, false, Visibility, true);
