//! Encounter paths: for every ordered pair of links (entry, exit), the in-cover spots that come
//! into view sideways while walking from the entry portal to the exit portal.

use navforge_level::{Blocker, Contents, Level, Vec3};

use crate::BotCode;
use crate::geom::{Mesh, STEP};
use crate::hiding::IN_COVER;
use crate::traces::{Blockers, line_of_sight_past_masked};

/// How far a spot can be seen.
const SEE_SPOT_RANGE: f32 = 2000.0;
/// cos 45 degrees as the game writes it (not the exact constant, on purpose): spots more ahead
/// or behind than this are not "sideways".
#[allow(clippy::approx_constant)]
const SIDEWAYS: f32 = 0.7071;

thread_local! {
    static AREA_WIDE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static LEFT_OUT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static ONE_CLUSTER: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static ENDS_KEPT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static UNFINDABLE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times this thread passed a spot over for the rest of a path because no later
/// step would find it (out of range, ahead or behind, or only at the path's start), its lines
/// not asked, since the last call ([`area_paths`]): for the test that holds that rule to the
/// paths it answers for.
#[doc(hidden)]
pub fn take_unfindable() -> u64 {
    UNFINDABLE.with(|c| c.replace(0))
}

/// How many times this thread showed a spot hidden from a whole path by a wall's answers for
/// both its portal eyes kept from earlier paths, asking nothing ([`area_paths`]), since the
/// last call: for the test that holds those answers to the paths they answer for.
#[doc(hidden)]
pub fn take_ends_kept() -> u64 {
    ENDS_KEPT.with(|c| c.replace(0))
}

/// How many path steps of this thread took their area's one VIS cluster for the eye instead of
/// looking it up, since the last call ([`area_paths`]): for the test that holds that shortcut
/// to the paths it answers for.
#[doc(hidden)]
pub fn take_one_cluster() -> u64 {
    ONE_CLUSTER.with(|c| c.replace(0))
}

/// How many spots this thread left out of an area's paths since the last call because the
/// map's VIS data hides them from every eye of the area ([`area_paths`]): for the test that
/// holds that rule to the paths it answers for.
#[doc(hidden)]
pub fn take_left_out() -> u64 {
    LEFT_OUT.with(|c| c.replace(0))
}

/// Count one spot shown hidden from every path of an area at once.
fn count_area_wide() {
    AREA_WIDE.with(|c| c.set(c.get() + 1));
}

/// How many spots this thread showed hidden from every path of their area at once
/// ([`area_paths`]'s hull proof) since the last call: for the test that holds that proof to
/// the paths it answers for.
#[doc(hidden)]
pub fn take_area_wide() -> u64 {
    AREA_WIDE.with(|c| c.replace(0))
}

/// A spot every path may look at: its ID, floor position and flags.
#[derive(Debug, Clone, Copy)]
pub struct MeshSpot {
    /// Hiding-spot ID.
    pub id: u32,
    /// Floor position.
    pub pos: Vec3,
    /// Flags.
    pub flags: u8,
}

/// Where a sight line to a spot ends (half a player's height over it), and that point's VIS
/// cluster (`None` in solid, outside the VIS data or on a level without it).
type Target = (Vec3, Option<usize>);

/// The spots every path may look at on one level (the in-cover ones), as one bot's code
/// measures them, each with the point its sight lines end at (half a player's height over it)
/// and that point's VIS cluster: looked up once for the whole stage rather than once for every
/// area in range of the spot.
pub struct SpotTargets<'a> {
    level: &'a Level,
    code: BotCode,
    spots: Vec<(&'a MeshSpot, Target)>,
}

impl<'a> SpotTargets<'a> {
    /// The in-cover spots of `spots` (in their order) as `code` looks at them on `level`.
    pub fn new(spots: &'a [MeshSpot], level: &'a Level, code: BotCode) -> Self {
        let spots = (spots.iter())
            .filter(|s| s.flags & IN_COVER != 0)
            .map(|s| {
                let t = s.pos + Vec3::new(0.0, 0.0, code.half_human_height());
                (s, (t, crate::traces::cluster(level, t)))
            })
            .collect();
        SpotTargets { level, code, spots }
    }
}

/// One encounter path of an area.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    /// Entry neighbour (index) and the side it is on.
    pub from: usize,
    /// Side of the entry link.
    pub from_dir: u8,
    /// Exit neighbour (index).
    pub to: usize,
    /// Side of the exit link.
    pub to_dir: u8,
    /// (spot ID, t quantised to 0..=255) in the order they come into view.
    pub spots: Vec<(u32, u8)>,
}

