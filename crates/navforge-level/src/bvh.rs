//! A bounding volume hierarchy over boxes (triangles, brushes): binned-SAH build, flat nodes,
//! near-child-first segment traversal. Shared by the triangle soup and the brush set.

use crate::math::Aabb;
use glam::Vec3;

const LEAF_MAX: usize = 4;
const BINS: usize = 12;
/// Below this depth the build halves by count, so no path is longer than it plus log2(n) < 96.
const MEDIAN_DEPTH: usize = 48;
const STACK: usize = 96;

/// A node: a box and either two children (at `first` and `first + 1`) or `count` primitives.
#[derive(Debug, Clone, Copy)]
#[repr(C)]
struct Node {
    min: Vec3,
    first: u32,
    max: Vec3,
    count: u32,
}

/// Where the segment `from + t / inv` (t in `[0, tmax]`) enters the box `min..max`, if it
/// meets it: the slab test of [`Bvh::segment`], which `Bvh4::ray_as_binary` computes lane by
/// lane with the same operations (for any inverse direction without a NaN; it gives up where
/// a NaN could make the two walks differ).
#[inline]
fn slab(min: Vec3, max: Vec3, from: Vec3, inv: Vec3, tmax: f32) -> Option<f32> {
    let t1 = (min - from) * inv;
    let t2 = (max - from) * inv;
    let tn = t1.min(t2).max_element().max(0.0);
    let tf = t1.max(t2).min_element().min(tmax);
    (tn <= tf).then_some(tn)
}

/// The hierarchy; `order[i]` is the primitive stored in slot `i`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bvh {
    nodes: Vec<Node>,
    /// Primitive index for each slot, in leaf order.
    pub order: Vec<u32>,
}

impl Bvh {
    /// Build over the boxes of the primitives.
    pub fn build(boxes: &[Aabb]) -> Bvh {
        let n = boxes.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        let centers: Vec<Vec3> = boxes.iter().map(|b| b.center()).collect();
        let mut nodes = Vec::with_capacity(2 * n.max(1));
        nodes.push(Node {
            min: Vec3::ZERO,
            first: 0,
            max: Vec3::ZERO,
            count: n as u32,
        });
        // An explicit stack keeps degenerate inputs from overflowing the call stack.
        let mut stack = vec![(0usize, 0usize, n, 0usize)];
        while let Some((ni, start, len, depth)) = stack.pop() {
            let mut bounds = Aabb::EMPTY;
            let mut cbounds = Aabb::EMPTY;
            for &p in &order[start..start + len] {
                bounds.add_box(&boxes[p as usize]);
                cbounds.add_point(centers[p as usize]);
            }
            if bounds.is_empty() {
                bounds = Aabb::new(Vec3::ZERO, Vec3::ZERO);
            }
            nodes[ni].min = bounds.min;
            nodes[ni].max = bounds.max;
            nodes[ni].first = start as u32;
            nodes[ni].count = len as u32;
            if len <= LEAF_MAX {
                continue;
            }
            let items = &mut order[start..start + len];
            let mid = if depth >= MEDIAN_DEPTH {
                // Deep trees come from adversarial inputs: halving bounds the traversal stack.
                median_split(items, &centers, &cbounds)
            } else {
                match split(items, boxes, &centers, &cbounds, &bounds) {
                    Some(m) => m,
                    None => continue, // no split pays: keep one leaf
                }
            };
            let left = nodes.len();
            nodes.push(nodes[ni]);
            nodes.push(nodes[ni]);
            nodes[ni].first = left as u32;
            nodes[ni].count = 0;
            stack.push((left, start, mid, depth + 1));
            stack.push((left + 1, start + mid, len - mid, depth + 1));
        }
        Bvh { nodes, order }
    }

    /// Node `i` as (min, max, first, count); `count == 0` marks an inner node whose children
    /// are `first` and `first + 1`.
    pub fn node(&self, i: usize) -> Option<(Vec3, Vec3, u32, u32)> {
        self.nodes.get(i).map(|n| (n.min, n.max, n.first, n.count))
    }

    /// Bounds of everything.
    pub fn bounds(&self) -> Aabb {
        match self.nodes.first() {
            Some(n) if !self.order.is_empty() => Aabb::new(n.min, n.max),
            _ => Aabb::EMPTY,
        }
    }

