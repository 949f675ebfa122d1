//! Building a complete `.nav2` from triangle geometry, laid out the way the game's own files are
//! (measured on the corpus): per group a NavWorld with one node per segment edge, a NavmeshChunk
//! with 16-byte face records, a SegmentChunk, a SegmentGraph, and a NavSystem grid at the end.

use crate::FMT;
use crate::doc::layout::{LayoutStyle, count_u8, count_u16, count_u32};
use crate::doc::*;
use navforge_core::{Error, F32, HexBytes, Result};
use std::collections::{BTreeMap, HashMap};

mod model;
mod nav_system;
mod section2;
use nav_system::nav_system;
use section2::section2_components;

/// The 16 header bytes Obj2Nav2 writes (its files load in the game).
pub(crate) const OBJ2NAV2_VALS: [u8; 16] = [
    0x45, 0x08, 0x2d, 0x1a, 0xa9, 0xc1, 0xd9, 0x46, 0x38, 0x38, 0x0a, 0xa5, 0xcd, 0x1c, 0xa7, 0xb7,
];

/// Most faces per segment (a segment's face count, 3 × faces and vertex count are u8).
const MAX_SEGMENT_FACES: usize = 64;
/// Most faces per group (NavWorld ss3 offsets are u16 in 2-byte units, adjacency 14 bits).
const MAX_GROUP_FACES: usize = 4000;
/// Segment grid target.
const TARGET_SEGMENT_FACES: usize = 48;
/// Flag word written for every segment (Obj2Nav2's value; also common in Metal Gear Survive).
const SEGMENT_FLAGS: u16 = 1249;
const FIRST_GROUP: u8 = 4;

fn err(field: &str, msg: impl Into<String>) -> Error {
    Error::invalid(FMT, field.to_string(), 0, msg)
}

struct Quant {
    origin: [f32; 3],
    div: [u16; 3],
}

impl Quant {
    fn q(&self, p: [f32; 3]) -> QVec {
        std::array::from_fn(|i| {
            let v = ((p[i] - self.origin[i]) * f32::from(self.div[i])).round();
            v.clamp(0.0, 65535.0) as u16
        })
    }
    fn w(&self, q: QVec) -> [f32; 3] {
        std::array::from_fn(|i| self.origin[i] + f32::from(q[i]) / f32::from(self.div[i]))
    }
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// One segment being built: faces (global triangle ids) and its local vertex/edge tables.
struct SegB {
    tris: Vec<usize>,
    verts: Vec<u32>,
    /// Local edges as (input vertex a, input vertex b), a < b.
    edges: Vec<(u32, u32)>,
    edge_face: Vec<usize>,
}

/// Build a complete `.nav2` from triangles (indices into `vertices`, Fox Engine axes: Y up).
/// Triangles are neighbours where exactly two share an edge (two vertex indices).
///
/// Positions are quantised (origin = minimum corner, divisor = 65535 / extent per axis).
/// Faces are split into segments of at most 64 by a grid plus median splits; more than 4000 faces
/// go into several groups (ids 4, 5, ...), joined by cross-group face links (bit 14, as in the
/// Metal Gear Survive tiles).
pub fn from_triangles(vertices: &[[f32; 3]], triangles: &[[u32; 3]]) -> Result<Nav2Document> {
    check_indices(vertices.len(), triangles)?;
    let mut edge_map: HashMap<(u32, u32), Vec<(usize, usize)>> = HashMap::new();
    for (ti, t) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            edge_map
                .entry((a.min(b), a.max(b)))
                .or_default()
                .push((ti, k));
        }
    }
    let mut neighbours = vec![[None; 3]; triangles.len()];
    for faces in edge_map.values() {
        if let [(f1, k1), (f2, k2)] = faces[..] {
            neighbours[f1][k1] = Some(f2 as u32);
            neighbours[f2][k2] = Some(f1 as u32);
        }
    }
    from_neighbours(vertices, triangles, &neighbours)
}

fn check_indices(nv: usize, triangles: &[[u32; 3]]) -> Result<()> {
    match triangles
        .iter()
        .position(|t| t.iter().any(|&v| v as usize >= nv))
    {
        Some(i) => Err(err(
            "triangles",
            format!("triangle {i} indexes a vertex beyond {nv}"),
        )),
        None => Ok(()),
    }
}

