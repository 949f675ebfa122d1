//! Source static props: where each stands (the game lump's `sprp`), and the collision of those
//! whose model's `.phy` the map's pakfile or a content folder holds, as brushes.
//!
//! The engine traces a solid static prop (solid type 6) against its model's collision hulls,
//! so the games' generators keep areas off it and their analyses do not see through it. The
//! BSP holds only the prop's place and model name: the hulls come from the model's `.phy`
//! ([`crate::content`]), which a map packs when the model is its own and which otherwise
//! ships in the game's packs. A prop of solid type 2 collides as a box instead: the box, on
//! the world's axes, around its model's render bounds (the `.mdl` header's) turned by the
//! prop's angles (the engine's `CStaticProp::Init` and `ClipRayToBBox`).
//!
//! Prop entities (physics and dynamic props, prop doors) are studio models too, and the games'
//! nav sight traces hit them: the approach and visibility lines' mask,
//! `MASK_BLOCKLOS_AND_NPCS`, holds `CONTENTS_MONSTER`, without which the engine's
//! `StandardFilterRules` passes every entity that is not a brush model. Generation, cover,
//! encounter and sniper traces have no such bit and pass them. So a prop entity's collision
//! model, found as a static prop's is, blocks sight only ([`Contents::BLOCK_LOS`]).

use std::collections::{HashMap, HashSet};

use glam::{Mat3, Vec3};

use crate::brushes::{BrushIn, Side};
use crate::bytes::{UNPACKED_FAMILY, bad_point, f32_le, u16_le, u32_at, vec3_le};
use crate::content::{Content, Files, Found};
use crate::contents::{Contents, SurfaceFlags};
use crate::entities::Entity;
use crate::error::LevelError;
use crate::lzma::game_lumps;
use crate::math::Aabb;
use crate::options::DoorState;
use crate::phy::{ConvexHull, phy_file_solids};

/// One static prop of a Source map.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticProp {
    /// Where the model's origin stands.
    pub origin: Vec3,
    /// Pitch, yaw and roll in degrees, as the engine turns the model.
    pub angles: Vec3,
    /// The model's path in the game's files (`models/props/cs_office/table_meeting.mdl`).
    pub model: String,
    /// The engine's solid type: 0 not solid, 2 its box, 6 its collision model (`.phy`).
    pub solid: u8,
    /// Uniform scale (CS:GO's lump version 11; 1 elsewhere).
    pub scale: f32,
}

/// The solid type of a prop traced against its model's `.phy` (`SOLID_VPHYSICS`).
const SOLID_VPHYSICS: u8 = 6;
/// The solid type of a prop traced against a box around its model (`SOLID_BBOX`).
const SOLID_BBOX: u8 = 2;

/// The static props of a Source VBSP (none when it has no `sprp` game lump).
pub fn static_props(bsp: &[u8]) -> Result<Vec<StaticProp>, LevelError> {
    Ok(read_props(bsp)?.0)
}

/// [`static_props`], with where each record is, as errors name it (the family, and the
/// record's byte offset).
fn read_props(bsp: &[u8]) -> Result<(Vec<StaticProp>, Vec<u64>, &'static str), LevelError> {
    let Some(lump) = game_lumps(bsp)?.into_iter().find(|g| &g.id == b"sprp") else {
        return Ok((Vec::new(), Vec::new(), "VBSP"));
    };
    let d = &lump.data;
    // Offsets in an unpacked entry count from its packed start (the crate's convention).
    let family = if lump.flags & 1 != 0 {
        UNPACKED_FAMILY
    } else {
        "VBSP"
    };
    let bad = |field: &str, at: usize, reason: String| {
        LevelError::malformed(
            family,
            format!("sprp.{field}"),
            lump.offset + at as u64,
            reason,
        )
    };
    let count_at = |at: usize, field: &str, item: usize| -> Result<usize, LevelError> {
        let n = u32_at(d, at).ok_or_else(|| bad(field, at, "cut short".into()))? as usize;
        let room = d.len().saturating_sub(at + 4);
        if n > room / item {
            return Err(bad(
                field,
                at,
                format!("{n} entries of {item} bytes, but {room} bytes follow"),
            ));
        }
        Ok(n)
    };
    let names = count_at(0, "dictEntries", 128)?;
    let model_names: Vec<String> = d[4..4 + 128 * names]
        .chunks_exact(128)
        .map(|raw| {
            let end = raw.iter().position(|&c| c == 0).unwrap_or(raw.len());
            String::from_utf8_lossy(&raw[..end]).into_owned()
        })
        .collect();
    let leaves_at = 4 + 128 * names;
    let leaves = count_at(leaves_at, "leafEntries", 2)?;
    let props_at = leaves_at + 4 + 2 * leaves;
    let count = count_at(props_at, "propEntries", 32)?;
    let first = props_at + 4;
    let size = (d.len() - first).checked_div(count).unwrap_or(0);
    // Every version starts with the fields read here (origin, angles, model, leaves, solid).
    if count > 0 && (size < 32 || first + size * count != d.len()) {
        return Err(bad(
            "propEntries",
            props_at,
            format!(
                "{count} props do not divide the {} bytes that follow",
                d.len() - first
            ),
        ));
    }
    // CS:GO's (VBSP 21) version 11 records end with a uniform scale; Black Mesa's version 11
    // records are as long but hold flags there.
    let scaled =
        bsp.get(4..8) == Some(&21u32.to_le_bytes()[..]) && lump.version >= 11 && size >= 80;
    let mut props = Vec::with_capacity(count);
    let mut offsets = Vec::with_capacity(count);
    for (k, r) in d[first..].chunks_exact(size.max(1)).take(count).enumerate() {
        let at = first + k * size;
        offsets.push(lump.offset + at as u64);
        let index = u16_le(r, 24) as usize;
        let Some(model) = model_names.get(index) else {
            return Err(bad(
                &format!("props[{k}].propType"),
                at + 24,
                format!("model {index} of a dictionary of {names}"),
            ));
        };
        let (origin, angles) = (vec3_le(r, 0), vec3_le(r, 12));
        for (field, v, o) in [("origin", origin, 0), ("angles", angles, 12)] {
            if let Some(why) = bad_point(v) {
                return Err(bad(&format!("props[{k}].{field}"), at + o, why));
            }
        }
        let scale = if scaled { f32_le(r, 76) } else { 1.0 };
        if !(scale.is_finite() && scale > 0.0 && scale <= MAX_SCALE) {
            return Err(bad(
                &format!("props[{k}].uniformScale"),
                at + 76,
                format!("{scale}, not a scale between 0 and {MAX_SCALE}"),
            ));
        }
        props.push(StaticProp {
            origin,
            angles,
            model: model.clone(),
            solid: r[30],
            scale,
        });
    }
    Ok((props, offsets, family))
}

