//! The 10 real files: byte-exact round trips, JSON round trips, decoding and summaries.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_mgsv::{Adjacent, Nav2Document, sniff};
use std::path::PathBuf;

fn files() -> Option<Vec<PathBuf>> {
    let files = corpus_files("mgsv-nav2", ".nav2")?;
    assert_eq!(files.len(), 10);
    Some(files)
}

fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

/// Every corpus file as (name, document); `game_only` leaves out the Obj2Nav2 exports.
fn documents(game_only: bool) -> Option<Vec<(String, Nav2Document)>> {
    let docs = files()?.into_iter().map(|f| {
        let doc = Nav2Document::read(&std::fs::read(&f).unwrap()).unwrap();
        (name(&f), doc)
    });
    Some(
        docs.filter(|(_, d)| !(game_only && d.variant().starts_with("Obj2Nav2")))
            .collect(),
    )
}

fn read(name_part: &str) -> Option<(Vec<u8>, Nav2Document)> {
    let f = files()?
        .into_iter()
        .find(|f| name(f).contains(name_part))
        .unwrap();
    let data = std::fs::read(&f).unwrap();
    let doc = Nav2Document::read(&data).unwrap();
    Some((data, doc))
}

#[test]
fn corpus_round_trips_byte_for_byte() {
    let Some(files) = files() else { return };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        assert!(sniff(&data));
        let doc = Nav2Document::read(&data).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let out = doc.write().unwrap();
        let first = out.iter().zip(&data).position(|(a, b)| a != b);
        assert!(
            out == data,
            "{}: differs (len {} vs {}, first diff {first:?})",
            name(&f),
            out.len(),
            data.len()
        );
    }
}

#[test]
fn corpus_round_trips_through_json() {
    let Some(files) = files() else { return };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let doc = Nav2Document::read(&data).unwrap();
        let json = serde_json::to_string(&doc).unwrap();
        let back: Nav2Document = serde_json::from_str(&json).unwrap();
        assert_eq!(back, doc, "{}", name(&f));
        assert_eq!(back.write().unwrap(), data, "{}: JSON round trip", name(&f));
    }
}

#[test]
fn parsed_structures_cover_every_nonzero_byte() {
    // Every non-zero byte of every corpus file belongs to a parsed structure: only zero padding
    // (and the zero tail of obj2nav2_old) is left to the writer's zero fill.
    let Some(files) = files() else { return };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let doc = Nav2Document::read(&data).unwrap();
        assert!(doc.gaps.is_empty(), "{}: {} gaps", name(&f), doc.gaps.len());
    }
}

#[test]
fn old_obj2nav2_file_with_short_size_field_round_trips_and_warns() {
    let Some((data, doc)) = read("obj2nav2_old") else {
        return;
    };
    assert_eq!(doc.header.file_size, 3200);
    assert_eq!(data.len(), 3226);
    assert_eq!(doc.file_len, 3226);
    assert_eq!(doc.write().unwrap(), data);
    let s = doc.summary();
    assert!(
        s.warnings.iter().any(|w| w.contains("3200")),
        "{:?}",
        s.warnings
    );
}

