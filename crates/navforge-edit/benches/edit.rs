//! Operations per second for each kind of edit on the largest corpus mesh
//! (`l4d2_c10m4_mainstreet.nav`, 4,029 areas), the time to undo 10,000 operations, and the
//! history's memory after them (counted by a counting allocator; printed once). A Quake graph
//! (`v17_hipnotic_hip1m3.nav`, the largest) gets the same for its edits.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use divan::counter::ItemsCount;
use navforge_core::NavDocument;
use navforge_edit::{Command, Editor, GraphEditor};
use navforge_source::SourceNavDocument;

/// Live heap bytes, for the history's memory.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

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

fn graph() -> Option<&'static Vec<u8>> {
    static GRAPH: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    GRAPH
        .get_or_init(|| {
            let dir = navforge_core::testing::corpus_dir("quake-nav")?;
            std::fs::read(dir.join("v17_hipnotic_hip1m3.nav")).ok()
        })
        .as_ref()
}

/// Two areas that face each other across a gap along x, for `splice`.
fn splice_pair(doc: &SourceNavDocument) -> (u32, u32) {
    let mid = doc.areas.len() / 2;
    for (i, a) in doc.areas.iter().enumerate().skip(mid) {
        for b in doc.areas.iter().skip(i + 1).take(400) {
            let gap = b.north_west[0].get() - a.south_east[0].get();
            let overlap = a.south_east[1].get().min(b.south_east[1].get())
                - a.north_west[1].get().max(b.north_west[1].get());
            if gap > 5.0 && gap < 100.0 && overlap > 20.0 {
                return (a.id, b.id);
            }
        }
    }
    panic!("no splice pair in the mesh");
}

/// An area that `sniper-spots` breaks into a few pieces (a long strip).
fn sniper_area(doc: &SourceNavDocument) -> u32 {
    doc.areas
        .iter()
        .skip(doc.areas.len() / 2)
        .find(|a| {
            let (sx, sy) = (
                a.south_east[0].get() - a.north_west[0].get(),
                a.south_east[1].get() - a.north_west[1].get(),
            );
            sx > 90.0 && sx < 130.0 && sy < 25.0
        })
        .map(|a| a.id)
        .expect("a strip area")
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
    let z = a.north_west[2].get();
    let ladder = doc.ladders.first().map_or(0, |l| l.id);
    match kind {
        "split" => format!("split {} x={}", a.id, (x0 + x1) / 2.0),
        "delete" => format!("delete {}", a.id),
        "connect" => format!("connect {} {}", a.id, doc.areas[0].id),
        "disconnect" => format!("disconnect {} {b}", a.id),
        "attribute" => format!("attribute {} ~crouch", a.id),
        "place" => format!("place {} BenchPlace", a.id),
        "corner" => format!("corner {} ne raise 4", a.id),
        "create" => format!("create {x1},{y0},0 {},{y1},0", x1 + 50.0),
        "shift" => "shift 10 0 0".to_string(),
        "select_flood" => format!("select flood {}", a.id),
        "select_radius" => format!("select radius -800 at {x0},{y0},0"),
        "merge" => {
            // Merging the two halves of a split: the split runs in setup.
            format!("merge {} {}", a.id, doc.next_area_id().unwrap_or(0))
        }
        "splice" => {
            let (p, q) = splice_pair(doc);
            format!("splice {p} {q}")
        }
        "sniper_spots" => format!("sniper-spots {}", sniper_area(doc)),
        "ladder_create" => format!(
            "ladder create {},{},{} {},{},{} 30 north",
            (x0 + x1) / 2.0,
            y0 - 2.0,
            z + 120.0,
            (x0 + x1) / 2.0,
            y0 - 2.0,
            z
        ),
        "ladder_flip" => format!("ladder flip {ladder}"),
        "ladder_connect" => format!("ladder connect {ladder} {}", a.id),
        "ladder_delete" => format!("ladder delete {ladder}"),
        "undo_split" => "undo".to_string(),
        _ => unreachable!(),
    }
}

#[divan::bench(
    args = ["split", "delete", "merge", "splice", "sniper_spots", "connect", "disconnect",
            "attribute", "place", "corner", "create", "shift", "ladder_create", "ladder_flip",
            "ladder_connect", "ladder_delete", "select_flood", "select_radius", "undo_split"],
    sample_count = 30,
    sample_size = 1
)]
fn operation(bencher: divan::Bencher, kind: &str) {
    let cmd = line(kind);
    bencher
        .counter(ItemsCount::new(1usize))
        .with_inputs(|| {
            let mut e = Editor::new(mesh().expect("mesh").clone());
            // The change report is for front ends; measure the edit itself.
            e.set_diffs(false);
            if kind == "merge" || kind == "undo_split" {
                e.run_line(&line("split")).expect("split");
            }
            if kind == "shift" {
                let a = &e.document().areas[e.document().areas.len() / 2];
                e.run_line(&format!("mark {}", a.id)).expect("mark");
            }
            e
        })
        .bench_local_refs(|e| e.run_line(&cmd).expect(&cmd));
}

