//! Triangle-soup levels: Wavefront OBJ and glTF/GLB, turned Z-up.

use crate::bytes::bad_point;
use crate::error::LevelError;
use crate::options::UpAxis;
use glam::{Mat4, Vec3};

/// The most triangles a soup level may have (OBJ faces, or glTF primitives times the nodes that
/// instance them): 4 million, about 150 MB of corners before the collision index is built, so a
/// small file cannot ask for unbounded memory through instancing.
pub const MAX_TRIANGLES: usize = 4_000_000;

/// The most glTF positions read, over every node that instances a mesh (3 per triangle).
const MAX_POSITIONS: usize = 3 * MAX_TRIANGLES;

/// The most glTF nodes walked (instances included).
const MAX_NODES: usize = 1_000_000;

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
        tobj::load_obj_buf(&mut reader, &opts, |_| Err(tobj::LoadError::OpenFileFailed))
            .map_err(|e| LevelError::mesh("OBJ", "", e.to_string()))?;
    let mut out = Vec::new();
    for m in models {
        let pos = &m.mesh.positions;
        // Every vertex of the model checked before any triangle is made from it.
        for (k, p) in pos.chunks_exact(3).enumerate() {
            if let Some(why) = bad_point(Vec3::new(p[0], p[1], p[2])) {
                return Err(LevelError::mesh(
                    "OBJ",
                    format!("object `{}` vertex {}", m.name, k + 1),
                    why,
                ));
            }
        }
        let corner = |i: u32| -> Option<Vec3> {
            let i = i as usize * 3;
            let p = pos.get(i..i + 3)?;
            Some(to_z_up(Vec3::new(p[0], p[1], p[2]), up))
        };
        if out.len() + m.mesh.indices.len() / 3 > MAX_TRIANGLES {
            return Err(LevelError::mesh(
                "OBJ",
                format!("object `{}` faces", m.name),
                format!("more than {MAX_TRIANGLES} triangles"),
            ));
        }
        for t in m.mesh.indices.chunks_exact(3) {
            if let (Some(a), Some(b), Some(c)) = (corner(t[0]), corner(t[1]), corner(t[2])) {
                out.push([a, b, c]);
            }
        }
    }
    if out.is_empty() {
        return Err(LevelError::mesh("OBJ", "", "no faces"));
    }
    Ok(out)
}

/// Read a glTF (binary `.glb`, or JSON with embedded buffers in the GLB blob only): every
/// triangle primitive of every node in the default scene, with the node transforms applied.
pub(crate) fn read_gltf(bytes: &[u8], up: UpAxis) -> Result<Soup, LevelError> {
    // Backstop for the gltf crate's unchecked indexing on inputs the checks below miss.
    std::panic::catch_unwind(|| read_gltf_checked(bytes, up)).unwrap_or_else(|_| {
        Err(LevelError::mesh(
            "glTF",
            "",
            "the glTF parser rejected the file",
        ))
    })
}

