//! `navforge demo`: the level built in code run through the system (generate, edit, analyze,
//! path, render), and the sample mesh in every format; every file it writes is read back.

mod common;

use common::{navforge, stderr};
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The files the system half of the demo writes.
const SYSTEM_FILES: [&str; 4] = ["level.obj", "level.glb", "generated.nav", "path.png"];

/// The sample mesh in every format, with its 3D exports and pictures.
const FORMAT_FILES: [&str; 11] = [
    "demo.nav",
    "demo.json",
    "demo_selected.txt",
    "demo-quake.nav",
    "demo.navjson",
    "demo.nav2",
    "demo.esp",
    "demo.obj",
    "demo.glb",
    "demo.svg",
    "demo.png",
];

/// Run the demo into `dir` and return what it printed.
fn run_demo(dir: &Path) -> String {
    let out = navforge(&[&"demo", &"--out", &dir]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

fn info_json(files: &[PathBuf]) -> Vec<Value> {
    let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"info", &"--json"];
    for f in files {
        args.push(f);
    }
    let out = navforge(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// A line of the summary that starts with the step's name, after its indent.
fn step_line<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find(|l| l.trim_start().starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no `{name}` step in the summary:\n{text}"))
}

#[test]
fn demo_runs_the_system_on_its_level_and_every_file_reads_back() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let text = run_demo(&dir);
    for name in SYSTEM_FILES.iter().chain(&FORMAT_FILES) {
        assert!(dir.join(name).is_file(), "{name} missing:\n{text}");
    }

    // The summary names each step, and says how to open the result in the browser.
    for name in [
        "level", "generate", "edit", "analyze", "path", "render", "check",
    ] {
        assert!(step_line(&text, name).ends_with(" ms)"), "{name}: {text}");
    }
    assert!(
        step_line(&text, "analyze").contains("hiding spots"),
        "{text}"
    );
    let serve = format!(
        "navforge serve {} --level {} --open",
        dir.join("generated.nav").display(),
        dir.join("level.obj").display()
    );
    assert!(text.contains(&serve), "{text}");

    // The level: the OBJ and the GLB load as the same collision world, a courtyard with a
    // floor 128 units up.
    let obj = Level::load(
        &std::fs::read(dir.join("level.obj")).unwrap(),
        &LoadOptions::default(),
    )
    .unwrap();
    let glb = Level::load(
        &std::fs::read(dir.join("level.glb")).unwrap(),
        &LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(obj.counts().triangles, glb.counts().triangles);
    assert!(obj.counts().triangles > 100);
    for level in [&obj, &glb] {
        let ground = |x: f32, y: f32| {
            level
                .ground_below(glam::Vec3::new(x, y, 200.0), 400.0)
                .map(|g| g.point.z.round())
        };
        assert_eq!(ground(96.0, 96.0), Some(0.0), "the spawn point's floor");
        assert_eq!(ground(968.0, 984.0), Some(128.0), "the gallery");
    }

    // The generated mesh: a Source v16 file, written back to the same bytes, with the ladder
    // the demo added and the analysis's spots and visibility lists.
    let nav = std::fs::read(dir.join("generated.nav")).unwrap();
    let doc = navforge_source::SourceNavDocument::read(&nav).unwrap();
    assert_eq!(doc.write().unwrap(), nav);
    assert_eq!(doc.version, 16);
    assert!(doc.areas.len() > 10, "{} areas", doc.areas.len());
    assert_eq!(doc.ladders.len(), 1);
    let info = &info_json(&[dir.join("generated.nav")])[0]["counts"];
    assert!(info["hiding_spots"].as_u64().unwrap() > 0, "{info}");
    // Analysed as CS:S, the game it was generated for: CS:S v16 files store visible-area
    // lists and no encounter paths or approach areas (navforge_core::analysis).
    assert!(doc.areas.iter().any(|a| !a.visible_areas.is_empty()));
    assert_eq!(info["encounter_paths"].as_u64(), Some(0), "{info}");
    assert!(doc.areas.iter().all(|a| a.approach_areas.is_empty()));

    // The path the demo drew: `navforge path` on the file finds it too, up to the gallery.
    let out = navforge(&[
        &"path",
        &dir.join("generated.nav"),
        &"--from",
        &"96,96,0",
        &"--to",
        &"968,984,128",
        &"--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(path["reached_goal"], true, "{path}");
    let last = path["waypoints"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert!((last[2].as_f64().unwrap() - 128.0).abs() < 1.0, "{path}");
    let corridor = path["corridor"].as_array().unwrap().len();
    let line = step_line(&text, "path");
    assert!(line.contains(&format!(": {corridor} areas")), "{text}");
    // The shortest way up is the ladder the demo added, not the stairs.
    assert!(line.contains("up the ladder"), "{text}");

    // Both pictures decode as PNGs of a useful size.
    for name in ["path.png", "demo.png"] {
        let file = std::fs::File::open(dir.join(name)).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert!(frame.width >= 800 && frame.height >= 400, "{name}");
    }

    // The sample mesh: what the demo always wrote, in every format.
    assert!(text.contains("areas 12"), "{text}");
    assert!(text.contains("check: 0 errors"), "{text}");
    // Every navigation file converts back to the identical bytes through the lossless JSON.
    for name in ["demo.nav", "demo-quake.nav", "demo.nav2", "demo.esp"] {
        let (json, back) = (
            tmp.path().join("x.json"),
            tmp.path().join(format!("back-{name}")),
        );
        let out = navforge(&[&"convert", &dir.join(name), &json]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let out = navforge(&[&"convert", &json, &back]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(
            std::fs::read(&back).unwrap() == std::fs::read(dir.join(name)).unwrap(),
            "{name}"
        );
    }
    for l in info_json(&[dir.join("demo.nav"), dir.join("demo.json")]) {
        let c = &l["counts"];
        assert_eq!(
            (
                c["areas"].as_u64(),
                c["ladders"].as_u64(),
                c["places"].as_u64()
            ),
            (Some(12), Some(1), Some(3))
        );
        assert_eq!(
            (c["hiding_spots"].as_u64(), c["encounter_paths"].as_u64()),
            (Some(4), Some(1))
        );
    }
    // The text forms read back as the same mesh.
    let counts = |name: &str| info_json(&[dir.join(name)])[0]["counts"]["connections"].clone();
    assert_eq!(counts("demo_selected.txt"), counts("demo.nav"));
    assert_eq!(counts("demo.navjson"), counts("demo-quake.nav"));

    // Deterministic: a second run writes the same bytes (the pictures and the 3D files too).
    let again = tmp.path().join("again");
    run_demo(&again);
    for name in SYSTEM_FILES.iter().chain(&FORMAT_FILES) {
        assert!(
            std::fs::read(dir.join(name)).unwrap() == std::fs::read(again.join(name)).unwrap(),
            "{name} differs between two runs"
        );
    }
}

/// The guide's library example (`docs/library.md`, "From a level to a path"), statement for
/// statement, on the demo's level: it compiles, and it finds the demo's path without the ladder
/// (up the stairs).
#[test]
fn the_guides_library_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    use navforge_analyze::AnalyzeOptions;
    use navforge_generate::GenerateOptions;
    use navforge_path::{Navigator, PathQuery};
    use navforge_source::SourceGame;

    let dir = tempfile::tempdir()?;
    let obj = dir.path().join("level.obj");
    std::fs::write(&obj, navforge::demo::demo_level().to_obj())?;

    let level = Level::load(&std::fs::read(&obj)?, &LoadOptions::default())?;
    let mut opts = GenerateOptions::for_game(SourceGame::Css);
    opts.config.marks = vec![glam::Vec3::new(96.0, 96.0, 0.0)];
    let generated = navforge_generate::generate(&level, &opts)?;
    let mut doc = generated.document;
    let report = navforge_analyze::analyze(&mut doc, &level, &AnalyzeOptions::default())?;
    assert!(report.hiding_spots > 0 && report.encounter_paths > 0);
    let mesh = doc.to_model();
    let route = Navigator::from_model(&mesh)?
        .find(&PathQuery::new([96.0, 96.0, 0.0], [968.0, 984.0, 128.0]))?;
    assert!(route.reached_goal);
    let line: Vec<[f32; 3]> = route
        .waypoints
        .iter()
        .map(|w| w.map(|c| c as f32))
        .collect();
    let (vertices, triangles) = level.world_triangles();
    let png = navforge_render::render_png(
        &mesh,
        &navforge_render::RenderOptions {
            path: Some(&line),
            backdrop: Some(navforge_render::Backdrop {
                vertices: &vertices,
                triangles: &triangles,
            }),
            ..Default::default()
        },
    );
    assert!(png.starts_with(b"\x89PNG"));
    Ok(())
}