    /// Visit the slots whose boxes, grown by `expand`, the segment `from + t * dir` (t in
    /// `[0, tmax]`) passes through, nearest box first. `visit(slot, tmax)` returns a new,
    /// smaller `tmax` when it hits, which prunes farther boxes; the final `tmax` is returned.
    /// `visit` returning `Some(f32::NEG_INFINITY)` stops the walk (an any-hit query).
    #[inline]
    pub fn segment<F: FnMut(usize, f32) -> Option<f32>>(
        &self,
        from: Vec3,
        dir: Vec3,
        mut tmax: f32,
        expand: Vec3,
        mut visit: F,
    ) -> f32 {
        if self.order.is_empty() {
            return tmax;
        }
        let inv = dir.recip();
        let slab = |n: &Node, tmax: f32| slab(n.min - expand, n.max + expand, from, inv, tmax);
        let mut stack = [0u32; STACK];
        let mut sp = 0usize;
        let mut node = &self.nodes[0];
        if slab(node, tmax).is_none() {
            return tmax;
        }
        loop {
            if node.count > 0 {
                let first = node.first as usize;
                for slot in first..first + node.count as usize {
                    if let Some(t) = visit(slot, tmax) {
                        if t == f32::NEG_INFINITY {
                            return t;
                        }
                        tmax = tmax.min(t);
                    }
                }
            } else {
                let l = node.first as usize;
                let (a, b) = (&self.nodes[l], &self.nodes[l + 1]);
                let (ta, tb) = (slab(a, tmax), slab(b, tmax));
                match (ta, tb) {
                    (Some(x), Some(y)) => {
                        let (near, far) = if x <= y { (l, l + 1) } else { (l + 1, l) };
                        if sp < stack.len() {
                            stack[sp] = far as u32;
                            sp += 1;
                        }
                        node = &self.nodes[near];
                        continue;
                    }
                    (Some(_), None) => {
                        node = a;
                        continue;
                    }
                    (None, Some(_)) => {
                        node = b;
                        continue;
                    }
                    (None, None) => {}
                }
            }
            // Pop the next box that the (possibly shortened) segment still reaches.
            loop {
                if sp == 0 {
                    return tmax;
                }
                sp -= 1;
                let n = &self.nodes[stack[sp] as usize];
                if slab(n, tmax).is_some() {
                    node = n;
                    break;
                }
            }
        }
    }

    /// Visit the slots whose boxes overlap `query`.
    pub fn overlapping<F: FnMut(usize)>(&self, query: &Aabb, mut visit: F) {
        let meets = |b: &Aabb| b.overlaps(query);
        self.all_in_leaves::<STACK>(meets, true, |slot| {
            visit(slot);
            true
        });
    }

    /// Whether `ok` holds for every slot of every leaf that `meets` accepts, with every box
    /// above it (so `meets` must accept a box whenever it accepts a box inside it), stopping at
    /// the first that fails. A tree that is a single leaf is asked whole, as a ray walk visits
    /// it without a box test (what the proofs built on this need).
    pub fn every_in_reach(
        &self,
        meets: impl Fn(&Aabb) -> bool,
        ok: impl FnMut(usize) -> bool,
    ) -> bool {
        self.all_in_leaves::<STACK>(meets, false, ok)
    }

    /// The walk under [`Bvh::overlapping`] and [`Bvh::every_in_reach`]: `ok` on the slots of
    /// each leaf whose box `meets` accepts, with every box above it (a root leaf's box tested
    /// only when `root_box`), until it answers `false`. `N`: how many nodes wait on the call's
    /// own stack before the rest spill to the heap ([`STACK`]; the tests take fewer to walk the
    /// spill).
    fn all_in_leaves<const N: usize>(
        &self,
        meets: impl Fn(&Aabb) -> bool,
        root_box: bool,
        mut ok: impl FnMut(usize) -> bool,
    ) -> bool {
        if self.order.is_empty() {
            return true;
        }
        // The nodes left to visit: on the call's own stack (no path is deeper than [`STACK`]
        // by the build), spilling to the heap only past it. An allocation per call was 3 % of
        // the brush town's visibility stage's profile, which asks this for nearly every look.
        let mut stack = [0u32; N];
        let mut spill: Vec<u32> = Vec::new();
        let mut sp = 1usize;
        loop {
            let i = match spill.pop() {
                Some(i) => i as usize,
                None if sp > 0 => {
                    sp -= 1;
                    stack[sp] as usize
                }
                None => return true,
            };
            let n = &self.nodes[i];
            let tested = root_box || i != 0 || n.count == 0;
            if tested && !meets(&Aabb::new(n.min, n.max)) {
                continue;
            }
            if n.count > 0 {
                let first = n.first as usize;
                if !(first..first + n.count as usize).all(&mut ok) {
                    return false;
                }
            } else {
                for child in [n.first, n.first + 1] {
                    if sp < N && spill.is_empty() {
                        stack[sp] = child;
                        sp += 1;
                    } else {
                        spill.push(child);
                    }
                }
            }
        }
    }
}