#[test]
fn sahelan_decodes_to_a_consistent_mesh() {
    let Some((_, doc)) = read("tpp_s13500_nav_sahelan") else {
        return;
    };
    let mesh = doc.mesh();
    assert!(mesh.warnings.is_empty(), "{:?}", mesh.warnings);
    assert_eq!(mesh.groups.len(), 1);
    let g = &mesh.groups[0];
    assert_eq!(g.group_id, 4);
    assert_eq!(g.faces.len(), 1215);
    assert_eq!(g.vertices.len(), 1613);
    assert_eq!(g.segments.len(), 199);
    let mut links = 0;
    for (i, f) in g.faces.iter().enumerate() {
        assert_eq!(f.vertices.len(), 3);
        for &v in &f.vertices {
            assert!((v as usize) < g.vertices.len(), "face {i} vertex {v}");
        }
        let seg = &g.segments[f.segment as usize];
        for &v in &f.vertices {
            assert!((seg.first_vertex..seg.first_vertex + seg.vertex_count).contains(&v));
        }
        for (k, a) in f.adjacent.iter().enumerate() {
            match a {
                Adjacent::Face(o) => {
                    links += 1;
                    let other = &g.faces[*o as usize];
                    let back = other
                        .adjacent
                        .iter()
                        .position(|b| *b == Adjacent::Face(i as u32));
                    let kb = back.unwrap_or_else(|| panic!("face {i} -> {o} not mutual"));
                    // The shared edge joins the same two positions.
                    let p = |f: &navforge_mgsv::MeshFace, k: usize| {
                        [
                            g.vertices[f.vertices[k] as usize],
                            g.vertices[f.vertices[(k + 1) % 3] as usize],
                        ]
                    };
                    let (a2, b2) = (p(f, k), p(other, kb));
                    assert!(
                        a2[0] == b2[1] && a2[1] == b2[0] || a2 == b2,
                        "face {i} edge {k}"
                    );
                }
                Adjacent::None => {}
                other => panic!("unexpected {other:?} in a standalone file"),
            }
        }
    }
    assert_eq!(links, 2864);
    // NavWorld: one node per segment edge; edges resolve to nodes of their own segment.
    assert_eq!(g.nodes.len(), 2629);
    assert_eq!(g.edges.len(), 3645);
    for e in &g.edges {
        assert_eq!(g.nodes[e.from as usize].segment, e.segment);
        assert_eq!(g.nodes[e.to as usize].segment, e.segment);
        // Weight ≈ distance × header u1h (25 here).
        let (a, b) = (
            g.nodes[e.from as usize].position,
            g.nodes[e.to as usize].position,
        );
        let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
        assert!(
            (e.weight as f32 / (d * 25.0)) > 0.85 && (e.weight as f32 / (d * 25.0)) < 1.05,
            "{e:?} {d}"
        );
    }
    for n in &g.nodes {
        assert!((n.face as usize) < g.faces.len());
        for &(m, e) in &n.neighbours {
            assert!((m as usize) < g.nodes.len() && (e as usize) < g.edges.len());
        }
    }
    // The model: areas = faces, connections = mutual adjacency, nodes/links present.
    let model = doc.to_model();
    assert_eq!(model.areas.len(), 1215);
    assert_eq!(model.connections.len(), 2864);
    assert_eq!(model.groups.len(), 199);
    assert_eq!(model.groups[3].name, "group4/segment3");
    assert!(model.links.iter().any(|l| l.cost.is_some()));
    let s = doc.summary();
    assert_eq!(s.counts.areas, 1215);
    assert_eq!(s.counts.connections, 3645);
    assert_eq!(s.counts.extra["segments"], 199);
    assert_eq!(s.counts.extra["graph_nodes"], 2629);
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

#[test]
fn every_corpus_file_decodes_without_warnings_except_known() {
    let Some(files) = files() else { return };
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let doc = Nav2Document::read(&data).unwrap();
        let s = doc.summary();
        eprintln!(
            "{}: {} | counts {:?} | warnings {:?}",
            name(&f),
            s.variant.clone().unwrap_or_default(),
            s.counts.extra,
            s.warnings
        );
        let n = name(&f);
        if n == "obj2nav2_old.nav2" {
            // Its short size field is checked in its own test; one segment, so no segment bits.
            assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
        } else if doc.variant().starts_with("Obj2Nav2") {
            // obj2nav2_test and tpp_unsa_nav01 (a mod file: Obj2Nav2's constant header bytes and
            // manifest size convention).
            // Obj2Nav2 leaves the segment bits of the face offsets 0.
            assert!(
                s.warnings.iter().any(|w| w.contains("segment bits")),
                "{n}: {:?}",
                s.warnings
            );
        } else {
            assert!(s.warnings.is_empty(), "{n}: {:?}", s.warnings);
        }
    }
}

