//! Loading a level: detecting its family, and building the collision world and triangle mesh
//! of each family (Quake clip hulls, Quake II/Source brushes, OBJ/glTF triangle soups).

use super::*;

/// The family from the first bytes, as the core's level table tells it; the versions this
/// reader takes are checked here.
fn detect(bytes: &[u8]) -> Result<Detected, LevelError> {
    use navforge_core::LevelKind as Kind;
    let unknown = || LevelError::UnknownFormat {
        first_bytes: hex(bytes),
    };
    if bytes.len() < 4 {
        return Err(unknown());
    }
    let version = crate::bytes::u32_at(bytes, 4).unwrap_or(0);
    let Some(kind) = Kind::sniff(bytes) else {
        return Err(unknown());
    };
    Ok(match kind {
        Kind::Quake => Detected::Quake(Variant::Bsp29),
        Kind::GoldSrc => Detected::Quake(Variant::GoldSrc),
        Kind::QuakeBsp2 => Detected::Quake(Variant::Bsp2),
        Kind::QuakeBsp2Draft => {
            return Err(unsupported(
                kind.name(),
                "the early BSP2 draft; recompile as BSP2",
            ));
        }
        Kind::Quake2 if version == 38 => Detected::Ibsp,
        Kind::Quake2 => {
            return Err(unsupported(
                &format!("IBSP v{version}"),
                "only Quake II v38 is read (v46/v47 are Quake III)",
            ));
        }
        Kind::Quake2Qbism => {
            return Err(unsupported(
                kind.name(),
                "extended Quake II limits are not read",
            ));
        }
        Kind::Source if (19..=21).contains(&version) => Detected::Vbsp(version),
        Kind::Source => {
            return Err(unsupported(
                &format!("VBSP v{version}"),
                "only Source versions 19–21 are read (v22+ are later branches with other lump layouts)",
            ));
        }
        Kind::SourceConsole => {
            let b = |i: usize| bytes.get(i).copied().unwrap_or(0);
            let v = u32::from_be_bytes([b(4), b(5), b(6), b(7)]);
            return Err(unsupported(
                &format!("big-endian VBSP (PSBV) v{v}"),
                "Xbox 360 / PS3 maps are big-endian and not read",
            ));
        }
        Kind::Gltf => Detected::Gltf,
        Kind::Obj => Detected::Obj,
        _ => return Err(unknown()),
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

/// Lump 40 of a VBSP: the map's packed files (a zip archive).
const PAKFILE: usize = 40;

/// The collision of a VBSP's static props and prop entities (`rules`: the doors' state, and
/// whether a prop entity drawn in a render mode lets sight through). The world loads whatever
/// the props' data holds: a prop lump or pakfile the reader refuses is a warning, and the props
/// it would have given pass through (a pakfile refused, the content folders still serve).
fn vbsp_props(
    bytes: &[u8],
    content: &Content,
    entities: &[crate::entities::Entity],
    rules: (crate::options::DoorState, bool),
) -> PropCollision {
    let budget = crate::lzma::unpack_budget(bytes.len());
    let collision =
        |pak: &[u8]| crate::props::prop_collision(bytes, (pak, content, budget), entities, rules);
    let refused = match crate::brushbsp::vbsp_directory_packed(bytes) {
        Ok(dir) => match dir.lump(PAKFILE, "pakfile") {
            Ok(pak) => return collision(pak.bytes),
            Err(e) => e,
        },
        Err(e) => e,
    };
    let mut out = collision(&[]);
    out.warnings
        .insert(0, format!("the map's pakfile left out: {refused}"));
    out
}

/// Which brush entities' render modes let sight lines through on a brush map (`source`: a
/// VBSP of this `version`): the Source SDK 2013's rule on VBSP 19 and 20.
fn brush_see_through(source: bool, version: u32) -> SeeThrough {
    if source && matches!(version, 19 | 20) {
        SeeThrough::Source
    } else {
        SeeThrough::Never
    }
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
            let contents = role.map_or(p.contents, |r| r.contents(p.contents));
            self.push(t, contents, p.surface, entity);
        });
    }
    fn build(self) -> TriMesh {
        TriMesh::build(&self.tris, &self.tag_of, self.tags)
    }
}

