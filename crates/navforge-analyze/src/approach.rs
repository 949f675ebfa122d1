//! Approach areas (CS): for each large area that cannot be seen from an area's eye, path there
//! again and again, each time blocking the first area out of sight, and keep the last area in
//! sight before it (at most 16).
//!
//! Two versions of the game's `ComputeApproachAreas` ([`Rules`]): the GoldSrc CS bot's, and
//! Source's (CS:S and CS:GO), which also paths from each far area back to the eye (to pick up
//! one-way links into the area), judges sight from the area's centre before its corners with
//! the sight mask (windows and grates do not hide), and never blocks the eye's own area.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use navforge_level::{Level, Vec3};

use crate::geom::{HALF_HUMAN_HEIGHT, HUMAN_HEIGHT, Mesh};
use navforge_core::attributes::nav_mesh::CROUCH;

/// At most this many approach areas per area.
pub const MAX_APPROACH: usize = 16;
/// Far areas smaller than this on either side are skipped.
const MIN_FAR_SIZE: f32 = 200.0;
/// The game's blocked-list size; more ends the area's search.
const MAX_BLOCKED: usize = 256;
/// The game's longest path it looks along.
const MAX_PATH: usize = 256;

/// One approach entry, by area index (`prev` may be none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Approach {
    /// Area before `here` on the path (none for the first).
    pub prev: Option<usize>,
    /// How `here` was entered from `prev` (side 0..3).
    pub prev_to_here: u8,
    /// The last area seen before the path leaves sight.
    pub here: usize,
    /// The first area out of sight.
    pub next: usize,
    /// How `next` was entered from `here`.
    pub here_to_next: u8,
}

/// Per-thread search state, reused between searches (and between areas of one mesh).
pub struct Search {
    cost: Vec<f32>,
    parent: Vec<(usize, u8)>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    blocked: Vec<u32>,
    now: u32,
    heap: BinaryHeap<Open>,
    graph: Graph,
    /// Shortest distance from every area to a far area over the whole mesh (nothing blocked),
    /// by far area: the searches' estimate of the distance left. Kept while the mesh stays.
    to_goal: Vec<Option<Vec<f32>>>,
    /// The straight-line distance from every area's centre to a far area's, by far area
    /// (the game's estimate, worked out once instead of at every push). Kept while the mesh
    /// stays.
    line_to_goal: Vec<Option<Vec<f32>>>,
    /// The same to the area whose approaches are being found.
    to_eye: Vec<f32>,
    /// The guide every search takes, when the caller chose it ([`Search::with_guide`]);
    /// otherwise [`Guide::for_mesh`]'s.
    guide: Option<Guide>,
}

/// What steers the approach searches toward their goal (see the private `Estimate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guide {
    /// The straight line between centres: the game's, so its order and its choice among
    /// equally short paths.
    Line,
    /// The shortest distance over the whole mesh, worked out once per goal: paths just as
    /// short, found with fewer areas looked at, but another of several equally short ones may
    /// be found. Source's searches always take it: there it agrees with the game's order to
    /// within 0.001 on the corpus pairs (measured where `Estimate` is defined).
    Exact,
}

/// The most search work, areas × areas × far areas, for which GoldSrc's searches keep the
/// game's straight-line guide; a larger mesh is searched with the exact distance
/// ([`Guide::Exact`], as Source's always are).
///
/// Why: the approach stage looks at about eyes × far areas × re-searches × areas per search
/// areas, and the last grows with the mesh too, so its time follows areas² × far areas. On
/// this project's 2-core machine (release build) the GoldSrc dev maps took 0.15–0.19 s per
/// million of that product with the straight line: de_dust2 (1,207 areas, 1 far area: 1.5
/// million) 0.27 s, cs_assault (634, 9: 3.6 million) 0.55 s; so 20 million is about 3 s, past
/// which the game's order costs more than the rest of the analysis. (The synthetic town of the
/// tests costs less per million, 0.05–0.07 s, but its 2,543-area mesh, 724 million, took 48 s
/// with the line and 14 s with the exact distance.) Every GoldSrc map of the corpus is far
/// below it, so its output is the game's order, byte for byte.
pub const LINE_GUIDE_MAX_WORK: u64 = 20_000_000;

