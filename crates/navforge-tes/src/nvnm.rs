//! The `NVNM` subrecord: Skyrim (version 12) and Fallout 4 (version 15) navmesh geometry.

use crate::tag::Hex32;
use navforge_core::{ErrorKind, F32, HexBytes, Put, Reader, Result};
use serde::{Deserialize, Serialize};

pub(crate) const FORMAT: &str = "tes-nvnm";

/// Skyrim LE/SE.
pub const VERSION_SKYRIM: u32 = 12;
/// Fallout 4.
pub const VERSION_FALLOUT4: u32 = 15;

/// Triangle flag bits 0..2: edge 0-1, 1-2, 2-0 holds an index into `edge_links`.
pub const TRI_EDGE_LINK: [u16; 3] = [1, 2, 4];

/// One navmesh's geometry, as stored in an `NVNM` subrecord.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NvnmDocument {
    /// 12 (Skyrim) or 15 (Fallout 4); decides the triangle, edge-link and cover layouts.
    pub version: u32,
    /// CRC of "PathingCell" (0xA5E9A03C) in every file seen.
    pub crc: Hex32,
    /// 0 for interior cells.
    pub worldspace: Hex32,
    /// The parent cell, or the exterior grid cell when `worldspace` is not 0.
    pub parent: Parent,
    /// Vertex positions.
    pub vertices: Vec<[F32; 3]>,
    /// Triangles.
    pub triangles: Vec<Triangle>,
    /// Links to triangles of other navmeshes ("external connections").
    pub edge_links: Vec<EdgeLink>,
    /// Links to doors.
    pub door_links: Vec<DoorLink>,
    /// Cover data, by game.
    pub cover: Cover,
    /// The search grid.
    pub grid: Grid,
    /// Bytes after the grid, kept verbatim (empty in every real file seen).
    pub tail: HexBytes,
}

/// Where the navmesh sits.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub enum Parent {
    /// Interior: the CELL form ID.
    Cell(Hex32),
    /// Exterior: grid coordinates, stored Y first.
    Grid {
        /// Grid row (Y).
        y: i16,
        /// Grid column (X).
        x: i16,
    },
}

/// One navmesh triangle: corners, neighbours per edge, flags and cover bits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Triangle {
    /// Corner vertex indices, counter-clockwise.
    pub vertices: [u16; 3],
    /// Neighbour across edges 0-1, 1-2, 2-0: -1 none, a triangle index, or (when the matching
    /// flag bit is set) an index into `edge_links`.
    pub edges: [i16; 3],
    /// Fallout 4 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<F32>,
    /// Fallout 4 only: the byte after the height.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unknown: Option<u8>,
    /// Triangle flags (edge links, found, ...).
    pub flags: u16,
    /// Per-edge cover: bits 0-3 edge 0-1, 4/5 left/right, 6-9 edge 1-2, 10/11 left/right, 14 autogen.
    pub cover: u16,
}

/// A link from a triangle edge to a triangle of another navmesh.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EdgeLink {
    /// 0 portal, 1 ledge up, 2 ledge down, 3 enable/disable portal.
    pub kind: u32,
    /// Form ID of the other navmesh.
    pub navmesh: Hex32,
    /// Triangle index in the other navmesh.
    pub triangle: i16,
    /// Fallout 4 only: the edge of the other triangle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<u8>,
}

/// A link from a triangle to a door reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DoorLink {
    /// The triangle next to the door.
    pub triangle: i16,
    /// CRC of "PathingDoor" (0xE48B73F3).
    pub crc: Hex32,
    /// The door reference (REFR).
    pub door: Hex32,
}

/// The version-specific block between the door links and the grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub enum Cover {
    /// Skyrim: the triangles that have cover.
    Skyrim {
        /// The triangles that have cover.
        cover_triangles: Vec<u16>,
    },
    /// Fallout 4: cover edges, cover-to-triangle mappings and waypoints.
    Fallout4 {
        /// Cover edges.
        cover_edges: Vec<CoverEdge>,
        /// Which triangle each cover edge belongs to.
        cover_mappings: Vec<CoverMapping>,
        /// Waypoints.
        waypoints: Vec<Waypoint>,
    },
}

