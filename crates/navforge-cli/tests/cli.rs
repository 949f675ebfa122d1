//! The `navforge` binary end to end: round trips of every corpus file through `convert`, `info`
//! counts, exit codes and error messages (the demo: `demo.rs`).

mod common;

use common::{navforge, stderr};

use navforge_core::testing::{corpus_dir, corpus_files};
use serde_json::Value;
use std::path::PathBuf;

/// Every native corpus file: `convert f out` and `convert f f.json; convert f.json out` give back
/// the identical bytes.
fn round_trip_dir(sub: &str, suffixes: &[&str]) {
    let Some(dir) = corpus_dir(sub) else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| suffixes.iter().any(|s| p.to_string_lossy().ends_with(s)))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no files in {}", dir.display());
    let tmp = tempfile::tempdir().unwrap();
    for file in files {
        let original = std::fs::read(&file).unwrap();
        let ext = file.extension().unwrap().to_str().unwrap();
        let direct = tmp.path().join(format!("direct.{ext}"));
        let json = tmp.path().join("doc.json");
        let back = tmp.path().join(format!("back.{ext}"));
        let out = navforge(&[&"convert", &file, &direct]);
        assert!(out.status.success(), "{}: {}", file.display(), stderr(&out));
        assert!(
            std::fs::read(&direct).unwrap() == original,
            "{}: direct copy differs",
            file.display()
        );
        let out = navforge(&[&"convert", &file, &json]);
        assert!(out.status.success(), "{}: {}", file.display(), stderr(&out));
        let out = navforge(&[&"convert", &json, &back]);
        assert!(out.status.success(), "{}: {}", file.display(), stderr(&out));
        assert!(
            std::fs::read(&back).unwrap() == original,
            "{}: JSON round trip differs",
            file.display()
        );
    }
}

#[test]
fn source_nav_round_trips() {
    round_trip_dir("source-nav", &[".nav"]);
}

#[test]
fn quake_nav_round_trips() {
    round_trip_dir("quake-nav", &[".nav"]);
    round_trip_dir("quake2-nav", &[".nav"]);
}

#[test]
fn mgsv_nav2_round_trips() {
    round_trip_dir("mgsv-nav2", &[".nav2"]);
}

#[test]
fn tes_plugins_round_trip() {
    round_trip_dir("tes-plugin", &[".esp", ".esm", ".esl"]);
}

fn info_lines(files: &[PathBuf]) -> Vec<Value> {
    let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"info", &"--json"];
    for f in files {
        args.push(f);
    }
    let out = navforge(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn info_counts_match_the_third_party_dump() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let oracle: Value =
        serde_json::from_slice(&std::fs::read(dir.join("csgo_de_train.sourcenav.json")).unwrap())
            .unwrap();
    let areas = oracle["Areas"].as_array().unwrap();
    let sum = |key: &str| areas.iter().map(|a| a[key].as_u64().unwrap()).sum::<u64>();
    let connections: u64 = areas
        .iter()
        .map(|a| a["Connections"].as_array().unwrap().len() as u64)
        .sum();
    let lines = info_lines(&[dir.join("csgo_de_train.nav")]);
    let c = &lines[0]["counts"];
    assert_eq!(lines[0]["format"], "source-nav");
    assert_eq!(lines[0]["version"], oracle["MajorVersion"]);
    assert_eq!(c["areas"], oracle["AreasCount"]);
    assert_eq!(c["areas"].as_u64().unwrap(), areas.len() as u64);
    assert_eq!(c["connections"].as_u64().unwrap(), connections);
    assert_eq!(c["places"], oracle["PlacesCount"]);
    assert_eq!(c["ladders"], oracle["LadderCount"]);
    assert_eq!(c["hiding_spots"].as_u64().unwrap(), sum("HidingSpotCount"));
    assert_eq!(
        c["encounter_paths"].as_u64().unwrap(),
        sum("EncounterPathCount")
    );
}