/// Every encounter path of area `i`, in the game's order (entry links, then exit links, by
/// side), as the spots' bot code measures them ([`SpotTargets::new`]): its mask stops the
/// sight lines and its eye height is the walk's over the path ([`BotCode::encounter_mask`],
/// [`BotCode::encounter_eye`]). The lines end half a player's height over each spot; its range
/// and bearing are measured to the eye's height over it, as the game measures them.
pub fn area_paths(mesh: &Mesh, i: usize, spots: &SpotTargets<'_>) -> Vec<Path> {
    paths_by(mesh, i, spots, true)
}

/// [`area_paths`] with every step's line to every spot asked (no wall answers for a spot over
/// many steps at once, no spot is left out for the VIS data, and none passed over where no
/// later step would find it): the same paths, for the tests that hold those shortcuts to the
/// lines they answer for.
#[doc(hidden)]
pub fn area_paths_line_by_line(mesh: &Mesh, i: usize, spots: &SpotTargets<'_>) -> Vec<Path> {
    paths_by(mesh, i, spots, false)
}

/// [`area_paths`]; `proofs`: whether a wall may answer for a spot over many steps (and the
/// other shortcuts are taken).
fn paths_by(mesh: &Mesh, i: usize, spots: &SpotTargets<'_>, proofs: bool) -> Vec<Path> {
    let (level, code) = (spots.level, spots.code);
    let (mask, eye) = (code.encounter_mask(), code.encounter_eye());
    let Some(a) = mesh.areas.get(i) else {
        return Vec::new();
    };
    // Eye points lie on this area's rectangle: only spots within range of it matter.
    let reach = SEE_SPOT_RANGE * SEE_SPOT_RANGE;
    let (near, targets): (Vec<&MeshSpot>, Vec<Target>) = (spots.spots.iter())
        .filter(|(s, _)| a.dist2_xy(s.pos.x, s.pos.y) <= reach)
        .copied()
        .unzip();
    // Every path's eyes lie in the box of the links' portal eyes: a spot the map's VIS data
    // hides from every cluster a point of that box can be in is hidden from every line of
    // every path (each would be answered "blocked" by the clusters without a trace).
    let link_eyes = portal_eyes(mesh, a, eye);
    let every_portal_eye: Vec<Vec3> = link_eyes.iter().flatten().copied().collect();
    let (near, targets, cluster) = if proofs {
        seen_by_clusters(level, &every_portal_eye, near, targets)
    } else {
        (near, targets, None)
    };
    let mut marked = vec![false; near.len()];
    // Sight from each link's portal eye to each spot, shared by every path that starts or ends
    // there: 0 unknown, 1 seen, 2 hidden.
    let mut portal_sight: Vec<Vec<u8>> = vec![vec![0u8; near.len()]; a.links.len()];
    // Every path's eyes lie on this area and look at the same spots: the walls that blocked
    // recent lines to a spot answer most of its blocked lines without a trace.
    let mut recent = vec![Blockers::default(); near.len()];
    let mut walls = WallProofs::new(&link_eyes, near.len(), proofs);
    let mut out = Vec::with_capacity(a.links.len() * a.links.len().saturating_sub(1));
    for (fi, f) in a.links.iter().enumerate() {
        for (ti, t) in a.links.iter().enumerate() {
            if fi == ti {
                continue;
            }
            let (Some(from), Some(to)) = (link_eyes[fi], link_eyes[ti]) else {
                continue;
            };
            for (k, m) in marked.iter_mut().enumerate() {
                *m = walls.area[k] == Some(true);
            }
            let (start_sight, end_sight) = pair_mut(&mut portal_sight, fi, ti);
            let ends = Ends {
                from,
                to,
                links: (fi, ti),
                cluster,
                start_sight,
                end_sight,
            };
            let found = walk(
                ends,
                &near,
                &targets,
                &mut marked,
                (level, mask, eye),
                (&mut recent, &mut walls),
                proofs,
            );
            out.push(Path {
                from: f.to,
                from_dir: f.dir,
                to: t.to,
                to_dir: t.dir,
                spots: found,
            });
        }
    }
    out
}

