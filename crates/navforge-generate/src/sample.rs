//! Stage 2: flood-fill sampling of walkable space on the 25-unit grid, breadth first; each
//! frontier's steps are traced in parallel and merged in frontier order, so the result does
//! not depend on the thread count.

use rustc_hash::FxHashMap as HashMap;

use navforge_level::{Contents, Ground, Hull, Level, SurfaceFlags, Vec3};
use rayon::prelude::*;

use crate::columns::ColumnIndex;
use crate::config::GenerateConfig;
use crate::error::GenerateError;
use crate::seeds::Seed;

/// Grid directions in Source order: north (−Y), east (+X), south (+Y), west (−X).
pub const DIRS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// North.
pub const NORTH: usize = 0;
/// East.
pub const EAST: usize = 1;
/// South.
pub const SOUTH: usize = 2;
/// West.
pub const WEST: usize = 3;

/// One walkable sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node {
    /// Grid column.
    pub ix: i32,
    /// Grid row.
    pub iy: i32,
    /// The floor point.
    pub pos: Vec3,
    /// The floor's normal.
    pub normal: Vec3,
    /// Only a crouching player fits here.
    pub crouch: bool,
    /// Headroom above the floor point, up to a standing player's height plus one.
    pub room: f32,
    /// A step from here falls off a cliff (`NAV_MESH_CLIFF`).
    pub cliff: bool,
    /// The sample reached by a step in each direction (north, east, south, west).
    pub links: [Option<u32>; 4],
    /// Bit `d` set: an obstacle crosses the link towards `DIRS[d]` (see [`Samples::obstacle`]).
    pub obstacle_dirs: u8,
}

/// Something higher than a step crossed on the way between two samples (a fence, a railing).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obstacle {
    /// The height of its top.
    pub top: f32,
    /// Where it starts along the step, from the sample (0 to the grid pitch).
    pub start: f32,
    /// Where it ends along the step.
    pub end: f32,
}

/// Every sample of the fill.
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// The samples, in discovery order.
    pub nodes: Vec<Node>,
    /// Obstacles crossed by the link from a sample in a direction (north, east, south, west).
    pub obstacles: HashMap<(u32, u8), Obstacle>,
    columns: HashMap<(i32, i32), Vec<u32>>,
}

impl Samples {
    /// The sample in grid column `(ix, iy)` within `tolerance` of height `z`.
    pub fn find(&self, ix: i32, iy: i32, z: f32, tolerance: f32) -> Option<u32> {
        self.columns.get(&(ix, iy)).and_then(|v| {
            v.iter()
                .copied()
                .find(|&i| (self.nodes[i as usize].pos.z - z).abs() < tolerance)
        })
    }

    /// The obstacle crossed by the link from `node` towards `dir`, if any.
    pub fn obstacle(&self, node: u32, dir: usize) -> Option<Obstacle> {
        if self.nodes.get(node as usize)?.obstacle_dirs & (1 << dir) == 0 {
            return None;
        }
        self.obstacles.get(&(node, dir as u8)).copied()
    }

    fn add(
        &mut self,
        ix: i32,
        iy: i32,
        pos: Vec3,
        normal: Vec3,
        room: f32,
        cfg: &GenerateConfig,
    ) -> u32 {
        let grid = cfg.grid;
        let id = self.nodes.len() as u32;
        // Exactly on the grid, so areas come out axis-aligned whatever the trace rounding.
        let pos = Vec3::new(ix as f32 * grid, iy as f32 * grid, pos.z);
        self.nodes.push(Node {
            ix,
            iy,
            pos,
            normal,
            crouch: room < cfg.stand_height,
            room,
            cliff: false,
            links: [None; 4],
            obstacle_dirs: 0,
        });
        self.columns.entry((ix, iy)).or_default().push(id);
        id
    }
}

/// What a step found.
#[derive(Debug, Clone, Copy)]
struct Landing {
    pos: Vec3,
    normal: Vec3,
    room: f32,
    obstacle: Option<Obstacle>,
}

