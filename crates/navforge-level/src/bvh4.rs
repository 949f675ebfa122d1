//! A 4-wide BVH for ray queries: the binary BVH collapsed so each node tests four child boxes
//! at once with SIMD lanes (glam `Vec4`), which halves the nodes a ray visits.

use crate::bvh::Bvh;
use glam::{Vec3, Vec4};

/// Four child boxes in lanes; `child[i]` is a node index, or the first slot of a leaf when
/// `count[i] > 0`. Empty lanes have boxes at +infinity, which no ray reaches.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(16))]
struct Node4 {
    min_x: Vec4,
    min_y: Vec4,
    min_z: Vec4,
    max_x: Vec4,
    max_y: Vec4,
    max_z: Vec4,
    child: [u32; 4],
    count: [u32; 4],
}

/// The wide hierarchy over the same slots as the binary one it was made from.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bvh4 {
    nodes: Vec<Node4>,
    /// The root is a single leaf (`count > 0`) when the binary tree was one leaf.
    root_leaf: Option<(u32, u32)>,
    /// Wide levels of inner nodes on the longest path from the root.
    depth: usize,
    /// For each slot, the leaf lane that holds it: `node * 4 + lane` (empty when the root is
    /// a single leaf), for [`Bvh4::ray_any_tries`].
    leaf_of: Vec<u32>,
}

const STACK: usize = 128;
/// [`Bvh4::ray_any`]'s stack: three pending siblings for each of the binary build's levels
/// (fewer than 96, each wide level at least one of them) and the root.
const ANY_STACK: usize = 3 * 96 + 1;
/// The stack both walks take on trees of at most 21 wide levels (`3 × 21 + 1` entries hold
/// every pending node): all real maps' trees, whose walks then zero a quarter of the memory.
const SHORT_STACK: usize = 64;

/// `dir`'s inverse, kept finite so `0 × inf` never makes a NaN in the slab test.
fn safe_inverse(dir: Vec3) -> Vec3 {
    let safe = |d: f32| {
        if d.abs() < 1e-20 {
            1e-20f32.copysign(d)
        } else {
            d
        }
    };
    Vec3::new(1.0 / safe(dir.x), 1.0 / safe(dir.y), 1.0 / safe(dir.z))
}

