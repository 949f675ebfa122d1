//! A stand-in map for a nav whose map the corpus lacks: boxes (a [`City`], written as a Source
//! map of brushes with no VIS data) whose floors are the nav's areas and whose walls stand along
//! the areas' unclosed sides, for timing analysis on the shapes of real meshes
//! (`examples/standin.rs`; `docs/analysis-speed.md`, "Stand-in maps").
//!
//! Each area gets a floor slab [`SLAB`] deep whose top is its lowest corner. Along each side,
//! a part is *closed* where another area's facing side lies within [`TOUCH`] across and starts
//! at most [`CLIMB`] above this area's highest corner (a neighbour's floor, a step or jump up,
//! or a drop to one below): no wall there. Every other part gets a wall [`WALL`] thick just
//! outside the side, from under the slab to [`WALL_UP`] above the area's highest corner, or
//! only up to the floor of a higher area that lies along it (a ledge's face, not a wall over
//! the ledge). Walls of one face at the same heights that meet become one brush ([`merged`]).
//! A wall may reach up to 6 units into an area whose facing side lies 2 to 8 units away. Where
//! the mesh steps along a diagonal (or gently curved) edge, the steps' walls become one slanted
//! brush ([`slanted`]), as a map's wall there is usually one brush. It is a coarse likeness:
//! real maps have ceilings, low cover, displacement terrain and VIS data.
// Each target including this file uses a different part of it.
#![allow(dead_code)]

use super::city::{BrushSide, City};

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
/// The most planes a stand-in may have: a VBSP numbers them in 16 bits (six a box, ten a
/// slanted wall).
pub const MAX_PLANES: usize = u16::MAX as usize + 1;
/// The longest a wall may be and still be a step of a staircase ([`slanted`]): a mesh steps
/// along a diagonal or curved edge in runs about as long as its areas' sides there.
pub const STEP_MAX: f32 = 50.0;
/// How far a staircase's corner may lie from the line through its first and last ones.
pub const SLANT_TOLERANCE: f32 = 40.0;
/// The fewest steps a staircase has to become one slanted wall (fewer: a room's corner; its
/// two end steps stay, so four replace at least two boxes).
pub const MIN_STEPS: usize = 4;

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

/// A slanted wall: one brush standing [`WALL`] thick just outside the line through a
/// staircase's corners, from `a` to `b` in plan, facing `normal` (a unit vector), with the
/// run's lowest bottom and lowest top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slanted {
    pub a: [f32; 2],
    pub b: [f32; 2],
    pub normal: [f32; 2],
    /// The distance of the wall's inner face from the origin along `normal`.
    pub dist: f32,
    pub z: (f32, f32),
}

impl Slanted {
    /// The direction along it, and its extent that way (from [`WALL`] before its first corner
    /// to as far past its last, to meet the walls beyond) and across (its two faces).
    pub fn frame(&self) -> ([f32; 2], (f32, f32), (f32, f32)) {
        let [nx, ny] = self.normal;
        let u = [-ny, nx];
        let along = |p: [f32; 2]| u[0] * p[0] + u[1] * p[1];
        let (sa, sb) = (along(self.a), along(self.b));
        let span = (sa.min(sb) - WALL, sa.max(sb) + WALL);
        (u, span, (self.dist, self.dist + WALL))
    }

    /// Its footprint's four corners in plan.
    pub fn footprint(&self) -> [[f32; 2]; 4] {
        let ([ux, uy], (s0, s1), (t0, t1)) = self.frame();
        let [nx, ny] = self.normal;
        [(s0, t0), (s0, t1), (s1, t1), (s1, t0)].map(|(s, t)| [ux * s + nx * t, uy * s + ny * t])
    }

    /// The box around its footprint in plan (its axial bevels).
    fn bounds(&self) -> ([f32; 2], [f32; 2]) {
        let corners = self.footprint();
        let fold = |k: usize, start: f32, pick: fn(f32, f32) -> f32| {
            corners.iter().map(|c| c[k]).fold(start, pick)
        };
        (
            [
                fold(0, f32::INFINITY, f32::min),
                fold(1, f32::INFINITY, f32::min),
            ],
            [
                fold(0, f32::NEG_INFINITY, f32::max),
                fold(1, f32::NEG_INFINITY, f32::max),
            ],
        )
    }

