//! Grid maps as meshes of cells: the any-angle length is never longer than the octile optimum
//! and never shorter than the straight line; the corridor mode is never shorter than any-angle.

use navforge_core::testing::corpus_files;
use navforge_path::{Algo, Grid, Navigator, PolyMesh, parse_scenarios, run_scenarios};

#[test]
fn any_angle_between_straight_line_and_octile() {
    let Some(maps) = corpus_files("pathfinding/movingai", ".map") else {
        return;
    };
    for map in maps {
        let grid = Grid::parse(&std::fs::read_to_string(&map).unwrap()).unwrap();
        let scen =
            parse_scenarios(&std::fs::read_to_string(map.with_extension("map.scen")).unwrap())
                .unwrap();
        // Every query on arena, 40 spread over each large map (any-angle on unit cells is slow).
        let step = if grid.width() * grid.height() > 10_000 {
            (scen.len() / 40).max(1)
        } else {
            1
        };
        let picked: Vec<_> = scen.iter().step_by(step).cloned().collect();
        let nav = Navigator::Grid(grid);
        let (any, totals) = run_scenarios(&nav, &picked, Algo::AnyAngle).unwrap();
        let (corr, _) = run_scenarios(&nav, &picked, Algo::Corridor).unwrap();
        for ((s, a), c) in picked.iter().zip(&any).zip(&corr) {
            let len = a.length.expect("reachable");
            let straight = ((s.start.0 as f64 - s.goal.0 as f64).powi(2)
                + (s.start.1 as f64 - s.goal.1 as f64).powi(2))
            .sqrt();
            assert!(
                len <= s.optimal + s.tolerance(),
                "{}: line {}: {len} > {}",
                map.display(),
                s.line,
                s.optimal
            );
            assert!(
                len >= straight - 1e-9,
                "{}: line {}: {len} < {straight}",
                map.display(),
                s.line
            );
            assert!(
                c.length.expect("reachable") >= len - 1e-9,
                "corridor shorter than optimal"
            );
        }
        assert_eq!(totals.agreeing, picked.len());
        println!(
            "{}: {} queries, any-angle mean {:.1} µs",
            map.display(),
            picked.len(),
            totals.mean_micros
        );
    }
}

#[test]
fn a_grid_mesh_has_one_square_per_free_cell() {
    let grid = Grid::from_rows(&["..@", ".@.", "..."]).unwrap();
    let mesh = PolyMesh::from_grid(&grid);
    assert_eq!(mesh.polygon_count(), 7);
    // No diagonal squeeze between (1, 0)... blocked cells: from (2,1) to (1,0) must go round.
    let mut s = navforge_path::AnyAngle::new(&mesh);
    let len = s.length([2.5, 1.5], [0.5, 0.5]).unwrap().unwrap();
    assert!(len > 2.0_f64.sqrt() * 2.0, "went through the wall: {len}");
}
