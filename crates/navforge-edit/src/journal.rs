//! What one edit changed, recorded as it happens so it can be undone: for each area only the
//! parts it touched (its small fields, connections, spots, ...), the areas it inserted or removed
//! (with their positions), the ladders it changed, and the length of the place directory. Memory
//! grows with the change, not with the mesh or the size of the lists an edit leaves alone.

use navforge_core::F32;
use navforge_source::{
    Approach, Area, Connections, EncounterPaths, HidingSpot, Ladder, LegacyEncounterPath,
    SourceNavDocument, TerrorArea, VisibleArea,
};

/// Which parts of an area a record holds (bit set).
pub(crate) type Mask = u8;
/// Attributes, corners, place, game words, occupy times and light.
pub(crate) const HEAD: Mask = 1;
/// Connections.
pub(crate) const CONNECTIONS: Mask = 1 << 1;
/// Hiding spots.
pub(crate) const SPOTS: Mask = 1 << 2;
/// Encounter paths (and legacy paths).
pub(crate) const ENCOUNTER: Mask = 1 << 3;
/// Approach areas.
pub(crate) const APPROACH: Mask = 1 << 4;
/// Visible areas and `inherit_visibility_from`.
pub(crate) const VISIBLE: Mask = 1 << 5;
/// Ladder lists.
pub(crate) const LADDERS: Mask = 1 << 6;
/// The whole area.
pub(crate) const ALL: Mask = (1 << 7) - 1;

/// One recorded change, undone by [`rollback`] in reverse order.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// The area at `index` (ID `id`) had these parts.
    Parts {
        index: usize,
        id: u32,
        parts: Box<Parts>,
    },
    /// Entries of the visibility list of the area at `index` were renamed or removed (an area
    /// went away or merged): only those entries are kept, not the list.
    Visible {
        index: usize,
        id: u32,
        patch: Box<VisiblePatch>,
    },
    /// Area `id` was inserted at `index`.
    Inserted { index: usize, id: u32 },
    /// This area was removed from `index`.
    Removed { index: usize, area: Box<Area> },
    /// The ladder at `index` had these contents.
    Ladder { index: usize, before: Box<Ladder> },
    /// A ladder was inserted at `index`.
    LadderInserted { index: usize },
    /// This ladder was removed from `index`.
    LadderRemoved { index: usize, ladder: Box<Ladder> },
    /// The place directory had this many names (names are only ever appended).
    Places { len: usize },
}

impl Op {
    /// Heap and inline bytes of the record, for the history's memory figure.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of::<Op>()
            + match self {
                Op::Parts { parts, .. } => parts.bytes(),
                Op::Visible { patch, .. } => patch.bytes(),
                Op::Removed { area, .. } => area_bytes(area),
                Op::Ladder { .. } | Op::LadderRemoved { .. } => std::mem::size_of::<Ladder>(),
                _ => 0,
            }
    }

    /// The area position the record restores, if it is an area record.
    pub(crate) fn area_id(&self) -> Option<u32> {
        match self {
            Op::Parts { id, .. } | Op::Visible { id, .. } | Op::Inserted { id, .. } => Some(*id),
            Op::Removed { area, .. } => Some(area.id),
            _ => None,
        }
    }
}

/// Bytes an area holds, inline and on the heap.
pub(crate) fn area_bytes(a: &Area) -> usize {
    std::mem::size_of::<Area>()
        + a.connections.len() * 4
        + a.hiding_spots.len() * std::mem::size_of::<HidingSpot>()
        + a.approach_areas.len() * std::mem::size_of::<Approach>()
        + a.encounter_paths.len() * 16
        + a.encounter_paths.spot_count() * 8
        + a.legacy_encounter_paths.len() * std::mem::size_of::<LegacyEncounterPath>()
        + a.visible_areas.len() * std::mem::size_of::<VisibleArea>()
        + (a.ladders_up.len() + a.ladders_down.len()) * 4
}

/// An area's small fields: what attribute, place and corner edits change.
#[derive(Debug, Clone)]
pub(crate) struct Head {
    attributes: u32,
    north_west: [F32; 3],
    south_east: [F32; 3],
    north_east_z: F32,
    south_west_z: F32,
    place: u16,
    earliest_occupy_time: [F32; 2],
    light_intensity: [F32; 4],
    tf_attributes: Option<u32>,
    terror: Option<TerrorArea>,
}

/// Some parts of an area, as they were.
#[derive(Debug, Clone, Default)]
pub(crate) struct Parts {
    head: Option<Head>,
    connections: Option<Connections>,
    hiding_spots: Option<Vec<HidingSpot>>,
    encounter: Option<(EncounterPaths, Vec<LegacyEncounterPath>)>,
    approach: Option<Vec<Approach>>,
    visible: Option<(Vec<VisibleArea>, u32)>,
    ladders: Option<(Vec<u32>, Vec<u32>)>,
}

