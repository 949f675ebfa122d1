//! A stand-in map for a nav whose map the corpus lacks (`tests/common/standin.rs`): a Source
//! map of brushes, no VIS data, whose floors are the nav's areas and whose walls stand along
//! their open sides, for timing analysis on the shapes of real meshes (`docs/analyze.md`,
//! "Stand-in maps").
//!
//! `cargo run --release -p navforge-analyze --example standin -- NAV OUT.bsp`

use navforge_core::NavDocument;

#[path = "../tests/common/city.rs"]
mod city;
#[path = "../tests/common/standin.rs"]
mod standin;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [nav, out] = args.as_slice() else {
        return Err("usage: standin NAV OUT.bsp".into());
    };
    let doc = navforge_source::SourceNavDocument::read(&std::fs::read(nav)?)?;
    let map = standin::standin(&doc)?;
    std::fs::write(out, map.to_vbsp())?;
    println!(
        "{out}: {} areas, {} boxes, {} slanted walls",
        doc.areas.len(),
        map.boxes.len(),
        map.brushes.len()
    );
    Ok(())
}
