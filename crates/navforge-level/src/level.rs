//! `Level`: one collision world over every family, and its queries.

use crate::brushbsp::{BrushBsp, read_ibsp, read_vbsp};
use crate::brushes::{BrushIn, BrushSet};
use crate::cliphull::{BlockTable, HullNodes};
use crate::contents::{Contents, SurfaceFlags};
use crate::entities::Entity;
use crate::error::LevelError;
use crate::faces::{Polygon, fan};
use crate::features::{BrushEntity, BrushRole, brush_role};
use crate::math::{Aabb, Plane};
use crate::meshfile::{read_gltf, read_obj};
use crate::options::{DoorState, LoadOptions, MoverState, UpAxis};
use crate::quake::{QuakeBsp, Variant};
use crate::trace::{Ground, Hull, Trace};
use crate::trimesh::{TriMesh, TriTag};
use glam::Vec3;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// The kind of file a level came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum Family {
    /// GoldSrc BSP v30 (Half-Life, Counter-Strike 1.6, Condition Zero).
    GoldSrc,
    /// Quake BSP v29.
    Quake,
    /// Quake `BSP2` (the re-release and large community maps).
    QuakeBsp2,
    /// Quake II `IBSP` v38.
    Quake2,
    /// Source `VBSP` v19–21.
    Source,
    /// Wavefront OBJ triangles.
    Obj,
    /// glTF / GLB triangles.
    Gltf,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::GoldSrc => "GoldSrc BSP30",
            Family::Quake => "Quake BSP29",
            Family::QuakeBsp2 => "Quake BSP2",
            Family::Quake2 => "Quake II IBSP",
            Family::Source => "Source VBSP",
            Family::Obj => "OBJ",
            Family::Gltf => "glTF",
        })
    }
}

/// Counts of what the file held.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Render faces (BSP) or 0.
    pub faces: usize,
    /// Convex brushes indexed for collision (Quake II/Source).
    pub brushes: usize,
    /// Brushes dropped because their axial sides were missing.
    pub brushes_dropped: usize,
    /// Triangles indexed (world and solid brush entities, displacements, or the soup).
    pub triangles: usize,
    /// Brush models, the world included.
    pub models: usize,
    /// Clip-hull nodes (Quake family: hull 0 nodes + clip nodes).
    pub hull_nodes: usize,
    /// Source displacements.
    pub displacements: usize,
    /// Textures (or texinfos for brush families).
    pub textures: usize,
}

/// Quake-family collision: the hull trees and the brush entities placed in them.
struct HullWorld {
    planes: Vec<Plane>,
    hull0: HullNodes,
    clip: HullNodes,
    hull_boxes: [Hull; 4],
    world_heads: [i32; 4],
    /// Brush entities that take part: (index into `brush_entities`, hull heads).
    placed: Vec<(usize, [i32; 4])>,
}

enum Collision {
    Hulls(Box<HullWorld>),
    Brushes {
        set: Box<BrushSet>,
        displacements: Box<TriMesh>,
        tree: Box<crate::brushbsp::PointTree>,
    },
    Soup,
}

/// A level: its entities and one collision world, whatever file it came from.
///
/// ```
/// use navforge_level::{Level, LoadOptions, Hull};
/// use glam::Vec3;
/// // A 200×200 floor at z = 0, written as a Z-up OBJ.
/// let obj = b"v -100 -100 0\nv 100 -100 0\nv 100 100 0\nv -100 100 0\nf 1 2 3\nf 1 3 4\n";
/// let opts = LoadOptions::default().with_up_axis(navforge_level::UpAxis::Z);
/// let level = Level::load(obj, &opts).unwrap();
/// let t = level.trace_ray(Vec3::new(0.0, 0.0, 50.0), Vec3::new(0.0, 0.0, -50.0));
/// assert!((t.end.z - 0.0).abs() < 1e-3 && t.normal == Vec3::Z);
/// let g = level.ground_below(Vec3::new(10.0, 10.0, 30.0), 100.0).unwrap();
/// assert!((g.depth - 30.0).abs() < 1e-3);
/// let hull = Hull::SOURCE_STANDING;
/// let t = level.trace_box(Vec3::new(0.0, 0.0, 10.0), Vec3::new(0.0, 0.0, -10.0), &hull);
/// assert!(t.fraction < 1.0 && t.end.z > 0.0);
/// ```
pub struct Level {
    family: Family,
    version: u32,
    entities: Vec<Entity>,
    brush_entities: Vec<BrushEntity>,
    collision: Collision,
    mesh: TriMesh,
    counts: Counts,
    bounds: Aabb,
    vis: Option<crate::pvs::Vis>,
}

