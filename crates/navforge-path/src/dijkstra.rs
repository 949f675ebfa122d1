//! Least costs from a set of areas to every area of an [`AreaGraph`] (a multi-source Dijkstra),
//! for the questions that want all distances at once rather than one path: how soon each team
//! can reach each area (the analysis' earliest occupy times), reach maps, islands by cost.

use std::collections::BinaryHeap;
use std::ops::Add;

use crate::areas::{AreaGraph, Step};
use crate::astar::{Marks, Open};

impl AreaGraph {
    /// The least total cost from any of `starts` (area indices; out of range ones are left out)
    /// to each area, by area index; `None` where no edge leads.
    ///
    /// `cost(from, to, base, step)` prices each directed edge from its ends, its base distance
    /// (centre to centre, or the ladder's length) and how it is taken, `None` to leave it out
    /// (for instance ladders, or areas not to enter); [`AreaGraph::enter_cost`] of `to` and
    /// `base` is the area search's price. Costs must not be negative. They are summed in their own
    /// number type (`f32` sums like the game's `float`s, `f64` more exactly), so a caller that
    /// reproduces a game's figures gets them to the bit.
    pub fn distances<C>(
        &self,
        starts: &[u32],
        cost: impl Fn(u32, u32, f64, Step) -> Option<C>,
    ) -> Vec<Option<C>>
    where
        C: Copy + PartialOrd + Add<Output = C> + Default + Into<f64>,
    {
        let n = self.len();
        let mut dist: Vec<Option<C>> = vec![None; n];
        let mut done = Marks::new(n);
        let mut heap = BinaryHeap::new();
        for &s in starts.iter().filter(|&&s| (s as usize) < n) {
            dist[s as usize] = Some(C::default());
            heap.push(Open::new(0.0, s));
        }
        while let Some(Open { id: a, .. }) = heap.pop() {
            let Some(d) = dist[a as usize].filter(|_| !done.has(a as usize)) else {
                continue;
            };
            done.set(a as usize);
            for (b, base, step) in self.edges(a) {
                let Some(c) = cost(a, b, base, step) else {
                    continue;
                };
                let reached = d + c;
                if dist[b as usize].is_none_or(|old| reached < old) {
                    dist[b as usize] = Some(reached);
                    heap.push(Open::new(reached.into(), b));
                }
            }
        }
        dist
    }
}

#[cfg(test)]
mod tests {
    use navforge_core::model::{Area, Connection, ConnectionKind, NavMesh};

    use super::*;

    fn square(id: u64, x: f32) -> Area {
        let p = |dx: f32, dy: f32| [x + dx, dy, 0.0];
        Area {
            id,
            polygon: vec![p(0.0, 0.0), p(10.0, 0.0), p(10.0, 10.0), p(0.0, 10.0)],
            ..Area::default()
        }
    }

    fn link(from: u64, to: u64) -> Connection {
        Connection {
            from,
            to,
            kind: ConnectionKind::Walk,
            direction: None,
        }
    }

    #[test]
    fn least_costs_from_several_starts_follow_directed_edges() {
        // Areas 1..=4 in a row; 1 -> 2 -> 3 one way, 4 <-> 3 both ways.
        let mesh = NavMesh {
            areas: (1..=4).map(|i| square(i, 10.0 * i as f32)).collect(),
            connections: vec![link(1, 2), link(2, 3), link(3, 4), link(4, 3)],
            ..NavMesh::default()
        };
        let g = AreaGraph::from_model(&mesh).unwrap();
        let ix = |id| g.index_of(id).unwrap();
        let by_id = |d: &[Option<f64>]| (1..=4).map(|id| d[ix(id) as usize]).collect::<Vec<_>>();
        let step = |a: u32, b: u32, _, _| Some((g.centre(b)[0] - g.centre(a)[0]).abs());
        assert_eq!(
            by_id(&g.distances(&[ix(1)], step)),
            [Some(0.0), Some(10.0), Some(20.0), Some(30.0)]
        );
        // From 4 and 2 at once: 3 is 10 from either; 1 is reached by no edge.
        assert_eq!(
            by_id(&g.distances(&[ix(4), ix(2)], step)),
            [None, Some(0.0), Some(10.0), Some(0.0)]
        );
        // An edge left out is not taken; f32 costs sum as f32.
        let no_2_to_3 = |a: u32, b: u32, _, _| (!(a == ix(2) && b == ix(3))).then_some(1.0f32);
        assert_eq!(g.distances(&[ix(1)], no_2_to_3)[ix(4) as usize], None);
    }
}
