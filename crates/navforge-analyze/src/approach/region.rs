//! An eye's region in sight, and when a far area's searches can add nothing to its list.
//!
//! Every entry a far area's searches add ([`super::area_approaches_in`]) has for `here` an
//! area its path reaches before leaving sight. The path runs from the eye's area through areas
//! in sight to the first area out of sight, `x`, and `here` is the area before `x` (or, when
//! `x` is the far area itself, the one before that, and the area between is blocked). So the
//! path's start lies in the eye's *region*: its own area and the areas in sight joined to it by
//! steps through areas in sight.
//!
//! When the far area is not next to the region (no region area steps into it, walking the
//! searches' way: see below), the searches block only areas out of sight, so the region's own
//! distances from the eye never change, and each path is a shortest one:
//! its part up to `x` is a shortest way from the eye to `x` through the region. Its `here` is
//! then one of `x`'s *nearest neighbours* in the region (those a shortest way to `x` comes
//! from), whatever other far areas blocked before. A *pocket* out of sight (up to 64 areas
//! whose every step leads to the region or to one another: a room off it) that every way
//! through costs more than the way around it holds no one's `x`, unless the far area is in
//! it. Nor is an area next to the region `x` when every way on from it, before it comes to
//! another area next to the region or back into the region, costs more than the cheapest way
//! straight there, unless the far area lies on the way (that cheaper way passes only region
//! areas and the area it comes to, so no block cuts it without cutting the path too). Once
//! the list holds every such area of every other `x`, the far area's searches add nothing
//! and can be passed over, unless they could end the eye's searches (the blocked list full:
//! ruled out by building no region that steps to 256 or more areas out of sight) or a path
//! out is cut to its last 256 areas (then the scan starts away from the eye). The last is not
//! ruled out but made unlikely: a far area whose shortest way out has more than 128 areas is
//! never passed over, so a path cut to 256 would need the blocked exits to more than double
//! it; no path of the corpus or the brush towns passes 256 areas. A far area that a region
//! area steps into (walking the searches' way) is never passed over: a path may leave sight
//! first at the far area itself, and its searches then block the region area before it.
//!
//! The same holds part way through a far area's searches, with the areas blocked so far (all
//! of them `x`s, so areas next to the region). A later path's `x` is none of them, and it is
//! none of the exits (areas next to the region) from which the far area can no longer be
//! reached along a shortest path: one whose every step into a region area or an exit costs no
//! more, within the tolerance, than the straight way there through the region (which no block
//! cuts). So once the exits whose `here`s are not all listed are blocked, or sealed off in
//! that sense (a walk from them, cheapest first, bounded at 256 areas, never comes to the far
//! area), the rest of the far area's searches would only find listed `here`s again, and they
//! end. On CS:S cs_office that ended 6,351 of the 7,921 far areas searched by eyes with a
//! region (with the walk bounded at 128 areas), most of whose searches came after the last
//! entry they added (about 90 % of the areas the searches took out).
//!
//! A far area that region areas step into: its searches block those areas one by one (and
//! no other region area), so the region's ways change. Once they are all blocked, no region
//! area is blocked again, and everything above holds for the eye's region without them (the
//! eye's own area and the areas in sight joined to it through areas in sight not blocked),
//! made then for the searches' way only and without pockets ([`Region::toward`]); no blocked
//! area is in it. Its exits still open bound the blocks to come, so it is only taken when
//! they cannot take the game's blocked list to 256. On CS:S cs_office that ends
//! 971 more far areas' searches early; with the changes after it (larger regions and walks),
//! the searches take 1.44 M areas out of their open lists where they took 2.69 M.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashSet;

use super::graph::{Dir, Graph};
use super::{Approach, MAX_BLOCKED, MAX_PATH};

thread_local! {
    static PASSED_OVER: Cell<u64> = const { Cell::new(0) };
    static ENDED_EARLY: Cell<u64> = const { Cell::new(0) };
    static ENDED_BESIDE: Cell<u64> = const { Cell::new(0) };
}

/// The regions made so far, by every thread ([`Region::number`]: a region made on one thread
/// may be asked on another in a later batch of far areas).
static REGIONS_MADE: AtomicU64 = AtomicU64::new(0);

/// The far areas this thread passed over since the last call ([`Region::adds_nothing`]
/// true before their searches; also far areas in sight, as the rule is asked before their
/// sight test): for the tests that show the rule is taken, not only that lists agree.
#[doc(hidden)]
pub fn take_passed_over() -> u64 {
    PASSED_OVER.with(|c| c.replace(0))
}

/// The far areas whose searches this thread ended early since the last call
/// ([`Region::adds_nothing`] true after one of them), as [`take_passed_over`].
#[doc(hidden)]
pub fn take_ended_early() -> u64 {
    ENDED_EARLY.with(|c| c.replace(0))
}

/// Of [`take_ended_early`]'s far areas, those that region areas step into: their searches were
/// ended by the region made without those areas once they were all blocked
/// ([`Region::toward`]). As [`take_passed_over`].
#[doc(hidden)]
pub fn take_ended_beside() -> u64 {
    ENDED_BESIDE.with(|c| c.replace(0))
}

/// Counts one far area passed over.
pub(super) fn count_passed_over() {
    PASSED_OVER.with(|c| c.set(c.get() + 1));
}

/// Counts one far area whose searches ended early; `beside` when the far area is one a region
/// area steps into.
pub(super) fn count_ended_early(beside: bool) {
    ENDED_EARLY.with(|c| c.set(c.get() + 1));
    if beside {
        ENDED_BESIDE.with(|c| c.set(c.get() + 1));
    }
}

/// At most this many areas in a region; an eye that sees more is never passed over (its walk
/// would cost more than it saves). Was 256 until the seal walk's lookups and the regions
/// beside a far area made the rules cheaper: on cs_compound's 4,726-area nav made CS:S v9
/// (on its stand-in map) most eyes see more, and their far areas' searches went on long after
/// their last entry; at 1,024 the approach stage takes a fifth less time there, and the other
/// maps measured change little (brush town 12: 0.95 of the time; cs_office not at all).
const MAX_REGION: usize = 1024;

