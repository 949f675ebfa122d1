//! Bethesda plugins (.esp/.esm/.esl) and their NVNM navmeshes as lossless documents.
//!
//! - [`PluginDocument`] (`tes-plugin`): the whole plugin — TES4 header, GRUP tree, records,
//!   subrecords, `XXXX` size overrides and zlib-compressed records (kept as stored until changed).
//! - [`NvnmDocument`] (`tes-nvnm`): one `NVNM` subrecord, Skyrim (version 12) or Fallout 4 (15).
//!
//! Navmeshes are read on demand from the plugin ([`PluginDocument::navmeshes`]) and written back
//! with [`PluginDocument::set_nvnm`] or [`PluginDocument::apply_model`]; every other byte of the
//! plugin stays as it was.
//!
//! In the common model each navmesh is one group, named `NAVM 0x0001A2B3`; its triangles are
//! areas with ID `group << 32 | triangle`, `place` indexing the cell (`CELL 0x...` or
//! `WRLD 0x... (x, y)`), flags and per-edge cover as attributes and `raw_attributes`
//! (`cover << 16 | flags`). Neighbours are `Walk` connections; edge links are `External`
//! connections to the other navmesh's area when it is in the same plugin, otherwise to
//! [`EXTERNAL_TARGET`]` | form_id << 16 | triangle`; door links are `Door` connections to
//! [`DOOR_TARGET`]` | door reference`. Such targets name no area.
//!
//! [`PluginDocument`]'s [`BuildFromModel`](navforge_core::BuildFromModel) impl (or
//! [`PluginDocument::from_model_for`] a game) builds a new plugin (Skyrim SE, Skyrim, Fallout 4)
//! holding a model's areas as one interior navmesh, reporting what a navmesh cannot hold; [`NvnmDocument::from_model`] builds just the `NVNM`.
//!
//! Fuzz targets for both documents live in `fuzz/` (`cargo fuzz run plugin`, `cargo fuzz run nvnm`).
//!
//! ```
//! use navforge_core::{BuildFromModel, NavDocument};
//! use navforge_tes::{Game, PluginDocument, TesBuildOptions};
//!
//! // A small level as the common model, built into a Skyrim SE plugin and read back.
//! let mesh = navforge_core::sample::courtyard();
//! let built = PluginDocument::from_model(&mesh, &TesBuildOptions::game(Game::SkyrimSe))?;
//! let bytes = built.document.write()?;
//! let plugin = PluginDocument::read(&bytes)?;
//! assert_eq!(plugin.navmeshes().len(), 1);
//! assert_eq!(plugin.write()?, bytes); // byte for byte
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod build;
mod edit;
mod mesh;
mod nvnm;
mod plugin;
pub mod readable;
mod tag;
#[cfg(feature = "test-support")]
pub mod testing;
mod zlib;

pub use build::{
    BUILT_CELL_EDID, BUILT_CELL_ID, BUILT_NAVM_ID, Game, TesBuildOptions, grid_divisor,
};
pub use edit::PATHING_DOOR_CRC;
pub use mesh::{AREA_ID_SHIFT, COVER_EDGE_BITS, DOOR_TARGET, EXTERNAL_TARGET, MAX_GRID_DIVISOR};
pub use nvnm::{
    Cover, CoverEdge, CoverMapping, DoorLink, EdgeLink, Grid, NvnmDocument, Parent, TRI_EDGE_LINK,
    Triangle, VERSION_FALLOUT4, VERSION_SKYRIM, Waypoint,
};
pub use plugin::{
    Compressed, DECOMPRESSION_BUDGET_FLOOR, DECOMPRESSION_BUDGET_RATIO, Entry, FLAG_COMPRESSED,
    Fields, Group, MAX_DECOMPRESSED, MAX_GROUP_DEPTH, PluginDocument, Record, Subrecord, compress,
    sniff,
};
pub use tag::{Hex32, Tag};

use navforge_core::model::{Group as ModelGroup, NavMesh};
use navforge_core::{Bounds, Counts, Error, NavDocument, Result, Summary};
use std::collections::BTreeMap;

