//! Read and write throughput on the three largest corpus `.nav` files.
//!
//! `cargo bench -p navforge-source` (skips with a message when `../shared/corpus` is missing).

use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use navforge_core::NavDocument;
use navforge_source::SourceNavDocument;

/// The three largest corpus files, largest first: (name, bytes).
fn largest() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(mut files) = navforge_core::testing::corpus_by_size("source-nav", ".nav") else {
            return Vec::new();
        };
        files.truncate(3);
        files
    })
}

/// Names of the three largest files (the benchmark labels).
fn names() -> Vec<&'static str> {
    largest().iter().map(|(n, _)| n.as_str()).collect()
}

fn file(name: &str) -> Option<&'static [u8]> {
    largest()
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, d)| d.as_slice())
}

fn main() {
    if largest().is_empty() {
        eprintln!("no corpus: benchmark skipped");
        return;
    }
    for (name, data) in largest() {
        eprintln!(
            "file #{}: {name} ({} bytes)",
            largest().iter().position(|(n, _)| n == name).unwrap_or(0),
            data.len()
        );
    }
    divan::main();
}

#[divan::bench(args = names())]
fn read(bencher: Bencher, name: &str) {
    let Some(data) = file(name) else {
        return;
    };
    bencher
        .counter(BytesCount::new(data.len()))
        .bench(|| SourceNavDocument::read(black_box(data)).unwrap());
}

#[divan::bench(args = names())]
fn write(bencher: Bencher, name: &str) {
    let Some(data) = file(name) else {
        return;
    };
    let doc = SourceNavDocument::read(data).unwrap();
    bencher
        .counter(BytesCount::new(data.len()))
        .bench(|| black_box(&doc).write().unwrap());
}