/// A far area whose shortest way from the eye takes this many steps or more (more than this
/// many areas) is never passed over on the way out, nor are its searches ended early: blocked
/// paths are longer than the shortest, and one past [`MAX_PATH`] areas loses its first ones,
/// which no region foresees.
const MAX_HOPS_OUT: u16 = (MAX_PATH / 2) as u16;

/// How far over the shortest a way to an area out of sight may be and still count its last
/// region area as one the searches may take: far more than the rounding of any sum of 1,024
/// steps, and than the rounding of the searches' totals (cost so far plus the distance left,
/// a few hundredths of a unit on the largest maps), so that ways the searches find equal are
/// among them.
fn tolerance(d: f32) -> f32 {
    1e-3 * d + 0.25
}

/// At most this many areas in a [`Pocket`]: a component of the areas outside the region, or
/// the ways on from one area next to it, that reach more are taken to reach anywhere (the
/// search for their end stops there).
const MAX_POCKET: usize = 64;

/// Where each area of the mesh stands towards the eye's region being built: its place among
/// the region's areas, out of sight next to it (an exit), or neither. One per search, reused
/// for every region it builds ([`Region::of`] leaves it as it found it): a dense lookup by
/// area, where hashing the region's areas at every step cost more than the walks themselves
/// (about 12 % of CS:S cs_office's approach stage).
struct Places {
    of: Vec<u32>,
}

/// [`Places`]' mark of an exit.
const EXIT: u32 = u32::MAX - 1;
/// [`Places`]' mark of an area neither in the region nor next to it.
const ELSEWHERE: u32 = u32::MAX;

/// Which areas a walk has met: each area's mark is the number of the last walk that met it,
/// a new number each walk, so that nothing is cleared between walks (the walks beyond exits,
/// [`Ways::beyond_exit`], and [`Region::sealed_from`]'s).
struct Stamps {
    met: Vec<u32>,
    /// The last walk's number.
    walk: u32,
}

/// What building a region works in, by area, kept from one region to the next: one per search.
pub(super) struct Scratch {
    places: Places,
    walks: Stamps,
    components: Components,
}

/// Which component of the areas outside a region each area met so far belongs to
/// ([`small_components`]): its number, valid where `met` holds the current walk's. Dense
/// marks instead of a hash map, which with its growth was a twentieth of CS:S cs_office's
/// approach stage.
struct Components {
    met: Stamps,
    of: Vec<u32>,
}

impl Components {
    /// Area `a`'s component, if one holds it yet.
    fn get(&self, a: u32) -> Option<u32> {
        self.met.met(a).then(|| self.of[a as usize])
    }

    /// Puts area `a` in component `id`.
    fn put(&mut self, a: u32, id: u32) {
        self.met.meet(a);
        self.of[a as usize] = id;
    }
}

impl Scratch {
    /// Scratch space for a mesh of `areas` areas.
    pub(super) fn new(areas: usize) -> Scratch {
        Scratch {
            places: Places {
                of: vec![ELSEWHERE; areas],
            },
            walks: Stamps::new(areas),
            components: Components {
                met: Stamps::new(areas),
                of: vec![0; areas],
            },
        }
    }
}

impl Stamps {
    /// No area met, for a mesh of `areas` areas.
    fn new(areas: usize) -> Stamps {
        Stamps {
            met: vec![0; areas],
            walk: 0,
        }
    }

    /// Starts a new walk: a number no area's mark holds yet.
    fn start(&mut self) {
        self.walk = self.walk.wrapping_add(1);
        if self.walk == 0 {
            self.met.iter_mut().for_each(|m| *m = 0);
            self.walk = 1;
        }
    }

    /// Marks area `a` met by the current walk; whether it was already.
    fn meet(&mut self, a: u32) -> bool {
        std::mem::replace(&mut self.met[a as usize], self.walk) == self.walk
    }

    /// Whether the current walk has met area `a`.
    fn met(&self, a: u32) -> bool {
        self.met[a as usize] == self.walk
    }
}

impl Places {
    /// Area `a`'s place among the region's areas, if it is one.
    fn region(&self, a: u32) -> Option<usize> {
        let k = self.of[a as usize];
        (k < EXIT).then_some(k as usize)
    }

    /// Whether area `a` is out of sight next to the region.
    fn is_exit(&self, a: u32) -> bool {
        self.of[a as usize] == EXIT
    }

    /// Whether area `a` is in the region or next to it.
    fn met(&self, a: u32) -> bool {
        self.of[a as usize] != ELSEWHERE
    }

    /// Every area of `areas` and `exits` placed neither in the region nor next to it again.
    fn forget(&mut self, areas: &[u32], exits: &[u32]) {
        for &a in areas.iter().chain(exits) {
            self.of[a as usize] = ELSEWHERE;
        }
    }
}

/// What an eye's region says of its searches ([`Region::of`]).
#[derive(Debug)]
pub(super) struct Region {
    /// The region's areas, ascending.
    areas: Vec<u32>,
    /// The areas out of sight next to the region (its exits), ascending.
    exits: Vec<u32>,
    /// Walking each way, the cheapest way from the eye to each of `areas` through the
    /// region, then to each of `exits` straight from the region (infinite where none).
    straight: [(Vec<f32>, Vec<f32>); 2],
    /// The areas a path out ([`Dir::Forward`], index 0) or back to the eye (index 1) may have
    /// for `here`, whatever the far area: the nearest neighbours in the region of each area
    /// out of sight it steps to (an exit), by exit, leaving out those of the pockets below.
    heres: [Vec<Exit>; 2],
    /// Walking each way, the [`Pocket`]s: rooms off the region and the areas beyond single
    /// exits, where no path to a far area elsewhere leaves sight first. Their `here`s are
    /// taken only when the far area is among their areas (the sets beyond exits may overlap).
    pockets: [Vec<Pocket>; 2],
    /// A number no other region has, telling it from the others in the
    /// walks' space ([`Reach::straight_for`]).
    number: u64,
    /// Which ways `straight`, `heres` and `pockets` were worked out for (a region made for
    /// one far area's searches needs only theirs: [`Region::toward`]).
    made: [bool; 2],
}

