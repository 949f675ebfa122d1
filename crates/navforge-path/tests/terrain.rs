//! Moving AI terrain (movingai.com/benchmarks/formats.html): `.`/`G` ground, `S` swamp (passable
//! from ground), `W` water (traversable, not passable from ground), `T` trees, `@`/`O` out of
//! bounds. A Warcraft-III-like map is generated here (no third-party bytes) with lakes, swamp
//! shores and forests; its scenario's optima come from an independent Dijkstra (`pathfinding`)
//! over the benchmark's moves, and every query, water starts included, must be answered.

use navforge_core::testing::Rng;
use navforge_path::{
    Algo, Grid, GridSearch, MAX_GRID_POLYGONS, Navigator, PathError, PathQuery, PolyMesh,
    parse_scenarios, run_scenarios,
};

/// A map with a border of `@`, two lakes of `W` with `S` shores, tree clumps and open ground.
fn warcraft_like(seed: u64, w: usize, h: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut rows = vec![vec![b'.'; w]; h];
    let lakes = [
        (
            w as f64 * 0.35,
            h as f64 * 0.45,
            w as f64 * 0.18,
            h as f64 * 0.22,
        ),
        (
            w as f64 * 0.75,
            h as f64 * 0.7,
            w as f64 * 0.1,
            h as f64 * 0.15,
        ),
    ];
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            for &(cx, cy, rx, ry) in &lakes {
                let d = ((x as f64 - cx) / rx).powi(2) + ((y as f64 - cy) / ry).powi(2);
                if d <= 1.0 {
                    *c = b'W';
                } else if d <= 1.6 && *c == b'.' {
                    *c = b'S';
                }
            }
        }
    }
    // Tree clumps, some in the water (islands of trees) and on the shores.
    for _ in 0..w * h / 60 {
        let (x, y) = (rng.below(w), rng.below(h));
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if rng.below(3) > 0 && x + dx < w && y + dy < h {
                rows[y + dy][x + dx] = b'T';
            }
        }
    }
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                *c = b'@';
            } else if rng.below(40) == 0 && *c == b'.' {
                *c = b'G';
            }
        }
    }
    rows
}

fn map_text(rows: &[Vec<u8>]) -> String {
    let mut t = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        rows.len(),
        rows[0].len()
    );
    for r in rows {
        t.push_str(std::str::from_utf8(r).unwrap());
        t.push('\n');
    }
    t
}

/// The benchmark's region of a cell: ground and swamp one, water another, the rest none.
fn region(rows: &[Vec<u8>], x: i64, y: i64) -> Option<u8> {
    let c = *rows
        .get(usize::try_from(y).ok()?)?
        .get(usize::try_from(x).ok()?)?;
    match c {
        b'.' | b'G' | b'S' => Some(1),
        b'W' => Some(2),
        _ => None,
    }
}

const SCALE: f64 = 1e9;

/// Dijkstra over the benchmark's moves: 8 neighbours in the same region, a diagonal only when
/// both orthogonal cells are in it too; costs 1 and √2 in fixed point.
fn oracle(rows: &[Vec<u8>], s: (i64, i64), g: (i64, i64)) -> Option<f64> {
    let diag = (std::f64::consts::SQRT_2 * SCALE).round() as u64;
    let start_region = region(rows, s.0, s.1)?;
    region(rows, g.0, g.1)?;
    let same = |x: i64, y: i64| region(rows, x, y) == Some(start_region);
    pathfinding::directed::dijkstra::dijkstra(
        &s,
        |&(x, y)| {
            let mut out = Vec::new();
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if same(x + dx, y + dy) {
                    out.push(((x + dx, y + dy), SCALE as u64));
                }
            }
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if same(x + dx, y + dy) && same(x + dx, y) && same(x, y + dy) {
                    out.push(((x + dx, y + dy), diag));
                }
            }
            out
        },
        |&p| p == g,
    )
    .map(|(_, c)| c as f64 / SCALE)
}

/// Queries between cells of one region, as the benchmark's scenarios hold, with their optima;
/// at least a third of them start in water.
fn scenario(rows: &[Vec<u8>], rng: &mut Rng, n: usize) -> String {
    let (w, h) = (rows[0].len(), rows.len());
    let mut text = String::from("version 1\n");
    let mut made = 0;
    let mut water = 0;
    while made < n {
        let s = (rng.below(w) as i64, rng.below(h) as i64);
        let g = (rng.below(w) as i64, rng.below(h) as i64);
        let Some(r) = region(rows, s.0, s.1) else {
            continue;
        };
        // Keep a share of water queries.
        if r == 1 && water * 3 < made {
            continue;
        }
        let Some(opt) = oracle(rows, s, g) else {
            continue;
        };
        water += usize::from(r == 2);
        text.push_str(&format!(
            "0\twc3.map\t{w}\t{h}\t{}\t{}\t{}\t{}\t{opt:.8}\n",
            s.0, s.1, g.0, g.1
        ));
        made += 1;
    }
    text
}

