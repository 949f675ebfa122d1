//! Thousands of random edit sequences on real meshes of four games and on Quake graphs (`NAV2`
//! of three versions, `NAV3`). After each sequence the file writes and re-reads, `navforge check`
//! finds no kind of error the original did not have (for graphs, nor a broken-table warning), and
//! undoing everything gives back the original bytes. A refused command must leave the bytes as
//! they were.

mod common;

use common::error_codes;

use std::collections::BTreeSet;

use navforge_core::NavDocument;
use navforge_core::testing::Rng;
use navforge_edit::{Command, Diff, Editor, GraphEditor};
use navforge_source::SourceNavDocument;

/// An editor a sequence drives: its bytes, and undo of everything it did.
trait Edited {
    fn bytes(&self) -> navforge_core::Result<Vec<u8>>;
    /// Undo every edit; returns how many there were.
    fn undo_all(&mut self) -> usize;
}

impl Edited for Editor {
    fn bytes(&self) -> navforge_core::Result<Vec<u8>> {
        self.write()
    }
    fn undo_all(&mut self) -> usize {
        let (undo, _) = self.history_len();
        if undo > 0 {
            self.execute(Command::Undo(undo)).unwrap();
        }
        undo
    }
}

impl Edited for GraphEditor {
    fn bytes(&self) -> navforge_core::Result<Vec<u8>> {
        self.write()
    }
    fn undo_all(&mut self) -> usize {
        let (undo, _) = self.history_len();
        if undo > 0 {
            self.run_line(&format!("undo {undo}")).unwrap();
        }
        undo
    }
}

