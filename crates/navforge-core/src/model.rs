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

use crate::{Format, Game};
use serde::{Deserialize, Serialize};

/// An area's ID: the file's own where it has one.
pub type AreaId = u64;

/// A navigation mesh in the common model (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NavMesh {
    /// The format it came from; `None` for a mesh made in code (the sample level, a generator).
    pub format: Option<Format>,
    /// The game it is for, where the file says.
    #[serde(default)]
    pub game: Option<Game>,
    /// Names of the attribute bits of this mesh's format and game: the one table that turns
    /// [`Area::attributes`] into names and back.
    #[serde(default)]
    pub attribute_table: Vec<AttributeFlag>,
    /// Every area.
    pub areas: Vec<Area>,
    /// Every directed connection between areas.
    pub connections: Vec<Connection>,
    /// Place names; an area's `place` is an index into this list.
    pub places: Vec<String>,
    /// Ladders (Source).
    pub ladders: Vec<Ladder>,
    /// Hiding and sniper spots (Source).
    pub hiding_spots: Vec<HidingSpot>,
    /// Encounter paths (Source).
    pub encounter_paths: Vec<EncounterPath>,
    /// Waypoints of a graph (Quake, MGSV NavWorld).
    pub nodes: Vec<Node>,
    /// Directed edges between nodes.
    pub links: Vec<Link>,
    /// Names of the groups that areas and nodes belong to (tiles, segments, navmesh records), for
    /// exports that make one object per group. Groups without an entry are named by number.
    pub groups: Vec<Group>,
}

/// A named group of areas and nodes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The number areas and nodes carry in their `group`.
    pub id: u32,
    /// Its name (a tile code, `NAVM 0x...`).
    pub name: String,
}

/// One named attribute bit of a format and game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AttributeFlag {
    /// The bit (a single set bit) in [`Area::attributes`].
    pub bit: u64,
    /// Its name, lower case with underscores (`crouch`, `no_jump`, `tf_blue_spawn_room`).
    pub name: String,
}

/// A walkable polygon.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// The file's ID for it.
    pub id: AreaId,
    /// Corners in order around the area. Source quads: north-west, north-east, south-east, south-west.
    pub polygon: Vec<[f32; 3]>,
    /// The format's attribute bits: the one source of truth. [`NavMesh::attribute_names`] names
    /// them with the mesh's table.
    pub attributes: u64,
    /// Index into [`NavMesh::places`].
    pub place: Option<u32>,
    /// The tile, cell, segment or group the area belongs to (0 where the format has none).
    pub group: u32,
    /// Lineage: the area of the original document this one came from (itself when unchanged, the
    /// area split for both halves, the kept area of a merge). Builders that update a document copy
    /// the game data the model cannot name (TF2 words, L4D2 blocks, light) from it.
    #[serde(default)]
    pub origin: Option<AreaId>,
}

/// Sides of an area, for Source-style connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Towards -y (Source's north).
    North,
    /// Towards +x.
    East,
    /// Towards +y.
    South,
    /// Towards -x.
    West,
}

impl Direction {
    /// The side that faces along `(dx, dy)` (north is -y, as in Source): the axis with the larger
    /// step decides, ties going north or south.
    pub fn facing(dx: f32, dy: f32) -> Direction {
        if dx.abs() > dy.abs() {
            if dx > 0.0 {
                Direction::East
            } else {
                Direction::West
            }
        } else if dy > 0.0 {
            Direction::South
        } else {
            Direction::North
        }
    }

    /// In the order Source files store them.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The side across from this one (the game's `OppositeDirection`).
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// The side to the left of this one, facing it (the game's `DirectionLeft`).
    pub const fn left(self) -> Direction {
        match self {
            Direction::North => Direction::West,
            Direction::East => Direction::North,
            Direction::South => Direction::East,
            Direction::West => Direction::South,
        }
    }

    /// The side to the right of this one, facing it (the game's `DirectionRight`).
    pub const fn right(self) -> Direction {
        self.left().opposite()
    }

    /// `p` moved `amount` units toward this side, north being -y (the game's
    /// `AddDirectionVector`).
    pub fn step(self, p: [f32; 3], amount: f32) -> [f32; 3] {
        let [x, y, z] = p;
        match self {
            Direction::North => [x, y - amount, z],
            Direction::South => [x, y + amount, z],
            Direction::East => [x + amount, y, z],
            Direction::West => [x - amount, y, z],
        }
    }

