//! Shared helpers: small hand-made meshes and corpus files.
#![allow(dead_code)]

use std::collections::BTreeSet;

use navforge_core::{F32, NavDocument};
use navforge_edit::Editor;
use navforge_source::{Area, SourceNavDocument};

/// An area from (x0, y0) to (x1, y1) at height z.
pub fn area(doc: &SourceNavDocument, id: u32, x0: f32, y0: f32, x1: f32, y1: f32, z: f32) -> Area {
    let mut a = doc.new_area();
    a.id = id;
    a.north_west = [F32::new(x0), F32::new(y0), F32::new(z)];
    a.south_east = [F32::new(x1), F32::new(y1), F32::new(z)];
    a.north_east_z = F32::new(z);
    a.south_west_z = F32::new(z);
    a
}

/// An empty v16 document.
pub fn empty() -> SourceNavDocument {
    SourceNavDocument::read(&navforge_edit::testing::empty_v16()).expect("empty v16 file reads")
}

/// Three areas in a row along x, 100 wide each: 1 [0,100], 2 [100,200], 3 [200,300], y 0..50,
/// connected both ways 1-2 and 2-3.
pub fn row() -> SourceNavDocument {
    use navforge_core::model::Direction::{East, West};
    let mut doc = empty();
    let mut a = [
        area(&doc, 1, 0.0, 0.0, 100.0, 50.0, 0.0),
        area(&doc, 2, 100.0, 0.0, 200.0, 50.0, 0.0),
        area(&doc, 3, 200.0, 0.0, 300.0, 50.0, 0.0),
    ];
    a[0].connections.push(East, 2);
    a[1].connections.push(West, 1);
    a[1].connections.push(East, 3);
    a[2].connections.push(West, 2);
    doc.areas.extend(a);
    doc
}

/// A corpus file of `source-nav`, or `None` (skipped with a printed reason).
pub fn corpus(name: &str) -> Option<Vec<u8>> {
    let dir = navforge_core::testing::corpus_dir("source-nav")?;
    Some(std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}")))
}

pub fn bytes(doc: &SourceNavDocument) -> Vec<u8> {
    doc.write().expect("document writes")
}

/// Words of the Quake graph summary warnings that mean a broken table (not one-way links or
/// unreachable nodes, which edits may make on purpose).
pub const BROKEN_TABLE: [&str; 6] = [
    "outside the link table",
    "belong to no node",
    "more than one node",
    "does not exist",
    "out of range",
    "more than 12 links",
];

/// Run a line that must succeed; its message.
pub fn run(e: &mut Editor, line: &str) -> String {
    e.run_line(line)
        .unwrap_or_else(|err| panic!("`{line}` failed: {err}"))
        .map(|o| o.message)
        .unwrap_or_default()
}

/// A refused line names `why` and leaves the bytes, selection and history as they were.
pub fn refused(e: &mut Editor, line: &str, why: &str) {
    let before = bytes(e.document());
    let sel = e.selection().clone();
    let hist = e.history_len();
    let err = e.run_line(line).expect_err(line).to_string();
    assert!(err.contains(why), "`{line}`: {err}");
    assert_eq!(bytes(e.document()), before, "`{line}` changed the mesh");
    assert_eq!(e.selection(), &sel);
    assert_eq!(e.history_len(), hist);
}

/// The kinds of error `navforge check` finds in a mesh.
pub fn error_codes(doc: &SourceNavDocument) -> BTreeSet<&'static str> {
    let report = navforge_check::check(&doc.to_model(), &doc.summary().warnings);
    report
        .findings
        .iter()
        .filter(|f| f.severity == navforge_check::Severity::Error)
        .map(|f| f.code)
        .collect()
}
