//! An edit in progress: every change to the document goes through a [`Tx`], which records what it
//! is about to change (once per part of each area) and keeps the reverse index up to date.
//!
//! Removing and retargeting an area change only the areas that name it, found through the
//! reverse index, with the same rules as the document's own `remove_area` and `retarget_area`
//! (a test holds them equal on corpus meshes).

use std::collections::{HashMap, HashSet};

use navforge_source::{Area, Ladder, NulText, SourceNavDocument};

use crate::error::{EditError, refused};
use crate::journal::{
    ALL, APPROACH, CONNECTIONS, ENCOUNTER, Mask, Op, Part, VISIBLE, VisibleBatch,
};
use crate::refindex::RefIndex;

/// An edit in progress.
pub(crate) struct Tx<'a> {
    pub(crate) doc: &'a mut SourceNavDocument,
    pub(crate) refs: &'a mut RefIndex,
    pub(crate) ops: Vec<Op>,
    /// Parts already recorded, per area position (kept in step when areas move).
    recorded: HashMap<usize, Mask>,
    ladders_recorded: HashSet<usize>,
    places_recorded: bool,
}

impl<'a> Tx<'a> {
    pub(crate) fn new(doc: &'a mut SourceNavDocument, refs: &'a mut RefIndex) -> Self {
        Tx {
            doc,
            refs,
            ops: Vec::new(),
            recorded: HashMap::new(),
            ladders_recorded: HashSet::new(),
            places_recorded: false,
        }
    }

    /// The position of area `id`, or an error naming it.
    pub(crate) fn index(&mut self, id: u32) -> Result<usize, EditError> {
        let found = if self.refs.usable() {
            self.refs.position(self.doc, id)
        } else {
            self.doc.area_index(id)
        };
        found.ok_or(EditError::UnknownArea(id))
    }

    /// Put `new` in place of the whole document, recorded (undo gives back the document as it
    /// was, byte for byte). The reverse index is built again for the new one.
    pub(crate) fn replace_document(&mut self, new: SourceNavDocument) {
        let before = std::mem::replace(self.doc, new);
        self.ops.push(Op::Document(Box::new(before)));
        *self.refs = RefIndex::build(self.doc);
        self.recorded.clear();
        self.ladders_recorded.clear();
        self.places_recorded = false;
    }

    /// The ID a new area gets (one above the highest), or a refusal when none is left.
    pub(crate) fn next_area_id(&mut self) -> Result<u32, EditError> {
        self.refs
            .next_id(self.doc)
            .ok_or_else(|| refused("no area ID left"))
    }

    /// The area at `index`, with the parts in `mask` recorded, to change.
    pub(crate) fn parts_mut(&mut self, index: usize, mask: Mask) -> &mut Area {
        let have = self.recorded.entry(index).or_insert(0);
        let missing = mask & !*have;
        if missing != 0 {
            *have |= missing;
            let a = &self.doc.areas[index];
            let id = a.id;
            let index32 = u32::try_from(index).unwrap_or(u32::MAX);
            for part in Part::take(a, missing) {
                self.ops.push(Op::Part {
                    index: index32,
                    id,
                    part,
                });
            }
        }
        &mut self.doc.areas[index]
    }

    /// The connections of the area at `index`, recorded.
    pub(crate) fn connections_mut(&mut self, index: usize) -> &mut navforge_source::Connections {
        &mut self.parts_mut(index, CONNECTIONS).connections
    }

    /// Connect the area at `from` to area `to` on `side` (the caller checked it is new).
    pub(crate) fn push_connection(
        &mut self,
        from: usize,
        side: navforge_core::model::Direction,
        to: u32,
    ) {
        let referrer = self.doc.areas[from].id;
        self.connections_mut(from).push(side, to);
        self.refs.note_ref(to, referrer);
    }

    /// Append a new area; returns its position.
    pub(crate) fn push_area(&mut self, area: Area) -> usize {
        let index = self.doc.areas.len();
        let id = area.id;
        self.refs.note_area(&area);
        self.doc.areas.push(area);
        self.ops.push(Op::Inserted { index, id });
        self.recorded.insert(index, ALL);
        self.refs.pushed(id, index);
        index
    }

