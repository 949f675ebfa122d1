//! Splitting an area along an axis-aligned line (`nav_split`), and breaking one into sniper
//! sub-areas (`nav_make_sniper_spots`), which splits again and again on the generation grid.

use navforge_core::F32;
use navforge_core::model::Direction;
use navforge_source::Area;

use crate::command::Axis;
use crate::error::{EditError, refused};
use crate::geometry::{distance_sq, extent, lerp, overlap};
use crate::journal::{CONNECTIONS, CORNERS, ENCOUNTER, SPOTS};
use crate::tx::{Tx, ladder_areas_mut};

use super::GRID;

/// The game does not split within this distance of an edge (`CNavArea::SplitEdit`).
const EDGE_MARGIN: f32 = 1.0;

/// The most sub-areas one `sniper-spots` may make (a guard against a huge area).
const MAX_SNIPER_PIECES: usize = 4096;

/// Which halves of a split area keep a link to `other` that leaves the area on `side`:
/// (first half, second half). The far side belongs to the second half, the near side to the
/// first; the other sides go by overlap along the cut axis.
fn halves_for(
    side: Direction,
    axis: Axis,
    cut: f32,
    span: (f32, f32),
    other: &Area,
) -> (bool, bool) {
    let [ox0, oy0, ox1, oy1] = extent(other);
    let (near, far, o0, o1) = match axis {
        Axis::X => (Direction::West, Direction::East, ox0, ox1),
        Axis::Y => (Direction::North, Direction::South, oy0, oy1),
    };
    if side == near {
        return (true, false);
    }
    if side == far {
        return (false, true);
    }
    let first = overlap(span.0, cut, o0, o1) > 0.0;
    let second = overlap(cut, span.1, o0, o1) > 0.0;
    if first || second {
        (first, second)
    } else {
        let c = (o0 + o1) / 2.0;
        (c < cut, c >= cut)
    }
}

