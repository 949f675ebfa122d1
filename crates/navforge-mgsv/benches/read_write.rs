//! Read and write throughput on the largest corpus files, and decoding / building costs.
//! Skips (benches nothing) when the corpus is absent.

use divan::{Bencher, counter::BytesCount};
use navforge_core::NavDocument;
use navforge_mgsv::{Nav2Document, from_triangles};
use std::sync::OnceLock;

fn main() {
    divan::main();
}

const FILES: &[&str] = &[
    "mgsurvive_ssav_140_130_nav.nav2",
    "tpp_s13500_nav_sahelan.nav2",
];

fn load(name: &str) -> Option<&'static [u8]> {
    static DATA: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    let all = DATA.get_or_init(|| {
        let Some(dir) = navforge_core::testing::corpus_dir("mgsv-nav2") else {
            return vec![];
        };
        FILES
            .iter()
            .filter_map(|f| std::fs::read(dir.join(f)).ok().map(|d| (f.to_string(), d)))
            .collect()
    });
    all.iter()
        .find(|(n, _)| n == name)
        .map(|(_, d)| d.as_slice())
}

#[divan::bench(args = FILES)]
fn read(b: Bencher, name: &str) {
    let Some(data) = load(name) else { return };
    b.counter(BytesCount::of_slice(data))
        .bench(|| Nav2Document::read(divan::black_box(data)).unwrap());
}

#[divan::bench(args = FILES)]
fn write(b: Bencher, name: &str) {
    let Some(data) = load(name) else { return };
    let doc = Nav2Document::read(data).unwrap();
    b.counter(BytesCount::of_slice(data))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

#[divan::bench(args = FILES)]
fn to_model(b: Bencher, name: &str) {
    let Some(data) = load(name) else { return };
    let doc = Nav2Document::read(data).unwrap();
    b.counter(BytesCount::of_slice(data))
        .bench(|| divan::black_box(&doc).to_model());
}

#[divan::bench]
fn from_triangles_grid_10k(b: Bencher) {
    // A 71 × 71 grid of quads (~10k triangles), gently sloped.
    let n = 72u32;
    let v: Vec<[f32; 3]> = (0..n * n)
        .map(|i| [(i % n) as f32, ((i % n) as f32 * 0.1).sin(), (i / n) as f32])
        .collect();
    let mut t = Vec::new();
    for z in 0..n - 1 {
        for x in 0..n - 1 {
            let a = z * n + x;
            t.push([a, a + n, a + 1]);
            t.push([a + 1, a + n, a + n + 1]);
        }
    }
    b.bench(|| from_triangles(divan::black_box(&v), &t).unwrap());
}
