//! Decoding: quantised integers to world space, the navmesh reassembled per group and segment,
//! the NavWorld and SegmentGraph graphs, the common model and the summary.

use crate::doc::*;
use navforge_core::model::{Area, Connection, ConnectionKind, Group, Link, NavMesh, Node};
use navforge_core::{Bounds, Counts, Summary};
use serde::Serialize;

const MAX_WARNINGS: usize = 50;

/// The whole file in world space, one entry per group.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct DecodedMesh {
    /// Every group.
    pub groups: Vec<DecodedGroup>,
    /// Problems found while decoding (indices out of range, counts that disagree).
    pub warnings: Vec<String>,
}

/// One group: the main navmesh (id 4) or a border sliver toward a neighbouring tile (0–3).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct DecodedGroup {
    /// Group ID.
    pub group_id: u8,
    /// Vertices in world space.
    pub vertices: Vec<[f32; 3]>,
    /// Faces in NavmeshChunk order (face indices in adjacency are indices into this list).
    pub faces: Vec<MeshFace>,
    /// Its segments.
    pub segments: Vec<DecodedSegment>,
    /// NavWorld nodes.
    pub nodes: Vec<GraphNode>,
    /// NavWorld edges, node indices resolved to the group's node list.
    pub edges: Vec<GraphEdge>,
    /// SegmentGraph nodes.
    pub segment_graph: Vec<SegmentNode>,
}

/// A segment in world space.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct DecodedSegment {
    /// First face index.
    pub first_face: u32,
    /// Number of faces.
    pub face_count: u32,
    /// First vertex index.
    pub first_vertex: u32,
    /// Number of vertices.
    pub vertex_count: u32,
    /// First edge index (running sum of edge counts).
    pub first_edge: u32,
    /// Number of edges.
    pub edge_count: u32,
    /// NavWorld ss5 flag word.
    pub flags: Option<u16>,
    /// Lower corner of its bounds.
    pub min: [f32; 3],
    /// Upper corner of its bounds.
    pub max: [f32; 3],
}

/// What lies across one edge of a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Adjacent {
    /// Nothing (raw -1).
    None,
    /// A face of the same group.
    Face(u32),
    /// Bit 14 set: face `face` (low 14 bits) of group `group` (from the record's link groups,
    /// 0xffff when the record has none) in this file.
    OtherGroup {
        /// The group.
        group: u16,
        /// The face in that group.
        face: u16,
    },
    /// 0xbfff: continues into group `group` of the neighbouring tile with tile code `tile`.
    OtherTile {
        /// The group in that tile.
        group: u16,
        /// The tile code.
        tile: u16,
    },
}

/// One face in world space, with its neighbours.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeshFace {
    /// Segment it belongs to.
    pub segment: u32,
    /// Indices into the group's vertices.
    pub vertices: Vec<u32>,
    /// Neighbour per edge.
    pub adjacent: Vec<Adjacent>,
    /// Group-wide edge indices (segment's first edge + local index).
    pub edges: Vec<u32>,
}

/// One node of the graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphNode {
    /// Position in world space.
    pub position: [f32; 3],
    /// Segment.
    pub segment: u32,
    /// The navmesh face the node lies on (NavWorld ss6).
    pub face: u32,
    /// `(node, edge)` pairs.
    pub neighbours: Vec<(u32, u32)>,
    /// The node at the same place in another segment of this group (twin kind 1).
    pub twins: Vec<u32>,
    /// The raw twin record when the twin lies in another group (`[group, node]`, kind 2) or in
    /// a neighbouring tile (`[tile code, group, 0xffff]`, kind 4).
    pub elsewhere: Vec<u16>,
}

/// One edge of a decoded graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GraphEdge {
    /// Start node.
    pub from: u32,
    /// End node.
    pub to: u32,
    /// Weight.
    pub weight: u16,
    /// Segment.
    pub segment: u32,
}

