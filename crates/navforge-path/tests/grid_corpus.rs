//! Octile A* reproduces every stored optimum of the Moving AI scenarios in the corpus.

use navforge_core::testing::corpus_files;
use navforge_path::{Grid, GridSearch, parse_scenarios};

#[test]
fn octile_matches_every_stored_optimum() {
    let Some(maps) = corpus_files("pathfinding/movingai", ".map") else {
        return;
    };
    for map in maps {
        let grid = Grid::parse(&std::fs::read_to_string(&map).unwrap()).unwrap();
        let scen = map.with_extension("map.scen");
        let scenarios = parse_scenarios(&std::fs::read_to_string(&scen).unwrap()).unwrap();
        let mut search = GridSearch::new(&grid);
        let mut bad = Vec::new();
        for s in &scenarios {
            assert_eq!((s.width, s.height), (grid.width(), grid.height()));
            let len = search.length(s.start, s.goal).unwrap().expect("reachable");
            if (len - s.optimal).abs() > s.tolerance() {
                bad.push((s.line, len, s.optimal));
            }
        }
        println!(
            "{}: {} queries, {} off",
            map.display(),
            scenarios.len(),
            bad.len()
        );
        assert!(
            bad.is_empty(),
            "{}: {:?}",
            map.display(),
            &bad[..bad.len().min(10)]
        );
    }
}
