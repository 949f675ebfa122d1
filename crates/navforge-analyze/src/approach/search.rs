//! The approach path search: the game's A* (`NavAreaBuildPath` with `ApproachAreaCost`), steered
//! by the straight line or by the shortest-way tables, and going on from the last search after
//! one more area is blocked.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::{Arc, OnceLock};

use super::Rules;
use super::graph::{Dir, Graph, Step};
use super::ways::Table;
use crate::geom::Mesh;

/// Per-thread search state, reused between searches (and between areas of one mesh).
pub struct Search {
    pub(super) cost: Vec<f32>,
    pub(super) parent: Vec<(usize, u8)>,
    pub(super) stamp: Vec<u32>,
    pub(super) closed: Vec<u32>,
    pub(super) blocked: Vec<u32>,
    /// A lower bound on each area's distance left to the goal, learned when
    /// [`build_path_again`] lost the area ([`Estimate::Exact`] takes the larger of it and the
    /// table's); valid where `bound_of` holds the blocked mark of the goal's searches.
    pub(super) bound: Vec<f32>,
    pub(super) bound_of: Vec<u32>,
    pub(super) now: u32,
    pub(super) open: OpenList,
    /// [`build_path_again`]'s scratch: the areas lost.
    pub(super) lost: Vec<usize>,
    /// [`Region::of`](super::region::Region::of)'s scratch space.
    pub(super) region_scratch: super::region::Scratch,
    /// [`Region::adds_nothing`](super::region::Region::adds_nothing)'s walk's space.
    pub(super) reach: super::region::Reach,
    pub(super) shared: Arc<Shared>,
    /// The guide every search takes, when the caller chose it ([`Search::with_guide`]);
    /// otherwise [`Guide::for_mesh`]'s.
    pub(super) guide: Option<Guide>,
    /// Whether a far area whose searches can add nothing to an eye's list is passed over
    /// (the region module's rule); off only to test that rule ([`Search::every_far_area`]).
    pub(super) pass_over: bool,
}

/// What the searches over one mesh share ([`Search::sharing`]): its steps, and tables by far
/// area, each worked out on first use by whichever search needs it and kept while the mesh
/// stays (not once per search: rayon makes a search per piece of work it splits off, 31 on
/// town 8).
pub(super) struct Shared {
    pub(super) graph: Graph,
    /// The straight-line distance from every area's centre to a far area's (the game's
    /// estimate, worked out once instead of at every push).
    pub(super) line_to_goal: Vec<OnceLock<Vec<f32>>>,
    /// The shortest ways over the whole mesh (nothing blocked) from every area to a far area
    /// and from a far area to every area: the searches' estimates of the distance left out to
    /// it and back from it. By the direction the table walks (`Backward`: to the far area;
    /// `Forward`: from it). (Boxed: the lists are as long as the mesh, the tables few.)
    pub(super) ways: [Vec<OnceLock<Box<Table>>>; 2],
}

/// What steers the approach searches toward their goal (see the private `Estimate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guide {
    /// The straight line between centres: the game's, so its order and its choice among
    /// equally short paths.
    Line,
    /// The shortest distance over the whole mesh, worked out once per goal: paths just as
    /// short, found with far fewer areas looked at (each search stops where it joins a
    /// shortest way no blocked area cuts, and the next goes on from it), but another of
    /// several equally short ones may be found. Source's searches always take it: there it
    /// agrees with the game's order to within 0.002 on the corpus pairs (measured where
    /// `Estimate` is defined).
    Exact,
}

/// The most search work, areas × areas × far areas, for which GoldSrc's searches keep the
/// game's straight-line guide; a larger mesh is searched with the exact distance
/// ([`Guide::Exact`], as Source's always are).
///
/// Why: the approach stage looks at about eyes × far areas × re-searches × areas per search
/// areas, and the last grows with the mesh too, so its time follows areas² × far areas. On
/// this project's 2-core machine (release build) the GoldSrc dev maps took 0.15–0.19 s per
/// million of that product with the straight line: de_dust2 (1,207 areas, 1 far area: 1.5
/// million) 0.27 s, cs_assault (634, 9: 3.6 million) 0.55 s; so 20 million is about 3 s, past
/// which the game's order costs more than the rest of the analysis. (The synthetic town of the
/// tests costs less per million, 0.05–0.07 s, but its 2,543-area mesh, 724 million, took 48 s
/// with the line and 14 s with the exact distance; measured again as CPU on a loaded machine,
/// 9.9 s with whole exact searches and 5.4 s going on from the last one.) Every GoldSrc map of
/// the corpus is far below it, so its output is the game's order, byte for byte.
pub const LINE_GUIDE_MAX_WORK: u64 = 20_000_000;