impl Parts {
    /// Copies of the parts of `a` named by `mask`.
    pub(crate) fn take(a: &Area, mask: Mask) -> Parts {
        // Every field by name: a field added to `Area` must be given a part here.
        let Area {
            id: _,
            attributes,
            north_west,
            south_east,
            north_east_z,
            south_west_z,
            connections,
            hiding_spots,
            approach_areas,
            encounter_paths,
            legacy_encounter_paths,
            place,
            ladders_up,
            ladders_down,
            earliest_occupy_time,
            light_intensity,
            visible_areas,
            inherit_visibility_from,
            tf_attributes,
            terror,
        } = a;
        let has = |m: Mask| mask & m != 0;
        Parts {
            head: has(HEAD).then_some(Head {
                attributes: *attributes,
                north_west: *north_west,
                south_east: *south_east,
                north_east_z: *north_east_z,
                south_west_z: *south_west_z,
                place: *place,
                earliest_occupy_time: *earliest_occupy_time,
                light_intensity: *light_intensity,
                tf_attributes: *tf_attributes,
                terror: *terror,
            }),
            connections: has(CONNECTIONS).then(|| connections.clone()),
            hiding_spots: has(SPOTS).then(|| hiding_spots.clone()),
            encounter: has(ENCOUNTER)
                .then(|| (encounter_paths.clone(), legacy_encounter_paths.clone())),
            approach: has(APPROACH).then(|| approach_areas.clone()),
            visible: has(VISIBLE).then(|| (visible_areas.clone(), *inherit_visibility_from)),
            ladders: has(LADDERS).then(|| (ladders_up.clone(), ladders_down.clone())),
        }
    }

    /// Put the recorded parts back into `a` (a clone of the record stays usable).
    pub(crate) fn restore(&self, a: &mut Area) {
        if let Some(h) = &self.head {
            a.attributes = h.attributes;
            a.north_west = h.north_west;
            a.south_east = h.south_east;
            a.north_east_z = h.north_east_z;
            a.south_west_z = h.south_west_z;
            a.place = h.place;
            a.earliest_occupy_time = h.earliest_occupy_time;
            a.light_intensity = h.light_intensity;
            a.tf_attributes = h.tf_attributes;
            a.terror = h.terror;
        }
        if let Some(c) = &self.connections {
            a.connections = c.clone();
        }
        if let Some(s) = &self.hiding_spots {
            a.hiding_spots = s.clone();
        }
        if let Some((e, l)) = &self.encounter {
            a.encounter_paths = e.clone();
            a.legacy_encounter_paths = l.clone();
        }
        if let Some(x) = &self.approach {
            a.approach_areas = x.clone();
        }
        if let Some((v, i)) = &self.visible {
            a.visible_areas = v.clone();
            a.inherit_visibility_from = *i;
        }
        if let Some((u, d)) = &self.ladders {
            a.ladders_up = u.clone();
            a.ladders_down = d.clone();
        }
    }

    /// Like [`restore`](Self::restore), moving the lists instead of copying them.
    fn restore_owned(self, a: &mut Area) {
        if let Some(h) = self.head {
            a.attributes = h.attributes;
            a.north_west = h.north_west;
            a.south_east = h.south_east;
            a.north_east_z = h.north_east_z;
            a.south_west_z = h.south_west_z;
            a.place = h.place;
            a.earliest_occupy_time = h.earliest_occupy_time;
            a.light_intensity = h.light_intensity;
            a.tf_attributes = h.tf_attributes;
            a.terror = h.terror;
        }
        if let Some(c) = self.connections {
            a.connections = c;
        }
        if let Some(s) = self.hiding_spots {
            a.hiding_spots = s;
        }
        if let Some((e, l)) = self.encounter {
            a.encounter_paths = e;
            a.legacy_encounter_paths = l;
        }
        if let Some(x) = self.approach {
            a.approach_areas = x;
        }
        if let Some((v, i)) = self.visible {
            a.visible_areas = v;
            a.inherit_visibility_from = i;
        }
        if let Some((u, d)) = self.ladders {
            a.ladders_up = u;
            a.ladders_down = d;
        }
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Parts>()
            + self.connections.as_ref().map_or(0, |c| c.len() * 4)
            + self
                .hiding_spots
                .as_ref()
                .map_or(0, |s| s.len() * std::mem::size_of::<HidingSpot>())
            + self.encounter.as_ref().map_or(0, |(e, l)| {
                e.len() * 16
                    + e.spot_count() * 8
                    + l.len() * std::mem::size_of::<LegacyEncounterPath>()
            })
            + self
                .approach
                .as_ref()
                .map_or(0, |x| x.len() * std::mem::size_of::<Approach>())
            + self
                .visible
                .as_ref()
                .map_or(0, |(v, _)| v.len() * std::mem::size_of::<VisibleArea>())
            + self
                .ladders
                .as_ref()
                .map_or(0, |(u, d)| (u.len() + d.len()) * 4)
    }
}

