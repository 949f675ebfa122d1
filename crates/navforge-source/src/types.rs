//! The document types: every field of a Source / GoldSrc `.nav` file.

use navforge_core::{F32, HexBytes};
use serde::{Deserialize, Serialize};

use crate::lists::{Connections, EncounterPaths, NulText};

/// Magic number at the start of every `.nav` file (bytes `CE FA ED FE`).
pub const MAGIC: u32 = 0xFEED_FACE;
/// Highest version any engine reads or writes.
pub const MAX_VERSION: u32 = 16;

navforge_core::format_tag!(
    /// The `format` field of the lossless JSON: always `"source-nav"`.
    FormatTag = "source-nav"
);

/// Which game's data layout the areas follow. Chosen on read by a trial parse that must end
/// exactly at the end of the file (see the crate docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Layout {
    /// No game data: base SDK, HL2DM, GMod, DoD:S, FoF, and every GoldSrc / pre-v10 file.
    Base,
    /// CS:S / CS:GO (`CCSNavArea`): for v >= 15 each area ends with an approach-area list.
    CounterStrike,
    /// TF2 (`CTFNavArea`): each area ends with a u32 of TF attributes.
    TeamFortress,
    /// Left 4 Dead (2) (`TerrorNavMesh`): blocks before the areas, in each area (replacing the
    /// base visibility block) and after the ladders.
    Terror,
    /// A game whose layout is unknown: everything after the place directory is kept as raw bytes
    /// in [`SourceNavDocument::raw_body`].
    Unknown,
}

/// A whole `.nav` file, field by field. Its serde form is the lossless JSON.
///
/// Fields that a version does not store are `None` / empty / zero and are not written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SourceNavDocument {
    /// Always `"source-nav"`.
    pub format: FormatTag,
    /// File version, 1-16.
    pub version: u32,
    /// Present iff version >= 10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_version: Option<u32>,
    /// Size of the .bsp the mesh was built for; present iff version >= 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bsp_size: Option<u32>,
    /// Raw `isAnalyzed` byte; present iff version >= 14.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_analyzed: Option<u8>,
    /// Place directory (version >= 5). An area's `place` is a 1-based index into it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<NulText>,
    /// Raw `hasUnnamedAreas` byte; present iff version >= 12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_unnamed_areas: Option<u8>,
    /// The game layout of the areas.
    pub layout: Layout,
    /// L4D/L4D2 data between the place directory and the areas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terror_pre_area: Option<TerrorPreArea>,
    /// The areas, in file order.
    #[serde(default)]
    pub areas: Vec<Area>,
    /// Ladders (version >= 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ladders: Vec<Ladder>,
    /// L4D2 f32 after the ladders (named "nav max view distance" by community loaders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terror_post_area: Option<F32>,
    /// Layout [`Layout::Unknown`]: every byte after the place directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw_body: Option<HexBytes>,
    /// Bytes after the end of the data (GoldSrc writers leave stale tails of older saves).
    #[serde(default, skip_serializing_if = "HexBytes::is_empty")]
    pub trailing: HexBytes,
    /// L4D/L4D2 files store visible areas as indices into the area list; the document holds area
    /// IDs, turned back into indices on write. `true` only when a file's indices could not be
    /// turned into IDs and back exactly (an index past the last area, or two areas with one ID):
    /// then `visible_areas` hold the file's raw indices.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub visible_areas_as_indices: bool,
}

/// One area (`CNavArea` plus the game's per-area data).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Area ID (unique in a valid file; 0 is not used).
    pub id: u32,
    /// `NAV_MESH_*` bits; stored as u8 (v <= 8), u16 (v 9-12) or u32 (v >= 13).
    pub attributes: u32,
    /// Corner with the smallest x and y.
    pub north_west: [F32; 3],
    /// Corner with the largest x and y.
    pub south_east: [F32; 3],
    /// z of the (max x, min y) corner.
    pub north_east_z: F32,
    /// z of the (min x, max y) corner.
    pub south_west_z: F32,
    /// Connections to neighbouring areas, per side.
    pub connections: Connections,
    /// Hiding spots in the area (at most 255).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hiding_spots: Vec<HidingSpot>,
    /// Approach areas: in the base record for v < 15, in the CS per-area block for v >= 15.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approach_areas: Vec<Approach>,
    /// Encounter paths (v >= 3).
    #[serde(default, skip_serializing_if = "EncounterPaths::is_empty")]
    pub encounter_paths: EncounterPaths,
    /// Encounter paths in the legacy layout (v 1-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legacy_encounter_paths: Vec<LegacyEncounterPath>,
    /// 1-based index into the place directory, 0 = no place (v >= 5).
    #[serde(default)]
    pub place: u16,
    /// Ladder IDs reached going up (v >= 7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ladders_up: Vec<u32>,
    /// Ladder IDs reached going down (v >= 7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ladders_down: Vec<u32>,
    /// Per team (v >= 8).
    #[serde(default)]
    pub earliest_occupy_time: [F32; 2],
    /// Per corner NW, NE, SE, SW (v >= 11).
    #[serde(default)]
    pub light_intensity: [F32; 4],
    /// Potentially visible areas (v >= 16, and the L4D block), by area ID. (L4D files store
    /// indices in file order; they are converted on read and write, see
    /// [`SourceNavDocument::visible_areas_as_indices`].)
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub visible_areas: Vec<VisibleArea>,
    /// Area ID to inherit visibility from, 0 = none (v >= 16, L4D sub-version > 10).
    #[serde(default)]
    pub inherit_visibility_from: u32,
    /// TF2 attribute bits (layout [`Layout::TeamFortress`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tf_attributes: Option<u32>,
    /// L4D/L4D2 per-area fields (layout [`Layout::Terror`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terror: Option<TerrorArea>,
}

