//! Shared helpers: small hand-made meshes and corpus files.
#![allow(dead_code)]

use navforge_core::{F32, NavDocument};
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