    /// The ladder at `index`, recorded, to change.
    pub(crate) fn ladder_mut(&mut self, index: usize) -> &mut Ladder {
        if self.ladders_recorded.insert(index) {
            let before = Box::new(self.doc.ladders[index]);
            self.ops.push(Op::Ladder { index, before });
        }
        &mut self.doc.ladders[index]
    }

    /// Append a ladder; returns its position.
    pub(crate) fn push_ladder(&mut self, ladder: Ladder) -> usize {
        let index = self.doc.ladders.len();
        self.doc.ladders.push(ladder);
        self.ops.push(Op::LadderInserted { index });
        self.ladders_recorded.insert(index);
        index
    }

    /// Remove the ladder at `index` (its references are the caller's business).
    pub(crate) fn remove_ladder(&mut self, index: usize) -> Ladder {
        let ladder = self.doc.ladders.remove(index);
        self.ops.push(Op::LadderRemoved {
            index,
            ladder: Box::new(ladder),
        });
        self.ladders_recorded = self
            .ladders_recorded
            .iter()
            .filter(|&&i| i != index)
            .map(|&i| if i > index { i - 1 } else { i })
            .collect();
        ladder
    }

    /// Positions of the ladders that name area `id`.
    fn ladders_naming(&self, id: u32) -> Vec<usize> {
        (0..self.doc.ladders.len())
            .filter(|&i| ladder_areas(&self.doc.ladders[i]).contains(&id))
            .collect()
    }

    /// Positions of the areas whose lists may name area `id` (or the spots `spots`).
    fn referrer_positions(&mut self, id: u32, spots: &[u32]) -> Vec<usize> {
        if !self.refs.usable() {
            return (0..self.doc.areas.len()).collect();
        }
        let ids = self.refs.candidates(id, spots);
        let mut at: Vec<usize> = ids
            .into_iter()
            .filter_map(|r| self.refs.position(self.doc, r))
            .collect();
        at.sort_unstable();
        at
    }

    /// Whether the whole visibility list of the area at `index` is recorded already.
    fn visible_recorded(&self, index: usize) -> bool {
        self.recorded.get(&index).is_some_and(|m| m & VISIBLE != 0)
    }

    /// Record a batch of visibility changes, if it has any.
    fn push_batch(&mut self, batch: VisibleBatch) {
        if !batch.is_empty() {
            self.ops.push(Op::Visible(Box::new(batch)));
        }
    }

    /// Positions of the other areas whose connections lead to area `id`, ascending.
    pub(crate) fn incoming(&mut self, id: u32) -> Vec<usize> {
        self.referrer_positions(id, &[])
            .into_iter()
            .filter(|&p| {
                let a = &self.doc.areas[p];
                a.id != id && a.connections.contains(id)
            })
            .collect()
    }

    /// Note every area the area at `index` names (after an edit that may add references).
    pub(crate) fn note_area(&mut self, index: usize) {
        self.refs.note_area(&self.doc.areas[index]);
    }

    /// Remove area `id` and every reference to it (the rules of the document's `remove_area`),
    /// recording what changes.
    pub(crate) fn remove_area(&mut self, id: u32) -> Result<Area, EditError> {
        let index = self.index(id)?;
        if self.refs.usable() {
            let ladders = self.ladders_naming(id);
            self.clear_references(id, index, &HashSet::new(), ladders);
            let area = self.doc.areas.remove(index);
            self.removed_at(index, &area);
            return Ok(area);
        }
        let spot_set: HashSet<u32> = self.doc.areas[index]
            .hiding_spots
            .iter()
            .map(|s| s.id)
            .collect();
        let raw_visibility = self.doc.visible_areas_as_indices;
        // Another area with the same ID keeps references valid (the document's rule).
        let duplicate = self
            .doc
            .areas
            .iter()
            .enumerate()
            .any(|(i, a)| i != index && a.id == id);
        let batch = VisibleBatch::clear(id);
        for p in 0..self.doc.areas.len() {
            if p == index {
                continue;
            }
            let a = &self.doc.areas[p];
            let mut mask = if duplicate {
                encounter_spot_mask(a, &spot_set)
            } else {
                clear_mask(a, id, &spot_set)
            };
            if (!duplicate && batch.touches(a)) || (raw_visibility && !a.visible_areas.is_empty()) {
                mask |= VISIBLE;
            }
            if mask != 0 {
                self.parts_mut(p, mask);
            }
        }
        if !duplicate {
            for l in self.ladders_naming(id) {
                self.ladder_mut(l);
            }
        }
        // Everything that changes is recorded: let the document do it.
        let area = self.doc.remove_area(id).ok_or(EditError::UnknownArea(id))?;
        self.removed_at(index, &area);
        Ok(area)
    }

