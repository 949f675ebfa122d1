//! Shared by the analysis tests: the CS level pairs, and analysing on a given number of threads.
// Each test binary uses a different part of this module.
#![allow(dead_code)]

use navforge_analyze::{AnalyzeOptions, analyze};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceNavDocument;

/// The game's nav of `goldsrc_{map}` and its BSP, from the corpus's level pairs.
pub fn level_pair(map: &str) -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("level-pairs")?;
    let nav = std::fs::read(dir.join(format!("goldsrc_{map}.nav"))).expect("nav");
    let bsp = std::fs::read(dir.join(format!("goldsrc_{map}.bsp"))).expect("bsp");
    Some((
        SourceNavDocument::read(&nav).expect("nav reads"),
        Level::load(&bsp, &LoadOptions::default()).expect("bsp loads"),
    ))
}

/// A Source pair of the corpus (`source-pairs/{name}.nav` and `.bsp`: the game's nav and the
/// map it was made for).
pub fn source_pair(name: &str) -> Option<(SourceNavDocument, Level)> {
    let dir = navforge_core::testing::corpus_dir("source-pairs")?;
    let nav = std::fs::read(dir.join(format!("{name}.nav"))).expect("nav");
    let bsp = std::fs::read(dir.join(format!("{name}.bsp"))).expect("bsp");
    Some((
        SourceNavDocument::read(&nav).expect("nav reads"),
        Level::load(&bsp, &LoadOptions::default()).expect("bsp loads"),
    ))
}

/// `doc` with its analysis removed (hiding spots, encounter paths, approach areas, occupy times,
/// visibility lists).
pub fn stripped(doc: &SourceNavDocument) -> SourceNavDocument {
    let mut d = doc.clone();
    for a in &mut d.areas {
        a.hiding_spots.clear();
        a.encounter_paths = Default::default();
        a.approach_areas.clear();
        a.earliest_occupy_time = Default::default();
        a.visible_areas.clear();
        a.inherit_visibility_from = 0;
    }
    d
}

/// The game's file of Source pair `name`, and its areas analysed again (their analysis
/// removed first) by the `stages` alone; `None` without the corpus.
pub fn reanalysed(
    name: &str,
    stages: &'static [navforge_analyze::Stage],
) -> Option<(SourceNavDocument, SourceNavDocument)> {
    let (reference, level) = source_pair(name)?;
    let mut ours = stripped(&reference);
    let options = AnalyzeOptions {
        stages,
        context: &navforge_core::context::Quiet,
        view_distance: None,
        game: None,
    };
    analyze(&mut ours, &level, &options).expect("within the bounds");
    Some((reference, ours))
}

/// The bytes of `doc` analysed against `level` on a pool of `threads` threads.
pub fn analysed_on(
    threads: usize,
    doc: &SourceNavDocument,
    level: &Level,
    options: &AnalyzeOptions,
) -> Vec<u8> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    let mut d = doc.clone();
    pool.install(|| analyze(&mut d, level, options).expect("within the bounds"));
    d.write().expect("writes")
}
