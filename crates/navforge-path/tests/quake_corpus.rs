//! Graph A* on real Quake bot graphs: costs equal a plain Dijkstra's, and every hop follows a
//! real link of the file, its type named.

use std::collections::HashMap;

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_files};
use navforge_path::{GraphSearch, NodeGraph};
use navforge_quake::QuakeNavDocument;

#[test]
fn graph_paths_are_optimal_and_follow_links() {
    let Some(files) = corpus_files("quake-nav", ".nav") else {
        return;
    };
    let mut total = 0;
    for f in files.iter().take(12) {
        let mesh = QuakeNavDocument::read(&std::fs::read(f).unwrap())
            .unwrap()
            .to_model();
        let graph = NodeGraph::from_model(&mesh).unwrap();
        let links: HashMap<(u64, u64), Vec<&navforge_core::model::Link>> =
            mesh.links.iter().fold(HashMap::new(), |mut m, l| {
                m.entry((l.from, l.to)).or_default().push(l);
                m
            });
        let mut search = GraphSearch::new(&graph);
        let mut rng = Rng::new(3);
        for _ in 0..60 {
            let a = rng.below(graph.len()) as u32;
            let b = rng.below(graph.len()) as u32;
            let ours = search.path(a, b);
            let oracle = pathfinding::directed::dijkstra::dijkstra(
                &a,
                |&x| {
                    graph
                        .links(x)
                        .map(|(y, c)| (y, (c * 1e6).round() as u64))
                        .collect::<Vec<_>>()
                },
                |&x| x == b,
            );
            match (ours, oracle) {
                (Some(p), Some((_, c))) => {
                    let c = c as f64 / 1e6;
                    assert!(
                        (p.cost - c).abs() <= 1e-3 + 1e-6 * c,
                        "{}: {} vs {c}",
                        f.display(),
                        p.cost
                    );
                    for w in p.hops.windows(2) {
                        let l = links
                            .get(&(w[0].node, w[1].node))
                            .expect("hop follows a link");
                        assert!(
                            l.iter()
                                .any(|l| Some(l.kind) == w[1].kind && l.team_mask == w[1].team_mask)
                        );
                    }
                    total += 1;
                }
                (None, None) => {}
                (ours, oracle) => panic!(
                    "{}: {a}->{b}: ours {ours:?}, Dijkstra {oracle:?}",
                    f.display()
                ),
            }
        }
    }
    assert!(total > 100, "only {total} reachable pairs");
}
