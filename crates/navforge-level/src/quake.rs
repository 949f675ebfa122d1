//! Quake-family BSPs: Quake BSP29, BSP2 (the re-release's large-map format) and GoldSrc BSP30.
//!
//! They share one layout of 15 lumps and differ in record widths (BSP2 widens indices to 32 bits
//! and bounds to floats) and in the texture lump (GoldSrc keeps the same miptex directory).

use crate::bytes::{
    Directory, Lump, bad_plane, f32_le, i32_le, read_points, u16_le, u32_le, vec3_le,
};
use crate::cliphull::{ClipNode, HullNodes, check_acyclic};
use crate::contents::{Contents, SurfaceFlags};
use crate::entities::{Entity, parse_entities};
use crate::error::LevelError;
use crate::faces::{FaceLumps, Polygon, model_faces, no_world_model};
use crate::math::{Aabb, Plane};
use crate::trace::Hull;

/// Which member of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Variant {
    Bsp29,
    Bsp2,
    GoldSrc,
}

/// A brush model (0 is the world): bounds, hull roots and faces.
#[derive(Debug, Clone)]
pub(crate) struct QModel {
    pub bounds: Aabb,
    pub heads: [i32; 4],
    pub first_face: usize,
    pub num_faces: usize,
}

/// Everything read from a Quake-family BSP.
pub(crate) struct QuakeBsp {
    pub variant: Variant,
    pub entities: Vec<Entity>,
    /// Where the entity lump starts, for errors about entities.
    pub entities_offset: u64,
    pub planes: Vec<Plane>,
    pub hull0: HullNodes,
    pub clip: HullNodes,
    pub hull_boxes: [Hull; 4],
    pub models: Vec<QModel>,
    pub faces: Vec<Polygon>,
    pub textures: usize,
}

const LUMP_ENTITIES: usize = 0;
const LUMP_PLANES: usize = 1;
const LUMP_TEXTURES: usize = 2;
const LUMP_VERTICES: usize = 3;
const LUMP_NODES: usize = 5;
const LUMP_TEXINFO: usize = 6;
const LUMP_FACES: usize = 7;
const LUMP_CLIPNODES: usize = 9;
const LUMP_LEAFS: usize = 10;
const LUMP_EDGES: usize = 12;
const LUMP_SURFEDGES: usize = 13;
const LUMP_MODELS: usize = 14;

