//! References between areas: the L4D visibility index conversion, and the edits that keep every
//! list consistent when an area goes away or is replaced (`remove_area`, `retarget_area`).
//!
//! Lists that name an area by ID: connections, encounter paths (`from`/`to`) and their spots (by
//! hiding-spot ID), legacy encounter paths, approach areas (`here`/`prev`/`next`), visible areas,
//! `inherit_visibility_from`, and the ladders' top and bottom areas.

use std::collections::{HashMap, HashSet};

use navforge_core::{Error, Result};

use crate::FORMAT;
use crate::lists::EncounterSpot;
use crate::types::{Area, Layout, SourceNavDocument};

/// Whether the layout stores visible areas as indices into the area list (L4D, L4D2).
pub(crate) fn visible_by_index(layout: Layout) -> bool {
    layout == Layout::Terror
}

/// After reading an L4D file: turn visible-area indices into area IDs. When that cannot be
/// undone exactly (an index past the last area, or two areas with one ID), the indices stay and
/// [`SourceNavDocument::visible_areas_as_indices`] says so.
pub(crate) fn visible_indices_to_ids(doc: &mut SourceNavDocument) {
    if !visible_by_index(doc.layout) {
        return;
    }
    let n = doc.areas.len();
    let mut ids = HashSet::with_capacity(n);
    let unique = doc.areas.iter().all(|a| ids.insert(a.id));
    let in_range = doc
        .areas
        .iter()
        .flat_map(|a| &a.visible_areas)
        .all(|v| (v.id as usize) < n);
    if !(unique && in_range) {
        doc.visible_areas_as_indices = true;
        return;
    }
    let by_index: Vec<u32> = doc.areas.iter().map(|a| a.id).collect();
    for a in &mut doc.areas {
        for v in &mut a.visible_areas {
            v.id = by_index[v.id as usize];
        }
    }
}

/// For writing an L4D file whose visible areas are IDs: each area ID's index in file order.
/// `None` when the layout stores IDs (or the document keeps raw indices).
pub(crate) fn visible_index_map(doc: &SourceNavDocument) -> Result<Option<HashMap<u32, u32>>> {
    if !visible_by_index(doc.layout) || doc.visible_areas_as_indices {
        return Ok(None);
    }
    if doc.areas.iter().all(|a| a.visible_areas.is_empty()) {
        return Ok(Some(HashMap::new()));
    }
    let mut map = HashMap::with_capacity(doc.areas.len());
    for (i, a) in doc.areas.iter().enumerate() {
        let index = u32::try_from(i)
            .map_err(|_| Error::in_document(FORMAT, "areas", "more than 2^32 areas"))?;
        if map.insert(a.id, index).is_some() {
            return Err(Error::invalid(
                FORMAT,
                format!("area #{i} (id {})", a.id),
                0,
                "duplicate area ID: L4D visibility lists cannot say which area they mean",
            ));
        }
    }
    Ok(Some(map))
}

/// Positions of the areas and ladders that name an area ([`SourceNavDocument::referrers`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Referrers {
    /// Positions in [`SourceNavDocument::areas`], ascending.
    pub areas: Vec<usize>,
    /// Positions in [`SourceNavDocument::ladders`], ascending.
    pub ladders: Vec<usize>,
}

impl SourceNavDocument {
    /// The position in [`areas`](Self::areas) of the (first) area with this ID.
    pub fn area_index(&self, id: u32) -> Option<usize> {
        self.areas.iter().position(|a| a.id == id)
    }