impl Guide {
    /// The guide of a mesh of `areas` areas and `far` far areas under `rules`: Source's
    /// searches always take the exact distance (a speed choice that keeps the corpus figures);
    /// GoldSrc's the straight line up to [`LINE_GUIDE_MAX_WORK`].
    pub fn for_mesh(rules: Rules, areas: usize, far: usize) -> Guide {
        let work = (areas as u64)
            .saturating_mul(areas as u64)
            .saturating_mul(far as u64);
        match rules {
            Rules::GoldSrc if work <= LINE_GUIDE_MAX_WORK => Guide::Line,
            _ => Guide::Exact,
        }
    }
}

/// The most straight-line distances (areas times far areas) a search and those sharing its
/// tables keep together for their far areas' estimates: 2^22 (16 MiB); past it they are worked
/// out at each step.
pub(super) const MAX_GOAL_TABLE: usize = 1 << 22;

/// The most entries of shortest-way tables ([`Table`], 20 bytes each, one per far area and
/// direction) that [`mesh_approaches`](super::mesh_approaches) keeps at once for all its searches:
/// 2^21 (40 MiB). A mesh whose tables do not all fit is analysed a batch of far areas at a time,
/// each area's list kept between batches and the tables dropped after each. Why this size: a
/// 4,008-area town with 170 far areas needs 1.4 M entries, one batch.
pub(super) const MAX_WAY_TABLES: usize = 1 << 21;

impl Search {
    /// The search over `mesh`: its steps laid out once, scratch space for its areas, and room
    /// for the distance tables worked out as its areas are searched. One per analysis (each
    /// thread takes a [`Search::sharing`] copy); a search serves one mesh.
    pub fn new(mesh: &Mesh) -> Search {
        Search::make(mesh, None)
    }

    /// [`Search::new`] with every search steered by `guide`, whatever the mesh's size and
    /// rules (to compare the two guides on one mesh).
    pub fn with_guide(mesh: &Mesh, guide: Guide) -> Search {
        Search::make(mesh, Some(guide))
    }

    /// Another search over the same mesh, sharing this one's steps and shortest-way tables
    /// (worked out by whichever search needs one first) but with scratch space of its own:
    /// one per thread.
    pub fn sharing(&self) -> Search {
        Search {
            pass_over: self.pass_over,
            ..Search::over(Arc::clone(&self.shared), self.guide)
        }
    }

    /// This search, made to search every far area an eye does not see, even one whose
    /// searches can add nothing to the eye's list: the same lists, for the tests that hold
    /// the rule that passes such far areas over to the lists it keeps.
    #[doc(hidden)]
    pub fn every_far_area(self) -> Search {
        Search {
            pass_over: false,
            ..self
        }
    }

    pub(super) fn make(mesh: &Mesh, guide: Option<Guide>) -> Search {
        let n = mesh.areas.len();
        let shared = Shared {
            graph: Graph::of(mesh),
            line_to_goal: (0..n).map(|_| OnceLock::new()).collect(),
            ways: [(); 2].map(|_| (0..n).map(|_| OnceLock::new()).collect()),
        };
        Search::over(Arc::new(shared), guide)
    }

    /// Drops the shortest-way tables worked out so far (between batches of far areas); false,
    /// and the tables kept, while another search still shares them.
    pub(super) fn forget_tables(&mut self) -> bool {
        let Some(shared) = Arc::get_mut(&mut self.shared) else {
            return false;
        };
        for table in shared.ways.iter_mut().flatten() {
            table.take();
        }
        true
    }

