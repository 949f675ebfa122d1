//! `from_model`: a Source-style sample level and an existing waypoint graph become `NAV2` files
//! the game can load, which read back to the same graph.

use navforge_core::NavDocument;
use navforge_core::model::{Connection, ConnectionKind, Link, NavMesh, Node};
use navforge_quake::{QuakeNavDocument, from_model};

const CELL: f32 = 256.0;

/// `navforge demo`'s level, plus a connection that leaves the mesh (as Bethesda external links
/// do), which must be left out.
fn sample_mesh() -> NavMesh {
    let mut mesh = navforge_core::sample::courtyard();
    mesh.connections.push(Connection {
        from: 1,
        to: 1 << 63,
        kind: ConnectionKind::External,
        direction: None,
    });
    mesh
}

/// What the game's loader needs: contiguous ranges in node order, every index in range, and no
/// summary warning beyond the graph's own one-way links.
fn assert_loadable(doc: &QuakeNavDocument) {
    let mut next = 0usize;
    for (i, n) in doc.nodes.iter().enumerate() {
        assert_eq!(n.first_link as usize, next, "node {i} range not contiguous");
        next += n.link_count as usize;
    }
    assert_eq!(next, doc.links.len(), "links not all owned");
    for l in &doc.links {
        assert!((l.target as usize) < doc.nodes.len());
        assert_eq!(l.traversal, 0xFFFF);
    }
    let s = doc.summary();
    for w in &s.warnings {
        assert!(w.contains("one-way"), "v{}: {w}", doc.version);
    }
}

fn written_and_read(doc: &QuakeNavDocument) -> QuakeNavDocument {
    let bytes = doc.write().unwrap();
    let back = QuakeNavDocument::read(&bytes).unwrap();
    assert_eq!(&back, doc);
    assert_eq!(back.write().unwrap(), bytes);
    back
}

#[test]
fn the_sample_level_becomes_a_graph_of_one_node_per_area() {
    let mesh = sample_mesh();
    let area_ids: Vec<u64> = mesh.areas.iter().map(|a| a.id).collect();
    // Expected links as (from area, to area, kind): every connection inside the mesh, then the
    // ladder as a barrier jump from area 8 up to area 12.
    let mut expected: Vec<(u64, u64, ConnectionKind)> = mesh
        .connections
        .iter()
        .filter(|c| c.kind != ConnectionKind::External)
        .map(|c| (c.from, c.to, c.kind))
        .collect();
    expected.push((8, 12, ConnectionKind::BarrierJump));
    expected.sort_by_key(|e| (e.0, e.1));
    assert_eq!(expected.len(), 30);

    for version in 14..=18 {
        let doc = from_model(&mesh, version).unwrap();
        assert_loadable(&doc);
        let s = doc.summary();
        assert_eq!(s.details["one_way_links"]["walk off ledge"], 3);
        assert_eq!(s.details["one_way_links"]["barrier jump"], 1);
        assert_eq!(s.details["unreachable_nodes"], 0);
        let back = written_and_read(&doc);
        let m = back.to_model();
        assert_eq!(m.nodes.len(), 12, "v{version}");
        for (n, a) in m.nodes.iter().zip(&mesh.areas) {
            let c = [a.polygon[0][0] + CELL / 2.0, a.polygon[0][1] + CELL / 2.0];
            assert_eq!(n.position, [c[0], c[1], a.polygon[0][2]]);
            assert_eq!(n.radius, Some(128.0));
        }
        let mut got: Vec<(u64, u64, ConnectionKind)> = m
            .links
            .iter()
            .map(|l| (area_ids[l.from as usize], area_ids[l.to as usize], l.kind))
            .collect();
        got.sort_by_key(|e| (e.0, e.1));
        assert_eq!(got, expected, "v{version}");
        let drops = m.links.iter().filter(|l| l.kind == ConnectionKind::Drop);
        assert_eq!(drops.count(), 3);
        let ladder = m
            .links
            .iter()
            .find(|l| area_ids[l.from as usize] == 8 && area_ids[l.to as usize] == 12)
            .unwrap();
        let mask = (version >= 18).then_some(0xFF);
        assert_eq!(
            (ladder.kind, ladder.team_mask),
            (ConnectionKind::BarrierJump, mask)
        );
        assert_eq!(doc.links.iter().all(|l| l.team_mask == 0xFF), version >= 18);
        assert_eq!(doc.heuristic.is_some(), version >= 16);
    }
}

