//! Trace probes for tuning: `probe MAP.bsp MAP.nav x0 y0 z0 x1 y1 z1`.
use navforge_core::NavDocument;
use navforge_level::{Hull, Level, LoadOptions, Vec3};
use navforge_source::SourceNavDocument;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 9 {
        return Err("usage: probe MAP.bsp GAME.nav X0 Y0 Z0 X1 Y1 Z1".into());
    }
    let level = Level::load(&std::fs::read(&a[1])?, &LoadOptions::default())?;
    let reference = SourceNavDocument::read(&std::fs::read(&a[2])?)?.to_model();
    let f = |i: usize| a.get(i).and_then(|v| v.parse::<f32>().ok()).unwrap_or(0.0);
    let (p, q) = (Vec3::new(f(3), f(4), f(5)), Vec3::new(f(6), f(7), f(8)));
    let minx = reference
        .areas
        .iter()
        .flat_map(|a| a.polygon.iter().map(|p| p[0]))
        .fold(f32::MAX, f32::min);
    println!("game min x {minx}");
    for ar in &reference.areas {
        let (x0, y0, z0) = (ar.polygon[0][0], ar.polygon[0][1], ar.polygon[0][2]);
        let (x1, y1) = (ar.polygon[2][0], ar.polygon[2][1]);
        if x0 < p.x
            && x1 > q.x.min(p.x) - 200.0
            && z0 < p.z + 100.0
            && z0 > p.z - 100.0
            && y0 < p.y + 400.0
            && y1 > p.y - 400.0
        {
            println!(
                "game area {} ({x0} {y0} {z0}) .. ({x1} {y1}) attrs {}",
                ar.id, ar.attributes
            );
        }
    }
    for v in level.volumes(&[
        "trigger_hurt",
        "func_water",
        "trigger_push",
        "func_wall",
        "func_illusionary",
        "trigger_multiple",
        "func_buyzone",
        "info_bomb_target",
        "func_hostage_rescue",
        "func_vip_safetyzone",
        "func_escapezone",
        "trigger_teleport",
    ]) {
        println!("volume {} {:?}", v.class, v.bounds);
    }
    for x in [p.x, q.x] {
        let g = level.ground_below(navforge_level::Vec3::new(x, p.y, p.z), 500.0);
        println!("ground at x {x}: {:?}", g);
        let m = level.trace_mesh(
            navforge_level::Vec3::new(x, p.y, p.z),
            navforge_level::Vec3::new(x, p.y, p.z - 500.0),
            &Hull::POINT,
            navforge_level::Contents::MASK_PLAYER,
        );
        println!(
            "mesh ground at x {x}: end {:?} surface {:?}",
            m.end, m.surface
        );
    }
    let m = level.trace_mesh(p, q, &Hull::POINT, navforge_level::Contents::MASK_PLAYER);
    println!("mesh p->q fraction {} end {:?}", m.fraction, m.end);
    for l in level.ladders() {
        println!("ladder {:?}", l.bounds);
    }
    println!(
        "contents at p {:?} q {:?}",
        level.point_contents(p),
        level.point_contents(q)
    );
    for (name, h) in [
        ("point", Hull::POINT),
        ("stand", level.standing_hull()),
        ("crouch", level.crouching_hull()),
    ] {
        let t = level.trace_box(p, q, &h);
        println!(
            "{name}: fraction {} end {:?} start_solid {} contents {:?} entity {:?}",
            t.fraction,
            t.end,
            t.start_solid,
            t.contents,
            t.entity.map(|e| level.entities()[e]
                .get("classname")
                .unwrap_or("?")
                .to_string())
        );
    }
    Ok(())
}
