//! The player's movement, simulated with the level's own hull traces: walking with steps up and
//! down, falling off ledges and jumping, with the game's gravity, jump speed and air control.
//! Every link the graph gets was travelled here first.
//!
//! Positions are player origins (the centre of the hull, 24 units above the feet in Quake).

use navforge_level::{Aabb, Contents, Level, Trace, Vec3};

use super::config::Physics;

/// Simulation tick for flights. Each tick moves along the chord of the exact parabola, so a
/// jump's apex is within g·dt²/8 = 0.5 units of the true one.
const DT: f32 = 1.0 / 20.0;

/// Where a player stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stand {
    /// The player's origin.
    pub origin: Vec3,
    /// The floor's normal.
    pub normal: Vec3,
    /// The brush entity it stands on (`None`: the world).
    pub entity: Option<usize>,
}

/// What one step along the ground did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepResult {
    /// Moved and still on the ground (a step up or down of at most [`Physics::step`]).
    Moved(Stand),
    /// Moved off a ledge: the origin after moving, with no floor within a step below.
    Ledge(Vec3),
    /// Could not move the whole way, even stepping up.
    Blocked,
}

/// How a simulated trip went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Maneuver {
    /// On the ground all the way.
    Walk,
    /// Walked off a ledge and fell.
    Drop,
    /// Jumped across a gap (landing no higher than a step above the take-off).
    LongJump,
    /// Jumped up onto something higher than a step.
    BarrierJump,
}

/// Which maneuvers a trip may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allow {
    /// Ground only.
    Walk,
    /// Ground and falls.
    Drop,
    /// Ground, falls and one jump.
    Jump,
}

/// A trip that arrived.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trip {
    /// The hardest maneuver used.
    pub maneuver: Maneuver,
    /// Where the player left the ground for the fall or jump (the last point on the ground).
    pub takeoff: Option<Vec3>,
    /// Where it landed.
    pub landing: Option<Vec3>,
    /// Where the trip ended.
    pub end: Stand,
    /// Distance travelled.
    pub length: f32,
}

/// The player's moves through one level.
#[derive(Clone, Copy)]
pub struct Motion<'a> {
    /// The level.
    pub level: &'a Level,
    /// The physics.
    pub physics: Physics,
    /// Boxes (of player origins) a trip must not enter: triggers that teleport, push, hurt or
    /// end the level. A trip may end in one.
    pub avoid: &'a [Aabb],
    /// Sweep the player's box against the level's triangles rather than its clip hulls (for
    /// maps compiled without usable clip hulls).
    pub mesh: bool,
}

impl<'a> Motion<'a> {
    /// Moves in `level` with `physics`, avoiding nothing.
    pub fn new(level: &'a Level, physics: Physics) -> Self {
        Motion {
            level,
            physics,
            avoid: &[],
            mesh: false,
        }
    }

    /// The same moves, traced against the level's triangles.
    pub fn on_mesh(self, mesh: bool) -> Self {
        Motion { mesh, ..self }
    }

    /// The same moves, kept out of `avoid`.
    pub fn avoiding(self, avoid: &'a [Aabb]) -> Self {
        Motion { avoid, ..self }
    }

    /// The avoided box holding `p`, if any.
    pub fn avoided(&self, p: Vec3) -> Option<usize> {
        self.avoid.iter().position(|b| b.contains(p))
    }

    /// Sweep the player's box.
    pub fn trace(&self, a: Vec3, b: Vec3) -> Trace {
        if self.mesh {
            self.level
                .trace_mesh(a, b, &self.physics.hull, Contents::MASK_PLAYER)
        } else {
            self.level
                .trace(a, b, &self.physics.hull, Contents::MASK_PLAYER)
        }
    }

    /// True when the player's box fits at `p`.
    pub fn fits(&self, p: Vec3) -> bool {
        !self.trace(p, p).start_solid
    }

    /// Drop the player from `p` (its origin) by at most `depth`: where it stands, if on floor
    /// it can stand on.
    pub fn settle(&self, p: Vec3, depth: f32) -> Option<Stand> {
        let t = self.trace(p, p - Vec3::Z * depth);
        if t.start_solid || t.fraction >= 1.0 || t.normal.z < self.physics.slope {
            return None;
        }
        Some(Stand {
            origin: t.end,
            normal: t.normal,
            entity: t.entity,
        })
    }

