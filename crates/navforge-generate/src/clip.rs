//! Player clips stop the fill.
//!
//! Source's generator traces with the player's solid mask, so its flood fill never crosses a
//! player clip (the invisible walls that keep players inside the playable space), and the CS
//! bot's meshes end at them too. GoldSrc and Quake compile clip brushes into the player hulls
//! only, so a point ray passes through them. The hull tree holds the level grown by the
//! player's box; a point is inside the level's solid (clips included) when the whole box
//! around it is solid in that tree. The box's centre and four corners are tested, which is
//! exact for one convex brush; a point that is solid there but open to a point ray is in a clip
//! (or in a gap too narrow for the player, which the player cannot cross either).

use navforge_level::{Contents, Level, Vec3};

/// Points checked along one step (the end included, the start left out: the fill holds it).
const CHECKS: usize = 5;

/// True when `p` lies inside a player clip of a level that keeps clips only in its hulls
/// (always false for Source and Quake II maps, whose point traces stop at clips already, and
/// for triangle levels, which have none).
pub fn in_player_clip(level: &Level, p: Vec3) -> bool {
    if !level.has_clip_hulls() {
        return false;
    }
    let hull = level.crouching_hull();
    // The hull's reference point is its centre for the GoldSrc boxes; shift for others.
    let centre = (hull.mins + hull.maxs) * 0.5;
    let w = hull.size() * 0.5;
    let solid = |c: Vec3| {
        let at = c - centre;
        level
            .trace(at, at, &hull, Contents::MASK_PLAYER)
            .start_solid
    };
    solid(p)
        && (0..8).all(|k| {
            let sign = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            solid(p + Vec3::new(sign(1) * w.x, sign(2) * w.y, sign(4) * w.z))
        })
        && !level.point_contents(p).intersects(Contents::MASK_PLAYER)
}

/// True when the line from `a` to `b` passes through a player clip.
pub fn crosses_player_clip(level: &Level, a: Vec3, b: Vec3) -> bool {
    (1..=CHECKS).any(|k| in_player_clip(level, a + (b - a) * (k as f32 / CHECKS as f32)))
}
