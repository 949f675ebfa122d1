//! Stage 4: merge coplanar neighbours, then connect areas (two-way where they share an edge,
//! one-way where a step links an edge sample to a lower or higher area).

use std::collections::{BTreeSet, HashMap};

use navforge_level::Vec3;

use crate::areas::RectArea;
use crate::config::PostConfig;
use crate::sample::{DIRS, EAST, NORTH, Node, SOUTH, WEST};

/// A connection between two areas (indices into the area list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AreaLink {
    /// From this area.
    pub from: usize,
    /// To this one.
    pub to: usize,
    /// Through this side of `from` (0 north, 1 east, 2 south, 3 west).
    pub side: usize,
    /// Walk (shared edge), or a step down/up.
    pub kind: LinkKind,
}

/// How an area link is crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub enum LinkKind {
    /// A shared edge.
    Walk,
    /// A step down off a ledge.
    Drop,
    /// A step up more than step height.
    Jump,
}

fn normal(nodes: &[Node], a: &RectArea) -> Vec3 {
    let p = |k: usize| nodes[a.corners[k] as usize].pos;
    let n = (p(2) - p(0)).cross(p(1) - p(3));
    let n = if n.z < 0.0 { -n } else { n };
    n.try_normalize().unwrap_or(Vec3::Z)
}

/// Merge neighbours sharing a full edge with equal attributes and near-parallel planes, while
/// sides stay within the size limit. Repeats until nothing merges.
pub fn merge_areas(nodes: &[Node], areas: Vec<RectArea>, cfg: &PostConfig) -> Vec<RectArea> {
    if !cfg.merge {
        return areas;
    }
    let mut areas: Vec<Option<RectArea>> = areas.into_iter().map(Some).collect();
    loop {
        let mut by_nw: HashMap<u32, usize> = HashMap::new();
        for (i, a) in areas.iter().enumerate() {
            if let Some(a) = a {
                by_nw.insert(a.corners[0], i);
            }
        }
        let mut changed = false;
        // After a merge the same area is tried again, so one pass merges whole runs.
        let mut i = 0;
        while i < areas.len() {
            let mut merged_here = false;
            let Some(a) = areas[i].clone() else {
                i += 1;
                continue;
            };
            // East neighbour: its north-west is our north-east and its south-west our south-east.
            let east = by_nw.get(&a.corners[1]).copied().filter(|&j| {
                j != i
                    && areas[j].as_ref().is_some_and(|b| {
                        b.corners[3] == a.corners[2]
                            && b.height == a.height
                            && a.width + b.width <= cfg.max_size
                    })
            });
            let south = by_nw.get(&a.corners[3]).copied().filter(|&j| {
                j != i
                    && areas[j].as_ref().is_some_and(|b| {
                        b.corners[1] == a.corners[2]
                            && b.width == a.width
                            && a.height + b.height <= cfg.max_size
                    })
            });
            for (j, is_east) in [(east, true), (south, false)] {
                let Some(j) = j else { continue };
                let Some(b) = areas[j].clone() else { continue };
                if b.crouch != a.crouch
                    || normal(nodes, &a).dot(normal(nodes, &b)) < cfg.coplanar_limit
                {
                    continue;
                }
                let merged = if is_east {
                    RectArea {
                        corners: [a.corners[0], b.corners[1], b.corners[2], a.corners[3]],
                        width: a.width + b.width,
                        ..a.clone()
                    }
                } else {
                    RectArea {
                        corners: [a.corners[0], a.corners[1], b.corners[2], b.corners[3]],
                        height: a.height + b.height,
                        ..a.clone()
                    }
                };
                by_nw.remove(&b.corners[0]);
                areas[j] = None;
                areas[i] = Some(merged);
                changed = true;
                merged_here = true;
                break;
            }
            if !merged_here {
                i += 1;
            }
        }
        if !changed {
            break;
        }
    }
    areas.into_iter().flatten().collect()
}

