use crate::group_areas;
use navforge_core::model::NavMesh;
use std::fmt::Write;

/// Which axis points up in the written OBJ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum UpAxis {
    /// Y up, as Blender's OBJ importer, glTF and most 3D tools expect (the default).
    #[default]
    Y,
    /// Z up, the axes of Source, Quake and Bethesda games (coordinates as in the game).
    Z,
}

/// How to write an OBJ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ObjOptions {
    /// The up axis of the output; the mesh is turned from its format's own axes to it.
    pub up: UpAxis,
}

/// Wavefront OBJ text: one `o` object per area group with its polygons as faces, then the waypoint
/// graph (if any) as an object of points and lines.
///
/// The mesh is turned from its format's up axis to `opts.up`: a Z-up game point `(x, y, z)` is
/// written Y-up as `(x, z, -y)` (the turn glTF export makes), and a Y-up one written Z-up as
/// `(x, -z, y)`. Both keep handedness, so nothing is mirrored.
pub fn to_obj(mesh: &NavMesh, opts: &ObjOptions) -> String {
    let z_up = mesh.is_z_up();
    let turn = |p: [f32; 3]| -> [f32; 3] {
        match (z_up, opts.up) {
            (true, UpAxis::Y) => [p[0], p[2], -p[1]],
            (false, UpAxis::Z) => [p[0], -p[2], p[1]],
            _ => p,
        }
    };
    let mut out = String::with_capacity(64 + mesh.areas.len() * 120);
    let _ = writeln!(
        out,
        "# navforge export of a {} file, {} up",
        mesh.format.map_or("navforge", |f| f.name()),
        match opts.up {
            UpAxis::Y => "Y",
            UpAxis::Z => "Z",
        }
    );
    let mut next_vertex = 1usize;
    for group in group_areas(mesh) {
        let _ = writeln!(out, "o {}", group.name);
        for area in &group.areas {
            for &p in &area.polygon {
                let p = turn(p);
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
            let p = turn(n.position);
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
