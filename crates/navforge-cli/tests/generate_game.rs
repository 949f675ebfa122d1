//! `navforge generate` without `--game` builds for the game the map's entities name (issue 29):
//! every Source dev pair's BSP names its game, and a map generated without `--game` is the same
//! file as one generated with the game it names.

mod common;

use common::{navforge, stderr};
use navforge_core::Game;
use navforge_core::map_game::detect;
use navforge_core::testing::{corpus_dir, tsv_rows};
use navforge_level::{Level, LoadOptions};

/// The game `pairs.tsv` names, as navforge calls it.
fn game(name: &str) -> Game {
    match name {
        "CS:GO" => Game::Csgo,
        "CS:S" => Game::Css,
        "TF2" => Game::Tf2,
        "Garry's Mod" => Game::Gmod,
        "Fistful of Frags" => Game::Fof,
        other => panic!("pairs.tsv names a game this test does not know: {other}"),
    }
}

/// The class each dev map's game is told by.
fn evidence(map: &str) -> &'static str {
    match map {
        "aim_map" | "cs_office" => "info_player_terrorist",
        "fof_quad" => "info_player_fof",
        "mvm_kelly_rc1b" => "info_player_teamspawn",
        "zs_jail_v1" => "info_player_zombie",
        other => panic!("no expected class for {other}"),
    }
}

#[test]
fn every_source_pair_names_its_game() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    let mut checked = 0;
    for row in tsv_rows(&dir.join("pairs.tsv")) {
        let (file, map) = (&row["file"], row["map"].as_str());
        // cs_office is Valve's CS:S map: two of its navs were made by Garry's Mod, which runs
        // CS:S maps, but the BSP carries CS:S's entities only, so it names CS:S.
        let want = match map {
            "cs_office" => Game::Css,
            _ => game(&row["game"]),
        };
        let bsp = std::fs::read(dir.join(format!("{file}.bsp"))).expect("read bsp");
        let level = Level::load(&bsp, &LoadOptions::default()).expect("load level");
        let got = detect(level.entity_classes(), level.version())
            .unwrap_or_else(|| panic!("{file}: no game detected"));
        println!(
            "{file}: {} from {} (VBSP {})",
            got.game,
            got.class,
            level.version()
        );
        assert_eq!(got.game, want, "{file}");
        assert_eq!(got.class, evidence(map), "{file}");
        checked += 1;
    }
    assert!(checked > 0, "pairs.tsv lists no pairs");
}

#[test]
fn generate_without_game_is_generate_with_the_detected_game() {
    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    // Zombie Survival: info_player_start for humans beside info_player_zombie.
    let bsp = dir.join("source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1.bsp");
    let tmp = tempfile::tempdir().unwrap();
    let nav = |name: &str, game: Option<&str>| {
        let path = tmp.path().join(name);
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"generate", &bsp, &"-o", &path];
        if let Some(g) = &game {
            args.extend([&"--game" as &dyn AsRef<std::ffi::OsStr>, g]);
        }
        let out = navforge(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        (std::fs::read(&path).unwrap(), stderr(&out))
    };
    let (detected, said) = nav("detected.nav", None);
    let (gmod, said_gmod) = nav("gmod.nav", Some("gmod"));
    let (hl2dm, _) = nav("hl2dm.nav", Some("hl2dm"));
    assert!(
        said.contains("detected.nav: game: gmod (from info_player_zombie; --game chooses another)"),
        "{said}"
    );
    assert!(!said_gmod.contains("game: "), "{said_gmod}");
    assert!(detected == gmod, "no --game differs from --game gmod");
    // The game matters here, so the comparison above can fail.
    assert!(detected != hl2dm, "gmod and hl2dm gave the same bytes");

    let path = tmp.path().join("json.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &path, &"--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        stats["game"],
        serde_json::json!({"name": "gmod", "chosen_by": "map_entity", "class": "info_player_zombie"}),
        "{stats}"
    );
}

#[test]
fn an_obj_level_keeps_hl2dm_and_says_so() {
    // An OBJ floor (Y up, faces up): not a Source map, so no game to tell.
    let tmp = tempfile::tempdir().unwrap();
    let obj = tmp.path().join("floor.obj");
    std::fs::write(
        &obj,
        "v -300 0 -300\nv 300 0 -300\nv 300 0 300\nv -300 0 300\nf 1 3 2\nf 1 4 3\n",
    )
    .unwrap();
    let path = tmp.path().join("floor.nav");
    let out = navforge(&[
        &"generate",
        &obj,
        &"-o",
        &path,
        &"--mark",
        &"0,0,0",
        &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        stats["game"],
        serde_json::json!({"name": "hl2dm", "chosen_by": "not_source", "class": null}),
        "{stats}"
    );
    let out = navforge(&[&"generate", &obj, &"-o", &path, &"--mark", &"0,0,0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("floor.nav: game: hl2dm (not a Source map; --game chooses another)"),
        "{}",
        stderr(&out)
    );
}
