//! More lints from Valve's nav editing page (issue 26), on what a Source file holds:
//!
//! - **Exclusive TF2 attributes** (`tf-exclusive-attributes`): the page: "Some TF attributes,
//!   such as the TF_NAV_WITH_X_POINT, TF_NAV_BLOCKED_UNTIL_POINT_CAPTURE and
//!   TF_NAV_BLOCKED_AFTER_POINT_CAPTURE are processed by exclusion; only one of the TF attributes
//!   in such groups will be processed", in the order it gives (second, third, fourth, fifth point;
//!   until, after capture). An area with two of a group has all but the first ignored. A file
//!   whose game word sets bits TF2 does not name (a DoD:S mod sharing the TF2 layout) is not
//!   TF2's attribute set and is not linted.
//! - **Upside-down ladders** (`ladder-upside-down`): a ladder whose top is below its bottom.
//! - **Ladders facing away** (`ladder-faces-away`): the page's "ladder facing into the wall
//!   (incorrect)". The game's builder puts a ladder's bottom area on the side it faces (where the
//!   climber stands) and its top forward area the other way, beyond the top (where the climber
//!   steps off); a ladder whose forward area lies on the same side as its bottom area faces the
//!   wrong way (`nav_ladder_flip` turns it round).
//!
//! Each instance carries the area's centre (or the ladder's bottom) as a `setpos` position.

use crate::rules::{Ctx, centre};
use crate::{Instance, Report, Severity::*, Subject};
use navforge_core::model::Direction;

/// The page's exclusive groups, in its processing order (the model's attribute names).
const TF_EXCLUSIVE: [&[&str]; 2] = [
    &[
        "with_second_point",
        "with_third_point",
        "with_fourth_point",
        "with_fifth_point",
    ],
    &["blocked_until_point_capture", "blocked_after_point_capture"],
];

pub fn run(ctx: &Ctx, r: &mut Report) {
    tf_exclusive(ctx, r);
    ladders(ctx, r);
}

fn tf_exclusive(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let bit = |name: &str| {
        mesh.attribute_table
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.bit)
    };
    let groups: Vec<Vec<u64>> = TF_EXCLUSIVE
        .iter()
        .map(|g| g.iter().filter_map(|n| bit(n)).collect())
        .filter(|g: &Vec<u64>| g.len() > 1)
        .collect();
    if groups.is_empty() {
        return;
    }
    // A word with bits TF2 does not name is not TF2's attribute set (DoD:S mods share the TF2
    // layout and store other values there): no finding.
    let named = (mesh.attribute_table.iter())
        .filter(|f| f.bit > u64::from(u32::MAX))
        .fold(0u64, |m, f| m | f.bit);
    let game_word = !u64::from(u32::MAX);
    if mesh
        .areas
        .iter()
        .any(|a| a.attributes & game_word & !named != 0)
    {
        return;
    }
    let hits = (mesh.areas.iter().enumerate())
        .filter(|(_, a)| {
            groups
                .iter()
                .any(|g| g.iter().filter(|&&b| a.attributes & b != 0).count() > 1)
        })
        .map(|(i, _)| ctx.area(i))
        .collect();
    r.add(
        Warning,
        "tf-exclusive-attributes",
        "areas set TF2 attributes the game processes by exclusion (with_second..fifth_point; blocked_until/after_point_capture): only the first of each group counts",
        hits,
    );
}

/// The side of `from` (x, y) that area `id`'s centre lies on.
fn side(ctx: &Ctx, from: [f32; 3], id: u64) -> Option<Direction> {
    let &i = ctx.index.get(&id)?;
    let c = centre(&ctx.mesh.areas[i].polygon);
    let (dx, dy) = (c[0] - from[0], c[1] - from[1]);
    (dx.is_finite() && dy.is_finite() && (dx != 0.0 || dy != 0.0))
        .then(|| Direction::facing(dx, dy))
}

fn ladders(ctx: &Ctx, r: &mut Report) {
    let mut upside_down = Vec::new();
    let mut away = Vec::new();
    for l in &ctx.mesh.ladders {
        let at = Instance::at(Subject::Ladder(l.id), Some(l.bottom));
        if l.top[2] < l.bottom[2] {
            upside_down.push(at.clone());
        }
        let forward = l.top_areas.first().copied().unwrap_or(0);
        if forward == 0 || l.bottom_area == 0 || forward == l.bottom_area {
            continue;
        }
        if let (Some(f), Some(b)) = (
            side(ctx, l.top, forward),
            side(ctx, l.bottom, l.bottom_area),
        ) && f == b
        {
            away.push(at.with_other(forward));
        }
    }
    r.add(
        Warning,
        "ladder-upside-down",
        "ladders have their top below their bottom",
        upside_down,
    );
    r.add(
        Warning,
        "ladder-faces-away",
        "ladders face away from where they are climbed: the top forward area lies on the bottom area's side (nav_ladder_flip turns a ladder round)",
        away,
    );
}