/// Fallout 4: one cover edge between two vertices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CoverEdge {
    /// The edge's two vertices.
    pub vertices: [u16; 2],
    /// Four data bytes, read as a little-endian u32.
    pub data: Hex32,
}

/// Fallout 4: which triangle a cover edge belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CoverMapping {
    /// Index of the cover edge.
    pub cover: u16,
    /// The triangle it belongs to.
    pub triangle: i16,
}

/// Fallout 4: one waypoint on the navmesh.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Waypoint {
    /// Position.
    pub position: [F32; 3],
    /// The triangle it lies on.
    pub triangle: i16,
    /// Flags, kept as found.
    pub flags: Hex32,
}

/// The search grid: `divisor` × `divisor` cells over the navmesh's bounds, row-major with Y as the
/// row (cell index = row_y × divisor + column_x), each listing the triangles that touch it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// Cells per side.
    pub divisor: u32,
    /// Width and depth of one cell ((max − min) / divisor).
    pub cell_size: [F32; 2],
    /// Lower corner of the bounds.
    pub min: [F32; 3],
    /// Upper corner of the bounds.
    pub max: [F32; 3],
    /// Triangles per cell, row-major.
    pub cells: Vec<Vec<u16>>,
}

fn read_tri(r: &mut Reader, v15: bool) -> Result<Triangle> {
    let vertices = [r.u16("vertex 0")?, r.u16("vertex 1")?, r.u16("vertex 2")?];
    let edges = [r.i16("edge 0-1")?, r.i16("edge 1-2")?, r.i16("edge 2-0")?];
    let (height, unknown) = if v15 {
        (Some(r.f32("height")?), Some(r.u8("unknown byte")?))
    } else {
        (None, None)
    };
    Ok(Triangle {
        vertices,
        edges,
        height,
        unknown,
        flags: r.u16("flags")?,
        cover: r.u16("cover flags")?,
    })
}

fn list<T>(
    r: &mut Reader,
    field: &'static str,
    size: usize,
    read: impl FnMut(&mut Reader) -> Result<T>,
) -> Result<Vec<T>> {
    let n = r.u32(field)?;
    r.list(u64::from(n), size, field, read)
}

fn put_len(out: &mut Vec<u8>, n: usize, field: &str) -> Result<()> {
    let n = u32::try_from(n).map_err(|_| {
        navforge_core::Error::invalid(FORMAT, field, out.len() as u64, "more than 2^32 items")
    })?;
    out.put_u32(n);
    Ok(())
}

/// Whether `version` is Fallout 4's (15) rather than Skyrim's (12); any other is an error at
/// the version field (`at`).
fn is_v15(version: u32, at: u64) -> Result<bool> {
    match version {
        VERSION_SKYRIM => Ok(false),
        VERSION_FALLOUT4 => Ok(true),
        v => Err(Error::new(
            FORMAT,
            "version",
            at,
            ErrorKind::UnsupportedVersion(u64::from(v)),
        )),
    }
}

impl NvnmDocument {
    /// Whether this is a Fallout 4 (version 15) `NVNM`.
    pub fn is_fallout4(&self) -> bool {
        self.version == VERSION_FALLOUT4
    }