impl Bvh4 {
    /// Collapse a binary BVH.
    pub fn from_binary(b: &Bvh) -> Bvh4 {
        let Some(root) = b.node(0) else {
            return Bvh4::default();
        };
        if b.order.is_empty() {
            return Bvh4::default();
        }
        if root.3 > 0 {
            return Bvh4 {
                nodes: Vec::new(),
                root_leaf: Some((root.2, root.3)),
                depth: 0,
                leaf_of: Vec::new(),
            };
        }
        let mut nodes: Vec<Node4> = Vec::new();
        // (binary node to expand, wide node slot to fill, its wide level from 1)
        nodes.push(empty_node());
        let mut work = vec![(0usize, 0usize, 1usize)];
        let mut depth = 0;
        let mut leaf_of = vec![u32::MAX; b.order.len()];
        while let Some((bin, wide, level)) = work.pop() {
            depth = depth.max(level);
            let Some(n) = b.node(bin) else { continue };
            let mut kids: Vec<usize> = vec![n.2 as usize, n.2 as usize + 1];
            // Open the largest inner child until there are four.
            while kids.len() < 4 {
                let best = kids
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| b.node(**k).is_some_and(|c| c.3 == 0))
                    .max_by(|a, c| area_of(b, *a.1).total_cmp(&area_of(b, *c.1)))
                    .map(|(i, _)| i);
                let Some(i) = best else { break };
                let k = kids.swap_remove(i);
                if let Some(c) = b.node(k) {
                    kids.push(c.2 as usize);
                    kids.push(c.2 as usize + 1);
                }
            }
            let mut w = empty_node();
            for (lane, &k) in kids.iter().enumerate() {
                let Some((min, max, first, count)) = b.node(k) else {
                    continue;
                };
                w.min_x[lane] = min.x;
                w.min_y[lane] = min.y;
                w.min_z[lane] = min.z;
                w.max_x[lane] = max.x;
                w.max_y[lane] = max.y;
                w.max_z[lane] = max.z;
                if count > 0 {
                    w.child[lane] = first;
                    w.count[lane] = count;
                    let at = (wide * 4 + lane) as u32;
                    let slots = first as usize..(first as usize + count as usize);
                    leaf_of
                        .get_mut(slots)
                        .into_iter()
                        .flatten()
                        .for_each(|l| *l = at);
                } else {
                    let slot = nodes.len();
                    nodes.push(empty_node());
                    w.child[lane] = slot as u32;
                    w.count[lane] = 0;
                    work.push((k, slot, level + 1));
                }
            }
            nodes[wide] = w;
        }
        Bvh4 {
            nodes,
            root_leaf: None,
            depth,
            leaf_of,
        }
    }

    /// Whether [`Bvh4::ray`] and [`Bvh4::ray_as_binary`] can hold every pending node of this
    /// tree: a node visited takes one entry and gives at most four, so a path of `depth` wide
    /// levels needs at most `3 × depth + 1` entries. (Trees from real maps are far shallower
    /// than the 42 levels that allows; a deeper one never drops a subtree silently for the
    /// callers that rely on this.)
    pub fn walk_keeps_every_node(&self) -> bool {
        3 * self.depth < STACK
    }

    /// Whether [`SHORT_STACK`] entries hold every pending node of a walk on this tree (so
    /// a walk with that stack visits what one with a larger stack does).
    fn short(&self) -> bool {
        3 * self.depth < SHORT_STACK
    }

    /// Like [`Bvh::segment`] for rays (no box growth): visit leaf slots near to far; `visit`
    /// returns a smaller `tmax` on a hit, or `NEG_INFINITY` to stop.
    #[inline]
    pub fn ray<F: FnMut(usize, f32) -> Option<f32>>(
        &self,
        from: Vec3,
        dir: Vec3,
        tmax: f32,
        visit: F,
    ) -> f32 {
        let ray = Lanes::new(from, safe_inverse(dir));
        let test = |n: &Node4, tmax| ray.reaches(n, tmax);
        if self.short() {
            self.walk::<SHORT_STACK, _, _>(tmax, visit, test)
        } else {
            self.walk::<STACK, _, _>(tmax, visit, test)
        }
    }

    /// Whether `hit` accepts a slot of the leaves [`Bvh4::ray`] reaches on the segment
    /// `from → from + dir` (`tmax` 1): the same box test, in no particular order, stopping at
    /// the first slot accepted. While nothing is accepted `ray`'s bound stays 1 and its
    /// distance checks never prune, so a `ray` whose visit stops at the first hit tries the
    /// same slots and answers the same; this walk skips the ordering and the distances. Its
    /// stack holds every pending node of the deepest tree the build makes (three a level), so
    /// it drops no subtree (`ray`'s 128 entries could on a tree over 42 wide levels deep);
    /// trees of at most 21 wide levels take a stack of [`SHORT_STACK`], which holds theirs.
    #[inline]
    pub fn ray_any<F: FnMut(usize) -> bool>(&self, from: Vec3, dir: Vec3, hit: F) -> bool {
        if let Some((first, count)) = self.root_leaf {
            return (first as usize..(first + count) as usize).any(hit);
        }
        if self.nodes.is_empty() {
            return false;
        }
        if self.short() {
            self.any::<SHORT_STACK, F>(from, dir, hit)
        } else {
            self.any::<ANY_STACK, F>(from, dir, hit)
        }
    }

    /// True only when [`Bvh4::ray_any`]`(from, dir, hit)` calls `hit(slot)` unless an earlier
    /// call answered `true` (then it answers `true` too), whatever `hit` is: the walk reaches
    /// the leaf that holds `slot`. `false` says nothing. (Why: [`Bvh4::leaf_passes`]; the
    /// walk's stack holds every pending node, and it runs every leaf whose lane passes, slot
    /// by slot until one is hit.)
    pub fn ray_any_tries(&self, from: Vec3, dir: Vec3, slot: usize) -> bool {
        if !(from.is_finite() && dir.is_finite()) {
            return false;
        }
        let ray = Lanes::new(from, safe_inverse(dir));
        self.leaf_passes(slot, |n| ray.reaches(n, 1.0).1)
    }

    /// True only when [`Bvh4::ray_as_binary`]`(from, inv, visit)`, with a `visit` that stops
    /// the walk at its first hit (answering `Some(f32::NEG_INFINITY)`) and otherwise answers
    /// `None`, calls `visit(slot, 1.0)` unless an earlier call stopped it: the walk reaches
    /// the leaf that holds `slot`. Until such a walk stops its bound stays 1, which prunes no
    /// node whose box passes (its entry distance is at most its exit, at most 1), so the walk
    /// visits every node whose box passes when its stack holds every pending node (checked
    /// here); then [`Bvh4::leaf_passes`]. `inv` must be finite (so not a NaN is made).
    pub fn ray_as_binary_tries(&self, from: Vec3, inv: Vec3, slot: usize) -> bool {
        if !(from.is_finite() && inv.is_finite() && self.walk_keeps_every_node()) {
            return false;
        }
        let ray = Lanes::new(from, inv);
        self.leaf_passes(slot, |n| ray.reaches_as_binary(n, 1.0).1)
    }

    /// Whether the box test `lanes` (a node's mask of lanes a ray reaches) passes the lane
    /// that holds `slot`'s leaf, so that every box on the path to it passes too: each holds
    /// the leaf's box exactly (a binary node's box is the `min`/`max` of its slots' boxes, so
    /// it holds its children's, and the wide lanes are binary nodes' boxes), and on each axis
    /// `(bound - origin) × inverse` rounds monotonically in the bound (the origin and the
    /// inverse fixed, finite and non-zero: no NaN is made), so an enclosing box's entry
    /// distance is at most the leaf's and its exit at least the leaf's. A tree that is a
    /// single leaf holds every slot and is run without a box test.
    fn leaf_passes(&self, slot: usize, lanes: impl Fn(&Node4) -> u32) -> bool {
        if let Some((first, count)) = self.root_leaf {
            return (first as usize..(first + count) as usize).contains(&slot);
        }
        let Some(&at) = self.leaf_of.get(slot) else {
            return false;
        };
        let (node, lane) = (at as usize / 4, at as usize % 4);
        self.nodes
            .get(node)
            .is_some_and(|n| lanes(n) & (1 << lane) != 0)
    }

    /// [`Bvh4::ray_any`]'s walk with a stack of `N` entries.
    #[inline]
    fn any<const N: usize, F: FnMut(usize) -> bool>(
        &self,
        from: Vec3,
        dir: Vec3,
        mut hit: F,
    ) -> bool {
        let ray = Lanes::new(from, safe_inverse(dir));
        let mut stack = [0u32; N];
        let mut sp = 1usize;
        while sp > 0 {
            sp -= 1;
            let n = &self.nodes[stack[sp] as usize];
            let (_, mut lanes) = ray.reaches(n, 1.0);
            while lanes != 0 {
                let lane = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let (child, count) = (n.child[lane], n.count[lane]);
                if count > 0 {
                    if (child as usize..(child + count) as usize).any(&mut hit) {
                        return true;
                    }
                } else if sp < N {
                    stack[sp] = child;
                    sp += 1;
                }
            }
        }
        false
    }

    /// [`Bvh4::ray`] that reaches exactly the leaves [`Bvh::segment`] reaches with no box
    /// growth when `dir.recip()` is finite, so an any-hit query answers as the binary walk
    /// does: each lane computes the binary walk's slab test with the same inverse and the same
    /// operations (`min`/`max` as glam's `Vec3` has them), and without NaNs a box the binary
    /// walk reaches has every ancestor reached too, so skipping the collapsed levels changes
    /// nothing. (With a zero component, `0 × inf` makes NaNs and that no longer holds: callers
    /// take the binary walk then.)
    ///
    /// The segment is `from + t / inv` for `t` in `[0, 1]`: `inv` is `dir.recip()`.
    #[inline]
    pub fn ray_as_binary<F>(&self, from: Vec3, inv: Vec3, visit: F) -> f32
    where
        F: FnMut(usize, f32) -> Option<f32>,
    {
        let ray = Lanes::new(from, inv);
        let test = |n: &Node4, tmax: f32| ray.reaches_as_binary(n, tmax);
        if self.short() {
            self.walk::<SHORT_STACK, _, _>(1.0, visit, test)
        } else {
            self.walk::<STACK, _, _>(1.0, visit, test)
        }
    }

    /// The walk shared by the two ray tests: `test(node, tmax)` gives each lane's entry
    /// distance and the mask of lanes the ray reaches.
    #[inline]
    fn walk<const N: usize, F, T>(&self, mut tmax: f32, mut visit: F, test: T) -> f32
    where
        F: FnMut(usize, f32) -> Option<f32>,
        T: Fn(&Node4, f32) -> (Vec4, u32),
    {
        let mut run_leaf = |first: u32, count: u32, tmax: &mut f32| -> bool {
            for slot in first as usize..(first + count) as usize {
                if let Some(t) = visit(slot, *tmax) {
                    if t == f32::NEG_INFINITY {
                        *tmax = t;
                        return true;
                    }
                    *tmax = tmax.min(t);
                }
            }
            false
        };
        if let Some((first, count)) = self.root_leaf {
            run_leaf(first, count, &mut tmax);
            return tmax;
        }
        if self.nodes.is_empty() {
            return tmax;
        }
        let mut stack = [(0u32, 0f32); N];
        let mut sp = 1usize;
        stack[0] = (0, 0.0);
        while sp > 0 {
            sp -= 1;
            let (ni, tn) = stack[sp];
            if tn > tmax {
                continue;
            }
            let n = &self.nodes[ni as usize];
            let (near, hit) = test(n, tmax);
            if hit == 0 {
                continue;
            }
            // Lanes hit, nearest first.
            let mut order = [(0f32, 0usize); 4];
            let mut k = 0;
            for lane in 0..4 {
                if hit & (1 << lane) != 0 {
                    let t = near[lane];
                    let mut j = k;
                    while j > 0 && order[j - 1].0 > t {
                        order[j] = order[j - 1];
                        j -= 1;
                    }
                    order[j] = (t, lane);
                    k += 1;
                }
            }
            // Leaves now (they shorten the ray); inner nodes pushed far-first.
            for &(t, lane) in &order[..k] {
                if n.count[lane] > 0
                    && t <= tmax
                    && run_leaf(n.child[lane], n.count[lane], &mut tmax)
                {
                    return tmax;
                }
            }
            for &(t, lane) in order[..k].iter().rev() {
                if n.count[lane] == 0 && sp < N {
                    stack[sp] = (n.child[lane], t);
                    sp += 1;
                }
            }
        }
        tmax
    }
}