#[test]
fn tiled_survive_file_has_groups_and_tile_code() {
    let Some((_, doc)) = read("ssav_140_130_nav.nav2") else {
        return;
    };
    let mesh = doc.mesh();
    let ids: Vec<u8> = mesh.groups.iter().map(|g| g.group_id).collect();
    assert_eq!(ids, [1, 2, 3, 4]);
    // Tile code: bits 7.. of the 24-bit header field hold X+32 and Z+32, matching the origin.
    let s = doc.summary();
    assert_eq!(s.details["tile"], serde_json::json!({"x": 7, "z": -3}));
    assert_eq!(doc.header.origin[0].get(), 7.0 * 128.0);
    assert_eq!(doc.header.origin[2].get(), -3.0 * 128.0);
    // Every entry repeats the tile code in u2/n3.
    for e in &doc.entries {
        assert_eq!(e.u2, doc.header.tile[0]);
        assert_eq!(
            e.n3,
            u16::from_le_bytes([doc.header.tile[1], doc.header.tile[2]])
        );
    }
    // Border groups link to other groups / tiles with flagged adjacency; every group link
    // names an existing group and a face inside it, every tile link a neighbouring tile code.
    let mut group_links = 0;
    let mut tile_links = 0;
    for g in &mesh.groups {
        for f in &g.faces {
            for a in &f.adjacent {
                match *a {
                    Adjacent::OtherGroup { group, face } => {
                        group_links += 1;
                        let target = mesh.groups.iter().find(|t| t.group_id as u16 == group);
                        let target = target.unwrap_or_else(|| panic!("group {group} missing"));
                        assert!((face as usize) < target.faces.len());
                    }
                    Adjacent::OtherTile { tile, .. } => {
                        tile_links += 1;
                        let own = 1895i32; // 140_130: x 7, z -3
                        assert!(
                            [1, -1, 64, -64].contains(&(tile as i32 - own)),
                            "tile {tile}"
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(group_links > 0 && tile_links > 0);
}

#[test]
fn split_set_member_reads() {
    let Some((data, doc)) = read("139_131_nav.1") else {
        return;
    };
    assert_eq!(doc.header.file_index, 1);
    assert_eq!(doc.entries.len(), 0);
    assert_eq!(doc.manifest.group_count, 0);
    assert_eq!(doc.write().unwrap(), data);
    assert_eq!(doc.summary().counts.extra["file_index"], 1);
}

#[test]
fn tiled_model_connects_groups() {
    let Some((_, doc)) = read("ssav_140_130_nav.nav2") else {
        return;
    };
    let m = doc.to_model();
    let group_of = |id: u64| {
        m.groups
            .iter()
            .find(|g| g.id == m.areas[id as usize].group)
            .unwrap()
            .name
            .clone()
    };
    let cross = m
        .connections
        .iter()
        .filter(|c| group_of(c.from).split('/').next() != group_of(c.to).split('/').next())
        .count();
    assert!(cross > 0, "cross-group face links become connections");
    assert!(m.groups.iter().any(|g| g.name == "group1/segment0"));
}

#[test]
fn segment_graph_reverse_byte_and_positions_hold_in_game_files() {
    // The byte after a SegmentGraph edge's shared-edge count (called padding by the references)
    // is the index of the opposite edge in the target node's list; and every segment's graph
    // position is one of that segment's NavWorld nodes.
    // Obj2Nav2 writes 0 there and has no shared-edge arrays.
    let Some(docs) = documents(true) else { return };
    let mut checked = 0;
    for (f, doc) in docs {
        for g in doc.entries.iter().filter_map(|e| match &e.body {
            navforge_mgsv::EntryBody::SegmentGraph(g) => Some((e.group_id, g)),
            _ => None,
        }) {
            let (gid, g) = g;
            for (i, a) in g.adjacency.iter().enumerate() {
                for e in &a.edges {
                    let back = &g.adjacency[e.node as usize].edges[e.reverse as usize];
                    assert_eq!(back.node as usize, i, "{} group {gid}", f);
                    checked += 1;
                }
            }
            let world = doc.entries.iter().find_map(|e| match &e.body {
                navforge_mgsv::EntryBody::NavWorld(w) if e.group_id == gid => Some(w),
                _ => None,
            });
            let w = world.unwrap();
            for (si, p) in g.positions.iter().enumerate() {
                assert!(
                    w.points
                        .iter()
                        .zip(&w.nodes)
                        .any(|(q, n)| q == p && n.segment as usize == si),
                    "{} group {gid} segment {si}",
                    f
                );
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn section2_entry0_lists_connected_components_in_game_files() {
    // Section2 entry 0: one node per component; ss3 = [group, tile, segment, NavWorld node] with
    // the node at the same position; ss4 = segments per component, summing to all segments.
    let Some(docs) = documents(false) else { return };
    let mut seen = 0;
    for (f, doc) in docs {
        let Some(e) = doc.section2.first() else {
            continue;
        };
        seen += 1;
        let mesh = doc.mesh();
        let segments: usize = mesh.groups.iter().map(|g| g.segments.len()).sum();
        let sum: usize = e.ss4_items.iter().map(|&x| x as usize).sum();
        assert_eq!(sum, segments, "{}", f);
        for (n, r) in e.nodes.iter().zip(&e.ss3_items) {
            // The first u16 is the entry-header pair (group id, low tile byte).
            assert_eq!((r[0] >> 8) as u8, doc.header.tile[0], "{}", f);
            let gid = (r[0] & 0xff) as u8;
            let g = mesh.groups.iter().find(|g| g.group_id == gid).unwrap();
            let node = &g.nodes[r[3] as usize];
            assert_eq!(node.segment, r[2] as u32);
            assert_eq!(node.position, doc.dequantize(n.position), "{}", f);
            let tile = u16::from_le_bytes([doc.header.tile[1], doc.header.tile[2]]);
            assert_eq!(r[1], tile);
        }
    }
    assert_eq!(seen, 6);
}

#[test]
fn navworld_nodes_are_segment_edges_in_game_files() {
    // Node n of a group is edge n (segment's first edge + local edge index): it lies at the
    // edge's midpoint (within one quantum per axis) and its face reference is a face with that edge.
    let Some(docs) = documents(true) else { return };
    let mut checked = 0;
    for (f, doc) in docs {
        let q: [f32; 3] = std::array::from_fn(|i| 1.01 / doc.header.divisors[i] as f32 + 1e-3);
        for g in doc.mesh().groups {
            let total_edges: u32 = g.segments.iter().map(|s| s.edge_count).sum();
            assert_eq!(g.nodes.len() as u32, total_edges, "{}", f);
            for (fi, face) in g.faces.iter().enumerate() {
                for k in 0..3 {
                    let node = &g.nodes[face.edges[k] as usize];
                    let (a, b) = (
                        g.vertices[face.vertices[k] as usize],
                        g.vertices[face.vertices[(k + 1) % 3] as usize],
                    );
                    for i in 0..3 {
                        let mid = (a[i] + b[i]) / 2.0;
                        assert!((node.position[i] - mid).abs() <= q[i], "{} face {fi}", f);
                    }
                    let reff = &g.faces[node.face as usize];
                    assert!(reff.edges.contains(&face.edges[k]));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn navworld_weight_is_distance_times_header_u1h_in_game_files() {
    // Header u1h (README: "maybe a w divisor") is the cost per metre: every NavWorld edge weight
    // is its 3D length × u1h to within 6 % (measured: 0.949–1.007 on the corpus), edges shorter
    // than 20 units aside.
    let Some(docs) = documents(true) else { return };
    let mut checked = 0;
    for (f, doc) in docs {
        let scale = doc.header.u1h as f32;
        let (mut lo, mut hi) = (f32::MAX, 0f32);
        for g in doc.mesh().groups {
            for e in &g.edges {
                let (a, b) = (
                    g.nodes[e.from as usize].position,
                    g.nodes[e.to as usize].position,
                );
                let d =
                    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
                if d * scale < 20.0 {
                    continue; // a few units: rounding dominates
                }
                let r = e.weight as f32 / (d * scale);
                lo = lo.min(r);
                hi = hi.max(r);
                checked += 1;
            }
        }
        if hi == 0.0 {
            continue; // the empty split-set member
        }
        eprintln!("{}: u1h {scale}, weight/(len×u1h) in [{lo:.3}, {hi:.3}]", f);
        assert!(lo > 0.94 && hi < 1.01, "{}: [{lo}, {hi}]", f);
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn tile_code_matches_origin_and_file_name_in_all_survive_tiles() {
    // 24-bit field at offset 21: bits 7..12 = tile X + 32, bits 13.. = tile Z + 32. The origin is
    // (X × 128, ·, Z × 128) and the file name ssav_<133+X>_<133+Z>.
    let Some(files) = files() else { return };
    let mut seen = 0;
    for f in files
        .iter()
        .filter(|f| name(f).starts_with("mgsurvive_ssav_"))
    {
        let doc = Nav2Document::read(&std::fs::read(f).unwrap()).unwrap();
        let t = doc.header.tile;
        let code = (u32::from(t[0]) | u32::from(t[1]) << 8 | u32::from(t[2]) << 16) >> 7;
        let (x, z) = ((code & 63) as i32 - 32, (code >> 6) as i32 - 32);
        assert_eq!(doc.header.origin[0].get(), (x * 128) as f32, "{}", name(f));
        assert_eq!(doc.header.origin[2].get(), (z * 128) as f32, "{}", name(f));
        let n = name(f);
        let parts: Vec<&str> = n.trim_start_matches("mgsurvive_ssav_").split('_').collect();
        assert_eq!(parts[0].parse::<i32>().unwrap(), 133 + x, "{n}");
        assert_eq!(parts[1].parse::<i32>().unwrap(), 133 + z, "{n}");
        seen += 1;
    }
    assert_eq!(seen, 5);
}

/// No block of the corpus JSON is hex any more: the header's `vals`, Section2's ss5/ss6 blocks
/// and the SegmentGraph edges' shared indices are arrays of numbers (all of even length here).
#[test]
fn corpus_json_has_no_hex_blocks_left() {
    let Some(files) = files() else { return };
    fn hex_strings(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(o) => {
                for (k, c) in o {
                    hex_strings(c, format!("{at}/{k}"), out);
                }
            }
            serde_json::Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    hex_strings(c, format!("{at}/{i}"), out);
                }
            }
            serde_json::Value::String(s)
                if s.len() >= 2 && s.bytes().all(|b| b.is_ascii_hexdigit()) =>
            {
                out.push(at);
            }
            _ => {}
        }
    }
    let mut words = 0;
    for path in &files {
        let data = std::fs::read(path).unwrap();
        let doc = Nav2Document::read(&data).unwrap();
        let value = serde_json::to_value(&doc).unwrap();
        let mut hex = Vec::new();
        hex_strings(&value, String::new(), &mut hex);
        assert!(
            hex.is_empty(),
            "{}: hex left at {:?}",
            name(path),
            &hex[..hex.len().min(5)]
        );
        assert_eq!(value["header"]["vals"].as_array().unwrap().len(), 8);
        for s in value["section2"].as_array().into_iter().flatten() {
            assert_eq!(s["ss5_block"].as_array().unwrap().len(), 12);
            words += 1;
        }
    }
    assert!(words > 0, "no Section2 entry in the corpus");
}
