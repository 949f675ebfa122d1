use glam::Vec3;
use navforge_core::NavDocument;
use navforge_level::{Level, LoadOptions, Hull};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = Level::load(&std::fs::read(&args[1]).unwrap(), &LoadOptions::default()).unwrap();
    let doc = navforge_source::SourceNavDocument::read(&std::fs::read(&args[2]).unwrap()).unwrap();
    let model = doc.to_model();
    let hull = level.standing_hull();
    let mut shown = 0;
    for a in &model.areas {
        let n = a.polygon.len() as f32;
        let c = a.polygon.iter().fold(Vec3::ZERO, |s, p| s + Vec3::from_array(*p)) / n;
        let fits = |lift: f32, h: &Hull| { let o = c - Vec3::Z * h.mins.z + Vec3::Z * lift; !level.trace_box(o, o, h).start_solid };
        if !(fits(1.0, &hull) || fits(18.0, &hull)) && shown < 12 {
            shown += 1;
            let xs: Vec<[f32;3]> = a.polygon.clone();
            let thin = Hull::new(Vec3::new(-1.0,-1.0,0.0), Vec3::new(1.0,1.0,70.0));
            println!("area {} attrs {:?} poly {:?} crouch_fits {} mesh_thin_fits {} pc {}", a.id, a.attributes, xs, fits(1.0, &level.crouching_hull()), !level.trace_mesh(c+Vec3::Z, c+Vec3::Z, &thin, navforge_level::Contents::MASK_PLAYER).start_solid, level.point_contents(c + Vec3::Z*30.0));
        }
    }
}
