//! Hostile input to `edit`, `path` and the output files, as issue "Trust 2" reproduced it: every
//! input is generated here (no third-party bytes) and each run of the binary is bounded to 2 GiB
//! of address space and a CPU-time budget, so an abort, an unbounded allocation or a quadratic
//! blow-up fails the test instead of taking the machine. The budget is a bound on the child
//! process, not a speed measurement: it is far above what the fixed code takes. Point
//! `NAVFORGE_BIN` at an older build to see these fail there.

mod common;

use navforge_core::NavDocument;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

const LIMIT_MIB: u64 = 2048;
/// CPU seconds a bounded run may take before the kernel stops it.
const CPU_SECONDS: u64 = 300;

/// `navforge ARGS` under the memory and CPU-time bounds.
fn bounded(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let program = common::command().get_program().to_owned();
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v \"$1\" && ulimit -t \"$2\" && shift 2 && exec \"$@\"")
        .arg("sh")
        .arg((LIMIT_MIB * 1024).to_string())
        .arg(CPU_SECONDS.to_string())
        .arg(program);
    for a in args {
        cmd.arg(a);
    }
    cmd.output().expect("run navforge under sh")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The run ended by itself (not killed by a limit, not a panic) with this exit code.
fn assert_code(out: &Output, code: i32, what: &str) -> String {
    let err = common::stderr(out);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: {}\nstderr: {err}\nstdout: {}",
        out.status,
        &stdout(out)[..stdout(out).len().min(2000)]
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
    err
}

fn empty_nav(dir: &Path) -> std::path::PathBuf {
    let nav = dir.join("empty.nav");
    std::fs::write(&nav, navforge_edit::testing::empty_v16()).unwrap();
    nav
}

#[test]
fn creating_and_deleting_150000_areas_in_one_script_ends() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = empty_nav(tmp.path());
    let n = 150_000;
    let mut script = String::with_capacity(n * 32);
    for i in 0..n {
        let (x, y) = ((i % 1000) * 10, (i / 1000) * 10);
        script.push_str(&format!("create {x},{y},0 {},{},0\n", x + 5, y + 5));
    }
    script.push_str("select box -10,-10,-10 100000,100000,10\ndelete\n");
    let path = tmp.path().join("many.txt");
    std::fs::write(&path, script).unwrap();
    let out_nav = tmp.path().join("out.nav");
    let out = bounded(&[&"edit", &nav, &"--script", &path, &"-o", &out_nav]);
    assert_code(&out, 0, "150,000 creates and one delete");
    let doc = navforge_source::SourceNavDocument::read(&std::fs::read(&out_nav).unwrap()).unwrap();
    assert!(doc.areas.is_empty(), "{} areas left", doc.areas.len());
}

#[test]
fn non_ascii_words_in_a_script_are_errors_not_panics() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = empty_nav(tmp.path());
    for (line, why) in [
        ("attribute 1 +éjump", "éjump"),
        ("attribute 1 éjump", "+NAME"),
        ("attribute 1 ~ж", "ж"),
        ("place 1 ＋", "area(s) now in place"),
        ("nav_mark_attribute ß 1", "ß"),
        ("séléct 1", "unknown command `séléct`"),
        ("split 1 é=3", "x=X or y=Y"),
    ] {
        let script = tmp.path().join("unicode.txt");
        std::fs::write(&script, format!("create 0,0,0 100,100,0\n{line}\n")).unwrap();
        let out_nav = tmp.path().join("out.nav");
        let out = bounded(&[&"edit", &nav, &"--script", &script, &"-o", &out_nav]);
        let err = common::stderr(&out);
        assert!(!err.contains("panicked"), "{line}: {err}");
        if why == "area(s) now in place" {
            // A place name of any script is a place name.
            assert_code(&out, 0, line);
        } else {
            assert_code(&out, 1, line);
            assert!(
                err.contains("unicode.txt:2"),
                "{line}: the line is named: {err}"
            );
            assert!(err.contains(why), "{line}: {err}");
        }
    }
}

#[test]
fn a_place_name_too_long_for_the_file_is_refused_naming_the_script_line() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = empty_nav(tmp.path());
    let script = tmp.path().join("long.txt");
    let name = "x".repeat(70_000);
    std::fs::write(&script, format!("create 0,0,0 100,100,0\nplace 1 {name}\n")).unwrap();
    let out_nav = tmp.path().join("out.nav");
    let out = bounded(&[&"edit", &nav, &"--script", &script, &"-o", &out_nav]);
    let err = assert_code(&out, 1, "a 70,000-byte place name");
    assert!(err.contains("long.txt:2"), "{err}");
    assert!(err.contains("70000 bytes"), "{err}");
    assert!(!out_nav.exists(), "nothing written");
}