/// A step's outcome: where it lands, and whether it looked over a cliff instead.
#[derive(Debug, Clone, Copy, Default)]
struct Step {
    landing: Option<Landing>,
    cliff: bool,
}

impl Step {
    fn none() -> Step {
        Step::default()
    }
}

/// True when a point ray from `a` to `b` is clear of what `mask` holds.
fn clear(level: &Level, a: Vec3, b: Vec3, mask: Contents) -> bool {
    level.sweep_through(a, b, &Hull::POINT, mask)
}

/// How far along `a → b` a point ray gets (1 when clear).
fn reach(level: &Level, a: Vec3, b: Vec3, mask: Contents) -> f32 {
    let t = level.trace(a, b, &Hull::POINT, mask);
    if t.start_solid { 0.0 } else { t.fraction }
}

/// Vertical questions at sampling grid points, answered from the [`ColumnIndex`] on triangle
/// levels and by traces otherwise; everything else is traced.
#[derive(Clone, Copy)]
pub(crate) struct Probe<'a> {
    pub level: &'a Level,
    pub cfg: &'a GenerateConfig,
    pub columns: Option<&'a ColumnIndex>,
}

impl Probe<'_> {
    /// The grid point under `p`, when `p` stands exactly on one.
    fn grid_point(&self, p: Vec3) -> Option<(i32, i32)> {
        let g = self.cfg.grid;
        let (ix, iy) = ((p.x / g).round(), (p.y / g).round());
        let near = |v: f32, i: f32| (v - i * g).abs() <= g * 1e-4;
        (near(p.x, ix) && near(p.y, iy) && ix.abs() < 1e9 && iy.abs() < 1e9)
            .then_some((ix as i32, iy as i32))
    }

    /// [`Level::ground_below`].
    pub fn ground_below(&self, p: Vec3, depth: f32) -> Option<Ground> {
        if let (Some(c), Some((ix, iy))) = (self.columns, self.grid_point(p)) {
            let hit = c.below(ix, iy, p.z, depth)?;
            return Some(Ground {
                point: Vec3::new(p.x, p.y, hit.z),
                normal: hit.normal,
                depth: p.z - hit.z,
                surface: SurfaceFlags::NONE,
                entity: None,
            });
        }
        self.level.ground_below_in(p, depth, self.cfg.ground_mask())
    }

    /// Whether the vertical segment from `p` up to height `top` is clear.
    fn clear_up(&self, p: Vec3, top: f32) -> bool {
        if let (Some(c), Some((ix, iy))) = (self.columns, self.grid_point(p)) {
            let len = top - p.z;
            return c.clear_above(ix, iy, p.z, len) >= len;
        }
        clear(
            self.level,
            p,
            Vec3::new(p.x, p.y, top),
            self.cfg.wall_mask(),
        )
    }

    /// Headroom above a floor point, up to a standing player's height (plus [`eps`]).
    fn headroom(&self, floor: Vec3) -> f32 {
        let e = eps(self.cfg);
        if let (Some(c), Some((ix, iy))) = (self.columns, self.grid_point(floor)) {
            return c.clear_above(ix, iy, floor.z + e, self.cfg.stand_height) + e;
        }
        headroom(self.level, self.cfg, floor)
    }
}

/// One unit at game scale: how far above a floor its headroom is measured from.
fn eps(cfg: &GenerateConfig) -> f32 {
    cfg.grid * 0.04
}

/// Headroom above a floor point, up to a standing player's height (plus [`eps`]).
fn headroom(level: &Level, cfg: &GenerateConfig, floor: Vec3) -> f32 {
    let e = eps(cfg);
    let a = floor + Vec3::Z * e;
    let limit = cfg.stand_height;
    let t = level.trace(a, a + Vec3::Z * limit, &Hull::POINT, cfg.wall_mask());
    if t.start_solid {
        return 0.0;
    }
    t.fraction * limit + e
}

