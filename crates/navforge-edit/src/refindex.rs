//! Where each area is named: a reverse index from an area ID to the areas whose lists
//! (connections, encounter and approach paths, visibility) may name it, and from a hiding-spot ID
//! to the areas whose encounter spots use it. Delete, merge and split look up the few areas they
//! must change instead of scanning every list of the mesh (an L4D2 mesh holds hundreds of
//! thousands of visibility entries).
//!
//! The index is a superset: it is built once from the document, and every edit that may add a
//! reference notes it; references that go away are left in and filtered out when looked up. So
//! it also covers every state undo and redo can bring back. It keeps area positions too, rebuilt
//! when areas move.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use navforge_source::{Area, SourceNavDocument};

/// A fast hasher for area IDs (they are small integers, not attacker-chosen keys of a server).
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0 ^ u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0 ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by area or spot IDs.
pub(crate) type IdMap<V> = HashMap<u32, V, BuildHasherDefault<IdHasher>>;

/// The reverse index and the area positions of one document.
#[derive(Debug, Clone, Default)]
pub(crate) struct RefIndex {
    /// False when the document has duplicate area IDs or raw L4D visibility indices: then the
    /// editor scans every area, as the document's own helpers do.
    usable: bool,
    /// Area ID -> IDs of areas that may name it.
    by_target: IdMap<Vec<u32>>,
    /// Hiding-spot ID -> IDs of areas whose encounter spots may use it.
    by_spot: IdMap<Vec<u32>>,
    /// Area ID -> position in the area list (valid when `positions_valid`).
    positions: IdMap<usize>,
    positions_valid: bool,
    /// The highest area ID (0 for none), kept with the positions: new areas get the next one
    /// without a scan of the mesh per area created.
    max_id: u32,
}

impl RefIndex {
    /// Index a document.
    pub(crate) fn build(doc: &SourceNavDocument) -> RefIndex {
        let mut index = RefIndex {
            usable: !doc.visible_areas_as_indices,
            ..RefIndex::default()
        };
        index.rebuild_positions(doc);
        if index.positions.len() != doc.areas.len() {
            index.usable = false;
        }
        if !index.usable {
            return index;
        }
        for a in &doc.areas {
            index.note_area(a);
            for (_, spots) in a.encounter_paths.iter() {
                for s in spots {
                    index.by_spot.entry(s.hiding_spot).or_default().push(a.id);
                }
            }
        }
        index
    }

    /// Whether lookups can be trusted (see [`RefIndex::usable`]).
    pub(crate) fn usable(&self) -> bool {
        self.usable
    }

    /// Note every area `a` names.
    pub(crate) fn note_area(&mut self, a: &Area) {
        if !self.usable {
            return;
        }
        let mut put = |t: u32| {
            if t != 0 && t != a.id {
                let list = self.by_target.entry(t).or_default();
                if list.last() != Some(&a.id) {
                    list.push(a.id);
                }
            }
        };
        for (_, t) in a.connections.iter() {
            put(t);
        }
        for (p, _) in a.encounter_paths.iter() {
            put(p.from);
            put(p.to);
        }
        for p in &a.legacy_encounter_paths {
            put(p.from);
            put(p.to);
        }
        for x in &a.approach_areas {
            put(x.here);
            put(x.prev);
            put(x.next);
        }
        for v in &a.visible_areas {
            put(v.id);
        }
        put(a.inherit_visibility_from);
    }

    /// Note that area `referrer` now names area `target`.
    pub(crate) fn note_ref(&mut self, target: u32, referrer: u32) {
        if self.usable && target != referrer {
            let list = self.by_target.entry(target).or_default();
            if list.last() != Some(&referrer) {
                list.push(referrer);
            }
        }
    }

    /// IDs of the areas that may name area `id`, or use one of the hiding spots `spots`
    /// (duplicates removed; some may no longer name it).
    pub(crate) fn candidates(&mut self, id: u32, spots: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        if let Some(list) = self.by_target.get_mut(&id) {
            list.sort_unstable();
            list.dedup();
            out.extend_from_slice(list);
        }
        for s in spots {
            if let Some(list) = self.by_spot.get(s) {
                out.extend_from_slice(list);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The position of area `id`.
    pub(crate) fn position(&mut self, doc: &SourceNavDocument, id: u32) -> Option<usize> {
        if !self.positions_valid {
            self.rebuild_positions(doc);
        }
        self.positions.get(&id).copied()
    }

    /// An area was appended at `index`.
    pub(crate) fn pushed(&mut self, id: u32, index: usize) {
        if self.positions_valid {
            self.positions.entry(id).or_insert(index);
            self.max_id = self.max_id.max(id);
        }
    }

    /// One above the highest area ID of `doc` (1 for none), as the document's `next_area_id`;
    /// `None` when the highest is `u32::MAX`.
    pub(crate) fn next_id(&mut self, doc: &SourceNavDocument) -> Option<u32> {
        if !self.positions_valid {
            self.rebuild_positions(doc);
        }
        self.max_id.checked_add(1)
    }

    /// Areas moved (removed or inserted before the end): positions are rebuilt on next use.
    pub(crate) fn moved(&mut self) {
        self.positions_valid = false;
    }

    fn rebuild_positions(&mut self, doc: &SourceNavDocument) {
        self.positions.clear();
        self.positions.reserve(doc.areas.len());
        self.max_id = 0;
        for (i, a) in doc.areas.iter().enumerate() {
            self.positions.entry(a.id).or_insert(i);
            self.max_id = self.max_id.max(a.id);
        }
        self.positions_valid = true;
    }

    /// Bytes the index holds (for the memory figures).
    pub(crate) fn bytes(&self) -> usize {
        let lists: usize = self
            .by_target
            .values()
            .chain(self.by_spot.values())
            .map(|v| v.capacity() * 4 + 32)
            .sum();
        lists + self.positions.capacity() * 16
    }
}