    /// Remove the areas `ids` (distinct) and every reference to them: the document's
    /// `remove_area` for each in turn, but the area list is compacted once and the removed areas
    /// are one record, so deleting a whole mesh takes time in proportion to it.
    pub(crate) fn remove_areas(&mut self, ids: &[u32]) -> Result<(), EditError> {
        if !self.refs.usable() || ids.len() < 2 {
            for &id in ids {
                self.remove_area(id)?;
            }
            return Ok(());
        }
        let mut doomed = Vec::with_capacity(ids.len());
        for &id in ids {
            doomed.push(self.index(id)?);
        }
        // Areas that go too need no references cleared: they leave as they were.
        let skip: HashSet<usize> = doomed.iter().copied().collect();
        let mut naming: HashMap<u32, Vec<usize>> = HashMap::new();
        for (l, ladder) in self.doc.ladders.iter().enumerate() {
            for x in ladder_areas(ladder) {
                let list = naming.entry(x).or_default();
                if list.last() != Some(&l) {
                    list.push(l);
                }
            }
        }
        for (&id, &index) in ids.iter().zip(&doomed) {
            let ladders = naming.remove(&id).unwrap_or_default();
            self.clear_references(id, index, &skip, ladders);
        }
        doomed.sort_unstable();
        doomed.dedup();
        let all = std::mem::take(&mut self.doc.areas);
        let mut kept = Vec::with_capacity(all.len() - doomed.len());
        let mut removed = Vec::with_capacity(doomed.len());
        let mut next = doomed.iter().peekable();
        for (i, a) in all.into_iter().enumerate() {
            if next.next_if(|&&d| d == i).is_some() {
                removed.push((i, a));
            } else {
                kept.push(a);
            }
        }
        self.doc.areas = kept;
        self.ops.push(Op::RemovedMany(removed));
        self.refs.moved();
        self.recorded = self
            .recorded
            .drain()
            .filter(|(p, _)| doomed.binary_search(p).is_err())
            .map(|(p, m)| (p - doomed.partition_point(|&d| d < p), m))
            .collect();
        Ok(())
    }

    /// Clear every reference to area `id` (at `index`) from the areas that name it, except the
    /// areas at `skip`, and from the ladders at `ladders`, recording what changes. Needs a
    /// usable reverse index.
    fn clear_references(
        &mut self,
        id: u32,
        index: usize,
        skip: &HashSet<usize>,
        ladders: Vec<usize>,
    ) {
        let spots: Vec<u32> = self.doc.areas[index]
            .hiding_spots
            .iter()
            .map(|s| s.id)
            .collect();
        let spot_set: HashSet<u32> = spots.iter().copied().collect();
        let mut positions = self.referrer_positions(id, &spots);
        positions.retain(|p| *p != index && !skip.contains(p));
        let mut batch = VisibleBatch::clear(id);
        let mut visible = Vec::new();
        for &p in &positions {
            let a = &self.doc.areas[p];
            let mask = clear_mask(a, id, &spot_set);
            if batch.touches(a) {
                visible.push(p);
            }
            if mask != 0 {
                self.parts_mut(p, mask);
            }
        }
        for &l in &ladders {
            self.ladder_mut(l);
        }
        for p in positions {
            clear_in(&mut self.doc.areas[p], id, &spot_set);
        }
        for p in visible {
            let record = !self.visible_recorded(p);
            batch.apply(p, &mut self.doc.areas[p], 0, record);
        }
        self.push_batch(batch);
        for l in ladders {
            for x in ladder_areas_mut(&mut self.doc.ladders[l]) {
                if *x == id {
                    *x = 0;
                }
            }
        }
    }

