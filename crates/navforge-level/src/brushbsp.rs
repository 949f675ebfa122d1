//! Brush-based BSPs: Quake II `IBSP` v38 and Source `VBSP` v19–21 (with displacements).
//!
//! Both keep the map's convex brushes (planes, contents, surface flags per side); collision is
//! against those, as the engines trace. Brushes belong to models through the leaves of each
//! model's node tree.

use crate::brushes::Side;
use crate::bytes::{
    Directory, REUSE, f32_le, i16_le, i32_le, read_points, reuse_budget, u16_le, u32_at, vec3_le,
};
use crate::contents::{Contents, SurfaceFlags};
use crate::entities::{Entity, parse_entities};
use crate::error::LevelError;
use crate::faces::{FaceLumps, Polygon, model_faces, no_world_model};
use crate::math::{Aabb, Plane};
use crate::quake::read_planes;
use glam::Vec3;

/// A brush model (0 is the world).
#[derive(Debug, Clone)]
pub(crate) struct BModel {
    pub bounds: Aabb,
    pub brushes: Vec<u32>,
    pub first_face: usize,
    pub num_faces: usize,
}

/// A brush before it is given an owner.
#[derive(Debug, Clone)]
pub(crate) struct RawBrush {
    pub sides: Vec<Side>,
    pub contents: Contents,
}

/// Everything read from an IBSP/VBSP.
pub(crate) struct BrushBsp {
    pub source: bool,
    pub version: u32,
    pub entities: Vec<Entity>,
    /// Where the entity lump starts, for errors about entities.
    pub entities_offset: u64,
    pub models: Vec<BModel>,
    pub brushes: Vec<RawBrush>,
    pub faces: Vec<Polygon>,
    /// Faces that are displacement bases (drawn as their displacement instead).
    pub disp_faces: Vec<bool>,
    /// Displacement triangles (world space) with their contents.
    pub displacements: Vec<([Vec3; 3], Contents)>,
    pub displacement_count: usize,
    /// The world's BSP tree for point contents, as the engine answers them (the void outside
    /// the map is a solid leaf there, though no brush covers it).
    pub tree: PointTree,
    pub textures: usize,
}

struct Layout {
    family: &'static str,
    source: bool,
    entities: usize,
    planes: usize,
    vertices: usize,
    nodes: usize,
    texinfo: usize,
    faces: usize,
    leafs: usize,
    edges: usize,
    surfedges: usize,
    models: usize,
    leafbrushes: usize,
    brushes: usize,
    brushsides: usize,
    node_size: usize,
    texinfo_size: usize,
    texinfo_flags: usize,
    face_size: usize,
    side_size: usize,
}

const IBSP: Layout = Layout {
    family: "IBSP v38",
    source: false,
    entities: 0,
    planes: 1,
    vertices: 2,
    nodes: 4,
    texinfo: 5,
    faces: 6,
    leafs: 8,
    edges: 11,
    surfedges: 12,
    models: 13,
    leafbrushes: 10,
    brushes: 14,
    brushsides: 15,
    node_size: 28,
    texinfo_size: 76,
    texinfo_flags: 32,
    face_size: 20,
    side_size: 4,
};

const VBSP: Layout = Layout {
    family: "VBSP",
    source: true,
    entities: 0,
    planes: 1,
    vertices: 3,
    nodes: 5,
    texinfo: 6,
    faces: 7,
    leafs: 10,
    edges: 12,
    surfedges: 13,
    models: 14,
    leafbrushes: 17,
    brushes: 18,
    brushsides: 19,
    node_size: 32,
    texinfo_size: 72,
    texinfo_flags: 64,
    face_size: 56,
    side_size: 8,
};

const VBSP_DISPINFO: usize = 26;
/// The VBSP lumps this crate reads (the brush reader's and the PVS reader's), unpacked when
/// LZMA-compressed.
const VBSP_READ: [usize; 16] = [0, 1, 3, 4, 5, 6, 7, 10, 12, 13, 14, 17, 18, 19, 26, 33];

