//! Source/GoldSrc area A*, faithful to the game's `NavAreaBuildPath` with `ShortestPathCost`:
//! the cost of entering an area is the distance between area centres (a ladder's length when
//! climbing), plus 20× that distance in crouch areas and 5× in jump areas. Connections are
//! directed. Options add an AVOID penalty, blocked areas, a maximum path length and the game's
//! "closest area reached" answer when the goal cannot be reached. Unlike the game's sorted list,
//! the open list is a binary heap, and the heuristic is scaled down where a ladder is shorter than
//! the distance between the centres it joins, so the answer is always the cheapest.

use crate::rows::{d3, heuristic_scale, rows};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use navforge_core::model::{ConnectionKind, NavMesh};

use crate::error::{PathError, Result};
use crate::funnel::{Portal, funnel};
use crate::locate::Locator;
use crate::model_read::{AreaFlags, area_flags};
use crate::polymesh::{NONE, PolyMesh};

/// How an area is left for the next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Step {
    /// Through the shared side of two areas (walking, dropping, jumping).
    Walk,
    /// Up or down ladder `id`.
    Ladder {
        /// Ladder ID.
        id: u64,
    },
}

/// The area graph of a Source mesh.
pub struct AreaGraph {
    ids: Vec<u64>,
    index: HashMap<u64, u32>,
    centre: Vec<[f64; 3]>,
    flags: Vec<AreaFlags>,
    /// Adjacency in compressed rows: edges of area `a` are `start[a]..start[a + 1]`.
    start: Vec<u32>,
    to: Vec<u32>,
    step: Vec<Step>,
    /// Ladder ends (bottom, top) for ladder edges, in travel order.
    ladder_ends: Vec<Option<([f64; 3], [f64; 3])>>,
    /// Base distance of each edge (centre to centre, or the ladder's length).
    base: Vec<f64>,
    /// Heuristic scale (≤ 1) that keeps the straight-line estimate below every edge's cost.
    h_scale: f64,
    /// Area outlines, for point location, portals and heights.
    shapes: PolyMesh,
    locator: Locator,
}

/// Cost options; [`AreaCost::default`] is the game's `ShortestPathCost`.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaCost {
    /// Extra cost per unit in crouch areas (game: 20).
    pub crouch_penalty: f64,
    /// Extra cost per unit in jump areas (game: 5).
    pub jump_penalty: f64,
    /// Extra cost per unit in AVOID areas (game default cost: 0; bots use their own).
    pub avoid_penalty: f64,
    /// Areas that may not be entered.
    pub blocked: Vec<u64>,
    /// Longest path (sum of centre distances and ladder lengths) to explore; `None` for no limit.
    pub max_length: Option<f64>,
}

impl Default for AreaCost {
    fn default() -> Self {
        AreaCost {
            crouch_penalty: 20.0,
            jump_penalty: 5.0,
            avoid_penalty: 0.0,
            blocked: Vec::new(),
            max_length: None,
        }
    }
}

/// An area path.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AreaPath {
    /// Area IDs from the start's to the last one (the goal's, or the closest reached).
    pub corridor: Vec<u64>,
    /// How each area after the first was entered.
    pub steps: Vec<Step>,
    /// Total cost under the options given.
    pub cost: f64,
    /// Whether the goal area was reached (else the path ends at the closest area reached).
    pub reached_goal: bool,
    /// Smoothed waypoints from the start point to the end point, heights from the area surfaces.
    pub waypoints: Vec<[f64; 3]>,
    /// Length of the waypoint polyline.
    pub length: f64,
}

