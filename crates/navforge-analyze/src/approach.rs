//! Approach areas (CS): for each large area that cannot be seen from an area's eye, path there
//! again and again, each time blocking the first area out of sight, and keep the last area in
//! sight before it (at most 16).

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

/// Per-thread search state, reused between searches.
pub struct Search {
    cost: Vec<f32>,
    parent: Vec<(usize, u8)>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    blocked: Vec<u32>,
    now: u32,
}

impl Search {
    /// Scratch space for a mesh of `n` areas.
    pub fn new(n: usize) -> Search {
        Search {
            cost: vec![0.0; n],
            parent: vec![(usize::MAX, 0); n],
            stamp: vec![0; n],
            closed: vec![0; n],
            blocked: vec![0; n],
            now: 0,
        }
    }
}

#[derive(PartialEq)]
struct Open {
    total: f32,
    seq: u64,
    area: usize,
}
impl Eq for Open {}
impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on total cost, first come first served on ties (the game's sorted list).
        o.total
            .total_cmp(&self.total)
            .then_with(|| o.seq.cmp(&self.seq))
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

/// The eye an area's approaches are judged from: its centre on the ground, raised 0.9 of a
/// standing (or, in crouch areas, crouching) height.
pub fn eye(mesh: &Mesh, i: usize, level: &Level) -> Option<Vec3> {
    let a = mesh.areas.get(i)?;
    let c = a.center();
    let ground = ground_height(level, c)?;
    let raise = if a.has(CROUCH) {
        0.9 * HALF_HUMAN_HEIGHT
    } else {
        0.9 * HUMAN_HEIGHT
    };
    Some(Vec3::new(c.x, c.y, ground + raise))
}

/// The approach areas of area `i`.
pub fn area_approaches(
    mesh: &Mesh,
    i: usize,
    far: &[usize],
    level: &Level,
    search: &mut Search,
) -> Vec<Approach> {
    let Some(eye) = eye(mesh, i, level) else {
        return Vec::new();
    };
    // Visibility of each area from the eye, computed once, on demand.
    let mut seen: Vec<Option<bool>> = vec![None; mesh.areas.len()];
    let mut visible =
        |j: usize| -> bool { *seen[j].get_or_insert_with(|| area_visible(mesh, level, eye, j)) };
    let mut out: Vec<Approach> = Vec::new();
    let mut path: Vec<usize> = Vec::with_capacity(MAX_PATH);
    for &goal in far {
        // Full: nothing a later goal finds could be kept (its searches were wasted).
        if out.len() >= MAX_APPROACH {
            break;
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
        if !build_path(mesh, i, goal, search, block_mark) {
            continue;
        }
        // Each pass blocks one more area (at most MAX_BLOCKED of them) or ends: a path that
        // leaves sight nowhere (the area is its own goal, or the first 256 areas of a longer
        // path are all in sight) would be found again unchanged, forever.
        while out.len() < MAX_APPROACH {
            // The path from the eye outwards (the game keeps its last 256 areas).
            path.clear();
            let mut at = goal;
            while at != usize::MAX && path.len() < mesh.areas.len() {
                path.push(at);
                at = search.parent[at].0;
            }
            path.reverse();
            if path.len() > MAX_PATH {
                path.truncate(MAX_PATH);
            }
            let mut blocked_one = false;
            for k in 1..path.len() {
                if visible(path[k]) {
                    continue;
                }
                if blocked_count == MAX_BLOCKED {
                    return out;
                }
                let block = if path[k] == goal { k - 1 } else { k };
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
            if !blocked_one || !build_path(mesh, i, goal, search, block_mark) {
                break;
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

/// A* over links from `start` to `goal`, centre-to-centre distances, skipping blocked areas.
fn build_path(mesh: &Mesh, start: usize, goal: usize, s: &mut Search, block: u32) -> bool {
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
    let goal_pos = mesh.areas[goal].center();
    let mut heap = BinaryHeap::new();
    let mut seq = 0u64;
    s.stamp[start] = generation;
    s.cost[start] = 0.0;
    s.parent[start] = (usize::MAX, 0);
    heap.push(Open {
        total: (mesh.areas[start].center() - goal_pos).length(),
        seq,
        area: start,
    });
    while let Some(Open { area, .. }) = heap.pop() {
        if s.closed[area] == generation {
            continue;
        }
        let here_cost = s.cost[area];
        let here_pos = mesh.areas[area].center();
        if area == goal {
            return true;
        }
        s.closed[area] = generation;
        let a = &mesh.areas[area];
        let steps = a.links.iter().map(|l| (l.to, l.dir, None));
        let climbs = a.ladders.iter().map(|&(to, how, len)| (to, how, Some(len)));
        for (n, how, ladder) in steps.chain(climbs) {
            if n == area || s.blocked[n] == block {
                continue;
            }
            let npos = mesh.areas[n].center();
            let c = here_cost + ladder.unwrap_or_else(|| (npos - here_pos).length());
            if s.stamp[n] == generation && s.cost[n] <= c {
                continue;
            }
            s.stamp[n] = generation;
            s.closed[n] = 0;
            s.cost[n] = c;
            s.parent[n] = (area, how);
            seq += 1;
            heap.push(Open {
                total: c + (npos - goal_pos).length(),
                seq,
                area: n,
            });
        }
    }
    false
}
