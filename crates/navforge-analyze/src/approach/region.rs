//! An eye's region in sight, and when a far area's searches can add nothing to its list.
//!
//! Every entry a far area's searches add ([`super::area_approaches_in`]) has for `here` an
//! area its path reaches before leaving sight. The path runs from the eye's area through areas
//! in sight to the first area out of sight, `x`, and `here` is the area before `x` (or, when
//! `x` is the far area itself, the one before that, and the area between is blocked). So the
//! path's start lies in the eye's *region*: its own area and the areas in sight joined to it by
//! steps through areas in sight.
//!
//! When the far area is not next to the region, the searches block only areas out of sight,
//! so the region's own distances from the eye never change, and each path is a shortest one:
//! its part up to `x` is a shortest way from the eye to `x` through the region. Its `here` is
//! then one of `x`'s *nearest neighbours* in the region (those a shortest way to `x` comes
//! from), whatever other far areas blocked before; a pocket out of sight that every way
//! through costs more than the way around it is no one's `x`. Once the list holds every such
//! area of every `x`, the far area's searches add nothing and can be passed over, unless they
//! could end the eye's searches (256 areas blocked: ruled out by counting the areas they can
//! block) or a path out is cut to its last 256 areas (then the scan starts away from the eye).
//! The last is not ruled out but made unlikely: a far area whose shortest way out has more
//! than 128 areas is never passed over, so a path cut to 256 would need the blocked exits to more than
//! double it; no path of the corpus or the brush towns passes 256 areas. A far area next to
//! the region (whose searches may block region areas) is never passed over.

use std::cell::Cell;

use super::graph::{Dir, Graph};
use super::{Approach, MAX_BLOCKED, MAX_PATH};

thread_local! {
    static PASSED_OVER: Cell<u64> = const { Cell::new(0) };
}

/// The far areas this thread passed over since the last call ([`Region::adds_nothing`]
/// true): for the tests that show the rule is taken, not only that lists agree.
#[doc(hidden)]
pub fn take_passed_over() -> u64 {
    PASSED_OVER.with(|c| c.replace(0))
}

/// At most this many areas in a region; an eye that sees more is never passed over (such eyes
/// mostly fill their list, and the walk would cost more than it saves).
const MAX_REGION: usize = 256;

/// A far area whose shortest way from the eye takes this many steps or more (more than this
/// many areas) is never passed over on the way out: blocked paths are longer than the shortest, and one past [`MAX_PATH`] areas
/// loses its first ones, which no region foresees.
const MAX_HOPS_OUT: u16 = (MAX_PATH / 2) as u16;

/// How far over the shortest a way to an area out of sight may be and still count its last
/// region area as one the searches may take: far more than the rounding of any sum of 256
/// steps, and than the rounding of the searches' totals (cost so far plus the distance left,
/// a few hundredths of a unit on the largest maps), so that ways the searches find equal are
/// among them.
fn tolerance(d: f32) -> f32 {
    1e-3 * d + 0.25
}

/// What an eye's region says of its searches ([`Region::of`]).
#[derive(Debug)]
pub(super) struct Region {
    /// The region's areas, ascending.
    areas: Vec<u32>,
    /// The areas a path out ([`Dir::Forward`], index 0) or back to the eye (index 1) may have
    /// for `here`: the nearest neighbours in the region of each area out of sight it steps
    /// to, ascending.
    heres: [Vec<u32>; 2],
    /// How many areas out of sight the region steps to or from.
    outside: usize,
}

/// An area's steps both ways.
fn neighbours(graph: &Graph, a: usize) -> impl Iterator<Item = usize> + '_ {
    let out = graph.steps(Dir::Forward).of(a);
    let into = graph.steps(Dir::Backward).of(a);
    out.iter().chain(into).map(|st| st.to as usize)
}

impl Region {
    /// The region of the eye at area `eye`, whose sight `visible` answers; `None` past
    /// [`MAX_REGION`] areas or when a step's cost is not a finite non-negative number.
    pub(super) fn of(
        graph: &Graph,
        eye: usize,
        visible: &mut impl FnMut(usize) -> bool,
    ) -> Option<Region> {
        if !graph.finite {
            return None;
        }
        let mut areas = vec![eye as u32];
        let mut outside: Vec<u32> = Vec::new();
        let mut met = std::collections::HashSet::from([eye as u32]);
        let mut k = 0;
        while k < areas.len() {
            let a = areas[k] as usize;
            k += 1;
            for n in neighbours(graph, a) {
                if !met.insert(n as u32) {
                    continue;
                }
                if visible(n) {
                    if areas.len() == MAX_REGION {
                        return None;
                    }
                    areas.push(n as u32);
                } else {
                    outside.push(n as u32);
                }
            }
        }
        let heres = [Dir::Forward, Dir::Backward].map(|dir| nearest(graph, &areas, &outside, dir));
        areas.sort_unstable();
        Some(Region {
            areas,
            heres,
            outside: outside.len(),
        })
    }