impl AreaGraph {
    /// The graph of a model's areas, directed connections and ladders.
    pub fn from_model(mesh: &NavMesh) -> Result<AreaGraph> {
        if mesh.areas.is_empty() {
            return Err(PathError::Empty("areas"));
        }
        let ids: Vec<u64> = mesh.areas.iter().map(|a| a.id).collect();
        let mut index = HashMap::with_capacity(ids.len());
        for (i, &id) in ids.iter().enumerate() {
            index.entry(id).or_insert(i as u32);
        }
        let centre: Vec<[f64; 3]> = mesh
            .areas
            .iter()
            .map(|a| {
                let n = a.polygon.len().max(1) as f64;
                let s = a.polygon.iter().fold([0.0; 3], |s, p| {
                    [s[0] + p[0] as f64, s[1] + p[1] as f64, s[2] + p[2] as f64]
                });
                [s[0] / n, s[1] / n, s[2] / n]
            })
            .collect();
        let flags = mesh.areas.iter().map(|a| area_flags(mesh, a)).collect();
        // Edges: (from, to, step, ladder ends, base).
        type Edge = (u32, u32, Step, Option<([f64; 3], [f64; 3])>, f64);
        let mut edges: Vec<Edge> = Vec::new();
        for c in &mesh.connections {
            if matches!(c.kind, ConnectionKind::External | ConnectionKind::Door) {
                continue;
            }
            if let (Some(&a), Some(&b)) = (index.get(&c.from), index.get(&c.to))
                && a != b
            {
                let base = d3(centre[a as usize], centre[b as usize]);
                edges.push((a, b, Step::Walk, None, base));
            }
        }
        for l in &mesh.ladders {
            let top = l.top.map(f64::from);
            let bottom = l.bottom.map(f64::from);
            let length = d3(top, bottom);
            if !length.is_finite() {
                continue;
            }
            let step = Step::Ladder { id: l.id };
            let bottom_area = index.get(&l.bottom_area).copied();
            // Up: to the forward, left and right top areas (the game never climbs to "behind").
            // Down: from any top area to the bottom one.
            for (k, t) in l.top_areas.iter().enumerate() {
                let Some(&t) = index.get(t).filter(|_| *t != 0) else {
                    continue;
                };
                if let Some(b) = bottom_area {
                    if k < 3 {
                        edges.push((b, t, step, Some((bottom, top)), length));
                    }
                    edges.push((t, b, step, Some((top, bottom)), length));
                }
            }
        }
        let start = rows(&mut edges, ids.len(), |e| e.0);
        let h_scale = heuristic_scale(
            edges
                .iter()
                .map(|e| (e.4, d3(centre[e.0 as usize], centre[e.1 as usize]))),
        );
        let shapes = area_shapes(mesh)?;
        let locator = Locator::new(&shapes);
        Ok(AreaGraph {
            ids,
            index,
            centre,
            flags,
            start,
            to: edges.iter().map(|e| e.1).collect(),
            step: edges.iter().map(|e| e.2).collect(),
            ladder_ends: edges.iter().map(|e| e.3).collect(),
            base: edges.iter().map(|e| e.4).collect(),
            h_scale: h_scale.max(0.0),
            shapes,
            locator,
        })
    }

    /// Number of areas.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether there are no areas.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Area IDs, by internal index.
    pub fn ids(&self) -> &[u64] {
        &self.ids
    }

    /// Internal index of area `id`.
    pub fn index_of(&self, id: u64) -> Option<u32> {
        self.index.get(&id).copied()
    }

