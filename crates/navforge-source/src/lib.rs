//! Valve Source and GoldSrc `.nav` files (magic `0xFEEDFACE`) as lossless documents.
//!
//! [`SourceNavDocument`] holds every field of a file, in file order, and writes back the identical
//! bytes; its serde form is the lossless JSON (readable field names, floats kept bit-exact with
//! [`navforge_core::F32`], unknown bytes as hex with [`navforge_core::HexBytes`]).
//!
//! # Versions
//!
//! All versions 1-16 are read by the rules of the engine loaders: hiding spots without id/flags in
//! v1, legacy encounter paths in v1-2, `bspSize` from v4, places from v5, ladders from v6 (with an
//! `isDangling` byte only in v6), per-area ladder links from v7, occupy times from v8, u16
//! attributes in v9-12 and u32 from v13, `subVersion` from v10, light intensities from v11,
//! `hasUnnamedAreas` from v12, `isAnalyzed` from v14, approach areas in the base record below v15,
//! visibility lists from v16. GoldSrc CS 1.6 / Condition Zero files (v1-5) follow the same rules;
//! the stale bytes their writer leaves after the data are kept in
//! [`SourceNavDocument::trailing`].
//!
//! # Game layouts
//!
//! From v10 the `subVersion` says which game's data follows, but the numbers collide across games
//! and no block carries a length. So the reader tries the [`Layout`]s that fit the sub-version,
//! best guess first (0: base; 1: CS approach block; 2: TF2 attribute word; 10-14: L4D blocks before
//! the areas, in each area and after the ladders), and takes the first whose parse ends exactly
//! at the end of the file. If none does, a file with a known sub-version is read with its best
//! guess when that parse succeeds (the extra bytes kept as `trailing`, with a warning), and
//! otherwise fails with that parse's error. A sub-version with no known layout (Insurgency's 4,
//! say) whose areas match no layout is kept as raw bytes ([`Layout::Unknown`],
//! [`SourceNavDocument::raw_body`]), and still round-trips.
//!
//! # Example
//!
//! ```
//! use navforge_core::NavDocument;
//! use navforge_source::{Layout, SourceNavDocument, sniff};
//!
//! // A v16 sub-version 0 file with no places, areas or ladders.
//! let mut file = vec![0xCE, 0xFA, 0xED, 0xFE];
//! for word in [16u32, 0, 1234] {
//!     file.extend_from_slice(&word.to_le_bytes());
//! }
//! file.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
//! assert!(sniff(&file));
//! let doc = SourceNavDocument::read(&file)?;
//! assert_eq!((doc.version, doc.sub_version, doc.layout), (16, Some(0), Layout::Base));
//! assert_eq!(doc.write()?, file);
//! let json = serde_json::to_string(&doc).unwrap();
//! let back: SourceNavDocument = serde_json::from_str(&json).unwrap();
//! assert_eq!(back.write()?, file);
//! # Ok::<(), navforge_core::Error>(())
//! ```
//!
//! # Editing
//!
//! Areas refer to each other by ID everywhere in the document (L4D visibility indices are
//! converted on read and write), so areas can be added, removed and reordered freely.
//! [`SourceNavDocument::remove_area`] and [`SourceNavDocument::retarget_area`] keep every list
//! consistent; [`SourceNavDocument::apply_model`] takes an edited common model back, keeping the
//! game data of each area's `origin`.
//!
//! ```
//! use navforge_core::model::Direction;
//! use navforge_core::{BuildFromModel, NavDocument};
//! use navforge_source::{SourceBuildOptions, SourceGame, SourceNavDocument};
//!
//! // A TF2 mesh of two areas, connected both ways.
//! let mut doc = SourceNavDocument::from_model(
//!     &navforge_core::model::NavMesh::default(),
//!     &SourceBuildOptions::for_game(SourceGame::Tf2),
//! )
//! .map_err(|e| e.to_string())?
//! .document;
//! for (id, x) in [(1u32, 0.0f32), (2, 100.0)] {
//!     let mut a = doc.new_area();
//!     a.id = id;
//!     a.north_west = [x, 0.0, 0.0].map(navforge_core::F32::new);
//!     a.south_east = [x + 100.0, 100.0, 0.0].map(navforge_core::F32::new);
//!     doc.areas.push(a);
//! }
//! doc.area_mut(1).unwrap().connections.push(Direction::East, 2);
//! doc.area_mut(2).unwrap().connections.push(Direction::West, 1);
//! doc.area_mut(2).unwrap().tf_attributes = Some(0x20_0000); // sniper spot
//!
//! // Through the model: set "crouch" on area 2; its TF2 word survives.
//! let mut mesh = doc.to_model();
//! let crouch = mesh.attribute_bit("crouch").unwrap();
//! mesh.areas[1].attributes |= crouch;
//! doc.apply_model(&mesh).map_err(|e| e.to_string())?;
//! assert_eq!(doc.area(2).unwrap().attributes, 1);
//! assert_eq!(doc.area(2).unwrap().tf_attributes, Some(0x20_0000));
//!
//! // Removing area 2 removes area 1's connection to it too.
//! doc.remove_area(2).unwrap();
//! assert!(doc.area(1).unwrap().connections.is_empty());
//! let bytes = doc.write().map_err(|e| e.to_string())?;
//! assert_eq!(SourceNavDocument::read(&bytes).map_err(|e| e.to_string())?, doc);
//! # Ok::<(), String>(())
//! ```
#![deny(missing_docs)]

