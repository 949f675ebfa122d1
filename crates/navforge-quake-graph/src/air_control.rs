//! Quake's air control when walking off a ledge: the player is not thrown on at running speed.
//! The engine's air acceleration (`SV_AirAccelerate`: `sv_accelerate` 10 times the wished speed,
//! 320, each second, until the speed along the wished direction is 30) takes a player from
//! 320 units/s forward to a standstill in a tenth of a second, so a player who walks off a
//! ledge and steers back lands close under it: on a wall top or a lower ledge just beyond the
//! edge that a fall at running speed flies over. The game's graphs stand on such floors (a
//! walk-off-ledge link 62 units long onto a wall top 112 units down).

use navforge_level::Vec3;

use super::motion::{Motion, Stand, horizontal};

/// Forward speeds (units/s) of a braked fall, from least to most braked: the player steers
/// back until it moves this fast along its way, then lets go (0: straight down from the edge).
const BRAKED_SPEEDS: [f32; 4] = [160.0, 80.0, 30.0, 0.0];

/// The fill's slow walk off a ledge: at the air control's cap (30 units/s), which the player
/// keeps steering on, so it lands just beyond the edge.
const SLOW_WALK_OFF: f32 = 30.0;

impl Motion<'_> {
    /// The landing of a walk off the ledge at `edge` (the origin just past it) heading `dir`
    /// (a horizontal unit vector), for a player making for `to`: `fast`, the fall at running
    /// speed, when it lands no farther along than `to` (within `arrive`); otherwise the first
    /// braked fall that does, else `fast`.
    pub fn braked_fall(
        &self,
        edge: Vec3,
        dir: Vec3,
        to: Vec3,
        arrive: f32,
        fast: Option<Stand>,
    ) -> Option<Stand> {
        let remaining = horizontal(to - edge).dot(dir) + arrive;
        let short = |l: &Stand| horizontal(l.origin - edge).dot(dir) <= remaining;
        if fast.as_ref().is_some_and(short) {
            return fast;
        }
        BRAKED_SPEEDS
            .iter()
            .filter_map(|&speed| self.fly(edge, dir * speed, Vec3::ZERO, 4.0, &|_| None))
            .find(short)
            .or(fast)
    }

    /// Where a player who walks off the ledge at `edge` heading `dir` and brakes at once
    /// lands: just beyond the edge (see the module's notes).
    pub fn slow_fall(&self, edge: Vec3, dir: Vec3) -> Option<Stand> {
        self.fly(edge, dir * SLOW_WALK_OFF, dir, 4.0, &|_| None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Physics;
    use crate::motion::{Allow, Maneuver};
    use navforge_level::{Level, LoadOptions, UpAxis};

    /// A balcony (z = 200, x from -200 to 0) over a low wall (top at z = 100, x from 0 to 48),
    /// beyond it the floor at z = 0.
    fn balcony() -> Level {
        Level::load(
            navforge_core::testing::boxes_obj(&[
                ([-200.0, -100.0, 190.0], [0.0, 100.0, 200.0]),
                ([0.0, -100.0, 0.0], [48.0, 100.0, 100.0]),
                ([-400.0, -300.0, -10.0], [600.0, 300.0, 0.0]),
            ])
            .as_bytes(),
            &LoadOptions::default().with_up_axis(UpAxis::Z),
        )
        .expect("level")
    }

    #[test]
    fn a_player_walking_off_a_ledge_can_land_on_the_wall_top_just_beyond() {
        let l = balcony();
        let m = Motion::new(&l, Physics::QUAKE);
        let from = m
            .stand_at(Vec3::new(-60.0, 0.0, 200.0), 64.0)
            .expect("on the balcony");
        let top = m
            .stand_at(Vec3::new(30.0, 0.0, 100.0), 64.0)
            .expect("on the wall");
        let floor = m
            .stand_at(Vec3::new(300.0, 0.0, 0.0), 64.0)
            .expect("on the floor");
        // At running speed the fall flies over the wall top to the floor beyond.
        let edge = match m.step(from.origin + Vec3::X * 64.0, Vec3::X * 16.0) {
            crate::motion::StepResult::Ledge(e) => e,
            other => panic!("expected a ledge, got {other:?}"),
        };
        let fast = m
            .fly(edge, Vec3::X * 320.0, Vec3::X, 4.0, &|_| None)
            .expect("lands");
        assert!(
            fast.origin.z < 50.0,
            "the fast fall lands on the floor: {}",
            fast.origin
        );
        let slow = m.slow_fall(edge, Vec3::X).expect("lands");
        assert!(
            (slow.origin.z - top.origin.z).abs() < 1.0,
            "{}",
            slow.origin
        );
        // The trip to the wall top brakes; the trip to the floor still runs.
        let trip = m
            .travel(from, top.origin, Allow::Drop, 16.0)
            .expect("reaches the wall top");
        assert_eq!(trip.maneuver, Maneuver::Drop);
        let landing = trip.landing.expect("a landing");
        assert!((landing.z - top.origin.z).abs() < 1.0, "{landing}");
        let far = m
            .travel(from, floor.origin, Allow::Drop, 16.0)
            .expect("reaches the floor");
        assert_eq!(far.maneuver, Maneuver::Drop);
    }
}
