//! Conversion between the Source document and the common model.

use navforge_core::model::{self as m, ConnectionKind, Direction, NavMesh};
use navforge_core::{BuildError, BuildErrorKind, Error, F32, Format, Item, Result};

use crate::attributes::{GAME_WORD_SHIFT, attribute_table};
use crate::lists::NulText;
use crate::types::*;

pub(crate) const SPOT_KINDS: [(u8, &str); 4] = [
    (0x1, "cover"),
    (0x2, "good_sniper"),
    (0x4, "ideal_sniper"),
    (0x8, "exposed"),
];

fn v3(p: [F32; 3]) -> [f32; 3] {
    p.map(f32::from)
}

/// The game's per-area attribute word: TF2 attributes or L4D spawn attributes (0 elsewhere).
pub(crate) fn game_word(a: &Area) -> u32 {
    a.tf_attributes
        .or(a.terror.map(|t| t.spawn_attributes))
        .unwrap_or(0)
}

/// The corners NW, NE, SE, SW with their heights.
pub(crate) fn corners(a: &Area) -> [[f32; 3]; 4] {
    let nw = v3(a.north_west);
    let se = v3(a.south_east);
    [
        nw,
        [se[0], nw[1], a.north_east_z.get()],
        se,
        [nw[0], se[1], a.south_west_z.get()],
    ]
}

pub(crate) fn to_model(d: &SourceNavDocument) -> NavMesh {
    let mut mesh = NavMesh {
        format: Some(navforge_core::Format::SourceNav),
        game: d.game(),
        attribute_table: attribute_table(d.version, d.layout),
        places: d.places.iter().map(|p| p.name_lossy()).collect(),
        ..NavMesh::default()
    };
    mesh.areas.reserve(d.areas.len());
    for a in &d.areas {
        let id = a.id as u64;
        mesh.areas.push(m::Area {
            id,
            polygon: corners(a).to_vec(),
            attributes: u64::from(a.attributes) | u64::from(game_word(a)) << GAME_WORD_SHIFT,
            place: (a.place > 0).then(|| a.place as u32 - 1),
            group: 0,
            origin: Some(id),
        });
        mesh.connections
            .extend(a.connections.iter().map(|(dir, to)| m::Connection {
                from: id,
                to: to as u64,
                kind: ConnectionKind::Walk,
                direction: Some(Direction::ALL[dir & 3]),
            }));
        mesh.hiding_spots.extend(a.hiding_spots.iter().map(|s| {
            m::HidingSpot {
                id: s.id as u64,
                area: id,
                position: v3(s.position),
                kinds: SPOT_KINDS
                    .iter()
                    .filter(|(b, _)| s.flags & b != 0)
                    .map(|(_, n)| (*n).to_string())
                    .collect(),
            }
        }));
        mesh.encounter_paths
            .extend(a.encounter_paths.iter().map(|(p, spots)| m::EncounterPath {
                area: id,
                from: p.from as u64,
                to: p.to as u64,
                spots: spots.len(),
            }));
        mesh.encounter_paths
            .extend(a.legacy_encounter_paths.iter().map(|p| m::EncounterPath {
                area: id,
                from: p.from as u64,
                to: p.to as u64,
                spots: p.spots.len(),
            }));
    }
    mesh.ladders = d
        .ladders
        .iter()
        .map(|l| m::Ladder {
            id: l.id as u64,
            top: v3(l.top),
            bottom: v3(l.bottom),
            width: l.width.get(),
            top_areas: [
                l.top_forward_area,
                l.top_left_area,
                l.top_right_area,
                l.top_behind_area,
            ]
            .map(|x| x as u64)
            .to_vec(),
            bottom_area: l.bottom_area as u64,
        })
        .collect();
    mesh
}

/// A model area as a Source quad: its corners north-west, north-east, south-east, south-west.
/// Errors name `format`, the file being built, and the area.
pub(crate) fn source_quad(
    a: &navforge_core::model::Area,
    format: &'static str,
) -> Result<([[f32; 3]; 4], u64)> {
    let bad = |msg: String| Error::invalid(format, format!("area {}", a.id), 0, msg);
    let [nw, ne, se, sw]: [[f32; 3]; 4] = a
        .polygon
        .as_slice()
        .try_into()
        .map_err(|_| bad(format!("{} corners; a Source area has 4", a.polygon.len())))?;
    if ne[0] != se[0] || ne[1] != nw[1] || sw[0] != nw[0] || sw[1] != se[1] {
        return Err(bad(
            "not an axis-aligned quad in the order NW, NE, SE, SW".into()
        ));
    }
    let attributes = a.attributes;
    Ok(([nw, ne, se, sw], attributes))
}

