//! Graph A* on every real Quake bot graph (`NAV2` and `NAV3`), built from the common model (as
//! the CLI and the browser build it): costs equal a plain Dijkstra's computed from the typed
//! document itself (a link costs the distance
//! travelled through its traversal points; teleports cost nothing), every hop follows a real
//! link of the file with its type, and the waypoints carry each used link's traversal points in
//! order, between the two nodes.

use navforge_core::NavDocument;
use navforge_core::model::ConnectionKind;
use navforge_core::testing::{Rng, corpus_files};
use navforge_path::{GraphSearch, Navigator, NodeGraph, PathQuery};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

/// One link of a file, as the oracle reads it straight from the document.
struct FileLink {
    to: usize,
    kind: ConnectionKind,
    /// Traversal points the file gives (NAV2 writes unused ones as zeros, NAV3 as 1e30).
    via: Vec<[f64; 3]>,
}

struct FileGraph {
    origin: Vec<[f64; 3]>,
    links: Vec<Vec<FileLink>>,
}

fn used(points: &[[f32; 3]]) -> Vec<[f64; 3]> {
    points
        .iter()
        .filter(|p| **p != [0.0; 3] && p.iter().all(|c| c.abs() < 1e20))
        .map(|p| p.map(f64::from))
        .collect()
}

fn nav2(doc: &QuakeNavDocument) -> FileGraph {
    let g = doc.graph();
    FileGraph {
        origin: g.nodes.iter().map(|n| n.origin.map(f64::from)).collect(),
        links: g
            .nodes
            .iter()
            .map(|n| {
                n.links
                    .iter()
                    .filter(|l| l.to < g.nodes.len())
                    .map(|l| FileLink {
                        to: l.to,
                        kind: l.link_type.kind(),
                        via: l.traversal.map_or_else(Vec::new, |t| {
                            used(&[t.node_exit, t.jump_start, t.jump_end])
                        }),
                    })
                    .collect()
            })
            .collect(),
    }
}

