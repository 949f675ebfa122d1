//! Source static props: where each stands (the game lump's `sprp`), and the collision of those
//! whose model's `.phy` the map's pakfile or a content folder holds, as brushes.
//!
//! The engine traces a solid static prop (solid type 6) against its model's collision hulls,
//! so the games' generators keep areas off it and their analyses do not see through it. The
//! BSP holds only the prop's place and model name: the hulls come from the model's `.phy`
//! ([`crate::content`]), which a map packs when the model is its own and which otherwise
//! ships in the game's packs.

use std::collections::HashMap;

use glam::{Mat3, Vec3};

use crate::brushes::{BrushIn, Side};
use crate::bytes::{UNPACKED_FAMILY, bad_point, f32_le, u16_le, u32_at, vec3_le};
use crate::content::{Content, Files, Found};
use crate::contents::{Contents, SurfaceFlags};
use crate::error::LevelError;
use crate::lzma::game_lumps;
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

/// The world-space hulls of every solid static prop whose collision model was found (each
/// also as a brush), how many solid props had none found, and why those found could not be
/// used.
#[derive(Default)]
pub(crate) struct PropCollision {
    pub hulls: Vec<(ConvexHull, BrushIn)>,
    /// Solid props whose model's `.phy` no source holds.
    pub missing: usize,
    /// Solid props whose model's `.phy` was found but could not be used.
    pub unusable: usize,
    /// Why, a line per model (the source, the field and the byte offset).
    pub warnings: Vec<String>,
}

/// What a prop's model gave.
enum Model {
    Hulls(Vec<ModelHull>),
    Missing,
    Unusable,
}

/// A model's hull, its face planes worked out once in model space.
struct ModelHull {
    hull: ConvexHull,
    planes: Vec<(Vec3, f32)>,
}

/// [`PropCollision`] of a VBSP's static props, models looked up in its pakfile (`pakfile`:
/// lump 40's bytes, read within `budget` bytes) and `content`.
pub(crate) fn prop_collision(
    bsp: &[u8],
    pakfile: &[u8],
    content: &Content,
    budget: usize,
) -> Result<PropCollision, LevelError> {
    let (props, offsets, family) = read_props(bsp)?;
    let mut files = Files::new(pakfile, content, budget);
    let mut out = PropCollision {
        warnings: files.pak_error.take().into_iter().collect(),
        ..PropCollision::default()
    };
    let mut models: HashMap<String, Model> = HashMap::new();
    let mut points = 0usize;
    for (k, p) in props
        .iter()
        .enumerate()
        .filter(|(_, p)| p.solid == SOLID_VPHYSICS)
    {
        let key = p.model.to_ascii_lowercase();
        let model = models.entry(key.clone()).or_insert_with(|| {
            let phy = key
                .strip_suffix(".mdl")
                .map_or_else(|| format!("{key}.phy"), |s| format!("{s}.phy"));
            let why = match files.read(&phy) {
                Found::Bytes(b, source) => match model_hulls(&b) {
                    Ok(hulls) => return Model::Hulls(hulls),
                    Err(why) => format!("{source}: {why}"),
                },
                Found::Unreadable(why) => why,
                Found::Missing => return Model::Missing,
            };
            out.warnings.push(why);
            Model::Unusable
        });
        let hulls = match model {
            Model::Hulls(h) => h,
            Model::Missing => {
                out.missing += 1;
                continue;
            }
            Model::Unusable => {
                out.unusable += 1;
                continue;
            }
        };
        points += hulls.iter().map(|h| h.hull.points.len()).sum::<usize>();
        if points > MAX_PROP_POINTS {
            return Err(LevelError::malformed(
                family,
                format!("sprp.props[{k}]"),
                offsets[k],
                format!("the static props' collision hulls pass {MAX_PROP_POINTS} corners in all"),
            ));
        }
        let turn = rotation(p.angles) * p.scale;
        for h in hulls.iter() {
            out.hulls.push(placed(h, turn, p.origin));
        }
    }
    Ok(out)
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
/// triangles, and a solid brush of its faces with its box's six planes as bevels wherever no
/// face is exactly axial (box sweeps clip against them, rays do not; the brush set wants an
/// exactly axial side each way).
fn placed(h: &ModelHull, turn: Mat3, origin: Vec3) -> (ConvexHull, BrushIn) {
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
    let (lo, hi) = points
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
    for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
        for (normal, dist) in [(axis, axis.dot(hi)), (-axis, -axis.dot(lo))] {
            if !sides.iter().any(|s| s.normal == normal) {
                sides.push(Side {
                    normal,
                    dist,
                    surface: SurfaceFlags::NONE,
                    bevel: true,
                });
            }
        }
    }
    let brush = BrushIn {
        sides,
        contents: Contents::SOLID,
        entity: u32::MAX,
    };
    let hull = ConvexHull {
        points,
        triangles: h.hull.triangles.clone(),
    };
    (hull, brush)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brushes::BrushSet;

    /// A cube's hull: 8 corners, 12 triangles (two per face, either winding).
    fn cube(size: f32) -> ConvexHull {
        let points: Vec<Vec3> = (0..8)
            .map(|i| {
                Vec3::new(
                    if i & 1 == 0 { 0.0 } else { size },
                    if i & 2 == 0 { 0.0 } else { size },
                    if i & 4 == 0 { 0.0 } else { size },
                )
            })
            .collect();
        let faces = [
            [0, 1, 3, 2],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 3, 7, 6],
            [0, 2, 6, 4],
            [1, 3, 7, 5],
        ];
        let triangles = faces
            .iter()
            .flat_map(|f| [[f[0], f[1], f[2]], [f[0], f[2], f[3]]])
            .collect();
        ConvexHull { points, triangles }
    }

    fn model(hull: ConvexHull) -> ModelHull {
        let planes = hull_planes(&hull).expect("a solid hull");
        ModelHull { hull, planes }
    }

    #[test]
    fn a_cube_hull_is_a_six_sided_brush_facing_out() {
        let (_, b) = placed(&model(cube(10.0)), Mat3::IDENTITY, Vec3::ZERO);
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
        let (hull, b) = placed(&m, turn, Vec3::new(100.0, -50.0, 7.0));
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
        assert_eq!(b.sides.iter().filter(|s| s.bevel).count(), 6);
    }

    #[test]
    fn a_hull_turned_by_a_hair_keeps_an_axial_side_each_way() {
        // Turned half a degree its faces are almost, not exactly, axial: the box's planes are
        // added, or the brush set would drop the brush for want of axial sides.
        for yaw in [0.5f32, 90.2, 179.9] {
            let (_, b) = placed(
                &model(cube(10.0)),
                rotation(Vec3::new(0.0, yaw, 0.0)),
                Vec3::ZERO,
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
}