/// A hiding spot. Version 1 files store only the position (id and flags are then 0 and unused).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct HidingSpot {
    /// Hiding-spot ID, unique in the mesh (0 in version 1).
    pub id: u32,
    /// Where the spot is.
    pub position: [F32; 3],
    /// 0x1 in cover, 0x2 good sniper spot, 0x4 ideal sniper spot, 0x8 exposed.
    pub flags: u8,
}

/// One approach-area entry (14 bytes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Approach {
    /// The approach area.
    pub here: u32,
    /// The area before it on the approach path.
    pub prev: u32,
    /// NavTraverseType from `prev` to `here`.
    pub prev_to_here: u8,
    /// The area after it.
    pub next: u32,
    /// NavTraverseType from `here` to `next`.
    pub here_to_next: u8,
}

/// A legacy (v 1-2) encounter path; engines read and discard these.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LegacyEncounterPath {
    /// Area the path comes from.
    pub from: u32,
    /// Area the path leads to.
    pub to: u32,
    /// Start point.
    pub path_from: [F32; 3],
    /// End point.
    pub path_to: [F32; 3],
    /// Spots along the path.
    pub spots: Vec<LegacySpot>,
}

/// A spot along a legacy encounter path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LegacySpot {
    /// Where the spot is.
    pub position: [F32; 3],
    /// Parametric distance along the path.
    pub t: F32,
}

/// One potentially-visible-area entry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct VisibleArea {
    /// Area ID (the raw index only when [`SourceNavDocument::visible_areas_as_indices`] is set).
    pub id: u32,
    /// 0 not visible, 0x1 potentially visible, 0x2 completely visible.
    pub attributes: u8,
}

/// A ladder record (v >= 6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Ladder {
    /// Ladder ID.
    pub id: u32,
    /// Width in world units.
    pub width: F32,
    /// Centre of the top edge.
    pub top: [F32; 3],
    /// Centre of the bottom edge.
    pub bottom: [F32; 3],
    /// Length as stored (the height difference when written by navforge).
    pub length: F32,
    /// NavDirType the ladder faces.
    pub direction: u32,
    /// Raw `isDangling` byte, only stored by version 6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_dangling: Option<u8>,
    /// Area reached going forward off the top (0 none).
    pub top_forward_area: u32,
    /// Area reached going left off the top (0 none).
    pub top_left_area: u32,
    /// Area reached going right off the top (0 none).
    pub top_right_area: u32,
    /// Area reached going back off the top (0 none).
    pub top_behind_area: u32,
    /// Area at the bottom (0 none).
    pub bottom_area: u32,
}

impl Ladder {
    /// The areas the ladder joins: top forward, left, right, behind, then bottom (0 for none).
    pub fn areas(&self) -> [u32; 5] {
        [
            self.top_forward_area,
            self.top_left_area,
            self.top_right_area,
            self.top_behind_area,
            self.bottom_area,
        ]
    }

    /// [`Ladder::areas`], to change.
    pub fn areas_mut(&mut self) -> [&mut u32; 5] {
        [
            &mut self.top_forward_area,
            &mut self.top_left_area,
            &mut self.top_right_area,
            &mut self.top_behind_area,
            &mut self.bottom_area,
        ]
    }
}

/// L4D/L4D2 data before the areas.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TerrorPreArea {
    /// Zombie population name (sub-version >= 12), NUL-terminated in the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub population: Option<NulText>,
    /// Fog place names (an area's `fog_place` indexes them).
    pub fog_places: Vec<NulText>,
}

/// L4D/L4D2 per-area fields (sub-versions 10-14).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TerrorArea {
    /// Spawn attributes (`NAV_SPAWN_*`; see [`attribute_table`](crate::attribute_table)).
    pub spawn_attributes: u32,
    /// An extra u32 stored by sub-versions 10-12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<u32>,
    /// Index into the fog-place list.
    pub fog_place: u16,
}

impl SourceNavDocument {
    /// Whether the file carries a sub-version, bsp size, ... (by version).
    pub fn has_sub_version(&self) -> bool {
        self.version >= 10
    }

    /// Total number of directed area-to-area connections.
    pub fn connection_count(&self) -> u64 {
        self.areas.iter().map(|a| a.connections.len() as u64).sum()
    }

    /// A short name of the game / sub-version, as `navforge info` prints it.
    pub fn variant(&self) -> String {
        let v = self.version;
        if v <= 5 {
            return "GoldSrc CS 1.6 / Condition Zero".to_string();
        }
        let Some(sub) = self.sub_version else {
            return format!("Source v{v} (no sub-version)");
        };
        let game = match (self.layout, sub) {
            (Layout::Base, 0) => "HL2DM/GMod/DoD:S/FoF (no game data)",
            (Layout::Base, 1) => "CS:S/CS:GO, no approach block",
            (Layout::Base, 2) => "no TF2 data (DoD:S)",
            (Layout::Base, _) => "no game data",
            (Layout::CounterStrike, _) => "CS:S/CS:GO",
            (Layout::TeamFortress, _) => "TF2 layout",
            (Layout::Terror, 14) => "L4D2",
            (Layout::Terror, 13) => "L4D",
            (Layout::Terror, _) => "L4D series",
            (Layout::Unknown, 4) => "Insurgency, game data kept raw",
            (Layout::Unknown, _) => "unknown game, game data kept raw",
        };
        format!("{game} (sub-version {sub})")
    }
}