/// [`from_triangles`] with the neighbour across each triangle edge given (edge `k` runs from
/// corner `k` to corner `k + 1`): how [`crate::Nav2Document`] is built from the common model,
/// whose neighbours [`navforge_core::triangulate`] decides.
pub(crate) fn from_neighbours(
    vertices: &[[f32; 3]],
    triangles: &[[u32; 3]],
    neighbours: &[[Option<u32>; 3]],
) -> Result<Nav2Document> {
    if let Some(i) = vertices
        .iter()
        .position(|v| !v.iter().all(|c| c.is_finite()))
    {
        return Err(err("vertices", format!("vertex {i} is not finite")));
    }
    check_indices(vertices.len(), triangles)?;
    // Degenerate triangles go; `kept[i]` is triangle i's new index.
    let mut kept = vec![usize::MAX; triangles.len()];
    let mut tris: Vec<[u32; 3]> = Vec::with_capacity(triangles.len());
    for (i, t) in triangles.iter().enumerate() {
        if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
            kept[i] = tris.len();
            tris.push(*t);
        }
    }
    if tris.is_empty() {
        return Err(err("triangles", "no non-degenerate triangles"));
    }
    let adj: Vec<[usize; 3]> = (0..triangles.len())
        .filter(|&i| kept[i] != usize::MAX)
        .map(|i| {
            neighbours[i].map(|n| {
                n.and_then(|n| kept.get(n as usize).copied())
                    .unwrap_or(usize::MAX)
            })
        })
        .collect();
    // Quantisation over the used vertices.
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for t in &tris {
        for &v in t {
            let p = vertices[v as usize];
            for i in 0..3 {
                lo[i] = lo[i].min(p[i]);
                hi[i] = hi[i].max(p[i]);
            }
        }
    }
    let div: [u16; 3] = std::array::from_fn(|i| {
        let ext = hi[i] - lo[i];
        if ext <= 0.0 {
            65535
        } else {
            (65535.0 / ext).floor().clamp(1.0, 65535.0) as u16
        }
    });
    let quant = Quant { origin: lo, div };

    // Segments: a grid over X/Z, then median splits of crowded cells.
    let centroid = |t: &[u32; 3]| -> [f32; 3] {
        let mut c = [0.0; 3];
        for &v in t {
            for i in 0..3 {
                c[i] += vertices[v as usize][i] / 3.0;
            }
        }
        c
    };
    let cents: Vec<[f32; 3]> = tris.iter().map(centroid).collect();
    let cells_wanted = tris.len().div_ceil(TARGET_SEGMENT_FACES).max(1);
    let (ex, ez) = ((hi[0] - lo[0]).max(1e-3), (hi[2] - lo[2]).max(1e-3));
    let cell = ((ex * ez) / cells_wanted as f32).sqrt().max(1e-3);
    let gx = ((ex / cell).ceil() as usize).clamp(1, 4096);
    let gz = ((ez / cell).ceil() as usize).clamp(1, 4096);
    let mut grid: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (ti, c) in cents.iter().enumerate() {
        let cx = (((c[0] - lo[0]) / cell) as usize).min(gx - 1);
        let cz = (((c[2] - lo[2]) / cell) as usize).min(gz - 1);
        grid.entry((cz, cx)).or_default().push(ti);
    }
    let mut seg_faces: Vec<Vec<usize>> = Vec::new();
    for (_, faces) in grid {
        split_faces(faces, &cents, &mut seg_faces);
    }

    // Groups: consecutive segments up to MAX_GROUP_FACES faces.
    let mut groups: Vec<Vec<Vec<usize>>> = vec![vec![]];
    let mut in_group = 0;
    for s in seg_faces {
        if in_group + s.len() > MAX_GROUP_FACES && in_group > 0 {
            groups.push(vec![]);
            in_group = 0;
        }
        in_group += s.len();
        if let Some(g) = groups.last_mut() {
            g.push(s);
        }
    }
    if groups.len() > usize::from(u8::MAX - FIRST_GROUP) {
        return Err(err("triangles", "too many faces for one file"));
    }

    let scale = {
        let mut longest = 0f32;
        for t in &tris {
            for k in 0..3 {
                longest = longest.max(dist(
                    vertices[t[k] as usize],
                    vertices[t[(k + 1) % 3] as usize],
                ));
            }
        }
        // Weight = distance × scale (header u1h), fitting u16.
        if longest > 0.0 {
            (65535.0 / longest).floor().clamp(1.0, 127.0) as u16
        } else {
            127
        }
    };

    // Where each triangle lands: its group and its face index there.
    let mut place = vec![(0u8, 0u16); tris.len()];
    for (gi, segs) in groups.iter().enumerate() {
        for (f, &t) in segs.iter().flatten().enumerate() {
            place[t] = (FIRST_GROUP + gi as u8, count_u16("faces", f)?);
        }
    }
    let mut built = Vec::new();
    for (gi, segs) in groups.iter().enumerate() {
        let faces = Faces {
            tris: &tris,
            adj: &adj,
            place: &place,
        };
        built.push(build_group(
            FIRST_GROUP + gi as u8,
            segs,
            &faces,
            vertices,
            &quant,
            scale,
        )?);
    }
    assemble(built, &quant, scale, vertices, &tris)
}

