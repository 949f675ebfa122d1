//! Optimal any-angle paths on a convex polygon mesh: Polyanya (Cui, Harabor and Grastien, IJCAI
//! 2017). A search node is a root point and an interval of a polygon edge seen from it; a node
//! expands into the next polygon by projecting the interval through it. Parts of edges visible
//! from the root are *observable* successors (same root); parts hidden behind a wall corner at an
//! interval end are *non-observable* ones, rooted at that corner. With the straight-line distance
//! through the interval as heuristic, the first goal node taken from the heap is optimal.

use std::collections::BinaryHeap;

use crate::astar::{Marks, Open};
use crate::error::{PathError, Result};
use crate::polymesh::{NONE, PolyMesh, cross, dist};

type P = [f64; 2];

/// Relative tolerance of orientation tests.
const EPS: f64 = 1e-10;
/// Root pruning tolerance on path lengths.
const G_EPS: f64 = 1e-8;
/// Node budget per query and polygon: bounds memory and time on broken meshes (valid meshes
/// stay far below it).
const NODES_PER_POLYGON: usize = 256;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// Root inside or on the polygon `poly`: every edge of it is visible from the root.
    /// `from` is the polygon the fan around a corner root came from (`NONE` at the start, where
    /// edges through the root are skipped because every polygon holding it was seeded).
    Fan { from: u32 },
    /// Interval `[left, right]` on edge `edge` of `poly`, seen from the root.
    Interval { edge: u32 },
    /// The goal, reached from the root, bending at `via` when it is not visible through the interval.
    Goal { via: Option<P> },
}

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// Root vertex (`NONE` for the start point).
    root_vertex: u32,
    /// The expansion that claimed this root (root pruning keeps one way to each corner).
    claim: u32,
    root: P,
    left: P,
    right: P,
    poly: u32,
    kind: Kind,
    g: f64,
}

/// A path in the plane.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PlanePath {
    /// Euclidean length.
    pub length: f64,
    /// Start, the corners it bends at, goal.
    pub points: Vec<[f64; 2]>,
}

/// Reusable Polyanya search state for one mesh (no allocation per query once warm).
pub struct AnyAngle<'m> {
    mesh: &'m PolyMesh,
    nodes: Vec<Node>,
    heap: BinaryHeap<Open>,
    root_g: Vec<f64>,
    root_claim: Vec<u32>,
    root_seen: Marks,
    /// Polygons holding the goal.
    target: Marks,
    starts: Vec<u32>,
    goals: Vec<u32>,
    /// Successors of the expansion in progress, with their heuristic.
    succ: Vec<(Node, f64)>,
    goal: P,
    budget: usize,
    /// Nodes taken from the heap by the last query.
    pub expanded: usize,
}

impl<'m> AnyAngle<'m> {
    /// Search state for `mesh`.
    pub fn new(mesh: &'m PolyMesh) -> Self {
        AnyAngle {
            mesh,
            nodes: Vec::new(),
            heap: BinaryHeap::new(),
            root_g: vec![0.0; mesh.vertices.len()],
            root_claim: vec![NONE; mesh.vertices.len()],
            root_seen: Marks::new(mesh.vertices.len()),
            target: Marks::new(mesh.polygon_count()),
            starts: Vec::new(),
            goals: Vec::new(),
            succ: Vec::new(),
            goal: [0.0; 2],
            budget: NODES_PER_POLYGON * mesh.polygon_count() + 100_000,
            expanded: 0,
        }
    }

