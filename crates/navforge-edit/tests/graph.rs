//! Quake graph editing (`NAV2` and `NAV3`): nodes added, moved, flagged and deleted; links of
//! every type added and deleted with their traversals and edicts; the tables kept in the game's
//! layout; undo and redo to the byte.

mod common;

use navforge_core::NavDocument;
use navforge_edit::{EditError, GraphEditor, Session};
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};

fn run(e: &mut GraphEditor, line: &str) -> String {
    e.run_line(line)
        .unwrap_or_else(|err| panic!("`{line}` failed: {err}"))
        .map(|o| o.message)
        .unwrap_or_default()
}

fn refused(e: &mut GraphEditor, line: &str, why: &str) {
    let before = e.write().unwrap();
    let hist = e.history_len();
    let err = e.run_line(line).expect_err(line).to_string();
    assert!(err.contains(why), "`{line}`: {err}");
    assert_eq!(e.write().unwrap(), before, "`{line}` changed the graph");
    assert_eq!(e.history_len(), hist);
}

/// The summary warnings that mean a broken table (not one-way links or unreachable nodes,
/// which edits may make on purpose).
fn broken(e: &GraphEditor) -> Vec<String> {
    e.summary()
        .unwrap()
        .warnings
        .into_iter()
        .filter(|w| common::BROKEN_TABLE.iter().any(|k| w.contains(k)))
        .collect()
}

fn corpus(dir: &str, name: &str) -> Option<Vec<u8>> {
    let d = navforge_core::testing::corpus_dir(dir)?;
    Some(std::fs::read(d.join(name)).unwrap())
}

#[test]
fn nodes_are_added_moved_flagged_and_deleted_with_their_links() {
    let bytes = QuakeNavDocument::new(18).write().unwrap();
    let mut e = GraphEditor::read(&bytes).unwrap();
    assert!(run(&mut e, "node add 0,0,24").contains("added node 0"));
    run(&mut e, "node add 128,0,24 radius 20 +hazard");
    run(&mut e, "node add 128,128,24");
    run(&mut e, "link add 0 1 walk both");
    run(
        &mut e,
        "link add 1 2 long-jump traversal 140,0,24 150,0,24 128,110,40",
    );
    run(&mut e, "link add 2 0 elevator edict 16 -8,-8,0 8,8,64");
    let doc = e.quake_document().unwrap();
    assert_eq!(doc.nodes[1].radius, 20);
    assert_eq!(doc.nodes[1].flags, 1 << 5);
    assert_eq!(doc.nodes[0].radius, 32, "the default radius");
    // The tables stay in the game's layout: each node's links together, in node order.
    let ranges: Vec<(u16, u16)> = doc
        .nodes
        .iter()
        .map(|n| (n.first_link, n.link_count))
        .collect();
    assert_eq!(ranges, [(0, 1), (1, 2), (3, 1)]);
    assert_eq!(
        doc.links.iter().map(|l| l.target).collect::<Vec<_>>(),
        [1, 0, 2, 0]
    );
    assert_eq!(doc.links[2].traversal, 0, "the long jump's traversal");
    assert_eq!(doc.links[0].team_mask, 0xFF, "v18: all teams");
    assert_eq!(doc.edicts.len(), 1);
    assert_eq!(doc.edicts[0].link, 3);
    assert_eq!(
        doc.edicts[0].entity_index(),
        Some(16),
        "func_door_16 is entity 16"
    );
    assert!(broken(&e).is_empty(), "{:?}", broken(&e));

    run(&mut e, "node flags 1 -hazard +underwater ~bit12");
    assert_eq!(
        e.quake_document().unwrap().nodes[1].flags,
        (1 << 4) | (1 << 12)
    );
    run(&mut e, "node move 2 100,120,30");
    run(&mut e, "node radius 2 48");
    let shown = run(&mut e, "show 2");
    assert!(
        shown.contains("at (100, 120, 30), radius 48") && shown.contains("0 (elevator, edict)"),
        "{shown}"
    );

    // Deleting node 1 removes its links out and in, the long jump's traversal, and renumbers
    // node 2 to 1; the elevator link and its edict stay, the edict's link index follows.
    let msg = run(&mut e, "node delete 1");
    assert!(msg.contains("3 link(s)"), "{msg}");
    let doc = e.quake_document().unwrap();
    assert_eq!(doc.nodes.len(), 2);
    assert_eq!(doc.links.iter().map(|l| l.target).collect::<Vec<_>>(), [0]);
    assert_eq!(
        (
            doc.nodes[0].link_count,
            doc.nodes[1].first_link,
            doc.nodes[1].link_count
        ),
        (0, 0, 1)
    );
    assert!(doc.traversals.is_empty());
    assert_eq!(doc.edicts.len(), 1);
    assert_eq!(doc.edicts[0].link, 0);
    assert!(broken(&e).is_empty(), "{:?}", broken(&e));

    let (n, _) = e.history_len();
    run(&mut e, &format!("undo {n}"));
    assert_eq!(e.write().unwrap(), bytes);
    run(&mut e, &format!("redo {n}"));
    assert_eq!(e.node_count(), 2);
}

