//! The one "area under a point" rule (`navforge_core::area`, the game's `GetNavArea`) on real
//! Counter-Strike meshes (CS 1.6 and CS:S de_dust2), where a copy it replaced answered
//! differently: analyze's earliest occupy times took the floor nearest in height, which between
//! two stacked floors is often the one overhead; the game takes the highest floor at most 5 units
//! above the point and 120 below.

use navforge_core::NavDocument;
use navforge_core::area::{AreaLocator, AreaRect, Under};
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;

fn rects(name: &str) -> Option<Vec<AreaRect>> {
    let dir = corpus_dir("source-nav")?;
    let bytes = std::fs::read(dir.join(name)).expect("corpus file");
    let doc = SourceNavDocument::read(&bytes).expect("reads");
    Some(doc.areas.iter().map(|a| a.rect()).collect())
}

/// Points over two stacked floors of the same spot, where both hold the point and the upper is
/// more than 20 units higher: 60% of the way from the lower to the upper one, and one unit over
/// the upper one.
fn between_floors(rects: &[AreaRect]) -> Vec<[f32; 3]> {
    let locator = AreaLocator::new(rects.iter().copied().map(Some));
    let mut out = Vec::new();
    const SPOTS: [f32; 3] = [0.1, 0.5, 0.9];
    for (r, u, v) in rects.iter().flat_map(|r| {
        SPOTS
            .map(|u| SPOTS.map(|v| (r, u, v)))
            .into_iter()
            .flatten()
    }) {
        let x = r.lo[0] + u * (r.hi[0] - r.lo[0]);
        let y = r.lo[1] + v * (r.hi[1] - r.lo[1]);
        let over = locator.areas_over(x, y);
        for &lo in &over {
            for &hi in &over {
                let (zl, zh) = (rects[lo].z_at(x, y), rects[hi].z_at(x, y));
                if zh - zl > 20.0 {
                    out.push([x, y, zl + 0.6 * (zh - zl)]);
                    out.push([x, y, zh + 1.0]);
                }
            }
        }
    }
    out
}

#[test]
fn the_area_under_a_point_is_the_games_on_stacked_floors() {
    let mut nearest_differs = 0;
    for name in ["goldsrc-cs16_de_dust2.nav", "css_de_dust2.nav"] {
        let Some(rects) = rects(name) else {
            println!("skipped: no corpus (../shared/corpus/source-nav)");
            return;
        };
        let locator = AreaLocator::new(rects.iter().copied().map(Some));
        let points = between_floors(&rects);
        assert!(!points.is_empty(), "{name}: no stacked floors");
        for &p in &points {
            let over = locator.areas_over(p[0], p[1]);
            let z = |i: usize| rects[i].z_at(p[0], p[1]);
            let game = locator.area_at(p, Under::GAME);
            // The game's rule: the highest floor at most 5 above and 120 below, the first on a tie.
            let expected = over
                .iter()
                .copied()
                .filter(|&i| z(i) <= p[2] + 5.0 && z(i) >= p[2] - 120.0)
                .fold(None, |b: Option<usize>, i| match b {
                    Some(b) if z(b) >= z(i) => Some(b),
                    _ => Some(i),
                });
            assert_eq!(game, expected, "{name}: {p:?}");
            // analyze's old occupy rule: the floor nearest in height, above or below.
            let nearest = over
                .iter()
                .copied()
                .min_by(|&a, &b| (p[2] - z(a)).abs().total_cmp(&(p[2] - z(b)).abs()));
            if nearest != game {
                nearest_differs += 1;
                let n = nearest.expect("a floor holds the point");
                assert!(
                    z(n) > p[2] + 5.0,
                    "{name}: nearest-in-height {n} is not overhead"
                );
            }
        }
        println!(
            "{name}: {} points over stacked floors; so far, nearest-in-height differs at \
             {nearest_differs}",
            points.len()
        );
    }
    assert!(nearest_differs > 0, "the old occupy rule agreed everywhere");
}