/// 10,000 edits of five kinds mixed (attribute, connect, corner, place, split), as a session
/// might make them; with `dear`, deletes and merges too.
fn ten_thousand(dear: bool) -> Editor {
    let doc = mesh().expect("mesh");
    let mut e = Editor::new(doc.clone());
    e.set_diffs(false);
    let mut i = 0usize;
    let mut done = 0;
    let kinds = if dear { 7 } else { 5 };
    while done < 10_000 {
        i += 7919;
        let n = e.document().areas.len();
        let a = &e.document().areas[i % n];
        let (id, x0, x1) = (a.id, a.north_west[0].get(), a.south_east[0].get());
        let first = a.connections.iter().map(|(_, t)| t).next();
        let other = e.document().areas[(i / 3) % n].id;
        let line = match done % kinds {
            0 => format!("attribute {id} ~jump"),
            1 => format!("connect {id} {other}"),
            2 => format!("corner {id} all raise 1"),
            3 => format!("place {id} P{}", done % 7),
            4 => format!("split {id} x={}", (x0 + x1) / 2.0),
            5 => format!("delete {id}"),
            _ => match first {
                Some(t) => format!("merge {id} {t}"),
                None => format!("delete {id}"),
            },
        };
        if e.run_line(&line).is_ok() {
            done = e.history_len().0;
        }
    }
    e
}

/// Live bytes the history of `e` holds: what goes when it is forgotten.
fn history_live_bytes(mut e: Editor) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    e.clear_history();
    before - LIVE.load(Ordering::Relaxed)
}

#[divan::bench(args = [false, true], sample_count = 3, sample_size = 1)]
fn undo_10000(bencher: divan::Bencher, dear: bool) {
    let e = ten_thousand(dear);
    let (steps, _) = e.history_len();
    let estimate = e.history_bytes();
    let index = e.index_bytes();
    let file = e.document().write().map(|b| b.len()).unwrap_or(0);
    let live = history_live_bytes(e.clone());
    eprintln!(
        "\nhistory after {steps} edits{}: {:.2} MiB live ({:.2} MiB by its own count); reverse index {:.2} MiB; the mesh file is {:.2} MiB",
        if dear {
            " (with deletes and merges)"
        } else {
            ""
        },
        live as f64 / 1048576.0,
        estimate as f64 / 1048576.0,
        index as f64 / 1048576.0,
        file as f64 / 1048576.0,
    );
    bencher
        .counter(ItemsCount::new(steps))
        .with_inputs(|| e.clone())
        .bench_local_refs(|e| {
            let n = e.history_len().0;
            e.execute(Command::Undo(n)).expect("undo")
        });
}

/// A line for the Quake graph editor.
fn graph_line(kind: &str, e: &GraphEditor) -> String {
    let n = e.node_count();
    let mid = n / 2;
    match kind {
        "node_add" => "node add 100,200,24".to_string(),
        "node_move" => format!("node move {mid} 10,20,30"),
        "node_delete" => format!("node delete {mid}"),
        "node_flags" => format!("node flags {mid} ~hazard"),
        "node_radius" => format!("node radius {mid} 40"),
        "link_add" => format!("link add {mid} {} walk", (mid + 7) % n),
        "link_add_jump" => format!(
            "link add {mid} {} long-jump traversal 0,0,0 0,0,8 64,0,0",
            (mid + 9) % n
        ),
        "link_delete" => {
            let to = e.links_of(mid).first().copied().unwrap_or(0);
            format!("link delete {mid} {to}")
        }
        _ => unreachable!(),
    }
}

#[divan::bench(
    args = ["node_add", "node_move", "node_delete", "node_flags", "node_radius", "link_add",
            "link_add_jump", "link_delete"],
    sample_count = 30,
    sample_size = 10
)]
fn graph_operation(bencher: divan::Bencher, kind: &str) {
    let Some(data) = graph() else { return };
    let base = GraphEditor::read(data).expect("graph reads");
    let cmd = graph_line(kind, &base);
    bencher
        .counter(ItemsCount::new(1usize))
        .with_inputs(|| {
            let mut e = base.clone();
            e.set_diffs(false);
            e
        })
        .bench_local_refs(|e| e.run_line(&cmd).expect(&cmd));
}
