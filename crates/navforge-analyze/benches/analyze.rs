//! Analysis of the game's own de_dust2 areas against its BSP: full, and hiding + encounter alone
//! (per-stage times go to stderr).

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

fn run(bencher: Bencher, stages: &'static [Stage]) {
    let Some((doc, level)) = inputs() else {
        return;
    };
    let opts = AnalyzeOptions {
        stages,
        progress: None,
        view_distance: None,
    };
    bencher.bench_local(|| {
        let mut d = doc.clone();
        let r = analyze(&mut d, &level, &opts);
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