/// The largest uniform scale taken (Hammer offers far less; past it a prop would outgrow
/// the world).
const MAX_SCALE: f32 = 1000.0;

/// The most hull corners one convex piece may have: real props' pieces have tens to hundreds,
/// and checking a hull's faces costs its corners times its triangles.
const MAX_HULL_POINTS: usize = 4096;

/// The most hull corners all of a map's prop instances may add up to (each instance stores
/// its own, turned and placed): far past real maps (a few hundred props of a few hundred
/// corners), and 48 MB of points.
const MAX_PROP_POINTS: usize = 4 << 20;

/// The most brush sides (faces and bevels) they may add up to: a hull's bevels grow with its
/// edges, so its sides with its corners; 48 MB of sides.
const MAX_PROP_SIDES: usize = 2 << 20;

/// The world-space hulls of every solid static prop whose collision model (its `.phy`, or for
/// a box its `.mdl`) was found, and of every solid prop entity's (each also as a brush, solid
/// or blocking sight only), how many solid props had none found, and why those found could
/// not be used.
#[derive(Default)]
pub(crate) struct PropCollision {
    pub hulls: Vec<(ConvexHull, BrushIn)>,
    /// Solid static props whose model's file (`.phy`, or `.mdl` for a box) no source holds.
    pub missing: usize,
    /// Of the hulls, those of prop entities (the last ones).
    pub entity_hulls: usize,
    /// Solid prop entities whose model's `.phy` no source holds.
    pub entities_missing: usize,
    /// Solid props whose model's file was found but could not be used.
    pub unusable: usize,
    /// Why, a line per model (the source, the field and the byte offset).
    pub warnings: Vec<String>,
}

/// What a prop's model gave.
enum Model {
    Hulls(Vec<ModelHull>),
    /// The render bounds' corners in model space (a box prop's).
    Box(Vec3, Vec3),
    Missing,
    Unusable,
}

/// A model's hull, its face planes worked out once in model space.
struct ModelHull {
    hull: ConvexHull,
    planes: Vec<(Vec3, f32)>,
}

/// [`PropCollision`] of a VBSP's static props and of its prop entities among `entities`
/// (prop doors only while `doors` stand closed, see-through ones passed over with
/// `render_modes`: [`sight_prop_model`]), models looked up in its pakfile (`pakfile`:
/// lump 40's bytes, read within `budget` bytes) and `content`. A prop lump the reader refuses,
/// or static props past the bounds, leave the static props out with a warning; a prop entity
/// past them, it and the entities after it.
pub(crate) fn prop_collision(
    bsp: &[u8],
    (pakfile, content, budget): (&[u8], &Content, usize),
    entities: &[Entity],
    (doors, render_modes): (DoorState, bool),
) -> PropCollision {
    let mut models = Models {
        files: Files::new(pakfile, content, budget),
        found: HashMap::new(),
        warnings: Vec::new(),
    };
    models.warnings.extend(models.files.pak_error.take());
    let mut room = Room::default();
    let mut out = static_collision(bsp, &mut models, &mut room).unwrap_or_else(|e| {
        models.warnings.push(format!("static props left out: {e}"));
        room = Room::default();
        PropCollision::default()
    });
    for (k, e) in entities.iter().enumerate() {
        let Some(model) = sight_prop_model(e, doors, render_modes) else {
            continue;
        };
        // (The physics engine places an entity's first solid, unscaled.)
        let place = match (e.vec3("origin"), e.get("angles").map(|_| e.vec3("angles"))) {
            (Some(origin), None) => (Mat3::IDENTITY, origin),
            (Some(origin), Some(Some(angles))) => (rotation(angles), origin),
            _ => {
                models.warnings.push(format!(
                    "entity {k} ({}) left out: its origin or angles are missing or unreadable",
                    e.class
                ));
                continue;
            }
        };
        let hulls = match models.of(model, SOLID_VPHYSICS) {
            Model::Hulls(h) => h,
            Model::Missing => {
                out.entities_missing += 1;
                continue;
            }
            Model::Unusable | Model::Box(..) => {
                out.unusable += 1;
                continue;
            }
        };
        let placed: Vec<_> = hulls
            .iter()
            .map(|h| placed(h, place, Contents::BLOCK_LOS))
            .collect();
        if let Err(why) = room.take(&placed) {
            // The world and the static props are whole: the rest of the entities pass.
            models.warnings.push(format!(
                "entity {k} ({}) and the prop entities after it left out: {why}",
                e.class
            ));
            break;
        }
        out.entity_hulls += placed.len();
        out.hulls.extend(placed);
    }
    out.warnings = models.warnings;
    out
}