    /// The (first) area with this ID.
    pub fn area(&self, id: u32) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }

    /// The (first) area with this ID, to edit.
    pub fn area_mut(&mut self, id: u32) -> Option<&mut Area> {
        self.areas.iter_mut().find(|a| a.id == id)
    }

    /// An area ID no area has yet (one more than the largest; 1 for an empty mesh).
    pub fn next_area_id(&self) -> Option<u32> {
        self.areas
            .iter()
            .map(|a| a.id)
            .max()
            .unwrap_or(0)
            .checked_add(1)
    }

    /// A hiding-spot ID no hiding spot has yet (one more than the largest; 1 when there is none).
    pub fn next_hiding_spot_id(&self) -> Option<u32> {
        self.areas
            .iter()
            .flat_map(|a| &a.hiding_spots)
            .map(|s| s.id)
            .max()
            .unwrap_or(0)
            .checked_add(1)
    }

    /// Where area `id` is named: the positions of the areas whose lists name it (connections,
    /// encounter paths and spots at its hiding spots, legacy paths, approach entries, visible
    /// areas, `inherit_visibility_from`) and of the ladders that name it. These are exactly what
    /// [`remove_area`](Self::remove_area) and [`retarget_area`](Self::retarget_area) change
    /// besides the area itself: an undo history can keep copies of just these.
    pub fn referrers(&self, id: u32) -> Referrers {
        let spots: HashSet<u32> = self
            .area(id)
            .map(|a| a.hiding_spots.iter().map(|s| s.id).collect())
            .unwrap_or_default();
        let by_id = !self.visible_areas_as_indices;
        let areas = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                a.connections.contains(id)
                    || a.encounter_paths
                        .paths
                        .iter()
                        .any(|p| p.from == id || p.to == id)
                    || a.encounter_paths
                        .spots
                        .iter()
                        .any(|s| spots.contains(&s.hiding_spot))
                    || a.legacy_encounter_paths
                        .iter()
                        .any(|p| p.from == id || p.to == id)
                    || a.approach_areas
                        .iter()
                        .any(|x| x.here == id || x.prev == id || x.next == id)
                    || (by_id && a.visible_areas.iter().any(|v| v.id == id))
                    || a.inherit_visibility_from == id
            })
            .map(|(i, _)| i)
            .collect();
        let ladders = self
            .ladders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.areas().contains(&id))
            .map(|(i, _)| i)
            .collect();
        Referrers { areas, ladders }
    }

    /// Remove the (first) area with ID `id`, and every reference to it from the other areas and
    /// the ladders ([`clear_references`](Self::clear_references)). Returns the removed area, or
    /// `None` (and changes nothing) when there is no such area.
    ///
    /// When the document keeps raw L4D visibility indices
    /// ([`visible_areas_as_indices`](Self::visible_areas_as_indices)), entries for the removed
    /// position go and later positions move down by one, so they still name the same areas.
    pub fn remove_area(&mut self, id: u32) -> Option<Area> {
        let at = self.area_index(id)?;
        let area = self.areas.remove(at);
        if self.visible_areas_as_indices {
            let at = u32::try_from(at).unwrap_or(u32::MAX);
            for a in &mut self.areas {
                a.visible_areas.retain(|v| v.id != at);
                for v in &mut a.visible_areas {
                    if v.id > at {
                        v.id -= 1;
                    }
                }
            }
        }
        let spots: HashSet<u32> = area.hiding_spots.iter().map(|s| s.id).collect();
        // Another area may still use the ID (duplicates): then references stay valid.
        if self.area_index(id).is_none() {
            self.clear_references(id);
        }
        if !spots.is_empty() {
            for a in &mut self.areas {
                let hit = |s: &EncounterSpot| spots.contains(&s.hiding_spot);
                if a.encounter_paths.spots.iter().any(hit) {
                    a.encounter_paths.retain_spots(|s| !hit(s));
                }
            }
        }
        Some(area)
    }

    /// Remove every reference to area `id` (which need not exist): connections to it, encounter
    /// and legacy encounter paths from or to it, approach entries naming it, visible-area entries
    /// (by ID), `inherit_visibility_from` (set to 0) and ladder links (set to 0). Returns how many
    /// references went.
    pub fn clear_references(&mut self, id: u32) -> usize {
        let by_id = !self.visible_areas_as_indices;
        let mut gone = 0;
        for a in &mut self.areas {
            gone += a.connections.remove_all(id);
            // Most areas hold no reference: check before rebuilding their lists.
            if a.encounter_paths
                .paths
                .iter()
                .any(|p| p.from == id || p.to == id)
            {
                gone += a
                    .encounter_paths
                    .retain_paths(|p| p.from != id && p.to != id);
            }
            gone += retain_count(&mut a.legacy_encounter_paths, |p| {
                p.from != id && p.to != id
            });
            gone += retain_count(&mut a.approach_areas, |x| {
                x.here != id && x.prev != id && x.next != id
            });
            if by_id {
                gone += retain_count(&mut a.visible_areas, |v| v.id != id);
            }
            if a.inherit_visibility_from == id {
                a.inherit_visibility_from = 0;
                gone += 1;
            }
        }
        for l in &mut self.ladders {
            for x in l.areas_mut() {
                if *x == id {
                    *x = 0;
                    gone += 1;
                }
            }
        }
        gone
    }

    /// Make every reference to area `old` name area `new` instead (for a merge that keeps `new`):
    /// the same lists as [`clear_references`](Self::clear_references). A connection of `new` to
    /// itself is dropped, and so is a second entry for `new` in one side or visibility list.
    /// Returns how many references changed or went.
    pub fn retarget_area(&mut self, old: u32, new: u32) -> usize {
        if old == new {
            return 0;
        }
        let by_id = !self.visible_areas_as_indices;
        let mut changed = 0;
        let swap = |x: &mut u32, n: &mut usize| {
            if *x == old {
                *x = new;
                *n += 1;
            }
        };
        for a in &mut self.areas {
            changed += a.connections.retarget(old, new);
            if a.id == new {
                changed += a.connections.remove_all(new);
            }
            a.encounter_paths.for_each_path_mut(|p| {
                swap(&mut p.from, &mut changed);
                swap(&mut p.to, &mut changed);
            });
            for p in &mut a.legacy_encounter_paths {
                swap(&mut p.from, &mut changed);
                swap(&mut p.to, &mut changed);
            }
            for x in &mut a.approach_areas {
                swap(&mut x.here, &mut changed);
                swap(&mut x.prev, &mut changed);
                swap(&mut x.next, &mut changed);
            }
            if by_id && a.visible_areas.iter().any(|v| v.id == old) {
                let mut seen = false;
                a.visible_areas.retain_mut(|v| {
                    if v.id == old {
                        v.id = new;
                        changed += 1;
                    }
                    if v.id != new {
                        return true;
                    }
                    let first = !seen;
                    seen = true;
                    first
                });
            }
            swap(&mut a.inherit_visibility_from, &mut changed);
        }
        for l in &mut self.ladders {
            for x in l.areas_mut() {
                swap(x, &mut changed);
            }
        }
        changed
    }
}

fn retain_count<T>(v: &mut Vec<T>, keep: impl FnMut(&T) -> bool) -> usize {
    let before = v.len();
    v.retain(keep);
    before - v.len()
}