    /// Record the removal of `area` from `index` and shift the positions recorded after it.
    fn removed_at(&mut self, index: usize, area: &Area) {
        self.ops.push(Op::Removed {
            index,
            area: Box::new(area.clone()),
        });
        self.refs.moved();
        self.recorded = self
            .recorded
            .drain()
            .filter(|&(p, _)| p != index)
            .map(|(p, m)| (if p > index { p - 1 } else { p }, m))
            .collect();
    }

    /// Make every reference to area `old` name area `new` (the rules of the document's
    /// `retarget_area`), recording what changes.
    pub(crate) fn retarget(&mut self, old: u32, new: u32) -> Result<(), EditError> {
        if old == new {
            return Ok(());
        }
        let targeted = self.refs.usable();
        let by_id = !self.doc.visible_areas_as_indices;
        let mut positions = self.referrer_positions(old, &[]);
        // The index leaves out self-references: `old` may name itself, `new` may name `old`.
        for id in [old, new] {
            let p = self.index(id)?;
            if !positions.contains(&p) {
                positions.push(p);
            }
        }
        let mut changed = Vec::new();
        let mut batch = VisibleBatch::retarget(old, new);
        let mut visible = Vec::new();
        for &p in &positions {
            let a = &self.doc.areas[p];
            let mut mask = retarget_mask(a, old, new);
            let touched = if by_id {
                batch.touches(a)
            } else {
                a.inherit_visibility_from == old
            };
            if touched {
                if targeted {
                    visible.push(p);
                } else {
                    mask |= VISIBLE;
                }
            }
            if mask != 0 {
                self.parts_mut(p, mask);
                changed.push(p);
            }
        }
        let ladders = self.ladders_naming(old);
        for &l in &ladders {
            self.ladder_mut(l);
        }
        if !targeted {
            self.doc.retarget_area(old, new);
            return Ok(());
        }
        for p in changed {
            retarget_in(&mut self.doc.areas[p], old, new);
            let referrer = self.doc.areas[p].id;
            self.refs.note_ref(new, referrer);
        }
        for p in visible {
            let record = !self.visible_recorded(p);
            batch.apply(p, &mut self.doc.areas[p], new, record);
            let referrer = self.doc.areas[p].id;
            self.refs.note_ref(new, referrer);
        }
        self.push_batch(batch);
        for l in ladders {
            for x in ladder_areas_mut(&mut self.doc.ladders[l]) {
                if *x == old {
                    *x = new;
                }
            }
        }
        Ok(())
    }

    /// The 1-based index of place `name`, appending it to the directory when new.
    pub(crate) fn place_index(&mut self, name: &str) -> Result<u16, EditError> {
        if self.doc.version < 5 {
            return Err(refused(format!(
                "version {} files store no places",
                self.doc.version
            )));
        }
        if let Some(i) = self.doc.places.iter().position(|p| p.name_lossy() == name) {
            return Ok(u16::try_from(i + 1).unwrap_or(u16::MAX));
        }
        if name.is_empty() || name.contains('\0') {
            return Err(refused(format!("`{name}` is not a place name")));
        }
        // The file stores a name's length, with its NUL, in 16 bits.
        if name.len() >= usize::from(u16::MAX) {
            return Err(refused(format!(
                "a place name of {} bytes is longer than the {} a file can store",
                name.len(),
                u16::MAX - 1
            )));
        }
        if self.doc.places.len() >= usize::from(u16::MAX) - 1 {
            return Err(refused("the place directory is full (65534 names)"));
        }
        if !self.places_recorded {
            self.places_recorded = true;
            self.ops.push(Op::Places {
                len: self.doc.places.len(),
            });
        }
        self.doc.places.push(NulText::new(name));
        Ok(u16::try_from(self.doc.places.len()).unwrap_or(u16::MAX))
    }
}

/// The five area IDs a ladder names.
pub(crate) fn ladder_areas(l: &Ladder) -> [u32; 5] {
    [
        l.top_forward_area,
        l.top_left_area,
        l.top_right_area,
        l.top_behind_area,
        l.bottom_area,
    ]
}

