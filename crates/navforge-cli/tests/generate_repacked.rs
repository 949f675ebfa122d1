//! `navforge generate` on a Source map repacked with `bspzip -repack` (its lumps
//! LZMA-compressed): a TF2 map from the corpus's source pairs gives a mesh that loads and
//! covers the map, where it was refused before ("lump 0 is LZMA-compressed").

mod common;

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;

#[test]
fn generate_reads_a_repacked_tf2_map() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    let bsp = dir.join("source_iassis+tf2-fastdl__mvm_kelly_rc1b.bsp");
    let tmp = tempfile::tempdir().unwrap();
    let generated = tmp.path().join("mvm_kelly_rc1b.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &generated, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The game's own mesh has 904 areas; a mesh of a handful would mean the world was not read.
    assert!(stats["areas"].as_u64().unwrap() > 200, "{stats}");
    let info = navforge(&[&"info", &generated, &"--json"]);
    assert!(info.status.success(), "{}", stderr(&info));
}
