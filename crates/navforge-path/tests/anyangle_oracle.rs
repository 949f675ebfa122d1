//! Any-angle lengths equal the `polyanya` crate's on every query of the Polyanya corpus scenarios.

use navforge_core::testing::corpus_dir;
use navforge_path::{AnyAngle, PolyMesh, parse_scenarios};

fn check(mesh_name: &str, scen_name: &str, limit: usize) {
    let Some(dir) = corpus_dir("pathfinding/polyanya") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join(mesh_name)).unwrap();
    let mesh = PolyMesh::parse_mesh(&text).unwrap();
    let oracle: polyanya::Mesh = polyanya::PolyanyaFile::from_bytes(text.as_bytes())
        .try_into()
        .unwrap();
    let scen = parse_scenarios(&std::fs::read_to_string(dir.join(scen_name)).unwrap()).unwrap();
    let mut search = AnyAngle::new(&mesh);
    let mut bad = Vec::new();
    let mut checked = 0;
    for s in scen.iter().take(limit) {
        let from = [s.start.0 as f64, s.start.1 as f64];
        let to = [s.goal.0 as f64, s.goal.1 as f64];
        let ours = search.length(from, to).unwrap();
        let theirs = oracle
            .path(
                glam::Vec2::new(from[0] as f32, from[1] as f32),
                glam::Vec2::new(to[0] as f32, to[1] as f32),
            )
            .map(|p| p.length as f64);
        checked += 1;
        match (ours, theirs) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-3 * b.max(1.0) => {}
            other => bad.push((s.line, from, to, other)),
        }
    }
    println!("{mesh_name}: {checked} queries, {} differ", bad.len());
    assert!(
        bad.is_empty(),
        "{mesh_name}: {:?}",
        &bad[..bad.len().min(10)]
    );
}

#[test]
fn arena_equals_polyanya() {
    check("arena.mesh", "arena.scen", usize::MAX);
}

#[test]
fn arena_merged_equals_polyanya() {
    check("arena-merged.mesh", "arena.scen", usize::MAX);
}

#[test]
fn aurora_equals_polyanya() {
    check("aurora.mesh", "aurora.scen", usize::MAX);
}

#[test]
fn aurora_merged_equals_polyanya() {
    check("aurora-merged.mesh", "aurora.scen", usize::MAX);
}