    /// Whether it stands on more than [`TOUCH`] of an area whose floor is below its top:
    /// a staircase whose line runs past its ends into another area is left as boxes.
    pub fn intrudes(&self, rects: &[Rect]) -> bool {
        let (u, (s0, s1), (t0, t1)) = self.frame();
        let (lo, hi) = self.bounds();
        let dot = |d: [f32; 2], p: [f32; 2]| d[0] * p[0] + d[1] * p[1];
        rects.iter().any(|r| {
            let overlaps =
                |(a0, a1): (f32, f32), (b0, b1): (f32, f32)| a0.max(b0) + TOUCH < a1.min(b1);
            let rect = [r.lo, [r.hi[0], r.lo[1]], r.hi, [r.lo[0], r.hi[1]]];
            let across = |d: [f32; 2]| {
                let v = rect.map(|p| dot(d, p));
                (
                    v.iter().copied().fold(f32::INFINITY, f32::min),
                    v.iter().copied().fold(f32::NEG_INFINITY, f32::max),
                )
            };
            r.z.0 < self.z.1
                && overlaps((lo[0], hi[0]), (r.lo[0], r.hi[0]))
                && overlaps((lo[1], hi[1]), (r.lo[1], r.hi[1]))
                && overlaps((s0, s1), across(u))
                && overlaps((t0, t1), across(self.normal))
        })
    }

    /// Its sides: the inner and outer faces, the two ends, the top and bottom, and the axial
    /// bevels around its footprint.
    pub fn sides(&self) -> Vec<BrushSide> {
        let [nx, ny] = self.normal;
        let ([ux, uy], (s0, s1), (t0, t1)) = self.frame();
        let (lo, hi) = self.bounds();
        vec![
            ([nx, ny, 0.0], t1, false),
            ([-nx, -ny, 0.0], -t0, false),
            ([ux, uy, 0.0], s1, false),
            ([-ux, -uy, 0.0], -s0, false),
            ([0.0, 0.0, 1.0], self.z.1, false),
            ([0.0, 0.0, -1.0], -self.z.0, false),
            ([1.0, 0.0, 0.0], hi[0], true),
            ([-1.0, 0.0, 0.0], -lo[0], true),
            ([0.0, 1.0, 0.0], hi[1], true),
            ([0.0, -1.0, 0.0], -lo[1], true),
        ]
    }
}

impl Wall {
    /// Its side's two ends in plan, in span order.
    fn ends(&self) -> [[f32; 2]; 2] {
        let (s0, s1) = self.span;
        if self.axis == 0 {
            [[self.at, s0], [self.at, s1]]
        } else {
            [[s0, self.at], [s1, self.at]]
        }
    }
}

/// `walls` with each staircase made one slanted wall, as a map's diagonal (or gently curved)
/// wall is usually one brush where the mesh steps along it. A staircase is a run of at least
/// [`MIN_STEPS`] walls of at most [`STEP_MAX`] each, turning from one axis to the other at
/// corners they share
/// (within [`TOUCH`]), facing one way on each axis (so the run faces one diagonal), at the
/// heights of its first wall within [`MERGE_HEIGHT`], whose corners lie within
/// [`SLANT_TOLERANCE`] of the line through its first and last, those two being outermost
/// corners. The slanted wall stands just outside the run's outermost corners, so the pockets
/// between the steps and it stay open, as the gap between a mesh and its wall is in a map; its
/// two end steps stay as boxes and meet it at its ends; and it may not stand on an area
/// ([`Slanted::intrudes`]). Every other wall is kept as it is.
pub fn slanted(walls: Vec<Wall>, rects: &[Rect]) -> (Vec<Wall>, Vec<Slanted>) {
    let mut replaced = vec![false; walls.len()];
    let mut slanted = Vec::new();
    for run in step_runs(&walls) {
        let points = run_corners(&walls, &run);
        let mut i = 0;
        while i + MIN_STEPS < points.len() {
            // The longest straight piece from corner `i`: walls `run[i..j]`.
            let piece = (i + MIN_STEPS..points.len()).rev().find_map(|j| {
                let wall = slant_of(&walls, &run[i..j], &points[i..=j])?;
                (!wall.intrudes(rects)).then_some((j, wall))
            });
            match piece {
                Some((j, wall)) => {
                    slanted.push(wall);
                    // The end steps stay, sealing the corners where the slanted wall meets
                    // the walls beyond.
                    for &k in &run[i + 1..j - 1] {
                        replaced[k] = true;
                    }
                    i = j;
                }
                None => i += 1,
            }
        }
    }
    let kept = (walls.iter().zip(&replaced))
        .filter(|&(_, &r)| !r)
        .map(|(w, _)| *w)
        .collect();
    (kept, slanted)
}

