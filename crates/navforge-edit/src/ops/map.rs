//! The commands that need the map ([`MapOp`]), with the game's rules: corners put on the ground
//! as `CNavArea::PlaceOnGround` walks to them, the floor test of `CNavArea::CheckFloor`, the
//! blocked test of `CNavArea::UpdateBlocked` (and the areas a `func_nav_blocker` overlaps), a
//! ladder built on a map's ladder volume, incremental and whole generation and analysis as one
//! edit each, and the walkable marks they start from. The [`World`] answers traces and entities.

use std::collections::HashSet;

use navforge_core::F32;
use navforge_core::area::AreaRect;
use navforge_core::model::Direction;
use navforge_core::xyz::setpos;
use navforge_source::{Area, SourceNavDocument};

use crate::command::Corner;
use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::{finite, rect};
use crate::journal::CORNERS;
use crate::tx::Tx;
use crate::world::{Blocker, BlockerKind, MapOp, World};

use super::ladder::HALF_HUMAN_WIDTH;
use super::{GRID, targets};
use navforge_core::movement::Movement;

/// `StepHeight`: how far a walk to a corner may climb per step (the same in every game).
const STEP_HEIGHT: f32 = Movement::SOURCE.step_height;
/// `HalfHumanHeight` (the same in every Source game).
const HALF_HUMAN_HEIGHT: f32 = Movement::SOURCE.half_height;

/// Carry out an edit that needs the map.
pub(crate) fn apply(
    tx: &mut Tx<'_>,
    sel: &mut Selection,
    world: &dyn World,
    op: &MapOp,
) -> Result<String, EditError> {
    match op {
        MapOp::PlaceOnGround { ids, corner, inset } => {
            let ids = targets(tx, sel, ids, "nav_corner_place_on_ground")?;
            // The selected set (or several areas) puts all four corners down, as the game does.
            let corner = if ids.len() > 1 { Corner::All } else { *corner };
            let mut moved = 0;
            for id in &ids {
                let i = tx.index(*id)?;
                let heights = place_on_ground(world, &rect(&tx.doc.areas[i]), corner, *inset);
                let a = tx.parts_mut(i, CORNERS);
                let zs = [
                    &mut a.north_west[2],
                    &mut a.north_east_z,
                    &mut a.south_east[2],
                    &mut a.south_west_z,
                ];
                for (z, h) in zs.into_iter().zip(heights) {
                    if let Some(h) = h {
                        moved += usize::from(z.get() != h);
                        *z = F32::new(h);
                    }
                }
                if !finite(a) {
                    return Err(refused(format!("area {id}: a corner height is not finite")));
                }
            }
            Ok(format!(
                "placed {} area(s) on the ground of {} ({moved} corner(s) moved)",
                ids.len(),
                world.name()
            ))
        }
        MapOp::BuildLadder { at } => {
            let Some(span) = world.ladder_near(*at) else {
                return Err(refused(format!(
                    "{} has no ladder (a func_ladder volume or a ladder brush)",
                    world.name()
                )));
            };
            let made = super::ladder::create(tx, span.top, span.bottom, span.width, span.facing)?;
            Ok(format!("{made}, from {}", span.what))
        }
        MapOp::GenerateIncremental(given) => {
            // No spots given: the walkable marks, as the game does.
            let marks = if given.is_empty() {
                marks(sel)
            } else {
                given.clone()
            };
            if marks.is_empty() {
                return Err(refused(
                    "nav_generate_incremental: no walkable marks: mark walkable spots first \
                     (nav_mark_walkable X,Y,Z, or cursor X,Y,Z then nav_mark_walkable) or give \
                     them (nav_generate_incremental X,Y,Z ..)",
                ));
            }
            let grown = world
                .generate_incremental(tx.doc, &marks)
                .map_err(refused)?;
            adopt(tx, grown)
        }
        MapOp::Generate => {
            let analyse = !sel.quicksave;
            let (doc, made) = world
                .generate(tx.doc, &marks(sel), analyse)
                .map_err(refused)?;
            tx.replace_document(doc);
            // The old areas are gone: so are the marked area and the selected set (undo gives
            // them back with the mesh).
            sel.marked = None;
            sel.selected.clear();
            Ok(if analyse {
                made
            } else {
                format!("{made}; not analysed (nav_quicksave 1)")
            })
        }
        MapOp::Analyze => {
            let (doc, found) = world.analyze(tx.doc).map_err(refused)?;
            tx.replace_document(doc);
            Ok(found)
        }
        MapOp::CheckFloor(_)
        | MapOp::UpdateBlocked(_)
        | MapOp::SelectBlocked
        | MapOp::DebugBlocked
        | MapOp::MarkWalkable(_)
        | MapOp::ClearWalkableMarks
        | MapOp::ShowMarks
        | MapOp::Quicksave(_) => Err(refused("not an edit")),
    }
}

