//! Ladders of a GoldSrc mesh, rebuilt from the map as the CS bot rebuilds them when it loads a
//! nav (`BuildLadders` of the CS 1.6 / Condition Zero bot): GoldSrc files store none.
//!
//! For each `func_ladder`, in entity order, in our words:
//!
//! - **The ladder's line** runs up the middle of its box (the entity's absolute box: the brush
//!   model's bounds as the file stores them, spread a unit on every side when the engine loads
//!   the model and another when it links the entity). Its box is thin across
//!   x or y; a line 25 units off the ladder on the `+y` (or `+x`) side, pulled 25 units in from
//!   each end, tells the side the climber stands on: blocked (a wall), the climber is on the
//!   other side (the ladder *faces* north, or west), clear, it faces south (or east).
//! - **Its ends move past blockages**: from the foot up, and from the top down, in 10-unit
//!   steps, to the first point from which a 32-unit line toward the climber is clear. Its
//!   length is then the distance between the ends.
//! - **The bottom area** is the nearest area to a point 25 units over the foot and 16 toward
//!   the climber (the area under it, else the area whose floor comes nearest to the point
//!   half a player's height over the ground under it).
//! - **The top areas**, from a point 25 units over the top and 16 toward the climber: the first
//!   area found walking 25-unit steps straight ahead over the top (away from the climber), to
//!   the left and to the right (up to 75 units), and behind (back toward the climber, up to
//!   150), each step's point in sight of the start and over the area within 120 units. A top
//!   that is the bottom area is none.
//! - A ladder whose foot is more than a standing height over its bottom area's floor
//!   *dangles*: it cannot be climbed.
//!
//! The path search then climbs a ladder from its bottom area to the ahead, left and right tops
//! (never behind, which is "very hard to get to when going up a ladder"), and goes down it
//! from any top to the bottom, each step the ladder's length.

use navforge_core::area::{AreaLocator, NEAR_LADDER_RANGE, NEAREST_REACH, Under};
use navforge_core::model::Direction;
use navforge_level::{Level, Vec3};

use crate::BotCode;
use crate::geom::{Mesh, STEP};

/// Room a ladder's end needs toward the climber (`minLadderClearance`).
const MIN_CLEARANCE: f32 = 32.0;
/// The step the ends move by past blockages.
const END_STEP: f32 = 10.0;
/// Half the player's width (`HalfHumanWidth`, 16 in every game): how far from the ladder the
/// climber stands.
const HALF_WIDTH: f32 = navforge_core::movement::Movement::SOURCE.half_width;

/// One ladder as the GoldSrc bot builds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GoldSrcLadder {
    /// The side the climber stands on.
    pub facing: Direction,
    /// The distance between its ends, each moved past blockages: every step along it costs
    /// this.
    pub length: f32,
    /// The area at its foot.
    pub bottom: Option<usize>,
    /// The areas at its top: ahead, left, right and behind, as the climber faces the ladder.
    pub tops: [Option<usize>; 4],
    /// Its foot is more than a standing height over the bottom area: it cannot be climbed.
    pub dangling: bool,
}

/// `v` moved `amount` toward side `d` (`AddDirectionVector`).
fn toward(v: Vec3, d: Direction, amount: f32) -> Vec3 {
    Vec3::from_array(d.step(v.to_array(), amount))
}

/// A point line from `a` to `b` (`UTIL_TraceLine` ignoring monsters: the world and solid
/// brush entities; a ladder is not solid).
fn trace(level: &Level, a: Vec3, b: Vec3) -> navforge_level::Trace {
    crate::traces::count_one();
    level.trace_ray(a, b)
}

/// Whether the line from `a` to `b` starts clear and gets through.
fn clear(level: &Level, a: Vec3, b: Vec3) -> bool {
    let t = trace(level, a, b);
    t.fraction >= 1.0 && !t.start_solid
}