fn split_faces(faces: Vec<usize>, cents: &[[f32; 3]], out: &mut Vec<Vec<usize>>) {
    if faces.len() <= MAX_SEGMENT_FACES {
        if !faces.is_empty() {
            out.push(faces);
        }
        return;
    }
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for &f in &faces {
        for i in 0..3 {
            lo[i] = lo[i].min(cents[f][i]);
            hi[i] = hi[i].max(cents[f][i]);
        }
    }
    let axis = (0..3)
        .max_by(|&a, &b| (hi[a] - lo[a]).total_cmp(&(hi[b] - lo[b])))
        .unwrap_or(0);
    let mut faces = faces;
    faces.sort_by(|&a, &b| cents[a][axis].total_cmp(&cents[b][axis]).then(a.cmp(&b)));
    let second = faces.split_off(faces.len() / 2);
    split_faces(faces, cents, out);
    split_faces(second, cents, out);
}

/// The four entry bodies of one group plus what the NavSystem needs.
struct BuiltGroup {
    id: u8,
    world: NavWorld,
    chunk: NavmeshChunk,
    segchunk: SegmentChunk,
    graph: SegmentGraph,
    /// Per segment: min/max quantised bounds.
    seg_bounds: Vec<[QVec; 2]>,
}

/// Every triangle, its neighbours and where it lands.
struct Faces<'a> {
    tris: &'a [[u32; 3]],
    /// Neighbour per edge (`usize::MAX`: none).
    adj: &'a [[usize; 3]],
    /// Group and face index per triangle.
    place: &'a [(u8, u16)],
}

/// Bit 14 of a face adjacency: the face lies in another group of this file.
const OTHER_GROUP: u16 = 0x4000;

impl Faces<'_> {
    /// Triangle `t`'s adjacency words as seen from group `id`, and the link lists when a
    /// neighbour lies in another group (as the Survive tiles write them: the group per edge,
    /// 0xffff elsewhere, tile code 0).
    fn adjacency(&self, id: u8, t: usize) -> (Vec<i16>, Option<FaceLinks>) {
        let mut groups = vec![0xffff; 3];
        let adjacent = (0..3)
            .map(|k| match self.adj[t][k] {
                usize::MAX => -1,
                n => {
                    let (g, f) = self.place[n];
                    if g == id {
                        f as i16
                    } else {
                        groups[k] = u16::from(g);
                        (OTHER_GROUP | f) as i16
                    }
                }
            })
            .collect();
        let links = groups.iter().any(|&g| g != 0xffff).then(|| FaceLinks {
            groups,
            tiles: vec![0; 3],
        });
        (adjacent, links)
    }
}

