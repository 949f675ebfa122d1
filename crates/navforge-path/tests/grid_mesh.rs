//! Grid maps as meshes: the any-angle length is never longer than the octile optimum and never
//! shorter than the straight line; the corridor mode is never shorter than any-angle. The
//! rectangles the maps load as describe the same free space with the same adjacency as one
//! square per cell, so any-angle lengths on both are equal.

use navforge_core::testing::{Rng, corpus_files};
use navforge_path::{
    Algo, AnyAngle, Grid, Locator, Navigator, PolyMesh, parse_scenarios, run_scenarios,
};

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
        // Every query, but a quarter of Aurora's (about 6 ms each).
        let step = if grid.width() * grid.height() > 500_000 {
            4
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
            "{}: {} queries, any-angle mean {:.1} µs on {} rectangles",
            map.display(),
            picked.len(),
            totals.mean_micros,
            PolyMesh::from_grid(match &nav {
                Navigator::Grid(g) => g,
                _ => unreachable!(),
            })
            .polygon_count()
        );
    }
}

#[test]
fn a_grid_mesh_has_one_square_per_free_cell() {
    let grid = Grid::from_rows(&["..@", ".@.", "..."]).unwrap();
    let mesh = PolyMesh::from_grid_cells(&grid);
    assert_eq!(mesh.polygon_count(), 7);
    // No diagonal squeeze between (1, 0)... blocked cells: from (2,1) to (1,0) must go round.
    let mut s = navforge_path::AnyAngle::new(&mesh);
    let len = s.length([2.5, 1.5], [0.5, 0.5]).unwrap().unwrap();
    assert!(len > 2.0_f64.sqrt() * 2.0, "went through the wall: {len}");
}

/// The polygon holding each free cell's centre, and every pair of cells sharing a side: they lie
/// in one polygon, or in two that are neighbours across an edge holding that side.
fn assert_same_adjacency(grid: &Grid, mesh: &PolyMesh, what: &str) {
    let locator = Locator::new(mesh);
    let (w, h) = (grid.width(), grid.height());
    let mut owner = vec![u32::MAX; w * h];
    for y in 0..h {
        for x in 0..w {
            if grid.is_free(x as i64, y as i64) {
                let at = locator.polygons_at(mesh, [x as f64 + 0.5, y as f64 + 0.5]);
                assert_eq!(at.len(), 1, "{what}: cell ({x}, {y}) in {at:?}");
                owner[y * w + x] = at[0];
            }
        }
    }
    let across = |p: u32, q: u32, mid: [f64; 2]| {
        let vs = mesh.polygon(p);
        let ns = mesh.neighbours(p);
        (0..vs.len()).any(|k| {
            let (a, b) = (mesh.point(vs[k]), mesh.point(vs[(k + 1) % vs.len()]));
            let on = (a[0] == b[0]
                && a[0] == mid[0]
                && (a[1].min(b[1])..=a[1].max(b[1])).contains(&mid[1]))
                || (a[1] == b[1]
                    && a[1] == mid[1]
                    && (a[0].min(b[0])..=a[0].max(b[0])).contains(&mid[0]));
            on && ns[k] == q
        })
    };
    let mut pairs = 0;
    for y in 0..h {
        for x in 0..w {
            let p = owner[y * w + x];
            if p == u32::MAX {
                continue;
            }
            for (dx, dy) in [(1, 0), (0, 1)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= w || ny >= h || owner[ny * w + nx] == u32::MAX {
                    continue;
                }
                let q = owner[ny * w + nx];
                if p != q {
                    let mid = [
                        x as f64 + 0.5 + dx as f64 * 0.5,
                        y as f64 + 0.5 + dy as f64 * 0.5,
                    ];
                    assert!(
                        across(p, q, mid) && across(q, p, mid),
                        "{what}: ({x}, {y}) +({dx}, {dy})"
                    );
                    pairs += 1;
                }
            }
        }
    }
    // And no polygon has a neighbour it does not share a side with: every link was counted.
    let links: usize = (0..mesh.polygon_count() as u32)
        .map(|p| {
            mesh.neighbours(p)
                .iter()
                .filter(|&&n| n != u32::MAX)
                .count()
        })
        .sum();
    assert!(
        links <= 2 * pairs,
        "{what}: {links} links for {pairs} shared sides"
    );
}

#[test]
fn corpus_maps_as_rectangles_keep_every_cells_adjacency() {
    let Some(maps) = corpus_files("pathfinding/movingai", ".map") else {
        return;
    };
    for map in maps {
        let grid = Grid::parse(&std::fs::read_to_string(&map).unwrap()).unwrap();
        let mesh = PolyMesh::from_grid(&grid);
        let free = (0..grid.height() as i64)
            .flat_map(|y| (0..grid.width() as i64).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.is_free(x, y))
            .count();
        println!(
            "{}: {free} free cells, {} rectangles",
            map.display(),
            mesh.polygon_count()
        );
        assert!(
            mesh.polygon_count() * 20 < free,
            "{}: too many rectangles",
            map.display()
        );
        assert_same_adjacency(&grid, &mesh, &map.display().to_string());
    }
}

#[test]
fn rectangles_and_cells_give_the_same_any_angle_lengths_on_random_grids() {
    let mut rng = Rng::new(0x9e1d);
    let mut compared = 0;
    for round in 0..60 {
        let (w, h) = (5 + rng.below(20), 5 + rng.below(20));
        let density = 10 + rng.below(35);
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.below(100) < density { '@' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = Grid::from_rows(&rows).unwrap();
        let rects = PolyMesh::from_grid(&grid);
        let cells = PolyMesh::from_grid_cells(&grid);
        assert_same_adjacency(&grid, &rects, &format!("round {round}"));
        let free: Vec<(usize, usize)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.is_free(x as i64, y as i64))
            .collect();
        if free.is_empty() {
            continue;
        }
        let (mut on_rects, mut on_cells) = (AnyAngle::new(&rects), AnyAngle::new(&cells));
        for _ in 0..20 {
            let a = free[rng.below(free.len())];
            let b = free[rng.below(free.len())];
            let (pa, pb) = (
                [a.0 as f64 + 0.5, a.1 as f64 + 0.5],
                [b.0 as f64 + 0.5, b.1 as f64 + 0.5],
            );
            let r = on_rects.length(pa, pb).unwrap();
            let c = on_cells.length(pa, pb).unwrap();
            match (r, c) {
                (Some(r), Some(c)) => assert!(
                    (r - c).abs() < 1e-9,
                    "round {round}: {rows:?} {a:?}->{b:?}: {r} vs {c}"
                ),
                (None, None) => {}
                other => panic!("round {round}: {rows:?} {a:?}->{b:?}: {other:?}"),
            }
            compared += 1;
        }
    }
    assert!(compared > 1000);
}

#[test]
fn cells_touching_at_a_corner_do_not_share_the_corner_vertex() {
    // The any-angle search keeps one best way to each corner vertex; two fans pinched at a
    // point must not share one, or reaching it from one side prunes the other (this made
    // recast_dungeon.obj queries fail before the split).
    let grid = Grid::from_rows(&[".@", "@."]).unwrap();
    for mesh in [PolyMesh::from_grid(&grid), PolyMesh::from_grid_cells(&grid)] {
        assert_eq!(mesh.polygon_count(), 2);
        assert_eq!(mesh.vertices.len(), 8, "{:?}", mesh.vertices);
        let shared = mesh
            .polygon(0)
            .iter()
            .filter(|v| mesh.polygon(1).contains(v))
            .count();
        assert_eq!(shared, 0);
    }
}
