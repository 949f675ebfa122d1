//! The maps' VIS data against their geometry: a point that sees another (a clear ray) has the
//! other's cluster in its potentially visible set, on every corpus BSP with VIS data; and the
//! sets do cull (some pairs of open points are out of each other's set).

use glam::Vec3;
use navforge_core::testing::corpus_files;
use navforge_level::{Level, LoadOptions};

/// A small fixed-seed generator (xorshift), so the test is the same on every run.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// Up to `n` random points of the map's bounds that lie in a leaf with a cluster.
fn open_points(level: &Level, n: usize, rng: &mut Rng) -> Vec<Vec3> {
    let vis = level.vis().unwrap();
    let b = level.bounds();
    let mut out = Vec::new();
    for _ in 0..n * 50 {
        let p = b.min + (b.max - b.min) * Vec3::new(rng.unit(), rng.unit(), rng.unit());
        if vis.cluster_at(p).is_some() && level.point_contents(p).is_empty() {
            out.push(p);
            if out.len() == n {
                break;
            }
        }
    }
    out
}

#[test]
fn clear_rays_stay_inside_the_potentially_visible_set() {
    let (Some(mut files), Some(pairs)) = (
        corpus_files("bsp", ".bsp"),
        corpus_files("level-pairs", ".bsp"),
    ) else {
        return;
    };
    files.extend(pairs);
    files.extend(corpus_files("source-pairs", ".bsp").unwrap_or_default());
    files.sort();
    let mut with_vis = 0;
    let mut rows_cull = false;
    for f in &files {
        let Ok(level) = Level::load(&std::fs::read(f).unwrap(), &LoadOptions::default()) else {
            continue;
        };
        let Some(vis) = level.vis() else {
            println!("{}: no VIS data", f.display());
            continue;
        };
        with_vis += 1;
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let points = open_points(&level, 120, &mut rng);
        let sets: Vec<_> = points
            .iter()
            .map(|&p| {
                let mut s = vis.empty_set();
                vis.add_point(&mut s, p);
                s
            })
            .collect();
        let (mut clear, mut culled, mut pairs) = (0, 0, 0);
        let mut unseen = 0;
        for (i, &a) in points.iter().enumerate() {
            assert!(!sets[i].is_empty(), "{}: a point sees nothing", f.display());
            for &b in &points[i + 1..] {
                pairs += 1;
                let tiny = Vec3::splat(0.01);
                let in_set = vis.box_in_set(&sets[i], b - tiny, b + tiny);
                let ray = level.trace_ray(a, b);
                if ray.fraction >= 1.0 && !ray.start_solid {
                    clear += 1;
                    assert!(
                        in_set,
                        "{}: {a} sees {b} but its cluster is not in the set",
                        f.display()
                    );
                }
                culled += usize::from(!in_set);
                // The pairwise test analysis culls its sight lines with (`Vis::sees`): a
                // clear sight line (the level's own test) has b's cluster in a's row.
                let (ca, cb) = (vis.cluster_at(a).unwrap(), vis.cluster_at(b).unwrap());
                let sees = vis.sees(ca, cb);
                unseen += usize::from(!sees);
                assert!(
                    sees || !level.line_of_sight(a, b),
                    "{}: {a} has a clear sight line to {b} outside its cluster's row",
                    f.display()
                );
            }
        }
        println!(
            "{}: {} clusters, {} points, {pairs} pairs, {clear} clear, {culled} culled by the PVS, \
             {unseen} out of the row",
            f.display(),
            vis.clusters(),
            points.len()
        );
        assert!(points.len() >= 20, "{}: too few open points", f.display());
        rows_cull |= unseen > 0;
    }
    assert!(with_vis >= 5, "only {with_vis} maps with VIS data");
    assert!(rows_cull, "no map's rows culled a pair");
}