/// The same name edited into lossless JSON: `convert` names the JSON file and the field, and
/// points at no input byte (the value has none: it is being written).
#[test]
fn a_place_name_too_long_in_lossless_json_is_refused_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = empty_nav(tmp.path());
    let script = tmp.path().join("place.txt");
    std::fs::write(&script, "create 0,0,0 100,100,0\nplace 1 Bridge\n").unwrap();
    let placed = tmp.path().join("placed.nav");
    let out = bounded(&[&"edit", &nav, &"--script", &script, &"-o", &placed]);
    assert_code(&out, 0, "placing a short name");
    let json = tmp.path().join("placed.json");
    assert_code(&bounded(&[&"convert", &placed, &json]), 0, "to JSON");
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(
        text.contains("\"Bridge\""),
        "the place name is text in the JSON"
    );
    let long = tmp.path().join("long.json");
    let name = "x".repeat(70_000);
    std::fs::write(&long, text.replace("\"Bridge\"", &format!("\"{name}\""))).unwrap();
    let back = tmp.path().join("long.nav");
    let err = assert_code(
        &bounded(&[&"convert", &long, &back]),
        1,
        "a 70,000-byte name",
    );
    assert!(err.contains("long.json"), "names the file: {err}");
    assert!(err.contains("place name length"), "names the field: {err}");
    assert!(!err.contains("at byte"), "no made-up offset: {err}");
    assert!(!back.exists(), "nothing written");
}

#[test]
fn a_selected_areas_file_with_a_base_line_is_read() {
    let tmp = tempfile::tempdir().unwrap();
    let nav = empty_nav(tmp.path());
    let selected = tmp.path().join("sel.txt");
    let script = tmp.path().join("save.txt");
    std::fs::write(
        &script,
        format!(
            "create 0,0,0 100,100,0\nselect add 1\nsave-selected {}\n",
            selected.display()
        ),
    )
    .unwrap();
    let out = bounded(&[
        &"edit",
        &nav,
        &"--script",
        &script,
        &"-o",
        &tmp.path().join("o.nav"),
    ]);
    assert_code(&out, 0, "save-selected");
    let text = std::fs::read_to_string(&selected).unwrap();
    std::fs::write(&selected, format!("#base \"shared.txt\"\n{text}")).unwrap();
    let out = bounded(&[&"info", &selected]);
    let err = assert_code(&out, 0, "info on a Selected Nav Areas file with #base");
    assert!(!err.contains("not"), "{err}");
    assert!(stdout(&out).contains("areas 1,"), "{}", stdout(&out));
}

/// A FIFO at `path` and a reader draining it; the reader's bytes come back on the channel.
fn fifo_reader(path: &Path) -> std::sync::mpsc::Receiver<Vec<u8>> {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success());
    let (tx, rx) = std::sync::mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(std::fs::read(path).unwrap_or_default());
    });
    rx
}

#[cfg(unix)]
#[test]
fn outputs_to_a_fifo_are_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = tempfile::tempdir().unwrap();
    let nav = tmp.path().join("in.nav");
    let built = navforge::build(
        navforge_core::Format::SourceNav,
        &navforge_core::testing::stacked_areas(3),
        &navforge::BuildOptions::default(),
    )
    .unwrap();
    std::fs::write(&nav, built.bytes).unwrap();
    for (command, flag, name, starts) in [
        ("convert", None, "out.json", &b"{"[..]),
        ("render", Some("-o"), "out.svg", &b"<"[..]),
    ] {
        let fifo = tmp.path().join(name);
        let rx = fifo_reader(&fifo);
        let out = match flag {
            Some(f) => bounded(&[&command, &nav, &f, &fifo]),
            None => bounded(&[&command, &nav, &fifo]),
        };
        assert_code(&out, 0, command);
        // Checked first: a FIFO replaced by a file would leave the reader waiting.
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(
            kind.is_fifo(),
            "{command}: the FIFO was replaced by {kind:?}"
        );
        let got = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the reader got the output");
        assert!(
            got.starts_with(starts),
            "{command}: {:?}",
            String::from_utf8_lossy(&got[..got.len().min(80)])
        );
        std::fs::remove_file(&fifo).unwrap();
    }
    // /dev/stdout leads to the pipe the test reads: written through it.
    let out = bounded(&[&"convert", &nav, &"/dev/stdout", &"--to", &"json"]);
    assert_code(&out, 0, "convert to /dev/stdout");
    assert!(out.stdout.starts_with(b"{"), "{}", stdout(&out));
}

