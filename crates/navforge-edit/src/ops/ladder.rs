//! Ladders: create one from its top and bottom and a width (connected to the areas at its ends
//! as the game's builder does), flip it, connect it to an area or disconnect it, delete it.
//! Every reference stays consistent: a ladder's five area slots and each area's up and down
//! lists.
//!
//! The game finds the areas at a ladder's ends with traces through the level; navforge has no
//! level here, so it looks only at the mesh: the same probe points, steps and height limits,
//! without the wall checks.

use navforge_core::F32;
use navforge_core::model::Direction;
use navforge_source::{Area, Ladder};

use crate::command::LadderOp;
use crate::error::{EditError, refused};
use crate::geometry::{extent, game_centre_z, rect};
use crate::journal::LADDERS;
use crate::tx::{Tx, ladder_areas, ladder_areas_mut};
use navforge_core::area::{AreaLocator, NEAR_LADDER_RANGE, NEAREST_REACH, Under};

use super::GRID;

/// Half a player's width (`HalfHumanWidth`).
pub(super) const HALF_HUMAN_WIDTH: f32 = navforge_core::movement::Movement::SOURCE.half_width;
/// A player's height (`HumanHeight`): how far a ladder top may rise above its top areas, and
/// how far above its bottom area a ladder may start before it "dangles".
const HUMAN_HEIGHT: f32 = 72.0;

pub(super) fn apply(tx: &mut Tx<'_>, op: &LadderOp) -> Result<String, EditError> {
    if tx.doc.version < 6 {
        return Err(refused(format!(
            "version {} files store no ladders (version 6 and later do)",
            tx.doc.version
        )));
    }
    match op {
        LadderOp::Create {
            top,
            bottom,
            width,
            facing,
        } => create(tx, *top, *bottom, *width, *facing),
        LadderOp::Flip(id) => {
            let l = ladder_index(tx, *id)?;
            let facing = facing_of(&tx.doc.ladders[l])?;
            let ladder = tx.ladder_mut(l);
            ladder.direction = facing.opposite().index() as u32;
            std::mem::swap(&mut ladder.top_behind_area, &mut ladder.top_forward_area);
            std::mem::swap(&mut ladder.top_left_area, &mut ladder.top_right_area);
            Ok(format!("ladder {id} now faces {:?}", facing.opposite()))
        }
        LadderOp::Connect { ladder, area } => connect(tx, *ladder, *area),
        LadderOp::Disconnect { ladder, area } => {
            let l = ladder_index(tx, *ladder)?;
            let i = tx.index(*area)?;
            let listed = {
                let a = &tx.doc.areas[i];
                a.ladders_up.contains(ladder) || a.ladders_down.contains(ladder)
            };
            let slotted = ladder_areas(&tx.doc.ladders[l]).contains(area);
            if !listed && !slotted {
                return Err(refused(format!(
                    "ladder {ladder} and area {area} are not connected"
                )));
            }
            if listed {
                let a = tx.parts_mut(i, LADDERS);
                a.ladders_up.retain(|x| x != ladder);
                a.ladders_down.retain(|x| x != ladder);
            }
            if slotted {
                // The game's `CNavLadder::Disconnect` clears the first slot that names the area.
                if let Some(x) = ladder_areas_mut(tx.ladder_mut(l))
                    .into_iter()
                    .find(|x| **x == *area)
                {
                    *x = 0;
                }
            }
            Ok(format!("disconnected ladder {ladder} and area {area}"))
        }
        LadderOp::Delete(id) => {
            let l = ladder_index(tx, *id)?;
            let users: Vec<usize> = (0..tx.doc.areas.len())
                .filter(|&i| {
                    let a = &tx.doc.areas[i];
                    a.ladders_up.contains(id) || a.ladders_down.contains(id)
                })
                .collect();
            for i in &users {
                let a = tx.parts_mut(*i, LADDERS);
                a.ladders_up.retain(|x| x != id);
                a.ladders_down.retain(|x| x != id);
            }
            tx.remove_ladder(l);
            Ok(format!(
                "deleted ladder {id} (and its links from {} area(s))",
                users.len()
            ))
        }
    }
}

/// The position of ladder `id`.
fn ladder_index(tx: &Tx<'_>, id: u32) -> Result<usize, EditError> {
    tx.doc
        .ladders
        .iter()
        .position(|l| l.id == id)
        .ok_or_else(|| refused(format!("no ladder has ID {id}")))
}