/// One SegmentGraph node in world space.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SegmentNode {
    /// Position in world space.
    pub position: [f32; 3],
    /// `(node, weight)` within the group.
    pub edges: Vec<(u32, u16)>,
    /// `(group, node, weight)` toward other groups.
    pub group_edges: Vec<(u16, u32, u16)>,
}

impl Nav2Document {
    /// Quantised position to world space: origin + value / divisor per axis.
    pub fn dequantize(&self, q: QVec) -> [f32; 3] {
        let h = &self.header;
        std::array::from_fn(|i| {
            let d = f32::from(h.divisors[i].max(1));
            h.origin[i].get() + f32::from(q[i]) / d
        })
    }

    fn group_ids(&self) -> Vec<u8> {
        let mut ids: Vec<u8> = Vec::new();
        for e in &self.entries {
            if !matches!(e.body, EntryBody::Unknown) && !ids.contains(&e.group_id) {
                ids.push(e.group_id);
            }
        }
        ids.sort_unstable();
        ids
    }

    /// The navmesh and graphs of every group in world space.
    pub fn mesh(&self) -> DecodedMesh {
        let mut out = DecodedMesh::default();
        for g in self.group_ids() {
            let (grp, mut warnings) = self.decode_group(g);
            out.groups.push(grp);
            out.warnings.append(&mut warnings);
        }
        if out.warnings.len() > MAX_WARNINGS {
            let more = out.warnings.len() - MAX_WARNINGS;
            out.warnings.truncate(MAX_WARNINGS);
            out.warnings.push(format!("... and {more} more"));
        }
        out
    }

