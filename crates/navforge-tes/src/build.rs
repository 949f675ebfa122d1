//! Building a plugin with one navmesh from the common model.
//!
//! [`PluginDocument::from_model_for`] writes the smallest plugin the Creation Kit and xEdit lay out
//! for an interior navmesh:
//!
//! ```text
//! TES4 (HEDR, CNAM, INTV)
//! GRUP CELL (top level, type 0)
//!   GRUP block (type 2, label = object ID % 10)
//!     GRUP sub-block (type 3, label = object ID / 10 % 10)
//!       CELL 0x00000D62 (EDID, DATA = interior)
//!       GRUP cell children (type 6, label = cell form ID)
//!         GRUP temporary children (type 9, label = cell form ID)
//!           NAVM 0x00000D63 (NVNM [, MNAM on Fallout 4])
//! ```
//!
//! The plugin has no masters, so both form IDs are its own (load-order byte 0x00); they sit
//! above the 0x800 object IDs the engine reserves, and HEDR's next object ID is 0xD64. The
//! `NVNM` comes from [`NvnmDocument::from_model`].

use crate::nvnm::{Cover, Grid, NvnmDocument, Parent, Triangle, VERSION_FALLOUT4, VERSION_SKYRIM};
use crate::plugin::{self, Entry, Group, PluginDocument, Record, Subrecord};
use crate::tag::{Hex32, Tag};
use navforge_core::model::NavMesh;
use navforge_core::{Error, F32, HexBytes, Put, Result};

/// Form ID of the interior CELL that [`PluginDocument::from_model_for`] writes.
pub const BUILT_CELL_ID: u32 = 0x0000_0D62;
/// Form ID of its NAVM record.
pub const BUILT_NAVM_ID: u32 = 0x0000_0D63;
/// Editor ID of that cell.
pub const BUILT_CELL_EDID: &str = "NavforgeCell";

/// CRC of "PathingCell", the second word of every `NVNM`.
const PATHING_CELL_CRC: u32 = 0xA5E9_A03C;
/// Triangle flag bit 11, set on every triangle of every navmesh in the corpus (the crate names
/// it `found`).
const TRIANGLE_FLAGS: u16 = 0x0800;
/// Fallout 4 triangle height: the value both triangles of the one Fallout 4 navmesh in the
/// corpus carry (the unknown byte after it is 0 there too).
const FALLOUT4_TRIANGLE_HEIGHT: f32 = 170.0;
/// CELL DATA flag: interior.
const CELL_INTERIOR: u16 = 0x0001;

/// The game a built plugin is for: record form version, HEDR version and `NVNM` version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Game {
    /// Skyrim Special Edition: form version 44, HEDR 1.70, `NVNM` 12.
    #[default]
    SkyrimSe,
    /// Skyrim (Legendary Edition): form version 43, HEDR 1.70, `NVNM` 12.
    Skyrim,
    /// Fallout 4: form version 131, HEDR 1.0, `NVNM` 15.
    Fallout4,
}

impl Game {
    /// Every game, default first.
    pub const ALL: [Game; 3] = [Game::SkyrimSe, Game::Skyrim, Game::Fallout4];

    /// The name [`std::str::FromStr`] accepts: `skyrim-se`, `skyrim`, `fallout4`.
    pub fn name(self) -> &'static str {
        match self {
            Game::SkyrimSe => "skyrim-se",
            Game::Skyrim => "skyrim",
            Game::Fallout4 => "fallout4",
        }
    }

    /// Form version of every record header (as in the corpus: 44 SSE, 43 LE, 131 Fallout 4).
    pub fn form_version(self) -> u16 {
        match self {
            Game::SkyrimSe => 44,
            Game::Skyrim => 43,
            Game::Fallout4 => 131,
        }
    }

    /// `HEDR` version (1.70 in the corpus's Skyrim LE and SE plugins, 1.0 in its Fallout 4 ones).
    pub fn hedr_version(self) -> f32 {
        match self {
            Game::SkyrimSe | Game::Skyrim => 1.7,
            Game::Fallout4 => 1.0,
        }
    }

    /// `NVNM` version (12 Skyrim, 15 Fallout 4).
    pub fn nvnm_version(self) -> u32 {
        match self {
            Game::SkyrimSe | Game::Skyrim => VERSION_SKYRIM,
            Game::Fallout4 => VERSION_FALLOUT4,
        }
    }
}

impl std::str::FromStr for Game {
    type Err = Error;

    /// `skyrim-se` (also `sse`, `skyrimse`), `skyrim` (also `skyrim-le`), `fallout4` (also `fo4`).
    fn from_str(s: &str) -> Result<Game> {
        match s.to_ascii_lowercase().as_str() {
            "skyrim-se" | "skyrimse" | "sse" => Ok(Game::SkyrimSe),
            "skyrim" | "skyrim-le" => Ok(Game::Skyrim),
            "fallout4" | "fallout-4" | "fo4" => Ok(Game::Fallout4),
            _ => Err(Error::invalid(
                plugin::FORMAT,
                "game",
                0,
                format!("unknown game `{s}` (known: skyrim-se, skyrim, fallout4)"),
            )),
        }
    }
}

impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn err(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::in_document(crate::nvnm::FORMAT, field, msg)
}

/// The grid divisor for a navmesh of `triangles`: `floor(sqrt(triangles) / 2.1)`, 1..=12. The
/// Creation Kit's own rule is unknown; this one gives the stored divisor for 13 of the 17
/// corpus navmeshes (the others are within one).
pub fn grid_divisor(triangles: usize) -> u32 {
    let d = ((triangles as f64).sqrt() / 2.1).floor();
    (d as u32).clamp(1, 12)
}

impl NvnmDocument {
    /// An `NVNM` (`version` 12 or 15) of the mesh's areas, in the interior cell `cell`.
    ///
    /// The triangles come from [`navforge_core::triangulate`]: Z up, counter-clockwise seen from
    /// above (as every corpus triangle is), corners welded within a step height, T-junctions
    /// split, and neighbours exactly where the areas are joined and touch, so the navmesh is as
    /// connected as the mesh. Triangles carry flag 0x800 (as every corpus triangle does) and no cover; there are no
    /// edge links, door links or cover entries (connections, ladders and the rest of the model
    /// have no place in an `NVNM`). The grid is built by [`NvnmDocument::recompute_grid`] with
    /// divisor `floor(sqrt(triangles) / 2.1)` in 1..=12.
    pub fn from_model(mesh: &NavMesh, version: u32, cell: u32) -> Result<NvnmDocument> {
        let fo4 = match version {
            VERSION_SKYRIM => false,
            VERSION_FALLOUT4 => true,
            v => {
                return Err(err(
                    "version",
                    format!("cannot build NVNM version {v} (12: Skyrim, 15: Fallout 4)"),
                ));
            }
        };
        // Bethesda navmeshes are Z-up; the triangulation turns Y-up models (MGSV, OBJ).
        if let Err((id, why)) = navforge_core::triangulate::check(mesh) {
            return Err(err(format!("area {id}"), why));
        }
        let tri = navforge_core::triangulate::triangulate(mesh, navforge_core::Format::TesPlugin);
        if tri.triangles.len() > i16::MAX as usize {
            let last = tri.areas.last().map_or(0, |&i| mesh.areas[i].id);
            return Err(err(
                format!("area {last}"),
                "more than 32,767 triangles; NVNM neighbours are 16-bit signed",
            ));
        }
        if tri.vertices.len() > usize::from(u16::MAX) + 1 {
            return Err(err(
                "vertices",
                "more than 65,536 vertices; an NVNM indexes them in 16 bits",
            ));
        }
        let vertices: Vec<[F32; 3]> = tri.vertices.iter().map(|p| p.map(F32::new)).collect();
        // Both checked above: indices fit 16 bits, neighbours 15.
        let triangles: Vec<Triangle> = tri
            .triangles
            .iter()
            .zip(&tri.neighbours)
            .map(|(t, n)| Triangle {
                vertices: t.map(|v| v as u16),
                edges: n.map(|x| x.map_or(-1, |x| x as i16)),
                height: fo4.then_some(F32::new(FALLOUT4_TRIANGLE_HEIGHT)),
                unknown: fo4.then_some(0),
                flags: TRIANGLE_FLAGS,
                cover: 0,
            })
            .collect();
        let cover = if fo4 {
            Cover::Fallout4 {
                cover_edges: Vec::new(),
                cover_mappings: Vec::new(),
                waypoints: Vec::new(),
            }
        } else {
            Cover::Skyrim {
                cover_triangles: Vec::new(),
            }
        };
        let mut doc = NvnmDocument {
            version,
            crc: Hex32(PATHING_CELL_CRC),
            worldspace: Hex32(0),
            parent: Parent::Cell(Hex32(cell)),
            vertices,
            grid: Grid {
                divisor: grid_divisor(triangles.len()),
                cell_size: [F32::ZERO; 2],
                min: [F32::ZERO; 3],
                max: [F32::ZERO; 3],
                cells: Vec::new(),
            },
            triangles,
            edge_links: Vec::new(),
            door_links: Vec::new(),
            cover,
            tail: HexBytes::default(),
        };
        doc.recompute_grid()?;
        Ok(doc)
    }
}

fn zstring(s: &str) -> Vec<u8> {
    let mut v = s.as_bytes().to_vec();
    v.push(0);
    v
}

fn subrecord(tag: &[u8; 4], data: Vec<u8>) -> Subrecord {
    let mut s = Subrecord::new(*tag, data);
    s.xxxx = s.data.len() > usize::from(u16::MAX);
    s
}

fn group(label: [u8; 4], group_type: i32, entries: Vec<Entry>) -> Entry {
    Entry::Group(Group {
        label: Tag(label),
        group_type,
        stamp: 0,
        unknown: Some(0),
        entries,
    })
}

fn record(tag: &[u8; 4], form_id: u32, game: Game, subs: Vec<Subrecord>) -> Record {
    let mut r = Record::new(*tag, form_id, subs);
    r.form_version = Some(game.form_version());
    r
}

