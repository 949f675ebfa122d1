//! Approach areas (CS): for each large area that cannot be seen from an area's eye, path there
//! again and again, each time blocking the first area out of sight, and keep the last area in
//! sight before it (at most 16).
//!
//! Two versions of the game's `ComputeApproachAreas` ([`Rules`]): the GoldSrc CS bot's, and
//! Source's (CS:S and CS:GO), which also paths from each far area back to the eye (to pick up
//! one-way links into the area), judges sight from the area's centre before its corners with
//! the sight mask (windows and grates do not hide), and never blocks the eye's own area.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::{Arc, OnceLock};

use navforge_level::{Level, Vec3};

use crate::BotCode;
use crate::geom::{HUMAN_HEIGHT, Mesh};
use navforge_core::attributes::nav_mesh::CROUCH;

/// At most this many approach areas per area.
pub const MAX_APPROACH: usize = 16;
/// Far areas smaller than this on either side are skipped.
const MIN_FAR_SIZE: f32 = 200.0;
/// The game's blocked-list size; more ends the area's search.
const MAX_BLOCKED: usize = 256;
/// The game's longest path it looks along.
const MAX_PATH: usize = 256;

/// One approach entry, by area index (`prev` may be none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Approach {
    /// Area before `here` on the path (none for the first).
    pub prev: Option<usize>,
    /// How `here` was entered from `prev` (side 0..3).
    pub prev_to_here: u8,
    /// The last area seen before the path leaves sight.
    pub here: usize,
    /// The first area out of sight.
    pub next: usize,
    /// How `next` was entered from `here`.
    pub here_to_next: u8,
}

/// Per-thread search state, reused between searches (and between areas of one mesh).
pub struct Search {
    cost: Vec<f32>,
    parent: Vec<(usize, u8)>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    blocked: Vec<u32>,
    now: u32,
    open: OpenList,
    /// [`build_path_again`]'s scratch: the areas lost.
    lost: Vec<usize>,
    shared: Arc<Shared>,
    /// The guide every search takes, when the caller chose it ([`Search::with_guide`]);
    /// otherwise [`Guide::for_mesh`]'s.
    guide: Option<Guide>,
}

/// What the searches over one mesh share ([`Search::sharing`]): its steps, and tables by far
/// area, each worked out on first use by whichever search needs it and kept while the mesh
/// stays (not once per search: rayon makes a search per piece of work it splits off, 31 on
/// town 8).
struct Shared {
    graph: Graph,
    /// The straight-line distance from every area's centre to a far area's (the game's
    /// estimate, worked out once instead of at every push).
    line_to_goal: Vec<OnceLock<Vec<f32>>>,
    /// The shortest ways over the whole mesh (nothing blocked) from every area to a far area
    /// and from a far area to every area: the searches' estimates of the distance left out to
    /// it and back from it. By the direction the table walks (`Backward`: to the far area;
    /// `Forward`: from it). (Boxed: the lists are as long as the mesh, the tables few.)
    ways: [Vec<OnceLock<Box<Table>>>; 2],
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

/// The mesh as the search walks it: each area's centre, and its steps (links, then ladders)
/// with their lengths worked out once, both ways: `out` as a player takes them, `into` the
/// same steps grouped by the area they enter.
struct Graph {
    center: Vec<Vec3>,
    out: Steps,
    /// `to` is the area a step leaves, `how` still the side it enters by.
    into: Steps,
    /// Whether every step's length is a finite, non-negative number (otherwise the searches
    /// are steered by the straight line only, as the game's are).
    finite: bool,
}

/// Which way a search walks the steps: as a player takes them, or against them (from an area
/// to the areas with a step into it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    Forward,
    Backward,
}

impl Dir {
    fn back(self) -> Dir {
        match self {
            Dir::Forward => Dir::Backward,
            Dir::Backward => Dir::Forward,
        }
    }
}

/// Items grouped by area: area `i`'s are `list[first[i]..first[i + 1]]`.
struct ByArea<T> {
    first: Vec<u32>,
    list: Vec<T>,
}

/// Steps grouped by the area they leave (or, for [`Graph::into`], enter).
type Steps = ByArea<Step>;

impl<T> ByArea<T> {
    fn of(&self, area: usize) -> &[T] {
        &self.list[self.first[area] as usize..self.first[area + 1] as usize]
    }
}