/// At most this many areas taken by [`Region::sealed_from`]'s walk before it gives up. Was
/// 128 until the regions grew to [`MAX_REGION`] areas: cs_compound's nav made CS:S v9 then
/// spent half its searches after walks that gave up; at 256 its approach stage takes about a
/// sixth less time (512 and 1,024 gain less; 1,024 ends slower than 128), CS:S cs_office's
/// 2.5 % fewer instructions, and brush town 12's about the same.
const MAX_SEAL_WALK: usize = 256;

/// The areas a far area's searches have blocked so far (`list`, those whose `marks` are
/// `mark`), for [`Region::adds_nothing`] after one of them, with space for its walk.
pub(super) struct Blocked<'a> {
    pub(super) marks: &'a [u32],
    pub(super) mark: u32,
    pub(super) list: &'a [u32],
    pub(super) reach: &'a mut Reach,
}

/// How [`Region::sealed_from`]'s last walk ended when it answered "not sealed" (a sealed
/// answer ends the far area's searches: nothing is kept of it).
#[derive(Clone, Copy)]
enum Walked {
    /// At the far area (its way kept).
    Reached,
    /// Past [`MAX_SEAL_WALK`] areas.
    GaveUp,
}

/// Space for [`Region::sealed_from`]'s walk, kept from walk to walk: each area's cheapest
/// cost so far and the area it came from, valid where the walk has met it, and the areas to
/// take, cheapest first; and what the last walk was and found.
pub(super) struct Reach {
    cost: Vec<f32>,
    from: Vec<u32>,
    met: Stamps,
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(u32, u32)>>,
    /// The last walk's blocked areas' mark and far area ((0, 0): none yet).
    walk_of: (u32, u32),
    /// The exits it started from.
    open: Vec<u32>,
    /// How it ended (`None`: sealed, or no walk yet).
    last: Option<Walked>,
    /// The way it found to the far area, the far area's end first.
    way: Vec<u32>,
    /// The straight way's cost into each region area and exit of the region and way the
    /// walks are for ([`Reach::straight_for`]), valid where `placed` holds its mark: read at
    /// every step of a walk, where two binary searches cost about a twentieth of the stage.
    straight: Vec<f32>,
    placed: Stamps,
    /// The region (its number) and way `straight` holds.
    straight_of: Option<(u64, Dir)>,
}

impl Reach {
    /// Space for a mesh of `areas` areas.
    pub(super) fn new(areas: usize) -> Reach {
        Reach {
            cost: vec![0.0; areas],
            from: vec![u32::MAX; areas],
            met: Stamps::new(areas),
            heap: std::collections::BinaryHeap::new(),
            walk_of: (0, 0),
            open: Vec::new(),
            last: None,
            way: Vec::new(),
            straight: vec![0.0; areas],
            placed: Stamps::new(areas),
            straight_of: None,
        }
    }

    /// Lays out `region`'s straight ways walking `dir` by area, unless they are laid out
    /// already.
    fn straight_for(&mut self, region: &Region, dir: Dir) {
        if self.straight_of == Some((region.number, dir)) {
            return;
        }
        self.straight_of = Some((region.number, dir));
        self.placed.start();
        let (to_areas, to_exits) = &region.straight[dir as usize];
        let places = (region.areas.iter().zip(to_areas)).chain(region.exits.iter().zip(to_exits));
        for (&a, &c) in places {
            self.placed.meet(a);
            self.straight[a as usize] = c;
        }
    }

    /// The straight way's cost into area `a` ([`Reach::straight_for`]'s), if it is a region
    /// area or an exit.
    fn straight(&self, a: u32) -> Option<f32> {
        self.placed.met(a).then(|| self.straight[a as usize])
    }

    fn start(&mut self) {
        self.met.start();
        self.heap.clear();
    }

    /// Lowers area `a`'s cost to `c` (finite, +0.0 or more), coming from area `from`, if
    /// that is cheaper.
    fn lower(&mut self, a: u32, c: f32, from: u32) {
        let k = a as usize;
        if !self.met.meet(a) || c < self.cost[k] {
            (self.cost[k], self.from[k]) = (c, from);
            // (Costs of +0.0 or more order as their bits do.)
            self.heap.push(std::cmp::Reverse((c.to_bits(), a)));
        }
    }

    /// Keeps the way the walk came to `goal` by, back to its exit.
    fn keep_way(&mut self, goal: u32) {
        self.way.clear();
        let mut at = goal;
        while at != u32::MAX && self.way.len() < self.cost.len() {
            self.way.push(at);
            at = self.from[at as usize];
        }
        self.last = Some(Walked::Reached);
    }

    /// Whether the last walk came to area `a`.
    fn reached(&self, a: u32) -> bool {
        self.met.met(a)
    }

    /// The cheapest area not yet taken, with its cost.
    fn take(&mut self) -> Option<(f32, u32)> {
        while let Some(std::cmp::Reverse((bits, a))) = self.heap.pop() {
            let c = f32::from_bits(bits);
            if c <= self.cost[a as usize] {
                // Taken: never again (nothing is cheaper than what is taken now).
                self.cost[a as usize] = f32::NEG_INFINITY;
                return Some((c, a));
            }
        }
        None
    }
}

/// An area out of sight next to the region (an exit) in no pocket, and its nearest
/// neighbours in the region, ascending: the `here`s of the paths that leave sight there first.
#[derive(Debug)]
struct Exit {
    exit: u32,
    heres: Vec<u32>,
}

/// Areas outside the region where no path to a far area elsewhere leaves sight first, with
/// the `here`s of those next to the region: a room off the region with no shortcut through
/// it ([`Ways::is_shortcut_free`]), or what lies beyond one area out of sight next to the
/// region before the next such area, when that way is no shortcut either
/// ([`Ways::beyond_exit`]).
#[derive(Debug)]
struct Pocket {
    /// Its areas, ascending.
    areas: Vec<u32>,
    /// The nearest neighbours in the region of its areas next to it, ascending.
    heres: Vec<u32>,
}

