use crate::group_areas;
use navforge_core::model::NavMesh;
use std::fmt::Write;

/// Wavefront OBJ text: one `o` object per area group with its polygons as faces, then the waypoint
/// graph (if any) as an object of points and lines. Coordinates are the format's own.
pub fn to_obj(mesh: &NavMesh) -> String {
    let mut out = String::with_capacity(64 + mesh.areas.len() * 120);
    let _ = writeln!(
        out,
        "# navforge export of a {} file",
        mesh.format.map_or("navforge", |f| f.name())
    );
    let mut next_vertex = 1usize;
    for group in group_areas(mesh) {
        let _ = writeln!(out, "o {}", group.name);
        for area in &group.areas {
            for p in &area.polygon {
                let _ = writeln!(out, "v {} {} {}", p[0], p[1], p[2]);
            }
        }
        for area in &group.areas {
            if area.polygon.len() < 3 {
                next_vertex += area.polygon.len();
                continue;
            }
            out.push('f');
            for i in 0..area.polygon.len() {
                let _ = write!(out, " {}", next_vertex + i);
            }
            out.push('\n');
            next_vertex += area.polygon.len();
        }
    }
    if !mesh.nodes.is_empty() {
        out.push_str("o waypoints\n");
        let first = next_vertex;
        let index: std::collections::HashMap<u64, usize> = mesh
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, first + i))
            .collect();
        for n in &mesh.nodes {
            let p = n.position;
            let _ = writeln!(out, "v {} {} {}", p[0], p[1], p[2]);
        }
        for i in 0..mesh.nodes.len() {
            let _ = writeln!(out, "p {}", first + i);
        }
        for l in &mesh.links {
            if let (Some(a), Some(b)) = (index.get(&l.from), index.get(&l.to)) {
                let _ = writeln!(out, "l {a} {b}");
            }
        }
    }
    out
}