#[test]
fn every_query_of_a_warcraft_like_scenario_is_answered_with_its_optimum() {
    let mut rng = Rng::new(31);
    for seed in 0..3 {
        let rows = warcraft_like(seed, 96, 64);
        let text = map_text(&rows);
        for c in [b'W', b'S', b'T', b'G', b'@'] {
            assert!(text.as_bytes().contains(&c), "the map has `{}`", c as char);
        }
        let nav = Navigator::parse_benchmark(&text).unwrap();
        let scen = parse_scenarios(&scenario(&rows, &mut rng, 150)).unwrap();
        let starts_in_water = scen
            .iter()
            .filter(|s| rows[s.start.1][s.start.0] == b'W')
            .count();
        assert!(starts_in_water >= 40, "{starts_in_water} water queries");
        let (results, totals) = run_scenarios(&nav, &scen, Algo::Grid).unwrap();
        assert_eq!(totals.failed, 0, "{results:?}");
        assert_eq!(totals.solved, scen.len());
        let off: Vec<_> = results.iter().filter(|r| !r.agrees).collect();
        assert!(off.is_empty(), "seed {seed}: {off:?}");
        // Any-angle and corridor answer every query too; the optimal any-angle path is never
        // longer than the octile optimum (the corridor's funnel path may be).
        for algo in [Algo::AnyAngle, Algo::Corridor] {
            let (results, totals) = run_scenarios(&nav, &scen, algo).unwrap();
            assert_eq!((totals.failed, totals.solved), (0, scen.len()), "{algo:?}");
            if algo == Algo::AnyAngle {
                assert!(results.iter().all(|r| r.agrees), "{results:?}");
            }
        }
    }
}

#[test]
fn water_and_ground_do_not_meet() {
    // A pond beside the ground, with swamp between ground and more ground.
    let grid = Grid::from_rows(&[".....", ".WW.S", ".WW..", "....."]).unwrap();
    let mut s = GridSearch::new(&grid);
    assert_eq!(s.length((1, 1), (2, 2)).unwrap(), Some(2f64.sqrt()));
    assert_eq!(s.length((1, 1), (0, 0)).unwrap(), None, "water to ground");
    assert_eq!(
        s.length((0, 0), (4, 1)).unwrap(),
        Some(3.0 + 2f64.sqrt()),
        "ground to swamp"
    );
    // A diagonal past a water cell cuts a corner, as past a wall.
    assert_eq!(s.length((3, 2), (2, 3)).unwrap(), Some(2.0));
    assert_eq!(s.length((3, 1), (2, 2)).unwrap(), None, "ground to water");
    let mesh = PolyMesh::from_grid(&grid);
    let mut any = navforge_path::AnyAngle::new(&mesh);
    assert_eq!(any.length([1.5, 1.5], [0.5, 0.5]).unwrap(), None);
    let l = any.length([1.5, 1.5], [2.5, 2.5]).unwrap().unwrap();
    assert!((l - 2f64.sqrt()).abs() < 1e-9, "{l}");
}

#[test]
fn a_query_that_cannot_be_answered_is_reported_and_the_run_goes_on() {
    let text = "type octile\nheight 3\nwidth 4\nmap\n.T..\n.WW.\n....\n";
    let nav = Navigator::parse_benchmark(text).unwrap();
    let scen = parse_scenarios(
        "version 1\n\
         0\tm.map\t4\t3\t1\t0\t3\t0\t2\n\
         0\tm.map\t4\t3\t1\t1\t2\t1\t1\n\
         0\tm.map\t4\t3\t0\t0\t9\t9\t1\n\
         0\tm.map\t4\t3\t0\t0\t3\t2\t5\n",
    )
    .unwrap();
    for algo in [Algo::Grid, Algo::AnyAngle, Algo::Corridor] {
        let (results, totals) = run_scenarios(&nav, &scen, algo).unwrap();
        assert_eq!(totals.queries, 4);
        assert_eq!(totals.failed, 2, "{algo:?}: {results:?}");
        let errors: Vec<(usize, &str)> = results
            .iter()
            .filter_map(|r| r.error.as_deref().map(|e| (r.line, e)))
            .collect();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].0, 2, "the tree start is line 2");
        assert!(errors[0].1.contains("start"), "{errors:?}");
        assert_eq!(errors[1].0, 4, "the goal off the map is line 4");
        assert!(errors[1].1.contains("goal"), "{errors:?}");
        assert_eq!(results[1].length, Some(1.0), "{algo:?}: water to water");
        assert!(results[3].length.is_some(), "{algo:?}");
    }
}

#[test]
fn a_grid_too_fragmented_for_a_mesh_is_refused_before_it_is_built() {
    // A checkerboard: every free cell is a rectangle of its own.
    let side = 1100;
    let rows: Vec<String> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| if (x + y) % 2 == 0 { '.' } else { '@' })
                .collect()
        })
        .collect();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = Grid::from_rows(&refs).unwrap();
    assert!(side * side / 2 > MAX_GRID_POLYGONS);
    assert!(matches!(
        PolyMesh::from_grid_within(&grid, MAX_GRID_POLYGONS),
        Err(PathError::Unsupported(_))
    ));
    let nav = Navigator::Grid(grid);
    for algo in [Algo::AnyAngle, Algo::Corridor] {
        let q = PathQuery {
            algo,
            ..PathQuery::new([0.5, 0.5, 0.0], [2.5, 0.5, 0.0])
        };
        match nav.find(&q) {
            Err(PathError::Unsupported(m)) => assert!(m.contains("--algo grid"), "{m}"),
            other => panic!("{algo:?}: {other:?}"),
        }
    }
    // Octile search still answers: the cells touch only at corners.
    let q = PathQuery::new([0.0, 0.0, 0.0], [2.0, 0.0, 0.0]);
    assert!(!nav.find(&q).unwrap().reached_goal);
}

#[test]
fn a_cell_that_is_not_ascii_is_named_with_its_line() {
    let text = "type octile\nheight 2\nwidth 3\nmap\n...\n.é.\n";
    match Grid::parse(text) {
        Err(PathError::Parse { line, message, .. }) => {
            assert_eq!(line, 6);
            assert!(message.contains("row 1, column 1: `é`"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}
