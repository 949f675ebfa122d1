//! Analysis of the game's own de_dust2 areas against its BSP: full, and hiding + encounter alone,
//! on the game's CS 1.6 file (v5); and on the same areas as a v16 CS:S file, whose analysis adds
//! visibility (per-stage times go to stderr).

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
    let Some((doc, level)) = inputs else {
        return;
    };
    let opts = AnalyzeOptions {
        stages,
        context: &navforge_core::context::Quiet,
        view_distance: None,
    };
    bencher.bench_local(|| {
        let mut d = doc.clone();
        let r = analyze(&mut d, &level, &opts).expect("within the bounds");
        let times: Vec<String> = r
            .stage_times
            .iter()
            .zip(&r.stage_traces)
            .map(|((s, t), (_, n))| {
                let secs = t.as_secs_f64();
                format!(
                    "{} {secs:.3} s, {n} traces ({:.2} M/s)",
                    s.name(),
                    *n as f64 / secs.max(1e-9) / 1e6
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