    /// The mesh searched.
    pub fn mesh(&self) -> &'m PolyMesh {
        self.mesh
    }

    /// The length of a shortest path, `None` when the goal cannot be reached; an error when a
    /// point is off the mesh. Points are located by scanning polygon boxes; callers with many
    /// queries give the polygons with [`AnyAngle::path_between`].
    pub fn length(&mut self, start: P, goal: P) -> Result<Option<f64>> {
        Ok(self.path(start, goal)?.map(|p| p.length))
    }

    /// A shortest path between two points, locating them by a scan of the polygons.
    pub fn path(&mut self, start: P, goal: P) -> Result<Option<PlanePath>> {
        let s = containing(self.mesh, start);
        let t = containing(self.mesh, goal);
        if s.is_empty() {
            return Err(PathError::off_mesh("start", [start[0], start[1], 0.0]));
        }
        if t.is_empty() {
            return Err(PathError::off_mesh("goal", [goal[0], goal[1], 0.0]));
        }
        Ok(self.path_between(start, &s, goal, &t))
    }

    /// A shortest path from `start` (inside or on each polygon of `start_polys`) to `goal`
    /// (inside or on each of `goal_polys`).
    pub fn path_between(
        &mut self,
        start: P,
        start_polys: &[u32],
        goal: P,
        goal_polys: &[u32],
    ) -> Option<PlanePath> {
        self.reset(goal);
        self.starts.clear();
        self.starts.extend_from_slice(start_polys);
        self.goals.clear();
        self.goals.extend_from_slice(goal_polys);
        for &p in &self.goals {
            self.target.set(p as usize);
        }
        if self.starts.iter().any(|&p| self.target.has(p as usize)) {
            return Some(PlanePath {
                length: dist(start, goal),
                points: vec![start, goal],
            });
        }
        for i in 0..self.starts.len() {
            let p = self.starts[i];
            self.push(
                Node {
                    parent: NONE,
                    root_vertex: NONE,
                    claim: NONE,
                    root: start,
                    left: start,
                    right: start,
                    poly: p,
                    kind: Kind::Fan { from: NONE },
                    g: 0.0,
                },
                dist(start, goal),
            );
        }
        while let Some(Open { id: node, .. }) = self.heap.pop() {
            let n = self.nodes[node as usize];
            if let Kind::Goal { .. } = n.kind {
                return Some(self.trace(node, start));
            }
            if n.root_vertex != NONE {
                let v = n.root_vertex as usize;
                if n.g > self.root_g[v] + G_EPS || n.claim != self.root_claim[v] {
                    continue;
                }
            }
            if self.nodes.len() > self.budget {
                return None;
            }
            // Intermediate pruning: a lone successor with the same root (a polygon passed
            // straight through) is expanded at once instead of going through the heap.
            let (mut id, mut cur) = (node, n);
            loop {
                self.expanded += 1;
                self.succ.clear();
                self.expand(id, cur);
                if let [(next, _)] = self.succ[..]
                    && matches!(next.kind, Kind::Interval { .. })
                    && next.root_vertex == cur.root_vertex
                    && !self.target.has(next.poly as usize)
                {
                    id = self.nodes.len() as u32;
                    self.nodes.push(next);
                    cur = next;
                    continue;
                }
                break;
            }
            for i in 0..self.succ.len() {
                let (s, h) = self.succ[i];
                self.push(s, h);
            }
        }
        None
    }

    fn reset(&mut self, goal: P) {
        self.root_seen.next();
        self.target.next();
        self.nodes.clear();
        self.heap.clear();
        self.goal = goal;
        self.expanded = 0;
    }

    /// Queue a node (deeper ones first among equal estimates).
    fn push(&mut self, n: Node, h: f64) {
        let id = self.nodes.len() as u32;
        self.heap.push(Open::deeper(n.g + h, n.g, id));
        self.nodes.push(n);
    }

    /// Record a successor of the expansion in progress.
    #[inline]
    fn emit(&mut self, n: Node, h: f64) {
        self.succ.push((n, h));
    }

    /// Push a successor with the same root as its parent.
    fn push_same_root(&mut self, parent: u32, n: &Node, poly: u32, kind: Kind, left: P, right: P) {
        if self.dead_end(poly) {
            return;
        }
        let node = Node {
            parent,
            poly,
            kind,
            left,
            right,
            ..*n
        };
        let h = through(node.root, left, right, self.goal);
        self.emit(node, h);
    }

    /// A polygon with one neighbour that does not hold the goal leads nowhere (cul-de-sac).
    fn dead_end(&self, poly: u32) -> bool {
        self.mesh.degree(poly) <= 1 && !self.target.has(poly as usize)
    }

    /// Whether a new root `v` reached with length `g` by expansion `claimer` is worth a node,
    /// recording it if so. Only the first of equally short ways to a corner is kept: the paths
    /// through the corner from the others are no shorter.
    fn claim_root(&mut self, v: u32, g: f64, claimer: u32) -> bool {
        let i = v as usize;
        if self.root_seen.has(i) {
            if g > self.root_g[i] + G_EPS {
                return false;
            }
            if g >= self.root_g[i] - G_EPS {
                return self.root_claim[i] == claimer;
            }
        }
        self.root_g[i] = g;
        self.root_claim[i] = claimer;
        self.root_seen.set(i);
        true
    }

    fn expand(&mut self, id: u32, n: Node) {
        let mesh = self.mesh;
        if self.target.has(n.poly as usize) {
            let (h, via) = match n.kind {
                Kind::Fan { .. } => (dist(n.root, self.goal), None),
                _ => through_via(n.root, n.left, n.right, self.goal),
            };
            let goal = Node {
                parent: id,
                kind: Kind::Goal { via },
                ..n
            };
            self.emit(goal, h);
            return;
        }
        let (a0, b0) = mesh.range(n.poly);
        let count = b0 - a0;
        match n.kind {
            Kind::Goal { .. } => {}
            Kind::Fan { from } => {
                for k in 0..count {
                    let flat = a0 + k;
                    let nb = mesh.neighbour_at(flat);
                    let a = mesh.point(mesh.vert_at(flat));
                    let b = mesh.point(mesh.vert_at(a0 + (k + 1) % count));
                    if on_segment(a, b, n.root) {
                        // An edge through the root: continue the fan around the corner.
                        if from != NONE && nb != NONE && nb != from {
                            let fan = Node {
                                parent: id,
                                poly: nb,
                                kind: Kind::Fan { from: n.poly },
                                ..n
                            };
                            let h = dist(n.root, self.goal);
                            self.emit(fan, h);
                        }
                        continue;
                    }
                    if nb == NONE {
                        continue;
                    }
                    if orient(n.root, a, b) == 0.0 {
                        // Seen edge-on from the root: the path runs along it to its near end and
                        // turns there into the polygon beyond.
                        let (va, vb) = (mesh.vert_at(flat), mesh.vert_at(a0 + (k + 1) % count));
                        let near = if dist(n.root, a) < dist(n.root, b) {
                            va
                        } else {
                            vb
                        };
                        self.push_corner_fan(id, &n, near, nb);
                        continue;
                    }
                    let edge = mesh.twin_at(flat);
                    // Leaving across a..b, `a` is on the right.
                    self.push_same_root(id, &n, nb, Kind::Interval { edge }, b, a);
                }
            }
            Kind::Interval { edge } => self.expand_interval(id, n, edge as usize, a0, count),
        }
    }

    fn expand_interval(&mut self, id: u32, n: Node, edge: usize, a0: usize, count: usize) {
        let mesh = self.mesh;
        let (r, l, rt) = (n.root, n.left, n.right);
        let left_v = mesh.vert_at(a0 + edge);
        let right_v = mesh.vert_at(a0 + (edge + 1) % count);
        let right_corner = rt == mesh.point(right_v) && mesh.is_corner(right_v);
        let left_corner = l == mesh.point(left_v) && mesh.is_corner(left_v);
        let g_right = n.g + dist(r, rt);
        let g_left = n.g + dist(r, l);
        // Corner roots are claimed (root pruning) only when they get a successor.
        let mut right_root: Option<bool> = None;
        let mut left_root: Option<bool> = None;
        // Far edges, counter-clockwise from the right vertex to the left one.
        for step in 1..count {
            let k = (edge + step) % count;
            let flat = a0 + k;
            let nb = mesh.neighbour_at(flat);
            let a = mesh.point(mesh.vert_at(flat));
            let b = mesh.point(mesh.vert_at(a0 + (k + 1) % count));
            if nb == NONE {
                continue;
            }
            let (ra, rb) = (orient(r, rt, a), orient(r, rt, b));
            let (la, lb) = (orient(r, l, a), orient(r, l, b));
            // An edge lying along a ray is seen edge-on: the path runs along it to its near end
            // and turns there (the right ray meets `a` first, the left ray `b`).
            let (t0, t1) = if ra == 0.0 && rb == 0.0 {
                if step == 1 {
                    (None, Some(1.0))
                } else {
                    self.push_corner_fan(id, &n, mesh.vert_at(flat), nb);
                    continue;
                }
            } else if la == 0.0 && lb == 0.0 {
                if step == count - 1 {
                    (Some(0.0), None)
                } else {
                    self.push_corner_fan(id, &n, mesh.vert_at(a0 + (k + 1) % count), nb);
                    continue;
                }
            } else {
                (enter_param(ra, rb), leave_param(la, lb))
            };
            let twin = Kind::Interval {
                edge: mesh.twin_at(flat),
            };
            let edge_v = (mesh.vert_at(flat), mesh.vert_at(a0 + (k + 1) % count));
            // Observable part [t0, t1].
            if let (Some(t0), Some(t1)) = (t0, t1)
                && t1 - t0 > 1e-12
            {
                let (pr, pl) = (lerp(a, b, t0), lerp(a, b, t1));
                if orient(r, pr, pl) > 0.0 {
                    self.push_same_root(id, &n, nb, twin, pl, pr);
                }
            }
            // Right of the right ray, seen around the right corner.
            if right_corner {
                let t = t0.unwrap_or(1.0);
                if t > 1e-12
                    && *right_root.get_or_insert_with(|| self.claim_root(right_v, g_right, id))
                {
                    let root = Node {
                        root_vertex: right_v,
                        claim: id,
                        root: rt,
                        g: g_right,
                        ..n
                    };
                    self.push_new_root(id, root, nb, twin, a, lerp(a, b, t), step == 1, edge_v);
                }
            }
            // Left of the left ray, seen around the left corner.
            if left_corner {
                let t = t1.unwrap_or(0.0);
                if t < 1.0 - 1e-12
                    && *left_root.get_or_insert_with(|| self.claim_root(left_v, g_left, id))
                {
                    let root = Node {
                        root_vertex: left_v,
                        claim: id,
                        root: l,
                        g: g_left,
                        ..n
                    };
                    self.push_new_root(
                        id,
                        root,
                        nb,
                        twin,
                        lerp(a, b, t),
                        b,
                        step == count - 1,
                        edge_v,
                    );
                }
            }
        }
    }

    /// A fan into `poly` around corner `v`, reached in a straight line from `n`'s root.
    fn push_corner_fan(&mut self, parent: u32, n: &Node, v: u32, poly: u32) {
        if !self.mesh.is_corner(v) {
            return;
        }
        let p = self.mesh.point(v);
        let g = n.g + dist(n.root, p);
        if !self.claim_root(v, g, parent) {
            return;
        }
        let fan = Node {
            parent,
            root_vertex: v,
            claim: parent,
            root: p,
            left: p,
            right: p,
            poly,
            kind: Kind::Fan { from: n.poly },
            g,
        };
        let h = dist(p, self.goal);
        self.emit(fan, h);
    }

    /// A successor rooted at a corner of the interval. When the edge ends at that corner the
    /// interval would be seen edge-on, so the polygon beyond becomes a fan around the corner.
    #[allow(clippy::too_many_arguments)]
    fn push_new_root(
        &mut self,
        parent: u32,
        root: Node,
        poly: u32,
        kind: Kind,
        right: P,
        left: P,
        touches_root: bool,
        (va, vb): (u32, u32),
    ) {
        if touches_root {
            let fan = Node {
                parent,
                poly,
                kind: Kind::Fan { from: root.poly },
                left: root.root,
                right: root.root,
                ..root
            };
            let h = dist(root.root, self.goal);
            self.emit(fan, h);
        } else if orient(root.root, right, left) > 0.0 {
            self.push_same_root(parent, &root, poly, kind, left, right);
        } else {
            // The edge lies on a line through the new root: run along it to its near end.
            let (pa, pb) = (self.mesh.point(va), self.mesh.point(vb));
            let near = if dist(root.root, pa) < dist(root.root, pb) {
                va
            } else {
                vb
            };
            // The turn at the new root is kept as a node of its own (never queued) for the trace.
            let turn = self.nodes.len() as u32;
            self.nodes.push(Node { parent, ..root });
            self.push_corner_fan(turn, &root, near, poly);
        }
    }

    fn trace(&self, goal_node: u32, start: P) -> PlanePath {
        let mut points = vec![self.goal];
        if let Kind::Goal { via: Some(v) } = self.nodes[goal_node as usize].kind {
            points.push(v);
        }
        let mut at = goal_node;
        while at != NONE {
            let n = &self.nodes[at as usize];
            if n.root_vertex != NONE && points.last() != Some(&n.root) {
                points.push(n.root);
            }
            at = n.parent;
        }
        points.push(start);
        points.dedup();
        points.reverse();
        let length = points.windows(2).map(|w| dist(w[0], w[1])).sum();
        PlanePath { length, points }
    }
}

