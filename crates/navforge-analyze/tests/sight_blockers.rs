//! The sniper and encounter stages' shortcut on the GoldSrc level pairs, whose sight lines are
//! answered from triangles: a line that the triangle which blocked an earlier line (of the same
//! eye to the same area, or of an earlier eye to the same spot) proves blocked
//! ([`Level::sight_blocked_by`]) is blocked by the full walk too, and the shortcut answers a
//! real share of the blocked lines. The fans are laid out as the stages lay them: a spot's
//! crouching eye looking at every sample 1,000+ units away (sniper), and eyes stepping 25 units
//! from one area's centre to a neighbour's looking at the spots within 2,000 units (encounter).

mod common;

use navforge_analyze::geom::Mesh;
use navforge_analyze::sniper::Samples;
use navforge_level::{Blocker, Level, Sight, Vec3};

/// Lines asked, blocked, and answered by the shortcut.
#[derive(Default, Debug)]
struct Tally {
    asked: usize,
    blocked: usize,
    shortcut: usize,
}

impl Tally {
    /// Ask the line `e → t` with `last`, the blocker of an earlier line of its group, and
    /// check the shortcut against the full walk; `last` becomes this line's blocker.
    fn ask(&mut self, level: &Level, e: Vec3, t: Vec3, last: &mut Option<Blocker>) {
        self.asked += 1;
        let plain = level.line_of_sight(e, t);
        let sight = level.sight(e, t);
        assert_eq!(plain, sight == Sight::Clear, "{e} -> {t}");
        if !plain {
            self.blocked += 1;
            assert!(
                matches!(sight, Sight::BlockedBy(_)),
                "a triangle level names what blocked {e} -> {t}"
            );
        }
        if let Some(k) = *last
            && level.sight_blocked_by(k, e, t)
        {
            assert!(!plain, "shortcut says blocked, the walk clear: {e} -> {t}");
            self.shortcut += 1;
        }
        if let Sight::BlockedBy(k) = sight {
            *last = Some(k);
        }
    }

    fn share(&self) -> f64 {
        self.shortcut as f64 / self.blocked.max(1) as f64
    }
}

/// Hiding spots' floor positions, in file order.
fn spots(doc: &navforge_source::SourceNavDocument) -> Vec<Vec3> {
    doc.areas
        .iter()
        .flat_map(|a| &a.hiding_spots)
        .map(|s| Vec3::from(s.position.map(|c| c.get())))
        .collect()
}

/// Every `stride`-th spot's crouching eye (36 units up) at every `every`-th sample 1,000+
/// units away, with the last blocker of the eye's lines to each area.
fn sniper_fans(mesh: &Mesh, level: &Level, spots: &[Vec3], stride: usize, every: usize) -> Tally {
    let samples = Samples::new(
        mesh,
        level,
        navforge_analyze::BotCode::GoldSrc.half_human_height(),
    );
    let mut tally = Tally::default();
    for &spot in spots.iter().step_by(stride) {
        let eye = spot + Vec3::Z * 36.0;
        let mut last = vec![None; mesh.areas.len()];
        let far = samples
            .points()
            .iter()
            .zip(samples.areas())
            .filter(|(s, _)| (**s - eye).length() >= 1000.0)
            .step_by(every);
        for (&s, &area) in far {
            tally.ask(level, eye, s, &mut last[area as usize]);
        }
    }
    tally
}

/// From every `stride`-th area's centre to its first neighbour's, eyes every 25 units (36
/// units up) looking at the spots within 2,000 units, with the last blocker of each spot.
fn encounter_fans(mesh: &Mesh, level: &Level, spots: &[Vec3], stride: usize) -> Tally {
    let mut tally = Tally::default();
    for a in mesh.areas.iter().step_by(stride) {
        let Some(b) = a.links.first().and_then(|l| mesh.areas.get(l.to)) else {
            continue;
        };
        let (from, to) = (a.center(), b.center());
        let targets: Vec<Vec3> = spots
            .iter()
            .map(|&s| s + Vec3::Z * 36.0)
            .filter(|t| (*t - from).length() <= 2000.0)
            .collect();
        let mut last = vec![None; targets.len()];
        let steps = ((to - from).length() / 25.0) as usize;
        for k in 0..=steps {
            let e = from.lerp(to, k as f32 / steps.max(1) as f32) + Vec3::Z * 36.0;
            for (&t, last) in targets.iter().zip(&mut last) {
                tally.ask(level, e, t, last);
            }
        }
    }
    tally
}

