//! Stage 4: links between nearby nodes, each decided by travelling it ([`Motion::travel`]):
//! walk where the ground carries the player all the way; otherwise, where walking round is far
//! or impossible, walk off ledge, long jump or barrier jump, as the game's jump physics allow,
//! with the traversal points the game stores for them.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use navforge_level::Vec3;
use rayon::prelude::*;

use super::config::LinkConfig;
use super::fill::Walkable;
use super::motion::{Allow, Maneuver, Motion, Stand, horizontal};
use super::nodes::{GraphNode, NodeIndex};

/// How a link is traversed: the game's link types, as `NAV2` and `NAV3` both store them.
pub use navforge_quake::LinkType;

/// The three points the game stores for a jump, drop or ride (player origins; the writer
/// lowers them to node height).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraversalPoints {
    /// Where the bot leaves its node (`None`: stored as zero, as the game does for drops).
    pub exit: Option<Vec3>,
    /// Where the jump, drop or ride starts.
    pub start: Vec3,
    /// Where it ends.
    pub end: Vec3,
}

/// The entity a link depends on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EdictRef {
    /// Index into the level's entities.
    pub entity: usize,
    /// Its brush model number.
    pub model: usize,
    /// Its box where the game spawns it (`absmin`).
    pub mins: Vec3,
    /// `absmax`.
    pub maxs: Vec3,
}

/// A directed link.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphLink {
    /// The node it leaves.
    pub from: u32,
    /// The node it reaches.
    pub to: u32,
    /// How.
    pub kind: LinkType,
    /// Traversal points, for jumps, drops and rides.
    pub traversal: Option<TraversalPoints>,
    /// The entity it needs (a lift, a train, a secret door, the button of a door).
    pub edict: Option<EdictRef>,
}

impl GraphLink {
    fn length(&self, nodes: &[GraphNode]) -> f32 {
        (nodes[self.to as usize].origin - nodes[self.from as usize].origin).length()
    }
}

fn stand_of(n: &GraphNode) -> Stand {
    Stand {
        origin: n.origin,
        normal: Vec3::Z,
        entity: n.entity,
    }
}

/// The link a trip makes, with its traversal points.
fn link_of(from: u32, to: u32, nodes: &[GraphNode], trip: &super::motion::Trip) -> GraphLink {
    let a = nodes[from as usize].origin;
    let b = nodes[to as usize].origin;
    let dir = horizontal(b - a).normalize_or_zero();
    let (kind, back) = match trip.maneuver {
        Maneuver::Walk => (LinkType::Walk, None),
        Maneuver::Drop => (LinkType::WalkOffLedge, None),
        Maneuver::LongJump => (LinkType::LongJump, Some(32.0)),
        Maneuver::BarrierJump => (LinkType::BarrierJump, Some(12.0)),
    };
    let traversal = match (trip.takeoff, trip.landing) {
        (Some(start), Some(landing)) => Some(TraversalPoints {
            exit: back.map(|d| start - dir * d),
            start,
            end: if kind == LinkType::WalkOffLedge {
                b
            } else {
                landing
            },
        }),
        _ => None,
    };
    GraphLink {
        from,
        to,
        kind,
        traversal,
        edict: None,
    }
}

/// Walk links: every pair of nodes within [`LinkConfig::walk_reach`] that the ground joins,
/// less those another node makes redundant ([`prune_redundant`]).
pub fn walk_links(motion: &Motion, nodes: &[GraphNode], cfg: &LinkConfig) -> Vec<GraphLink> {
    prune_redundant(nodes, walk_trips(motion, nodes, cfg, 0))
}