    /// Whether the game's straight-line estimate steers this search's paths under `rules`
    /// toward `far` far areas (no tables): GoldSrc's rule on meshes up to
    /// [`LINE_GUIDE_MAX_WORK`], and any mesh whose step lengths the exact distances cannot be
    /// worked out from. Otherwise the shortest distances over the mesh do.
    pub(super) fn steered_by_line(&self, rules: Rules, far: usize) -> bool {
        let n = self.shared.graph.center.len();
        let guide = self.guide.unwrap_or_else(|| Guide::for_mesh(rules, n, far));
        guide == Guide::Line || !self.shared.graph.finite
    }

    /// How many steps of the far-area sequence ([`area_approaches_in`](super::area_approaches_in))
    /// a batch takes so that its shortest-way tables stay within [`MAX_WAY_TABLES`]: all of them
    /// when the searches take no tables.
    pub(super) fn steps_per_batch(&self, rules: Rules, far: usize) -> usize {
        if self.steered_by_line(rules, far) {
            usize::MAX
        } else {
            (MAX_WAY_TABLES / self.shared.graph.center.len().max(1)).max(1)
        }
    }

    /// Moves the search on to its next mark (`now`), the number its marks of this search (or
    /// this far area's blocked areas) are told apart by. When the count comes round to 0, every
    /// mark is cleared but the blocked areas' and bounds' of `live` (the far area being
    /// searched, or 0 for none), so that no mark left from before can match a later number.
    pub(super) fn next_mark(&mut self, live: u32) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.closed.iter_mut().for_each(|x| *x = 0);
            for (b, m) in self.blocked.iter_mut().zip(&mut self.bound_of) {
                if *b != live {
                    *b = 0;
                }
                if *m != live {
                    *m = 0;
                }
            }
            self.now = 1;
        }
    }

    /// A search over `shared`'s mesh and tables, with scratch space of its own.
    pub(super) fn over(shared: Arc<Shared>, guide: Option<Guide>) -> Search {
        let n = shared.graph.center.len();
        Search {
            cost: vec![0.0; n],
            parent: vec![(usize::MAX, 0); n],
            stamp: vec![0; n],
            closed: vec![0; n],
            blocked: vec![0; n],
            bound: vec![0.0; n],
            bound_of: vec![0; n],
            now: 0,
            open: OpenList {
                heap: BinaryHeap::new(),
                seq: 0,
                pushed: vec![0; n],
            },
            lost: Vec::new(),
            region_scratch: super::region::Scratch::new(n),
            reach: super::region::Reach::new(n),
            shared,
            guide,
            pass_over: true,
        }
    }
}

/// A search's open list: its entries, and the arrival numbers that order equal costs first
/// come first served and tell an area's latest entry from older ones.
pub(super) struct OpenList {
    pub(super) heap: BinaryHeap<Open>,
    /// The arrival number of the last area put in the open list.
    pub(super) seq: u32,
    /// The arrival number of each area's latest entry in the open list.
    pub(super) pushed: Vec<u32>,
}

impl OpenList {
    /// Empties the list and puts `area` in it, the first to arrive, at `total` cost.
    pub(super) fn start(&mut self, area: usize, total: f32) {
        self.heap.clear();
        self.seq = 0;
        self.pushed[area] = 0;
        self.heap.push(Open::new(total, 0, area as u32));
    }

    /// Puts `area` in the list at `total` cost, as its latest entry (the one `expand` takes
    /// when it passes over older ones).
    pub(super) fn push(&mut self, area: usize, total: f32) {
        self.seq = self.seq.wrapping_add(1);
        self.pushed[area] = self.seq;
        self.heap.push(Open::new(total, self.seq, area as u32));
    }
}

/// An open-list entry: its total cost and arrival number packed into one key
/// ([`Open::new`]), and its area.
#[derive(PartialEq, Eq)]
pub(super) struct Open {
    pub(super) key: u64,
    pub(super) area: u32,
}

impl Open {
    /// The entry of `area` at `total` cost, pushed `seq`-th: the key orders as `total` under
    /// `f32::total_cmp`, then `seq` (one integer compare instead of two).
    pub(super) fn new(total: f32, seq: u32, area: u32) -> Open {
        // f32::total_cmp's order as an unsigned integer: negative numbers' magnitude bits
        // flipped, then the sign bit flipped.
        let bits = total.to_bits() as i32;
        let ordered = (bits ^ ((((bits >> 31) as u32) >> 1) as i32)) as u32 ^ 0x8000_0000;
        Open {
            key: (u64::from(ordered) << 32) | u64::from(seq),
            area,
        }
    }
}

