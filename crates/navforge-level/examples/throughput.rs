//! Per-core query throughput on a loaded machine: counts this thread's CPU time (Linux
//! `/proc/thread-self/stat`), not wall time, so other processes sharing the cores do not skew
//! the figure. `cargo run --release -p navforge-level --example throughput -- map.bsp`
//! (default: the corpus de_dust2). Prints queries per CPU-second for our triangle BVH, parry3d
//! on the same triangles, the map's hull 0, and standing-hull steps.

use glam::Vec3;
use navforge_level::{Contents, Hull, Level, LoadOptions};
use parry3d::query::{Ray, RayCast};
use std::time::Instant;

/// This thread's user+system CPU time in seconds (clock ticks of 10 ms), if readable.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Run `f` over the inputs until 3 CPU-seconds pass; queries per CPU-second (and per wall second).
fn rate(name: &str, n: usize, mut f: impl FnMut() -> usize) {
    let (c0, w0) = (cpu_seconds(), Instant::now());
    let mut done = 0usize;
    let mut sink = 0usize;
    loop {
        sink = sink.wrapping_add(f());
        done += n;
        let cpu = cpu_seconds().zip(c0).map(|(a, b)| a - b);
        let wall = w0.elapsed().as_secs_f64();
        if cpu.is_some_and(|c| c >= 3.0) || (cpu.is_none() && wall >= 3.0) || wall > 60.0 {
            let per_cpu = cpu.map_or(f64::NAN, |c| done as f64 / c);
            println!(
                "{name:<34} {:>7.2} M/s per CPU-second   ({:.2} M/s wall; {sink} hits)",
                per_cpu / 1e6,
                done as f64 / wall / 1e6
            );
            return;
        }
    }
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        format!(
            "{}/../../../shared/corpus/level-pairs/goldsrc_de_dust2.bsp",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let bytes = std::fs::read(&path).expect("read map");
    let t = Instant::now();
    let level = Level::load(&bytes, &LoadOptions::default()).expect("load");
    println!(
        "{path}: loaded and indexed in {:.1} ms (wall, first load)",
        t.elapsed().as_secs_f64() * 1e3
    );
    let c0 = cpu_seconds();
    let w0 = Instant::now();
    for _ in 0..30 {
        std::hint::black_box(
            Level::load(&bytes, &LoadOptions::default())
                .map(|l| l.counts())
                .ok(),
        );
    }
    if let (Some(a), Some(b)) = (cpu_seconds(), c0) {
        println!(
            "load + index: {:.1} ms per CPU-second-measured load ({:.1} ms wall), mean of 30",
            (a - b) * 1e3 / 30.0,
            w0.elapsed().as_secs_f64() * 1e3 / 30.0
        );
    }
    let b = level.bounds();
    let mut seed = 42u64;
    let mut r = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 1_000_000) as f32 / 1_000_000.0
    };
    let mut open = Vec::new();
    while open.len() < 4097 {
        let p = b.min + (b.max - b.min) * Vec3::new(r(), r(), r());
        if level.point_contents(p).is_empty() {
            open.push(p);
        }
    }
    let segs: Vec<(Vec3, Vec3)> = open.windows(2).map(|w| (w[0], w[1])).collect();
    let n = segs.len();
    let (v, t) = level.world_triangles();
    println!(
        "{} triangles, {n} random segments between open points",
        t.len()
    );
    let verts: Vec<parry3d::math::Vector> = v.iter().map(|p| Vec3::from_array(*p)).collect();
    let mesh = parry3d::shape::TriMesh::new(verts, t).expect("parry mesh");
    rate("rays, navforge triangle BVH", n, || {
        segs.iter()
            .filter(|(a, b)| {
                level
                    .trace_mesh(*a, *b, &Hull::POINT, Contents::MASK_SOLID)
                    .fraction
                    < 1.0
            })
            .count()
    });
    rate("rays, parry3d TriMesh::cast_ray", n, || {
        segs.iter()
            .filter(|(a, b)| {
                mesh.cast_local_ray(&Ray::new(*a, *b - *a), 1.0, false)
                    .is_some()
            })
            .count()
    });
    rate("sight (any hit), navforge", n, || {
        segs.iter()
            .filter(|(a, b)| !level.line_of_sight(*a, *b))
            .count()
    });
    rate("sight (any hit), parry3d intersects_ray", n, || {
        segs.iter()
            .filter(|(a, b)| mesh.intersects_local_ray(&Ray::new(*a, *b - *a), 1.0))
            .count()
    });
    rate("rays, map's own hull 0", n, || {
        segs.iter()
            .filter(|(a, b)| level.trace_ray(*a, *b).fraction < 1.0)
            .count()
    });
    let hull = level.standing_hull();
    let steps: Vec<(Vec3, Vec3)> = segs
        .iter()
        .map(|(a, b)| {
            (
                *a,
                *a + Vec3::new(b.x - a.x, b.y - a.y, 0.0).normalize_or_zero() * 25.0,
            )
        })
        .collect();
    rate("standing hull, 25-unit steps", n, || {
        steps
            .iter()
            .filter(|(a, b)| level.trace_box(*a, *b, &hull).fraction < 1.0)
            .count()
    });
    rate("standing hull, long segments", n, || {
        segs.iter()
            .filter(|(a, b)| level.trace_box(*a, *b, &hull).fraction < 1.0)
            .count()
    });
}
