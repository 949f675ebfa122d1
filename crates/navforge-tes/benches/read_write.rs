//! Read and write throughput on corpus plugins and their NVNM subrecords.
//!
//! Run briefly: `cargo bench -p navforge-tes --bench read_write -- --sample-count 20`.

use divan::{Bencher, counter::BytesCount};
use navforge_core::NavDocument;
use navforge_tes::{NvnmDocument, PluginDocument};

fn main() {
    divan::main();
}

fn plugin(name: &str) -> Option<Vec<u8>> {
    let dir = navforge_core::testing::corpus_dir("tes-plugin")?;
    std::fs::read(dir.join(name)).ok()
}

/// The largest plugin (716 KB, Skyrim SE, six compressed navmeshes).
const LARGEST: &str = "skyrimse_Cheat_Room.esp";
/// The plugin with most navmeshes (129 KB, seven compressed NVNM).
const DWEMER: &str = "skyrim_Dwemer_Secrets.esp";

fn largest_nvnm() -> Option<Vec<u8>> {
    let doc = PluginDocument::read(&plugin(DWEMER)?).ok()?;
    doc.records()
        .iter()
        .filter_map(|r| r.subrecord(b"NVNM"))
        .map(|s| s.data.0.clone())
        .max_by_key(|d| d.len())
}

#[divan::bench(args = [LARGEST, DWEMER])]
fn plugin_read(b: Bencher, name: &str) {
    let Some(data) = plugin(name) else { return };
    b.counter(BytesCount::new(data.len()))
        .bench(|| PluginDocument::read(divan::black_box(&data)).unwrap());
}

#[divan::bench(args = [LARGEST, DWEMER])]
fn plugin_write(b: Bencher, name: &str) {
    let Some(data) = plugin(name) else { return };
    let doc = PluginDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

/// Write with one navmesh changed, so one record is recompressed.
#[divan::bench]
fn plugin_write_one_navmesh_changed(b: Bencher) {
    let Some(data) = plugin(DWEMER) else { return };
    let mut doc = PluginDocument::read(&data).unwrap();
    let mut nv = doc.nvnm(0x000B_83E0).unwrap();
    nv.move_vertex(10, [-46700.0, 76000.0, -13900.0]).unwrap();
    doc.set_nvnm(0x000B_83E0, &nv).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

#[divan::bench]
fn plugin_summary(b: Bencher) {
    let Some(data) = plugin(DWEMER) else { return };
    let doc = PluginDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).summary());
}

#[divan::bench]
fn nvnm_read(b: Bencher) {
    let Some(data) = largest_nvnm() else { return };
    b.counter(BytesCount::new(data.len()))
        .bench(|| NvnmDocument::read(divan::black_box(&data)).unwrap());
}

#[divan::bench]
fn nvnm_write(b: Bencher) {
    let Some(data) = largest_nvnm() else { return };
    let doc = NvnmDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len()))
        .bench(|| divan::black_box(&doc).write().unwrap());
}

#[divan::bench]
fn nvnm_recompute_grid(b: Bencher) {
    let Some(data) = largest_nvnm() else { return };
    let doc = NvnmDocument::read(&data).unwrap();
    b.counter(BytesCount::new(data.len())).bench(|| {
        let mut d = divan::black_box(&doc).clone();
        d.recompute_grid().unwrap();
        d
    });
}
