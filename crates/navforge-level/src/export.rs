//! The world's triangles as OBJ text or a binary glTF, Y up as viewers expect (Z-up world
//! `(x, y, z)` is written `(x, z, -y)`; loading the file back with the default Y-up options
//! gives the same geometry).

use crate::level::Level;

fn y_up(p: [f32; 3]) -> [f32; 3] {
    [p[0], p[2], -p[1]]
}

impl Level {
    /// The world triangles ([`Level::world_triangles`]) as Wavefront OBJ text, Y up.
    pub fn world_obj(&self) -> String {
        let (verts, tris) = self.world_triangles();
        let mut out = String::with_capacity(verts.len() * 32 + tris.len() * 24);
        out.push_str(&format!(
            "# navforge level export: {} v{}, {} triangles, Y up\no world\n",
            self.family(),
            self.version(),
            tris.len()
        ));
        for v in &verts {
            let p = y_up(*v);
            out.push_str(&format!("v {} {} {}\n", p[0], p[1], p[2]));
        }
        for t in &tris {
            out.push_str(&format!("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1));
        }
        out
    }

    /// The world triangles as a binary glTF (`.glb`) with one mesh, Y up.
    pub fn world_glb(&self) -> Vec<u8> {
        let (verts, tris) = self.world_triangles();
        let mut bin = Vec::with_capacity(verts.len() * 12 + tris.len() * 12);
        let mut min = [f32::INFINITY; 3];
        let mut max = [f32::NEG_INFINITY; 3];
        for v in &verts {
            let p = y_up(*v);
            for k in 0..3 {
                min[k] = min[k].min(p[k]);
                max[k] = max[k].max(p[k]);
                bin.extend_from_slice(&p[k].to_le_bytes());
            }
        }
        if verts.is_empty() {
            min = [0.0; 3];
            max = [0.0; 3];
        }
        let index_offset = bin.len();
        for t in &tris {
            for i in t {
                bin.extend_from_slice(&i.to_le_bytes());
            }
        }
        let index_len = bin.len() - index_offset;
        while !bin.len().is_multiple_of(4) {
            bin.push(0);
        }
        let json = format!(
            concat!(
                r#"{{"asset":{{"version":"2.0","generator":"navforge-level"}},"scene":0,"#,
                r#""scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0,"name":"world"}}],"#,
                r#""meshes":[{{"name":"world","primitives":[{{"attributes":{{"POSITION":0}},"indices":1}}]}}],"#,
                r#""buffers":[{{"byteLength":{bl}}}],"#,
                r#""bufferViews":[{{"buffer":0,"byteOffset":0,"byteLength":{vl},"target":34962}},"#,
                r#"{{"buffer":0,"byteOffset":{io},"byteLength":{il},"target":34963}}],"#,
                r#""accessors":[{{"bufferView":0,"componentType":5126,"count":{vc},"type":"VEC3","#,
                r#""min":[{m0},{m1},{m2}],"max":[{x0},{x1},{x2}]}},"#,
                r#"{{"bufferView":1,"componentType":5125,"count":{ic},"type":"SCALAR"}}]}}"#
            ),
            bl = bin.len(),
            vl = index_offset,
            io = index_offset,
            il = index_len,
            vc = verts.len(),
            ic = tris.len() * 3,
            m0 = min[0],
            m1 = min[1],
            m2 = min[2],
            x0 = max[0],
            x1 = max[1],
            x2 = max[2],
        );
        glb(json, &bin)
    }
}

/// A binary glTF (`.glb`): the 12-byte header, the JSON chunk (padded with spaces to 4 bytes)
/// and the binary chunk (`bin`, which the caller pads to 4 bytes, as its buffer views count).
pub fn glb(json: String, bin: &[u8]) -> Vec<u8> {
    let mut json = json.into_bytes();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(bin);
    out
}