/// A Source VBSP's lump directory, its lumps as they are in the file.
pub(crate) fn vbsp_directory_packed(data: &[u8]) -> Result<Directory<'_>, LevelError> {
    // L4D2 writes each lump entry as (version, offset, length) instead of (offset, length,
    // version): take whichever order lies inside the file.
    let standard = Directory::read(data, VBSP.family, 8, 64, 16)?;
    let plausible = |d: &Directory| (0..64).all(|i| d.lump(i, "lump").is_ok());
    Ok(if plausible(&standard) {
        standard
    } else {
        let alt = Directory::read(data, VBSP.family, 12, 64, 16)?;
        if plausible(&alt) { alt } else { standard }
    })
}

/// [`vbsp_directory_packed`] with the lumps this crate reads unpacked where Valve's LZMA
/// compressed them (`bspzip -repack`, console maps).
pub(crate) fn vbsp_directory(data: &[u8]) -> Result<Directory<'_>, LevelError> {
    let mut dir = vbsp_directory_packed(data)?;
    dir.unpack_lzma(&VBSP_READ)?;
    Ok(dir)
}
const VBSP_DISPVERTS: usize = 33;

/// Read a Quake II IBSP v38.
pub(crate) fn read_ibsp(data: &[u8]) -> Result<BrushBsp, LevelError> {
    let dir = Directory::read(data, IBSP.family, 8, 19, 8)?;
    read_common(data, &dir, &IBSP, 38, 28, None)
}

/// Read a Source VBSP (versions 19–21; the caller checked the version).
pub(crate) fn read_vbsp(data: &[u8], version: u32) -> Result<BrushBsp, LevelError> {
    let dir = vbsp_directory(data)?;
    // The leaf record grew from 56 to 32 bytes (ambient light moved out) at lump version 1.
    let leaf_version = u32_at(data, 8 + 16 * VBSP.leafs + 8).unwrap_or(1);
    let leaf_size = if leaf_version == 0 { 56 } else { 32 };
    let mut bsp = read_common(data, &dir, &VBSP, version, leaf_size, Some(()))?;
    read_displacements(&dir, &mut bsp)?;
    Ok(bsp)
}