/// The samples along each side of an area, walking links from corner to corner.
pub fn edges(nodes: &[Node], a: &RectArea) -> [Vec<u32>; 4] {
    let walk = |start: u32, dir: usize, count: usize| {
        let mut v = vec![start];
        let mut cur = start;
        for _ in 0..count {
            match nodes[cur as usize].links[dir] {
                Some(n) => {
                    v.push(n);
                    cur = n;
                }
                None => break,
            }
        }
        v
    };
    [
        walk(a.corners[0], EAST, a.width),
        walk(a.corners[1], SOUTH, a.height),
        walk(a.corners[3], EAST, a.width),
        walk(a.corners[0], SOUTH, a.height),
    ]
}

/// Every sample of an area (corners and inside).
fn all_nodes(nodes: &[Node], a: &RectArea) -> Vec<u32> {
    let mut out = Vec::new();
    let mut row = Some(a.corners[0]);
    for _ in 0..=a.height {
        let Some(r) = row else { break };
        let mut cur = Some(r);
        for _ in 0..=a.width {
            let Some(c) = cur else { break };
            out.push(c);
            cur = nodes[c as usize].links[EAST];
        }
        row = nodes[r as usize].links[SOUTH];
    }
    out
}

/// Connect the areas. Deterministic: links come out sorted.
pub fn connect(nodes: &[Node], areas: &[RectArea], step_height: f32) -> Vec<AreaLink> {
    let opposite = [SOUTH, WEST, NORTH, EAST];
    let mut edge_owner: HashMap<(u32, usize), Vec<usize>> = HashMap::new();
    let mut inside: HashMap<u32, Vec<usize>> = HashMap::new();
    let all_edges: Vec<[Vec<u32>; 4]> = areas.iter().map(|a| edges(nodes, a)).collect();
    for (i, es) in all_edges.iter().enumerate() {
        for (side, e) in es.iter().enumerate() {
            for &n in e {
                edge_owner.entry((n, side)).or_default().push(i);
            }
        }
    }
    for (i, a) in areas.iter().enumerate() {
        for n in all_nodes(nodes, a) {
            inside.entry(n).or_default().push(i);
        }
    }
    let mut links = BTreeSet::new();
    for (i, es) in all_edges.iter().enumerate() {
        for (side, e) in es.iter().enumerate() {
            // Shared edge: count shared samples with each area whose opposite edge has them.
            let mut shared: HashMap<usize, usize> = HashMap::new();
            for &n in e {
                for &j in edge_owner.get(&(n, opposite[side])).into_iter().flatten() {
                    if j != i {
                        *shared.entry(j).or_default() += 1;
                    }
                }
            }
            for (&j, &count) in &shared {
                if count >= 2 {
                    links.insert(AreaLink {
                        from: i,
                        to: j,
                        side,
                        kind: LinkKind::Walk,
                    });
                }
            }
            // Steps across the side to another area.
            for &n in e {
                let Some(m) = nodes[n as usize].links[side] else {
                    continue;
                };
                let dz = nodes[m as usize].pos.z - nodes[n as usize].pos.z;
                for &j in inside.get(&m).into_iter().flatten() {
                    if j == i || shared.get(&j).is_some_and(|&c| c >= 2) {
                        continue;
                    }
                    let kind = if dz > step_height {
                        LinkKind::Jump
                    } else if dz < -step_height {
                        LinkKind::Drop
                    } else {
                        LinkKind::Walk
                    };
                    links.insert(AreaLink {
                        from: i,
                        to: j,
                        side,
                        kind,
                    });
                }
            }
        }
    }
    // One link per (from, to): the first side found.
    let mut seen = BTreeSet::new();
    links
        .into_iter()
        .filter(|l| seen.insert((l.from, l.to)))
        .collect()
}

/// `DIRS` re-exported for callers that walk sides.
pub const SIDES: [(i32, i32); 4] = DIRS;