/// Every walk link (unpruned) from or to a node numbered `first` or later, in node order.
pub fn walk_trips(
    motion: &Motion,
    nodes: &[GraphNode],
    cfg: &LinkConfig,
    first: usize,
) -> Vec<GraphLink> {
    let index = NodeIndex::of(nodes, cfg.walk_reach.max(8.0));
    let per_node: Vec<Vec<GraphLink>> = (0..nodes.len())
        .into_par_iter()
        .map(|i| {
            let a = &nodes[i];
            let mut near: Vec<(f32, u32)> = index
                .around(a.origin, cfg.walk_reach)
                .filter(|&j| j as usize != i && (i >= first || j as usize >= first))
                .filter_map(|j| {
                    let b = nodes[j as usize].origin;
                    let h = horizontal(b - a.origin).length();
                    (h <= cfg.walk_reach && (b.z - a.origin.z).abs() <= cfg.walk_reach)
                        .then_some((h, j))
                })
                .collect();
            near.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            near.into_iter()
                .filter_map(|(_, j)| {
                    let b = nodes[j as usize].origin;
                    let trip = motion.travel(stand_of(a), b, Allow::Walk, cfg.step_length)?;
                    Some(link_of(i as u32, j, nodes, &trip))
                })
                .collect()
        })
        .collect();
    per_node.into_iter().flatten().collect()
}

