//! `Level`: one collision world over every family, and its queries (loading is in `load`).

mod load;

use crate::brushbsp::{BrushBsp, read_ibsp, read_vbsp};
use crate::brushes::{BrushIn, BrushSet, RayLine};
use crate::cliphull::{BlockTable, HullNodes};
use crate::content::Content;
use crate::contents::{Contents, SurfaceFlags};
use crate::entities::Entity;
use crate::error::LevelError;
use crate::faces::{Polygon, fan};
use crate::features::{BrushEntity, BrushRole, brush_role};
use crate::math::{Aabb, Plane};
use crate::meshfile::{read_gltf, read_obj};
use crate::options::{DoorState, LoadOptions, MoverState, UpAxis};
use crate::props::PropCollision;
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

impl Family {
    /// The family's row in the core's level table.
    pub const fn kind(self) -> navforge_core::LevelKind {
        use navforge_core::LevelKind;
        match self {
            Family::GoldSrc => LevelKind::GoldSrc,
            Family::Quake => LevelKind::Quake,
            Family::QuakeBsp2 => LevelKind::QuakeBsp2,
            Family::Quake2 => LevelKind::Quake2,
            Family::Source => LevelKind::Source,
            Family::Obj => LevelKind::Obj,
            Family::Gltf => LevelKind::Gltf,
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())
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
    /// Convex hulls of static props that collide, their models' `.phy` found, and boxes of
    /// box props (solid type 2), their `.mdl` found (Source).
    pub prop_hulls: usize,
    /// Solid static props whose collision model was not found (Source: not packed in the map,
    /// and no content folder given holds it).
    pub props_missing: usize,
    /// Solid static props and prop entities whose collision model was found but could not be
    /// used ([`Level::prop_warnings`] says why).
    pub props_unusable: usize,
    /// Convex hulls of prop entities (physics and dynamic props, closed prop doors) that block
    /// sight, not movement, their models' `.phy` found (Source).
    pub prop_entity_hulls: usize,
    /// Solid prop entities whose collision model was not found.
    pub prop_entities_missing: usize,
}

impl Counts {
    /// What a Source map's props collide with, when it has solid ones: how many hulls the
    /// static props' collision models gave and how many the prop entities' (blocking sight
    /// only), and how many props pass through (no model found, or one found but unusable).
    pub fn props_line(&self) -> Option<String> {
        let missing = self.props_missing + self.prop_entities_missing;
        if self.prop_hulls + self.prop_entity_hulls + missing + self.props_unusable == 0 {
            return None;
        }
        let hulls = |n: usize| format!("{n} collision hull{}", if n == 1 { "" } else { "s" });
        let mut parts = Vec::new();
        if self.prop_hulls + self.props_missing > 0 {
            let mut part = format!("static props: {}", hulls(self.prop_hulls));
            if self.props_missing > 0 {
                part += &format!(", {} without their model", self.props_missing);
            }
            parts.push(part);
        }
        if self.prop_entity_hulls + self.prop_entities_missing > 0 {
            let mut part = format!(
                "prop entities, blocking sight only: {}",
                hulls(self.prop_entity_hulls)
            );
            if self.prop_entities_missing > 0 {
                part += &format!(", {} without their model", self.prop_entities_missing);
            }
            parts.push(part);
        }
        if self.props_unusable > 0 {
            parts.push(format!(
                "{} props pass through, their model unusable",
                self.props_unusable
            ));
        }
        let mut line = parts.join("; ");
        if missing > 0 {
            line += " (props without their model pass through: generate and analyze take the \
                     game's folder with --content)";
        }
        Some(line)
    }
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

/// What [`Level::box_sight_in`] proved about the sight lines from a box to a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoxSight {
    /// Every one is clear.
    Clear,
    /// No brush blocks any of them; displacements may ([`Level::sight_past_brushes`]).
    BrushesClear,
    /// Nothing proved.
    Unknown,
}

/// The displacement leaves that the sight lines from a box to a point can meet, kept by
/// [`Level::box_sight_in`] (or marked to be gathered, [`SightReach::unproved_box`]) for
/// [`Level::sight_past_brushes_in`] and [`Level::sight_in`] (reusable from one box to the
/// next; the default says nothing and makes the latter walk the whole tree). Only meaningful
/// for the level that gathered it.
#[derive(Debug, Clone, Default)]
pub struct SightReach {
    leaves: crate::bvh4::LeavesInReach,
    /// The leaves were gathered; otherwise walk the whole tree.
    gathered: bool,
    /// The box and point `leaves` and `gathered` were worked out for: asked again about the
    /// same (a look's box proof after its centre's eye's lines gathered them), they are kept.
    gathered_for: Option<(Vec3, Vec3, Vec3)>,
    /// The box and point whose leaves are gathered when a line first needs them
    /// ([`Level::sight_in`]): the box's lines meet brushes (or were not shown clear), and about
    /// half such boxes' lines never get past them.
    pending: Option<(Vec3, Vec3, Vec3)>,
    /// The brush that kept the last box from being shown clear, asked first by the next when
    /// its hull reaches that brush's box.
    unproved: Option<usize>,
}

impl SightReach {
    /// Says nothing again (the whole tree is walked), keeping the room it had for leaves.
    pub fn forget(&mut self) {
        self.gathered = false;
        self.gathered_for = None;
        self.pending = None;
    }

