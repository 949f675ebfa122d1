//! Why a walk between two node positions fails once triggers are avoided (debugging aid):
//! `cargo run --release -p navforge-quake-graph --example quake_avoid -- MAP.bsp X Y Z X Y Z`.

use navforge_level::{Level, Vec3};
use navforge_quake_graph::{Allow, Stand};
use navforge_quake_graph::{Motion, QuakeGraphOptions, load_options, plan_entities};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let level = Level::load(&std::fs::read(&a[0])?, &load_options())?;
    let opts = QuakeGraphOptions::for_level(&level);
    let plain = Motion::new(&level, opts.physics);
    let plan = plan_entities(&plain, &opts.entities);
    let m = plain.avoiding(&plan.avoid);
    let p = |i: usize| -> Result<Vec3, Box<dyn std::error::Error>> {
        Ok(Vec3::new(a[i].parse()?, a[i + 1].parse()?, a[i + 2].parse()?) + Vec3::Z * 23.5)
    };
    let (from, to) = (p(1)?, p(4)?);
    for push in level.pushes() {
        let dir = push.direction.unwrap_or(Vec3::X);
        let v = dir * (push.speed.filter(|s| *s > 0.0).unwrap_or(1000.0) * 10.0);
        println!("push {} {:?} v {v}", push.entity, push.bounds);
    }
    let zones: Vec<(navforge_level::Aabb, Vec3)> = level
        .pushes()
        .iter()
        .map(|p| {
            let dir = p.direction.unwrap_or(Vec3::X);
            let h = opts.physics.hull;
            (
                navforge_level::Aabb::new(p.bounds.min - h.maxs, p.bounds.max - h.mins),
                dir * (p.speed.filter(|s| *s > 0.0).unwrap_or(1000.0) * 10.0),
            )
        })
        .collect();
    // (The first zone holding the point: the generator picks the deepest.)
    let held = |q: Vec3| zones.iter().find(|z| z.0.contains(q)).map(|z| z.1);
    for t in [0.5f32, 1.0, 2.0, 4.0] {
        let v0 = held(from).unwrap_or(Vec3::ZERO);
        let wish = navforge_quake_graph::horizontal(v0).normalize_or_zero();
        println!(
            "fly {t}s from {from} v {v0}: {:?}",
            plain.fly(from, v0, wish, t, &held)
        );
    }
    for (k, b) in plan.avoid.iter().enumerate() {
        if b.contains(to) || b.contains(from) {
            println!(
                "avoid {k} {b:?} holds from {} to {}",
                b.contains(from),
                b.contains(to)
            );
        }
    }
    let s = m.settle(from + Vec3::Z * 8.0, 64.0).unwrap_or(Stand {
        origin: from,
        normal: Vec3::Z,
        entity: None,
    });
    for allow in [Allow::Walk, Allow::Drop, Allow::Jump] {
        println!("{allow:?}: {:?}", m.travel(s, to, allow, 16.0));
    }
    let mut here = s.origin;
    for _ in 0..64 {
        let d = navforge_quake_graph::horizontal(to - here);
        if d.length() < 4.0 {
            break;
        }
        let r = m.step(here, d.normalize() * d.length().min(16.0));
        let inside: Vec<usize> = (0..plan.avoid.len())
            .filter(|&k| plan.avoid[k].contains(here))
            .collect();
        println!("  step from {here} (in avoid {inside:?}): {r:?}");
        match r {
            navforge_quake_graph::StepResult::Moved(s) => here = s.origin,
            _ => break,
        }
    }
    Ok(())
}