fn read_common(
    _data: &[u8],
    dir: &Directory,
    l: &Layout,
    version: u32,
    leaf_size: usize,
    _source: Option<()>,
) -> Result<BrushBsp, LevelError> {
    let family = l.family;
    let entities_lump = dir.lump(l.entities, "entities")?;
    let entities_offset = entities_lump.offset;
    let entities = parse_entities(entities_lump.bytes);
    let planes = read_planes(&dir.lump(l.planes, "planes")?)?;
    let vertices = read_points(&dir.lump(l.vertices, "vertices")?, 12, "point", |r| {
        vec3_le(r, 0)
    })?;
    let edges: Vec<[u32; 2]> = dir
        .lump(l.edges, "edges")?
        .records(4)?
        .map(|r| [u16_le(r, 0) as u32, u16_le(r, 2) as u32])
        .collect();
    let surfedges: Vec<i32> = dir
        .lump(l.surfedges, "surfedges")?
        .records(4)?
        .map(|r| i32_le(r, 0))
        .collect();
    let texinfo_lump = dir.lump(l.texinfo, "texinfo")?;
    let texinfo: Vec<(i32, String)> = texinfo_lump
        .records(l.texinfo_size)?
        .map(|r| {
            let name = if l.source {
                String::new()
            } else {
                let b = &r[40..72];
                let end = b.iter().position(|&c| c == 0).unwrap_or(32);
                String::from_utf8_lossy(&b[..end]).into_owned()
            };
            (i32_le(r, l.texinfo_flags), name)
        })
        .collect();
    let surface_of = |tex: i16| -> SurfaceFlags {
        usize::try_from(tex)
            .ok()
            .and_then(|t| texinfo.get(t))
            .map_or(SurfaceFlags::NONE, |(f, _)| {
                SurfaceFlags::from_brush_bits(*f, l.source)
            })
    };

    // Brushes and their sides.
    let sides_lump = dir.lump(l.brushsides, "brushsides")?;
    let raw_sides: Vec<(u16, i16, bool)> = sides_lump
        .records(l.side_size)?
        .map(|r| (u16_le(r, 0), i16_le(r, 2), l.source && r[6] != 0))
        .collect();
    let brushes_lump = dir.lump(l.brushes, "brushes")?;
    let mut brushes = Vec::with_capacity(brushes_lump.count(12));
    // Compilers give each brush its own run of sides: brushes that share them over and over
    // would multiply the sides lump, so their total is bounded by it.
    let side_budget = reuse_budget(raw_sides.len());
    let mut sides_used = 0usize;
    for (i, r) in brushes_lump.records(12)?.enumerate() {
        let (first, num, contents) = (i32_le(r, 0) as i64, i32_le(r, 4) as i64, i32_le(r, 8));
        let end = first + num;
        if first < 0 || num < 0 || end > raw_sides.len() as i64 {
            return Err(brushes_lump.bad(
                i,
                12,
                "sides",
                format!("sides {first}..{end} of {}", raw_sides.len()),
            ));
        }
        sides_used += num as usize;
        if sides_used > side_budget {
            return Err(brushes_lump.bad(
                i,
                12,
                "sides",
                format!(
                    "brushes so far use {sides_used} sides, more than {side_budget} \
                     ({REUSE} times the {} in the lump): brushes reuse the same sides",
                    raw_sides.len()
                ),
            ));
        }
        let mut sides = Vec::with_capacity(num as usize);
        for (k, &(plane, tex, bevel)) in raw_sides[first as usize..end as usize].iter().enumerate()
        {
            let p = planes.get(plane as usize).ok_or_else(|| {
                sides_lump.bad(
                    first as usize + k,
                    l.side_size,
                    "planenum",
                    format!("plane {plane} of {}", planes.len()),
                )
            })?;
            sides.push(Side {
                normal: p.normal,
                dist: p.dist,
                surface: surface_of(tex),
                bevel,
            });
        }
        brushes.push(RawBrush {
            sides,
            contents: Contents::from_brush_bits(contents, l.source),
        });
    }

    // Leaves → brushes, then each model's brushes by walking its node tree.
    let leafbrushes: Vec<u16> = dir
        .lump(l.leafbrushes, "leafbrushes")?
        .records(2)?
        .map(|r| u16_le(r, 0))
        .collect();
    let leafs_lump = dir.lump(l.leafs, "leafs")?;
    let leaf_brushes: Vec<(usize, usize)> = leafs_lump
        .records(leaf_size)?
        .map(|r| (u16_le(r, 24) as usize, u16_le(r, 26) as usize))
        .collect();
    let nodes_lump = dir.lump(l.nodes, "nodes")?;
    let nodes: Vec<[i32; 2]> = nodes_lump
        .records(l.node_size)?
        .map(|r| [i32_le(r, 4), i32_le(r, 8)])
        .collect();
    let node_planes: Vec<i32> = nodes_lump
        .records(l.node_size)?
        .map(|r| i32_le(r, 0))
        .collect();
    let leaf_contents: Vec<Contents> = leafs_lump
        .records(leaf_size)?
        .map(|r| Contents::from_brush_bits(i32_le(r, 0), l.source))
        .collect();
    let tree = PointTree {
        nodes: nodes
            .iter()
            .zip(&node_planes)
            .map(|(c, &p)| {
                let plane = usize::try_from(p).ok().and_then(|p| planes.get(p)).copied();
                (plane, *c)
            })
            .collect(),
        leaves: leaf_contents,
        head: models_lump_head(dir, l)?,
    };
    let models_lump = dir.lump(l.models, "models")?;
    let mut models = Vec::new();
    let mut seen_node = vec![u32::MAX; nodes.len()];
    let mut seen_leaf = vec![u32::MAX; leaf_brushes.len()];
    let mut seen_brush = vec![u32::MAX; brushes.len()];
    // Each model's tree is its own part of the lumps: models that walk the same nodes and
    // leaves again and again are refused once the walk is a few times the lumps' size.
    let walk_budget = reuse_budget(nodes.len() + leaf_brushes.len() + leafbrushes.len());
    let mut walked = 0usize;
    for (mi, r) in models_lump.records(48)?.enumerate() {
        let head = i32_le(r, 36);
        let mut list = Vec::new();
        let mut stack = vec![head];
        while let Some(n) = stack.pop() {
            walked += 1;
            if walked > walk_budget {
                return Err(models_lump.bad(
                    mi,
                    48,
                    "headnode",
                    format!(
                        "the models' trees take more than {walk_budget} steps ({REUSE} times \
                         the nodes, leaves and leaf brushes): models share the same tree"
                    ),
                ));
            }
            let leaf = if n >= 0 {
                let Some(children) = nodes.get(n as usize) else {
                    return Err(models_lump.bad(
                        mi,
                        48,
                        "headnode",
                        format!("node {n} of {}", nodes.len()),
                    ));
                };
                // Each node is walked once per model, so a looping tree still ends.
                if seen_node[n as usize] == mi as u32 {
                    continue;
                }
                seen_node[n as usize] = mi as u32;
                stack.extend_from_slice(children);
                continue;
            } else {
                (-1 - n as i64) as usize
            };
            let Some(&(first, num)) = leaf_brushes.get(leaf) else {
                continue;
            };
            // Each leaf once per model too, so leaves many nodes point at cost nothing more.
            if seen_leaf[leaf] == mi as u32 {
                continue;
            }
            seen_leaf[leaf] = mi as u32;
            let list_of_leaf = leafbrushes.get(first..first + num).unwrap_or(&[]);
            walked += list_of_leaf.len();
            for &b in list_of_leaf {
                if let Some(s) = seen_brush.get_mut(b as usize)
                    && *s != mi as u32
                {
                    *s = mi as u32;
                    list.push(b as u32);
                }
            }
        }
        let (first_face, num_faces) = model_faces(r, 40);
        models.push(BModel {
            bounds: crate::quake::model_bounds(&models_lump, mi, 48, r)?,
            brushes: list,
            first_face,
            num_faces,
        });
    }
    if models.is_empty() {
        return Err(no_world_model(family, models_lump.offset));
    }

    // Render faces.
    let faces_lump = dir.lump(l.faces, "faces")?;
    let fl = FaceLumps::new(
        family,
        (&surfedges, &edges, &vertices),
        &faces_lump,
        l.face_size,
    );
    let mut faces = Vec::with_capacity(faces_lump.count(l.face_size));
    let mut disp_faces = Vec::with_capacity(faces_lump.count(l.face_size));
    for (i, r) in faces_lump.records(l.face_size)?.enumerate() {
        let (first, num, tex) = (i32_le(r, 4) as i64, i16_le(r, 8) as i64, i16_le(r, 10));
        let points = fl.corners(i, first, num)?;
        let mut surface = surface_of(tex);
        let name = usize::try_from(tex)
            .ok()
            .and_then(|t| texinfo.get(t))
            .map_or("", |(_, n)| n.as_str());
        let lower = name.to_ascii_lowercase();
        if lower.contains("clip") || lower.contains("trigger") {
            surface = surface | SurfaceFlags::NODRAW;
        }
        faces.push(Polygon {
            points,
            surface,
            contents: Contents::SOLID,
        });
        disp_faces.push(l.source && i16_le(r, 12) >= 0);
    }
    Ok(BrushBsp {
        source: l.source,
        version,
        entities,
        entities_offset,
        models,
        brushes,
        faces,
        disp_faces,
        displacements: Vec::new(),
        displacement_count: 0,
        tree,
        textures: texinfo.len(),
    })
}

