//! Bad input: malformed `.map`, `.scen` and `.mesh` texts give errors naming the line, mutants
//! never panic, unreachable goals and points off the mesh give clear answers.

use navforge_core::testing::{Rng, corpus_dir, mutate};
use navforge_path::{
    Algo, AnyAngle, Grid, GridSearch, Navigator, PathError, PathQuery, PolyMesh, parse_scenarios,
    run_scenarios,
};

#[test]
fn malformed_texts_name_their_line() {
    let cases: [(&str, usize); 5] = [
        ("type octile\nheight 2\nwidth 3\nmap\n...\n..\n", 6),
        ("type octile\nheight 2\nwidth 3\nmap\n...\n", 5),
        ("type octile\nheight x\n", 2),
        ("type octile\nheight 99999999\nwidth 99999999\nmap\n", 4),
        ("type octile\nwidth 3\nmap\n...\n", 3),
    ];
    for (text, line) in cases {
        match Grid::parse(text) {
            Err(PathError::Parse { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let bad_scen = "version 1\n0\tm.map\t3\t3\t0\t0\t2\t2\t2.8\n0\tm.map\t3\t3\t0\t0\t2\n";
    assert!(matches!(
        parse_scenarios(bad_scen),
        Err(PathError::Parse { line: 3, .. })
    ));
    let bad_mesh = "mesh\n2\n3 1\n0 0 1 0\n1 0 1 0\n0 1 1 0\n3 0 1 7 -1 -1 -1\n";
    assert!(matches!(
        PolyMesh::parse_mesh(bad_mesh),
        Err(PathError::Parse { line: 7, .. })
    ));
    let lying = "mesh\n2\n999999999 1\n";
    assert!(matches!(
        PolyMesh::parse_mesh(lying),
        Err(PathError::Parse { line: 3, .. })
    ));
}

#[test]
fn unreachable_and_off_mesh() {
    let grid = Grid::from_rows(&["..@..", "..@..", "..@.."]).unwrap();
    let mut s = GridSearch::new(&grid);
    assert_eq!(s.length((0, 0), (4, 2)).unwrap(), None);
    assert!(matches!(
        s.length((2, 0), (4, 2)),
        Err(PathError::OffMesh { .. })
    ));
    assert!(matches!(
        s.length((0, 0), (9, 9)),
        Err(PathError::OffMesh { .. })
    ));
    let mesh = PolyMesh::from_grid(&grid);
    let mut a = AnyAngle::new(&mesh);
    assert_eq!(a.length([0.5, 0.5], [4.5, 2.5]).unwrap(), None);
    assert!(matches!(
        a.length([2.5, 0.5], [4.5, 2.5]),
        Err(PathError::OffMesh { .. })
    ));
    let nav = Navigator::Grid(grid);
    let r = nav
        .find(&PathQuery::new([0.0, 0.0, 0.0], [4.0, 2.0, 0.0]))
        .unwrap();
    assert!(!r.reached_goal);
    let q = PathQuery {
        algo: Algo::AnyAngle,
        ..PathQuery::new([0.5, 0.5, 0.0], [-3.0, 0.5, 0.0])
    };
    assert!(matches!(nav.find(&q), Err(PathError::OffMesh { .. })));
}

#[test]
fn mutants_never_panic() {
    let (Some(grids), Some(meshes)) = (
        corpus_dir("pathfinding/movingai"),
        corpus_dir("pathfinding/polyanya"),
    ) else {
        return;
    };
    let map = std::fs::read(grids.join("arena.map")).unwrap();
    let scen = std::fs::read(grids.join("arena.map.scen")).unwrap();
    let mesh = std::fs::read(meshes.join("arena-merged.mesh")).unwrap();
    let scenarios = parse_scenarios(&String::from_utf8_lossy(&scen)).unwrap();
    let mut rng = Rng::new(1234);
    let (mut ok, mut err) = (0, 0);
    for i in 0..600 {
        let (src, kind) = match i % 3 {
            0 => (&map, 0),
            1 => (&scen, 1),
            _ => (&mesh, 2),
        };
        let m = mutate(src, &mut rng);
        let text = String::from_utf8_lossy(&m);
        let result = match kind {
            0 => Grid::parse(&text).map(|g| {
                let nav = Navigator::Grid(g);
                let _ = run_scenarios(&nav, &scenarios[..10], Algo::Grid);
                let _ = run_scenarios(&nav, &scenarios[..5], Algo::AnyAngle);
            }),
            1 => parse_scenarios(&text).map(|s| {
                let nav = Navigator::parse_benchmark(&String::from_utf8_lossy(&map)).unwrap();
                let _ = run_scenarios(&nav, &s[..s.len().min(10)], Algo::Grid);
            }),
            _ => PolyMesh::parse_mesh(&text).map(|pm| {
                let nav = Navigator::from_polymesh(pm);
                let _ = run_scenarios(&nav, &scenarios[..10], Algo::AnyAngle);
                let _ = run_scenarios(&nav, &scenarios[..10], Algo::Corridor);
            }),
        };
        match result {
            Ok(()) => ok += 1,
            Err(e) => {
                assert!(!e.to_string().is_empty());
                err += 1;
            }
        }
    }
    println!("{ok} mutants read, {err} rejected");
    assert!(err > 100, "mutations should break most files");
}
