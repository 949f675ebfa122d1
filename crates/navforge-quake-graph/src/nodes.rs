//! Stage 3: nodes on the filled floor. Anchors (teleport and push sources, lift and train
//! stops) and seeds come first, then a lattice of [`NodeConfig::spacing`], then a node for every
//! sample still farther than [`NodeConfig::cover`] from one, so every reachable floor has a node
//! near it. Radii are the room around each node; flags say what the game must check there.

use std::collections::HashMap;

use navforge_level::{Aabb, BrushRole, Contents, Vec3};
use navforge_quake::NodeFlags;

use super::config::NodeConfig;
use super::fill::Walkable;
use super::motion::{Motion, Stand, horizontal};
use super::seeds::{Seed, SeedKind};

/// Why a node is where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NodeKind {
    /// An entity's anchor: a teleport or push source, a lift or train stop.
    Anchor,
    /// A seed (spawn point, item, teleport destination).
    Seed(SeedKind),
    /// A lattice point.
    Lattice,
    /// Added to cover floor the lattice missed.
    Cover,
}

/// One node of the graph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphNode {
    /// The player's origin standing there.
    pub origin: Vec3,
    /// Radius in units.
    pub radius: u16,
    /// `NAV2` flag bits ([`NodeFlags`]).
    pub flags: u16,
    /// The brush entity it stands on (`None`: the world).
    pub entity: Option<usize>,
    /// Why it is there.
    pub kind: NodeKind,
}

/// A node an entity asks for, with its flags and a fixed radius (or `None`: measured).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Anchor {
    /// Where the player stands.
    pub stand: Stand,
    /// Flag bits.
    pub flags: u16,
    /// Radius, when the game fixes it (teleport and push sources: 4).
    pub radius: Option<u16>,
}

/// A grid of node indices for "is there a node near here".
pub struct NodeIndex {
    cell: f32,
    cells: HashMap<(i32, i32), Vec<u32>>,
}

impl NodeIndex {
    /// An empty index with buckets of `cell` units.
    pub fn new(cell: f32) -> Self {
        NodeIndex {
            cell: cell.max(1.0),
            cells: HashMap::new(),
        }
    }

    /// An index of every node's origin, by its position in `nodes`, in buckets of `cell`.
    pub fn of(nodes: &[GraphNode], cell: f32) -> Self {
        let mut index = NodeIndex::new(cell);
        for (i, n) in nodes.iter().enumerate() {
            index.insert(i as u32, n.origin);
        }
        index
    }

    fn key(&self, p: Vec3) -> (i32, i32) {
        let k = |v: f32| (v / self.cell).floor().clamp(-1e9, 1e9) as i32;
        (k(p.x), k(p.y))
    }

    /// Add node `id` at `p`.
    pub fn insert(&mut self, id: u32, p: Vec3) {
        let k = self.key(p);
        self.cells.entry(k).or_default().push(id);
    }

    /// Node ids whose bucket is within `r` of `p` (a superset of those within `r`).
    pub fn around(&self, p: Vec3, r: f32) -> impl Iterator<Item = u32> + '_ {
        let (x0, y0) = self.key(p - Vec3::splat(r));
        let (x1, y1) = self.key(p + Vec3::splat(r));
        (x0..=x1)
            .flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
            .filter_map(|k| self.cells.get(&k))
            .flat_map(|v| v.iter().copied())
    }
}

/// Place the nodes (radius and flags are filled by [`finish_nodes`]).
pub fn place_nodes(
    walk: &Walkable,
    anchors: &[Anchor],
    seeds: &[Seed],
    cfg: &NodeConfig,
) -> Vec<GraphNode> {
    let mut nodes: Vec<GraphNode> = Vec::new();
    let mut index = NodeIndex::new(cfg.spacing.max(8.0));
    let same_floor = 24.0;
    let near = |nodes: &[GraphNode], index: &NodeIndex, p: Vec3, r: f32| {
        index.around(p, r).any(|i| {
            let q = nodes[i as usize].origin;
            horizontal(q - p).length() <= r && (q.z - p.z).abs() <= same_floor
        })
    };
    let push = |nodes: &mut Vec<GraphNode>, index: &mut NodeIndex, n: GraphNode| {
        index.insert(nodes.len() as u32, n.origin);
        nodes.push(n);
    };
    for a in anchors {
        let dup = nodes
            .iter()
            .any(|n| (n.origin - a.stand.origin).length() < 1.0);
        if !dup {
            let n = GraphNode {
                origin: a.stand.origin,
                radius: a.radius.unwrap_or(0),
                flags: a.flags,
                entity: a.stand.entity,
                kind: NodeKind::Anchor,
            };
            push(&mut nodes, &mut index, n);
        }
    }
    let anchored = nodes.len();
    for s in seeds {
        if !near(&nodes, &index, s.stand.origin, cfg.cover * 0.5) {
            let n = GraphNode {
                origin: s.stand.origin,
                radius: 0,
                flags: 0,
                entity: s.stand.entity,
                kind: NodeKind::Seed(s.kind),
            };
            push(&mut nodes, &mut index, n);
        }
    }
    let k = (cfg.spacing / walk.grid()).round().max(1.0) as i32;
    for s in &walk.samples {
        if s.cell.0.rem_euclid(k) == 0
            && s.cell.1.rem_euclid(k) == 0
            && !near(&nodes, &index, s.origin, cfg.spacing * 0.5)
        {
            let n = GraphNode {
                origin: s.origin,
                radius: 0,
                flags: 0,
                entity: s.entity,
                kind: NodeKind::Lattice,
            };
            push(&mut nodes, &mut index, n);
        }
    }
    for s in &walk.samples {
        if !near(&nodes, &index, s.origin, cfg.cover) {
            let n = GraphNode {
                origin: s.origin,
                radius: 0,
                flags: 0,
                entity: s.entity,
                kind: NodeKind::Cover,
            };
            push(&mut nodes, &mut index, n);
        }
    }
    debug_assert!(nodes[..anchored].iter().all(|n| n.kind == NodeKind::Anchor));
    nodes
}

