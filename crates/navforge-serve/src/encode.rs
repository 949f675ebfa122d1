//! The binary buffers the page draws from: a mesh (areas, connections, ladders, hiding spots,
//! nodes and links, with render's colours) and a level's world triangles.
//!
//! Layout: `NFMB`, a little-endian `u32` header length, the JSON header (padded with spaces to
//! a multiple of 4), then the sections. The header's `sections` names each one:
//! `{"name": [byte offset from the body start, element count, "f32" | "u32" | "i32" | "u16" | "u8"]}`,
//! each section starting on a 4-byte boundary. Typed arrays read them without copying, so a
//! mesh of 4,000 areas travels in about 200 kB.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use navforge_core::model::{AreaId, ConnectionKind, NavMesh};
use navforge_render::{ColorBy, MARK_COLOURS, Rgba};
use serde_json::{Value, json};

use crate::ServeError;

/// A value written little-endian into a section.
trait Le: Copy {
    const TYPE: &'static str;
    fn put(self, out: &mut Vec<u8>);
}

macro_rules! le {
    ($($t:ty => $name:literal),*) => {$(
        impl Le for $t {
            const TYPE: &'static str = $name;
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
le!(f32 => "f32", u32 => "u32", i32 => "i32", u16 => "u16", u8 => "u8");

/// Sections collected for one buffer.
#[derive(Default)]
struct Buffer {
    body: Vec<u8>,
    index: serde_json::Map<String, Value>,
}

impl Buffer {
    fn put<T: Le>(&mut self, name: &str, items: &[T]) {
        while !self.body.len().is_multiple_of(4) {
            self.body.push(0);
        }
        self.index
            .insert(name.into(), json!([self.body.len(), items.len(), T::TYPE]));
        self.body.reserve(std::mem::size_of_val(items));
        for &v in items {
            v.put(&mut self.body);
        }
    }

    fn finish(self, mut header: Value) -> Vec<u8> {
        header["sections"] = Value::Object(self.index);
        let mut text = serde_json::to_vec(&header).unwrap_or_default();
        while !text.len().is_multiple_of(4) {
            text.push(b' ');
        }
        let mut out = Vec::with_capacity(8 + text.len() + self.body.len());
        out.extend_from_slice(b"NFMB");
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&text);
        out.extend_from_slice(&self.body);
        out
    }
}

fn css(c: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}

/// A colour with its alpha, for marks drawn see-through.
fn css_alpha(c: Rgba) -> Value {
    json!([css(c), c.a as f32 / 255.0])
}

fn finite(p: &[f32; 3]) -> bool {
    p.iter().all(|c| c.is_finite())
}

/// IDs as two `u32` halves (JavaScript numbers cannot hold every 64-bit ID).
fn split_ids(ids: impl Iterator<Item = u64>) -> (Vec<u32>, Vec<u32>) {
    ids.map(|id| (id as u32, (id >> 32) as u32)).unzip()
}

/// Connection and link kinds in order of appearance, with render's colours.
#[derive(Default)]
struct Kinds {
    list: Vec<ConnectionKind>,
}

impl Kinds {
    fn index(&mut self, k: ConnectionKind) -> u8 {
        match self.list.iter().position(|&x| x == k) {
            Some(i) => i as u8,
            None if self.list.len() < 255 => {
                self.list.push(k);
                (self.list.len() - 1) as u8
            }
            None => 255,
        }
    }
    fn table(&self) -> Value {
        Value::Array(
            (self.list.iter())
                .map(|&k| json!({"name": k.name(), "colour": css(navforge_render::link_colour(k))}))
                .collect(),
        )
    }
}

/// The mesh as the page's binary buffer (turned Z up), with `extra` merged into the header.
pub fn mesh(model: &NavMesh, extra: Value) -> Vec<u8> {
    let z_up = model.to_z_up();
    let m: &NavMesh = &z_up;
    let mut b = Buffer::default();
    let mut kinds = Kinds::default();

    // Areas: corners (finite ones; fewer than three and the area is not drawn).
    let (lo, hi) = split_ids(m.areas.iter().map(|a| a.id));
    b.put("area_id_lo", &lo);
    b.put("area_id_hi", &hi);
    let mut start = Vec::with_capacity(m.areas.len() + 1);
    let mut verts = Vec::new();
    for a in &m.areas {
        start.push((verts.len() / 3) as u32);
        let pts: Vec<&[f32; 3]> = a.polygon.iter().filter(|p| finite(p)).collect();
        if pts.len() >= 3 {
            verts.extend(pts.iter().flat_map(|p| p.iter().copied()));
        }
    }
    start.push((verts.len() / 3) as u32);
    b.put("area_start", &start);
    b.put("verts", &verts);
    let place: Vec<i32> = (m.areas.iter())
        .map(|a| a.place.map_or(-1, |p| p.min(i32::MAX as u32) as i32))
        .collect();
    b.put("area_place", &place);
    let (alo, ahi) = split_ids(m.areas.iter().map(|a| a.attributes));
    b.put("area_attr_lo", &alo);
    b.put("area_attr_hi", &ahi);
    let group: Vec<u32> = m.areas.iter().map(|a| a.group).collect();
    b.put("area_group", &group);

    // Fills: render's categories per mode.
    let mut palettes = serde_json::Map::new();
    for (name, by) in [
        ("place", ColorBy::Place),
        ("attributes", ColorBy::Attributes),
        ("group", ColorBy::Group),
    ] {
        let p = navforge_render::area_palette(m, by);
        let of: Vec<u16> = (p.of_area.iter())
            .map(|c| c.map_or(u16::MAX, |c| c.min(u16::MAX as u32 - 1) as u16))
            .collect();
        b.put(&format!("cat_{name}"), &of);
        palettes.insert(
            name.into(),
            json!({
                "by_height": p.by_height,
                "categories": p.categories.iter().map(|c| json!({
                    "name": c.name, "colour": css(c.colour), "areas": c.areas
                })).collect::<Vec<_>>(),
            }),
        );
    }

    // Connections between areas of this mesh, by index; one-way when the reverse is missing.
    let mut index: HashMap<AreaId, u32> = HashMap::with_capacity(m.areas.len());
    for (i, a) in m.areas.iter().enumerate() {
        index.entry(a.id).or_insert(i as u32);
    }
    let pairs: HashSet<(AreaId, AreaId)> = m.connections.iter().map(|c| (c.from, c.to)).collect();
    let (mut cf, mut ct, mut ck, mut co) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut outside = 0usize;
    for c in &m.connections {
        match (index.get(&c.from), index.get(&c.to)) {
            (Some(&f), Some(&t)) => {
                cf.push(f);
                ct.push(t);
                ck.push(kinds.index(c.kind));
                co.push(u8::from(!pairs.contains(&(c.to, c.from))));
            }
            _ => outside += 1,
        }
    }
    b.put("conn_from", &cf);
    b.put("conn_to", &ct);
    b.put("conn_kind", &ck);
    b.put("conn_oneway", &co);

    // Ladders and the areas they join.
    let mut lad = Vec::new();
    let mut lad_id = Vec::new();
    let (mut ll, mut la) = (Vec::new(), Vec::new());
    for (i, l) in m.ladders.iter().enumerate() {
        let (top, bottom) = if finite(&l.top) && finite(&l.bottom) {
            (l.top, l.bottom)
        } else {
            ([0.0; 3], [0.0; 3])
        };
        lad.extend(top);
        lad.extend(bottom);
        lad.push(if l.width.is_finite() { l.width } else { 0.0 });
        lad_id.push(l.id as u32);
        for a in l.top_areas.iter().chain([&l.bottom_area]) {
            if let Some(&ai) = index.get(a).filter(|_| *a != 0) {
                ll.push(i as u32);
                la.push(ai);
            }
        }
    }
    b.put("ladder", &lad);
    b.put("ladder_id", &lad_id);
    b.put("ladder_link_ladder", &ll);
    b.put("ladder_link_area", &la);

    // Hiding spots by their most telling kind.
    let kinds_of_spots: Vec<(&str, Rgba)> = navforge_render::spot_kinds().collect();
    let (mut sp, mut sk, mut sa, mut sid) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for s in m.hiding_spots.iter().filter(|s| finite(&s.position)) {
        sp.extend(s.position);
        let k = (kinds_of_spots.iter())
            .position(|(k, _)| s.kinds.iter().any(|x| x == k))
            .unwrap_or(kinds_of_spots.len());
        sk.push(k as u8);
        sa.push(index.get(&s.area).map_or(-1, |&i| i as i32));
        sid.push(s.id as u32);
    }
    b.put("spot_pos", &sp);
    b.put("spot_kind", &sk);
    b.put("spot_area", &sa);
    b.put("spot_id", &sid);

    // Waypoint nodes and links.
    let mut node_index: HashMap<u64, u32> = HashMap::with_capacity(m.nodes.len());
    let mut np = Vec::new();
    let mut flag_sets: Vec<String> = Vec::new();
    let mut nf = Vec::new();
    for (i, n) in m.nodes.iter().enumerate() {
        node_index.entry(n.id).or_insert(i as u32);
        np.extend(if finite(&n.position) {
            n.position
        } else {
            [0.0; 3]
        });
        let flags = n.flags.join(", ");
        let k = match flag_sets.iter().position(|f| *f == flags) {
            Some(k) => k,
            None => {
                flag_sets.push(flags);
                flag_sets.len() - 1
            }
        };
        nf.push(k.min(u16::MAX as usize) as u16);
    }
    let (nlo, nhi) = split_ids(m.nodes.iter().map(|n| n.id));
    b.put("node_pos", &np);
    b.put("node_id_lo", &nlo);
    b.put("node_id_hi", &nhi);
    b.put("node_flags", &nf);
    let link_pairs: HashSet<(u64, u64)> = m.links.iter().map(|l| (l.from, l.to)).collect();
    let (mut lf, mut lt, mut lk, mut lo1, mut lc) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for l in &m.links {
        if let (Some(&f), Some(&t)) = (node_index.get(&l.from), node_index.get(&l.to)) {
            lf.push(f);
            lt.push(t);
            lk.push(kinds.index(l.kind));
            lo1.push(u8::from(!link_pairs.contains(&(l.to, l.from))));
            lc.push(l.cost.unwrap_or(f32::NAN));
        }
    }
    b.put("link_from", &lf);
    b.put("link_to", &lt);
    b.put("link_kind", &lk);
    b.put("link_oneway", &lo1);
    b.put("link_cost", &lc);

    let ramp: Vec<String> = (0..=32)
        .map(|i| css(navforge_render::height_colour(i as f32 / 32.0)))
        .collect();
    let floors: Vec<Value> = navforge_render::floors(m)
        .iter()
        .map(|f| json!({"index": f.index, "min_z": f.min_z, "max_z": f.max_z, "areas": f.areas}))
        .collect();
    let mc = MARK_COLOURS;
    let mut header = json!({
        "counts": {
            "areas": m.areas.len(), "connections": m.connections.len(),
            "connections_outside": outside, "ladders": m.ladders.len(),
            "hiding_spots": m.hiding_spots.len(), "nodes": m.nodes.len(), "links": m.links.len(),
        },
        "bounds": m.bounds().map(|b| json!({"min": b.min, "max": b.max})),
        "y_up": !model.is_z_up(),
        "places": m.places,
        "attributes": m.attribute_table.iter()
            .map(|f| json!({"bit": f.bit.trailing_zeros(), "name": f.name}))
            .collect::<Vec<_>>(),
        "palettes": palettes,
        "ramp": ramp,
        "kinds": kinds.table(),
        "spot_kinds": kinds_of_spots.iter().map(|(k, c)| json!({"name": k, "colour": css(*c)})).collect::<Vec<_>>(),
        "node_flags": flag_sets,
        "floors": floors,
        "colours": {
            "neutral_area": css(mc.neutral_area),
            "two_way": css_alpha(mc.two_way),
            "one_way": css_alpha(mc.one_way),
            "ladder": css(mc.ladder),
            "ladder_fill": css(mc.ladder_fill),
            "node": css(mc.node),
            "spot_outline": css(mc.spot_outline),
            "ghost": css(mc.ghost),
        },
    });
    if let (Value::Object(h), Value::Object(e)) = (&mut header, extra) {
        h.extend(e);
    }
    b.finish(header)
}

/// Load a level and encode its world triangles (Z up) as the page's binary buffer.
pub fn load_level(path: &Path) -> Result<(LevelBuffer, navforge_level::Level), ServeError> {
    let data = std::fs::read(path).map_err(|source| ServeError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let level = navforge_level::Level::load(&data, &navforge_level::LoadOptions::default())
        .map_err(|e| ServeError::Open {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
    let (vertices, triangles) = level.world_triangles();
    let mut b = Buffer::default();
    let flat: Vec<f32> = vertices
        .iter()
        .flat_map(|p| if finite(p) { *p } else { [0.0; 3] })
        .collect();
    let n = vertices.len() as u32;
    let tris: Vec<u32> = triangles
        .iter()
        .filter(|t| t.iter().all(|&i| i < n))
        .flat_map(|t| t.iter().copied())
        .collect();
    b.put("verts", &flat);
    b.put("tris", &tris);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let header = json!({
        "file": name,
        "family": level.family().to_string(),
        "triangles": tris.len() / 3,
    });
    Ok((
        LevelBuffer {
            bytes: b.finish(header),
        },
        level,
    ))
}

/// A level, encoded once at start.
pub struct LevelBuffer {
    pub bytes: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use navforge_core::model::{Area, Connection};

    fn header(buf: &[u8]) -> (Value, &[u8]) {
        assert_eq!(&buf[..4], b"NFMB");
        let n = u32::from_le_bytes(buf[4..8].try_into().unwrap()) as usize;
        (
            serde_json::from_slice(&buf[8..8 + n]).unwrap(),
            &buf[8 + n..],
        )
    }

    fn u32s(body: &[u8], sec: &Value) -> Vec<u32> {
        let (off, n) = (
            sec[0].as_u64().unwrap() as usize,
            sec[1].as_u64().unwrap() as usize,
        );
        assert_eq!(off % 4, 0);
        (0..n)
            .map(|i| u32::from_le_bytes(body[off + 4 * i..off + 4 * i + 4].try_into().unwrap()))
            .collect()
    }

    #[test]
    fn areas_connections_and_sections_decode() {
        let sq = |id: u64, x: f32| Area {
            id,
            polygon: vec![
                [x, 0.0, 0.0],
                [x + 10.0, 0.0, 0.0],
                [x + 10.0, 10.0, 0.0],
                [x, 10.0, 0.0],
            ],
            ..Area::default()
        };
        let conn = |from, to| Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: None,
        };
        let mut bad = sq(9, 40.0);
        bad.polygon[1][2] = f32::NAN;
        bad.polygon[2][0] = f32::INFINITY;
        let model = NavMesh {
            areas: vec![sq(1, 0.0), sq(1 << 40, 10.0), bad],
            connections: vec![conn(1, 1 << 40), conn(1 << 40, 1), conn(1, 9), conn(9, 77)],
            ..NavMesh::default()
        };
        let buf = mesh(&model, json!({"extra": 5}));
        let (h, body) = header(&buf);
        assert_eq!(h["extra"], 5);
        let s = &h["sections"];
        assert_eq!(u32s(body, &s["area_id_lo"]), [1, 0, 9]);
        assert_eq!(u32s(body, &s["area_id_hi"]), [0, 1 << 8, 0]);
        // The area with two non-finite corners keeps two: fewer than three, not drawn.
        assert_eq!(u32s(body, &s["area_start"]), [0, 4, 8, 8]);
        assert_eq!(u32s(body, &s["conn_from"]), [0, 1, 0]);
        assert_eq!(u32s(body, &s["conn_to"]), [1, 0, 2]);
        assert_eq!(h["counts"]["connections_outside"], 1);
        let oneway = &s["conn_oneway"];
        let off = oneway[0].as_u64().unwrap() as usize;
        assert_eq!(&body[off..off + 3], [0, 0, 1]);
    }
}