#[test]
fn info_reads_many_files_and_keeps_going_past_a_bad_one() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.nav");
    std::fs::write(&bad, b"NAV2\x12\x00\x00\x00").unwrap();
    let out = navforge(&[&"info", &"--json", &files[0], &bad, &files[1]]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["counts"]["areas"].is_u64());
    assert!(lines[1]["error"].as_str().unwrap().contains("bad.nav"));
    assert!(lines[2]["counts"]["connections"].as_u64().unwrap() > 0);
}

/// Truncated and corrupted copies give exit 1 and a message naming file, format, field and offset.
#[test]
fn bad_input_names_file_field_and_offset() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let data = std::fs::read(dir.join("tf2_itemtest.nav")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let cut = tmp.path().join("cut.nav");
    std::fs::write(&cut, &data[..data.len() / 2]).unwrap();
    let out = navforge(&[&"info", &cut]);
    assert_eq!(out.status.code(), Some(1));
    let msg = stderr(&out);
    for part in ["cut.nav", "source-nav", "field", "at byte"] {
        assert!(msg.contains(part), "`{part}` missing from: {msg}");
    }
    let out = navforge(&[&"info", &tmp.path().join("missing.nav")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing.nav"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(navforge(&[]).status.code(), Some(2));
    assert_eq!(
        navforge(&[&"convert", &"a.nav", &"b.nav", &"--to", &"bogus"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        navforge(&[&"convert", &"a.nav", &"b.unknown"])
            .status
            .code(),
        Some(2)
    );
}

/// A failed conversion leaves whatever was at the output path untouched.
#[test]
fn failed_convert_keeps_the_old_output() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.nav");
    std::fs::write(&bad, [0xCE, 0xFA, 0xED, 0xFE, 16, 0, 0]).unwrap();
    let out_path = tmp.path().join("out.json");
    std::fs::write(&out_path, b"precious").unwrap();
    let out = navforge(&[&"convert", &bad, &out_path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&out_path).unwrap(), b"precious");
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 2, "no temporary file is left behind");
}

#[test]
fn render_writes_svg_and_png_and_refuses_other_pictures() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let input = dir.join("tf2_itemtest.nav");
    let svg = tmp.path().join("map.svg");
    let out = navforge(&[
        &"render",
        &input,
        &"-o",
        &svg,
        &"--color",
        &"attributes",
        &"--floor",
        &"-300:0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(
        text.matches("class=\"area\"").count(),
        33,
        "tf2_itemtest has 33 areas, all on one floor"
    );
    assert!(
        text.contains("tf2_itemtest"),
        "the file name is the default title"
    );
    let png = tmp.path().join("map.png");
    let out = navforge(&[&"render", &input, &"-o", &png, &"--width", &"640"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let out = navforge(&[&"render", &input, &"-o", &tmp.path().join("map.jpg")]);
    assert_eq!(out.status.code(), Some(2));
    let out = navforge(&[&"render", &input, &"-o", &svg, &"--floor", &"upstairs"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn obj_geometry_converts_to_a_nav2_that_reads_back() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("level.nav2");
    let out = navforge(&[&"convert", &dir.join("recast_nav_test.obj"), &out_path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = info_lines(std::slice::from_ref(&out_path));
    assert_eq!(lines[0]["format"], "mgsv-nav2");
    // The OBJ's 1,612 triangles, with the edges that other triangles' corners lie on split at
    // those corners (T-junctions) and the split triangles fanned from their centre, so that
    // touching triangles are neighbours: 1,983 faces.
    assert_eq!(
        lines[0]["counts"]["faces"], 1983,
        "the OBJ's triangles, T-junctions split"
    );
    assert!(
        lines[0]["warnings"].as_array().unwrap().is_empty(),
        "{}",
        lines[0]
    );
    // The geometry is a whole level (walls and ceilings too), so the lossless JSON is the check
    // here: the built file converts through it and back to the same bytes.
    let (json, back) = (tmp.path().join("level.json"), tmp.path().join("back.nav2"));
    assert!(navforge(&[&"convert", &out_path, &json]).status.success());
    assert!(navforge(&[&"convert", &json, &back]).status.success());
    assert!(std::fs::read(&back).unwrap() == std::fs::read(&out_path).unwrap());
}

/// `.txt` is the Source "Selected Nav Areas" text: built from any Source mesh, and lossless itself.
#[test]
fn selected_areas_text_is_built_and_round_trips() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let txt = tmp.path().join("itemtest_selected.txt");
    let out = navforge(&[&"convert", &dir.join("tf2_itemtest.nav"), &txt]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&txt).unwrap();
    assert!(
        text.starts_with("\"Selected Nav Areas\""),
        "{}",
        &text[..40.min(text.len())]
    );
    let line = &info_lines(std::slice::from_ref(&txt))[0];
    assert_eq!(
        (line["format"].as_str(), line["counts"]["areas"].as_u64()),
        (Some("source-selected"), Some(33))
    );
    for via in ["copy.txt", "doc.json"] {
        let mid = tmp.path().join(via);
        let back = tmp.path().join(format!("back-{via}.txt"));
        assert!(navforge(&[&"convert", &txt, &mid]).status.success());
        assert!(navforge(&[&"convert", &mid, &back]).status.success());
        assert!(
            std::fs::read(&back).unwrap() == text.as_bytes(),
            "through {via}"
        );
    }
}

/// Between games, through the common model: a Source mesh becomes a Quake graph, a Skyrim
/// navmesh and an MGSV nav2; a triangle mesh cannot become Source areas and says why.
#[test]
fn convert_between_games() {
    let Some(dir) = corpus_dir("source-nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let input = dir.join("tf2_itemtest.nav");
    let cases: [(&str, Option<&str>, &str, &str, u64); 3] = [
        ("graph.nav", Some("quake-nav"), "quake-nav", "nodes", 33),
        // 33 quads: T-junctions split their edges and split quads fan from their centre, so
        // neighbouring triangles share edges (125), where a plain two-triangle split made 66.
        // Both triangle formats take the same triangles.
        ("mesh.esp", None, "tes-plugin", "areas", 125),
        ("mesh.nav2", None, "mgsv-nav2", "faces", 125),
    ];
    for (name, to, format, count, expected) in cases {
        let out_path = tmp.path().join(name);
        let out = match to {
            Some(to) => navforge(&[&"convert", &input, &out_path, &"--to", &to]),
            None => navforge(&[&"convert", &input, &out_path]),
        };
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let line = &info_lines(std::slice::from_ref(&out_path))[0];
        assert_eq!(line["format"], format, "{name}");
        assert_eq!(
            line["counts"][count].as_u64(),
            Some(expected),
            "{name}: {line}"
        );
    }
    let out = navforge(&[
        &"convert",
        &tmp.path().join("mesh.esp"),
        &tmp.path().join("back.nav"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("a Source area has 4"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn info_lists_every_navmesh_of_a_plugin() {
    let Some(dir) = corpus_dir("tes-plugin") else {
        return;
    };
    let out = navforge(&[&"info", &dir.join("skyrim_Dwemer_Secrets.esp")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let navmeshes: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("- form id 0x"))
        .collect();
    assert_eq!(navmeshes.len(), 8, "{text}");
    assert!(
        navmeshes
            .iter()
            .any(|l| l.contains("form id 0x000B83E0") && l.contains("triangles 395")),
        "{text}"
    );
}

/// `--to`, `--format` and `--game` take the tables' names: `--help` lists every one with its
/// description, each is accepted, and anything else is a usage error (exit 2) that lists them.
#[test]
fn format_and_game_values_come_from_the_tables() {
    use navforge::{Format, Game, Target};
    let help = |cmd: &str| {
        let out = navforge(&[&cmd, &"--help"]);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let convert = help("convert");
    for f in Target::formats() {
        assert!(
            convert.contains(&format!("- {}:", f.name())) && convert.contains(f.description()),
            "convert --help lists {f}: {convert}"
        );
    }
    for g in Game::ALL {
        assert!(
            convert.contains(&format!("- {}:", g.name())) && convert.contains(g.title()),
            "{g}"
        );
    }
    let generate = help("generate");
    for f in [
        Format::SourceNav,
        Format::QuakeNav,
        Format::Quake2Nav,
        Format::Glb,
    ] {
        assert!(generate.contains(&format!("- {}:", f.name())), "{f}");
    }
    assert!(
        !generate.contains("- navjson:"),
        "generate writes no .navjson by --format"
    );
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing.nav");
    // A listed name gets past the parser (and fails on the missing file: exit 1).
    for g in Game::ALL {
        let out = navforge(&[&"convert", &missing, &"out.json", &"--game", &g.name()]);
        assert_eq!(out.status.code(), Some(1), "{g}: {}", stderr(&out));
    }
    for (flag, value) in [("--to", "source"), ("--game", "cs"), ("--up", "x")] {
        let out = navforge(&[&"convert", &missing, &"out.json", &flag, &value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&out).contains("possible values"), "{}", stderr(&out));
    }
    let out = navforge(&[
        &"generate",
        &missing,
        &"-o",
        &"o.nav",
        &"--format",
        &"navjson",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `analyze --only` and `path --algo` take the stage and search tables' names: `--help` lists
/// each with its description, each is accepted, anything else is a usage error listing them.
#[test]
fn stage_and_algorithm_values_come_from_the_tables() {
    use navforge_analyze::Stage;
    use navforge_path::Algo;
    let help = |cmd: &str| {
        let out = navforge(&[&cmd, &"--help"]);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let (analyze, path) = (help("analyze"), help("path"));
    for s in Stage::ALL {
        let line = format!("- {}:", s.name());
        assert!(
            analyze.contains(&line) && analyze.contains(s.description()),
            "{analyze}"
        );
    }
    for a in Algo::ALL {
        let line = format!("- {}:", a.name());
        assert!(
            path.contains(&line) && path.contains(a.description()),
            "{path}"
        );
    }
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing.nav");
    let analyze_with = |only: &str| {
        navforge(&[
            &"analyze", &missing, &"--level", &"m.bsp", &"-o", &"o.nav", &"--only", &only,
        ])
    };
    let path_with = |algo: &str| {
        navforge(&[
            &"path", &missing, &"--from", &"0,0,0", &"--to", &"1,1,1", &"--algo", &algo,
        ])
    };
    // Every listed name gets past the parser (and fails on the missing file: exit 1).
    let all: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
    let out = analyze_with(&all.join(","));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    for a in Algo::ALL {
        let out = path_with(a.name());
        assert_eq!(out.status.code(), Some(1), "{a:?}: {}", stderr(&out));
    }
    let names = |out: &std::process::Output, expected: &[&str]| {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
        let err = stderr(out);
        assert!(err.contains("possible values"), "{err}");
        for name in expected {
            assert!(err.contains(name), "{name} not named: {err}");
        }
    };
    names(&analyze_with("hiding,cover"), &all);
    let algos: Vec<&str> = Algo::ALL.iter().map(|a| a.name()).collect();
    names(&path_with("astar"), &algos);
    names(&path_with("Any-Angle"), &algos);
}

/// `generate --mark` reads its point with the one X,Y,Z parser: a point with two numbers, an
/// empty part or a fourth number is a usage error naming the text.
#[test]
fn generate_mark_is_a_point() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing.bsp");
    for bad in ["1,2", "1,,2,3", "1,2,3,", "1,2,nan"] {
        let out = navforge(&[&"generate", &missing, &"-o", &"o.nav", &"--mark", &bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("--mark") && err.contains(&format!("`{bad}`")),
            "{err}"
        );
    }
    // A good point gets past the parser (and fails on the missing level: exit 1).
    let out = navforge(&[
        &"generate",
        &missing,
        &"-o",
        &"o.nav",
        &"--mark",
        &" -1, 2.5,3e2",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}