/// An area's steps both ways.
fn neighbours(graph: &Graph, a: usize) -> impl Iterator<Item = usize> + '_ {
    let out = graph.steps(Dir::Forward).of(a);
    let into = graph.steps(Dir::Backward).of(a);
    out.iter().chain(into).map(|st| st.to as usize)
}

impl Region {
    /// The region of the eye at area `eye`, whose sight `visible` answers; `None` past
    /// [`MAX_REGION`] areas, when it steps to or from [`MAX_BLOCKED`] areas out of sight or
    /// more (its far areas' searches could then fill the blocked list, which ends the eye's), or
    /// when a step's cost is not a finite non-negative number.
    pub(super) fn of(
        graph: &Graph,
        eye: usize,
        visible: &mut impl FnMut(usize) -> bool,
        scratch: &mut Scratch,
    ) -> Option<Region> {
        Region::make(graph, eye, visible, scratch, ([true; 2], true))
    }

    /// [`Region::of`] for the searches of one far area, walking `dir`: its rules worked out
    /// for that way only, and without the pockets (rooms off the region, ways beyond an
    /// exit). The rules then hold for fewer far areas, but it is made for each far area that
    /// region areas step into: with the pockets, CS:S cs_office's approach stage took 7.5 %
    /// more instructions (2.411 G against 2.242 G), and cs_compound's nav made CS:S v9 about
    /// 4 % more time.
    pub(super) fn toward(
        graph: &Graph,
        (eye, dir): (usize, Dir),
        visible: &mut impl FnMut(usize) -> bool,
        scratch: &mut Scratch,
    ) -> Option<Region> {
        let mut made = [false; 2];
        made[dir as usize] = true;
        Region::make(graph, eye, visible, scratch, (made, false))
    }

    /// [`Region::of`] with its rules worked out for the ways `made` says, with its pockets
    /// or without.
    fn make(
        graph: &Graph,
        eye: usize,
        visible: &mut impl FnMut(usize) -> bool,
        scratch: &mut Scratch,
        (made, pockets): ([bool; 2], bool),
    ) -> Option<Region> {
        if !graph.finite {
            return None;
        }
        let mut areas = vec![eye as u32];
        let mut outside: Vec<u32> = Vec::new();
        scratch.places.of[eye] = 0;
        let region = Region::build(
            graph,
            (&mut areas, &mut outside),
            visible,
            scratch,
            (made, pockets),
        );
        scratch.places.forget(&areas, &outside);
        region
    }

    /// [`Region::of`] once the eye's area is placed, `places` marking the region's areas and
    /// the exits as they are found (the caller forgets them after).
    fn build(
        graph: &Graph,
        (areas, outside): (&mut Vec<u32>, &mut Vec<u32>),
        visible: &mut impl FnMut(usize) -> bool,
        Scratch {
            places,
            walks,
            components,
        }: &mut Scratch,
        (made, pockets): ([bool; 2], bool),
    ) -> Option<Region> {
        let mut k = 0;
        while k < areas.len() {
            let a = areas[k] as usize;
            k += 1;
            for n in neighbours(graph, a) {
                if places.met(n as u32) {
                    continue;
                }
                if visible(n) {
                    if areas.len() == MAX_REGION {
                        return None;
                    }
                    places.of[n] = areas.len() as u32;
                    areas.push(n as u32);
                } else {
                    places.of[n] = EXIT;
                    outside.push(n as u32);
                }
            }
        }
        if outside.len() >= MAX_BLOCKED {
            return None;
        }
        let in_region = |a| places.region(a).is_some();
        let small = if pockets {
            small_components(graph, in_region, outside, components)
        } else {
            Vec::new()
        };
        let ways = [Dir::Forward, Dir::Backward]
            .map(|dir| made[dir as usize].then(|| Ways::of(graph, areas, places, dir)));
        let mut sorted = areas.clone();
        sorted.sort_unstable();
        let mut exits = outside.clone();
        exits.sort_unstable();
        let straight = ways.each_ref().map(|w| {
            let Some(w) = w else {
                return Default::default();
            };
            let to_areas = (sorted.iter())
                .map(|&a| places.region(a).map_or(f32::INFINITY, |k| w.dist[k]))
                .collect();
            let to_exits = exits.iter().map(|&x| w.best_into(x as usize)).collect();
            (to_areas, to_exits)
        });
        let [(fh, fp), (bh, bp)] = ways.map(|w| {
            w.map_or_else(Default::default, |w| {
                w.heres(outside, &small, walks, pockets)
            })
        });
        Some(Region {
            areas: sorted,
            exits,
            straight,
            heres: [fh, bh],
            pockets: [fp, bp],
            number: REGIONS_MADE.fetch_add(1, Ordering::Relaxed),
            made,
        })
    }

    fn holds(&self, a: usize) -> bool {
        self.areas.binary_search(&(a as u32)).is_ok()
    }

    /// Whether an area of the region steps into `goal` walking `dir`: then a path may leave
    /// sight first at the far area itself, and its searches block the region area before it.
    pub(super) fn steps_into(&self, graph: &Graph, goal: usize, dir: Dir) -> bool {
        (graph.steps(dir.back()).of(goal).iter()).any(|st| self.holds(st.to as usize))
    }

    /// Whether every area of the region that steps into `goal` walking `dir` is blocked
    /// (`marks` equal to `mark`).
    pub(super) fn steps_into_blocked(
        &self,
        graph: &Graph,
        goal: usize,
        dir: Dir,
        (marks, mark): (&[u32], u32),
    ) -> bool {
        (graph.steps(dir.back()).of(goal).iter())
            .all(|st| marks[st.to as usize] == mark || !self.holds(st.to as usize))
    }