/// The eye at each link's portal of area `a` (`eye` over its neighbour's floor there), by
/// link (none for a link to no area): the ends of its paths.
fn portal_eyes(mesh: &Mesh, a: &crate::geom::Geom, eye: f32) -> Vec<Option<Vec3>> {
    (a.links.iter())
        .map(|l| {
            let n = mesh.areas.get(l.to)?;
            let p = a.portal(n, l.dir);
            Some(Vec3::new(p.x, p.y, n.z_at(p.x, p.y) + eye))
        })
        .collect()
}

/// At most this many VIS clusters around an area's portal eyes are asked about its spots.
const EYE_CLUSTERS_LIMIT: usize = 64;

/// The spots of `near` (with their `targets`) that the map's VIS data lets some eye of the box
/// around `eyes` see: all of them when the level has no VIS data, or when a point of the box
/// may be in solid or has too many clusters around it. A spot left out would have every line
/// from that box answered "blocked" by the clusters alone. Also the one cluster every point of
/// the box is in ([`navforge_level::Vis::cluster_at`]), when the box touches only one: the
/// box is walked a unit larger on every side, and within the coordinates analysis accepts
/// ([`crate::MAX_EXTENT`]) an eye's rounding off the box is far less.
fn seen_by_clusters<'a>(
    level: &Level,
    eyes: &[Vec3],
    near: Vec<&'a MeshSpot>,
    targets: Vec<Target>,
) -> (Vec<&'a MeshSpot>, Vec<Target>, Option<usize>) {
    // (A box folded over eyes that are not all finite would leave some of them out.)
    let Some(vis) = level.vis() else {
        return (near, targets, None);
    };
    if eyes.is_empty() || !eyes.iter().all(|e| e.is_finite()) {
        return (near, targets, None);
    }
    let (lo, hi) = crate::geom::bounds(eyes.iter().copied());
    let Some(clusters) = vis.clusters_of_box(lo, hi, EYE_CLUSTERS_LIMIT) else {
        return (near, targets, None);
    };
    let before = near.len();
    let (near, targets): (Vec<_>, Vec<_>) = (near.into_iter().zip(targets))
        .filter(|(_, (_, to))| to.is_none_or(|to| clusters.iter().any(|&c| vis.sees(c, to))))
        .unzip();
    LEFT_OUT.with(|c| c.set(c.get() + (before - near.len()) as u64));
    let one = match clusters[..] {
        [c] => Some(c),
        _ => None,
    };
    (near, targets, one)
}

/// A path's two eye points and their links (by index), the one VIS cluster all its eyes are
/// in when known (they lie in the box of the area's portal eyes: `seen_by_clusters`), and the
/// cached sight from each end.
struct Ends<'a> {
    from: Vec3,
    to: Vec3,
    links: (usize, usize),
    cluster: Option<usize>,
    start_sight: &'a mut [u8],
    end_sight: &'a mut [u8],
}

/// What walls were shown to hide of each spot from an area's paths, and the portal eyes they
/// were asked about.
///
/// Every path's eyes lie in the hull of the links' portal eyes (its steps are on the segment
/// between two of them): a wall that hides a spot from that hull hides it from every path of
/// the area (`area`, asked once a spot, at the first blocked line to it whose wall is a
/// brush). Otherwise a path asks the wall about the rest of its own segment; from its first
/// eye, that is the segment between its two portal eyes, and a wall hides a spot from a
/// segment when it hides it from each end alone (the ends whose lines to the spot pass
/// through the wall's brush, pushed in, make a convex set: see
/// [`Level::sight_blocked_between`]). So each portal eye is asked once for the spot while
/// the same wall is the one asked, whichever paths it ends (`kept`: one area of 12 links has
/// 132 paths and 12 portal eyes).
struct WallProofs<'a> {
    /// Each link's portal eye (none for a link to no area).
    eyes: &'a [Option<Vec3>],
    /// By spot: whether a wall hides it from every path of the area; none until asked, and
    /// true from the path on whose ends one wall's answers hide it from every portal eye.
    /// (Without proofs, every spot is asked and hidden from nothing.)
    area: Vec<Option<bool>>,
    /// By spot: the portal eyes the last wall asked was asked about and those it hides the
    /// spot from, a bit by link (links past 64 are asked each time); none until asked.
    kept: Vec<Option<EyesHidden>>,
    /// The bits of the links that have a portal eye; none for an area of more than 64 links,
    /// whose bits cannot answer for all of them.
    every: u64,
}

