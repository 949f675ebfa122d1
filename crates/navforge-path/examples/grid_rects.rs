//! Grid maps as rectangles against one square per cell: polygon counts, any-angle time and
//! agreement on a scenario's queries:
//! `cargo run --release -p navforge-path --example grid_rects -- MAP.map [EVERY_NTH]`.
use navforge_path::{AnyAngle, Grid, Locator, PolyMesh, parse_scenarios};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let map = args.get(1).ok_or("usage: grid_rects MAP.map [EVERY_NTH]")?;
    let every: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let grid = Grid::parse(&std::fs::read_to_string(map)?)?;
    let scen = parse_scenarios(&std::fs::read_to_string(format!("{map}.scen"))?)?;
    let mut lengths = Vec::new();
    for (name, mesh) in [
        ("rectangles", PolyMesh::from_grid(&grid)),
        ("cells", PolyMesh::from_grid_cells(&grid)),
    ] {
        let locator = Locator::new(&mesh);
        let mut search = AnyAngle::new(&mesh);
        let t = std::time::Instant::now();
        let mut out = Vec::new();
        for s in scen.iter().step_by(every) {
            let a = [s.start.0 as f64 + 0.5, s.start.1 as f64 + 0.5];
            let b = [s.goal.0 as f64 + 0.5, s.goal.1 as f64 + 0.5];
            let (sa, sb) = (locator.polygons_at(&mesh, a), locator.polygons_at(&mesh, b));
            out.push(search.path_between(a, &sa, b, &sb).map(|p| p.length));
        }
        let per = t.elapsed().as_secs_f64() * 1e6 / out.len() as f64;
        println!(
            "{map}: {name}: {} polygons, {per:.1} µs/query",
            mesh.polygon_count()
        );
        lengths.push(out);
    }
    let worst = lengths[0]
        .iter()
        .zip(&lengths[1])
        .map(|(a, b)| (a.unwrap_or(-1.0) - b.unwrap_or(-1.0)).abs())
        .fold(0.0, f64::max);
    println!("largest difference {worst:e}");
    Ok(())
}