/// Partition `items` by the cheapest binned-SAH plane; the left part's length, or `None`.
fn split(
    items: &mut [u32],
    boxes: &[Aabb],
    centers: &[Vec3],
    cbounds: &Aabb,
    bounds: &Aabb,
) -> Option<usize> {
    let extent = cbounds.max - cbounds.min;
    let mut best: Option<(f32, usize, usize)> = None; // cost, axis, bin boundary
    for axis in 0..3 {
        if extent[axis] <= 0.0 || !extent[axis].is_finite() {
            continue;
        }
        let scale = BINS as f32 / extent[axis];
        let bin_of = |c: Vec3| (((c[axis] - cbounds.min[axis]) * scale) as usize).min(BINS - 1);
        let mut bin_box = [Aabb::EMPTY; BINS];
        let mut bin_n = [0usize; BINS];
        for &p in items.iter() {
            let b = bin_of(centers[p as usize]);
            bin_box[b].add_box(&boxes[p as usize]);
            bin_n[b] += 1;
        }
        let mut right_area = [0f32; BINS];
        let mut right_n = [0usize; BINS];
        let (mut acc, mut n) = (Aabb::EMPTY, 0);
        for b in (1..BINS).rev() {
            acc.add_box(&bin_box[b]);
            n += bin_n[b];
            right_area[b] = acc.area();
            right_n[b] = n;
        }
        let (mut acc, mut n) = (Aabb::EMPTY, 0);
        for b in 1..BINS {
            acc.add_box(&bin_box[b - 1]);
            n += bin_n[b - 1];
            if n == 0 || right_n[b] == 0 {
                continue;
            }
            let cost = acc.area() * n as f32 + right_area[b] * right_n[b] as f32;
            if best.is_none_or(|(c, _, _)| cost < c) {
                best = Some((cost, axis, b));
            }
        }
    }
    let (cost, axis, boundary) = best?;
    // A leaf costs one test per item; split only when the halves are expected to be cheaper.
    if cost >= bounds.area() * items.len() as f32 && items.len() <= 16 {
        return None;
    }
    let scale = BINS as f32 / extent[axis];
    let mut i = 0;
    let mut j = items.len();
    while i < j {
        let c = centers[items[i] as usize];
        let b = (((c[axis] - cbounds.min[axis]) * scale) as usize).min(BINS - 1);
        if b < boundary {
            i += 1;
        } else {
            j -= 1;
            items.swap(i, j);
        }
    }
    (i > 0 && i < items.len()).then_some(i)
}

/// Split at the median centre along the widest axis.
fn median_split(items: &mut [u32], centers: &[Vec3], cbounds: &Aabb) -> usize {
    let e = cbounds.max - cbounds.min;
    let axis = if e.x >= e.y && e.x >= e.z {
        0
    } else if e.y >= e.z {
        1
    } else {
        2
    };
    let mid = items.len() / 2;
    items.select_nth_unstable_by(mid, |&a, &b| {
        centers[a as usize][axis].total_cmp(&centers[b as usize][axis])
    });
    mid
}

#[cfg(test)]
mod tests {
    use super::*;
    use navforge_core::testing::Rng;

    /// A coordinate in `0..range`, on a coarse grid so that boxes touch and repeat.
    fn coord(rng: &mut Rng, range: usize) -> f32 {
        (rng.below(range) / 8 * 8) as f32
    }

    /// A point with coordinates in `0..range[axis]` ([`coord`]).
    fn point(rng: &mut Rng, range: [usize; 3]) -> Vec3 {
        Vec3::from(range.map(|r| coord(rng, r)))
    }

