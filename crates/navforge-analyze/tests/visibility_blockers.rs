//! The visibility stage's shortcut (a sight line that passes well inside the brush that blocked
//! a neighbouring eye's line to the same point is blocked, without a trace) on the Source dev
//! maps: every time the shortcut answers, the full line-of-sight trace answers "blocked" too,
//! and it answers often. Eyes and targets are laid out as the stage lays them (25-unit eye
//! grids over an area, looking at another area's centre and corners at eye height and twice
//! it).

mod common;

use navforge_analyze::geom::{Geom, Mesh};
use navforge_analyze::visibility::EYE;
use navforge_level::{Blocker, Level, Sight, Vec3};

/// Eyes over `a`: its centre, then a 25-unit grid 12.5 units in from its north-west corner.
fn eyes(a: &Geom) -> Vec<Vec3> {
    let mut out = vec![a.center() + Vec3::Z * EYE];
    let [w, h] = a.size();
    let mut sy = 12.5;
    while sy <= h - 12.5 {
        let mut sx = 12.5;
        while sx <= w - 12.5 {
            let (x, y) = (a.lo[0] + sx, a.lo[1] + sy);
            out.push(Vec3::new(x, y, a.z_at(x, y) + EYE));
            sx += 25.0;
        }
        sy += 25.0;
    }
    out
}

/// Targets of `b`: centre at eye height, corners at twice it.
fn targets(b: &Geom) -> Vec<Vec3> {
    std::iter::once(b.center() + Vec3::Z * EYE)
        .chain((0..4).map(|c| b.corner(c) + Vec3::Z * (2.0 * EYE)))
        .collect()
}

/// Over pairs (x, y) of `mesh` (every `stride`-th x, its next 40 areas in file order within
/// 3,000 units), asks every eye of x about every target of y with the last blocker of the
/// previous eye; returns (lines the shortcut answered, lines blocked, lines asked).
fn check(mesh: &Mesh, level: &Level, stride: usize) -> (usize, usize, usize) {
    let (mut shortcut, mut blocked, mut asked) = (0, 0, 0);
    let n = mesh.areas.len();
    for x in (0..n).step_by(stride) {
        let ax = &mesh.areas[x];
        let es = eyes(ax);
        for y in (x + 1..n).take(40) {
            let ay = &mesh.areas[y];
            if (ay.center() - ax.center()).length() > 3000.0 {
                continue;
            }
            for t in targets(ay) {
                let mut last: Option<Blocker> = None;
                for &e in &es {
                    asked += 1;
                    let plain = level.line_of_sight(e, t);
                    let sight = level.sight(e, t);
                    assert_eq!(plain, sight == Sight::Clear, "{e} -> {t}");
                    if !plain {
                        blocked += 1;
                    }
                    if let Some(k) = last
                        && level.sight_blocked_by(k, e, t)
                    {
                        assert!(!plain, "shortcut says blocked, the trace clear: {e} -> {t}");
                        shortcut += 1;
                    }
                    if let Sight::BlockedBy(k) = sight {
                        last = Some(k);
                    }
                }
            }
        }
    }
    (shortcut, blocked, asked)
}

fn on_pair(name: &str, stride: usize, floor: f64) {
    let Some((doc, level)) = common::source_pair(name) else {
        return;
    };
    let mesh = Mesh::from_document(&doc);
    let (shortcut, blocked, asked) = check(&mesh, &level, stride);
    println!("{name}: {asked} lines, {blocked} blocked, {shortcut} answered by the shortcut");
    assert!(asked > 50_000, "{asked} lines asked");
    let share = shortcut as f64 / blocked.max(1) as f64;
    assert!(
        share >= floor,
        "the shortcut answered {share:.3} of the blocked lines, floor {floor}"
    );
}

#[test]
fn the_shortcut_only_answers_blocked_lines_on_kelly() {
    // Measured: 275,760 of 332,351 blocked lines (0.83).
    on_pair("source_iassis+tf2-fastdl__mvm_kelly_rc1b", 7, 0.75);
}

#[test]
fn the_shortcut_only_answers_blocked_lines_on_gmod_cs_office() {
    // Measured: 114,527 of 290,846 blocked lines (0.39).
    on_pair(
        "source_Xalalau+Gmod-ZS-Leadbots-For-ZS-V1.11-Fix__cs_office",
        13,
        0.33,
    );
}