/// A change to one visibility list: entries renamed from `old` (positions in the list before the
/// removals), then entries removed (positions in the renamed list, ascending, with their values),
/// and `inherit_visibility_from` as it was when it changed.
#[derive(Debug, Clone, Default)]
pub(crate) struct VisiblePatch {
    old: u32,
    renamed: Vec<u32>,
    removed: Vec<(u32, VisibleArea)>,
    inherit: Option<u32>,
}

impl VisiblePatch {
    /// The change that removes every entry for `id` (and clears `inherit_visibility_from` when
    /// it is `id`); `None` when nothing would change.
    pub(crate) fn clear(a: &Area, id: u32) -> Option<VisiblePatch> {
        let removed: Vec<(u32, VisibleArea)> = a
            .visible_areas
            .iter()
            .enumerate()
            .filter(|(_, v)| v.id == id)
            .map(|(i, v)| (i as u32, *v))
            .collect();
        let inherit = (a.inherit_visibility_from == id).then_some(id);
        (!removed.is_empty() || inherit.is_some()).then(|| VisiblePatch {
            old: id,
            renamed: Vec::new(),
            removed,
            inherit,
        })
    }

    /// The change that renames entries for `old` to `new`, keeping only the first entry for
    /// `new` (the document's `retarget_area` rule); `None` when nothing would change.
    pub(crate) fn retarget(a: &Area, old: u32, new: u32) -> Option<VisiblePatch> {
        let renamed: Vec<u32> = a
            .visible_areas
            .iter()
            .enumerate()
            .filter(|(_, v)| v.id == old)
            .map(|(i, _)| i as u32)
            .collect();
        let mut removed = Vec::new();
        if !renamed.is_empty() {
            let mut seen = false;
            for (i, v) in a.visible_areas.iter().enumerate() {
                let id = if v.id == old { new } else { v.id };
                if id == new {
                    if seen {
                        removed.push((i as u32, VisibleArea { id, ..*v }));
                    }
                    seen = true;
                }
            }
        }
        let inherit = (a.inherit_visibility_from == old).then_some(old);
        (!renamed.is_empty() || inherit.is_some()).then_some(VisiblePatch {
            old,
            renamed,
            removed,
            inherit,
        })
    }

    /// Make the change on `a` (which must be as the patch was computed from), naming `new`.
    pub(crate) fn apply(&self, a: &mut Area, new: u32) {
        for &i in &self.renamed {
            if let Some(v) = a.visible_areas.get_mut(i as usize) {
                v.id = new;
            }
        }
        for &(i, _) in self.removed.iter().rev() {
            if (i as usize) < a.visible_areas.len() {
                a.visible_areas.remove(i as usize);
            }
        }
        if self.inherit.is_some() {
            a.inherit_visibility_from = new;
        }
    }

    /// Take the change back.
    pub(crate) fn undo(&self, a: &mut Area) {
        for &(i, v) in &self.removed {
            let i = (i as usize).min(a.visible_areas.len());
            a.visible_areas.insert(i, v);
        }
        for &i in &self.renamed {
            if let Some(v) = a.visible_areas.get_mut(i as usize) {
                v.id = self.old;
            }
        }
        if let Some(x) = self.inherit {
            a.inherit_visibility_from = x;
        }
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<VisiblePatch>()
            + self.renamed.len() * 4
            + self.removed.len() * (4 + std::mem::size_of::<VisibleArea>())
    }
}

/// Undo `ops` (recorded in order) on `doc`.
pub(crate) fn rollback(doc: &mut SourceNavDocument, ops: Vec<Op>) {
    for op in ops.into_iter().rev() {
        match op {
            Op::Parts { index, parts, .. } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    parts.restore_owned(a);
                }
            }
            Op::Visible { index, patch, .. } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    patch.undo(a);
                }
            }
            Op::Inserted { index, .. } => {
                if index < doc.areas.len() {
                    doc.areas.remove(index);
                }
            }
            Op::Removed { index, area } => {
                let index = index.min(doc.areas.len());
                doc.areas.insert(index, *area);
            }
            Op::Ladder { index, before } => {
                if let Some(l) = doc.ladders.get_mut(index) {
                    *l = *before;
                }
            }
            Op::LadderInserted { index } => {
                if index < doc.ladders.len() {
                    doc.ladders.remove(index);
                }
            }
            Op::LadderRemoved { index, ladder } => {
                let index = index.min(doc.ladders.len());
                doc.ladders.insert(index, *ladder);
            }
            Op::Places { len } => doc.places.truncate(len),
        }
    }
}

/// Whether rolling `ops` back moves areas to other positions.
pub(crate) fn moves_areas(ops: &[Op]) -> bool {
    ops.iter()
        .any(|o| matches!(o, Op::Removed { .. }) || matches!(o, Op::Inserted { .. }))
}
