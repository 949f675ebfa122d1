//! Structural edits the way an editor makes them: only the lists change, then `relayout` places
//! everything. Used by the re-layout tests.

use navforge_mgsv::{
    EntryBody, Face, Nav2Document, NavSystemListEntry, NavWorld, NavWorldEdge, NavWorldNode,
    NavmeshChunk, NodeAdjacency, QVec, Section2Node, Segment, SegmentChunk, SegmentGraph,
    SegmentGraphAdjacency,
};

/// The four entries of one group.
pub struct Group<'a> {
    pub world: &'a mut NavWorld,
    pub chunk: &'a mut NavmeshChunk,
    pub segs: &'a mut SegmentChunk,
    pub graph: Option<&'a mut SegmentGraph>,
}

pub fn group(doc: &mut Nav2Document, g: u8) -> Group<'_> {
    let (mut world, mut chunk, mut segs, mut graph) = (None, None, None, None);
    for e in doc.entries.iter_mut().filter(|e| e.group_id == g) {
        match &mut e.body {
            EntryBody::NavWorld(x) => world = Some(x),
            EntryBody::NavmeshChunk(x) => chunk = Some(x),
            EntryBody::SegmentChunk(x) => segs = Some(x),
            EntryBody::SegmentGraph(x) => graph = Some(x),
            _ => {}
        }
    }
    Group {
        world: world.expect("navworld"),
        chunk: chunk.expect("chunk"),
        segs: segs.expect("segment chunk"),
        graph,
    }
}

