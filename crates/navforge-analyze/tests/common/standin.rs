//! A stand-in map for a nav whose map the corpus lacks: boxes (a [`City`], written as a Source
//! map of brushes with no VIS data) whose floors are the nav's areas and whose walls stand along
//! the areas' open sides, for timing analysis on the shapes of real meshes
//! (`examples/standin.rs`; `docs/analyze.md`, "Stand-in maps").
//!
//! Each area gets a floor slab [`SLAB`] deep whose top is its lowest corner. Each side of an
//! area gets a wall [`WALL`] thick, from under the slab to [`WALL_UP`] above the side's higher
//! corner, wherever no other area lies along it outside (its facing side within [`TOUCH`]
//! across) at most [`CLIMB`] higher: a neighbour's floor, or a drop to one below, is left
//! open. Walls that continue one another along a line are one brush ([`merged`]). It is a
//! coarse likeness: real maps have ceilings, low cover and VIS data.
// Each target including this file uses a different part of it.
#![allow(dead_code)]

use super::city::City;

/// How thick a wall is.
pub const WALL: f32 = 8.0;
/// How far a wall rises above its side's higher corner.
pub const WALL_UP: f32 = 160.0;
/// How deep a floor slab is.
pub const SLAB: f32 = 16.0;
/// How far across a side another area's facing side may lie and still close it.
pub const TOUCH: f32 = 2.0;
/// How much higher than an area's highest corner a neighbour may start and still be open
/// (a step or a jump up; anything lower is a drop).
pub const CLIMB: f32 = 72.0;

/// An area's rectangle and heights: `(min x, min y, max x, max y, lowest z, highest z)`.
pub type Rect = (f32, f32, f32, f32, f32, f32);

/// The areas of `doc` as rectangles, those with a coordinate that is not finite left out.
pub fn rects(doc: &navforge_source::SourceNavDocument) -> Vec<Rect> {
    (doc.areas.iter())
        .map(|a| {
            let (nw, se) = (a.north_west, a.south_east);
            let zs = [nw[2], se[2], a.north_east_z, a.south_west_z].map(|z| z.get());
            let lo = zs.iter().copied().fold(f32::INFINITY, f32::min);
            let hi = zs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            (nw[0].get(), nw[1].get(), se[0].get(), se[1].get(), lo, hi)
        })
        .filter(|r| [r.0, r.1, r.2, r.3, r.4, r.5].iter().all(|v| v.is_finite()))
        .collect()
}

/// The side `side` of `r` (0: low x, 1: high x, 2: low y, 3: high y): the axis it runs across
/// (0: x), where it lies on that axis, which way is out (-1 or 1), and its span along it.
pub fn side(r: &Rect, side: usize) -> (usize, f32, f32, (f32, f32)) {
    match side {
        0 => (0, r.0, -1.0, (r.1, r.3)),
        1 => (0, r.2, 1.0, (r.1, r.3)),
        2 => (1, r.1, -1.0, (r.0, r.2)),
        _ => (1, r.3, 1.0, (r.0, r.2)),
    }
}

/// The parts of side `s` of `rects[i]` that no other area closes: where its walls stand.
pub fn open_parts(rects: &[Rect], i: usize, s: usize) -> Vec<(f32, f32)> {
    let r = &rects[i];
    let (_, c, _, (a, b)) = side(r, s);
    let mut closed: Vec<(f32, f32)> = Vec::new();
    for (j, o) in rects.iter().enumerate() {
        if i == j || o.4 > r.5 + CLIMB {
            continue;
        }
        // The other's side facing this one (its opposite side), and its span.
        let (_, near, _, (s0, s1)) = side(o, s ^ 1);
        if (near - c).abs() <= TOUCH && s0 < b && s1 > a {
            closed.push((s0.max(a), s1.min(b)));
        }
    }
    closed.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut at = a;
    let mut walls = Vec::new();
    for (s0, s1) in closed {
        if s0 > at + 1.0 {
            walls.push((at, s0));
        }
        at = at.max(s1);
    }
    if b > at + 1.0 {
        walls.push((at, b));
    }
    walls
}

/// A wall along a side: the side's line (the axis it runs across, where it lies on that axis,
/// which way is out), its span along the line, and its heights.
#[derive(Clone, Copy)]
pub struct Wall {
    pub face: (usize, f32, f32),
    pub span: (f32, f32),
    pub z: (f32, f32),
}

/// `walls` with those that continue one another along one line (the same face, spans that
/// meet within a unit, heights that overlap) made one: a map's wall is one brush, not one per
/// area beside it, and one brush hides more of what lies behind it.
pub fn merged(mut walls: Vec<Wall>) -> Vec<Wall> {
    walls.sort_by(|p, q| {
        (p.face.0.cmp(&q.face.0))
            .then(p.face.2.total_cmp(&q.face.2))
            .then(p.face.1.total_cmp(&q.face.1))
            .then(p.span.0.total_cmp(&q.span.0))
    });
    let mut out: Vec<Wall> = Vec::new();
    // Where the walls of the current face start in `out`.
    let mut face_start = 0;
    for w in walls {
        if out.get(face_start).is_some_and(|f| f.face != w.face) {
            face_start = out.len();
        }
        let continued = out[face_start..]
            .iter_mut()
            .find(|m| w.span.0 <= m.span.1 + 1.0 && w.z.0 <= m.z.1 && m.z.0 <= w.z.1);
        match continued {
            Some(m) => {
                m.span.1 = m.span.1.max(w.span.1);
                m.z = (m.z.0.min(w.z.0), m.z.1.max(w.z.1));
            }
            None => out.push(w),
        }
    }
    out
}

/// The stand-in of `doc`'s areas; its mark (for a player spawn) is the first area's centre.
/// Fails on a nav with no area, and on one needing more boxes than a VBSP leaf can list.
pub fn standin(doc: &navforge_source::SourceNavDocument) -> Result<City, String> {
    let rects = rects(doc);
    let first = rects.first().ok_or("the nav has no area")?;
    let mut boxes = Vec::new();
    let mut walls: Vec<Wall> = Vec::new();
    for (i, r) in rects.iter().enumerate() {
        let &(x0, y0, x1, y1, lo, hi) = r;
        boxes.push(([x0, y0, lo - SLAB], [x1, y1, lo]));
        for s in 0..4 {
            let (axis, c, out, _) = side(r, s);
            for span in open_parts(&rects, i, s) {
                walls.push(Wall {
                    face: (axis, c, out),
                    span,
                    z: (lo - SLAB, hi + WALL_UP),
                });
            }
        }
    }
    for w in merged(walls) {
        let (axis, c, out) = w.face;
        let (w0, w1) = if out < 0.0 {
            (c - WALL, c)
        } else {
            (c, c + WALL)
        };
        let ((s0, s1), (z0, z1)) = (w.span, w.z);
        boxes.push(if axis == 0 {
            ([w0, s0, z0], [w1, s1, z1])
        } else {
            ([s0, w0, z0], [s1, w1, z1])
        });
    }
    if boxes.len() > usize::from(u16::MAX) {
        return Err(format!(
            "{} boxes: more than a VBSP leaf can list",
            boxes.len()
        ));
    }
    Ok(City {
        start: [
            (first.0 + first.2) / 2.0,
            (first.1 + first.3) / 2.0,
            first.4,
        ],
        boxes,
        blocks: Vec::new(),
    })
}
