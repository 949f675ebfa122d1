//! Load-and-index time, ray casts per second (ours next to parry3d on the same triangles),
//! standing-hull sweeps per second, and visibility's quick-test sweeps on a Source map (the full
//! trace next to `Level::sweep_through`), on the corpus maps.
//!
//! `cargo bench -p navforge-level`. Skips (prints why) when the corpus is absent.

use divan::counter::ItemsCount;
use glam::Vec3;
use navforge_core::testing::{Rng, corpus_dir};
use navforge_level::{Contents, Hull, Level, LoadOptions};
use parry3d::query::{Ray, RayCast};
use std::sync::OnceLock;

fn main() {
    divan::main();
}

const N: usize = 4096;

fn read(sub: &str, file: &str) -> Option<Vec<u8>> {
    std::fs::read(corpus_dir(sub)?.join(file)).ok()
}

fn dust2() -> Option<&'static Level> {
    static L: OnceLock<Option<Level>> = OnceLock::new();
    L.get_or_init(|| {
        Level::load(
            &read("level-pairs", "goldsrc_de_dust2.bsp")?,
            &LoadOptions::default(),
        )
        .ok()
    })
    .as_ref()
}

/// Random segments between points inside the map's bounds that are in open space (not in the
/// void or inside walls), so rays start where a player or an eye could be.
fn open_segments(level: &Level) -> &'static [(Vec3, Vec3)] {
    static S: OnceLock<Vec<(Vec3, Vec3)>> = OnceLock::new();
    S.get_or_init(|| {
        let b = level.bounds();
        let mut rng = Rng::new(42);
        let mut r = || (rng.next_u64() % 1_000_000) as f32 / 1_000_000.0;
        let mut open = Vec::new();
        while open.len() < N + 1 {
            let p = b.min + (b.max - b.min) * Vec3::new(r(), r(), r());
            if level.point_contents(p).is_empty() {
                open.push(p);
            }
        }
        open.windows(2).map(|w| (w[0], w[1])).collect()
    })
}

#[divan::bench(args = ["quake_hipnotic_hip1m3.bsp", "goldsrc_de_dust2.bsp"])]
fn load_and_index(bencher: divan::Bencher, file: &str) {
    let Some(bytes) = read("level-pairs", file) else {
        eprintln!("skipped: corpus missing");
        return;
    };
    bencher.bench(|| {
        Level::load(divan::black_box(&bytes), &LoadOptions::default()).map(|l| l.counts())
    });
}

/// Bench `hit` on de_dust2's random open-space segments: how many of them it says are blocked.
fn count_hits(bencher: divan::Bencher, hit: impl Fn(&Level, Vec3, Vec3) -> bool + Sync) {
    let Some(level) = dust2() else { return };
    let segs = open_segments(level);
    bencher
        .counter(ItemsCount::new(segs.len()))
        .bench(|| segs.iter().filter(|(a, b)| hit(level, *a, *b)).count());
}

/// parry3d's TriMesh (with its BVH) of the level's triangles, for the comparisons.
fn parry_mesh(level: &Level) -> Option<parry3d::shape::TriMesh> {
    let (v, t) = level.world_triangles();
    let verts: Vec<parry3d::math::Vector> = v.iter().map(|p| Vec3::from_array(*p)).collect();
    parry3d::shape::TriMesh::new(verts, t).ok()
}

/// Bench a parry3d query on the same segments and triangles.
fn count_parry_hits(
    bencher: divan::Bencher,
    hit: impl Fn(&parry3d::shape::TriMesh, &Ray) -> bool + Sync,
) {
    let Some(mesh) = dust2().and_then(parry_mesh) else {
        return;
    };
    count_hits(bencher, |_, a, b| hit(&mesh, &Ray::new(a, b - a)));
}

/// Our triangle BVH: nearest hit along random open-space segments on de_dust2's triangles.
#[divan::bench]
fn rays_triangles_navforge(bencher: divan::Bencher) {
    count_hits(bencher, |level, a, b| {
        level
            .trace_mesh(a, b, &Hull::POINT, Contents::MASK_SOLID)
            .fraction
            < 1.0
    });
}

/// parry3d 0.31's own ray cast (TriMesh with its BVH) on the very same triangles and segments.
#[divan::bench]
fn rays_triangles_parry3d(bencher: divan::Bencher) {
    count_parry_hits(bencher, |mesh, ray| {
        mesh.cast_local_ray(ray, 1.0, false).is_some()
    });
}

/// Our any-hit line of sight (on Quake-family maps it walks the triangles, first hit stops).
#[divan::bench]
fn sight_triangles_navforge(bencher: divan::Bencher) {
    count_hits(bencher, |level, a, b| level.line_of_sight(a, b));
}