    /// The file's number for the side: 0 north, 1 east, 2 south, 3 west (its place in
    /// [`Direction::ALL`]).
    pub const fn index(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::East => 1,
            Direction::South => 2,
            Direction::West => 3,
        }
    }

    /// The side a file's number stands for; `None` from 4 up.
    pub fn from_index(i: usize) -> Option<Direction> {
        Direction::ALL.get(i).copied()
    }
}

/// How a connection or link is traversed: one list for every format, with the display names in
/// one place ([`ConnectionKind::name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ConnectionKind {
    /// Walking.
    Walk,
    /// A jump up (Source jump areas).
    Jump,
    /// A long jump across a gap (Quake).
    LongJump,
    /// Walking off a ledge: one way down.
    Drop,
    /// Climbing a ladder.
    Ladder,
    /// A teleporter.
    Teleport,
    /// A jump pad or push trigger (Quake `trigger_push`).
    Pusher,
    /// A jump over a barrier (Quake).
    BarrierJump,
    /// A jump the map's author placed by hand (Quake).
    ManualJump,
    /// A rocket jump (Quake II).
    RocketJump,
    /// Riding an elevator or platform.
    Elevator,
    /// Riding a train.
    Train,
    /// Crouching through (Quake II).
    Crouch,
    /// Through a door (Bethesda).
    Door,
    /// Leaves this mesh (Bethesda external links, MGSV cross-tile edges).
    External,
    /// A format's own kind navforge has no name for, by its number.
    Other(u32),
}

impl ConnectionKind {
    /// The name pictures, `info` and `check` show.
    pub fn name(self) -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed(match self {
            ConnectionKind::Walk => "walk",
            ConnectionKind::Jump => "jump",
            ConnectionKind::LongJump => "long jump",
            ConnectionKind::Drop => "walk off ledge",
            ConnectionKind::Ladder => "ladder",
            ConnectionKind::Teleport => "teleport",
            ConnectionKind::Pusher => "pusher",
            ConnectionKind::BarrierJump => "barrier jump",
            ConnectionKind::ManualJump => "manual jump",
            ConnectionKind::RocketJump => "rocket jump",
            ConnectionKind::Elevator => "elevator",
            ConnectionKind::Train => "train",
            ConnectionKind::Crouch => "crouch",
            ConnectionKind::Door => "door",
            ConnectionKind::External => "external",
            ConnectionKind::Other(n) => return format!("type {n}").into(),
        })
    }

    /// Whether a connection of this kind leads out of the mesh, so its target is no area of it:
    /// a Bethesda door link (to a door reference) or an external link (another record or tile).
    pub fn leaves_mesh(&self) -> bool {
        matches!(self, ConnectionKind::Door | ConnectionKind::External)
    }
}

/// A directed connection between two areas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Connection {
    /// Where it starts.
    pub from: AreaId,
    /// Where it leads.
    pub to: AreaId,
    /// How it is traversed.
    pub kind: ConnectionKind,
    /// The side of `from` it leaves through, where the format says.
    pub direction: Option<Direction>,
}

/// A Source ladder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Ladder {
    /// The file's ID for it.
    pub id: u64,
    /// The centre of its top.
    pub top: [f32; 3],
    /// The centre of its bottom.
    pub bottom: [f32; 3],
    /// How wide it is.
    pub width: f32,
    /// Areas reached from the ladder's top (forward, left, right, behind) and bottom; 0 for none.
    pub top_areas: Vec<AreaId>,
    /// The area reached from its bottom; 0 for none.
    pub bottom_area: AreaId,
}

/// A Source hiding or sniper spot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct HidingSpot {
    /// The file's ID for it.
    pub id: u64,
    /// The area it belongs to.
    pub area: AreaId,
    /// Where it is.
    pub position: [f32; 3],
    /// Kinds set: `cover`, `good_sniper`, `ideal_sniper`, `exposed`.
    pub kinds: Vec<String>,
}

/// A Source encounter path through an area, between two of its neighbours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EncounterPath {
    /// The area the path crosses.
    pub area: AreaId,
    /// The neighbour it enters from.
    pub from: AreaId,
    /// The neighbour it leaves to.
    pub to: AreaId,
    /// How many encounter spots lie along it.
    pub spots: usize,
}