    /// The player's origin standing on the floor at or below `feet` (a point on or just above
    /// the floor), searched `depth` down; lifted up to 32 units out of solid first.
    pub fn stand_at(&self, feet: Vec3, depth: f32) -> Option<Stand> {
        let lift = -self.physics.hull.mins.z + 1.0;
        for extra in [0.0, 8.0, 16.0, 32.0] {
            let p = feet + Vec3::Z * (lift + extra);
            if self.fits(p) {
                return self.settle(p, depth + lift + extra);
            }
        }
        None
    }

    /// One step of `delta` (horizontal) from a standing origin, as the server's walk move does:
    /// straight, else stepped up; then down to the floor within a step.
    pub fn step(&self, from: Vec3, delta: Vec3) -> StepResult {
        let step = self.physics.step;
        let t = self.trace(from, from + delta);
        if t.start_solid {
            return StepResult::Blocked;
        }
        let mut end = t.end;
        if t.fraction < 1.0 {
            let up = self.trace(from, from + Vec3::Z * step);
            if up.start_solid {
                return StepResult::Blocked;
            }
            let across = self.trace(up.end, up.end + delta);
            if across.start_solid || across.fraction < 1.0 {
                return StepResult::Blocked;
            }
            end = across.end;
        }
        // Down to the floor: a step, plus the step we may have climbed.
        let reach = if t.fraction < 1.0 { 2.0 * step } else { step };
        let down = self.trace(end, end - Vec3::Z * reach);
        if down.start_solid {
            return StepResult::Blocked;
        }
        if down.fraction < 1.0 && down.normal.z >= self.physics.slope {
            return StepResult::Moved(Stand {
                origin: down.end,
                normal: down.normal,
                entity: down.entity,
            });
        }
        if t.fraction < 1.0 {
            // Stepped up onto something with no floor: not a step.
            return StepResult::Blocked;
        }
        StepResult::Ledge(end)
    }

    /// Fly from `from` with velocity `v`, steering towards `wish` (a horizontal unit vector, or
    /// zero) with air control, until landing on floor. `None` when the flight never lands
    /// within `max_time` seconds or starts in solid. While `hold(origin)` gives a velocity (a
    /// push trigger's), the player moves at that velocity.
    pub fn fly(
        &self,
        from: Vec3,
        mut v: Vec3,
        wish: Vec3,
        max_time: f32,
        hold: &dyn Fn(Vec3) -> Option<Vec3>,
    ) -> Option<Stand> {
        let mut p = from;
        let mut time = 0.0;
        let floor = self.level.bounds().min.z - 256.0;
        while time < max_time {
            time += DT;
            // Gravity over the tick, applied exactly: the chord of the parabola.
            let mut fall = 0.0;
            if let Some(held) = hold(p) {
                v = held;
            } else {
                // Air control: the game lets the player add speed towards where it steers, up
                // to a small cap.
                let along = v.x * wish.x + v.y * wish.y;
                if along < self.physics.air_speed {
                    let add = self.physics.air_speed - along;
                    v.x += wish.x * add;
                    v.y += wish.y * add;
                }
                fall = 0.5 * self.physics.gravity * DT;
                v.z -= self.physics.gravity * DT;
            }
            let m = self.physics.max_velocity;
            v = v.clamp(Vec3::splat(-m), Vec3::splat(m));
            let mut left = DT;
            for _ in 0..4 {
                // `v` is the velocity at the tick's end; the chord's is half a tick's gravity
                // faster upwards.
                let chord = v + Vec3::Z * fall;
                let t = self.trace(p, p + chord * left);
                if t.start_solid {
                    return None;
                }
                p = t.end;
                if t.fraction >= 1.0 {
                    break;
                }
                if t.normal.z >= self.physics.slope && v.z <= 0.0 {
                    return Some(Stand {
                        origin: p,
                        normal: t.normal,
                        entity: t.entity,
                    });
                }
                // Slide along what was hit.
                v -= t.normal * v.dot(t.normal);
                left *= 1.0 - t.fraction;
            }
            if p.z < floor {
                return None;
            }
        }
        None
    }

    /// True when the player's origin at `p` is in water, slime or lava (where the player swims:
    /// the engine's water level counts all three).
    pub fn in_water(&self, p: Vec3) -> bool {
        self.level
            .point_contents(p)
            .intersects(Contents::MASK_LIQUID)
    }

