//! Selected Nav Areas: `nav_save_selected` (export the selected set as the game's KeyValues) and
//! `nav_merge_mesh` (import such a file).
//!
//! Import follows the game: every area gets a new ID, the file's IDs only resolve connections
//! within the file (a connection to an ID not in the file is dropped), the area is rebuilt from
//! `NorthWest` and `SouthEast` plus the heights of `NorthEast` and `SouthWest`, and the imported
//! areas become the selected set. Deliberate differences from the game: the `version` key does
//! not become an extra zero-size area at the origin (a bug of the game's loop), an area without
//! extent is refused rather than created, and the imported set is not stitched to the existing
//! mesh (connect it with `connect`).

use std::collections::{HashMap, HashSet};

use navforge_core::{F32, NavDocument};
use navforge_source::{SelectedAreasDocument, SourceNavDocument, selected_from_model};

use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::tx::Tx;

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
    Ok(format!(
        "imported {} area(s) from {path} as {}..{} (now selected)",
        made.len(),
        made.first().copied().unwrap_or(0),
        made.last().copied().unwrap_or(0)
    ))
}