/// One `NAVM` record of a plugin.
#[derive(Debug, Clone)]
pub struct Navmesh {
    /// Form ID of the record.
    pub form_id: u32,
    /// Record flags.
    pub flags: u32,
    /// The record is stored zlib-compressed.
    pub compressed: bool,
    /// The parsed `NVNM`; `None` when the record has none (deleted navmeshes, Fallout 3/NV).
    pub nvnm: Option<Result<NvnmDocument>>,
    /// The record uses the Fallout 3 / New Vegas subrecords (`NVER`, `NVVX`, ...) instead.
    pub split_layout: bool,
    /// The record's editor ID (`EDID`), when it has one.
    pub edid: Option<String>,
}

impl Navmesh {
    /// The model group name, `NAVM 0x0001A2B3`.
    pub fn name(&self) -> String {
        format!("NAVM {}", Hex32(self.form_id))
    }
}

/// Whether `data` starts like a raw `NVNM` subrecord this crate reads (version 12 or 15 followed
/// by the PathingCell CRC).
pub fn sniff_nvnm(data: &[u8]) -> bool {
    let word = |i: usize| {
        data.get(i..i + 4)
            .and_then(|b| b.try_into().ok())
            .map(u32::from_le_bytes)
    };
    matches!(word(0), Some(VERSION_SKYRIM | VERSION_FALLOUT4)) && word(4) == Some(0xA5E9_A03C)
}

impl NavDocument for NvnmDocument {
    const FORMAT: navforge_core::Format = navforge_core::Format::TesNvnm;

    fn read(data: &[u8]) -> Result<Self> {
        NvnmDocument::read_nvnm(data, 0)
    }

    fn write(&self) -> Result<Vec<u8>> {
        self.write_nvnm()
    }

    fn summary(&self) -> Summary {
        let mut s = Summary {
            format: Self::FORMAT,
            version: u64::from(self.version),
            variant: Some(nvnm_variant(self.version).into()),
            ..Summary::new(Self::FORMAT, 0)
        };
        add_counts(&mut s.counts, self);
        s.counts.places = 1;
        s.counts.extra.insert("navmeshes".into(), 1);
        s.bounds = nvnm_bounds(self);
        s.details.insert("cell".into(), self.cell_name().into());
        s.details
            .insert("grid_divisor".into(), self.grid.divisor.into());
        s.warnings = self.warnings();
        s
    }

    fn to_model(&self) -> NavMesh {
        let mut m = NavMesh {
            format: Some(Self::FORMAT),
            attribute_table: mesh::attribute_table(),
            places: vec![self.cell_name()],
            ..Default::default()
        };
        self.add_to_model(&mut m, 0, Some(0), &|_, _| None);
        m
    }
}

fn nvnm_variant(version: u32) -> &'static str {
    if version == VERSION_FALLOUT4 {
        "Fallout 4"
    } else {
        "Skyrim"
    }
}

fn nvnm_bounds(n: &NvnmDocument) -> Option<Bounds> {
    Bounds::of_points(n.vertices.iter().map(|v| v.map(|c| c.get())))
}

fn add_counts(c: &mut Counts, n: &NvnmDocument) {
    c.areas += n.triangles.len() as u64;
    let mut conns = n.door_links.len() as u64;
    for t in &n.triangles {
        for (k, &e) in t.edges.iter().enumerate() {
            if t.flags & TRI_EDGE_LINK[k] != 0 || e >= 0 {
                conns += 1;
            }
        }
    }
    c.connections += conns;
    for (key, v) in [
        ("vertices", n.vertices.len()),
        ("edge_links", n.edge_links.len()),
        ("door_links", n.door_links.len()),
    ] {
        *c.extra.entry(key.into()).or_default() += v as u64;
    }
}

