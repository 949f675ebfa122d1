//! Conversions that once lied or destroyed data (issue "Trust"), each reproduced through the
//! binary: refused or done right now.

mod common;

use common::{navforge, stderr};

use navforge_core::testing::corpus_dir;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn corpus(sub: &str, name: &str) -> Option<PathBuf> {
    corpus_dir(sub).map(|d| d.join(name))
}

fn info_json(path: &Path) -> serde_json::Value {
    let out = navforge(&[&"info", &"--json", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_graph_is_not_converted_to_an_empty_mesh() {
    let Some(graph) = corpus("quake-nav", "v15_dm7.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    for out_name in ["dm7_source.nav", "dm7.esp", "dm7.nav2", "dm7.txt"] {
        let out_path = tmp.path().join(out_name);
        let to = match out_name {
            "dm7_source.nav" => "source-nav",
            "dm7.esp" => "tes-plugin",
            "dm7.nav2" => "mgsv-nav2",
            _ => "source-selected",
        };
        let out = navforge(&[&"convert", &graph, &out_path, &"--to", &to]);
        assert_eq!(out.status.code(), Some(1), "{out_name}: {}", stderr(&out));
        let msg = stderr(&out);
        assert!(msg.contains("no areas"), "{out_name}: {msg}");
        assert!(msg.contains(to), "the message names the target: {msg}");
        assert!(!out_path.exists(), "{out_name} was written");
    }
}

#[test]
fn the_input_file_is_never_overwritten() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mine = tmp.path().join("mine.nav");
    std::fs::copy(&src, &mine).unwrap();
    let original = std::fs::read(&mine).unwrap();
    let mut targets = vec![mine.clone()];
    #[cfg(unix)]
    {
        let link = tmp.path().join("link.nav");
        std::os::unix::fs::symlink(&mine, &link).unwrap();
        let hard = tmp.path().join("hard.nav");
        std::fs::hard_link(&mine, &hard).unwrap();
        targets.extend([link, hard]);
    }
    for target in &targets {
        let out = navforge(&[&"convert", &mine, target, &"--to", &"quake-nav"]);
        assert_eq!(out.status.code(), Some(2), "{}", target.display());
        assert!(
            stderr(&out).contains("is the input file"),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read(&mine).unwrap(), original);
    }
}

#[test]
fn every_name_help_lists_is_accepted() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let help = navforge(&[&"convert", &"--help"]);
    let help = String::from_utf8(help.stdout).unwrap();
    // The possible values listed under `--to`, up to the next option.
    let section = help.split("--to <TO>").nth(1).unwrap();
    let section = section.split("\n      --").next().unwrap();
    let names: Vec<&str> = section
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert!(names.contains(&"source-selected"), "{help}");
    assert!(names.len() >= 10, "{names:?}");
    let tmp = tempfile::tempdir().unwrap();
    for name in names.iter().filter(|n| {
        n.chars()
            .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
    }) {
        let out_path = tmp.path().join(format!("out-{name}"));
        let out = navforge(&[&"convert", &src, &out_path, &"--to", name]);
        let msg = stderr(&out);
        assert!(!msg.contains("unknown format"), "--to {name}: {msg}");
        // Either it converts, or it says why not (a Source mesh has no NAV3 builder, say).
        assert!(
            out.status.success() || msg.contains("cannot"),
            "--to {name}: {msg}"
        );
    }
}

#[test]
fn game_and_version_choose_what_is_written() {
    let Some(src) = corpus("source-nav", "csgo_de_dust2.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str], &str, u64); 5] = [
        ("tf2.nav", &["--game", "tf2"], "source-nav", 16),
        ("cs16.nav", &["--game", "cs16"], "source-nav", 5),
        ("le.esp", &["--game", "skyrim-le"], "tes-plugin", 43),
        ("fo4.esp", &["--game", "fo4"], "tes-plugin", 131),
        (
            "q17.nav",
            &["--version", "17", "--to", "quake-nav"],
            "quake-nav",
            17,
        ),
    ];
    for (name, args, format, version) in cases {
        let out_path = tmp.path().join(name);
        let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"convert", &src, &out_path];
        for a in args {
            all.push(a);
        }
        let out = navforge(&all);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let info = info_json(&out_path);
        assert_eq!(info["format"], format, "{name}");
        assert_eq!(info["version"], version, "{name}");
    }
    let tf2 = info_json(&tmp.path().join("tf2.nav"));
    assert!(
        tf2["variant"].as_str().unwrap().contains("sub-version 2"),
        "{tf2}"
    );
    // A game the format does not hold is refused, naming it.
    let out = navforge(&[
        &"convert",
        &src,
        &tmp.path().join("x.esp"),
        &"--game",
        &"tf2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("tf2"), "{}", stderr(&out));
    // The default keeps the input's own game: CS:GO stays sub-version 1 through the model.
    let txt = tmp.path().join("dust.txt");
    let out = navforge(&[&"convert", &src, &txt]);
    assert!(out.status.success(), "{}", stderr(&out));
    let back = tmp.path().join("back.nav");
    let out = navforge(&[&"convert", &txt, &back, &"--game", &"csgo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        info_json(&back)["variant"]
            .as_str()
            .unwrap()
            .contains("sub-version 1")
    );
}

#[test]
fn navjson_becomes_the_newest_nav_real_files_use() {
    let Some(src) = corpus("quake-navjson", "aerowalk.navjson") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("aerowalk.nav");
    let out = navforge(&[&"convert", &src, &out_path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(info_json(&out_path)["version"], 18);
}

#[test]
fn dash_is_standard_input_and_output() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    // In a scratch folder: a build without `-` support writes a file named `-` there.
    let tmp = tempfile::tempdir().unwrap();
    let out = common::command()
        .current_dir(tmp.path())
        .arg("convert")
        .arg(&src)
        .args(["-", "--to", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "source-nav");

    let back = tmp.path().join("back.nav");
    let mut child = common::command()
        .args(["convert", "-"])
        .arg(&back)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
    let done = child.wait_with_output().unwrap();
    assert!(done.status.success(), "{}", stderr(&done));
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&src).unwrap());

    let out = common::command()
        .current_dir(tmp.path())
        .arg("convert")
        .arg(&src)
        .arg("-")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--to"), "{}", stderr(&out));
}

#[test]
fn messages_say_what_to_do() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("empty.nav");
    std::fs::write(&empty, b"").unwrap();
    let out = navforge(&[&"info", &empty]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));

    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let missing = tmp.path().join("no-such-folder").join("out.json");
    let out = navforge(&[&"convert", &src, &missing]);
    assert_eq!(out.status.code(), Some(1));
    let msg = stderr(&out);
    assert!(
        msg.contains("no-such-folder") && msg.contains("does not exist"),
        "{msg}"
    );
    assert!(!msg.contains(".navforge-"), "no temporary file name: {msg}");

    let png = tmp.path().join("out.png");
    let out = navforge(&[&"convert", &src, &png]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("navforge render"), "{}", stderr(&out));
}

#[test]
fn a_level_is_summarised_and_exported() {
    let Some(bsp) = corpus("level-pairs", "goldsrc_de_dust2.bsp") else {
        return;
    };
    let out = navforge(&[&"info", &bsp]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("GoldSrc BSP30"), "{text}");
    assert!(text.contains("spawn points: 40"), "{text}");
    let tmp = tempfile::tempdir().unwrap();
    for ext in ["obj", "glb"] {
        let out_path = tmp.path().join(format!("dust2.{ext}"));
        let out = navforge(&[&"convert", &bsp, &out_path]);
        assert!(out.status.success(), "{ext}: {}", stderr(&out));
        assert!(
            std::fs::metadata(&out_path).unwrap().len() > 100_000,
            "{ext}"
        );
    }
    let out = navforge(&[&"convert", &bsp, &tmp.path().join("x.nav")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("navforge generate"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn obj_is_y_up_by_default_for_blender_and_z_up_on_request() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let help = String::from_utf8(navforge(&[&"convert", &"--help"]).stdout).unwrap();
    let up = help.split("--up <UP>").nth(1).unwrap();
    assert!(up.contains("default: y") && up.contains("Blender"), "{up}");
    let tmp = tempfile::tempdir().unwrap();
    let header = |args: &[&dyn AsRef<std::ffi::OsStr>], name: &str| {
        let out_path = tmp.path().join(name);
        let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"convert", &src, &out_path];
        all.extend_from_slice(args);
        let out = navforge(&all);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(&out_path).unwrap();
        text.lines().next().unwrap().to_string()
    };
    assert!(header(&[], "y.obj").ends_with("Y up"));
    assert!(header(&[&"--up", &"z"], "z.obj").ends_with("Z up"));
}

/// The file at `path`, read back through the library into the common model.
fn model_of(path: &Path) -> navforge_core::model::NavMesh {
    let bytes = std::fs::read(path).unwrap();
    navforge::Document::read(&bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_model()
}

/// cp_cloak is one walkable piece; as a plugin it once fell into 150 islands of 170 triangles,
/// because triangles across T-junctions between quads were never made neighbours.
#[test]
fn a_mesh_converted_to_triangles_stays_in_one_piece() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    for name in ["cloak.esp", "cloak.nav2"] {
        let out_path = tmp.path().join(name);
        let out = navforge(&[&"convert", &src, &out_path]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let mesh = model_of(&out_path);
        assert!(
            mesh.areas.len() > 100,
            "{name}: {} triangles",
            mesh.areas.len()
        );
        assert_eq!(mesh.area_sets().count(), 1, "{name}");
    }
}

/// MGSV meshes are Y-up; in a Skyrim plugin (Z-up) their floor must face up, not sideways.
#[test]
fn a_y_up_mesh_goes_into_a_plugin_floor_up() {
    let Some(src) = corpus("mgsv-nav2", "obj2nav2_test.nav2") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("mgsv.esp");
    let out = navforge(&[&"convert", &src, &out_path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mesh = model_of(&out_path);
    let upright = mesh
        .areas
        .iter()
        .filter(|a| {
            let [p, q, r] = [a.polygon[0], a.polygon[1], a.polygon[2]];
            let (u, v) = (
                [q[0] - p[0], q[1] - p[1], q[2] - p[2]],
                [r[0] - p[0], r[1] - p[1], r[2] - p[2]],
            );
            let n = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            len > 0.0 && n[2].abs() / len > 0.9
        })
        .count();
    assert!(
        upright * 10 >= mesh.areas.len() * 9,
        "{upright} of {} triangles face up",
        mesh.areas.len()
    );
}

/// TF2's two-way connections once became the same Quake link twice (`10 -> 0 (walk)`).
#[test]
fn links_are_written_once() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("cloak_graph.nav");
    let out = navforge(&[&"convert", &src, &out_path, &"--to", &"quake-nav"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("duplicate links; each is written once"),
        "the warning counts them: {}",
        stderr(&out)
    );
    let mesh = model_of(&out_path);
    let mut seen = std::collections::HashSet::new();
    for l in &mesh.links {
        assert!(
            seen.insert((l.from, l.to, l.kind)),
            "{} -> {} ({}) twice",
            l.from,
            l.to,
            l.kind.name()
        );
    }
}

/// Quake II into `.navjson` once dropped every traversal and retyped rocket jumps in silence:
/// now the traversals travel with their links, and what `.navjson` has no type for is counted.
#[test]
fn quake2_traversals_reach_navjson_and_retyped_links_are_counted() {
    let Some(src) = corpus("quake2-nav", "q2rr_q2dm1.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_path = tmp.path().join("q2dm1.navjson");
    let out = navforge(&[&"convert", &src, &out_path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let msg = stderr(&out);
    assert!(
        msg.contains("3 rocket jump links; written as long jump"),
        "{msg}"
    );
    assert!(msg.contains("2 edicts"), "{msg}");
    let source = info_json(&src);
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&out_path).unwrap()).unwrap();
    let with_traversal = json["Nodes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|n| n["Links"].as_array().into_iter().flatten())
        .filter(|l| l.get("Traversal").is_some())
        .count();
    assert_eq!(
        Some(with_traversal as u64),
        source["counts"]["traversals"].as_u64(),
        "every traversal of the Quake II graph: {}",
        source["counts"]
    );
}

/// L4D2's bit 0x20000000 is MOSTLY_FLAT (the base table's FUNC_COST).
#[test]
fn attribute_bits_are_named_by_game() {
    let Some(src) = corpus("source-nav", "l4d2_c1m1_hotel.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("hotel.svg");
    let out = navforge(&[&"render", &src, &"-o", &svg, &"--color", &"attributes"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">mostly_flat ("), "legend names MOSTLY_FLAT");
    assert!(
        !text.contains("func_cost"),
        "no FUNC_COST in an L4D2 legend"
    );
}

/// An output path that is a symlink is written through: the link stays, its target changes.
#[cfg(unix)]
#[test]
fn an_output_symlink_is_written_through() {
    let Some(src) = corpus("source-nav", "tf2_cp_cloak.nav") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("real.json");
    std::fs::write(&target, b"old").unwrap();
    let link = tmp.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = navforge(&[&"convert", &src, &link]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    let written = std::fs::read(&target).unwrap();
    assert!(written.starts_with(b"{"), "the target holds the JSON");
}
