//! OBJ and glTF levels: up-axis conversion, traces on the Recast test meshes, a GLB built here.

use glam::Vec3;
use navforge_core::testing::corpus_dir;
use navforge_level::{Family, Hull, Level, LoadOptions, UpAxis};

#[test]
fn recast_objs_load_y_up_as_z_up() {
    let Some(dir) = corpus_dir("geometry-obj") else {
        return;
    };
    for f in [
        "recast_dungeon.obj",
        "recast_nav_test.obj",
        "recast_undulating.obj",
    ] {
        let bytes = std::fs::read(dir.join(f)).unwrap();
        let y_up = Level::load(&bytes, &LoadOptions::default()).unwrap();
        let z_up = Level::load(&bytes, &LoadOptions::default().with_up_axis(UpAxis::Z)).unwrap();
        assert_eq!(y_up.family(), Family::Obj);
        let (a, b) = (y_up.bounds(), z_up.bounds());
        // Y-up (x, y, z) becomes Z-up (x, -z, y).
        assert!(
            (a.min.z - b.min.y).abs() < 1e-3 && (a.max.z - b.max.y).abs() < 1e-3,
            "{f}"
        );
        assert!((a.min.y + b.max.z).abs() < 1e-3, "{f}");
        assert_eq!(y_up.counts().triangles, z_up.counts().triangles);
        // Most columns over the mesh find a floor facing up.
        let (mut hits, mut up) = (0, 0);
        for i in 0..30 {
            for j in 0..30 {
                let x = a.min.x + (a.max.x - a.min.x) * (i as f32 + 0.5) / 30.0;
                let y = a.min.y + (a.max.y - a.min.y) * (j as f32 + 0.5) / 30.0;
                if let Some(g) =
                    y_up.ground_below(Vec3::new(x, y, a.max.z + 1.0), a.max.z - a.min.z + 2.0)
                {
                    hits += 1;
                    up += (g.normal.z > 0.0) as usize;
                }
            }
        }
        println!(
            "{f}: {} triangles, {hits}/900 columns hit, {up} facing up",
            y_up.counts().triangles
        );
        assert!(hits > 200 && up == hits, "{f}");
    }
}

/// A minimal GLB: one node (translated by +10 on Y-up's Y) holding a 200×200 floor at y = 0.
fn floor_glb() -> Vec<u8> {
    let pos: [[f32; 3]; 4] = [
        [-100.0, 0.0, -100.0],
        [100.0, 0.0, -100.0],
        [100.0, 0.0, 100.0],
        [-100.0, 0.0, 100.0],
    ];
    let idx: [u16; 6] = [0, 2, 1, 0, 3, 2];
    let mut bin = Vec::new();
    for p in pos {
        for c in p {
            bin.extend_from_slice(&c.to_le_bytes());
        }
    }
    for i in idx {
        bin.extend_from_slice(&i.to_le_bytes());
    }
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let json = format!(
        r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0,"translation":[0,10,0]}}],"meshes":[{{"primitives":[{{"attributes":{{"POSITION":0}},"indices":1}}]}}],"buffers":[{{"byteLength":{}}}],"bufferViews":[{{"buffer":0,"byteOffset":0,"byteLength":48}},{{"buffer":0,"byteOffset":48,"byteLength":12}}],"accessors":[{{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[-100,0,-100],"max":[100,0,100]}},{{"bufferView":1,"componentType":5123,"count":6,"type":"SCALAR"}}]}}"#,
        bin.len()
    );
    navforge_level::glb(json, &bin)
}

#[test]
fn glb_floor_is_found_where_its_node_puts_it() {
    let level = Level::load(&floor_glb(), &LoadOptions::default()).unwrap();
    assert_eq!(level.family(), Family::Gltf);
    assert_eq!(level.counts().triangles, 2);
    // Y-up translation 10 becomes Z = 10.
    let g = level
        .ground_below(Vec3::new(5.0, 5.0, 50.0), 100.0)
        .unwrap();
    assert!((g.point.z - 10.0).abs() < 1e-3, "{}", g.point);
    assert!(g.normal.z > 0.999);
    // A standing box dropped on it rests just above it, and a sweep off the edge misses.
    let t = level.trace_box(
        Vec3::new(0.0, 0.0, 40.0),
        Vec3::new(0.0, 0.0, -40.0),
        &Hull::SOURCE_STANDING,
    );
    assert!(
        t.fraction < 1.0 && t.end.z >= 10.0 && t.end.z < 10.1,
        "{}",
        t.end
    );
    let t = level.trace_box(
        Vec3::new(150.0, 0.0, 40.0),
        Vec3::new(150.0, 0.0, -40.0),
        &Hull::SOURCE_STANDING,
    );
    assert!(t.fraction >= 1.0);
    // Its corner at x = 100 catches a 32-wide box whose centre passes at x = 110.
    let t = level.trace_box(
        Vec3::new(110.0, 0.0, 40.0),
        Vec3::new(110.0, 0.0, -40.0),
        &Hull::SOURCE_STANDING,
    );
    assert!(t.fraction < 1.0 && t.end.z >= 10.0);
    let (v, f) = level.world_triangles();
    assert_eq!((v.len(), f.len()), (4, 2));
}

#[test]
fn broken_meshes_error() {
    assert!(Level::load(b"v 0 0 0\nv 1 0 0\n", &LoadOptions::default()).is_err());
    let mut glb = floor_glb();
    glb.truncate(glb.len() - 20);
    assert!(Level::load(&glb, &LoadOptions::default()).is_err());
}

