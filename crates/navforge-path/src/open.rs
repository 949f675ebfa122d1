//! The open-list entry the polygon-corridor and graph searches share: a node by its index,
//! popped lowest `f` first from a `BinaryHeap`.

use std::cmp::Ordering;

/// A node waiting in the open list with its estimated total cost.
pub(crate) struct Open {
    /// Cost so far plus the heuristic.
    pub f: f64,
    /// The node (polygon, graph node) index.
    pub id: u32,
}

impl PartialEq for Open {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Open {
    // Reversed, so the max-heap pops the lowest `f`; ties go to the lower index.
    fn cmp(&self, o: &Self) -> Ordering {
        o.f.total_cmp(&self.f).then(o.id.cmp(&self.id))
    }
}