/// A ray's origin and inverse direction, each coordinate in all four lanes.
struct Lanes {
    o: [Vec4; 3],
    inv: [Vec4; 3],
}

impl Lanes {
    fn new(from: Vec3, inv: Vec3) -> Lanes {
        Lanes {
            o: [from.x, from.y, from.z].map(Vec4::splat),
            inv: [inv.x, inv.y, inv.z].map(Vec4::splat),
        }
    }

    /// [`Bvh4::ray`]'s box test: each lane's entry distance, and the mask of the lanes whose
    /// box the ray meets within `[0, tmax]`.
    #[inline]
    fn reaches(&self, n: &Node4, tmax: f32) -> (Vec4, u32) {
        let [(x1, x2), (y1, y2), (z1, z2)] = self.slabs(n);
        let near = x1.min(x2).max(y1.min(y2)).max(z1.min(z2)).max(Vec4::ZERO);
        let far = x1
            .max(x2)
            .min(y1.max(y2))
            .min(z1.max(z2))
            .min(Vec4::splat(tmax));
        (near, near.cmple(far).bitmask())
    }

    /// [`Bvh4::ray_as_binary`]'s box test: the binary walk's slab test, lane by lane.
    #[inline]
    fn reaches_as_binary(&self, n: &Node4, tmax: f32) -> (Vec4, u32) {
        // `if a < b { a } else { b }` and `if a > b { a } else { b }` in every lane.
        let min = |a: Vec4, b: Vec4| Vec4::select(a.cmplt(b), a, b);
        let max = |a: Vec4, b: Vec4| Vec4::select(a.cmpgt(b), a, b);
        let [(x1, x2), (y1, y2), (z1, z2)] = self.slabs(n);
        // t1.min(t2).max_element().max(0.0) and t1.max(t2).min_element().min(tmax), where
        // f32::max and f32::min skip a NaN.
        let near = max(min(x1, x2), max(min(y1, y2), min(z1, z2)));
        let near = max(near, Vec4::ZERO);
        let far = min(max(x1, x2), min(max(y1, y2), max(z1, z2)));
        let far = min(far, Vec4::splat(tmax));
        (near, near.cmple(far).bitmask())
    }

    /// Per axis, the distances at which the ray crosses the four boxes' two planes.
    #[inline]
    fn slabs(&self, n: &Node4) -> [(Vec4, Vec4); 3] {
        let [ox, oy, oz] = self.o;
        let [ix, iy, iz] = self.inv;
        [
            ((n.min_x - ox) * ix, (n.max_x - ox) * ix),
            ((n.min_y - oy) * iy, (n.max_y - oy) * iy),
            ((n.min_z - oz) * iz, (n.max_z - oz) * iz),
        ]
    }
}

fn empty_node() -> Node4 {
    let inf = Vec4::splat(f32::INFINITY);
    Node4 {
        min_x: inf,
        min_y: inf,
        min_z: inf,
        max_x: inf,
        max_y: inf,
        max_z: inf,
        child: [u32::MAX; 4],
        count: [0; 4],
    }
}

fn area_of(b: &Bvh, k: usize) -> f32 {
    b.node(k).map_or(0.0, |(min, max, _, _)| {
        let d = max - min;
        d.x * d.y + d.y * d.z + d.z * d.x
    })
}
