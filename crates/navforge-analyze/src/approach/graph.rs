//! The mesh as the approach searches walk it: each area's steps (links, then ladders), both ways.

use navforge_level::Vec3;

use crate::geom::Mesh;

/// The mesh as the search walks it: each area's centre, and its steps (links, then ladders)
/// with their lengths worked out once, both ways: `out` as a player takes them, `into` the
/// same steps grouped by the area they enter.
pub(super) struct Graph {
    pub(super) center: Vec<Vec3>,
    pub(super) out: Steps,
    /// `to` is the area a step leaves, `how` still the side it enters by.
    pub(super) into: Steps,
    /// Whether every step's length is a finite, non-negative number (otherwise the searches
    /// are steered by the straight line only, as the game's are).
    pub(super) finite: bool,
}

/// Which way a search walks the steps: as a player takes them, or against them (from an area
/// to the areas with a step into it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dir {
    Forward,
    Backward,
}

impl Dir {
    pub(super) fn back(self) -> Dir {
        match self {
            Dir::Forward => Dir::Backward,
            Dir::Backward => Dir::Forward,
        }
    }
}

/// Items grouped by area: area `i`'s are `list[first[i]..first[i + 1]]`.
pub(super) struct ByArea<T> {
    pub(super) first: Vec<u32>,
    pub(super) list: Vec<T>,
}

/// Steps grouped by the area they leave (or, for [`Graph::into`], enter).
pub(super) type Steps = ByArea<Step>;

impl<T> ByArea<T> {
    pub(super) fn of(&self, area: usize) -> &[T] {
        &self.list[self.first[area] as usize..self.first[area + 1] as usize]
    }
}

impl<T: Copy + Default> ByArea<T> {
    /// `items`, each `(area, item)` with `area` below `areas`, grouped by area, in the order
    /// given within each area (a counting sort: counted, then filled).
    pub(super) fn group<I: Iterator<Item = (usize, T)> + Clone>(
        areas: usize,
        items: I,
    ) -> ByArea<T> {
        let mut first = vec![0u32; areas + 1];
        for (area, _) in items.clone() {
            first[area + 1] += 1;
        }
        for i in 0..areas {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut list = vec![T::default(); first[areas] as usize];
        for (area, item) in items {
            list[fill[area] as usize] = item;
            fill[area] += 1;
        }
        ByArea { first, list }
    }
}

impl Graph {
    /// The steps as a search walking `dir` takes them.
    pub(super) fn steps(&self, dir: Dir) -> &Steps {
        match dir {
            Dir::Forward => &self.out,
            Dir::Backward => &self.into,
        }
    }

    pub(super) fn of(mesh: &Mesh) -> Graph {
        let n = mesh.areas.len();
        let center: Vec<Vec3> = mesh.areas.iter().map(|a| a.center()).collect();
        let mut first = Vec::with_capacity(n + 1);
        let mut list = Vec::new();
        for (i, a) in mesh.areas.iter().enumerate() {
            first.push(list.len() as u32);
            for l in a.links.iter().filter(|l| l.to != i && l.to < n) {
                list.push(Step {
                    to: l.to as u32,
                    how: l.dir,
                    cost: (center[l.to] - center[i]).length(),
                });
            }
            for &(to, how, len) in a.ladders.iter().filter(|l| l.0 != i && l.0 < n) {
                list.push(Step {
                    to: to as u32,
                    how,
                    cost: len,
                });
            }
        }
        first.push(list.len() as u32);
        let out = Steps { first, list };
        // The steps again, grouped by the area they enter.
        let into = Steps::group(
            n,
            (0..n).flat_map(|from| {
                out.of(from).iter().map(move |st| {
                    let into = Step {
                        to: from as u32,
                        ..*st
                    };
                    (st.to as usize, into)
                })
            }),
        );
        let finite = out
            .list
            .iter()
            .all(|st| st.cost.is_finite() && st.cost >= 0.0);
        Graph {
            center,
            out,
            into,
            finite,
        }
    }
}

/// One way out of an area: to `to`, entered as `how`, `cost` units long.
#[derive(Clone, Copy, Default)]
pub(super) struct Step {
    pub(super) to: u32,
    pub(super) how: u8,
    pub(super) cost: f32,
}