impl Guide {
    /// The guide of a mesh of `areas` areas and `far` far areas under `rules`: Source's
    /// searches always take the exact distance (a speed choice that keeps the corpus figures);
    /// GoldSrc's the straight line up to [`LINE_GUIDE_MAX_WORK`].
    pub fn for_mesh(rules: Rules, areas: usize, far: usize) -> Guide {
        let work = (areas as u64)
            .saturating_mul(areas as u64)
            .saturating_mul(far as u64);
        match rules {
            Rules::GoldSrc if work <= LINE_GUIDE_MAX_WORK => Guide::Line,
            _ => Guide::Exact,
        }
    }
}

/// The mesh as the search walks it: each area's centre, its steps (links, then ladders) from
/// `first[i]` to `first[i + 1]` with their lengths worked out once, and the same steps by the
/// area they lead to (`into`, from `first_into[i]`).
struct Graph {
    center: Vec<Vec3>,
    first: Vec<u32>,
    steps: Vec<Step>,
    first_into: Vec<u32>,
    into: Vec<(u32, f32)>,
    /// Whether every step's length is a finite, non-negative number (otherwise the searches
    /// are steered by the straight line only, as the game's are).
    finite: bool,
}

impl Graph {
    fn of(mesh: &Mesh) -> Graph {
        let n = mesh.areas.len();
        let center: Vec<Vec3> = mesh.areas.iter().map(|a| a.center()).collect();
        let mut first = Vec::with_capacity(n + 1);
        let mut steps = Vec::new();
        for (i, a) in mesh.areas.iter().enumerate() {
            first.push(steps.len() as u32);
            for l in a.links.iter().filter(|l| l.to != i && l.to < n) {
                steps.push(Step {
                    to: l.to as u32,
                    how: l.dir,
                    cost: (center[l.to] - center[i]).length(),
                });
            }
            for &(to, how, len) in a.ladders.iter().filter(|l| l.0 != i && l.0 < n) {
                steps.push(Step {
                    to: to as u32,
                    how,
                    cost: len,
                });
            }
        }
        first.push(steps.len() as u32);
        // The steps again, grouped by the area they enter (a counting sort).
        let mut first_into = vec![0u32; n + 1];
        for st in &steps {
            first_into[st.to as usize + 1] += 1;
        }
        for i in 0..n {
            first_into[i + 1] += first_into[i];
        }
        let mut fill = first_into.clone();
        let mut into = vec![(0u32, 0.0f32); steps.len()];
        for from in 0..n {
            for st in &steps[first[from] as usize..first[from + 1] as usize] {
                let slot = &mut fill[st.to as usize];
                into[*slot as usize] = (from as u32, st.cost);
                *slot += 1;
            }
        }
        let finite = steps.iter().all(|st| st.cost.is_finite() && st.cost >= 0.0);
        Graph {
            center,
            first,
            steps,
            first_into,
            into,
            finite,
        }
    }
}

/// One way out of an area: to `to`, entered as `how`, `cost` units long.
#[derive(Clone, Copy)]
struct Step {
    to: u32,
    how: u8,
    cost: f32,
}

/// The most distances (areas times far areas) a search keeps for its far areas' estimates:
/// 2^22 (16 MiB); far areas past it are estimated by the straight line.
const MAX_GOAL_TABLE: usize = 1 << 22;

impl Search {
    /// The search over `mesh`: its steps laid out once, scratch space for its areas, and room
    /// for the distance tables worked out as its areas are searched. One per thread; a search
    /// serves one mesh.
    pub fn new(mesh: &Mesh) -> Search {
        Search::make(mesh, None)
    }

    /// [`Search::new`] with every search steered by `guide`, whatever the mesh's size and
    /// rules (to compare the two guides on one mesh).
    pub fn with_guide(mesh: &Mesh, guide: Guide) -> Search {
        Search::make(mesh, Some(guide))
    }