/// The area nearest `pos` (`GetNearestNavArea` with any height): the area it is over, else
/// the one whose floor comes nearest to the point half a player over the ground under it
/// (none farther than 10,000 units).
fn nearest_area(areas: &AreaLocator, level: &Level, pos: Vec3) -> Option<usize> {
    if let Some(i) = areas.area_at(pos.to_array(), Under::GAME) {
        return Some(i);
    }
    let ground = crate::approach::ground_height(level, pos)?;
    let half = BotCode::GoldSrc.half_human_height();
    areas.nearest([pos.x, pos.y, ground + half], NEAREST_REACH)
}

/// The ladder of the `func_ladder` whose brush model spans `min..max`, on `mesh`, whose areas
/// `areas` locates (made once for all of a level's ladders).
pub fn build(
    (mesh, areas): (&Mesh, &AreaLocator),
    level: &Level,
    (min, max): (Vec3, Vec3),
) -> GoldSrcLadder {
    // The entity's absolute box: the file's model bounds spread a unit by the engine's model
    // loader (`Mod_LoadSubmodels`) and a unit more when the entity is linked
    // (`SetObjectCollisionBox`).
    let (min, max) = (min - 2.0 * Vec3::ONE, max + 2.0 * Vec3::ONE);
    let (cx, cy) = ((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
    let top = Vec3::new(cx, cy, max.z);
    let bottom = Vec3::new(cx, cy, min.z);
    // A box wider across x faces north or south, else west or east: toward the side the probe
    // (+y or +x) finds open, away from a wall there.
    let (side, (walled, open)) = if max.x - min.x > max.y - min.y {
        (Vec3::Y, (Direction::North, Direction::South))
    } else {
        (Vec3::X, (Direction::West, Direction::East))
    };
    let (lift, probe) = (Vec3::Z * STEP, side * STEP);
    let facing = if clear(level, bottom + probe + lift, top + probe - lift) {
        open
    } else {
        walled
    };
    // Each end moves along the ladder, toward the other, to the first point with room toward
    // the climber (the original length bounds both walks).
    let full = (top - bottom).length();
    let along = (top - bottom).normalize_or_zero();
    let past_blockage = |end: Vec3, dir: Vec3| {
        let mut t = 0.0f32;
        while t <= full {
            let on = end + dir * t;
            if clear(level, on, toward(on, facing, MIN_CLEARANCE)) {
                return on;
            }
            t += END_STEP;
        }
        end
    };
    let (bottom, top) = (past_blockage(bottom, along), past_blockage(top, -along));
    let length = (top - bottom).length();

    let foot = toward(bottom + Vec3::Z * STEP, facing, HALF_WIDTH);
    let bottom_area = nearest_area(areas, level, foot);
    let head = toward(top + Vec3::Z * STEP, facing, HALF_WIDTH);
    // Each step's point in sight of the start: the game asks only that the line gets through.
    let gets_through = |a: [f32; 3], b: [f32; 3]| {
        trace(level, Vec3::from_array(a), Vec3::from_array(b)).fraction >= 1.0
    };
    let look = |d: Direction, range: f32| {
        areas
            .first_area_in_direction(head.to_array(), d, (STEP, range), Under::GAME, gets_through)
            .filter(|&a| Some(a) != bottom_area)
    };
    let tops = [
        look(facing.opposite(), NEAR_LADDER_RANGE),
        look(facing.left(), NEAR_LADDER_RANGE),
        look(facing.right(), NEAR_LADDER_RANGE),
        look(facing, 2.0 * NEAR_LADDER_RANGE),
    ];
    let dangling = bottom_area.is_some_and(|b| {
        bottom.z - mesh.areas[b].closest_point(bottom.to_array())[2]
            > BotCode::GoldSrc.human_height()
    });
    GoldSrcLadder {
        facing,
        length,
        bottom: bottom_area,
        tops,
        dangling,
    }
}

/// Every `func_ladder` of `level` as the GoldSrc bot builds it for `mesh`, in entity order
/// (one area locator for them all).
pub fn of_level(mesh: &Mesh, level: &Level) -> Vec<GoldSrcLadder> {
    let areas = AreaLocator::new(mesh.areas.iter().map(|a| Some(a.rect)));
    level
        .ladders()
        .iter()
        .map(|v| build((mesh, &areas), level, (v.bounds.min, v.bounds.max)))
        .collect()
}

impl GoldSrcLadder {
    /// The steps up it, `(from, to)`: from the bottom area to the ahead, left and right tops
    /// (never behind), none when it dangles.
    pub fn ups(&self) -> Vec<(usize, usize)> {
        match self.bottom {
            Some(b) if !self.dangling => self.tops[..3].iter().flatten().map(|&t| (b, t)).collect(),
            _ => Vec::new(),
        }
    }

    /// The steps down it, `(from, to)`: from every top area to the bottom one.
    pub fn downs(&self) -> Vec<(usize, usize)> {
        match self.bottom {
            Some(b) => self.tops.iter().flatten().map(|&t| (t, b)).collect(),
            None => Vec::new(),
        }
    }
}

/// Each of `areas` areas' ladder steps, `(to, how, length)`, as the GoldSrc bot's path search
/// takes them from `ladders` (in entity order): its ways up (how 4), then its ways down (how
/// 5). The search climbs only the first ladder up from an area that does not dangle: its
/// count of top directions goes ahead, left, right, then stays past right for the area's
/// other ladders (Source's search starts each ladder again; GoldSrc's does not).
pub fn steps_by_area(ladders: &[GoldSrcLadder], areas: usize) -> Vec<Vec<(usize, u8, f32)>> {
    let mut ups = vec![Vec::new(); areas];
    let mut downs = vec![Vec::new(); areas];
    let mut climbed = vec![false; areas];
    for ladder in ladders {
        if let Some(b) = ladder.bottom.filter(|&b| b < areas && !ladder.dangling)
            && !std::mem::replace(&mut climbed[b], true)
        {
            ups[b].extend(ladder.ups().into_iter().map(|(_, t)| (t, 4, ladder.length)));
        }
        for (from, to) in ladder.downs().into_iter().filter(|&(f, _)| f < areas) {
            downs[from].push((to, 5, ladder.length));
        }
    }
    ups.into_iter()
        .zip(downs)
        .map(|(mut up, down)| {
            up.extend(down);
            up
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder(tops: [Option<usize>; 4], dangling: bool) -> GoldSrcLadder {
        GoldSrcLadder {
            facing: Direction::North,
            length: 100.0,
            bottom: Some(9),
            tops,
            dangling,
        }
    }

    #[test]
    fn a_ladder_is_climbed_to_its_ahead_left_and_right_tops_and_left_from_all_four() {
        let l = ladder([Some(1), None, Some(3), Some(4)], false);
        assert_eq!(l.ups(), [(9, 1), (9, 3)], "never up to the top behind");
        assert_eq!(l.downs(), [(1, 9), (3, 9), (4, 9)], "down from every top");
        let l = ladder([Some(1), Some(2), Some(3), None], true);
        assert!(l.ups().is_empty(), "a dangling ladder is not climbed");
        assert_eq!(l.downs().len(), 3);
        let none = GoldSrcLadder {
            bottom: None,
            ..ladder([Some(1); 4], false)
        };
        assert!(
            none.ups().is_empty() && none.downs().is_empty(),
            "no bottom, no steps"
        );
    }

    #[test]
    fn an_area_climbs_only_its_first_ladder_that_does_not_dangle() {
        let at = |bottom, tops, dangling, length| GoldSrcLadder {
            bottom: Some(bottom),
            length,
            ..ladder(tops, dangling)
        };
        let ladders = [
            at(0, [Some(1), None, None, None], true, 10.0),
            at(0, [Some(2), None, None, None], false, 20.0),
            at(0, [Some(3), None, None, None], false, 30.0),
            at(4, [Some(0), None, None, None], false, 40.0),
        ];
        let steps = steps_by_area(&ladders, 5);
        assert_eq!(
            steps[0],
            [(2, 4, 20.0), (4, 5, 40.0)],
            "up the first ladder that does not dangle only, then down"
        );
        assert_eq!(steps[1], [(0, 5, 10.0)], "down a dangling ladder");
        assert_eq!(steps[3], [(0, 5, 30.0)], "down the ladder not climbed");
        assert_eq!(steps[4], [(0, 4, 40.0)]);
    }
}