#[test]
fn links_of_every_type_in_both_games() {
    for (doc, types) in [
        (QuakeNavDocument::new(17).write().unwrap(), 10),
        (
            Quake2NavDocument {
                format: navforge_quake::Quake2NavTag,
                version: 6,
                heuristic: navforge_core::F32::new(0.8),
                nodes: Vec::new(),
                links: Vec::new(),
                traversals: Vec::new(),
                edicts: Vec::new(),
                trailing: Default::default(),
            }
            .write()
            .unwrap(),
            15,
        ),
    ] {
        let mut e = GraphEditor::read(&doc).unwrap();
        let names = e.link_type_names();
        assert_eq!(names.len(), types);
        for i in 0..=types {
            run(&mut e, &format!("node add {},0,0", i * 64));
        }
        for (code, name) in names.iter().enumerate() {
            let name = name.replace(' ', "-");
            let extra = if code % 2 == 0 {
                " traversal 0,0,0 1,1,1 2,2,2"
            } else {
                ""
            };
            run(
                &mut e,
                &format!("link add {code} {} {name}{extra}", code + 1),
            );
        }
        let model = e.to_model().unwrap();
        assert_eq!(model.links.len(), types);
        if let Some(q2) = e.quake2_document() {
            assert_eq!(
                q2.links[0].flags, 0b11,
                "NAV3: red and blue teams, as real links"
            );
            assert_eq!(
                q2.traversals[0].ladder_plane,
                Some([navforge_core::F32::ZERO; 3])
            );
            assert_eq!(q2.links[1].type_name(), "long jump");
        } else {
            let q = e.quake_document().unwrap();
            assert_eq!(q.links[3].link_type().name(), "walk off ledge");
            assert_eq!(q.links[0].team_mask, 0, "before v18 the high byte is zero");
        }
        // Delete each type again, by name, and all the traversals go with them.
        for (code, name) in names.iter().enumerate() {
            run(
                &mut e,
                &format!("link delete {code} {} {}", code + 1, name.replace(' ', "_")),
            );
        }
        assert_eq!(e.link_count(), 0);
        let g = e.to_model().unwrap();
        assert!(g.links.is_empty());
        assert!(e.write().unwrap().len() < doc.len() + 20 * (types + 1) + 16);
        let (n, _) = e.history_len();
        run(&mut e, &format!("undo {n}"));
        assert_eq!(e.write().unwrap(), doc);
    }
}

/// An edict naming the last link index the file holds cannot move up when a link goes before
/// it: the edit is refused (it used to succeed and leave a graph that no longer wrote).
#[test]
fn a_link_before_an_edict_at_the_last_index_is_refused() {
    let mut doc = QuakeNavDocument::new(18);
    for x in [0.0, 100.0] {
        doc.nodes.push(navforge_quake::Node {
            flags: 0,
            link_count: 0,
            first_link: 0,
            radius: 32,
            origin: [x, 0.0, 0.0].map(navforge_core::F32::new),
        });
    }
    doc.edicts.push(navforge_quake::Edict {
        link: u16::MAX,
        mins: Default::default(),
        maxs: Default::default(),
        target: navforge_quake::EdictTarget::EntityId(-2),
    });
    let mut e = GraphEditor::from_quake(doc.clone());
    refused(&mut e, "link add 0 1", "an edict names link 65535");
    // With room above it, the edict moves up with the links after the new one, and back.
    doc.edicts[0].link = 5;
    let before = doc.write().unwrap();
    let mut e = GraphEditor::from_quake(doc);
    run(&mut e, "link add 0 1");
    assert_eq!(e.quake_document().unwrap().edicts[0].link, 6);
    run(&mut e, "undo");
    assert_eq!(e.write().unwrap(), before);
}

