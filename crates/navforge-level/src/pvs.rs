//! The map compiler's potentially visible sets (VIS): which leaves can possibly see which.
//!
//! Quake-family maps (BSP29, BSP2, GoldSrc BSP30) store one run-length-coded row per leaf
//! (bit `k` is leaf `k + 1`; leaf 0 is the shared solid leaf); Quake II and Source maps one row
//! per cluster, leaves naming their cluster. Both become clusters here: a point's cluster is
//! that of the leaf holding it, found down the BSP node tree.
//!
//! What the game's nav analysis does with it (`SetupPVS`, `CheckBoxInPVS`): the union of the
//! rows of some eye points, then "does this box touch a leaf in that union". Missing or broken
//! VIS data is not an error: the level then has no PVS and everything counts as visible.

use crate::bytes::{Directory, i16_le, i32_le, u16_le, u32_at, vec3_le};
use glam::Vec3;

/// More clusters than this and the rows (clusters² bits, here at most 32 MiB) are not kept.
const MAX_CLUSTERS: usize = 16_384;
/// Deepest node walk before a tree is taken as broken (a loop).
const MAX_DEPTH: usize = 1024;

#[derive(Debug, Clone, Copy)]
struct Node {
    normal: Vec3,
    dist: f32,
    /// `>= 0` a node, `< 0` the leaf `-1 - c`.
    children: [i32; 2],
}

/// A level's VIS data: its node tree down to clusters and one row of visible clusters each.
#[derive(Debug, Clone)]
pub struct Vis {
    nodes: Vec<Node>,
    root: i32,
    /// Per leaf: its cluster, or -1 (solid, outside the VIS data).
    leaf_cluster: Vec<i32>,
    clusters: usize,
    words: usize,
    rows: Vec<u64>,
}

/// A set of clusters: what some points can possibly see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisSet {
    bits: Vec<u64>,
}

impl VisSet {
    /// Whether nothing is in the set.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Whether cluster `c` is in the set.
    fn has(&self, c: usize) -> bool {
        self.bits
            .get(c / 64)
            .is_some_and(|w| w >> (c % 64) & 1 == 1)
    }
}

/// The clusters of the leaves a box touches ([`Vis::box_clusters`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxClusters {
    clusters: Vec<usize>,
    /// The walk ran out of budget: every set counts as touched.
    all: bool,
}

impl BoxClusters {
    /// [`Vis::box_in_set`]`(set, min, max)` for the box these clusters were gathered from.
    pub fn meet(&self, set: &VisSet) -> bool {
        self.all || self.clusters.iter().any(|&c| set.has(c))
    }
}

impl Vis {
    /// How many clusters the map has.
    pub fn clusters(&self) -> usize {
        self.clusters
    }

    /// The cluster of the leaf holding `p` (`None` in solid or outside the VIS data).
    pub fn cluster_at(&self, p: Vec3) -> Option<usize> {
        if !p.is_finite() {
            return None;
        }
        let mut n = self.root;
        for _ in 0..MAX_DEPTH {
            if n < 0 {
                let leaf = (-1 - n as i64) as usize;
                let c = *self.leaf_cluster.get(leaf)?;
                return (c >= 0).then_some(c as usize);
            }
            let node = self.nodes.get(n as usize)?;
            n = node.children[usize::from(node.normal.dot(p) - node.dist < 0.0)];
        }
        None
    }

    /// Whether cluster `from`'s row holds cluster `to`: some point of `to` may be seen from
    /// `from`. When it does not, no sight line joins a point of one to a point of the other
    /// (the compiler's sets are conservative). Clusters out of range answer `true`.
    pub fn sees(&self, from: usize, to: usize) -> bool {
        if from >= self.clusters || to >= self.clusters {
            return true;
        }
        self.rows
            .get(from * self.words + to / 64)
            .is_none_or(|w| w >> (to % 64) & 1 == 1)
    }

    /// An empty set of clusters.
    pub fn empty_set(&self) -> VisSet {
        VisSet {
            bits: vec![0; self.words],
        }
    }

    /// Add to `set` every cluster the cluster holding `p` can see (`AddOriginToPVS`).
    pub fn add_point(&self, set: &mut VisSet, p: Vec3) {
        let Some(c) = self.cluster_at(p) else {
            return;
        };
        let row = &self.rows[c * self.words..(c + 1) * self.words];
        for (w, r) in set.bits.iter_mut().zip(row) {
            *w |= r;
        }
    }