    fn holds(&self, a: usize) -> bool {
        self.areas.binary_search(&(a as u32)).is_ok()
    }

    /// Whether far area `goal`'s searches from the eye at area `eye` can add nothing to
    /// `out`: the far area is not next to the region, every area that could be their `here`
    /// (walking the steps `dir`) is one already, they cannot block 256 areas, and (on the way
    /// out, `hops_out` the areas of the shortest way there) no path they find is long enough
    /// to lose its first areas.
    pub(super) fn adds_nothing(
        &self,
        graph: &Graph,
        goal: usize,
        (out, dir): (&[Approach], Dir),
        hops_out: Option<u16>,
    ) -> bool {
        // (`hops_out` counts steps: a way of 128 steps has 129 areas.)
        if hops_out.is_some_and(|h| h >= MAX_HOPS_OUT) || self.outside >= MAX_BLOCKED {
            return false;
        }
        if self.holds(goal) || neighbours(graph, goal).any(|v| self.holds(v)) {
            return false;
        }
        let listed = |h: u32| out.iter().any(|x| x.here == h as usize);
        let nothing = self.heres[dir as usize].iter().all(|&h| listed(h));
        if nothing {
            PASSED_OVER.with(|c| c.set(c.get() + 1));
        }
        nothing
    }
}

/// The nearest neighbours in the region `areas` (the eye's first) of each area of `outside`,
/// walking the steps `dir` from the eye ([`Region::heres`]).
fn nearest(graph: &Graph, areas: &[u32], outside: &[u32], dir: Dir) -> Vec<u32> {
    let steps = graph.steps(dir);
    let index: std::collections::HashMap<u32, usize> =
        areas.iter().enumerate().map(|(k, &a)| (a, k)).collect();
    // Shortest ways from the eye through the region (a few hundred areas: a plain scan for
    // the nearest unfinished one).
    let mut dist = vec![f32::INFINITY; areas.len()];
    let mut done = vec![false; areas.len()];
    dist[0] = 0.0;
    while let Some(k) = (0..areas.len())
        .filter(|&k| !done[k] && dist[k].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[k] = true;
        for st in steps.of(areas[k] as usize) {
            if let Some(&j) = index.get(&st.to) {
                dist[j] = dist[j].min(dist[k] + st.cost);
            }
        }
    }
    // The ways into an area from the region, each with its cost from the eye (the steps into
    // it walked back carry the costs of the steps out of the region).
    let into = |x: usize| {
        (graph.steps(dir.back()).of(x).iter())
            .filter_map(|st| index.get(&st.to).map(|&k| (k, dist[k] + st.cost)))
    };
    let mut heres = Vec::new();
    for &x in outside {
        let x = x as usize;
        let best = into(x).map(|(_, c)| c).fold(f32::INFINITY, f32::min);
        if !best.is_finite() {
            continue;
        }
        // A pocket (every step from it and to it is the region's) that no shortest way through
        // the region passes through: no path leaves sight there first.
        if is_shortcut_free_pocket(graph, x, (&index, &dist), (best, dir)) {
            continue;
        }
        let limit = best + tolerance(best);
        heres.extend(into(x).filter(|&(_, c)| c <= limit).map(|(k, _)| areas[k]));
    }
    heres.sort_unstable();
    heres.dedup();
    heres
}

/// Whether area `x` (out of sight, reached from the eye at `into` at best) is a pocket of the
/// region (`index` maps its areas to their distances `dist` from the eye) whose ways through
/// are never shortest: every area it steps to or from is a region area, and going on from `x`
/// (walking `dir`) to any of them costs more than that area's own distance by over
/// [`tolerance`].
fn is_shortcut_free_pocket(
    graph: &Graph,
    x: usize,
    (index, dist): (&std::collections::HashMap<u32, usize>, &[f32]),
    (into, dir): (f32, Dir),
) -> bool {
    if !neighbours(graph, x).all(|n| index.contains_key(&(n as u32))) {
        return false;
    }
    graph.steps(dir).of(x).iter().all(|st| {
        let r = index.get(&st.to).map_or(f32::INFINITY, |&k| dist[k]);
        let through = into + st.cost;
        r + tolerance(through) < through
    })
}
