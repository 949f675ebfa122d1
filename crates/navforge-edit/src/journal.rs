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
pub(crate) type Mask = u16;
/// The attribute words: base attributes, TF2's word, L4D's spawn attributes and fog.
pub(crate) const ATTRIBUTES: Mask = 1;
/// The four corners.
pub(crate) const CORNERS: Mask = 1 << 1;
/// The place.
pub(crate) const PLACE: Mask = 1 << 2;
/// Occupy times and light intensities.
pub(crate) const MISC: Mask = 1 << 3;
/// Connections.
pub(crate) const CONNECTIONS: Mask = 1 << 4;
/// Hiding spots.
pub(crate) const SPOTS: Mask = 1 << 5;
/// Encounter paths (and legacy paths).
pub(crate) const ENCOUNTER: Mask = 1 << 6;
/// Approach areas.
pub(crate) const APPROACH: Mask = 1 << 7;
/// Visible areas and `inherit_visibility_from`.
pub(crate) const VISIBLE: Mask = 1 << 8;
/// Ladder lists.
pub(crate) const LADDERS: Mask = 1 << 9;
/// The whole area.
pub(crate) const ALL: Mask = (1 << 10) - 1;

/// One part of an area as it was.
#[derive(Debug, Clone)]
pub(crate) enum Part {
    Attributes {
        attributes: u32,
        tf: Option<u32>,
        terror: Option<TerrorArea>,
    },
    Corners([F32; 8]),
    Place(u16),
    Misc(Box<([F32; 2], [F32; 4])>),
    Connections(Box<Connections>),
    Spots(Vec<HidingSpot>),
    Encounter(Box<(EncounterPaths, Vec<LegacyEncounterPath>)>),
    Approach(Vec<Approach>),
    Visible(Box<(Vec<VisibleArea>, u32)>),
    Ladders(Box<(Vec<u32>, Vec<u32>)>),
}

/// One recorded change, undone by [`rollback`] in reverse order.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// The area at `index` (ID `id`) had this part.
    Part { index: u32, id: u32, part: Part },
    /// Entries of visibility lists were renamed or removed (an area went away or merged):
    /// only those entries are kept, a few bytes each, not the lists.
    Visible(Box<VisibleBatch>),
    /// Area `id` was inserted at `index`.
    Inserted { index: usize, id: u32 },
    /// This area was removed from `index`.
    Removed { index: usize, area: Box<Area> },
    /// These areas were removed at once from these positions (ascending, in the list before).
    RemovedMany(Vec<(usize, Area)>),
    /// The ladder at `index` had these contents.
    Ladder { index: usize, before: Box<Ladder> },
    /// A ladder was inserted at `index`.
    LadderInserted { index: usize },
    /// This ladder was removed from `index`.
    LadderRemoved { index: usize, ladder: Box<Ladder> },
    /// The place directory had this many names (names are only ever appended).
    Places { len: usize },
    /// The whole document was replaced (`nav_generate`, `nav_analyze`): this is what it was.
    Document(Box<SourceNavDocument>),
}

