//! `unconnected_places`: the pairs of places the level connects that a graph does not, checked
//! on the dev pairs against the game's graph and ours.

use navforge_core::NavDocument;
use navforge_core::model::ConnectionKind;
use navforge_core::testing::corpus_dir;
use navforge_level::Level;
use navforge_quake::QuakeNavDocument;
use navforge_quake_graph::{QuakeGraphOptions, generate_graph, load_options, unconnected_places};

fn pair(map: &str) -> Option<(Level, QuakeNavDocument)> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join(format!("{map}.bsp"))).expect("read bsp");
    let nav = std::fs::read(dir.join(format!("{map}.nav"))).expect("read nav");
    Some((
        Level::load(&bsp, &load_options()).expect("load level"),
        QuakeNavDocument::read(&nav).expect("read the game's graph"),
    ))
}

/// Our own graph has every connection the level has; cutting its teleport from the start room
/// to the arena on end makes exactly that pair appear, at the link's positions.
#[test]
fn a_cut_teleport_is_listed_with_its_places() {
    let Some((level, _)) = pair("quake_hipnotic_end") else {
        return;
    };
    let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level)).expect("generate");
    let ours = out.document.to_model();
    assert!(unconnected_places(&ours, &ours, 64.0).is_empty());
    let cut = ours
        .links
        .iter()
        .position(|l| {
            l.kind == ConnectionKind::Teleport && {
                let n = &ours.nodes[l.from as usize].position;
                (n[0] + 448.0).abs() < 48.0 && (n[1] - 420.0).abs() < 48.0
            }
        })
        .expect("the corridor's teleport");
    let link = ours.links[cut].clone();
    let mut broken = ours.clone();
    broken.links.remove(cut);
    let found = unconnected_places(&ours, &broken, 64.0);
    println!("{} pairs: {:#?}", found.len(), found);
    let at = |id: u64| {
        ours.nodes
            .iter()
            .find(|n| n.id == id)
            .expect("node")
            .position
    };
    assert!(
        found.iter().any(|u| u.kind == ConnectionKind::Teleport
            && u.from == at(link.from)
            && u.to == at(link.to)
            && u.graph_from == Some(link.from)
            && u.graph_to == Some(link.to)),
        "the cut teleport is not listed: {found:?}"
    );
}

/// The game's graph of hip1m4 against the level: what the level connects that the game's graph
/// does not is listed with positions, no pair of graph nodes twice, none a pair the game
/// connects, and a short list (one per cut, not one per move).
#[test]
fn the_games_hip1m4_graph_is_checked_against_the_level() {
    let Some((level, game)) = pair("quake_hipnotic_hip1m4") else {
        return;
    };
    let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level)).expect("generate");
    let ours = out.document.to_model();
    let theirs = game.to_model();
    let found = unconnected_places(&ours, &theirs, 64.0);
    println!("{} pairs", found.len());
    for u in found.iter().take(20) {
        println!("  {u}");
    }
    assert!(!found.is_empty());
    assert!(found.len() < 400, "{} pairs", found.len());
    let mut keys: Vec<_> = found.iter().map(|u| (u.graph_from, u.graph_to)).collect();
    let with_both = keys
        .iter()
        .filter(|k| k.0.is_some() && k.1.is_some())
        .count();
    keys.retain(|k| k.0.is_some() && k.1.is_some());
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), with_both, "a pair of graph nodes listed twice");
    // Every pair listed between two graph nodes really has no path in the game's graph.
    let mut adj = std::collections::HashMap::<u64, Vec<u64>>::new();
    for l in &theirs.links {
        adj.entry(l.from).or_default().push(l.to);
    }
    for (a, b) in keys {
        let (a, b) = (a.unwrap(), b.unwrap());
        let mut seen = std::collections::HashSet::from([a]);
        let mut stack = vec![a];
        while let Some(u) = stack.pop() {
            for &v in adj.get(&u).into_iter().flatten() {
                if seen.insert(v) {
                    stack.push(v);
                }
            }
        }
        assert!(
            !seen.contains(&b),
            "{a} -> {b} is connected in the game's graph"
        );
    }
}