/// The total cost an [`Open::new`] key was made from.
pub(super) fn open_total(key: u64) -> f32 {
    // The same flips undo themselves.
    let bits = ((key >> 32) as u32 ^ 0x8000_0000) as i32;
    f32::from_bits((bits ^ ((((bits >> 31) as u32) >> 1) as i32)) as u32)
}

impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on total cost, first come first served on ties (the game's sorted list).
        o.key.cmp(&self.key)
    }
}
impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
/// A search's estimate of the distance left to its goal.
///
/// The game's is the straight line between centres. The shortest distance over the whole mesh
/// (blocking areas only makes paths longer, so it never overestimates) finds a path just as
/// short with far fewer areas looked at (CS:S `cs_office`: 45 million instead of 75 million
/// for whole searches; 10 million going on from the last search and stopping on a clear
/// way), but may pick another of several equally short paths: on the corpus's Source pairs
/// the approach agreement is the same to within 0.002 (`cs_office` 0.8121 against 0.8132
/// for whole searches and 0.8135 with the line, `aim_map` equal to 0.001), on GoldSrc's
/// `de_dust2` 0.974 against 0.975, so GoldSrc keeps the game's up to [`LINE_GUIDE_MAX_WORK`]
/// ([`Guide`]).
#[derive(Clone, Copy)]
pub(super) enum Estimate<'a> {
    /// The straight line between centres (the game's).
    Line,
    /// The straight line worked out beforehand (the same numbers as `Line`).
    Table(&'a [f32]),
    /// The shortest distance over the whole mesh, and the blocked areas' `cuts` of its ways
    /// ([`Table::cut`]). Where an area's shortest way crosses no blocked area, it is the exact
    /// distance left, and the search can stop there.
    Exact(&'a Table, &'a [(u32, u32)]),
}

/// The game's path search (`NavAreaBuildPath` with `ApproachAreaCost`): A* over links and
/// ladders from `start` to `goal` walking the steps `dir`, centre-to-centre distances (a
/// ladder its length), `left` estimating the rest, first come first served on ties, blocked
/// areas skipped. Where it stopped ([`path_found`]): the goal, or with an [`Estimate::Exact`]
/// the first area taken whose shortest way to the goal is clear; none when the goal cannot
/// be reached. The search's state stays in `s` for [`build_path_again`].
pub(super) fn build_path(
    start: usize,
    goal: usize,
    s: &mut Search,
    block: u32,
    left: Estimate,
    dir: Dir,
) -> Option<usize> {
    // A fresh generation: marks of earlier searches (and the blocked mark) never equal it.
    s.next_mark(block);
    let generation = s.now;
    if s.blocked[start] == block {
        return None;
    }
    s.stamp[start] = generation;
    s.cost[start] = 0.0;
    s.parent[start] = (usize::MAX, 0);
    let first = estimate(s, left, goal, start, block);
    s.open.start(start, first);
    expand(goal, s, block, left, dir, false)
}

/// `left`'s estimate from area `n` to `goal`, for the searches whose blocked mark is `block`.
pub(super) fn estimate(s: &Search, left: Estimate, goal: usize, n: usize, block: u32) -> f32 {
    match left {
        Estimate::Line => (s.shared.graph.center[n] - s.shared.graph.center[goal]).length(),
        Estimate::Table(t) => t[n],
        Estimate::Exact(t, _) => {
            let d = t.near[n].dist;
            if s.bound_of[n] == block {
                d.max(s.bound[n])
            } else {
                d
            }
        }
    }
}