    /// Highest rise of Quake's water jump (the engine's 225 units/s upward kick at a ledge): the
    /// floor of a ledge the player climbs out onto may be this much above its origin.
    pub fn water_jump(&self) -> f32 {
        let kick = 225.0;
        kick * kick / (2.0 * self.physics.gravity)
    }

    /// Swim from `from` (an origin in water) to `to`, a player origin standing on floor or
    /// floating in water: straight through the water when the whole way is water; otherwise up
    /// to the surface, across, and out with the water jump onto a ledge whose floor is at most
    /// [`Motion::water_jump`] above the swimmer's origin. Returns the distance swum.
    pub fn swim(&self, from: Vec3, to: Vec3, step_length: f32) -> Option<f32> {
        if !self.in_water(from) {
            return None;
        }
        let wet_line = |a: Vec3, b: Vec3| {
            let n = ((b - a).length() / step_length.max(1.0)).ceil().max(1.0) as usize;
            (0..=n).all(|k| self.in_water(a + (b - a) * (k as f32 / n as f32)))
        };
        // Straight through the water.
        if self.in_water(to) {
            let t = self.trace(from, to);
            return (!t.start_solid && t.fraction >= 1.0 && wet_line(from, to))
                .then(|| (to - from).length());
        }
        // Up to the surface (the origin just under it, the head above: the water jump's depth).
        let up = self.trace(from, from + Vec3::Z * 1024.0);
        if up.start_solid {
            return None;
        }
        let mut top = from;
        let rise = up.end.z - from.z;
        let mut z = 0.0;
        while z + 2.0 <= rise && self.in_water(from + Vec3::Z * (z + 2.0)) {
            z += 2.0;
            top = from + Vec3::Z * z;
        }
        if to.z + self.physics.hull.mins.z > top.z + self.water_jump() {
            return None;
        }
        // Across at that depth, to the ledge's wall or above the target.
        let goal = Vec3::new(to.x, to.y, top.z);
        let across = self.trace(top, goal);
        if across.start_solid || !wet_line(top, across.end) {
            return None;
        }
        let mut at = across.end;
        if across.fraction < 1.0 {
            // The water jump: straight up out of the water, then onto the ledge.
            let lift = self.trace(at, Vec3::new(at.x, at.y, to.z.max(at.z) + 1.0));
            if lift.start_solid || lift.fraction < 1.0 {
                return None;
            }
            let over = self.trace(lift.end, Vec3::new(to.x, to.y, lift.end.z));
            if over.start_solid || (horizontal(over.end - lift.end).length() < 1.0) {
                return None;
            }
            at = over.end;
        }
        let land = self.settle(at, (at.z - to.z).max(0.0) + self.physics.step + 2.0)?;
        let swum = (top - from).length() + (at - top).length();
        if horizontal(to - land.origin).length() <= 1.0 && (to.z - land.origin.z).abs() <= 1.0 {
            return Some(swum);
        }
        let walk = self.travel(land, to, Allow::Walk, step_length)?;
        Some(swum + walk.length)
    }

