//! Quake/GoldSrc clip hulls: point contents and the engine's recursive hull check.
//!
//! Each hull is a BSP tree of planes whose leaves are content codes (negative numbers). Hull 0
//! is the render tree (its leaves' contents); hulls 1–3 are the compiler's clip trees for player
//! and monster boxes, already grown by the box size, so a box sweep is a point sweep in them.

use crate::contents::Contents;
use crate::math::Plane;
use glam::Vec3;

/// Stand-off from a plane where a trace stops (1/32 unit), as the engines use.
pub(crate) const DIST_EPSILON: f32 = 0.03125;

/// A node: a plane and two children; a child `>= 0` is a node, `< 0` a content code.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClipNode {
    pub plane: u32,
    pub children: [i32; 2],
}

/// One hull tree (hull 0, or the clip nodes shared by hulls 1–3).
#[derive(Debug, Clone, Default)]
pub(crate) struct HullNodes {
    pub nodes: Vec<ClipNode>,
}

/// Which leaf codes block, for one mask (index `-code`, codes -1..-16; others block).
#[derive(Debug, Clone, Copy)]
pub(crate) struct BlockTable([bool; 17]);

impl BlockTable {
    pub fn new(mask: Contents) -> BlockTable {
        let mut t = [false; 17];
        for (i, b) in t.iter_mut().enumerate().skip(1) {
            *b = Contents::from_quake(-(i as i32)).intersects(mask);
        }
        BlockTable(t)
    }
    #[inline]
    pub fn blocks(&self, code: i32) -> bool {
        let i = code.unsigned_abs() as usize;
        self.0.get(i).copied().unwrap_or(true)
    }
}

/// The outcome of one hull check, in the hull's local space.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HullHit {
    pub fraction: f32,
    pub end: Vec3,
    pub normal: Vec3,
    pub contents: i32,
    pub start_solid: bool,
    pub all_solid: bool,
}

impl HullNodes {
    /// The content code at `p`, starting from node `num`.
    #[inline]
    pub fn contents(&self, planes: &[Plane], mut num: i32, p: Vec3) -> i32 {
        // Loads reject cyclic trees, so this walk ends within the tree's depth.
        while num >= 0 {
            let Some(n) = self.nodes.get(num as usize) else {
                return -2;
            };
            let Some(pl) = planes.get(n.plane as usize) else {
                return -2;
            };
            num = n.children[(pl.distance(p) < 0.0) as usize];
        }
        num
    }

    /// Trace `p1 → p2` through the tree rooted at `head`.
    pub fn trace(
        &self,
        planes: &[Plane],
        head: i32,
        p1: Vec3,
        p2: Vec3,
        block: BlockTable,
    ) -> HullHit {
        let mut t = Walk {
            hull: self,
            planes,
            head,
            block,
            hit: HullHit {
                fraction: 1.0,
                end: p2,
                normal: Vec3::ZERO,
                contents: -1,
                start_solid: false,
                all_solid: true,
            },
        };
        t.check(head, 0.0, 1.0, p1, p2);
        if t.hit.all_solid {
            t.hit.start_solid = true;
            t.hit.fraction = 0.0;
            t.hit.end = p1;
        }
        t.hit
    }
}

struct Walk<'a> {
    hull: &'a HullNodes,
    planes: &'a [Plane],
    head: i32,
    block: BlockTable,
    hit: HullHit,
}

