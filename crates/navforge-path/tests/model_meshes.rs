//! Polygon meshes from the common model (MGSV faces, Bethesda navmesh triangles, triangles from
//! OBJ geometry): any-angle paths are no longer than the corridor's funnelled path and no
//! shorter than the straight line.

use navforge_core::testing::{Rng, corpus_files};
use navforge_path::{AnyAngle, Corridor, Locator, PolyMesh};

#[test]
fn model_polygon_meshes_any_angle_vs_corridor() {
    let mut files = Vec::new();
    for (dir, ext) in [
        ("mgsv-nav2", ".nav2"),
        ("tes-plugin", ".esp"),
        ("tes-plugin", ".esm"),
        ("geometry-obj", ".obj"),
    ] {
        let Some(found) = corpus_files(dir, ext) else {
            return;
        };
        files.extend(found);
    }
    let mut checked = std::collections::BTreeMap::<String, usize>::new();
    for f in &files {
        let Ok(doc) = model_of(f) else { continue };
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
                .unwrap_or_else(|| panic!("{}: {a}->{b}: the corridor found a way", f.display()));
            let straight = ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2)).sqrt();
            assert!(
                p.length <= c.path.length + 1e-6,
                "{}: any-angle {} > corridor {}",
                f.display(),
                p.length,
                c.path.length
            );
            assert!(p.length >= straight - 1e-6);
            let kind = f.parent().and_then(|d| d.file_name()).unwrap_or_default();
            *checked
                .entry(kind.to_string_lossy().into_owned())
                .or_default() += 1;
        }
    }
    println!("pairs checked per corpus folder: {checked:?}");
    for kind in ["mgsv-nav2", "tes-plugin", "geometry-obj"] {
        assert!(
            checked.get(kind).is_some_and(|&n| n > 20),
            "{kind}: {checked:?}"
        );
    }
}

fn model_of(f: &std::path::Path) -> Result<navforge_core::model::NavMesh, String> {
    let bytes = std::fs::read(f).map_err(|e| e.to_string())?;
    navforge::Input::read(f, &bytes)
        .map(|input| input.to_model())
        .map_err(|e| e.to_string())
}