    fn make(mesh: &Mesh, guide: Option<Guide>) -> Search {
        let n = mesh.areas.len();
        Search {
            cost: vec![0.0; n],
            parent: vec![(usize::MAX, 0); n],
            stamp: vec![0; n],
            closed: vec![0; n],
            blocked: vec![0; n],
            now: 0,
            heap: BinaryHeap::new(),
            graph: Graph::of(mesh),
            to_goal: vec![None; n],
            line_to_goal: vec![None; n],
            to_eye: Vec::new(),
            guide,
        }
    }

    /// Shortest distance from every area to `target` over the whole mesh (infinite where it
    /// cannot be reached): Dijkstra over the steps into each area.
    fn distances_to(&mut self, target: usize) -> Vec<f32> {
        let g = &self.graph;
        let mut dist = vec![f32::INFINITY; g.center.len()];
        self.heap.clear();
        dist[target] = 0.0;
        self.heap.push(Open::new(0.0, 0, target as u32));
        while let Some(Open { key, area }) = self.heap.pop() {
            let area = area as usize;
            let total = open_total(key);
            if total > dist[area] {
                continue;
            }
            for &(from, cost) in
                &g.into[g.first_into[area] as usize..g.first_into[area + 1] as usize]
            {
                let c = total + cost;
                if c < dist[from as usize] {
                    dist[from as usize] = c;
                    self.heap.push(Open::new(c, 0, from));
                }
            }
        }
        dist
    }
}

/// An open-list entry: its total cost and arrival number packed into one key
/// ([`Open::new`]), and its area.
#[derive(PartialEq, Eq)]
struct Open {
    key: u64,
    area: u32,
}

impl Open {
    /// The entry of `area` at `total` cost, pushed `seq`-th: the key orders as `total` under
    /// `f32::total_cmp`, then `seq` (one integer compare instead of two).
    fn new(total: f32, seq: u32, area: u32) -> Open {
        // f32::total_cmp's order as an unsigned integer: negative numbers' magnitude bits
        // flipped, then the sign bit flipped.
        let bits = total.to_bits() as i32;
        let ordered = (bits ^ ((((bits >> 31) as u32) >> 1) as i32)) as u32 ^ 0x8000_0000;
        Open {
            key: (u64::from(ordered) << 32) | u64::from(seq),
            area,
        }
    }
}

/// The total cost an [`Open::new`] key was made from.
fn open_total(key: u64) -> f32 {
    // The same flips undo themselves.
    let bits = ((key >> 32) as u32 ^ 0x8000_0000) as i32;
    f32::from_bits((bits ^ ((((bits >> 31) as u32) >> 1) as i32)) as u32)
}

impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on total cost, first come first served on ties (the game's sorted list).
        o.key.cmp(&self.key)
    }
}
impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Large areas that approach searches aim at (the game's "good sized" list).
pub fn far_areas(mesh: &Mesh) -> Vec<usize> {
    (0..mesh.areas.len())
        .filter(|&i| {
            let [w, h] = mesh.areas[i].size();
            w >= MIN_FAR_SIZE && h >= MIN_FAR_SIZE
        })
        .collect()
}

/// Whether any corner of area `j` (raised 0.75 of a standing height) is in sight of `eye`.
pub fn area_visible(mesh: &Mesh, level: &Level, eye: Vec3, j: usize) -> bool {
    let a = &mesh.areas[j];
    (0..4).any(|c| {
        let p = a.corner(c) + Vec3::new(0.0, 0.0, 0.75 * HUMAN_HEIGHT);
        !crate::traces::ray_hits(level, eye, p)
    })
}

/// The eye an area's approaches are judged from under the GoldSrc bot's rules: its centre on
/// the ground (the GoldSrc `GetGroundHeight`), raised 0.9 of a standing (or, in crouch areas,
/// crouching) height. Source's: [`Rules::eye`].
pub fn eye(mesh: &Mesh, i: usize, level: &Level) -> Option<Vec3> {
    let a = mesh.areas.get(i)?;
    let c = a.center();
    let ground = ground_height(level, c)?;
    Some(Vec3::new(c.x, c.y, ground + eye_raise(a)))
}

/// How far above the floor an area's eye is: 0.9 of a standing (or, in crouch areas,
/// crouching) height.
fn eye_raise(a: &crate::geom::Geom) -> f32 {
    if a.has(CROUCH) {
        0.9 * HALF_HUMAN_HEIGHT
    } else {
        0.9 * HUMAN_HEIGHT
    }
}

/// Source's `CNavMesh::GetGroundHeight` ([`Level::source_ground_height`]), its rays counted.
fn source_ground_height(level: &Level, pos: Vec3) -> Option<f32> {
    let (ground, rays) = level.source_ground_height(pos);
    for _ in 0..rays {
        crate::traces::count_one();
    }
    ground
}

/// Which version of the game's `ComputeApproachAreas` to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// The GoldSrc CS bot's (`nav_area.cpp`, CS 1.6 and CZ): paths from the eye out to each
    /// far area only; an area is in sight when a corner is, traced against the solid world
    /// ([`area_visible`]); a first area out of sight next to the eye blocks the eye's own area
    /// and ends the far area.
    GoldSrc,
    /// Source's (`CCSNavArea::ComputeApproachAreas`, CS:S and CS:GO): first paths from the
    /// eye out to every far area, then from every far area back to the eye; paths of two areas
    /// or fewer end the far area; an area is in sight when its centre or a corner is
    /// (`CNavArea::IsVisible`, traced with the sight mask: windows and grates do not hide);
    /// the eye's own area is never blocked.
    Source,
}

impl Rules {
    /// The rules of a file of this `.nav` version: GoldSrc's for its files (version 5 and
    /// older), Source's for the others (as hiding spots are told apart).
    pub fn for_version(version: u32) -> Rules {
        if version > 5 {
            Rules::Source
        } else {
            Rules::GoldSrc
        }
    }

    /// The eye area `i`'s approaches are judged from: [`eye`] for GoldSrc; for Source the
    /// same height over the floor Source's `CNavMesh::GetGroundHeight` finds under the centre
    /// (the nearest floor at or below it, where GoldSrc's layered search can pick a lower one
    /// under stairs: CS:S cs_office 0.803 -> 0.813).
    pub fn eye(self, mesh: &Mesh, i: usize, level: &Level) -> Option<Vec3> {
        match self {
            Rules::GoldSrc => eye(mesh, i, level),
            Rules::Source => {
                let a = mesh.areas.get(i)?;
                let c = a.center();
                let ground = source_ground_height(level, c)?;
                Some(Vec3::new(c.x, c.y, ground + eye_raise(a)))
            }
        }
    }

    /// Whether area `j` is in sight of `eye` under these rules.
    pub fn sees_area(self, mesh: &Mesh, level: &Level, eye: Vec3, j: usize) -> bool {
        match self {
            Rules::GoldSrc => area_visible(mesh, level, eye, j),
            Rules::Source => {
                let a = &mesh.areas[j];
                let up = Vec3::new(0.0, 0.0, 0.75 * HUMAN_HEIGHT);
                let from = crate::traces::cluster(level, eye);
                let sees = |p: Vec3| {
                    crate::traces::line_of_sight_from(
                        level,
                        eye,
                        from,
                        p,
                        crate::traces::cluster(level, p),
                    )
                };
                sees(a.center() + up) || (0..4).any(|c| sees(a.corner(c) + up))
            }
        }
    }
}

