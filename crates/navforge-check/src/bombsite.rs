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

/// How far the game looks for the nearest area.
const REACH: f64 = 10_000.0;
/// `GetNavArea` takes areas at most this far below the point...
const BENEATH: f64 = 120.0;
/// ...and tests from this far above it.
const ABOVE: f64 = 5.0;

/// A Source area's rectangle (smallest and largest x, y) and its floor height at (x, y), by the
/// game's bilinear `GetZ` over its NW, NE, SE, SW corners; `None` for other shapes.
fn rect(poly: &[[f32; 3]]) -> Option<([f64; 2], [f64; 2])> {
    if poly.len() != 4 || poly.iter().flatten().any(|v| !v.is_finite()) {
        return None;
    }
    let (nw, se) = (poly[0], poly[2]);
    Some(([nw[0] as f64, nw[1] as f64], [se[0] as f64, se[1] as f64]))
}

fn z_at(poly: &[[f32; 3]], lo: [f64; 2], hi: [f64; 2], x: f64, y: f64) -> f64 {
    let z = |i: usize| poly[i][2] as f64;
    let (dx, dy) = (hi[0] - lo[0], hi[1] - lo[1]);
    if dx <= 0.0 || dy <= 0.0 {
        return z(1);
    }
    let u = ((x - lo[0]) / dx).clamp(0.0, 1.0);
    let v = ((y - lo[1]) / dy).clamp(0.0, 1.0);
    let north = z(0) + u * (z(1) - z(0));
    let south = z(3) + u * (z(2) - z(3));
    north + v * (south - north)
}

/// The area the game finds for `p`: the highest one under it (within 120 units below, not
/// above 5 units over it), else the one whose nearest point is closest, within 10,000 units.
fn nearest_area(ctx: &Ctx, p: [f32; 3]) -> Option<usize> {
    let [px, py, pz] = p.map(f64::from);
    let mut under: Option<(f64, usize)> = None;
    let mut nearest: Option<(f64, usize)> = None;
    for (i, a) in ctx.mesh.areas.iter().enumerate() {
        let Some((lo, hi)) = rect(&a.polygon) else {
            continue;
        };
        let (cx, cy) = (px.clamp(lo[0], hi[0]), py.clamp(lo[1], hi[1]));
        let z = z_at(&a.polygon, lo, hi, cx, cy);
        let over = px >= lo[0] && px <= hi[0] && py >= lo[1] && py <= hi[1];
        if over && z <= pz + ABOVE && z >= pz - BENEATH && under.is_none_or(|(best, _)| z > best) {
            under = Some((z, i));
        }
        let d2 = (cx - px).powi(2) + (cy - py).powi(2) + (z - pz).powi(2);
        if d2 < REACH * REACH && nearest.is_none_or(|(best, _)| d2 < best) {
            nearest = Some((d2, i));
        }
    }
    under.or(nearest).map(|(_, i)| i)
}

/// The label the game gives each target, in the order given (sort by entity first).
pub fn labels(ctx: &Ctx, targets: &[BombTarget]) -> Vec<Label> {
    let mut a_known = false;
    targets
        .iter()
        .map(|t| {
            let area = nearest_area(ctx, t.centre());
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
