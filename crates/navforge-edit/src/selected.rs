//! Selected Nav Areas: `nav_save_selected` (export the selected set as the game's KeyValues) and
//! `nav_merge_mesh` (import such a file).
//!
//! Import follows the game: every area gets a new ID, the file's IDs only resolve connections
//! within the file (a connection to an ID not in the file is dropped), the area is rebuilt from
//! `NorthWest` and `SouthEast` plus the heights of `NorthEast` and `SouthWest`, and the imported
//! areas become the selected set. Deliberate differences from the game: the `version` key does
//! not become an extra zero-size area at the origin (a bug of the game's loop), an area without
//! extent is refused rather than created.
//!
//! The imported set is then stitched to the mesh around it as the engine's `StitchAreaSet` does:
//! along each edge of each imported area, one sample every generation step (25 units), half a step
//! outside the edge, finds the area under it (`GetNavArea` from half a player's height up); when
//! that area is not imported, the imported area connects to it on that side, and it connects back
//! unless it lies more than the climb height (58 units) below. The engine decides both with hull
//! traces through the level; without the level, heights decide (a walk down always succeeds, a
//! climb succeeds up to 58 units), and the engine's jump-down links from edges with nothing beside
//! them are not made. Imported areas that overlap existing areas on the same floor are reported
//! (the page: "avoid loading a nav mesh on top of itself").

use std::collections::{HashMap, HashSet};

use navforge_core::area::{AreaLocator, Under};
use navforge_core::model::Direction;
use navforge_core::{F32, NavDocument};
use navforge_source::{SelectedAreasDocument, SourceNavDocument, selected_from_model};

use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::rect;
use crate::ops::GRID;
use crate::tx::Tx;

/// The engine's `HalfHumanHeight`: stitch samples look for the floor from this far up.
const HALF_HUMAN_HEIGHT: f32 = 36.0;
/// The engine's `ClimbUpHeight` (`JumpCrouchHeight`): the highest climb a stitch trace makes.
const CLIMB_UP_HEIGHT: f32 = 58.0;
/// Areas whose floors are closer than this where they overlap are on the same floor (as `check`'s
/// overlap lint).
const SAME_FLOOR: f32 = 36.0;

/// The text `nav_save_selected` writes for the selected set (in selection order).
pub fn save_selected(doc: &SourceNavDocument, selected: &[u32]) -> Result<Vec<u8>, EditError> {
    if selected.is_empty() {
        return Err(EditError::NoTarget("save-selected"));
    }
    for &id in selected {
        doc.area_index(id).ok_or(EditError::UnknownArea(id))?;
    }
    let mut mesh = doc.to_model();
    let wanted: HashSet<u64> = selected.iter().map(|&id| u64::from(id)).collect();
    let mut by_id: HashMap<u64, navforge_core::model::Area> = std::mem::take(&mut mesh.areas)
        .into_iter()
        .filter(|a| wanted.contains(&a.id))
        .map(|a| (a.id, a))
        .collect();
    mesh.areas = selected
        .iter()
        .filter_map(|&id| by_id.remove(&u64::from(id)))
        .collect();
    // Connections of selected areas stay, all of them: a key is the position in the full list.
    mesh.connections.retain(|c| wanted.contains(&c.from));
    let kv = selected_from_model(&mesh).map_err(|e| refused(format!("save-selected: {e}")))?;
    kv.write()
        .map_err(|e| refused(format!("save-selected: {e}")))
}

/// `nav_merge_mesh`: import the areas of a Selected Nav Areas text.
pub(crate) fn merge_mesh(
    tx: &mut Tx<'_>,
    sel: &mut Selection,
    path: &str,
    text: &[u8],
) -> Result<String, EditError> {
    let kv = SelectedAreasDocument::read(text).map_err(|e| refused(format!("{path}: {e}")))?;
    let view = kv.view();
    if view.areas.is_empty() {
        return Err(refused(format!("{path}: no area blocks")));
    }
    let mut next = tx.next_area_id()?;
    // The file's ID -> the new ID (the first block of an ID wins, as the engine's lookup does).
    let mut new_ids: HashMap<u32, u32> = HashMap::new();
    let mut assigned = Vec::with_capacity(view.areas.len());
    for area in &view.areas {
        let id = next;
        next = next
            .checked_add(1)
            .ok_or_else(|| refused("no area ID left"))?;
        new_ids.entry(area.id).or_insert(id);
        assigned.push(id);
    }
    let width: u32 = match tx.doc.version {
        0..=8 => 0xFF,
        9..=12 => 0xFFFF,
        _ => u32::MAX,
    };
    let mut made = Vec::with_capacity(assigned.len());
    for (area, &id) in view.areas.iter().zip(&assigned) {
        let [nw, ne, se, sw] = area.polygon();
        if !(se[0] > nw[0] && se[1] > nw[1] && nw.iter().chain(&se).all(|v| v.is_finite())) {
            return Err(refused(format!(
                "{path}: area \"{}\" has no extent (NorthWest {nw:?}, SouthEast {se:?})",
                area.key
            )));
        }
        let mut a = tx.doc.new_area();
        a.id = id;
        a.north_west = nw.map(F32::new);
        a.south_east = se.map(F32::new);
        a.north_east_z = F32::new(ne[2]);
        a.south_west_z = F32::new(sw[2]);
        a.attributes = area.attributes.unwrap_or(0) & width;
        if let Some(p) = area.place.as_deref().filter(|p| !p.is_empty())
            && tx.doc.version >= 5
        {
            a.place = tx.place_index(p)?;
        }
        for (side, ids) in area.connections() {
            for t in ids {
                if let Some(&n) = new_ids.get(t)
                    && n != id
                    && !a.connections.side(side).contains(&n)
                {
                    a.connections.push(side, n);
                }
            }
        }
        tx.push_area(a);
        made.push(id);
    }
    sel.selected = made.clone();
    let first = tx.doc.areas.len() - made.len();
    let links = stitch(tx, first);
    let mut msg = format!(
        "imported {} area(s) from {path} as {}..{} (now selected), stitched to the mesh with {links} connection(s)",
        made.len(),
        made.first().copied().unwrap_or(0),
        made.last().copied().unwrap_or(0)
    );
    let (overlapping, copies) = overlaps(tx.doc, first);
    if !overlapping.is_empty() {
        let shown: Vec<String> = overlapping.iter().take(10).map(u32::to_string).collect();
        let more = if overlapping.len() > 10 { " ..." } else { "" };
        msg.push_str(&format!(
            "\nwarning: {} imported area(s) overlap existing areas on the same floor: {}{more}",
            overlapping.len(),
            shown.join(" ")
        ));
        if copies == made.len() {
            msg.push_str(
                "\nwarning: every imported area is a copy of an existing one: the file was merged on top of the mesh it came from (undo, or delete the old areas)",
            );
        }
    }
    Ok(msg)
}

