//! Lints from Valve's nav editing advice (the seed page): places bots cannot follow.
//!
//! - **Unjumpable climbs**: a connection whose target is higher at the shared edge than the
//!   game's jump height ("the highest a bot will try to jump is 58 units" in Counter-Strike; 64
//!   elsewhere).
//! - **Climbs past a bot's jump**: a climb above the page's 58 units ("the highest a bot will try
//!   to jump is 58 units. If the top of a jump is 59 or more units above the bottom, bots will give
//!   up") that is still within the game's jump height, so `unjumpable-climb` does not see it.
//! - **Deadly drops**: a one-way connection down more than the game's death drop (200 units in
//!   Counter-Strike, 400 elsewhere).
//! - **Areas hanging off stairs and ramps**: a narrow area beside a STAIRS area or across a steep
//!   slope that connects only through its long sides ("these should be removed to force the bots
//!   to take the stairs or ramp straight-on").
//!
//! - **Never analysed**: a Source `.nav` with no hiding spots (and, from version 14, its
//!   `isAnalyzed` flag clear) was saved without `nav_analyze` ("be sure to do a full analyze ...
//!   before publishing your nav file").
//!
//! They apply to Source meshes, whose connections leave through a side. Each finding names the
//! game whose numbers it used.

use crate::rules::Ctx;
use crate::{Report, Severity::*};
use navforge_core::Game;
use navforge_core::model::{ConnectionKind, Direction, NavMesh};
use navforge_core::movement::Movement;
use std::collections::{HashMap, HashSet};

/// "The highest a bot will try to jump is 58 units" (the page, for every game it covers).
const PAGE_JUMP: f64 = 58.0;

/// A narrow area is at most this wide (a player is 32 units wide)...
const NARROW: f64 = 16.0;
/// ...and at least this many times as long as wide.
const ELONGATED: f64 = 2.0;
/// Rise over run along an area's length above which it lies across a steep slope (about 27°).
const STEEP: f64 = 0.5;

/// The jump height and death drop of a game (the core's [`Movement`] table), and the name
/// findings carry.
fn limits(game: Option<Game>) -> (f64, f64, String) {
    let m = Movement::for_game(game);
    let name = game.map_or_else(|| "unknown game".to_string(), |g| g.name().to_string());
    (
        f64::from(m.jump_crouch_height),
        f64::from(m.death_drop),
        name,
    )
}

/// The two corners of `poly` furthest towards `dir` (Source: north is -y).
fn edge(poly: &[[f32; 3]], dir: Direction) -> Vec<[f32; 3]> {
    let key = |p: &[f32; 3]| -> f64 {
        match dir {
            Direction::North => -(p[1] as f64),
            Direction::South => p[1] as f64,
            Direction::East => p[0] as f64,
            Direction::West => -(p[0] as f64),
        }
    };
    let mut c = poly.to_vec();
    c.sort_by(|a, b| key(b).total_cmp(&key(a)));
    c.truncate(2);
    c
}

fn z_range(pts: &[[f32; 3]]) -> (f64, f64) {
    pts.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p[2] as f64), hi.max(p[2] as f64))
    })
}

pub fn run(ctx: &Ctx, r: &mut Report) {
    let mesh: &NavMesh = &ctx.mesh;
    if !crate::rules::source_like(mesh) {
        return;
    }
    let (jump, death, game) = limits(mesh.game);
    let directed: HashSet<(u64, u64)> = mesh.connections.iter().map(|c| (c.from, c.to)).collect();
    let mut climbs = Vec::new();
    let mut past_bot_jump = Vec::new();
    let mut drops = Vec::new();
    for c in &mesh.connections {
        if !matches!(
            c.kind,
            ConnectionKind::Walk | ConnectionKind::Jump | ConnectionKind::Drop
        ) {
            continue;
        }
        let (Some(dir), Some(&a), Some(&b)) =
            (c.direction, ctx.index.get(&c.from), ctx.index.get(&c.to))
        else {
            continue;
        };
        let (pa, pb) = (&mesh.areas[a].polygon, &mesh.areas[b].polygon);
        if pa.len() < 3 || pb.len() < 3 || pa.iter().chain(pb).flatten().any(|v| !v.is_finite()) {
            continue;
        }
        let (a_lo, a_hi) = z_range(&edge(pa, dir));
        let (b_lo, b_hi) = z_range(&edge(pb, dir.opposite()));
        // The kindest reading of each edge: lowest target corner over highest source corner.
        let climb = b_lo - a_hi;
        if climb > jump {
            climbs.push(ctx.area(a).with_other(c.to));
        } else if climb > PAGE_JUMP {
            past_bot_jump.push(ctx.area(a).with_other(c.to));
        }
        if a_lo - b_hi > death && !directed.contains(&(c.to, c.from)) {
            drops.push(ctx.area(a).with_other(c.to));
        }
    }
    r.add_for_game(
        Warning,
        "unjumpable-climb",
        &format!("connections climb more than the jump height ({jump} units) at the shared edge"),
        Some(game.clone()),
        climbs,
    );
    r.add_for_game(
        Warning,
        "climb-past-bot-jump",
        &format!(
            "connections climb more than {PAGE_JUMP} units at the shared edge (within the game's \
             {jump}): the highest a bot will try to jump is {PAGE_JUMP} units, and bots give up \
             on a jump whose top is 59 or more units up; lower the upper area (nav_corner_lower)"
        ),
        Some(game.clone()),
        past_bot_jump,
    );
    r.add_for_game(
        Warning,
        "deadly-drop",
        &format!("one-way connections drop more than the death drop ({death} units)"),
        Some(game.clone()),
        drops,
    );
    r.add_for_game(
        Warning,
        "hanging-off-stairs",
        "narrow areas beside stairs or across a steep slope connect only sideways \
         (bots should take the stairs or ramp straight on)",
        Some(game),
        hanging(ctx),
    );
}