/// The static props' part of [`prop_collision`]; an error when the prop lump is refused or
/// the props pass the bounds (naming the prop that passes them).
fn static_collision(
    bsp: &[u8],
    models: &mut Models,
    room: &mut Room,
) -> Result<PropCollision, LevelError> {
    let (props, offsets, family) = read_props(bsp)?;
    let mut out = PropCollision::default();
    for (k, p) in props
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.solid, SOLID_VPHYSICS | SOLID_BBOX))
    {
        let turn = rotation(p.angles) * p.scale;
        let placed: Vec<_> = match models.of(&p.model, p.solid) {
            Model::Hulls(hulls) => hulls
                .iter()
                .map(|h| placed(h, (turn, p.origin), Contents::SOLID))
                .collect(),
            Model::Box(lo, hi) => {
                // The engine boxes the turned bounds on the world's axes (its trace asks for
                // no turn); CS:GO's scale, not in any public engine, taken as its hulls are.
                let corners = Aabb::new(*lo, *hi).corners().map(|c| turn * c + p.origin);
                let (lo, hi) = bounds(corners);
                vec![placed_box(lo, hi)]
            }
            Model::Missing => {
                out.missing += 1;
                continue;
            }
            Model::Unusable => {
                out.unusable += 1;
                continue;
            }
        };
        room.take(&placed).map_err(|why| {
            LevelError::malformed(family, format!("sprp.props[{k}]"), offsets[k], why)
        })?;
        out.hulls.extend(placed);
    }
    Ok(out)
}

/// What the props placed so far hold, against [`MAX_PROP_POINTS`] and [`MAX_PROP_SIDES`].
#[derive(Default)]
struct Room {
    points: usize,
    sides: usize,
}

impl Room {
    /// Counts `placed` in, or says which bound it passes.
    fn take(&mut self, placed: &[(ConvexHull, BrushIn)]) -> Result<(), String> {
        self.take_counts(
            placed.iter().map(|p| p.0.points.len()).sum(),
            placed.iter().map(|p| p.1.sides.len()).sum(),
        )
    }

    /// [`Room::take`] of that many corners and sides.
    fn take_counts(&mut self, points: usize, sides: usize) -> Result<(), String> {
        self.points = self.points.saturating_add(points);
        self.sides = self.sides.saturating_add(sides);
        if self.points > MAX_PROP_POINTS {
            return Err(format!(
                "the props' collision hulls pass {MAX_PROP_POINTS} corners in all"
            ));
        }
        if self.sides > MAX_PROP_SIDES {
            return Err(format!(
                "the props' collision brushes pass {MAX_PROP_SIDES} sides in all"
            ));
        }
        Ok(())
    }
}

/// The box around `points` (inverted when there are none).
fn bounds(points: impl IntoIterator<Item = Vec3>) -> (Vec3, Vec3) {
    points
        .into_iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p), hi.max(p))
        })
}

/// The model of a prop entity whose collision model the games' nav sight traces hit, or none:
/// physics props (`prop_physics` and its kin, but not a multiplayer one that lives on the
/// client alone, physics mode 3), dynamic props not made non-solid (`solid` other than 0 or
/// 2: their `.phy`; collision not disabled), and, while `doors` stand closed, prop doors that
/// do not start open. With `render_modes` (the Source SDK 2013's engine), none drawn in a
/// render mode other than normal: those traces, without `CONTENTS_WINDOW`, pass an entity the
/// engine calls transparent (CS:GO's engine asks the model's materials, which are not read).
fn sight_prop_model(e: &Entity, doors: DoorState, render_modes: bool) -> Option<&str> {
    let class = e.class.to_ascii_lowercase();
    let key = |k: &str| e.get(k).map(str::trim);
    if render_modes && crate::features::drawn_in_a_render_mode(e) {
        return None;
    }
    let solid = if class.starts_with("prop_physics") {
        ["physicsmode", "multiplayer_physics_mode"]
            .iter()
            .all(|k| key(k) != Some("3"))
    } else if class.starts_with("prop_dynamic") {
        // (Spawn flag 256 disables its collision.)
        !matches!(key("solid"), Some("0" | "2")) && !e.spawnflag(256)
    } else if class == "prop_door_rotating" {
        doors == DoorState::Closed && matches!(key("spawnpos"), None | Some("0"))
    } else {
        false
    };
    let model = e.get("model")?.trim();
    (solid && model.to_ascii_lowercase().ends_with(".mdl")).then_some(model)
}

/// The collision models props use, each looked up once in the map's files.
struct Models<'a> {
    files: Files<'a>,
    /// By the file looked up (`.phy`, or `.mdl` for a box).
    found: HashMap<String, Model>,
    /// Why a model found could not be used, a line each.
    warnings: Vec<String>,
}

