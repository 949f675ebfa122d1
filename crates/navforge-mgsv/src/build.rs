//! Building a complete `.nav2` from triangle geometry, laid out the way the game's own files are
//! (measured on the corpus): per group a NavWorld with one node per segment edge, a NavmeshChunk
//! with 16-byte face records, a SegmentChunk, a SegmentGraph, and a NavSystem grid at the end.

use crate::FMT;
use crate::doc::*;
use navforge_core::model::NavMesh;
use navforge_core::{Error, F32, HexBytes, Result};
use std::collections::{BTreeMap, HashMap};

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

fn pad16(n: usize) -> usize {
    (n + 15) & !15
}

fn err(field: &str, msg: impl Into<String>) -> Error {
    Error::invalid(FMT, field.to_string(), 0, msg)
}

fn u16c(n: usize, what: &str) -> Result<u16> {
    u16::try_from(n).map_err(|_| err(what, format!("{n} exceeds the format's 16-bit limit")))
}
fn u32c(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| err(what, format!("{n} exceeds the format's 32-bit limit")))
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

/// Build a complete `.nav2` from triangles (indices into `vertices`).
///
/// Positions are quantised (origin = minimum corner, divisor = 65535 / extent per axis).
/// Faces are split into segments of at most 64 by a grid plus median splits; more than 4000 faces
/// go into several groups (ids 4, 5, ...), whose cross-group face adjacency is left open (-1).
pub fn from_triangles(vertices: &[[f32; 3]], triangles: &[[u32; 3]]) -> Result<Nav2Document> {
    if let Some(i) = vertices
        .iter()
        .position(|v| !v.iter().all(|c| c.is_finite()))
    {
        return Err(err("vertices", format!("vertex {i} is not finite")));
    }
    let nv = vertices.len();
    let mut tris: Vec<[u32; 3]> = Vec::with_capacity(triangles.len());
    for (i, t) in triangles.iter().enumerate() {
        if t.iter().any(|&v| v as usize >= nv) {
            return Err(err(
                "triangles",
                format!("triangle {i} indexes a vertex beyond {nv}"),
            ));
        }
        if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
            tris.push(*t);
        }
    }
    if tris.is_empty() {
        return Err(err("triangles", "no non-degenerate triangles"));
    }
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

    // Face adjacency over shared edges (input vertex ids).
    let mut edge_map: HashMap<(u32, u32), Vec<(usize, usize)>> = HashMap::new();
    for (ti, t) in tris.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            edge_map
                .entry((a.min(b), a.max(b)))
                .or_default()
                .push((ti, k));
        }
    }
    let mut adj = vec![[usize::MAX; 3]; tris.len()];
    for faces in edge_map.values() {
        if let [(f1, k1), (f2, k2)] = faces[..] {
            adj[f1][k1] = f2;
            adj[f2][k2] = f1;
        }
    }

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

    let mut built = Vec::new();
    for (gi, segs) in groups.iter().enumerate() {
        built.push(build_group(
            FIRST_GROUP + gi as u8,
            segs,
            &tris,
            &adj,
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

fn build_group(
    id: u8,
    segs: &[Vec<usize>],
    tris: &[[u32; 3]],
    adj: &[[usize; 3]],
    vertices: &[[f32; 3]],
    quant: &Quant,
    scale: u16,
) -> Result<BuiltGroup> {
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
            let fi = faces.len();
            let tri = tris[t];
            let adjacent: Vec<i16> = (0..3)
                .map(|k| face_of.get(&adj[t][k]).map_or(-1, |&f| f as i16))
                .collect();
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
                links: None,
            });
            face_offsets.push(u32c(fi * 8, "face offset")? | (u32c(si, "segment")? << 20));
        }
        segments.push(Segment {
            vertex_offset: u16c(vbase, "vertex offset")?,
            face_offset: u16c(first_face, "face offset")?,
            u3: u16c(first_face * 3, "corner offset")?,
            u4: u16c(first_edge, "edge offset")?,
            vertex_count: b.verts.len() as u8,
            face_count: b.tris.len() as u8,
            u7: (b.tris.len() * 3) as u8,
            edge_count: b.edges.len() as u8,
        });
        bounds.push([lo, hi]);
        first_face += b.tris.len();
        first_edge += b.edges.len();
    }
    let nf = faces.len();
    let nvq = qverts.len();
    let c_ss2 = 32 + pad16(nvq * 6);
    let c_ss3 = c_ss2 + pad16(nf * 4);
    let chunk = NavmeshChunk {
        ss1: 32,
        ss2: u32c(c_ss2, "ss2")?,
        ss3: u32c(c_ss3, "ss3")?,
        uu: [0; 6],
        face_count: u16c(nf, "face count")?,
        vertex_count: u16c(nvq, "vertex count")?,
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
                segment: si as u16,
                count_a: 0,
                count_b: 0,
            });
            face_refs.push(u16c(b.edge_face[ei], "face ref")?);
            node_of.insert((si, (a, c)), n);
            by_edge.entry((a, c)).or_default().push(n);
        }
    }
    let np = points.len();
    u16c(np, "navworld nodes")?;
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
                let ei = u16c(ei, "navworld edges")?;
                adjacency[x].a.push([y as u16, ei]);
                adjacency[y].a.push([x as u16, ei]);
            }
        }
    }
    for twins in by_edge.values() {
        for &n in twins {
            for &m in twins {
                if m != n {
                    adjacency[n].b.push(m as u16);
                }
            }
        }
    }
    let mut off = 0usize;
    for (n, a) in nodes.iter_mut().zip(&adjacency) {
        n.adjacency_offset = u16c(off, "navworld adjacency offset (group too large)")?;
        n.count_a = u8::try_from(a.a.len()).map_err(|_| err("navworld", "node degree > 255"))?;
        n.count_b = u8::try_from(a.b.len()).map_err(|_| err("navworld", "twins > 255"))?;
        off += a.a.len() * 2 + a.b.len();
    }
    let ne = edges.len();
    let nseg = sb.len();
    let w_ss2 = 48 + pad16(np * 6);
    let w_ss3 = w_ss2 + pad16(np * 6);
    let w_ss4 = w_ss3 + pad16(off * 2);
    let w_ss5 = w_ss4 + pad16(ne * 6);
    let w_ss6 = w_ss5 + pad16(nseg * 2);
    let world = NavWorld {
        ss1: 48,
        ss2: u32c(w_ss2, "ss2")?,
        ss4: u32c(w_ss4, "ss4")?,
        ss3: u32c(w_ss3, "ss3")?,
        u1: 0,
        u2: 0,
        ss5: u32c(w_ss5, "ss5")?,
        u3: 0,
        ss6: u32c(w_ss6, "ss6")?,
        point_count: np as u16,
        edge_count: u16c(ne, "navworld edges")?,
        pad: [0; 3],
        segment_count: u16c(nseg, "segments")?,
        points,
        nodes,
        adjacency,
        edges,
        segment_flags: vec![SEGMENT_FLAGS; nseg],
        face_refs,
    };

    let s_ss2 = 16 + pad16(nseg * 12);
    let segchunk = SegmentChunk {
        ss1: 16,
        ss2: u32c(s_ss2, "ss2")?,
        total_size: u32c(s_ss2 + pad16(nseg * 12), "total")?,
        entry_count: nseg as u32,
        bounds: bounds.clone(),
        segments,
    };

    // SegmentGraph: one node per segment, edges to segments sharing a mesh edge.
    let mut links: Vec<BTreeMap<usize, Vec<u8>>> = vec![BTreeMap::new(); nseg];
    for (si, b) in sb.iter().enumerate() {
        for (ei, e) in b.edges.iter().enumerate() {
            for &n in by_edge.get(e).map_or(&[][..], |v| v.as_slice()) {
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
    let mut units = 0usize;
    let mut total_edges = 0usize;
    for (si, seg_links) in links.iter().enumerate() {
        let mut es = Vec::new();
        let mut bytes = 0usize;
        for (&o, shared) in seg_links {
            let d = dist(quant.w(positions[si]), quant.w(positions[o]));
            let mut shared = shared.clone();
            shared.truncate(255);
            bytes += 6 + shared.len();
            // Index of the edge o -> si in o's (sorted) list.
            let reverse = links[o].keys().position(|&k| k == si).unwrap_or(0);
            es.push(SgEdge {
                weight: (d * f32::from(scale)).round().clamp(1.0, 65535.0) as u16,
                node: o as u16,
                reverse: u8::try_from(reverse).unwrap_or(u8::MAX),
                shared: HexBytes(shared),
            });
        }
        total_edges += es.len();
        gnodes.push(SegmentGraphNode {
            edge_offset: u32c(units, "segment graph offset")?,
            edge_count: u8::try_from(es.len()).map_err(|_| err("segment graph", "> 255 edges"))?,
            u3: 0,
            u4: 0,
            u5: 0,
            u6: 0,
            group_edge_count: 0,
            mesh_edge_count: 0,
        });
        units += bytes.div_ceil(2);
        gadj.push(SegmentGraphAdjacency {
            edges: es,
            group_edges: vec![],
            mesh_edges: vec![],
        });
    }
    if units >= 1 << 24 {
        return Err(err("segment graph", "too large"));
    }
    let g_ss2 = 32 + pad16(nseg * 6);
    let g_ss3 = g_ss2 + pad16(nseg * 12);
    let g_total = g_ss3 + pad16(units * 2);
    let graph = SegmentGraph {
        ss1: 32,
        ss2: u32c(g_ss2, "ss2")?,
        ss3: u32c(g_ss3, "ss3")?,
        uu1: 0,
        total_size: u32c(g_total, "total")?,
        node_count: nseg as u32,
        uu3: 0,
        total_edges: u32c(total_edges, "edges")?,
        pad: 0,
        positions,
        nodes: gnodes,
        // ss3 == total_size means "no ss3" to readers (and the game's template).
        adjacency: if units == 0 { vec![] } else { gadj },
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

fn navworld_len(w: &NavWorld) -> usize {
    pad16(w.ss6 as usize + w.face_refs.len() * 2)
}
fn chunk_len(c: &NavmeshChunk) -> usize {
    pad16(c.ss3 as usize + c.faces.len() * 16)
}

fn assemble(
    groups: Vec<BuiltGroup>,
    quant: &Quant,
    scale: u16,
    vertices: &[[f32; 3]],
    tris: &[[u32; 3]],
) -> Result<Nav2Document> {
    let ng = groups.len();
    let end_of_header = pad16(96 + 4 + 36 * ng);
    // Entry order as in the game's files: all NavWorlds, NavmeshChunks, SegmentChunks, SegmentGraphs.
    let mut entries = Vec::new();
    let mut pos = end_of_header;
    let mut manifest_by_type: BTreeMap<u8, Vec<ManifestEntry>> = BTreeMap::new();
    for kind in [0u16, 1, 4, 3] {
        for g in &groups {
            let (len, body) = match kind {
                0 => (navworld_len(&g.world), EntryBody::NavWorld(g.world.clone())),
                1 => (
                    chunk_len(&g.chunk),
                    EntryBody::NavmeshChunk(g.chunk.clone()),
                ),
                4 => (
                    g.segchunk.total_size as usize,
                    EntryBody::SegmentChunk(g.segchunk.clone()),
                ),
                _ => (
                    g.graph.total_size as usize,
                    EntryBody::SegmentGraph(g.graph.clone()),
                ),
            };
            let size = 16 + len;
            if kind != 4 {
                manifest_by_type
                    .entry(kind as u8)
                    .or_default()
                    .push(ManifestEntry {
                        group_id: g.id,
                        u1b: 0,
                        u2: 0,
                        payload_offset: u32c(pos + 16, "payload offset")?,
                        entry_type: kind as u8,
                        entry_size: u32c(size, "entry size")?,
                    });
            }
            entries.push(Entry {
                entry_type: kind,
                u1: 0,
                next: u32c(size, "entry size")?,
                payload: 16,
                group_id: g.id,
                u2: 0,
                n3: 0,
                body,
            });
            pos += size;
        }
    }
    if manifest_by_type
        .values()
        .flatten()
        .any(|m| m.entry_size >= 1 << 24)
    {
        return Err(err("entry", "an entry exceeds the manifest's 24-bit size"));
    }
    // Manifest order as in the game's files: NavWorlds, SegmentGraphs, NavmeshChunks.
    let mut mentries = Vec::new();
    for t in [0u8, 3, 1] {
        mentries.extend(manifest_by_type.remove(&t).unwrap_or_default());
    }

    // NavSystem grid over X/Z.
    // Section2 entry 0: one node per connected component of segments (as in the game's files).
    let section2 = section2_components(&groups);
    let section2_pos = pos;
    if let Some(e) = &section2 {
        pos += usize::from(e.next);
    }
    let nav_pos = pos;
    let ext = [
        65535.0 / f32::from(quant.div[0]),
        65535.0 / f32::from(quant.div[2]),
    ];
    let cell_size = ((ext[0].max(ext[1]) / 32.0).ceil() as u32).max(1);
    let cells_x = ((ext[0] / cell_size as f32).ceil() as u32).clamp(1, 64);
    let cells_z = ((ext[1] / cell_size as f32).ceil() as u32).clamp(1, 64);
    let ncell = (cells_x * cells_z) as usize;
    let ymin = quant.origin[1];
    let yext = 65535.0 / f32::from(quant.div[1]);
    // Per cell: group -> segments overlapping, and y range.
    let mut cell_lists: Vec<BTreeMap<u8, Vec<u16>>> = vec![BTreeMap::new(); ncell];
    let mut cell_y: Vec<(f32, f32)> = vec![(f32::MAX, f32::MIN); ncell];
    for g in &groups {
        for (si, [lo, hi]) in g.seg_bounds.iter().enumerate() {
            let wlo = quant.w(*lo);
            let whi = quant.w(*hi);
            let cx0 = (((wlo[0] - quant.origin[0]) / cell_size as f32) as u32).min(cells_x - 1);
            let cx1 = (((whi[0] - quant.origin[0]) / cell_size as f32) as u32).min(cells_x - 1);
            let cz0 = (((wlo[2] - quant.origin[2]) / cell_size as f32) as u32).min(cells_z - 1);
            let cz1 = (((whi[2] - quant.origin[2]) / cell_size as f32) as u32).min(cells_z - 1);
            for cz in cz0..=cz1 {
                for cx in cx0..=cx1 {
                    let c = (cz * cells_x + cx) as usize;
                    cell_lists[c].entry(g.id).or_default().push(si as u16);
                    cell_y[c].0 = cell_y[c].0.min(wlo[1]);
                    cell_y[c].1 = cell_y[c].1.max(whi[1]);
                }
            }
        }
    }
    let ss1 = 48usize;
    let ss2 = ss1 + pad16(ncell * 8);
    let mut lists = Vec::new();
    let mut cells = Vec::with_capacity(ncell);
    let mut at = ss2;
    for (c, l) in cell_lists.iter().enumerate() {
        let rec = ss1 + c * 8;
        if l.is_empty() {
            cells.push(NavSystemCell {
                offset: u32c(ss2 - rec, "cell")?,
                count: 0,
                u2: 0,
                u3: 0,
            });
            continue;
        }
        let yq = |y: f32| (((y - ymin) / yext.max(1e-6)) * 255.0).clamp(0.0, 255.0);
        cells.push(NavSystemCell {
            offset: u32c(at - rec, "cell")?,
            count: u16c(l.len(), "cell")?,
            u2: yq(cell_y[c].0).floor() as u8,
            u3: yq(cell_y[c].1).ceil() as u8,
        });
        let entries: Vec<NavSystemListEntry> = l
            .iter()
            .map(|(&g, s)| NavSystemListEntry {
                group_id: g,
                u1: 0,
                u2: 0,
                segments: s.clone(),
            })
            .collect();
        let len: usize = entries.iter().map(|e| 8 + 2 * e.segments.len()).sum();
        lists.push(NavSystemList {
            at: u32c(at, "list")?,
            entries,
        });
        at += len;
    }
    let ns_len = pad16(at);
    let nav_ymin = tris
        .iter()
        .flatten()
        .map(|&v| vertices[v as usize][1])
        .fold(f32::MAX, f32::min);
    let nav_system = NavSystem {
        origin: [
            F32::new(quant.origin[0]),
            F32::new((nav_ymin - 1.0).floor()),
            F32::new(quant.origin[2]),
            F32::ZERO,
        ],
        cells_x,
        n2: 1,
        cells_z,
        cell_size,
        n5: 128,
        ss1: ss1 as u32,
        ss2: u32c(ss2, "ss2")?,
        ss3: u32c(ns_len, "ss3")?,
        cells,
        lists,
    };
    let file_len = nav_pos + ns_len;
    let header = Header {
        magic: MAGIC,
        file_size: u32c(file_len, "file size")?,
        end_of_header: end_of_header as u32,
        entry_count: entries.len() as u32,
        nav_system_offset: u32c(nav_pos, "nav system offset")?,
        file_index: 0,
        tile: [0; 3],
        section2_offset: if section2_pos == nav_pos {
            0
        } else {
            u32c(section2_pos, "section2")?
        },
        o6: 0,
        origin: quant.origin.map(F32::new),
        section3_offset: 0,
        u1b: 0,
        manifest_offset: HEADER_SIZE,
        manifest_size: (4 + 36 * ng) as u32,
        u1c: 0,
        u1d: 0,
        divisors: quant.div,
        u1h: scale,
        n7: 1,
        section2_entry_count: u8::from(section2_pos != nav_pos),
        n8: 0,
        vals: HexBytes(OBJ2NAV2_VALS.to_vec()),
    };
    Ok(Nav2Document {
        header,
        manifest: Manifest {
            group_count: ng as u32,
            entries: mentries,
        },
        entries,
        section2: section2.into_iter().collect(),
        nav_system: Some(nav_system),
        gaps: vec![],
        file_len: file_len as u64,
    })
}

/// Connected components of segments (through the SegmentGraph) as a Section2 entry; `None` when
/// the entry would not fit its 16-bit offsets.
fn section2_components(groups: &[BuiltGroup]) -> Option<Section2Entry> {
    let mut nodes = Vec::new();
    let mut refs = Vec::new();
    let mut sizes = Vec::new();
    for g in groups {
        let n = g.graph.nodes.len();
        let mut comp = vec![usize::MAX; n];
        for start in 0..n {
            if comp[start] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut stack = vec![start];
            comp[start] = id;
            let mut size = 0u32;
            while let Some(s) = stack.pop() {
                size += 1;
                for e in g.graph.adjacency.get(s).map_or(&[][..], |a| &a.edges[..]) {
                    let t = usize::from(e.node);
                    if t < n && comp[t] == usize::MAX {
                        comp[t] = id;
                        stack.push(t);
                    }
                }
            }
            // Representative: the first NavWorld node of the component's first segment.
            let node = g
                .world
                .nodes
                .iter()
                .position(|x| usize::from(x.segment) == start)?;
            nodes.push(Section2Node {
                position: g.world.points[node],
                flags: g.world.segment_flags.get(start).copied().unwrap_or(0),
                ss2_offset: 0,
                count_b: 0,
                count_a: 0,
            });
            refs.push([u16::from(g.id), 0, start as u16, node as u16]);
            sizes.push(u16::try_from(size).ok()?);
        }
    }
    let cnt = nodes.len();
    let ss1 = 16usize;
    let ss2 = ss1 + pad16(cnt * 14);
    let ss3 = ss2;
    let ss4 = ss3 + cnt * 8;
    let ss5 = ss4 + cnt * 2;
    let ss6 = ss5 + 24;
    let next = pad16(ss6);
    let o = |v: usize| u16::try_from(v).ok();
    Some(Section2Entry {
        next: o(next)?,
        ss1: o(ss1)?,
        count: o(cnt)?,
        ss2: o(ss2)?,
        ss3: o(ss3)?,
        ss4: o(ss4)?,
        ss5: o(ss5)?,
        ss6: o(ss6)?,
        adjacency: vec![NodeAdjacency::default(); cnt],
        nodes,
        ss3_items: refs,
        ss4_items: sizes,
        ss5_block: HexBytes(vec![0; 24]),
        ss6_block: HexBytes(vec![0; next - ss6]),
    })
}

/// The mesh's areas as one triangle list in Fox Engine axes (Y up): polygons fan-triangulated,
/// equal corners merged so that neighbouring triangles share vertices.
pub fn fox_triangles(mesh: &NavMesh) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
    let z_up = mesh.is_z_up();
    let mut index = std::collections::HashMap::new();
    let mut vertices = Vec::new();
    let mut corner = |p: [f32; 3]| -> u32 {
        // The inverse of `NavMesh::to_z_up`: Z-up (x, y, z) is Y-up (x, z, -y).
        let fox = if z_up { [p[0], p[2], -p[1]] } else { p };
        *index.entry(fox.map(f32::to_bits)).or_insert_with(|| {
            vertices.push(fox);
            vertices.len() as u32 - 1
        })
    };
    let mut triangles = Vec::new();
    for area in &mesh.areas {
        let ids: Vec<u32> = area.polygon.iter().map(|&p| corner(p)).collect();
        for i in 1..ids.len().saturating_sub(1) {
            triangles.push([ids[0], ids[i], ids[i + 1]]);
        }
    }
    (vertices, triangles)
}

impl navforge_core::BuildFromModel for Nav2Document {
    type Options = ();

    fn from_model(
        mesh: &NavMesh,
        _: &(),
    ) -> std::result::Result<navforge_core::Built<Self>, navforge_core::BuildError> {
        let (vertices, triangles) = fox_triangles(mesh);
        Ok(navforge_core::Built::complete(from_triangles(
            &vertices, &triangles,
        )?))
    }
}