    /// What [`Level::box_sight_in`] keeps on a map of brushes when it proves nothing (it calls
    /// this), without asking it: the sight lines from the box `lo..hi` to `to` gather the
    /// displacement leaves they can meet when the first gets past the brushes
    /// ([`Level::sight_in`]; other levels trace them whole, as after `box_sight_in`), unless
    /// they were gathered for this same box and point already (then they are kept).
    pub fn unproved_box(&mut self, lo: Vec3, hi: Vec3, to: Vec3) {
        if self.gathered_for == Some((lo, hi, to)) {
            self.pending = None;
            return;
        }
        self.forget();
        self.pending = Some((lo, hi, to));
    }

    /// Gathers the displacement leaves the sight lines of `hull` (a box and a point) can meet,
    /// unless they were gathered for it last.
    fn gather(&mut self, displacements: &TriMesh, hull: (Vec3, Vec3, Vec3)) {
        if self.gathered_for != Some(hull) {
            self.gathered = displacements.in_reach(hull, Contents::MASK_SIGHT, &mut self.leaves);
            self.gathered_for = Some(hull);
        }
        self.pending = None;
    }
}

/// What [`Level::sight`] found between two points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    /// Nothing blocks sight.
    Clear,
    /// Blocked, by nothing named (an end is not finite, or a displacement of a tree too deep
    /// for the any-hit walk or numbered past 2^31).
    Blocked,
    /// Blocked by this brush or displacement triangle (Quake II and Source maps) or triangle
    /// (the others).
    BlockedBy(Blocker),
}

/// What blocked a sight line ([`Level::sight`], [`Level::sight_masked`]): a brush or a
/// displacement triangle on Quake II and Source maps, a triangle of the index on the others
/// (whose sight is answered from triangles), to ask [`Level::sight_blocked_by`] or
/// [`Level::sight_blocked_by_masked`] about other sight lines, under whichever mask (a blocker
/// a mask lets through proves nothing under it). Only meaningful for the level that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocker(u32);

impl Blocker {
    /// Whether this names a displacement triangle (Source maps), not a brush or another
    /// level's triangle.
    pub fn is_displacement(self) -> bool {
        self.0 >= DISPLACEMENT_BLOCKER
    }
}

/// Half a player's standing height (`HalfHumanHeight`), where both engines' ground searches
/// look for room over a floor.
const HALF_HUMAN_HEIGHT: f32 = navforge_core::movement::Movement::SOURCE.half_height;

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
    /// The byte size of the BSP file it was loaded from (`None` for OBJ/glTF).
    bsp_size: Option<u32>,
    /// Why static props' collision models that were found could not be used.
    prop_warnings: Vec<String>,
}

