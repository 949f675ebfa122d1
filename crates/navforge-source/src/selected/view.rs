//! The typed view: the content `nav_merge_mesh` reads from a document.

use std::collections::HashSet;

use navforge_core::model::Direction;
use serde::Serialize;

use super::kv::is_space;
use super::{Entry, SelectedAreasDocument};

/// The engine's content of one area block.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SelectedArea {
    /// The block's name as written (the engine matches connections to it by this text).
    pub key: String,
    /// The area ID (`%d`, so negative text is the ID wrapped to 32 bits); 0 when the name is not a
    /// number (see [`SelectedView::problems`]).
    pub id: u32,
    /// Corners as written; `None` when the block is missing (the engine then reads the origin).
    pub north_west: Option<[f32; 3]>,
    /// `NorthEast` corner.
    pub north_east: Option<[f32; 3]>,
    /// `SouthWest` corner.
    pub south_west: Option<[f32; 3]>,
    /// `SouthEast` corner.
    pub south_east: Option<[f32; 3]>,
    /// Connected area IDs per side, in file order.
    pub north: Vec<u32>,
    /// Connections on the south side (+y).
    pub south: Vec<u32>,
    /// Connections on the east side (+x).
    pub east: Vec<u32>,
    /// Connections on the west side (-x).
    pub west: Vec<u32>,
    /// The `Place` name.
    pub place: Option<String>,
    /// The `Attributes` word.
    pub attributes: Option<u32>,
    /// Keys of this block the engine does not read.
    pub unknown: Vec<String>,
}

impl SelectedArea {
    /// Connections per side in model direction order (north, east, south, west).
    pub fn connections(&self) -> [(Direction, &[u32]); 4] {
        [
            (Direction::North, &self.north),
            (Direction::East, &self.east),
            (Direction::South, &self.south),
            (Direction::West, &self.west),
        ]
    }

    /// The quad NW, NE, SE, SW as the engine builds it on merge: NW and SE, with only the heights
    /// of NE and SW (a missing corner reads as the origin).
    pub fn polygon(&self) -> [[f32; 3]; 4] {
        let nw = self.north_west.unwrap_or_default();
        let se = self.south_east.unwrap_or_default();
        let ne = self.north_east.unwrap_or_default();
        let sw = self.south_west.unwrap_or_default();
        [nw, [se[0], nw[1], ne[2]], se, [nw[0], se[1], sw[2]]]
    }
}

/// What `nav_merge_mesh` reads from the document.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SelectedView {
    /// The root key's name (the engine ignores it).
    pub root_name: String,
    /// The `version` value (the engine writes 1).
    pub version: Option<i64>,
    /// The area blocks, in file order.
    pub areas: Vec<SelectedArea>,
    /// Root keys the engine does not read as areas or the version.
    pub unknown: Vec<String>,
    /// Values that are not what the engine writes (garbage numbers, duplicates, missing parts).
    pub problems: Vec<String>,
}

/// The C library's `atof` reading of `s`: the longest numeric prefix, 0 when there is none.
fn c_float_prefix(s: &str) -> f64 {
    let b = s.as_bytes();
    let mut i = 0;
    while b.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let start = i;
    if matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut digits = 0;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return 0.0;
    }
    let mantissa_end = i;
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    s.get(start..i)
        .and_then(|p| p.parse().ok())
        .or_else(|| s.get(start..mantissa_end).and_then(|p| p.parse().ok()))
        .unwrap_or(0.0)
}

/// A 32-bit value as `%d` writes it (so from `i32::MIN` up; up to `u32::MAX` also accepted).
fn parse_u32(s: &str) -> Option<u32> {
    let v: i64 = s.parse().ok()?;
    if (i32::MIN as i64..=u32::MAX as i64).contains(&v) {
        Some(v as u32)
    } else {
        None
    }
}

fn has_key<'a>(entries: &'a [Entry], name: &str) -> impl Iterator<Item = &'a Entry> + 'a {
    let name = name.to_string();
    entries
        .iter()
        .filter(move |e| e.key().text().eq_ignore_ascii_case(&name))
}

const CORNERS: [&str; 4] = ["NorthWest", "NorthEast", "SouthWest", "SouthEast"];
pub(super) const SIDES: [&str; 4] = ["North", "South", "East", "West"];

