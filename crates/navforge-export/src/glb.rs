use crate::group_areas;
use navforge_core::model::{Area, NavMesh};
use serde_json::{Value, json};

/// Binary glTF 2.0: one scene node per area group, polygons fan-triangulated, coloured per area
/// (by place where the format has places, otherwise by group, with a light/dark alternation so
/// neighbouring areas stay distinguishable). Waypoint graphs become a line primitive.
/// Z-up formats are turned to glTF's Y-up.
pub fn to_glb(mesh: &NavMesh) -> Vec<u8> {
    let z_up = mesh.is_z_up();
    let to_gltf = |p: [f32; 3]| if z_up { [p[0], p[2], -p[1]] } else { p };
    let mut b = Builder::default();
    let mut nodes = Vec::new();
    for group in group_areas(mesh) {
        let mut positions = Vec::new();
        let mut colors = Vec::new();
        let mut indices = Vec::new();
        for area in &group.areas {
            if area.polygon.len() < 3 {
                continue;
            }
            let base = (positions.len()) as u32;
            let color = area_color(area, group.id);
            for &p in &area.polygon {
                positions.push(to_gltf(p));
                colors.push(color);
            }
            for i in 1..area.polygon.len() as u32 - 1 {
                indices.extend_from_slice(&[base, base + i, base + i + 1]);
            }
        }
        if indices.is_empty() {
            continue;
        }
        let prim = b.primitive(&positions, Some(&colors), &indices, 4);
        nodes.push(b.node(&group.name, prim));
    }
    if !mesh.nodes.is_empty() {
        let index: std::collections::HashMap<u64, u32> = mesh
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, i as u32))
            .collect();
        let positions: Vec<[f32; 3]> = mesh.nodes.iter().map(|n| to_gltf(n.position)).collect();
        let colors = vec![[1.0, 0.85, 0.2]; positions.len()];
        let mut indices = Vec::new();
        for l in &mesh.links {
            if let (Some(&a), Some(&b)) = (index.get(&l.from), index.get(&l.to)) {
                indices.extend_from_slice(&[a, b]);
            }
        }
        if indices.is_empty() {
            let prim = b.primitive(&positions, Some(&colors), &[], 0);
            nodes.push(b.node("waypoints", prim));
        } else {
            let prim = b.primitive(&positions, Some(&colors), &indices, 1);
            nodes.push(b.node("waypoints", prim));
        }
    }
    b.finish(nodes)
}

/// A colour from a small qualitative palette, chosen by place (or group), shaded by area id.
fn area_color(area: &Area, group: u32) -> [f32; 3] {
    const PALETTE: [[f32; 3]; 10] = [
        [0.31, 0.47, 0.65],
        [0.95, 0.56, 0.17],
        [0.88, 0.34, 0.35],
        [0.46, 0.72, 0.70],
        [0.35, 0.63, 0.31],
        [0.93, 0.79, 0.28],
        [0.69, 0.48, 0.63],
        [1.00, 0.62, 0.65],
        [0.61, 0.46, 0.37],
        [0.73, 0.69, 0.67],
    ];
    let key = area.place.map_or(group as usize, |p| p as usize + 1);
    let c = PALETTE[key % PALETTE.len()];
    let shade = if area.id.is_multiple_of(2) { 1.0 } else { 0.82 };
    [c[0] * shade, c[1] * shade, c[2] * shade]
}

#[derive(Default)]
struct Builder {
    bin: Vec<u8>,
    views: Vec<Value>,
    accessors: Vec<Value>,
    meshes: Vec<Value>,
    nodes: Vec<Value>,
}

impl Builder {
    fn view(&mut self, bytes: &[u8], target: u32) -> usize {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        self.views.push(
            json!({"buffer": 0, "byteOffset": offset, "byteLength": bytes.len(), "target": target}),
        );
        self.views.len() - 1
    }

    fn vec3_accessor(&mut self, data: &[[f32; 3]], with_bounds: bool) -> usize {
        let bytes: Vec<u8> = data
            .iter()
            .flatten()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let view = self.view(&bytes, 34962);
        let mut acc =
            json!({"bufferView": view, "componentType": 5126, "count": data.len(), "type": "VEC3"});
        if with_bounds {
            let mut min = [f32::INFINITY; 3];
            let mut max = [f32::NEG_INFINITY; 3];
            for p in data {
                for i in 0..3 {
                    min[i] = min[i].min(p[i]);
                    max[i] = max[i].max(p[i]);
                }
            }
            acc["min"] = json!(min);
            acc["max"] = json!(max);
        }
        self.accessors.push(acc);
        self.accessors.len() - 1
    }

    fn primitive(
        &mut self,
        positions: &[[f32; 3]],
        colors: Option<&[[f32; 3]]>,
        indices: &[u32],
        mode: u32,
    ) -> Value {
        let pos = self.vec3_accessor(positions, true);
        let mut attributes = json!({"POSITION": pos});
        if let Some(colors) = colors {
            attributes["COLOR_0"] = json!(self.vec3_accessor(colors, false));
        }
        let mut prim = json!({"attributes": attributes, "mode": mode});
        if !indices.is_empty() {
            let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
            let view = self.view(&bytes, 34963);
            self.accessors.push(json!({"bufferView": view, "componentType": 5125, "count": indices.len(), "type": "SCALAR"}));
            prim["indices"] = json!(self.accessors.len() - 1);
        }
        prim
    }

    fn node(&mut self, name: &str, primitive: Value) -> usize {
        self.meshes
            .push(json!({"name": name, "primitives": [primitive]}));
        self.nodes
            .push(json!({"name": name, "mesh": self.meshes.len() - 1}));
        self.nodes.len() - 1
    }

    fn finish(mut self, scene_nodes: Vec<usize>) -> Vec<u8> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let mut doc = json!({
            "asset": {"version": "2.0", "generator": concat!("navforge ", env!("CARGO_PKG_VERSION"))},
            "scene": 0,
            "scenes": [{"nodes": scene_nodes}],
            "nodes": self.nodes,
            "meshes": self.meshes,
            "accessors": self.accessors,
            "bufferViews": self.views,
        });
        if !self.bin.is_empty() {
            doc["buffers"] = json!([{"byteLength": self.bin.len()}]);
        }
        let mut text = serde_json::to_vec(&doc).unwrap_or_default();
        while !text.len().is_multiple_of(4) {
            text.push(b' ');
        }
        let bin_chunk = if self.bin.is_empty() {
            0
        } else {
            8 + self.bin.len()
        };
        let total = 12 + 8 + text.len() + bin_chunk;
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(b"glTF");
        out.extend_from_slice(&2u32.to_le_bytes());
        out.extend_from_slice(&(total as u32).to_le_bytes());
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(b"JSON");
        out.extend_from_slice(&text);
        if !self.bin.is_empty() {
            out.extend_from_slice(&(self.bin.len() as u32).to_le_bytes());
            out.extend_from_slice(b"BIN\0");
            out.extend_from_slice(&self.bin);
        }
        out
    }
}