    fn decode_group(&self, g: u8) -> (DecodedGroup, Vec<String>) {
        let mut warn = Vec::new();
        let mut out = DecodedGroup {
            group_id: g,
            ..Default::default()
        };
        let GroupEntries {
            nav_world: world,
            navmesh: chunk,
            segments: segc,
            graph: sgraph,
        } = self.group(g);
        if let Some(s) = segc {
            for (i, sg) in s.segments.iter().enumerate() {
                let b = s.bounds.get(i).copied().unwrap_or_default();
                out.segments.push(DecodedSegment {
                    first_face: u32::from(sg.face_offset),
                    face_count: u32::from(sg.face_count),
                    first_vertex: u32::from(sg.vertex_offset),
                    vertex_count: u32::from(sg.vertex_count),
                    first_edge: u32::from(sg.u4),
                    edge_count: u32::from(sg.edge_count),
                    flags: world.and_then(|w| w.segment_flags.get(i).copied()),
                    min: self.dequantize(b[0]),
                    max: self.dequantize(b[1]),
                });
            }
        }
        if let Some(c) = chunk {
            out.vertices = c.vertices.iter().map(|&q| self.dequantize(q)).collect();
            // Which segment each face belongs to, from the SegmentChunk ranges.
            let mut face_seg: Vec<Option<u32>> = vec![None; c.faces.len()];
            for (si, s) in out.segments.iter().enumerate() {
                for f in s.first_face..s.first_face.saturating_add(s.face_count) {
                    match face_seg.get_mut(f as usize) {
                        Some(slot) => *slot = Some(si as u32),
                        None => {
                            warn.push(format!(
                                "group {g} segment {si}: face {f} beyond the {} faces",
                                c.faces.len()
                            ));
                            break;
                        }
                    }
                }
            }
            let nv = out.vertices.len() as u32;
            let nf = c.faces.len() as u32;
            let mut seg_bits_mismatch = 0usize;
            for (fi, f) in c.faces.iter().enumerate() {
                let seg = face_seg[fi];
                let (vbase, ebase) = seg
                    .and_then(|s| out.segments.get(s as usize))
                    .map_or((0, 0), |s| (s.first_vertex, s.first_edge));
                if seg.is_none() {
                    warn.push(format!("group {g} face {fi}: in no segment"));
                }
                let off = c.face_offsets.get(fi).copied().unwrap_or(0);
                if let Some(s) = seg
                    && off >> 20 != s
                {
                    seg_bits_mismatch += 1;
                }
                let vertices: Vec<u32> = f.vertices.iter().map(|&v| vbase + u32::from(v)).collect();
                if let Some(bad) = vertices.iter().find(|&&v| v >= nv) {
                    warn.push(format!(
                        "group {g} face {fi}: vertex {bad} out of range ({nv})"
                    ));
                }
                let link = |k: usize, tiles: bool| {
                    f.links
                        .as_ref()
                        .and_then(|l| {
                            if tiles {
                                l.tiles.get(k)
                            } else {
                                l.groups.get(k)
                            }
                        })
                        .copied()
                        .unwrap_or(0xffff)
                };
                let adjacent = f
                    .adjacent
                    .iter()
                    .enumerate()
                    .map(|(k, &a)| {
                        let raw = a as u16;
                        if a == -1 {
                            Adjacent::None
                        } else if raw & 0x8000 != 0 {
                            Adjacent::OtherTile {
                                group: link(k, false),
                                tile: link(k, true),
                            }
                        } else if raw & 0x4000 != 0 {
                            Adjacent::OtherGroup {
                                group: link(k, false),
                                face: raw & 0x3fff,
                            }
                        } else if u32::from(raw) < nf {
                            Adjacent::Face(u32::from(raw))
                        } else {
                            warn.push(format!(
                                "group {g} face {fi}: adjacent face {raw} out of range"
                            ));
                            Adjacent::None
                        }
                    })
                    .collect();
                out.faces.push(MeshFace {
                    segment: seg.unwrap_or(0),
                    vertices,
                    adjacent,
                    edges: f.edges.iter().map(|&e| ebase + u32::from(e)).collect(),
                });
            }
            if seg_bits_mismatch > 0 {
                warn.push(format!(
                    "group {g}: {seg_bits_mismatch} face offsets carry segment bits (20..31) that \
                     disagree with the SegmentChunk (Obj2Nav2 leaves them 0)"
                ));
            }
        }
        if let Some(w) = world {
            // First node of each segment: nodes are stored segment by segment.
            let nseg = usize::from(w.segment_count).max(out.segments.len());
            let mut first = vec![u32::MAX; nseg + 1];
            for (i, n) in w.nodes.iter().enumerate() {
                if let Some(f) = first.get_mut(usize::from(n.segment))
                    && *f == u32::MAX
                {
                    *f = i as u32;
                }
            }
            let np = w.points.len() as u32;
            for (i, p) in w.points.iter().enumerate() {
                let n = w.nodes.get(i);
                let adj = w.adjacency.get(i);
                out.nodes.push(GraphNode {
                    position: self.dequantize(*p),
                    segment: n.map_or(0, |n| u32::from(n.segment)),
                    face: w.face_refs.get(i).map_or(u32::MAX, |&f| u32::from(f)),
                    neighbours: adj.map_or(vec![], |a| {
                        a.a.iter()
                            .map(|x| (u32::from(x[0]), u32::from(x[1])))
                            .collect()
                    }),
                    twins: match (n, adj) {
                        (Some(n), Some(a)) if n.count_b == 1 => {
                            a.b.iter().map(|&x| u32::from(x)).collect()
                        }
                        _ => vec![],
                    },
                    elsewhere: match (n, adj) {
                        (Some(n), Some(a)) if n.count_b != 1 => a.b.clone(),
                        _ => vec![],
                    },
                });
            }
            for (ei, e) in w.edges.iter().enumerate() {
                let base = first
                    .get(usize::from(e.segment))
                    .copied()
                    .unwrap_or(u32::MAX);
                let (from, to) = (
                    base.saturating_add(u32::from(e.from)),
                    base.saturating_add(u32::from(e.to)),
                );
                if from >= np || to >= np {
                    warn.push(format!("group {g} navworld edge {ei}: node out of range"));
                    continue;
                }
                out.edges.push(GraphEdge {
                    from,
                    to,
                    weight: e.weight,
                    segment: u32::from(e.segment),
                });
            }
            if usize::from(w.segment_count) != out.segments.len() && segc.is_some() {
                warn.push(format!(
                    "group {g}: NavWorld has {} segments, SegmentChunk {}",
                    w.segment_count,
                    out.segments.len()
                ));
            }
        }
        if let Some(sg) = sgraph {
            for (i, p) in sg.positions.iter().enumerate() {
                let adj = sg.adjacency.get(i);
                out.segment_graph.push(SegmentNode {
                    position: self.dequantize(*p),
                    edges: adj.map_or(vec![], |a| {
                        a.edges
                            .iter()
                            .map(|e| (u32::from(e.node), e.weight))
                            .collect()
                    }),
                    group_edges: adj.map_or(vec![], |a| {
                        a.group_edges
                            .iter()
                            .map(|e| (e.group, u32::from(e.node), e.weight))
                            .collect()
                    }),
                });
            }
        }
        (out, warn)
    }

