//! Bombsite labels (CS:GO): which bomb target the game calls A and which B, from the mesh.
//!
//! The game's rule (CS:GO `CCSPlayerResource::UpdatePlayerData`, once per map): for each
//! `func_bomb_target` in entity order, take the nav area nearest the centre of its box (the area
//! under it, else the nearest within 10,000 units). If that area has a place named `BombsiteA`
//! or `Bombsite` (any case), the target is A; another place makes it B; no place makes it A
//! while no A is known yet, else B. A later A (or B) replaces an earlier one, so two targets
//! with one label leave the radar showing one site, the seed's warning. (CS:S only takes
//! `BombsiteA` for A.)
//!
//! This needs the level's bomb targets, so it runs only when `check` is given the level.

use crate::rules::Ctx;
use crate::{Instance, Report, Severity::*, Subject};
use navforge_core::area::AreaLocator;

/// A bomb target zone of the level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BombTarget {
    /// Its index in the level's entity list (the game's entity order).
    pub entity: u64,
    /// Smallest corner of its box.
    pub min: [f32; 3],
    /// Largest corner of its box.
    pub max: [f32; 3],
}

impl BombTarget {
    /// Centre of the box (`WorldSpaceCenter`).
    pub fn centre(&self) -> [f32; 3] {
        [0, 1, 2].map(|k| (self.min[k] + self.max[k]) * 0.5)
    }
}

/// Bombsite A or B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// Bombsite A.
    A,
    /// Bombsite B.
    B,
}

/// How the game labels one target: its site, the nearest area's index and its place name.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// The site the game gives it.
    pub site: Site,
    /// Index of the nearest area, if any is within reach.
    pub area: Option<usize>,
    /// That area's place name, if it has one.
    pub place: Option<String>,
}

/// How far the game looks for the nearest area (`GetNearestNavArea`'s default reach).
const REACH: f32 = 10_000.0;

/// The area the game finds for `p` (`GetNearestNavArea`): the highest one under it by the
/// game's `GetNavArea` rule, else the one whose nearest point is closest, within 10,000 units.
fn nearest_area(locator: &AreaLocator, p: [f32; 3]) -> Option<usize> {
    locator.nearest_or_under(p, REACH)
}

/// The label the game gives each target, in the order given (sort by entity first).
pub fn labels(ctx: &Ctx, targets: &[BombTarget]) -> Vec<Label> {
    let mut a_known = false;
    let locator = AreaLocator::of_areas(&ctx.mesh.areas);
    targets
        .iter()
        .map(|t| {
            let area = nearest_area(&locator, t.centre());
            let place = area
                .and_then(|i| ctx.mesh.areas[i].place)
                .and_then(|k| ctx.mesh.places.get(k as usize))
                .cloned();
            let site = match &place {
                Some(name)
                    if name.eq_ignore_ascii_case("BombsiteA")
                        || name.eq_ignore_ascii_case("Bombsite") =>
                {
                    Site::A
                }
                Some(_) => Site::B,
                None if !a_known => Site::A,
                None => Site::B,
            };
            // The game keeps the centre; a target centred on the origin leaves A "unknown".
            if site == Site::A && t.centre() != [0.0; 3] {
                a_known = true;
            }
            Label { site, area, place }
        })
        .collect()
}

/// Warn when two bomb targets get the same label.
pub fn run(ctx: &Ctx, targets: &[BombTarget], r: &mut Report) {
    if !crate::rules::source_like(&ctx.mesh) || targets.len() < 2 {
        return;
    }
    let mut targets = targets.to_vec();
    targets.sort_by_key(|t| t.entity);
    let labels = labels(ctx, &targets);
    for site in [Site::A, Site::B] {
        let clash: Vec<(&BombTarget, &Label)> = targets
            .iter()
            .zip(&labels)
            .filter(|(_, l)| l.site == site)
            .collect();
        if clash.len() < 2 {
            continue;
        }
        let why: Vec<String> = clash
            .iter()
            .map(|(t, l)| {
                let area = l.area.map_or("no area".to_string(), |i| {
                    format!("area {}", ctx.mesh.areas[i].id)
                });
                match &l.place {
                    Some(p) => format!("entity {}: {area}, place {p}", t.entity),
                    None => format!("entity {}: {area}, no place", t.entity),
                }
            })
            .collect();
        let instances = clash
            .iter()
            .map(|(t, l)| {
                let i = Instance::at(Subject::BombTarget(t.entity), Some(t.centre()));
                match l.area {
                    Some(k) => i.with_other(ctx.mesh.areas[k].id),
                    None => i,
                }
            })
            .collect();
        let name = if site == Site::A { "A" } else { "B" };
        r.add_for_game(
            Warning,
            if site == Site::A {
                "bombsite-label-a-twice"
            } else {
                "bombsite-label-b-twice"
            },
            &format!(
                "func_bomb_target zones are all labelled bombsite {name} by the place of their \
                 nearest area ({}): the radar shows one; name the places BombsiteA and BombsiteB",
                why.join("; ")
            ),
            Some("csgo".to_string()),
            instances,
        );
    }
}