    /// Travel from a standing origin towards `to` (an origin) in a straight line, with the
    /// maneuvers `allow` permits, as a bot running at its target does. `Some` when it arrives
    /// within `arrive` units horizontally and a step vertically.
    pub fn travel(&self, from: Stand, to: Vec3, allow: Allow, step_length: f32) -> Option<Trip> {
        let ph = &self.physics;
        let arrive = 4.0f32;
        let total = horizontal(to - from.origin).length();
        let budget = (total / step_length) as usize * 3 + 16;
        let mut here = from;
        let mut maneuver = Maneuver::Walk;
        let mut takeoff = None;
        let mut landing = None;
        let mut jumped = false;
        let mut length = 0.0;
        // A trip may end in triggers (a teleporter's source node, a push source where two
        // pushes overlap) but not cross one.
        let entered = |p: Vec3| self.avoid.iter().any(|b| b.contains(p) && !b.contains(to));
        let mut last_dir: Option<Vec3> = None;
        for _ in 0..budget {
            let offset = horizontal(to - here.origin);
            let dist = offset.length();
            let (dir, delta) = if dist <= arrive {
                if (here.origin.z - to.z).abs() <= ph.step {
                    return Some(Trip {
                        maneuver,
                        takeoff,
                        landing,
                        end: here,
                        length,
                    });
                }
                // Above a target straight below (down a shaft under the ledge's rim): walk on
                // the way it came, off the ledge, and brake back over it.
                match last_dir {
                    Some(d) if allow != Allow::Walk && here.origin.z > to.z + ph.step => {
                        (d, d * step_length)
                    }
                    _ => return None,
                }
            } else {
                let dir = offset / dist;
                (dir, dir * dist.min(step_length))
            };
            last_dir = Some(dir);
            let (launch_from, launch) = match self.step(here.origin, delta) {
                StepResult::Moved(s) => {
                    if entered(s.origin) {
                        return None;
                    }
                    length += (s.origin - here.origin).length();
                    here = s;
                    continue;
                }
                StepResult::Ledge(edge) => match allow {
                    Allow::Walk => return None,
                    Allow::Drop => (here.origin, Some((edge, dir * ph.run_speed))),
                    Allow::Jump if !jumped => (here.origin, None),
                    Allow::Jump => (here.origin, Some((edge, dir * ph.run_speed))),
                },
                StepResult::Blocked => match allow {
                    Allow::Jump if !jumped => (here.origin, None),
                    _ => return None,
                },
            };
            let (start, v, jump) = match launch {
                Some((edge, v)) => (edge, v, false),
                None => (
                    launch_from,
                    dir * ph.run_speed + Vec3::Z * ph.jump_speed,
                    true,
                ),
            };
            let mut land = self.fly(start, v, dir, 4.0, &|_| None);
            if !jump {
                // Walking off a ledge, the player may brake in the air to land short of a
                // floor the run flies over.
                land = self.braked_fall(start, dir, to, arrive, land);
            }
            let land = land?;
            if entered(land.origin) {
                return None;
            }
            // A jump must get somewhere: further along, not back where it started.
            let gained = horizontal(land.origin - launch_from).dot(dir);
            if gained < 1.0 {
                return None;
            }
            let m = if jump {
                jumped = true;
                if land.origin.z - launch_from.z > ph.step {
                    Maneuver::BarrierJump
                } else {
                    Maneuver::LongJump
                }
            } else {
                Maneuver::Drop
            };
            if m > maneuver || takeoff.is_none() {
                maneuver = maneuver.max(m);
                takeoff = Some(launch_from);
                landing = Some(land.origin);
            }
            length += (land.origin - launch_from).length();
            here = land;
        }
        None
    }
}