    /// Directed edges leaving area index `a`: (target index, base distance, step).
    pub fn edges(&self, a: u32) -> impl Iterator<Item = (u32, f64, Step)> + '_ {
        let (s, e) = (
            self.start[a as usize] as usize,
            self.start[a as usize + 1] as usize,
        );
        (s..e).map(move |k| (self.to[k], self.base[k], self.step[k]))
    }

    /// The cost of entering area index `b` over an edge of base distance `base` (the game's
    /// `ShortestPathCost`, plus the AVOID penalty).
    pub fn enter_cost(&self, b: u32, base: f64, cost: &AreaCost) -> f64 {
        let f = self.flags[b as usize];
        let mut c = base;
        if f.crouch {
            c += cost.crouch_penalty * base;
        }
        if f.jump {
            c += cost.jump_penalty * base;
        }
        if f.avoid {
            c += cost.avoid_penalty * base;
        }
        c
    }

    /// The A* estimate from area index `a` to area index `goal` (never above the true cost).
    pub fn heuristic(&self, a: u32, goal: u32) -> f64 {
        d3(self.centre(a), self.centre(goal)) * self.h_scale
    }

    /// Area centre (mean of its corners).
    pub fn centre(&self, a: u32) -> [f64; 3] {
        self.centre[a as usize]
    }

    /// The area under a point (floor by floor), or `None` off the mesh.
    pub fn area_at(&self, p: [f64; 3]) -> Option<u32> {
        self.locator.locate(&self.shapes, p)
    }

    /// The area nearest to a point.
    pub fn nearest_area(&self, p: [f64; 3]) -> Option<u32> {
        self.locator.nearest(&self.shapes, p)
    }

    /// Height of area `a`'s surface at plan point `p`.
    pub fn height_at(&self, a: u32, p: [f64; 2]) -> f64 {
        self.shapes.height_at(a, p)
    }
}

/// One polygon per area, without adjacency (Source areas meet at T-junctions, not shared edges).
fn area_shapes(mesh: &NavMesh) -> Result<PolyMesh> {
    let mut vertices = Vec::new();
    let mut heights = Vec::new();
    let mut polygons = Vec::with_capacity(mesh.areas.len());
    for a in &mesh.areas {
        let mut vs = Vec::with_capacity(a.polygon.len());
        for p in &a.polygon {
            vs.push(vertices.len() as u32);
            vertices.push([p[0] as f64, p[1] as f64]);
            heights.push(p[2] as f64);
        }
        let ns = vec![NONE; vs.len()];
        polygons.push((vs, ns));
    }
    let ids: Vec<u64> = mesh.areas.iter().map(|a| a.id).collect();
    PolyMesh::build(vertices, heights, polygons, |p| format!("area {}", ids[p]))
}

/// Open-list entry in 16 bytes: smaller `f` first, then larger `g`; non-negative floats order
/// like their bits, so keys compare as integers.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Open {
    f: u64,
    g: u32,
    area: u32,
}

impl Open {
    fn new(f: f64, g: f64, area: u32) -> Self {
        Open {
            f: f.to_bits(),
            g: (g as f32).to_bits(),
            area,
        }
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        o.f.cmp(&self.f).then(self.g.cmp(&o.g))
    }
}

/// Search state of one area.
#[derive(Clone, Copy, Default)]
struct AreaState {
    g: f64,
    /// The heuristic, computed once per query.
    h: f64,
    length: f64,
    parent: u32,
    via: u32,
    /// `seen == generation`: `g` is valid; `closed == generation`: expanded.
    seen: u32,
    closed: u32,
}

/// Reusable area A* state for one graph.
pub struct AreaSearch<'g> {
    graph: &'g AreaGraph,
    /// Per-area search state in one record, so a visit touches one cache line.
    state: Vec<AreaState>,
    blocked: Vec<u32>,
    generation: u32,
    heap: BinaryHeap<Open>,
    /// Cost per unit of distance to enter each area, for the penalties in `multiplier_for`.
    multiplier: Vec<f64>,
    multiplier_for: Option<[f64; 3]>,
}

impl<'g> AreaSearch<'g> {
    /// Search state for `graph`.
    pub fn new(graph: &'g AreaGraph) -> Self {
        let n = graph.len();
        AreaSearch {
            graph,
            state: vec![AreaState::default(); n],
            blocked: vec![0; n],
            generation: 0,
            heap: BinaryHeap::new(),
            multiplier: vec![1.0; n],
            multiplier_for: None,
        }
    }

