//! CPU time per triangle-navmesh build on one thread, ours against plain `rerecast`, read from
//! the thread's scheduler clock (`/proc/thread-self/schedstat`, Linux): on a shared, loaded
//! machine wall-clock benchmarks vary by 2–4×, CPU time much less.
//!
//! `cargo run --release -p navforge-trimesh --example navmesh_cpu [LEVEL]` (default: the corpus's
//! `recast_dungeon.obj` with RecastDemo's settings; a BSP gets its player's settings).

use navforge_core::Format;
use navforge_level::{Level, LoadOptions};
use navforge_trimesh::input_mesh;
use navforge_trimesh::{NavmeshConfig, build_navmesh, level_unit};
use rerecast::{AreaType, BuildContoursFlags, DetailNavmesh, HeightfieldBuilder};

fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Milliseconds of CPU per run: best and median of five rounds of `n` runs.
fn measure(name: &str, n: usize, mut f: impl FnMut()) {
    let mut rounds: Vec<f64> = (0..5)
        .filter_map(|_| {
            let t = cpu_ns()?;
            (0..n).for_each(|_| f());
            Some((cpu_ns()? - t) as f64 / 1e6 / n as f64)
        })
        .collect();
    if rounds.is_empty() {
        println!("{name}: no scheduler clock on this system");
        return;
    }
    rounds.sort_by(f64::total_cmp);
    println!(
        "{name:24} {:8.2} ms best, {:8.2} ms median (CPU per build)",
        rounds[0],
        rounds[rounds.len() / 2]
    );
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus/geometry-obj/recast_dungeon.obj"
        )
        .to_string()
    });
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("cannot read {path}");
        return;
    };
    let level = match Level::load(&bytes, &LoadOptions::default()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let config = NavmeshConfig::for_output(Format::Obj, &level, level_unit(&level));
    let v = config.voxels();
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(1).build() else {
        return;
    };
    pool.install(|| {
        let n = 10;
        measure("navforge (8 stages)", n, || {
            let _ = build_navmesh(&level, &config);
        });
        // Plain rerecast from the same triangles in Recast axes, marked by its own slope test.
        let mut trimesh = input_mesh(&level, config.max_slope).trimesh;
        trimesh.area_types.fill(AreaType::NOT_WALKABLE);
        measure("rerecast", n, || {
            let mut t = trimesh.clone();
            t.mark_walkable_triangles(v.walkable_slope);
            let Some(aabb) = t.compute_aabb() else { return };
            let Ok(mut hf) = (HeightfieldBuilder {
                aabb,
                cell_size: v.cell_size,
                cell_height: v.cell_height,
            })
            .build() else {
                return;
            };
            if hf.rasterize_triangles(&t, v.walkable_climb).is_err() {
                return;
            }
            hf.filter_low_hanging_walkable_obstacles(v.walkable_climb);
            hf.filter_ledge_spans(v.walkable_height, v.walkable_climb);
            hf.filter_walkable_low_height_spans(v.walkable_height);
            let Ok(mut chf) = hf.into_compact(v.walkable_height, v.walkable_climb) else {
                return;
            };
            chf.erode_walkable_area(v.walkable_radius);
            chf.build_distance_field();
            if chf
                .build_regions(0, v.min_region_area, v.merge_region_area)
                .is_err()
            {
                return;
            }
            let cset = chf.build_contours(
                v.max_simplification_error,
                v.max_edge_len,
                BuildContoursFlags::TESSELLATE_SOLID_WALL_EDGES,
            );
            if let Ok(mesh) = cset.into_polygon_mesh(v.max_vertices_per_polygon) {
                let _ =
                    DetailNavmesh::new(&mesh, &chf, v.detail_sample_distance, v.detail_max_error);
            }
        });
    });
}
