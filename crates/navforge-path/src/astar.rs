//! The scaffold every best-first search here shares: the open-list entry, generation-stamped
//! marks (forgotten between queries in O(1)) and the A* state over node indices (costs so far,
//! parents, a reached/expanded stamp per node, a binary heap kept between queries). The grid, polygon
//! corridor and waypoint graph searches run on [`AStar`]; the any-angle search uses [`Open`] and
//! [`Marks`] for its interval nodes and corner roots. (The Source area search keeps its own
//! bucket queue with decrease-key, see `buckets.rs`.)

use std::collections::BinaryHeap;

use crate::polymesh::NONE;

/// A node waiting in the open list: lowest `f` first, then the greater `tie`: the lower index
/// ([`Open::new`]) or the greater cost so far ([`Open::deeper`], deeper nodes first, whatever
/// their index). `f` is kept as its bit pattern, which orders like the value for the
/// non-negative keys searches make, so entries compare as integers and take 16 bytes.
#[derive(Clone, Copy)]
pub(crate) struct Open {
    key: u64,
    tie: u32,
    /// The node (cell, polygon, graph node, search node) index.
    pub id: u32,
}

impl Open {
    /// An entry of estimated total cost `f` (≥ 0); among equal `f`, lower indices first.
    #[inline]
    pub fn new(f: f64, id: u32) -> Open {
        Open::with_tie(f, !id, id)
    }

    /// An entry that goes before others of equal `f` when its cost so far `g` (≥ 0) is greater.
    #[inline]
    pub fn deeper(f: f64, g: f64, id: u32) -> Open {
        Open::with_tie(f, (g as f32 + 0.0).to_bits(), id)
    }

    #[inline]
    fn with_tie(f: f64, tie: u32, id: u32) -> Open {
        // `+ 0.0` turns -0 into 0, whose bits would otherwise order last.
        Open {
            key: (f + 0.0).to_bits(),
            tie,
            id,
        }
    }
}

impl PartialEq for Open {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == std::cmp::Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    #[inline]
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Open {
    // Reversed on `f`, so the max-heap pops the lowest `f`, then the greatest `tie`.
    #[inline]
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.key.cmp(&self.key).then(self.tie.cmp(&o.tie))
    }
}

/// One mark per node, valid for the current query only: starting a query forgets every mark by
/// moving to the next generation (the array is cleared once in 2³² queries).
pub(crate) struct Marks {
    at: Vec<u32>,
    now: u32,
}

impl Marks {
    /// Marks for nodes `0..n`, none set.
    pub fn new(n: usize) -> Marks {
        Marks {
            at: vec![0; n],
            now: 1,
        }
    }

    /// Forget every mark.
    #[inline]
    pub fn next(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.at.fill(0);
            self.now = 1;
        }
    }

    /// Whether node `i` is marked this query.
    #[inline]
    pub fn has(&self, i: usize) -> bool {
        self.at[i] == self.now
    }

    /// Mark node `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.at[i] = self.now;
    }
}

/// Reusable A* state over nodes `0..n`. `DEEPER` breaks ties of `f` towards the greater cost so
/// far (the grid search's choice); otherwise towards the lower index.
pub(crate) struct AStar<const DEEPER: bool = false> {
    /// Cost so far, valid where reached this query.
    pub g: Vec<f64>,
    /// The node each was reached from (`NONE` for the start).
    pub parent: Vec<u32>,
    /// Per node: `open` when reached this query (`g` valid), `open + 1` when expanded; older
    /// values mean unseen (one array, so a visit reads one stamp).
    stamp: Vec<u32>,
    open: u32,
    heap: BinaryHeap<Open>,
}

impl<const DEEPER: bool> AStar<DEEPER> {
    /// State for nodes `0..n`.
    pub fn new(n: usize) -> Self {
        AStar {
            g: vec![0.0; n],
            parent: vec![NONE; n],
            stamp: vec![0; n],
            open: 0,
            heap: BinaryHeap::new(),
        }
    }

    /// A new query from `start`, whose estimate to the goal is `h`.
    pub fn begin(&mut self, start: u32, h: f64) {
        if self.open >= u32::MAX - 2 {
            self.stamp.fill(0);
            self.open = 0;
        }
        self.open += 2;
        self.heap.clear();
        let s = start as usize;
        self.g[s] = 0.0;
        self.parent[s] = NONE;
        self.stamp[s] = self.open;
        self.heap.push(Open::new(h, start));
    }

    /// The next node to expand (closed from now on), or `None` when the open list is empty.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        let closed = self.open + 1;
        while let Some(Open { id, .. }) = self.heap.pop() {
            let s = &mut self.stamp[id as usize];
            if *s != closed {
                *s = closed;
                return Some(id);
            }
        }
        None
    }

    /// Whether node `i` was expanded this query.
    #[inline]
    pub fn is_closed(&self, i: u32) -> bool {
        self.stamp[i as usize] == self.open + 1
    }

    /// Reach node `to` from `from` at cost `g`: kept (and queued with the estimate `h()`, asked
    /// only then) unless `to` is expanded or already reached at no more. Returns whether it was.
    #[inline]
    pub fn relax(&mut self, from: u32, to: u32, g: f64, h: impl FnOnce() -> f64) -> bool {
        let t = to as usize;
        let (open, s) = (self.open, self.stamp[t]);
        if s == open + 1 || (s == open && self.g[t] <= g) {
            return false;
        }
        self.stamp[t] = open;
        self.g[t] = g;
        self.parent[t] = from;
        let f = g + h();
        self.heap.push(if DEEPER {
            Open::deeper(f, g, to)
        } else {
            Open::new(f, to)
        });
        true
    }

    /// Nodes from the start to `end`, following parents.
    pub fn trace(&self, end: u32) -> Vec<u32> {
        let mut out = vec![end];
        let mut at = end;
        while self.parent[at as usize] != NONE {
            at = self.parent[at as usize];
            out.push(at);
        }
        out.reverse();
        out
    }
}
