//! Source area A* on real meshes of several games: every corridor step follows a real directed
//! connection (or ladder), and the cost equals a plain Dijkstra's (the `pathfinding` crate) under
//! the same cost function.

use std::collections::HashSet;

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_dir};
use navforge_path::{AreaCost, AreaGraph, AreaSearch, Step};
use navforge_source::SourceNavDocument;

const MESHES: [&str; 7] = [
    "l4d2_c10m4_mainstreet.nav",
    "csgo_de_nuke.nav",
    "csgo_de_dust2.nav",
    "tf2_ctf_2fort.nav",
    "l4d2_c1m1_hotel.nav",
    "dods_dod_donner.nav",
    "hl2dm_dm_lockdown.nav",
];

fn model(name: &str) -> Option<navforge_core::model::NavMesh> {
    let dir = corpus_dir("source-nav")?;
    let bytes = std::fs::read(dir.join(name)).unwrap();
    Some(SourceNavDocument::read(&bytes).unwrap().to_model())
}

#[test]
fn corridors_follow_directed_connections_and_cost_is_optimal() {
    for name in MESHES {
        let Some(mesh) = model(name) else { return };
        let graph = AreaGraph::from_model(&mesh).unwrap();
        let walk: HashSet<(u64, u64)> = mesh.connections.iter().map(|c| (c.from, c.to)).collect();
        let ladders: HashSet<u64> = mesh.ladders.iter().map(|l| l.id).collect();
        let cost = AreaCost::default();
        let mut search = AreaSearch::new(&graph);
        let mut rng = Rng::new(0x5eed ^ name.len() as u64);
        let (mut found, mut unreachable) = (0, 0);
        for _ in 0..150 {
            let a = rng.below(graph.len()) as u32;
            let b = rng.below(graph.len()) as u32;
            let (corridor, ours, reached) = search.corridor(a, b, &cost).unwrap();
            let oracle = pathfinding::directed::dijkstra::dijkstra(
                &a,
                |&x| {
                    graph
                        .edges(x)
                        .map(|(y, base, _)| (y, ordered(graph.enter_cost(y, base, &cost))))
                        .collect::<Vec<_>>()
                },
                |&x| x == b,
            );
            match oracle {
                Some((_, c)) => {
                    assert!(reached, "{name}: {a}->{b} reachable for Dijkstra");
                    let c = c as f64 / SCALE;
                    assert!(
                        (ours - c).abs() <= 1e-6 * c.max(1.0) + 1e-3,
                        "{name}: {ours} vs {c}"
                    );
                    found += 1;
                }
                None => {
                    assert!(!reached, "{name}: {a}->{b} unreachable for Dijkstra");
                    unreachable += 1;
                }
            }
            assert_eq!(corridor[0], a);
            for w in corridor.windows(2) {
                let (x, y) = (graph.ids()[w[0] as usize], graph.ids()[w[1] as usize]);
                let by_walk = walk.contains(&(x, y));
                let by_ladder = graph.edges(w[0]).any(|(t, _, s)| {
                    t == w[1] && matches!(s, Step::Ladder { id } if ladders.contains(&id))
                });
                assert!(
                    by_walk || by_ladder,
                    "{name}: step {x}->{y} follows no connection"
                );
            }
        }
        println!("{name}: {found} paths, {unreachable} unreachable (closest area returned)");
        assert!(
            found > 50,
            "{name}: too few reachable pairs to prove anything"
        );
    }
}

const SCALE: f64 = 1e6;

/// Dijkstra needs an integer-like cost; micro-units keep the comparison exact to 1e-6.
fn ordered(c: f64) -> u64 {
    (c * SCALE).round() as u64
}

#[test]
fn point_queries_give_smoothed_waypoints_on_the_areas() {
    let Some(mesh) = model("csgo_de_dust2.nav") else {
        return;
    };
    let graph = AreaGraph::from_model(&mesh).unwrap();
    let mut search = AreaSearch::new(&graph);
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for _ in 0..100 {
        let a = rng.below(graph.len()) as u32;
        let b = rng.below(graph.len()) as u32;
        let (pa, pb) = (graph.centre(a), graph.centre(b));
        let path = search.path(pa, pb, &AreaCost::default()).unwrap();
        if !path.reached_goal {
            continue;
        }
        checked += 1;
        assert_eq!(path.waypoints.first(), Some(&pa));
        assert_eq!(path.waypoints.last(), Some(&pb));
        // Every bend lies on the corridor's areas (portals are taken on the side being left), at a height within theirs, and bends are no more than the portals.
        assert!(path.waypoints.len() <= path.corridor.len() + 2 * mesh.ladders.len() + 2);
        let areas: Vec<&navforge_core::model::Area> = path
            .corridor
            .iter()
            .map(|id| mesh.areas.iter().find(|x| x.id == *id).unwrap())
            .collect();
        for w in &path.waypoints[1..path.waypoints.len() - 1] {
            let near = areas.iter().any(|x| {
                let (mut lo, mut hi) = ([f64::MAX; 3], [f64::MIN; 3]);
                for p in &x.polygon {
                    for k in 0..3 {
                        lo[k] = lo[k].min(p[k] as f64);
                        hi[k] = hi[k].max(p[k] as f64);
                    }
                }
                (0..2).all(|k| w[k] >= lo[k] - 1e-3 && w[k] <= hi[k] + 1e-3)
                    && w[2] >= lo[2] - 1.0
                    && w[2] <= hi[2] + 1.0
            });
            assert!(
                near,
                "waypoint {w:?} is off the corridor {:?}",
                path.corridor
            );
        }
    }
    assert!(checked > 30);
}

