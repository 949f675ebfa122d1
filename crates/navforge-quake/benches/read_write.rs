//! Read and write throughput on the largest corpus files of each family.
//!
//! Run briefly: `cargo bench -p navforge-quake --bench read_write -- --sample-count 20`.

use divan::{Bencher, counter::BytesCount};
use navforge_core::NavDocument;
use navforge_quake::{Quake2NavDocument, QuakeNavDocument, from_navjson, to_navjson};
use std::path::PathBuf;

fn main() {
    divan::main();
}

fn largest(sub: &str, suffix: &str) -> Option<(String, Vec<u8>)> {
    let files = navforge_core::testing::corpus_files(sub, suffix)?;
    let path: PathBuf = files
        .into_iter()
        .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))?;
    let data = std::fs::read(&path).ok()?;
    Some((path.file_name()?.to_string_lossy().into_owned(), data))
}

fn nav2() -> Option<(String, Vec<u8>)> {
    largest("quake-nav", ".nav")
}

#[divan::bench]
fn nav2_read(b: Bencher) {
    let Some((_, data)) = nav2() else { return };
    b.counter(BytesCount::new(data.len()))
        .bench(|| QuakeNavDocument::read(divan::black_box(&data)).unwrap());
}

#[divan::bench]
fn nav2_write(b: Bencher) {
    let Some((_, data)) = nav2() else { return };
    let doc = QuakeNavDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

#[divan::bench]
fn nav2_summary(b: Bencher) {
    let Some((_, data)) = nav2() else { return };
    let doc = QuakeNavDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).summary());
}

#[divan::bench]
fn nav3_read(b: Bencher) {
    let Some((_, data)) = largest("quake2-nav", ".nav") else {
        return;
    };
    b.counter(BytesCount::new(data.len()))
        .bench(|| Quake2NavDocument::read(divan::black_box(&data)).unwrap());
}

#[divan::bench]
fn nav3_write(b: Bencher) {
    let Some((_, data)) = largest("quake2-nav", ".nav") else {
        return;
    };
    let doc = Quake2NavDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

#[divan::bench]
fn navjson_import(b: Bencher) {
    let Some((_, data)) = largest("quake-navjson", ".navjson") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    b.counter(BytesCount::new(text.len()))
        .bench(|| from_navjson(divan::black_box(&text)).unwrap());
}

#[divan::bench]
fn navjson_export(b: Bencher) {
    let Some((_, data)) = largest("quake-navjson", ".navjson") else {
        return;
    };
    let doc = from_navjson(std::str::from_utf8(&data).unwrap()).unwrap();
    let len = to_navjson(&doc).unwrap().len();
    b.counter(BytesCount::new(len))
        .bench(|| to_navjson(divan::black_box(&doc)).unwrap());
}
