//! From the model: the exact text `nav_save_selected` writes.

use navforge_core::area::AreaRect;
use navforge_core::model::{Direction, NavMesh};
use navforge_core::{BuildError, BuildErrorKind, Format, Item};

use super::kv::parse;
use super::view::SIDES;
use super::{ROOT_NAME, SELECTED_FORMAT, SelectedAreasDocument};

fn bad(at: Option<Item>, msg: impl Into<String>) -> BuildError {
    BuildError::invalid(Format::SourceSelected, at, msg)
}

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n('\t', n));
}

fn kv_value(out: &mut String, level: usize, name: &str, value: &str) {
    indent(out, level);
    out.push('"');
    out.push_str(&name.replace('"', "\\\""));
    out.push_str("\"\t\t\"");
    out.push_str(&value.replace('"', "\\\""));
    out.push_str("\"\n");
}

fn kv_open(out: &mut String, level: usize, name: &str) {
    indent(out, level);
    out.push('"');
    out.push_str(&name.replace('"', "\\\""));
    out.push_str("\"\n");
    indent(out, level);
    out.push_str("{\n");
}

fn kv_close(out: &mut String, level: usize) {
    indent(out, level);
    out.push_str("}\n");
}

/// The text `nav_save_selected` writes for `mesh` taken as the selected set, read back as a
/// document.
///
/// Areas come in model order, each an axis-aligned quad NW, NE, SE, SW (as
/// `to_model` makes them); IDs are printed with `%d` (so IDs of 2³¹ and up
/// print negative), coordinates with `%f`, attributes (the base word, bits 0..31; the game's word has no key) with `%d`. For
/// each side the key of a connection is its position in that side's list in the model, and only
/// connections to areas of `mesh` are written, as the engine writes only neighbours that are
/// selected. Connections without a direction get the side facing the target
/// ([`AreaRect::side_towards`]). An area
/// without a place (or with an empty name) has no `Place` key, and a side without connections no
/// block, as in the engine's output.
pub fn selected_from_model(mesh: &NavMesh) -> Result<SelectedAreasDocument, BuildError> {
    if mesh.areas.is_empty() {
        return Err(BuildError::new(
            Format::SourceSelected,
            BuildErrorKind::Empty("no areas (the engine does not save an empty selection)".into()),
        ));
    }
    let index = crate::model::unique_area_index(mesh, Format::SourceSelected)?;
    // Per area, per side (N, S, E, W as written): (position in the side's list, target).
    let side_slot = |d: Direction| match d {
        Direction::North => 0,
        Direction::South => 1,
        Direction::East => 2,
        Direction::West => 3,
    };
    let mut lists: Vec<[Vec<(usize, u64)>; 4]> = vec![Default::default(); mesh.areas.len()];
    let mut counters: Vec<[usize; 4]> = vec![[0; 4]; mesh.areas.len()];
    for c in &mesh.connections {
        let from = crate::model::connection_start(&index, c, Format::SourceSelected)?;
        let target = index.get(&c.to).copied();
        let dir = match (c.direction, target) {
            (Some(d), _) => d,
            (None, Some(t)) => {
                let rect = |i: usize| AreaRect::of_area(&mesh.areas[i]);
                match (rect(from), rect(t)) {
                    (Some(a), Some(b)) => a.side_towards(&b),
                    // Not a quad with finite corners: reported with the area below.
                    _ => continue,
                }
            }
            (None, None) => continue,
        };
        let s = side_slot(dir);
        let i = counters[from][s];
        counters[from][s] += 1;
        if target.is_some() {
            lists[from][s].push((i, c.to));
        }
    }
    let mut out = String::new();
    kv_open(&mut out, 0, ROOT_NAME);
    kv_value(&mut out, 1, "version", "1");
    for (a, sides) in mesh.areas.iter().zip(&lists) {
        let field = || Some(Item::Area(a.id));
        let id = u32::try_from(a.id).map_err(|_| bad(field(), "ID does not fit in 32 bits"))?;
        let ([nw, ne, se, sw], bits) = crate::model::source_quad(a, SELECTED_FORMAT)
            .map_err(|e| bad(field(), e.kind.to_string()))?;
        // The engine writes only the base attribute word; the game's word (bits 32..63) has no key.
        let attributes = (bits & 0xffff_ffff) as u32;
        if a.polygon.iter().flatten().any(|c| !c.is_finite()) {
            return Err(bad(
                field(),
                "a corner is not finite (the engine's `%f` text for it depends on the C library)",
            ));
        }
        let place = match a.place {
            None => "",
            Some(p) => mesh
                .places
                .get(p as usize)
                .ok_or_else(|| bad(field(), format!("place {p} is not in the place list")))?,
        };
        kv_open(&mut out, 1, &(id as i32).to_string());
        for (name, p) in [
            ("NorthWest", nw),
            ("NorthEast", ne),
            ("SouthWest", sw),
            ("SouthEast", se),
        ] {
            kv_open(&mut out, 2, name);
            for (axis, v) in ["x", "y", "z"].iter().zip(p) {
                kv_value(&mut out, 3, axis, &format!("{:.6}", v as f64));
            }
            kv_close(&mut out, 2);
        }
        for (name, list) in SIDES.iter().zip(sides) {
            if list.is_empty() {
                continue;
            }
            kv_open(&mut out, 2, name);
            for (i, to) in list {
                // Targets are areas of the mesh, so their IDs fit (checked in their own turn).
                kv_value(
                    &mut out,
                    3,
                    &i.to_string(),
                    &(*to as u32 as i32).to_string(),
                );
            }
            kv_close(&mut out, 2);
        }
        if !place.is_empty() {
            kv_value(&mut out, 2, "Place", place);
        }
        kv_value(&mut out, 2, "Attributes", &(attributes as i32).to_string());
        kv_close(&mut out, 1);
    }
    kv_close(&mut out, 0);
    parse(out.as_bytes())
        .map_err(|e| bad(None, format!("the generated text does not read back: {e}")))
}