fn build_group(
    id: u8,
    segs: &[Vec<usize>],
    faces_in: &Faces,
    vertices: &[[f32; 3]],
    quant: &Quant,
    scale: u16,
) -> Result<BuiltGroup> {
    let tris = faces_in.tris;
    // Global triangle id -> face index in this group.
    let mut face_of: HashMap<usize, usize> = HashMap::new();
    let mut seg_of_face: Vec<usize> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    for (si, s) in segs.iter().enumerate() {
        for &t in s {
            face_of.insert(t, order.len());
            order.push(t);
            seg_of_face.push(si);
        }
    }
    if order.len() > 0x3fff {
        return Err(err("triangles", "more than 16383 faces in a group"));
    }
    // Local tables per segment.
    let mut sb: Vec<SegB> = Vec::with_capacity(segs.len());
    for s in segs {
        let mut b = SegB {
            tris: s.clone(),
            verts: vec![],
            edges: vec![],
            edge_face: vec![],
        };
        let mut vloc: HashMap<u32, usize> = HashMap::new();
        let mut eloc: HashMap<(u32, u32), usize> = HashMap::new();
        for &t in s {
            for k in 0..3 {
                let v = tris[t][k];
                vloc.entry(v).or_insert_with(|| {
                    b.verts.push(v);
                    b.verts.len() - 1
                });
                let w = tris[t][(k + 1) % 3];
                let key = (v.min(w), v.max(w));
                eloc.entry(key).or_insert_with(|| {
                    b.edges.push(key);
                    b.edge_face.push(face_of.get(&t).copied().unwrap_or(0));
                    b.edges.len() - 1
                });
            }
        }
        sb.push(b);
    }

    // NavmeshChunk.
    let mut qverts: Vec<QVec> = Vec::new();
    let mut segments = Vec::with_capacity(sb.len());
    let mut bounds = Vec::with_capacity(sb.len());
    let mut faces = Vec::with_capacity(order.len());
    let mut face_offsets = Vec::with_capacity(order.len());
    let mut first_face = 0usize;
    let mut first_edge = 0usize;
    for (si, b) in sb.iter().enumerate() {
        let vbase = qverts.len();
        let vlocal: HashMap<u32, u8> = b
            .verts
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u8))
            .collect();
        let elocal: HashMap<(u32, u32), u8> = b
            .edges
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, i as u8))
            .collect();
        let mut lo = [u16::MAX; 3];
        let mut hi = [0u16; 3];
        for &v in &b.verts {
            let q = quant.q(vertices[v as usize]);
            for i in 0..3 {
                lo[i] = lo[i].min(q[i]);
                hi[i] = hi[i].max(q[i]);
            }
            qverts.push(q);
        }
        for &t in &b.tris {
            let tri = tris[t];
            let (adjacent, links) = faces_in.adjacency(id, t);
            faces.push(Face {
                adjacent,
                vertices: tri
                    .iter()
                    .map(|v| vlocal.get(v).copied().unwrap_or(0))
                    .collect(),
                edges: (0..3)
                    .map(|k| {
                        let (a, c) = (tri[k], tri[(k + 1) % 3]);
                        elocal.get(&(a.min(c), a.max(c))).copied().unwrap_or(0)
                    })
                    .collect(),
                links,
            });
            // Bits 20.. name the face's segment, as in the game's files; the layout fills the rest.
            face_offsets.push(count_u32("segment", si)? << 20);
        }
        segments.push(Segment {
            vertex_offset: count_u16("vertex offset", vbase)?,
            face_offset: count_u16("face offset", first_face)?,
            u3: count_u16("corner offset", first_face * 3)?,
            u4: count_u16("edge offset", first_edge)?,
            vertex_count: count_u8("segment vertices", b.verts.len())?,
            face_count: count_u8("segment faces", b.tris.len())?,
            u7: count_u8("segment corners", b.tris.len() * 3)?,
            edge_count: count_u8("segment edges", b.edges.len())?,
        });
        bounds.push([lo, hi]);
        first_face += b.tris.len();
        first_edge += b.edges.len();
    }
    // Offsets and counts are left to the layout (`assemble`).
    let chunk = NavmeshChunk {
        ss1: 0,
        ss2: 0,
        ss3: 0,
        uu: [0; 6],
        face_count: 0,
        vertex_count: 0,
        u4: 0,
        u5: 0,
        vertices: qverts,
        face_offsets,
        faces,
    };

    // NavWorld: one node per (segment, edge), edges between the edges of each face.
    let mut points = Vec::new();
    let mut nodes = Vec::new();
    let mut face_refs = Vec::new();
    let mut node_of: HashMap<(usize, (u32, u32)), usize> = HashMap::new();
    let mut by_edge: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (si, b) in sb.iter().enumerate() {
        for (ei, &(a, c)) in b.edges.iter().enumerate() {
            let n = points.len();
            let qa = quant.q(vertices[a as usize]);
            let qc = quant.q(vertices[c as usize]);
            points.push(std::array::from_fn(|i| {
                ((u32::from(qa[i]) + u32::from(qc[i])) / 2) as u16
            }));
            nodes.push(NavWorldNode {
                adjacency_offset: 0,
                segment: count_u16("segment", si)?,
                count_a: 0,
                count_b: 0,
            });
            face_refs.push(count_u16("face ref", b.edge_face[ei])?);
            node_of.insert((si, (a, c)), n);
            by_edge.entry((a, c)).or_default().push(n);
        }
    }
    let np = points.len();
    count_u16("navworld nodes", np)?;
    let mut edges = Vec::new();
    let mut adjacency: Vec<NodeAdjacency> = vec![NodeAdjacency::default(); np];
    for (si, b) in sb.iter().enumerate() {
        let base = usize::from(segments[si].u4);
        for &t in &b.tris {
            let tri = tris[t];
            let e: Vec<usize> = (0..3)
                .map(|k| {
                    let (a, c) = (tri[k], tri[(k + 1) % 3]);
                    node_of
                        .get(&(si, (a.min(c), a.max(c))))
                        .copied()
                        .unwrap_or(0)
                })
                .collect();
            for (x, y) in [(e[0], e[1]), (e[0], e[2]), (e[1], e[2])] {
                let ei = edges.len();
                let d = dist(quant.w(points[x]), quant.w(points[y]));
                let weight = (d * f32::from(scale)).round().clamp(1.0, 65535.0) as u16;
                edges.push(NavWorldEdge {
                    weight,
                    segment: si as u16,
                    from: (x - base) as u8,
                    to: (y - base) as u8,
                });
                let ei = count_u16("navworld edges", ei)?;
                adjacency[x].a.push([y as u16, ei]);
                adjacency[y].a.push([x as u16, ei]);
            }
        }
    }
    // A node's twin record holds one node of this group (kind 1): an edge that two segments
    // share. Edges of three or more segments (non-manifold input) get none.
    for twins in by_edge.values().filter(|t| t.len() == 2) {
        let (n, m) = (twins[0], twins[1]);
        adjacency[n].b.push(count_u16("navworld nodes", m)?);
        adjacency[m].b.push(count_u16("navworld nodes", n)?);
        nodes[n].count_b = 1;
        nodes[m].count_b = 1;
    }
    let nseg = sb.len();
    let world = NavWorld {
        ss1: 0,
        ss2: 0,
        ss4: 0,
        ss3: 0,
        u1: 0,
        u2: 0,
        ss5: 0,
        u3: 0,
        ss6: 0,
        point_count: 0,
        edge_count: 0,
        pad: [0; 3],
        segment_count: 0,
        points,
        nodes,
        adjacency,
        edges,
        segment_flags: vec![SEGMENT_FLAGS; nseg],
        face_refs,
    };

    let segchunk = SegmentChunk {
        ss1: 0,
        ss2: 0,
        total_size: 0,
        entry_count: 0,
        bounds: bounds.clone(),
        segments,
    };

    // SegmentGraph: one node per segment, edges to segments sharing a mesh edge (the edges that
    // have twins).
    let mut links: Vec<BTreeMap<usize, Vec<u8>>> = vec![BTreeMap::new(); nseg];
    for (si, b) in sb.iter().enumerate() {
        for (ei, e) in b.edges.iter().enumerate() {
            let shared_by = by_edge.get(e).filter(|v| v.len() == 2);
            for &n in shared_by.map_or(&[][..], |v| v.as_slice()) {
                let other = usize::from(world.nodes[n].segment);
                if other != si {
                    links[si].entry(other).or_default().push(ei as u8);
                }
            }
        }
    }
    // As in the game's files, a segment's graph position is one of its NavWorld nodes: the one
    // nearest the centre of its bounds.
    let centre = |si: usize| -> QVec {
        let [lo, hi] = bounds[si];
        let c: [f32; 3] = std::array::from_fn(|i| (f32::from(lo[i]) + f32::from(hi[i])) / 2.0);
        world
            .points
            .iter()
            .zip(&world.nodes)
            .filter(|(_, n)| usize::from(n.segment) == si)
            .map(|(p, _)| *p)
            .min_by(|a, b| {
                let d =
                    |p: &QVec| -> f32 { (0..3).map(|i| (f32::from(p[i]) - c[i]).powi(2)).sum() };
                d(a).total_cmp(&d(b))
            })
            .unwrap_or(lo)
    };
    let positions: Vec<QVec> = (0..nseg).map(centre).collect();
    let mut gnodes = Vec::with_capacity(nseg);
    let mut gadj = Vec::with_capacity(nseg);
    for (si, seg_links) in links.iter().enumerate() {
        let mut es = Vec::new();
        for (&o, shared) in seg_links {
            let d = dist(quant.w(positions[si]), quant.w(positions[o]));
            let mut shared = shared.clone();
            shared.truncate(255);
            // Index of the edge o -> si in o's (sorted) list.
            let reverse = links[o].keys().position(|&k| k == si).unwrap_or(0);
            es.push(SgEdge {
                weight: (d * f32::from(scale)).round().clamp(1.0, 65535.0) as u16,
                node: count_u16("segment graph nodes", o)?,
                reverse: u8::try_from(reverse).unwrap_or(u8::MAX),
                shared: HexBytes(shared),
            });
        }
        gnodes.push(SegmentGraphNode::default());
        gadj.push(SegmentGraphAdjacency {
            edges: es,
            group_edges: vec![],
            mesh_edges: vec![],
        });
    }
    let graph = SegmentGraph {
        ss1: 0,
        ss2: 0,
        ss3: 0,
        uu1: 0,
        total_size: 0,
        node_count: 0,
        uu3: 0,
        total_edges: 0,
        pad: 0,
        positions,
        nodes: gnodes,
        adjacency: gadj,
    };
    Ok(BuiltGroup {
        id,
        world,
        chunk,
        segchunk,
        graph,
        seg_bounds: bounds,
    })
}