impl Walk<'_> {
    /// The recursive hull check: descend to the leaves the segment crosses, in order, and stop
    /// at the first crossing from open space into a blocking leaf. Returns false once stopped.
    fn check(&mut self, num: i32, p1f: f32, p2f: f32, p1: Vec3, p2: Vec3) -> bool {
        if num < 0 {
            if self.block.blocks(num) {
                self.hit.start_solid = true;
            } else {
                self.hit.all_solid = false;
            }
            return true;
        }
        let Some(node) = self.hull.nodes.get(num as usize) else {
            return true;
        };
        let Some(plane) = self.planes.get(node.plane as usize) else {
            return true;
        };
        let t1 = plane.distance(p1);
        let t2 = plane.distance(p2);
        if t1 >= 0.0 && t2 >= 0.0 {
            return self.check(node.children[0], p1f, p2f, p1, p2);
        }
        if t1 < 0.0 && t2 < 0.0 {
            return self.check(node.children[1], p1f, p2f, p1, p2);
        }
        // The segment crosses the plane: split it a hair short of the plane on the near side.
        let mut frac = if t1 < 0.0 {
            (t1 + DIST_EPSILON) / (t1 - t2)
        } else {
            (t1 - DIST_EPSILON) / (t1 - t2)
        }
        .clamp(0.0, 1.0);
        let mut midf = p1f + (p2f - p1f) * frac;
        let mut mid = p1 + (p2 - p1) * frac;
        let side = (t1 < 0.0) as usize;
        if !self.check(node.children[side], p1f, midf, p1, mid) {
            return false;
        }
        let other = self
            .hull
            .contents(self.planes, node.children[side ^ 1], mid);
        if !self.block.blocks(other) {
            return self.check(node.children[side ^ 1], midf, p2f, mid, p2);
        }
        if self.hit.all_solid {
            return false; // never left solid
        }
        self.hit.normal = if side == 0 {
            plane.normal
        } else {
            -plane.normal
        };
        self.hit.contents = other;
        // Float error can leave `mid` inside: step back until it is out, as the engine does.
        while self
            .block
            .blocks(self.hull.contents(self.planes, self.head, mid))
        {
            frac -= 0.1;
            if frac < 0.0 {
                self.hit.fraction = midf;
                self.hit.end = mid;
                return false;
            }
            midf = p1f + (p2f - p1f) * frac;
            mid = p1 + (p2 - p1) * frac;
        }
        self.hit.fraction = midf;
        self.hit.end = mid;
        false
    }
}

/// Reject trees that loop (a mutated file) and return the deepest path, so walks end.
pub(crate) fn check_acyclic(nodes: &[ClipNode]) -> Result<usize, usize> {
    // 0 = unseen, 1 = on the current path, 2 = done; depth[i] = longest path below i.
    let mut state = vec![0u8; nodes.len()];
    let mut depth = vec![0u32; nodes.len()];
    let mut deepest = 0usize;
    for root in 0..nodes.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, u8)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            if *next < 2 {
                let c = nodes[n].children[*next as usize];
                *next += 1;
                if c >= 0 {
                    let c = c as usize;
                    match state.get(c) {
                        Some(1) => return Err(n),
                        Some(0) => {
                            state[c] = 1;
                            stack.push((c, 0));
                        }
                        _ => {}
                    }
                }
            } else {
                let d = nodes[n]
                    .children
                    .iter()
                    .filter(|&&c| c >= 0)
                    .filter_map(|&c| depth.get(c as usize))
                    .max()
                    .map_or(1, |d| d + 1);
                depth[n] = d;
                deepest = deepest.max(d as usize);
                state[n] = 2;
                stack.pop();
            }
        }
    }
    Ok(deepest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_are_found_and_depth_measured() {
        let n = |a: i32, b: i32| ClipNode {
            plane: 0,
            children: [a, b],
        };
        assert_eq!(check_acyclic(&[n(1, -1), n(2, -2), n(-1, -2)]), Ok(3));
        assert!(check_acyclic(&[n(1, -1), n(2, -2), n(0, -2)]).is_err());
        assert!(check_acyclic(&[n(0, -1)]).is_err());
    }

    /// A floor: one plane z = 0, solid below. Rays stop 1/32 above it; hull checks say where.
    #[test]
    fn hull_check_stops_above_a_floor() {
        let planes = [Plane {
            normal: Vec3::Z,
            dist: 0.0,
        }];
        let hull = HullNodes {
            nodes: vec![ClipNode {
                plane: 0,
                children: [-1, -2],
            }],
        };
        let block = BlockTable::new(Contents::MASK_SOLID);
        let hit = hull.trace(
            &planes,
            0,
            Vec3::new(0.0, 0.0, 10.0),
            Vec3::new(0.0, 0.0, -10.0),
            block,
        );
        assert!((hit.end.z - DIST_EPSILON).abs() < 1e-4, "{}", hit.end.z);
        assert_eq!(hit.normal, Vec3::Z);
        assert!(!hit.start_solid);
        let from_below = hull.trace(
            &planes,
            0,
            Vec3::new(0.0, 0.0, -5.0),
            Vec3::new(0.0, 0.0, -6.0),
            block,
        );
        assert!(from_below.all_solid && from_below.start_solid);
        assert_eq!(hull.contents(&planes, 0, Vec3::new(0.0, 0.0, -1.0)), -2);
        assert_eq!(hull.contents(&planes, 0, Vec3::new(0.0, 0.0, 1.0)), -1);
    }
}