    pub(crate) fn read_nvnm(data: &[u8], base: u64) -> Result<Self> {
        let mut r = Reader::with_base(data, FORMAT, base);
        let version = r.u32("version")?;
        let v15 = is_v15(version, base)?;
        let crc = Hex32(r.u32("pathing cell CRC")?);
        let worldspace = Hex32(r.u32("worldspace")?);
        let parent = if worldspace.0 == 0 {
            Parent::Cell(Hex32(r.u32("parent cell")?))
        } else {
            Parent::Grid {
                y: r.i16("grid Y")?,
                x: r.i16("grid X")?,
            }
        };
        let vertices = list(&mut r, "vertices", 12, |r| r.vec3("vertex"))?;
        let triangles = list(&mut r, "triangles", if v15 { 21 } else { 16 }, |r| {
            read_tri(r, v15)
        })?;
        let edge_links = list(&mut r, "edge links", if v15 { 11 } else { 10 }, |r| {
            Ok(EdgeLink {
                kind: r.u32("type")?,
                navmesh: Hex32(r.u32("navmesh")?),
                triangle: r.i16("triangle")?,
                edge: if v15 { Some(r.u8("edge")?) } else { None },
            })
        })?;
        let door_links = list(&mut r, "door links", 10, |r| {
            Ok(DoorLink {
                triangle: r.i16("triangle")?,
                crc: Hex32(r.u32("pathing door CRC")?),
                door: Hex32(r.u32("door reference")?),
            })
        })?;
        let cover = if v15 {
            Cover::Fallout4 {
                cover_edges: list(&mut r, "cover edges", 8, |r| {
                    Ok(CoverEdge {
                        vertices: [r.u16("vertex 1")?, r.u16("vertex 2")?],
                        data: Hex32(r.u32("data")?),
                    })
                })?,
                cover_mappings: list(&mut r, "cover mappings", 4, |r| {
                    Ok(CoverMapping {
                        cover: r.u16("cover")?,
                        triangle: r.i16("triangle")?,
                    })
                })?,
                waypoints: list(&mut r, "waypoints", 18, |r| {
                    Ok(Waypoint {
                        position: r.vec3("position")?,
                        triangle: r.i16("triangle")?,
                        flags: Hex32(r.u32("flags")?),
                    })
                })?,
            }
        } else {
            Cover::Skyrim {
                cover_triangles: list(&mut r, "cover triangles", 2, |r| r.u16("triangle"))?,
            }
        };
        let divisor = r.u32("grid divisor")?;
        let cell_size = [r.f32("grid cell width")?, r.f32("grid cell depth")?];
        let min = r.vec3("grid min")?;
        let max = r.vec3("grid max")?;
        let n_cells = u64::from(divisor) * u64::from(divisor);
        let cells = r.list(n_cells, 4, "grid cells", |r| {
            list(r, "triangles", 2, |r| r.u16("triangle"))
        })?;
        let tail = HexBytes(r.rest().to_vec());
        Ok(NvnmDocument {
            version,
            crc,
            worldspace,
            parent,
            vertices,
            triangles,
            edge_links,
            door_links,
            cover,
            grid: Grid {
                divisor,
                cell_size,
                min,
                max,
                cells,
            },
            tail,
        })
    }

