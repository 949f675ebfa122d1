//! Source brush entities drawn in a render mode other than normal: the Source SDK 2013's
//! engine calls them transparent, and its traces without `CONTENTS_WINDOW` (the nav sight
//! lines, the sniper spots') pass them, while movement masks still stop on them. The TF2 test
//! map's `func_brush` (a 128-unit cube under its origin, 0 0 -128) is patched from render mode
//! 0 to 2 in place, and a door of its model added.

#[path = "common/entity_lump.rs"]
mod entity_lump;

use entity_lump::with_entities;
use navforge_core::testing::corpus_dir;
use navforge_level::{BrushRole, Contents, DoorState, Level, LoadOptions, Sight, Vec3};

#[test]
fn a_source_brush_entity_in_a_render_mode_lets_sight_through_not_movement() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let map = std::fs::read(dir.join("source-tf2_test_physcollide.bsp")).expect("bsp");
    let key = b"\"rendermode\" \"0\"";
    let at = map
        .windows(key.len())
        .position(|w| w == key)
        .expect("the func_brush's render mode");
    let mut drawn = map.clone();
    drawn[at + key.len() - 2] = b'2';
    let role = |level: &Level| {
        level
            .brush_entities()
            .iter()
            .find(|b| b.class == "func_brush")
            .map(|b| b.role)
    };
    let (normal, see_through) = (
        Level::load(&map, &LoadOptions::default()).expect("loads"),
        Level::load(&drawn, &LoadOptions::default()).expect("loads"),
    );
    assert_eq!(role(&normal), Some(BrushRole::Solid));
    assert_eq!(role(&see_through), Some(BrushRole::Glass));
    // A line through the cube: blocked by the plain brush; through the drawn one, clear to
    // sight and to the sniper's mask, blocked to players and NPCs.
    let bounds = see_through
        .brush_entities()
        .iter()
        .find(|b| b.class == "func_brush")
        .expect("the func_brush")
        .bounds;
    let centre = (bounds.min + bounds.max) / 2.0;
    // (From outside it on one side to outside it on the other.)
    let (a, b) = (centre - Vec3::X * 100.0, centre + Vec3::X * 100.0);
    assert!(!normal.point_contents(a).intersects(Contents::MASK_PLAYER));
    let sniper = Contents::SOLID | Contents::SKY | Contents::PLAYER_CLIP;
    assert!(!normal.line_of_sight(a, b));
    assert_ne!(normal.sight_masked(a, b, sniper), Sight::Clear);
    assert!(see_through.line_of_sight(a, b));
    assert_eq!(see_through.sight_masked(a, b, sniper), Sight::Clear);
    for mask in [Contents::MASK_PLAYER, Contents::MASK_NPC] {
        assert_ne!(see_through.sight_masked(a, b, mask), Sight::Clear);
    }
}

#[test]
fn a_closed_door_in_a_render_mode_is_glass_an_open_one_nothing_and_cs_go_keeps_them_solid() {
    let Some(dir) = corpus_dir("bsp") else {
        return;
    };
    let map = std::fs::read(dir.join("source-tf2_test_physcollide.bsp")).expect("bsp");
    // A door of the func_brush's model, drawn in render mode 10 (TF2's invisible doors).
    let door = with_entities(
        &map,
        "{\n\"classname\" \"func_door\"\n\"model\" \"*1\"\n\"origin\" \"0 0 -128\"\n\
         \"rendermode\" \"10\"\n}\n",
    );
    let role = |d: &[u8], doors: DoorState| {
        let mut opts = LoadOptions::default();
        opts.doors = doors;
        let level = Level::load(d, &opts).expect("loads");
        level
            .brush_entities()
            .iter()
            .find(|b| b.class == "func_door")
            .map(|b| b.role)
    };
    assert_eq!(role(&door, DoorState::Closed), Some(BrushRole::Glass));
    assert_eq!(role(&door, DoorState::Open), Some(BrushRole::Volume));
    // The same map as a VBSP 21 (CS:GO's engine asks the materials): the door stays a door.
    let mut csgo = door.clone();
    csgo[4..8].copy_from_slice(&21u32.to_le_bytes());
    assert_eq!(role(&csgo, DoorState::Closed), Some(BrushRole::Door));
}