/// Where the node graph lost the fill's connectivity: samples joined by a step of the fill
/// whose nearest nodes are not joined by walk links within three hops (a doorway the lattice
/// did not line up with, say). Nodes placed at these samples close the gap.
pub fn walk_gaps(walk: &Walkable, nodes: &[GraphNode], trips: &[GraphLink]) -> Vec<u32> {
    let index = NodeIndex::of(nodes, 64.0);
    let owner: Vec<Option<u32>> = walk
        .samples
        .par_iter()
        .map(|s| {
            index
                .around(s.origin, 128.0)
                .map(|i| ((nodes[i as usize].origin - s.origin).length(), i))
                .filter(|(d, i)| {
                    *d <= 128.0 && (nodes[*i as usize].origin.z - s.origin.z).abs() <= 24.0
                })
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
                .map(|(_, i)| i)
        })
        .collect();
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
    for l in trips {
        adj[l.from as usize].push(l.to);
    }
    let joined = |u: u32, v: u32| -> bool {
        let mut frontier = vec![u];
        let mut seen = vec![u];
        for _ in 0..3 {
            let mut next = Vec::new();
            for &x in &frontier {
                for &y in &adj[x as usize] {
                    if y == v {
                        return true;
                    }
                    if !seen.contains(&y) {
                        seen.push(y);
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        false
    };
    let mut pairs: Vec<(u32, u32, u32, u32)> = walk
        .steps
        .iter()
        .filter_map(|&(a, b)| {
            let (u, v) = (owner[a as usize]?, owner[b as usize]?);
            (u != v).then_some((u, v, a, b))
        })
        .collect();
    pairs.sort_unstable();
    pairs.dedup_by_key(|p| (p.0, p.1));
    let broken: Vec<(u32, u32)> = pairs
        .par_iter()
        .filter(|p| !joined(p.0, p.1))
        .map(|p| (p.2, p.3))
        .collect();
    let mut out: Vec<u32> = broken.into_iter().flat_map(|(a, b)| [a, b]).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Drop a walk link A→B where another node C has A→C and C→B making a path hardly longer:
/// the graph keeps its path lengths with fewer links (and stays under the game's 12 per node).
pub fn prune_redundant(nodes: &[GraphNode], links: Vec<GraphLink>) -> Vec<GraphLink> {
    let mut out_of: HashMap<u32, Vec<(u32, f32)>> = HashMap::new();
    for l in &links {
        out_of
            .entry(l.from)
            .or_default()
            .push((l.to, l.length(nodes)));
    }
    let has = |a: u32, b: u32| -> Option<f32> {
        out_of
            .get(&a)
            .and_then(|v| v.iter().find(|x| x.0 == b).map(|x| x.1))
    };
    links
        .iter()
        .filter(|l| {
            let direct = l.length(nodes);
            let detour = out_of.get(&l.from).into_iter().flatten().any(|&(c, ac)| {
                c != l.to
                    && ac < direct
                    && has(c, l.to).is_some_and(|cb| ac + cb <= direct * 1.02 + 0.01)
            });
            !detour
        })
        .copied()
        .collect()
}

#[derive(PartialEq)]
struct Open(f32, u32);
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// The links out of node `from` to the candidates `(straight distance, node)` that walking
/// reaches only by a detour of more than [`LinkConfig::detour_factor`] (or not at all): nearest
/// first, at most [`LinkConfig::max_air_links`], each landing area once (a target within
/// [`LinkConfig::walk_reach`] of one already linked is skipped); `link` says whether and how.
fn nearest_detours(
    motion: &Motion,
    adj: &[Vec<(u32, f32)>],
    nodes: &[GraphNode],
    from: u32,
    mut cand: Vec<(f32, u32)>,
    cfg: &LinkConfig,
    mut link: impl FnMut(u32) -> Option<GraphLink>,
) -> Vec<GraphLink> {
    let walked = walk_distances(adj, from, cfg.air_reach * cfg.detour_factor);
    cand.retain(|&(d, j)| !walked.get(&j).is_some_and(|&w| w <= d * cfg.detour_factor));
    // Landings in a lava or slime pit last: a way in that crowds out no other.
    let pit = |j: u32| super::fill::in_hazard(motion, nodes[j as usize].origin);
    cand.sort_by_cached_key(|&(d, j)| (pit(j), d.to_bits(), j));
    let mut out: Vec<GraphLink> = Vec::new();
    // Walking distances from each landing already linked: a target a landing walks to about
    // as directly is that landing's area (a floor reached twice would crowd out a landing
    // elsewhere, such as the bottom of a shaft under a ledge's nearer drops).
    let mut from_landings: Vec<(f32, HashMap<u32, f32>)> = Vec::new();
    let a = nodes[from as usize].origin;
    for (d, j) in cand {
        if out.len() >= cfg.max_air_links {
            break;
        }
        let b = nodes[j as usize].origin;
        if out
            .iter()
            .any(|l| (nodes[l.to as usize].origin - b).length() < cfg.walk_reach)
        {
            continue;
        }
        if from_landings
            .iter()
            .any(|(hop, w)| w.get(&j).is_some_and(|&w| hop + w <= d * cfg.detour_factor))
        {
            continue;
        }
        if let Some(l) = link(j) {
            let landing = nodes[l.to as usize].origin;
            let limit = d * cfg.detour_factor;
            from_landings.push(((landing - a).length(), walk_distances(adj, l.to, limit)));
            out.push(l);
        }
    }
    out
}

/// Walking distances from `from` over `adj`, up to `limit`.
fn walk_distances(adj: &[Vec<(u32, f32)>], from: u32, limit: f32) -> HashMap<u32, f32> {
    let mut dist = HashMap::new();
    let mut open = BinaryHeap::new();
    dist.insert(from, 0.0f32);
    open.push(Open(0.0, from));
    while let Some(Open(d, u)) = open.pop() {
        if d > dist.get(&u).copied().unwrap_or(f32::INFINITY) {
            continue;
        }
        for &(v, w) in &adj[u as usize] {
            let nd = d + w;
            if nd <= limit && nd < dist.get(&v).copied().unwrap_or(f32::INFINITY) {
                dist.insert(v, nd);
                open.push(Open(nd, v));
            }
        }
    }
    dist
}

/// Drops and jumps where the fill fell or jumped: from the node nearest each take-off to the
/// node nearest its landing, when walking there is a detour of [`LinkConfig::detour_factor`]
/// or impossible; at most [`LinkConfig::max_air_links`] per node, nearest first, each landing
/// area once. Each is travelled as a drop first, then with a jump.
pub fn air_links(
    motion: &Motion,
    nodes: &[GraphNode],
    walks: &[GraphLink],
    walk: &Walkable,
    cfg: &LinkConfig,
) -> Vec<GraphLink> {
    let adj = adjacency(nodes, walks);
    let index = NodeIndex::of(nodes, 64.0);
    let nearest = |p: Vec3| -> Option<u32> {
        index
            .around(p, 96.0)
            .map(|i| ((nodes[i as usize].origin - p).length(), i))
            .filter(|(d, i)| *d <= 96.0 && (nodes[*i as usize].origin.z - p.z).abs() <= 24.0)
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(_, i)| i)
    };
    let mut wanted: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
    for &(a, b) in &walk.air {
        let (pa, pb) = (
            walk.samples[a as usize].origin,
            walk.samples[b as usize].origin,
        );
        if let (Some(u), Some(v)) = (nearest(pa), nearest(pb))
            && u != v
            && horizontal(nodes[v as usize].origin - nodes[u as usize].origin).length()
                <= cfg.air_reach
            && !wanted[u as usize].contains(&v)
        {
            wanted[u as usize].push(v);
        }
    }
    let per_node: Vec<Vec<GraphLink>> = wanted
        .par_iter()
        .enumerate()
        .map(|(i, targets)| {
            if targets.is_empty() {
                return Vec::new();
            }
            let a = &nodes[i];
            let cand = targets
                .iter()
                .map(|&j| ((nodes[j as usize].origin - a.origin).length(), j))
                .collect();
            nearest_detours(motion, &adj, nodes, i as u32, cand, cfg, |j| {
                let b = nodes[j as usize].origin;
                let trip = motion
                    .travel(stand_of(a), b, Allow::Drop, cfg.step_length)
                    .or_else(|| motion.travel(stand_of(a), b, Allow::Jump, cfg.step_length))?;
                (trip.maneuver != Maneuver::Walk).then(|| link_of(i as u32, j, nodes, &trip))
            })
        })
        .collect();
    per_node.into_iter().flatten().collect()
}

/// Links out of and through water: from each underwater node to nodes higher up that
/// [`Motion::swim`] reaches (through the water, or up to the surface and out with the water
/// jump), when walking there is a detour of [`LinkConfig::detour_factor`] or impossible;
/// nearest first, at most [`LinkConfig::max_air_links`] per node and each landing area once.
/// The game types them as walks.
pub fn swim_links(
    motion: &Motion,
    nodes: &[GraphNode],
    links: &[GraphLink],
    cfg: &LinkConfig,
) -> Vec<GraphLink> {
    // Under water, or waist deep in a lava or slime pit (swum out of as water is).
    let underwater = |n: &GraphNode| {
        n.flags & navforge_quake::NodeFlags::UNDERWATER != 0
            || super::fill::in_hazard(motion, n.origin)
    };
    let adj = adjacency(nodes, links);
    let index = NodeIndex::of(nodes, 64.0);
    let per_node: Vec<Vec<GraphLink>> = (0..nodes.len())
        .into_par_iter()
        .map(|i| {
            let a = &nodes[i];
            if !underwater(a) {
                return Vec::new();
            }
            let reach = cfg.air_reach;
            let cand: Vec<(f32, u32)> = index
                .around(a.origin, reach)
                .filter(|&j| j as usize != i)
                .filter_map(|j| {
                    let b = nodes[j as usize].origin;
                    let d = (b - a.origin).length();
                    (d <= reach && b.z > a.origin.z + motion.physics.step).then_some((d, j))
                })
                .collect();
            if cand.is_empty() {
                return Vec::new();
            }
            nearest_detours(motion, &adj, nodes, i as u32, cand, cfg, |j| {
                let b = nodes[j as usize].origin;
                motion.swim(a.origin, b, cfg.step_length)?;
                Some(GraphLink {
                    from: i as u32,
                    to: j,
                    kind: LinkType::Walk,
                    traversal: None,
                    edict: None,
                })
            })
        })
        .collect();
    per_node.into_iter().flatten().collect()
}

/// Nodes nothing leads to, or that lead nowhere (a teleport or push source out of walking
/// reach of the lattice, a node on a ledge whose links all failed): links travelled to them
/// from the nearest nodes within [`LinkConfig::air_reach`] (walking, else dropping, else one
/// jump), and from them likewise, at most two each way.
pub fn link_orphans(
    motion: &Motion,
    nodes: &[GraphNode],
    links: &[GraphLink],
    cfg: &LinkConfig,
) -> Vec<GraphLink> {
    let mut outs = vec![0usize; nodes.len()];
    let mut ins = vec![0usize; nodes.len()];
    for l in links {
        outs[l.from as usize] += 1;
        ins[l.to as usize] += 1;
    }
    let index = NodeIndex::of(nodes, 64.0);
    let reach = cfg.air_reach;
    let per_node: Vec<Vec<GraphLink>> = (0..nodes.len())
        .into_par_iter()
        .map(|i| {
            let mut out = Vec::new();
            if ins[i] > 0 && outs[i] > 0 {
                return out;
            }
            let a = &nodes[i];
            let mut near: Vec<(f32, u32)> = index
                .around(a.origin, reach)
                .filter(|&j| j as usize != i)
                .map(|j| ((nodes[j as usize].origin - a.origin).length(), j))
                .filter(|(d, _)| *d <= reach)
                .collect();
            near.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            let go = |from: &GraphNode, to: Vec3| {
                [Allow::Walk, Allow::Drop, Allow::Jump]
                    .into_iter()
                    .find_map(|allow| motion.travel(stand_of(from), to, allow, cfg.step_length))
            };
            let (mut got_in, mut got_out) = (ins[i], outs[i]);
            for (_, j) in near {
                if got_in >= 2 && got_out >= 2 {
                    break;
                }
                let b = &nodes[j as usize];
                if got_in < 2
                    && let Some(trip) = go(b, a.origin)
                {
                    out.push(link_of(j, i as u32, nodes, &trip));
                    got_in += 1;
                }
                if got_out < 2
                    && let Some(trip) = go(a, b.origin)
                {
                    out.push(link_of(i as u32, j, nodes, &trip));
                    got_out += 1;
                }
            }
            out
        })
        .collect();
    per_node.into_iter().flatten().collect()
}

/// Walking is reversible: a node that walk links lead to but none leave (wedged in a corner,
/// where the first step out of its exact spot fails) gets the walks back, and one that walks
/// leave but none reach gets them too. Teleport and push sources are left alone: they are
/// meant to be entered only.
pub fn reverse_dead_ends(nodes: &[GraphNode], links: &mut Vec<GraphLink>, sources: &[u32]) {
    let mut outs = vec![0usize; nodes.len()];
    let mut ins = vec![0usize; nodes.len()];
    for l in links.iter() {
        outs[l.from as usize] += 1;
        ins[l.to as usize] += 1;
    }
    let mut extra = Vec::new();
    for l in links.iter().filter(|l| l.kind == LinkType::Walk) {
        let back = GraphLink {
            from: l.to,
            to: l.from,
            ..*l
        };
        if (outs[l.to as usize] == 0 && !sources.contains(&l.to))
            || (ins[l.from as usize] == 0 && !sources.contains(&l.from))
        {
            extra.push(back);
        }
    }
    links.extend(extra);
}

/// Keep at most `max` links per node: entity links first, then drops and jumps, then the
/// shortest walks; then order them by node (the file's layout) keeping each node's order.
pub fn cap_links(nodes: &[GraphNode], links: Vec<GraphLink>, max: usize) -> Vec<GraphLink> {
    let mut per: Vec<Vec<GraphLink>> = vec![Vec::new(); nodes.len()];
    for l in links {
        if (l.from as usize) < nodes.len() && (l.to as usize) < nodes.len() && l.from != l.to {
            per[l.from as usize].push(l);
        }
    }
    let underwater = |i: u32| nodes[i as usize].flags & navforge_quake::NodeFlags::UNDERWATER != 0;
    let rank = |l: &GraphLink| match l.kind {
        LinkType::Teleport | LinkType::Pusher | LinkType::Elevator | LinkType::Train => 0,
        // A way out of the water is kept as a jump is.
        LinkType::Walk if underwater(l.from) && !underwater(l.to) => 1,
        LinkType::Walk => 2,
        // Drops and jumps (the generator makes no manual jumps or other types).
        _ => 1,
    };
    let mut out = Vec::new();
    for mut v in per {
        // One link per target: the first (the most special).
        v.sort_by(|a, b| {
            rank(a)
                .cmp(&rank(b))
                .then(a.length(nodes).total_cmp(&b.length(nodes)))
                .then(a.to.cmp(&b.to))
        });
        let mut seen = Vec::new();
        v.retain(|l| {
            let fresh = !seen.contains(&l.to);
            seen.push(l.to);
            fresh
        });
        v.truncate(max);
        out.extend(v);
    }
    out
}

/// Connectivity before writing: each link `all` had that the cap left out, whose start no
/// longer reaches its end through `kept` (an island the level connects), is put back in place
/// of one of its node's links that the rest still make up for (a walk first, the longest
/// first). Returns (cuts found, cuts repaired); `kept` stays within `max` links a node.
pub fn repair_cuts(
    nodes: &[GraphNode],
    all: &[GraphLink],
    kept: &mut Vec<GraphLink>,
    max: usize,
) -> (usize, usize) {
    let n = nodes.len();
    let valid = |l: &GraphLink| (l.from as usize) < n && (l.to as usize) < n && l.from != l.to;
    let reaches = |kept: &[GraphLink], skip: Option<usize>, a: u32, b: u32| {
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, l) in kept.iter().enumerate() {
            if Some(i) != skip {
                adj[l.from as usize].push(l.to);
            }
        }
        let mut seen = vec![false; n];
        let mut stack = vec![a];
        seen[a as usize] = true;
        while let Some(u) = stack.pop() {
            if u == b {
                return true;
            }
            for &v in &adj[u as usize] {
                if !std::mem::replace(&mut seen[v as usize], true) {
                    stack.push(v);
                }
            }
        }
        false
    };
    let parts = |kept: &[GraphLink]| {
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for l in kept {
            adj[l.from as usize].push(l.to as usize);
        }
        crate::reach::components(&adj)
    };
    let mut scc = parts(kept);
    let mut present: std::collections::HashSet<(u32, u32)> =
        kept.iter().map(|l| (l.from, l.to)).collect();
    let (mut found, mut repaired) = (0, 0);
    for d in all.iter().filter(|l| valid(l)) {
        if present.contains(&(d.from, d.to))
            || scc[d.from as usize] == scc[d.to as usize]
            || reaches(kept, None, d.from, d.to)
        {
            continue;
        }
        found += 1;
        // The node's links, walks first and longest first: the first the rest make up for.
        let mut own: Vec<usize> = (0..kept.len())
            .filter(|&i| kept[i].from == d.from)
            .collect();
        own.sort_by(|&a, &b| {
            let walk = |i: usize| kept[i].kind != LinkType::Walk;
            walk(a)
                .cmp(&walk(b))
                .then(kept[b].length(nodes).total_cmp(&kept[a].length(nodes)))
        });
        let spare = if own.len() < max {
            None
        } else {
            match own
                .iter()
                .copied()
                .find(|&i| reaches(kept, Some(i), kept[i].from, kept[i].to))
            {
                Some(i) => Some(i),
                None => continue,
            }
        };
        match spare {
            Some(i) => {
                present.remove(&(kept[i].from, kept[i].to));
                kept[i] = *d;
            }
            None => kept.push(*d),
        }
        present.insert((d.from, d.to));
        scc = parts(kept);
        repaired += 1;
    }
    (found, repaired)
}

/// Each node's outgoing links as (target, length), by node position.
fn adjacency(nodes: &[GraphNode], links: &[GraphLink]) -> Vec<Vec<(u32, f32)>> {
    let mut adj: Vec<Vec<(u32, f32)>> = vec![Vec::new(); nodes.len()];
    for l in links {
        adj[l.from as usize].push((l.to, l.length(nodes)));
    }
    adj
}