    pub(crate) fn write_nvnm(&self) -> Result<Vec<u8>> {
        let v15 = is_v15(self.version, 0)?;
        let bad = |field: String, msg: &str| Error::in_document(FORMAT, field, msg);
        let mut out = Vec::with_capacity(64 + self.vertices.len() * 12 + self.triangles.len() * 21);
        out.put_u32(self.version);
        out.put_u32(self.crc.0);
        out.put_u32(self.worldspace.0);
        match self.parent {
            Parent::Cell(c) => out.put_u32(c.0),
            Parent::Grid { y, x } => {
                out.put_i16(y);
                out.put_i16(x);
            }
        }
        put_len(&mut out, self.vertices.len(), "vertices")?;
        for v in &self.vertices {
            out.put_vec3(*v);
        }
        put_len(&mut out, self.triangles.len(), "triangles")?;
        for (i, t) in self.triangles.iter().enumerate() {
            for v in t.vertices {
                out.put_u16(v);
            }
            for e in t.edges {
                out.put_i16(e);
            }
            if v15 {
                match (t.height, t.unknown) {
                    (Some(h), Some(u)) => {
                        out.put_f32(h);
                        out.put_u8(u);
                    }
                    _ => {
                        return Err(bad(
                            format!("triangle #{i}"),
                            "version 15 triangles need `height` and `unknown`",
                        ));
                    }
                }
            }
            out.put_u16(t.flags);
            out.put_u16(t.cover);
        }
        put_len(&mut out, self.edge_links.len(), "edge links")?;
        for (i, l) in self.edge_links.iter().enumerate() {
            out.put_u32(l.kind);
            out.put_u32(l.navmesh.0);
            out.put_i16(l.triangle);
            if v15 {
                let edge = l.edge.ok_or_else(|| {
                    bad(
                        format!("edge link #{i}"),
                        "version 15 edge links need `edge`",
                    )
                })?;
                out.put_u8(edge);
            }
        }
        put_len(&mut out, self.door_links.len(), "door links")?;
        for d in &self.door_links {
            out.put_i16(d.triangle);
            out.put_u32(d.crc.0);
            out.put_u32(d.door.0);
        }
        match (&self.cover, v15) {
            (Cover::Skyrim { cover_triangles }, false) => {
                put_len(&mut out, cover_triangles.len(), "cover triangles")?;
                for t in cover_triangles {
                    out.put_u16(*t);
                }
            }
            (
                Cover::Fallout4 {
                    cover_edges,
                    cover_mappings,
                    waypoints,
                },
                true,
            ) => {
                put_len(&mut out, cover_edges.len(), "cover edges")?;
                for c in cover_edges {
                    out.put_u16(c.vertices[0]);
                    out.put_u16(c.vertices[1]);
                    out.put_u32(c.data.0);
                }
                put_len(&mut out, cover_mappings.len(), "cover mappings")?;
                for m in cover_mappings {
                    out.put_u16(m.cover);
                    out.put_i16(m.triangle);
                }
                put_len(&mut out, waypoints.len(), "waypoints")?;
                for w in waypoints {
                    out.put_vec3(w.position);
                    out.put_i16(w.triangle);
                    out.put_u32(w.flags.0);
                }
            }
            _ => {
                return Err(bad(
                    "cover".into(),
                    "the cover block does not match the version (12: skyrim, 15: fallout4)",
                ));
            }
        }
        let g = &self.grid;
        let expected = u64::from(g.divisor) * u64::from(g.divisor);
        if g.cells.len() as u64 != expected {
            return Err(bad(
                "grid cells".into(),
                "the number of grid cells must be divisor squared",
            ));
        }
        out.put_u32(g.divisor);
        out.put_f32(g.cell_size[0]);
        out.put_f32(g.cell_size[1]);
        out.put_vec3(g.min);
        out.put_vec3(g.max);
        for c in &g.cells {
            put_len(&mut out, c.len(), "grid cell")?;
            for t in c {
                out.put_u16(*t);
            }
        }
        out.put_bytes(self.tail.as_slice());
        Ok(out)
    }
}

use navforge_core::Error;