#[test]
fn bad_graph_commands_are_refused_and_change_nothing() {
    let bytes = QuakeNavDocument::new(15).write().unwrap();
    let mut e = GraphEditor::read(&bytes).unwrap();
    for i in 0..14 {
        run(&mut e, &format!("node add {},0,0", i * 10));
    }
    for t in 1..13 {
        run(&mut e, &format!("link add 0 {t}"));
    }
    refused(&mut e, "link add 0 13", "12 links, the most");
    refused(&mut e, "link add 1 1", "cannot link to itself");
    refused(
        &mut e,
        "link add 0 1 walk",
        "already links to node 1 (walk)",
    );
    refused(&mut e, "link add 1 2 hover", "no link type `hover`");
    refused(&mut e, "link add 1 99", "no node 99");
    refused(
        &mut e,
        "link add 1 2 walk plane 0,0,1",
        "a ladder plane belongs to a traversal",
    );
    refused(
        &mut e,
        "link add 1 2 walk traversal 0,0,0 0,0,0 0,0,0 plane 0,0,1",
        "have no ladder plane",
    );
    refused(
        &mut e,
        "link add 1 2 walk both edict 3 0,0,0 1,1,1",
        "belongs to one direction",
    );
    refused(&mut e, "link delete 1 2", "node 1 has no link to node 2");
    refused(&mut e, "link delete 0 1 teleport", "of type teleport");
    refused(&mut e, "node flags 3 +floating", "no node flag `floating`");
    refused(&mut e, "node radius 3 70000", "does not fit");
    refused(&mut e, "node delete 14", "no node 14");
    refused(&mut e, "node move 99 0,0,0", "no node 99");
    assert!(matches!(e.run_line("frobnicate"), Err(EditError::Parse(_))));
    refused(&mut e, "node add 1,2", "not a point");
    // v14 names edicts' entities by engine string ids: navforge does not make those up.
    let mut old = GraphEditor::read(&QuakeNavDocument::new(14).write().unwrap()).unwrap();
    run(&mut old, "node add 0,0,0");
    run(&mut old, "node add 1,0,0");
    refused(
        &mut old,
        "link add 0 1 elevator edict 5 0,0,0 1,1,1",
        "cannot write yet",
    );
}

#[test]
fn deleting_a_real_node_removes_every_reference_to_it() {
    let Some(data) = corpus("quake-nav", "v15_hip1m5.nav") else {
        return;
    };
    let doc = QuakeNavDocument::read(&data).unwrap();
    // A node whose outgoing links carry both traversals and edicts.
    let node = (0..doc.nodes.len())
        .find(|&n| {
            let ls = doc.node_links(n);
            let first = doc.nodes[n].first_link as usize;
            ls.iter().any(|l| l.has_traversal())
                && (first..first + ls.len())
                    .any(|l| doc.edicts.iter().any(|e| e.link as usize == l))
        })
        .expect("a node with traversals and edicts");
    let first = doc.nodes[node].first_link as usize;
    let out: Vec<usize> = (first..first + doc.nodes[node].link_count as usize).collect();
    let incoming: Vec<usize> = (0..doc.links.len())
        .filter(|&l| doc.links[l].target as usize == node)
        .collect();
    let gone: std::collections::BTreeSet<usize> = out.iter().chain(&incoming).copied().collect();
    let traversals_gone = gone
        .iter()
        .filter(|&&l| doc.links[l].has_traversal())
        .count();
    let edicts_gone = doc
        .edicts
        .iter()
        .filter(|e| gone.contains(&(e.link as usize)))
        .count();

    let mut e = GraphEditor::read(&data).unwrap();
    let before = broken(&e);
    run(&mut e, &format!("node delete {node}"));
    let after = e.quake_document().unwrap();
    assert_eq!(after.nodes.len(), doc.nodes.len() - 1);
    assert_eq!(after.links.len(), doc.links.len() - gone.len());
    assert_eq!(
        after.traversals.len(),
        doc.traversals.len() - traversals_gone
    );
    assert_eq!(after.edicts.len(), doc.edicts.len() - edicts_gone);
    // No link, traversal or edict names the node or a removed entry; nodes after it moved down.
    assert!(
        after
            .links
            .iter()
            .all(|l| (l.target as usize) < after.nodes.len())
    );
    let moved = &after.nodes[node];
    assert_eq!(moved.origin, doc.nodes[node + 1].origin);
    assert_eq!(broken(&e), before);
    // The surviving edicts still sit on links of the same type as before.
    let kinds_before: Vec<u8> = doc
        .edicts
        .iter()
        .filter(|x| !gone.contains(&(x.link as usize)))
        .map(|x| doc.links[x.link as usize].kind)
        .collect();
    let kinds_after: Vec<u8> = after
        .edicts
        .iter()
        .map(|x| after.links[x.link as usize].kind)
        .collect();
    assert_eq!(kinds_before, kinds_after);
    run(&mut e, "undo");
    assert_eq!(e.write().unwrap(), data);
}