/// Split area `id` at `at` along `axis`. The first (west or north) half keeps the ID; returns
/// the positions of the two halves and the new half's ID.
pub(super) fn split(
    tx: &mut Tx<'_>,
    id: u32,
    axis: Axis,
    at: f32,
) -> Result<((usize, usize), u32), EditError> {
    let i = tx.index(id)?;
    let orig = tx.doc.areas[i].clone();
    let [x0, y0, x1, y1] = extent(&orig);
    let (lo, hi, name) = match axis {
        Axis::X => (x0, x1, "x"),
        Axis::Y => (y0, y1, "y"),
    };
    if !(at > lo && at < hi) {
        return Err(refused(format!(
            "{name}={at} is outside area {id} ({name} runs from {lo} to {hi})"
        )));
    }
    if at <= lo + EDGE_MARGIN || at >= hi - EDGE_MARGIN {
        return Err(refused(format!(
            "{name}={at} is within {EDGE_MARGIN} unit of an edge of area {id} ({name} runs from {lo} to {hi}); the game does not split there"
        )));
    }
    let new_id = tx.next_area_id()?;
    let t = (at - lo) / (hi - lo);
    let (nw, se, ne, sw) = (
        orig.north_west,
        orig.south_east,
        orig.north_east_z,
        orig.south_west_z,
    );
    let mut first = orig.clone();
    let mut second = orig;
    second.id = new_id;
    match axis {
        Axis::X => {
            let north = lerp(nw[2], ne, t);
            let south = lerp(sw, se[2], t);
            first.south_east = [F32::new(at), se[1], south];
            first.north_east_z = north;
            second.north_west = [F32::new(at), nw[1], north];
            second.south_west_z = south;
        }
        Axis::Y => {
            let west = lerp(nw[2], sw, t);
            let east = lerp(ne, se[2], t);
            first.south_east = [se[0], F32::new(at), east];
            first.south_west_z = west;
            second.north_west = [nw[0], F32::new(at), west];
            second.north_east_z = east;
        }
    }
    let k = if axis == Axis::X { 0 } else { 1 };
    first.hiding_spots.retain(|s| s.position[k].get() < at);
    second.hiding_spots.retain(|s| s.position[k].get() >= at);
    // Paths were computed for the whole area; the first half (same ID) keeps them.
    second.encounter_paths = Default::default();
    second.legacy_encounter_paths.clear();
    let span = (lo, hi);
    // Which halves keep each outgoing connection: by the neighbour's extent.
    let targets: Vec<u32> = first.connections.iter().map(|(_, t)| t).collect();
    let mut keep = Vec::with_capacity(targets.len());
    for (d, t) in first.connections.iter() {
        let halves = match tx.index(t) {
            Ok(j) => halves_for(Direction::ALL[d], axis, at, span, &tx.doc.areas[j]),
            Err(_) => (true, false),
        };
        keep.push(halves);
    }
    let mut n = 0;
    first.connections.retain(|_, _| {
        n += 1;
        keep[n - 1].0
    });
    let mut n = 0;
    second.connections.retain(|_, _| {
        n += 1;
        keep[n - 1].1
    });
    let (near, far) = match axis {
        Axis::X => (Direction::West, Direction::East),
        Axis::Y => (Direction::North, Direction::South),
    };
    first.connections.push(far, new_id);
    second.connections.push(near, id);
    // Areas that reach the original: reach the half (or halves) on their side.
    type Sides = Vec<(Direction, bool, bool)>;
    let incoming: Vec<(usize, Sides)> = tx
        .incoming(id)
        .into_iter()
        .filter(|&j| j != i)
        .map(|j| {
            let a = &tx.doc.areas[j];
            let sides = a
                .connections
                .iter()
                .filter(|&(_, t)| t == id)
                .map(|(d, _)| {
                    let side = Direction::ALL[d];
                    let (f, s) = halves_for(side.opposite(), axis, at, span, a);
                    (side, f, s)
                })
                .collect();
            (j, sides)
        })
        .collect();
    let a = tx.parts_mut(i, CORNERS | CONNECTIONS | SPOTS | ENCOUNTER);
    a.north_west = first.north_west;
    a.south_east = first.south_east;
    a.north_east_z = first.north_east_z;
    a.south_west_z = first.south_west_z;
    a.connections = first.connections;
    a.hiding_spots = first.hiding_spots;
    a.encounter_paths = first.encounter_paths;
    a.legacy_encounter_paths = first.legacy_encounter_paths;
    tx.refs.note_ref(new_id, id);
    for (j, sides) in incoming {
        for (side, f, s) in sides {
            if s && !tx.doc.areas[j].connections.side(side).contains(&new_id) {
                tx.push_connection(j, side, new_id);
            }
            if !f {
                tx.connections_mut(j).remove(side, id);
            }
        }
    }
    let second_at = tx.push_area(second);
    // Ladders that reached the original reach the half nearer their top (`CNavLadder::OnSplit`).
    for l in 0..tx.doc.ladders.len() {
        let ladder = tx.doc.ladders[l];
        if !crate::tx::ladder_areas(&ladder).contains(&id) {
            continue;
        }
        let top = ladder.top.map(F32::get);
        let nearer_second =
            distance_sq(&tx.doc.areas[second_at], top) <= distance_sq(&tx.doc.areas[i], top);
        if nearer_second {
            for x in ladder_areas_mut(tx.ladder_mut(l)) {
                if *x == id {
                    *x = new_id;
                }
            }
        }
    }
    Ok(((i, second_at), new_id))
}

/// The game's `RoundToUnits`: to the nearest multiple of `unit`, halves away from zero, through
/// a truncating integer division.
fn round_to_units(v: f32, unit: f32) -> f32 {
    let v = v + if v < 0.0 { -unit * 0.5 } else { unit * 0.5 };
    let unit_i = unit as i64;
    unit * ((v as i64) / unit_i) as f32
}