#[test]
fn a_graph_from_a_nav_file_round_trips_through_the_model() {
    for version in [15, 17, 18] {
        let doc = from_model(&sample_mesh(), version).unwrap();
        let again = from_model(&doc.to_model(), version).unwrap();
        assert_eq!(again, doc, "v{version}");
    }
}

#[test]
fn a_model_graph_keeps_its_nodes_flags_and_link_types() {
    let node = |id: u64, x: f32, flags: &[&str], radius: Option<f32>| Node {
        id,
        position: [x, 0.0, 24.0],
        flags: flags.iter().map(|s| s.to_string()).collect(),
        radius,
        group: 0,
    };
    let link = |from: u64, to: u64, kind: ConnectionKind, team_mask: Option<u8>| Link {
        from,
        to,
        kind,
        team_mask,
        cost: None,
        traversal: None,
    };
    let mesh = NavMesh {
        nodes: vec![
            node(10, 0.0, &["teleporter", "no-monsters"], Some(20.0)),
            node(20, 100.0, &["underwater", "some-other-format-flag"], None),
            node(30, 200.0, &[], Some(47.6)),
        ],
        links: vec![
            link(30, 10, ConnectionKind::Walk, None),
            link(10, 20, ConnectionKind::Jump, None),
            link(20, 30, ConnectionKind::Teleport, None),
            link(10, 30, ConnectionKind::Ladder, None),
            link(20, 10, ConnectionKind::ManualJump, Some(0x03)),
            link(20, 20, ConnectionKind::Elevator, None),
        ],
        ..Default::default()
    };
    let doc = from_model(&mesh, 18).unwrap();
    assert_loadable(&doc);
    let m = written_and_read(&doc).to_model();
    let names = |i: usize| m.nodes[i].flags.clone();
    assert_eq!(names(0), ["teleporter", "no-monsters"]);
    assert_eq!(names(1), ["underwater"]);
    assert!(names(2).is_empty());
    let radii: Vec<_> = m.nodes.iter().map(|n| n.radius).collect();
    assert_eq!(radii, [Some(20.0), Some(32.0), Some(48.0)]);
    let got: Vec<(u64, u64, ConnectionKind, Option<u8>)> = m
        .links
        .iter()
        .map(|l| (l.from, l.to, l.kind, l.team_mask))
        .collect();
    let all = Some(0xFF);
    assert_eq!(
        got,
        [
            (0, 1, ConnectionKind::LongJump, all),
            (0, 2, ConnectionKind::BarrierJump, all),
            (1, 2, ConnectionKind::Teleport, all),
            (1, 0, ConnectionKind::ManualJump, Some(0x03)),
            (1, 1, ConnectionKind::Elevator, all),
            (2, 0, ConnectionKind::Walk, all),
        ]
    );
    // Before v18 the high byte stays 0 whatever the link says.
    let v17 = from_model(&mesh, 17).unwrap();
    assert!(v17.links.iter().all(|l| l.team_mask == 0));
    assert!(v17.summary().warnings.iter().all(|w| w.contains("one-way")));
}

