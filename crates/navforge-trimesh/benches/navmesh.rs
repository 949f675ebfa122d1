//! Triangle navmesh speed on Recast's `dungeon.obj` with RecastDemo's settings (cells 0.3 × 0.2,
//! agent 0.6 × 2.0, climb 0.9, 45°), side by side in one run: our pipeline (all eight stages,
//! on every core and on one) and plain `rerecast` from the same
//! triangles (mark, rasterise, filter, compact, erode, distance field, regions, contours,
//! polygons, detail). C++ Recast builds this mesh in 24.8 ms (`generation.md` A1).
//!
//! Stages 2–7 of ours are `rerecast`'s, so the difference is our own work: the level's
//! triangles into Recast axes (stage 1), the level-contents filter, and welding the detail
//! triangles into one mesh with neighbours (stage 8).

use divan::Bencher;
use navforge_core::testing::corpus_dir;
use navforge_level::{Level, LoadOptions, Vec3};
use navforge_trimesh::{Facing, from_triangles, input_mesh};
use navforge_trimesh::{
    NavmeshConfig, build_contours, build_detail, build_navmesh, build_polygons, build_regions,
    filter_walkable,
};
use rerecast::{BuildContoursFlags, DetailNavmesh, HeightfieldBuilder, TriMesh};

fn main() {
    divan::main();
}

fn dungeon() -> Option<Level> {
    let dir = corpus_dir("geometry-obj")?;
    let obj = std::fs::read(dir.join("recast_dungeon.obj")).ok()?;
    Level::load(&obj, &LoadOptions::default()).ok()
}

fn single<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// The level's triangles in Recast axes, unmarked, as plain `rerecast` takes them.
fn recast_trimesh(level: &Level) -> TriMesh {
    let (vertices, triangles) = level.world_triangles();
    let mesh = from_triangles(
        triangles
            .iter()
            .map(|t| t.map(|i| Vec3::from_array(vertices[i as usize]))),
        Facing::CounterClockwise,
        0.0,
    );
    let mut trimesh = mesh.trimesh;
    trimesh.area_types.fill(rerecast::AreaType::NOT_WALKABLE);
    trimesh
}

#[divan::bench(sample_count = 20)]
fn dungeon_ours_all_cores(b: Bencher) {
    let Some(level) = dungeon() else { return };
    let config = NavmeshConfig::default();
    b.bench(|| build_navmesh(&level, &config).map(|n| n.stats.triangles));
}

#[divan::bench(sample_count = 20)]
fn dungeon_ours_one_core(b: Bencher) {
    let Some(level) = dungeon() else { return };
    let config = NavmeshConfig::default();
    b.bench(|| single(|| build_navmesh(&level, &config).map(|n| n.stats.triangles)));
}

#[divan::bench(sample_count = 20)]
fn dungeon_rerecast(b: Bencher) {
    let Some(level) = dungeon() else { return };
    let trimesh = recast_trimesh(&level);
    let v = NavmeshConfig::default().voxels();
    b.bench(|| {
        let mut trimesh = trimesh.clone();
        trimesh.mark_walkable_triangles(v.walkable_slope);
        let aabb = trimesh.compute_aabb()?;
        let mut hf = HeightfieldBuilder {
            aabb,
            cell_size: v.cell_size,
            cell_height: v.cell_height,
        }
        .build()
        .ok()?;
        hf.rasterize_triangles(&trimesh, v.walkable_climb).ok()?;
        hf.filter_low_hanging_walkable_obstacles(v.walkable_climb);
        hf.filter_ledge_spans(v.walkable_height, v.walkable_climb);
        hf.filter_walkable_low_height_spans(v.walkable_height);
        let mut chf = hf.into_compact(v.walkable_height, v.walkable_climb).ok()?;
        chf.erode_walkable_area(v.walkable_radius);
        chf.build_distance_field();
        chf.build_regions(0, v.min_region_area, v.merge_region_area)
            .ok()?;
        let cset = chf.build_contours(
            v.max_simplification_error,
            v.max_edge_len,
            BuildContoursFlags::TESSELLATE_SOLID_WALL_EDGES,
        );
        let mesh = cset.into_polygon_mesh(v.max_vertices_per_polygon).ok()?;
        let detail =
            DetailNavmesh::new(&mesh, &chf, v.detail_sample_distance, v.detail_max_error).ok()?;
        Some(detail.triangles.len())
    });
}

/// Our stages one at a time (one core), each from the previous stage's result.
#[divan::bench_group(sample_count = 20)]
mod dungeon_stage {
    use super::*;

    #[divan::bench]
    fn input(b: Bencher) {
        let Some(level) = dungeon() else { return };
        b.bench(|| single(|| input_mesh(&level, 45.0).walkable));
    }

    #[divan::bench]
    fn voxelise(b: Bencher) {
        let Some(level) = dungeon() else { return };
        let v = NavmeshConfig::default().voxels();
        let input = input_mesh(&level, 45.0);
        b.bench(|| {
            single(|| navforge_trimesh::voxelise(&input, &v).map(|f| f.allocated_spans.len()))
        });
    }

    #[divan::bench]
    fn walkable_filter(b: Bencher) {
        let Some(level) = dungeon() else { return };
        let v = NavmeshConfig::default().voxels();
        let Ok(field) = navforge_trimesh::voxelise(&input_mesh(&level, 45.0), &v) else {
            return;
        };
        b.bench(|| single(|| filter_walkable(field.clone(), &v, Some(&level)).map(|c| c.1)));
    }

    #[divan::bench]
    fn regions_contours_polygons_detail(b: Bencher) {
        let Some(level) = dungeon() else { return };
        let v = NavmeshConfig::default().voxels();
        let Ok(field) = navforge_trimesh::voxelise(&input_mesh(&level, 45.0), &v) else {
            return;
        };
        let Ok((chf, _)) = filter_walkable(field, &v, Some(&level)) else {
            return;
        };
        b.bench(|| {
            let mut chf = chf.clone();
            build_regions(&mut chf, &v).ok()?;
            let cset = build_contours(&chf, &v);
            let (mesh, _) = build_polygons(cset, &v).ok()?;
            build_detail(&mesh, &chf, &v)
                .ok()
                .map(|d| d.triangles.len())
        });
    }
}
