//! Seeds like the game (issue 29): each game's player-spawn classes seed the fill; a level with
//! none of them falls back to spawn-like entities, then to every floor, and says which. Real
//! Source maps from `source-pairs`: Garry's Mod Zombie Survival `zs_jail_v1` and Fistful of
//! Frags `fof_quad` (no `info_player_start`).

use navforge_core::testing::corpus_dir;
use navforge_generate::{GenerateOptions, SeedSource, generate, is_spawn_like, spawn_classes};
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceGame;

const ZS_JAIL: &str = "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__zs_jail_v1@1.bsp";
const FOF_QUAD: &str = "source_xpenia+FoF-GOTY__fof_quad.bsp";

fn pair_bytes(name: &str) -> Option<Vec<u8>> {
    let dir = corpus_dir("source-pairs")?;
    Some(std::fs::read(dir.join(name)).expect("read source-pairs map"))
}

fn load(bytes: &[u8]) -> Level {
    Level::load(bytes, &LoadOptions::default()).expect("load level")
}

/// (class, seeds) of a run, for asserts.
fn classes(stats: &navforge_generate::Stats) -> Vec<(String, usize)> {
    stats
        .seed_source
        .spawns
        .iter()
        .map(|c| (c.class.clone(), c.count))
        .collect()
}

#[test]
fn the_table_knows_each_games_spawn_classes() {
    assert!(spawn_classes(SourceGame::Css).contains(&"info_player_counterterrorist"));
    assert!(spawn_classes(SourceGame::Tf2).contains(&"info_player_teamspawn"));
    assert!(spawn_classes(SourceGame::Dods).contains(&"info_player_allies"));
    assert!(spawn_classes(SourceGame::Hl2dm).contains(&"info_player_combine"));
    assert!(spawn_classes(SourceGame::L4d2).contains(&"info_survivor_position"));
    assert!(spawn_classes(SourceGame::Fof).contains(&"info_player_fof"));
    assert!(spawn_classes(SourceGame::Gmod).contains(&"info_player_zombie"));
    assert!(!spawn_classes(SourceGame::Tf2).contains(&"info_player_fof"));
    assert!(is_spawn_like("INFO_PLAYER_FOF"));
    assert!(is_spawn_like("info_survivor_position"));
    assert!(!is_spawn_like("info_target"));
}

#[test]
fn zombie_survival_seeds_from_its_human_and_zombie_spawns() {
    let Some(bytes) = pair_bytes(ZS_JAIL) else {
        return;
    };
    let level = load(&bytes);
    let out = generate(&level, &GenerateOptions::for_game(SourceGame::Gmod)).expect("generate");
    let s = &out.stats.seed_source;
    assert_eq!(s.source, SeedSource::GameSpawns, "{s}");
    let c = classes(&out.stats);
    assert!(c.contains(&("info_player_zombie".into(), 10)), "{c:?}");
    assert!(c.contains(&("info_player_start".into(), 30)), "{c:?}");
    assert!(s.to_string().contains("10 info_player_zombie"), "{s}");
    assert!(out.stats.areas > 0);
    // HL2DM knows no zombie spawn: only info_player_start seeds there.
    let hl = generate(&level, &GenerateOptions::for_game(SourceGame::Hl2dm)).expect("generate");
    assert_eq!(classes(&hl.stats), vec![("info_player_start".into(), 30)]);
}

#[test]
fn fistful_of_frags_seeds_from_info_player_fof() {
    let Some(bytes) = pair_bytes(FOF_QUAD) else {
        return;
    };
    let level = load(&bytes);
    let out = generate(&level, &GenerateOptions::for_game(SourceGame::Fof)).expect("generate");
    let s = &out.stats.seed_source;
    assert_eq!(s.source, SeedSource::GameSpawns, "{s}");
    assert_eq!(classes(&out.stats), vec![("info_player_fof".into(), 40)]);
    assert_eq!(s.to_string(), "seeds: 40 info_player_fof");
    assert!(out.stats.areas > 0);
    // Another game's classes are absent: the spawn-like fallback finds FoF's, and says so.
    let hl = generate(&level, &GenerateOptions::for_game(SourceGame::Hl2dm)).expect("generate");
    let s = &hl.stats.seed_source;
    assert_eq!(s.source, SeedSource::SpawnLike, "{s}");
    assert!(
        s.to_string().contains("spawn-like 40 info_player_fof"),
        "{s}"
    );
    assert_eq!(hl.stats.areas, out.stats.areas);
}

#[test]
fn a_map_without_spawn_points_seeds_every_floor_and_says_so() {
    let Some(mut bytes) = pair_bytes(FOF_QUAD) else {
        return;
    };
    // Rename every spawn entity in place (same length, so the lump table stays valid) to a
    // class no game spawns on.
    let (from, to) = (b"info_player_fof", b"info_xlayer_fof");
    let mut renamed = 0;
    let mut i = 0;
    while i + from.len() <= bytes.len() {
        if &bytes[i..i + from.len()] == from {
            bytes[i..i + from.len()].copy_from_slice(to);
            renamed += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    assert_eq!(renamed, 40, "the entity lump names 40 spawns");
    let level = load(&bytes);
    assert!(level.entities().iter().all(|e| !is_spawn_like(&e.class)));
    let out = generate(&level, &GenerateOptions::for_game(SourceGame::Fof))
        .expect("a map with floor always generates");
    let s = &out.stats.seed_source;
    assert_eq!(s.source, SeedSource::Floors, "{s}");
    assert!(s.spawns.is_empty() && s.floors > 0, "{s}");
    assert!(
        s.to_string()
            .starts_with("seeds: no spawn points; seeded every floor"),
        "{s}"
    );
    assert!(out.stats.areas > 0);
}