    /// Whether the box `min..max` touches a leaf whose cluster is in `set` (`CheckBoxInPVS`).
    pub fn box_in_set(&self, set: &VisSet, min: Vec3, max: Vec3) -> bool {
        self.box_leaves(min, max, |c| set.has(c))
    }

    /// The clusters of the leaves the box `min..max` touches, for asking [`BoxClusters::meet`] of
    /// many sets what [`Vis::box_in_set`] answers, with the tree walked once; `None` past
    /// `limit` distinct clusters (then ask [`Vis::box_in_set`]).
    pub fn box_clusters(&self, min: Vec3, max: Vec3, limit: usize) -> Option<BoxClusters> {
        let mut clusters: Vec<usize> = Vec::new();
        let mut over = false;
        // The walk stops early only when a visit answers true (past the limit) or a broken
        // file's loop spends the budget (then every set is touched, as box_in_set answers).
        let all = self.box_leaves(min, max, |c| {
            if !clusters.contains(&c) {
                clusters.push(c);
            }
            over = clusters.len() > limit;
            over
        });
        (!over).then_some(BoxClusters { clusters, all })
    }

    /// Every cluster a point of the box `min..max` can be in ([`Vis::cluster_at`]), at most
    /// `limit` of them; `None` when a point of it may have none (a leaf in solid or outside the
    /// VIS data, or deeper than the lookup goes), past `limit`, and for a box not finite or a
    /// tree with a plane that is not. The box is taken a unit larger on every side, far more
    /// than the rounding of a point's side of a plane, so that every point in it is looked up
    /// into a leaf the walk met.
    pub fn clusters_of_box(&self, min: Vec3, max: Vec3, limit: usize) -> Option<Vec<usize>> {
        if !(min.is_finite() && max.is_finite()) {
            return None;
        }
        let (min, max) = (min - Vec3::ONE, max + Vec3::ONE);
        let (centre, half) = ((min + max) * 0.5, (max - min) * 0.5);
        let mut out: Vec<usize> = Vec::new();
        let mut stack = vec![(self.root, 0usize)];
        let mut budget = self.nodes.len() + self.leaf_cluster.len() + 1;
        while let Some((n, depth)) = stack.pop() {
            if budget == 0 || depth >= MAX_DEPTH {
                return None;
            }
            budget -= 1;
            if n < 0 {
                let leaf = (-1 - n as i64) as usize;
                let c = usize::try_from(*self.leaf_cluster.get(leaf)?).ok()?;
                if !out.contains(&c) {
                    out.push(c);
                    if out.len() > limit {
                        return None;
                    }
                }
                continue;
            }
            let node = self.nodes.get(n as usize)?;
            let d = node.normal.dot(centre) - node.dist;
            let r = node.normal.abs().dot(half);
            if !(d.is_finite() && r.is_finite()) {
                return None;
            }
            if d + r >= 0.0 {
                stack.push((node.children[0], depth + 1));
            }
            if d - r < 0.0 {
                stack.push((node.children[1], depth + 1));
            }
        }
        Some(out)
    }

    /// Walks the leaves the box `min..max` touches (`CheckBoxInPVS`'s walk), calling `visit`
    /// with each one's cluster until it answers true; true then, and when the walk's budget
    /// runs out (a broken file's loops: taken as visible); false for a box not finite.
    fn box_leaves(&self, min: Vec3, max: Vec3, mut visit: impl FnMut(usize) -> bool) -> bool {
        if !(min.is_finite() && max.is_finite()) {
            return false;
        }
        let mut stack = vec![(self.root, 0usize)];
        // A tree visits each node and leaf once at most; a broken file's loops stop here, taken
        // as visible.
        let mut budget = self.nodes.len() + self.leaf_cluster.len() + 1;
        while let Some((n, depth)) = stack.pop() {
            if budget == 0 {
                return true;
            }
            budget -= 1;
            if n < 0 {
                let leaf = (-1 - n as i64) as usize;
                if let Some(&c) = self.leaf_cluster.get(leaf)
                    && c >= 0
                    && visit(c as usize)
                {
                    return true;
                }
                continue;
            }
            let Some(node) = self.nodes.get(n as usize) else {
                continue;
            };
            if depth >= MAX_DEPTH {
                continue;
            }
            // The box's extreme distances from the plane.
            let centre = (min + max) * 0.5;
            let half = (max - min) * 0.5;
            let d = node.normal.dot(centre) - node.dist;
            let r = node.normal.abs().dot(half);
            if d + r >= 0.0 {
                stack.push((node.children[0], depth + 1));
            }
            if d - r < 0.0 {
                stack.push((node.children[1], depth + 1));
            }
        }
        false
    }
}

