//! Read and write throughput of "Selected Nav Areas" text: the engine's text for the whole mesh of
//! the largest corpus `.nav` file, made with `selected_from_model`.
//!
//! `cargo bench -p navforge-source --bench selected` (skips when `../shared/corpus` is missing).

use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use navforge_core::NavDocument;
use navforge_source::{SelectedAreasDocument, SourceNavDocument, selected_from_model};

/// (corpus file name, selected text of its whole mesh).
fn text() -> Option<&'static (String, Vec<u8>)> {
    static TEXT: OnceLock<Option<(String, Vec<u8>)>> = OnceLock::new();
    TEXT.get_or_init(|| {
        let files = navforge_core::testing::corpus_by_size("source-nav", ".nav")?;
        files.into_iter().find_map(|(name, data)| {
            let mesh = SourceNavDocument::read(&data).ok()?.to_model();
            let text = selected_from_model(&mesh).ok()?.write().ok()?;
            Some((name, text))
        })
    })
    .as_ref()
}

fn main() {
    let Some((name, text)) = text() else {
        eprintln!("no corpus: benchmark skipped");
        return;
    };
    eprintln!("selected text of {name}: {} bytes", text.len());
    divan::main();
}

#[divan::bench]
fn read(bencher: Bencher) {
    let Some((_, text)) = text() else { return };
    bencher
        .counter(BytesCount::of_slice(text))
        .bench(|| SelectedAreasDocument::read(black_box(text)).unwrap());
}

#[divan::bench]
fn write(bencher: Bencher) {
    let Some((_, text)) = text() else { return };
    let doc = SelectedAreasDocument::read(text).unwrap();
    bencher
        .counter(BytesCount::of_slice(text))
        .bench(|| black_box(&doc).write().unwrap());
}

#[divan::bench]
fn view(bencher: Bencher) {
    let Some((_, text)) = text() else { return };
    let doc = SelectedAreasDocument::read(text).unwrap();
    bencher
        .counter(BytesCount::of_slice(text))
        .bench(|| black_box(&doc).view());
}