impl PluginDocument {
    /// Every `NAVM` record, in file order, with its `NVNM` parsed.
    pub fn navmeshes(&self) -> Vec<Navmesh> {
        self.records()
            .into_iter()
            .filter(|r| r.tag.0 == *b"NAVM")
            .map(|r| Navmesh {
                form_id: r.form_id.0,
                flags: r.flags.0,
                compressed: r.is_compressed(),
                split_layout: r.subrecord(b"NVER").is_some() || r.subrecord(b"NVVX").is_some(),
                edid: r.subrecord(b"EDID").and_then(|s| {
                    let d = s.data.as_slice();
                    let d = d.strip_suffix(&[0]).unwrap_or(d);
                    std::str::from_utf8(d).ok().map(str::to_string)
                }),
                nvnm: r.subrecord(b"NVNM").map(|s| {
                    NvnmDocument::read_nvnm(s.data.as_slice(), 0)
                        .map_err(|e| e.within(format_args!("NAVM {}", r.form_id)))
                }),
            })
            .collect()
    }

    /// The `NVNM` of the navmesh with this form ID.
    pub fn nvnm(&self, form_id: u32) -> Result<NvnmDocument> {
        let rec = self
            .records()
            .into_iter()
            .find(|r| r.tag.0 == *b"NAVM" && r.form_id.0 == form_id)
            .ok_or_else(|| no_navmesh(form_id))?;
        let s = rec.subrecord(b"NVNM").ok_or_else(|| {
            Error::invalid(
                nvnm::FORMAT,
                format!("NAVM {}", Hex32(form_id)),
                0,
                "the record has no NVNM subrecord",
            )
        })?;
        NvnmDocument::read_nvnm(s.data.as_slice(), 0)
    }

    /// Replace the `NVNM` of the navmesh with this form ID. The record is recompressed (when it
    /// is compressed) and its size and the enclosing group sizes follow on write; every other
    /// record keeps its bytes.
    pub fn set_nvnm(&mut self, form_id: u32, nvnm: &NvnmDocument) -> Result<()> {
        let bytes = nvnm.write_nvnm()?;
        let rec = self
            .record_mut(b"NAVM", form_id)
            .ok_or_else(|| no_navmesh(form_id))?;
        rec.set_subrecord(b"NVNM", bytes)
    }

    /// Write back edits made to a model from [`NavDocument::to_model`]: for every group named
    /// `NAVM 0x........`, moved corners, flags and cover bits go into that navmesh (see
    /// [`NvnmDocument::apply_model`]). Returns the form IDs of the navmeshes that changed.
    pub fn apply_model(&mut self, mesh: &NavMesh) -> Result<Vec<u32>> {
        let mut changed = Vec::new();
        for g in &mesh.groups {
            let Some(hex) = g.name.strip_prefix("NAVM 0x") else {
                continue;
            };
            // Navmeshes without areas (deleted, or unreadable) have nothing to take back.
            if !mesh.areas.iter().any(|a| a.group == g.id) {
                continue;
            }
            let form_id = u32::from_str_radix(hex, 16).map_err(|_| {
                Error::invalid(
                    plugin::FORMAT,
                    "model group",
                    0,
                    format!("bad name `{}`", g.name),
                )
            })?;
            let mut nv = self.nvnm(form_id)?;
            if nv.apply_model(mesh, g.id)? {
                self.set_nvnm(form_id, &nv)?;
                changed.push(form_id);
            }
        }
        Ok(changed)
    }
}

fn no_navmesh(form_id: u32) -> Error {
    Error::invalid(
        plugin::FORMAT,
        "NAVM",
        0,
        format!("no NAVM record with form ID {}", Hex32(form_id)),
    )
}

impl NavDocument for PluginDocument {
    const FORMAT: navforge_core::Format = navforge_core::Format::TesPlugin;

    fn read(data: &[u8]) -> Result<Self> {
        PluginDocument::read_plugin(data)
    }

    fn write(&self) -> Result<Vec<u8>> {
        self.write_plugin()
    }

