//! Render time of the largest real meshes of the corpus, from the common model to SVG and PNG
//! (1600 px wide). `cargo bench -p navforge --bench render`.

use navforge::{Document, model::NavMesh};
use navforge_render::{RenderOptions, render_png, render_svg};

const FILES: &[&str] = &[
    "source-nav/tf2_ctf_sawmill.nav",
    "source-nav/csgo-community_de_lake.nav",
    "source-nav/l4d2_c10m4_mainstreet.nav",
    "mgsv-nav2/mgsurvive_ssav_140_130_nav.nav2",
];

fn main() {
    divan::main();
}

fn model(file: &str) -> Option<NavMesh> {
    let path = navforge_core::testing::corpus_dir("")?.join(file);
    Some(Document::read(&std::fs::read(path).ok()?).ok()?.to_model())
}

#[divan::bench(args = FILES, sample_count = 10)]
fn svg(bencher: divan::Bencher, file: &str) {
    let Some(mesh) = model(file) else { return };
    let opts = RenderOptions::default();
    bencher.bench(|| render_svg(divan::black_box(&mesh), &opts));
}

#[divan::bench(args = FILES, sample_count = 10)]
fn png(bencher: divan::Bencher, file: &str) {
    let Some(mesh) = model(file) else { return };
    let opts = RenderOptions::default();
    bencher.bench(|| render_png(divan::black_box(&mesh), &opts));
}