/// A Moving AI map as text.
fn map_text(rows: &[&str]) -> String {
    format!(
        "type octile\nheight {}\nwidth {}\nmap\n{}\n",
        rows.len(),
        rows[0].len(),
        rows.join("\n")
    )
}

#[test]
fn a_map_with_water_swamp_and_trees_answers_every_query() {
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("wc3.map");
    std::fs::write(
        &map,
        map_text(&[
            "@@@@@@@@@@",
            "@....T...@",
            "@.WWWW.S.@",
            "@.WWWW.S.@",
            "@........@",
            "@@@@@@@@@@",
        ]),
    )
    .unwrap();
    // Water to water (straight and diagonal), swamp to ground, ground round the trees; optima
    // worked by hand under the benchmark's rules.
    let queries = [
        ((2, 2), (5, 2), 3.0),
        ((2, 2), (3, 3), std::f64::consts::SQRT_2),
        ((7, 2), (7, 4), 2.0),
        ((4, 1), (6, 1), 14.0),
    ];
    let mut scen = String::from("version 1\n");
    for ((sx, sy), (gx, gy), opt) in queries {
        scen.push_str(&format!(
            "0\twc3.map\t10\t6\t{sx}\t{sy}\t{gx}\t{gy}\t{opt:.8}\n"
        ));
    }
    let scen_path = tmp.path().join("wc3.map.scen");
    std::fs::write(&scen_path, &scen).unwrap();
    let out = bounded(&[&"path", &map, &"--scen", &scen_path]);
    assert_code(&out, 0, "path --scen on a map with water");
    let text = stdout(&out);
    assert!(
        text.contains("4 queries, 4 solved, 4 agree with the stored optimum, 0 failed"),
        "{text}"
    );

    // A query starting on trees: reported on its line, the others still answered, exit 1.
    scen.push_str("0\twc3.map\t10\t6\t5\t1\t6\t1\t1\n");
    scen.push_str("0\twc3.map\t10\t6\t1\t1\t2\t1\t1\n");
    std::fs::write(&scen_path, &scen).unwrap();
    let out = bounded(&[&"path", &map, &"--scen", &scen_path]);
    let err = assert_code(&out, 1, "a query starting on a tree");
    let text = stdout(&out);
    assert!(
        text.contains("line 6: error: start (5, 1, 0) is not on the mesh"),
        "{text}"
    );
    assert!(text.contains("line 7: length 1.0000"), "{text}");
    assert!(text.contains("6 queries, 5 solved, 5 agree"), "{text}");
    assert!(
        err.contains("wc3.map.scen") && err.contains("1 of 6 queries"),
        "{err}"
    );
    assert!(err.contains("line 6"), "{err}");
}

#[test]
fn any_angle_on_a_5000_square_checkerboard_is_refused_within_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let side = 5000;
    let mut text = format!("type octile\nheight {side}\nwidth {side}\nmap\n");
    for y in 0..side {
        for x in 0..side {
            text.push(if (x + y) % 2 == 0 { '.' } else { '@' });
        }
        text.push('\n');
    }
    let map = tmp.path().join("checker.map");
    std::fs::write(&map, text).unwrap();
    for algo in ["any-angle", "corridor"] {
        let out = bounded(&[
            &"path",
            &map,
            &"--from",
            &"0.5,0.5,0",
            &"--to",
            &"4.5,0.5,0",
            &"--algo",
            &algo,
        ]);
        let err = assert_code(&out, 2, algo);
        assert!(
            err.contains("checker.map"),
            "{algo}: the file is named: {err}"
        );
        assert!(err.contains("--algo grid"), "{algo}: {err}");
    }
    // Octile search answers within the bound: the free cells touch only at corners.
    let out = bounded(&[&"path", &map, &"--from", &"0,0,0", &"--to", &"4,0,0"]);
    assert_code(&out, 0, "grid");
    assert!(
        stdout(&out).contains("goal not reachable"),
        "{}",
        stdout(&out)
    );
}