    pub(crate) fn to_model_impl(&self) -> NavMesh {
        let mesh = self.mesh();
        let mut m = NavMesh {
            format: Some(navforge_core::Format::MgsvNav2),
            ..Default::default()
        };
        // First area id of each group, to resolve cross-group face links.
        let mut bases = std::collections::HashMap::new();
        let mut acc = 0u64;
        for g in &mesh.groups {
            bases.insert(u16::from(g.group_id), (acc, g.faces.len() as u64));
            acc += g.faces.len() as u64;
        }
        let mut area_base = 0u64;
        let mut node_base = 0u64;
        let mut group_base = 0u32;
        for g in &mesh.groups {
            for (si, s) in g.segments.iter().enumerate() {
                m.groups.push(Group {
                    id: group_base + si as u32,
                    name: format!("group{}/segment{si}", g.group_id),
                });
                let _ = s;
            }
            if g.segments.is_empty() && !g.faces.is_empty() {
                m.groups.push(Group {
                    id: group_base,
                    name: format!("group{}", g.group_id),
                });
            }
            for (fi, f) in g.faces.iter().enumerate() {
                let polygon = f
                    .vertices
                    .iter()
                    .filter_map(|&v| g.vertices.get(v as usize).copied())
                    .collect();
                m.areas.push(Area {
                    id: area_base + fi as u64,
                    polygon,
                    attributes: 0,
                    place: None,
                    group: group_base + f.segment,
                    origin: Some(area_base + fi as u64),
                });
                for a in &f.adjacent {
                    let to = match *a {
                        Adjacent::Face(t) => Some(area_base + u64::from(t)),
                        Adjacent::OtherGroup { group, face } => bases
                            .get(&group)
                            .filter(|(_, n)| u64::from(face) < *n)
                            .map(|(b, _)| b + u64::from(face)),
                        _ => None,
                    };
                    if let Some(to) = to {
                        m.connections.push(Connection {
                            from: area_base + fi as u64,
                            to,
                            kind: ConnectionKind::Walk,
                            direction: None,
                        });
                    }
                }
            }
            for (ni, n) in g.nodes.iter().enumerate() {
                let mut flags = vec![format!("face:{}", area_base + u64::from(n.face))];
                if let Some(fl) = g.segments.get(n.segment as usize).and_then(|s| s.flags) {
                    flags.push(format!("segment_flags:0x{fl:04x}"));
                }
                m.nodes.push(Node {
                    id: node_base + ni as u64,
                    position: n.position,
                    flags,
                    radius: None,
                    group: group_base + n.segment,
                });
                // A twin in another group or tile is a link out of this group.
                let outside = n.elsewhere.first().map(|_| u32::MAX);
                for t in n.twins.iter().copied().chain(outside) {
                    let (to, kind) = node_target(node_base, t, g.nodes.len(), ConnectionKind::Walk);
                    m.links.push(Link {
                        from: node_base + ni as u64,
                        to,
                        kind,
                        team_mask: None,
                        cost: None,
                        traversal: None,
                    });
                }
            }
            for e in &g.edges {
                for (a, b) in [(e.from, e.to), (e.to, e.from)] {
                    let (to, kind) = node_target(node_base, b, g.nodes.len(), ConnectionKind::Walk);
                    m.links.push(Link {
                        from: node_base + u64::from(a),
                        to,
                        kind,
                        team_mask: None,
                        cost: Some(f32::from(e.weight)),
                        traversal: None,
                    });
                }
            }
            let sg_base = node_base + g.nodes.len() as u64;
            for (si, s) in g.segment_graph.iter().enumerate() {
                m.nodes.push(Node {
                    id: sg_base + si as u64,
                    position: s.position,
                    flags: vec!["segment_graph".into()],
                    radius: None,
                    group: group_base,
                });
                for &(t, w) in &s.edges {
                    let (to, kind) =
                        node_target(sg_base, t, g.segment_graph.len(), ConnectionKind::Walk);
                    m.links.push(Link {
                        from: sg_base + si as u64,
                        to,
                        kind,
                        team_mask: None,
                        cost: Some(f32::from(w)),
                        traversal: None,
                    });
                }
            }
            area_base += g.faces.len() as u64;
            node_base = sg_base + g.segment_graph.len() as u64;
            group_base += (g.segments.len() as u32).max(1);
        }
        m
    }