/// Decompress one run-length row (a zero byte is followed by a count of zero bytes) into
/// `out`, which holds `bytes` bytes' worth of bits. Runs past the end are cut.
fn decompress(data: &[u8], start: usize, bytes: usize, out: &mut [u64]) {
    let mut i = start;
    let mut k = 0usize;
    while k < bytes {
        let Some(&b) = data.get(i) else {
            return;
        };
        i += 1;
        if b == 0 {
            let run = data.get(i).copied().unwrap_or(0) as usize;
            i += 1;
            k += run.max(1);
            continue;
        }
        out[k / 8] |= (b as u64) << (8 * (k % 8));
        k += 1;
    }
}

/// Plane normals and distances of a planes lump (20-byte records).
fn planes(dir: &Directory, lump: usize) -> Option<Vec<(Vec3, f32)>> {
    let l = dir.lump(lump, "planes").ok()?;
    Some(
        l.records(20)
            .ok()?
            .map(|r| (vec3_le(r, 0), crate::bytes::f32_le(r, 12)))
            .collect(),
    )
}

fn node(planes: &[(Vec3, f32)], plane: i32, children: [i32; 2]) -> Option<Node> {
    let &(normal, dist) = planes.get(usize::try_from(plane).ok()?)?;
    Some(Node {
        normal,
        dist,
        children,
    })
}

/// Rows into one table, `words` 64-bit words per cluster.
fn table(clusters: usize) -> Option<(usize, Vec<u64>)> {
    if clusters == 0 || clusters > MAX_CLUSTERS {
        return None;
    }
    let words = clusters.div_ceil(64);
    Some((words, vec![0u64; clusters * words]))
}

/// VIS of a Quake-family map (`wide`: BSP2 records).
pub(crate) fn read_quake(data: &[u8], family: &'static str, wide: bool) -> Option<Vis> {
    let dir = Directory::read(data, family, 4, 15, 8).ok()?;
    let planes = planes(&dir, 1)?;
    let nodes_lump = dir.lump(5, "nodes").ok()?;
    let node_size = if wide { 44 } else { 24 };
    let node_count = nodes_lump.count(node_size);
    let mut nodes = Vec::with_capacity(node_count);
    for r in nodes_lump.records(node_size).ok()? {
        let mut children = [0i32; 2];
        for (k, c) in children.iter_mut().enumerate() {
            *c = if wide {
                i32_le(r, 4 + 4 * k)
            } else {
                // Below the node count a node, above it leaf 0xffff - v (as the engines read
                // unsigned children, for maps with over 32767 nodes).
                let v = u16_le(r, 4 + 2 * k) as i32;
                if (v as usize) < node_count {
                    v
                } else {
                    -1 - (0xffff - v)
                }
            };
        }
        nodes.push(node(&planes, i32_le(r, 0), children)?);
    }
    let leaf_size = if wide { 44 } else { 28 };
    let leaves = dir.lump(10, "leafs").ok()?;
    let visofs: Vec<i32> = leaves
        .records(leaf_size)
        .ok()?
        .map(|r| i32_le(r, 4))
        .collect();
    let models = dir.lump(14, "models").ok()?;
    let world = models.records(64).ok()?.next()?;
    let root = i32_le(world, 36);
    let visleafs = usize::try_from(i32_le(world, 52))
        .ok()?
        .min(visofs.len().saturating_sub(1));
    let vis = dir.lump(4, "visibility").ok()?;
    if vis.bytes.is_empty() {
        return None;
    }
    let (words, mut rows) = table(visleafs)?;
    let bytes = visleafs.div_ceil(8);
    for c in 0..visleafs {
        let row = &mut rows[c * words..(c + 1) * words];
        match usize::try_from(visofs[c + 1]) {
            Ok(ofs) => decompress(vis.bytes, ofs, bytes, row),
            // No row: the engine takes it as seeing everything.
            Err(_) => row.iter_mut().for_each(|w| *w = u64::MAX),
        }
    }
    let leaf_cluster = (0..visofs.len())
        .map(|l| {
            if l >= 1 && l <= visleafs {
                l as i32 - 1
            } else {
                -1
            }
        })
        .collect();
    Some(Vis {
        nodes,
        root,
        leaf_cluster,
        clusters: visleafs,
        words,
        rows,
    })
}