/// The runs of steps (walls of at most [`STEP_MAX`]) that share corners across the two axes
/// at matching heights, each in order along it: the paths, then the loops, of the graph whose
/// edges are the links both steps make (each step links at most once at each end).
fn step_runs(walls: &[Wall]) -> Vec<Vec<usize>> {
    let step = |w: &Wall| w.span.1 - w.span.0 <= STEP_MAX;
    let near =
        |p: [f32; 2], q: [f32; 2]| (p[0] - q[0]).abs() <= TOUCH && (p[1] - q[1]).abs() <= TOUCH;
    let mut next: Vec<[Option<usize>; 2]> = vec![[None; 2]; walls.len()];
    for (i, w) in walls.iter().enumerate().filter(|(_, w)| step(w)) {
        for (e, &end) in w.ends().iter().enumerate() {
            next[i][e] = (walls.iter().enumerate()).position(|(j, o)| {
                j != i
                    && o.axis != w.axis
                    && step(o)
                    && (o.z.0 - w.z.0).abs() <= MERGE_HEIGHT
                    && (o.z.1 - w.z.1).abs() <= MERGE_HEIGHT
                    && o.ends().iter().any(|&p| near(p, end))
            });
        }
    }
    let links: Vec<Vec<usize>> = (0..walls.len())
        .map(|i| {
            let both = |&j: &usize| next[j].contains(&Some(i));
            next[i].iter().flatten().copied().filter(both).collect()
        })
        .collect();
    let mut seen = vec![false; walls.len()];
    let mut runs = Vec::new();
    // Paths from their ends first, then what is left (loops), from any step.
    let ends = (0..walls.len()).filter(|&i| step(&walls[i]) && links[i].len() < 2);
    let loops = (0..walls.len()).filter(|&i| step(&walls[i]));
    for start in ends.chain(loops).collect::<Vec<_>>() {
        if seen[start] {
            continue;
        }
        let mut run = vec![start];
        seen[start] = true;
        while let Some(&j) = links[run[run.len() - 1]].iter().find(|&&j| !seen[j]) {
            seen[j] = true;
            run.push(j);
        }
        runs.push(run);
    }
    runs
}

/// The corners of a run in plan: the first wall's free end, the corner each wall shares with
/// the next, and the last wall's free end (wall `run[k]` spans corners `k` and `k + 1`).
fn run_corners(walls: &[Wall], run: &[usize]) -> Vec<[f32; 2]> {
    let dist2 = |p: [f32; 2], q: [f32; 2]| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2);
    // The end of wall `w` nearest the other wall `o`.
    let end_near = |w: &Wall, o: &Wall| {
        let [p, q] = w.ends();
        let d = |e: [f32; 2]| {
            o.ends()
                .map(|f| dist2(e, f))
                .into_iter()
                .fold(f32::MAX, f32::min)
        };
        if d(p) <= d(q) { p } else { q }
    };
    let first = &walls[run[0]];
    let mut points = Vec::with_capacity(run.len() + 1);
    points.push(match run.get(1) {
        Some(&second) => {
            let shared = end_near(first, &walls[second]);
            let [p, q] = first.ends();
            if p == shared { q } else { p }
        }
        None => first.ends()[0],
    });
    for pair in run.windows(2) {
        points.push(end_near(&walls[pair[0]], &walls[pair[1]]));
    }
    let last = &walls[run[run.len() - 1]];
    let at = points[points.len() - 1];
    let [p, q] = last.ends();
    points.push(if dist2(p, at) <= dist2(q, at) { q } else { p });
    points
}

