//! Damaged OBJ levels never make the triangle pipeline panic: a level that still loads ends in
//! a navmesh or an error. Mutants are deterministic: bytes flipped, cut and spliced (core's
//! `mutate`), and numbers of the OBJ replaced with extremes (±1e30, NaN, infinities, 0, tiny,
//! far-off indices) or lines dropped and repeated.

use navforge_core::testing::{Rng, corpus_dir, mutate};
use navforge_level::{Level, LoadOptions};
use navforge_trimesh::{NavmeshConfig, build_navmesh};

const EXTREMES: [&str; 10] = [
    "1e30", "-1e30", "nan", "inf", "-inf", "0", "1e-30", "3.4e38", "1e6", "-1e6",
];

/// An OBJ with vertex coordinates set to extremes or scaled, face corners pointed at other
/// vertices (slivers, needles, repeated corners), faces dropped or repeated.
fn mutate_obj(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let vertices: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("v "))
        .collect();
    let faces: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("f "))
        .collect();
    if vertices.is_empty() || faces.is_empty() {
        return text.to_string();
    }
    let mut extra = Vec::new();
    for _ in 0..1 + rng.below(6) {
        let v = vertices[rng.below(vertices.len())];
        let f = faces[rng.below(faces.len())];
        match rng.below(5) {
            0 => {
                let mut w: Vec<String> = lines[v].split_whitespace().map(str::to_string).collect();
                w[1 + rng.below(3)] = EXTREMES[rng.below(EXTREMES.len())].to_string();
                lines[v] = w.join(" ");
            }
            1 => {
                let mut w: Vec<String> = lines[v].split_whitespace().map(str::to_string).collect();
                let k = 1 + rng.below(3);
                let x: f64 = w[k].parse().unwrap_or(1.0);
                w[k] = format!("{}", x * [1000.0, -3.0, 1e-3][rng.below(3)]);
                lines[v] = w.join(" ");
            }
            2 => {
                let mut w: Vec<String> = lines[f].split_whitespace().map(str::to_string).collect();
                if w.len() < 2 {
                    continue;
                }
                let k = 1 + rng.below(w.len() - 1);
                w[k] = (1 + rng.below(vertices.len())).to_string();
                lines[f] = w.join(" ");
            }
            3 => lines[f].clear(),
            _ => extra.push(lines[f].clone()),
        }
    }
    lines.extend(extra);
    lines.join("\n")
}

#[test]
fn mutated_objs_give_a_navmesh_or_an_error() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    // Mutants spread over huge extents are refused early rather than voxelised for seconds.
    let config = NavmeshConfig {
        max_columns: 1 << 20,
        ..NavmeshConfig::default()
    };
    let (mut loaded, mut built, mut total) = (0, 0, 0);
    // NAVFORGE_MUTANTS=N runs N times as many (for a longer hunt by hand).
    let times: usize = std::env::var("NAVFORGE_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    for (file, seed, count) in [
        ("recast_nav_test.obj", 16, 200 * times),
        ("recast_dungeon.obj", 17, 60 * times),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("read");
        let mut rng = Rng::new(seed);
        for i in 0..count {
            let bytes = if i % 4 == 0 {
                mutate(text.as_bytes(), &mut rng)
            } else {
                mutate_obj(&text, &mut rng).into_bytes()
            };
            total += 1;
            let Ok(level) = Level::load(&bytes, &LoadOptions::default()) else {
                continue;
            };
            loaded += 1;
            if let Ok(n) = build_navmesh(&level, &config) {
                assert_eq!(n.triangles.neighbours.len(), n.triangles.triangles.len());
                built += 1;
            }
        }
    }
    println!("{total} mutants: {loaded} loaded, {built} gave a navmesh");
    assert!(
        built > total / 4,
        "too few mutants built: the test proves little"
    );
}