/// Build each displacement's triangles from its base face and its grid of offsets.
fn read_displacements(dir: &Directory, bsp: &mut BrushBsp) -> Result<(), LevelError> {
    let info = dir.lump(VBSP_DISPINFO, "dispinfo")?;
    let verts_lump = dir.lump(VBSP_DISPVERTS, "dispverts")?;
    let verts = read_points(&verts_lump, 20, "vec", |r| vec3_le(r, 0) * f32_le(r, 12))?;
    // Each displacement has its own grid of vertices in the lump: the grids used are bounded
    // by it, so displacements sharing one grid cannot multiply it into triangles.
    let verts_budget = reuse_budget(verts.len());
    let mut verts_used = 0usize;
    for (i, r) in info.records(176)?.enumerate() {
        let start = vec3_le(r, 0);
        let first = i32_le(r, 12);
        let power = i32_le(r, 20);
        let contents = match Contents::from_brush_bits(i32_le(r, 32), true) {
            c if c.is_empty() => Contents::SOLID,
            c => c,
        };
        let face = u16_le(r, 36) as usize;
        if !(1..=4).contains(&power) {
            return Err(info.bad(i, 176, "power", format!("{power} is not 1–4")));
        }
        let n = (1usize << power) + 1;
        verts_used += n * n;
        if verts_used > verts_budget {
            return Err(info.bad(
                i,
                176,
                "DispVertStart",
                format!(
                    "displacements so far use {verts_used} vertices, more than {verts_budget} \
                     ({REUSE} times the {} dispverts): displacements reuse the same vertices",
                    verts.len()
                ),
            ));
        }
        let Some(grid) = usize::try_from(first)
            .ok()
            .and_then(|f| verts.get(f..f + n * n))
        else {
            return Err(info.bad(
                i,
                176,
                "DispVertStart",
                format!("{first} + {} outside the {} dispverts", n * n, verts.len()),
            ));
        };
        let Some(base) = bsp.faces.get(face) else {
            return Err(info.bad(
                i,
                176,
                "MapFace",
                format!("face {face} of {}", bsp.faces.len()),
            ));
        };
        if base.points.len() != 4 {
            continue; // the compiler only displaces quads
        }
        // The grid starts at the corner nearest the start position.
        let k = (0..4)
            .min_by(|&a, &b| {
                base.points[a]
                    .distance_squared(start)
                    .total_cmp(&base.points[b].distance_squared(start))
            })
            .unwrap_or(0);
        let c: Vec<Vec3> = (0..4).map(|j| base.points[(k + j) % 4]).collect();
        let step = 1.0 / (n - 1) as f32;
        let pos = |row: usize, col: usize| -> Vec3 {
            let a = c[0].lerp(c[1], row as f32 * step);
            let b = c[3].lerp(c[2], row as f32 * step);
            a.lerp(b, col as f32 * step) + grid[row * n + col]
        };
        for row in 0..n - 1 {
            for col in 0..n - 1 {
                let (p00, p01, p10, p11) = (
                    pos(row, col),
                    pos(row, col + 1),
                    pos(row + 1, col),
                    pos(row + 1, col + 1),
                );
                // Alternate the diagonal like the engine's tessellation.
                if (row + col) % 2 == 0 {
                    bsp.displacements.push(([p00, p10, p11], contents));
                    bsp.displacements.push(([p00, p11, p01], contents));
                } else {
                    bsp.displacements.push(([p00, p10, p01], contents));
                    bsp.displacements.push(([p10, p11, p01], contents));
                }
            }
        }
        bsp.displacement_count += 1;
    }
    Ok(())
}