/// A waypoint of a graph-based format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// The node's number.
    pub id: u64,
    /// Where it is.
    pub position: [f32; 3],
    /// Names of the flags set.
    pub flags: Vec<String>,
    /// How close a bot must come, where the format says.
    pub radius: Option<f32>,
    /// The group it belongs to (0 where the format has none).
    pub group: u32,
}

/// A directed edge between two nodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// The node it starts at.
    pub from: u64,
    /// The node it leads to.
    pub to: u64,
    /// How it is traversed, as exactly as the format says.
    pub kind: ConnectionKind,
    /// Which teams may use it (Quake NAV2 v18), where the format says.
    #[serde(default)]
    pub team_mask: Option<u8>,
    /// The format's cost or weight, where it has one.
    pub cost: Option<f32>,
    /// The points that guide a bot across it, for jumps that have them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traversal: Option<Traversal>,
}

/// Points that guide a bot across a jump link: where it leaves the start node, where the jump
/// starts and where it lands (Quake `NAV2`'s node exit, jump start and jump end; Quake II
/// `NAV3`'s funnel, start and end, the same three points).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Traversal {
    /// Where the bot leaves the start node.
    pub exit: [f32; 3],
    /// Where the jump starts.
    pub start: [f32; 3],
    /// Where it lands.
    pub end: [f32; 3],
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

    /// Each area ID's position in [`NavMesh::areas`]; an ID that several areas share names the
    /// first of them.
    pub fn area_index(&self) -> std::collections::HashMap<AreaId, usize> {
        let mut index = std::collections::HashMap::with_capacity(self.areas.len());
        for (i, a) in self.areas.iter().enumerate() {
            index.entry(a.id).or_insert(i);
        }
        index
    }

    /// The areas joined into sets by their connections (either way) and ladders, indexed by
    /// position in [`NavMesh::areas`]: `area_sets().count()` is the number of islands. An ID
    /// that several areas share is joined through the first of them.
    pub fn area_sets(&self) -> crate::union_find::UnionFind {
        let index = self.area_index();
        let mut sets = crate::union_find::UnionFind::new(self.areas.len());
        let pairs = self.connections.iter().map(|c| (c.from, c.to)).chain(
            self.ladders
                .iter()
                .flat_map(|l| l.top_areas.iter().map(move |&t| (t, l.bottom_area))),
        );
        for (a, b) in pairs {
            if let (Some(&a), Some(&b)) = (index.get(&a), index.get(&b)) {
                sets.union(a, b);
            }
        }
        sets
    }

    /// The box around [`NavMesh::points`].
    pub fn bounds(&self) -> Option<crate::Bounds> {
        crate::Bounds::of_points(self.points())
    }

    /// Names of the attribute bits set in `bits`, by the mesh's table; bits it does not name are
    /// `bitN`.
    pub fn attribute_names(&self, bits: u64) -> Vec<std::borrow::Cow<'_, str>> {
        (0..64)
            .map(|b| 1u64 << b)
            .filter(|bit| bits & bit != 0)
            .map(
                |bit| match self.attribute_table.iter().find(|f| f.bit == bit) {
                    Some(f) => std::borrow::Cow::Borrowed(f.name.as_str()),
                    None => std::borrow::Cow::Owned(format!("bit{}", bit.trailing_zeros())),
                },
            )
            .collect()
    }

    /// The bit of a named attribute (case-insensitive; `bitN` names any bit).
    pub fn attribute_bit(&self, name: &str) -> Option<u64> {
        if let Some(f) = self
            .attribute_table
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
        {
            return Some(f.bit);
        }
        let n: u32 = name.strip_prefix("bit")?.parse().ok()?;
        1u64.checked_shl(n)
    }

    /// A table from static `(bit, name)` pairs, for `to_model` implementations.
    pub fn table_of(pairs: &[(u64, &str)]) -> Vec<AttributeFlag> {
        pairs
            .iter()
            .map(|&(bit, name)| AttributeFlag {
                bit,
                name: name.to_string(),
            })
            .collect()
    }
}

impl NavMesh {
    /// Whether the format's own coordinates are Z-up (Source, Quake, Bethesda) rather than Y-up
    /// (the Fox Engine, and OBJ level geometry such as Recast's). A mesh made in code is Z-up.
    pub fn is_z_up(&self) -> bool {
        self.format.is_none_or(Format::is_z_up)
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
