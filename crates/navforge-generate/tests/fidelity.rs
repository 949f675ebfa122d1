//! The game's own meshes are the answer key: generate each `level-pairs` CS map and measure
//! recall/precision against the nav the game generated (issue 14's measure). The generated file
//! must pass `navforge_check` with no errors and no connection over a gap, and re-read
//! byte-exactly.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_generate::compare::agreement;
use navforge_generate::{GenerateOptions, generate, load_options};
use navforge_level::Level;
use navforge_source::{SourceGame, SourceNavDocument};

/// (map, lowest recall, lowest precision) this generator reaches; the test fails below them.
const FLOORS: [(&str, f64, f64); 3] = [
    ("de_dust2", 0.99, 0.97),
    ("cs_assault", 0.98, 0.95),
    ("aim_map", 0.99, 0.99),
];

/// No map has more than this many times the game's areas (issue 29's bound).
const MAX_AREA_RATIO: f64 = 1.3;

#[test]
fn cs_maps_agree_with_the_games_navs() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    for (map, min_recall, min_precision) in FLOORS {
        let bsp = std::fs::read(dir.join(format!("goldsrc_{map}.bsp"))).expect("read bsp");
        let nav = std::fs::read(dir.join(format!("goldsrc_{map}.nav"))).expect("read nav");
        let level = Level::load(&bsp, &load_options()).expect("load level");
        let reference = SourceNavDocument::read(&nav).expect("read nav").to_model();
        let t = std::time::Instant::now();
        let out = generate(&level, &GenerateOptions::for_game(SourceGame::Cs16)).expect("generate");
        let secs = t.elapsed().as_secs_f64();
        let a = agreement(&reference, &out.mesh);
        println!(
            "{map}: recall {:.3} precision {:.3} areas {} (game {}) samples {} time {secs:.2}s stages {:?}",
            a.recall,
            a.precision,
            out.stats.areas,
            reference.areas.len(),
            out.stats.samples,
            out.stats.times
        );
        // Byte-exact re-read and a clean check.
        let doc = SourceNavDocument::read(&out.bytes).expect("re-read generated nav");
        assert_eq!(
            doc.write().expect("write again"),
            out.bytes,
            "{map}: re-read differs"
        );
        let report = navforge_check::check(&doc.to_model(), &[]);
        assert_eq!(report.errors(), 0, "{map}: check errors: {report:?}");
        // Connections join areas whose edges meet, or cross a ledge.
        assert!(!report.has("edges-do-not-meet"), "{map}: {report:?}");
        let ratio = out.stats.areas as f64 / reference.areas.len() as f64;
        assert!(
            ratio <= MAX_AREA_RATIO,
            "{map}: {ratio:.2} times the game's areas > {MAX_AREA_RATIO}"
        );
        assert!(
            a.recall >= min_recall,
            "{map}: recall {:.3} < {min_recall}",
            a.recall
        );
        assert!(
            a.precision >= min_precision,
            "{map}: precision {:.3} < {min_precision}",
            a.precision
        );
    }
}