/// Both fans on the pair `map`: at least `min_asked` lines each, and the shortcut answers at
/// least `floor` of the blocked ones.
fn on_pair(map: &str, min_asked: usize, floor: (f64, f64)) {
    let Some((doc, level)) = common::level_pair(map) else {
        return;
    };
    let mesh = Mesh::from_document(&doc);
    let spots = spots(&doc);
    let sniper = sniper_fans(&mesh, &level, &spots, 10, 2);
    let encounter = encounter_fans(&mesh, &level, &spots, 10);
    println!("{map}: sniper {sniper:?}, encounter {encounter:?}");
    for (name, t, floor) in [
        ("sniper", &sniper, floor.0),
        ("encounter", &encounter, floor.1),
    ] {
        assert!(t.asked >= min_asked, "{name}: {} lines", t.asked);
        assert!(
            t.share() >= floor,
            "{name}: the shortcut answered {:.3} of the blocked lines, floor {floor}",
            t.share()
        );
    }
}

#[test]
fn the_triangle_shortcut_only_answers_blocked_lines_on_de_dust2() {
    // Measured: sniper 116,250 of 182,438 blocked lines (0.64), encounter 48,905 of 74,876
    // (0.65), the blocker's whole leaf asked (0.53 and 0.57 with the triangle alone).
    on_pair("de_dust2", 50_000, (0.6, 0.6));
}

#[test]
fn the_triangle_shortcut_only_answers_blocked_lines_on_cs_assault() {
    // Measured: sniper 35,521 of 48,640 blocked lines (0.73), encounter 19,191 of 26,038
    // (0.74), the blocker's whole leaf asked (0.58 and 0.66 with the triangle alone).
    on_pair("cs_assault", 25_000, (0.68, 0.7));
}

/// On a Source map, under each mask an analysis traces with (the sight mask, the player's, the
/// NPC's: [`navforge_analyze::BotCode::encounter_mask`]): a brush or terrain triangle that blocked
/// one line, asked about the next line under that line's own mask, proves it blocked only when the
/// full walk under the same mask says so, whichever mask named it; and the masks do tell lines
/// apart (a window or clip stops some line the sight mask lets through).
#[test]
fn masked_sight_lines_replay_only_what_their_mask_holds() {
    use navforge_level::Contents;
    let Some((doc, level)) = common::source_pair("source_bouletmarc+css_maps_content__cs_office")
    else {
        return;
    };
    let masks = [
        Contents::MASK_SIGHT,
        Contents::MASK_PLAYER,
        Contents::MASK_NPC,
    ];
    let mesh = Mesh::from_document(&doc);
    let targets: Vec<Vec3> = spots(&doc)
        .into_iter()
        .map(|p| p + Vec3::Z * 35.5)
        .collect();
    let (mut lines, mut replays, mut proved, mut told_apart) = (0, 0, 0, 0);
    let mut last: Option<Blocker> = None;
    for a in mesh.areas.iter().step_by(7) {
        let eye = a.center() + Vec3::Z * 35.5;
        for &t in targets
            .iter()
            .filter(|t| (**t - eye).length() < 2000.0)
            .take(40)
        {
            lines += 1;
            let sights = masks.map(|m| level.sight_masked(eye, t, m));
            told_apart += usize::from(sights[0] == Sight::Clear && sights[1] != Sight::Clear);
            for (m, sight) in masks.iter().zip(sights) {
                if let Some(k) = last {
                    replays += 1;
                    if level.sight_blocked_by_masked(k, eye, t, *m) {
                        proved += 1;
                        assert_ne!(sight, Sight::Clear, "{eye} -> {t} under {m:?}");
                    }
                }
            }
            if let Some(Sight::BlockedBy(k)) = sights.iter().rev().find(|s| **s != Sight::Clear) {
                last = Some(*k);
            }
        }
    }
    println!("{lines} lines, {replays} replays, {proved} proved, {told_apart} told apart");
    assert!(
        lines > 1_000 && proved > 100,
        "{lines} lines, {proved} proved"
    );
    assert!(
        told_apart > 0,
        "no line the sight mask lets through and the player's stops"
    );
}