/// Add a node at each of `samples` farther than `min_gap` from every node (kind
/// [`NodeKind::Cover`]); returns how many were added.
pub fn add_nodes_at(
    walk: &Walkable,
    nodes: &mut Vec<GraphNode>,
    samples: &[u32],
    min_gap: f32,
) -> usize {
    let mut index = NodeIndex::of(nodes, 64.0);
    let before = nodes.len();
    for &k in samples {
        let s = walk.samples[k as usize];
        let close = index
            .around(s.origin, min_gap)
            .any(|i| (nodes[i as usize].origin - s.origin).length() < min_gap);
        if !close {
            index.insert(nodes.len() as u32, s.origin);
            nodes.push(GraphNode {
                origin: s.origin,
                radius: 0,
                flags: 0,
                entity: s.entity,
                kind: NodeKind::Cover,
            });
        }
    }
    nodes.len() - before
}

/// Radius (half the room the player has across the narrowest way through the node, at most
/// half-way to the nearest other node, a multiple of 4 from 4 to [`NodeConfig::max_radius`])
/// and flags: `underwater`, `hazard` (lava or slime near), `check-floor` (standing on a door,
/// lift or train), `check-solid` (inside where a door closes).
pub fn finish_nodes(motion: &Motion, nodes: &mut [GraphNode], cfg: &NodeConfig) {
    let level = motion.level;
    let index = NodeIndex::of(nodes, cfg.spacing.max(8.0));
    let movable: Vec<(usize, Aabb, bool)> = level
        .brush_entities()
        .iter()
        .filter_map(|b| {
            let c = b.class.to_ascii_lowercase();
            let door = c.starts_with("func_door") || b.role == BrushRole::Door;
            let mover = c.starts_with("func_plat") || c.starts_with("func_train");
            (door || mover).then_some((b.entity, b.bounds, door))
        })
        .collect();
    let hull = motion.physics.hull;
    let radii: Vec<u16> = {
        use rayon::prelude::*;
        nodes
            .par_iter()
            .enumerate()
            .map(|(i, n)| {
                if n.kind == NodeKind::Anchor && n.radius > 0 {
                    return n.radius;
                }
                if let Some(r) = cfg.fixed_radius {
                    return r;
                }
                // Half the room the player has to move across its narrowest way.
                let reach = cfg.max_radius as f32 * 2.0;
                let free = |d: Vec3| {
                    let t = motion.trace(n.origin, n.origin + d * reach);
                    if t.start_solid {
                        0.0
                    } else {
                        t.fraction * reach
                    }
                };
                let mut room = f32::INFINITY;
                for k in 0..4 {
                    let a = k as f32 * std::f32::consts::FRAC_PI_4;
                    let d = Vec3::new(a.cos(), a.sin(), 0.0);
                    room = room.min((free(d) + free(-d)) * 0.5);
                }
                let nearest = index
                    .around(n.origin, reach * 2.0)
                    .filter(|&j| j as usize != i)
                    .map(|j| (nodes[j as usize].origin - n.origin).length())
                    .fold(f32::INFINITY, f32::min);
                let r = room.min(nearest * 0.5);
                ((r / 4.0).floor() as u16 * 4).clamp(4, cfg.max_radius)
            })
            .collect()
    };
    for (n, r) in nodes.iter_mut().zip(radii) {
        n.radius = r;
        let head = n.origin + Vec3::Z * (hull.maxs.z - 8.0);
        if level.point_contents(head).contains(Contents::WATER) {
            n.flags |= NodeFlags::UNDERWATER;
        }
        let liquid = Contents::LAVA | Contents::SLIME;
        let feet = n.origin + Vec3::Z * (hull.mins.z + 4.0);
        let d = cfg.hazard_distance;
        let hazard = [Vec3::ZERO, Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y]
            .iter()
            .any(|&o| level.point_contents(feet + o * d).intersects(liquid));
        if hazard {
            n.flags |= NodeFlags::HAZARD;
        }
        if n.entity.is_some_and(|e| movable.iter().any(|m| m.0 == e)) {
            n.flags |= NodeFlags::CHECK_FLOOR;
        }
        let body = Aabb::new(n.origin + hull.mins, n.origin + hull.maxs);
        if movable
            .iter()
            .any(|m| m.2 && Some(m.0) != n.entity && m.1.overlaps(&body))
        {
            n.flags |= NodeFlags::CHECK_SOLID;
        }
    }
}