/// Height increments of the obstacle scans (4 units at game scale).
fn scan_step(cfg: &GenerateConfig) -> f32 {
    cfg.grid * 0.16
}

/// The obstacle between `a` and `b` (floor points of two samples) when a ray a step above the
/// higher floor is blocked but one at `clear_at` (absolute height) is not: its top is the
/// lowest clear height, its span where the highest blocked ray hits from either side.
fn obstacle_between(
    level: &Level,
    cfg: &GenerateConfig,
    a: Vec3,
    b: Vec3,
    clear_at: f32,
) -> Option<Obstacle> {
    let base = a.z.max(b.z);
    let at = |z: f32| (Vec3::new(a.x, a.y, z), Vec3::new(b.x, b.y, z));
    let (lo_a, lo_b) = at(base + cfg.step_height);
    if clear(level, lo_a, lo_b, cfg.wall_mask()) {
        return None;
    }
    let inc = scan_step(cfg);
    let mut blocked = base + cfg.step_height;
    let mut z = blocked + inc;
    while z < clear_at {
        let (p, q) = at(z);
        if clear(level, p, q, cfg.wall_mask()) {
            break;
        }
        blocked = z;
        z += inc;
    }
    let clear_z = z.min(clear_at);
    let (p, q) = at(blocked);
    let len = cfg.grid;
    let start = (reach(level, p, q, cfg.wall_mask()) * len).clamp(0.0, len);
    let end = ((1.0 - reach(level, q, p, cfg.wall_mask())) * len).clamp(start, len);
    // Its top: straight down onto it from the clear height, in the middle of its span.
    let mid = a + (b - a) * ((start + end) * 0.5 / len);
    let top = level
        .ground_below_in(
            Vec3::new(mid.x, mid.y, clear_z),
            clear_z - blocked + inc,
            cfg.ground_mask(),
        )
        .map_or(clear_z, |g| g.point.z);
    Some(Obstacle { top, start, end })
}

/// Whether the column `to_xy` beside the floor point `from` drops more than the cliff height
/// (`CheckCliff`): the way there is clear and the floor is that far down.
fn cliff_beside(probe: &Probe, from: Vec3, to_xy: Vec3) -> bool {
    let (level, cfg) = (probe.level, probe.cfg);
    let Some(cliff) = cfg.cliff_height else {
        return false;
    };
    let lift = Vec3::Z * cfg.probe_height;
    let over = Vec3::new(to_xy.x, to_xy.y, from.z) + lift;
    if !clear(level, from + lift, over, cfg.wall_mask()) {
        return false;
    }
    probe
        .ground_below(over, cfg.probe_height + cfg.death_drop * 10.0)
        .is_some_and(|g| from.z - g.point.z > cliff)
}

/// A step back along a link the neighbour already made to this sample, when the samples'
/// headroom shows the full test would find the same: the neighbour's floor is the first below
/// where the ground search starts (nothing above it up to there), the rise is within reach,
/// and the way across at probe height clears both players' heads. The crossing and any
/// obstacle were found on the way out; the way back crosses the same segment.
fn step_back(cfg: &GenerateConfig, s: &Samples, n: u32, d: usize) -> Option<Step> {
    let a = &s.nodes[n as usize];
    let back = (d + 2) % 4;
    let (ix, iy) = (a.ix + DIRS[d].0, a.iy + DIRS[d].1);
    let &m = s
        .columns
        .get(&(ix, iy))?
        .iter()
        .find(|&&m| s.nodes[m as usize].links[back] == Some(n))?;
    let b = &s.nodes[m as usize];
    let rise = b.pos.z - a.pos.z;
    // The search from a crouch jump above `a` finds `b`'s floor first: nothing above `b`
    // up to there (headroom is measured to a standing height plus one).
    let start = a.pos.z + cfg.jump_height;
    if start - b.pos.z > b.room - eps(cfg) || rise > cfg.jump_height || -rise > cfg.death_drop {
        return None;
    }
    // Same crossing height both ways; a rise in place within `a`'s headroom.
    let probe = cfg.probe_height;
    if a.room - eps(cfg) < probe || b.room - eps(cfg) < probe {
        return None;
    }
    let obstacle = s.obstacle(m, back).map(|o| Obstacle {
        top: o.top,
        start: cfg.grid - o.end,
        end: cfg.grid - o.start,
    });
    let cross = a.pos.z.max(b.pos.z) + probe;
    let top = obstacle.map_or(cross, |o| o.top.max(cross));
    if (rise > 0.0 || obstacle.is_some()) && top - a.pos.z > a.room - eps(cfg) {
        return None;
    }
    Some(Step {
        landing: Some(Landing {
            pos: b.pos,
            normal: b.normal,
            room: b.room,
            obstacle,
        }),
        cliff: false,
    })
}

