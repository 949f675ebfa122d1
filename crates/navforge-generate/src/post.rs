//! Stage 4 on the grid: merge coplanar neighbours, connect areas the way the game does
//! (`ConnectGeneratedAreas`), and cut lower areas that a connected upper one overhangs.
//!
//! Connections follow cell ownership: across each side of an area, the cell beyond belongs to
//! at most one area, and a two-way link between the samples makes the areas share that edge
//! (a walk connection; no corner-to-corner or across-a-gap links). Where no area owns the cell
//! beyond, a link off the edge to a floor more than a step lower or higher is a ledge: a
//! one-way drop (or climb) to the area under the far end of the link.

use rustc_hash::FxHashMap as HashMap;

use navforge_level::Vec3;

use crate::areas::RectArea;
use crate::config::GenerateConfig;
use crate::marks::NO_MERGE;
use crate::mesh::crosses_ledge;
use crate::sample::{EAST, NORTH, Node, SOUTH, WEST};
use crate::square::split;

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
/// sides stay within the size limit; areas marked no-merge stay as they are. Repeats until
/// nothing merges.
pub fn merge_areas(nodes: &[Node], areas: Vec<RectArea>, cfg: &GenerateConfig) -> Vec<RectArea> {
    if !cfg.merge {
        return areas;
    }
    let mut areas: Vec<Option<RectArea>> = areas.into_iter().map(Some).collect();
    loop {
        let mut by_nw: HashMap<u32, usize> = HashMap::default();
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
            if a.has(NO_MERGE) {
                i += 1;
                continue;
            }
            // East neighbour: its north-west is our north-east and its south-west our south-east.
            let east = by_nw.get(&a.corners[1]).copied().filter(|&j| {
                j != i
                    && areas[j].as_ref().is_some_and(|b| {
                        b.corners[3] == a.corners[2]
                            && b.height == a.height
                            && a.width + b.width <= cfg.max_area_size
                    })
            });
            let south = by_nw.get(&a.corners[3]).copied().filter(|&j| {
                j != i
                    && areas[j].as_ref().is_some_and(|b| {
                        b.corners[1] == a.corners[2]
                            && b.width == a.width
                            && a.height + b.height <= cfg.max_area_size
                    })
            });
            for (j, is_east) in [(east, true), (south, false)] {
                let Some(j) = j else { continue };
                let Some(b) = areas[j].clone() else { continue };
                if b.attributes != a.attributes
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

/// Which area owns the cell whose north-west sample is each sample (`u32::MAX`: none).
pub fn cell_owners(nodes: &[Node], areas: &[RectArea]) -> Vec<u32> {
    let mut owner = vec![u32::MAX; nodes.len()];
    for (i, a) in areas.iter().enumerate() {
        let mut row = Some(a.corners[0]);
        for _ in 0..a.height {
            let Some(r) = row else { break };
            let mut cur = Some(r);
            for _ in 0..a.width {
                let Some(c) = cur else { break };
                owner[c as usize] = i as u32;
                cur = nodes[c as usize].links[EAST];
            }
            row = nodes[r as usize].links[SOUTH];
        }
    }
    owner
}

/// The area owning the cell just beyond sample `m` towards `dir` (the cell the game's search
/// probes half a step past the sample), else any area with a cell touching `m`, among those
/// `fits` accepts.
fn area_beyond(
    nodes: &[Node],
    owner: &[u32],
    m: u32,
    dir: usize,
    fits: impl Fn(usize) -> bool,
) -> Option<usize> {
    let link = |n: Option<u32>, d: usize| n.and_then(|n| nodes[n as usize].links[d]);
    let owned = |n: Option<u32>| {
        n.map(|n| owner[n as usize])
            .filter(|&o| o != u32::MAX)
            .map(|o| o as usize)
    };
    let here = Some(m);
    let west = link(here, WEST);
    let north = link(here, NORTH);
    let north_west = link(north, WEST).or(link(west, NORTH));
    // North-west samples of the four cells around `m`, the ones beyond it first.
    let order = match dir {
        NORTH => [north, north_west, here, west],
        EAST => [here, north, west, north_west],
        SOUTH => [here, west, north, north_west],
        _ => [west, north_west, here, north],
    };
    order.into_iter().filter_map(owned).find(|&j| fits(j))
}

/// Connect the areas. Deterministic: links come out sorted, one per (from, to).
pub fn connect(nodes: &[Node], areas: &[RectArea], cfg: &GenerateConfig) -> Vec<AreaLink> {
    let step_height = cfg.step_height;
    let owner = cell_owners(nodes, areas);
    let quad = |a: &RectArea| a.corners.map(|c| nodes[c as usize].pos);
    let opposite = [SOUTH, WEST, NORTH, EAST];
    let mut links = Vec::new();
    let mut mine: Vec<AreaLink> = Vec::new();
    for (i, a) in areas.iter().enumerate() {
        mine.clear();
        let [nw, ne, _, sw] = a.corners;
        // The samples of each side from its first corner, one per cell along it.
        let sides = [
            (nw, EAST, a.width),
            (ne, SOUTH, a.height),
            (sw, EAST, a.width),
            (nw, SOUTH, a.height),
        ];
        for (side, &(start, along, count)) in sides.iter().enumerate() {
            let mut cur = Some(start);
            for _ in 0..count {
                let Some(e) = cur else { break };
                cur = nodes[e as usize].links[along];
                let beyond = nodes[e as usize].links[side];
                // The cell across the side: for north and west it lies north-west of the sample
                // beyond, for south and east the edge sample is its north-west corner.
                let across = match side {
                    NORTH | WEST => {
                        beyond.filter(|&b| nodes[b as usize].links[opposite[side]] == Some(e))
                    }
                    _ => Some(e),
                };
                let owned = across
                    .map(|c| owner[c as usize])
                    .filter(|&o| o != u32::MAX && o as usize != i);
                if let Some(o) = owned {
                    push(
                        &mut mine,
                        AreaLink {
                            from: i,
                            to: o as usize,
                            side,
                            kind: LinkKind::Walk,
                        },
                    );
                    continue;
                }
                if across.is_some_and(|c| owner[c as usize] as usize == i) {
                    continue;
                }
                // No area across: a ledge, when the link leads more than a step up or down.
                let Some(m) = beyond else { continue };
                let dz = nodes[m as usize].pos.z - nodes[e as usize].pos.z;
                if dz.abs() <= step_height {
                    continue;
                }
                // The area below must face this side over more than a corner.
                let faces = |j: usize| {
                    let (ea, eb) = (extent(nodes, a), extent(nodes, &areas[j]));
                    let overlap = if side == NORTH || side == SOUTH {
                        ea[2].min(eb[2]) - ea[0].max(eb[0])
                    } else {
                        ea[3].min(eb[3]) - ea[1].max(eb[1])
                    };
                    j != i
                        && overlap > 0.0
                        && crosses_ledge(
                            &quad(a),
                            &quad(&areas[j]),
                            side,
                            step_height,
                            cfg.jump_height,
                            cfg.death_drop,
                        )
                };
                if let Some(j) = area_beyond(nodes, &owner, m, side, faces) {
                    push(
                        &mut mine,
                        AreaLink {
                            from: i,
                            to: j,
                            side,
                            kind: if dz > 0.0 {
                                LinkKind::Jump
                            } else {
                                LinkKind::Drop
                            },
                        },
                    );
                }
            }
        }
        // One link per (from, to): the first in order (lowest side, walk before ledge).
        mine.sort_unstable();
        mine.dedup_by(|b, a| a.to == b.to);
        links.extend_from_slice(&mine);
    }
    links
}

/// Add `l` unless it repeats the link just added (one per cell along a side).
fn push(links: &mut Vec<AreaLink>, l: AreaLink) {
    if links.last() != Some(&l) {
        links.push(l);
    }
}

/// The XY rectangle and height range of an area: (min x, min y, max x, max y, min z, max z).
fn extent(nodes: &[Node], a: &RectArea) -> [f32; 6] {
    let p = a.corners.map(|c| nodes[c as usize].pos);
    let zs = p.map(|q| q.z);
    [
        p[0].x,
        p[0].y,
        p[2].x,
        p[2].y,
        zs.iter().copied().fold(f32::INFINITY, f32::min),
        zs.iter().copied().fold(f32::NEG_INFINITY, f32::max),
    ]
}

/// Cut the lower of two connected areas where the upper one overhangs it, so a drop lands on
/// the part beyond the upper area's edge (`SplitAreasUnderOverhangs`): the lower area is split
/// along the upper one's edge; the connection is then found again from the samples. Runs
/// until no connected pair overlaps (at most one pass per area, so it always ends).
pub fn split_under_overhangs(
    nodes: &[Node],
    mut areas: Vec<RectArea>,
    cfg: &GenerateConfig,
) -> Vec<RectArea> {
    // Each pass cuts every overhung area once; a cut area may need another cut (an upper area
    // over its corner), so passes repeat, boundedly, until none is left.
    for _ in 0..16 {
        let links = connect(nodes, &areas, cfg);
        let mut cuts: Vec<Option<(bool, usize)>> = vec![None; areas.len()];
        for l in &links {
            let (ea, eb) = (extent(nodes, &areas[l.from]), extent(nodes, &areas[l.to]));
            let overlap = ea[0] < eb[2] && eb[0] < ea[2] && ea[1] < eb[3] && eb[1] < ea[3];
            if !overlap {
                continue;
            }
            let (below, eb_, ea_) = if ea[4] > eb[5] + cfg.crouch_height {
                (l.to, eb, ea)
            } else if eb[4] > ea[5] + cfg.crouch_height {
                (l.from, ea, eb)
            } else {
                continue;
            };
            if cuts[below].is_some() {
                continue;
            }
            // Split across the link's axis, at the upper area's edge inside the lower one.
            let vertical = l.side == NORTH || l.side == SOUTH;
            let (lo, hi, up_lo, up_hi) = if vertical {
                (eb_[1], eb_[3], ea_[1], ea_[3])
            } else {
                (eb_[0], eb_[2], ea_[0], ea_[2])
            };
            let at = if up_hi < hi { up_hi } else { up_lo };
            if at <= lo || at >= hi {
                continue;
            }
            cuts[below] = Some((vertical, ((at - lo) / cfg.grid).round() as usize));
        }
        if cuts.iter().all(Option::is_none) {
            break;
        }
        let mut out = Vec::with_capacity(areas.len() + 8);
        for (a, cut) in areas.into_iter().zip(cuts) {
            match cut.and_then(|(vertical, cells)| split(nodes, &a, vertical, cells)) {
                Some((p, q)) => {
                    out.push(p);
                    out.push(q);
                }
                None => out.push(a),
            }
        }
        areas = out;
    }
    areas
}
