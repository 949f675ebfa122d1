//! `Level::sweep_through` answers as the full trace does (`!start_solid && fraction >= 1`) on
//! real maps, for the sweeps analysis makes: area boxes at eye height swept toward other areas
//! (visibility's quick test) and point rays between eyes (cover and approach lines). Garry's Mod's
//! cs_office has a yard of displacements, TF2's kelly brushes and displacements, CS 1.6's
//! de_dust2 clip hulls (the full trace answers there).

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_dir};
use navforge_level::{Contents, Hull, Level, LoadOptions, Vec3};

/// Eye height above an area's floor.
const EYE: f32 = 53.25;

/// Each area's box (corners' lowest and highest), from the map's own nav.
fn area_boxes(nav: &[u8]) -> Vec<(Vec3, Vec3)> {
    let doc = navforge_source::SourceNavDocument::read(nav).expect("the nav reads");
    doc.to_model()
        .areas
        .iter()
        .map(|a| {
            let lo = a
                .polygon
                .iter()
                .fold(Vec3::INFINITY, |m, p| m.min(Vec3::from(*p)));
            let hi = a
                .polygon
                .iter()
                .fold(Vec3::NEG_INFINITY, |m, p| m.max(Vec3::from(*p)));
            (lo, hi)
        })
        .collect()
}

/// Sweeps between areas of `pair` (`.bsp`, `.nav`): how many got through and how many stopped,
/// each checked against the full trace.
fn compare(dir: &std::path::Path, pair: &str, sweeps: usize) -> (usize, usize) {
    let bsp = std::fs::read(dir.join(format!("{pair}.bsp"))).expect("bsp");
    let nav = std::fs::read(dir.join(format!("{pair}.nav"))).expect("nav");
    let level = Level::load(&bsp, &LoadOptions::default()).expect("the map loads");
    let boxes = area_boxes(&nav);
    let mut rng = Rng::new(0x005e_ed0f_5eed);
    let (mut through, mut stopped) = (0, 0);
    for k in 0..sweeps {
        // Areas near in file order mostly stand near each other: many sweeps get through.
        let i = rng.below(boxes.len());
        let (alo, ahi) = boxes[i];
        let (blo, bhi) = boxes[(i + rng.below(24)) % boxes.len()];
        let eye = (alo + ahi) * 0.5 + Vec3::Z * EYE;
        let to = (blo + bhi) * 0.5 + Vec3::Z * EYE;
        let (hull, mask) = match k % 3 {
            // Visibility's quick test: the area's own box at eye height.
            0 => (
                Hull {
                    mins: Vec3::new(alo.x, alo.y, alo.z + EYE) - eye,
                    maxs: Vec3::new(ahi.x, ahi.y, ahi.z + EYE + 0.1) - eye,
                },
                Contents::MASK_SIGHT,
            ),
            1 => (Hull::POINT, Contents::MASK_SOLID),
            _ => (level.standing_hull(), Contents::MASK_PLAYER),
        };
        let trace = level.trace(eye, to, &hull, mask);
        let want = !trace.start_solid && trace.fraction >= 1.0;
        assert_eq!(
            level.sweep_through(eye, to, &hull, mask),
            want,
            "{pair}: {hull:?} {eye} -> {to}, {trace:?}"
        );
        if want {
            through += 1;
        } else {
            stopped += 1;
        }
    }
    (through, stopped)
}

#[test]
fn sweeps_get_through_exactly_when_the_trace_does() {
    let (Some(source), Some(goldsrc)) = (corpus_dir("source-pairs"), corpus_dir("level-pairs"))
    else {
        return;
    };
    for (dir, pair, floor) in [
        (
            &source,
            "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__cs_office",
            3_000,
        ),
        (&source, "source_iassis+tf2-fastdl__mvm_kelly_rc1b", 3_000),
        (&goldsrc, "goldsrc_de_dust2", 3_000),
    ] {
        let (through, stopped) = compare(dir, pair, 12_000);
        assert!(
            through >= floor && stopped >= floor,
            "{pair}: {through} through, {stopped} stopped"
        );
    }
}