impl QuakeBsp {
    pub fn read(data: &[u8], variant: Variant) -> Result<QuakeBsp, LevelError> {
        let family = match variant {
            Variant::Bsp29 => "BSP29",
            Variant::Bsp2 => "BSP2",
            Variant::GoldSrc => "BSP30",
        };
        let wide = variant == Variant::Bsp2;
        let dir = Directory::read(data, family, 4, 15, 8)?;
        let entities_lump = dir.lump(LUMP_ENTITIES, "entities")?;
        let entities_offset = entities_lump.offset;
        let entities = parse_entities(entities_lump.bytes);
        let planes = read_planes(&dir.lump(LUMP_PLANES, "planes")?)?;
        let vertices = read_points(&dir.lump(LUMP_VERTICES, "vertices")?, 12, "point", |r| {
            vec3_le(r, 0)
        })?;
        let edges_lump = dir.lump(LUMP_EDGES, "edges")?;
        let edges: Vec<[u32; 2]> = if wide {
            edges_lump
                .records(8)?
                .map(|r| [u32_le(r, 0), u32_le(r, 4)])
                .collect()
        } else {
            edges_lump
                .records(4)?
                .map(|r| [u16_le(r, 0) as u32, u16_le(r, 2) as u32])
                .collect()
        };
        let surfedges: Vec<i32> = dir
            .lump(LUMP_SURFEDGES, "surfedges")?
            .records(4)?
            .map(|r| i32_le(r, 0))
            .collect();

        // Leaves only matter for their contents (hull 0's leaf codes).
        let leafs_lump = dir.lump(LUMP_LEAFS, "leafs")?;
        let leaf_contents: Vec<i32> = leafs_lump
            .records(if wide { 44 } else { 28 })?
            .map(|r| i32_le(r, 0))
            .collect();

        let nodes_lump = dir.lump(LUMP_NODES, "nodes")?;
        let node_size = if wide { 44 } else { 24 };
        let node_count = nodes_lump.count(node_size);
        let mut hull0 = Vec::with_capacity(node_count);
        for (i, r) in nodes_lump.records(node_size)?.enumerate() {
            let plane = i32_le(r, 0);
            check_plane(&nodes_lump, i, node_size, plane, planes.len())?;
            let mut children = [0i32; 2];
            for (k, c) in children.iter_mut().enumerate() {
                // Children index nodes below the node count and leaves (as 0xffff - leaf, or
                // -1 - leaf when wide) above it, as the engines decode them.
                let leaf = if wide {
                    let v = i32_le(r, 4 + 4 * k);
                    if v >= 0 {
                        *c = v;
                        if v as usize >= node_count {
                            return Err(nodes_lump.bad(
                                i,
                                node_size,
                                "children",
                                format!("node {v} of {node_count}"),
                            ));
                        }
                        continue;
                    }
                    (-1 - v as i64) as usize
                } else {
                    let v = u16_le(r, 4 + 2 * k) as usize;
                    if v < node_count {
                        *c = v as i32;
                        continue;
                    }
                    0xffff - v
                };
                let code = *leaf_contents.get(leaf).ok_or_else(|| {
                    nodes_lump.bad(
                        i,
                        node_size,
                        "children",
                        format!("leaf {leaf} of {}", leaf_contents.len()),
                    )
                })?;
                // A leaf must carry a negative code; anything else is treated as solid.
                *c = if code < 0 { code } else { -2 };
            }
            hull0.push(ClipNode {
                plane: plane as u32,
                children,
            });
        }
        check_depth(check_acyclic(&hull0), &nodes_lump, node_size)?;

        let clip_lump = dir.lump(LUMP_CLIPNODES, "clipnodes")?;
        let clip_size = if wide { 12 } else { 8 };
        let clip_count = clip_lump.count(clip_size);
        let mut clip = Vec::with_capacity(clip_count);
        for (i, r) in clip_lump.records(clip_size)?.enumerate() {
            let plane = i32_le(r, 0);
            check_plane(&clip_lump, i, clip_size, plane, planes.len())?;
            let mut children = [0i32; 2];
            for (k, c) in children.iter_mut().enumerate() {
                let v = if wide {
                    i32_le(r, 4 + 4 * k)
                } else {
                    // Unsigned below 0xfff0 so maps with over 32767 clip nodes work.
                    let u = u16_le(r, 4 + 2 * k) as i32;
                    if u >= 0xfff0 { u - 0x10000 } else { u }
                };
                if v >= 0 && v as usize >= clip_count {
                    return Err(clip_lump.bad(
                        i,
                        clip_size,
                        "children",
                        format!("clip node {v} of {clip_count}"),
                    ));
                }
                *c = v;
            }
            clip.push(ClipNode {
                plane: plane as u32,
                children,
            });
        }
        check_depth(check_acyclic(&clip), &clip_lump, clip_size)?;

        let models_lump = dir.lump(LUMP_MODELS, "models")?;
        let mut models = Vec::new();
        for (i, r) in models_lump.records(64)?.enumerate() {
            let bounds = model_bounds(&models_lump, i, 64, r)?;
            let mut heads = [0i32; 4];
            for (h, head) in heads.iter_mut().enumerate() {
                let v = i32_le(r, 36 + 4 * h);
                let limit = if h == 0 { node_count } else { clip_count };
                if v >= 0 && v as usize >= limit {
                    // Hull 0 must exist; a broken clip hull root only loses that hull.
                    if h == 0 {
                        return Err(models_lump.bad(
                            i,
                            64,
                            "headnode[0]",
                            format!("node {v} of {limit}"),
                        ));
                    }
                    *head = -1;
                    continue;
                }
                *head = v;
            }
            let (first_face, num_faces) = model_faces(r, 56);
            models.push(QModel {
                bounds,
                heads,
                first_face,
                num_faces,
            });
        }
        if models.is_empty() {
            return Err(no_world_model(family, models_lump.offset));
        }

        let textures = read_texture_names(&dir.lump(LUMP_TEXTURES, "textures")?);
        let texinfo_lump = dir.lump(LUMP_TEXINFO, "texinfo")?;
        let texinfo: Vec<i32> = texinfo_lump.records(40)?.map(|r| i32_le(r, 32)).collect();

        let faces_lump = dir.lump(LUMP_FACES, "faces")?;
        let face_size = if wide { 28 } else { 20 };
        let fl = FaceLumps::new(
            family,
            (&surfedges, &edges, &vertices),
            &faces_lump,
            face_size,
        );
        let mut faces = Vec::with_capacity(faces_lump.count(face_size));
        for (i, r) in faces_lump.records(face_size)?.enumerate() {
            let (first, num, tex) = if wide {
                (
                    i32_le(r, 8) as i64,
                    u32_le(r, 12) as i64,
                    u32_le(r, 16) as usize,
                )
            } else {
                (
                    i32_le(r, 4) as i64,
                    u16_le(r, 8) as i64,
                    u16_le(r, 10) as usize,
                )
            };
            let points = fl.corners(i, first, num)?;
            let name = texinfo
                .get(tex)
                .and_then(|&m| textures.get(usize::try_from(m).ok()?))
                .map_or("", |s| s.as_str());
            let (contents, surface) = texture_kind(name);
            faces.push(Polygon {
                points,
                surface,
                contents,
            });
        }
        let hull_boxes = if variant == Variant::GoldSrc {
            [
                Hull::POINT,
                Hull::GOLDSRC_STANDING,
                Hull::GOLDSRC_LARGE,
                Hull::GOLDSRC_CROUCHING,
            ]
        } else {
            // Quake's hull 3 is unused (the compiler leaves it a copy of hull 0's size).
            [
                Hull::POINT,
                Hull::QUAKE_PLAYER,
                Hull::QUAKE_LARGE,
                Hull::POINT,
            ]
        };
        Ok(QuakeBsp {
            variant,
            entities,
            entities_offset,
            planes,
            hull0: HullNodes { nodes: hull0 },
            clip: HullNodes { nodes: clip },
            hull_boxes,
            models,
            faces,
            textures: textures.len(),
        })
    }
}