/// Polygons holding `p` (inside or on the boundary), by a linear scan.
pub(crate) fn containing(mesh: &PolyMesh, p: P) -> Vec<u32> {
    (0..mesh.polygon_count() as u32)
        .filter(|&q| {
            let b = mesh.bounds(q);
            p[0] >= b[0] - 1e-9 && p[0] <= b[2] + 1e-9 && p[1] >= b[1] - 1e-9 && p[1] <= b[3] + 1e-9
        })
        .filter(|&q| mesh.contains(q, p, 1e-9))
        .collect()
}

/// Orientation of `c` against the ray `a -> b`, snapped to 0 within a relative tolerance.
#[inline]
fn orient(a: P, b: P, c: P) -> f64 {
    let v = cross(a, b, c);
    let scale =
        (b[0] - a[0]).abs() + (b[1] - a[1]).abs() + (c[0] - a[0]).abs() + (c[1] - a[1]).abs();
    if v.abs() <= EPS * scale * scale {
        0.0
    } else {
        v
    }
}

/// Where an edge `a -> b` (signs `sa`, `sb` against the right ray) enters the region left of
/// or on that ray; `None` when it ends right of it.
#[inline]
fn enter_param(sa: f64, sb: f64) -> Option<f64> {
    if sb < 0.0 {
        None
    } else if sa >= 0.0 {
        Some(0.0)
    } else {
        Some((sa / (sa - sb)).clamp(0.0, 1.0))
    }
}

