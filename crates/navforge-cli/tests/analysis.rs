//! `analyze`, `generate --analyze` and `check --level` through the binary on the level pairs:
//! one command from a bare map to an analysed mesh, the wrong-map warning, Ctrl-C, and the
//! bombsite lint.

mod common;

use common::{navforge, stderr};
use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_source::SourceNavDocument;
use std::path::PathBuf;

fn pair(name: &str) -> Option<(PathBuf, PathBuf)> {
    let dir = corpus_dir("level-pairs")?;
    Some((
        dir.join(format!("goldsrc_{name}.bsp")),
        dir.join(format!("goldsrc_{name}.nav")),
    ))
}

fn read(path: &std::path::Path) -> SourceNavDocument {
    SourceNavDocument::read(&std::fs::read(path).unwrap()).unwrap()
}

/// `generate --analyze` writes, in one command, exactly what `generate` then `analyze --game`
/// write: for CS 1.6 (v5) and CS:S (v16: analysed by CS:S's rule, the game asked for, so
/// visibility lists and no encounter paths or approach areas; without `--game`, a v16 CS file
/// against this GoldSrc map is read as CS:GO's, whose files have encounter paths and no
/// visibility lists). The result re-reads byte for byte and `check` finds no errors in it.
#[test]
fn generate_analyze_is_generate_then_analyze() {
    let Some((bsp, _)) = pair("aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    for game in ["cs16", "css"] {
        let one = tmp.path().join(format!("{game}-one.nav"));
        let plain = tmp.path().join(format!("{game}-plain.nav"));
        let two = tmp.path().join(format!("{game}-two.nav"));
        let out = navforge(&[
            &"generate",
            &bsp,
            &"-o",
            &one,
            &"--game",
            &game,
            &"--analyze",
            &"--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(
            stats["analysis"]["hiding_spots"].as_u64().unwrap() > 50,
            "{stats}"
        );
        if game == "cs16" {
            assert!(
                stats["analysis"]["encounter_paths"].as_u64().unwrap() > 1000,
                "{stats}"
            );
        }

        let out = navforge(&[&"generate", &bsp, &"-o", &plain, &"--game", &game]);
        assert!(out.status.success(), "{}", stderr(&out));
        let out = navforge(&[
            &"analyze", &plain, &"--level", &bsp, &"-o", &two, &"--game", &game,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let bytes = std::fs::read(&one).unwrap();
        assert_eq!(bytes, std::fs::read(&two).unwrap(), "{game}");

        let doc = read(&one);
        assert_eq!(
            doc.write().unwrap(),
            bytes,
            "{game}: re-reads byte for byte"
        );
        assert!(doc.areas.iter().any(|a| !a.hiding_spots.is_empty()));
        if game == "css" {
            assert_eq!(doc.version, 16);
            assert_eq!(doc.is_analyzed, Some(1));
            assert!(doc.areas.iter().any(|a| !a.visible_areas.is_empty()));
            assert_eq!(stats["analysis"]["encounter_paths"].as_u64(), Some(0));
            assert_eq!(stats["analysis"]["approach_areas"].as_u64(), Some(0));
            // Without --game the same file is read as CS:GO's (a GoldSrc map, not a CS:S one).
            let csgo = tmp.path().join("csgo-rule.nav");
            let out = navforge(&[&"analyze", &plain, &"--level", &bsp, &"-o", &csgo]);
            assert!(out.status.success(), "{}", stderr(&out));
            let csgo = read(&csgo);
            assert!(csgo.areas.iter().all(|a| a.visible_areas.is_empty()));
            assert!(csgo.areas.iter().any(|a| !a.encounter_paths.is_empty()));
        }
        let check = navforge(&[&"check", &one]);
        let text = String::from_utf8_lossy(&check.stdout).into_owned();
        assert!(check.status.success(), "{text}");
        assert!(text.contains(": 0 errors"), "{text}");
    }
}

/// `analyze --json` prints what it made and each stage that ran with its time and traces (what
/// a user sends when a map takes long): the stages in the order they ran, their seconds adding
/// up to the total, traces where a stage traces, the lists a CS 1.6 file has no field for, and
/// the BSP's size in the header; `--only` lists only the stages asked for. The file written is
/// the one the plain command writes; `-o -` with `--json` is refused (both would go to
/// standard output).
#[test]
fn analyze_json_names_each_stage_with_its_time_and_traces() {
    let Some((bsp, nav)) = pair("aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (json_out, plain_out) = (tmp.path().join("json.nav"), tmp.path().join("plain.nav"));
    let out = navforge(&[
        &"analyze", &nav, &"--level", &bsp, &"-o", &json_out, &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let analysis = &stats["analysis"];
    let stages = analysis["stages"].as_array().unwrap();
    let names: Vec<&str> = stages
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["hiding", "encounter", "sniper", "approach"],
        "{stats}"
    );
    let sum: f64 = stages.iter().map(|s| s["seconds"].as_f64().unwrap()).sum();
    assert!(
        (sum - analysis["seconds"].as_f64().unwrap()).abs() < 1e-6,
        "{stats}"
    );
    assert!(
        stages.iter().all(|s| s["traces"].as_u64().unwrap() > 0),
        "{stats}"
    );
    assert_eq!(
        analysis["not_stored"],
        serde_json::json!(["visibility", "occupy"])
    );
    assert!(analysis["hiding_spots"].as_u64().unwrap() > 50, "{stats}");
    assert_eq!(stats["version"].as_u64(), Some(5));
    assert_eq!(
        stats["bsp_size"].as_u64(),
        Some(std::fs::metadata(&bsp).unwrap().len())
    );
    assert_eq!(stats["areas"].as_u64(), Some(read(&nav).areas.len() as u64));
    let out = navforge(&[&"analyze", &nav, &"--level", &bsp, &"-o", &plain_out]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read(&json_out).unwrap(),
        std::fs::read(&plain_out).unwrap()
    );
    let out = navforge(&[
        &"analyze", &nav, &"--level", &bsp, &"-o", &json_out, &"--only", &"hiding", &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let stages = stats["analysis"]["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 1, "{stats}");
    assert_eq!(stages[0]["stage"], "hiding");
    assert_eq!(stats["analysis"]["not_stored"], serde_json::json!([]));
    // The file on standard output and the JSON would be mixed there: refused.
    let out = navforge(&[&"analyze", &nav, &"--level", &bsp, &"-o", &"-", &"--json"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
}

/// The game's own areas analysed against another map: a warning with the share off the floor.
#[test]
fn analyze_warns_about_the_wrong_map() {
    let (Some((aim_bsp, aim_nav)), Some((assault_bsp, _))) = (pair("aim_map"), pair("cs_assault"))
    else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_nav = tmp.path().join("out.nav");
    let run = |bsp: &PathBuf| {
        navforge(&[
            &"analyze", &aim_nav, &"--level", bsp, &"-o", &out_nav, &"--only", &"occupy",
        ])
    };
    let out = run(&assault_bsp);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(text.contains("is it the right map?"), "{text}");
    let share: f64 = text
        .split("warning: ")
        .nth(1)
        .and_then(|w| w.split('%').next())
        .and_then(|n| n.trim().parse().ok())
        .expect("a share in percent");
    assert!(share > 25.0, "{text}");
    let out = run(&aim_bsp);
    assert!(!stderr(&out).contains("right map"), "{}", stderr(&out));
}

/// Ctrl-C during an analysis leaves neither the output nor a temporary file.
#[cfg(unix)]
#[test]
fn ctrl_c_leaves_no_file() {
    let Some((bsp, nav)) = pair("de_dust2") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_nav = tmp.path().join("out.nav");
    let mut child = common::command()
        .args([
            "analyze".as_ref(),
            nav.as_os_str(),
            "--level".as_ref(),
            bsp.as_os_str(),
        ])
        .args(["-o".as_ref(), out_nav.as_os_str()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the analysis ended before it could be interrupted"
    );
    // A shell that starts jobs in the background without job control makes them ignore SIGINT,
    // and the child inherits that; then SIGTERM stands in for Ctrl-C.
    let sigint_ignored = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let mask = s.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0);
    let signal = if sigint_ignored {
        eprintln!("SIGINT is ignored in this process (a background job): sending SIGTERM");
        "-TERM"
    } else {
        "-INT"
    };
    let kill = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert!(!status.success());
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// `check --level`: de_dust2's mesh with the place "Bombsite" under its second bomb target
/// (both targets are then bombsite A in CS:GO) gets the warning, with the game and positions;
/// without `--level` it does not, and the help says so.
#[test]
fn check_with_the_level_finds_two_bombsites_a() {
    let Some((bsp, nav)) = pair("de_dust2") else {
        return;
    };
    let level = navforge_level::Level::load(
        &std::fs::read(&bsp).unwrap(),
        &navforge_level::LoadOptions::default(),
    )
    .unwrap();
    let targets: Vec<navforge_check::BombTarget> = level
        .bomb_targets()
        .iter()
        .filter(|v| v.class == "func_bomb_target")
        .map(|v| navforge_check::BombTarget {
            entity: v.entity as u64,
            min: v.bounds.min.to_array(),
            max: v.bounds.max.to_array(),
        })
        .collect();
    let mut doc = read(&nav);
    let labels = navforge_check::bombsite_labels(&doc.to_model(), &targets);
    let second = labels[1].area.unwrap();
    doc.places = vec![navforge_source::NulText::new("Bombsite")];
    doc.areas[second].place = 1;
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("de_dust2.nav");
    std::fs::write(&file, doc.write().unwrap()).unwrap();

    let out = navforge(&[&"check", &file, &"--level", &bsp]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("warning bombsite-label-a-twice: 2 func_bomb_target"),
        "{text}"
    );
    assert!(text.contains("[csgo]"), "{text}");
    assert!(text.contains("bomb target entity"), "{text}");
    let out = navforge(&[&"check", &file, &"--level", &bsp, &"--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "bombsite-label-a-twice")
        .expect("in the JSON report");
    assert_eq!(f["game"], "csgo");
    for i in f["instances"].as_array().unwrap() {
        assert!(i["subject"]["bomb_target"].is_u64(), "{i}");
        assert!(i["position"].is_array(), "{i}");
    }

    let out = navforge(&[&"check", &file]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("bombsite"));
    let help = navforge(&[&"check", &"--help"]);
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    assert!(help.contains("--level"), "{help}");
    assert!(help.contains("Without it those lints do not run"), "{help}");
}

/// The guide's pair of pictures (`docs/analyze.md`): aim_map analysed by navforge and by the game, drawn by
/// `render --level`, show the same spots of each kind (ideal and good sniper, cover, plain).
#[test]
fn rendered_spots_match_the_games() {
    let Some((bsp, nav)) = pair("aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let analysed = tmp.path().join("analysed.nav");
    let out = navforge(&[&"analyze", &nav, &"--level", &bsp, &"-o", &analysed]);
    assert!(out.status.success(), "{}", stderr(&out));
    let legend = |file: &PathBuf, name: &str| -> Vec<String> {
        let svg = tmp.path().join(name);
        let out = navforge(&[&"render", file, &"--level", &bsp, &"-o", &svg]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(svg).unwrap();
        [
            "ideal sniper (",
            "good sniper (",
            "cover (",
            "hiding spot (",
        ]
        .iter()
        .map(|k| {
            let at = text.find(k).unwrap_or_else(|| panic!("{k} in the legend"));
            text[at..].split(')').next().unwrap().to_string()
        })
        .collect()
    };
    let ours = legend(&analysed, "ours.svg");
    assert_eq!(ours, legend(&nav, "game.svg"));
    assert_eq!(ours[0], "ideal sniper (82");
}

/// A generated or analysed `.nav` carries its BSP's size in the header's `bspSize`, as the game's
/// own do (issue 26; it used to be 0): the game-made `goldsrc_aim_map.nav` says 348092, the size
/// of `goldsrc_aim_map.bsp`, and so do `generate` (GoldSrc v5 and CS:S v16) and `analyze` from that
/// BSP. Analysing against a level that is not a BSP leaves the field as it was.
#[test]
fn generated_and_analysed_meshes_carry_the_bsp_size() {
    let Some((bsp, game_nav)) = pair("aim_map") else {
        return;
    };
    let size = u32::try_from(std::fs::metadata(&bsp).unwrap().len()).unwrap();
    assert_eq!(read(&game_nav).bsp_size, Some(size), "the game's own rule");
    let tmp = tempfile::tempdir().unwrap();
    for game in ["cs16", "css"] {
        let out_nav = tmp.path().join(format!("{game}.nav"));
        let out = navforge(&[&"generate", &bsp, &"-o", &out_nav, &"--game", &game]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(
            read(&out_nav).bsp_size,
            Some(size),
            "generate --game {game}"
        );
    }

    // The game's mesh with the field cleared, analysed against the BSP: the size is back.
    let mut doc = read(&game_nav);
    doc.bsp_size = Some(0);
    let cleared = tmp.path().join("cleared.nav");
    std::fs::write(&cleared, doc.write().unwrap()).unwrap();
    let analysed = tmp.path().join("analysed.nav");
    let only: [&dyn AsRef<std::ffi::OsStr>; 2] = [&"--only", &"hiding"];
    let run = |level: &dyn AsRef<std::ffi::OsStr>, output: &PathBuf| {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> =
            vec![&"analyze", &cleared, &"--level", level, &"-o", output];
        args.extend(only);
        navforge(&args)
    };
    let out = run(&bsp, &analysed);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read(&analysed).bsp_size, Some(size), "analyze --level BSP");

    // A level that is not a BSP: the existing value stays.
    let obj = tmp.path().join("floor.obj");
    let floor =
        navforge_core::testing::boxes_obj(&[([-4096.0, -4096.0, -16.0], [4096.0, 4096.0, 0.0])]);
    std::fs::write(&obj, floor).unwrap();
    let from_obj = tmp.path().join("from_obj.nav");
    let out = run(&obj, &from_obj);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read(&from_obj).bsp_size, Some(0), "analyze --level OBJ");
}

/// `check` says a generated, unanalysed mesh is not analysed (issue 26), for CS:S (v16, with the
/// isAnalyzed flag) and CS 1.6 (v5, none); once analysed, or made by the game, it is quiet.
#[test]
fn check_says_a_generated_mesh_is_not_analysed() {
    let Some((bsp, game_nav)) = pair("aim_map") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let codes = |file: &PathBuf| -> Vec<String> {
        let out = navforge(&[&"check", &"--json", file]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_string())
            .collect()
    };
    for game in ["css", "cs16"] {
        let plain = tmp.path().join(format!("{game}.nav"));
        let out = navforge(&[&"generate", &bsp, &"-o", &plain, &"--game", &game]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(codes(&plain).iter().any(|c| c == "not-analysed"), "{game}");
        let text = String::from_utf8(navforge(&[&"check", &plain]).stdout).unwrap();
        assert!(text.contains("never analysed"), "{text}");
        let analysed = tmp.path().join(format!("{game}-analysed.nav"));
        let out = navforge(&[&"analyze", &plain, &"--level", &bsp, &"-o", &analysed]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            !codes(&analysed).iter().any(|c| c == "not-analysed"),
            "{game}"
        );
    }
    let css = corpus_dir("source-nav").unwrap().join("css_de_dust2.nav");
    for made in [game_nav, css] {
        assert!(
            !codes(&made).iter().any(|c| c == "not-analysed"),
            "{made:?}"
        );
    }
}

/// A generated mesh the analysis refuses (a floor past the ±131,072 units it works in) is still
/// written, unanalysed, and `--json` says why under `analysis` instead of printing zeros; the
/// summary line is not printed, the warning names the output and the field. Without `--json`
/// the run succeeds the same way.
#[test]
fn generate_analyze_says_why_a_mesh_was_not_analysed() {
    let tmp = tempfile::tempdir().unwrap();
    let obj = tmp.path().join("far.obj");
    std::fs::write(
        &obj,
        "v 140000 0 0\nv 140512 0 0\nv 140512 0 -512\nv 140000 0 -512\nf 1 2 3 4\n",
    )
    .unwrap();
    let nav = tmp.path().join("far.nav");
    let generate = |json: bool| {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![
            &"generate",
            &obj,
            &"-o",
            &nav,
            &"--game",
            &"css",
            &"--analyze",
        ];
        if json {
            args.push(&"--json");
        }
        let out = navforge(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        out
    };
    let out = generate(true);
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let error = stats["analysis"]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("north_west.x") && error.contains("140000"),
        "{stats}"
    );
    assert!(stats["analysis"].get("hiding_spots").is_none(), "{stats}");
    let warned = stderr(&out);
    assert!(
        warned.contains("not analysed")
            && warned.contains(&nav.display().to_string())
            && warned.contains("north_west.x"),
        "{warned}"
    );
    let unanalysed = |doc: SourceNavDocument| {
        assert!(!doc.areas.is_empty());
        assert!(doc.areas.iter().all(|a| a.hiding_spots.is_empty()));
    };
    unanalysed(read(&nav));

    std::fs::remove_file(&nav).unwrap();
    let plain = generate(false);
    unanalysed(read(&nav));
    assert!(plain.stdout.is_empty());
    let said = stderr(&plain);
    assert!(
        said.contains("not analysed") && !said.contains("hiding spots"),
        "{said}"
    );
}