/// The world model's head node.
fn models_lump_head(dir: &Directory, l: &Layout) -> Result<i32, LevelError> {
    let m = dir.lump(l.models, "models")?;
    Ok(m.bytes
        .get(36..40)
        .map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])))
}

/// A BSP tree of planes whose leaves carry contents.
#[derive(Debug, Clone, Default)]
pub(crate) struct PointTree {
    /// Per node: its plane (`None` when the index was bad) and children (`< 0`: leaf `-1 - c`).
    pub nodes: Vec<(Option<Plane>, [i32; 2])>,
    pub leaves: Vec<Contents>,
    pub head: i32,
}

impl PointTree {
    /// Contents of the leaf holding `p` (solid when the walk leaves the tree).
    pub fn contents(&self, p: glam::Vec3) -> Contents {
        let mut n = self.head;
        // At most one step per node: a looping (mutated) tree still ends.
        for _ in 0..=self.nodes.len() {
            if n < 0 {
                let leaf = (-1 - n as i64) as usize;
                return self.leaves.get(leaf).copied().unwrap_or(Contents::SOLID);
            }
            let Some((Some(plane), children)) = self.nodes.get(n as usize) else {
                return Contents::SOLID;
            };
            n = children[(plane.distance(p) < 0.0) as usize];
        }
        Contents::SOLID
    }
}