/// Sniff the family from the first bytes.
fn detect(bytes: &[u8]) -> Result<Detected, LevelError> {
    let head: [u8; 4] = match bytes.get(..4) {
        Some(b) => [b[0], b[1], b[2], b[3]],
        None => {
            return Err(LevelError::UnknownFormat {
                first_bytes: hex(bytes),
            });
        }
    };
    let version = crate::bytes::u32_at(bytes, 4).unwrap_or(0);
    Ok(match &head {
        [29, 0, 0, 0] => Detected::Quake(Variant::Bsp29),
        [30, 0, 0, 0] => Detected::Quake(Variant::GoldSrc),
        b"BSP2" => Detected::Quake(Variant::Bsp2),
        b"2PSB" => {
            return Err(unsupported(
                "Quake 2PSB",
                "the early BSP2 draft; recompile as BSP2",
            ));
        }
        b"IBSP" if version == 38 => Detected::Ibsp,
        b"IBSP" => {
            return Err(unsupported(
                &format!("IBSP v{version}"),
                "only Quake II v38 is read (v46/v47 are Quake III)",
            ));
        }
        b"QBSP" => {
            return Err(unsupported(
                "Qbism QBSP",
                "extended Quake II limits are not read",
            ));
        }
        b"VBSP" if (19..=21).contains(&version) => Detected::Vbsp(version),
        b"VBSP" => {
            return Err(unsupported(
                &format!("VBSP v{version}"),
                "only Source versions 19–21 are read (v22+ are later branches with other lump layouts)",
            ));
        }
        b"PSBV" => {
            let v = u32::from_be_bytes([
                bytes.get(4).copied().unwrap_or(0),
                bytes.get(5).copied().unwrap_or(0),
                bytes.get(6).copied().unwrap_or(0),
                bytes.get(7).copied().unwrap_or(0),
            ]);
            return Err(unsupported(
                &format!("big-endian VBSP (PSBV) v{v}"),
                "Xbox 360 / PS3 maps are big-endian and not read",
            ));
        }
        b"glTF" => Detected::Gltf,
        _ if bytes.first() == Some(&b'{') => Detected::Gltf,
        _ if looks_like_obj(bytes) => Detected::Obj,
        _ => {
            return Err(LevelError::UnknownFormat {
                first_bytes: hex(bytes),
            });
        }
    })
}

enum Detected {
    Quake(Variant),
    Ibsp,
    Vbsp(u32),
    Obj,
    Gltf,
}