/// Runs the search left in `s` until it stops ([`build_path`]); with `latest_only`, an entry
/// other than its area's latest is passed over (after [`build_path_again`] an area's entry
/// may be one from before `b` was blocked).
fn expand(
    goal: usize,
    s: &mut Search,
    block: u32,
    left: Estimate,
    dir: Dir,
    latest_only: bool,
) -> Option<usize> {
    let generation = s.now;
    while let Some(Open { key, area }) = s.open.heap.pop() {
        let area = area as usize;
        if s.closed[area] == generation {
            continue;
        }
        if latest_only && (s.stamp[area] != generation || key as u32 != s.open.pushed[area]) {
            continue;
        }
        let stop = area == goal
            || match left {
                Estimate::Exact(t, cuts) => t.clear(area, cuts),
                _ => false,
            };
        if stop {
            return Some(area);
        }
        let here_cost = s.cost[area];
        s.closed[area] = generation;
        let g = &s.shared.graph;
        for &Step { to, how, cost } in g.steps(dir).of(area) {
            let n = to as usize;
            if s.blocked[n] == block {
                continue;
            }
            let c = here_cost + cost;
            if s.stamp[n] == generation && s.cost[n] <= c {
                continue;
            }
            let rest = estimate(s, left, goal, n, block);
            // No way on to the goal from there, even with nothing blocked.
            if rest == f32::INFINITY {
                continue;
            }
            s.stamp[n] = generation;
            s.closed[n] = 0;
            s.cost[n] = c;
            s.parent[n] = (area, how);
            s.open.push(n, c + rest);
        }
    }
    None
}

/// The path of the search that stopped at `joined` ([`build_path`]), from its start to its
/// goal as it walked: the search's own areas up to `joined`, then (when it stopped short of
/// the goal) `table`'s shortest way on; each area with the side of the step that reached it,
/// as [`Steps`](super::graph::Steps) records it (the start with 0). At most twice the mesh's areas.
pub(super) fn path_found(
    s: &Search,
    joined: usize,
    goal: usize,
    table: Option<&Table>,
    path: &mut Vec<(usize, u8)>,
) {
    search_part(s, joined, path);
    if let Some(table) = table {
        while way_on(table, goal, path) {}
    }
}

/// [`path_found`]'s path read from `table` only as far as the approach scan looks: up to the
/// first area after the start (among the first `limit`) that `in_sight` says is out of sight,
/// and one more (a path walked backward takes each area's side from the area after it). The
/// scan asks `in_sight` about the same areas in the same order. When `goal_end` (the game
/// keeps the goal's end of a path over `limit` areas) and the path is longer, it is read whole
/// and nothing is asked. Returns the whole path's length, counted from the table's depths
/// without walking it (a depth stops counting at `u16::MAX`, far past any limit).
pub(super) fn path_until(
    s: &Search,
    (joined, goal): (usize, usize),
    table: &Table,
    (limit, goal_end): (usize, bool),
    path: &mut Vec<(usize, u8)>,
    mut in_sight: impl FnMut(usize) -> bool,
) -> usize {
    search_part(s, joined, path);
    let length = path.len() + usize::from(table.ways[joined].hops);
    if goal_end && length > limit {
        while way_on(table, goal, path) {}
        return length;
    }
    let mut k = 1;
    while k < limit {
        if k == path.len() && !way_on(table, goal, path) {
            break;
        }
        if !in_sight(path[k].0) {
            if k + 1 == path.len() {
                way_on(table, goal, path);
            }
            break;
        }
        k += 1;
    }
    length
}

/// The search's own part of its path ([`path_found`]): its start to `joined`.
fn search_part(s: &Search, joined: usize, path: &mut Vec<(usize, u8)>) {
    let n = s.shared.graph.center.len();
    path.clear();
    let mut at = joined;
    while at != usize::MAX && path.len() < n {
        path.push((at, s.parent[at].1));
        at = s.parent[at].0;
    }
    path.reverse();
}

/// Puts the next area of `table`'s way from the path's last area on to `goal` at the end of
/// `path`; false once the path is there (or has no way on, or is twice the mesh's areas).
fn way_on(table: &Table, goal: usize, path: &mut Vec<(usize, u8)>) -> bool {
    let n = table.ways.len();
    let Some(&(at, _)) = path.last() else {
        return false;
    };
    if at == goal || path.len() >= 2 * n {
        return false;
    }
    let w = table.ways[at];
    if w.hop as usize >= n {
        return false;
    }
    path.push((w.hop as usize, w.how));
    true
}

/// How much of a path's length [`build_path_again`] leaves out of the bounds it learns from
/// it: far more than the rounding of a sum of a mesh's steps (so a bound never exceeds the
/// distance the search would add up), far less than the detours the bounds are for.
const BOUND_ROOM: f32 = 1e-4;

