//! `navforge check --level MAP.bsp GRAPH.nav` for Quake graphs: the pairs of places the level
//! connects that the graph does not, with positions (issue 30), on the hip1m4 dev pair: the
//! game's graph has such pairs, the graph `generate` makes has none.

mod common;

use common::{navforge, stderr};

use navforge_core::testing::corpus_dir;

#[test]
fn check_lists_the_places_the_level_connects_and_the_graph_does_not() {
    let Some(dir) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = dir.join("quake_hipnotic_hip1m4.bsp");
    let game = dir.join("quake_hipnotic_hip1m4.nav");
    let tmp = tempfile::tempdir().unwrap();
    let ours = tmp.path().join("ours.nav");
    let out = navforge(&[&"generate", &bsp, &"-o", &ours]);
    assert!(out.status.success(), "{}", stderr(&out));

    let out = navforge(&[&"check", &"--json", &"--level", &bsp, &game, &ours]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let reports: Vec<serde_json::Value> = text
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let of = |name: &str| {
        reports
            .iter()
            .find(|r| r["file"].as_str().unwrap().ends_with(name))
            .unwrap_or_else(|| panic!("no report for {name}: {text}"))
    };
    let cut = of("quake_hipnotic_hip1m4.nav")["unconnected_places"]
        .as_array()
        .expect("the game's graph is checked against the level");
    assert!(!cut.is_empty(), "{text}");
    for c in cut {
        let from = c["from"].as_array().unwrap();
        let to = c["to"].as_array().unwrap();
        assert_eq!((from.len(), to.len()), (3, 3), "{c}");
        assert!(c["kind"].is_string(), "{c}");
        assert!(
            c["graph_from"].is_number() || c["graph_to"].is_number(),
            "{c}"
        );
    }
    assert_eq!(
        of("ours.nav")["unconnected_places"]
            .as_array()
            .map(Vec::len),
        Some(0),
        "our own graph has every connection the level has"
    );

    // The human report names the finding and shows positions.
    let out = navforge(&[&"check", &"--level", &bsp, &game]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("level-connects-graph-does-not"), "{text}");
    assert!(text.contains(" by walk"), "{text}");
}

/// A level that is not a Quake map adds nothing to a Quake graph's check (and nothing breaks).
#[test]
fn a_level_of_another_game_adds_no_graph_pairs() {
    let Some(pairs) = corpus_dir("level-pairs") else {
        return;
    };
    let bsp = pairs.join("goldsrc_aim_map.bsp");
    let game = pairs.join("quake_hipnotic_dm1.nav");
    let out = navforge(&[&"check", &"--json", &"--level", &bsp, &game]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("unconnected_places"), "{text}");
}
