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

/// Every BSP of the corpus (its pairs' and its levels') that loads with VIS data, once each,
/// with its path, loaded one at a time; none without the corpus.
fn levels_with_vis() -> Option<impl Iterator<Item = (std::path::PathBuf, Level)>> {
    let mut files = corpus_files("source-pairs", ".bsp").unwrap_or_default();
    files.extend(corpus_files("level-pairs", ".bsp").unwrap_or_default());
    files.extend(corpus_files("bsp", ".bsp").unwrap_or_default());
    files.sort();
    files.dedup();
    if files.is_empty() {
        return None;
    }
    let load = |f: &std::path::PathBuf| {
        let level = Level::load(&std::fs::read(f).ok()?, &LoadOptions::default()).ok()?;
        level.vis().is_some().then_some(level)
    };
    Some(
        files
            .into_iter()
            .filter_map(move |f| Some((load(&f)?, f)))
            .map(|(l, f)| (f, l)),
    )
}

/// A random box around `c` up to `size` units across, flat (as an area's eye box is) unless
/// `tall`.
fn random_box(rng: &mut Rng, c: Vec3, size: f32, tall: bool) -> (Vec3, Vec3) {
    let size = size * rng.unit() * rng.unit();
    let (x, y) = (size * rng.unit(), size * rng.unit());
    let z = if tall { size * rng.unit() } else { 0.0 };
    let half = Vec3::new(x, y, z) * 0.5;
    (c - half, c + half)
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

/// The clusters a box touches, gathered once ([`navforge_level::Vis::box_clusters`]), answer
/// every set as the walk of [`navforge_level::Vis::box_in_set`] does: random boxes from a
/// point to 2,000 units across (most flat, as an area's eye box is) against the sets of one to
/// three random open points, on every corpus map with VIS data; both answers are
/// seen, and a box past the limit gives no clusters.
#[test]
fn clusters_gathered_once_answer_as_the_box_walk() {
    let Some(levels) = levels_with_vis() else {
        return;
    };
    let (mut asked, mut touched, mut over) = (0, 0, 0);
    for (f, level) in levels {
        let vis = level.vis().expect("with VIS data");
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let points = open_points(&level, 60, &mut rng);
        if points.is_empty() {
            continue;
        }
        let sets: Vec<_> = (0..40)
            .map(|_| {
                let mut s = vis.empty_set();
                for _ in 0..1 + (rng.unit() * 3.0) as usize {
                    let k = ((rng.unit() * points.len() as f32) as usize).min(points.len() - 1);
                    vis.add_point(&mut s, points[k]);
                }
                s
            })
            .collect();
        for k in 0..400 {
            let (lo, hi) = random_box(&mut rng, points[k % points.len()], 2000.0, k % 4 == 0);
            let Some(clusters) = vis.box_clusters(lo, hi, 64) else {
                over += 1;
                assert!(vis.box_clusters(lo, hi, 1 << 20).is_some());
                continue;
            };
            for s in &sets {
                let walked = vis.box_in_set(s, lo, hi);
                assert_eq!(clusters.meet(s), walked, "{}: {lo}..{hi}", f.display());
                asked += 1;
                touched += usize::from(walked);
            }
        }
        let p = points[0];
        assert!(vis.box_clusters(p, p, 0).is_none(), "one cluster is past 0");
        let nan = Vec3::splat(f32::NAN);
        let none = vis.box_clusters(nan, nan, 0).expect("touches nothing");
        assert!(!none.meet(&sets[0]));
    }
    println!("{asked} box-set questions, {touched} touched, {over} boxes past the limit");
    assert!(asked >= 100_000, "{asked} asked");
    assert!(
        touched >= asked / 10 && touched <= asked * 9 / 10,
        "{touched} of {asked}"
    );
}

/// Every point of a box is in one of the clusters [`navforge_level::Vis::clusters_of_box`]
/// gives (its corners, centre and random points looked up with `cluster_at`), on every
/// corpus map with VIS data: random boxes from a point to 600 units across (most flat, as the
/// box of an area's portal eyes is) around open points; some boxes give their clusters and
/// some none (a point of them may be in solid, or past the limit).
#[test]
fn every_point_of_a_box_is_in_its_clusters() {
    let Some(levels) = levels_with_vis() else {
        return;
    };
    let (mut given, mut refused, mut points_checked) = (0, 0, 0);
    for (f, level) in levels {
        let vis = level.vis().expect("with VIS data");
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let points = open_points(&level, 60, &mut rng);
        for k in 0..300.min(points.len() * 5) {
            let c = points[k % points.len()];
            let (lo, hi) = random_box(&mut rng, c, 600.0, k % 4 == 0);
            let Some(clusters) = vis.clusters_of_box(lo, hi, 64) else {
                refused += 1;
                continue;
            };
            given += 1;
            let corners = (0..8).map(|b| {
                let pick = |bit: usize, l: f32, h: f32| if b & bit == 0 { l } else { h };
                Vec3::new(
                    pick(1, lo.x, hi.x),
                    pick(2, lo.y, hi.y),
                    pick(4, lo.z, hi.z),
                )
            });
            let inside =
                (0..40).map(|_| lo + (hi - lo) * Vec3::new(rng.unit(), rng.unit(), rng.unit()));
            for p in corners.chain([c]).chain(inside) {
                let at = vis.cluster_at(p);
                assert!(
                    at.is_some_and(|a| clusters.contains(&a)),
                    "{}: {p} (cluster {at:?}) in {lo}..{hi}, clusters {clusters:?}",
                    f.display()
                );
                points_checked += 1;
            }
        }
        let nan = Vec3::splat(f32::NAN);
        assert!(
            vis.clusters_of_box(nan, nan, 64).is_none(),
            "a box not finite"
        );
    }
    println!("{given} boxes gave their clusters ({points_checked} points), {refused} none");
    assert!(
        given >= 500 && refused >= 100,
        "{given} given, {refused} refused"
    );
}

/// `Level::without_vis` drops the VIS data and nothing else: what a map compiled without
/// `vis` would give an analysis to cull with (nothing), on the same geometry and entities.
#[test]
fn a_level_without_vis_keeps_its_geometry() {
    let Some(files) = corpus_files("source-pairs", ".bsp") else {
        return;
    };
    let f = files.first().expect("a Source pair");
    let bytes = std::fs::read(f).unwrap();
    let level = Level::load(&bytes, &LoadOptions::default()).unwrap();
    let mut rng = Rng(7);
    let points = open_points(&level, 20, &mut rng);
    assert!(
        points.len() > 10,
        "{}: open points in clusters",
        f.display()
    );
    let bare = Level::load(&bytes, &LoadOptions::default())
        .unwrap()
        .without_vis();
    assert!(bare.vis().is_none());
    assert_eq!(bare.bounds(), level.bounds());
    assert_eq!(bare.entities().len(), level.entities().len());
}
