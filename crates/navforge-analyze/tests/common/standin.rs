//! A stand-in map for a nav whose map the corpus lacks: boxes (a [`City`], written as a Source
//! map of brushes with no VIS data) whose floors are the nav's areas and whose walls stand along
//! the areas' unclosed sides, for timing analysis on the shapes of real meshes
//! (`examples/standin.rs`; `docs/analyze.md`, "Stand-in maps").
//!
//! Each area gets a floor slab [`SLAB`] deep whose top is its lowest corner. Along each side,
//! a part is *closed* where another area's facing side lies within [`TOUCH`] across and starts
//! at most [`CLIMB`] above this area's highest corner (a neighbour's floor, a step or jump up,
//! or a drop to one below): no wall there. Every other part gets a wall [`WALL`] thick just
//! outside the side, from under the slab to [`WALL_UP`] above the area's highest corner, or
//! only up to the floor of a higher area that lies along it (a ledge's face, not a wall over
//! the ledge). Walls of one face at the same heights that meet become one brush ([`merged`]).
//! A wall may reach up to 6 units into an area whose facing side lies 2 to 8 units away. It is
//! a coarse likeness: real maps have ceilings, low cover and VIS data, and a diagonal wall here
//! is a staircase of boxes.
// Each target including this file uses a different part of it.
#![allow(dead_code)]

use super::city::City;

/// How thick a wall is.
pub const WALL: f32 = 8.0;
/// How far a wall rises above its area's highest corner.
pub const WALL_UP: f32 = 160.0;
/// How deep a floor slab is.
pub const SLAB: f32 = 16.0;
/// How far across a side another area's facing side may lie and still close it.
pub const TOUCH: f32 = 2.0;
/// How much higher than an area's highest corner a neighbour may start and still close its
/// side (a step or a jump up; anything lower is a drop).
pub const CLIMB: f32 = 72.0;
/// How far apart two walls' bottoms, and their tops, may be for them to merge.
pub const MERGE_HEIGHT: f32 = 18.0;
/// The most boxes a stand-in may have: each takes six planes, numbered in 16 bits.
pub const MAX_BOXES: usize = (u16::MAX as usize + 1) / 6;

/// An area's rectangle and heights.
#[derive(Debug, Clone, Copy)]
pub struct Rect {
    /// The low x and y corner, and the high one.
    pub lo: [f32; 2],
    pub hi: [f32; 2],
    /// Its lowest corner's height, and its highest's.
    pub z: (f32, f32),
}

impl Rect {
    /// The centre of its rectangle at its lowest corner's height.
    pub fn centre(&self) -> [f32; 3] {
        [
            (self.lo[0] + self.hi[0]) / 2.0,
            (self.lo[1] + self.hi[1]) / 2.0,
            self.z.0,
        ]
    }

    /// Its side `s` (0: low x, 1: high x, 2: low y, 3: high y); side `s ^ 1` is the opposite.
    pub fn side(&self, s: usize) -> Side {
        let axis = s / 2;
        let along = 1 - axis;
        let high = s % 2 == 1;
        Side {
            axis,
            at: if high { self.hi[axis] } else { self.lo[axis] },
            out: if high { 1.0 } else { -1.0 },
            span: (self.lo[along], self.hi[along]),
        }
    }
}

/// A side of a [`Rect`]: it lies across `axis` (0: x) at `at`, faces `out` (-1 or 1) along
/// that axis, and spans `span` along the other.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    pub axis: usize,
    pub at: f32,
    pub out: f32,
    pub span: (f32, f32),
}

/// The areas of `doc` as rectangles; those with a coordinate that is not finite, or with no
/// extent, left out.
pub fn rects(doc: &navforge_source::SourceNavDocument) -> Vec<Rect> {
    (doc.areas.iter())
        .map(|a| {
            let (nw, se) = (a.north_west, a.south_east);
            let zs = [nw[2], se[2], a.north_east_z, a.south_west_z].map(|z| z.get());
            Rect {
                lo: [nw[0].get(), nw[1].get()],
                hi: [se[0].get(), se[1].get()],
                z: (
                    zs.iter().copied().fold(f32::INFINITY, f32::min),
                    zs.iter().copied().fold(f32::NEG_INFINITY, f32::max),
                ),
            }
        })
        .filter(|r| {
            let values = [r.lo[0], r.lo[1], r.hi[0], r.hi[1], r.z.0, r.z.1];
            values.iter().all(|v| v.is_finite()) && r.lo[0] < r.hi[0] && r.lo[1] < r.hi[1]
        })
        .collect()
}