#[test]
fn impossible_models_are_refused_with_the_reason() {
    let mesh = sample_mesh();
    let e = from_model(&mesh, 13).unwrap_err().to_string();
    assert!(e.contains("version 13"), "{e}");
    let mut bad = mesh.clone();
    bad.areas[3].polygon[1][2] = f32::NAN;
    let e = from_model(&bad, 17).unwrap_err().to_string();
    assert!(e.contains("area 4"), "{e}");
    let mut dup = mesh.clone();
    dup.areas[1].id = 1;
    assert!(from_model(&dup, 17).is_err());
    let graph = NavMesh {
        nodes: vec![Node {
            id: 1,
            position: [0.0; 3],
            flags: vec![],
            radius: None,
            group: 0,
        }],
        links: vec![Link {
            from: 1,
            to: 2,
            kind: ConnectionKind::Walk,
            team_mask: None,
            cost: None,
            traversal: None,
        }],
        ..Default::default()
    };
    let e = from_model(&graph, 18).unwrap_err().to_string();
    assert!(e.contains("node 2"), "{e}");
}

#[test]
fn repeated_links_are_written_once_and_counted() {
    use navforge_core::BuildFromModel;
    let mut mesh = sample_mesh();
    let twice = mesh.connections[0].clone();
    mesh.connections.push(twice);
    let built =
        <QuakeNavDocument as BuildFromModel>::from_model(&mesh, &Default::default()).unwrap();
    let doc = &built.document;
    let mut seen = std::collections::HashSet::new();
    for (n, node) in doc.nodes.iter().enumerate() {
        let range = usize::from(node.first_link)..usize::from(node.first_link + node.link_count);
        for l in &doc.links[range] {
            assert!(
                seen.insert((n, l.target, l.kind)),
                "{n} -> {} twice",
                l.target
            );
        }
    }
    assert!(
        built
            .dropped
            .iter()
            .any(|d| d.what == "duplicate links" && d.count == 1),
        "{:?}",
        built.dropped
    );
}

/// Quake II graphs into `NAV2` (and so `.navjson`): every traversal's three points travel with
/// their link (NAV3's funnel, start and end are NAV2's node exit, jump start and jump end), and
/// what `NAV2` has no type for is counted, never retyped in silence.
#[test]
fn quake2_traversals_are_kept_and_rocket_jumps_reported() {
    use navforge_core::BuildFromModel;
    let Some(files) = navforge_core::testing::corpus_files("quake2-nav", ".nav") else {
        return;
    };
    let mut all_traversals = 0;
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let q2 = navforge_quake::Quake2NavDocument::read(&data).unwrap();
        let mesh = q2.to_model();
        let rockets = mesh
            .links
            .iter()
            .filter(|l| l.kind == ConnectionKind::RocketJump)
            .count();
        let options = navforge_quake::QuakeBuildOptions::new(navforge_quake::NavVersion::V15);
        let built = <QuakeNavDocument as BuildFromModel>::from_model(&mesh, &options).unwrap();
        let count = |prefix: &str| {
            built
                .dropped
                .iter()
                .filter(|d| d.what.starts_with(prefix))
                .map(|d| d.count)
                .sum::<usize>()
        };
        let name = f.display();
        let doc = &built.document;
        assert_eq!(count("duplicate links"), 0, "{name}");

        // The same points, link by link, in the file's own order.
        let points = |v: [[f32; 3]; 3]| v.map(|p| p.map(f32::to_bits));
        let source: Vec<_> = q2
            .links
            .iter()
            .filter(|l| (l.target as usize) < q2.nodes.len())
            .map(|l| {
                q2.traversal_of(l)
                    .map(|t| points([t.funnel, t.start, t.end].map(|p| p.map(|c| c.get()))))
            })
            .collect();
        let mut written: Vec<_> = Vec::new();
        for node in &doc.nodes {
            let range = node.first_link as usize..(node.first_link + node.link_count) as usize;
            for l in &doc.links[range] {
                written.push(doc.traversal_of(l).map(|t| {
                    points([t.node_exit, t.jump_start, t.jump_end].map(|p| p.map(|c| c.get())))
                }));
            }
        }
        assert_eq!(written, source, "{name}");
        let kept = written.iter().flatten().count();
        assert_eq!(kept, doc.traversals.len(), "{name}: no stray traversals");
        all_traversals += kept;

        assert_eq!(
            count("rocket jump links"),
            rockets,
            "{name}: {:?}",
            built.dropped
        );
    }
    assert!(all_traversals > 0, "the Quake II corpus has traversals");
}