/// Every corpus BSP that loads exports OBJ and GLB that load back (Y up) to the same world.
#[test]
fn bsp_world_exports_round_trip() {
    let Some(mut files) = navforge_core::testing::corpus_files("bsp", ".bsp") else {
        return;
    };
    files.extend(navforge_core::testing::corpus_files("level-pairs", ".bsp").unwrap_or_default());
    let mut exported = 0;
    for f in &files {
        let Ok(level) = Level::load(&std::fs::read(f).unwrap(), &LoadOptions::default()) else {
            continue;
        };
        let (_, tris) = level.world_triangles();
        let obj = Level::load(level.world_obj().as_bytes(), &LoadOptions::default()).unwrap();
        let glb = Level::load(&level.world_glb(), &LoadOptions::default()).unwrap();
        assert_eq!(glb.family(), Family::Gltf);
        for back in [&obj, &glb] {
            assert_eq!(back.counts().triangles, tris.len(), "{}", f.display());
            let (a, b) = (back.bounds(), obj.bounds());
            assert!(
                (a.min - b.min).abs().max_element() < 1e-2
                    && (a.max - b.max).abs().max_element() < 1e-2
            );
        }
        // The same surface under every spawn point, in the level and in its export. The export
        // is what the level looks like: every face but sky and triggers, water surfaces too
        // (hipnotic's `end` starts the player above a pool), so the level is traced with that.
        let drawn = navforge_level::Contents(
            !(navforge_level::Contents::SKY.0 | navforge_level::Contents::TRIGGER.0),
        );
        for s in level.spawn_points() {
            let here = level.trace_mesh(s.origin, s.origin - Vec3::Z * 1024.0, &Hull::POINT, drawn);
            let there = glb.trace_ray(s.origin, s.origin - Vec3::Z * 1024.0);
            assert!(
                (here.end.z - there.end.z).abs() < 0.01,
                "{} under {}: {} in the level, {} in the export",
                f.display(),
                s.origin,
                here.end.z,
                there.end.z
            );
        }
        exported += 1;
    }
    // Every BSP but the two the loader refuses (see tests/corpus.rs).
    assert_eq!(exported, files.len() - 2);
}

/// Mutated OBJ text and GLB bytes load or fail with an error, never a panic.
#[test]
fn mutated_meshes_never_panic() {
    use navforge_core::testing::{Rng, mutate};
    let mut rng = Rng::new(0x0b1);
    let mut inputs = vec![floor_glb()];
    if let Some(dir) = corpus_dir("geometry-obj") {
        let obj = std::fs::read(dir.join("recast_nav_test.obj")).unwrap();
        inputs.push(obj[..obj.len().min(20_000)].to_vec());
    }
    let (mut ok, mut err) = (0, 0);
    for input in &inputs {
        for _ in 0..1500 {
            let m = mutate(input, &mut rng);
            match Level::load(&m, &LoadOptions::default()) {
                Ok(level) => {
                    ok += 1;
                    let b = level.bounds();
                    let _ = level.trace_ray(b.max + Vec3::ONE, b.min - Vec3::ONE);
                    let _ = level.trace_box(b.max, b.min, &Hull::SOURCE_STANDING);
                    let _ = level.world_glb();
                }
                Err(e) => {
                    err += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    println!("mesh mutants: {ok} loaded, {err} rejected");
    assert!(ok > 0 && err > 0);
}

/// The two engines' `GetGroundHeight` on a stair over a lower room (an OBJ, Z up): a step 5
/// units over the point and a floor 64 units under it. The GoldSrc bot's layered search
/// (`ground_height`) finds both floors and answers the lower (69 units of room over it);
/// Source's (`source_ground_height`) finds the step 30.5 units under its first ray's start,
/// nearer than half a player's height, casts again from 35.5 over the step and answers it.
#[test]
fn ground_height_goldsrc_takes_the_room_under_a_stair_source_the_step() {
    let obj = b"v -50 -50 5\nv 50 -50 5\nv 50 50 5\nv -50 50 5\n\
v -200 -200 -64\nv 200 -200 -64\nv 200 200 -64\nv -200 200 -64\n\
f 1 2 3\nf 1 3 4\nf 5 6 7\nf 5 7 8\n";
    let level = Level::load(obj, &LoadOptions::default().with_up_axis(UpAxis::Z)).unwrap();
    let pos = Vec3::new(10.0, 10.0, 0.0);
    let goldsrc = level.ground_height(pos).unwrap();
    assert!((goldsrc + 64.0).abs() < 1e-3, "{goldsrc}");
    let (source, rays) = level.source_ground_height(pos);
    let source = source.unwrap();
    assert!((source - 5.0).abs() < 1e-2, "{source}");
    assert_eq!(rays, 2);
    // Over open floor both answer it, Source with one ray.
    let open = Vec3::new(150.0, 150.0, -60.0);
    assert!((level.ground_height(open).unwrap() + 64.0).abs() < 1e-3);
    let (source, rays) = level.source_ground_height(open);
    assert!((source.unwrap() + 64.0).abs() < 1e-3);
    assert_eq!(rays, 1);
    // Nothing under the point: the GoldSrc search finds no floor; Source's first ray runs
    // its whole length and answers its end, 10,000 units down, as the game's does.
    let void = Vec3::new(500.0, 0.0, 0.0);
    assert_eq!(level.ground_height(void), None);
    assert_eq!(level.source_ground_height(void), (Some(-10_000.0), 1));
}