/// The walkable marks, as points.
fn marks(sel: &Selection) -> Vec<[f32; 3]> {
    sel.walkable.iter().map(|p| p.map(F32::get)).collect()
}

/// The walkable marks and the quicksave setting (console state, kept with the selection):
/// `Some(message)` for `nav_mark_walkable`, `nav_clear_walkable_marks`, `show marks` and
/// `nav_quicksave`; `None` for the other commands.
pub(crate) fn walkable(sel: &mut Selection, op: &MapOp) -> Result<Option<String>, EditError> {
    let list = |sel: &Selection| -> String {
        sel.walkable
            .iter()
            .enumerate()
            .map(|(k, p)| format!("\n  mark {}: {}", k + 1, setpos(p.map(F32::get))))
            .collect()
    };
    Ok(Some(match op {
        MapOp::MarkWalkable(at) => {
            let at = match (at, sel.cursor) {
                (Some(p), _) => p.map(F32::new),
                (None, Some(c)) => c,
                (None, None) => {
                    return Err(refused(
                        "nav_mark_walkable: no spot: move the cursor first (cursor X,Y,Z) or \
                         give it (nav_mark_walkable X,Y,Z)",
                    ));
                }
            };
            if !at.iter().all(|v| v.get().is_finite()) {
                return Err(refused("nav_mark_walkable: the spot is not a finite point"));
            }
            sel.walkable.push(at);
            format!(
                "marked a walkable spot ({}); {} walkable mark(s)",
                setpos(at.map(F32::get)),
                sel.walkable.len()
            )
        }
        MapOp::ClearWalkableMarks => {
            let n = sel.walkable.len();
            sel.walkable.clear();
            format!("cleared {n} walkable mark(s)")
        }
        MapOp::ShowMarks => format!("{} walkable mark(s){}", sel.walkable.len(), list(sel)),
        MapOp::Quicksave(on) => {
            if let Some(on) = on {
                sel.quicksave = *on;
            }
            format!(
                "nav_quicksave {}: nav_generate {}",
                u8::from(sel.quicksave),
                if sel.quicksave {
                    "skips the analysis"
                } else {
                    "analyses the new mesh"
                }
            )
        }
        _ => return Ok(None),
    }))
}

/// New heights (north-west, north-east, south-east, south-west) for the corners asked for:
/// `CNavArea::PlaceOnGround`. Each corner, moved `inset` into the area, is walked to from its
/// two neighbours in grid steps; when the walks disagree by more than a step, the one nearer
/// the corner's old height wins.
fn place_on_ground(
    world: &dyn World,
    r: &AreaRect,
    corner: Corner,
    inset: f32,
) -> [Option<f32>; 4] {
    let nw = [r.lo[0] + inset, r.lo[1] + inset, r.z[0]];
    let se = [r.hi[0] - inset, r.hi[1] - inset, r.z[2]];
    let ne = [se[0], nw[1], r.z[1]];
    let sw = [nw[0], se[1], r.z[3]];
    let pts = [nw, ne, se, sw];
    // Each corner's neighbours, as the game pairs them.
    let from = [(ne, sw), (nw, se), (ne, sw), (nw, se)];
    let wanted = |k: usize| match corner {
        Corner::All => true,
        Corner::NorthWest => k == 0,
        Corner::NorthEast => k == 1,
        Corner::SouthEast => k == 2,
        Corner::SouthWest => k == 3,
    };
    std::array::from_fn(|k| {
        wanted(k).then(|| {
            let (a, b) = from[k];
            let first = walk_to(world, pts[k], a);
            let second = walk_to(world, pts[k], b);
            if (first - second).abs() > STEP_HEIGHT
                && (pts[k][2] - first).abs() > (pts[k][2] - second).abs()
            {
                second
            } else {
                first
            }
        })
    })
}