/// A Source `.nav` (areas, no hiding spots, `is_analyzed` not true) saved without
/// `nav_analyze`: one finding about the whole file. `is_analyzed` is the header's flag where the
/// file has one (version 14 and later), `None` where it has none or is not known.
pub fn not_analysed(ctx: &Ctx, is_analyzed: Option<bool>, r: &mut Report) {
    let mesh: &NavMesh = &ctx.mesh;
    if mesh.format != Some(navforge_core::Format::SourceNav)
        || mesh.areas.is_empty()
        || !mesh.hiding_spots.is_empty()
        || is_analyzed == Some(true)
    {
        return;
    }
    let flag = match is_analyzed {
        Some(_) => " and its isAnalyzed flag is clear",
        None => "",
    };
    r.findings.push(crate::Finding {
        severity: Warning,
        code: "not-analysed",
        message: format!(
            "the mesh was never analysed: it has no hiding spots{flag}; bots lack the data \
             nav_analyze makes (run `navforge analyze FILE --level MAP.bsp`)"
        ),
        count: 1,
        game: None,
        instances: Vec::new(),
    });
}

/// Narrow, long areas beside a STAIRS area or across a steep slope whose connections all leave
/// through their long sides.
fn hanging(ctx: &Ctx) -> Vec<crate::Instance> {
    let mesh: &NavMesh = &ctx.mesh;
    let stairs = mesh.attribute_bit("stairs").unwrap_or(0);
    let mut out_dirs: HashMap<usize, Vec<(Direction, usize)>> = HashMap::new();
    for c in &mesh.connections {
        if let (Some(d), Some(&a), Some(&b)) =
            (c.direction, ctx.index.get(&c.from), ctx.index.get(&c.to))
        {
            out_dirs.entry(a).or_default().push((d, b));
        }
    }
    let mut found = Vec::new();
    for (i, area) in mesh.areas.iter().enumerate() {
        let p = &area.polygon;
        if p.len() < 3 || p.iter().flatten().any(|v| !v.is_finite()) {
            continue;
        }
        let (xs, ys) = (
            p.iter()
                .map(|q| q[0] as f64)
                .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v))),
            p.iter()
                .map(|q| q[1] as f64)
                .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v))),
        );
        let (w, h) = (xs.1 - xs.0, ys.1 - ys.0);
        let (short, long) = (w.min(h), w.max(h));
        if short > NARROW || long < ELONGATED * short || short <= 0.0 {
            continue;
        }
        let Some(dirs) = out_dirs.get(&i) else {
            continue;
        };
        // Long along x: the long sides face north and south.
        let long_sides: [Direction; 2] = if w >= h {
            [Direction::North, Direction::South]
        } else {
            [Direction::East, Direction::West]
        };
        if !dirs.iter().all(|(d, _)| long_sides.contains(d)) {
            continue;
        }
        let (zlo, zhi) = z_range(p);
        let steep = (zhi - zlo) / long > STEEP;
        let by_stairs = stairs != 0
            && dirs
                .iter()
                .any(|&(_, b)| mesh.areas[b].attributes & stairs != 0);
        if steep || by_stairs {
            found.push(ctx.area(i));
        }
    }
    found
}