#[test]
fn quake2_graphs_edit_the_same_way() {
    let Some(data) = corpus("quake2-nav", "q2rr_q2dm1.nav") else {
        return;
    };
    let mut s = navforge_edit::open(&data).unwrap();
    assert_eq!(s.format(), navforge_core::Format::Quake2Nav);
    let Session::Graph(e) = &mut s else {
        panic!("a graph")
    };
    let n = e.node_count();
    // Node 79 has no links (the file keeps such nodes at their place in the link table).
    run(e, "link add 79 80 crouch");
    run(e, "node add 0,0,0 +ladder");
    run(
        e,
        &format!("link add {n} 79 ladder traversal 0,0,0 0,0,8 0,0,64 plane 0,1,0"),
    );
    let q = e.quake2_document().unwrap();
    assert_eq!(q.nodes[79].link_count, 1);
    assert_eq!(
        q.traversals.last().unwrap().ladder_plane.unwrap()[1].get(),
        1.0
    );
    assert!(broken(e).is_empty(), "{:?}", broken(e));
    run(e, "node delete 79");
    assert!(broken(e).is_empty(), "{:?}", broken(e));
    run(e, "undo 4");
    assert_eq!(e.write().unwrap(), data);
}

#[test]
fn diff_matches_nodes_by_position_and_names_what_changed() {
    let Some(data) = corpus("quake-nav", "v18_rogue_dm8.nav") else {
        return;
    };
    let before = GraphEditor::read(&data).unwrap();
    let mut e = before.clone();
    // Node 5 links to 52 by a walk off a ledge with a traversal: give it other jump points.
    let old = e.quake_document().unwrap();
    assert!(
        old.node_links(5)
            .iter()
            .any(|l| l.target == 52 && l.has_traversal())
    );
    run(&mut e, "link delete 5 52");
    run(
        &mut e,
        "link add 5 52 walk-off-ledge traversal 1,2,3 4,5,6 7,8,9",
    );
    run(&mut e, "node move 40 0,0,0");
    run(&mut e, "node delete 10");
    let d = before.diff_to(&e);
    // One node removed; the moved one is changed (and renumbered), not removed and added; the
    // rest are matched despite the renumbering.
    assert_eq!(d.nodes_removed, [10]);
    assert!(d.nodes_added.is_empty(), "{d}");
    assert_eq!(d.nodes_changed.len(), 1, "{d}");
    let c = &d.nodes_changed[0];
    assert_eq!(
        (c.old, c.new, c.fields.as_slice()),
        (40, 39, &["origin"][..])
    );
    assert_eq!(d.links_changed.len(), 1, "{d}");
    let l = &d.links_changed[0];
    assert_eq!(
        (l.link.from, l.link.to, l.link.kind.as_str()),
        (5, 51, "walk off ledge")
    );
    assert_eq!(l.fields, ["traversal"]);
    // The links removed are node 10's, out and in, by the old numbers.
    assert!(!d.links_removed.is_empty());
    assert!(
        d.links_removed.iter().all(|l| l.from == 10 || l.to == 10),
        "{d}"
    );
    assert!(d.links_added.is_empty(), "{d}");
    // A graph compared with itself: nothing.
    assert!(before.diff_to(&before).is_empty());
}