impl Level {
    /// The byte size of the BSP file this level was loaded from, as a Source or GoldSrc `.nav`
    /// header's `bspSize` stores it (the game compares it with the map's size to tell a stale
    /// mesh); `None` for an OBJ or glTF level, or a file past 4 GiB.
    pub fn bsp_size(&self) -> Option<u32> {
        self.bsp_size
    }
    /// What the props' data gave that could not be used (a line each: a collision model found
    /// but unusable, where it came from, and the field and byte offset at fault; a prop lump
    /// refused; a prop entity without a readable place; props past the bounds); those props
    /// pass through, and [`Counts::props_unusable`] counts the models' props.
    pub fn prop_warnings(&self) -> &[String] {
        &self.prop_warnings
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
    /// The triangle index (for the crate's tests).
    #[cfg(test)]
    pub(crate) fn triangle_index(&self) -> &TriMesh {
        &self.mesh
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

    /// Whether `hull` swept from `from` to `to` gets there: [`Level::trace`] neither starts in
    /// solid nor stops short (`fraction < 1`). Brushes and displacements are each asked only
    /// whether something stops the box (the brush set's and the triangles' `sweep_stops`), and
    /// the displacements only when no brush does: the trace keeps the brushes' hit unless a
    /// displacement's is nearer or starts in solid, so it gets there exactly when neither stops
    /// it. A point's sweep is a sight line under `mask` ([`Level::sight_masked`], whose any-hit
    /// walks answer as the nearest-hit ones).
    pub fn sweep_through(&self, from: Vec3, to: Vec3, hull: &Hull, mask: Contents) -> bool {
        match &self.collision {
            Collision::Brushes { .. } if hull.is_point() && from.is_finite() && to.is_finite() => {
                self.sight_masked(from, to, mask) == Sight::Clear
            }
            Collision::Brushes {
                set, displacements, ..
            } if from.is_finite() && to.is_finite() => {
                let (c0, d) = (from + hull.center_offset(), to - from);
                let half = hull.half();
                !set.sweep_stops(c0, d, half, mask) && !displacements.sweep_stops(c0, d, half, mask)
            }
            _ => {
                let t = self.trace(from, to, hull, mask);
                !t.start_solid && t.fraction >= 1.0
            }
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
        // The nearest hit wins. A brush entity the trace starts in marks it start-solid but
        // does not hide a nearer wall: the engine's SV_ClipToLinks would take such an
        // entity's trace whole (fraction 1 once out of the door), and a ray through a door and
        // then a wall would come out clear.
        let mut consider = |hit: crate::cliphull::HullHit, offset: Vec3, entity: Option<usize>| {
            let better = hit.fraction < best.fraction
                || (hit.fraction == best.fraction
                    && ((hit.start_solid && !best.start_solid)
                        || (hit.all_solid && !best.all_solid)));
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
            // (A hull model is solid inside: its role says what that solid holds.)
            let entity_mask = be.role.contents(Contents::SOLID);
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
                match be.role {
                    BrushRole::Ladder => hit.contents = -16,
                    BrushRole::Water => hit.contents = -3,
                    _ => {}
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
        self.ground_below_in(point, max_depth, Contents::MASK_PLAYER)
    }

    /// [`Level::ground_below`] on what `mask` holds (a generator standing on monster clips
    /// too, as Source's does).
    pub fn ground_below_in(&self, point: Vec3, max_depth: f32, mask: Contents) -> Option<Ground> {
        let to = point - Vec3::Z * max_depth.max(0.0);
        let t = self.trace(point, to, &Hull::POINT, mask);
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

    /// Bounds of the world's brushes whose contents include `contents` (Quake II and Source
    /// maps; none for clip-hull maps and soups).
    pub(crate) fn world_boxes(&self, contents: Contents) -> Vec<Aabb> {
        match &self.collision {
            Collision::Brushes { set, .. } => set.world_boxes(contents),
            _ => Vec::new(),
        }
    }

    /// Rays [`Level::ground_height`] casts (for callers that count traces).
    pub const GROUND_HEIGHT_RAYS: u64 = 10;

    /// The game's `GetGroundHeight`: the floor at `pos`, where a player would stand. Drops a ray
    /// from 1, 11, ... 91 units above `pos` ([`Level::GROUND_HEIGHT_RAYS`] of them), keeps each
    /// higher floor found, and answers the lowest one with half a player's height (35.5 units;
    /// [`Level::ground_height_with_room`] takes another) of room above it before the next.
    /// `None` when no ray finds a floor.
    ///
    /// This is the GoldSrc CS bot's layered search (`nav_area.cpp`); Source's
    /// `CNavMesh::GetGroundHeight` is [`Level::source_ground_height`]. The two differ under
    /// stairs and overhangs: this one looks at every floor up to 91 units over `pos` and takes
    /// the lowest with room above it, so a stair step a few units over `pos` can send it down
    /// to a floor far below (CS:S `cs_office`: 64 units under the area); Source's takes the
    /// first floor at least half a player's height under its ray's start.
    pub fn ground_height(&self, pos: Vec3) -> Option<f32> {
        self.ground_height_with_room(pos, HALF_HUMAN_HEIGHT)
    }

    /// [`Level::ground_height`] with `room` the height a floor needs free above it (the CS 1.6
    /// bot's `HalfHumanHeight` is 36, Source's 35.5).
    pub fn ground_height_with_room(&self, pos: Vec3, room: f32) -> Option<f32> {
        let mut layers: Vec<f32> = Vec::new();
        let mut offset = 1.0f32;
        while offset < 100.0 {
            let from = pos + Vec3::new(0.0, 0.0, offset);
            if let Some(g) = self.ground_below(from, 10_000.0)
                && layers.last().is_none_or(|&l| g.point.z > l)
            {
                layers.push(g.point.z);
            }
            offset += 10.0;
        }
        let mut i = 0;
        while i + 1 < layers.len() && layers[i + 1] - layers[i] < room {
            i += 1;
        }
        layers.get(i).copied()
    }

    /// Source's `CNavMesh::GetGroundHeight` (Source SDK 2013 and CS:GO `nav_mesh.cpp`): a ray
    /// (stopped by [`Contents::MASK_SOLID`]) down from half a player's height over `pos`; a floor
    /// at least that far below the ray's start (so at or under `pos`) is the answer, and a
    /// nearer one (a step, or a ceiling over `pos`) starts the next ray half a player's height
    /// above it, until the start is 100 units over `pos` (`None` then). A first ray that meets
    /// nothing answers its end, 10,000 units under `pos`, as the game's does.
    /// Also gives the rays cast (for callers that count traces). The GoldSrc bot's search,
    /// which can answer a lower floor, is [`Level::ground_height`].
    pub fn source_ground_height(&self, pos: Vec3) -> (Option<f32>, u64) {
        const ABOVE: f32 = HALF_HUMAN_HEIGHT + 1e-3;
        let mut rays = 0;
        let mut from = pos.z + ABOVE;
        let mut to = pos.z - 10_000.0;
        while to - pos.z < 100.0 {
            rays += 1;
            let t = self.trace_ray(Vec3::new(pos.x, pos.y, from), Vec3::new(pos.x, pos.y, to));
            if !t.start_solid && (t.fraction >= 1.0 || from - t.end.z >= HALF_HUMAN_HEIGHT) {
                return (Some(t.end.z), rays);
            }
            to = if t.start_solid { from } else { t.end.z };
            from = to + ABOVE;
        }
        (None, rays)
    }

    /// True when nothing that blocks sight ([`Contents::MASK_SIGHT`]) lies between `a` and `b`.
    ///
    /// Quake-family maps and soups answer from the triangle index with an any-hit walk (the
    /// render faces: on the corpus they agree with hull 0 on sight, and the walk is faster than
    /// the recursive hull check on long rays); Quake II and Source maps from their brushes,
    /// where windows and grates are told apart from walls.
    pub fn line_of_sight(&self, a: Vec3, b: Vec3) -> bool {
        self.sight(a, b) == Sight::Clear
    }

    /// [`Level::line_of_sight`], telling which brush or displacement triangle (Quake II and
    /// Source maps) or triangle (the others) blocked the sight line, for
    /// [`Level::sight_blocked_by`].
    pub fn sight(&self, a: Vec3, b: Vec3) -> Sight {
        self.sight_masked(a, b, Contents::MASK_SIGHT)
    }

    /// [`Level::sight`] with what blocks the line given: `mask` instead of
    /// [`Contents::MASK_SIGHT`] (a game that traces a sight line with a player's or an NPC's
    /// mask, where windows, grates and clips block it too). Levels answered from triangles
    /// (GoldSrc, Quake, OBJ) hold their render faces only, so a clip in the mask adds nothing
    /// there.
    pub fn sight_masked(&self, a: Vec3, b: Vec3, mask: Contents) -> Sight {
        if !(a.is_finite() && b.is_finite()) {
            return Sight::Blocked;
        }
        match &self.collision {
            // Slots fit in u32: the hierarchy numbers them so.
            Collision::Soup | Collision::Hulls(_) => match self.mesh.ray_any_slot(a, b - a, mask) {
                Some(slot) => Sight::BlockedBy(Blocker(slot as u32)),
                None => Sight::Clear,
            },
            Collision::Brushes {
                set, displacements, ..
            } => sight_through_brushes(set, a, b, mask, || {
                displacement_sight(displacements.ray_hit_before_end(a, b - a, mask))
            }),
        }
    }

    /// True only when [`Level::line_of_sight`]`(a, b)` is false, shown by the one brush or
    /// triangle `blocker` (one that blocked another sight line): the full line-of-sight walk
    /// would reach it and its test would answer a hit, computed on the walk's own floats (on
    /// levels of triangles, the test of the blocker's whole leaf, as the walk asks it).
    /// Much cheaper than the walk; `false` says nothing. Sight lines to one point from many
    /// nearby points, or from one point to many nearby points, are mostly blocked by the same
    /// wall: ask this with the last blocker first. (The proofs are on the brush set's
    /// `line_blocked_by`, the displacements' `ray_blocked_before_end_by` and the triangle
    /// index's `ray_any_blocked_by`.)
    pub fn sight_blocked_by(&self, blocker: Blocker, a: Vec3, b: Vec3) -> bool {
        self.sight_blocked_by_masked(blocker, a, b, Contents::MASK_SIGHT)
    }

    /// [`Level::sight_blocked_by`] for [`Level::sight_masked`]`(a, b, mask)`.
    pub fn sight_blocked_by_masked(
        &self,
        blocker: Blocker,
        a: Vec3,
        b: Vec3,
        mask: Contents,
    ) -> bool {
        self.first_sight_blocker(std::iter::once(blocker), a, b, mask)
            .is_some()
    }

    /// Where in `blockers` the first one is that [`Level::sight_blocked_by_masked`] answers
    /// for (`a`, `b`, `mask`): the same answers, asked in order, with what they share about
    /// the line worked out once (remembered walls are asked line after line).
    pub fn first_sight_blocker(
        &self,
        blockers: impl IntoIterator<Item = Blocker>,
        a: Vec3,
        b: Vec3,
        mask: Contents,
    ) -> Option<usize> {
        if !(a.is_finite() && b.is_finite()) {
            return None;
        }
        let d = b - a;
        let mut blockers = blockers.into_iter();
        match &self.collision {
            Collision::Brushes {
                set, displacements, ..
            } => {
                let ray = RayLine::new(a, d);
                blockers.position(|k| match k.0.checked_sub(DISPLACEMENT_BLOCKER) {
                    Some(tri) => displacements.ray_blocked_before_end_by(tri as usize, a, d, mask),
                    None => set.line_blocked_by(k.0, &ray, mask),
                })
            }
            Collision::Soup | Collision::Hulls(_) => {
                blockers.position(|k| self.mesh.ray_any_blocked_by(k.0 as usize, a, d, mask))
            }
        }
    }

    /// True only when [`Level::line_of_sight`]`(p, q)` and `(q, p)` are false for every point
    /// `p` of the box `lo..hi` and every point `q` of the convex hull of `to`, shown by
    /// `blocker` (one that blocked another sight line between them) alone: a brush every such
    /// line passes well inside (the brush set's `blocks_box_to_hull`), or a triangle (of a
    /// level of triangles, or a displacement's) every such line crosses well inside, whose leaf
    /// the walk reaches (the triangle index's `blocks_box_to_hull`; at most eight points in
    /// `to`, ends up to 1/32 unit off). `false` says nothing. One test answers for a whole
    /// grid of eyes looking at a few points of an area behind a wall. For a brush, answers
    /// combine: shown for each of several `to` alone (one box), it holds for their hull, as
    /// the corners vouch for the segments between them (the brush set's
    /// `blocks_box_to_hull`).
    pub fn sight_blocked_between(&self, blocker: Blocker, lo: Vec3, hi: Vec3, to: &[Vec3]) -> bool {
        self.sight_blocked_between_masked(blocker, lo, hi, to, Contents::MASK_SIGHT)
    }

    /// Whether [`Level::sight_blocked_between`] vouches with `blocker` often enough to ask it
    /// for many eyes at once: a brush of a level that has them. Triangles vouch too, but one
    /// of a wall's two seldom covers all the lines of a box of eyes, and asking them made the
    /// visibility and encounter stages slower (Garry's Mod cs_office, the triangle town);
    /// the sniper stage, whose lines start at one eye, asks the triangles of levels of
    /// triangles (not a Source map's displacements). Lets a caller skip the work of making a
    /// box to ask.
    pub fn blocks_boxes(&self, blocker: Blocker) -> bool {
        matches!(self.collision, Collision::Brushes { .. }) && !blocker.is_displacement()
    }

    /// [`Level::sight_blocked_between`] for [`Level::sight_masked`] under `mask`.
    pub fn sight_blocked_between_masked(
        &self,
        blocker: Blocker,
        lo: Vec3,
        hi: Vec3,
        to: &[Vec3],
        mask: Contents,
    ) -> bool {
        match &self.collision {
            Collision::Brushes {
                set, displacements, ..
            } => match blocker.0.checked_sub(DISPLACEMENT_BLOCKER) {
                Some(tri) => displacements.blocks_box_to_hull(tri as usize, (lo, hi), to, mask),
                None => set.blocks_box_to_hull(blocker.0, (lo, hi), to, mask),
            },
            Collision::Soup | Collision::Hulls(_) => {
                (self.mesh).blocks_box_to_hull(blocker.0 as usize, (lo, hi), to, mask)
            }
        }
    }

    /// What can be proved, with one box test, of the sight lines from every point `p` of the
    /// box `lo..hi` to `to` (Quake II and Source maps): [`BoxSight::Clear`] when every
    /// sight-blocking brush within reach leaves every point of the hull of the box and `to` at
    /// least a unit in front of one of its sides (not bevels), shown by one side or a mix of
    /// two, and no sight-blocking displacement triangle is within reach (then
    /// [`Level::line_of_sight`]`(p, to)` is true); [`BoxSight::BrushesClear`] when only the
    /// brushes are (then it is [`Level::sight_past_brushes`]`(p, to)`). The proofs are on the
    /// brush set's `clear_from_box` and the wide BVH's `leaves_in_reach`. One test vouches for
    /// a whole grid of eyes looking at one point.
    ///
    /// It keeps in `reach` the displacement leaves the sight lines from the box to `to` can
    /// meet, so that each eye `p` of the box asks [`Level::sight_past_brushes_in`] on
    /// [`BoxSight::BrushesClear`], or [`Level::sight_in`] on [`BoxSight::Unknown`], which walk
    /// `reach`'s leaves alone rather than the whole tree (on [`BoxSight::Unknown`] they are
    /// gathered by the first line that gets past the brushes; leaves gathered for this same box
    /// and point already are kept). `reach` is reused from call to call (it also keeps the
    /// brush that held the last box up, asked first by the next).
    pub fn box_sight_in(&self, lo: Vec3, hi: Vec3, to: Vec3, reach: &mut SightReach) -> BoxSight {
        let Collision::Brushes {
            set, displacements, ..
        } = &self.collision
        else {
            reach.forget();
            return BoxSight::Unknown;
        };
        if !set.clear_from_box((lo, hi), to, Contents::MASK_SIGHT, &mut reach.unproved) {
            reach.unproved_box(lo, hi, to);
            return BoxSight::Unknown;
        }
        reach.gather(displacements, (lo, hi, to));
        if reach.gathered && reach.leaves.is_empty() {
            BoxSight::Clear
        } else {
            BoxSight::BrushesClear
        }
    }

    /// [`Level::sight`]`(a, b)` for `a` in the box and `b` the point that
    /// [`Level::box_sight_in`] (or [`SightReach::unproved_box`]) was last asked about with
    /// `reach`: the same answer, with only the displacement leaves in `reach` walked after the
    /// brushes (gathered when the first line gets past them, if they were not gathered yet).
    pub fn sight_in(&self, reach: &mut SightReach, a: Vec3, b: Vec3) -> Sight {
        match &self.collision {
            Collision::Brushes {
                set, displacements, ..
            } if (reach.gathered || reach.pending.is_some()) && a.is_finite() && b.is_finite() => {
                sight_through_brushes(set, a, b, Contents::MASK_SIGHT, || {
                    if let Some(hull) = reach.pending {
                        reach.gather(displacements, hull);
                    }
                    let d = b - a;
                    if !reach.gathered {
                        // The tree cannot be cut to the box: the whole of it, as `sight` walks it.
                        let hit = displacements.ray_hit_before_end(a, d, Contents::MASK_SIGHT);
                        return displacement_sight(hit);
                    }
                    let hit = displacements.hit_before_end_in(
                        &mut reach.leaves,
                        a,
                        d,
                        Contents::MASK_SIGHT,
                    );
                    displacement_sight(hit.map(Some))
                })
            }
            _ => self.sight(a, b),
        }
    }

    /// [`Level::line_of_sight`]`(a, b)` when no brush can block it (after
    /// [`Level::box_sight_in`] answered [`BoxSight::BrushesClear`] for a box holding `a`): the
    /// displacements alone are asked, as [`Level::sight`] asks them after the brushes.
    pub fn sight_past_brushes(&self, a: Vec3, b: Vec3) -> bool {
        match &self.collision {
            Collision::Brushes { displacements, .. } => {
                a.is_finite()
                    && b.is_finite()
                    && !displacements.ray_hits_before_end(a, b - a, Contents::MASK_SIGHT)
            }
            _ => self.line_of_sight(a, b),
        }
    }

    /// [`Level::sight_past_brushes`]`(a, b)` for `a` in the box and `b` the point that
    /// [`Level::box_sight_in`] was last asked about with `reach`: the same
    /// answer, with only the displacement leaves in `reach` walked (each with the full walk's
    /// own box test, so exactly the triangles it would try are tried).
    pub fn sight_past_brushes_in(&self, reach: &mut SightReach, a: Vec3, b: Vec3) -> bool {
        match &self.collision {
            Collision::Brushes { displacements, .. } if reach.gathered => {
                a.is_finite()
                    && b.is_finite()
                    && !displacements.hits_before_end_in(
                        &mut reach.leaves,
                        a,
                        b - a,
                        Contents::MASK_SIGHT,
                    )
            }
            _ => self.sight_past_brushes(a, b),
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

/// [`Level::sight`] on a map of brushes: what `trace` with a point answers (clear: no brush
/// hit, and `past_brushes` then finds no displacement before the end), with the brushes asked
/// for any hit rather than the nearest and the one found named. `a` and `b` are finite.
fn sight_through_brushes(
    set: &BrushSet,
    a: Vec3,
    b: Vec3,
    mask: Contents,
    past_brushes: impl FnOnce() -> Sight,
) -> Sight {
    match set.ray_blocker(a, b - a, mask) {
        Some(slot) => Sight::BlockedBy(Blocker(slot)),
        None => past_brushes(),
    }
}

/// A [`Blocker`] at or above this is displacement triangle `blocker - DISPLACEMENT_BLOCKER`
/// (a map's brushes and displacement triangles are far fewer than 2^31 each).
const DISPLACEMENT_BLOCKER: u32 = 1 << 31;

/// What the displacements' any-hit walk found past the brushes (`hit`: `None` nothing,
/// `Some(Some(slot))` triangle `slot`, `Some(None)` a triangle it does not name), as a
/// [`Sight`] whose named triangle [`Level::sight_blocked_by`] replays.
fn displacement_sight(hit: Option<Option<usize>>) -> Sight {
    match hit {
        None => Sight::Clear,
        Some(Some(slot)) => match u32::try_from(slot) {
            Ok(tri) if tri < DISPLACEMENT_BLOCKER => {
                Sight::BlockedBy(Blocker(DISPLACEMENT_BLOCKER + tri))
            }
            _ => Sight::Blocked,
        },
        Some(None) => Sight::Blocked,
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
