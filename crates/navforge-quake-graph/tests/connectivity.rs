//! Connectivity before writing: the 12-links-a-node cap must not cut the graph into islands the
//! level connects. `repair_cuts` finds each link the cap left out whose ends the kept links no
//! longer join, and puts it back in place of a link the rest make up for.

use navforge_level::Vec3;
use navforge_quake_graph::{GraphLink, GraphNode, LinkType, NodeKind, cap_links, repair_cuts};

fn node(x: f32) -> GraphNode {
    GraphNode {
        origin: Vec3::new(x, 0.0, 0.0),
        radius: 16,
        flags: 0,
        entity: None,
        kind: NodeKind::Lattice,
    }
}

fn walk(from: u32, to: u32) -> GraphLink {
    GraphLink {
        from,
        to,
        kind: LinkType::Walk,
        traversal: None,
        edict: None,
    }
}

/// Node 0 walks to 13 others; the cap keeps its 12 shortest and leaves out the only way to the
/// farthest (node 13). Node 1 also walks to node 2, so 0 -> 2 is the link the rest make up for.
fn star(extra: bool) -> (Vec<GraphNode>, Vec<GraphLink>) {
    let nodes: Vec<GraphNode> = (0..14).map(|i| node(i as f32 * 10.0)).collect();
    let mut links: Vec<GraphLink> = (1..14).map(|i| walk(0, i)).collect();
    if extra {
        links.push(walk(1, 2));
    }
    (nodes, links)
}

#[test]
fn a_link_the_cap_cut_is_put_back_in_place_of_one_the_rest_make_up_for() {
    let (nodes, all) = star(true);
    let mut kept = cap_links(&nodes, all.clone(), 12);
    assert!(
        !kept.iter().any(|l| (l.from, l.to) == (0, 13)),
        "the cap cuts 0 -> 13"
    );
    assert_eq!(repair_cuts(&nodes, &all, &mut kept, 12), (1, 1));
    let own: Vec<u32> = kept.iter().filter(|l| l.from == 0).map(|l| l.to).collect();
    assert_eq!(own.len(), 12, "still at most 12 links: {own:?}");
    assert!(own.contains(&13), "0 -> 13 is back: {own:?}");
    assert!(
        !own.contains(&2),
        "0 -> 2 (reached through 1) made room: {own:?}"
    );
    // Nothing left to repair.
    assert_eq!(repair_cuts(&nodes, &all, &mut kept, 12), (0, 0));
}

#[test]
fn a_cut_with_no_spare_link_is_reported_and_left() {
    let (nodes, all) = star(false);
    let mut kept = cap_links(&nodes, all.clone(), 12);
    let before = kept.clone();
    assert_eq!(repair_cuts(&nodes, &all, &mut kept, 12), (1, 0));
    assert_eq!(kept, before);
}

#[test]
fn a_node_under_the_cap_gets_the_link_added() {
    let (nodes, all) = star(false);
    // A stricter set: only what the cap would keep at 12, then checked at a cap of 13.
    let mut kept = cap_links(&nodes, all.clone(), 12);
    assert_eq!(repair_cuts(&nodes, &all, &mut kept, 13), (1, 1));
    assert_eq!(kept.iter().filter(|l| l.from == 0).count(), 13);
}