    /// The cheapest area corridor from area index `from` to `to` and its cost; with
    /// `cost.max_length` set or the goal unreachable, the path to the closest area reached (by
    /// straight distance to the goal's centre), flagged by `reached_goal = false`.
    pub fn corridor(
        &mut self,
        from: u32,
        to: u32,
        cost: &AreaCost,
    ) -> Option<(Vec<u32>, f64, bool)> {
        let graph = self.graph;
        let n = graph.len() as u32;
        if from >= n || to >= n {
            return None;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.state.fill(AreaState::default());
            self.blocked.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        let penalties = [cost.crouch_penalty, cost.jump_penalty, cost.avoid_penalty];
        if self.multiplier_for != Some(penalties) {
            for (i, m) in self.multiplier.iter_mut().enumerate() {
                *m = graph.enter_cost(i as u32, 1.0, cost);
            }
            self.multiplier_for = Some(penalties);
        }
        let limit = cost.max_length;
        for id in &cost.blocked {
            if let Some(i) = graph.index_of(*id) {
                self.blocked[i as usize] = generation;
            }
        }
        self.heap.clear();
        let goal = graph.centre(to);
        let h = |a: u32| d3(graph.centre(a), goal) * graph.h_scale;
        let f = from as usize;
        self.state[f] = AreaState {
            g: 0.0,
            h: h(from),
            length: 0.0,
            parent: NONE,
            via: NONE,
            seen: generation,
            closed: 0,
        };
        self.heap.push(Open::new(h(from), 0.0, from));
        let d2 = |a: u32| {
            let c = graph.centre(a);
            (c[0] - goal[0]).powi(2) + (c[1] - goal[1]).powi(2) + (c[2] - goal[2]).powi(2)
        };
        let mut closest = (d2(from), from);
        while let Some(Open { area, .. }) = self.heap.pop() {
            let a = area as usize;
            if self.state[a].closed == generation {
                continue;
            }
            self.state[a].closed = generation;
            let (ga, la) = (self.state[a].g, self.state[a].length);
            if area == to {
                return Some((self.trace(to), ga, true));
            }
            let d = d2(area);
            if d < closest.0 {
                closest = (d, area);
            }
            let (s, e) = (graph.start[a] as usize, graph.start[a + 1] as usize);
            for k in s..e {
                let b = graph.to[k];
                let bi = b as usize;
                let sb = self.state[bi];
                if sb.closed == generation || self.blocked[bi] == generation {
                    continue;
                }
                let base = graph.base[k];
                let len = la + base;
                if limit.is_some_and(|m| len > m) {
                    continue;
                }
                let g = ga + base * self.multiplier[bi];
                if sb.seen == generation && sb.g <= g {
                    continue;
                }
                let hb = if sb.seen == generation { sb.h } else { h(b) };
                self.state[bi] = AreaState {
                    g,
                    h: hb,
                    length: len,
                    parent: area,
                    via: k as u32,
                    seen: generation,
                    closed: sb.closed,
                };
                self.heap.push(Open::new(g + hb, g, b));
            }
        }
        let c = closest.1;
        Some((self.trace(c), self.state[c as usize].g, false))
    }

    fn trace(&self, end: u32) -> Vec<u32> {
        let mut out = vec![end];
        let mut at = end;
        while self.state[at as usize].parent != NONE {
            at = self.state[at as usize].parent;
            out.push(at);
        }
        out.reverse();
        out
    }

    /// A full path between two points: areas located under them (floor by floor), the cheapest
    /// corridor, and smoothed waypoints through the shared sides with heights from the areas.
    pub fn path(&mut self, start: [f64; 3], goal: [f64; 3], cost: &AreaCost) -> Result<AreaPath> {
        let graph = self.graph;
        let from = graph
            .area_at(start)
            .ok_or(PathError::off_mesh("start", start))?;
        let to = graph
            .area_at(goal)
            .ok_or(PathError::off_mesh("goal", goal))?;
        let (corridor, total, reached) = self
            .corridor(from, to, cost)
            .ok_or(PathError::Empty("areas"))?;
        let last = *corridor.last().unwrap_or(&from);
        let end = if reached { goal } else { graph.centre(last) };
        let mut steps = Vec::with_capacity(corridor.len());
        let mut edges = Vec::with_capacity(corridor.len());
        for w in corridor.windows(2) {
            let k = self.state[w[1] as usize].via as usize;
            steps.push(graph.step[k]);
            edges.push(k);
        }
        let waypoints = smooth(graph, &corridor, &edges, start, end);
        let length = waypoints.windows(2).map(|w| d3(w[0], w[1])).sum();
        Ok(AreaPath {
            corridor: corridor.iter().map(|&a| graph.ids[a as usize]).collect(),
            steps,
            cost: total,
            reached_goal: reached,
            waypoints,
            length,
        })
    }
}

/// Funnel through the shared sides of consecutive areas; ladders split the path, their ends
/// becoming waypoints.
fn smooth(
    graph: &AreaGraph,
    corridor: &[u32],
    edges: &[usize],
    start: [f64; 3],
    end: [f64; 3],
) -> Vec<[f64; 3]> {
    let mut out = vec![start];
    let mut seg_start = start;
    let mut portals: Vec<Portal> = Vec::new();
    let mut portal_area: Vec<u32> = Vec::new();
    let flush = |out: &mut Vec<[f64; 3]>,
                 from: [f64; 3],
                 portals: &[Portal],
                 areas: &[u32],
                 to: [f64; 3],
                 last_area: u32| {
        let pts = funnel([from[0], from[1]], portals, [to[0], to[1]]);
        for (p, i) in pts.into_iter().skip(1) {
            if i >= portals.len() {
                break;
            }
            let area = areas.get(i).copied().unwrap_or(last_area);
            out.push([p[0], p[1], graph.height_at(area, p)]);
        }
        out.push(to);
    };
    for (i, w) in corridor.windows(2).enumerate() {
        let k = edges[i];
        if let Some((a, b)) = graph.ladder_ends[k] {
            flush(&mut out, seg_start, &portals, &portal_area, a, w[0]);
            out.push(b);
            seg_start = b;
            portals.clear();
            portal_area.clear();
            continue;
        }
        portals.push(side_portal(graph, w[0], w[1]));
        portal_area.push(w[0]);
    }
    flush(
        &mut out,
        seg_start,
        &portals,
        &portal_area,
        end,
        *corridor.last().unwrap_or(&0),
    );
    out.dedup();
    out
}

/// The shared stretch of two areas' facing sides, on the side of `a` (where a drop or a jump
/// across a gap leaves from),
/// as (left, right) walking from `a` to `b`.
fn side_portal(graph: &AreaGraph, a: u32, b: u32) -> Portal {
    let ba = graph.shapes.bounds(a);
    let bb = graph.shapes.bounds(b);
    let gap_x = ba[0].max(bb[0]) - ba[2].min(bb[2]);
    let gap_y = ba[1].max(bb[1]) - ba[3].min(bb[3]);
    let (p, q) = if gap_x > gap_y {
        // Side by side along x: the portal is a vertical segment.
        let x = if ba[2] <= bb[0] + 1e-9 { ba[2] } else { ba[0] };
        let (lo, hi) = (ba[1].max(bb[1]), ba[3].min(bb[3]));
        let (lo, hi) = if lo <= hi {
            (lo, hi)
        } else {
            let m = (lo + hi) * 0.5;
            (m, m)
        };
        ([x, lo], [x, hi])
    } else {
        let y = if ba[3] <= bb[1] + 1e-9 { ba[3] } else { ba[1] };
        let (lo, hi) = (ba[0].max(bb[0]), ba[2].min(bb[2]));
        let (lo, hi) = if lo <= hi {
            (lo, hi)
        } else {
            let m = (lo + hi) * 0.5;
            (m, m)
        };
        ([lo, y], [hi, y])
    };
    let ca = graph.centre(a);
    let cb = graph.centre(b);
    let d = [cb[0] - ca[0], cb[1] - ca[1]];
    let side = d[0] * (p[1] - ca[1]) - d[1] * (p[0] - ca[0]);
    if side > 0.0 { (p, q) } else { (q, p) }
}
