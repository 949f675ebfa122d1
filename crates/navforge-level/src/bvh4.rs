//! A 4-wide BVH for ray queries: the binary BVH collapsed so each node tests four child boxes
//! at once with SIMD lanes (glam `Vec4`), which halves the nodes a ray visits.

use crate::bvh::Bvh;
use crate::math::box_and_point_within_deep_limit;
#[cfg(test)]
use crate::math::hull_meets_box;
use glam::{BVec4A, Vec3, Vec4};

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
    /// When the binary tree was one leaf: that leaf in lane 0 of a node of its own (its box,
    /// which the binary walk tests first, its first slot and its count; the other lanes empty).
    root_leaf: Option<Node4>,
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
                root_leaf: Some(one_leaf(root.0, root.1, root.2, root.3)),
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

    /// Every leaf's slots, `(first, count)`.
    pub fn leaves(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.root_leaf
            .iter()
            .chain(&self.nodes)
            .flat_map(|n| (0..4).map(move |lane| (n.child[lane], n.count[lane])))
            .filter(|&(_, count)| count > 0)
            .map(|(first, count)| (first as usize, count as usize))
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

    /// The first slot `hit` accepts among the leaves [`Bvh4::ray`] reaches on the segment
    /// `from → from + dir` (`tmax` 1): the same box test, in no particular order, stopping at
    /// the first slot accepted. While nothing is accepted `ray`'s bound stays 1 and its
    /// distance checks never prune, so a `ray` whose visit stops at the first hit tries the
    /// same slots and answers the same; this walk skips the ordering and the distances. Its
    /// stack holds every pending node of the deepest tree the build makes (three a level), so
    /// it drops no subtree (`ray`'s 128 entries could on a tree over 42 wide levels deep);
    /// trees of at most 21 wide levels take a stack of [`SHORT_STACK`], which holds theirs.
    /// Answers the slot accepted.
    #[inline]
    pub fn ray_any<F: SlotTest>(&self, from: Vec3, dir: Vec3, mut hit: F) -> Option<usize> {
        if let Some(root) = &self.root_leaf {
            let slots = leaf_slots(root);
            return hit.first_accepted(slots.start, slots.len());
        }
        if self.nodes.is_empty() {
            return None;
        }
        if self.short() {
            self.any::<SHORT_STACK, F>(from, dir, hit)
        } else {
            self.any::<ANY_STACK, F>(from, dir, hit)
        }
    }

    /// True only when [`Bvh4::ray_any`]`(from, dir, hit)` asks `hit` about `slot` unless a slot
    /// asked earlier was accepted (then it answers a slot too), whatever `hit` is: the walk
    /// reaches the leaf that holds `slot`. `false` says nothing. (Why: [`Bvh4::leaf_passes`];
    /// the walk's stack holds every pending node, and it asks every leaf whose lane passes,
    /// in slot order, until a slot is accepted.)
    pub fn ray_any_tries(&self, from: Vec3, dir: Vec3, slot: usize) -> bool {
        if !(from.is_finite() && dir.is_finite()) {
            return false;
        }
        let ray = Lanes::new(from, safe_inverse(dir));
        self.leaf_passes(slot, |n, lane| ray.reaches(n, 1.0).1 & (1 << lane) != 0)
    }

    /// True only when [`Bvh4::ray_as_binary`]`(from, inv, visit)`, with a `visit` that stops
    /// the walk at its first hit (answering `Some(f32::NEG_INFINITY)`) and otherwise answers
    /// `None`, calls `visit(slot, 1.0)` unless an earlier call stopped it: the walk reaches
    /// the leaf that holds `slot`. Until such a walk stops its bound stays 1, which prunes no
    /// node whose box passes (its entry distance is at most its exit, at most 1), so the walk
    /// visits every node whose box passes when its stack holds every pending node (checked
    /// here); then [`Bvh4::leaf_passes`], which holds for the binary walk too when the leaf's
    /// box passes without a NaN (see [`Bvh4::ray_as_binary`]), so the answer is the same
    /// whichever walk the caller falls back to. `inv` must have no NaN.
    pub fn ray_as_binary_tries(&self, from: Vec3, inv: Vec3, slot: usize) -> bool {
        if !(from.is_finite() && !inv.is_nan() && self.walk_keeps_every_node()) {
            return false;
        }
        let ray = OneLane::new(from, inv);
        let zero = ray.zero_axes();
        self.leaf_passes(slot, |n, lane| {
            ray.reaches_as_binary(n, lane, 1.0) && !ray.on_far_side(n, lane, zero)
        })
    }

    /// The node and lane of the leaf that holds `slot`; none when the tree is one leaf (then
    /// `root_leaf` holds every slot).
    fn leaf_lane(&self, slot: usize) -> Option<(&Node4, usize)> {
        let &at = self.leaf_of.get(slot)?;
        Some((self.nodes.get(at as usize / 4)?, at as usize % 4))
    }

    /// The slots of the leaf that holds `slot` (the whole leaf a walk asks at once).
    pub fn leaf_of_slot(&self, slot: usize) -> Option<std::ops::Range<usize>> {
        if let Some(root) = &self.root_leaf {
            return Some(leaf_slots(root)).filter(|r| r.contains(&slot));
        }
        let (n, lane) = self.leaf_lane(slot)?;
        let first = n.child[lane] as usize;
        Some(first..first + n.count[lane] as usize).filter(|r| r.contains(&slot))
    }

    /// The box of the leaf that holds `slot`, as the walks test it; none when the tree is one
    /// leaf (which [`Bvh4::ray_any`] runs untested).
    pub fn leaf_box(&self, slot: usize) -> Option<(Vec3, Vec3)> {
        if self.root_leaf.is_some() {
            return None;
        }
        let (n, lane) = self.leaf_lane(slot)?;
        Some((
            Vec3::new(n.min_x[lane], n.min_y[lane], n.min_z[lane]),
            Vec3::new(n.max_x[lane], n.max_y[lane], n.max_z[lane]),
        ))
    }

    /// The box [`Bvh4::ray_any_tries`] tests for `slot`: its leaf's lane, or the tree's one
    /// leaf when it holds `slot`. Copied beside the slot's own data, it lets a check of that
    /// slot skip reading the walk's nodes ([`Bvh4::ray_reaches_tried_box`]).
    pub fn tried_box(&self, slot: usize) -> Option<(Vec3, Vec3)> {
        match &self.root_leaf {
            Some(root) => leaf_slots(root).contains(&slot).then(|| {
                (
                    Vec3::new(root.min_x[0], root.min_y[0], root.min_z[0]),
                    Vec3::new(root.max_x[0], root.max_y[0], root.max_z[0]),
                )
            }),
            None => self.leaf_box(slot),
        }
    }

    /// [`Bvh4::ray_any_tries`]`(from, dir, slot)` for the box [`Bvh4::tried_box`] gave for
    /// `slot`: the same four-lane test, its box in lane 0, whose answer depends on that lane's
    /// floats alone (each lane's `min`, `max` and compare are their own, on every platform).
    pub fn ray_reaches_tried_box(from: Vec3, dir: Vec3, (lo, hi): (Vec3, Vec3)) -> bool {
        if !(from.is_finite() && dir.is_finite()) {
            return false;
        }
        let ray = Lanes::new(from, safe_inverse(dir));
        ray.reaches(&one_leaf(lo, hi, 0, 0), 1.0).1 & 1 != 0
    }

    /// Whether the box test `passes` (whether a ray reaches a node's lane) passes the lane
    /// that holds `slot`'s leaf, so that every box on the path to it passes too: each holds
    /// the leaf's box exactly (a binary node's box is the `min`/`max` of its slots' boxes, so
    /// it holds its children's, and the wide lanes are binary nodes' boxes), and on each axis
    /// `(bound - origin) × inverse` rounds monotonically in the bound (the origin and the
    /// inverse fixed, and no NaN made: `passes` must fail a box whose high side lies on the
    /// origin on an axis where the inverse is infinite; one whose low side does fails by
    /// itself), so an enclosing box's entry distance is at most the leaf's and its exit at
    /// least the leaf's. A tree that is a single leaf holds every slot, and its box is tested
    /// as the binary walk tests it (stricter than [`Bvh4::ray_any`], which runs it untested).
    fn leaf_passes(&self, slot: usize, passes: impl Fn(&Node4, usize) -> bool) -> bool {
        if let Some(root) = &self.root_leaf {
            return leaf_slots(root).contains(&slot) && passes(root, 0);
        }
        self.leaf_lane(slot)
            .is_some_and(|(n, lane)| passes(n, lane))
    }

    /// [`Bvh4::ray_any`]'s walk with a stack of `N` entries.
    #[inline]
    fn any<const N: usize, F: SlotTest>(&self, from: Vec3, dir: Vec3, mut hit: F) -> Option<usize> {
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
                    let found = hit.first_accepted(child as usize, count as usize);
                    if found.is_some() {
                        return found;
                    }
                } else if sp < N {
                    stack[sp] = child;
                    sp += 1;
                }
            }
        }
        None
    }

    /// [`Bvh4::ray`] that reaches exactly the leaves [`Bvh::segment`] reaches with no box
    /// growth, so an any-hit query answers as the binary walk does: each lane computes the
    /// binary walk's slab test with the same inverse and the same operations (`min`/`max` and
    /// their NaN rules as glam's `Vec3` has them), and a box the binary walk passes without a
    /// NaN has every ancestor passed too, so skipping the collapsed levels changes nothing.
    ///
    /// NaNs come only from `0 × inf`: on an axis where `inv` is infinite (a zero direction
    /// component, as a sight line over a level floor has in z), a box side exactly on `from`.
    /// A side at the low end drops out of the test's `min`/`max` (no NaN is left, and the box
    /// fails); one at the high end leaves a NaN, which drops that axis from the test (x or y)
    /// or passes the box whole (z), where a box above it may fail. When such a box passes,
    /// the walk gives up unless a visit already stopped it, and answers `None`: take the
    /// binary walk. (A box
    /// that passes without a NaN holds `from` strictly inside on every such axis, so every
    /// box above it does too, which gives `±inf` on both sides of that axis: no NaN, and the
    /// other axes round monotonically in the bound.)
    ///
    /// A tree of one leaf has its box tested first, as the binary walk does.
    ///
    /// The segment is `from + t / inv` for `t` in `[0, 1]`: `inv` is `dir.recip()`, with no
    /// NaN.
    #[inline]
    pub fn ray_as_binary<F>(&self, from: Vec3, inv: Vec3, visit: F) -> Option<f32>
    where
        F: FnMut(usize, f32) -> Option<f32>,
    {
        let ray = Lanes::new(from, inv);
        // A tree of one leaf: the binary walk tests its box before the leaf (with no box above
        // it, a NaN there changes nothing), where `walk` runs the leaf untested.
        if let Some(root) = &self.root_leaf
            && ray.reaches_as_binary(root, 1.0).1 & 1 == 0
        {
            return Some(1.0);
        }
        if inv.is_finite() {
            let test = |n: &Node4, tmax: f32| ray.reaches_as_binary(n, tmax);
            return Some(self.walk_with_stack(visit, test));
        }
        let zero = ray.zero_axes();
        let gave_up = std::cell::Cell::new(false);
        let test = |n: &Node4, tmax: f32| {
            if gave_up.get() {
                return (Vec4::ZERO, 0);
            }
            let (near, hit) = ray.reaches_as_binary(n, tmax);
            if hit & ray.on_far_side(n, zero) != 0 {
                gave_up.set(true);
                return (near, 0);
            }
            (near, hit)
        };
        let t = self.walk_with_stack(visit, test);
        (t == f32::NEG_INFINITY || !gave_up.get()).then_some(t)
    }

    /// [`Bvh4::walk`] from a bound of 1, with the shorter stack when it holds every node.
    #[inline]
    fn walk_with_stack<F, T>(&self, visit: F, test: T) -> f32
    where
        F: FnMut(usize, f32) -> Option<f32>,
        T: Fn(&Node4, f32) -> (Vec4, u32),
    {
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
        if let Some(root) = &self.root_leaf {
            run_leaf(root.child[0], root.count[0], &mut tmax);
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

/// How far beyond a leaf's box [`Bvh4::leaves_in_reach`] still counts the hull of a box and a
/// point as meeting it: far above the 0.08 units a segment's slab test can wander from its
/// exact line (see there).
pub(crate) const REACH_GROW: f32 = 1.0;

/// What a walk asks of the slots of each leaf it reaches.
pub(crate) trait SlotTest {
    /// Whether `slot` is accepted.
    fn accepts(&mut self, slot: usize) -> bool;

    /// The first slot of `first..first + count` that is accepted: what asking them one by
    /// one in that order finds (a test may ask them all at once).
    fn first_accepted(&mut self, first: usize, count: usize) -> Option<usize> {
        first_accepted_one_by_one(self, first, count)
    }
}

/// [`SlotTest::first_accepted`] asked one slot at a time.
pub(crate) fn first_accepted_one_by_one<T: SlotTest + ?Sized>(
    test: &mut T,
    first: usize,
    count: usize,
) -> Option<usize> {
    (first..first + count).find(|&s| test.accepts(s))
}

/// The leaves of a [`Bvh4`] that the any-hit walk ([`Bvh4::ray_any`]) can visit for segments
/// from the points of one box to one point, four to a node as the tree holds them, gathered
/// once ([`Bvh4::leaves_in_reach`]) and walked for each segment ([`LeavesInReach::ray_any`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct LeavesInReach {
    packs: Vec<Node4>,
    /// Lanes filled in the last pack.
    last: usize,
    /// The lane in the first pack of the leaf that accepted last, asked first.
    hot: Option<usize>,
    /// The gathering walk's pending nodes (kept to reuse the memory).
    stack: Vec<u32>,
}

impl LeavesInReach {
    /// Whether no leaf is in reach (no segment from the box to the point visits any slot).
    pub fn is_empty(&self) -> bool {
        self.packs.is_empty()
    }

    fn push(&mut self, n: &Node4, lane: usize) {
        if self.packs.is_empty() || self.last == 4 {
            self.packs.push(empty_node());
            self.last = 0;
        }
        let (p, k) = (self.packs.last_mut().expect("just pushed"), self.last);
        p.min_x[k] = n.min_x[lane];
        p.min_y[k] = n.min_y[lane];
        p.min_z[k] = n.min_z[lane];
        p.max_x[k] = n.max_x[lane];
        p.max_y[k] = n.max_y[lane];
        p.max_z[k] = n.max_z[lane];
        p.child[k] = n.child[lane];
        p.count[k] = n.count[lane];
        self.last += 1;
    }

    /// [`Bvh4::ray_any`] (the slot accepted) for a segment `from → from + dir` from a point of the
    /// box these leaves were gathered for, with `from + dir` the point itself or its rounding
    /// (`dir = to - from` in floats): the same answer. Each leaf gets the walk's own slab test on
    /// the same floats; a pack whose leaf accepted moves to the front, and that leaf is asked
    /// first, whole, by the next segment (the next segment of a grid of eyes is mostly stopped
    /// by the same leaf). Answers the slot accepted.
    pub fn ray_any<F: SlotTest>(&mut self, from: Vec3, dir: Vec3, mut hit: F) -> Option<usize> {
        let ray = Lanes::new(from, safe_inverse(dir));
        // The hot leaf asked whole (one packed test for a leaf of up to four, what its one
        // triangle cost), then left out of the first pack's lanes, which the loop reuses.
        let mut first_lanes = None;
        if let (Some(lane), Some(n)) = (self.hot, self.packs.first()) {
            let mut lanes = ray.reaches(n, 1.0).1;
            if lanes & (1 << lane) != 0 {
                let (first, count) = (n.child[lane] as usize, n.count[lane] as usize);
                if let Some(slot) = hit.first_accepted(first, count) {
                    return Some(slot);
                }
                lanes &= !(1 << lane);
            }
            first_lanes = Some(lanes);
        }
        for k in 0..self.packs.len() {
            let n = &self.packs[k];
            let mut lanes = match first_lanes.take() {
                Some(lanes) => lanes,
                None => ray.reaches(n, 1.0).1,
            };
            while lanes != 0 {
                let lane = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let (first, count) = (n.child[lane] as usize, n.count[lane] as usize);
                if let Some(slot) = hit.first_accepted(first, count) {
                    self.packs.swap(0, k);
                    self.hot = Some(lane);
                    return Some(slot);
                }
            }
        }
        None
    }
}

impl Bvh4 {
    /// Fills `out` with every leaf whose box, grown by [`REACH_GROW`], meets the hull of the
    /// box `lo..hi` and the point `to` (and maybe some whose box grown a unit or so more
    /// does: [`HullLanes`]), and whose slots `keep(first, count)` holds; `false` (and `out`
    /// says nothing) when the tree is one leaf, which the walks visit without a box
    /// test. Ends must be finite and within [`DEEP_LIMIT`](crate::math::DEEP_LIMIT) (2^17) of
    /// the origin on every axis.
    ///
    /// Why a leaf left out is never visited by [`Bvh4::ray_any`] for a segment `from → from +
    /// dir` with `from` in the box and `dir = to - from` in floats: say the walk's slab test
    /// passes it, with entry `t` in `[0, 1]`. On each axis `(bound - from) × inv` rounded
    /// (`inv` the rounded inverse) puts `t` between the two slab distances, so the exact point
    /// `from + t dir` lies within `4 u |dir|` of the box on that axis (`u = 2^-24`; `|dir|` at
    /// most 2^18: 0.0625 units; the inverse of a tiny component, set to 1e20, pins `from` to
    /// the slab). And `from + dir` is within `u |to - from|` (1/64 unit) of `to`, so
    /// `from + t (to - from)`, a point of the hull, lies within 0.08 units of the leaf's box,
    /// inside its box grown by [`REACH_GROW`]. Leaves under a node whose grown box misses the
    /// hull miss it too (their boxes are inside it).
    pub fn leaves_in_reach(
        &self,
        (lo, hi, to): (Vec3, Vec3, Vec3),
        mut keep: impl FnMut(u32, u32) -> bool,
        out: &mut LeavesInReach,
    ) -> bool {
        out.packs.clear();
        out.last = 0;
        out.hot = None;
        if self.root_leaf.is_some() || !box_and_point_within_deep_limit(lo, hi, to) {
            return false;
        }
        let hull = HullLanes::new(lo, hi, to);
        let mut stack = std::mem::take(&mut out.stack);
        stack.clear();
        if !self.nodes.is_empty() {
            stack.push(0);
        }
        while let Some(i) = stack.pop() {
            let n = &self.nodes[i as usize];
            let lanes = hull.meets(n);
            for lane in 0..4 {
                if lanes & (1 << lane) == 0 || n.child[lane] == u32::MAX {
                    continue;
                }
                if n.count[lane] == 0 {
                    stack.push(n.child[lane]);
                } else if keep(n.child[lane], n.count[lane]) {
                    out.push(n, lane);
                }
            }
        }
        out.stack = stack;
        true
    }
}

/// The hull of a box and a point, as [`hull_meets_box`](crate::math::hull_meets_box) bounds its
/// `λ` on each axis, tested against a node's four boxes at once in `f32`
/// ([`HullLanes::meets`]), each slope's reciprocal worked out once. A slope under 1e-20 counts
/// as flat. [`Bvh4::leaves_in_reach`] asks it for every node it walks, once per look with
/// terrain in reach; one lane at a time in `f64`, the test took about 7 % of the visibility
/// stage on Garry's Mod's cs_office.
///
/// Why it keeps every box that `hull_meets_box` keeps with a unit less growth (ends within
/// [`DEEP_LIMIT`](crate::math::DEEP_LIMIT), 2^17): take a `λ` in `[0, 1]` meeting that test's
/// bounds. With a unit more growth, each bound `λ slope <= room` has a unit to spare. Here each
/// slope and room is one or two `f32` operations on values under 2^19 (errors under 0.1 unit),
/// and the bound `room × (1 / slope)` errs by a few units in the 24th bit of `room / slope`:
/// in terms of `λ slope`, under 0.3 units in all. So the same `λ` meets these bounds too. A
/// flat slope leaves its room a unit to spare, and counting a slope under 1e-20 as flat moves
/// `λ slope` by under 1e-20. The empty lanes of a node (infinite boxes) may pass: the walk
/// skips them.
struct HullLanes {
    to: Vec3,
    /// The slopes of the two bounds on each axis, `lo - to` and `to - hi` (the second
    /// negated, so that both read `λ slope <= room`), 0 when under 1e-20, and their
    /// reciprocals (0 for 0).
    slopes: [Vec3; 2],
    inverses: [Vec3; 2],
    grow: f32,
}

impl HullLanes {
    /// The hull of `lo..hi` and `to`, grown by [`REACH_GROW`] and a unit for the rounding.
    fn new(lo: Vec3, hi: Vec3, to: Vec3) -> HullLanes {
        let flat = |s: Vec3| Vec3::select(s.abs().cmplt(Vec3::splat(1e-20)), Vec3::ZERO, s);
        let inv = |s: Vec3| Vec3::select(s.cmpeq(Vec3::ZERO), Vec3::ZERO, s.recip());
        let slopes = [flat(lo - to), flat(to - hi)];
        HullLanes {
            to,
            slopes,
            inverses: slopes.map(inv),
            grow: REACH_GROW + 1.0,
        }
    }

    /// The lanes of `n` (bit `k` for lane `k`) whose box, grown by the hull's growth, the
    /// hull meets: on each axis, `λ (lo - to) <= max + grow - to` and
    /// `λ (to - hi) <= to + grow - min` bound `λ`, which must stay in `[0, 1]`.
    fn meets(&self, n: &Node4) -> u32 {
        let (mut from, mut till) = (Vec4::ZERO, Vec4::ONE);
        let mut room_ok = BVec4A::TRUE;
        let (mins, maxs) = ([n.min_x, n.min_y, n.min_z], [n.max_x, n.max_y, n.max_z]);
        for axis in 0..3 {
            let t = self.to[axis];
            let rooms = [
                maxs[axis] + Vec4::splat(self.grow - t),
                Vec4::splat(self.grow + t) - mins[axis],
            ];
            for (bound, room) in rooms.into_iter().enumerate() {
                let (slope, inv) = (self.slopes[bound][axis], self.inverses[bound][axis]);
                if slope > 0.0 {
                    till = till.min(room * inv);
                } else if slope < 0.0 {
                    from = from.max(room * inv);
                } else {
                    room_ok &= room.cmpge(Vec4::ZERO);
                }
            }
        }
        (room_ok & from.cmple(till)).bitmask()
    }
}

/// A ray's origin and inverse direction for the binary walk's box test on one lane of a node:
/// [`Lanes::reaches_as_binary`] on that lane alone, the same operations on the same floats in
/// the same order, so it answers as that lane of the four-wide test does. Whether a walk
/// reaches one leaf ([`Bvh4::ray_as_binary_tries`]) needs one lane, and the four took most of
/// that test's time.
struct OneLane {
    o: Vec3,
    inv: Vec3,
}

/// The binary walk's minimum, as [`Lanes::reaches_as_binary`] takes it in every lane.
fn if_less(a: f32, b: f32) -> f32 {
    if a < b { a } else { b }
}

/// The binary walk's maximum, as [`Lanes::reaches_as_binary`] takes it in every lane.
fn if_greater(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

impl OneLane {
    fn new(o: Vec3, inv: Vec3) -> OneLane {
        OneLane { o, inv }
    }

    /// [`Lanes::slabs`] of lane `lane`.
    #[inline]
    fn slabs(&self, n: &Node4, lane: usize) -> [(f32, f32); 3] {
        let (o, inv) = (self.o, self.inv);
        [
            ((n.min_x[lane] - o.x) * inv.x, (n.max_x[lane] - o.x) * inv.x),
            ((n.min_y[lane] - o.y) * inv.y, (n.max_y[lane] - o.y) * inv.y),
            ((n.min_z[lane] - o.z) * inv.z, (n.max_z[lane] - o.z) * inv.z),
        ]
    }

    /// [`Lanes::reaches_as_binary`]'s mask bit of lane `lane`.
    #[inline]
    fn reaches_as_binary(&self, n: &Node4, lane: usize, tmax: f32) -> bool {
        let [(x1, x2), (y1, y2), (z1, z2)] = self.slabs(n, lane);
        let near = if_greater(
            if_less(x1, x2),
            if_greater(if_less(y1, y2), if_less(z1, z2)),
        );
        let near = if_greater(near, 0.0);
        let far = if_less(
            if_greater(x1, x2),
            if_less(if_greater(y1, y2), if_greater(z1, z2)),
        );
        let far = if_less(far, tmax);
        near <= far
    }

    /// [`Lanes::zero_axes`].
    #[inline]
    fn zero_axes(&self) -> [bool; 3] {
        self.inv.to_array().map(|i| !i.is_finite())
    }

    /// [`Lanes::on_far_side`]'s mask bit of lane `lane`.
    #[inline]
    fn on_far_side(&self, n: &Node4, lane: usize, zero: [bool; 3]) -> bool {
        let sides = [n.max_x[lane], n.max_y[lane], n.max_z[lane]];
        (0..3).any(|axis| zero[axis] && sides[axis] == self.o[axis])
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

    /// The axes on which the inverse direction is infinite (the direction is zero or tiny).
    #[inline]
    fn zero_axes(&self) -> [bool; 3] {
        self.inv.map(|i| !i.x.is_finite())
    }

    /// The mask of the lanes whose box has its high side exactly on the origin on one of the
    /// `zero` axes (where the slab test makes a NaN).
    #[inline]
    fn on_far_side(&self, n: &Node4, zero: [bool; 3]) -> u32 {
        let sides = [n.max_x, n.max_y, n.max_z];
        let mut mask = 0;
        for (axis, hi) in sides.into_iter().enumerate() {
            if zero[axis] {
                mask |= hi.cmpeq(self.o[axis]).bitmask();
            }
        }
        mask
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

/// A node holding one leaf, its box `min..max` and its `count` slots from `first`, in lane 0.
fn one_leaf(min: Vec3, max: Vec3, first: u32, count: u32) -> Node4 {
    let mut n = empty_node();
    (n.min_x[0], n.min_y[0], n.min_z[0]) = (min.x, min.y, min.z);
    (n.max_x[0], n.max_y[0], n.max_z[0]) = (max.x, max.y, max.z);
    (n.child[0], n.count[0]) = (first, count);
    n
}

/// The slots of the leaf in lane 0 of `root` ([`one_leaf`]).
fn leaf_slots(root: &Node4) -> std::ops::Range<usize> {
    root.child[0] as usize..(root.child[0] + root.count[0]) as usize
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::contents::Contents;
    use crate::trimesh::{TriMesh, TriTag};

    /// A random soup of small triangles in a 200-unit cube.
    fn soup(seed: u64, n: usize) -> TriMesh {
        let mut r = rng(seed);
        let tris: Vec<[Vec3; 3]> = (0..n)
            .map(|_| {
                let c = Vec3::new(r(), r(), r()) * 200.0;
                let e = |r: &mut dyn FnMut() -> f32| Vec3::new(r(), r(), r()) * 12.0 - 6.0;
                [c, c + e(&mut r), c + e(&mut r)]
            })
            .collect();
        let water = TriTag {
            contents: Contents::WATER,
            ..TriTag::WORLD_SOLID
        };
        let tag_of: Vec<u32> = (0..tris.len()).map(|i| (i % 7 == 0) as u32).collect();
        TriMesh::build(&tris, &tag_of, vec![TriTag::WORLD_SOLID, water])
    }

    /// A seeded xorshift stream of floats in `[0, 1)`, for this crate's tests.
    pub(crate) fn rng(mut seed: u64) -> impl FnMut() -> f32 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 1_000_000) as f32 / 1_000_000.0
        }
    }

    /// A random float for the lane tests: mostly in `±scale / 2`, about one time in seven an
    /// awkward one (signed zeros, ones, infinities, NaN, a tiny value).
    fn awkward(r: &mut impl FnMut() -> f32, scale: f32) -> f32 {
        const SPECIAL: [f32; 8] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            f32::INFINITY,
            -f32::INFINITY,
            f32::NAN,
            1e-30,
        ];
        if r() < 0.15 {
            SPECIAL[(r() * 8.0) as usize % 8]
        } else {
            (r() - 0.5) * scale
        }
    }

    /// A node of four random boxes with awkward floats (most the right way out, so that rays
    /// do reach some), and a ray origin, now and then on one box's high side.
    fn awkward_node_and_origin(r: &mut impl FnMut() -> f32) -> (Node4, Vec3) {
        let mut lanes = || Vec4::from_array(std::array::from_fn(|_| awkward(&mut *r, 100.0)));
        let mut n = Node4 {
            min_x: lanes(),
            min_y: lanes(),
            min_z: lanes(),
            max_x: lanes(),
            max_y: lanes(),
            max_z: lanes(),
            child: [0; 4],
            count: [0; 4],
        };
        if r() < 0.7 {
            (n.min_x, n.max_x) = (n.min_x.min(n.max_x), n.min_x.max(n.max_x));
            (n.min_y, n.max_y) = (n.min_y.min(n.max_y), n.min_y.max(n.max_y));
            (n.min_z, n.max_z) = (n.min_z.min(n.max_z), n.min_z.max(n.max_z));
        }
        let mut from = Vec3::from_array(std::array::from_fn(|_| awkward(r, 100.0)));
        if r() < 0.3 {
            let (axis, lane) = ((r() * 3.0) as usize % 3, (r() * 4.0) as usize % 4);
            from[axis] = [n.max_x, n.max_y, n.max_z][axis][lane];
        }
        (n, from)
    }

    /// One lane's box test answers as that lane of the four-wide one, bit for bit, on random
    /// boxes and rays and on the awkward floats: zero, infinite and NaN inverses, origins on
    /// a box's side, boxes inside out or of NaN.
    #[test]
    fn one_lane_answers_as_its_lane_of_four() {
        let mut r = rng(0x5eed_1a4e);
        let (mut cases, mut hits) = (0, 0);
        for _ in 0..20_000 {
            let (n, from) = awkward_node_and_origin(&mut r);
            let inv = Vec3::from_array(std::array::from_fn(|_| awkward(&mut r, 0.2)));
            let tmax = if r() < 0.5 { 1.0 } else { awkward(&mut r, 4.0) };
            let (four, one) = (Lanes::new(from, inv), OneLane::new(from, inv));
            let zero = four.zero_axes();
            assert_eq!(one.zero_axes(), zero, "inverse {inv}");
            let (binary, far) = (
                four.reaches_as_binary(&n, tmax).1,
                four.on_far_side(&n, zero),
            );
            for lane in 0..4 {
                let bit = |mask: u32| mask & (1 << lane) != 0;
                let (reaches, on_far_side) = (
                    one.reaches_as_binary(&n, lane, tmax),
                    one.on_far_side(&n, lane, zero),
                );
                assert!(
                    reaches == bit(binary) && on_far_side == bit(far),
                    "{n:?} lane {lane}, from {from}, inverse {inv}, bound {tmax}: \
                     one lane {reaches} {on_far_side}, four {} {}",
                    bit(binary),
                    bit(far)
                );
                cases += 1;
                hits += usize::from(reaches && !on_far_side);
            }
        }
        // Both answers are met often.
        assert!(
            hits > cases / 20 && hits < cases - cases / 20,
            "{hits} of {cases}"
        );
    }

    /// A tried box, copied out of its node, answers as its lane of [`Bvh4::ray_any_tries`]'s
    /// test, bit for bit, on the awkward floats: zero and tiny directions (their inverse capped
    /// at ±1e20), infinite and NaN ones, origins on a box's side, boxes inside out or of NaN.
    #[test]
    fn a_tried_box_answers_as_its_lane() {
        let mut r = rng(0x7e1e_d0b0);
        let (mut cases, mut hits) = (0, 0);
        for _ in 0..20_000 {
            let (n, from) = awkward_node_and_origin(&mut r);
            let dir = Vec3::from_array(std::array::from_fn(|_| awkward(&mut r, 300.0)));
            let finite = from.is_finite() && dir.is_finite();
            let four = Lanes::new(from, safe_inverse(dir)).reaches(&n, 1.0).1;
            for lane in 0..4 {
                let lo = Vec3::new(n.min_x[lane], n.min_y[lane], n.min_z[lane]);
                let hi = Vec3::new(n.max_x[lane], n.max_y[lane], n.max_z[lane]);
                let copied = Bvh4::ray_reaches_tried_box(from, dir, (lo, hi));
                let walk = finite && four & (1 << lane) != 0;
                assert_eq!(copied, walk, "{n:?} lane {lane}, from {from}, dir {dir}");
                cases += 1;
                hits += usize::from(copied);
            }
        }
        assert!(
            hits > cases / 20 && hits < cases - cases / 20,
            "{hits} of {cases}"
        );
    }

    /// The four-lane hull test keeps every box the `f64` one keeps with [`REACH_GROW`], and
    /// none that it refuses with two units more: random boxes of eyes (some flat, some a
    /// point), points and node boxes across a map-sized space, some near its edge, the points
    /// on the boxes' planes now and then (flat slopes); in each node, one box on the hull, one
    /// just under [`REACH_GROW`] beyond the hull's far side in x (kept), one just over two
    /// units more (refused), one at random. (Grown by [`REACH_GROW`] and three units, the
    /// test fails; by [`REACH_GROW`] alone, it passes: these boxes never need the rounding
    /// the extra unit covers.)
    #[test]
    fn the_hull_lanes_keep_what_the_exact_test_keeps() {
        let mut r = rng(0x7f4a_7c15_9e37_79b9);
        let (mut kept, mut refused) = (0, 0);
        for case in 0..20_000 {
            let scale = if case % 10 == 0 { 120_000.0 } else { 4_000.0 };
            let p = |r: &mut dyn FnMut() -> f32| {
                Vec3::new(r(), r(), r()) * 2.0 * scale - Vec3::splat(scale)
            };
            let lo = p(&mut r);
            let mut size = Vec3::new(r(), r(), r()) * [0.0, 50.0, 400.0][case % 3];
            if case % 4 == 1 {
                size.z = 0.0;
            }
            let hi = lo + size;
            let mut to = p(&mut r);
            if case % 7 == 0 {
                to.z = lo.z;
            }
            // The hull's farthest point in x: no point of it lies beyond.
            let far = if to.x >= hi.x { to } else { hi };
            let beyond = |gap: f32| {
                let min = Vec3::new(far.x + gap, far.y - 50.0, far.z - 50.0);
                (min, min + 100.0)
            };
            let boxes = [
                {
                    let min = to.lerp(lo, r());
                    (min, min + Vec3::new(r(), r(), r()) * 300.0)
                },
                beyond(REACH_GROW - 0.004 * r()),
                beyond(REACH_GROW + 2.0 + 0.02 * r() + 0.01),
                {
                    let min = p(&mut r);
                    (min, min + Vec3::new(r(), r(), r()) * 300.0)
                },
            ];
            let mut n = empty_node();
            for (lane, (min, max)) in boxes.into_iter().enumerate() {
                (n.min_x[lane], n.min_y[lane], n.min_z[lane]) = (min.x, min.y, min.z);
                (n.max_x[lane], n.max_y[lane], n.max_z[lane]) = (max.x, max.y, max.z);
            }
            let lanes = HullLanes::new(lo, hi, to).meets(&n);
            for (lane, (min, max)) in boxes.into_iter().enumerate() {
                let meets = lanes & (1 << lane) != 0;
                if hull_meets_box(lo, hi, to, min, max, REACH_GROW) {
                    assert!(meets, "{lo}..{hi} -> {to}: {min}..{max} dropped");
                }
                if !hull_meets_box(lo, hi, to, min, max, REACH_GROW + 2.0) {
                    assert!(!meets, "{lo}..{hi} -> {to}: {min}..{max} kept");
                }
                if meets {
                    kept += 1;
                } else {
                    refused += 1;
                }
            }
        }
        assert!(
            kept > 20_000 && refused > 20_000,
            "{kept} kept, {refused} refused"
        );
    }

    /// A slot test that accepts the slots `accepted` names, whatever the segment's geometry,
    /// and records the slots it was asked.
    struct Recorder<'a> {
        accepted: &'a dyn Fn(usize) -> bool,
        asked: Vec<usize>,
    }

    impl<T: SlotTest> SlotTest for &mut T {
        fn accepts(&mut self, slot: usize) -> bool {
            (**self).accepts(slot)
        }

        fn first_accepted(&mut self, first: usize, count: usize) -> Option<usize> {
            (**self).first_accepted(first, count)
        }
    }

    impl SlotTest for Recorder<'_> {
        fn accepts(&mut self, slot: usize) -> bool {
            self.asked.push(slot);
            (self.accepted)(slot)
        }
    }

    /// The walk of the leaves in reach answers, for any slot test, as the whole tree's walk:
    /// a slot found exactly when that walk finds one, only slots of leaves that walk reaches
    /// asked, none twice. The leaf of the slot found last (for the same box) is asked first
    /// when the segment reaches it, both when it accepts again and when it does not. The
    /// slots accepted change from segment to segment, not with the geometry.
    #[test]
    fn the_leaf_that_accepted_last_is_asked_first_and_once() {
        let boxes: Vec<crate::math::Aabb> = {
            let mut r = rng(7);
            (0..3000)
                .map(|_| {
                    let c = Vec3::new(r(), r(), r()) * 200.0;
                    crate::math::Aabb::new(c, c + Vec3::new(r(), r(), r()) * 10.0)
                })
                .collect()
        };
        let wide = Bvh4::from_binary(&Bvh::build(&boxes));
        let mut r = rng(11);
        let mut reach = LeavesInReach::default();
        let (mut hot_again, mut hot_not, mut found) = (0, 0, 0);
        for k in 0..300u64 {
            let lo = Vec3::new(r(), r(), r()) * 180.0;
            let hi = lo + Vec3::new(r(), r(), r()) * 30.0;
            let to = Vec3::new(r(), r(), r()) * 200.0;
            assert!(wide.leaves_in_reach((lo, hi, to), |_, _| true, &mut reach));
            let mut last = None;
            for i in 0..16u64 {
                let f = Vec3::new((i % 4) as f32 / 3.0, (i / 4) as f32 / 3.0, (i % 2) as f32);
                let from = lo + (hi - lo) * f;
                let dir = to - from;
                // About one slot in three, a different third for each segment.
                let salt = (k * 16 + i) << 32;
                let accepted = |slot: usize| {
                    let h = (slot as u64 ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    (h >> 40).is_multiple_of(3)
                };
                let hot_leaf = last
                    .filter(|&s| wide.ray_any_tries(from, dir, s))
                    .and_then(|s| wide.leaf_of_slot(s));
                let mut test = Recorder {
                    accepted: &accepted,
                    asked: Vec::new(),
                };
                let got = reach.ray_any(from, dir, &mut test);
                let mut whole = Recorder {
                    accepted: &accepted,
                    asked: Vec::new(),
                };
                assert_eq!(
                    got.is_some(),
                    wide.ray_any(from, dir, &mut whole).is_some(),
                    "{from} -> {to}"
                );
                found += usize::from(got.is_some());
                last = got.or(last);
                assert!(
                    test.asked.iter().all(|&s| wide.ray_any_tries(from, dir, s)),
                    "a slot of a leaf the whole walk does not reach"
                );
                let mut asked = test.asked.clone();
                asked.sort_unstable();
                asked.dedup();
                assert_eq!(asked.len(), test.asked.len(), "a slot asked twice");
                if let Some(leaf) = hot_leaf {
                    // Asked first: up to its first slot accepted, or whole.
                    let from_leaf = test.asked.iter().take_while(|s| leaf.contains(s)).count();
                    if got.is_some_and(|s| leaf.contains(&s)) {
                        assert_eq!(test.asked.len(), from_leaf);
                        hot_again += 1;
                    } else {
                        assert_eq!(from_leaf, leaf.len());
                        hot_not += 1;
                    }
                }
            }
        }
        println!("{hot_again} found in the last leaf, {hot_not} not, {found} found");
        assert!(
            hot_again > 300 && hot_not > 300 && found > 1_000,
            "{hot_again} found in the last leaf, {hot_not} not, {found} found"
        );
    }

    /// Segments from a grid over a box (and its corners) to a point answer the same from the
    /// leaves in reach as from the whole tree's walk, and the reach leaves most leaves out.
    #[test]
    fn segments_from_a_box_answer_alike_from_the_leaves_in_reach() {
        let mask = Contents::MASK_SIGHT;
        let mesh = soup(4242, 4000);
        let mut r = rng(99);
        let (mut blocked, mut clear, mut empty, mut leaves) = (0, 0, 0, 0);
        let mut reach = LeavesInReach::default();
        for k in 0..400 {
            let mut lo = Vec3::new(r(), r(), r()) * 180.0;
            let mut to = Vec3::new(r(), r(), r()) * 200.0;
            if k % 10 == 0 {
                // Over the soup (its triangles reach z = 206): nothing in reach.
                (lo.z, to.z) = (215.0 + lo.z / 18.0, 215.0 + to.z / 20.0);
            }
            let size = Vec3::new(
                r() * 40.0,
                r() * 40.0,
                if k % 3 == 0 { 0.0 } else { r() * 20.0 },
            );
            let hi = lo + size;
            if k % 4 == 1 {
                to.z = lo.z; // level with a flat box: axial and planar segments
            }
            assert!(mesh.in_reach((lo, hi, to), mask, &mut reach));
            empty += usize::from(reach.is_empty());
            leaves += reach.packs.len();
            for i in 0..=4 {
                for j in 0..=4 {
                    for h in 0..=1 {
                        let f = Vec3::new(i as f32 / 4.0, j as f32 / 4.0, h as f32);
                        let from = (lo + (hi - lo) * f).clamp(lo, hi);
                        let dir = to - from;
                        let whole = mesh.ray_hits_before_end(from, dir, mask);
                        assert_eq!(
                            mesh.hits_before_end_in(&mut reach, from, dir, mask),
                            whole,
                            "{from} -> {to}"
                        );
                        if whole {
                            blocked += 1;
                        } else {
                            clear += 1;
                        }
                    }
                }
            }
        }
        assert!(
            blocked > 3_000 && clear > 3_000,
            "{blocked} blocked, {clear} clear"
        );
        assert!(empty >= 40, "{empty} boxes with nothing in reach");
        // The whole tree has about 4000 / 4 leaves in 250 packs: far fewer are in reach.
        assert!(leaves < 400 * 60, "{leaves} packs in reach over 400 boxes");
        // Outside the bounds the proof holds for, nothing is said.
        let far = Vec3::splat(200_000.0);
        assert!(!mesh.in_reach((Vec3::ZERO, Vec3::ONE, far), mask, &mut reach));
        assert!(!mesh.in_reach((Vec3::ONE, Vec3::ZERO, far), mask, &mut reach));
    }
}