/// The side a ladder faces.
fn facing_of(l: &Ladder) -> Result<Direction, EditError> {
    Direction::ALL
        .get(l.direction as usize)
        .copied()
        .ok_or_else(|| {
            refused(format!(
                "ladder {} has direction {}, which is not a side",
                l.id, l.direction
            ))
        })
}

/// The slot of a ladder an area goes into (`CNavLadder::ConnectTo`): above the ladder's middle,
/// a top slot by the direction from the top to the area's centre; else the bottom.
fn slot_for(ladder: &Ladder, facing: Direction, area: &Area) -> usize {
    let (top, bottom) = (ladder.top.map(F32::get), ladder.bottom.map(F32::get));
    let middle = (top[2] + bottom[2]) / 2.0;
    if game_centre_z(area) <= middle {
        return 4;
    }
    let [x0, y0, x1, y1] = extent(area);
    let dir = Direction::facing((x0 + x1) / 2.0 - top[0], (y0 + y1) / 2.0 - top[1]);
    if dir == facing {
        3 // behind
    } else if dir == facing.opposite() {
        0 // forward
    } else if dir == facing.left() {
        1 // left
    } else {
        2 // right
    }
}

fn connect(tx: &mut Tx<'_>, ladder: u32, area: u32) -> Result<String, EditError> {
    let l = ladder_index(tx, ladder)?;
    let i = tx.index(area)?;
    let facing = facing_of(&tx.doc.ladders[l])?;
    let slot = slot_for(&tx.doc.ladders[l], facing, &tx.doc.areas[i]);
    let (top, bottom) = (
        tx.doc.ladders[l].top.map(F32::get),
        tx.doc.ladders[l].bottom.map(F32::get),
    );
    // `CNavArea::ConnectTo(ladder)`: down when the area is above the ladder's middle, else up.
    let going_down = game_centre_z(&tx.doc.areas[i]) > (top[2] + bottom[2]) / 2.0;
    let a = &tx.doc.areas[i];
    let (wanted, unwanted) = if going_down {
        (&a.ladders_down, &a.ladders_up)
    } else {
        (&a.ladders_up, &a.ladders_down)
    };
    let list_ok = tx.doc.version < 7 || (wanted.contains(&ladder) && !unwanted.contains(&ladder));
    let slot_ok = ladder_areas(&tx.doc.ladders[l])[slot] == area;
    if list_ok && slot_ok {
        return Ok(format!("ladder {ladder} already connects to area {area}"));
    }
    if !slot_ok {
        *ladder_areas_mut(tx.ladder_mut(l))[slot] = area;
    }
    if !list_ok && tx.doc.version >= 7 {
        let a = tx.parts_mut(i, LADDERS);
        a.ladders_up.retain(|&x| x != ladder);
        a.ladders_down.retain(|&x| x != ladder);
        if going_down {
            a.ladders_down.push(ladder);
        } else {
            a.ladders_up.push(ladder);
        }
    }
    let name = [
        "top forward",
        "top left",
        "top right",
        "top behind",
        "bottom",
    ][slot];
    Ok(format!(
        "connected ladder {ladder} and area {area} (its {name} area; the area goes {} it)",
        if going_down { "down" } else { "up" }
    ))
}

