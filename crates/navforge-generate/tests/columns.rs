//! The column index answers vertical questions at grid points exactly as a ray would: on
//! Recast's dungeon (metres), 4,000 random grid points and heights, the floor a ray down finds
//! and the first surface above agree with traces through the level's BVH.

use navforge_core::testing::{Rng, corpus_dir};
use navforge_generate::ColumnIndex;
use navforge_level::{Contents, Hull, Level, LoadOptions, Vec3};

#[test]
fn the_index_agrees_with_rays_on_the_dungeon() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    let obj = std::fs::read(dir.join("recast_dungeon.obj")).expect("read obj");
    let level = Level::load(&obj, &LoadOptions::default()).expect("load");
    let grid = 25.0 / 39.37;
    let index = ColumnIndex::build(&level, grid).expect("a triangle level gets an index");
    let b = level.bounds();
    let mut rng = Rng::new(7);
    let mut r = |lo: f32, hi: f32| lo + (hi - lo) * (rng.below(1 << 20) as f32 / (1 << 20) as f32);
    let (mut floors, mut ceilings) = (0, 0);
    for _ in 0..4000 {
        let (ix, iy) = (
            (r(b.min.x, b.max.x) / grid).round(),
            (r(b.min.y, b.max.y) / grid).round(),
        );
        let p = Vec3::new(ix * grid, iy * grid, r(b.min.z, b.max.z));
        let depth = 20.0;
        let ray = level.ground_below(p, depth).map(|g| g.point.z);
        let idx = index.below(ix as i32, iy as i32, p.z, depth).map(|c| c.z);
        match (ray, idx) {
            (Some(a), Some(c)) => {
                assert!((a - c).abs() < 1e-3, "{p:?}: ray {a} index {c}");
                floors += 1;
            }
            (None, None) => {}
            other => panic!("{p:?}: {other:?}"),
        }
        let up = level.trace(p, p + Vec3::Z * 5.0, &Hull::POINT, Contents::MASK_PLAYER);
        let clear = index.clear_above(ix as i32, iy as i32, p.z, 5.0);
        assert!(
            (up.fraction * 5.0 - clear).abs() < 1e-3,
            "{p:?}: {} vs {clear}",
            up.fraction * 5.0
        );
        ceilings += usize::from(clear < 5.0);
    }
    println!("{floors} floors and {ceilings} ceilings found by both");
    assert!(
        floors > 500 && ceilings > 50,
        "{floors} {ceilings}: the test proves little"
    );
}
