//! Shortest-way tables: the shortest distance over the whole (unblocked) mesh from every area
//! to one far area, or from it to every area, and the tree of those ways, numbered so that a
//! blocked area's cut of it is one range.

use super::graph::{ByArea, Dir, Step};
use super::search::{Open, Search, open_total};

impl Search {
    /// The shortest ways over the whole mesh from `root` to every area (walking the steps
    /// `Forward`) or from every area to `root` (`Backward`): Dijkstra.
    pub(super) fn distances(&mut self, root: usize, dir: Dir) -> Table {
        let steps = self.shared.graph.steps(dir);
        let n = self.shared.graph.center.len();
        let mut near = vec![Near::NONE; n];
        let mut ways = vec![Way::NONE; n];
        let heap = &mut self.open.heap;
        heap.clear();
        near[root].dist = 0.0;
        heap.push(Open::new(0.0, 0, root as u32));
        while let Some(Open { key, area }) = heap.pop() {
            let total = open_total(key);
            if total > near[area as usize].dist {
                continue;
            }
            for &Step { to, how, cost } in steps.of(area as usize) {
                let c = total + cost;
                if c < near[to as usize].dist {
                    near[to as usize].dist = c;
                    let w = &mut ways[to as usize];
                    (w.hop, w.how) = (area, how);
                    heap.push(Open::new(c, 0, to));
                }
            }
        }
        // The shortest ways form a tree rooted at `root`; number it depth first, so that the
        // areas whose way passes through an area are the ones numbered from it to its `last`.
        let children = ByArea::group(
            n,
            ways.iter()
                .enumerate()
                .filter(|(_, w)| (w.hop as usize) < n)
                .map(|(x, w)| (w.hop as usize, x as u32)),
        );
        let mut count = 0u32;
        ways[root].hops = 0;
        // (area, whether its children are done)
        let mut stack = vec![(root as u32, false)];
        while let Some((x, done)) = stack.pop() {
            let x = x as usize;
            if done {
                ways[x].last = count - 1;
                continue;
            }
            near[x].order = count;
            count += 1;
            stack.push((x as u32, true));
            let hops = ways[x].hops.saturating_add(1);
            for &c in children.of(x).iter().rev() {
                ways[c as usize].hops = hops;
                stack.push((c, false));
            }
        }
        Table { near, ways }
    }
}

/// Shortest distances over the whole mesh to (or from) one area, and along which step, area
/// by area: what every search step reads (`near`) apart from what only the path and the
/// blocked areas do (`ways`).
pub(super) struct Table {
    pub(super) near: Vec<Near>,
    pub(super) ways: Vec<Way>,
}

/// What a search reads of an area in a [`Table`], side by side: its distance when it is put
/// in the open list and its depth-first number when it is taken out. A mesh's tables are too
/// many to stay in cache (town 8: 11 MB); read from separate lists, or with the rest
/// of [`Way`], these loads were a third of the search's time.
#[derive(Clone, Copy)]
pub(super) struct Near {
    /// The shortest distance (infinite where there is no way).
    pub(super) dist: f32,
    /// The area's number in a depth-first walk of the tree of ways (`u32::MAX` where there is
    /// no way); its descendants are numbered from it to [`Way::last`].
    pub(super) order: u32,
}

impl Near {
    /// No way (yet).
    const NONE: Near = Near {
        dist: f32::INFINITY,
        order: u32::MAX,
    };
}

/// The rest of an area's shortest way in a [`Table`].
#[derive(Clone, Copy)]
pub(super) struct Way {
    /// The next area on the way (`u32::MAX` at the root and where there is no way), entered
    /// by side `how` as [`Steps`](super::graph::Steps) records it.
    pub(super) hop: u32,
    /// The depth-first number of the area's last descendant ([`Near::order`]).
    pub(super) last: u32,
    /// How many steps the way takes to the root (at most `u16::MAX`, where it stops counting;
    /// 0 where there is no way, which adds no step to a path).
    pub(super) hops: u16,
    pub(super) how: u8,
}

impl Way {
    /// No way (yet).
    const NONE: Way = Way {
        hop: u32::MAX,
        last: 0,
        hops: 0,
        how: 0,
    };
}

impl Table {
    /// The areas whose shortest way passes through `x` (`x` among them), as a range of
    /// `order` numbers.
    pub(super) fn cut(&self, x: usize) -> (u32, u32) {
        (self.near[x].order, self.ways[x].last)
    }

    /// Whether area `x`'s shortest way passes through none of the `cuts` ([`Table::cut`]s).
    pub(super) fn clear(&self, x: usize, cuts: &[(u32, u32)]) -> bool {
        let o = self.near[x].order;
        !cuts.iter().any(|&(a, z)| a <= o && o <= z)
    }
}