/// `FindGroundZFromPoint`: walk from `start` to `end` a grid step at a time, following the
/// ground (a step up at most; down a step when there is none), and answer the ground's height
/// at `end`.
fn walk_to(world: &dyn World, end: [f32; 3], start: [f32; 3]) -> f32 {
    // At most this many grid steps (a 100,000-unit side).
    const MAX_STEPS: usize = 4096;
    let mut step = [0.0, 0.0, STEP_HEIGHT];
    if (end[0] - start[0]).abs() > (end[1] - start[1]).abs() {
        step[0] = if end[0] < start[0] { -GRID } else { GRID };
    } else {
        step[1] = if end[1] < start[1] { -GRID } else { GRID };
    }
    let flat = |p: [f32; 3]| ((p[0] - end[0]).powi(2) + (p[1] - end[1]).powi(2)).sqrt();
    let mut point = start;
    let mut n = 0;
    while flat(point) > GRID && n < MAX_STEPS {
        n += 1;
        point = [point[0] + step[0], point[1] + step[1], point[2] + step[2]];
        point[2] = world.ground_height(point).unwrap_or(point[2] - STEP_HEIGHT);
    }
    let at = [end[0], end[1], point[2] + STEP_HEIGHT];
    world.ground_height(at).unwrap_or(at[2] - STEP_HEIGHT)
}

/// Take the grown document's new areas and new connections of existing areas into the mesh,
/// recorded (so one undo takes the whole generation back).
fn adopt(tx: &mut Tx<'_>, grown: SourceNavDocument) -> Result<String, EditError> {
    let n = tx.doc.areas.len();
    if grown.areas.len() < n
        || grown.areas[..n]
            .iter()
            .zip(&tx.doc.areas)
            .any(|(g, a)| g.id != a.id)
    {
        return Err(refused(
            "incremental generation changed the existing areas: nothing taken",
        ));
    }
    let mut links = 0;
    for (i, g) in grown.areas[..n].iter().enumerate() {
        for (d, dir) in Direction::ALL.into_iter().enumerate() {
            for &to in g.connections.direction(d) {
                if !tx.doc.areas[i].connections.direction(d).contains(&to) {
                    tx.push_connection(i, dir, to);
                    links += 1;
                }
            }
        }
    }
    let mut made = Vec::new();
    for area in grown.areas.into_iter().skip(n) {
        made.push(area.id);
        tx.push_area(area);
    }
    Ok(format!(
        "generated {} new area(s){} and {links} new connection(s) from existing areas",
        made.len(),
        match (made.first(), made.last()) {
            (Some(a), Some(b)) => format!(" ({a}..{b})"),
            _ => String::new(),
        }
    ))
}

/// What a query that needs the map finds: its message, and for `SelectBlocked` the areas to
/// add to the selected set.
pub(crate) fn query(
    doc: &SourceNavDocument,
    sel: &Selection,
    world: &dyn World,
    op: &MapOp,
) -> Result<(String, Vec<u32>), EditError> {
    // The marked area, else every area (the game's nav_check_floor and nav_update_blocked).
    let scope = |ids: &[u32]| -> Result<Vec<usize>, EditError> {
        let ids: Vec<u32> = if !ids.is_empty() {
            ids.to_vec()
        } else {
            sel.marked.into_iter().collect()
        };
        if ids.is_empty() {
            return Ok((0..doc.areas.len()).collect());
        }
        ids.iter()
            .map(|&id| doc.area_index(id).ok_or(EditError::UnknownArea(id)))
            .collect()
    };
    match op {
        MapOp::CheckFloor(ids) => {
            let scope = scope(ids)?;
            let open: Vec<usize> = scope
                .iter()
                .copied()
                .filter(|&i| !floor_under(world, &doc.areas[i]))
                .collect();
            let mut lines = vec![format!(
                "{} of {} area(s) have no floor under them in {}",
                open.len(),
                scope.len(),
                world.name()
            )];
            lines.extend(open.iter().map(|&i| {
                let a = &doc.areas[i];
                format!("area {} has no floor ({})", a.id, at_eye(a))
            }));
            Ok((lines.join("\n"), Vec::new()))
        }
        MapOp::UpdateBlocked(ids) => {
            let scope = scope(ids)?;
            let blockers = world.blockers();
            let found = blocked(doc, world, &blockers, &scope);
            let mut lines = vec![format!(
                "{} of {} area(s) are blocked in {}",
                found.len(),
                scope.len(),
                world.name()
            )];
            lines.extend(found.iter().map(|(i, by)| {
                let a = &doc.areas[*i];
                format!("area {} is blocked by {by} ({})", a.id, at_eye(a))
            }));
            Ok((lines.join("\n"), Vec::new()))
        }
        MapOp::SelectBlocked => {
            let all: Vec<usize> = (0..doc.areas.len()).collect();
            let found = blocked(doc, world, &world.blockers(), &all);
            let ids: Vec<u32> = found.iter().map(|(i, _)| doc.areas[*i].id).collect();
            Ok((format!("{} blocked area(s)", ids.len()), ids))
        }
        MapOp::DebugBlocked => {
            let blockers = world.blockers();
            let all: Vec<usize> = (0..doc.areas.len()).collect();
            let found = blocked(doc, world, &blockers, &all);
            let mut lines = vec![format!(
                "{} blocking entities in {}; {} blocked area(s)",
                blockers.len(),
                world.name(),
                found.len()
            )];
            for b in &blockers {
                let ids: Vec<String> = found
                    .iter()
                    .filter(|(_, by)| *by == b.what)
                    .map(|(i, _)| doc.areas[*i].id.to_string())
                    .collect();
                lines.push(format!(
                    "{} ({:?}): {}",
                    b.what,
                    b.kind,
                    if ids.is_empty() {
                        "no area".to_string()
                    } else {
                        format!("areas {}", ids.join(" "))
                    }
                ));
            }
            let walls = found.iter().filter(|(_, by)| by == WORLD).count();
            if walls > 0 {
                lines.push(format!("{walls} area(s) blocked by the world's brushes"));
            }
            Ok((lines.join("\n"), Vec::new()))
        }
        _ => Err(refused("not a query")),
    }
}

