//! Editing support on the largest corpus mesh (`l4d2_c10m4_mainstreet`, 4,029 areas): removing an
//! area with every reference to it, retargeting one, and applying an edited model back.
//!
//! `cargo bench -p navforge-source --bench edit` (skips when `../shared/corpus` is missing).

use std::sync::OnceLock;

use divan::{Bencher, black_box};
use navforge_core::NavDocument;
use navforge_core::model::NavMesh;
use navforge_source::SourceNavDocument;

fn base() -> Option<&'static (SourceNavDocument, NavMesh)> {
    static BASE: OnceLock<Option<(SourceNavDocument, NavMesh)>> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = navforge_core::testing::corpus_dir("source-nav")?;
        let data = std::fs::read(dir.join("l4d2_c10m4_mainstreet.nav")).ok()?;
        let doc = SourceNavDocument::read(&data).ok()?;
        let mesh = doc.to_model();
        Some((doc, mesh))
    })
    .as_ref()
}

fn main() {
    if base().is_none() {
        eprintln!("no corpus: benchmark skipped");
        return;
    }
    divan::main();
}

/// `remove_area` of the middle area (cloning and dropping the document are not timed).
#[divan::bench]
fn remove_area(bencher: Bencher) {
    let Some((doc, _)) = base() else { return };
    let id = doc.areas[doc.areas.len() / 2].id;
    bencher
        .with_inputs(|| doc.clone())
        .bench_local_refs(|d| black_box(d.remove_area(id)));
}

/// `retarget_area` from the middle area to the first.
#[divan::bench]
fn retarget_area(bencher: Bencher) {
    let Some((doc, _)) = base() else { return };
    let (old, new) = (doc.areas[doc.areas.len() / 2].id, doc.areas[0].id);
    bencher
        .with_inputs(|| doc.clone())
        .bench_local_refs(|d| black_box(d.retarget_area(old, new)));
}

/// `apply_model` of the document's own model with one attribute flipped.
#[divan::bench]
fn apply_model(bencher: Bencher) {
    let Some((doc, mesh)) = base() else { return };
    let mut mesh = mesh.clone();
    mesh.areas[0].attributes ^= 1;
    bencher
        .with_inputs(|| doc.clone())
        .bench_local_refs(|d| black_box(d.apply_model(&mesh).is_ok()));
}