    /// How many of the region's exits are not blocked (`marks` equal to `mark`).
    pub(super) fn exits_open(&self, (marks, mark): (&[u32], u32)) -> usize {
        (self.exits.iter())
            .filter(|&&x| marks[x as usize] != mark)
            .count()
    }

    /// Whether far area `goal`'s searches from the eye at area `eye` can add nothing to
    /// `out`: no region area steps into the far area, every area that could be their `here`
    /// (walking the steps `dir`) is one already, and (on the way out, `hops_out` the areas of
    /// the shortest way there) no path they find is long enough to lose its first areas.
    ///
    /// Asked before the far area's searches (`blocked` none; before its sight test too, and a
    /// far area in sight, which is never searched, is passed over whatever the answer) and
    /// again after each with the areas they blocked. None of those is in the region (no
    /// region area steps into the far area, so a path leaves sight first at an exit), and
    /// a later path leaves sight first neither at a blocked exit nor at one from which no
    /// shortest way to the far area is left ([`Region::sealed_from`]): once every other exit
    /// has its `here`s listed, the far area's later searches would only find them again.
    pub(super) fn adds_nothing(
        &self,
        graph: &Graph,
        goal: usize,
        (out, dir): (&[Approach], Dir),
        hops_out: Option<u16>,
        blocked: Option<Blocked>,
    ) -> bool {
        // (`hops_out` counts steps: a way of 128 steps has 129 areas.)
        if !self.made[dir as usize] || hops_out.is_some_and(|h| h >= MAX_HOPS_OUT) {
            return false;
        }
        if self.holds(goal) || self.steps_into(graph, goal, dir) {
            return false;
        }
        let listed = |h: u32| out.iter().any(|x| x.here == h as usize);
        // Every pocket on the far area's side counts (the ways beyond two exits may overlap).
        let pockets_listed = (self.pockets[dir as usize].iter())
            .filter(|p| p.areas.binary_search(&(goal as u32)).is_ok())
            .all(|p| p.heres.iter().all(|&h| listed(h)));
        if !pockets_listed {
            return false;
        }
        let mut unlisted =
            (self.heres[dir as usize].iter()).filter(|e| !e.heres.iter().all(|&h| listed(h)));
        let Some(blocked) = blocked else {
            return unlisted.next().is_none();
        };
        // (No blocked area is in the region, as the rules above need: checked, as it is
        // cheap.)
        if (blocked.list.iter()).any(|&a| self.holds(a as usize)) {
            return false;
        }
        let open: Vec<u32> = unlisted
            .map(|e| e.exit)
            .filter(|&x| blocked.marks[x as usize] != blocked.mark)
            .collect();
        open.is_empty() || self.sealed_from(graph, (goal as u32, dir), &open, blocked)
    }

    /// Whether no path that leaves sight first at one of the exits `open` can still reach
    /// `goal`, walking `dir`, with the areas `blocked` says blocked: a cheapest-first walk
    /// from those exits, each from its cheapest way in, that never steps into a blocked area,
    /// nor into a region area or an exit dearer, beyond [`tolerance`], than the straight way
    /// there (a path that does is no shortest one: the straight way, through region areas
    /// into the same area, is never blocked), ends without coming to the far area. Gives up
    /// (false) past [`MAX_SEAL_WALK`] areas.
    ///
    /// Asked again for the same far area after more areas are blocked, the last walk
    /// answers when it still holds: a way to the far area it found is still one while none of
    /// its areas is blocked and its exit is still open; a walk that gave up would give up
    /// again from the same exits while it met none of the areas blocked since.
    fn sealed_from(
        &self,
        graph: &Graph,
        (goal, dir): (u32, Dir),
        open: &[u32],
        Blocked {
            marks,
            mark,
            list,
            reach,
        }: Blocked,
    ) -> bool {
        let blocked = |a: u32| marks[a as usize] == mark;
        if reach.walk_of == (mark, goal) {
            let still = match reach.last {
                Some(Walked::Reached) => {
                    reach.way.last().is_some_and(|x| open.contains(x))
                        && !reach.way.iter().any(|&a| blocked(a))
                }
                Some(Walked::GaveUp) => {
                    reach.open == open && !list.iter().any(|&a| reach.reached(a))
                }
                None => false,
            };
            if still {
                return false;
            }
        }
        reach.walk_of = (mark, goal);
        reach.open.clear();
        reach.open.extend_from_slice(open);
        let steps = graph.steps(dir);
        reach.straight_for(self, dir);
        reach.start();
        for &x in open {
            if let Some(c) = reach.straight(x).filter(|c| c.is_finite()) {
                reach.lower(x, c, u32::MAX);
            }
        }
        let mut taken = 0;
        while let Some((c, a)) = reach.take() {
            if a == goal {
                reach.keep_way(goal);
                return false;
            }
            taken += 1;
            if taken > MAX_SEAL_WALK {
                reach.last = Some(Walked::GaveUp);
                return false;
            }
            for st in steps.of(a as usize) {
                if blocked(st.to) {
                    continue;
                }
                let through = c + st.cost;
                if reach
                    .straight(st.to)
                    .is_some_and(|s| s + tolerance(through) < through)
                {
                    continue;
                }
                reach.lower(st.to, through, a);
            }
        }
        reach.last = None;
        true
    }
}

/// The possible pockets among the areas outside the region (`in_region` tells its areas)
/// that hold an area of `outside` (those next to it): the components (areas joined by steps
/// either way, outside the region) of at most [`MAX_POCKET`] areas, each ascending, so that
/// every step from or to one of their areas leads to the region or to another of them.
/// `component` keeps each area met with its component's number (the index in `outside` of
/// the area it was found from).
fn small_components(
    graph: &Graph,
    in_region: impl Fn(u32) -> bool,
    outside: &[u32],
    component: &mut Components,
) -> Vec<Vec<u32>> {
    component.met.start();
    let mut out = Vec::new();
    for (id, &x) in outside.iter().enumerate() {
        let id = id as u32;
        if component.get(x).is_some() {
            continue;
        }
        component.put(x, id);
        let mut found = vec![x];
        let mut large = false;
        let mut k = 0;
        while k < found.len() && !large {
            let a = found[k] as usize;
            k += 1;
            for n in neighbours(graph, a).map(|n| n as u32) {
                if in_region(n) {
                    continue;
                }
                match component.get(n) {
                    Some(c) if c == id => {}
                    // One met before and found too large (a small one would hold `n`'s
                    // neighbours, and so this area).
                    Some(_) => large = true,
                    None if found.len() == MAX_POCKET => large = true,
                    None => {
                        component.put(n, id);
                        found.push(n);
                    }
                }
            }
        }
        if !large {
            found.sort_unstable();
            out.push(found);
        }
    }
    out
}