mod apply;
mod attributes;
mod build;
mod lists;
mod model;
mod options;
mod read;
mod refs;
pub mod selected;
mod types;
mod write;

pub use apply::ApplyReport;
pub use attributes::{
    GAME_WORD_SHIFT, GOLDSRC_ATTRIBUTES, SOURCE_ATTRIBUTES, attribute_table, nav_mesh,
};
pub use lists::{
    Connections, EncounterPathHead, EncounterPaths, EncounterSpot, NulText, TooManySpots,
};
pub use model::from_model;
pub use options::{SourceBuildOptions, SourceGame, SourceVersion};
pub use refs::Referrers;
pub use selected::{
    SELECTED_FORMAT, SelectedAreasDocument, SelectedView, selected_from_model, sniff_selected,
};
pub use types::*;

use navforge_core::{Counts, Format, NavDocument, Result, Summary, model::NavMesh};

/// TF2 attribute bits the game saves (`TF_NAV_PERSISTENT_ATTRIBUTES`); others are runtime-only.
pub const TF_PERSISTENT: u32 = 0x0000_0800
    | 0x0000_1000
    | 0x0000_2000
    | 0x0000_4000
    | 0x0000_8000
    | 0x0001_0000
    | 0x0002_0000
    | 0x0004_0000
    | 0x0008_0000
    | 0x0010_0000
    | 0x0020_0000
    | 0x0040_0000
    | 0x0200_0000
    | 0x0400_0000
    | 0x1000_0000
    | 0x2000_0000
    | 0x4000_0000;

/// The format name: `source-nav`.
pub const FORMAT: &str = "source-nav";

/// Whether `data` starts like a `.nav` file (magic `0xFEEDFACE`, little-endian).
pub fn sniff(data: &[u8]) -> bool {
    data.starts_with(&[0xCE, 0xFA, 0xED, 0xFE])
}

impl NavDocument for SourceNavDocument {
    const FORMAT: Format = Format::SourceNav;

    fn read(data: &[u8]) -> Result<Self> {
        read::read(data)
    }

    fn write(&self) -> Result<Vec<u8>> {
        self.write_bytes()
    }