/// Groups that have a NavWorld, a NavmeshChunk and a SegmentChunk.
pub fn editable_groups(doc: &Nav2Document) -> Vec<u8> {
    let mut out: Vec<u8> = doc
        .entries
        .iter()
        .filter(|e| matches!(e.body, EntryBody::SegmentChunk(_)))
        .map(|e| e.group_id)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Adds a new segment to group `g`: a fan of `k` triangles around `at` (quantised units), with
/// its vertices, faces, NavWorld nodes and edges, a SegmentGraph node, a Section2 component
/// and a place in NavSystem cell `cell` (a new list when the cell has none). Returns its index.
pub fn add_segment(doc: &mut Nav2Document, g: u8, k: usize, at: QVec, cell: usize) -> usize {
    assert!((1..=20).contains(&k));
    let tile = doc.header.tile;
    let grp = group(doc, g);
    let si = grp.segs.segments.len();
    let (v0, f0) = (grp.chunk.vertices.len(), grp.chunk.faces.len());
    // Centre, then k + 1 points on a half circle.
    let mut verts: Vec<QVec> = vec![at];
    for i in 0..=k {
        let a = std::f32::consts::PI * i as f32 / k as f32;
        let p = |c: u16, d: f32| (f32::from(c) + 200.0 * d).clamp(0.0, 65535.0) as u16;
        verts.push([p(at[0], a.cos()), at[1], p(at[2], a.sin())]);
    }
    let lo: QVec = std::array::from_fn(|i| verts.iter().map(|v| v[i]).min().unwrap());
    let hi: QVec = std::array::from_fn(|i| verts.iter().map(|v| v[i]).max().unwrap());
    // Edges: spoke i joins the centre and ring point i; rim i joins ring points i and i + 1.
    let spoke = |i: usize| i;
    let rim = |i: usize| k + 1 + i;
    for i in 0..k {
        let face = |j: usize| (f0 + j) as i16;
        grp.chunk.faces.push(Face {
            adjacent: vec![
                if i > 0 { face(i - 1) } else { -1 },
                -1,
                if i + 1 < k { face(i + 1) } else { -1 },
            ],
            vertices: vec![0, (i + 1) as u8, (i + 2) as u8],
            edges: vec![spoke(i) as u8, rim(i) as u8, spoke(i + 1) as u8],
            links: None,
        });
        grp.chunk.face_offsets.push((si as u32) << 20);
    }
    grp.chunk.vertices.extend(&verts);
    // Obj2Nav2 leaves the first-corner and first-edge fields 0; the game keeps running sums.
    let running = grp.segs.segments.iter().any(|s| s.u3 != 0 || s.u4 != 0);
    let sum = |f: fn(&Segment) -> u16| {
        if running {
            grp.segs.segments.iter().map(f).sum()
        } else {
            0
        }
    };
    let (u3, u4) = (sum(|s| u16::from(s.u7)), sum(|s| u16::from(s.edge_count)));
    grp.segs.segments.push(Segment {
        vertex_offset: v0 as u16,
        face_offset: f0 as u16,
        u3,
        u4,
        vertex_count: (k + 2) as u8,
        face_count: k as u8,
        u7: (3 * k) as u8,
        edge_count: (2 * k + 1) as u8,
    });
    grp.segs.bounds.push([lo, hi]);

    // NavWorld: one node per edge, joined across each face.
    let w = &mut *grp.world;
    let n0 = w.points.len();
    let ends = |e: usize| {
        if e <= k {
            (0, e + 1)
        } else {
            (e - k, e - k + 1)
        }
    };
    for e in 0..2 * k + 1 {
        let (a, b) = ends(e);
        w.points.push(std::array::from_fn(|i| {
            ((u32::from(verts[a][i]) + u32::from(verts[b][i])) / 2) as u16
        }));
        w.nodes.push(NavWorldNode {
            adjacency_offset: 0,
            segment: si as u16,
            count_a: 0,
            count_b: 0,
        });
        w.adjacency.push(NodeAdjacency::default());
        let face = if e <= k { e.min(k - 1) } else { e - k - 1 };
        w.face_refs.push((f0 + face) as u16);
    }
    for i in 0..k {
        let es = [spoke(i), rim(i), spoke(i + 1)];
        for (x, y) in [(es[0], es[1]), (es[0], es[2]), (es[1], es[2])] {
            let ei = w.edges.len() as u16;
            w.edges.push(NavWorldEdge {
                weight: 100,
                segment: si as u16,
                from: x as u8,
                to: y as u8,
            });
            w.adjacency[n0 + x].a.push([(n0 + y) as u16, ei]);
            w.adjacency[n0 + y].a.push([(n0 + x) as u16, ei]);
        }
    }
    w.segment_flags.push(1249);
    let first_point = w.points[n0];

    if let Some(sg) = grp.graph {
        let like = sg.nodes.last().cloned();
        sg.positions.push(first_point);
        // Unknown fields as in the group's other nodes; the layout fills offsets and counts.
        sg.nodes.push(navforge_mgsv::SegmentGraphNode {
            edge_count: 0,
            group_edge_count: 0,
            mesh_edge_count: 0,
            ..like.unwrap_or_default()
        });
        if !sg.adjacency.is_empty() {
            sg.adjacency.push(SegmentGraphAdjacency::default());
        }
    }

    // Section2 entry 0 lists connected components: the new segment is one of its own.
    if let Some(s2) = doc.section2.first_mut().filter(|e| !e.nodes.is_empty()) {
        s2.nodes.push(Section2Node {
            position: first_point,
            flags: 1249,
            ss2_offset: 0,
            count_b: 0,
            count_a: 0,
        });
        s2.adjacency.push(NodeAdjacency::default());
        s2.ss3_items.push([
            u16::from(g) | u16::from(tile[0]) << 8,
            u16::from_le_bytes([tile[1], tile[2]]),
            si as u16,
            n0 as u16,
        ]);
        s2.ss4_items.push(1);
    }

    // NavSystem: list the segment in one cell.
    if let Some(ns) = doc.nav_system.as_mut().filter(|ns| !ns.cells.is_empty()) {
        let c = cell % ns.cells.len();
        let k = ns.cells[..c].iter().filter(|x| x.count > 0).count();
        if ns.cells[c].count == 0 {
            ns.cells[c].count = 1;
            ns.lists.insert(
                k,
                navforge_mgsv::NavSystemList {
                    at: 0,
                    entries: vec![],
                },
            );
        }
        let list = &mut ns.lists[k];
        match list.entries.iter_mut().find(|e| e.group_id == g) {
            Some(e) => e.segments.push(si as u16),
            None => list.entries.push(NavSystemListEntry {
                group_id: g,
                u1: 0,
                u2: 0,
                segments: vec![si as u16],
            }),
        }
    }
    si
}

/// Removes the last segment of group `g`, which must be one [`add_segment`] made (no twins, no
/// graph edges, no links), with everything that refers to it.
pub fn remove_last_segment(doc: &mut Nav2Document, g: u8) {
    let grp = group(doc, g);
    let seg = grp.segs.segments.pop().unwrap();
    grp.segs.bounds.pop();
    let si = grp.segs.segments.len();
    grp.chunk.faces.truncate(usize::from(seg.face_offset));
    grp.chunk
        .face_offsets
        .truncate(usize::from(seg.face_offset));
    grp.chunk.vertices.truncate(usize::from(seg.vertex_offset));
    let w = &mut *grp.world;
    let n0 = w
        .nodes
        .iter()
        .position(|n| usize::from(n.segment) == si)
        .unwrap();
    for list in [
        &mut w.points as &mut dyn Truncate,
        &mut w.nodes,
        &mut w.adjacency,
        &mut w.face_refs,
    ] {
        list.truncate_to(n0);
    }
    let e0 = w
        .edges
        .iter()
        .position(|e| usize::from(e.segment) == si)
        .unwrap();
    w.edges.truncate(e0);
    w.segment_flags.pop();
    if let Some(sg) = grp.graph {
        sg.positions.pop();
        sg.nodes.pop();
        sg.adjacency
            .truncate(sg.nodes.len().min(sg.adjacency.len()));
    }
    if let Some(s2) = doc.section2.first_mut()
        && let Some(i) = s2
            .ss3_items
            .iter()
            .position(|r| r[0] & 0xff == u16::from(g) && usize::from(r[2]) == si)
    {
        s2.nodes.remove(i);
        s2.adjacency.remove(i);
        s2.ss3_items.remove(i);
        s2.ss4_items.remove(i);
    }
    if let Some(ns) = doc.nav_system.as_mut() {
        let mut k = 0;
        for c in ns.cells.iter_mut().filter(|c| c.count > 0) {
            let list = &mut ns.lists[k];
            for e in list.entries.iter_mut().filter(|e| e.group_id == g) {
                e.segments.retain(|&s| usize::from(s) != si);
            }
            list.entries.retain(|e| !e.segments.is_empty());
            if list.entries.is_empty() {
                c.count = 0;
                ns.lists.remove(k);
            } else {
                k += 1;
            }
        }
    }
}

trait Truncate {
    fn truncate_to(&mut self, n: usize);
}

impl<T> Truncate for Vec<T> {
    fn truncate_to(&mut self, n: usize) {
        self.truncate(n);
    }
}

/// Removes the last face of the last segment of group `g` that has two or more, and its last
/// vertex when no other face uses it. Returns the face's index, or `None` when no segment has
/// two faces.
pub fn remove_last_face(doc: &mut Nav2Document, g: u8) -> Option<usize> {
    let grp = group(doc, g);
    let si = grp.segs.segments.len().checked_sub(1)?;
    let seg = &mut grp.segs.segments[si];
    if seg.face_count < 2
        || usize::from(seg.face_offset) + usize::from(seg.face_count) != grp.chunk.faces.len()
    {
        return None;
    }
    let f = grp.chunk.faces.len() - 1;
    let face = grp.chunk.faces.pop().unwrap();
    grp.chunk.face_offsets.pop();
    seg.face_count -= 1;
    seg.u7 -= 3;
    for other in &mut grp.chunk.faces {
        for a in other.adjacent.iter_mut().filter(|a| **a == f as i16) {
            *a = -1;
        }
    }
    for r in grp
        .world
        .face_refs
        .iter_mut()
        .filter(|r| usize::from(**r) == f)
    {
        *r = (f - 1) as u16;
    }
    // The segment's last vertex goes too when only the removed face used it.
    let last_local = seg.vertex_count.checked_sub(1)?;
    let used_elsewhere = grp.chunk.faces[usize::from(seg.face_offset)..]
        .iter()
        .any(|x| x.vertices.contains(&last_local));
    if face.vertices.contains(&last_local)
        && !used_elsewhere
        && usize::from(seg.vertex_offset) + usize::from(seg.vertex_count)
            == grp.chunk.vertices.len()
    {
        grp.chunk.vertices.pop();
        seg.vertex_count -= 1;
    }
    Some(f)
}
