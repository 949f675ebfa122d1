use glam::Vec3;
use navforge_level::{Level, LoadOptions, Hull, Contents};
fn main() {
    let level = Level::load(&std::fs::read("/work/shared/corpus/level-pairs/goldsrc_de_dust2.bsp").unwrap(), &LoadOptions::default()).unwrap();
    let p = Vec3::new(-450.49585, 1010.3303, -10.197449);
    for (dx, dy) in [(0.0,0.0),(-16.0,-16.0),(16.0,-16.0),(16.0,16.0),(-16.0,16.0),(0.0,16.0),(0.0,-16.0)] {
        let q = p + Vec3::new(dx, dy, 0.0);
        let t = level.trace_mesh(q, q - Vec3::Z*100.0, &Hull::POINT, Contents::MASK_SOLID);
        let h = level.trace_ray(q, q - Vec3::Z*100.0);
        println!("{dx} {dy}: mesh floor {} hull0 floor {}", t.end.z, h.end.z);
    }
    let hull = level.standing_hull();
    let hb = level.trace_box(p, p - Vec3::Z*512.0, &hull);
    let mb = level.trace_mesh(p, p - Vec3::Z*512.0, &hull, Contents::MASK_PLAYER);
    println!("hull1 {} mesh {}", hb.end.z, mb.end.z);
    // is the hull1 end really overlapping? check a mesh box at hull end
    let m2 = level.trace_mesh(hb.end, hb.end, &hull, Contents::MASK_PLAYER);
    println!("mesh box at hull1 end start_solid {}", m2.start_solid);
}