#[test]
fn options_block_avoid_and_limit() {
    let Some(mesh) = model("csgo_de_dust2.nav") else {
        return;
    };
    let graph = AreaGraph::from_model(&mesh).unwrap();
    let mut search = AreaSearch::new(&graph);
    let mut rng = Rng::new(11);
    for _ in 0..40 {
        let a = rng.below(graph.len()) as u32;
        let b = rng.below(graph.len()) as u32;
        let Some((corridor, cost, true)) = search.corridor(a, b, &AreaCost::default()) else {
            continue;
        };
        if corridor.len() < 3 {
            continue;
        }
        // Blocking a middle area forces another way or the closest-reachable answer.
        let mid = graph.ids()[corridor[corridor.len() / 2] as usize];
        let blocked = AreaCost {
            blocked: vec![mid],
            ..AreaCost::default()
        };
        let (c2, cost2, reached) = search.corridor(a, b, &blocked).unwrap();
        assert!(!c2.iter().any(|&x| graph.ids()[x as usize] == mid));
        if reached {
            assert!(cost2 >= cost - 1e-9);
        }
        // A limit no path reaches changes nothing (the limited search is a separate loop).
        let loose = AreaCost {
            max_length: Some(1e12),
            ..AreaCost::default()
        };
        let (c3, cost3, reached) = search.corridor(a, b, &loose).unwrap();
        assert!(
            reached && (cost3 - cost).abs() <= 1e-9 * cost.max(1.0),
            "{cost3} vs {cost}"
        );
        assert_eq!(c3.len() > 1, corridor.len() > 1);
        // Other penalties: still Dijkstra's optimum under them.
        let avoid = AreaCost {
            avoid_penalty: 7.0,
            crouch_penalty: 3.0,
            ..AreaCost::default()
        };
        let (_, ours, _) = search.corridor(a, b, &avoid).unwrap();
        let (_, oracle) = pathfinding::directed::dijkstra::dijkstra(
            &a,
            |&x| {
                graph
                    .edges(x)
                    .map(|(y, base, _)| (y, ordered(graph.enter_cost(y, base, &avoid))))
                    .collect::<Vec<_>>()
            },
            |&x| x == b,
        )
        .unwrap();
        let oracle = oracle as f64 / SCALE;
        assert!(
            (ours - oracle).abs() <= 1e-6 * oracle.max(1.0) + 1e-3,
            "{ours} vs {oracle}"
        );
        // A length limit below the path's length cannot reach the goal.
        let limited = AreaCost {
            max_length: Some(1.0),
            ..AreaCost::default()
        };
        let (_, _, reached) = search.corridor(a, b, &limited).unwrap();
        assert!(!reached);
    }
}

/// All distances at once (the analysis' Dijkstra) agree with the area A* to every goal, and with
/// `f32` costs equal, to the bit, a Bellman-Ford's sums in `f32` (each area's least left-to-right
/// sum over the paths that reach it).
#[test]
fn distances_agree_with_the_area_search_and_with_bellman_ford() {
    for name in MESHES {
        let Some(mesh) = model(name) else { return };
        let graph = AreaGraph::from_model(&mesh).unwrap();
        let cost = AreaCost::default();
        let mut search = AreaSearch::new(&graph);
        let mut rng = Rng::new(0xd15 ^ name.len() as u64);
        let from = rng.below(graph.len()) as u32;
        let all = graph.distances(&[from], |_, b, base, _| {
            Some(graph.enter_cost(b, base, &cost))
        });
        for _ in 0..40 {
            let to = rng.below(graph.len()) as u32;
            let (_, ours, reached) = search.corridor(from, to, &cost).unwrap();
            match all[to as usize] {
                Some(d) => {
                    assert!(reached, "{name}: {from}->{to}");
                    assert!(
                        (d - ours).abs() <= 1e-9 * d.max(1.0),
                        "{name}: {d} vs {ours}"
                    );
                }
                None => assert!(!reached, "{name}: {from}->{to} reached by A* only"),
            }
        }
        // f32 centre distances from three starts, against Bellman-Ford in f32.
        let starts: Vec<u32> = (0..3).map(|_| rng.below(graph.len()) as u32).collect();
        let step = |a: u32, b: u32| {
            let (p, q) = (graph.centre(a), graph.centre(b));
            let d: [f32; 3] = std::array::from_fn(|i| q[i] as f32 - p[i] as f32);
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
        };
        let ours = graph.distances(&starts, |a, b, _, _| Some(step(a, b)));
        let mut best = vec![f32::INFINITY; graph.len()];
        for &s in &starts {
            best[s as usize] = 0.0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for a in 0..graph.len() as u32 {
                for (b, _, _) in graph.edges(a) {
                    let d = best[a as usize] + step(a, b);
                    if d < best[b as usize] {
                        best[b as usize] = d;
                        changed = true;
                    }
                }
            }
        }
        let reached = ours.iter().filter(|d| d.is_some()).count();
        assert!(reached > graph.len() / 4, "{name}: {reached} reached");
        for (a, (d, b)) in ours.iter().zip(&best).enumerate() {
            assert_eq!(
                d.map(f32::to_bits),
                b.is_finite().then(|| b.to_bits()),
                "{name}: area {a}"
            );
        }
    }
}