/// The portal eyes one wall was asked to hide a spot from ([`WallProofs`]), a bit by link.
#[derive(Clone, Copy)]
struct EyesHidden {
    wall: Blocker,
    asked: u64,
    hidden: u64,
}

impl<'a> WallProofs<'a> {
    fn new(eyes: &'a [Option<Vec3>], spots: usize, proofs: bool) -> Self {
        WallProofs {
            eyes,
            area: vec![(!proofs).then_some(false); spots],
            kept: vec![None; spots],
            every: if eyes.len() <= 64 {
                (eyes.iter().enumerate())
                    .filter(|(_, e)| e.is_some())
                    .fold(0, |bits, (li, _)| bits | 1 << li)
            } else {
                0
            },
        }
    }

    /// Whether `wall` (a brush that blocked the line from `eye` to spot `k`'s `target` under
    /// `mask`) hides the spot from every later eye of the path from portal eye `from` to `to`
    /// (links `fi` and `ti`): from the whole area, or from the segment between `eye` and `to`.
    fn hide_rest(
        &mut self,
        (level, mask): (&Level, Contents),
        (k, target): (usize, Vec3),
        wall: Blocker,
        (eye, from, to): (Vec3, Vec3, Vec3),
        (fi, ti): (usize, usize),
    ) -> bool {
        // Whether the wall hides the spot from every point of the hull of `eyes`.
        let hides =
            |eyes: &[Vec3]| level.sight_blocked_between_masked(wall, target, target, eyes, mask);
        let (eyes, kept) = (self.eyes, &mut self.kept[k]);
        // Both ends' answers kept before this call, for the count of proofs that asked none.
        let both_kept = kept.is_some_and(|s| s.wall == wall && s.kept(fi, ti));
        let area_wide = *self.area[k].get_or_insert_with(|| {
            // Eye by eye, each answer kept, until one is not hidden.
            let mut shown = EyesHidden::new(wall);
            let every = (eyes.iter().enumerate())
                .filter_map(|(li, e)| e.map(|e| (li, e)))
                .all(|(li, e)| shown.ask(li, || hides(&[e])));
            *kept = Some(shown);
            let hidden = every && eyes.iter().any(Option::is_some);
            if hidden {
                count_area_wide();
            }
            hidden
        });
        if area_wide {
            return true;
        }
        if eye != from {
            return hides(&[eye, to]);
        }
        // This wall's answers kept so far (none when the kept ones are another wall's).
        let mut shown = (kept.take())
            .filter(|s| s.wall == wall)
            .unwrap_or(EyesHidden::new(wall));
        let hidden = shown.ask(fi, || hides(&[from])) && shown.ask(ti, || hides(&[to]));
        *kept = Some(shown);
        if hidden && both_kept {
            ENDS_KEPT.with(|c| c.set(c.get() + 1));
        }
        // Every portal eye's answer is hidden: so is every path left.
        if self.every != 0 && shown.hidden == self.every {
            self.area[k] = Some(true);
            count_area_wide();
        }
        hidden
    }
}

impl EyesHidden {
    /// Nothing asked of `wall` yet.
    fn new(wall: Blocker) -> Self {
        EyesHidden {
            wall,
            asked: 0,
            hidden: 0,
        }
    }

    /// Whether links `fi`'s and `ti`'s answers are both kept.
    fn kept(&self, fi: usize, ti: usize) -> bool {
        fi < 64 && ti < 64 && self.asked >> fi & self.asked >> ti & 1 != 0
    }

