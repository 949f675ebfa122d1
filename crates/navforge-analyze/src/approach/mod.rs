//! Approach areas (CS): for each large area that cannot be seen from an area's eye, path there
//! again and again, each time blocking the first area out of sight, and keep the last area in
//! sight before it (at most 16).
//!
//! Two versions of the game's `ComputeApproachAreas` ([`Rules`]): the GoldSrc CS bot's, and
//! Source's (CS:S and CS:GO), which also paths from each far area back to the eye (to pick up
//! one-way links into the area), judges sight from the area's centre before its corners with
//! the sight mask (windows and grates do not hide), and never blocks the eye's own area.
//!
//! This module runs each area's walk over the far areas ([`mesh_approaches`]); `search` holds
//! the path search (the game's A*, its open list, going on after one more area is blocked),
//! `ways` the shortest-way tables that steer it, and `graph` the mesh's steps as it walks them.

mod graph;
mod region;
mod search;
mod ways;

use std::sync::{Arc, OnceLock};

use navforge_core::attributes::nav_mesh::CROUCH;
use navforge_core::movement::Movement;
use navforge_level::{Contents, Level, Vec3};

use crate::BotCode;
use crate::geom::{HUMAN_HEIGHT, Mesh};
use crate::traces::Blockers;

use graph::Dir;
#[doc(hidden)]
pub use region::{take_ended_beside, take_ended_early, take_passed_over};
use search::{Estimate, MAX_GOAL_TABLE, build_path, build_path_again, path_found, path_until};
pub use search::{Guide, LINE_GUIDE_MAX_WORK, Search};

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
                let mut ground = source_ground_height(level, c)?;
                // An area standing higher over the ground found under its centre than a player
                // can crouch-jump stands on something the level does not hold (a static prop
                // whose model was not found: crates, awnings), as the game's generator found
                // floor there: the area's own surface is that floor, where an eye over it is
                // in the open.
                let raise = eye_raise(a, BotCode::Source2013);
                let on_surface = Vec3::new(c.x, c.y, c.z + raise);
                if c.z - ground > Movement::CS_SOURCE.jump_crouch_height
                    && !level.point_contents(on_surface).intersects(Contents::SOLID)
                {
                    ground = c.z;
                }
                // (Both Source generations measure with the same heights.)
                Some(Vec3::new(c.x, c.y, ground + raise))
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
                let eye = (eye, crate::traces::cluster(level, eye));
                source_sees(level, eye, &Aims::aim_at(mesh, level, j))
            }
        }
    }
}

/// Whether an area is in sight of `eye` under Source's rules ([`Rules::sees_area`]), the
/// eye's cluster and the points it aims at in the area with theirs ([`Aims`]) looked up: each
/// line traced, the plain test the tests hold the stage's [`source_sees_past`] to.
fn source_sees(level: &Level, (eye, from): Aim, aims: &[Aim; 5]) -> bool {
    (aims.iter()).any(|&(p, to)| crate::traces::line_of_sight_from(level, eye, from, p, to))
}

/// [`source_sees`], the same answer, with the walls that blocked the eye's earlier lines
/// asked before each trace ([`crate::traces::line_of_sight_past`]).
fn source_sees_past(level: &Level, eye: Aim, aims: &[Aim; 5], walls: &mut Blockers) -> bool {
    (aims.iter()).any(|&aim| crate::traces::line_of_sight_past(level, eye, aim, walls))
}

/// A point and its VIS cluster (`None` without VIS data, or in solid).
type Aim = (Vec3, Option<usize>);

/// The points an eye aims at in each area under Source's rules (its centre first, then its
/// corners, 0.75 of a player's height up) with their VIS clusters, each area's looked up on
/// first use and kept for every eye of the analysis (the lookups, once per eye and area, were
/// most of the time its sight tests took beside the traces).
struct Aims(Vec<OnceLock<[Aim; 5]>>);

impl Aims {
    fn new(areas: usize) -> Aims {
        Aims((0..areas).map(|_| OnceLock::new()).collect())
    }

    /// Area `j`'s points and their clusters.
    fn of(&self, mesh: &Mesh, level: &Level, j: usize) -> &[Aim; 5] {
        self.0[j].get_or_init(|| Aims::aim_at(mesh, level, j))
    }