/// Whether a player standing at floor point `from` can get to floor point `to` nearby: up at
/// most a crouch jump or down at most the death drop, over a clear way at probe height that
/// crosses no player clip (incremental generation's stitching test).
pub fn can_move(level: &Level, cfg: &GenerateConfig, from: Vec3, to: Vec3) -> bool {
    let rise = to.z - from.z;
    if rise > cfg.jump_height || -rise > cfg.death_drop {
        return false;
    }
    let lift = Vec3::Z * cfg.probe_height;
    if cfg.player_clips && crate::clip::crosses_player_clip(level, from + lift, to + lift) {
        return false;
    }
    let top = from.z.max(to.z) + cfg.probe_height;
    let mask = cfg.wall_mask();
    (rise <= 0.0 || clear(level, from + lift, Vec3::new(from.x, from.y, top), mask))
        && clear(
            level,
            Vec3::new(from.x, from.y, top),
            Vec3::new(to.x, to.y, top),
            mask,
        )
}

/// Can a player standing at `from` reach the grid point `dir` of it, and where does it land?
fn step(world: &Probe, s: &Samples, n: u32, d: usize) -> Step {
    let (level, cfg) = (world.level, world.cfg);
    let node = &s.nodes[n as usize];
    let (from, dir) = (node.pos, DIRS[d]);
    if let Some(st) = step_back(cfg, s, n, d) {
        return st;
    }
    let to_xy = Vec3::new(
        from.x + dir.0 as f32 * cfg.grid,
        from.y + dir.1 as f32 * cfg.grid,
        0.0,
    );
    let depth = cfg.jump_height + cfg.death_drop;
    // The floor below the highest start that is not inside something: from a crouch jump up
    // (climbing onto things), then lower. A floor with no room above it (the underside of
    // something the start was in) sends the search lower.
    let mut found = None;
    let mut too_deep = false;
    let mut last_z = f32::NAN;
    // A sample already there knows its headroom.
    let (ix, iy) = (node.ix + dir.0, node.iy + dir.1);
    let room_at = |p: Vec3| match s.find(ix, iy, p.z, cfg.same_node_height) {
        Some(m) => s.nodes[m as usize].room,
        None => world.headroom(p),
    };
    // Shortcut: the floor below probe height, when its headroom shows nothing else lies
    // between it and where the full search starts (so that search finds it too).
    let start = Vec3::new(to_xy.x, to_xy.y, from.z + cfg.probe_height);
    if let Some(g) = world.ground_below(start, depth + cfg.probe_height - cfg.jump_height) {
        let rise = g.point.z - from.z;
        if !g.surface.is_sky() && g.normal.z >= cfg.slope_limit && rise <= cfg.jump_height {
            let room = room_at(g.point);
            if g.point.z + room - eps(cfg) >= from.z + cfg.jump_height {
                if -rise > cfg.death_drop {
                    too_deep = true;
                    last_z = g.point.z;
                } else if room >= cfg.crouch_height {
                    found = Some((g, room));
                }
            }
        }
    }
    let lifts: &[f32] = if found.is_some() || too_deep {
        &[]
    } else {
        &[
            cfg.jump_height,
            cfg.probe_height,
            cfg.step_height + eps(cfg),
        ]
    };
    for &lift in lifts {
        let start = Vec3::new(to_xy.x, to_xy.y, from.z + lift);
        let Some(g) = world.ground_below(start, depth + lift - cfg.jump_height) else {
            continue;
        };
        if g.point.z == last_z {
            continue;
        }
        last_z = g.point.z;
        if g.surface.is_sky() || g.normal.z < cfg.slope_limit {
            return Step::none();
        }
        let rise = g.point.z - from.z;
        if rise > cfg.jump_height {
            return Step::none();
        }
        if -rise > cfg.death_drop {
            too_deep = true;
            break;
        }
        let room = room_at(g.point);
        if room < cfg.crouch_height {
            continue;
        }
        found = Some((g, room));
        break;
    }
    let Some((g, room)) = found else {
        return Step {
            landing: None,
            cliff: (too_deep || last_z.is_nan()) && cliff_beside(world, from, to_xy),
        };
    };
    let to = g.point;
    let rise = to.z - from.z;
    // Player clips stop the fill (Source's generation mask includes them).
    let lift = Vec3::Z * cfg.probe_height;
    if cfg.player_clips && crate::clip::crosses_player_clip(level, from + lift, to + lift) {
        return Step::none();
    }
    let probe = cfg.probe_height.min(room - eps(cfg)).max(eps(cfg));
    let mut top = from.z.max(to.z) + probe;
    let mut obstacle = None;
    let (a, b) = (Vec3::new(from.x, from.y, top), Vec3::new(to.x, to.y, top));
    if clear(level, a, b, cfg.wall_mask()) {
        if cfg.obstacles {
            obstacle = obstacle_between(level, cfg, from, to, top);
        }
    } else if cfg.obstacles {
        // Climb over it, as Source's sampler does up to `ClimbUpHeight`.
        let limit = from.z + cfg.jump_height;
        let inc = scan_step(cfg);
        let mut z = top + inc;
        let mut over = None;
        while z <= limit {
            if clear(
                level,
                Vec3::new(from.x, from.y, z),
                Vec3::new(to.x, to.y, z),
                cfg.wall_mask(),
            ) {
                over = Some(z);
                break;
            }
            z += inc;
        }
        let z = match over {
            Some(z) => z,
            None => return Step::none(),
        };
        obstacle = obstacle_between(level, cfg, from, to, z);
        top = z;
    } else {
        return Step::none();
    }
    // Rise in place (jump, or climb), cross, then fall: the rise must be clear too.
    if (rise > 0.0 || obstacle.is_some())
        && top - from.z > node.room - eps(cfg)
        && !world.clear_up(from + Vec3::Z * probe, top)
    {
        return Step::none();
    }
    // Player clips block hulls, not points: sweep the crouching hull too where it fits.
    if let Some(hull) = cfg.hull {
        let (a, b) = (Vec3::new(from.x, from.y, top), Vec3::new(to.x, to.y, top));
        let lift = -hull.mins.z;
        let t = level.trace_box(a + Vec3::Z * lift, b + Vec3::Z * lift, &hull);
        if !t.start_solid && t.fraction < 1.0 {
            return Step::none();
        }
    }
    Step {
        landing: Some(Landing {
            pos: to,
            normal: g.normal,
            room,
            obstacle,
        }),
        cliff: false,
    }
}