fn read_gltf_checked(bytes: &[u8], up: UpAxis) -> Result<Soup, LevelError> {
    let err = |m: String| LevelError::mesh("glTF", "", m);
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
    check_indices(bytes).map_err(|(field, m)| LevelError::mesh("glTF", field, m))?;
    let g = gltf::Gltf::from_slice(bytes).map_err(|e| err(e.to_string()))?;
    let blob = g.blob.as_deref();
    let mut out = Vec::new();
    let scene = g.default_scene().or_else(|| g.scenes().next());
    let mut stack: Vec<(gltf::Node, Mat4)> = match &scene {
        Some(s) => s.nodes().map(|n| (n, Mat4::IDENTITY)).collect(),
        None => g.nodes().map(|n| (n, Mat4::IDENTITY)).collect(),
    };
    let mut visited = 0usize;
    // Positions read and triangles asked for, over every instance (a node that reads a large
    // accessor for one valid triangle still costs its whole read).
    let (mut positions_read, mut triangles_asked) = (0usize, 0usize);
    while let Some((node, parent)) = stack.pop() {
        visited += 1;
        if visited > MAX_NODES {
            return Err(LevelError::mesh(
                "glTF",
                format!("nodes[{}]", node.index()),
                format!("the scene instances more than {MAX_NODES} nodes (or they form a cycle)"),
            ));
        }
        let m = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
        // Nodes waiting count towards the bound too: a node listing many children, reached
        // again and again, would fill the stack before the walk reaches the bound.
        if visited + stack.len() + node.children().len() > MAX_NODES {
            return Err(LevelError::mesh(
                "glTF",
                format!("nodes[{}].children", node.index()),
                format!("the scene instances more than {MAX_NODES} nodes (or they form a cycle)"),
            ));
        }
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

            let mut pts: Vec<Vec3> = Vec::with_capacity(positions.size_hint().0.min(bytes.len()));
            for (k, p) in positions.enumerate() {
                positions_read += 1;
                if positions_read > MAX_POSITIONS {
                    return Err(LevelError::mesh(
                        "glTF",
                        format!("nodes[{}] mesh {}", node.index(), mesh.index()),
                        format!(
                            "the scene reads more than {MAX_POSITIONS} positions (instanced nodes)"
                        ),
                    ));
                }
                // Checked after the node transforms: a finite point scaled past the world
                // is refused too.
                let q = m.transform_point3(Vec3::from_array(p));
                if let Some(why) = bad_point(q) {
                    return Err(LevelError::mesh(
                        "glTF",
                        format!("nodes[{}] mesh {} position {k}", node.index(), mesh.index()),
                        why,
                    ));
                }
                pts.push(to_z_up(q, up));
            }
            let idx: Vec<u32> = match reader.read_indices() {
                Some(i) => i.into_u32().take(bytes.len()).collect(),
                None => (0..pts.len() as u32).collect(),
            };
            triangles_asked += idx.len() / 3;
            if triangles_asked > MAX_TRIANGLES {
                return Err(LevelError::mesh(
                    "glTF",
                    format!("nodes[{}] mesh {}", node.index(), mesh.index()),
                    format!("the scene has more than {MAX_TRIANGLES} triangles (instanced nodes)"),
                ));
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
///
/// Every accessor's `count` (and a sparse one's) is also bounded by the file's length: an
/// accessor cannot have more elements than the file has bytes, and the reader allocates by it.
fn check_indices(bytes: &[u8]) -> Result<(), (String, String)> {
    let json = if bytes.starts_with(b"glTF") {
        let len = bytes
            .get(12..16)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) as usize;
        bytes.get(20..20usize.saturating_add(len)).ok_or_else(|| {
            (
                "JSON chunk".to_string(),
                format!(
                    "chunk of {len} bytes runs past the end of the {} bytes",
                    bytes.len()
                ),
            )
        })?
    } else {
        bytes
    };
    let v: serde_json::Value =
        serde_json::from_slice(json).map_err(|e| ("JSON".to_string(), e.to_string()))?;
    let count = |k: &str| v.get(k).and_then(|a| a.as_array()).map_or(0, |a| a.len());
    let (accessors, views, buffers, meshes, nodes) = (
        count("accessors"),
        count("bufferViews"),
        count("buffers"),
        count("meshes"),
        count("nodes"),
    );
    let check =
        |what: &str, x: Option<&serde_json::Value>, n: usize| -> Result<(), (String, String)> {
            match x {
                None => Ok(()),
                Some(i) => match i.as_u64() {
                    Some(i) if (i as usize) < n => Ok(()),
                    _ => Err((
                        what.to_string(),
                        format!("{i} is not one of the {n} defined"),
                    )),
                },
            }
        };
    let file_len = bytes.len() as u64;
    let bounded = |field: String, x: Option<&serde_json::Value>| -> Result<(), (String, String)> {
        match x {
            None => Ok(()),
            Some(c) => match c.as_u64() {
                Some(c) if c <= file_len => Ok(()),
                _ => Err((
                    field,
                    format!("{c} elements in a file of {file_len} bytes cannot be real"),
                )),
            },
        }
    };
    for (i, a) in v
        .get("accessors")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
        .enumerate()
    {
        bounded(format!("accessors[{i}].count"), a.get("count"))?;
        if let Some(sparse) = a.get("sparse") {
            bounded(format!("accessors[{i}].sparse.count"), sparse.get("count"))?;
        }
    }
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