    fn aim_at(mesh: &Mesh, level: &Level, j: usize) -> [Aim; 5] {
        let a = &mesh.areas[j];
        let up = Vec3::new(0.0, 0.0, 0.75 * HUMAN_HEIGHT);
        let point = |k: usize| match k {
            0 => a.center() + up,
            c => a.corner(c - 1) + up,
        };
        std::array::from_fn(|k| {
            let p = point(k);
            (p, crate::traces::cluster(level, p))
        })
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
    let aims = Aims::new(mesh.areas.len());
    for batch in 0..batches {
        let start = batch.saturating_mul(per_batch);
        let range = start..start.saturating_add(per_batch);
        // One search per piece of rayon's work, all sharing one set of tables.
        progress.par_iter_mut().enumerate().for_each_init(
            || search.sharing(),
            |s, (i, p)| {
                area_approaches_in(mesh, (i, far, level), rules, (s, &aims), p, range.clone());
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
    /// The eye's region in sight, once a far area's searches added nothing (`None` inside:
    /// too large to keep).
    region: Option<Option<region::Region>>,
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
        (search, &Aims::new(mesh.areas.len())),
        &mut progress,
        0..usize::MAX,
    );
    progress.out
}

/// [`area_approaches`] over the steps `steps` of the area's far-area sequence (each pass, out
/// from the eye then back to it, over every far area in turn), going on from `progress`;
/// `aims` keeps what the sight tests aim at, shared by every area of the analysis.
fn area_approaches_in(
    mesh: &Mesh,
    (i, far, level): (usize, &[usize], &Level),
    rules: Rules,
    (search, aims): (&mut Search, &Aims),
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
        let pass_over = search.pass_over;
        *search = Search::make(mesh, search.guide);
        search.pass_over = pass_over;
    }
    let line_estimate = search.steered_by_line(rules, far.len());
    let exact = !line_estimate;
    let n = mesh.areas.len().max(1);
    // (Its own handle: the searches below borrow `search` mutably while reading the tables.)
    let shared = Arc::clone(&search.shared);
    // Visibility of each area from the eye, computed once, on demand; the walls that blocked
    // the eye's latest lines are asked before each trace.
    let mut seen: Vec<Option<bool>> = vec![None; mesh.areas.len()];
    let eye_aim = (rules == Rules::Source).then(|| (eye, crate::traces::cluster(level, eye)));
    let mut walls = Blockers::default();
    let mut visible = |j: usize| -> bool {
        *seen[j].get_or_insert_with(|| match eye_aim {
            Some(eye) => source_sees_past(level, eye, aims.of(mesh, level, j), &mut walls),
            None => rules.sees_area(mesh, level, eye, j),
        })
    };
    let (out, done, region) = (&mut progress.out, &mut progress.done, &mut progress.region);
    let mut path: Vec<(usize, u8)> = Vec::with_capacity(MAX_PATH);
    let mut cuts: Vec<(u32, u32)> = Vec::with_capacity(MAX_BLOCKED);
    // The areas this far area's searches blocked, in order.
    let mut blocked_list: Vec<u32> = Vec::with_capacity(MAX_BLOCKED);
    // Out from the eye (`false`), then (Source) back to it from each far area.
    let passes = rules.passes();
    let end = steps.end.min(passes.len() * far.len());
    for step in steps.start..end {
        let (to_eye, rank) = (passes[step / far.len()], step % far.len());
        let goal = far[rank];
        // Full: nothing a later goal finds could be kept (its searches were wasted).
        if out.len() >= MAX_APPROACH {
            *done = true;
            *region = None;
            return;
        }
        search.next_mark(0);
        let block_mark = search.now;
        let mut blocked_count = 0usize;
        // A far area in sight needs no search. Where the region's rule below may answer, it
        // is asked first, as it needs no sight line (on cs_compound's stand-in made CS:S v9,
        // 1.4 M far areas it passes over had each asked their sight lines first: the stage's
        // traces fell 1,925,067 → 1,153,443); elsewhere the sight comes first, before the
        // far area's tables are looked up.
        // (`exact`: the far area's table, which the rule reads, is looked up below.)
        let rule_may_answer = exact && search.pass_over && matches!(*region, Some(Some(_)));
        if !rule_may_answer && visible(goal) {
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
        // A far area whose searches can add nothing is passed over, and its searches end
        // once the rest can add nothing (the region is made once a far area's searches have
        // added nothing: an eye that sees little).
        let hops_out = table.and_then(|t| (!to_eye).then(|| t.ways[i].hops));
        let mut judge = match &*region {
            Some(Some(r)) if rule_may_answer => Some(r),
            _ => None,
        };
        let graph = &shared.graph;
        if judge.is_some_and(|r| r.adds_nothing(graph, goal, (out, dir), hops_out, None)) {
            region::count_passed_over();
            continue;
        }
        // (Known already unless the rule was asked first.)
        if visible(goal) {
            continue;
        }
        let listed_before = out.len();
        // The blocked areas' cuts of the table's ways.
        cuts.clear();
        blocked_list.clear();
        // Each pass blocks one more area (at most MAX_BLOCKED of them) or ends: a path that
        // leaves sight nowhere (the area is its own goal, or the first 256 areas of a longer
        // path are all in sight) would be found again unchanged, forever.
        let mut overflow = false;
        // Where the last pass's search stopped, and the area it blocked then (for
        // `build_path_again`).
        let mut last_pass = None;
        // For a far area a region area steps into: the region without the areas blocked,
        // made once every region area that steps into the far area is blocked (`None`
        // inside: too large, or its exits could take the blocks to MAX_BLOCKED).
        let mut beside: Option<Option<region::Region>> = None;
        // Whether a region area steps into the far area (the eye's region then says nothing
        // of its searches until `beside` is made).
        let next_to = judge.is_some_and(|r| r.steps_into(graph, goal, dir));
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
            } else if path.len() > MAX_PATH {
                path.drain(..path.len() - MAX_PATH);
                // The scan no longer starts at the eye, so what it blocks may be no exit of
                // the region: its rules say nothing more of this far area's searches.
                judge = None;
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
                blocked_list.push(path[block].0 as u32);
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
            let marks = (&search.blocked[..], block_mark);
            // A far area a region area steps into: a path may leave sight first at the far
            // area itself, and its searches then block the region area before it, which
            // changes the region's ways. Only such areas: a path leaves sight first at an
            // exit otherwise. Once they are all blocked, the region's rules hold for the
            // region without the blocked areas, made then (made before, it would still step
            // into the far area, and its rules would never hold).
            if let (true, Some(r), None) = (next_to, judge, &beside)
                && r.steps_into_blocked(graph, goal, dir, marks)
            {
                let mut in_sight_unblocked = |a: usize| marks.0[a] != block_mark && visible(a);
                let scratch = &mut search.region_scratch;
                // Every later block is one of its open exits: the game's blocked list must
                // not overflow, which would end the eye's searches.
                beside = Some(
                    region::Region::toward(graph, (i, dir), &mut in_sight_unblocked, scratch)
                        .filter(|r| blocked_count + r.exits_open(marks) < MAX_BLOCKED),
                );
            }
            // The region that judges now: none where `judge` is none (no region, or the path
            // was cut), else the one beside the far area once made (none if not taken), else
            // the eye's own unless a region area steps into the far area.
            let judge_now = match (judge, &beside) {
                (None, _) => None,
                (Some(_), Some(beside)) => beside.as_ref(),
                (Some(r), None) => (!next_to).then_some(r),
            };
            let blocks = Some(region::Blocked {
                marks: &search.blocked,
                mark: block_mark,
                list: &blocked_list,
                reach: &mut search.reach,
            });
            if judge_now.is_some_and(|r| r.adds_nothing(graph, goal, (out, dir), hops_out, blocks))
            {
                region::count_ended_early(beside.is_some());
                break;
            }
        }
        // The game's blocked list overflowed: it gives up on the area.
        if overflow {
            *done = true;
            *region = None;
            return;
        }
        if exact && region.is_none() && out.len() == listed_before {
            *region = Some(region::Region::of(
                &shared.graph,
                i,
                &mut visible,
                &mut search.region_scratch,
            ));
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

#[cfg(test)]
#[path = "../../tests/common/city.rs"]
mod city;

#[cfg(test)]
mod tests {
    use super::search::MAX_WAY_TABLES;
    use super::ways::Table;
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

    /// Each area's distance left to `goal` walking `dir`, the areas blocked with `block` left
    /// out (infinite where none is left): Dijkstra from the goal, as the tables are made.
    fn left_when_blocked(s: &Search, goal: usize, dir: Dir, block: u32) -> Vec<f32> {
        use std::cmp::Reverse;
        let mut left = vec![f32::INFINITY; s.shared.graph.center.len()];
        let mut heap = std::collections::BinaryHeap::new();
        left[goal] = 0.0;
        heap.push(Reverse((0u32, goal)));
        while let Some(Reverse((bits, a))) = heap.pop() {
            let d = f32::from_bits(bits);
            if d > left[a] {
                continue;
            }
            for st in s.shared.graph.steps(dir.back()).of(a) {
                let to = st.to as usize;
                if s.blocked[to] != block && d + st.cost < left[to] {
                    left[to] = d + st.cost;
                    heap.push(Reverse(((d + st.cost).to_bits(), to)));
                }
            }
        }
        left
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

    /// When a search's mark count comes round to 0 ([`Search::next_mark`]), every mark its
    /// searches left is cleared, and every blocked area's and bound's mark but the live far
    /// area's, which stay; before that nothing is cleared. (Marks left from before could
    /// otherwise match the numbers that come after.)
    #[test]
    fn coming_round_clears_every_mark_but_the_live_ones() {
        let (_, doc) = city::town(3, city::Rules::CssV9);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        let mut s = Search::new(&mesh);
        s.now = u32::MAX - 1;
        let live = s.now;
        let old = |k: usize| (k % 7) as u32 + 1;
        for k in 0..n {
            (s.stamp[k], s.closed[k]) = (old(k), old(k + 3));
            let mark = if k % 2 == 0 { live } else { old(k) };
            (s.blocked[k], s.bound_of[k]) = (mark, mark);
        }
        s.next_mark(live);
        assert_eq!(s.now, u32::MAX);
        assert!((0..n).all(|k| s.stamp[k] == old(k) && s.closed[k] == old(k + 3)));
        s.next_mark(live);
        assert_eq!(s.now, 1, "past 0");
        assert!(s.stamp.iter().chain(&s.closed).all(|&m| m == 0));
        for k in 0..n {
            let kept = if k % 2 == 0 { live } else { 0 };
            assert_eq!((s.blocked[k], s.bound_of[k]), (kept, kept), "area {k}");
        }
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
    /// areas are blocked (an area of the path at random, the start and goal aside). And the
    /// lower bounds it learns for the areas it loses never exceed their distance left, worked
    /// out afresh after every search with the areas blocked so far, and are often above the
    /// table's distance (what they are for: 193,236 of 243,832 bound checks; a bound 5 units
    /// too high fails it).
    #[test]
    fn going_on_finds_paths_as_short_as_a_whole_search() {
        let (_, doc) = city::town(3, city::Rules::CssV9);
        let mesh = Mesh::from_document(&doc);
        let n = mesh.areas.len();
        let mut s = Search::new(&mesh);
        let mut whole = Search::new(&mesh);
        let mut pick = picker();
        let (mut searches, mut went_on, mut other_paths) = (0, 0, 0);
        let (mut bounds_checked, mut above_table) = (0, 0);
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
                    let left = left_when_blocked(&s, goal, dir, block);
                    for x in (0..n).filter(|&x| s.bound_of[x] == block) {
                        assert!(
                            s.bound[x] <= left[x],
                            "{dir:?} {start} -> {goal}: area {x} bound {} > {} left",
                            s.bound[x],
                            left[x]
                        );
                        bounds_checked += 1;
                        above_table += usize::from(s.bound[x] > table.near[x].dist);
                    }
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
        assert!(
            above_table > 100_000,
            "{bounds_checked} bound checks, {above_table} above the table"
        );
    }
}