/// The approach areas of area `i` under `rules`, in the order the game stores them, with a
/// `search` made for `mesh` ([`Search::new`]).
pub fn area_approaches(
    mesh: &Mesh,
    i: usize,
    far: &[usize],
    level: &Level,
    rules: Rules,
    search: &mut Search,
) -> Vec<Approach> {
    let Some(eye) = rules.eye(mesh, i, level) else {
        return Vec::new();
    };
    // A search made for another mesh (the caller's slip) is made again for this one.
    if search.graph.center.len() != mesh.areas.len() {
        *search = Search::make(mesh, search.guide);
    }
    search.to_eye.clear();
    // The game's straight-line estimate steers the searches: GoldSrc's rule on meshes up to
    // LINE_GUIDE_MAX_WORK, and any mesh whose step lengths the exact distances cannot be
    // worked out from.
    let guide = search
        .guide
        .unwrap_or_else(|| Guide::for_mesh(rules, mesh.areas.len(), far.len()));
    let line_estimate = guide == Guide::Line || !search.graph.finite;
    // Visibility of each area from the eye, computed once, on demand.
    let mut seen: Vec<Option<bool>> = vec![None; mesh.areas.len()];
    let mut visible =
        |j: usize| -> bool { *seen[j].get_or_insert_with(|| rules.sees_area(mesh, level, eye, j)) };
    let mut out: Vec<Approach> = Vec::new();
    let mut path: Vec<usize> = Vec::with_capacity(MAX_PATH);
    // Out from the eye (`false`), then (Source) back to it from each far area.
    let passes: &[bool] = match rules {
        Rules::GoldSrc => &[false],
        Rules::Source => &[false, true],
    };
    for &to_eye in passes {
        for (rank, &goal) in far.iter().enumerate() {
            // Full: nothing a later goal finds could be kept (its searches were wasted).
            if out.len() >= MAX_APPROACH {
                return out;
            }
            search.now = search.now.wrapping_add(1);
            if search.now == 0 {
                search.blocked.iter_mut().for_each(|b| *b = 0);
                search.now = 1;
            }
            let block_mark = search.now;
            let mut blocked_count = 0usize;
            if visible(goal) {
                continue;
            }
            let (from, to) = if to_eye { (goal, i) } else { (i, goal) };
            // Source's searches are steered by the shortest distance to `to`, worked out once
            // (for a far area, only the first MAX_GOAL_TABLE / n of them: the same ones
            // whatever the order of the work); GoldSrc's by the straight line up to a size (`Guide`).
            let table = if line_estimate {
                // The straight line, as a table (the same numbers the search would work out),
                // within the same bound.
                if !to_eye && rank < MAX_GOAL_TABLE / mesh.areas.len().max(1) {
                    if search.line_to_goal[goal].is_none() {
                        let g = &search.graph;
                        let goal_pos = g.center[goal];
                        search.line_to_goal[goal] =
                            Some(g.center.iter().map(|&c| (c - goal_pos).length()).collect());
                    }
                    search.line_to_goal[goal].take()
                } else {
                    None
                }
            } else if to_eye {
                if search.to_eye.is_empty() {
                    search.to_eye = search.distances_to(i);
                }
                Some(std::mem::take(&mut search.to_eye))
            } else if rank < MAX_GOAL_TABLE / mesh.areas.len().max(1) {
                if search.to_goal[goal].is_none() {
                    search.to_goal[goal] = Some(search.distances_to(goal));
                }
                search.to_goal[goal].take()
            } else {
                None
            };
            // Each pass blocks one more area (at most MAX_BLOCKED of them) or ends: a path that
            // leaves sight nowhere (the area is its own goal, or the first 256 areas of a longer
            // path are all in sight) would be found again unchanged, forever.
            let mut overflow = false;
            while out.len() < MAX_APPROACH {
                let left = table.as_deref().map_or(Estimate::Line, Estimate::Table);
                if !build_path(from, to, search, block_mark, left) {
                    break;
                }
                // The path from the eye outwards, at most MAX_PATH areas: out to the goal, the
                // game keeps the last ones (the goal's end); back to the eye, the first ones.
                path.clear();
                let mut at = to;
                while at != usize::MAX && path.len() < mesh.areas.len() {
                    path.push(at);
                    at = search.parent[at].0;
                }
                if to_eye {
                    path.truncate(MAX_PATH);
                } else {
                    let extra = path.len().saturating_sub(MAX_PATH);
                    path.truncate(path.len() - extra);
                    path.reverse();
                }
                if rules == Rules::Source && path.len() <= 2 {
                    break;
                }
                let mut blocked_one = false;
                for k in 1..path.len() {
                    if visible(path[k]) {
                        continue;
                    }
                    if blocked_count == MAX_BLOCKED {
                        overflow = true;
                        break;
                    }
                    let block = if path[k] == goal { k - 1 } else { k };
                    if block == 0 && rules == Rules::Source {
                        continue;
                    }
                    search.blocked[path[block]] = block_mark;
                    blocked_count += 1;
                    blocked_one = true;
                    if block == 0 {
                        break;
                    }
                    let here = path[block - 1];
                    if !out.iter().any(|x| x.here == here) {
                        out.push(Approach {
                            prev: (block >= 2).then(|| path[block - 2]),
                            prev_to_here: search.parent[here].1,
                            here,
                            next: path[block],
                            here_to_next: search.parent[path[block]].1,
                        });
                    }
                    break;
                }
                if overflow || !blocked_one {
                    break;
                }
            }
            match table {
                Some(t) if line_estimate => search.line_to_goal[goal] = Some(t),
                Some(t) if to_eye => search.to_eye = t,
                Some(t) => search.to_goal[goal] = Some(t),
                None => {}
            }
            // The game's blocked list overflowed: it gives up on the area.
            if overflow {
                return out;
            }
        }
    }
    out
}