impl Models<'_> {
    /// The collision model of `model` for a prop of `solid` type (a box's from its `.mdl`,
    /// else the hulls of its `.phy`).
    fn of(&mut self, model: &str, solid: u8) -> &Model {
        let name = model.to_ascii_lowercase();
        let stem = name.strip_suffix(".mdl").unwrap_or(&name);
        // (A model a map uses both ways is looked up once each way.)
        let file = match solid {
            SOLID_BBOX => format!("{stem}.mdl"),
            _ => format!("{stem}.phy"),
        };
        let (files, warnings) = (&mut self.files, &mut self.warnings);
        self.found.entry(file.clone()).or_insert_with(|| {
            let why = match files.read(&file) {
                Found::Bytes(b, source) => {
                    let model = match solid {
                        SOLID_BBOX => studio_box(&b).map(|(lo, hi)| Model::Box(lo, hi)),
                        _ => model_hulls(&b).map(Model::Hulls),
                    };
                    match model {
                        Ok(model) => return model,
                        Err(why) => format!("{source}: {why}"),
                    }
                }
                Found::Unreadable(why) => why,
                Found::Missing => return Model::Missing,
            };
            warnings.push(why);
            Model::Unusable
        })
    }
}

/// A `.phy`'s first solid (a static prop collides with it, in the model's own space; a jointed
/// model's further solids are its bones', which props do not have), each hull with its faces.
fn model_hulls(phy: &[u8]) -> Result<Vec<ModelHull>, String> {
    let first = phy_file_solids(phy)
        .map_err(|e| e.to_string())?
        .into_iter()
        .next();
    let Some(Some(hulls)) = first else {
        return Err("its first solid holds no convex pieces (a MOPP surface, or none)".into());
    };
    if let Some(h) = hulls.iter().find(|h| h.points.len() > MAX_HULL_POINTS) {
        return Err(format!(
            "a convex piece of {} corners, past the {MAX_HULL_POINTS} taken",
            h.points.len()
        ));
    }
    Ok(hulls
        .into_iter()
        .filter_map(|hull| {
            let planes = hull_planes(&hull)?;
            Some(ModelHull { hull, planes })
        })
        .collect())
}

/// The offsets in a studio model's header (`studiohdr_t`, versions 44 to 49) of the boxes a
/// box prop is traced against: the render bounds, and the hull box the engine falls back on
/// when they are zero.
const STUDIO_HULL_MIN: usize = 104;
const STUDIO_VIEW_MIN: usize = 128;
const STUDIO_HEADER_BOXES_END: usize = 152;

/// The box a `SOLID_BBOX` prop of this `.mdl` collides with, in model space: the header's
/// render bounds (`view_bbmin`, `view_bbmax`), or its hull box when both are zero (the
/// engine's `GetModelRenderBounds`).
fn studio_box(mdl: &[u8]) -> Result<(Vec3, Vec3), String> {
    if mdl.len() < STUDIO_HEADER_BOXES_END {
        return Err(format!(
            "studiohdr cut short: {} bytes, its boxes end at byte {STUDIO_HEADER_BOXES_END}",
            mdl.len()
        ));
    }
    if &mdl[..4] != b"IDST" {
        return Err("studiohdr.id at byte 0: not IDST, no studio model".into());
    }
    let version = u32_at(mdl, 4).unwrap_or(0);
    if !(44..=49).contains(&version) {
        return Err(format!(
            "studiohdr.version at byte 4: {version}, where versions 44 to 49 are read"
        ));
    }
    let view = (
        vec3_le(mdl, STUDIO_VIEW_MIN),
        vec3_le(mdl, STUDIO_VIEW_MIN + 12),
    );
    let (at, field, (lo, hi)) = if view.0 != Vec3::ZERO || view.1 != Vec3::ZERO {
        (STUDIO_VIEW_MIN, "view_bbmin", view)
    } else {
        let hull = (
            vec3_le(mdl, STUDIO_HULL_MIN),
            vec3_le(mdl, STUDIO_HULL_MIN + 12),
        );
        (STUDIO_HULL_MIN, "hull_min", hull)
    };
    for (v, o) in [(lo, 0), (hi, 12)] {
        if let Some(why) = bad_point(v) {
            return Err(format!("studiohdr box at byte {}: {why}", at + o));
        }
    }
    if !lo.cmplt(hi).all() {
        return Err(format!(
            "studiohdr.{field} at byte {at}: {lo} is not below its maximum {hi} on every axis"
        ));
    }
    Ok((lo, hi))
}

/// The hull and brush of a box prop: the box `lo..hi` in world space.
fn placed_box(lo: Vec3, hi: Vec3) -> (ConvexHull, BrushIn) {
    let brush = BrushIn {
        sides: axial_sides(lo, hi, false).collect(),
        contents: Contents::SOLID,
        entity: u32::MAX,
    };
    (ConvexHull::cuboid(lo, hi), brush)
}

/// The six sides of the box `lo..hi`, as bevels or not.
fn axial_sides(lo: Vec3, hi: Vec3, bevel: bool) -> impl Iterator<Item = Side> {
    [Vec3::X, Vec3::Y, Vec3::Z]
        .into_iter()
        .flat_map(move |axis| [(axis, axis.dot(hi)), (-axis, -axis.dot(lo))])
        .map(move |(normal, dist)| Side {
            normal,
            dist,
            surface: SurfaceFlags::NONE,
            bevel,
        })
}