fn read_area(key: &str, children: &[Entry], problems: &mut Vec<String>) -> SelectedArea {
    let mut area = SelectedArea {
        key: key.to_string(),
        id: match parse_u32(key) {
            Some(id) => id,
            None => {
                problems.push(format!(
                    "area `{key}`: the name is not a 32-bit area ID (read as 0)"
                ));
                0
            }
        },
        ..SelectedArea::default()
    };
    let mut seen: HashSet<String> = HashSet::new();
    for e in children {
        let name = e.key().text();
        let lower = name.to_ascii_lowercase();
        let known = CORNERS
            .iter()
            .chain(SIDES.iter())
            .chain(["Place", "Attributes"].iter())
            .any(|k| k.eq_ignore_ascii_case(&name));
        if !known {
            area.unknown.push(name.into_owned());
            continue;
        }
        if !seen.insert(lower) {
            problems.push(format!(
                "area `{key}`: duplicate key `{name}` (the engine reads the first)"
            ));
            continue;
        }
        if let Some(ci) = CORNERS.iter().position(|k| k.eq_ignore_ascii_case(&name)) {
            let Some(kids) = e.children() else {
                problems.push(format!(
                    "area `{key}`: `{name}` is a value, not a block (read as the origin)"
                ));
                continue;
            };
            let mut p = [0f32; 3];
            for (axis, slot) in ["x", "y", "z"].iter().zip(p.iter_mut()) {
                let Some(v) = has_key(kids, axis).find_map(Entry::value) else {
                    problems.push(format!(
                        "area `{key}`: `{name}` has no `{axis}` (read as 0)"
                    ));
                    continue;
                };
                let t = v.text();
                let f = match t.parse::<f64>() {
                    Ok(f) => f,
                    Err(_) => {
                        let f = c_float_prefix(&t);
                        problems.push(format!(
                            "area `{key}`: `{name}` `{axis}` is not a number: `{t}` (the engine reads {f})"
                        ));
                        f
                    }
                };
                *slot = f as f32;
                if !slot.is_finite() {
                    problems.push(format!(
                        "area `{key}`: `{name}` `{axis}` is not finite: `{t}`"
                    ));
                }
            }
            let slot = match ci {
                0 => &mut area.north_west,
                1 => &mut area.north_east,
                2 => &mut area.south_west,
                _ => &mut area.south_east,
            };
            *slot = Some(p);
        } else if let Some(si) = SIDES.iter().position(|k| k.eq_ignore_ascii_case(&name)) {
            let Some(kids) = e.children() else {
                problems.push(format!(
                    "area `{key}`: `{name}` is a value, not a block (no connections read)"
                ));
                continue;
            };
            let list = match si {
                0 => &mut area.north,
                1 => &mut area.south,
                2 => &mut area.east,
                _ => &mut area.west,
            };
            for c in kids {
                match c.value() {
                    Some(v) => match parse_u32(&v.text()) {
                        Some(id) => list.push(id),
                        None => problems.push(format!(
                            "area `{key}`: `{name}` connection `{}` is not an area ID: `{}` (skipped)",
                            c.key().text(),
                            v.text()
                        )),
                    },
                    None => problems.push(format!(
                        "area `{key}`: `{name}` has a block `{}` (the engine reads only values)",
                        c.key().text()
                    )),
                }
            }
        } else if name.eq_ignore_ascii_case("Place") {
            match e.value() {
                Some(v) => area.place = Some(v.text().into_owned()),
                None => problems.push(format!("area `{key}`: `Place` is a block, not a value")),
            }
        } else {
            match e.value() {
                Some(v) => {
                    let t = v.text();
                    area.attributes = Some(match parse_u32(&t) {
                        Some(a) => a,
                        None => {
                            let a = c_float_prefix(&t) as i64 as u32;
                            problems.push(format!(
                                "area `{key}`: `Attributes` is not a 32-bit integer: `{t}` (read as {a})"
                            ));
                            a
                        }
                    });
                }
                None => problems.push(format!(
                    "area `{key}`: `Attributes` is a block, not a value"
                )),
            }
        }
    }
    for (c, name) in [
        (area.north_west, "NorthWest"),
        (area.south_east, "SouthEast"),
        (area.north_east, "NorthEast"),
        (area.south_west, "SouthWest"),
    ] {
        if c.is_none() {
            problems.push(format!(
                "area `{key}`: no `{name}` corner (the engine reads the origin)"
            ));
        }
    }
    if let (Some(nw), Some(ne), Some(sw), Some(se)) = (
        area.north_west,
        area.north_east,
        area.south_west,
        area.south_east,
    ) && (ne[0] != se[0] || ne[1] != nw[1] || sw[0] != nw[0] || sw[1] != se[1])
    {
        problems.push(format!(
            "area `{key}`: not an axis-aligned quad (the engine uses NorthWest, SouthEast and only the heights of NorthEast and SouthWest)"
        ));
    }
    area
}

impl SelectedAreasDocument {
    /// The content `nav_merge_mesh` reads. Never fails: what does not fit is listed in
    /// [`SelectedView::problems`] or `unknown`.
    pub fn view(&self) -> SelectedView {
        let mut v = SelectedView::default();
        // The root is the first block; `#base`/`#include` lines may come before it.
        let Some(at) = self
            .entries
            .iter()
            .position(|e| e.children().is_some())
            .or((!self.entries.is_empty()).then_some(0))
        else {
            v.problems.push("no root key".to_string());
            return v;
        };
        let root = &self.entries[at];
        v.root_name = root.key().text().into_owned();
        for (i, extra) in self.entries.iter().enumerate() {
            if i != at {
                v.unknown.push(extra.key().text().into_owned());
            }
        }
        let Some(children) = root.children() else {
            v.problems
                .push("the root key is a value, not a block: no areas".to_string());
            return v;
        };
        let mut ids: HashSet<&str> = HashSet::new();
        for e in children {
            let name = e.key().text();
            match e {
                Entry::Value { value, .. } if name.eq_ignore_ascii_case("version") => {
                    if v.version.is_some() {
                        v.problems
                            .push("duplicate `version` (the first counts)".to_string());
                        continue;
                    }
                    let t = value.text();
                    match t.parse::<i64>() {
                        Ok(n) => v.version = Some(n),
                        Err(_) => v
                            .problems
                            .push(format!("`version` is not an integer: `{t}`")),
                    }
                }
                Entry::Value { .. } => v.unknown.push(name.into_owned()),
                Entry::Block { children, .. } => {
                    if !ids.insert(match &e.key().raw {
                        r if e.key().is_quoted() => &r[1..r.len() - 1],
                        r => r,
                    }) {
                        v.problems.push(format!(
                            "duplicate area `{name}` (the engine merges both; connections resolve to the first)"
                        ));
                    }
                    v.areas.push(read_area(&name, children, &mut v.problems));
                }
            }
        }
        v
    }
}