/// Connect the areas from position `first` on (the imported set) to the areas beside their edges,
/// as the engine's `StitchAreaIntoMesh` does for each side. Returns how many connections it made.
fn stitch(tx: &mut Tx<'_>, first: usize) -> usize {
    let locator = AreaLocator::new(tx.doc.areas.iter().map(|a| Some(rect(a))));
    let mut made = 0;
    for i in first..tx.doc.areas.len() {
        let r = rect(&tx.doc.areas[i]);
        let id = tx.doc.areas[i].id;
        for dir in Direction::ALL {
            // The edge from its first corner to its second (west to east, north to south).
            let (start, along, length) = match dir {
                Direction::North => ([r.lo[0], r.lo[1]], [1.0, 0.0], r.hi[0] - r.lo[0]),
                Direction::South => ([r.lo[0], r.hi[1]], [1.0, 0.0], r.hi[0] - r.lo[0]),
                Direction::East => ([r.hi[0], r.lo[1]], [0.0, 1.0], r.hi[1] - r.lo[1]),
                Direction::West => ([r.lo[0], r.lo[1]], [0.0, 1.0], r.hi[1] - r.lo[1]),
            };
            let mut n = 0.0f32;
            while n < length - 1.0 {
                let (x, y) = (
                    start[0] + along[0] * (n + 0.5),
                    start[1] + along[1] * (n + 0.5),
                );
                n += GRID;
                let source_z = r.z_at(x, y);
                let probe = dir.step([x, y, source_z + HALF_HUMAN_HEIGHT], GRID * 0.5);
                let Some(t) = locator.area_at(probe, Under::GAME) else {
                    continue;
                };
                if t >= first {
                    continue;
                }
                let target_z = locator
                    .rect(t)
                    .map_or(source_z, |tr| tr.z_at(probe[0], probe[1]));
                let target = tx.doc.areas[t].id;
                // Outgoing: the target is at most 5 units above the probe, well within a climb.
                if target_z - source_z <= CLIMB_UP_HEIGHT
                    && !tx.doc.areas[i].connections.contains(target)
                {
                    tx.push_connection(i, dir, target);
                    made += 1;
                }
                // Incoming: a climb back up from the target.
                if source_z - target_z <= CLIMB_UP_HEIGHT
                    && !tx.doc.areas[t].connections.contains(id)
                {
                    tx.push_connection(t, dir.opposite(), id);
                    made += 1;
                }
            }
        }
    }
    made
}

/// Imported areas (positions from `first` on) that overlap an existing area on the same floor,
/// and how many of them are exact copies of one (the same corners).
fn overlaps(doc: &SourceNavDocument, first: usize) -> (Vec<u32>, usize) {
    let (old, new) = doc.areas.split_at(first);
    let old_rects: Vec<_> = old.iter().map(rect).collect();
    let mut hits = Vec::new();
    let mut copies = 0;
    for a in new {
        let r = rect(a);
        let mut hit = false;
        let mut copy = false;
        for (o, or) in old.iter().zip(&old_rects) {
            if !r.overlaps(or) {
                continue;
            }
            let x = (r.lo[0].max(or.lo[0]) + r.hi[0].min(or.hi[0])) / 2.0;
            let y = (r.lo[1].max(or.lo[1]) + r.hi[1].min(or.hi[1])) / 2.0;
            if (r.z_at(x, y) - or.z_at(x, y)).abs() < SAME_FLOOR {
                hit = true;
                copy |= o.north_west == a.north_west
                    && o.south_east == a.south_east
                    && o.north_east_z == a.north_east_z
                    && o.south_west_z == a.south_west_z;
            }
        }
        if hit {
            hits.push(a.id);
        }
        copies += usize::from(copy);
    }
    (hits, copies)
}