impl Op {
    /// Heap and inline bytes of the record, for the history's memory figure.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of::<Op>()
            + match self {
                Op::Part { part, .. } => part.heap_bytes(),
                Op::Visible(batch) => batch.bytes(),
                Op::Removed { area, .. } => area_bytes(area),
                Op::RemovedMany(areas) => areas
                    .iter()
                    .map(|(_, a)| area_bytes(a) + std::mem::size_of::<usize>())
                    .sum(),
                Op::Ladder { .. } | Op::LadderRemoved { .. } => std::mem::size_of::<Ladder>(),
                Op::Document(doc) => doc.areas.iter().map(area_bytes).sum(),
                _ => 0,
            }
    }

    /// The areas the record restores.
    pub(crate) fn area_ids(&self) -> Vec<u32> {
        match self {
            Op::Visible(b) => b.entries.iter().map(|e| e.id).collect(),
            Op::RemovedMany(areas) => areas.iter().map(|(_, a)| a.id).collect(),
            Op::Document(doc) => doc.areas.iter().map(|a| a.id).collect(),
            _ => self.area_id().into_iter().collect(),
        }
    }

    /// The area the record restores, if it is a one-area record.
    pub(crate) fn area_id(&self) -> Option<u32> {
        match self {
            Op::Part { id, .. } | Op::Inserted { id, .. } => Some(*id),
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

impl Part {
    /// Copies of the parts of `a` named by `mask`, one record each.
    pub(crate) fn take(a: &Area, mask: Mask) -> Vec<Part> {
        // Every field by name, in the order of the parts: a field added to `Area` must be given
        // a part here.
        let Area {
            id: _,
            attributes,
            tf_attributes,
            terror,
            north_west,
            south_east,
            north_east_z,
            south_west_z,
            place,
            earliest_occupy_time,
            light_intensity,
            connections,
            hiding_spots,
            encounter_paths,
            legacy_encounter_paths,
            approach_areas,
            visible_areas,
            inherit_visibility_from,
            ladders_up,
            ladders_down,
        } = a;
        let mut out = Vec::with_capacity(mask.count_ones() as usize);
        let has = |m: Mask| mask & m != 0;
        if has(ATTRIBUTES) {
            out.push(Part::Attributes {
                attributes: *attributes,
                tf: *tf_attributes,
                terror: *terror,
            });
        }
        if has(CORNERS) {
            let [x0, y0, z0] = *north_west;
            let [x1, y1, z1] = *south_east;
            out.push(Part::Corners([
                x0,
                y0,
                z0,
                x1,
                y1,
                z1,
                *north_east_z,
                *south_west_z,
            ]));
        }
        if has(PLACE) {
            out.push(Part::Place(*place));
        }
        if has(MISC) {
            out.push(Part::Misc(Box::new((
                *earliest_occupy_time,
                *light_intensity,
            ))));
        }
        if has(CONNECTIONS) {
            out.push(Part::Connections(Box::new(connections.clone())));
        }
        if has(SPOTS) {
            out.push(Part::Spots(hiding_spots.clone()));
        }
        if has(ENCOUNTER) {
            out.push(Part::Encounter(Box::new((
                encounter_paths.clone(),
                legacy_encounter_paths.clone(),
            ))));
        }
        if has(APPROACH) {
            out.push(Part::Approach(approach_areas.clone()));
        }
        if has(VISIBLE) {
            out.push(Part::Visible(Box::new((
                visible_areas.clone(),
                *inherit_visibility_from,
            ))));
        }
        if has(LADDERS) {
            out.push(Part::Ladders(Box::new((
                ladders_up.clone(),
                ladders_down.clone(),
            ))));
        }
        out
    }

    /// Put the part back into `a`.
    pub(crate) fn restore(self, a: &mut Area) {
        match self {
            Part::Attributes {
                attributes,
                tf,
                terror,
            } => {
                a.attributes = attributes;
                a.tf_attributes = tf;
                a.terror = terror;
            }
            Part::Corners([x0, y0, z0, x1, y1, z1, ne, sw]) => {
                a.north_west = [x0, y0, z0];
                a.south_east = [x1, y1, z1];
                a.north_east_z = ne;
                a.south_west_z = sw;
            }
            Part::Place(p) => a.place = p,
            Part::Misc(m) => (a.earliest_occupy_time, a.light_intensity) = *m,
            Part::Connections(c) => a.connections = *c,
            Part::Spots(s) => a.hiding_spots = s,
            Part::Encounter(e) => (a.encounter_paths, a.legacy_encounter_paths) = *e,
            Part::Approach(x) => a.approach_areas = x,
            Part::Visible(v) => (a.visible_areas, a.inherit_visibility_from) = *v,
            Part::Ladders(l) => (a.ladders_up, a.ladders_down) = *l,
        }
    }

    fn heap_bytes(&self) -> usize {
        match self {
            Part::Attributes { .. } | Part::Corners(_) | Part::Place(_) => 0,
            Part::Misc(_) => 24,
            Part::Connections(c) => std::mem::size_of::<Connections>() + c.len() * 4,
            Part::Spots(s) => s.capacity() * std::mem::size_of::<HidingSpot>(),
            Part::Encounter(e) => {
                std::mem::size_of::<(EncounterPaths, Vec<LegacyEncounterPath>)>()
                    + e.0.len() * 16
                    + e.0.spot_count() * 8
                    + e.1.len() * std::mem::size_of::<LegacyEncounterPath>()
            }
            Part::Approach(x) => x.capacity() * std::mem::size_of::<Approach>(),
            Part::Visible(v) => 32 + v.0.capacity() * std::mem::size_of::<VisibleArea>(),
            Part::Ladders(l) => 48 + (l.0.capacity() + l.1.capacity()) * 4,
        }
    }
}

/// What happened to one visibility entry (or to `inherit_visibility_from`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum EntryKind {
    /// Removed from `pos` (positions ascending within a list); it had `attributes`.
    Removed,
    /// Renamed from `old` at `pos`.
    Renamed,
    /// `inherit_visibility_from` was `old`.
    Inherit,
}

/// One changed entry: the area (position and ID), the entry's position, what happened.
#[derive(Debug, Clone, Copy)]
struct Entry {
    index: u32,
    id: u32,
    pos: u32,
    kind: EntryKind,
    attributes: u8,
}

/// The visibility entries one delete or merge changed, in every list: entries naming `old`
/// were removed (a delete) or renamed to `new` with later duplicates of `new` removed (a merge).
#[derive(Debug, Clone, Default)]
pub(crate) struct VisibleBatch {
    old: u32,
    /// The ID the removed entries had when they went (`old` for a delete, `new` for a merge).
    removed_id: u32,
    entries: Vec<Entry>,
}

impl VisibleBatch {
    /// A batch for removing every entry for `id`.
    pub(crate) fn clear(id: u32) -> Self {
        VisibleBatch {
            old: id,
            removed_id: id,
            entries: Vec::new(),
        }
    }

    /// A batch for renaming `old` to `new`.
    pub(crate) fn retarget(old: u32, new: u32) -> Self {
        VisibleBatch {
            old,
            removed_id: new,
            entries: Vec::new(),
        }
    }

    /// Whether the batch changes area `a`.
    pub(crate) fn touches(&self, a: &Area) -> bool {
        a.inherit_visibility_from == self.old || a.visible_areas.iter().any(|v| v.id == self.old)
    }

    /// Change the list of the area at `index` and, when `record`, keep what changed.
    pub(crate) fn apply(&mut self, index: usize, a: &mut Area, new: u32, record: bool) {
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        let old = self.old;
        let id = a.id;
        let entry = |pos: u32, kind, attributes| Entry {
            index,
            id,
            pos,
            kind,
            attributes,
        };
        let mut entries = Vec::new();
        if self.removed_id == old {
            // Delete: remove every entry for `old`.
            let mut pos = 0u32;
            a.visible_areas.retain(|v| {
                let gone = v.id == old;
                if gone {
                    entries.push(entry(pos, EntryKind::Removed, v.attributes));
                }
                pos += 1;
                !gone
            });
        } else {
            // Merge: rename, then keep only the first entry for `new`.
            for (i, v) in a.visible_areas.iter_mut().enumerate() {
                if v.id == old {
                    v.id = new;
                    entries.push(entry(i as u32, EntryKind::Renamed, 0));
                }
            }
            if !entries.is_empty() {
                let mut seen = false;
                let mut pos = 0u32;
                a.visible_areas.retain(|v| {
                    let keep = v.id != new || !seen;
                    if v.id == new {
                        seen = true;
                    }
                    if !keep {
                        entries.push(entry(pos, EntryKind::Removed, v.attributes));
                    }
                    pos += 1;
                    keep
                });
            }
        }
        if a.inherit_visibility_from == old {
            a.inherit_visibility_from = if self.removed_id == old { 0 } else { new };
            entries.push(entry(0, EntryKind::Inherit, 0));
        }
        if record {
            self.entries.extend(entries);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Take back, on area `a`, the changes `mine` (all of one area's entries).
    fn undo_on(&self, mut mine: Vec<&Entry>, a: &mut Area) {
        // Removed entries go back first (ascending), then names, then the inherited area.
        mine.sort_by_key(|e| (e.kind, e.pos));
        for e in mine {
            match e.kind {
                EntryKind::Removed => {
                    let at = (e.pos as usize).min(a.visible_areas.len());
                    a.visible_areas.insert(
                        at,
                        VisibleArea {
                            id: self.removed_id,
                            attributes: e.attributes,
                        },
                    );
                }
                EntryKind::Renamed => {
                    if let Some(v) = a.visible_areas.get_mut(e.pos as usize) {
                        v.id = self.old;
                    }
                }
                EntryKind::Inherit => a.inherit_visibility_from = self.old,
            }
        }
    }

    /// Take the changes back on the document. Each area's entries were recorded together.
    fn undo(&self, doc: &mut SourceNavDocument) {
        for run in self.entries.chunk_by(|x, y| x.index == y.index) {
            if let Some(a) = doc.areas.get_mut(run[0].index as usize) {
                self.undo_on(run.iter().collect(), a);
            }
        }
    }

    /// Take the changes back on a copy of area `id` (for a diff).
    pub(crate) fn undo_area(&self, id: u32, a: &mut Area) {
        self.undo_on(self.entries.iter().filter(|e| e.id == id).collect(), a);
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<VisibleBatch>() + self.entries.capacity() * std::mem::size_of::<Entry>()
    }
}

/// Undo `ops` (recorded in order) on `doc`.
pub(crate) fn rollback(doc: &mut SourceNavDocument, ops: Vec<Op>) {
    for op in ops.into_iter().rev() {
        match op {
            Op::Part { index, part, .. } => {
                if let Some(a) = doc.areas.get_mut(index as usize) {
                    part.restore(a);
                }
            }
            Op::Visible(batch) => batch.undo(doc),
            Op::Inserted { index, .. } => {
                if index < doc.areas.len() {
                    doc.areas.remove(index);
                }
            }
            Op::Removed { index, area } => {
                let index = index.min(doc.areas.len());
                doc.areas.insert(index, *area);
            }
            Op::RemovedMany(areas) => {
                // One merge back into place, not an insert (and a shift) per area.
                let now = std::mem::take(&mut doc.areas);
                let mut out = Vec::with_capacity(now.len() + areas.len());
                let mut rest = now.into_iter();
                for (index, area) in areas {
                    while out.len() < index {
                        match rest.next() {
                            Some(a) => out.push(a),
                            None => break,
                        }
                    }
                    out.push(area);
                }
                out.extend(rest);
                doc.areas = out;
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
            Op::Document(before) => *doc = *before,
        }
    }
}

/// Whether rolling `ops` back moves areas to other positions.
pub(crate) fn moves_areas(ops: &[Op]) -> bool {
    ops.iter().any(|o| {
        matches!(
            o,
            Op::Removed { .. } | Op::RemovedMany(_) | Op::Inserted { .. } | Op::Document(_)
        )
    })
}