/// Flood-fill from `seeds`.
pub fn sample(
    level: &Level,
    seeds: &[Seed],
    cfg: &GenerateConfig,
    progress: &mut dyn FnMut(usize),
) -> Result<Samples, GenerateError> {
    sample_where(level, seeds, cfg, &|_| true, progress)
}

/// [`sample()`], keeping only samples whose floor point `allowed` accepts (incremental
/// generation leaves out the space existing areas cover and what lies out of range).
pub fn sample_where(
    level: &Level,
    seeds: &[Seed],
    cfg: &GenerateConfig,
    allowed: &(dyn Fn(Vec3) -> bool + Sync),
    progress: &mut dyn FnMut(usize),
) -> Result<Samples, GenerateError> {
    let columns = ColumnIndex::build(level, cfg.grid);
    sample_with(level, seeds, cfg, columns.as_ref(), allowed, progress)
}

/// [`sample_where`] with the triangle level's [`ColumnIndex`] when there is one.
pub(crate) fn sample_with(
    level: &Level,
    seeds: &[Seed],
    cfg: &GenerateConfig,
    columns: Option<&ColumnIndex>,
    allowed: &(dyn Fn(Vec3) -> bool + Sync),
    progress: &mut dyn FnMut(usize),
) -> Result<Samples, GenerateError> {
    let world = Probe {
        level,
        cfg,
        columns,
    };
    let mut s = Samples::default();
    let mut frontier = Vec::new();
    for seed in seeds {
        let p = seed.point;
        let (ix, iy) = ((p.x / cfg.grid).round(), (p.y / cfg.grid).round());
        if !(ix.abs() < 1e9 && iy.abs() < 1e9) {
            continue;
        }
        let (ix, iy) = (ix as i32, iy as i32);
        if s.find(ix, iy, p.z, cfg.same_node_height).is_some() {
            continue;
        }
        let room = world.headroom(p);
        if room < cfg.crouch_height || !allowed(p) {
            continue;
        }
        let n = s.add(ix, iy, p, Vec3::Z, room, cfg);
        frontier.push(n);
    }
    while !frontier.is_empty() {
        // Half the grid first (by the parity of its column), then the other half: a sample
        // then finds the links its neighbours made towards it and steps back along them
        // cheaply (a fill from one seed alternates parity anyway; many seeds do not).
        let (even, odd): (Vec<u32>, Vec<u32>) = frontier.iter().partition(|&&n| {
            let node = &s.nodes[n as usize];
            (node.ix + node.iy) & 1 == 0
        });
        let mut next = Vec::new();
        for part in [even, odd] {
            expand(&world, allowed, &mut s, &part, &mut next)?;
        }
        progress(s.nodes.len());
        frontier = next;
    }
    Ok(s)
}

