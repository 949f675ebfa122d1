//! Source/GoldSrc area A*, faithful to the game's `NavAreaBuildPath` with `ShortestPathCost`:
//! the cost of entering an area is the distance between area centres (a ladder's length when
//! climbing), plus 20× that distance in crouch areas and 5× in jump areas. Connections are
//! directed. Options add an AVOID penalty, blocked areas, a maximum path length and the game's
//! "closest area reached" answer when the goal cannot be reached. Unlike the game's sorted list,
//! the open list is a binary heap, and the heuristic is scaled down where a ladder is shorter than
//! the distance between the centres it joins, so the answer is always the cheapest.

use std::collections::HashMap;

use navforge_core::model::NavMesh;

use crate::adjacency::{breadth_first_order, d3, heuristic_scale, row_starts};
use crate::buckets::BucketQueue;
use crate::error::{PathError, Result};
use crate::funnel::{Portal, funnel};
use crate::locate::Locator;
use crate::model_read::{AreaFlags, area_flags};
use crate::polymesh::{NONE, PolyMesh};
use navforge_core::area::{AreaLocator, AreaRect, Under};

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
    /// Area outlines, for the fallback point location and areas that are not rectangles.
    shapes: PolyMesh,
    locator: Locator,
    /// The areas' floors (the shared Source geometry), for the game's point location, portals
    /// and heights.
    floors: AreaLocator,
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
            crouch_penalty: f64::from(navforge_core::movement::CROUCH_PATH_PENALTY),
            jump_penalty: f64::from(navforge_core::movement::JUMP_PATH_PENALTY),
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
    /// The graph of a model's areas, directed connections and ladders. Areas are numbered
    /// internally in a breadth-first order of the graph (see [`AreaGraph::ids`]).
    pub fn from_model(mesh: &NavMesh) -> Result<AreaGraph> {
        if mesh.areas.is_empty() {
            return Err(PathError::Empty("areas"));
        }
        // First in model order: the area an ID names when IDs repeat.
        let mut model_index = HashMap::with_capacity(mesh.areas.len());
        for (i, a) in mesh.areas.iter().enumerate() {
            model_index.entry(a.id).or_insert(i as u32);
        }
        let centre_of = |a: &navforge_core::model::Area| {
            let n = a.polygon.len().max(1) as f64;
            let s = a.polygon.iter().fold([0.0; 3], |s, p| {
                [s[0] + p[0] as f64, s[1] + p[1] as f64, s[2] + p[2] as f64]
            });
            [s[0] / n, s[1] / n, s[2] / n]
        };
        let model_centre: Vec<[f64; 3]> = mesh.areas.iter().map(centre_of).collect();
        // Edges by model index: (from, to, step, ladder ends, base).
        type Edge = (u32, u32, Step, Option<([f64; 3], [f64; 3])>, f64);
        let mut edges: Vec<Edge> = Vec::new();
        for c in &mesh.connections {
            if c.kind.leaves_mesh() {
                continue;
            }
            if let (Some(&a), Some(&b)) = (model_index.get(&c.from), model_index.get(&c.to))
                && a != b
            {
                let base = d3(model_centre[a as usize], model_centre[b as usize]);
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
            let bottom_area = model_index.get(&l.bottom_area).copied();
            // Up: to the forward, left and right top areas (the game never climbs to "behind").
            // Down: from any top area to the bottom one.
            for (k, t) in l.top_areas.iter().enumerate() {
                let Some(&t) = model_index.get(t).filter(|_| *t != 0) else {
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
        // Renumber for locality, then sort edges into rows.
        let n = mesh.areas.len();
        let pairs: Vec<(u32, u32)> = edges.iter().map(|e| (e.0, e.1)).collect();
        let order = breadth_first_order(n, &pairs);
        let mut new_of = vec![0u32; n];
        for (new, &old) in order.iter().enumerate() {
            new_of[old as usize] = new as u32;
        }
        for e in &mut edges {
            e.0 = new_of[e.0 as usize];
            e.1 = new_of[e.1 as usize];
        }
        edges.sort_by_key(|e| e.0);
        let start = row_starts(n, edges.iter().map(|e| e.0));
        let areas: Vec<&navforge_core::model::Area> =
            order.iter().map(|&i| &mesh.areas[i as usize]).collect();
        let centre: Vec<[f64; 3]> = order.iter().map(|&i| model_centre[i as usize]).collect();
        let h_scale = heuristic_scale(
            edges
                .iter()
                .map(|e| (e.4, d3(centre[e.0 as usize], centre[e.1 as usize]))),
        );
        let shapes = area_shapes(&areas)?;
        let locator = Locator::new(&shapes);
        let floors = AreaLocator::new(areas.iter().map(|a| AreaRect::of_area(a)));
        Ok(AreaGraph {
            ids: areas.iter().map(|a| a.id).collect(),
            index: model_index
                .into_iter()
                .map(|(id, i)| (id, new_of[i as usize]))
                .collect(),
            centre,
            flags: areas.iter().map(|a| area_flags(mesh, a)).collect(),
            start,
            to: edges.iter().map(|e| e.1).collect(),
            step: edges.iter().map(|e| e.2).collect(),
            ladder_ends: edges.iter().map(|e| e.3).collect(),
            base: edges.iter().map(|e| e.4).collect(),
            h_scale: h_scale.max(0.0),
            shapes,
            locator,
            floors,
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

    /// Area IDs, by internal index (a breadth-first order of the graph, not the file's).
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
    /// `ShortestPathCost`, plus the AVOID penalty; penalties below 0 count as 0).
    pub fn enter_cost(&self, b: u32, base: f64, cost: &AreaCost) -> f64 {
        let f = self.flags[b as usize];
        // A negative penalty would make costs negative, which no search can order: it counts as 0.
        let penalty = |p: f64| if p > 0.0 { p * base } else { 0.0 };
        let mut c = base;
        if f.crouch {
            c += penalty(cost.crouch_penalty);
        }
        if f.jump {
            c += penalty(cost.jump_penalty);
        }
        if f.avoid {
            c += penalty(cost.avoid_penalty);
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

    /// The area under a point: the game's `GetNavArea` ([`Under::GAME`]: the highest floor at
    /// most 5 units above the point and 120 below it); where no floor is that close, the area
    /// holding the point's x and y whose floor is nearest in height; `None` off the mesh.
    pub fn area_at(&self, p: [f64; 3]) -> Option<u32> {
        let q = p.map(|v| v as f32);
        match self.floors.area_at(q, Under::GAME) {
            Some(i) => Some(i as u32),
            None => self.locator.locate(&self.shapes, p),
        }
    }

    /// The area nearest to a point.
    pub fn nearest_area(&self, p: [f64; 3]) -> Option<u32> {
        self.locator.nearest(&self.shapes, p)
    }

    /// Height of area `a`'s surface at plan point `p`: the game's bilinear `GetZ` over its
    /// corners (the polygon's plane for an area that is not a rectangle).
    pub fn height_at(&self, a: u32, p: [f64; 2]) -> f64 {
        match self.floors.rect(a as usize) {
            Some(r) => r.z_at(p[0] as f32, p[1] as f32) as f64,
            None => self.shapes.height_at(a, p),
        }
    }
}

/// One polygon per area, without adjacency (Source areas meet at T-junctions, not shared edges).
fn area_shapes(areas: &[&navforge_core::model::Area]) -> Result<PolyMesh> {
    let mut vertices = Vec::new();
    let mut heights = Vec::new();
    let mut polygons = Vec::with_capacity(areas.len());
    for a in areas {
        let mut vs = Vec::with_capacity(a.polygon.len());
        for p in &a.polygon {
            vs.push(vertices.len() as u32);
            vertices.push([p[0] as f64, p[1] as f64]);
            heights.push(p[2] as f64);
        }
        let ns = vec![NONE; vs.len()];
        polygons.push((vs, ns));
    }
    PolyMesh::build(vertices, heights, polygons, |p| {
        format!("area {}", areas[p].id)
    })
}

/// One directed edge as the search reads it: target and the cost of entering it.
#[derive(Clone, Copy)]
struct Arc {
    to: u32,
    cost: f64,
}

/// Search state of one area, 32 bytes, so a visit touches one cache line.
#[derive(Clone, Copy, Default)]
struct AreaState {
    g: f64,
    /// The heuristic, computed once per query.
    h: f64,
    parent: u32,
    /// The edge it was entered by.
    via: u32,
    /// `open` (`g` valid) or `open + 1` (expanded) of the current query; older means unseen.
    stamp: u32,
}

/// Reusable area A* state for one graph: per-area records stamped per query (no clearing), a
/// bucket queue with decrease-key, and the edges with their entry costs precomputed for the last
/// penalties used.
pub struct AreaSearch<'g> {
    graph: &'g AreaGraph,
    state: Vec<AreaState>,
    /// Path length so far, kept only under a length limit.
    length: Vec<f64>,
    /// Stamp of areas seen this query; `open + 1` marks them expanded (and blocked).
    open: u32,
    queue: BucketQueue,
    arcs: Vec<Arc>,
    arcs_for: Option<[u64; 3]>,
    /// Twice the dearest arc: how far above the last key popped an open key can be.
    spread: f64,
}

impl<'g> AreaSearch<'g> {
    /// Search state for `graph`.
    pub fn new(graph: &'g AreaGraph) -> Self {
        let n = graph.len();
        AreaSearch {
            graph,
            state: vec![AreaState::default(); n],
            length: vec![0.0; n],
            open: 0,
            queue: BucketQueue::new(n),
            arcs: Vec::new(),
            arcs_for: None,
            spread: 0.0,
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
        self.prepare(cost);
        let (end, reached) = match cost.max_length {
            None => self.run::<false>(from, to, f64::INFINITY),
            Some(limit) => self.run::<true>(from, to, limit),
        };
        Some((self.trace(end), self.state[end as usize].g, reached))
    }

    /// New stamps for a query, blocked areas marked expanded, and edge costs for the penalties.
    fn prepare(&mut self, cost: &AreaCost) {
        let graph = self.graph;
        if self.open >= u32::MAX - 4 {
            self.state.fill(AreaState::default());
            self.open = 0;
        }
        self.open += 2;
        let closed = self.open + 1;
        for id in &cost.blocked {
            if let Some(i) = graph.index_of(*id) {
                self.state[i as usize].stamp = closed;
            }
        }
        let penalties =
            [cost.crouch_penalty, cost.jump_penalty, cost.avoid_penalty].map(f64::to_bits);
        if self.arcs_for != Some(penalties) {
            let multiplier: Vec<f64> = (0..graph.len() as u32)
                .map(|b| graph.enter_cost(b, 1.0, cost))
                .collect();
            self.arcs = graph
                .to
                .iter()
                .zip(&graph.base)
                .map(|(&to, &base)| Arc {
                    to,
                    cost: base * multiplier[to as usize],
                })
                .collect();
            self.arcs_for = Some(penalties);
            let dearest = self
                .arcs
                .iter()
                .map(|a| a.cost)
                .filter(|c| c.is_finite())
                .fold(0.0, f64::max);
            self.spread = 2.0 * dearest * (1.0 + 1e-9);
        }
        self.queue.reset(self.spread);
    }

    /// A* from `from`; the area it ended at and whether that is `to`. `LIMITED` keeps path
    /// lengths and prunes beyond `limit` (a separate instance, so the common case pays nothing).
    fn run<const LIMITED: bool>(&mut self, from: u32, to: u32, limit: f64) -> (u32, bool) {
        let graph = self.graph;
        let (open, closed) = (self.open, self.open + 1);
        let goal = graph.centre(to);
        let h_scale = graph.h_scale;
        let h = |a: u32| d3(graph.centre(a), goal) * h_scale;
        let d2 = |a: u32| {
            let c = graph.centre(a);
            (c[0] - goal[0]).powi(2) + (c[1] - goal[1]).powi(2) + (c[2] - goal[2]).powi(2)
        };
        let state = &mut self.state;
        let arcs = &self.arcs[..];
        let start = &graph.start[..];
        let hf = h(from);
        state[from as usize] = AreaState {
            g: 0.0,
            h: hf,
            parent: NONE,
            via: NONE,
            stamp: open,
        };
        if LIMITED {
            self.length[from as usize] = 0.0;
        }
        self.queue.push(from, hf);
        let mut closest = (d2(from), from);
        while let Some(area) = self.queue.pop() {
            let a = area as usize;
            state[a].stamp = closed;
            if area == to {
                return (to, true);
            }
            let ga = state[a].g;
            let la = if LIMITED { self.length[a] } else { 0.0 };
            let d = d2(area);
            if d < closest.0 {
                closest = (d, area);
            }
            for k in start[a]..start[a + 1] {
                let arc = arcs[k as usize];
                let b = arc.to as usize;
                let sb = state[b];
                if sb.stamp == closed {
                    continue;
                }
                if LIMITED {
                    let len = la + graph.base[k as usize];
                    if len > limit {
                        continue;
                    }
                }
                let g = ga + arc.cost;
                let queued = sb.stamp == open;
                if queued && sb.g <= g {
                    continue;
                }
                let hb = if queued { sb.h } else { h(arc.to) };
                state[b] = AreaState {
                    g,
                    h: hb,
                    parent: area,
                    via: k,
                    stamp: open,
                };
                if LIMITED {
                    self.length[b] = la + graph.base[k as usize];
                }
                if queued {
                    self.queue.decrease(arc.to, g + hb);
                } else {
                    self.queue.push(arc.to, g + hb);
                }
            }
        }
        (closest.1, false)
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
/// across a gap leaves from): the game's `ComputePortal` on the side of `a` facing `b`, as
/// (left, right) walking from `a` to `b`.
fn side_portal(graph: &AreaGraph, a: u32, b: u32) -> Portal {
    let (p, q) = match (graph.floors.rect(a as usize), graph.floors.rect(b as usize)) {
        (Some(ra), Some(rb)) => {
            let (p, q) = ra.portal_ends(rb, ra.side_towards(rb));
            (p.map(f64::from), q.map(f64::from))
        }
        // Not a rectangle: the middle of the gap between the two boxes, as a point.
        _ => {
            let (ba, bb) = (graph.shapes.bounds(a), graph.shapes.bounds(b));
            let m = |k: usize| (ba[k].max(bb[k]) + ba[k + 2].min(bb[k + 2])) * 0.5;
            ([m(0), m(1)], [m(0), m(1)])
        }
    };
    let ca = graph.centre(a);
    let cb = graph.centre(b);
    let d = [cb[0] - ca[0], cb[1] - ca[1]];
    let side = d[0] * (p[1] - ca[1]) - d[1] * (p[0] - ca[0]);
    if side > 0.0 { (p, q) } else { (q, p) }
}
