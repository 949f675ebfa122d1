//! Source static props: where each stands (the game lump's `sprp`), and the collision of those
//! whose model's `.phy` the map's pakfile or a content folder holds, as brushes.
//!
//! The engine traces a solid static prop against its model's collision hulls, so the games'
//! generators keep areas off it and their analyses do not see through it. The BSP holds only
//! the prop's place and model name: the hulls come from the model's `.phy`, which a map packs
//! when the model is its own, and which otherwise ships in the game's files (`--content`).

use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use glam::{Mat3, Vec3};

use crate::brushes::{BrushIn, Side};
use crate::bytes::u32_at;
use crate::contents::{Contents, SurfaceFlags};
use crate::error::LevelError;
use crate::lzma::game_lumps;
use crate::phy::{ConvexHull, phy_file_solids};

fn f32_at(d: &[u8], p: usize) -> Option<f32> {
    u32_at(d, p).map(f32::from_bits)
}

fn u16_at(d: &[u8], p: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*d.get(p)?, *d.get(p + 1)?]))
}

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

/// The static props of a Source VBSP (none when it has no `sprp` game lump).
pub fn static_props(bsp: &[u8]) -> Result<Vec<StaticProp>, LevelError> {
    let Some(lump) = game_lumps(bsp)?.into_iter().find(|g| &g.id == b"sprp") else {
        return Ok(Vec::new());
    };
    let d = &lump.data;
    let base = lump.offset;
    let bad = |field: &str, at: usize, reason: String| {
        LevelError::malformed("VBSP", format!("sprp.{field}"), base + at as u64, reason)
    };
    let count_at = |at: usize, field: &str, item: usize| -> Result<usize, LevelError> {
        let n = u32_at(d, at).ok_or_else(|| bad(field, at, "cut short".into()))? as usize;
        if n > d.len().saturating_sub(at + 4) / item {
            return Err(bad(
                field,
                at,
                format!(
                    "{n} entries of {item} bytes, but {} bytes follow",
                    d.len() - at - 4
                ),
            ));
        }
        Ok(n)
    };
    let names = count_at(0, "dictEntries", 128)?;
    let model_names: Vec<String> = (0..names)
        .map(|k| {
            let raw = &d[4 + 128 * k..4 + 128 * (k + 1)];
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
    let mut props = Vec::with_capacity(count);
    for k in 0..count {
        let at = first + k * size;
        let v = |o: usize| {
            Vec3::new(
                f32_at(d, at + o).unwrap_or(0.0),
                f32_at(d, at + o + 4).unwrap_or(0.0),
                f32_at(d, at + o + 8).unwrap_or(0.0),
            )
        };
        let index = u16_at(d, at + 24).unwrap_or(0) as usize;
        let Some(model) = model_names.get(index) else {
            return Err(bad(
                &format!("props[{k}].propType"),
                at + 24,
                format!("model {index} of a dictionary of {names}"),
            ));
        };
        // Version 11 (CS:GO) ends each record with a uniform scale.
        let scale = if lump.version >= 11 && size >= 80 {
            f32_at(d, at + 76)
                .filter(|s| s.is_finite() && *s > 0.0)
                .unwrap_or(1.0)
        } else {
            1.0
        };
        props.push(StaticProp {
            origin: v(0),
            angles: v(12),
            model: model.clone(),
            solid: d[at + 30],
            scale,
        });
    }
    Ok(props)
}

/// Where collision models are looked up: the map's own pakfile, then content folders, by the
/// model's path with `.phy` for `.mdl`, without regard to case.
#[derive(Debug, Clone, Default)]
pub struct Content {
    /// A game's folder (such as `cstrike` or `tf`: its loose files, then its `*_dir.vpk`
    /// packs), a folder the game's files were extracted to, or one `*_dir.vpk`; searched in
    /// order after the pakfile.
    pub folders: Vec<PathBuf>,
}

/// The most a content folder's files may add up to for one map (its models' `.phy`s are a few
/// megabytes at most), and the most one file may hold.
const CONTENT_BUDGET: usize = 256 << 20;
const CONTENT_FILE: usize = 16 << 20;

/// The first four bytes of a Valve pack.
const VPK_SIGNATURE: u32 = 0x55aa_1234;

/// A Valve pack (`*_dir.vpk` and its numbered archives), its entries by lowercased path.
struct Pack {
    vpk: vpk::VPK,
    names: HashMap<String, String>,
}

impl Pack {
    /// The pack at `path`, or none when it cannot be read (a pack the crate rejects, or one
    /// that makes it panic, is passed over like a folder without the file).
    fn open(path: &Path) -> Option<Pack> {
        // The crate allocates the directory tree at the size the header states: check that
        // against the file first.
        let mut head = [0u8; 12];
        std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
        let tree = u32_at(&head, 8)? as u64;
        if u32_at(&head, 0)? != VPK_SIGNATURE || tree > std::fs::metadata(path).ok()?.len() {
            return None;
        }
        let vpk = std::panic::catch_unwind(|| vpk::VPK::read(path))
            .ok()?
            .ok()?;
        let names = vpk
            .tree
            .keys()
            .map(|k| (k.to_ascii_lowercase(), k.clone()))
            .collect();
        Some(Pack { vpk, names })
    }

    /// The entry's bytes when it holds at most `limit`.
    fn read(&self, key: &str, limit: usize) -> Option<Vec<u8>> {
        let entry = self.vpk.tree.get(self.names.get(key)?)?;
        let size = entry.preload_data.len() + entry.dir_entry.file_length as usize;
        if size > limit {
            return None;
        }
        let mut out = Vec::with_capacity(size);
        entry
            .reader()
            .ok()?
            .take(size as u64)
            .read_to_end(&mut out)
            .ok()?;
        Some(out)
    }
}

/// A content folder: its loose files, and its packs, opened on first use.
struct Folder {
    path: PathBuf,
    packs: Option<Vec<Pack>>,
}

impl Folder {
    fn packs(&mut self) -> &[Pack] {
        let path = &self.path;
        self.packs.get_or_insert_with(|| {
            let is_pack = |p: &Path| {
                p.file_name().is_some_and(|n| {
                    n.to_string_lossy()
                        .to_ascii_lowercase()
                        .ends_with("_dir.vpk")
                })
            };
            let mut paths: Vec<PathBuf> = if path.is_file() {
                vec![path.clone()]
            } else {
                std::fs::read_dir(path)
                    .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
                    .unwrap_or_default()
            };
            paths.retain(|p| is_pack(p));
            paths.sort();
            paths.iter().filter_map(|p| Pack::open(p)).collect()
        })
    }
}

/// Files by lowercased path: the pakfile's, then the content folders'.
struct Files<'a> {
    pak: Option<zip::ZipArchive<Cursor<&'a [u8]>>>,
    pak_names: HashMap<String, usize>,
    folders: Vec<Folder>,
    /// What is left of the map's unpack budget (the pakfile) and of [`CONTENT_BUDGET`].
    budget: usize,
    content_budget: usize,
}

impl<'a> Files<'a> {
    fn new(pakfile: &'a [u8], folders: &[PathBuf], budget: usize) -> Files<'a> {
        let pak = zip::ZipArchive::new(Cursor::new(pakfile)).ok();
        let pak_names = pak
            .as_ref()
            .map(|z| {
                (0..z.len())
                    .filter_map(|i| Some((z.name_for_index(i)?.ok()?.to_ascii_lowercase(), i)))
                    .collect()
            })
            .unwrap_or_default();
        Files {
            pak,
            pak_names,
            folders: folders
                .iter()
                .map(|f| Folder {
                    path: f.clone(),
                    packs: None,
                })
                .collect(),
            budget,
            content_budget: CONTENT_BUDGET,
        }
    }

    /// The file's bytes, within what is left of the budgets (a packed entry's stated size is
    /// checked before it is unpacked, and the read stops at it).
    fn read(&mut self, path: &str) -> Option<Vec<u8>> {
        let key = path.replace('\\', "/").to_ascii_lowercase();
        if let (Some(z), Some(&i)) = (self.pak.as_mut(), self.pak_names.get(&key)) {
            let mut f = z.by_index(i).ok()?;
            let size = usize::try_from(f.size()).ok()?;
            if size > self.budget {
                return None;
            }
            let mut out = Vec::with_capacity(size);
            (&mut f).take(size as u64).read_to_end(&mut out).ok()?;
            self.budget -= out.len();
            return Some(out);
        }
        let limit = self.content_budget.min(CONTENT_FILE);
        for folder in &mut self.folders {
            let found = match find_ignoring_case(&folder.path, &key) {
                Some(file) => {
                    let len = std::fs::metadata(&file).ok()?.len();
                    if usize::try_from(len).ok()? > limit {
                        return None;
                    }
                    std::fs::read(&file).ok()
                }
                None => folder.packs().iter().find_map(|p| p.read(&key, limit)),
            };
            if let Some(out) = found {
                self.content_budget = self.content_budget.saturating_sub(out.len());
                return Some(out);
            }
        }
        None
    }
}

/// `rel` (lowercase, `/`-separated) below `dir`, matching each name without regard to case.
fn find_ignoring_case(dir: &Path, rel: &str) -> Option<PathBuf> {
    let exact = dir.join(rel);
    if exact.is_file() {
        return Some(exact);
    }
    let mut at = dir.to_path_buf();
    for part in rel.split('/').filter(|p| !p.is_empty()) {
        let next = std::fs::read_dir(&at)
            .ok()?
            .filter_map(Result::ok)
            .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(part))?;
        at = next.path();
    }
    at.is_file().then_some(at)
}

/// The world-space hulls of every solid static prop whose collision model is found, as
/// brushes, and how many props were solid but had none found.
pub(crate) struct PropCollision {
    pub brushes: Vec<BrushIn>,
    pub hulls: Vec<Vec<Vec3>>,
    pub missing: usize,
}

/// [`PropCollision`] of a VBSP's static props, models looked up in its pakfile (`pakfile`:
/// lump 40's bytes) and `content`, all reads within `budget` bytes.
pub(crate) fn prop_collision(
    bsp: &[u8],
    pakfile: &[u8],
    content: &Content,
    budget: usize,
) -> Result<PropCollision, LevelError> {
    let props = static_props(bsp)?;
    let mut files = Files::new(pakfile, &content.folders, budget);
    let mut models: HashMap<String, Option<Vec<ConvexHull>>> = HashMap::new();
    let mut out = PropCollision {
        brushes: Vec::new(),
        hulls: Vec::new(),
        missing: 0,
    };
    for p in props.iter().filter(|p| p.solid == 6) {
        let key = p.model.to_ascii_lowercase();
        let hulls = models.entry(key.clone()).or_insert_with(|| {
            let phy = key
                .strip_suffix(".mdl")
                .map_or_else(|| format!("{key}.phy"), |s| format!("{s}.phy"));
            // A static prop collides with its model's first solid, in the model's own space
            // (a jointed model's further solids are its bones', which props do not have).
            let solids = files.read(&phy).and_then(|b| phy_file_solids(&b).ok())?;
            solids.into_iter().next().flatten()
        });
        let Some(hulls) = hulls else {
            out.missing += 1;
            continue;
        };
        let turn = rotation(p.angles) * p.scale;
        for h in hulls.iter() {
            let world: Vec<Vec3> = h.points.iter().map(|&q| turn * q + p.origin).collect();
            if let Some(brush) = hull_brush(&world, &h.triangles) {
                out.brushes.push(brush);
                out.hulls.push(world);
            }
        }
    }
    Ok(out)
}

/// The engine's turn for pitch, yaw and roll in degrees: roll about x, then pitch about y,
/// then yaw about z (a model's forward axis, x, goes to the angles' forward vector).
pub fn rotation(angles: Vec3) -> Mat3 {
    let [pitch, yaw, roll] = angles.to_array().map(f32::to_radians);
    Mat3::from_rotation_z(yaw) * Mat3::from_rotation_y(pitch) * Mat3::from_rotation_x(roll)
}

/// A convex hull as a solid brush: a side per distinct triangle plane, facing out, and the
/// six planes of its box as bevels (box sweeps clip against them, rays do not). None when the
/// hull has no volume to speak of.
fn hull_brush(points: &[Vec3], triangles: &[[u32; 3]]) -> Option<BrushIn> {
    if points.len() < 4 || points.iter().any(|p| !p.is_finite()) {
        return None;
    }
    let centre = points.iter().copied().sum::<Vec3>() / points.len() as f32;
    let mut sides: Vec<Side> = Vec::new();
    for t in triangles {
        let [a, b, c] = t.map(|i| points.get(i as usize).copied());
        let (Some(a), Some(b), Some(c)) = (a, b, c) else {
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
        // Every point behind the plane, or it is no face of a convex hull (a bad file).
        if points.iter().any(|p| normal.dot(*p) - dist > 0.5) {
            continue;
        }
        let same = sides
            .iter()
            .any(|s| s.normal.dot(normal) > 0.9999 && (s.dist - dist).abs() < 0.01);
        if !same {
            sides.push(Side {
                normal,
                dist,
                surface: SurfaceFlags::NONE,
                bevel: false,
            });
        }
    }
    // A closed solid needs at least four faces; its centre must be inside each by a margin.
    if sides.len() < 4 || sides.iter().any(|s| s.normal.dot(centre) - s.dist > -0.01) {
        return None;
    }
    let (lo, hi) = points
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
    for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
        for (normal, dist) in [(axis, axis.dot(hi)), (-axis, -axis.dot(lo))] {
            if !sides.iter().any(|s| s.normal.dot(normal) > 0.9999) {
                sides.push(Side {
                    normal,
                    dist,
                    surface: SurfaceFlags::NONE,
                    bevel: true,
                });
            }
        }
    }
    Some(BrushIn {
        sides,
        contents: Contents::SOLID,
        entity: u32::MAX,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit cube's hull: 8 corners, 12 triangles (two per face, either winding).
    fn cube(size: f32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
        let p: Vec<Vec3> = (0..8)
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
        let t = faces
            .iter()
            .flat_map(|f| [[f[0], f[1], f[2]], [f[0], f[2], f[3]]])
            .collect();
        (p, t)
    }

    #[test]
    fn a_cube_hull_is_a_six_sided_brush_facing_out() {
        let (p, t) = cube(10.0);
        let b = hull_brush(&p, &t).expect("a brush");
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
    fn a_turned_hull_gets_its_box_as_bevels() {
        let (p, t) = cube(10.0);
        let turn = rotation(Vec3::new(0.0, 45.0, 0.0));
        let q: Vec<Vec3> = p.iter().map(|&x| turn * x).collect();
        let b = hull_brush(&q, &t).expect("a brush");
        assert_eq!(b.sides.iter().filter(|s| !s.bevel).count(), 6);
        assert_eq!(
            b.sides.iter().filter(|s| s.bevel).count(),
            4,
            "x and y box planes"
        );
    }

    #[test]
    fn flat_or_broken_hulls_are_no_brush() {
        let (p, t) = cube(10.0);
        let flat: Vec<Vec3> = p.iter().map(|v| Vec3::new(v.x, v.y, 0.0)).collect();
        assert!(hull_brush(&flat, &t).is_none());
        assert!(hull_brush(&p[..3], &t).is_none());
        let bad: Vec<[u32; 3]> = t.iter().map(|x| [x[0], x[1], 99]).collect();
        assert!(hull_brush(&p, &bad).is_none());
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