/// The game's `setpos` for an area, at its centre half a player's height up.
fn at_eye(a: &Area) -> String {
    let c = rect(a).centre();
    setpos([c[0], c[1], c[2] + HALF_HUMAN_HEIGHT])
}

/// `CNavArea::CheckFloor`: something solid in a 25-unit box from a crouch-jump below the
/// centre to 10 units above it.
fn floor_under(world: &dyn World, a: &Area) -> bool {
    // `JumpCrouchHeight`: how deep under the area the floor may be.
    const JUMP_CROUCH_HEIGHT: f32 = 58.0;
    let c = rect(a).centre();
    let h = GRID * 0.5;
    world.box_solid(
        [c[0] - h, c[1] - h, c[2] - JUMP_CROUCH_HEIGHT],
        [c[0] + h, c[1] + h, c[2] + 10.0],
    )
}

const WORLD: &str = "the world's brushes";

/// The areas (positions) blocked, each with what blocks it: `CNavArea::UpdateBlocked`'s box
/// (up to a player wide, at half a player's height over the centre) in something solid or
/// in a door, breakable or toggled brush; or the area overlapping a `func_nav_blocker`.
fn blocked(
    doc: &SourceNavDocument,
    world: &dyn World,
    blockers: &[Blocker],
    scope: &[usize],
) -> Vec<(usize, String)> {
    // A crouching player's height (`VEC_DUCK_HULL_MAX.z`).
    const DUCK_HULL_HEIGHT: f32 = Movement::SOURCE.crouch_height;
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for &i in scope {
        let r = rect(&doc.areas[i]);
        let c = r.centre();
        let [sx, sy] = r.size();
        let hx = (sx / 2.0 - 5.0).clamp(1.0, HALF_HUMAN_WIDTH);
        let hy = (sy / 2.0 - 5.0).clamp(1.0, HALF_HUMAN_WIDTH);
        let z0 = c[2] + HALF_HUMAN_HEIGHT;
        let lo = [c[0] - hx, c[1] - hy, z0];
        let hi = [
            c[0] + hx,
            c[1] + hy,
            z0 + DUCK_HULL_HEIGHT - HALF_HUMAN_HEIGHT,
        ];
        let by = blockers.iter().find(|b| match b.kind {
            BlockerKind::NavBlocker => overlaps_area(&r, b),
            _ => boxes_meet(lo, hi, b.min, b.max),
        });
        let by = match by {
            Some(b) => b.what.clone(),
            None if world.box_solid(lo, hi) => WORLD.to_string(),
            None => continue,
        };
        if seen.insert(i) {
            out.push((i, by));
        }
    }
    out
}

fn boxes_meet(a0: [f32; 3], a1: [f32; 3], b0: [f32; 3], b1: [f32; 3]) -> bool {
    (0..3).all(|k| a0[k] < b1[k] && b0[k] < a1[k])
}

/// A nav blocker's volume overlaps the area: in XY, and the area's floor within its height
/// (from a step below to a player's height above).
fn overlaps_area(r: &AreaRect, b: &Blocker) -> bool {
    let [x0, y0, x1, y1] = r.extent();
    let lo = r.z.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = r.z.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    boxes_meet(
        [x0, y0, lo - STEP_HEIGHT],
        [x1, y1, hi + 2.0 * HALF_HUMAN_HEIGHT],
        b.min,
        b.max,
    )
}