impl NvnmDocument {
    /// Why this navmesh cannot be taken from (or shown as) readable JSON: the path of the first
    /// value that breaks the layout (relative to the `NVNM`, e.g. `triangles[3].vertices[1]`) and
    /// what is wrong with it. Refused: a version other than 12 or 15, per-version fields on the
    /// wrong version, a NaN or infinite float, a vertex index past the vertex list, a neighbour
    /// past the triangle list, an edge link past the edge-link list, a door or grid triangle past
    /// the triangle list, and a grid whose cell count is not divisor squared. The Fallout 4 cover
    /// mappings and waypoints are not checked: what their values index is not settled (see
    /// [`NvnmDocument::warnings`]).
    pub fn json_problem(&self) -> Option<(String, String)> {
        let v15 = match self.version {
            VERSION_SKYRIM => false,
            VERSION_FALLOUT4 => true,
            v => {
                return Some((
                    "version".into(),
                    format!("{v} is not 12 (Skyrim) or 15 (Fallout 4)"),
                ));
            }
        };
        let nv = self.vertices.len();
        let nt = self.triangles.len();
        let ne = self.edge_links.len();
        let finite = |v: &[F32]| v.iter().all(|c| c.get().is_finite());
        let not_finite = || "a float that is NaN or infinite".to_string();
        for (i, v) in self.vertices.iter().enumerate() {
            if !finite(v) {
                return Some((format!("vertices[{i}]"), not_finite()));
            }
        }
        for (i, t) in self.triangles.iter().enumerate() {
            for (k, &v) in t.vertices.iter().enumerate() {
                if usize::from(v) >= nv {
                    return Some((
                        format!("triangles[{i}].vertices[{k}]"),
                        format!("vertex {v} is past the {nv} vertices"),
                    ));
                }
            }
            for (k, &e) in t.edges.iter().enumerate() {
                let problem = if t.flags & TRI_EDGE_LINK[k] != 0 {
                    (e < 0 || e as usize >= ne).then(|| {
                        format!(
                            "edge link {e} (the triangle's flag bit {k} is set) is not one of \
                             the {ne} edge links"
                        )
                    })
                } else {
                    (e < -1 || (e >= 0 && e as usize >= nt)).then(|| {
                        format!("neighbour {e} is neither -1 nor one of the {nt} triangles")
                    })
                };
                if let Some(msg) = problem {
                    return Some((format!("triangles[{i}].edges[{k}]"), msg));
                }
            }
            match (v15, t.height, t.unknown) {
                (true, Some(h), Some(_)) if !h.get().is_finite() => {
                    return Some((format!("triangles[{i}].height"), not_finite()));
                }
                (true, Some(_), Some(_)) | (false, None, None) => {}
                (true, ..) => {
                    return Some((
                        format!("triangles[{i}]"),
                        "version 15 triangles need `height` and `unknown`".into(),
                    ));
                }
                (false, ..) => {
                    return Some((
                        format!("triangles[{i}]"),
                        "version 12 triangles have no `height` or `unknown`".into(),
                    ));
                }
            }
        }
        for (i, l) in self.edge_links.iter().enumerate() {
            if l.edge.is_some() != v15 {
                return Some((
                    format!("edge_links[{i}].edge"),
                    format!(
                        "present exactly in version 15 (this is version {})",
                        self.version
                    ),
                ));
            }
        }
        for (i, d) in self.door_links.iter().enumerate() {
            if d.triangle < 0 || d.triangle as usize >= nt {
                return Some((
                    format!("door_links[{i}].triangle"),
                    format!("triangle {} is past the {nt} triangles", d.triangle),
                ));
            }
        }
        match (&self.cover, v15) {
            (Cover::Skyrim { cover_triangles }, false) => {
                for (i, &t) in cover_triangles.iter().enumerate() {
                    if usize::from(t) >= nt {
                        return Some((
                            format!("cover.skyrim.cover_triangles[{i}]"),
                            format!("triangle {t} is past the {nt} triangles"),
                        ));
                    }
                }
            }
            (
                Cover::Fallout4 {
                    cover_edges,
                    waypoints,
                    ..
                },
                true,
            ) => {
                for (i, c) in cover_edges.iter().enumerate() {
                    for (k, &v) in c.vertices.iter().enumerate() {
                        if usize::from(v) >= nv {
                            return Some((
                                format!("cover.fallout4.cover_edges[{i}].vertices[{k}]"),
                                format!("vertex {v} is past the {nv} vertices"),
                            ));
                        }
                    }
                }
                for (i, w) in waypoints.iter().enumerate() {
                    if !finite(&w.position) {
                        return Some((
                            format!("cover.fallout4.waypoints[{i}].position"),
                            not_finite(),
                        ));
                    }
                }
            }
            _ => {
                return Some((
                    "cover".into(),
                    format!(
                        "version {} needs the `{}` cover block",
                        self.version,
                        if v15 { "fallout4" } else { "skyrim" }
                    ),
                ));
            }
        }
        let g = &self.grid;
        if !finite(&g.cell_size) || !finite(&g.min) || !finite(&g.max) {
            return Some(("grid".into(), not_finite()));
        }
        let cells = u64::from(g.divisor) * u64::from(g.divisor);
        if g.cells.len() as u64 != cells {
            return Some((
                "grid.cells".into(),
                format!(
                    "{} cells, but divisor {} needs {cells}",
                    g.cells.len(),
                    g.divisor
                ),
            ));
        }
        for (c, cell) in g.cells.iter().enumerate() {
            for (k, &t) in cell.iter().enumerate() {
                if usize::from(t) >= nt {
                    return Some((
                        format!("grid.cells[{c}][{k}]"),
                        format!("triangle {t} is past the {nt} triangles"),
                    ));
                }
            }
        }
        None
    }
}