/// Take every step from the samples `part`, linking and adding samples; new ones go to `next`.
fn expand(
    world: &Probe,
    allowed: &(dyn Fn(Vec3) -> bool + Sync),
    s: &mut Samples,
    part: &[u32],
    next: &mut Vec<u32>,
) -> Result<(), GenerateError> {
    let cfg = world.cfg;
    let frontier = part;
    {
        let found: Vec<[Step; 4]> = frontier
            .par_iter()
            .map(|&n| {
                [0, 1, 2, 3].map(|d| {
                    let mut st = step(world, s, n, d);
                    if st.landing.is_some_and(|l| !allowed(l.pos)) {
                        st.landing = None;
                    }
                    st
                })
            })
            .collect();
        for (&n, steps) in frontier.iter().zip(found) {
            let node = s.nodes[n as usize];
            for (d, st) in steps.into_iter().enumerate() {
                if st.cliff {
                    s.nodes[n as usize].cliff = true;
                }
                let Some(l) = st.landing else { continue };
                let (ix, iy) = (node.ix + DIRS[d].0, node.iy + DIRS[d].1);
                let target = match s.find(ix, iy, l.pos.z, cfg.same_node_height) {
                    Some(t) => t,
                    None => {
                        if s.nodes.len() >= cfg.max_samples {
                            return Err(GenerateError::TooManySamples {
                                limit: cfg.max_samples,
                            });
                        }
                        let t = s.add(ix, iy, l.pos, l.normal, l.room, cfg);
                        next.push(t);
                        t
                    }
                };
                s.nodes[n as usize].links[d] = Some(target);
                if let Some(o) = l.obstacle {
                    s.obstacles.insert((n, d as u8), o);
                    s.nodes[n as usize].obstacle_dirs |= 1 << d;
                }
            }
        }
    }
    Ok(())
}