pub(super) fn create(
    tx: &mut Tx<'_>,
    top: [f32; 3],
    bottom: [f32; 3],
    width: f32,
    facing: Option<Direction>,
) -> Result<String, EditError> {
    let (mut top, bottom) = if top[2] < bottom[2] {
        (bottom, top)
    } else {
        (top, bottom)
    };
    if !(width > 0.0 && width.is_finite()) {
        return Err(refused(format!(
            "a ladder needs a positive width, not {width}"
        )));
    }
    if top[2] == bottom[2] {
        return Err(refused("a ladder's top and bottom must differ in height"));
    }
    let length = (0..3)
        .map(|k| (top[k] - bottom[k]).powi(2))
        .sum::<f32>()
        .sqrt();
    if !length.is_finite() {
        return Err(refused("the ladder's coordinates are too large"));
    }
    let locator = AreaLocator::new(tx.doc.areas.iter().map(|a| Some(rect(a))));
    let facing = match facing {
        Some(d) => d,
        // Towards the area nearest the foot: the side a climber stands on.
        None => match locator.nearest(bottom, NEAREST_REACH) {
            Some(i) => {
                let [x0, y0, x1, y1] = extent(&tx.doc.areas[i]);
                Direction::facing((x0 + x1) / 2.0 - bottom[0], (y0 + y1) / 2.0 - bottom[1])
            }
            None => {
                return Err(refused(
                    "the mesh has no area to face: give the ladder's direction (north, east, south or west)",
                ));
            }
        },
    };
    let id = tx
        .doc
        .ladders
        .iter()
        .map(|l| l.id)
        .max()
        .unwrap_or(0)
        .checked_add(1)
        .ok_or_else(|| refused("no ladder ID left"))?;
    // `ConnectGeneratedLadder`: the bottom area nearest a climber at the foot, then the first
    // area ahead, left, right and (farther) behind a climber at the top.
    let areas = &tx.doc.areas;
    let up = |p: [f32; 3]| facing.step([p[0], p[1], p[2] + GRID], HALF_HUMAN_WIDTH);
    let bottom_area = locator.nearest(up(bottom), NEAREST_REACH);
    let beneath = 120.0f32.min(top[2] - bottom[2] + HALF_HUMAN_WIDTH);
    let at_top = up(top);
    // (Without the game's wall trace: the mesh alone is edited here.)
    let look = |d: Direction, range: f32| {
        locator
            .first_area_in_direction(at_top, d, (GRID, range), Under::beneath(beneath), |_, _| {
                true
            })
            .filter(|&i| Some(i) != bottom_area)
    };
    let forward = look(facing.opposite(), NEAR_LADDER_RANGE);
    let left = look(facing.left(), NEAR_LADDER_RANGE);
    let right = look(facing.right(), NEAR_LADDER_RANGE);
    let behind = look(facing, 2.0 * NEAR_LADDER_RANGE);
    let id_of = |i: Option<usize>| i.map_or(0, |i| areas[i].id);
    let mut slots = [
        id_of(forward),
        id_of(left),
        id_of(right),
        id_of(behind),
        id_of(bottom_area),
    ];
    // Each top area goes down the ladder; the behind area does, but the ladder does not lead to
    // it (the game's `Disconnect` clears the first slot naming it).
    let downs: Vec<usize> = [forward, left, right, behind]
        .into_iter()
        .flatten()
        .collect();
    if let Some(b) = behind {
        let b = areas[b].id;
        if let Some(x) = slots.iter_mut().find(|x| **x == b) {
            *x = 0;
        }
    }
    // The top comes down to at most a player's height above the highest top area.
    let mut top_z = bottom[2] + 5.0;
    let mut adjusted = false;
    for slot in &slots[..4] {
        if *slot == 0 {
            continue;
        }
        if let Some(a) = areas.iter().find(|a| a.id == *slot) {
            let close = rect(a).closest_point(top);
            if top_z < close[2] {
                top_z = close[2];
                adjusted = true;
            }
        }
    }
    if adjusted {
        top[2] = (top_z + HUMAN_HEIGHT).min(top[2]);
    }
    // A foot more than a player's height above its bottom area dangles: the area does not lead
    // up the ladder (the ladder still names it).
    let bottom_leads_up = bottom_area.is_some_and(|i| {
        let spot = rect(&areas[i]).closest_point(bottom);
        bottom[2] - spot[2] <= HUMAN_HEIGHT
    });
    let ladder = Ladder {
        id,
        width: F32::new(width),
        top: top.map(F32::new),
        bottom: bottom.map(F32::new),
        length: F32::new(length),
        direction: facing.index() as u32,
        is_dangling: (tx.doc.version == 6).then_some(0),
        top_forward_area: slots[0],
        top_left_area: slots[1],
        top_right_area: slots[2],
        top_behind_area: slots[3],
        bottom_area: slots[4],
    };
    let lists = tx.doc.version >= 7;
    tx.push_ladder(ladder);
    if lists {
        if let (Some(i), true) = (bottom_area, bottom_leads_up) {
            tx.parts_mut(i, LADDERS).ladders_up.push(id);
        }
        for i in downs {
            let a = tx.parts_mut(i, LADDERS);
            if !a.ladders_down.contains(&id) {
                a.ladders_down.push(id);
            }
        }
    }
    let named: Vec<String> = ["forward", "left", "right", "behind", "bottom"]
        .iter()
        .zip(slots)
        .filter(|(_, s)| *s != 0)
        .map(|(n, s)| format!("{n} {s}"))
        .collect();
    Ok(format!(
        "created ladder {id} facing {facing:?}, {length:.0} units long; areas: {}",
        if named.is_empty() {
            "none".to_string()
        } else {
            named.join(", ")
        }
    ))
}
