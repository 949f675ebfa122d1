//! The visibility stage alone, on growing prefixes of the two Source dev files that store
//! visibility lists with the most areas: TF2's `mvm_kelly_rc1b` (904 areas, LZMA lumps) and
//! the Garry's Mod `cs_office` nav of Xalalau (1,683 areas, on CS:S's VBSP). The stage's time
//! and trace count go to stderr, so the growth with areas (pairs in range × eye samples) shows.
//!
//! `cargo bench -p navforge-analyze --bench visibility`

use divan::Bencher;
use navforge_analyze::{AnalyzeOptions, Stage, analyze};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceNavDocument;

fn main() {
    divan::main();
}

/// The first `n` areas of a Source pair's game-made nav (links to the others are dropped by
/// analysis), and its map.
fn first(name: &str, n: usize) -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("source-pairs")?;
    let nav = std::fs::read(dir.join(format!("{name}.nav"))).ok()?;
    let bsp = std::fs::read(dir.join(format!("{name}.bsp"))).ok()?;
    let mut doc = SourceNavDocument::read(&nav).ok()?;
    doc.areas.truncate(n);
    Some((doc, Level::load(&bsp, &LoadOptions::default()).ok()?))
}

fn visibility(bencher: Bencher, inputs: Option<(SourceNavDocument, Level)>) {
    let Some((doc, level)) = inputs else {
        return;
    };
    let opts = AnalyzeOptions {
        stages: &[Stage::Visibility],
        ..AnalyzeOptions::default()
    };
    bencher.bench_local(|| {
        let mut d = doc.clone();
        let r = analyze(&mut d, &level, &opts).expect("within the bounds");
        for run in &r.stages {
            let (s, t, n) = (run.stage, run.time, run.traces);
            eprintln!(
                "  {} areas: {} {:.3} s, {n} traces",
                doc.areas.len(),
                s.name(),
                t.as_secs_f64()
            );
        }
        d
    });
}

#[divan::bench(args = [225, 450, 904], sample_count = 1, sample_size = 1)]
fn kelly(bencher: Bencher, n: usize) {
    visibility(
        bencher,
        first("source_iassis+tf2-fastdl__mvm_kelly_rc1b", n),
    );
}

#[divan::bench(args = [420, 840, 1683], sample_count = 1, sample_size = 1)]
fn gmod_cs_office(bencher: Bencher, n: usize) {
    visibility(
        bencher,
        first(
            "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__cs_office",
            n,
        ),
    );
}
