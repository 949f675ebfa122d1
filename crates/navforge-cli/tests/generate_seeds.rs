//! `navforge generate` names the seeds it used (issue 29): a Fistful of Frags map, which has no
//! `info_player_start`, generates from its `info_player_fof` spawns and says so, in the text
//! summary and in `--json`.

mod common;

use common::{navforge, stderr};
use navforge_core::testing::corpus_dir;

#[test]
fn generate_names_the_spawn_classes_it_seeded_from() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    let bsp = dir.join("source_xpenia+FoF-GOTY__fof_quad.bsp");
    let tmp = tempfile::tempdir().unwrap();
    let generated = tmp.path().join("fof_quad.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &generated, &"--game", &"fof"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("seeds: 40 info_player_fof"),
        "{}",
        stderr(&out)
    );
    let out = navforge(&[
        &"generate",
        &bsp,
        &"-o",
        &generated,
        &"--json",
        &"--game",
        &"hl2dm",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Told HL2DM: its classes are absent, so the spawn-like fallback seeds.
    let seeds = &stats["seed_source"];
    assert_eq!(seeds["source"], "spawn_like", "{stats}");
    assert_eq!(seeds["spawns"][0]["class"], "info_player_fof", "{stats}");
    assert_eq!(seeds["spawns"][0]["count"], 40, "{stats}");
}
