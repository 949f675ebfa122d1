//! From the common model back to a document, on top of a base document: areas whose lineage
//! (`origin`) names a base area start as a copy of it, so game data the model cannot name
//! survives edits made through the model; new areas get the game's defaults.

use std::collections::{HashMap, HashSet};

use navforge_core::model::{self as m, NavMesh};
use navforge_core::{BuildError, F32, Format, Item};

use crate::attributes::GAME_WORD_SHIFT;
use crate::lists::{Connections, EncounterSpot, NulText};
use crate::model::SPOT_KINDS;
use crate::types::*;

type Result<T> = std::result::Result<T, BuildError>;

fn bad(at: Option<Item>, msg: impl Into<String>) -> BuildError {
    BuildError::invalid(Format::SourceNav, at, msg)
}

fn at_area(id: u64) -> Option<Item> {
    Some(Item::Area(id))
}

fn id32(id: u64, at: Option<Item>, what: &str) -> Result<u32> {
    u32::try_from(id).map_err(|_| bad(at, format!("{what} {id} does not fit in 32 bits")))
}

/// `old` when it holds exactly `new`'s bits, else `new`: keeps NaN payloads and -0.0 as read.
fn keep_f32(old: F32, new: f32) -> F32 {
    if old.to_bits() == new.to_bits() {
        old
    } else {
        F32::new(new)
    }
}

fn keep3(old: [F32; 3], new: [f32; 3]) -> [F32; 3] {
    [
        keep_f32(old[0], new[0]),
        keep_f32(old[1], new[1]),
        keep_f32(old[2], new[2]),
    ]
}

/// What [`SourceNavDocument::apply_model`] could not carry over from the model, by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ApplyReport {
    /// Areas with a high attribute word (bits 32..63: TF2 attributes, L4D spawn attributes) the
    /// document's layout has no place for; the word was dropped.
    pub dropped_game_attributes: usize,
}

impl SourceNavDocument {
    /// Rebuild the areas, places, ladders, hiding spots and encounter paths from `mesh`, an edited
    /// copy of [`to_model`](navforge_core::NavDocument::to_model)'s output, keeping everything the
    /// model cannot name.
    ///
    /// - A model area whose `origin` names an area of this document starts as a copy of it: its
    ///   game data (TF2 attribute word, L4D block, CS approach list), visibility list, light,
    ///   occupy times, ladder links (but those to ladders the model deleted) and unknown
    ///   hiding-spot flag bits are kept. Both halves of a
    ///   split (same origin) keep them. Corners, attributes, place, connections, hiding spots
    ///   and encounter paths come from the model.
    /// - A model area without such an origin is new and gets the game's defaults (light 1.0,
    ///   empty lists, attribute words from the model's bits).
    /// - An area the model no longer has is gone, and so is every reference to it
    ///   ([`clear_references`](Self::clear_references)); encounter spots at hiding spots the
    ///   model no longer has go too.
    /// - An area the model did not change comes back equal to the original, so it writes the same
    ///   bytes.
    ///
    /// Bits 32..63 of a model area's attributes are the game's per-area word (TF2 attributes,
    /// L4D spawn attributes); in a layout without one they must be 0. On error the document is
    /// unchanged; errors name the model area at fault.
    pub fn apply_model(&mut self, mesh: &NavMesh) -> Result<()> {
        let (doc, report) = self.rebuilt(mesh)?;
        if report.dropped_game_attributes > 0 {
            return Err(bad(
                None,
                format!(
                    "{} areas have bits 32..63 set (a game's per-area word); layout {:?} has no place for them",
                    report.dropped_game_attributes, self.layout
                ),
            ));
        }
        *self = doc;
        Ok(())
    }

    /// [`apply_model`](Self::apply_model) on a copy: the new document, and what it dropped (the
    /// game words of areas in a layout without one) instead of refusing.
    pub fn with_model(&self, mesh: &NavMesh) -> Result<(SourceNavDocument, ApplyReport)> {
        self.rebuilt(mesh)
    }

