//! The triangle navmesh covers the floor Source-style generation finds on the same level, and
//! little else: each mesh sampled on an 8-inch lattice, a sample covered when the other mesh holds
//! it within 20 inches of height (the generate fidelity measure, `compare::agreement`, on both
//! meshes turned into inches). Both plan areas are printed in square metres.
//!
//! The two differ by design: the navmesh keeps the agent's radius from every wall and ledge
//! (Source areas run up to them), and it covers every walkable surface while Source-style
//! generation floods out from the spawn points only.

use navforge_core::Format;
use navforge_core::model::NavMesh;
use navforge_core::testing::corpus_dir;
use navforge_generate::compare::agreement;
use navforge_generate::{GenerateOptions, generate};
use navforge_level::{Level, LoadOptions};
use navforge_source::SourceGame;
use navforge_trimesh::{NavmeshConfig, build_navmesh, in_units, level_unit, units};

/// Plan area of a mesh's polygons, square level units.
fn plan_area(mesh: &NavMesh) -> f64 {
    mesh.areas
        .iter()
        .map(|a| {
            let p = &a.polygon;
            let n = p.len();
            let twice: f64 = (0..n)
                .map(|i| {
                    let (a, b) = (p[i], p[(i + 1) % n]);
                    f64::from(a[0]) * f64::from(b[1]) - f64::from(b[0]) * f64::from(a[1])
                })
                .sum();
            twice.abs() / 2.0
        })
        .sum()
}

/// (level, lowest share of Source's floor the navmesh covers, lowest share of the navmesh that
/// Source's floor covers): the test fails below them.
/// Measured: 0.929 / 0.850, 0.950 / 0.701, 0.868 / 0.928, 0.906 / 0.937, 0.443 / 0.942.
/// cs_assault's yard, south lot and a rooftop lie behind player clips: Source-style generation
/// floods from the spawns and never reaches them; the navmesh covers every walkable surface. On the
/// dungeon, Source-style generation seeded "everywhere" (it has no spawn points) starts from the
/// first surface seen from above, so it walks the dome's roof rather than the room under it, and
/// it runs up to walls that the navmesh keeps RecastDemo's 0.6 m from: 3,375 m² against 1,585.
const FLOORS: [(&str, &str, f64, f64); 5] = [
    ("level-pairs", "goldsrc_de_dust2.bsp", 0.90, 0.82),
    ("level-pairs", "goldsrc_cs_assault.bsp", 0.92, 0.66),
    ("level-pairs", "goldsrc_aim_map.bsp", 0.84, 0.90),
    ("level-pairs", "quake_hipnotic_dm1.bsp", 0.87, 0.91),
    ("geometry-obj", "recast_dungeon.obj", 0.40, 0.87),
];

#[test]
fn the_navmesh_agrees_with_source_style_generation() {
    for (dir, file, min_covered, min_inside) in FLOORS {
        let Some(dir) = corpus_dir(dir) else {
            return;
        };
        let bytes = std::fs::read(dir.join(file)).expect("read level");
        let level = Level::load(&bytes, &LoadOptions::default()).expect("load");
        let unit = level_unit(&level);
        // Level units per inch: the Source measure's 8 and 20 are inches.
        let inch = units::INCH / unit;
        let game = if file.starts_with("goldsrc") {
            SourceGame::Cs16
        } else {
            SourceGame::Hl2dm
        };
        let mut opts = GenerateOptions::for_game_scaled(game, inch);
        opts.config.everywhere = file.ends_with(".obj");
        let source = generate(&level, &opts)
            .expect("source-style generation")
            .mesh;
        let config = NavmeshConfig::for_output(Format::Obj, &level, unit);
        let navmesh = build_navmesh(&level, &config).expect("navmesh").to_model();
        // Both in inches, the units the measure (and its 4-inch height buckets) is written in.
        let a = agreement(
            &in_units(&source, 1.0 / inch),
            &in_units(&navmesh, 1.0 / inch),
        );
        let m2 = f64::from(unit) * f64::from(unit);
        println!(
            "{file}: navmesh covers {:.3} of the Source-style floor; Source-style covers {:.3} of \
             the navmesh; plan areas: Source-style {:.0} m² ({} areas), navmesh {:.0} m² ({} \
             triangles)",
            a.recall,
            a.precision,
            plan_area(&source) * m2,
            source.areas.len(),
            plan_area(&navmesh) * m2,
            navmesh.areas.len()
        );
        assert!(
            a.recall >= min_covered,
            "{file}: {:.3} < {min_covered}",
            a.recall
        );
        assert!(
            a.precision >= min_inside,
            "{file}: {:.3} < {min_inside}",
            a.precision
        );
    }
}