/// The walls along side `s` of `rects[i]`: each part of it that no other area closes, with the
/// height its wall rises to (up to the lowest floor of the higher areas along that part).
pub fn side_walls(rects: &[Rect], i: usize, s: usize) -> Vec<((f32, f32), f32)> {
    let r = &rects[i];
    let side = r.side(s);
    let (a, b) = side.span;
    let full = r.z.1 + WALL_UP;
    // What lies along the side outside: the part each other area faces, whether it closes it,
    // and its floor.
    let mut along: Vec<((f32, f32), bool, f32)> = Vec::new();
    for (j, o) in rects.iter().enumerate() {
        let facing = o.side(s ^ 1);
        let (s0, s1) = (facing.span.0.max(a), facing.span.1.min(b));
        if j != i && (facing.at - side.at).abs() <= TOUCH && s0 < s1 {
            along.push(((s0, s1), o.z.0 <= r.z.1 + CLIMB, o.z.0));
        }
    }
    let mut cuts: Vec<f32> = vec![a, b];
    cuts.extend(along.iter().flat_map(|&((s0, s1), ..)| [s0, s1]));
    cuts.sort_by(f32::total_cmp);
    cuts.dedup();
    let mut walls: Vec<((f32, f32), f32)> = Vec::new();
    for piece in cuts.windows(2) {
        let (p0, p1) = (piece[0], piece[1]);
        let over = |&&((s0, s1), ..): &&((f32, f32), bool, f32)| s0 < p1 && s1 > p0;
        if along.iter().filter(over).any(|&(_, closes, _)| closes) {
            continue;
        }
        let top = (along.iter().filter(over)).fold(full, |top, &(_, _, floor)| top.min(floor));
        match walls.last_mut() {
            Some((span, t)) if span.1 == p0 && *t == top => span.1 = p1,
            _ => walls.push(((p0, p1), top)),
        }
    }
    // Slivers a unit or less long are left open.
    walls.retain(|&((s0, s1), _)| s1 - s0 > 1.0);
    walls
}

/// A wall along a side: the side's line (its [`Side`] less the span), its span along the line,
/// and its heights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wall {
    pub axis: usize,
    pub at: f32,
    pub out: f32,
    pub span: (f32, f32),
    pub z: (f32, f32),
}

/// `walls` with those that continue one another along one face (spans that meet within a
/// unit, bottoms and tops each within [`MERGE_HEIGHT`] of the run's first wall) made one: a
/// map's wall is one brush, not one per area beside it, and one brush hides more of what lies
/// behind it. A run takes the lowest bottom and the lowest top of its walls, so it never
/// stands over a ledge one of them was capped at; walls at other heights on the same line (a
/// storey above) stay apart, so a merge never closes an opening.
pub fn merged(mut walls: Vec<Wall>) -> Vec<Wall> {
    let same_face = |p: &Wall, q: &Wall| {
        p.axis == q.axis && p.out.total_cmp(&q.out).is_eq() && p.at.total_cmp(&q.at).is_eq()
    };
    walls.sort_by(|p, q| {
        (p.axis.cmp(&q.axis))
            .then(p.out.total_cmp(&q.out))
            .then(p.at.total_cmp(&q.at))
            .then(p.span.0.total_cmp(&q.span.0))
    });
    // Each run, with the heights of its first wall, which the walls joining it are held to.
    let mut runs: Vec<(Wall, (f32, f32))> = Vec::new();
    // Where the runs of the current face start.
    let mut face_start = 0;
    for w in walls {
        if runs.get(face_start).is_some_and(|(f, _)| !same_face(f, &w)) {
            face_start = runs.len();
        }
        let continued = runs[face_start..].iter_mut().find(|(m, first)| {
            w.span.0 <= m.span.1 + 1.0
                && (w.z.0 - first.0).abs() <= MERGE_HEIGHT
                && (w.z.1 - first.1).abs() <= MERGE_HEIGHT
        });
        match continued {
            Some((m, _)) => {
                m.span = (m.span.0.min(w.span.0), m.span.1.max(w.span.1));
                m.z = (m.z.0.min(w.z.0), m.z.1.min(w.z.1));
            }
            None => runs.push((w, w.z)),
        }
    }
    runs.into_iter().map(|(w, _)| w).collect()
}

/// The stand-in of `doc`'s areas ([`stand_in_of`] its [`rects`]).
pub fn standin(doc: &navforge_source::SourceNavDocument) -> Result<City, String> {
    stand_in_of(&rects(doc))
}

/// The stand-in of `rects`: a floor slab under each, then the merged walls of their sides; its
/// mark (for a player spawn) is the first one's centre. Fails on no area, and on more than
/// [`MAX_BOXES`] boxes.
pub fn stand_in_of(rects: &[Rect]) -> Result<City, String> {
    let first = rects.first().ok_or("the nav has no area")?;
    let mut boxes = Vec::new();
    let mut walls: Vec<Wall> = Vec::new();
    for (i, r) in rects.iter().enumerate() {
        boxes.push(([r.lo[0], r.lo[1], r.z.0 - SLAB], [r.hi[0], r.hi[1], r.z.0]));
        for s in 0..4 {
            let side = r.side(s);
            for (span, top) in side_walls(rects, i, s) {
                walls.push(Wall {
                    axis: side.axis,
                    at: side.at,
                    out: side.out,
                    span,
                    z: (r.z.0 - SLAB, top),
                });
            }
        }
    }
    for w in merged(walls) {
        // The wall stands just outside its side.
        let (w0, w1) = if w.out < 0.0 {
            (w.at - WALL, w.at)
        } else {
            (w.at, w.at + WALL)
        };
        let (s0, s1) = w.span;
        boxes.push(if w.axis == 0 {
            ([w0, s0, w.z.0], [w1, s1, w.z.1])
        } else {
            ([s0, w0, w.z.0], [s1, w1, w.z.1])
        });
    }
    if boxes.len() > MAX_BOXES {
        return Err(format!(
            "{} boxes: a VBSP numbers its planes in 16 bits, six a box, so at most {MAX_BOXES}",
            boxes.len()
        ));
    }
    Ok(City {
        start: first.centre(),
        boxes,
        blocks: Vec::new(),
    })
}
