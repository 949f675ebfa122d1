//! Conversion between the Source document and the common model.

use std::collections::HashMap;

use navforge_core::model::{self as m, ConnectionKind, Direction, NavMesh};
use navforge_core::{Error, F32, Result};

use crate::FORMAT;
use crate::lists::{Connections, EncounterSpot, NulText};
use crate::types::*;

/// Names of the Source `NAV_MESH_*` attribute bits (`nav.h`); other bits are named `bitN`.
const ATTRIBUTES: [(u32, &str); 19] = [
    (0x1, "crouch"),
    (0x2, "jump"),
    (0x4, "precise"),
    (0x8, "no_jump"),
    (0x10, "stop"),
    (0x20, "run"),
    (0x40, "walk"),
    (0x80, "avoid"),
    (0x100, "transient"),
    (0x200, "dont_hide"),
    (0x400, "stand"),
    (0x800, "no_hostages"),
    (0x1000, "stairs"),
    (0x2000, "no_merge"),
    (0x4000, "obstacle_top"),
    (0x8000, "cliff"),
    (0x2000_0000, "func_cost"),
    (0x4000_0000, "has_elevator"),
    (0x8000_0000, "nav_blocker"),
];

const SPOT_KINDS: [(u8, &str); 4] = [
    (0x1, "cover"),
    (0x2, "good_sniper"),
    (0x4, "ideal_sniper"),
    (0x8, "exposed"),
];

/// The names of the attribute bits, for the model's [`NavMesh::attribute_table`].
pub fn attribute_table() -> Vec<m::AttributeFlag> {
    ATTRIBUTES
        .iter()
        .map(|&(bit, name)| m::AttributeFlag {
            bit: bit.into(),
            name: name.to_string(),
        })
        .collect()
}

