//! The common navigation model: one shape for every format's areas, graph and annotations.
//!
//! ```text
//!                      ┌──────────────────────── NavMesh ─────────────────────────┐
//!  Source .nav ───────►│ areas (quads, 4 corner heights) ── connections (N/E/S/W) │
//!                      │ places · ladders · hiding spots · encounter paths        │
//!  Bethesda NVNM ─────►│ areas (triangles, group = navmesh, place = cell)         │
//!                      │   ── connections (walk, door, external)                  │
//!  MGSV .nav2 ────────►│ areas (faces, group = segment) ── connections            │
//!                      │ nodes + links (NavWorld graph, weights as cost;          │
//!                      │   SegmentGraph)                                          │
//!  Quake NAV2/NAV3 ───►│ nodes (flags, radius) + links (kind, type, team mask)    │
//!                      └──────────────────────────────────────────────────────────┘
//! ```
//!
//! - **Areas** are polygons in world space, in the format's own axes (Z up, except the Fox
//!   Engine's Y up: [`NavMesh::to_z_up`] turns those for views from above). IDs are the file's
//!   own where it has them, otherwise made unique per file (Bethesda: `navmesh << 32 | triangle`).
//! - **Connections** are directed, from one area ID to another, with a [`ConnectionKind`] and, for
//!   Source, the side they leave from. A two-way connection is two directed ones. `External` and
//!   `Door` connections lead out of the mesh; their targets are not areas of it.
//! - **Nodes** and **links** hold waypoint graphs (Quake bots, MGSV NavWorld).
//! - **Groups** name tiles, segments or navmesh records, for exports that make one object each.
//! - Places, ladders, hiding spots and encounter paths carry the Source annotations.
//!
//! What each conversion to the model leaves behind (the lossless document keeps all of it):
//!
//! | format | not in the model |
//! |---|---|
//! | Source `.nav` | approach areas, visibility lists, light intensities, earliest-occupy times, encounter-spot positions, ladder direction, game data (CS, TF2, L4D), analysis flag, BSP size |
//! | Quake `NAV2`/`NAV3` | traversal points and edicts (see the crate's typed graph), the heuristic |
//! | MGSV `.nav2` | edge indices, tile codes, Section2, NavSystem grid, the unexplained fields |
//! | Bethesda `NVNM` | the search grid, CRC, Fallout 4 cover mappings and waypoints, form versions |
//!
//! The way back (model to file) exists for Source, Quake and Bethesda, and for MGSV from
//! triangle geometry; each fills what the model lacks with plain defaults.

use serde::{Deserialize, Serialize};

pub type AreaId = u64;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NavMesh {
    /// Format it came from (`source-nav`, ...).
    pub format: String,
    pub areas: Vec<Area>,
    pub connections: Vec<Connection>,
    /// Place names; an area's `place` is an index into this list.
    pub places: Vec<String>,
    pub ladders: Vec<Ladder>,
    pub hiding_spots: Vec<HidingSpot>,
    pub encounter_paths: Vec<EncounterPath>,
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    /// Names of the groups that areas and nodes belong to (tiles, segments, navmesh records), for
    /// exports that make one object per group. Groups without an entry are named by number.
    pub groups: Vec<Group>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Group {
    pub id: u32,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Area {
    pub id: AreaId,
    /// Corners in order around the area. Source quads: north-west, north-east, south-east, south-west.
    pub polygon: Vec<[f32; 3]>,
    /// Names of the attribute flags set (`crouch`, `jump`, `cover`, ...).
    pub attributes: Vec<String>,
    /// The format's raw attribute bits, for round trips through the model.
    pub raw_attributes: u64,
    pub place: Option<u32>,
    /// The tile, cell, segment or group the area belongs to (0 where the format has none).
    pub group: u32,
}

/// Sides of an area, for Source-style connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
}

/// How a connection or link is traversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConnectionKind {
    Walk,
    Jump,
    Drop,
    Ladder,
    Teleport,
    Door,
    Elevator,
    /// Leaves this mesh (Bethesda external links, MGSV cross-tile edges).
    External,
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Connection {
    pub from: AreaId,
    pub to: AreaId,
    pub kind: ConnectionKind,
    /// The side of `from` it leaves through, where the format says.
    pub direction: Option<Direction>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub id: u64,
    pub top: [f32; 3],
    pub bottom: [f32; 3],
    pub width: f32,
    /// Areas reached from the ladder's top (forward, left, right, behind) and bottom; 0 for none.
    pub top_areas: Vec<AreaId>,
    pub bottom_area: AreaId,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HidingSpot {
    pub id: u64,
    pub area: AreaId,
    pub position: [f32; 3],
    /// Kinds set: `cover`, `good_sniper`, `ideal_sniper`, `exposed`.
    pub kinds: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EncounterPath {
    pub area: AreaId,
    pub from: AreaId,
    pub to: AreaId,
    pub spots: usize,
}

/// A waypoint of a graph-based format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub id: u64,
    pub position: [f32; 3],
    /// Names of the flags set.
    pub flags: Vec<String>,
    pub radius: Option<f32>,
    pub group: u32,
}

/// A directed edge between two nodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Link {
    pub from: u64,
    pub to: u64,
    pub kind: ConnectionKind,
    /// The format's own name for the kind, where it is finer than [`ConnectionKind`].
    pub detail: Option<String>,
    pub cost: Option<f32>,
}

impl NavMesh {
    /// Every area corner, node and ladder end.
    pub fn points(&self) -> impl Iterator<Item = [f32; 3]> + '_ {
        self.areas
            .iter()
            .flat_map(|a| a.polygon.iter().copied())
            .chain(self.nodes.iter().map(|n| n.position))
            .chain(self.ladders.iter().flat_map(|l| [l.top, l.bottom]))
    }

    pub fn bounds(&self) -> Option<crate::Bounds> {
        crate::Bounds::of_points(self.points())
    }
}

impl NavMesh {
    /// Whether the format's own coordinates are Z-up (Source, Quake, Bethesda) rather than Y-up
    /// (the Fox Engine, and OBJ level geometry such as Recast's).
    pub fn is_z_up(&self) -> bool {
        !(self.format.starts_with("mgsv") || self.format == "obj")
    }

    /// The same mesh with Z up, for views that look from above (pictures, lint of floors):
    /// Y-up `(x, y, z)` becomes `(x, -z, y)`, which keeps the handedness.
    pub fn to_z_up(&self) -> std::borrow::Cow<'_, NavMesh> {
        if self.is_z_up() {
            return std::borrow::Cow::Borrowed(self);
        }
        let turn = |p: [f32; 3]| [p[0], -p[2], p[1]];
        let mut m = self.clone();
        m.areas
            .iter_mut()
            .flat_map(|a| a.polygon.iter_mut())
            .for_each(|p| *p = turn(*p));
        m.nodes
            .iter_mut()
            .for_each(|n| n.position = turn(n.position));
        for l in &mut m.ladders {
            l.top = turn(l.top);
            l.bottom = turn(l.bottom);
        }
        m.hiding_spots
            .iter_mut()
            .for_each(|h| h.position = turn(h.position));
        std::borrow::Cow::Owned(m)
    }
}