/// Which brush entities collide (or carry ladder/water contents), given the door option.
/// `see_through`: which render-mode rule makes solid entities [`BrushRole::Glass`] (solid to
/// movement, not to sight), if any.
fn place_brush_entities(
    entities: &[Entity],
    model_bounds: &[Aabb],
    opts: &LoadOptions,
    (quake_flags, see_through): (bool, SeeThrough),
) -> Vec<BrushEntity> {
    let mut out = Vec::new();
    let removed_at_spawn = |e: &Entity| quake_flags && opts.deathmatch && e.spawnflag(2048);
    let killed = if opts.killed_removed && quake_flags {
        killed_names(entities, &removed_at_spawn)
    } else {
        Vec::new()
    };
    for (i, e) in entities.iter().enumerate() {
        let teleporter = opts.all_teleporters && e.class.eq_ignore_ascii_case("trigger_teleport");
        if removed_at_spawn(e) && !teleporter {
            continue;
        }
        if !killed.is_empty()
            && brush_role(e) == BrushRole::Solid
            && e.get("targetname")
                .is_some_and(|n| killed.iter().any(|k| k == n))
        {
            continue;
        }
        if opts.breakables_removed && crate::features::shot_breaks(e) {
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
        let glass = match see_through {
            SeeThrough::GoldSrc => {
                role == BrushRole::Solid && crate::features::drawn_see_through(e)
            }
            // (A door standing closed too.)
            SeeThrough::Source => {
                matches!(role, BrushRole::Solid | BrushRole::Door)
                    && crate::features::drawn_in_a_render_mode(e)
            }
            SeeThrough::Never => false,
        };
        if glass {
            role = BrushRole::Glass;
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

/// Which brush entities' render modes let sight lines through ([`place_brush_entities`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SeeThrough {
    /// GoldSrc's `ignore_glass` traces: [`crate::features::drawn_see_through`].
    GoldSrc,
    /// The Source SDK 2013's engine (VBSP 19 and 20: CS:S, TF2, Garry's Mod, HL2DM, DoD:S):
    /// [`crate::features::drawn_in_a_render_mode`], doors too. (Left 4 Dead's VBSP 20 maps
    /// come from an engine that asks the materials, as CS:GO's does; they are not told apart.)
    Source,
    /// None: Quake, Quake II, and CS:GO's engine (VBSP 21), which asks the brushes' materials.
    Never,
}

/// The names a trigger, button or relay the server keeps removes (`killtarget`); monsters'
/// (whose death fires them, and which a deathmatch server does not spawn) left out.
fn killed_names(entities: &[Entity], removed_at_spawn: &dyn Fn(&Entity) -> bool) -> Vec<String> {
    let mut names: Vec<String> = entities
        .iter()
        .filter(|e| {
            let c = e.class.to_ascii_lowercase();
            (c.starts_with("trigger_") || c.starts_with("func_button")) && !removed_at_spawn(e)
        })
        .filter_map(|e| e.get("killtarget").map(|k| k.trim().to_string()))
        .filter(|k| !k.is_empty())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Copies of one triangle (the same corners in the same winding) kept in a soup.
const MAX_COPIES: u8 = 4;

/// The triangles with exact copies past [`MAX_COPIES`] left out (the same three corners in the
/// same winding; a face's back, wound the other way, is another triangle). Extra copies add
/// nothing to collision, and thousands stacked on one spot make every trace through it walk
/// all of them.
fn without_duplicates(tris: Vec<[Vec3; 3]>) -> Vec<[Vec3; 3]> {
    let key = |t: &[Vec3; 3]| {
        let k = t.map(|p| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()]);
        // The rotation that starts at the smallest corner: the winding is kept.
        let first = (0..3).min_by_key(|&i| k[i]).unwrap_or(0);
        [k[first], k[(first + 1) % 3], k[(first + 2) % 3]]
    };
    let mut copies = HashMap::with_capacity(tris.len());
    tris.into_iter()
        .filter(|t| {
            let n = copies.entry(key(t)).or_insert(0u8);
            *n = n.saturating_add(1);
            *n <= MAX_COPIES
        })
        .collect()
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Bsp29 => "BSP29",
        Variant::Bsp2 => "BSP2",
        Variant::GoldSrc => "BSP30",
    }
}

/// The geometry brush entities place, bounded: a map gives each brush model to one entity, so
/// entities that place the same model over and over are refused once the corners (and brush
/// sides) placed are [`crate::bytes::REUSE`] times what the lumps hold.
struct Instances {
    corners: usize,
    corner_budget: usize,
    sides: usize,
    side_budget: usize,
    offset: u64,
}

impl Instances {
    fn new(faces: &[Polygon], sides: usize, offset: u64) -> Instances {
        let corners: usize = faces.iter().map(|f| f.points.len()).sum();
        Instances {
            corners: 0,
            corner_budget: crate::bytes::reuse_budget(corners),
            sides: 0,
            side_budget: crate::bytes::reuse_budget(sides),
            offset,
        }
    }
    fn add(
        &mut self,
        family: &'static str,
        faces: &[Polygon],
        sides: &[usize],
    ) -> Result<(), LevelError> {
        self.corners += faces.iter().map(|f| f.points.len()).sum::<usize>();
        self.sides += sides.iter().sum::<usize>();
        if self.corners > self.corner_budget || self.sides > self.side_budget {
            return Err(LevelError::malformed(
                family,
                "entities",
                self.offset,
                format!(
                    "brush entities place {} face corners and {} brush sides, more than {} \
                     and {} ({} times the map's): entities reuse the same brush models",
                    self.corners,
                    self.sides,
                    self.corner_budget,
                    self.side_budget,
                    crate::bytes::REUSE
                ),
            ));
        }
        Ok(())
    }
}

fn collides(role: BrushRole) -> bool {
    matches!(
        role,
        BrushRole::Solid
            | BrushRole::Glass
            | BrushRole::Door
            | BrushRole::Ladder
            | BrushRole::Water
    )
}

impl Level {
    /// Load a level from its bytes; the family is detected from the content.
    pub fn load(bytes: &[u8], opts: &LoadOptions) -> Result<Level, LevelError> {
        Self::load_with_content(bytes, opts, &Content::default())
    }

    /// [`Level::load`], a Source map's static props taking their collision models from its
    /// pakfile and then from `content`'s folders (unless `opts.props_removed`).
    pub fn load_with_content(
        bytes: &[u8],
        opts: &LoadOptions,
        content: &Content,
    ) -> Result<Level, LevelError> {
        let (mut level, vis) = match detect(bytes)? {
            Detected::Quake(v) => {
                let name = if v == Variant::GoldSrc {
                    "BSP30"
                } else {
                    "BSP29"
                };
                let vis = crate::pvs::read_quake(bytes, name, v == Variant::Bsp2);
                (Self::from_quake(QuakeBsp::read(bytes, v)?, opts)?, vis)
            }
            Detected::Ibsp => (
                Self::from_brush(read_ibsp(bytes)?, opts, PropCollision::default())?,
                crate::pvs::read_clustered(bytes, false),
            ),
            Detected::Vbsp(v) => {
                let map = read_vbsp(bytes, v)?;
                let props = if opts.props_removed {
                    PropCollision::default()
                } else {
                    let render_modes = brush_see_through(true, map.version) == SeeThrough::Source;
                    vbsp_props(bytes, content, &map.entities, (opts.doors, render_modes))
                };
                (
                    Self::from_brush(map, opts, props)?,
                    crate::pvs::read_clustered(bytes, true),
                )
            }
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
        if level.family.kind().is_bsp() {
            level.bsp_size = u32::try_from(bytes.len()).ok();
        }
        Ok(level)
    }

    /// The map's potentially visible sets, when it has VIS data (BSPs compiled with `vis`).
    pub fn vis(&self) -> Option<&crate::pvs::Vis> {
        self.vis.as_ref()
    }

    /// The same level without its VIS data: what a map compiled without `vis` would cost an
    /// analysis (the sight lines no PVS culls).
    #[must_use]
    pub fn without_vis(mut self) -> Level {
        self.vis = None;
        self
    }

    /// Load an OBJ/glTF soup whose up axis is given explicitly (convenience).
    pub fn load_with_up(bytes: &[u8], up: UpAxis) -> Result<Level, LevelError> {
        Self::load(bytes, &LoadOptions::default().with_up_axis(up))
    }

    fn from_quake(q: QuakeBsp, opts: &LoadOptions) -> Result<Level, LevelError> {
        let model_bounds: Vec<Aabb> = q.models.iter().map(|m| m.bounds).collect();
        let goldsrc = q.variant == Variant::GoldSrc;
        let see_through = if goldsrc {
            SeeThrough::GoldSrc
        } else {
            SeeThrough::Never
        };
        let brush_entities =
            place_brush_entities(&q.entities, &model_bounds, opts, (true, see_through));
        let mut instances = Instances::new(&q.faces, 0, q.entities_offset);
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
        instances.add(variant_name(q.variant), faces_of(0), &[])?;
        let mut mb = MeshBuilder::default();
        mb.polygons(faces_of(0), Vec3::ZERO, u32::MAX, None);
        let mut placed = Vec::new();
        for (k, be) in brush_entities.iter().enumerate() {
            if !collides(be.role) {
                continue;
            }
            instances.add(variant_name(q.variant), faces_of(be.model), &[])?;
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
        Ok(Level {
            vis: None,
            bsp_size: None,
            prop_warnings: Vec::new(),
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
        })
    }

    fn from_brush(
        b: BrushBsp,
        opts: &LoadOptions,
        props: PropCollision,
    ) -> Result<Level, LevelError> {
        let model_bounds: Vec<Aabb> = b.models.iter().map(|m| m.bounds).collect();
        let see_through = brush_see_through(b.source, b.version);
        let brush_entities =
            place_brush_entities(&b.entities, &model_bounds, opts, (!b.source, see_through));
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
                let contents = role.map_or(raw.contents, |r| r.contents(raw.contents));
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
        let family = if b.source { "VBSP" } else { "IBSP v38" };
        let sides_of = |m: usize| -> usize {
            b.models.get(m).map_or(0, |m| {
                m.brushes
                    .iter()
                    .filter_map(|&i| b.brushes.get(i as usize))
                    .map(|r| r.sides.len())
                    .sum()
            })
        };
        let all_sides: usize = b.brushes.iter().map(|r| r.sides.len()).sum();
        let mut instances = Instances::new(&b.faces, all_sides, b.entities_offset);
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
        instances.add(family, world_faces, &[sides_of(0)])?;
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
            instances.add(family, faces_of(be.model).0, &[sides_of(be.model)])?;
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
        let prop_hulls = props.hulls.len() - props.entity_hulls;
        for (hull, brush) in props.hulls {
            // (A prop entity's hull blocks sight only: no floor to generate on, nothing drawn.)
            if brush.contents.contains(Contents::SOLID) {
                for t in &hull.triangles {
                    if let [Some(&a), Some(&b), Some(&c)] = t.map(|i| hull.points.get(i as usize)) {
                        mb.push([a, b, c], Contents::SOLID, SurfaceFlags::NONE, u32::MAX);
                    }
                }
            }
            input.push(brush);
        }
        let mut disp = MeshBuilder::default();
        for (t, c) in &b.displacements {
            mb.push(*t, *c, SurfaceFlags::NONE, u32::MAX);
            disp.push(*t, *c, SurfaceFlags::NONE, u32::MAX);
        }
        let (set, dropped) = BrushSet::build(input);
        let mesh = mb.build();
        let displacements = disp.build().remembering();
        let counts = Counts {
            faces: b.faces.len(),
            brushes: set.len(),
            brushes_dropped: dropped,
            triangles: mesh.len(),
            models: b.models.len(),
            displacements: b.displacement_count,
            textures: b.textures,
            prop_hulls,
            props_missing: props.missing,
            props_unusable: props.unusable,
            prop_entity_hulls: props.entity_hulls,
            prop_entities_missing: props.entities_missing,
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
        Ok(Level {
            vis: None,
            bsp_size: None,
            prop_warnings: props.warnings,
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
        })
    }

    fn from_soup(tris: Vec<[Vec3; 3]>, family: Family) -> Level {
        let tris = without_duplicates(tris);
        let tag_of = vec![0u32; tris.len()];
        let mesh = TriMesh::build(&tris, &tag_of, vec![TriTag::WORLD_SOLID]);
        let counts = Counts {
            triangles: mesh.len(),
            ..Counts::default()
        };
        let bounds = mesh.bounds();
        Level {
            vis: None,
            bsp_size: None,
            prop_warnings: Vec::new(),
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
}