/// Traces recurse once per tree level: refuse loops and trees too deep to walk safely (real
/// maps are well under 200 levels deep).
const MAX_TREE_DEPTH: usize = 1024;

fn check_depth(r: Result<usize, usize>, l: &Lump, size: usize) -> Result<(), LevelError> {
    match r {
        Err(n) => Err(l.bad(n, size, "children", "the tree loops back on itself")),
        Ok(d) if d > MAX_TREE_DEPTH => Err(LevelError::malformed(
            l.family,
            l.name,
            l.offset,
            format!("tree is {d} levels deep (more than {MAX_TREE_DEPTH})"),
        )),
        Ok(_) => Ok(()),
    }
}

/// A model record's mins and maxs (the first 24 bytes in every family), each point checked.
pub(crate) fn model_bounds(l: &Lump, i: usize, size: usize, r: &[u8]) -> Result<Aabb, LevelError> {
    let (min, max) = (vec3_le(r, 0), vec3_le(r, 12));
    for (field, p) in [("mins", min), ("maxs", max)] {
        if let Some(why) = crate::bytes::bad_point(p) {
            return Err(l.bad(i, size, field, why));
        }
    }
    Ok(Aabb::new(min, max))
}

fn check_plane(l: &Lump, i: usize, size: usize, plane: i32, n: usize) -> Result<(), LevelError> {
    if plane < 0 || plane as usize >= n {
        return Err(l.bad(i, size, "planenum", format!("plane {plane} of {n}")));
    }
    Ok(())
}

/// The planes lump (20-byte records in every family), each plane checked: a NaN, infinite or
/// non-unit normal, or a distance past [`crate::bytes::MAX_COORD`], is refused with its index and
/// offset (traces divide by differences of plane distances: such a plane would stall them).
pub(crate) fn read_planes(l: &Lump) -> Result<Vec<Plane>, LevelError> {
    let mut out = Vec::with_capacity(l.count(20));
    for (i, r) in l.records(20)?.enumerate() {
        let (normal, dist) = (vec3_le(r, 0), f32_le(r, 12));
        if let Some(why) = bad_plane(normal, dist) {
            return Err(l.bad(i, 20, "normal", why));
        }
        out.push(Plane { normal, dist });
    }
    Ok(out)
}

/// Names of the miptex directory (missing or unreadable entries become empty names).
fn read_texture_names(l: &Lump) -> Vec<String> {
    let b = l.bytes;
    let Some(n) = crate::bytes::u32_at(b, 0) else {
        return Vec::new();
    };
    let n = (n as usize).min(b.len() / 4);
    (0..n)
        .map(|i| {
            let off = crate::bytes::u32_at(b, 4 + 4 * i).unwrap_or(u32::MAX) as usize;
            b.get(off..off.saturating_add(16))
                .map(|name| {
                    let end = name.iter().position(|&c| c == 0).unwrap_or(16);
                    String::from_utf8_lossy(&name[..end]).into_owned()
                })
                .unwrap_or_default()
        })
        .collect()
}

/// What a Quake/GoldSrc texture name says about its face.
fn texture_kind(name: &str) -> (Contents, SurfaceFlags) {
    let lower = name.to_ascii_lowercase();
    if lower.starts_with("sky") {
        (Contents::SKY, SurfaceFlags::SKY)
    } else if lower.starts_with('*') || lower.starts_with('!') {
        (Contents::WATER, SurfaceFlags::LIQUID)
    } else if lower == "clip" || lower == "aaatrigger" || lower == "trigger" || lower == "origin" {
        (Contents::TRIGGER, SurfaceFlags::NODRAW)
    } else {
        (Contents::SOLID, SurfaceFlags::NONE)
    }
}
