//! Thousands of random edit sequences on real meshes of four games. After each sequence the
//! file writes and re-reads, `navforge check` finds no kind of error the original did not have,
//! and undoing everything gives back the original bytes. A refused command must leave the bytes
//! as they were.

mod common;

use std::collections::BTreeSet;

use navforge_core::NavDocument;
use navforge_core::testing::Rng;
use navforge_edit::{Command, Editor};
use navforge_source::SourceNavDocument;

fn error_codes(doc: &SourceNavDocument) -> BTreeSet<&'static str> {
    let report = navforge_check::check(&doc.to_model(), &doc.summary().warnings);
    report
        .findings
        .iter()
        .filter(|f| f.severity == navforge_check::Severity::Error)
        .map(|f| f.code)
        .collect()
}

/// A random command line for the editor's current mesh.
fn random_line(e: &Editor, rng: &mut Rng, names: &[String]) -> String {
    let doc = e.document();
    let n = doc.areas.len();
    if n == 0 {
        return "create 0,0,0 100,100,0".into();
    }
    let pick = |rng: &mut Rng| &doc.areas[rng.below(n)];
    let a = pick(rng);
    let [x0, y0, x1, y1] = [
        a.north_west[0].get(),
        a.north_west[1].get(),
        a.south_east[0].get(),
        a.south_east[1].get(),
    ];
    let frac = |rng: &mut Rng| (1 + rng.below(9)) as f32 / 10.0;
    let neighbour = |rng: &mut Rng| {
        let c: Vec<u32> = a.connections.iter().map(|(_, t)| t).collect();
        if c.is_empty() || rng.below(4) == 0 {
            pick(rng).id
        } else {
            c[rng.below(c.len())]
        }
    };
    match rng.below(17) {
        0 | 1 => {
            let outside = rng.below(10) == 0;
            if rng.below(2) == 0 {
                let x = if outside {
                    x1 + 1.0
                } else {
                    x0 + (x1 - x0) * frac(rng)
                };
                format!("split {} x={x}", a.id)
            } else {
                let y = if outside {
                    y0 - 1.0
                } else {
                    y0 + (y1 - y0) * frac(rng)
                };
                format!("split {} y={y}", a.id)
            }
        }
        2 | 3 => format!("merge {} {}", a.id, neighbour(rng)),
        4 => format!("connect {} {}", a.id, pick(rng).id),
        5 => format!("disconnect {} {}", a.id, neighbour(rng)),
        6 => format!("delete {}", a.id),
        7 => {
            let name = &names[rng.below(names.len())];
            let op = ["+", "-", "~"][rng.below(3)];
            format!("attribute {} {op}{name}", a.id)
        }
        8 => match rng.below(3) {
            0 => format!("place {} P{}", a.id, rng.below(4)),
            1 => format!("place flood {} F{}", a.id, rng.below(3)),
            _ => format!("place replace P{} Q{}", rng.below(4), rng.below(2)),
        },
        9 => {
            let mark = if rng.below(2) == 0 {
                format!("mark {};", a.id)
            } else {
                "unmark;".into()
            };
            let w = 10.0 + rng.below(200) as f32;
            let snap = if rng.below(2) == 0 { " snap" } else { "" };
            format!("{mark}create {},{},0 {},{},8{snap}", x1, y0, x1 + w, y0 + w)
        }
        10 => {
            let c = ["nw", "ne", "se", "sw", "all"][rng.below(5)];
            let how = ["raise", "lower", "place"][rng.below(3)];
            format!("corner {} {c} {how} {}", a.id, rng.below(40))
        }
        11 => {
            let sel = match rng.below(3) {
                0 => format!("select add {} {}", a.id, neighbour(rng)),
                1 => format!("select radius -{} at {},{},0", rng.below(300), x0, y0),
                _ => format!("select flood {}", a.id),
            };
            let then = match rng.below(4) {
                0 => "shift 5 -10 2".to_string(),
                1 => "connect".to_string(),
                2 => "attribute 0 +jump".replace("attribute 0", &format!("attribute {}", a.id)),
                _ => "delete".to_string(),
            };
            format!("select clear;{sel};{then};select clear")
        }
        12 => format!("disconnect-oneways {}", a.id),
        13 => ["undo", "redo", "undo 2"][rng.below(3)].to_string(),
        14 => format!(
            "select clear;select add {} {};merge-mesh self;select clear",
            a.id,
            neighbour(rng)
        ),
        15 => format!("nav_split {} x={}", rng.next_u64() as u32, x0),
        _ => [
            "frobnicate",
            "merge 1",
            "split x",
            "select radius 5 near 0,0,0",
        ][rng.below(4)]
        .into(),
    }
}