    pub(crate) fn summary_impl(&self) -> Summary {
        let mesh = self.mesh();
        let mut warnings = mesh.warnings.clone();
        let h = &self.header;
        if u64::from(h.file_size) != self.file_len {
            warnings.push(format!(
                "header file size {} differs from the file length {} (Obj2Nav2's older writer)",
                h.file_size, self.file_len
            ));
        }
        let groups = self.group_ids().len() as u64;
        if u64::from(self.manifest.group_count) != groups {
            warnings.push(format!(
                "manifest lists {} groups, entries hold {groups}",
                self.manifest.group_count
            ));
        }
        let starts: std::collections::HashSet<(u64, u16)> = self
            .entry_positions()
            .into_iter()
            .map(|(pos, e)| (pos.saturating_add(u64::from(e.payload)), e.entry_type))
            .collect();
        for me in &self.manifest.entries {
            let hit = starts.contains(&(u64::from(me.payload_offset), u16::from(me.entry_type)));
            if !hit && warnings.len() < MAX_WARNINGS {
                warnings.push(format!(
                    "manifest entry (group {}, type {}) points at {} where no such entry starts",
                    me.group_id, me.entry_type, me.payload_offset
                ));
            }
        }
        let mut faces = 0u64;
        let mut asym = 0u64;
        for g in &mesh.groups {
            faces += g.faces.len() as u64;
            for (fi, f) in g.faces.iter().enumerate() {
                for a in &f.adjacent {
                    if let Adjacent::Face(t) = a {
                        let back = g
                            .faces
                            .get(*t as usize)
                            .is_some_and(|o| o.adjacent.contains(&Adjacent::Face(fi as u32)));
                        if !back {
                            asym += 1;
                        }
                    }
                }
            }
        }
        if asym > 0 {
            warnings.push(format!("{asym} face adjacencies are not mutual"));
        }
        let sum =
            |f: &dyn Fn(&DecodedGroup) -> usize| mesh.groups.iter().map(f).sum::<usize>() as u64;
        let mut counts = Counts {
            areas: faces,
            connections: sum(&|g| g.edges.len()),
            ..Default::default()
        };
        let x = &mut counts.extra;
        x.insert("groups".into(), groups);
        x.insert("segments".into(), sum(&|g| g.segments.len()));
        x.insert("faces".into(), faces);
        x.insert("vertices".into(), sum(&|g| g.vertices.len()));
        x.insert("graph_nodes".into(), sum(&|g| g.nodes.len()));
        x.insert("graph_edges".into(), sum(&|g| g.edges.len()));
        x.insert(
            "segment_graph_nodes".into(),
            sum(&|g| g.segment_graph.len()),
        );
        x.insert(
            "segment_graph_edges".into(),
            sum(&|g| {
                g.segment_graph
                    .iter()
                    .map(|s| s.edges.len() + s.group_edges.len())
                    .sum()
            }),
        );
        x.insert("section2_entries".into(), self.section2.len() as u64);
        x.insert(
            "components".into(),
            self.section2.first().map_or(0, |e| e.nodes.len() as u64),
        );
        x.insert(
            "nav_system_cells".into(),
            self.nav_system.as_ref().map_or(0, |n| n.cells.len() as u64),
        );
        x.insert("file_index".into(), u64::from(h.file_index));
        let points = mesh.groups.iter().flat_map(|g| {
            g.vertices
                .iter()
                .copied()
                .chain(g.nodes.iter().map(|n| n.position))
        });
        let mut details = std::collections::BTreeMap::new();
        details.insert(
            "divisors".into(),
            serde_json::json!([h.divisors[0], h.divisors[1], h.divisors[2]]),
        );
        let t = h.tile;
        let code = (u32::from(t[0]) | u32::from(t[1]) << 8 | u32::from(t[2]) << 16) >> 7;
        if code != 0 {
            details.insert(
                "tile".into(),
                serde_json::json!({"x": i64::from(code & 63) - 32, "z": i64::from(code >> 6) - 32}),
            );
        }
        Summary {
            format: navforge_core::Format::MgsvNav2,
            version: u64::from(h.magic),
            variant: Some(self.variant()),
            counts,
            bounds: Bounds::of_points(points),
            details,
            warnings,
        }
    }

