//! `navforge generate` names the seeds it used (issue 29): a Fistful of Frags map, which has no
//! `info_player_start`, generates from its `info_player_fof` spawns and says so, in the text
//! summary and in `--json`. It also says when the seeds' floods never met: a mesh in pieces
//! that bots cannot walk between.

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

/// TF2's mvm_kelly_rc1b without its static props' models: the robots' spawn, above a cliff the
/// game's cliff-wall props shape, floods apart from the rest. The summary warns, `--json`
/// gives each piece's areas, and the areas outside the largest are the ones `check` reports
/// cut off. CS:S cs_office comes out in one piece, without the warning.
#[test]
fn generate_warns_of_a_mesh_in_pieces() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let kelly = dir.join("source_iassis+tf2-fastdl__mvm_kelly_rc1b.bsp");
    let generated = tmp.path().join("kelly.nav");
    let out = navforge(&[&"generate", &kelly, &"-o", &generated, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pieces: Vec<u64> = stats["pieces"]
        .as_array()
        .unwrap_or_else(|| panic!("{stats}"))
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert!(pieces.len() >= 2, "{pieces:?}");
    assert!(
        pieces.windows(2).all(|w| w[0] >= w[1]),
        "largest first: {pieces:?}"
    );
    assert_eq!(
        pieces.iter().sum::<u64>(),
        stats["areas"].as_u64().unwrap(),
        "every area in one piece"
    );
    let check = navforge(&[&"check", &generated, &"--json"]);
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let orphans = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "orphan-area")
        .unwrap_or_else(|| panic!("{report}"));
    assert_eq!(
        orphans["count"].as_u64().unwrap(),
        pieces[1..].iter().sum::<u64>()
    );

    let out = navforge(&[&"generate", &kelly, &"-o", &generated]);
    let said = stderr(&out);
    let warning = format!(
        "warning: {} pieces that bots cannot walk between ({}, {}",
        pieces.len(),
        pieces[0],
        pieces[1]
    );
    assert!(said.contains(&warning), "{said}");

    let office = dir.join("source_bouletmarc+css_maps_content__cs_office.bsp");
    let out = navforge(&[&"generate", &office, &"-o", &generated, &"--game", &"css"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("pieces"), "{}", stderr(&out));
}