    /// Whether the wall hides the spot from link `li`'s portal eye: the answer kept, or
    /// `hides`'s, then kept (links past 64 have no bit: asked each time).
    fn ask(&mut self, li: usize, hides: impl FnOnce() -> bool) -> bool {
        if li >= 64 {
            return hides();
        }
        let bit = 1u64 << li;
        if self.asked & bit == 0 {
            self.asked |= bit;
            if hides() {
                self.hidden |= bit;
            }
        }
        self.hidden & bit != 0
    }
}

/// Two distinct elements of `v`, mutably.
fn pair_mut<T>(v: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    if a < b {
        let (x, y) = v.split_at_mut(b);
        (&mut x[a], &mut y[0])
    } else {
        let (x, y) = v.split_at_mut(a);
        (&mut y[0], &mut x[b])
    }
}

/// Sight from `eye` to `target` (each with its VIS cluster) on `level` past what `mask` holds,
/// through the cache when there is one, and past the walls that blocked recent lines.
fn sight(
    cache: Option<&mut u8>,
    (level, mask): (&Level, Contents),
    eye: (Vec3, Option<usize>),
    target: (Vec3, Option<usize>),
    recent: &mut Blockers,
) -> bool {
    let mut look = || line_of_sight_past_masked(level, eye, target, recent, mask);
    match cache {
        Some(c) if *c != 0 => *c == 1,
        Some(c) => {
            let seen = look();
            *c = if seen { 1 } else { 2 };
            seen
        }
        None => look(),
    }
}

/// Step along from `from` to `to`; each spot is judged once, the first time it is visible (or
/// passed over: below).
/// The first and last eye points are the portal eyes (the game's last point is the same up to
/// float rounding), so their sight lines come from the cache.
///
/// With `proofs`, the wall that blocked a spot's first blocked line of the path, when it is a
/// brush, is asked whether it hides the spot from the hull of the area's portal eyes (once a
/// spot for the area), or else from the rest of the path (the segment from this eye to `to`;
/// from the first eye, each end's answer is kept for other paths: [`WallProofs`]). Either
/// hull holds every later eye up to the rounding of `from + dir * along` (a hundredth of a
/// unit at most within the proof's deep limit, far inside its two-unit depth), so no later
/// line to the spot could see it: it is passed over as a seen spot is, with nothing found.
/// The proof's box is the spot's point and its hull the eyes: it vouches for the segments
/// between them, whichever end a trace starts from ([`Level::sight_blocked_between`]).
///
/// With `proofs`, too, a spot is passed over (as a seen spot is, with nothing found) once the
/// walk is past the last step at which seeing it would find it: past the start, in range and
/// sideways. Whether and when a later step sees it then changes nothing of the path, and the
/// steps are worked out once, as the walk reaches them, so that test is the walk's own. The
/// other paths of the area lose only the answers its lines would have left (the portal eyes'
/// cached sight, the walls met, the walls' kept answers), which are exact: they ask other lines,
/// and answer alike. (Most paths cross one area and their spots' bearings turn little over
/// them: on CS:S cs_office the traces of hiding and encounter fall by a seventh, 105,593 to
/// 90,149.)
fn walk(
    ends: Ends,
    near: &[&MeshSpot],
    targets: &[Target],
    marked: &mut [bool],
    (level, mask, eye_height): (&Level, Contents, f32),
    (recent, walls): (&mut [Blockers], &mut WallProofs),
    proofs: bool,
) -> Vec<(u32, u8)> {
    let Ends {
        from,
        to,
        links,
        cluster,
        start_sight,
        end_sight,
    } = ends;
    let delta = to - from;
    let length = delta.length();
    let dir = if length > 0.0 {
        delta / length
    } else {
        Vec3::ZERO
    };
    let mut found = Vec::new();
    // Per spot: whether a wall was asked to hide it from the rest of this path.
    let mut tried = vec![!proofs; near.len()];
    // The walk's steps: how far along, and the eye there.
    let mut steps = Vec::with_capacity((length / STEP) as usize + 2);
    let mut along = 0.0f32;
    loop {
        let done = along >= length;
        if done {
            along = length;
        }
        steps.push((along, if done { to } else { from + dir * along }));
        if done {
            break;
        }
        along += STEP;
    }
    // Per spot, worked out when first asked (with `proofs`): the last step at which seeing it
    // would find it (in range, sideways and past the start), none when no step would.
    let mut last_found: Vec<Option<Option<usize>>> =
        vec![None; if proofs { near.len() } else { 0 }];
    for (j, &(along, eye)) in steps.iter().enumerate() {
        let done = j + 1 == steps.len();
        let first = along == 0.0;
        // The eye's VIS cluster, once per step when a spot needs it: the area's one, or looked up.
        let mut eye_cluster: Option<Option<usize>> = None;
        for (k, ((((s, m), tried), &(target, target_cluster)), recent)) in near
            .iter()
            .zip(marked.iter_mut())
            .zip(tried.iter_mut())
            .zip(targets)
            .zip(recent.iter_mut())
            .enumerate()
        {
            if *m {
                continue;
            }
            // Range and bearing to the spot's eye height as the walk's (the line itself ends
            // half a player's height over the spot: `target`).
            let d = offset(s.pos, eye_height, eye);
            if !in_range(d) {
                continue;
            }
            // Past its last step that could find it, a spot seen or not adds nothing to this
            // path: passed over as a seen spot is, its lines not asked.
            if proofs {
                let last = *last_found[k]
                    .get_or_insert_with(|| last_finding_step(&steps, s.pos, eye_height, dir));
                if last.is_none_or(|l| j > l) {
                    UNFINDABLE.with(|c| c.set(c.get() + 1));
                    *m = true;
                    continue;
                }
            }
            let cache = if first {
                start_sight.get_mut(k)
            } else if done {
                end_sight.get_mut(k)
            } else {
                None
            };
            let cached = cache.as_ref().is_some_and(|c| **c != 0);
            let ec = if cached {
                None
            } else {
                *eye_cluster.get_or_insert_with(|| match cluster {
                    Some(c) => {
                        ONE_CLUSTER.with(|n| n.set(n.get() + 1));
                        Some(c)
                    }
                    None => crate::traces::cluster(level, eye),
                })
            };
            if !sight(
                cache,
                (level, mask),
                (eye, ec),
                (target, target_cluster),
                recent,
            ) {
                // The wall that hid the spot here often hides it from the rest of the path
                // (asked once a path).
                if !done && !*tried {
                    *tried = true;
                    if let Some(wall) = recent.latest()
                        && level.blocks_boxes(wall)
                        && walls.hide_rest((level, mask), (k, target), wall, (eye, from, to), links)
                    {
                        crate::traces::count_proof();
                        *m = true;
                    }
                }
                continue;
            }
            if finds(d, dir, along) {
                // The file keeps t as an unsigned byte of t * 255.
                let t = (along / length * 255.0).clamp(0.0, 255.0) as u8;
                found.push((s.id, t));
            }
            *m = true;
        }
    }
    found
}