/// Where `MakeSniperSpots` cuts an area of this extent, if at all: the longer side, when it is
/// longer than one grid step and than the other side, on the grid line at or after its start
/// (at least 2 units in), and only where a split may be made.
fn sniper_cut(e: [f32; 4]) -> Option<(Axis, f32)> {
    let [x0, y0, x1, y1] = e;
    let (sx, sy) = (x1 - x0, y1 - y0);
    let (axis, lo, hi) = if sx > GRID && sx > sy {
        (Axis::X, x0, x1)
    } else if sy > GRID && sy > sx {
        (Axis::Y, y0, y1)
    } else {
        return None;
    };
    let mut edge = round_to_units(lo, GRID);
    if edge < lo + 2.0 {
        edge += GRID;
    }
    (edge > lo + EDGE_MARGIN && edge < hi - EDGE_MARGIN).then_some((axis, edge))
}

/// How many pieces `MakeSniperSpots` makes of an extent (stops counting past `limit`).
fn sniper_pieces(e: [f32; 4], limit: usize) -> usize {
    let mut stack = vec![e];
    let mut pieces = 0;
    while let Some(e) = stack.pop() {
        if pieces > limit {
            break;
        }
        match sniper_cut(e) {
            None => pieces += 1,
            Some((Axis::X, at)) => {
                stack.push([e[0], e[1], at, e[3]]);
                stack.push([at, e[1], e[2], e[3]]);
            }
            Some((Axis::Y, at)) => {
                stack.push([e[0], e[1], e[2], at]);
                stack.push([e[0], at, e[2], e[3]]);
            }
        }
    }
    pieces
}

/// Break area `id` into sub-areas as `nav_make_sniper_spots` does: split it on the grid, cut the
/// two halves apart, and do the same to each half until no side is longer than one grid step
/// (or the area is square). Returns how many areas it added; refused when it cannot split at all.
pub(super) fn sniper_spots(tx: &mut Tx<'_>, id: u32) -> Result<usize, EditError> {
    let i = tx.index(id)?;
    let e = extent(&tx.doc.areas[i]);
    if sniper_cut(e).is_none() {
        return Err(refused(format!(
            "area {id} has no side longer than {GRID} units and than its other side (the game leaves such areas, square ones too, whole)"
        )));
    }
    let pieces = sniper_pieces(e, MAX_SNIPER_PIECES);
    if pieces > MAX_SNIPER_PIECES {
        return Err(refused(format!(
            "area {id} would break into more than {MAX_SNIPER_PIECES} sub-areas"
        )));
    }
    let mut added = 0;
    let mut stack = vec![id];
    while let Some(area) = stack.pop() {
        let i = tx.index(area)?;
        let Some((axis, at)) = sniper_cut(extent(&tx.doc.areas[i])) else {
            continue;
        };
        let ((a, b), new) = split(tx, area, axis, at)?;
        tx.connections_mut(a).remove_all(new);
        tx.connections_mut(b).remove_all(area);
        added += 1;
        // The game recurses into the first half, then the second.
        stack.push(new);
        stack.push(area);
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_to_units_is_the_games() {
        assert_eq!(round_to_units(12.4, 25.0), 0.0);
        assert_eq!(round_to_units(12.5, 25.0), 25.0);
        assert_eq!(round_to_units(-12.5, 25.0), -25.0);
        assert_eq!(round_to_units(-12.4, 25.0), 0.0);
        assert_eq!(round_to_units(37.0, 25.0), 25.0);
    }

    #[test]
    fn sniper_pieces_follow_the_longer_side() {
        // 100 x 20: cuts at 25, 50, 75 -> four 25 x 20 pieces.
        assert_eq!(sniper_pieces([0.0, 0.0, 100.0, 20.0], 100), 4);
        // Square areas are left alone, as the game does.
        assert_eq!(sniper_pieces([0.0, 0.0, 50.0, 50.0], 100), 1);
        // 26 wide: the cut at 25 is within 1 unit of the edge, so no split.
        assert_eq!(sniper_cut([0.0, 0.0, 26.0, 10.0]), None);
        // Starts off the grid: the first cut is the next grid line at least 2 units in.
        assert_eq!(sniper_cut([24.0, 0.0, 100.0, 10.0]), Some((Axis::X, 50.0)));
    }
}
