//! Disjoint sets over `0..n` (union-find with path halving): which areas, triangles or polygons
//! end up joined, for connectivity checks, islands and fans.

/// Disjoint sets over the indices `0..len`, each index alone at first.
#[derive(Debug, Clone, Default)]
pub struct UnionFind(Vec<usize>);

impl UnionFind {
    /// `n` sets of one index each.
    pub fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }

    /// Start again with `n` sets of one, keeping the allocation.
    pub fn reset(&mut self, n: usize) {
        self.0.clear();
        self.0.extend(0..n);
    }

    /// How many indices there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no indices.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The representative of `i`'s set.
    pub fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    /// Join the sets of `a` and `b`; whether they were apart.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra] = rb;
        ra != rb
    }

    /// How many sets there are.
    pub fn count(&mut self) -> usize {
        (0..self.0.len()).filter(|&i| self.find(i) == i).count()
    }

    /// How many indices each set holds, largest first.
    pub fn sizes(&mut self) -> Vec<usize> {
        let mut size = vec![0usize; self.0.len()];
        for i in 0..self.0.len() {
            size[self.find(i)] += 1;
        }
        size.retain(|&n| n > 0);
        size.sort_unstable_by(|a, b| b.cmp(a));
        size
    }
}

#[cfg(test)]
mod tests {
    use super::UnionFind;

    #[test]
    fn joins_are_transitive_and_counted() {
        let mut u = UnionFind::new(5);
        assert_eq!(u.count(), 5);
        assert!(u.union(0, 1));
        assert!(u.union(3, 1));
        assert!(!u.union(0, 3), "already together");
        assert_eq!(u.find(0), u.find(3));
        assert_ne!(u.find(0), u.find(2));
        assert_eq!(u.count(), 3);
        assert_eq!(u.sizes(), [3, 1, 1]);
        u.reset(2);
        assert_eq!((u.len(), u.count()), (2, 2));
    }
}
