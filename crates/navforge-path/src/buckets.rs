//! The area search's open list: a bucket queue with decrease-key, exact in its order.
//!
//! A* with a consistent heuristic pops keys that never decrease, and every key in the open list
//! lies within twice the dearest edge of the last key popped. So the keys fit a ring of `B`
//! buckets of width `w` (`B·w` above that spread): a push links the node into its bucket and sets
//! one bit, a pop finds the next set bit and takes the smallest key of that bucket, and a cheaper
//! route to a queued node moves it between buckets instead of queueing it twice. No comparisons
//! between far-apart keys and no sifting: on Source meshes this is several times cheaper than a
//! binary heap.

use crate::polymesh::NONE;

const BUCKETS: usize = 1 << 14;
const WORDS: usize = BUCKETS / 64;

/// A monotone priority queue of node indices `0..n` with `f64` keys.
pub(crate) struct BucketQueue {
    /// Buckets per unit of key.
    scale: f64,
    /// Absolute bucket of the last key popped; every queued key's bucket is at or after it.
    cursor: u64,
    len: usize,
    /// First node of each bucket (valid while its bit is set).
    head: Vec<u32>,
    filled: Vec<u64>,
    /// Per node, valid while it is queued: key, ring slot, and its bucket's list links.
    key: Vec<f64>,
    slot: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
}

impl BucketQueue {
    /// A queue for nodes `0..n`.
    pub(crate) fn new(n: usize) -> Self {
        BucketQueue {
            scale: 1.0,
            cursor: 0,
            len: 0,
            head: vec![NONE; BUCKETS],
            filled: vec![0; WORDS],
            key: vec![0.0; n],
            slot: vec![0; n],
            next: vec![NONE; n],
            prev: vec![NONE; n],
        }
    }

    /// Empty the queue for keys that never spread more than `spread` above the last popped.
    pub(crate) fn reset(&mut self, spread: f64) {
        if self.len > 0 {
            self.filled.fill(0);
            self.len = 0;
        }
        self.cursor = 0;
        // Two buckets to spare for rounding; a spread of 0 (or not finite) gets unit buckets.
        self.scale = if spread > 0.0 && spread.is_finite() {
            (BUCKETS - 2) as f64 / spread
        } else {
            1.0
        };
    }

    #[inline]
    fn bucket_of(&self, key: f64) -> u64 {
        // `as` saturates (NaN to 0); keys below the cursor by rounding join its bucket, and keys
        // past the ring (impossible with a consistent heuristic) its last bucket.
        let b = (key * self.scale) as u64;
        b.clamp(self.cursor, self.cursor + BUCKETS as u64 - 1)
    }

    #[inline]
    fn link(&mut self, node: u32, key: f64) {
        let slot = (self.bucket_of(key) as usize) & (BUCKETS - 1);
        let n = node as usize;
        self.key[n] = key;
        self.slot[n] = slot as u32;
        self.prev[n] = NONE;
        let (word, bit) = (slot / 64, 1u64 << (slot % 64));
        if self.filled[word] & bit != 0 {
            let h = self.head[slot];
            self.next[n] = h;
            self.prev[h as usize] = node;
        } else {
            self.next[n] = NONE;
            self.filled[word] |= bit;
        }
        self.head[slot] = node;
    }

    #[inline]
    fn unlink(&mut self, node: u32) {
        let n = node as usize;
        let (p, x) = (self.prev[n], self.next[n]);
        if x != NONE {
            self.prev[x as usize] = p;
        }
        if p != NONE {
            self.next[p as usize] = x;
        } else {
            let slot = self.slot[n] as usize;
            self.head[slot] = x;
            if x == NONE {
                self.filled[slot / 64] &= !(1u64 << (slot % 64));
            }
        }
    }

    /// Queue `node` (not queued now) with `key`.
    #[inline]
    pub(crate) fn push(&mut self, node: u32, key: f64) {
        self.link(node, key);
        self.len += 1;
    }

    /// Lower the key of queued `node`.
    #[inline]
    pub(crate) fn decrease(&mut self, node: u32, key: f64) {
        self.unlink(node);
        self.link(node, key);
    }

    /// The queued node with the smallest key, removed.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        // The next filled bucket at or after the cursor, round the ring.
        let start = (self.cursor as usize) & (BUCKETS - 1);
        let mut word = start / 64;
        let mut bits = self.filled[word] & (u64::MAX << (start % 64));
        let mut steps = 0;
        while bits == 0 {
            word = (word + 1) % WORDS;
            bits = self.filled[word];
            steps += 1;
            if steps > WORDS {
                return None; // unreachable while len > 0
            }
        }
        let slot = word * 64 + bits.trailing_zeros() as usize;
        let ahead = (slot + BUCKETS - start) & (BUCKETS - 1);
        self.cursor += ahead as u64;
        // The smallest key in the bucket (most hold one node).
        let mut best = self.head[slot];
        let mut at = self.next[best as usize];
        while at != NONE {
            if self.key[at as usize] < self.key[best as usize] {
                best = at;
            }
            at = self.next[at as usize];
        }
        self.unlink(best);
        self.len -= 1;
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::BucketQueue;

    #[test]
    fn pops_in_key_order_with_decreases() {
        let mut q = BucketQueue::new(10);
        q.reset(10.0);
        let mut keys = vec![5.0, 0.25, 3.5, 3.5, 9.9, 0.0, 2.0, 7.75, 1e-9, 4.0];
        for (i, &k) in keys.iter().enumerate().take(9) {
            q.push(i as u32, k);
        }
        q.decrease(4, 1.5);
        keys[4] = 1.5;
        let mut out = Vec::new();
        while let Some(i) = q.pop() {
            out.push(keys[i as usize]);
            // A push above the last key popped, as A* makes them.
            if out.len() == 3 {
                q.push(9, 4.0);
            }
        }
        let mut sorted = keys.clone();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(out, sorted);
        q.push(1, 3.0);
        q.reset(1.0);
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn keys_without_a_spread_and_odd_keys_still_pop() {
        let mut q = BucketQueue::new(4);
        q.reset(0.0);
        q.push(0, f64::NAN);
        q.push(1, 1e300);
        q.push(2, -1.0);
        q.push(3, 2.0);
        let mut n = 0;
        while q.pop().is_some() {
            n += 1;
        }
        assert_eq!(n, 4);
    }
}