/// Run one `;`-separated line; `merge-mesh self` imports the current selection's own export.
fn run(e: &mut Editor, line: &str, rng: &mut Rng) {
    for part in line.split(';') {
        let check_unchanged = rng.below(4) == 0;
        let before = check_unchanged.then(|| e.write().expect("writes"));
        let result = if part == "merge-mesh self" {
            match navforge_edit::save_selected(e.document(), &e.selection().selected) {
                Ok(text) => e.execute(Command::MergeMesh {
                    path: "self".into(),
                    text,
                }),
                Err(err) => Err(err),
            }
        } else {
            e.run_line(part).map(|_| Default::default())
        };
        if result.is_err()
            && let Some(before) = before
        {
            assert_eq!(
                e.write().expect("writes"),
                before,
                "refused `{part}` changed the mesh"
            );
        }
    }
}

fn exercise(file: &str, sequences: usize, seed: u64) {
    let Some(data) = common::corpus(file) else {
        return;
    };
    let doc = SourceNavDocument::read(&data).unwrap();
    let original = doc.write().unwrap();
    let baseline = error_codes(&doc);
    let names: Vec<String> = doc.attribute_table().into_iter().map(|f| f.name).collect();
    let mut e = Editor::new(doc);
    let mut rng = Rng::new(seed);
    let mut edits = 0usize;
    for seq in 0..sequences {
        let len = 1 + rng.below(8);
        let mut lines = Vec::new();
        for _ in 0..len {
            let line = random_line(&e, &mut rng, &names);
            run(&mut e, &line, &mut rng);
            lines.push(line);
        }
        let bytes = e
            .write()
            .unwrap_or_else(|err| panic!("{file} #{seq}: does not write after {lines:?}: {err}"));
        let back = SourceNavDocument::read(&bytes)
            .unwrap_or_else(|err| panic!("{file} #{seq}: does not re-read after {lines:?}: {err}"));
        assert_eq!(
            back.write().unwrap(),
            bytes,
            "{file} #{seq}: re-read is not the same file"
        );
        let codes = error_codes(&back);
        assert!(
            codes.is_subset(&baseline),
            "{file} #{seq}: new errors {:?} after {lines:?}",
            codes.difference(&baseline).collect::<Vec<_>>()
        );
        let (undo, _) = e.history_len();
        edits += undo;
        if undo > 0 {
            e.execute(Command::Undo(undo)).unwrap();
        }
        assert_eq!(
            e.write().unwrap(),
            original,
            "{file} #{seq}: undo all after {lines:?}"
        );
    }
    assert!(
        edits > sequences,
        "{file}: too few edits succeeded ({edits})"
    );
}

#[test]
fn csgo_random_sequences() {
    exercise("csgo-community_aim_map.nav", 400, 1);
}

#[test]
fn tf2_random_sequences() {
    exercise("tf2_cp_cloak.nav", 800, 2);
}

#[test]
fn l4d2_random_sequences() {
    exercise("l4d2_c8m4_interior.nav", 60, 3);
}

#[test]
fn goldsrc_random_sequences() {
    exercise("goldsrc-cs16_zm_ice_attack.nav", 800, 4);
}