/// Where a spot at floor position `pos` is from an eye, as range and bearing are measured: to
/// the walk's eye height over it (its sight line ends half a player's height over it).
fn offset(pos: Vec3, eye_height: f32, eye: Vec3) -> Vec3 {
    pos + Vec3::new(0.0, 0.0, eye_height) - eye
}

/// Whether a spot at offset `d` is in range (not out of it: a NaN offset is asked, as the
/// walk always asked it).
fn in_range(d: Vec3) -> bool {
    let range2 = SEE_SPOT_RANGE * SEE_SPOT_RANGE;
    d.length_squared().partial_cmp(&range2) != Some(std::cmp::Ordering::Greater)
}

/// Whether a spot seen at offset `d` from an eye `along` units down a path heading `dir` is
/// found there: sideways (neither ahead nor behind), past the path's start.
fn finds(d: Vec3, dir: Vec3, along: f32) -> bool {
    let dot = dir.dot(d.normalize_or_zero());
    dot < SIDEWAYS && dot > -SIDEWAYS && along > 0.0
}

/// The last of a path's `steps` (how far along, and the eye there) at which seeing a spot at
/// `pos` would find it: in range ([`offset`], [`in_range`]) and [`finds`] there, worked out as
/// the walk works them out; none when no step would.
fn last_finding_step(
    steps: &[(f32, Vec3)],
    pos: Vec3,
    eye_height: f32,
    dir: Vec3,
) -> Option<usize> {
    steps.iter().rposition(|&(along, eye)| {
        let d = offset(pos, eye_height, eye);
        in_range(d) && finds(d, dir, along)
    })
}