/// The model's areas by ID (position in `mesh.areas`), refusing an ID two areas share; errors
/// name `format`, the file being built.
pub(crate) fn unique_area_index(
    mesh: &NavMesh,
    format: Format,
) -> std::result::Result<std::collections::HashMap<u64, usize>, BuildError> {
    let mut index = std::collections::HashMap::with_capacity(mesh.areas.len());
    for (i, a) in mesh.areas.iter().enumerate() {
        if index.insert(a.id, i).is_some() {
            return Err(BuildError::invalid(
                format,
                Some(Item::Area(a.id)),
                "duplicate area ID",
            ));
        }
    }
    Ok(index)
}

/// The position of the area connection `c` starts at, or the error naming the connection.
pub(crate) fn connection_start(
    index: &std::collections::HashMap<u64, usize>,
    c: &m::Connection,
    format: Format,
) -> std::result::Result<usize, BuildError> {
    index.get(&c.from).copied().ok_or_else(|| {
        BuildError::invalid(
            format,
            Some(Item::Link {
                from: c.from,
                to: c.to,
            }),
            "it starts at an area that is not in the mesh",
        )
    })
}

impl Area {
    /// The area's floor as the game reads it (its stored NW and SE corners and the implicit
    /// corners' heights), for the shared geometry of [`navforge_core::area`]: heights, closest
    /// points, sides and portals.
    pub fn rect(&self) -> navforge_core::area::AreaRect {
        navforge_core::area::AreaRect::new(
            self.north_west.map(F32::get),
            self.south_east.map(F32::get),
            self.north_east_z.get(),
            self.south_west_z.get(),
        )
    }
}

/// An empty document of `version` with the game data layout of `layout` (and `sub_version`
/// from version 10).
pub(crate) fn empty_document(version: u32, sub_version: u32, layout: Layout) -> SourceNavDocument {
    let terror = layout == Layout::Terror;
    SourceNavDocument {
        format: FormatTag,
        version,
        sub_version: (version >= 10).then_some(sub_version),
        bsp_size: (version >= 4).then_some(0),
        is_analyzed: (version >= 14).then_some(0),
        places: Vec::new(),
        has_unnamed_areas: (version >= 12).then_some(0),
        layout,
        terror_pre_area: terror.then(|| TerrorPreArea {
            population: (sub_version >= 12).then(|| NulText::new("default")),
            fog_places: Vec::new(),
        }),
        areas: Vec::new(),
        ladders: Vec::new(),
        terror_post_area: terror.then_some(F32::ZERO),
        raw_body: None,
        trailing: Default::default(),
        visible_areas_as_indices: false,
    }
}

/// The layout a version-16 sub-version stands for.
pub(crate) fn layout_of_sub_version(sub_version: u32) -> Option<Layout> {
    match sub_version {
        0 => Some(Layout::Base),
        1 => Some(Layout::CounterStrike),
        2 => Some(Layout::TeamFortress),
        10..=14 => Some(Layout::Terror),
        _ => None,
    }
}

/// A version-16 document for `mesh`, with the game data layout of `sub_version`: 0 (none),
/// 1 (CS approach block, empty), 2 (TF2 attributes) or 10-14 (L4D blocks). Attribute bits go
/// in as they are (see [`BuildFromModel`](navforge_core::BuildFromModel) for a build by game that
/// translates them by name and reports what it drops).
///
/// Every area is new ([`SourceNavDocument::with_model`] on an empty document): it gets the
/// game's defaults, and the game's per-area word (TF2 attributes, L4D spawn attributes) from
/// bits 32..63 of its attributes; in a layout without one those bits are dropped. Areas must be
/// axis-aligned quads NW, NE, SE, SW (as [`to_model`](navforge_core::NavDocument::to_model)
/// makes them). Connections without a direction get the side facing the target's centre. The
/// model keeps only the number of spots of an encounter path, so their spots are written as the
/// path area's hiding spots in turn (hiding spot 0 when it has none) at evenly spaced `t`.
/// Ladder links of the areas are rebuilt from the ladders (up from the bottom area, down from
/// the top areas); ladder length is the height difference and direction north.
pub fn from_model(
    mesh: &NavMesh,
    sub_version: u32,
) -> std::result::Result<SourceNavDocument, BuildError> {
    let layout = layout_of_sub_version(sub_version).ok_or_else(|| {
        BuildError::new(
            Format::SourceNav,
            BuildErrorKind::Unsupported(format!(
                "sub-version {sub_version}: no known game layout (use 0, 1, 2 or 10-14)"
            )),
        )
    })?;
    let (mut doc, _) = empty_document(16, sub_version, layout).with_model(mesh)?;
    doc.has_unnamed_areas = Some(u8::from(doc.areas.iter().any(|a| a.place == 0)));
    Ok(doc)
}
