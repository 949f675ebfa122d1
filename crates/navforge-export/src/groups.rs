use navforge_core::model::{Area, NavMesh};
use std::collections::BTreeMap;

/// The areas of one group, with the group's display name.
pub struct Group<'a> {
    /// The group's ID (`Area::group`).
    pub id: u32,
    /// Its name in `NavMesh::groups` (made safe for OBJ), or `group<ID>`.
    pub name: String,
    /// Its areas, in mesh order.
    pub areas: Vec<&'a Area>,
}

/// Areas grouped by `Area::group`, in group order, each named from `NavMesh::groups` or by number.
pub fn group_areas(mesh: &NavMesh) -> Vec<Group<'_>> {
    let mut by_id: BTreeMap<u32, Vec<&Area>> = BTreeMap::new();
    for a in &mesh.areas {
        by_id.entry(a.group).or_default().push(a);
    }
    let names: BTreeMap<u32, &str> = mesh
        .groups
        .iter()
        .map(|g| (g.id, g.name.as_str()))
        .collect();
    by_id
        .into_iter()
        .map(|(id, areas)| Group {
            id,
            name: names
                .get(&id)
                .map_or_else(|| format!("group{id}"), |n| sanitize(n)),
            areas,
        })
        .collect()
}

/// Object names without spaces or control characters, which OBJ readers split on.
fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect()
}