fn nav3(doc: &Quake2NavDocument) -> FileGraph {
    FileGraph {
        origin: doc
            .nodes
            .iter()
            .map(|n| n.origin.map(|c| f64::from(c.get())))
            .collect(),
        links: (0..doc.nodes.len())
            .map(|i| {
                doc.node_links(i)
                    .iter()
                    .filter(|l| l.target >= 0 && (l.target as usize) < doc.nodes.len())
                    .map(|l| FileLink {
                        to: l.target as usize,
                        kind: l.connection_kind(),
                        via: doc.traversal_of(l).map_or_else(Vec::new, |t| {
                            used(&[t.funnel, t.start, t.end].map(|v| v.map(|c| c.get())))
                        }),
                    })
                    .collect()
            })
            .collect(),
    }
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

impl FileGraph {
    fn cost(&self, from: usize, l: &FileLink) -> f64 {
        if l.kind == ConnectionKind::Teleport {
            return 0.0;
        }
        let mut at = self.origin[from];
        let mut sum = 0.0;
        for &p in l.via.iter().chain(std::iter::once(&self.origin[l.to])) {
            sum += dist(at, p);
            at = p;
        }
        sum
    }
}

#[derive(Default)]
struct Tally {
    paths: usize,
    hops_with_points: usize,
}

fn check_file(name: &str, graph: &NodeGraph, file: &FileGraph, tally: &mut Tally) {
    let mut search = GraphSearch::new(graph);
    let mut rng = Rng::new(3 ^ name.len() as u64);
    let n = file.origin.len();
    for _ in 0..60 {
        let (a, b) = (rng.below(n), rng.below(n));
        let ours = search.path(a as u32, b as u32);
        let oracle = pathfinding::directed::dijkstra::dijkstra(
            &a,
            |&x| {
                file.links[x]
                    .iter()
                    .map(|l| (l.to, (file.cost(x, l) * 1e6).round() as u64))
                    .collect::<Vec<_>>()
            },
            |&x| x == b,
        );
        let p = match (ours, oracle) {
            (Some(p), Some((_, c))) => {
                let c = c as f64 / 1e6;
                assert!(
                    (p.cost - c).abs() <= 1e-3 + 1e-6 * c,
                    "{name}: {a}->{b}: {} vs Dijkstra {c}",
                    p.cost
                );
                p
            }
            (None, None) => continue,
            (ours, oracle) => panic!("{name}: {a}->{b}: ours {ours:?}, Dijkstra {oracle:?}"),
        };
        tally.paths += 1;
        let mut expected = vec![file.origin[a]];
        for w in p.hops.windows(2) {
            let (x, y) = (w[0].node as usize, w[1].node as usize);
            // The hop is a real link of the file, of its type, with exactly its points.
            let link = file.links[x]
                .iter()
                .find(|l| l.to == y && Some(l.kind) == w[1].kind && l.via == w[1].via);
            let link = link.unwrap_or_else(|| {
                panic!(
                    "{name}: hop {x}->{y} {:?} is no link of the file",
                    w[1].kind
                )
            });
            if !link.via.is_empty() {
                tally.hops_with_points += 1;
            }
            expected.extend_from_slice(&link.via);
            expected.push(file.origin[y]);
        }
        assert_eq!(p.waypoints(), expected, "{name}: {a}->{b}");
    }
}

/// Every file of a corpus folder: the model's graph against the document's oracle, with at least
/// `min_paths` paths found and `min_points` hops through traversal points (skipped, saying why,
/// when the corpus is absent).
fn check_folder<D: NavDocument>(
    folder: &str,
    oracle: fn(&D) -> FileGraph,
    min_paths: usize,
    min_points: usize,
) {
    let Some(files) = corpus_files(folder, ".nav") else {
        return;
    };
    let mut tally = Tally::default();
    for f in &files {
        let doc = D::read(&std::fs::read(f).unwrap()).unwrap();
        let graph = NodeGraph::from_model(&doc.to_model()).unwrap();
        check_file(&f.display().to_string(), &graph, &oracle(&doc), &mut tally);
    }
    println!(
        "{folder}: {} files, {} paths, {} hops through traversal points",
        files.len(),
        tally.paths,
        tally.hops_with_points
    );
    assert!(
        tally.paths > min_paths,
        "only {} reachable pairs",
        tally.paths
    );
    assert!(
        tally.hops_with_points > min_points,
        "{}",
        tally.hops_with_points
    );
}

#[test]
fn quake_paths_are_optimal_and_carry_traversal_points() {
    check_folder("quake-nav", nav2, 1000, 100);
}

#[test]
fn quake2_paths_are_optimal_and_carry_traversal_points() {
    check_folder("quake2-nav", nav3, 100, 10);
}

#[test]
fn point_queries_on_a_quake_graph_list_the_traversal_points() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let f = files
        .iter()
        .find(|f| f.ends_with("v15_dm7.nav"))
        .expect("v15_dm7.nav in the corpus");
    let doc = QuakeNavDocument::read(&std::fs::read(f).unwrap()).unwrap();
    let graph = NodeGraph::from_model(&doc.to_model()).unwrap();
    let file = nav2(&doc);
    // A pair of nodes whose cheapest path jumps through traversal points.
    let mut search = GraphSearch::new(&graph);
    let (from, to, path) = (0..file.links.len())
        .flat_map(|i| file.links[i].iter().map(move |l| (i, l)))
        .filter(|(_, l)| !l.via.is_empty())
        .find_map(|(i, l)| {
            let p = search.path(i as u32, l.to as u32)?;
            p.hops
                .iter()
                .any(|h| !h.via.is_empty())
                .then_some((i, l.to, p))
        })
        .expect("a path through traversal points");
    let nav = Navigator::Graph(graph);
    let r = nav
        .find(&PathQuery::new(file.origin[from], file.origin[to]))
        .unwrap();
    assert!(r.reached_goal);
    assert_eq!(r.algo, "graph");
    // The command's answer lists the points between the nodes, and its length follows them.
    assert_eq!(r.waypoints, path.waypoints());
    assert!(r.waypoints.len() > r.corridor.len());
    let polyline: f64 = r.waypoints.windows(2).map(|w| dist(w[0], w[1])).sum();
    assert!(
        (polyline - r.length).abs() < 1e-6,
        "{polyline} vs {}",
        r.length
    );
}

#[test]
fn the_lossless_json_gives_the_same_graph_paths() {
    // The navjson text of a file converts to the same model links, traversal points included:
    // a path is the same whichever form of the file the model came from.
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let f = files
        .iter()
        .find(|f| f.ends_with("v15_dm7.nav"))
        .expect("v15_dm7.nav in the corpus");
    let doc = QuakeNavDocument::read(&std::fs::read(f).unwrap()).unwrap();
    let text = navforge_quake::navjson::to_navjson(&doc).unwrap();
    let back = navforge_quake::navjson::from_navjson(&text).unwrap();
    let (a, b) = (doc.to_model(), back.to_model());
    assert!(a.links.iter().filter(|l| l.traversal.is_some()).count() > 10);
    let (ga, gb) = (
        NodeGraph::from_model(&a).unwrap(),
        NodeGraph::from_model(&b).unwrap(),
    );
    let (mut sa, mut sb) = (GraphSearch::new(&ga), GraphSearch::new(&gb));
    let mut rng = Rng::new(11);
    let mut through_points = 0;
    for _ in 0..200 {
        let (x, y) = (rng.below(ga.len()) as u32, rng.below(ga.len()) as u32);
        let (pa, pb) = (sa.path(x, y), sb.path(x, y));
        through_points += usize::from(
            pa.as_ref()
                .is_some_and(|p| p.hops.iter().any(|h| !h.via.is_empty())),
        );
        assert_eq!(pa, pb, "{x}->{y}");
    }
    assert!(through_points > 10, "{through_points}");
}