/// The engine's turn for pitch, yaw and roll in degrees: roll about x, then pitch about y,
/// then yaw about z (a model's forward axis, x, goes to the angles' forward vector).
pub(crate) fn rotation(angles: Vec3) -> Mat3 {
    let [pitch, yaw, roll] = angles.to_array().map(f32::to_radians);
    Mat3::from_rotation_z(yaw) * Mat3::from_rotation_y(pitch) * Mat3::from_rotation_x(roll)
}

/// A convex hull's face planes, each facing out, one per distinct triangle plane; none when
/// the hull has no volume to speak of or is no convex hull (a bad file).
fn hull_planes(hull: &ConvexHull) -> Option<Vec<(Vec3, f32)>> {
    let pts = &hull.points;
    if pts.len() < 4 || pts.iter().any(|p| bad_point(*p).is_some()) {
        return None;
    }
    let centre = pts.iter().copied().sum::<Vec3>() / pts.len() as f32;
    let mut planes: Vec<(Vec3, f32)> = Vec::new();
    for t in &hull.triangles {
        let [Some(a), Some(b), Some(c)] = t.map(|i| pts.get(i as usize).copied()) else {
            continue;
        };
        let n = (b - a).cross(c - a);
        if n.length_squared() < 1e-6 {
            continue;
        }
        let mut normal = n.normalize();
        let mut dist = normal.dot(a);
        if normal.dot(centre) - dist > 0.0 {
            (normal, dist) = (-normal, -dist);
        }
        // Every corner behind the plane, or it is no face of a convex hull.
        if pts.iter().any(|p| normal.dot(*p) - dist > 0.5) {
            continue;
        }
        if !planes
            .iter()
            .any(|&(m, e)| m.dot(normal) > 0.9999 && (e - dist).abs() < 0.01)
        {
            planes.push((normal, dist));
        }
    }
    // A closed solid has at least four faces, its centre inside each by a margin.
    let closed = planes.len() >= 4 && planes.iter().all(|&(n, d)| n.dot(centre) - d < -0.01);
    closed.then_some(planes)
}

/// A model hull turned by `turn` (rotation times scale) and moved to `origin`: its corners and
/// triangles, and a brush of `contents` of its faces with bevels, which box sweeps clip
/// against and rays do not: its box's six planes wherever no face is exactly axial (the brush
/// set wants an exactly axial side each way), and its edge bevels ([`edge_bevels`]).
fn placed(
    h: &ModelHull,
    (turn, origin): (Mat3, Vec3),
    contents: Contents,
) -> (ConvexHull, BrushIn) {
    let points: Vec<Vec3> = h.hull.points.iter().map(|&q| turn * q + origin).collect();
    let scale = turn.x_axis.length();
    let mut sides: Vec<Side> = h
        .planes
        .iter()
        .map(|&(n, d)| {
            let normal = (turn * n / scale).normalize();
            Side {
                normal,
                dist: d * scale + normal.dot(origin),
                surface: SurfaceFlags::NONE,
                bevel: false,
            }
        })
        .collect();
    let (lo, hi) = bounds(points.iter().copied());
    for side in axial_sides(lo, hi, true) {
        if !sides.iter().any(|s| s.normal == side.normal) {
            sides.push(side);
        }
    }
    let hull = ConvexHull {
        points,
        triangles: h.hull.triangles.clone(),
    };
    // Only a plane the brush has already is left out (looked up by its numbers: one a hair
    // off a face still bounds the sweep there).
    let mut known: HashSet<[i64; 4]> = sides.iter().map(|s| plane_key(s.normal, s.dist)).collect();
    for (normal, dist) in edge_bevels(&hull) {
        if known.insert(plane_key(normal, dist)) {
            sides.push(Side {
                normal,
                dist,
                surface: SurfaceFlags::NONE,
                bevel: true,
            });
        }
    }
    let brush = BrushIn {
        sides,
        contents,
        entity: u32::MAX,
    };
    (hull, brush)
}

/// A plane's numbers rounded for looking it up: its normal to 1/100,000, its distance to a
/// thousandth of a unit.
fn plane_key(normal: Vec3, dist: f32) -> [i64; 4] {
    let n = (normal * 1e5).round();
    [
        n.x as i64,
        n.y as i64,
        n.z as i64,
        (dist * 1e3).round() as i64,
    ]
}

