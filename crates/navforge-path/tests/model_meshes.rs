//! Polygon meshes from the common model (MGSV faces, Bethesda triangles): any-angle paths are no
//! longer than the corridor's funnelled path and no shorter than the straight line.

use navforge_core::NavDocument;
use navforge_core::testing::{Rng, corpus_files};
use navforge_path::{AnyAngle, Corridor, Locator, PolyMesh};

#[test]
fn model_polygon_meshes_any_angle_vs_corridor() {
    let Some(files) = corpus_files("mgsv-nav2", ".nav2") else {
        return;
    };
    let mut checked = 0;
    for f in &files {
        let Ok(doc) = mgsv_read(f) else { continue };
        // Graph-only files (no faces) have nothing for these searches.
        let Ok(mesh) = PolyMesh::from_model(&doc) else {
            continue;
        };
        if mesh.polygon_count() < 10 {
            continue;
        }
        let locator = Locator::new(&mesh);
        let mut any = AnyAngle::new(&mesh);
        let mut corr = Corridor::new(&mesh);
        let mut rng = Rng::new(5);
        for _ in 0..80 {
            let a = rng.below(mesh.polygon_count()) as u32;
            let b = rng.below(mesh.polygon_count()) as u32;
            let centre = |p: u32| {
                let vs = mesh.polygon(p);
                let s = vs.iter().fold([0.0, 0.0], |s, &v| {
                    let q = mesh.point(v);
                    [s[0] + q[0], s[1] + q[1]]
                });
                [s[0] / vs.len() as f64, s[1] / vs.len() as f64]
            };
            let (pa, pb) = (centre(a), centre(b));
            let Some(c) = corr.path(pa, a, pb, b) else {
                continue;
            };
            let sa = locator.polygons_at(&mesh, pa);
            let sb = locator.polygons_at(&mesh, pb);
            let sa: Vec<u32> = sa.into_iter().filter(|&x| x == a).collect();
            let sb: Vec<u32> = sb.into_iter().filter(|&x| x == b).collect();
            let p = any
                .path_between(pa, &sa, pb, &sb)
                .expect("the corridor found a way");
            let straight = ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2)).sqrt();
            assert!(
                p.length <= c.path.length + 1e-6,
                "{}: any-angle {} > corridor {}",
                f.display(),
                p.length,
                c.path.length
            );
            assert!(p.length >= straight - 1e-6);
            checked += 1;
        }
    }
    println!("{checked} pairs");
    assert!(checked > 20);
}

fn mgsv_read(f: &std::path::Path) -> Result<navforge_core::model::NavMesh, String> {
    let bytes = std::fs::read(f).map_err(|e| e.to_string())?;
    navforge_mgsv::Nav2Document::read(&bytes)
        .map(|d| d.to_model())
        .map_err(|e| e.to_string())
}
