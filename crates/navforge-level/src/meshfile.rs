//! Triangle-soup levels: Wavefront OBJ and glTF/GLB, turned Z-up.

use crate::error::LevelError;
use crate::options::UpAxis;
use glam::{Mat4, Vec3};

/// A bound on triangles from instancing (the same mesh under many nodes), so a small file
/// cannot ask for unbounded memory.
const MAX_TRIANGLES: usize = 50_000_000;

/// Corners of every triangle, Z-up.
pub(crate) type Soup = Vec<[Vec3; 3]>;

/// Rotate a Y-up point into Z-up (+90° about X keeps the handedness).
fn to_z_up(p: Vec3, up: UpAxis) -> Vec3 {
    match up {
        UpAxis::Z => p,
        UpAxis::Y => Vec3::new(p.x, -p.z, p.y),
    }
}

/// Read an OBJ's faces (triangulated); materials are ignored.
pub(crate) fn read_obj(bytes: &[u8], up: UpAxis) -> Result<Soup, LevelError> {
    let opts = tobj::LoadOptions {
        triangulate: true,
        single_index: false,
        ignore_points: true,
        ignore_lines: true,
    };
    let mut reader = std::io::BufReader::new(bytes);
    let (models, _) =
        tobj::load_obj_buf(&mut reader, &opts, |_| Err(tobj::LoadError::OpenFileFailed)).map_err(
            |e| LevelError::Mesh {
                format: "OBJ",
                message: e.to_string(),
            },
        )?;
    let mut out = Vec::new();
    for m in models {
        let pos = &m.mesh.positions;
        let corner = |i: u32| -> Option<Vec3> {
            let i = i as usize * 3;
            let p = pos.get(i..i + 3)?;
            Some(to_z_up(Vec3::new(p[0], p[1], p[2]), up))
        };
        for t in m.mesh.indices.chunks_exact(3) {
            if let (Some(a), Some(b), Some(c)) = (corner(t[0]), corner(t[1]), corner(t[2])) {
                out.push([a, b, c]);
            }
        }
    }
    if out.is_empty() {
        return Err(LevelError::Mesh {
            format: "OBJ",
            message: "no faces".into(),
        });
    }
    Ok(out)
}

/// Read a glTF (binary `.glb`, or JSON with embedded buffers in the GLB blob only): every
/// triangle primitive of every node in the default scene, with the node transforms applied.
pub(crate) fn read_gltf(bytes: &[u8], up: UpAxis) -> Result<Soup, LevelError> {
    let err = |m: String| LevelError::Mesh {
        format: "glTF",
        message: m,
    };
    let g = gltf::Gltf::from_slice(bytes).map_err(|e| err(e.to_string()))?;
    let blob = g.blob.as_deref();
    let mut out = Vec::new();
    let scene = g.default_scene().or_else(|| g.scenes().next());
    let mut stack: Vec<(gltf::Node, Mat4)> = match &scene {
        Some(s) => s.nodes().map(|n| (n, Mat4::IDENTITY)).collect(),
        None => g.nodes().map(|n| (n, Mat4::IDENTITY)).collect(),
    };
    let mut visited = 0usize;
    while let Some((node, parent)) = stack.pop() {
        visited += 1;
        if visited > 1_000_000 {
            return Err(err("node hierarchy too large or cyclic".into()));
        }
        let m = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
        stack.extend(node.children().map(|c| (c, m)));
        let Some(mesh) = node.mesh() else { continue };
        for prim in mesh.primitives() {
            if prim.mode() != gltf::mesh::Mode::Triangles {
                continue;
            }
            let reader = prim.reader(|b| match b.source() {
                gltf::buffer::Source::Bin => blob,
                gltf::buffer::Source::Uri(_) => None,
            });
            let Some(positions) = reader.read_positions() else {
                continue;
            };
            let pts: Vec<Vec3> = positions
                .map(|p| to_z_up(m.transform_point3(Vec3::from_array(p)), up))
                .collect();
            let idx: Vec<u32> = match reader.read_indices() {
                Some(i) => i.into_u32().collect(),
                None => (0..pts.len() as u32).collect(),
            };
            if out.len() + idx.len() / 3 > MAX_TRIANGLES {
                return Err(err(format!(
                    "more than {MAX_TRIANGLES} triangles (instanced nodes)"
                )));
            }
            for t in idx.chunks_exact(3) {
                let c = |i: u32| pts.get(i as usize).copied();
                if let (Some(a), Some(b), Some(cc)) = (c(t[0]), c(t[1]), c(t[2])) {
                    out.push([a, b, cc]);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(err(
            "no triangles (external .bin buffers are not read; use .glb)".into(),
        ));
    }
    Ok(out)
}