/// The five area slots of a ladder, to change.
pub(crate) fn ladder_areas_mut(l: &mut Ladder) -> [&mut u32; 5] {
    [
        &mut l.top_forward_area,
        &mut l.top_left_area,
        &mut l.top_right_area,
        &mut l.top_behind_area,
        &mut l.bottom_area,
    ]
}

fn paths_name(a: &Area, id: u32) -> bool {
    a.encounter_paths
        .iter()
        .any(|(p, _)| p.from == id || p.to == id)
        || a.legacy_encounter_paths
            .iter()
            .any(|p| p.from == id || p.to == id)
}

fn encounter_spot_mask(a: &Area, spots: &HashSet<u32>) -> Mask {
    if !spots.is_empty()
        && a.encounter_paths
            .iter()
            .any(|(_, s)| s.iter().any(|s| spots.contains(&s.hiding_spot)))
    {
        ENCOUNTER
    } else {
        0
    }
}

/// The parts of `a` besides its visibility list that removing area `id` (with hiding spots
/// `spots`) changes.
fn clear_mask(a: &Area, id: u32, spots: &HashSet<u32>) -> Mask {
    let mut m = encounter_spot_mask(a, spots);
    if a.connections.contains(id) {
        m |= CONNECTIONS;
    }
    if paths_name(a, id) {
        m |= ENCOUNTER;
    }
    if a.approach_areas
        .iter()
        .any(|x| x.here == id || x.prev == id || x.next == id)
    {
        m |= APPROACH;
    }
    m
}

/// Remove from `a` every reference to area `id` besides its visibility list, and every
/// encounter spot at `spots`.
fn clear_in(a: &mut Area, id: u32, spots: &HashSet<u32>) {
    a.connections.remove_all(id);
    if a.encounter_paths
        .iter()
        .any(|(p, _)| p.from == id || p.to == id)
    {
        a.encounter_paths
            .retain_paths(|p| p.from != id && p.to != id);
    }
    a.legacy_encounter_paths
        .retain(|p| p.from != id && p.to != id);
    a.approach_areas
        .retain(|x| x.here != id && x.prev != id && x.next != id);
    if encounter_spot_mask(a, spots) != 0 {
        a.encounter_paths
            .retain_spots(|s| !spots.contains(&s.hiding_spot));
    }
}

/// The parts of `a` besides its visibility list that pointing references from `old` to `new`
/// changes.
fn retarget_mask(a: &Area, old: u32, new: u32) -> Mask {
    let mut m = 0;
    if a.connections.contains(old) || (a.id == new && a.connections.contains(new)) {
        m |= CONNECTIONS;
    }
    if paths_name(a, old) {
        m |= ENCOUNTER;
    }
    if a.approach_areas
        .iter()
        .any(|x| x.here == old || x.prev == old || x.next == old)
    {
        m |= APPROACH;
    }
    m
}