/// The cheapest cost to each node (`cost.len()` of them) from the starting costs `cost`
/// (+0.0 or more, infinite where a node is not a start), `steps(k)` giving node `k`'s steps as
/// (node, cost), each finite and +0.0 or more: Dijkstra.
fn cheapest<I: Iterator<Item = (usize, f32)>>(
    mut cost: Vec<f32>,
    steps: impl Fn(usize) -> I,
) -> Vec<f32> {
    use std::cmp::Reverse;
    // (Costs of +0.0 or more: their bits order as the numbers do. The order only makes it
    // fast: an entry whose cost was lowered since is passed over, and every lowered cost is
    // pushed again.)
    let mut heap: std::collections::BinaryHeap<Reverse<(u32, usize)>> = (cost.iter().enumerate())
        .filter(|(_, c)| c.is_finite())
        .map(|(k, c)| Reverse((c.to_bits(), k)))
        .collect();
    while let Some(Reverse((bits, k))) = heap.pop() {
        let c = f32::from_bits(bits);
        if c > cost[k] {
            continue;
        }
        for (j, step) in steps(k) {
            let through = c + step;
            if through < cost[j] {
                cost[j] = through;
                heap.push(Reverse((through.to_bits(), j)));
            }
        }
    }
    cost
}

/// The shortest ways from the eye through its region, walking `dir`.
struct Ways<'a> {
    graph: &'a Graph,
    dir: Dir,
    /// The region's areas, the eye's first.
    areas: &'a [u32],
    /// Each area's place in `areas`, or whether it is an exit.
    places: &'a Places,
    /// The shortest way's cost from the eye to each area of `areas` through the region.
    dist: Vec<f32>,
}