/// The slanted wall of the steps `piece` (walls of a run) with their corners `points`, if they
/// make a staircase: both axes, one facing on each, heights within [`MERGE_HEIGHT`] of the
/// first step's, every corner within [`SLANT_TOLERANCE`] of the line through the first and
/// last, and those two among the outermost (within [`TOUCH`]).
fn slant_of(walls: &[Wall], piece: &[usize], points: &[[f32; 2]]) -> Option<Slanted> {
    let first = walls[*piece.first()?];
    let facing = |axis: usize| {
        let mut outs = piece
            .iter()
            .map(|&k| walls[k])
            .filter(|w| w.axis == axis)
            .map(|w| w.out);
        let out = outs.next()?;
        outs.all(|o| o == out).then_some(out)
    };
    let facing = [facing(0)?, facing(1)?];
    let level = piece.iter().all(|&k| {
        (walls[k].z.0 - first.z.0).abs() <= MERGE_HEIGHT
            && (walls[k].z.1 - first.z.1).abs() <= MERGE_HEIGHT
    });
    let (a, b) = (points[0], points[points.len() - 1]);
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let length = dx.hypot(dy);
    if !level || length <= 0.0 {
        return None;
    }
    let mut normal = [dy / length, -dx / length];
    if normal[0] * facing[0] + normal[1] * facing[1] < 0.0 {
        normal = [-normal[0], -normal[1]];
    }
    // The line through the ends (the normal is square to it, so both lie on it); no corner
    // more than the tolerance inside it, and none more than [`TOUCH`] outside, so the ends are
    // outermost corners: the wall's face passes through them and the end steps kept as boxes
    // meet it there, leaving no gap at its ends.
    let across = |p: &[f32; 2]| normal[0] * p[0] + normal[1] * p[1];
    let line = across(&a);
    let dist = points.iter().map(across).fold(f32::NEG_INFINITY, f32::max);
    if dist - line > TOUCH || points.iter().any(|p| line - across(p) > SLANT_TOLERANCE) {
        return None;
    }
    let z = piece.iter().fold((f32::INFINITY, f32::INFINITY), |z, &k| {
        (z.0.min(walls[k].z.0), z.1.min(walls[k].z.1))
    });
    Some(Slanted {
        a,
        b,
        normal,
        dist,
        z,
    })
}

/// The stand-in of `doc`'s areas ([`stand_in_of`] its [`rects`]).
pub fn standin(doc: &navforge_source::SourceNavDocument) -> Result<City, String> {
    stand_in_of(&rects(doc))
}

/// The walls of `rects`' sides ([`side_walls`]), [`merged`], and the staircases among them
/// made slanted walls ([`slanted`]): the walls kept as boxes, and the slanted ones.
pub fn walls_of(rects: &[Rect]) -> (Vec<Wall>, Vec<Slanted>) {
    let mut walls: Vec<Wall> = Vec::new();
    for (i, r) in rects.iter().enumerate() {
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
    slanted(merged(walls), rects)
}

/// The stand-in of `rects`: a floor slab under each, then the merged walls of their sides, each
/// staircase of them one slanted wall ([`slanted`]); its mark (for a player spawn) is the first
/// one's centre. Fails on no area, and on more than [`MAX_PLANES`] planes.
pub fn stand_in_of(rects: &[Rect]) -> Result<City, String> {
    let first = rects.first().ok_or("the nav has no area")?;
    let mut boxes: Vec<([f32; 3], [f32; 3])> = (rects.iter())
        .map(|r| ([r.lo[0], r.lo[1], r.z.0 - SLAB], [r.hi[0], r.hi[1], r.z.0]))
        .collect();
    let (walls, slanted) = walls_of(rects);
    for w in walls {
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
    let brushes: Vec<Vec<BrushSide>> = slanted.iter().map(Slanted::sides).collect();
    let planes = 6 * boxes.len() + brushes.iter().map(Vec::len).sum::<usize>();
    if planes > MAX_PLANES {
        return Err(format!(
            "{planes} planes: a VBSP numbers them in 16 bits, so at most {MAX_PLANES}"
        ));
    }
    Ok(City {
        start: first.centre(),
        boxes,
        brushes,
        blocks: Vec::new(),
    })
}
