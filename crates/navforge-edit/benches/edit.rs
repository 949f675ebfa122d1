//! Operations per second on the largest corpus mesh (`l4d2_c10m4_mainstreet.nav`), the time to
//! undo 10,000 operations, and the history's memory after them (printed once).

use std::sync::OnceLock;

use navforge_core::NavDocument;
use navforge_edit::{Command, Editor};
use navforge_source::SourceNavDocument;

fn main() {
    if mesh().is_some() {
        divan::main();
    }
}

fn mesh() -> Option<&'static SourceNavDocument> {
    static MESH: OnceLock<Option<SourceNavDocument>> = OnceLock::new();
    MESH.get_or_init(|| {
        let dir = navforge_core::testing::corpus_dir("source-nav")?;
        let data = std::fs::read(dir.join("l4d2_c10m4_mainstreet.nav")).ok()?;
        SourceNavDocument::read(&data).ok()
    })
    .as_ref()
}

/// A mid-sized area with a neighbour, and the line to run on it.
fn line(kind: &str) -> String {
    let doc = mesh().expect("mesh");
    let a = &doc.areas[doc.areas.len() / 2];
    let b = a
        .connections
        .iter()
        .map(|(_, t)| t)
        .next()
        .unwrap_or(doc.areas[0].id);
    let (x0, x1) = (a.north_west[0].get(), a.south_east[0].get());
    let (y0, y1) = (a.north_west[1].get(), a.south_east[1].get());
    match kind {
        "split" => format!("split {} x={}", a.id, (x0 + x1) / 2.0),
        "delete" => format!("delete {}", a.id),
        "connect" => format!("connect {} {}", a.id, doc.areas[0].id),
        "disconnect" => format!("disconnect {} {b}", a.id),
        "attribute" => format!("attribute {} ~crouch", a.id),
        "place" => format!("place {} BenchPlace", a.id),
        "corner" => format!("corner {} ne raise 4", a.id),
        "create" => format!("create {x1},{y0},0 {},{y1},0", x1 + 50.0),
        "select_flood" => format!("select flood {}", a.id),
        "select_radius" => format!("select radius -800 at {x0},{y0},0"),
        "merge" => {
            // Merging the two halves of a split: the split runs in setup.
            format!("merge {} {}", a.id, doc.next_area_id().unwrap_or(0))
        }
        _ => unreachable!(),
    }
}

#[divan::bench(
    args = ["split", "delete", "connect", "disconnect", "attribute", "place", "corner", "create", "select_flood", "select_radius", "merge"],
    sample_count = 20,
    sample_size = 1
)]
fn operation(bencher: divan::Bencher, kind: &str) {
    let cmd = line(kind);
    bencher
        .with_inputs(|| {
            let mut e = Editor::new(mesh().expect("mesh").clone());
            // The change report is for front ends; measure the edit itself.
            e.set_diffs(false);
            if kind == "merge" {
                e.run_line(&line("split")).expect("split");
            }
            e
        })
        .bench_local_refs(|e| e.run_line(&cmd).expect(&cmd));
}

/// 10,000 cheap and dear edits mixed, as a session might make them.
fn ten_thousand() -> Editor {
    let doc = mesh().expect("mesh");
    let mut e = Editor::new(doc.clone());
    e.set_diffs(false);
    let n = doc.areas.len();
    let mut i = 0usize;
    let mut done = 0;
    while done < 10_000 {
        i += 7919;
        let a = &e.document().areas[i % n];
        let (id, x0, x1) = (a.id, a.north_west[0].get(), a.south_east[0].get());
        let other = e.document().areas[(i / 3) % n].id;
        let line = match done % 5 {
            0 => format!("attribute {id} ~jump"),
            1 => format!("connect {id} {other}"),
            2 => format!("corner {id} all raise 1"),
            3 => format!("place {id} P{}", done % 7),
            _ => format!("split {id} x={}", (x0 + x1) / 2.0),
        };
        if e.run_line(&line).is_ok() {
            done = e.history_len().0;
        }
    }
    e
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn undo_10000(bencher: divan::Bencher) {
    let e = ten_thousand();
    eprintln!(
        "\nhistory after 10,000 edits: {} steps, about {} KiB (the mesh file is {} KiB)",
        e.history_len().0,
        e.history_bytes() / 1024,
        e.document().write().map(|b| b.len() / 1024).unwrap_or(0)
    );
    bencher.with_inputs(|| e.clone()).bench_local_refs(|e| {
        let n = e.history_len().0;
        e.execute(Command::Undo(n)).expect("undo")
    });
}