fn unsupported(family: &str, reason: &str) -> LevelError {
    LevelError::Unsupported {
        family: family.to_string(),
        reason: reason.to_string(),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .take(8)
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text whose lines start with OBJ keywords.
fn looks_like_obj(b: &[u8]) -> bool {
    let head = &b[..b.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("v ") || l.starts_with("f ") || l.starts_with("o ") || l.starts_with("vn ")
    }) && !head.contains(&0)
}

/// Collects triangles and their tags for the mesh.
#[derive(Default)]
struct MeshBuilder {
    tris: Vec<[Vec3; 3]>,
    tag_of: Vec<u32>,
    tags: Vec<TriTag>,
    index: HashMap<(u32, u32, u32), u32>,
}

impl MeshBuilder {
    fn push(&mut self, t: [Vec3; 3], contents: Contents, surface: SurfaceFlags, entity: u32) {
        let key = (contents.0, surface.0, entity);
        let tags = &mut self.tags;
        let id = *self.index.entry(key).or_insert_with(|| {
            tags.push(TriTag {
                contents,
                surface,
                entity,
            });
            tags.len() as u32 - 1
        });
        self.tris.push(t);
        self.tag_of.push(id);
    }
    fn polygons(&mut self, polys: &[Polygon], offset: Vec3, entity: u32, role: Option<BrushRole>) {
        fan(polys, offset, |t, p| {
            if p.surface.contains(SurfaceFlags::NODRAW) {
                return;
            }
            let contents = match role {
                Some(BrushRole::Ladder) => Contents::LADDER,
                Some(BrushRole::Water) => Contents::WATER,
                _ => p.contents,
            };
            self.push(t, contents, p.surface, entity);
        });
    }
    fn build(self) -> TriMesh {
        TriMesh::build(&self.tris, &self.tag_of, self.tags)
    }
}

/// Which brush entities collide (or carry ladder/water contents), given the door option.
fn place_brush_entities(
    entities: &[Entity],
    model_bounds: &[Aabb],
    opts: &LoadOptions,
    quake_flags: bool,
) -> Vec<BrushEntity> {
    let mut out = Vec::new();
    for (i, e) in entities.iter().enumerate() {
        if quake_flags && opts.deathmatch && e.spawnflag(2048) {
            continue;
        }
        let Some(model) = e.brush_model() else {
            continue;
        };
        if model == 0 {
            continue;
        }
        let Some(b) = model_bounds.get(model) else {
            continue;
        };
        let mut origin = e.origin();
        if opts.movers == MoverState::Spawned
            && let Some(o) = crate::features::spawn_origin(e, entities, b)
        {
            origin = o;
        }
        let mut role = brush_role(e);
        let hatch = || {
            let size = b.max - b.min;
            size.z <= 16.0 && size.z * 4.0 <= size.x.min(size.y)
        };
        if role == BrushRole::Door
            && (opts.doors == DoorState::Open
                || (opts.doors == DoorState::OpenExceptHatches && !hatch()))
        {
            role = BrushRole::Volume;
        }
        out.push(BrushEntity {
            entity: i,
            model,
            class: e.class.clone(),
            origin,
            bounds: b.translated(origin),
            role,
        });
    }
    out
}

fn collides(role: BrushRole) -> bool {
    matches!(
        role,
        BrushRole::Solid | BrushRole::Door | BrushRole::Ladder | BrushRole::Water
    )
}

impl Level {
    /// Load a level from its bytes; the family is detected from the content.
    pub fn load(bytes: &[u8], opts: &LoadOptions) -> Result<Level, LevelError> {
        let (mut level, vis) = match detect(bytes)? {
            Detected::Quake(v) => {
                let name = if v == Variant::GoldSrc {
                    "BSP30"
                } else {
                    "BSP29"
                };
                let vis = crate::pvs::read_quake(bytes, name, v == Variant::Bsp2);
                (Self::from_quake(QuakeBsp::read(bytes, v)?, opts), vis)
            }
            Detected::Ibsp => (
                Self::from_brush(read_ibsp(bytes)?, opts),
                crate::pvs::read_clustered(bytes, false),
            ),
            Detected::Vbsp(v) => (
                Self::from_brush(read_vbsp(bytes, v)?, opts),
                crate::pvs::read_clustered(bytes, true),
            ),
            Detected::Obj => (
                Self::from_soup(read_obj(bytes, opts.up_axis)?, Family::Obj),
                None,
            ),
            Detected::Gltf => (
                Self::from_soup(read_gltf(bytes, opts.up_axis)?, Family::Gltf),
                None,
            ),
        };
        level.vis = vis;
        Ok(level)
    }

    /// The map's potentially visible sets, when it has VIS data (BSPs compiled with `vis`).
    pub fn vis(&self) -> Option<&crate::pvs::Vis> {
        self.vis.as_ref()
    }

    /// Load an OBJ/glTF soup whose up axis is given explicitly (convenience).
    pub fn load_with_up(bytes: &[u8], up: UpAxis) -> Result<Level, LevelError> {
        Self::load(bytes, &LoadOptions::default().with_up_axis(up))
    }

    fn from_quake(q: QuakeBsp, opts: &LoadOptions) -> Level {
        let model_bounds: Vec<Aabb> = q.models.iter().map(|m| m.bounds).collect();
        let brush_entities = place_brush_entities(&q.entities, &model_bounds, opts, true);
        let mut mb = MeshBuilder::default();
        let faces_of = |m: usize| -> &[Polygon] {
            let Some(model) = q.models.get(m) else {
                return &[];
            };
            let end = model
                .first_face
                .saturating_add(model.num_faces)
                .min(q.faces.len());
            q.faces.get(model.first_face..end).unwrap_or(&[])
        };
        mb.polygons(faces_of(0), Vec3::ZERO, u32::MAX, None);
        let mut placed = Vec::new();
        for (k, be) in brush_entities.iter().enumerate() {
            if !collides(be.role) {
                continue;
            }
            mb.polygons(
                faces_of(be.model),
                be.origin,
                be.entity as u32,
                Some(be.role),
            );
            if let Some(m) = q.models.get(be.model) {
                placed.push((k, m.heads));
            }
        }
        let (family, version) = match q.variant {
            Variant::Bsp29 => (Family::Quake, 29),
            Variant::Bsp2 => (Family::QuakeBsp2, 2),
            Variant::GoldSrc => (Family::GoldSrc, 30),
        };
        let mesh = mb.build();
        let counts = Counts {
            faces: q.faces.len(),
            triangles: mesh.len(),
            models: q.models.len(),
            hull_nodes: q.hull0.nodes.len() + q.clip.nodes.len(),
            textures: q.textures,
            ..Counts::default()
        };
        let mut bounds = q.models[0].bounds;
        if !bounds.min.is_finite() || !bounds.max.is_finite() || bounds.is_empty() {
            bounds = mesh.bounds();
        }
        let world_heads = q.models[0].heads;
        Level {
            vis: None,
            family,
            version,
            entities: q.entities,
            brush_entities,
            collision: Collision::Hulls(Box::new(HullWorld {
                planes: q.planes,
                hull0: q.hull0,
                clip: q.clip,
                hull_boxes: q.hull_boxes,
                world_heads,
                placed,
            })),
            mesh,
            counts,
            bounds,
        }
    }

    fn from_brush(b: BrushBsp, opts: &LoadOptions) -> Level {
        let model_bounds: Vec<Aabb> = b.models.iter().map(|m| m.bounds).collect();
        let brush_entities = place_brush_entities(&b.entities, &model_bounds, opts, !b.source);
        let mut input: Vec<BrushIn> = Vec::new();
        let add = |input: &mut Vec<BrushIn>,
                   model: usize,
                   origin: Vec3,
                   entity: u32,
                   role: Option<BrushRole>| {
            let Some(m) = b.models.get(model) else { return };
            for &bi in &m.brushes {
                let Some(raw) = b.brushes.get(bi as usize) else {
                    continue;
                };
                let contents = match role {
                    Some(BrushRole::Ladder) => Contents::LADDER,
                    Some(BrushRole::Water) => Contents::WATER,
                    _ => raw.contents,
                };
                let sides = raw
                    .sides
                    .iter()
                    .map(|s| crate::brushes::Side {
                        dist: s.dist + s.normal.dot(origin),
                        ..*s
                    })
                    .collect();
                input.push(BrushIn {
                    sides,
                    contents,
                    entity,
                });
            }
        };
        add(&mut input, 0, Vec3::ZERO, u32::MAX, None);
        let mut mb = MeshBuilder::default();
        let faces_of = |m: usize| -> (&[Polygon], usize) {
            let Some(model) = b.models.get(m) else {
                return (&[], 0);
            };
            let end = model
                .first_face
                .saturating_add(model.num_faces)
                .min(b.faces.len());
            (
                b.faces.get(model.first_face..end).unwrap_or(&[]),
                model.first_face,
            )
        };
        let (world_faces, first) = faces_of(0);
        for (k, f) in world_faces.iter().enumerate() {
            if b.disp_faces.get(first + k) == Some(&true) {
                continue;
            }
            mb.polygons(std::slice::from_ref(f), Vec3::ZERO, u32::MAX, None);
        }
        for be in &brush_entities {
            if !collides(be.role) {
                continue;
            }
            add(
                &mut input,
                be.model,
                be.origin,
                be.entity as u32,
                Some(be.role),
            );
            mb.polygons(
                faces_of(be.model).0,
                be.origin,
                be.entity as u32,
                Some(be.role),
            );
        }
        let mut disp = MeshBuilder::default();
        for (t, c) in &b.displacements {
            mb.push(*t, *c, SurfaceFlags::NONE, u32::MAX);
            disp.push(*t, *c, SurfaceFlags::NONE, u32::MAX);
        }
        let (set, dropped) = BrushSet::build(input);
        let mesh = mb.build();
        let displacements = disp.build();
        let counts = Counts {
            faces: b.faces.len(),
            brushes: set.len(),
            brushes_dropped: dropped,
            triangles: mesh.len(),
            models: b.models.len(),
            displacements: b.displacement_count,
            textures: b.textures,
            ..Counts::default()
        };
        // Unsealed maps get the whole ±16k world as model bounds: keep to the geometry.
        let mut bounds = b.models[0].bounds;
        let m = mesh.bounds();
        if !m.is_empty() {
            bounds = Aabb::new(bounds.min.max(m.min), bounds.max.min(m.max));
        }
        if !bounds.min.is_finite() || !bounds.max.is_finite() || bounds.is_empty() {
            bounds = m;
        }
        Level {
            vis: None,
            family: if b.source {
                Family::Source
            } else {
                Family::Quake2
            },
            version: b.version,
            entities: b.entities,
            brush_entities,
            collision: Collision::Brushes {
                set: Box::new(set),
                displacements: Box::new(displacements),
                tree: Box::new(b.tree),
            },
            mesh,
            counts,
            bounds,
        }
    }

    fn from_soup(tris: Vec<[Vec3; 3]>, family: Family) -> Level {
        let tag_of = vec![0u32; tris.len()];
        let mesh = TriMesh::build(&tris, &tag_of, vec![TriTag::WORLD_SOLID]);
        let counts = Counts {
            triangles: mesh.len(),
            ..Counts::default()
        };
        let bounds = mesh.bounds();
        Level {
            vis: None,
            family,
            version: 0,
            entities: Vec::new(),
            brush_entities: Vec::new(),
            collision: Collision::Soup,
            mesh,
            counts,
            bounds,
        }
    }

    /// The file family.
    pub fn family(&self) -> Family {
        self.family
    }
    /// The format version (29, 30, 2 for BSP2, 38, 19–21; 0 for OBJ/glTF).
    pub fn version(&self) -> u32 {
        self.version
    }
    /// The entity lump, in file order.
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }
    /// Brush entities with their role, origin and bounds.
    pub fn brush_entities(&self) -> &[BrushEntity] {
        &self.brush_entities
    }
    /// Counts of what was loaded.
    pub fn counts(&self) -> Counts {
        self.counts
    }
    /// World bounds (the world model's, or the triangles').
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }
    /// True when collision uses the map's own clip hulls (Quake family).
    pub fn has_clip_hulls(&self) -> bool {
        matches!(self.collision, Collision::Hulls(_))
    }

    /// The game's standing player box for this family (GoldSrc hull 1, Quake hull 1, Source
    /// 32×32×72 from the feet; OBJ/glTF use Source's).
    pub fn standing_hull(&self) -> Hull {
        match self.family {
            Family::GoldSrc => Hull::GOLDSRC_STANDING,
            Family::Quake | Family::QuakeBsp2 => Hull::QUAKE_PLAYER,
            Family::Quake2 => Hull::QUAKE2_STANDING,
            _ => Hull::SOURCE_STANDING,
        }
    }
    /// The game's crouching player box (Quake has none and answers its standing box).
    pub fn crouching_hull(&self) -> Hull {
        match self.family {
            Family::GoldSrc => Hull::GOLDSRC_CROUCHING,
            Family::Quake | Family::QuakeBsp2 => Hull::QUAKE_PLAYER,
            Family::Quake2 => Hull::QUAKE2_CROUCHING,
            _ => Hull::SOURCE_CROUCHING,
        }
    }

    /// Trace a ray (a point) from `from` to `to`, stopped by [`Contents::MASK_SOLID`].
    pub fn trace_ray(&self, from: Vec3, to: Vec3) -> Trace {
        self.trace(from, to, &Hull::POINT, Contents::MASK_SOLID)
    }

    /// Sweep `hull` from `from` to `to`, stopped by [`Contents::MASK_PLAYER`].
    pub fn trace_box(&self, from: Vec3, to: Vec3, hull: &Hull) -> Trace {
        self.trace(from, to, hull, Contents::MASK_PLAYER)
    }

    /// Sweep `hull` (or a point) from `from` to `to`, stopped by anything in `mask`.
    ///
    /// Quake-family maps answer from their own clip hulls when `hull` has the size of one
    /// (point, standing, crouching, large); other sizes are swept against the triangles.
    /// Quake II and Source maps sweep any box against their brushes (and displacements).
    pub fn trace(&self, from: Vec3, to: Vec3, hull: &Hull, mask: Contents) -> Trace {
        if !(from.is_finite() && to.is_finite()) {
            return Trace::miss(from);
        }
        match &self.collision {
            Collision::Hulls(h) => match h.hull_index(hull) {
                Some(idx) => self.trace_hulls(h, idx, from, to, hull, mask),
                None => self.trace_mesh(from, to, hull, mask),
            },
            Collision::Brushes {
                set, displacements, ..
            } => {
                let off = hull.center_offset();
                let half = hull.half();
                let (c0, d) = (from + off, to - from);
                let b = set.sweep(c0, d, half, mask);
                let s = if hull.is_point() {
                    displacements.ray(c0, d, mask)
                } else {
                    displacements.sweep(c0, d, half, mask)
                };
                let mut t = Trace::miss(to);
                if let Some(b) = b {
                    t = Trace {
                        fraction: b.t,
                        end: from + d * b.t,
                        normal: b.normal,
                        contents: b.contents,
                        surface: b.surface,
                        entity: (b.entity != u32::MAX).then_some(b.entity as usize),
                        start_solid: b.start_solid,
                        all_solid: b.all_solid,
                    };
                }
                if let Some(s) = s
                    && (s.t < t.fraction || (s.start_solid && !t.start_solid))
                {
                    t = soup_trace(from, d, &s);
                }
                t
            }
            Collision::Soup => self.trace_mesh(from, to, hull, mask),
        }
    }

    /// Trace against the triangle index only (render faces for BSPs), whatever the family:
    /// what the level looks like rather than how the game collides.
    pub fn trace_mesh(&self, from: Vec3, to: Vec3, hull: &Hull, mask: Contents) -> Trace {
        if !(from.is_finite() && to.is_finite()) {
            return Trace::miss(from);
        }
        let off = hull.center_offset();
        let d = to - from;
        let hit = if hull.is_point() {
            self.mesh.ray(from + off, d, mask)
        } else {
            self.mesh.sweep(from + off, d, hull.half(), mask)
        };
        match hit {
            Some(s) => soup_trace(from, d, &s),
            None => Trace::miss(to),
        }
    }

    fn trace_hulls(
        &self,
        h: &HullWorld,
        idx: usize,
        from: Vec3,
        to: Vec3,
        hull: &Hull,
        mask: Contents,
    ) -> Trace {
        let block = BlockTable::new(mask);
        let nodes = if idx == 0 { &h.hull0 } else { &h.clip };
        // The engine traces the hull's own reference point: shift by the size difference.
        let shift = h.hull_boxes[idx].mins - hull.mins;
        let mut best = Trace::miss(to);
        let mut consider = |hit: crate::cliphull::HullHit, offset: Vec3, entity: Option<usize>| {
            let better = hit.fraction < best.fraction
                || (hit.start_solid && !best.start_solid)
                || (hit.all_solid && !best.all_solid);
            if better {
                let surface = match Contents::from_quake(hit.contents) {
                    c if c.contains(Contents::SKY) => SurfaceFlags::SKY,
                    _ => SurfaceFlags::NONE,
                };
                let contents = if hit.fraction < 1.0 || hit.start_solid {
                    Contents::from_quake(hit.contents)
                } else {
                    Contents::EMPTY
                };
                best = Trace {
                    fraction: hit.fraction,
                    end: hit.end + offset,
                    normal: hit.normal,
                    contents: if hit.start_solid && contents.is_empty() {
                        Contents::SOLID
                    } else {
                        contents
                    },
                    surface,
                    entity,
                    start_solid: hit.start_solid || best.start_solid,
                    all_solid: hit.all_solid || best.all_solid,
                };
            } else if hit.start_solid {
                best.start_solid = true;
            }
        };
        let w = nodes.trace(
            &h.planes,
            h.world_heads[idx],
            from - shift,
            to - shift,
            block,
        );
        consider(w, shift, None);
        // Brush entities: a box test first, then the same check in the model's own hull.
        let mut seg = Aabb::EMPTY;
        seg.add_point(from);
        seg.add_point(to);
        let reach = Aabb::new(seg.min + hull.mins, seg.max + hull.maxs);
        for &(k, heads) in &h.placed {
            let be = &self.brush_entities[k];
            if !be.bounds.overlaps(&reach) {
                continue;
            }
            let entity_mask = match be.role {
                BrushRole::Ladder => Contents::LADDER,
                BrushRole::Water => Contents::WATER,
                _ => Contents::SOLID,
            };
            if !entity_mask.intersects(mask) {
                continue;
            }
            let head = heads[idx];
            let offset = shift + be.origin;
            // The model's own hull is solid inside its brushes.
            let hit = nodes.trace(
                &h.planes,
                head,
                from - offset,
                to - offset,
                BlockTable::new(Contents::SOLID),
            );
            if hit.fraction < 1.0 || hit.start_solid {
                let mut hit = hit;
                if entity_mask != Contents::SOLID {
                    hit.contents = if be.role == BrushRole::Ladder {
                        -16
                    } else {
                        -3
                    };
                }
                consider(hit, offset, Some(be.entity));
            }
        }
        if best.surface.is_sky() {
            best.contents = Contents::SKY;
        }
        if best.contents.contains(Contents::LADDER) {
            best.surface = best.surface | SurfaceFlags::LADDER;
        }
        best
    }

    /// True when `hull` placed at `point` is not inside anything that blocks a player.
    pub fn hull_fits(&self, point: Vec3, hull: &Hull) -> bool {
        !self.trace_box(point, point, hull).start_solid
    }

    /// The ground under `point` within `max_depth` units (a ray straight down, stopped by what
    /// stops a player). `None` when nothing is there or the point is inside solid.
    pub fn ground_below(&self, point: Vec3, max_depth: f32) -> Option<Ground> {
        let to = point - Vec3::Z * max_depth.max(0.0);
        let t = self.trace(point, to, &Hull::POINT, Contents::MASK_PLAYER);
        if t.start_solid || t.fraction >= 1.0 {
            return None;
        }
        Some(Ground {
            point: t.end,
            normal: t.normal,
            depth: point.z - t.end.z,
            surface: t.surface,
            entity: t.entity,
        })
    }

    /// True when nothing that blocks sight ([`Contents::MASK_SIGHT`]) lies between `a` and `b`.
    ///
    /// Quake-family maps and soups answer from the triangle index with an any-hit walk (the
    /// render faces: on the corpus they agree with hull 0 on sight, and the walk is faster than
    /// the recursive hull check on long rays); Quake II and Source maps from their brushes,
    /// where windows and grates are told apart from walls.
    pub fn line_of_sight(&self, a: Vec3, b: Vec3) -> bool {
        if !(a.is_finite() && b.is_finite()) {
            return false;
        }
        match &self.collision {
            Collision::Soup | Collision::Hulls(_) => {
                !self.mesh.ray_any(a, b - a, Contents::MASK_SIGHT)
            }
            Collision::Brushes { .. } => {
                let t = self.trace(a, b, &Hull::POINT, Contents::MASK_SIGHT);
                !t.start_solid && t.fraction >= 1.0
            }
        }
    }

    /// What `point` is inside: world contents plus ladder/water/solid brush entities.
    /// Triangle soups have no inside and answer [`Contents::EMPTY`].
    pub fn point_contents(&self, point: Vec3) -> Contents {
        if !point.is_finite() {
            return Contents::EMPTY;
        }
        match &self.collision {
            Collision::Hulls(h) => {
                let mut c =
                    Contents::from_quake(h.hull0.contents(&h.planes, h.world_heads[0], point));
                for &(k, heads) in &h.placed {
                    let be = &self.brush_entities[k];
                    if !be.bounds.contains(point) {
                        continue;
                    }
                    let code = h.hull0.contents(&h.planes, heads[0], point - be.origin);
                    if code == -1 {
                        continue;
                    }
                    c |= match be.role {
                        BrushRole::Ladder => Contents::LADDER,
                        BrushRole::Water => Contents::WATER,
                        _ => Contents::from_quake(code),
                    };
                }
                c
            }
            // The tree answers for the world (the void is solid), the brushes add entities'.
            Collision::Brushes { set, tree, .. } => tree.contents(point) | set.contents(point),
            Collision::Soup => Contents::EMPTY,
        }
    }

    /// The world as triangles, Z up: world faces and colliding brush entities (doors as the
    /// options say), displacements, or the soup; sky and tool faces are left out. For OBJ/GLB
    /// export and for drawing under a nav mesh.
    pub fn world_triangles(&self) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
        let mut verts: Vec<[f32; 3]> = Vec::new();
        let mut index: HashMap<[u32; 3], u32> = HashMap::new();
        let mut tris = Vec::with_capacity(self.mesh.len());
        for (t, tag) in self.mesh.triangles() {
            if tag.surface.is_sky() || tag.contents.contains(Contents::TRIGGER) {
                continue;
            }
            let mut ids = [0u32; 3];
            for (k, p) in t.iter().enumerate() {
                let key = [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
                ids[k] = *index.entry(key).or_insert_with(|| {
                    verts.push(p.to_array());
                    verts.len() as u32 - 1
                });
            }
            tris.push(ids);
        }
        (verts, tris)
    }
}

fn soup_trace(from: Vec3, d: Vec3, s: &crate::trimesh::SoupHit) -> Trace {
    let mut surface = s.tag.surface;
    if s.tag.contents.contains(Contents::LADDER) {
        surface = surface | SurfaceFlags::LADDER;
    }
    Trace {
        fraction: s.t,
        end: from + d * s.t,
        normal: s.normal,
        contents: s.tag.contents,
        surface,
        entity: (s.tag.entity != u32::MAX).then_some(s.tag.entity as usize),
        start_solid: s.start_solid,
        all_solid: false,
    }
}

impl HullWorld {
    /// The clip hull whose box has `hull`'s size (within half a unit).
    fn hull_index(&self, hull: &Hull) -> Option<usize> {
        if hull.is_point() {
            return Some(0);
        }
        (1..4).find(|&i| {
            let b = &self.hull_boxes[i];
            !b.is_point() && (b.size() - hull.size()).abs().max_element() <= 0.5
        })
    }
}