impl<'a> Ways<'a> {
    /// The ways over the region `areas` (the eye's first), `places` their places by area.
    fn of(graph: &'a Graph, areas: &'a [u32], places: &'a Places, dir: Dir) -> Ways<'a> {
        let steps = graph.steps(dir);
        let mut start = vec![f32::INFINITY; areas.len()];
        start[0] = 0.0;
        let dist = cheapest(start, |k| {
            (steps.of(areas[k] as usize).iter())
                .filter_map(|st| places.region(st.to).map(|j| (j, st.cost)))
        });
        Ways {
            graph,
            dir,
            areas,
            places,
            dist,
        }
    }

    /// The nearest neighbours in the region of each area of `outside` (its areas out of sight
    /// next to it, the exits), walking this way ([`Region::heres`]), leaving out those of the
    /// rooms among `pockets` (the small components) with no shortcut through them and of the
    /// exits whose ways beyond are all dearer than going straight on ([`Ways::beyond_exit`],
    /// which marks its walks in `walks`; asked only when `beyond`): each of those is returned
    /// as a [`Pocket`] with its `here`s.
    fn heres(
        &self,
        outside: &[u32],
        pockets: &[Vec<u32>],
        walks: &mut Stamps,
        beyond: bool,
    ) -> (Vec<Exit>, Vec<Pocket>) {
        let mut kept = Vec::new();
        let mut in_pocket = FxHashSet::default();
        for pocket in pockets.iter().filter(|p| self.is_shortcut_free(p)) {
            let mut heres = Vec::new();
            for &x in pocket {
                self.heres_of(x as usize, &mut heres);
            }
            heres.sort_unstable();
            heres.dedup();
            in_pocket.extend(pocket.iter().copied());
            kept.push(Pocket {
                areas: pocket.clone(),
                heres,
            });
        }
        let mut always = Vec::new();
        for &x in outside.iter().filter(|x| !in_pocket.contains(x)) {
            let mut heres = Vec::new();
            self.heres_of(x as usize, &mut heres);
            if heres.is_empty() {
                continue;
            }
            heres.sort_unstable();
            heres.dedup();
            match beyond.then(|| self.beyond_exit(x, walks)).flatten() {
                Some(areas) => kept.push(Pocket { areas, heres }),
                None => always.push(Exit { exit: x, heres }),
            }
        }
        (always, kept)
    }

    /// The areas a path can reach from exit `x` (an area out of sight next to the region)
    /// before it comes to another exit or back into the region, ascending,
    /// when at most [`MAX_POCKET`] and every way through them is dearer, beyond
    /// [`tolerance`], than the straight way to where it comes out: to a region area, the
    /// region's own way there; to another exit, the cheapest way straight into it. Then no
    /// path to a far area outside them leaves sight at `x` first: its part up to where it
    /// comes out could be swapped for the straight way, which no search blocks (region areas
    /// never are, and the exit is the same area).
    fn beyond_exit(&self, x: u32, walks: &mut Stamps) -> Option<Vec<u32>> {
        let steps = self.graph.steps(self.dir);
        let onward = |a: u32| {
            steps.of(a as usize).iter().filter(move |st| {
                self.places.region(st.to).is_none() && (st.to == x || !self.places.is_exit(st.to))
            })
        };
        walks.start();
        walks.meet(x);
        let mut areas = vec![x];
        let mut k = 0;
        while k < areas.len() {
            for st in onward(areas[k]) {
                if !walks.meet(st.to) {
                    if areas.len() == MAX_POCKET {
                        return None;
                    }
                    areas.push(st.to);
                }
            }
            k += 1;
        }
        areas.sort_unstable();
        let mut start = vec![f32::INFINITY; areas.len()];
        start[areas.binary_search(&x).expect("x is among them")] = self.best_into(x as usize);
        let straight = |to: u32| {
            let exit = to != x && self.places.is_exit(to);
            self.region_way(to)
                .or_else(|| exit.then(|| self.best_into(to as usize)))
        };
        self.dearer_through(&areas, start, straight)
            .then_some(areas)
    }

    /// Whether every way through `areas` (ascending), from the starting costs `start` and on
    /// through them, is dearer, beyond [`tolerance`], than the straight way to where it steps
    /// out of them (`straight`; `None` where no step may lead).
    fn dearer_through(
        &self,
        areas: &[u32],
        start: Vec<f32>,
        straight: impl Fn(u32) -> Option<f32>,
    ) -> bool {
        let steps = self.graph.steps(self.dir);
        let place = |a: u32| areas.binary_search(&a).ok();
        let cost = cheapest(start, |k| {
            (steps.of(areas[k] as usize).iter()).filter_map(|st| place(st.to).map(|j| (j, st.cost)))
        });
        areas.iter().zip(&cost).all(|(&y, &c)| {
            !c.is_finite()
                || steps.of(y as usize).iter().all(|st| {
                    let through = c + st.cost;
                    place(st.to).is_some()
                        || straight(st.to).is_some_and(|s| s + tolerance(through) < through)
                })
        })
    }

    /// The shortest way's cost from the eye to area `a` through the region, if it is a
    /// region area.
    fn region_way(&self, a: u32) -> Option<f32> {
        self.places.region(a).map(|k| self.dist[k])
    }

    /// The ways into area `x` from the region: each with its region area's place and its cost
    /// from the eye (the steps into `x` walked back carry the costs of the steps out of the
    /// region).
    fn ways_into(&self, x: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        (self.graph.steps(self.dir.back()).of(x).iter()).filter_map(|st| {
            self.places
                .region(st.to)
                .map(|k| (k, self.dist[k] + st.cost))
        })
    }

    /// The cheapest way into area `x` from the region; infinite when there is none.
    fn best_into(&self, x: usize) -> f32 {
        self.ways_into(x)
            .map(|(_, c)| c)
            .fold(f32::INFINITY, f32::min)
    }

    /// Adds to `heres` area `x`'s nearest neighbours in the region: those a way into it
    /// within [`tolerance`] of the cheapest comes from.
    fn heres_of(&self, x: usize, heres: &mut Vec<u32>) {
        let best = self.best_into(x);
        if !best.is_finite() {
            return;
        }
        let limit = best + tolerance(best);
        heres.extend(
            self.ways_into(x)
                .filter(|&(_, c)| c <= limit)
                .map(|(k, _)| self.areas[k]),
        );
    }

    /// Whether no shortest way through the region passes through `pocket` (areas outside
    /// the region, ascending, whose steps all lead to the region or to one another): going
    /// into it from the region, on through it and out again to a region area costs more
    /// than that area's own shortest way by over [`tolerance`], wherever it goes in and out.
    ///
    /// Why then no path a far area's searches find leaves sight there first, unless the far
    /// area is in the pocket: such a path goes on from the pocket into the region at some
    /// area `b`, so its part up to `b` costs more than `b`'s way through the region, which
    /// no search blocks (no region area steps into the far area), by more than the searches'
    /// rounding: the searches would have found the shorter one.
    fn is_shortcut_free(&self, pocket: &[u32]) -> bool {
        // The cheapest ways into each pocket area from the eye: into it from the region,
        // then on through the pocket; every step out of it leads into the region.
        let start = pocket.iter().map(|&x| self.best_into(x as usize)).collect();
        self.dearer_through(pocket, start, |to| self.region_way(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Geom, Link, Mesh};

    /// The places of the region `areas` and of the `exits` in a mesh of `n` areas.
    fn places(n: usize, areas: &[u32], exits: &[u32]) -> Scratch {
        let mut scratch = Scratch::new(n);
        for (k, &a) in areas.iter().enumerate() {
            scratch.places.of[a as usize] = k as u32;
        }
        for &x in exits {
            scratch.places.of[x as usize] = EXIT;
        }
        scratch
    }

    /// A mesh of 50-unit square areas centred at `centres`, each pair of `joins` joined both
    /// ways (a step costs the distance between centres).
    fn mesh(centres: &[(f32, f32)], joins: &[(usize, usize)]) -> Mesh {
        let mut areas: Vec<Geom> = (centres.iter().enumerate())
            .map(|(i, &(x, y))| Geom::flat(i as u32, [x - 25.0, y - 25.0], [x + 25.0, y + 25.0]))
            .collect();
        for &(a, b) in joins {
            areas[a].links.push(Link { dir: 0, to: b });
            areas[b].links.push(Link { dir: 0, to: a });
        }
        Mesh { areas }
    }

    /// [`cheapest`] against relaxing every step until nothing changes (Bellman-Ford), on
    /// seeded random graphs of 40 nodes with several starts, some nodes out of reach. Equal
    /// to the bit: rounding a sum never reverses an order, so both land on the least, over
    /// all paths, of the costs added a step at a time. (It holds the values, not the order the
    /// heap takes nodes in: a wrong order is slower, not wrong.)
    #[test]
    fn cheapest_is_the_fixed_point_of_relaxing_every_step() {
        let mut rng = navforge_core::testing::Rng::new(29);
        let mut next = move |m: u64| rng.below(m as usize) as u64;
        let mut unreached = 0;
        for _ in 0..200 {
            let n = 40;
            let steps: Vec<Vec<(usize, f32)>> = (0..n)
                .map(|_| {
                    (0..next(4))
                        .map(|_| (next(n as u64) as usize, next(1000) as f32 / 7.0))
                        .collect()
                })
                .collect();
            let mut start = vec![f32::INFINITY; n];
            for _ in 0..3 {
                start[next(n as u64) as usize] = next(50) as f32 / 3.0;
            }
            let mut relaxed = start.clone();
            loop {
                let mut changed = false;
                for k in 0..n {
                    for &(j, c) in &steps[k] {
                        if relaxed[k] + c < relaxed[j] {
                            relaxed[j] = relaxed[k] + c;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            let got = cheapest(start, |k| steps[k].iter().copied());
            assert_eq!(got, relaxed);
            unreached += got.iter().filter(|c| c.is_infinite()).count();
        }
        assert!(unreached > 0, "some nodes out of reach");
    }

    /// Region 0, 1, 2 along x (100 apart); exits 3 and 4 north of 1 and 2, joined; area 5
    /// beyond exit 4. Exit 3 reaches exit 4 for 300, as dear as the way straight into it:
    /// not left out. Exit 4 reaches exit 3 for 400 (straight: 200) and area 2 for 400 (its
    /// way: 200), through itself and area 5: left out, with both.
    #[test]
    fn an_exit_is_left_out_only_when_every_way_beyond_is_dearer() {
        let centres = [
            (0.0, 0.0),
            (100.0, 0.0),
            (200.0, 0.0),
            (100.0, -100.0),
            (200.0, -100.0),
            (200.0, -200.0),
        ];
        let m = mesh(&centres, &[(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 5)]);
        let graph = Graph::of(&m);
        let region: &[u32] = &[0, 1, 2];
        let Scratch {
            places, mut walks, ..
        } = places(centres.len(), region, &[3, 4]);
        let ways = Ways::of(&graph, region, &places, Dir::Forward);
        assert_eq!(ways.beyond_exit(3, &mut walks), None);
        assert_eq!(ways.beyond_exit(4, &mut walks), Some(vec![4, 5]));
    }

    /// A U-shaped region 0 (0, 0), 1 (0, 200), 2 (200, 200), 3 (200, 0): area 3 is 600 from
    /// the eye through it. An exit 4 at (100, 0) joined to 0 and 3 comes back into the region
    /// at 3 for 200, a shortcut: not left out. Moved to (100, -300), the way through it costs
    /// 632, dearer: left out.
    #[test]
    fn a_way_back_into_the_region_no_dearer_than_its_own_keeps_the_exit() {
        let u = [(0.0, 0.0), (0.0, 200.0), (200.0, 200.0), (200.0, 0.0)];
        let joins = [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3)];
        for (exit, left_out) in [((100.0, 0.0), false), ((100.0, -300.0), true)] {
            let centres: Vec<(f32, f32)> = u.iter().copied().chain([exit]).collect();
            let m = mesh(&centres, &joins);
            let graph = Graph::of(&m);
            let region: &[u32] = &[0, 1, 2, 3];
            let Scratch {
                places, mut walks, ..
            } = places(centres.len(), region, &[4]);
            let ways = Ways::of(&graph, region, &places, Dir::Forward);
            let left = ways.beyond_exit(4, &mut walks).is_some();
            assert_eq!(left, left_out, "exit at {exit:?}");
        }
    }

    /// Beyond an exit, a dead-end corridor of `n` areas: left out up to [`MAX_POCKET`] areas
    /// beyond it (the exit counted), and taken to reach anywhere past that.
    #[test]
    fn the_ways_beyond_an_exit_are_bounded() {
        for (n, left_out) in [(MAX_POCKET, true), (MAX_POCKET + 1, false)] {
            let centres: Vec<(f32, f32)> = [(0.0, 0.0)]
                .into_iter()
                .chain((1..=n).map(|k| (0.0, -100.0 * k as f32)))
                .collect();
            let joins: Vec<(usize, usize)> = (0..n).map(|k| (k, k + 1)).collect();
            let m = mesh(&centres, &joins);
            let graph = Graph::of(&m);
            let region: &[u32] = &[0];
            let Scratch {
                places, mut walks, ..
            } = places(centres.len(), region, &[1]);
            let ways = Ways::of(&graph, region, &places, Dir::Forward);
            let beyond = ways.beyond_exit(1, &mut walks);
            assert_eq!(beyond.is_some(), left_out, "{n} areas");
            assert!(beyond.is_none_or(|b| b.len() == n));
        }
    }

    /// One scratch space serves every region a search builds: on a grid of areas with random
    /// sight, each eye's region built after the others' in one scratch is the one built in a
    /// fresh scratch (so `Region::of` leaves every mark as it found it, and a region too large
    /// to keep leaves none either).
    #[test]
    fn a_reused_scratch_builds_the_regions_a_fresh_one_does() {
        let mut rng = navforge_core::testing::Rng::new(29);
        let side = 40;
        let centres: Vec<(f32, f32)> = (0..side * side)
            .map(|k| ((k % side) as f32 * 50.0, (k / side) as f32 * 50.0))
            .collect();
        let mut joins = Vec::new();
        for k in 0..side * side {
            if k % side + 1 < side {
                joins.push((k, k + 1));
            }
            if k + side < side * side {
                joins.push((k, k + side));
            }
        }
        let graph = Graph::of(&mesh(&centres, &joins));
        let mut reused = Scratch::new(centres.len());
        let (mut kept, mut too_large) = (0, 0);
        for round in 0..40 {
            // Rounds of sparse and dense sight: small regions and ones past MAX_REGION.
            let share = if round % 4 == 3 { 95 } else { 60 };
            let sight: Vec<bool> = (0..centres.len()).map(|_| rng.below(100) < share).collect();
            let eye = rng.below(centres.len());
            let mut visible = |a: usize| sight[a];
            let got = Region::of(&graph, eye, &mut visible, &mut reused);
            let mut fresh = Region::of(&graph, eye, &mut visible, &mut Scratch::new(centres.len()));
            // (Every region has a number of its own.)
            if let (Some(got), Some(fresh)) = (&got, &mut fresh) {
                fresh.number = got.number;
            }
            assert_eq!(format!("{got:?}"), format!("{fresh:?}"), "round {round}");
            match got {
                Some(_) => kept += 1,
                None => too_large += 1,
            }
        }
        assert!(
            kept > 0 && too_large > 0,
            "{kept} kept, {too_large} too large"
        );
        assert!(reused.places.of.iter().all(|&p| p == ELSEWHERE));
    }
}
