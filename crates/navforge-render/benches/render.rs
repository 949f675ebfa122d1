//! Render time for a synthetic mesh of about 15,000 quads with connections (sizes of TF2
//! ctf_sawmill, ~12k areas, and CS:GO de_lake).

#[path = "../tests/common/mod.rs"]
mod common;

use divan::{Bencher, black_box};
use navforge_core::model::NavMesh;
use navforge_render::{RenderOptions, build_scene, render_png, render_svg};

fn main() {
    divan::main();
}

fn mesh() -> NavMesh {
    common::big(15_000)
}

fn opts() -> RenderOptions<'static> {
    RenderOptions {
        title: Some("synthetic 15k".into()),
        ..RenderOptions::default()
    }
}

#[divan::bench(sample_count = 10)]
fn scene_15k(b: Bencher) {
    let m = mesh();
    let o = opts();
    b.bench(|| build_scene(black_box(&m), &o));
}

#[divan::bench(sample_count = 10)]
fn svg_15k(b: Bencher) {
    let m = mesh();
    let o = opts();
    b.bench(|| render_svg(black_box(&m), &o));
}

#[divan::bench(sample_count = 10)]
fn png_15k(b: Bencher) {
    let m = mesh();
    let o = opts();
    b.bench(|| render_png(black_box(&m), &o));
}