fn assemble(
    groups: Vec<BuiltGroup>,
    quant: &Quant,
    scale: u16,
    vertices: &[[f32; 3]],
    tris: &[[u32; 3]],
) -> Result<Nav2Document> {
    // Entry order as in the game's files: all NavWorlds, NavmeshChunks, SegmentChunks, SegmentGraphs.
    let mut entries = Vec::new();
    for kind in [0u16, 1, 4, 3] {
        for g in &groups {
            let body = match kind {
                0 => EntryBody::NavWorld(g.world.clone()),
                1 => EntryBody::NavmeshChunk(g.chunk.clone()),
                4 => EntryBody::SegmentChunk(g.segchunk.clone()),
                _ => EntryBody::SegmentGraph(g.graph.clone()),
            };
            entries.push(Entry {
                entry_type: kind,
                u1: 0,
                next: 0,
                payload: 0,
                group_id: g.id,
                u2: 0,
                n3: 0,
                body,
            });
        }
    }
    // Section2 entry 0: one node per connected component of segments (as in the game's files).
    let section2 = section2_components(&groups);
    let header = Header {
        magic: MAGIC,
        file_size: 0,
        end_of_header: 0,
        entry_count: 0,
        nav_system_offset: 0,
        file_index: 0,
        tile: [0; 3],
        section2_offset: 0,
        o6: 0,
        origin: quant.origin.map(F32::new),
        section3_offset: 0,
        u1b: 0,
        manifest_offset: 0,
        manifest_size: 0,
        u1c: 0,
        u1d: 0,
        divisors: quant.div,
        u1h: scale,
        n7: 1,
        section2_entry_count: 0,
        n8: 0,
        vals: HexBytes(OBJ2NAV2_VALS.to_vec()),
    };
    let mut doc = Nav2Document {
        header,
        // The layout indexes every NavWorld, SegmentGraph and NavmeshChunk, in the game's order.
        manifest: Manifest {
            group_count: 0,
            entries: vec![],
        },
        entries,
        section2: section2.into_iter().collect(),
        nav_system: Some(nav_system(&groups, quant, vertices, tris)?),
        gaps: vec![],
        file_len: 0,
    };
    doc.relayout_as(&LayoutStyle::NAVFORGE)?;
    Ok(doc)
}