    /// Absolute start of every chained entry.
    pub fn entry_positions(&self) -> Vec<(u64, &Entry)> {
        let mut pos = u64::from(self.header.end_of_header);
        let mut out = Vec::with_capacity(self.entries.len());
        for e in &self.entries {
            out.push((pos, e));
            pos = pos.saturating_add(u64::from(e.next));
        }
        out
    }

    /// Which writer the file looks like it came from.
    pub fn variant(&self) -> String {
        let h = &self.header;
        let tiled = h.tile != [0, 0, 0];
        if h.vals.as_slice() == crate::build::OBJ2NAV2_VALS {
            // Obj2Nav2 stores 12 × manifest entries as the manifest size, the game (and
            // navforge) 4 + 12 × entries.
            if u64::from(h.manifest_size) == 12 * self.manifest.entries.len() as u64 {
                "Obj2Nav2 writer".into()
            } else {
                "navforge writer (Obj2Nav2 header constant)".into()
            }
        } else if tiled {
            format!(
                "tiled (Metal Gear Survive style), file index {}",
                h.file_index
            )
        } else {
            "standalone (MGSV TPP style)".into()
        }
    }
}

/// Marks a link target that is not a node of this group (a neighbouring tile, another file of a
/// split set, or a "none" sentinel such as 0xFFFF): bit 63 set, the raw index below, so it can
/// never alias a node ID of another group.
pub const OUTSIDE_TARGET: u64 = 1 << 63;

/// The model ID of node `index` of a group whose IDs start at `base`, and the link kind: `kind`
/// inside the group, [`ConnectionKind::External`] (with an [`OUTSIDE_TARGET`] ID) outside it.
fn node_target(base: u64, index: u32, len: usize, kind: ConnectionKind) -> (u64, ConnectionKind) {
    if (index as usize) < len {
        (base + u64::from(index), kind)
    } else {
        (OUTSIDE_TARGET | u64::from(index), ConnectionKind::External)
    }
}