/// `v` with no height.
pub fn horizontal(v: Vec3) -> Vec3 {
    Vec3::new(v.x, v.y, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Physics;
    use navforge_level::{LoadOptions, UpAxis};

    /// A Z-up OBJ of axis-aligned boxes (min, max).
    fn level(boxes: &[([f32; 3], [f32; 3])]) -> Level {
        Level::load(
            navforge_core::testing::boxes_obj(boxes).as_bytes(),
            &LoadOptions::default().with_up_axis(UpAxis::Z),
        )
        .expect("level")
    }

    /// Ground at z = 0 from x = -200 to 0, then a block of `rise` (negative: a drop) from 0 to
    /// 200, all over a deep floor at -1000 (so a gap of `gap` between them is a pit).
    fn ledge(rise: f32, gap: f32) -> Level {
        level(&[
            ([-200.0, -100.0, -10.0], [0.0, 100.0, 0.0]),
            ([gap, -100.0, rise - 10.0], [gap + 200.0, 100.0, rise]),
            ([-400.0, -300.0, -1010.0], [600.0, 300.0, -1000.0]),
        ])
    }

    fn trip(l: &Level, rise: f32, gap: f32, allow: Allow) -> Option<Maneuver> {
        let m = Motion::new(l, Physics::QUAKE);
        let from = m
            .stand_at(Vec3::new(-100.0, 0.0, 0.0), 64.0)
            .expect("start");
        let to = m
            .stand_at(Vec3::new(gap + 100.0, 0.0, rise), 64.0)
            .expect("end");
        m.travel(from, to.origin, allow, 16.0).map(|t| t.maneuver)
    }

    #[test]
    fn the_player_stands_as_the_engine_rests_it() {
        assert!((Physics::QUAKE.jump_height() - 45.5625).abs() < 1e-3);
        let l = ledge(0.0, 0.0);
        let m = Motion::new(&l, Physics::QUAKE);
        let s = m.stand_at(Vec3::new(-50.0, 0.0, 0.0), 64.0).expect("stand");
        assert!((s.origin.z - 24.0).abs() < 0.1, "{}", s.origin);
    }

    #[test]
    fn steps_jumps_and_drops_are_told_apart_by_the_physics() {
        // A step of 16 is walked, up and down.
        assert_eq!(
            trip(&ledge(16.0, 0.0), 16.0, 0.0, Allow::Walk),
            Some(Maneuver::Walk)
        );
        // 32 is too high to step but low enough to jump onto; 60 is neither.
        assert_eq!(trip(&ledge(32.0, 0.0), 32.0, 0.0, Allow::Drop), None);
        assert_eq!(
            trip(&ledge(32.0, 0.0), 32.0, 0.0, Allow::Jump),
            Some(Maneuver::BarrierJump)
        );
        assert_eq!(trip(&ledge(60.0, 0.0), 60.0, 0.0, Allow::Jump), None);
        // A drop of 100 is walked off, not walked.
        assert_eq!(trip(&ledge(-100.0, 0.0), -100.0, 0.0, Allow::Walk), None);
        assert_eq!(
            trip(&ledge(-100.0, 0.0), -100.0, 0.0, Allow::Drop),
            Some(Maneuver::Drop)
        );
        // A 128-unit pit is jumped (a run at 320 with 270 up flies 216 units), a 300-unit
        // one is not.
        assert_eq!(trip(&ledge(0.0, 128.0), 0.0, 128.0, Allow::Drop), None);
        assert_eq!(
            trip(&ledge(0.0, 128.0), 0.0, 128.0, Allow::Jump),
            Some(Maneuver::LongJump)
        );
        assert_eq!(trip(&ledge(0.0, 300.0), 0.0, 300.0, Allow::Jump), None);
    }

    #[test]
    fn a_trip_does_not_cross_a_trigger_but_may_end_in_one() {
        let l = ledge(0.0, 0.0);
        let trigger = [Aabb::new(
            Vec3::new(-60.0, -100.0, 0.0),
            Vec3::new(-40.0, 100.0, 80.0),
        )];
        let m = Motion::new(&l, Physics::QUAKE).avoiding(&trigger);
        let from = m.stand_at(Vec3::new(-150.0, 0.0, 0.0), 64.0).unwrap();
        let beyond = m.stand_at(Vec3::new(100.0, 0.0, 0.0), 64.0).unwrap();
        let inside = m.stand_at(Vec3::new(-50.0, 0.0, 0.0), 64.0).unwrap();
        assert!(m.travel(from, beyond.origin, Allow::Jump, 16.0).is_none());
        assert!(m.travel(from, inside.origin, Allow::Walk, 16.0).is_some());
    }

    #[test]
    fn a_trip_may_end_where_triggers_overlap() {
        // A floor push (crossed on the way) overlapping a lift's column (where the trip ends):
        // the trip ends inside both, so crossing the first is no detour through a trigger.
        let l = ledge(0.0, 0.0);
        let floor_push = Aabb::new(
            Vec3::new(-110.0, -100.0, 0.0),
            Vec3::new(-40.0, 100.0, 40.0),
        );
        let column = Aabb::new(
            Vec3::new(-200.0, -100.0, 0.0),
            Vec3::new(-70.0, 100.0, 400.0),
        );
        let triggers = [column, floor_push];
        let m = Motion::new(&l, Physics::QUAKE).avoiding(&triggers);
        let from = m.stand_at(Vec3::new(50.0, 0.0, 0.0), 64.0).unwrap();
        let in_both = m.stand_at(Vec3::new(-90.0, 0.0, 0.0), 64.0).unwrap();
        let column_only = m.stand_at(Vec3::new(-150.0, 0.0, 0.0), 64.0).unwrap();
        assert!(m.travel(from, in_both.origin, Allow::Walk, 16.0).is_some());
        // Past the floor push into the column alone, the push would have been crossed.
        assert!(
            m.travel(from, column_only.origin, Allow::Walk, 16.0)
                .is_none()
        );
    }

    #[test]
    fn no_swim_starts_out_of_water_and_the_water_jump_is_the_engines() {
        let l = ledge(0.0, 0.0);
        let m = Motion::new(&l, Physics::QUAKE);
        let a = m.stand_at(Vec3::new(-100.0, 0.0, 0.0), 64.0).unwrap();
        let b = m.stand_at(Vec3::new(100.0, 0.0, 0.0), 64.0).unwrap();
        assert!(!m.in_water(a.origin));
        assert_eq!(m.swim(a.origin, b.origin, 16.0), None);
        // 225 units/s up against 800 of gravity.
        assert!((m.water_jump() - 31.640625).abs() < 1e-3);
    }
}
