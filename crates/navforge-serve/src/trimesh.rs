//! Triangle navmeshes in the page (Bethesda plugins' `NVNM`, MGSV `.nav2`): which IDs the page
//! sees, and how its selection becomes the engine's.
//!
//! The engine names triangles by their index in the chosen navmesh, while the model's area IDs
//! carry the navmesh too (a plugin's are 64-bit: group << 32 | triangle). So the page is given
//! the engine's own numbers: a triangle of the chosen navmesh has its index as its ID, and every
//! other area (other navmeshes, drawn for context) an ID above 32 bits, which the page never
//! sends. Selections and commands then name triangles as `navforge edit` does.

use navforge_core::model::NavMesh;
use navforge_edit::TriEditor;

/// Set on the IDs of areas outside the chosen navmesh (above any plugin group ID, below the
/// model's external-target bit).
const OTHER: u64 = 1 << 62;

/// The model group names of the chosen navmesh: a plugin's `NAVM 0x000B83E0`, a `.nav2`'s
/// `group4` (and its `group4/segmentN`).
fn chosen_group(m: &TriEditor) -> Option<String> {
    let id = m.current()?;
    Some(match m.nav2() {
        Some(_) => format!("group{id}"),
        None => format!("NAVM 0x{id:08X}"),
    })
}

/// The model with the page's IDs: the chosen navmesh's triangles numbered by their index,
/// everything else moved above 32 bits (connections follow).
pub fn page_ids(mut model: NavMesh, m: &TriEditor) -> NavMesh {
    let name = chosen_group(m);
    let chosen: std::collections::HashSet<u32> = model
        .groups
        .iter()
        .filter(|g| {
            name.as_deref().is_some_and(|n| {
                g.name == n
                    || g.name
                        .strip_prefix(n)
                        .is_some_and(|rest| rest.starts_with('/'))
            })
        })
        .map(|g| g.id)
        .collect();
    let mut ids = std::collections::HashMap::with_capacity(model.areas.len());
    let mut next = 0u64;
    for a in &mut model.areas {
        let new = if chosen.contains(&a.group) {
            next += 1;
            next - 1
        } else {
            OTHER | a.id
        };
        ids.insert(a.id, new);
        a.id = new;
    }
    if next as usize != m.triangle_count() {
        // The model does not hold the navmesh triangle for triangle: name nothing by index.
        for a in &mut model.areas {
            if a.id < OTHER {
                a.id |= OTHER;
            }
        }
        for v in ids.values_mut() {
            *v |= OTHER;
        }
    }
    for c in &mut model.connections {
        if let Some(&f) = ids.get(&c.from) {
            c.from = f;
        }
        if let Some(&t) = ids.get(&c.to) {
            c.to = t;
        }
    }
    model
}

/// The file's summary (counts and warnings) as edited.
pub fn summary(m: &TriEditor) -> navforge::Summary {
    let read = m
        .write()
        .map_err(|e| e.to_string())
        .and_then(|bytes| navforge::Document::read(&bytes).map_err(|e| e.to_string()));
    match read {
        Ok(doc) => doc.summary(),
        Err(e) => {
            let mut s = navforge::Summary::new(m.format(), 0);
            s.warnings
                .push(format!("the edited file does not read back: {e}"));
            s
        }
    }
}

/// What the page needs to edit triangles: the navmeshes to choose from, the chosen one, and
/// each of its triangles' vertex indices (a plugin's; a `.nav2`'s vertices are not moved from
/// the page).
pub fn describe(m: &TriEditor) -> serde_json::Value {
    let corners: Option<Vec<u16>> = m
        .nvnm()
        .map(|nv| nv.triangles.iter().flat_map(|t| t.vertices).collect());
    serde_json::json!({
        "navmeshes": m.navmesh_names(),
        "navmesh": m.current().map(|id| match m.nav2() {
            Some(_) => id.to_string(),
            None => format!("0x{id:08X}"),
        }),
        "about": m.describe(),
        "corners": corners,
    })
}

/// Make the page's selected triangles the engine's (nothing when no navmesh is chosen).
pub fn select(m: &mut TriEditor, ids: &[u32]) -> Result<(), String> {
    if m.current().is_none() {
        return Ok(());
    }
    m.run_line("select none").map_err(|e| e.to_string())?;
    if !ids.is_empty() {
        let list: Vec<String> = ids.iter().map(u32::to_string).collect();
        m.run_line(&format!("select {}", list.join(" ")))
            .map_err(|e| format!("the selected set: {e}"))?;
    }
    Ok(())
}

/// The engine's selected triangles, as the page's IDs.
pub fn selected(m: &TriEditor) -> Vec<u32> {
    m.selected()
        .iter()
        .filter_map(|&t| u32::try_from(t).ok())
        .collect()
}
