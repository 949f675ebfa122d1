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
    // Backstop for the gltf crate's unchecked indexing on inputs the checks below miss.
    std::panic::catch_unwind(|| read_gltf_checked(bytes, up)).unwrap_or_else(|_| {
        Err(LevelError::Mesh {
            format: "glTF",
            message: "the glTF parser rejected the file".into(),
        })
    })
}

fn read_gltf_checked(bytes: &[u8], up: UpAxis) -> Result<Soup, LevelError> {
    let err = |m: String| LevelError::Mesh {
        format: "glTF",
        message: m,
    };
    // gltf 1.4 subtracts the 12-byte header from the GLB's length field unchecked: check it here.
    if bytes.starts_with(b"glTF") {
        let len = bytes
            .get(8..12)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        match len {
            Some(l) if (20..=bytes.len() as u64).contains(&(l as u64)) => {}
            _ => {
                return Err(err(format!(
                    "GLB length field {len:?} does not fit the {} bytes",
                    bytes.len()
                )));
            }
        }
    }
    check_indices(bytes).map_err(err)?;
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

/// gltf 1.4's validation indexes `accessors`, `bufferViews`, `meshes` and `nodes` by the
/// numbers in the file without checking them: check every reference first.
fn check_indices(bytes: &[u8]) -> Result<(), String> {
    let json = if bytes.starts_with(b"glTF") {
        let len = bytes
            .get(12..16)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) as usize;
        bytes
            .get(20..20usize.saturating_add(len))
            .ok_or("GLB JSON chunk runs past the end")?
    } else {
        bytes
    };
    let v: serde_json::Value = serde_json::from_slice(json).map_err(|e| e.to_string())?;
    let count = |k: &str| v.get(k).and_then(|a| a.as_array()).map_or(0, |a| a.len());
    let (accessors, views, buffers, meshes, nodes) = (
        count("accessors"),
        count("bufferViews"),
        count("buffers"),
        count("meshes"),
        count("nodes"),
    );
    let check = |what: &str, x: Option<&serde_json::Value>, n: usize| -> Result<(), String> {
        match x {
            None => Ok(()),
            Some(i) => match i.as_u64() {
                Some(i) if (i as usize) < n => Ok(()),
                _ => Err(format!("{what} {i} is not one of the {n} defined")),
            },
        }
    };
    let items = |k: &str| {
        v.get(k)
            .and_then(|a| a.as_array())
            .cloned()
            .unwrap_or_default()
    };
    for a in items("accessors") {
        check("bufferView", a.get("bufferView"), views)?;
    }
    for b in items("bufferViews") {
        check("buffer", b.get("buffer"), buffers)?;
    }
    for m in items("meshes") {
        for p in m
            .get("primitives")
            .and_then(|p| p.as_array())
            .cloned()
            .unwrap_or_default()
        {
            check("accessor", p.get("indices"), accessors)?;
            if let Some(attrs) = p.get("attributes").and_then(|a| a.as_object()) {
                for a in attrs.values() {
                    check("accessor", Some(a), accessors)?;
                }
            }
            for t in p
                .get("targets")
                .and_then(|t| t.as_array())
                .cloned()
                .unwrap_or_default()
            {
                if let Some(attrs) = t.as_object() {
                    for a in attrs.values() {
                        check("accessor", Some(a), accessors)?;
                    }
                }
            }
        }
    }
    for n in items("nodes") {
        check("mesh", n.get("mesh"), meshes)?;
        for c in n
            .get("children")
            .and_then(|c| c.as_array())
            .cloned()
            .unwrap_or_default()
        {
            check("node", Some(&c), nodes)?;
        }
    }
    for s in items("scenes") {
        for c in s
            .get("nodes")
            .and_then(|c| c.as_array())
            .cloned()
            .unwrap_or_default()
        {
            check("node", Some(&c), nodes)?;
        }
    }
    check("scene", v.get("scene"), count("scenes"))?;
    Ok(())
}