/// Point `a`'s references to `old` at `new`, besides its visibility list.
fn retarget_in(a: &mut Area, old: u32, new: u32) {
    a.connections.retarget(old, new);
    if a.id == new {
        a.connections.remove_all(new);
    }
    let swap = |x: &mut u32| {
        if *x == old {
            *x = new;
        }
    };
    a.encounter_paths.for_each_path_mut(|p| {
        swap(&mut p.from);
        swap(&mut p.to);
    });
    for p in &mut a.legacy_encounter_paths {
        swap(&mut p.from);
        swap(&mut p.to);
    }
    for x in &mut a.approach_areas {
        swap(&mut x.here);
        swap(&mut x.prev);
        swap(&mut x.next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::rollback;
    use navforge_core::NavDocument;
    use navforge_core::testing::Rng;

    /// Corpus meshes with every kind of reference: L4D2 visibility, CS encounter paths and
    /// approach lists, TF2 words, ladders.
    const MESHES: [&str; 4] = [
        "l4d2_c8m4_interior.nav",
        "csgo_de_dust2.nav",
        "tf2-custom_koth_soot_a18a.nav",
        "css-v9_cs_office.nav",
    ];

    fn meshes() -> Vec<(String, SourceNavDocument)> {
        let Some(dir) = navforge_core::testing::corpus_dir("source-nav") else {
            return Vec::new();
        };
        MESHES
            .iter()
            .map(|name| {
                let data = std::fs::read(dir.join(name)).unwrap();
                (name.to_string(), SourceNavDocument::read(&data).unwrap())
            })
            .collect()
    }

    #[test]
    fn targeted_removal_equals_the_documents_and_rolls_back() {
        let mut rng = Rng::new(7);
        for (name, doc) in meshes() {
            let mut refs = RefIndex::build(&doc);
            assert!(refs.usable(), "{name}");
            for _ in 0..40 {
                let id = doc.areas[rng.below(doc.areas.len())].id;
                let mut ours = doc.clone();
                let mut tx = Tx::new(&mut ours, &mut refs);
                tx.remove_area(id).unwrap();
                let ops = std::mem::take(&mut tx.ops);
                let mut theirs = doc.clone();
                theirs.remove_area(id).unwrap();
                assert!(ours == theirs, "{name}: removing area {id} differs");
                rollback(&mut ours, ops);
                refs.moved();
                assert!(ours == doc, "{name}: undoing the removal of {id} differs");
            }
        }
    }

    #[test]
    fn removing_many_at_once_equals_the_documents_one_by_one_and_rolls_back() {
        let mut rng = Rng::new(9);
        for (name, doc) in meshes() {
            let mut refs = RefIndex::build(&doc);
            for round in 0..12 {
                // Connected sets (they name each other), random ones, and now and then the
                // whole mesh.
                let ids: Vec<u32> = match round % 3 {
                    0 => {
                        let start = doc.areas[rng.below(doc.areas.len())].id;
                        let mut set = crate::ops::flood(&doc, &[start], |_| true);
                        set.truncate(2 + rng.below(300));
                        set
                    }
                    1 => {
                        let mut set: Vec<u32> = (0..2 + rng.below(200))
                            .map(|_| doc.areas[rng.below(doc.areas.len())].id)
                            .collect();
                        set.sort_unstable();
                        set.dedup();
                        set
                    }
                    _ if round == 2 => doc.areas.iter().rev().map(|a| a.id).collect(),
                    _ => continue,
                };
                let mut ours = doc.clone();
                let mut tx = Tx::new(&mut ours, &mut refs);
                tx.remove_areas(&ids).unwrap();
                let ops = std::mem::take(&mut tx.ops);
                let mut theirs = doc.clone();
                for &id in &ids {
                    theirs.remove_area(id).unwrap();
                }
                assert!(
                    ours == theirs,
                    "{name}: removing {} areas at once differs",
                    ids.len()
                );
                rollback(&mut ours, ops);
                refs.moved();
                assert!(
                    ours == doc,
                    "{name}: undoing the removal of {} areas differs",
                    ids.len()
                );
            }
        }
    }

    #[test]
    fn targeted_retarget_equals_the_documents_and_rolls_back() {
        let mut rng = Rng::new(8);
        for (name, doc) in meshes() {
            let mut refs = RefIndex::build(&doc);
            for _ in 0..40 {
                let old = doc.areas[rng.below(doc.areas.len())].id;
                // Often a neighbour, as in a merge; sometimes any area.
                let a = doc.area(old).unwrap();
                let new = match a.connections.iter().next() {
                    Some((_, t)) if rng.below(3) > 0 => t,
                    _ => doc.areas[rng.below(doc.areas.len())].id,
                };
                if new == old || doc.area(new).is_none() {
                    continue;
                }
                let mut ours = doc.clone();
                let mut tx = Tx::new(&mut ours, &mut refs);
                tx.retarget(old, new).unwrap();
                let ops = std::mem::take(&mut tx.ops);
                let mut theirs = doc.clone();
                theirs.retarget_area(old, new);
                assert!(ours == theirs, "{name}: retargeting {old} to {new} differs");
                rollback(&mut ours, ops);
                assert!(ours == doc, "{name}: undoing {old} -> {new} differs");
            }
        }
    }
}