    fn summary(&self) -> Summary {
        let mut counts = Counts {
            areas: self.areas.len() as u64,
            places: self.places.len() as u64,
            ladders: self.ladders.len() as u64,
            ..Counts::default()
        };
        let mut visible = 0u64;
        let mut approach = 0u64;
        let mut encounter_spots = 0u64;
        for a in &self.areas {
            counts.connections += a.connections.len() as u64;
            counts.hiding_spots += a.hiding_spots.len() as u64;
            counts.encounter_paths +=
                (a.encounter_paths.len() + a.legacy_encounter_paths.len()) as u64;
            encounter_spots += a.encounter_paths.spot_count() as u64;
            visible += a.visible_areas.len() as u64;
            approach += a.approach_areas.len() as u64;
        }
        let mut warnings = Vec::new();
        if let Some(raw) = &self.raw_body {
            warnings.push(format!(
                "game data of unknown layout (sub-version {}): {} bytes after the place directory kept raw; areas, ladders and counts other than places are not decoded",
                self.sub_version.unwrap_or(0),
                raw.len()
            ));
            // The area count is still the first u32 of the raw data.
            if let Some(b) = raw.as_slice().get(..4) {
                counts.areas = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64;
            }
        }
        if !self.trailing.is_empty() {
            warnings.push(format!(
                "{} trailing bytes after the data (kept; {})",
                self.trailing.len(),
                if self.version <= 5 {
                    "stale bytes left by the GoldSrc writer"
                } else {
                    "ignored by the engine"
                }
            ));
        }
        if self.version >= 6 && self.areas.is_empty() && self.raw_body.is_none() {
            warnings.push("no areas: Source engines refuse an empty mesh".to_string());
        }
        if self.areas.iter().any(|a| a.approach_areas.len() > 16) {
            warnings.push(
                "an area has more than 16 approach areas (the game's array holds 16)".to_string(),
            );
        }
        if self.layout == Layout::TeamFortress {
            let odd = self
                .areas
                .iter()
                .filter(|a| a.tf_attributes.is_some_and(|t| t & !TF_PERSISTENT != 0))
                .count();
            if odd > 0 {
                warnings.push(format!(
                    "{odd} areas have TF2 attribute bits the game never saves: the per-area word may mean something else in this game (e.g. DoD:S mods)"
                ));
            }
        }
        let mut details = std::collections::BTreeMap::new();
        let mut put = |k: &str, v: serde_json::Value| {
            details.insert(k.to_string(), v);
        };
        if let Some(a) = self.is_analyzed {
            put("is_analyzed", serde_json::json!(a != 0));
        }
        if let Some(b) = self.bsp_size {
            put("bsp_size", serde_json::json!(b));
        }
        if let Some(s) = self.sub_version {
            put("sub_version", serde_json::json!(s));
        }
        if let Some(g) = self.game() {
            put("game", serde_json::json!(g.name()));
        }
        put(
            "layout",
            serde_json::to_value(self.layout).unwrap_or(serde_json::Value::Null),
        );
        if let Some(h) = self.has_unnamed_areas {
            put("has_unnamed_areas", serde_json::json!(h != 0));
        }
        if visible > 0 {
            put("visible_area_entries", serde_json::json!(visible));
        }
        if approach > 0 {
            put("approach_area_entries", serde_json::json!(approach));
        }
        if encounter_spots > 0 {
            put("encounter_spots", serde_json::json!(encounter_spots));
        }
        if let Some(pre) = &self.terror_pre_area
            && let Some(p) = &pre.population
        {
            put("l4d_population", serde_json::json!(p.name_lossy()));
        }
        Summary {
            format: Format::SourceNav,
            version: self.version as u64,
            variant: Some(self.variant()),
            counts,
            bounds: navforge_core::Bounds::of_points(
                self.areas
                    .iter()
                    .flat_map(|a| {
                        let [nw, ne, se, sw] = model::corners(a);
                        [nw, ne, se, sw]
                    })
                    .chain(
                        self.ladders
                            .iter()
                            .flat_map(|l| [l.top.map(f32::from), l.bottom.map(f32::from)]),
                    ),
            ),
            details,
            warnings,
        }
    }

    fn to_model(&self) -> NavMesh {
        model::to_model(self)
    }
}