    fn rebuilt(&self, mesh: &NavMesh) -> Result<(SourceNavDocument, ApplyReport)> {
        if self.raw_body.is_some() || self.layout == Layout::Unknown {
            return Err(bad(
                None,
                "the game data of this file is kept raw: its areas cannot be rebuilt",
            ));
        }
        let mut report = ApplyReport::default();
        let v = self.version;
        let sub = self.sub_version.unwrap_or(0);
        let places = rebuild_places(&self.places, &mesh.places)?;

        // Base areas by ID (the first of duplicates, as lookups by ID find it).
        let mut base: HashMap<u32, usize> = HashMap::with_capacity(self.areas.len());
        for (i, a) in self.areas.iter().enumerate() {
            base.entry(a.id).or_insert(i);
        }
        // Model areas by ID; their connections, hiding spots and encounter paths.
        let index = crate::model::unique_area_index(mesh, Format::SourceNav)?;
        let n = mesh.areas.len();
        let mut conns: Vec<Vec<&m::Connection>> = vec![Vec::new(); n];
        for c in &mesh.connections {
            let i = crate::model::connection_start(&index, c, Format::SourceNav)?;
            conns[i].push(c);
        }
        let mut spots: Vec<Vec<&m::HidingSpot>> = vec![Vec::new(); n];
        for s in &mesh.hiding_spots {
            let i = *index.get(&s.area).ok_or_else(|| {
                bad(
                    at_area(s.area),
                    format!(
                        "hiding spot {} is in this area, which is not in the mesh",
                        s.id
                    ),
                )
            })?;
            spots[i].push(s);
        }
        let mut paths: Vec<Vec<&m::EncounterPath>> = vec![Vec::new(); n];
        for p in &mesh.encounter_paths {
            let i = *index.get(&p.area).ok_or_else(|| {
                bad(
                    at_area(p.area),
                    "an encounter path is in this area, which is not in the mesh",
                )
            })?;
            paths[i].push(p);
        }
        // Ladders the model deleted; links to ladders that never existed stay as they are.
        let model_ladders: HashSet<u64> = mesh.ladders.iter().map(|l| l.id).collect();
        let gone_ladders: HashSet<u32> = self
            .ladders
            .iter()
            .map(|l| l.id)
            .filter(|id| !model_ladders.contains(&u64::from(*id)))
            .collect();

        // Areas: corners first, as connections without a side need every area's centre.
        let mut areas = Vec::with_capacity(n);
        let mut from_base = Vec::with_capacity(n);
        for a in &mesh.areas {
            let at = at_area(a.id);
            let id = id32(a.id, at, "area ID")?;
            let origin = a
                .origin
                .and_then(|o| u32::try_from(o).ok())
                .and_then(|o| base.get(&o).copied());
            from_base.push(origin.is_some());
            let mut area = match origin {
                Some(i) => self.areas[i].clone(),
                None => self.new_area(),
            };
            area.id = id;
            let ([nw, ne, se, sw], bits) = crate::model::source_quad(a, crate::FORMAT)
                .map_err(|e| bad(at, e.kind.to_string()))?;
            area.north_west = keep3(area.north_west, nw);
            area.south_east = keep3(area.south_east, se);
            area.north_east_z = keep_f32(area.north_east_z, ne[2]);
            area.south_west_z = keep_f32(area.south_west_z, sw[2]);
            // The two words, each exactly 32 bits by the mask and the shift.
            let (low, high) = (
                (bits & 0xffff_ffff) as u32,
                (bits >> GAME_WORD_SHIFT) as u32,
            );
            area.attributes = match v {
                ..=8 if low > 0xff => {
                    return Err(bad(at, "version <= 8 stores 8 attribute bits"));
                }
                9..=12 if low > 0xffff => {
                    return Err(bad(at, "versions 9-12 store 16 attribute bits"));
                }
                _ => low,
            };
            match self.layout {
                Layout::TeamFortress => area.tf_attributes = Some(high),
                Layout::Terror => {
                    let t = area.terror.get_or_insert(TerrorArea {
                        spawn_attributes: 0,
                        extra: (sub <= 12).then_some(0),
                        fog_place: 0,
                    });
                    t.spawn_attributes = high;
                }
                _ if high != 0 => report.dropped_game_attributes += 1,
                _ => {}
            }
            area.place = match a.place {
                None => 0,
                Some(p) if (p as usize) < mesh.places.len() => {
                    u16::try_from(p + 1).map_err(|_| bad(at, "place index past 65534"))?
                }
                Some(p) => {
                    return Err(bad(at, format!("place {p} is not in the place list")));
                }
            };
            if v < 5 && area.place != 0 {
                return Err(bad(at, "versions before 5 store no places"));
            }
            areas.push(area);
        }
        for i in 0..n {
            let mut lists: [Vec<u32>; 4] = Default::default();
            for c in &conns[i] {
                let link = Some(Item::Link {
                    from: c.from,
                    to: c.to,
                });
                let to = id32(c.to, link, "connection target")?;
                let side = match c.direction {
                    Some(d) => d.index(),
                    None => {
                        let t = index.get(&c.to).ok_or_else(|| {
                            bad(
                                Some(Item::Link {
                                    from: c.from,
                                    to: c.to,
                                }),
                                format!(
                                    "connection to area {} is not in the mesh and has no side",
                                    c.to
                                ),
                            )
                        })?;
                        areas[i].rect().side_towards(&areas[*t].rect()).index()
                    }
                };
                lists[side].push(to);
            }
            areas[i].connections =
                Connections::from_lists([&lists[0], &lists[1], &lists[2], &lists[3]]);
        }
        for i in 0..n {
            let a = &mesh.areas[i];
            let area = &mut areas[i];
            rebuild_hiding_spots(area, &spots[i], v).map_err(|e| bad(at_area(a.id), e))?;
            rebuild_encounter_paths(area, &paths[i], v).map_err(|e| bad(at_area(a.id), e))?;
            if from_base[i] {
                area.ladders_up.retain(|l| !gone_ladders.contains(l));
                area.ladders_down.retain(|l| !gone_ladders.contains(l));
            } else {
                area.ladders_up.clear();
                area.ladders_down.clear();
            }
        }

        let mut doc = SourceNavDocument {
            places,
            areas,
            ladders: Vec::with_capacity(mesh.ladders.len()),
            ..self.clone_header()
        };
        let new_index: HashMap<u32, usize> = doc
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id, i))
            .collect();
        let base_ladders: HashMap<u32, &Ladder> = self.ladders.iter().map(|l| (l.id, l)).collect();
        for l in &mesh.ladders {
            let at = Some(Item::Ladder(l.id));
            let id = id32(l.id, at, "ladder ID")?;
            if l.top_areas.len() > 4 {
                return Err(bad(at, "a Source ladder has at most 4 top areas"));
            }
            let top = |i: usize| -> Result<u32> {
                id32(l.top_areas.get(i).copied().unwrap_or(0), at, "top area")
            };
            let mut ladder = base_ladders.get(&id).map_or_else(
                || Ladder {
                    id,
                    direction: 0,
                    is_dangling: (v == 6).then_some(0),
                    ..Ladder::default()
                },
                |b| **b,
            );
            let moved = ladder.top.map(F32::to_bits) != l.top.map(f32::to_bits)
                || ladder.bottom.map(F32::to_bits) != l.bottom.map(f32::to_bits);
            ladder.width = keep_f32(ladder.width, l.width);
            ladder.top = keep3(ladder.top, l.top);
            ladder.bottom = keep3(ladder.bottom, l.bottom);
            if moved {
                ladder.length = F32::new((l.top[2] - l.bottom[2]).abs());
            }
            ladder.top_forward_area = top(0)?;
            ladder.top_left_area = top(1)?;
            ladder.top_right_area = top(2)?;
            ladder.top_behind_area = top(3)?;
            ladder.bottom_area = id32(l.bottom_area, at, "bottom area")?;
            // New areas learn their ladder links from the ladders.
            if v >= 7 {
                if let Some(&i) = new_index.get(&ladder.bottom_area)
                    && !from_base[i]
                    && !doc.areas[i].ladders_up.contains(&id)
                {
                    doc.areas[i].ladders_up.push(id);
                }
                for t in l.top_areas.iter().filter(|&&t| t != 0) {
                    if let Some(&i) = u32::try_from(*t).ok().and_then(|t| new_index.get(&t))
                        && !from_base[i]
                        && !doc.areas[i].ladders_down.contains(&id)
                    {
                        doc.areas[i].ladders_down.push(id);
                    }
                }
            }
            doc.ladders.push(ladder);
        }
        if v < 6 && !doc.ladders.is_empty() {
            return Err(bad(
                mesh.ladders.first().map(|l| Item::Ladder(l.id)),
                "versions before 6 store no ladders",
            ));
        }

        // What the model deleted: areas, and hiding spots that encounter spots point at.
        let gone: Vec<u32> = self
            .areas
            .iter()
            .map(|a| a.id)
            .filter(|id| !new_index.contains_key(id))
            .collect();
        for id in gone {
            doc.clear_references(id);
        }
        let spot_ids: HashSet<u32> = doc
            .areas
            .iter()
            .flat_map(|a| &a.hiding_spots)
            .map(|s| s.id)
            .collect();
        let gone_spots: HashSet<u32> = self
            .areas
            .iter()
            .flat_map(|a| &a.hiding_spots)
            .map(|s| s.id)
            .filter(|id| !spot_ids.contains(id))
            .collect();
        if !gone_spots.is_empty() {
            for a in &mut doc.areas {
                a.encounter_paths
                    .retain_spots(|s| !gone_spots.contains(&s.hiding_spot));
            }
        }
        Ok((doc, report))
    }

    /// This document without areas and ladders: the header and the file-level game data.
    fn clone_header(&self) -> SourceNavDocument {
        SourceNavDocument {
            format: FormatTag,
            version: self.version,
            sub_version: self.sub_version,
            bsp_size: self.bsp_size,
            is_analyzed: self.is_analyzed,
            places: Vec::new(),
            has_unnamed_areas: self.has_unnamed_areas,
            layout: self.layout,
            terror_pre_area: self.terror_pre_area.clone(),
            areas: Vec::new(),
            ladders: Vec::new(),
            terror_post_area: self.terror_post_area,
            raw_body: None,
            trailing: self.trailing.clone(),
            visible_areas_as_indices: self.visible_areas_as_indices,
        }
    }

    /// A new area with the game's defaults: full light (version >= 11), no lists, and the
    /// layout's per-area block with zero words.
    pub fn new_area(&self) -> Area {
        let sub = self.sub_version.unwrap_or(0);
        Area {
            light_intensity: if self.version >= 11 {
                [F32::new(1.0); 4]
            } else {
                [F32::ZERO; 4]
            },
            tf_attributes: (self.layout == Layout::TeamFortress).then_some(0),
            terror: (self.layout == Layout::Terror).then_some(TerrorArea {
                spawn_attributes: 0,
                extra: (sub <= 12).then_some(0),
                fog_place: 0,
            }),
            ..Area::default()
        }
    }
}