    /// The walk as it was written before the fixed stack: a `Vec` of nodes, both children
    /// pushed. The slots visited in order, and the most nodes ever waiting.
    fn reference_walk(bvh: &Bvh, query: &Aabb, root_box: bool) -> (Vec<usize>, usize) {
        let (mut seen, mut most) = (Vec::new(), 0);
        if bvh.order.is_empty() {
            return (seen, most);
        }
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let n = &bvh.nodes[i];
            let tested = root_box || i != 0 || n.count == 0;
            if tested && !Aabb::new(n.min, n.max).overlaps(query) {
                continue;
            }
            if n.count > 0 {
                seen.extend(n.first as usize..(n.first + n.count) as usize);
            } else {
                stack.push(n.first as usize);
                stack.push(n.first as usize + 1);
                most = most.max(stack.len());
            }
        }
        (seen, most)
    }

    /// Random boxes (many of them the same box, which the build can only halve by count), then
    /// random query boxes: for both walks (`overlapping`'s, whose root leaf is box-tested, and
    /// `every_in_reach`'s, whose is not), with the tree's own stack and with a stack of two
    /// nodes, the slots are the reference walk's, in its order: those whose boxes overlap the
    /// query and their leaves' other slots, each once. `every_in_reach` stops at the first
    /// slot it refuses.
    #[test]
    fn walks_visit_every_overlapping_slot_once_whatever_the_stack() {
        let mut rng = Rng::new(0x5eed_b0c5);
        let (mut spilling_walks, mut root_leaves_missed) = (0, 0);
        for case in 0..300 {
            let n = 1 + rng.below(200);
            let same = rng.below(2) == 0;
            let boxes: Vec<Aabb> = (0..n)
                .map(|_| {
                    if same && rng.below(4) != 0 {
                        return Aabb::new(Vec3::ZERO, Vec3::ONE);
                    }
                    let lo = point(&mut rng, [512, 512, 64]);
                    Aabb::new(lo, lo + point(&mut rng, [96, 96, 32]))
                })
                .collect();
            let bvh = Bvh::build(&boxes);
            for _ in 0..20 {
                let lo = point(&mut rng, [600, 600, 80]);
                let query = Aabb::new(lo - Vec3::splat(8.0), lo + point(&mut rng, [200, 200, 40]));
                // A tree of one leaf whose box misses the query: `overlapping` visits none of
                // it, `every_in_reach` all of it (the rule the reference walk shares).
                let root = &bvh.nodes[0];
                if root.count > 0 && !Aabb::new(root.min, root.max).overlaps(&query) {
                    root_leaves_missed += 1;
                    assert!(reference_walk(&bvh, &query, true).0.is_empty());
                    assert_eq!(
                        reference_walk(&bvh, &query, false).0,
                        (0..n).collect::<Vec<_>>()
                    );
                }
                let meets = |b: &Aabb| b.overlaps(&query);
                for root_box in [true, false] {
                    let (want, most) = reference_walk(&bvh, &query, root_box);
                    spilling_walks += usize::from(most > 2);
                    let walk = |small: bool| {
                        let mut seen = Vec::new();
                        let visit = |slot: usize| {
                            seen.push(slot);
                            true
                        };
                        if small {
                            bvh.all_in_leaves::<2>(meets, root_box, visit);
                        } else {
                            bvh.all_in_leaves::<STACK>(meets, root_box, visit);
                        }
                        seen
                    };
                    assert_eq!(walk(false), want, "case {case}: the reference walk's slots");
                    assert_eq!(walk(true), want, "case {case}: whatever the stack");
                    let mut once = want.clone();
                    once.sort_unstable();
                    once.dedup();
                    assert_eq!(once.len(), want.len(), "case {case}: each slot once");
                    let overlapping =
                        (0..n).filter(|&slot| boxes[bvh.order[slot] as usize].overlaps(&query));
                    assert!(
                        overlapping.clone().all(|s| want.contains(&s)),
                        "case {case}: every overlapping slot"
                    );
                    // Refused at the first slot past a chosen count.
                    let stop = rng.below(want.len() + 1);
                    let mut asked = 0;
                    let all = bvh.all_in_leaves::<2>(meets, root_box, |_| {
                        asked += 1;
                        asked <= stop
                    });
                    assert_eq!(all, stop == want.len(), "case {case}");
                    assert_eq!(asked, (stop + 1).min(want.len()), "case {case}");
                }
            }
        }
        assert!(
            spilling_walks >= 1_000,
            "{spilling_walks} walks that spill a two-node stack"
        );
        assert!(
            root_leaves_missed >= 20,
            "{root_leaves_missed} one-leaf trees missed"
        );
    }
}