fn v3(p: [F32; 3]) -> [f32; 3] {
    p.map(f32::from)
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
        attribute_table: attribute_table(),
        places: d.places.iter().map(|p| p.name_lossy()).collect(),
        ..NavMesh::default()
    };
    mesh.areas.reserve(d.areas.len());
    for a in &d.areas {
        let id = a.id as u64;
        mesh.areas.push(m::Area {
            id,
            polygon: corners(a).to_vec(),
            attributes: a.attributes.into(),
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

fn bad(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::invalid(FORMAT, field, 0, msg)
}

/// A model area as a Source quad: its corners north-west, north-east, south-east, south-west and
/// its attribute word (raw bits plus named flags). Errors name `format`, the file being built.
pub(crate) fn source_quad(
    a: &navforge_core::model::Area,
    format: &'static str,
) -> Result<([[f32; 3]; 4], u32)> {
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
    let attributes =
        u32::try_from(a.attributes).map_err(|_| bad("attribute bits beyond 32".into()))?;
    Ok(([nw, ne, se, sw], attributes))
}

fn id32(id: u64, what: &str) -> Result<u32> {
    u32::try_from(id).map_err(|_| bad(what, format!("ID {id} does not fit in 32 bits")))
}

fn dir_index(d: Direction) -> usize {
    match d {
        Direction::North => 0,
        Direction::East => 1,
        Direction::South => 2,
        Direction::West => 3,
    }
}

/// The side of `from` that faces `to`, by their centres (north is -y).
fn side_towards(from: &Area, to: &Area) -> usize {
    let c = |a: &Area| {
        [
            (a.north_west[0].get() + a.south_east[0].get()) / 2.0,
            (a.north_west[1].get() + a.south_east[1].get()) / 2.0,
        ]
    };
    let (f, t) = (c(from), c(to));
    let (dx, dy) = (t[0] - f[0], t[1] - f[1]);
    if dx.abs() > dy.abs() {
        if dx > 0.0 { 1 } else { 3 }
    } else if dy > 0.0 {
        2
    } else {
        0
    }
}

/// A version-16 document for `mesh`, with the game data layout of `sub_version`: 0 (none),
/// 1 (CS approach block, empty), 2 (TF2 attributes, 0) or 10-14 (L4D blocks, neutral values).
///
/// Areas must be axis-aligned quads NW, NE, SE, SW (as [`to_model`](navforge_core::NavDocument::to_model) makes
/// them). Connections without a direction get the side facing the target's centre. The model
/// keeps only the number of spots of an encounter path, so their spots are written as the
/// path area's hiding spots in turn (hiding spot 0 when it has none) at evenly spaced `t`.
/// Ladder links of the areas are rebuilt from the ladders (up from the bottom area, down from
/// the top areas); ladder length is the height difference and direction north.
pub fn from_model(mesh: &NavMesh, sub_version: u32) -> Result<SourceNavDocument> {
    let layout = match sub_version {
        0 => Layout::Base,
        1 => Layout::CounterStrike,
        2 => Layout::TeamFortress,
        10..=14 => Layout::Terror,
        s => {
            return Err(bad(
                "sub_version",
                format!("no known game layout for sub-version {s} (use 0, 1, 2 or 10-14)"),
            ));
        }
    };
    if mesh.places.len() > u16::MAX as usize - 1 {
        return Err(bad("places", "at most 65534 places"));
    }
    let mut doc = SourceNavDocument {
        format: FormatTag,
        version: 16,
        sub_version: Some(sub_version),
        bsp_size: Some(0),
        is_analyzed: Some(0),
        places: mesh.places.iter().map(|p| NulText::new(p)).collect(),
        has_unnamed_areas: Some(mesh.areas.iter().any(|a| a.place.is_none()) as u8),
        layout,
        terror_pre_area: (layout == Layout::Terror).then(|| TerrorPreArea {
            population: (sub_version >= 12).then(|| NulText::new("default")),
            fog_places: Vec::new(),
        }),
        areas: Vec::with_capacity(mesh.areas.len()),
        ladders: Vec::with_capacity(mesh.ladders.len()),
        terror_post_area: (layout == Layout::Terror).then_some(F32::ZERO),
        raw_body: None,
        trailing: Default::default(),
    };
    let mut index: HashMap<u64, usize> = HashMap::with_capacity(mesh.areas.len());
    for (i, a) in mesh.areas.iter().enumerate() {
        let field = || format!("area {}", a.id);
        let id = id32(a.id, "area id")?;
        if index.insert(a.id, i).is_some() {
            return Err(bad(field(), "duplicate area ID"));
        }
        let ([nw, ne, se, sw], attributes) = source_quad(a, FORMAT)?;
        let place = match a.place {
            None => 0,
            Some(p) if (p as usize) < mesh.places.len() => p as u16 + 1,
            Some(p) => return Err(bad(field(), format!("place {p} is not in the place list"))),
        };
        doc.areas.push(Area {
            id,
            attributes,
            north_west: nw.map(F32::new),
            south_east: se.map(F32::new),
            north_east_z: F32::new(ne[2]),
            south_west_z: F32::new(sw[2]),
            place,
            light_intensity: [F32::new(1.0); 4],
            tf_attributes: (layout == Layout::TeamFortress).then_some(0),
            terror: (layout == Layout::Terror).then_some(TerrorArea {
                spawn_attributes: 0,
                extra: (sub_version <= 12).then_some(0),
                fog_place: 0,
            }),
            ..Area::default()
        });
    }
    // Connections, per side, in model order.
    let mut lists: Vec<[Vec<u32>; 4]> = vec![Default::default(); doc.areas.len()];
    for c in &mesh.connections {
        let from = *index
            .get(&c.from)
            .ok_or_else(|| bad("connections", format!("from unknown area {}", c.from)))?;
        let to = id32(c.to, "connection target")?;
        let dir = match c.direction {
            Some(d) => dir_index(d),
            None => {
                let t = index.get(&c.to).ok_or_else(|| {
                    bad(
                        "connections",
                        format!("to unknown area {} and without a direction", c.to),
                    )
                })?;
                side_towards(&doc.areas[from], &doc.areas[*t])
            }
        };
        lists[from][dir].push(to);
    }
    for (a, l) in doc.areas.iter_mut().zip(&lists) {
        a.connections = Connections::from_lists([&l[0], &l[1], &l[2], &l[3]]);
    }
    for s in &mesh.hiding_spots {
        let at = *index
            .get(&s.area)
            .ok_or_else(|| bad("hiding_spots", format!("in unknown area {}", s.area)))?;
        let mut flags = 0u8;
        for k in &s.kinds {
            flags |= SPOT_KINDS
                .iter()
                .find(|(_, n)| n == k)
                .map(|(b, _)| *b)
                .ok_or_else(|| bad("hiding_spots", format!("unknown kind `{k}`")))?;
        }
        let area = &mut doc.areas[at];
        if area.hiding_spots.len() == 255 {
            return Err(bad("hiding_spots", "an area holds at most 255"));
        }
        area.hiding_spots.push(HidingSpot {
            id: id32(s.id, "hiding spot id")?,
            position: s.position.map(F32::new),
            flags,
        });
    }
    for p in &mesh.encounter_paths {
        let at = *index
            .get(&p.area)
            .ok_or_else(|| bad("encounter_paths", format!("in unknown area {}", p.area)))?;
        if p.spots > 255 {
            return Err(bad("encounter_paths", "a path holds at most 255 spots"));
        }
        let (from, to) = (id32(p.from, "encounter from")?, id32(p.to, "encounter to")?);
        let area = &doc.areas[at];
        let side = |target: u32| -> u8 {
            area.connections
                .iter()
                .find(|&(_, id)| id == target)
                .map_or(0, |(d, _)| d as u8)
        };
        let (fd, td) = (side(from), side(to));
        let spots: Vec<EncounterSpot> = (0..p.spots)
            .map(|i| EncounterSpot {
                hiding_spot: match area.hiding_spots.len() {
                    0 => 0,
                    n => area.hiding_spots[i % n].id,
                },
                t: ((i + 1) * 255 / (p.spots + 1)) as u8,
            })
            .collect();
        let area = &mut doc.areas[at];
        let mut paths = std::mem::take(&mut area.encounter_paths);
        paths.push(from, fd, to, td, &spots);
        area.encounter_paths = paths;
    }
    for l in &mesh.ladders {
        if l.top_areas.len() > 4 {
            return Err(bad("ladders", "a Source ladder has at most 4 top areas"));
        }
        let top = |i: usize| -> Result<u32> {
            id32(l.top_areas.get(i).copied().unwrap_or(0), "ladder top area")
        };
        let ladder = Ladder {
            id: id32(l.id, "ladder id")?,
            width: F32::new(l.width),
            top: l.top.map(F32::new),
            bottom: l.bottom.map(F32::new),
            length: F32::new((l.top[2] - l.bottom[2]).abs()),
            direction: 0,
            is_dangling: None,
            top_forward_area: top(0)?,
            top_left_area: top(1)?,
            top_right_area: top(2)?,
            top_behind_area: top(3)?,
            bottom_area: id32(l.bottom_area, "ladder bottom area")?,
        };
        if let Some(&i) = index.get(&l.bottom_area) {
            doc.areas[i].ladders_up.push(ladder.id);
        }
        for t in l.top_areas.iter().filter(|&&t| t != 0) {
            if let Some(&i) = index.get(t)
                && !doc.areas[i].ladders_down.contains(&ladder.id)
            {
                doc.areas[i].ladders_down.push(ladder.id);
            }
        }
        doc.ladders.push(ladder);
    }
    Ok(doc)
}