/// After sequence `seq` of `file` (its `lines`): the file writes, re-reads (`reread` gives the
/// bytes written again and the problems found) to the same bytes with no kind of problem
/// `baseline` lacks, and undoing every edit gives back `original`. Returns the edits undone.
fn settle<P: Ord + std::fmt::Debug>(
    e: &mut impl Edited,
    (file, seq, lines): (&str, usize, &[String]),
    original: &[u8],
    baseline: &BTreeSet<P>,
    reread: impl Fn(&[u8]) -> Result<(Vec<u8>, BTreeSet<P>), String>,
) -> usize {
    let bytes = e
        .bytes()
        .unwrap_or_else(|err| panic!("{file} #{seq}: does not write after {lines:?}: {err}"));
    let (again, problems) = reread(&bytes)
        .unwrap_or_else(|err| panic!("{file} #{seq}: does not re-read after {lines:?}: {err}"));
    assert!(
        again == bytes,
        "{file} #{seq}: re-read is not the same file"
    );
    assert!(
        problems.is_subset(baseline),
        "{file} #{seq}: new problems {:?} after {lines:?}",
        problems.difference(baseline).collect::<Vec<_>>()
    );
    let undone = e.undo_all();
    assert!(
        e.bytes().unwrap() == original,
        "{file} #{seq}: undo all after {lines:?}"
    );
    undone
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
    match rng.below(21) {
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
        16 => format!("splice {} {}", a.id, pick(rng).id),
        17 => {
            // Sniper spots on a small area only (a big one makes thousands of pieces).
            if (x1 - x0) * (y1 - y0) <= 40_000.0 {
                format!("sniper-spots {}", a.id)
            } else {
                format!("sniper-spots {}", rng.next_u64() as u32)
            }
        }
        18 => {
            let z = a.north_west[2].get();
            let facing = ["north", "east", "south", "west", ""][rng.below(5)];
            format!(
                "ladder create {},{},{} {},{},{z} {} {facing}",
                x0 + 5.0,
                y0,
                z + 40.0 + rng.below(200) as f32,
                x0 + 5.0,
                y0,
                10 + rng.below(40)
            )
        }
        19 => {
            let ladders = &doc.ladders;
            if ladders.is_empty() {
                "ladder flip 1".into()
            } else {
                let l = ladders[rng.below(ladders.len())].id;
                match rng.below(4) {
                    0 => format!("ladder flip {l}"),
                    1 => format!("ladder connect {l} {}", a.id),
                    2 => format!("ladder disconnect {l} {}", a.id),
                    _ => format!("ladder delete {l}"),
                }
            }
        }
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
/// A diff's lists, each sorted.
type Lists = (
    Vec<u32>,
    Vec<u32>,
    Vec<(u32, Vec<&'static str>)>,
    Vec<[u32; 2]>,
    Vec<[u32; 2]>,
);

/// The diff's lists in one order, to compare a step's report with a whole-mesh comparison.
fn sorted(d: &Diff) -> Lists {
    let mut x = (
        d.added.clone(),
        d.removed.clone(),
        d.changed
            .iter()
            .map(|c| (c.id, c.fields.clone()))
            .collect::<Vec<_>>(),
        d.connections_added.clone(),
        d.connections_removed.clone(),
    );
    x.0.sort();
    x.1.sort();
    x.2.sort();
    x.3.sort();
    x.4.sort();
    x
}

fn run(e: &mut Editor, line: &str, rng: &mut Rng) {
    for part in line.split(';') {
        let check_unchanged = rng.below(4) == 0;
        let before = check_unchanged.then(|| e.write().expect("writes"));
        // Now and then: the step's own report of what changed equals a full comparison.
        let doc_before = (rng.below(8) == 0).then(|| e.document().clone());
        let result = if part == "merge-mesh self" {
            match navforge_edit::save_selected(e.document(), &e.selection().selected) {
                Ok(text) => e.execute(Command::MergeMesh {
                    path: "self".into(),
                    text,
                }),
                Err(err) => Err(err),
            }
        } else {
            e.run_line(part).map(Option::unwrap_or_default)
        };
        if let (Ok(out), Some(doc_before)) = (&result, doc_before) {
            let full = Diff::between(&doc_before, e.document());
            assert!(
                sorted(&out.diff) == sorted(&full),
                "`{part}`: the step reports {:?}, the documents differ by {:?}",
                sorted(&out.diff),
                sorted(&full)
            );
        }
        if result.is_err()
            && let Some(before) = before
        {
            assert!(
                e.write().expect("writes") == before,
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
        edits += settle(&mut e, (file, seq, &lines), &original, &baseline, |bytes| {
            let back = SourceNavDocument::read(bytes).map_err(|e| e.to_string())?;
            Ok((back.write().unwrap(), error_codes(&back)))
        });
    }
    assert!(
        edits > sequences,
        "{file}: too few edits succeeded ({edits})"
    );
}

/// The error codes `check` reports for a graph, and the format's warnings that mean a broken
/// table (one-way links and unreachable nodes are the user's business).
fn graph_problems(e: &GraphEditor) -> BTreeSet<String> {
    let model = e.to_model().expect("the graph converts");
    let warnings = e.summary().expect("the graph summarises").warnings;
    let report = navforge_check::check(&model, &warnings);
    let mut out: BTreeSet<String> = report
        .findings
        .iter()
        .filter(|f| f.severity == navforge_check::Severity::Error)
        .map(|f| f.code.to_string())
        .collect();
    for w in warnings {
        for key in common::BROKEN_TABLE {
            if w.contains(key) {
                out.insert(key.to_string());
            }
        }
    }
    out
}

/// A random graph command line for the editor's current graph.
fn random_graph_line(e: &GraphEditor, rng: &mut Rng, types: &[String]) -> String {
    let n = e.node_count();
    if n < 2 {
        return "node add 0,0,24".into();
    }
    let node = |rng: &mut Rng| rng.below(n);
    let p = |rng: &mut Rng| {
        format!(
            "{},{},{}",
            rng.below(4000) as i32 - 2000,
            rng.below(4000) as i32 - 2000,
            rng.below(400) as i32 - 100
        )
    };
    let ty = |rng: &mut Rng| types[rng.below(types.len())].replace(' ', "-");
    match rng.below(16) {
        0 | 1 => {
            let flags = ["", " +hazard", " ~bit9", " radius 16"][rng.below(4)];
            format!("node add {}{flags}", p(rng))
        }
        2 => format!("node move {} {}", node(rng), p(rng)),
        3 => format!("node delete {}", node(rng)),
        4 => {
            let f = ["+underwater", "-teleporter", "~bit13", "+hazard", "-bit0"][rng.below(5)];
            format!("node flags {} {f}", node(rng))
        }
        5 => format!("node radius {} {}", node(rng), rng.below(80)),
        6..=8 => {
            let extra = match rng.below(5) {
                0 => format!(" traversal {} {} {}", p(rng), p(rng), p(rng)),
                1 => format!(" edict {} {} {}", rng.below(300), p(rng), p(rng)),
                2 => " both".to_string(),
                3 => format!(" flags {}", rng.below(256)),
                _ => String::new(),
            };
            format!("link add {} {} {}{extra}", node(rng), node(rng), ty(rng))
        }
        9 | 10 => {
            let from = node(rng);
            let to = e.links_of(from);
            match to.first() {
                Some(&t) if rng.below(5) > 0 => {
                    let t = to.get(rng.below(to.len())).copied().unwrap_or(t);
                    let both = if rng.below(3) == 0 { " both" } else { "" };
                    format!("link delete {from} {t}{both}")
                }
                _ => format!("link delete {from} {} {}", node(rng), ty(rng)),
            }
        }
        11 => format!("show {}", node(rng)),
        12 => ["undo", "redo", "undo 2"][rng.below(3)].to_string(),
        13 => format!("node delete {}", n + rng.below(3)),
        14 => format!("link add {} {}", node(rng), n + 5),
        _ => [
            "frobnicate",
            "node add 1,2",
            "link add 3",
            "node radius 1 -5",
        ][rng.below(4)]
        .into(),
    }
}

fn exercise_graph(dir: &str, file: &str, sequences: usize, seed: u64) {
    let Some(d) = navforge_core::testing::corpus_dir(dir) else {
        return;
    };
    let original = std::fs::read(d.join(file)).unwrap();
    let mut e = GraphEditor::read(&original).unwrap();
    e.set_diffs(seed.is_multiple_of(2));
    let baseline = graph_problems(&e);
    let types = e.link_type_names();
    let mut rng = Rng::new(seed);
    let mut edits = 0usize;
    for seq in 0..sequences {
        let len = 1 + rng.below(10);
        let mut lines = Vec::new();
        for _ in 0..len {
            let line = random_graph_line(&e, &mut rng, &types);
            let before = (rng.below(4) == 0).then(|| e.write().expect("writes"));
            if e.run_line(&line).is_err()
                && let Some(before) = before
            {
                assert!(
                    e.write().unwrap() == before,
                    "refused `{line}` changed the graph"
                );
            }
            lines.push(line);
        }
        edits += settle(&mut e, (file, seq, &lines), &original, &baseline, |bytes| {
            let back = GraphEditor::read(bytes).map_err(|e| e.to_string())?;
            Ok((back.write().unwrap(), graph_problems(&back)))
        });
    }
    assert!(
        edits > sequences,
        "{file}: too few edits succeeded ({edits})"
    );
}

#[test]
fn quake_v15_random_sequences() {
    exercise_graph("quake-nav", "v15_hip1m5.nav", 700, 11);
}

#[test]
fn quake_v17_random_sequences() {
    exercise_graph("quake-nav", "v17_hipnotic_hip1m3.nav", 500, 12);
}

#[test]
fn quake_v18_random_sequences() {
    exercise_graph("quake-nav", "v18_rogue_dm3.nav", 700, 13);
}

#[test]
fn quake2_random_sequences() {
    exercise_graph("quake2-nav", "q2rr_q2dm1.nav", 600, 14);
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