impl PluginDocument {
    /// A plugin for `game` holding the mesh's areas as one interior navmesh (see the module
    /// documentation for the layout): CELL [`BUILT_CELL_ID`] (editor ID [`BUILT_CELL_EDID`]) and
    /// NAVM [`BUILT_NAVM_ID`], its `NVNM` from [`NvnmDocument::from_model`]. Nothing is
    /// compressed; group stamps and version-control fields are 0, so the bytes depend only on
    /// the mesh and the game.
    pub fn from_model_for(mesh: &NavMesh, game: Game) -> Result<PluginDocument> {
        let nvnm = NvnmDocument::from_model(mesh, game.nvnm_version(), BUILT_CELL_ID)?;
        let mut navm_subs = vec![subrecord(b"NVNM", nvnm.write_nvnm()?)];
        if game == Game::Fallout4 {
            // The corpus's Fallout 4 NAVM ends with an empty MNAM.
            navm_subs.push(subrecord(b"MNAM", Vec::new()));
        }
        let navm = record(b"NAVM", BUILT_NAVM_ID, game, navm_subs);
        let mut data = Vec::new();
        data.put_u16(CELL_INTERIOR);
        let cell = record(
            b"CELL",
            BUILT_CELL_ID,
            game,
            vec![
                subrecord(b"EDID", zstring(BUILT_CELL_EDID)),
                subrecord(b"DATA", data),
            ],
        );
        let object = BUILT_CELL_ID & 0x00FF_FFFF;
        let cell_label = BUILT_CELL_ID.to_le_bytes();
        let tree = group(
            *b"CELL",
            0,
            vec![group(
                (object % 10).to_le_bytes(),
                2,
                vec![group(
                    (object / 10 % 10).to_le_bytes(),
                    3,
                    vec![
                        Entry::Record(cell),
                        group(
                            cell_label,
                            6,
                            vec![group(cell_label, 9, vec![Entry::Record(navm)])],
                        ),
                    ],
                )],
            )],
        );
        // HEDR: version, number of records and groups after the header, next object ID.
        let (records, groups) = (2u32, 5u32);
        let mut hedr = Vec::new();
        hedr.put_f32(F32::new(game.hedr_version()));
        hedr.put_u32(records + groups);
        hedr.put_u32(BUILT_NAVM_ID.max(BUILT_CELL_ID) + 1);
        let mut intv = Vec::new();
        intv.put_u32(1);
        let header = record(
            b"TES4",
            0,
            game,
            vec![
                subrecord(b"HEDR", hedr),
                subrecord(b"CNAM", zstring("navforge")),
                subrecord(b"INTV", intv),
            ],
        );
        Ok(PluginDocument {
            header_size: 24,
            header,
            entries: vec![tree],
        })
    }
}

/// Choices for a Bethesda plugin built from the common model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct TesBuildOptions {
    /// The game whose plugin and `NVNM` versions to write.
    pub game: Game,
}

impl TesBuildOptions {
    /// Options for a game.
    pub fn game(game: Game) -> Self {
        TesBuildOptions { game }
    }
}

impl navforge_core::BuildFromModel for PluginDocument {
    type Options = TesBuildOptions;

    fn from_model(
        mesh: &NavMesh,
        options: &TesBuildOptions,
    ) -> std::result::Result<navforge_core::Built<Self>, navforge_core::BuildError> {
        use navforge_core::{BuildError, BuildErrorKind, Format};
        if mesh.areas.is_empty() {
            let what = if mesh.nodes.is_empty() {
                "the model has no areas".to_string()
            } else {
                format!(
                    "the model is a waypoint graph ({} nodes) with no areas; a Bethesda navmesh \
                     is made of triangles",
                    mesh.nodes.len()
                )
            };
            return Err(BuildError::new(
                Format::TesPlugin,
                BuildErrorKind::Empty(what),
            ));
        }
        let document = PluginDocument::from_model_for(mesh, options.game).map_err(|e| {
            // The NVNM builder names the area at fault in its field (`area 12`).
            match e
                .field
                .strip_prefix("area ")
                .and_then(|id| id.parse::<u64>().ok())
            {
                Some(id) => BuildError::at(
                    Format::TesPlugin,
                    navforge_core::Item::Area(id),
                    BuildErrorKind::Invalid(e.kind.to_string()),
                ),
                None => BuildError::from(e),
            }
        })?;
        // What an NVNM has no place for: links between areas that do not share an edge (jumps,
        // drops), ladders, places, and a waypoint graph beside the areas.
        let areas: std::collections::HashSet<u64> = mesh.areas.iter().map(|a| a.id).collect();
        let connections = mesh
            .connections
            .iter()
            .filter(|c| areas.contains(&c.from) && areas.contains(&c.to))
            .filter(|c| c.kind != navforge_core::model::ConnectionKind::Walk)
            .count();
        Ok(navforge_core::Built::complete(document)
            .dropping(
                "connections other than walking across a shared edge (jumps, drops, ...)",
                connections,
            )
            .dropping("ladders", mesh.ladders.len())
            .dropping("waypoint graph nodes", mesh.nodes.len()))
    }
}