    fn summary(&self) -> Summary {
        let records = self.records();
        let mut s = Summary {
            format: Self::FORMAT,
            version: u64::from(self.header.form_version.unwrap_or(0)),
            variant: Some(format!(
                "{} (HEDR {:.2})",
                self.game(),
                self.hedr_version().unwrap_or(0.0)
            )),
            ..Summary::new(Self::FORMAT, 0)
        };
        let navs = self.navmeshes();
        let mut points = Vec::new();
        let mut details = Vec::new();
        for n in &navs {
            let mut d = BTreeMap::new();
            d.insert(
                "form_id",
                serde_json::Value::from(Hex32(n.form_id).to_string()),
            );
            d.insert("compressed", n.compressed.into());
            match &n.nvnm {
                None if n.split_layout => {
                    d.insert(
                        "nvnm",
                        "none: Fallout 3 / New Vegas layout (NVER, NVVX, NVTR ...), not decoded"
                            .into(),
                    );
                }
                None => {
                    d.insert("nvnm", "none (deleted or empty record)".into());
                }
                Some(Err(e)) => {
                    d.insert("nvnm", format!("unreadable: {e}").into());
                    s.warnings
                        .push(format!("{}: NVNM unreadable: {e}", n.name()));
                }
                Some(Ok(m)) => {
                    d.insert("cell", m.cell_name().into());
                    d.insert("nvnm_version", m.version.into());
                    d.insert("vertices", m.vertices.len().into());
                    d.insert("triangles", m.triangles.len().into());
                    d.insert("edge_links", m.edge_links.len().into());
                    d.insert("door_links", m.door_links.len().into());
                    add_counts(&mut s.counts, m);
                    points.extend(m.vertices.iter().map(|v| v.map(|c| c.get())));
                    for w in m.warnings() {
                        s.warnings.push(format!("{}: {w}", n.name()));
                    }
                }
            }
            details.push(d);
        }
        s.bounds = Bounds::of_points(points);
        let cells: std::collections::BTreeSet<String> = navs
            .iter()
            .filter_map(|n| match &n.nvnm {
                Some(Ok(m)) => Some(m.cell_name()),
                _ => None,
            })
            .collect();
        s.counts.places = cells.len() as u64;
        let compressed = records.iter().filter(|r| r.is_compressed()).count();
        for (k, v) in [
            ("navmeshes", navs.len()),
            ("records", records.len()),
            ("groups", self.group_count()),
            ("compressed_records", compressed),
        ] {
            s.counts.extra.insert(k.into(), v as u64);
        }
        s.details.insert("game".into(), self.game().into());
        s.details.insert("masters".into(), self.masters().into());
        s.details.insert(
            "navmeshes".into(),
            serde_json::to_value(details).unwrap_or_default(),
        );
        s
    }

    fn to_model(&self) -> NavMesh {
        let navs = self.navmeshes();
        let mut m = NavMesh {
            format: Some(Self::FORMAT),
            attribute_table: mesh::attribute_table(),
            ..Default::default()
        };
        let index: BTreeMap<u32, (u32, usize)> = navs
            .iter()
            .enumerate()
            .filter_map(|(g, n)| match &n.nvnm {
                Some(Ok(d)) => Some((n.form_id, (g as u32, d.triangles.len()))),
                _ => None,
            })
            .collect();
        let resolve = |form: u32, tri: i16| -> Option<u64> {
            let (g, nt) = index.get(&form)?;
            let t = usize::try_from(tri).ok().filter(|t| t < nt)?;
            Some(u64::from(*g) << AREA_ID_SHIFT | t as u64)
        };
        for (g, n) in navs.iter().enumerate() {
            let g = g as u32;
            m.groups.push(ModelGroup {
                id: g,
                name: n.name(),
            });
            if let Some(Ok(d)) = &n.nvnm {
                let cell = d.cell_name();
                let place = match m.places.iter().position(|p| *p == cell) {
                    Some(i) => i,
                    None => {
                        m.places.push(cell);
                        m.places.len() - 1
                    }
                };
                d.add_to_model(&mut m, g, Some(place as u32), &resolve);
            }
        }
        m
    }
}