/// The model's place names as a directory, reusing the base's raw names where the text matches
/// (so names that are not plain text keep their bytes).
fn rebuild_places(base: &[NulText], names: &[String]) -> Result<Vec<NulText>> {
    if names.len() > usize::from(u16::MAX) - 1 {
        return Err(bad(None, "at most 65534 places"));
    }
    if base.len() == names.len() && base.iter().zip(names).all(|(b, n)| b.name_lossy() == *n) {
        return Ok(base.to_vec());
    }
    let by_name: HashMap<String, &NulText> =
        base.iter().rev().map(|p| (p.name_lossy(), p)).collect();
    Ok(names
        .iter()
        .map(|n| {
            by_name
                .get(n)
                .map_or_else(|| NulText::new(n), |p| (*p).clone())
        })
        .collect())
}

/// The area's hiding spots from the model, keeping flag bits the model does not name.
fn rebuild_hiding_spots(
    area: &mut Area,
    spots: &[&m::HidingSpot],
    v: u32,
) -> std::result::Result<(), String> {
    if spots.len() > 255 {
        return Err(format!(
            "{} hiding spots; an area holds at most 255",
            spots.len()
        ));
    }
    let old: HashMap<u32, HidingSpot> = area.hiding_spots.iter().map(|s| (s.id, *s)).collect();
    let mut out = Vec::with_capacity(spots.len());
    for s in spots {
        let id = u32::try_from(s.id)
            .map_err(|_| format!("hiding spot ID {} does not fit in 32 bits", s.id))?;
        let mut flags = 0u8;
        for k in &s.kinds {
            flags |= SPOT_KINDS
                .iter()
                .find(|(_, n)| n == k)
                .map(|(b, _)| *b)
                .ok_or_else(|| format!("hiding spot {id}: unknown kind `{k}`"))?;
        }
        let known: u8 = SPOT_KINDS.iter().map(|(b, _)| b).sum();
        let (position, extra) = match old.get(&id) {
            Some(o) => (keep3(o.position, s.position), o.flags & !known),
            None => (s.position.map(F32::new), 0),
        };
        out.push(if v == 1 {
            HidingSpot {
                id: 0,
                position,
                flags: 0,
            }
        } else {
            HidingSpot {
                id,
                position,
                flags: flags | extra,
            }
        });
    }
    area.hiding_spots = out;
    Ok(())
}