/// [`build_path`] again after area `b` (one on the path it found, stopping at `joined`) was
/// blocked, going on from the search it left instead of starting over: the areas it reached through
/// `b` are forgotten and reached again from the areas it finished without `b`, whose distances
/// blocking cannot change; then the search runs on. The path found is as short as a whole search's
/// (with `left` never more than the distance left, as the shortest-distance tables and the
/// bounds below are), but where several are, it may be another one.
///
/// Each area lost learns a lower bound on its distance left: the last path's length less the
/// cost of the way to it through `b`. The goal's later searches estimate it by the larger of
/// that and the table's, which keeps them from walking again the areas past `b` that only a
/// long way around reaches (CS:S cs_office: 12 % fewer areas taken out). Such an estimate is
/// still never more than the distance left, but no longer consistent: an area found cheaper
/// after it was taken out is put back (`expand`), so the path is still a shortest one.
pub(super) fn build_path_again(
    start: usize,
    goal: usize,
    (joined, b): (usize, usize),
    s: &mut Search,
    block: u32,
    left: Estimate,
    dir: Dir,
) -> Option<usize> {
    if s.blocked[start] == block {
        return None;
    }
    let generation = s.now;
    // The last path's length (its search stopped at `joined`, whose way on is clear), less
    // room for the rounding of its sums.
    let last_length = match left {
        Estimate::Exact(t, _) if joined < s.cost.len() && s.stamp[joined] == generation => {
            let length = s.cost[joined] + t.near[joined].dist;
            length - BOUND_ROOM * length
        }
        _ => f32::NAN,
    };
    // The areas whose path from the start goes through `b`: `b` and its descendants, each
    // unmarked as it is found (so found once).
    let mut lost = std::mem::take(&mut s.lost);
    lost.clear();
    if s.stamp[b] == generation {
        (s.stamp[b], s.closed[b]) = (0, 0);
        lost.push(b);
    }
    let mut k = 0;
    while k < lost.len() {
        let x = lost[k];
        k += 1;
        // No way from the start through `x` to the goal was shorter than the last path (the
        // way to `x` was its search's), and blocking only makes ways longer: what is left
        // from `x` is at least the difference, now and for the goal's later searches.
        let below = last_length - s.cost[x];
        if below > 0.0 {
            if s.bound_of[x] == block {
                s.bound[x] = s.bound[x].max(below);
            } else {
                (s.bound[x], s.bound_of[x]) = (below, block);
            }
        }
        for st in s.shared.graph.steps(dir).of(x) {
            let y = st.to as usize;
            if s.stamp[y] == generation && s.parent[y].0 == x {
                (s.stamp[y], s.closed[y]) = (0, 0);
                lost.push(y);
            }
        }
    }
    // The area the last search stopped at left the open list then: back in (after the lost
    // areas) if it was kept. Told now: the lost areas reached again are marked anew.
    let rejoin =
        joined < s.stamp.len() && s.stamp[joined] == generation && s.closed[joined] != generation;
    // Each lost area is reached again from the nearest finished area kept (the first of equals, in
    // step order); their old entries in the open list are passed over (`expand`).
    for &x in &lost {
        if s.blocked[x] == block {
            continue;
        }
        let mut best: Option<(f32, usize, u8)> = None;
        for &Step { to, how, cost } in s.shared.graph.steps(dir.back()).of(x) {
            let p = to as usize;
            if s.closed[p] == generation {
                let c = s.cost[p] + cost;
                if best.is_none_or(|(d, ..)| c < d) {
                    best = Some((c, p, how));
                }
            }
        }
        let Some((c, p, how)) = best else {
            continue;
        };
        let rest = estimate(s, left, goal, x, block);
        if rest == f32::INFINITY {
            continue;
        }
        s.stamp[x] = generation;
        s.cost[x] = c;
        s.parent[x] = (p, how);
        s.open.push(x, c + rest);
    }
    if rejoin {
        let rest = estimate(s, left, goal, joined, block);
        s.open.push(joined, s.cost[joined] + rest);
    }
    s.lost = lost;
    expand(goal, s, block, left, dir, true)
}
