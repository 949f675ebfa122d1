//! What stands at a point of a Quake map (debugging aid): `cargo run --release -p
//! navforge-quake-graph --example quake_probe -- MAP.bsp X Y Z` (a node position: 0.53 above the
//! floor).

use navforge_level::{Level, Vec3};
use navforge_quake_graph::{Motion, Physics, load_options};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let level = Level::load(&std::fs::read(&a[0])?, &load_options())?;
    let p = Vec3::new(a[1].parse()?, a[2].parse()?, a[3].parse()?);
    let m = Motion::new(&level, Physics::for_family(level.family()));
    let origin = p + Vec3::Z * 23.5;
    println!("fits at node origin {origin}: {}", m.fits(origin));
    for lift in [0.0, 8.0, 32.0, 64.0, 128.0] {
        let s = m.settle(origin + Vec3::Z * lift, 400.0);
        println!("settle from +{lift}: {:?}", s);
    }
    let r = level.trace_ray(p + Vec3::Z * 8.0, p - Vec3::Z * 200.0);
    println!(
        "ray down: end {} entity {:?} normal {}",
        r.end, r.entity, r.normal
    );
    println!("contents at feet {:?}", level.point_contents(p + Vec3::Z));
    let up = level.trace_ray(p + Vec3::Z, p + Vec3::Z * 300.0);
    println!("ray up: end {} entity {:?}", up.end, up.entity);
    for d in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y] {
        let t = level.trace_ray(p + Vec3::Z * 20.0, p + Vec3::Z * 20.0 + d * 200.0);
        println!(
            "ray {d}: {} entity {:?}",
            (t.end - p - Vec3::Z * 20.0).length(),
            t.entity
        );
    }
    if a.len() >= 7 {
        use navforge_quake_graph::{Allow, Stand};
        let q = Vec3::new(a[4].parse()?, a[5].parse()?, a[6].parse()?) + Vec3::Z * 23.5;
        let from = m.settle(origin + Vec3::Z * 8.0, 64.0).unwrap_or(Stand {
            origin,
            normal: Vec3::Z,
            entity: None,
        });
        for allow in [Allow::Walk, Allow::Drop, Allow::Jump] {
            println!("{allow:?}: {:?}", m.travel(from, q, allow, 16.0));
        }
        let mut here = from.origin;
        for _ in 0..40 {
            let d = navforge_quake_graph::horizontal(q - here);
            if d.length() < 4.0 {
                break;
            }
            let r = m.step(here, d.normalize() * d.length().min(16.0));
            println!("  step from {here}: {r:?}");
            match r {
                navforge_quake_graph::StepResult::Moved(s) => here = s.origin,
                _ => break,
            }
        }
    }
    Ok(())
}