/// The area's encounter paths from the model: each reuses an unused old path with the same ends
/// and number of spots (keeping its directions and spots); others are made up as `from_model`
/// does.
fn rebuild_encounter_paths(
    area: &mut Area,
    paths: &[&m::EncounterPath],
    v: u32,
) -> std::result::Result<(), String> {
    let ends = |p: &m::EncounterPath| -> std::result::Result<(u32, u32), String> {
        let id = |x: u64| {
            u32::try_from(x).map_err(|_| format!("encounter path end {x} does not fit in 32 bits"))
        };
        Ok((id(p.from)?, id(p.to)?))
    };
    if v < 3 {
        let mut old: Vec<Option<LegacyEncounterPath>> =
            std::mem::take(&mut area.legacy_encounter_paths)
                .into_iter()
                .map(Some)
                .collect();
        for p in paths {
            let (from, to) = ends(p)?;
            let reuse = old.iter_mut().find(|o| {
                o.as_ref()
                    .is_some_and(|o| o.from == from && o.to == to && o.spots.len() == p.spots)
            });
            let path = match reuse.and_then(Option::take) {
                Some(o) => o,
                None => LegacyEncounterPath {
                    from,
                    to,
                    spots: vec![LegacySpot::default(); p.spots],
                    ..LegacyEncounterPath::default()
                },
            };
            area.legacy_encounter_paths.push(path);
        }
        return Ok(());
    }
    let old = std::mem::take(&mut area.encounter_paths);
    let mut used = vec![false; old.len()];
    let mut out = crate::lists::EncounterPaths::default();
    for p in paths {
        let (from, to) = ends(p)?;
        let reuse = old
            .iter()
            .enumerate()
            .find(|(i, (h, s))| !used[*i] && h.from == from && h.to == to && s.len() == p.spots);
        let res = match reuse {
            Some((i, (h, s))) => {
                used[i] = true;
                out.push(h.from, h.from_direction, h.to, h.to_direction, s)
            }
            None => {
                let side = |target: u32| -> u8 {
                    area.connections
                        .iter()
                        .find(|&(_, id)| id == target)
                        .map_or(0, |(d, _)| d as u8)
                };
                let spots: Vec<EncounterSpot> = (0..p.spots)
                    .map(|i| EncounterSpot {
                        hiding_spot: match area.hiding_spots.len() {
                            0 => 0,
                            n => area.hiding_spots[i % n].id,
                        },
                        t: u8::try_from((i + 1) * 255 / (p.spots + 1)).unwrap_or(u8::MAX),
                    })
                    .collect();
                out.push(from, side(from), to, side(to), &spots)
            }
        };
        res.map_err(|e| e.to_string())?;
    }
    area.encounter_paths = out;
    Ok(())
}