/// VIS of a Quake II IBSP (`source == false`) or Source VBSP map (clusters in the leaves).
pub(crate) fn read_clustered(data: &[u8], source: bool) -> Option<Vis> {
    let (dir, lumps) = if source {
        let dir = crate::brushbsp::vbsp_directory(data).ok()?;
        // planes, nodes, leafs, models, visibility
        (dir, [1usize, 5, 10, 14, 4])
    } else {
        (
            Directory::read(data, "IBSP", 8, 19, 8).ok()?,
            [1, 4, 8, 13, 3],
        )
    };
    let planes = planes(&dir, lumps[0])?;
    let node_size = if source { 32 } else { 28 };
    let mut nodes = Vec::new();
    for r in dir.lump(lumps[1], "nodes").ok()?.records(node_size).ok()? {
        nodes.push(node(&planes, i32_le(r, 0), [i32_le(r, 4), i32_le(r, 8)])?);
    }
    let leaf_size = if !source {
        28
    } else if u32_at(data, 8 + 16 * 10 + 8) == Some(0) {
        56
    } else {
        32
    };
    let leaf_cluster: Vec<i32> = dir
        .lump(lumps[2], "leafs")
        .ok()?
        .records(leaf_size)
        .ok()?
        .map(|r| i16_le(r, 4) as i32)
        .collect();
    let world = dir.lump(lumps[3], "models").ok()?;
    // Both games' model records are 48 bytes with the head node at 36.
    let root = i32_le(world.records(48).ok()?.next()?, 36);
    let vis = dir.lump(lumps[4], "visibility").ok()?.bytes;
    let clusters = usize::try_from(i32::from_le_bytes(vis.get(0..4)?.try_into().ok()?)).ok()?;
    let (words, mut rows) = table(clusters)?;
    let bytes = clusters.div_ceil(8);
    for c in 0..clusters {
        let at = 4 + 8 * c;
        let ofs = i32::from_le_bytes(vis.get(at..at + 4)?.try_into().ok()?);
        let row = &mut rows[c * words..(c + 1) * words];
        match usize::try_from(ofs) {
            Ok(ofs) => decompress(vis, ofs, bytes, row),
            Err(_) => row.iter_mut().for_each(|w| *w = u64::MAX),
        }
    }
    let leaf_cluster = leaf_cluster
        .into_iter()
        .map(|c| if (c as usize) < clusters { c } else { -1 })
        .collect();
    Some(Vis {
        nodes,
        root,
        leaf_cluster,
        clusters,
        words,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_decompress_runs_of_zeros() {
        // 0b1 then a run of 2 zero bytes then 0x80: bits 0 and 31.
        let mut out = [0u64; 1];
        decompress(&[0x01, 0x00, 0x02, 0x80], 0, 4, &mut out);
        assert_eq!(out[0], 1 | (1 << 31));
        // A row cut short by the lump's end keeps what it read.
        let mut out = [0u64; 1];
        decompress(&[0xff], 0, 8, &mut out);
        assert_eq!(out[0], 0xff);
        // A run past the row is cut.
        let mut out = [0u64; 1];
        decompress(&[0x00, 0xff, 0x01], 0, 2, &mut out);
        assert_eq!(out[0], 0);
    }

    #[test]
    fn a_tree_that_loops_ends() {
        // One node whose children are both itself: the box walk gives up and says visible.
        let vis = Vis {
            nodes: vec![Node {
                normal: Vec3::X,
                dist: 0.0,
                children: [0, 0],
            }],
            root: 0,
            leaf_cluster: vec![0],
            clusters: 1,
            words: 1,
            rows: vec![0],
        };
        let set = vis.empty_set();
        assert!(vis.box_in_set(&set, Vec3::splat(-1.0), Vec3::splat(1.0)));
        assert_eq!(vis.cluster_at(Vec3::ZERO), None);
    }
}