/// Where an edge `a -> b` (signs against the left ray) leaves the region right of or on that
/// ray; `None` when it starts left of it.
#[inline]
fn leave_param(sa: f64, sb: f64) -> Option<f64> {
    if sa > 0.0 {
        None
    } else if sb <= 0.0 {
        Some(1.0)
    } else if sa == 0.0 {
        None
    } else {
        Some((sa / (sa - sb)).clamp(0.0, 1.0))
    }
}

#[inline]
fn lerp(a: P, b: P, t: f64) -> P {
    if t == 0.0 {
        a
    } else if t == 1.0 {
        b
    } else {
        [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
    }
}

fn on_segment(a: P, b: P, p: P) -> bool {
    if orient(a, b, p) != 0.0 {
        return false;
    }
    let d = [b[0] - a[0], b[1] - a[1]];
    let t = (p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1];
    t >= -1e-12 && t <= d[0] * d[0] + d[1] * d[1] + 1e-12
}

/// Shortest distance from `r` through the interval `[l, rt]` to `goal` (the goal mirrored when it
/// lies on the root's side), and the interval end it bends at when it does.
fn through_via(r: P, l: P, rt: P, goal: P) -> (f64, Option<P>) {
    if l == rt {
        return if r == l {
            (dist(r, goal), None)
        } else {
            (dist(r, l) + dist(l, goal), Some(l))
        };
    }
    let mut t = goal;
    let side_r = cross(l, rt, r);
    let side_t = cross(l, rt, goal);
    if side_r * side_t > 0.0 {
        // Mirror across the line through the interval.
        let d = [rt[0] - l[0], rt[1] - l[1]];
        let k = ((goal[0] - l[0]) * d[0] + (goal[1] - l[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1]);
        let foot = [l[0] + d[0] * k, l[1] + d[1] * k];
        t = [2.0 * foot[0] - goal[0], 2.0 * foot[1] - goal[1]];
    }
    if orient(r, l, t) > 0.0 {
        (dist(r, l) + dist(l, t), Some(l))
    } else if orient(r, rt, t) < 0.0 {
        (dist(r, rt) + dist(rt, t), Some(rt))
    } else {
        (dist(r, t), None)
    }
}

fn through(r: P, l: P, rt: P, goal: P) -> f64 {
    through_via(r, l, rt, goal).0
}