/// The game's `GetGroundHeight` ([`Level::ground_height`]), its rays counted.
fn ground_height(level: &Level, pos: Vec3) -> Option<f32> {
    for _ in 0..Level::GROUND_HEIGHT_RAYS {
        crate::traces::count_one();
    }
    level.ground_height(pos)
}

/// A search's estimate of the distance left to its goal.
///
/// The game's is the straight line between centres. The shortest distance over the whole mesh
/// (blocking areas only makes paths longer, so it never overestimates) finds a path just as
/// short with far fewer areas looked at (CS:S `cs_office`: 45 million instead of 75 million),
/// but may pick another of several equally short paths: on the corpus's Source pairs the
/// approach agreement is the same to within 0.001 (`cs_office` 0.803 against 0.804, `aim_map`
/// equal), on GoldSrc's `de_dust2` 0.974 against 0.975, so GoldSrc keeps the game's up to
/// [`LINE_GUIDE_MAX_WORK`] ([`Guide`]).
#[derive(Clone, Copy)]
enum Estimate<'a> {
    /// The straight line between centres (the game's).
    Line,
    /// A distance from each area worked out beforehand: the shortest over the whole mesh, or
    /// the straight line (the same numbers as `Line`).
    Table(&'a [f32]),
}

/// The game's path search (`NavAreaBuildPath` with `ApproachAreaCost`): A* over links and
/// ladders from `start` to `goal`, centre-to-centre distances (a ladder its length), `left`
/// estimating the rest, first come first served on ties, blocked areas skipped. Whether
/// `goal` was reached; the path is left in `s.parent`.
fn build_path(start: usize, goal: usize, s: &mut Search, block: u32, left: Estimate) -> bool {
    // A fresh generation: marks of earlier searches (and the blocked mark) never equal it.
    s.now = s.now.wrapping_add(1);
    if s.now == 0 {
        s.stamp.iter_mut().for_each(|x| *x = 0);
        s.closed.iter_mut().for_each(|x| *x = 0);
        s.now = 1;
    }
    let generation = s.now;
    if s.blocked[start] == block {
        return false;
    }
    let g = &s.graph;
    let goal_pos = g.center[goal];
    let line = |n: usize| (g.center[n] - goal_pos).length();
    s.heap.clear();
    let mut seq = 0u32;
    s.stamp[start] = generation;
    s.cost[start] = 0.0;
    s.parent[start] = (usize::MAX, 0);
    let estimate = |n: usize| match left {
        Estimate::Line => line(n),
        Estimate::Table(t) => t[n],
    };
    let first = estimate(start);
    s.heap.push(Open::new(first, seq, start as u32));
    while let Some(Open { area, .. }) = s.heap.pop() {
        let area = area as usize;
        if s.closed[area] == generation {
            continue;
        }
        if area == goal {
            return true;
        }
        let here_cost = s.cost[area];
        s.closed[area] = generation;
        for k in g.first[area] as usize..g.first[area + 1] as usize {
            let Step { to, how, cost } = g.steps[k];
            let n = to as usize;
            if s.blocked[n] == block {
                continue;
            }
            let c = here_cost + cost;
            if s.stamp[n] == generation && s.cost[n] <= c {
                continue;
            }
            let rest = estimate(n);
            // No way on to the goal from there, even with nothing blocked.
            if rest == f32::INFINITY {
                continue;
            }
            s.stamp[n] = generation;
            s.closed[n] = 0;
            s.cost[n] = c;
            s.parent[n] = (area, how);
            seq = seq.wrapping_add(1);
            s.heap.push(Open::new(c + rest, seq, to));
        }
    }
    false
}