/// parry3d's any-hit (`intersects_local_ray`) on the same triangles.
#[divan::bench]
fn sight_triangles_parry3d(bencher: divan::Bencher) {
    count_parry_hits(bencher, |mesh, ray| !mesh.intersects_local_ray(ray, 1.0));
}

/// The map's own hull 0 (the engine's recursive hull check) on the same segments.
#[divan::bench]
fn rays_clip_hull0(bencher: divan::Bencher) {
    count_hits(bencher, |level, a, b| level.trace_ray(a, b).fraction < 1.0);
}

/// Standing-hull (hull 1) sweeps of one generation step (25 units, random direction in the
/// plane, from open points) on de_dust2.
#[divan::bench]
fn standing_hull_steps(bencher: divan::Bencher) {
    let Some(level) = dust2() else { return };
    let hull = level.standing_hull();
    let segs = open_segments(level);
    let steps: Vec<(Vec3, Vec3)> = segs
        .iter()
        .map(|(a, b)| {
            let d = Vec3::new(b.x - a.x, b.y - a.y, 0.0).normalize_or_zero() * 25.0;
            (*a, *a + d)
        })
        .collect();
    bencher.counter(ItemsCount::new(steps.len())).bench(|| {
        steps
            .iter()
            .filter(|(a, b)| level.trace_box(*a, *b, &hull).fraction < 1.0)
            .count()
    });
}

/// Standing-hull sweeps along the long random segments.
#[divan::bench]
fn standing_hull_long(bencher: divan::Bencher) {
    let Some(hull) = dust2().map(Level::standing_hull) else {
        return;
    };
    count_hits(bencher, |level, a, b| {
        level.trace_box(a, b, &hull).fraction < 1.0
    });
}

/// A level and sweeps on it: from, to, the swept box.
type OfficeSweeps = (Level, Vec<(Vec3, Vec3, Hull)>);

/// Garry's Mod's cs_office (brushes and a yard of displacements) with visibility's quick test
/// for pairs of its nav's areas near in file order: each area's box at eye height swept from
/// its centre toward the other's centre.
fn office_sweeps() -> Option<&'static OfficeSweeps> {
    static S: OnceLock<Option<OfficeSweeps>> = OnceLock::new();
    S.get_or_init(|| {
        use navforge_core::NavDocument;
        let pair = "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__cs_office";
        let level = Level::load(
            &read("source-pairs", &format!("{pair}.bsp"))?,
            &LoadOptions::default(),
        )
        .ok()?;
        let nav = read("source-pairs", &format!("{pair}.nav"))?;
        let areas = navforge_source::SourceNavDocument::read(&nav)
            .ok()?
            .to_model()
            .areas;
        let boxes: Vec<(Vec3, Vec3)> = areas
            .iter()
            .map(|a| {
                let p = a.polygon.iter().map(|p| Vec3::from_array(*p));
                (
                    p.clone().fold(Vec3::INFINITY, Vec3::min),
                    p.fold(Vec3::NEG_INFINITY, Vec3::max),
                )
            })
            .collect();
        let eye = Vec3::Z * 53.25;
        let mut rng = Rng::new(7);
        let sweeps = (0..N)
            .map(|_| {
                let i = rng.below(boxes.len());
                let ((lo, hi), (blo, bhi)) = (boxes[i], boxes[(i + rng.below(24)) % boxes.len()]);
                let from = (lo + hi) * 0.5 + eye;
                let hull = Hull {
                    mins: lo + eye - from,
                    maxs: hi + eye + Vec3::Z * 0.1 - from,
                };
                (from, (blo + bhi) * 0.5 + eye, hull)
            })
            .collect();
        Some((level, sweeps))
    })
    .as_ref()
}

/// Bench `through` on [`office_sweeps`]: how many get through.
fn count_through(
    bencher: divan::Bencher,
    through: impl Fn(&Level, Vec3, Vec3, &Hull) -> bool + Sync,
) {
    let Some((level, sweeps)) = office_sweeps() else {
        eprintln!("skipped: corpus missing");
        return;
    };
    bencher.counter(ItemsCount::new(sweeps.len())).bench(|| {
        sweeps
            .iter()
            .filter(|(a, b, h)| through(level, *a, *b, h))
            .count()
    });
}

/// The full trace (nearest brush hit, nearest displacement hit) asked whether it got through.
#[divan::bench]
fn office_area_sweeps_trace(bencher: divan::Bencher) {
    count_through(bencher, |level, a, b, hull| {
        let t = level.trace(a, b, hull, Contents::MASK_SIGHT);
        !t.start_solid && t.fraction >= 1.0
    });
}

/// `Level::sweep_through` on the same sweeps: the first brush or triangle that stops it.
#[divan::bench]
fn office_area_sweeps_through(bencher: divan::Bencher) {
    count_through(bencher, |level, a, b, hull| {
        level.sweep_through(a, b, hull, Contents::MASK_SIGHT)
    });
}