impl<T: Copy + Default> ByArea<T> {
    /// `items`, each `(area, item)` with `area` below `areas`, grouped by area, in the order
    /// given within each area (a counting sort: counted, then filled).
    fn group<I: Iterator<Item = (usize, T)> + Clone>(areas: usize, items: I) -> ByArea<T> {
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
    fn steps(&self, dir: Dir) -> &Steps {
        match dir {
            Dir::Forward => &self.out,
            Dir::Backward => &self.into,
        }
    }

    fn of(mesh: &Mesh) -> Graph {
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
struct Step {
    to: u32,
    how: u8,
    cost: f32,
}

/// The most straight-line distances (areas times far areas) a search and those sharing its
/// tables keep together for their far areas' estimates: 2^22 (16 MiB); past it they are worked
/// out at each step.
const MAX_GOAL_TABLE: usize = 1 << 22;

/// The most entries of shortest-way tables ([`Table`], 20 bytes each, one per far area and
/// direction) that [`mesh_approaches`] keeps at once for all its searches: 2^21 (40 MiB). A
/// mesh whose tables do not all fit is analysed a batch of far areas at a time, each area's
/// list kept between batches and the tables dropped after each. Why this size: a 4,008-area
/// town with 170 far areas needs 1.4 M entries, one batch.
const MAX_WAY_TABLES: usize = 1 << 21;

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
        Search::over(Arc::clone(&self.shared), self.guide)
    }

    fn make(mesh: &Mesh, guide: Option<Guide>) -> Search {
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
    fn forget_tables(&mut self) -> bool {
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
    fn steered_by_line(&self, rules: Rules, far: usize) -> bool {
        let n = self.shared.graph.center.len();
        let guide = self.guide.unwrap_or_else(|| Guide::for_mesh(rules, n, far));
        guide == Guide::Line || !self.shared.graph.finite
    }

    /// How many steps of the far-area sequence ([`area_approaches_in`]) a batch takes so that
    /// its shortest-way tables stay within [`MAX_WAY_TABLES`]: all of them when the searches
    /// take no tables.
    fn steps_per_batch(&self, rules: Rules, far: usize) -> usize {
        if self.steered_by_line(rules, far) {
            usize::MAX
        } else {
            (MAX_WAY_TABLES / self.shared.graph.center.len().max(1)).max(1)
        }
    }

    /// A search over `shared`'s mesh and tables, with scratch space of its own.
    fn over(shared: Arc<Shared>, guide: Option<Guide>) -> Search {
        let n = shared.graph.center.len();
        Search {
            cost: vec![0.0; n],
            parent: vec![(usize::MAX, 0); n],
            stamp: vec![0; n],
            closed: vec![0; n],
            blocked: vec![0; n],
            now: 0,
            open: OpenList {
                heap: BinaryHeap::new(),
                seq: 0,
                pushed: vec![0; n],
            },
            lost: Vec::new(),
            shared,
            guide,
        }
    }

    /// The shortest ways over the whole mesh from `root` to every area (walking the steps
    /// `Forward`) or from every area to `root` (`Backward`): Dijkstra.
    fn distances(&mut self, root: usize, dir: Dir) -> Table {
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
struct Table {
    near: Vec<Near>,
    ways: Vec<Way>,
}

/// What a search reads of an area in a [`Table`], side by side: its distance when it is put
/// in the open list and its depth-first number when it is taken out. A mesh's tables are too
/// many to stay in cache (town 8: 11 MB); read from separate lists, or with the rest
/// of [`Way`], these loads were a third of the search's time.
#[derive(Clone, Copy)]
struct Near {
    /// The shortest distance (infinite where there is no way).
    dist: f32,
    /// The area's number in a depth-first walk of the tree of ways (`u32::MAX` where there is
    /// no way); its descendants are numbered from it to [`Way::last`].
    order: u32,
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
struct Way {
    /// The next area on the way (`u32::MAX` at the root and where there is no way), entered
    /// by side `how` as [`Steps`] records it.
    hop: u32,
    /// The depth-first number of the area's last descendant ([`Near::order`]).
    last: u32,
    /// How many steps the way takes to the root (at most `u16::MAX`, where it stops counting;
    /// 0 where there is no way, which adds no step to a path).
    hops: u16,
    how: u8,
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
    fn cut(&self, x: usize) -> (u32, u32) {
        (self.near[x].order, self.ways[x].last)
    }

    /// Whether area `x`'s shortest way passes through none of the `cuts` ([`Table::cut`]s).
    fn clear(&self, x: usize, cuts: &[(u32, u32)]) -> bool {
        let o = self.near[x].order;
        !cuts.iter().any(|&(a, z)| a <= o && o <= z)
    }
}

/// A search's open list: its entries, and the arrival numbers that order equal costs first
/// come first served and tell an area's latest entry from older ones.
struct OpenList {
    heap: BinaryHeap<Open>,
    /// The arrival number of the last area put in the open list.
    seq: u32,
    /// The arrival number of each area's latest entry in the open list.
    pushed: Vec<u32>,
}

impl OpenList {
    /// Empties the list and puts `area` in it, the first to arrive, at `total` cost.
    fn start(&mut self, area: usize, total: f32) {
        self.heap.clear();
        self.seq = 0;
        self.pushed[area] = 0;
        self.heap.push(Open::new(total, 0, area as u32));
    }

    /// Puts `area` in the list at `total` cost, as its latest entry (the one `expand` takes
    /// when it passes over older ones).
    fn push(&mut self, area: usize, total: f32) {
        self.seq = self.seq.wrapping_add(1);
        self.pushed[area] = self.seq;
        self.heap.push(Open::new(total, self.seq, area as u32));
    }
}

/// An open-list entry: its total cost and arrival number packed into one key
/// ([`Open::new`]), and its area.
#[derive(PartialEq, Eq)]
struct Open {
    key: u64,
    area: u32,
}

impl Open {
    /// The entry of `area` at `total` cost, pushed `seq`-th: the key orders as `total` under
    /// `f32::total_cmp`, then `seq` (one integer compare instead of two).
    fn new(total: f32, seq: u32, area: u32) -> Open {
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
fn open_total(key: u64) -> f32 {
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

/// Large areas that approach searches aim at (the game's "good sized" list).
pub fn far_areas(mesh: &Mesh) -> Vec<usize> {
    (0..mesh.areas.len())
        .filter(|&i| {
            let [w, h] = mesh.areas[i].size();
            w >= MIN_FAR_SIZE && h >= MIN_FAR_SIZE
        })
        .collect()
}

/// Whether any corner of area `j` (raised 0.75 of the GoldSrc bot's standing height) is in
/// sight of `eye`.
pub fn area_visible(mesh: &Mesh, level: &Level, eye: Vec3, j: usize) -> bool {
    let a = &mesh.areas[j];
    (0..4).any(|c| {
        let p = a.corner(c) + Vec3::new(0.0, 0.0, 0.75 * BotCode::GoldSrc.human_height());
        !crate::traces::ray_hits(level, eye, p)
    })
}

/// The eye an area's approaches are judged from under the GoldSrc bot's rules: its centre on
/// the ground (the GoldSrc `GetGroundHeight`), raised 0.9 of the bot's standing (or, in crouch
/// areas, crouching) height. Source's: [`Rules::eye`].
pub fn eye(mesh: &Mesh, i: usize, level: &Level) -> Option<Vec3> {
    let a = mesh.areas.get(i)?;
    let c = a.center();
    let ground = ground_height(level, c)?;
    Some(Vec3::new(c.x, c.y, ground + eye_raise(a, BotCode::GoldSrc)))
}

/// How far above the floor an area's eye is: 0.9 of a standing (or, in crouch areas,
/// crouching) height, as `code` measures them.
fn eye_raise(a: &crate::geom::Geom, code: BotCode) -> f32 {
    if a.has(CROUCH) {
        0.9 * code.half_human_height()
    } else {
        0.9 * code.human_height()
    }
}

/// Source's `CNavMesh::GetGroundHeight` ([`Level::source_ground_height`]), its rays counted.
fn source_ground_height(level: &Level, pos: Vec3) -> Option<f32> {
    let (ground, rays) = level.source_ground_height(pos);
    for _ in 0..rays {
        crate::traces::count_one();
    }
    ground
}

/// Which version of the game's `ComputeApproachAreas` to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// The GoldSrc CS bot's (`nav_area.cpp`, CS 1.6 and CZ): paths from the eye out to each
    /// far area only; an area is in sight when a corner is, traced against the solid world
    /// ([`area_visible`]); a first area out of sight next to the eye blocks the eye's own area
    /// and ends the far area.
    GoldSrc,
    /// Source's (`CCSNavArea::ComputeApproachAreas`, CS:S and CS:GO): first paths from the
    /// eye out to every far area, then from every far area back to the eye; paths of two areas
    /// or fewer end the far area; an area is in sight when its centre or a corner is
    /// (`CNavArea::IsVisible`, traced with the sight mask: windows and grates do not hide);
    /// the eye's own area is never blocked.
    Source,
}

impl Rules {
    /// The rules of a file of this `.nav` version: GoldSrc's for its files (version 5 and
    /// older), Source's for the others (as hiding spots are told apart).
    pub fn for_version(version: u32) -> Rules {
        if version > 5 {
            Rules::Source
        } else {
            Rules::GoldSrc
        }
    }

    /// The eye area `i`'s approaches are judged from: [`eye`] for GoldSrc; for Source the
    /// same height over the floor Source's `CNavMesh::GetGroundHeight` finds under the centre
    /// (the nearest floor at or below it, where GoldSrc's layered search can pick a lower one
    /// under stairs: CS:S cs_office 0.803 -> 0.813).
    pub fn eye(self, mesh: &Mesh, i: usize, level: &Level) -> Option<Vec3> {
        match self {
            Rules::GoldSrc => eye(mesh, i, level),
            Rules::Source => {
                let a = mesh.areas.get(i)?;
                let c = a.center();
                let ground = source_ground_height(level, c)?;
                // (Both Source generations measure with the same heights.)
                Some(Vec3::new(
                    c.x,
                    c.y,
                    ground + eye_raise(a, BotCode::Source2013),
                ))
            }
        }
    }

    /// The passes over the far areas: out from the eye (`false`), then (Source) back to it.
    fn passes(self) -> &'static [bool] {
        match self {
            Rules::GoldSrc => &[false],
            Rules::Source => &[false, true],
        }
    }

    /// Whether area `j` is in sight of `eye` under these rules.
    pub fn sees_area(self, mesh: &Mesh, level: &Level, eye: Vec3, j: usize) -> bool {
        match self {
            Rules::GoldSrc => area_visible(mesh, level, eye, j),
            Rules::Source => {
                let a = &mesh.areas[j];
                let up = Vec3::new(0.0, 0.0, 0.75 * HUMAN_HEIGHT);
                let from = crate::traces::cluster(level, eye);
                let sees = |p: Vec3| {
                    crate::traces::line_of_sight_from(
                        level,
                        eye,
                        from,
                        p,
                        crate::traces::cluster(level, p),
                    )
                };
                sees(a.center() + up) || (0..4).any(|c| sees(a.corner(c) + up))
            }
        }
    }
}

/// The approach areas of every area of `mesh` under `rules`, in the order the game stores them:
/// [`area_approaches`] for each area, in parallel, with `search` (made for `mesh`:
/// [`Search::new`], or [`Search::with_guide`]) shared by all threads, a batch of far areas at a
/// time when their shortest-way tables would not fit in 40 MiB together. `tick` is called once
/// per area and batch, with the number of such calls in all.
pub fn mesh_approaches(
    mesh: &Mesh,
    (far, level): (&[usize], &Level),
    rules: Rules,
    search: Search,
    tick: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<Approach>> {
    let per_batch = search.steps_per_batch(rules, far.len());
    in_batches(mesh, (far, level), rules, search, per_batch, tick)
}

/// [`mesh_approaches`] with `per_batch` steps of the far-area sequence a batch (the same lists
/// whatever the batch: each area takes the sequence in order).
fn in_batches(
    mesh: &Mesh,
    (far, level): (&[usize], &Level),
    rules: Rules,
    mut search: Search,
    per_batch: usize,
    tick: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<Approach>> {
    use rayon::prelude::*;
    let steps = rules.passes().len() * far.len();
    let per_batch = per_batch.max(1);
    let batches = steps.div_ceil(per_batch).max(1);
    let total = mesh.areas.len() * batches;
    let mut progress: Vec<Progress> = (0..mesh.areas.len()).map(|_| Progress::default()).collect();
    for batch in 0..batches {
        let start = batch.saturating_mul(per_batch);
        let range = start..start.saturating_add(per_batch);
        // One search per piece of rayon's work, all sharing one set of tables.
        progress.par_iter_mut().enumerate().for_each_init(
            || search.sharing(),
            |s, (i, p)| {
                area_approaches_in(mesh, (i, far, level), rules, s, p, range.clone());
                tick(total);
            },
        );
        // Every sharing search has ended with its piece of work.
        let forgot = search.forget_tables();
        debug_assert!(forgot, "no search shares the tables between batches");
    }
    progress.into_iter().map(|p| p.out).collect()
}

/// Where an area's approach searches stand between batches of far areas
/// ([`area_approaches_in`]): the list so far, whether it is finished (full, overflowed or
/// without an eye), and its eye once found.
#[derive(Debug, Default)]
struct Progress {
    out: Vec<Approach>,
    done: bool,
    eye: Option<Vec3>,
}

/// The approach areas of area `i` under `rules`, in the order the game stores them, with a
/// `search` made for `mesh` ([`Search::new`]). Its tables are worked out for every far area
/// it needs, uncapped (so a mesh past the cap is searched with the exact distance throughout,
/// where it once took the straight line past it): a whole mesh takes [`mesh_approaches`],
/// which keeps them within 40 MiB.
pub fn area_approaches(
    mesh: &Mesh,
    i: usize,
    far: &[usize],
    level: &Level,
    rules: Rules,
    search: &mut Search,
) -> Vec<Approach> {
    let mut progress = Progress::default();
    area_approaches_in(
        mesh,
        (i, far, level),
        rules,
        search,
        &mut progress,
        0..usize::MAX,
    );
    progress.out
}

/// [`area_approaches`] over the steps `steps` of the area's far-area sequence (each pass, out
/// from the eye then back to it, over every far area in turn), going on from `progress`.
fn area_approaches_in(
    mesh: &Mesh,
    (i, far, level): (usize, &[usize], &Level),
    rules: Rules,
    search: &mut Search,
    progress: &mut Progress,
    steps: std::ops::Range<usize>,
) {
    if progress.done || far.is_empty() {
        return;
    }
    let Some(eye) = progress.eye.or_else(|| rules.eye(mesh, i, level)) else {
        progress.done = true;
        return;
    };
    progress.eye = Some(eye);
    // A search made for another mesh (the caller's slip) is made again for this one.
    if search.shared.graph.center.len() != mesh.areas.len() {
        *search = Search::make(mesh, search.guide);
    }
    let line_estimate = search.steered_by_line(rules, far.len());
    let exact = !line_estimate;
    let n = mesh.areas.len().max(1);
    // (Its own handle: the searches below borrow `search` mutably while reading the tables.)
    let shared = Arc::clone(&search.shared);
    // Visibility of each area from the eye, computed once, on demand.
    let mut seen: Vec<Option<bool>> = vec![None; mesh.areas.len()];
    let mut visible =
        |j: usize| -> bool { *seen[j].get_or_insert_with(|| rules.sees_area(mesh, level, eye, j)) };
    let (out, done) = (&mut progress.out, &mut progress.done);
    let mut path: Vec<(usize, u8)> = Vec::with_capacity(MAX_PATH);
    let mut cuts: Vec<(u32, u32)> = Vec::with_capacity(MAX_BLOCKED);
    // Out from the eye (`false`), then (Source) back to it from each far area.
    let passes = rules.passes();
    let end = steps.end.min(passes.len() * far.len());
    for step in steps.start..end {
        let (to_eye, rank) = (passes[step / far.len()], step % far.len());
        let goal = far[rank];
        // Full: nothing a later goal finds could be kept (its searches were wasted).
        if out.len() >= MAX_APPROACH {
            *done = true;
            return;
        }
        search.now = search.now.wrapping_add(1);
        if search.now == 0 {
            search.blocked.iter_mut().for_each(|b| *b = 0);
            search.now = 1;
        }
        let block_mark = search.now;
        let mut blocked_count = 0usize;
        if visible(goal) {
            continue;
        }
        // How the searches go. With the game's straight line, as the game's do: out from
        // the eye (steered by the line to the far area, worked out once: the same numbers
        // the search would work out, for the first MAX_GOAL_TABLE / n far areas), or back
        // to it from the far area. With the shortest distances, always from the eye
        // (walking the steps backward for the paths back to it): each search stops where
        // it joins a shortest way to the far area that no blocked area cuts, and the next
        // one goes on from it (`build_path_again`).
        let (start, target, dir) = match (exact, to_eye) {
            (true, true) => (i, goal, Dir::Backward),
            (_, false) => (i, goal, Dir::Forward),
            (false, true) => (goal, i, Dir::Forward),
        };
        let line_table = (line_estimate && !to_eye && rank < MAX_GOAL_TABLE / n).then(|| {
            let centers = &shared.graph.center;
            let goal_pos = centers[goal];
            let line = || centers.iter().map(|&c| (c - goal_pos).length()).collect();
            shared.line_to_goal[goal].get_or_init(line).as_slice()
        });
        // The far area's table walks against the search: back from it to the eye's
        // search, out to it for the eye's.
        // (Worked out on first use, by this search or another sharing the tables.)
        let table = exact.then(|| {
            let way = &shared.ways[dir.back() as usize][goal];
            &**way.get_or_init(|| Box::new(search.distances(goal, dir.back())))
        });
        // The blocked areas' cuts of the table's ways.
        cuts.clear();
        // Each pass blocks one more area (at most MAX_BLOCKED of them) or ends: a path that
        // leaves sight nowhere (the area is its own goal, or the first 256 areas of a longer
        // path are all in sight) would be found again unchanged, forever.
        let mut overflow = false;
        // Where the last pass's search stopped, and the area it blocked then (for
        // `build_path_again`).
        let mut last_pass = None;
        while out.len() < MAX_APPROACH {
            let left = match (table, line_table) {
                (Some(t), _) => Estimate::Exact(t, &cuts),
                (None, Some(t)) => Estimate::Table(t),
                (None, None) => Estimate::Line,
            };
            let found = match last_pass {
                Some(last) if exact => {
                    build_path_again(start, target, last, search, block_mark, left, dir)
                }
                _ => build_path(start, target, search, block_mark, left, dir),
            };
            let Some(joined) = found else {
                break;
            };
            // The path from the eye to the far area, each area with the side it was
            // entered by (back to the eye: from the area after it), at most MAX_PATH
            // areas: out to the goal, the game keeps the last ones (the goal's end); back
            // to the eye, the first ones.
            // Read from the table only as far as the scan below looks, unless the path
            // out is too long and loses its first areas (then it is read whole, and
            // nothing asked before the cut).
            let length = match table {
                Some(t) => {
                    let ends = (joined, target);
                    path_until(search, ends, t, (MAX_PATH, !to_eye), &mut path, |a| {
                        visible(a)
                    })
                }
                None => {
                    path_found(search, joined, target, None, &mut path);
                    path.len()
                }
            };
            match (dir, start == i) {
                (Dir::Forward, true) => {}
                // Back to the eye from the far area: the same, turned around.
                (Dir::Forward, false) => path.reverse(),
                // Back to the eye, searched from it: each area's record is of the step
                // from the area after it.
                (Dir::Backward, _) => {
                    for k in 1..path.len() {
                        path[k - 1].1 = path[k].1;
                    }
                    if let Some(last) = path.last_mut() {
                        last.1 = 0;
                    }
                }
            }
            if to_eye {
                path.truncate(MAX_PATH);
            } else {
                path.drain(..path.len().saturating_sub(MAX_PATH));
            }
            if rules == Rules::Source && length <= 2 {
                break;
            }
            let mut blocked_one = false;
            for k in 1..path.len() {
                if visible(path[k].0) {
                    continue;
                }
                if blocked_count == MAX_BLOCKED {
                    overflow = true;
                    break;
                }
                let block = if path[k].0 == goal { k - 1 } else { k };
                if block == 0 && rules == Rules::Source {
                    continue;
                }
                search.blocked[path[block].0] = block_mark;
                last_pass = Some((joined, path[block].0));
                if let Some(t) = table {
                    cuts.push(t.cut(path[block].0));
                }
                blocked_count += 1;
                blocked_one = true;
                if block == 0 {
                    break;
                }
                let (here, prev_to_here) = path[block - 1];
                if !out.iter().any(|x| x.here == here) {
                    out.push(Approach {
                        prev: (block >= 2).then(|| path[block - 2].0),
                        prev_to_here,
                        here,
                        next: path[block].0,
                        here_to_next: path[block].1,
                    });
                }
                break;
            }
            if overflow || !blocked_one {
                break;
            }
        }
        // The game's blocked list overflowed: it gives up on the area.
        if overflow {
            *done = true;
            return;
        }
    }
}

/// The game's `GetGroundHeight` ([`Level::ground_height`]), its rays counted.
pub(crate) fn ground_height(level: &Level, pos: Vec3) -> Option<f32> {
    for _ in 0..Level::GROUND_HEIGHT_RAYS {
        crate::traces::count_one();
    }
    level.ground_height_with_room(pos, BotCode::GoldSrc.half_human_height())
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
enum Estimate<'a> {
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
fn build_path(
    start: usize,
    goal: usize,
    s: &mut Search,
    block: u32,
    left: Estimate,
    dir: Dir,
) -> Option<usize> {
    // A fresh generation: marks of earlier searches (and the blocked mark) never equal it.
    s.now = s.now.wrapping_add(1);
    if s.now == 0 {
        s.stamp.iter_mut().for_each(|x| *x = 0);
        s.closed.iter_mut().for_each(|x| *x = 0);
        s.now = 1;
    }
    let generation = s.now;
    if s.blocked[start] == block {
        return None;
    }
    s.stamp[start] = generation;
    s.cost[start] = 0.0;
    s.parent[start] = (usize::MAX, 0);
    let first = estimate(s, left, goal, start);
    s.open.start(start, first);
    expand(goal, s, block, left, dir, false)
}

/// `left`'s estimate from area `n` to `goal`.
fn estimate(s: &Search, left: Estimate, goal: usize, n: usize) -> f32 {
    match left {
        Estimate::Line => (s.shared.graph.center[n] - s.shared.graph.center[goal]).length(),
        Estimate::Table(t) => t[n],
        Estimate::Exact(t, _) => t.near[n].dist,
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
            let rest = estimate(s, left, goal, n);
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
/// as [`Steps`] records it (the start with 0). At most twice the mesh's areas.
fn path_found(
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
fn path_until(
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

/// [`build_path`] again after area `b` (one on the path it found, stopping at `joined`) was
/// blocked, going on from the search it left instead of starting over: the areas it reached
/// through `b` are forgotten and reached again from the areas it finished without `b`, whose distances
/// blocking cannot change; then the search runs on. The path found is as short as a whole
/// search's (with `left` a consistent estimate, as the shortest-distance tables are), but
/// where several are, it may be another one.
fn build_path_again(
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
        let rest = estimate(s, left, goal, x);
        if rest == f32::INFINITY {
            continue;
        }
        s.stamp[x] = generation;
        s.cost[x] = c;
        s.parent[x] = (p, how);
        s.open.push(x, c + rest);
    }
    if rejoin {
        let rest = estimate(s, left, goal, joined);
        s.open.push(joined, s.cost[joined] + rest);
    }
    s.lost = lost;
    expand(goal, s, block, left, dir, true)
}

#[cfg(test)]
#[path = "../tests/common/city.rs"]
mod city;

#[cfg(test)]
mod tests {
    use super::*;

    /// The path of the search that stopped at `joined` (`path_found`), each step checked to
    /// be one of the mesh's walked `dir` (with the side it records), from `start` to `goal`,
    /// and no area on it blocked with `block`; and its length, the sum of its steps.
    fn walked(
        s: &Search,
        joined: usize,
        start: usize,
        goal: usize,
        table: Option<&Table>,
        dir: Dir,
        block: u32,
    ) -> (Vec<usize>, f32) {
        let mut found = Vec::new();
        path_found(s, joined, goal, table, &mut found);
        assert_eq!(found.first().map(|x| x.0), Some(start), "from the start");
        assert_eq!(found.last().map(|x| x.0), Some(goal), "to the goal");
        let mut length = 0.0f32;
        for w in found.windows(2) {
            let ((from, _), (to, how)) = (w[0], w[1]);
            let step = s
                .shared
                .graph
                .steps(dir)
                .of(from)
                .iter()
                .find(|st| st.to as usize == to && st.how == how)
                .expect("each step of the path is one of the mesh's");
            length += step.cost;
            assert_ne!(s.blocked[to], block, "no blocked area on the path");
        }
        assert!(found.len() <= s.shared.graph.center.len(), "no loop");
        (found.iter().map(|x| x.0).collect(), length)
    }

    /// A small xorshift generator (the same numbers on every run).
    fn picker() -> impl FnMut(usize) -> usize {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        }
    }

    /// On a small GoldSrc town (every step as long as the straight line between its centres,
    /// so the game's straight-line search finds shortest paths), the exact-distance guide
    /// finds a path exactly when the game's does, and one as long, for 400 searches between
    /// random areas with up to 24 random areas blocked; some of the paths differ (so the test
    /// compares two searches, not one).
    #[test]
    fn exact_guide_finds_paths_as_short_as_the_straight_line() {
        let (_, doc) = city::town(3, city::Rules::GoldSrc);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        assert!(n > 200, "{n} areas");
        let mut s = Search::new(&mesh);
        let mut pick = picker();
        let (mut found, mut unreachable, mut other_paths) = (0, 0, 0);
        for _ in 0..400 {
            let (start, goal) = (pick(n), pick(n));
            s.now += 1;
            let block = s.now;
            let mut cut = Vec::new();
            let table = s.distances(goal, Dir::Backward);
            for _ in 0..pick(25) {
                let b = pick(n);
                if b != start && b != goal {
                    s.blocked[b] = block;
                    cut.push(table.cut(b));
                }
            }
            let fw = Dir::Forward;
            let by_line = build_path(start, goal, &mut s, block, Estimate::Line, fw)
                .map(|j| walked(&s, j, start, goal, None, fw, block));
            let exact = Estimate::Exact(&table, &cut);
            let by_table = build_path(start, goal, &mut s, block, exact, fw)
                .map(|j| walked(&s, j, start, goal, Some(&table), fw, block));
            match (by_line, by_table) {
                (Some((a, la)), Some((b, lb))) => {
                    assert!(
                        (la - lb).abs() <= 1e-3 * la.max(1.0),
                        "{start} -> {goal}: {la} by the line, {lb} by the table"
                    );
                    found += 1;
                    other_paths += usize::from(a != b);
                }
                (None, None) => unreachable += 1,
                (a, b) => panic!(
                    "{start} -> {goal}: found by the line {}, by the table {}",
                    a.is_some(),
                    b.is_some()
                ),
            }
        }
        assert!(found >= 300, "{found} paths found, {unreachable} not");
        assert!(other_paths > 0, "the two guides never chose another path");
    }

    /// Searches sharing one set of tables ([`Search::sharing`]), a new one for every area and
    /// the areas taken last to first (so each table is worked out by another search than
    /// usual), give every area the same list as one search alone; under both rules, on a town
    /// big enough for the shortest-way tables.
    #[test]
    fn searches_sharing_tables_give_the_same_lists() {
        for rules in [city::Rules::CssV9, city::Rules::GoldSrc] {
            let (level, doc) = city::town(3, rules);
            let mesh = Mesh::from_document(&doc);
            let far = far_areas(&mesh);
            let rules = Rules::for_version(doc.version);
            let guide = Guide::Exact;
            let mut alone = Search::with_guide(&mesh, guide);
            let shared = Search::with_guide(&mesh, guide);
            let n = mesh.areas.len();
            let mut entries = 0;
            for i in (0..n).rev() {
                let one = area_approaches(&mesh, i, &far, &level, rules, &mut alone);
                let mut each = shared.sharing();
                let other = area_approaches(&mesh, i, &far, &level, rules, &mut each);
                assert_eq!(one, other, "{rules:?} area {i}");
                entries += one.len();
            }
            assert!(entries > 100, "{rules:?}: {entries} entries");
        }
    }

    /// A mesh analysed a batch of far areas at a time (its tables dropped between batches, each
    /// area's list carried over) gives every area the list one search over the whole sequence
    /// gives, whatever the batch: one step (a far area and a pass) at a time, a few, and all;
    /// under both rules, each with the exact distance.
    #[test]
    fn batches_of_far_areas_give_the_same_lists() {
        for rules in [city::Rules::CssV9, city::Rules::GoldSrc] {
            let (level, doc) = city::town(3, rules);
            let mesh = Mesh::from_document(&doc);
            let far = far_areas(&mesh);
            let rules = Rules::for_version(doc.version);
            let steps = rules.passes().len() * far.len();
            assert!(steps >= 6, "{rules:?}: {steps} steps");
            let mut alone = Search::with_guide(&mesh, Guide::Exact);
            let whole: Vec<Vec<Approach>> = (0..mesh.areas.len())
                .map(|i| area_approaches(&mesh, i, &far, &level, rules, &mut alone))
                .collect();
            assert!(whole.iter().map(Vec::len).sum::<usize>() > 100, "{rules:?}");
            for per_batch in [1, 4, steps] {
                let ticks = std::sync::atomic::AtomicUsize::new(0);
                let search = Search::with_guide(&mesh, Guide::Exact);
                let batched = in_batches(&mesh, (&far, &level), rules, search, per_batch, &|_| {
                    ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                });
                assert_eq!(batched, whole, "{rules:?}, {per_batch} a batch");
                let batches = steps.div_ceil(per_batch);
                assert_eq!(ticks.into_inner(), mesh.areas.len() * batches);
            }
        }
    }

    /// A batch takes as many steps as have tables within the cap (at least one), and all of
    /// them when the straight line steers the searches (no tables).
    #[test]
    fn a_batch_keeps_its_tables_within_the_cap() {
        let (_, doc) = city::town(3, city::Rules::CssV9);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        let far = far_areas(&mesh).len();
        let exact = Search::with_guide(&mesh, Guide::Exact);
        let per_batch = exact.steps_per_batch(Rules::Source, far);
        assert!(
            per_batch >= 1 && per_batch * n <= MAX_WAY_TABLES,
            "{per_batch}"
        );
        assert!(
            (per_batch + 1) * n > MAX_WAY_TABLES,
            "{per_batch}: as many as fit"
        );
        let line = Search::with_guide(&mesh, Guide::Line);
        assert_eq!(line.steps_per_batch(Rules::GoldSrc, far), usize::MAX);
        // GoldSrc's own choice on this small mesh is the straight line: one batch.
        assert_eq!(
            Search::new(&mesh).steps_per_batch(Rules::GoldSrc, far),
            usize::MAX
        );
    }

    /// `path_until` gives `path_found`'s path as far as the approach scan looks (up to the
    /// first area out of sight after the start, among the first `limit`, and one more), the
    /// whole path's length, and asks about the areas the scan asks about, in its order (or,
    /// past the limit where the game keeps the goal's end, the whole path and nothing asked);
    /// on random searches each way with random areas blocked and random areas out of sight.
    #[test]
    fn reading_the_path_as_far_as_the_scan_looks_agrees_with_the_whole_path() {
        let (_, doc) = city::town(3, city::Rules::CssV9);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        let mut s = Search::new(&mesh);
        let mut pick = picker();
        let (mut whole, mut part) = (Vec::new(), Vec::new());
        let (mut searches, mut read_less, mut cut_whole) = (0, 0, 0);
        for dir in [Dir::Forward, Dir::Backward] {
            for _ in 0..300 {
                let (start, goal) = (pick(n), pick(n));
                let table = s.distances(goal, dir.back());
                s.now += 1;
                let block = s.now;
                let mut cut = Vec::new();
                for _ in 0..pick(6) {
                    let b = pick(n);
                    if b != start && b != goal {
                        s.blocked[b] = block;
                        cut.push(table.cut(b));
                    }
                }
                let exact = Estimate::Exact(&table, &cut);
                let Some(joined) = build_path(start, goal, &mut s, block, exact, dir) else {
                    continue;
                };
                path_found(&s, joined, goal, Some(&table), &mut whole);
                let odds = 1 + pick(12);
                let out_of_sight: Vec<bool> = (0..n).map(|_| pick(odds) == 0).collect();
                let limit = [2, 5, MAX_PATH][pick(3)];
                let mut asked = Vec::new();
                let goal_end = pick(4) == 0;
                let ends = (joined, goal);
                let length = path_until(&s, ends, &table, (limit, goal_end), &mut part, |a| {
                    asked.push(a);
                    !out_of_sight[a]
                });
                assert_eq!(length, whole.len(), "the whole path's length");
                if goal_end && length > limit {
                    // A path cut at its start: read whole, nothing asked.
                    assert_eq!(part, whole);
                    assert!(asked.is_empty(), "{asked:?}");
                    cut_whole += 1;
                    searches += 1;
                    continue;
                }
                assert_eq!(
                    part[..],
                    whole[..part.len()],
                    "a beginning of the whole path"
                );
                // The scan: the areas after the start up to the first out of sight.
                let scanned = whole.len().min(limit);
                let first_out = (1..scanned).find(|&k| out_of_sight[whole[k].0]);
                let needed = first_out.map_or(scanned, |k| (k + 2).min(whole.len()));
                assert!(
                    part.len() >= needed,
                    "{} areas read, {needed} needed",
                    part.len()
                );
                let asked_by_scan: Vec<usize> = whole[1..first_out.map_or(scanned, |k| k + 1)]
                    .iter()
                    .map(|x| x.0)
                    .collect();
                assert_eq!(asked, asked_by_scan, "the areas the scan asks about");
                searches += 1;
                read_less += usize::from(part.len() < whole.len());
            }
        }
        assert!(searches > 400, "{searches} searches");
        assert!(cut_whole > 20, "only {cut_whole} paths cut at the start");
        assert!(
            read_less > 100,
            "only {read_less} of {searches} paths read in part"
        );
    }

    /// A far area's re-searches as the approach stage runs them with the shortest distances
    /// (`build_path_again`: each goes on from the last one after one more area of the path it
    /// found is blocked, and stops where a clear shortest way joins) find a path exactly when
    /// a whole search with nothing carried over and no early stop does, and one as long, step
    /// by step valid; walking the steps forward (out from the eye) and backward (back to it).
    /// 150 random start and goal pairs each way, each re-searched until no path is left or 40
    /// areas are blocked (an area of the path at random, the start and goal aside).
    #[test]
    fn going_on_finds_paths_as_short_as_a_whole_search() {
        let (_, doc) = city::town(3, city::Rules::CssV9);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        let mut s = Search::new(&mesh);
        let mut whole = Search::new(&mesh);
        let mut pick = picker();
        let (mut searches, mut went_on, mut other_paths) = (0, 0, 0);
        for dir in [Dir::Forward, Dir::Backward] {
            for _ in 0..150 {
                let (start, goal) = (pick(n), pick(n));
                let table = s.distances(goal, dir.back());
                s.now += 1;
                let block = s.now;
                let mut cut = Vec::new();
                // Where the last search stopped, and the area blocked since.
                let mut last: Option<(usize, usize)> = None;
                for _ in 0..40 {
                    let exact = Estimate::Exact(&table, &cut);
                    let joined = match last {
                        Some(last) => {
                            build_path_again(start, goal, last, &mut s, block, exact, dir)
                        }
                        None => build_path(start, goal, &mut s, block, exact, dir),
                    };
                    // The whole search: its own blocked marks, the plain table as its estimate.
                    whole.now += 1;
                    let whole_block = whole.now;
                    for (k, &b) in s.blocked.iter().enumerate() {
                        if b == block {
                            whole.blocked[k] = whole_block;
                        }
                    }
                    let dist: Vec<f32> = table.near.iter().map(|w| w.dist).collect();
                    let plain = Estimate::Table(&dist);
                    let by_whole = build_path(start, goal, &mut whole, whole_block, plain, dir)
                        .map(|j| walked(&whole, j, start, goal, None, dir, whole_block));
                    let by_going_on =
                        joined.map(|j| walked(&s, j, start, goal, Some(&table), dir, block));
                    searches += 1;
                    went_on += usize::from(last.is_some());
                    let Some((path, length)) = by_going_on else {
                        assert!(
                            by_whole.is_none(),
                            "{start} -> {goal}: only a whole search finds a path"
                        );
                        break;
                    };
                    let (other, whole_length) = by_whole.expect("a whole search finds one too");
                    assert!(
                        (length - whole_length).abs() <= 1e-3 * whole_length.max(1.0),
                        "{dir:?} {start} -> {goal}: {length} going on, {whole_length} whole"
                    );
                    other_paths += usize::from(path != other);
                    if path.len() <= 2 {
                        break;
                    }
                    let b = path[1 + pick(path.len() - 2)];
                    s.blocked[b] = block;
                    cut.push(table.cut(b));
                    last = joined.map(|j| (j, b));
                }
            }
        }
        assert!(went_on > 2_000, "{searches} searches, {went_on} going on");
        assert!(other_paths > 0, "never another path");
    }
}