#[cfg(test)]
#[path = "../tests/common/city.rs"]
mod city;

#[cfg(test)]
mod tests {
    use super::*;

    /// The path `build_path` left in `s` from `start` to `goal`, each step checked to be one
    /// of the mesh's (with the side it records) and no area on it blocked with `block`; and
    /// its length, the sum of its steps.
    fn walked(s: &Search, start: usize, goal: usize, block: u32) -> (Vec<usize>, f32) {
        let g = &s.graph;
        let mut path = vec![goal];
        let mut length = 0.0f32;
        let mut at = goal;
        while at != start {
            let (from, how) = s.parent[at];
            assert!(from < g.center.len(), "the path reaches back to the start");
            let steps = &g.steps[g.first[from] as usize..g.first[from + 1] as usize];
            let step = steps
                .iter()
                .find(|st| st.to as usize == at && st.how == how)
                .expect("each step of the path is one of the mesh's");
            length += step.cost;
            assert_ne!(s.blocked[at], block, "no blocked area on the path");
            at = from;
            path.push(at);
            assert!(path.len() <= g.center.len(), "no loop");
        }
        path.reverse();
        (path, length)
    }

    /// On a small GoldSrc town (every step as long as the straight line between its centres,
    /// so the game's straight-line search finds shortest paths), the exact-distance guide
    /// finds a path exactly when the game's does, and one as long, for 400 searches between
    /// random areas with up to 24 random areas blocked; some of the paths differ (so the test
    /// compares two searches, not one).
    #[test]
    fn exact_guide_finds_paths_as_short_as_the_straight_line() {
        let (_, doc) = city::town(3, city::Rules::GoldSrc);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        assert!(n > 200, "{n} areas");
        let mut s = Search::new(&mesh);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut pick = |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        let (mut found, mut unreachable, mut other_paths) = (0, 0, 0);
        for _ in 0..400 {
            let (start, goal) = (pick(n), pick(n));
            s.now += 1;
            let block = s.now;
            for _ in 0..pick(25) {
                let b = pick(n);
                if b != start && b != goal {
                    s.blocked[b] = block;
                }
            }
            let table = s.distances_to(goal);
            let by_line = build_path(start, goal, &mut s, block, Estimate::Line)
                .then(|| walked(&s, start, goal, block));
            let by_table = build_path(start, goal, &mut s, block, Estimate::Table(&table))
                .then(|| walked(&s, start, goal, block));
            match (by_line, by_table) {
                (Some((a, la)), Some((b, lb))) => {
                    assert!(
                        (la - lb).abs() <= 1e-3 * la.max(1.0),
                        "{start} -> {goal}: {la} by the line, {lb} by the table"
                    );
                    found += 1;
                    other_paths += usize::from(a != b);
                }
                (None, None) => unreachable += 1,
                (a, b) => panic!(
                    "{start} -> {goal}: found by the line {}, by the table {}",
                    a.is_some(),
                    b.is_some()
                ),
            }
        }
        assert!(found >= 300, "{found} paths found, {unreachable} not");
        assert!(other_paths > 0, "the two guides never chose another path");
    }
}