/// The edge bevels of a convex hull: for each edge between two faces that are not level with
/// each other, and each world axis, the plane through the edge that holds the axis and leaves
/// the whole hull behind it, if one does (its normal, across the edge and the axis, between the
/// two faces' normals). With the faces and the box's planes they are the planes of the hull
/// grown by any box, so a box sweep clipped against them stops where the box first touches
/// the hull: the compiler gives world brushes the same.
fn edge_bevels(hull: &ConvexHull) -> Vec<(Vec3, f32)> {
    let pts = &hull.points;
    let centre = pts.iter().copied().sum::<Vec3>() / pts.len().max(1) as f32;
    // Each edge's faces' normals (a triangle's own, turned away from the centre whatever its
    // winding: a face split in two has an edge inside it whose two normals agree, and no bevel).
    let mut faces_of: HashMap<(u32, u32), Vec<Vec3>> = HashMap::new();
    for t in &hull.triangles {
        let Some([a, b, c]) = t
            .iter()
            .map(|&i| pts.get(i as usize).copied())
            .collect::<Option<Vec<_>>>()
            .and_then(|v| <[Vec3; 3]>::try_from(v).ok())
        else {
            continue;
        };
        let mut n = (b - a).cross(c - a).normalize_or_zero();
        if n == Vec3::ZERO {
            continue;
        }
        if n.dot(a - centre) < 0.0 {
            n = -n;
        }
        for (i, j) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            faces_of.entry((i.min(j), i.max(j))).or_default().push(n);
        }
    }
    let mut edges: Vec<_> = faces_of.into_iter().collect();
    // (In index order: the same bevels in the same order on every run.)
    edges.sort_unstable_by_key(|e| e.0);
    let mut out = Vec::new();
    for ((i, j), normals) in edges {
        let [n1, n2] = normals[..] else {
            continue;
        };
        if n1.dot(n2) > 0.9999 {
            continue;
        }
        let p = pts[i as usize];
        let edge = (pts[j as usize] - p).normalize_or_zero();
        let turn = n1.cross(n2).dot(edge);
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            let across = edge.cross(axis);
            if across.length_squared() < 1e-6 {
                continue;
            }
            for normal in [across.normalize(), -across.normalize()] {
                // Between the faces' normals, on the short way round from one to the other.
                let between = normal.dot(n1 + n2) > 0.0
                    && n1.cross(normal).dot(edge) * turn >= 0.0
                    && normal.cross(n2).dot(edge) * turn >= 0.0;
                if between {
                    out.push((normal, normal.dot(p)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brushes::BrushSet;

    /// A cube's hull, `size` units a side from the origin.
    fn cube(size: f32) -> ConvexHull {
        ConvexHull::cuboid(Vec3::ZERO, Vec3::splat(size))
    }

    fn model(hull: ConvexHull) -> ModelHull {
        let planes = hull_planes(&hull).expect("a solid hull");
        ModelHull { hull, planes }
    }

    #[test]
    fn a_cube_hull_is_a_six_sided_brush_facing_out() {
        let (_, b) = placed(
            &model(cube(10.0)),
            (Mat3::IDENTITY, Vec3::ZERO),
            Contents::SOLID,
        );
        let faces: Vec<&Side> = b.sides.iter().filter(|s| !s.bevel).collect();
        assert_eq!(faces.len(), 6, "one side per face, duplicates merged");
        assert_eq!(b.sides.len(), 6, "the faces are axial: no bevel added");
        for s in faces {
            assert!(
                s.normal.dot(Vec3::splat(5.0)) - s.dist < -4.9,
                "centre inside"
            );
            assert!((s.normal.length() - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn turned_scaled_and_placed_the_sides_follow_the_corners() {
        let m = model(cube(10.0));
        let turn = rotation(Vec3::new(20.0, 45.0, -30.0)) * 3.0;
        let (hull, b) = placed(&m, (turn, Vec3::new(100.0, -50.0, 7.0)), Contents::SOLID);
        for s in &b.sides {
            // Every corner on or behind each side, and each face side through three corners.
            let on = hull
                .points
                .iter()
                .filter(|p| (s.normal.dot(**p) - s.dist).abs() < 1e-3)
                .count();
            assert!(hull.points.iter().all(|p| s.normal.dot(*p) - s.dist < 1e-3));
            assert!(on >= if s.bevel { 1 } else { 4 }, "{s:?}");
        }
        let axial = |s: &&Side| s.normal.abs().max_element() == 1.0;
        assert_eq!(b.sides.iter().filter(|s| s.bevel).filter(axial).count(), 6);
        assert!(b.sides.iter().filter(|s| s.bevel).any(|s| !axial(&s)));
    }

    /// Where a box of half-size `half` going `from → from + dir` first touches the hull whose
    /// corners are `pts` (faces `normals`, edges `edges`), as a fraction of the way; none when
    /// it does not. Worked out on the separating axes (the world's, the faces', and each edge
    /// across each world axis): the box touches the hull while their shadows overlap on every
    /// axis, so from the latest time they start overlapping to the earliest they stop.
    fn first_touch(
        (pts, normals, edges): (&[Vec3], &[Vec3], &[Vec3]),
        from: Vec3,
        dir: Vec3,
        half: Vec3,
    ) -> Option<f32> {
        let mut axes: Vec<Vec3> = vec![Vec3::X, Vec3::Y, Vec3::Z];
        axes.extend(normals);
        for e in edges {
            for a in [Vec3::X, Vec3::Y, Vec3::Z] {
                let c = e.cross(a);
                if c.length_squared() > 1e-6 {
                    axes.push(c.normalize());
                }
            }
        }
        let (mut enter, mut leave) = (0.0f32, 1.0f32);
        for l in axes {
            let lo = pts.iter().map(|p| p.dot(l)).fold(f32::INFINITY, f32::min);
            let hi = pts
                .iter()
                .map(|p| p.dot(l))
                .fold(f32::NEG_INFINITY, f32::max);
            let reach = half.dot(l.abs());
            // The box's centre along the axis at time t: c + v t; overlap while it is within
            // [lo - reach, hi + reach].
            let (c, v) = (from.dot(l), dir.dot(l));
            if v.abs() < 1e-9 {
                if c < lo - reach || c > hi + reach {
                    return None;
                }
                continue;
            }
            let (t0, t1) = ((lo - reach - c) / v, (hi + reach - c) / v);
            enter = enter.max(t0.min(t1));
            leave = leave.min(t0.max(t1));
        }
        (enter <= leave).then_some(enter)
    }

    #[test]
    fn box_sweeps_stop_where_the_box_first_touches_a_turned_hull() {
        let mut rng = navforge_core::testing::Rng::new(0x9E37_79B9_7F4A_7C15);
        // A number in 0..1.
        let mut next = move || (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        let m = model(cube(40.0));
        let half = Vec3::new(16.0, 16.0, 36.0);
        let (mut hits, mut edge_hits) = (0, 0);
        for _ in 0..200 {
            let angles = Vec3::new(next(), next(), next()) * 360.0;
            let turn = rotation(angles);
            let (hull, brush) = placed(&m, (turn, Vec3::ZERO), Contents::SOLID);
            let normals: Vec<Vec3> = m.planes.iter().map(|&(n, _)| turn * n).collect();
            let edges: Vec<Vec3> = (0..3).map(|k| turn * Vec3::AXES[k]).collect();
            // No plane twice.
            let mut keys: Vec<_> = brush
                .sides
                .iter()
                .map(|s| plane_key(s.normal, s.dist))
                .collect();
            keys.sort_unstable();
            let before = keys.len();
            keys.dedup();
            assert_eq!(keys.len(), before, "angles {angles}");
            let (set, dropped) = BrushSet::build(vec![brush]);
            assert_eq!(dropped, 0);
            let centre = turn * Vec3::splat(20.0);
            for _ in 0..20 {
                let from = centre
                    + (Vec3::new(next(), next(), next()) - 0.5).normalize_or(Vec3::X) * 200.0;
                let aim = centre + (Vec3::new(next(), next(), next()) - 0.5) * 160.0;
                let dir = aim - from;
                let shape = (&hull.points[..], &normals[..], &edges[..]);
                let touch = first_touch(shape, from, dir, half);
                let hit = set.sweep(from, dir, half, Contents::SOLID);
                match (touch, hit) {
                    (Some(t), Some(h)) => {
                        // The brush trace stops a hair (1/32 unit off the plane it meets)
                        // short of the touch: no later, and no sooner than a box grown by a
                        // little more than that would touch.
                        let grown = first_touch(shape, from, dir, half + 0.05);
                        assert!(h.t <= t + 1e-6, "angles {angles}: {} after {t}", h.t);
                        assert!(
                            grown.is_some_and(|g| g <= h.t + 1e-6),
                            "angles {angles}: {} before {grown:?}",
                            h.t
                        );
                        hits += 1;
                        if !m
                            .planes
                            .iter()
                            .any(|&(n, _)| (turn * n).dot(h.normal) > 0.9999)
                            && h.normal.abs().max_element() < 0.9999
                        {
                            edge_hits += 1;
                        }
                    }
                    (None, None) => {}
                    // A sweep that grazes the hull may go either way within the trace's hair.
                    (t, h) => {
                        let grazing = first_touch(shape, from, dir, half + 0.1).is_some()
                            && first_touch(shape, from, dir, half - 0.1).is_none();
                        assert!(grazing, "angles {angles}: touch {t:?}, sweep {h:?}");
                    }
                }
            }
        }
        // Many sweeps meet the hull, some first on an edge bevel.
        assert!(
            hits > 1000 && edge_hits > 50,
            "{hits} hits, {edge_hits} on edges"
        );
    }

    #[test]
    fn a_hull_turned_by_a_hair_keeps_an_axial_side_each_way() {
        // Turned half a degree its faces are almost, not exactly, axial: the box's planes are
        // added, or the brush set would drop the brush for want of axial sides.
        for yaw in [0.5f32, 90.2, 179.9] {
            let (_, b) = placed(
                &model(cube(10.0)),
                (rotation(Vec3::new(0.0, yaw, 0.0)), Vec3::ZERO),
                Contents::SOLID,
            );
            assert_eq!(b.sides.iter().filter(|s| s.bevel).count(), 4, "yaw {yaw}");
            let (set, dropped) = BrushSet::build(vec![b]);
            assert_eq!((set.len(), dropped), (1, 0), "yaw {yaw}");
        }
    }

    #[test]
    fn flat_or_broken_hulls_have_no_faces() {
        let c = cube(10.0);
        let flat = ConvexHull {
            points: c.points.iter().map(|v| Vec3::new(v.x, v.y, 0.0)).collect(),
            triangles: c.triangles.clone(),
        };
        assert!(hull_planes(&flat).is_none());
        let bad = ConvexHull {
            points: c.points.clone(),
            triangles: c.triangles.iter().map(|x| [x[0], x[1], 99]).collect(),
        };
        assert!(hull_planes(&bad).is_none());
        let far = ConvexHull {
            points: c.points.iter().map(|v| *v * 1e30).collect(),
            triangles: c.triangles.clone(),
        };
        assert!(hull_planes(&far).is_none());
    }

    #[test]
    fn the_engines_turn_takes_forward_to_the_angles() {
        // Yaw 90: forward (x) points along y; pitch 90 (down in Source): forward is -z.
        let f = rotation(Vec3::new(0.0, 90.0, 0.0)) * Vec3::X;
        assert!((f - Vec3::Y).length() < 1e-5, "{f}");
        let f = rotation(Vec3::new(90.0, 0.0, 0.0)) * Vec3::X;
        assert!((f + Vec3::Z).length() < 1e-5, "{f}");
        // Roll 90 about forward: left (y) goes up.
        let l = rotation(Vec3::new(0.0, 0.0, 90.0)) * Vec3::Y;
        assert!((l - Vec3::Z).length() < 1e-5, "{l}");
    }

    #[test]
    fn a_box_hull_faces_out_and_is_its_six_sides() {
        let (lo, hi) = (Vec3::new(-3.0, 1.0, 2.0), Vec3::new(5.0, 4.0, 9.0));
        let hull = ConvexHull::cuboid(lo, hi);
        let centre = (lo + hi) / 2.0;
        for t in &hull.triangles {
            let [a, b, c] = t.map(|i| hull.points[i as usize]);
            let out = (b - a).cross(c - a).dot((a + b + c) / 3.0 - centre);
            assert!(out > 0.0, "triangle {t:?} faces out");
        }
        assert_eq!(hull_planes(&hull).map(|p| p.len()), Some(6));
        let (placed_hull, brush) = placed_box(lo, hi);
        assert_eq!(placed_hull.points, hull.points);
        assert!(brush.sides.iter().all(|s| !s.bevel));
        let (set, dropped) = BrushSet::build(vec![brush]);
        assert_eq!(dropped, 0);
        assert!(set.contents(centre).contains(Contents::SOLID));
        assert!(!set.contents(hi + 0.5).contains(Contents::SOLID));
    }

    /// A studio header (version 48) with render bounds `view` and hull box `hull`.
    fn mdl(view: (Vec3, Vec3), hull: (Vec3, Vec3)) -> Vec<u8> {
        let mut d = vec![0u8; 408];
        d[..4].copy_from_slice(b"IDST");
        d[4..8].copy_from_slice(&48u32.to_le_bytes());
        for (at, v) in [
            (STUDIO_HULL_MIN, hull.0),
            (STUDIO_HULL_MIN + 12, hull.1),
            (STUDIO_VIEW_MIN, view.0),
            (STUDIO_VIEW_MIN + 12, view.1),
        ] {
            for (k, f) in v.to_array().into_iter().enumerate() {
                d[at + 4 * k..at + 4 * k + 4].copy_from_slice(&f.to_le_bytes());
            }
        }
        d
    }

    #[test]
    fn a_box_prop_takes_the_render_bounds_or_else_the_hull_box() {
        let view = (Vec3::new(-8.0, -4.0, 0.0), Vec3::new(8.0, 4.0, 30.0));
        let hull = (Vec3::new(-16.0, -16.0, 0.0), Vec3::new(16.0, 16.0, 72.0));
        assert_eq!(studio_box(&mdl(view, hull)), Ok(view));
        assert_eq!(studio_box(&mdl((Vec3::ZERO, Vec3::ZERO), hull)), Ok(hull));
        // Either render corner off zero makes them the box.
        let half = (Vec3::ZERO, Vec3::new(8.0, 4.0, 30.0));
        assert_eq!(studio_box(&mdl(half, hull)), Ok(half));
    }

    #[test]
    fn a_bad_studio_header_is_refused_naming_the_byte() {
        let good = mdl((Vec3::ZERO, Vec3::ONE), (Vec3::ZERO, Vec3::ONE));
        let why = |d: &[u8]| studio_box(d).expect_err("refused");
        assert!(
            why(&good[..151]).contains("cut short"),
            "{}",
            why(&good[..151])
        );
        let mut d = good.clone();
        d[0] = b'X';
        assert!(why(&d).contains("byte 0"), "{}", why(&d));
        let mut d = good.clone();
        d[4] = 53;
        assert!(
            why(&d).contains("studiohdr.version at byte 4: 53"),
            "{}",
            why(&d)
        );
        let flat = mdl(
            (Vec3::ZERO, Vec3::new(1.0, 1.0, 0.0)),
            (Vec3::ZERO, Vec3::ONE),
        );
        assert!(
            why(&flat).contains("view_bbmin at byte 128"),
            "{}",
            why(&flat)
        );
        let wild = mdl((Vec3::ZERO, Vec3::splat(f32::NAN)), (Vec3::ZERO, Vec3::ONE));
        assert!(why(&wild).contains("byte 140"), "{}", why(&wild));
        let inverted = mdl((Vec3::ZERO, Vec3::ZERO), (Vec3::ONE, Vec3::ZERO));
        assert!(
            why(&inverted).contains("hull_min at byte 104"),
            "{}",
            why(&inverted)
        );
    }

    #[test]
    fn props_past_the_corners_or_the_sides_are_refused() {
        let mut room = Room::default();
        assert!(room.take_counts(MAX_PROP_POINTS, MAX_PROP_SIDES).is_ok());
        let mut full = Room::default();
        let why = full
            .take_counts(MAX_PROP_POINTS + 1, 0)
            .expect_err("too many corners");
        assert!(why.contains("corners"), "{why}");
        let why = room.take_counts(0, 1).expect_err("too many sides");
        assert!(why.contains("sides"), "{why}");
    }

    #[test]
    fn edge_bevels_are_the_same_whatever_the_winding() {
        let turn = rotation(Vec3::new(20.0, 45.0, -30.0));
        let (hull, _) = placed(&model(cube(10.0)), (turn, Vec3::ZERO), Contents::SOLID);
        let flipped = ConvexHull {
            points: hull.points.clone(),
            triangles: hull.triangles.iter().map(|&[a, b, c]| [a, c, b]).collect(),
        };
        let keys = |h: &ConvexHull| {
            let mut k: Vec<[i64; 4]> = edge_bevels(h)
                .into_iter()
                .map(|(n, d)| plane_key(n, d))
                .collect();
            k.sort_unstable();
            k
        };
        assert!(!keys(&hull).is_empty());
        assert_eq!(keys(&hull), keys(&flipped));
    }
}
