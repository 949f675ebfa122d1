//! Plats and trains where the game spawns them, floor hatches that stay shut among open doors,
//! and what a deathmatch server leaves out: known answers on the corpus Quake maps and on
//! hand-made entities.

use glam::Vec3;
use navforge_core::testing::corpus_dir;
use navforge_level::{
    Aabb, BrushRole, DoorState, Entity, Level, LoadOptions, MoverState, spawn_origin,
};

fn load(f: &str, opts: LoadOptions) -> Option<Level> {
    let dir = corpus_dir("level-pairs")?;
    Some(Level::load(&std::fs::read(dir.join(f)).unwrap(), &opts).unwrap())
}

fn entity(class: &str, pairs: &[(&str, &str)]) -> Entity {
    Entity {
        class: class.into(),
        pairs: std::iter::once(("classname".to_string(), class.to_string()))
            .chain(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
            .collect(),
    }
}

#[test]
fn plats_sink_and_trains_move_to_their_first_corner() {
    let model = Aabb::new(Vec3::new(-10.0, -10.0, 0.0), Vec3::new(10.0, 10.0, 100.0));
    // Height: the model's, spread a unit each way, less the 8-unit lip.
    let plat = entity("func_plat", &[]);
    assert_eq!(
        spawn_origin(&plat, &[], &model),
        Some(Vec3::new(0.0, 0.0, -94.0))
    );
    let high = entity("func_plat", &[("height", "50"), ("origin", "0 0 8")]);
    assert_eq!(
        spawn_origin(&high, &[], &model),
        Some(Vec3::new(0.0, 0.0, -42.0))
    );
    // A plat with a targetname waits at the top.
    let named = entity("func_plat", &[("targetname", "lift")]);
    assert_eq!(spawn_origin(&named, &[], &model), None);
    // A train's mins (spread a unit) sit on its first corner.
    let corner = entity(
        "path_corner",
        &[("targetname", "c1"), ("origin", "100 0 0")],
    );
    let train = entity("func_train", &[("target", "c1")]);
    let all = [train.clone(), corner];
    assert_eq!(
        spawn_origin(&train, &all, &model),
        Some(Vec3::new(111.0, 11.0, 1.0))
    );
    let lost = entity("func_train", &[("target", "nowhere")]);
    assert_eq!(spawn_origin(&lost, &all, &model), None);
    assert_eq!(spawn_origin(&entity("func_wall", &[]), &all, &model), None);
}

#[test]
fn hip1m3_elevator_collides_where_it_spawns() {
    let Some(placed) = load("quake_hipnotic_hip1m3.bsp", LoadOptions::default()) else {
        return;
    };
    let spawned = load(
        "quake_hipnotic_hip1m3.bsp",
        LoadOptions::default().with_movers(MoverState::Spawned),
    )
    .unwrap();
    let at = |l: &Level| {
        l.brush_entities()
            .iter()
            .find(|b| b.entity == 394)
            .unwrap()
            .bounds
    };
    // The func_train2 is built 8 units off its first path_corner (-2048 -256 432): the game
    // moves it there, as the box of the game's own elevator edicts shows (-2049 -257 431).
    assert_eq!(at(&placed).min, Vec3::new(-2047.0, -263.0, 433.0));
    assert_eq!(at(&spawned).min, Vec3::new(-2047.0, -255.0, 433.0));
    // It collides (a func_train2 is solid): a player stands on it.
    let top = Vec3::new(-1984.0, -184.0, 520.0);
    let t = spawned.trace_box(top, top - Vec3::Z * 64.0, &spawned.standing_hull());
    assert_eq!(t.entity, Some(394));
}

#[test]
fn hatches_stay_shut_and_deathmatch_drops_what_it_removes() {
    let Some(dm1) = load(
        "quake_hipnotic_dm1.bsp",
        LoadOptions::default().with_doors(DoorState::OpenExceptHatches),
    ) else {
        return;
    };
    let role = |l: &Level, e: usize| {
        l.brush_entities()
            .iter()
            .find(|b| b.entity == e)
            .unwrap()
            .role
    };
    // Door 46 is a 10-unit slab in the floor; doors 111 and 112 are bars.
    assert_eq!(role(&dm1, 46), BrushRole::Door);
    assert_eq!(role(&dm1, 111), BrushRole::Volume);
    assert_eq!(role(&dm1, 112), BrushRole::Volume);
    let kept = load("quake_hipnotic_hip1m3.bsp", LoadOptions::default()).unwrap();
    let dm = load(
        "quake_hipnotic_hip1m3.bsp",
        LoadOptions::default().with_deathmatch(true),
    )
    .unwrap();
    // Train 291 is "not in deathmatch" (spawnflags 2048).
    let has = |l: &Level, e: usize| l.brush_entities().iter().any(|b| b.entity == e);
    assert!(has(&kept, 291) && !has(&dm, 291));
    assert!(has(&dm, 394));
}
