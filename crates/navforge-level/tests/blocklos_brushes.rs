//! Source's BLOCKLOS brushes (`CONTENTS_BLOCKLOS`, `tools/toolsblocklos`): brushes that stop
//! the sight mask's traces and nothing else. No dev map has one, so CS:GO's aim_map is patched:
//! its window brushes (which sight passes and movement does not) become BLOCKLOS brushes: every
//! sight line through one is blocked, some of them clear before, a mask without BLOCKLOS
//! answers as before, and a player now passes where sight was clear.

use navforge_core::testing::corpus_dir;
use navforge_level::{Contents, Hull, Level, LoadOptions, Vec3};

/// VBSP lump 18: brushes of 12 bytes (first side, side count, contents).
const BRUSHES: usize = 18;

#[test]
fn source_blocklos_brushes_stop_sight_lines_only() {
    assert_eq!(Contents::from_brush_bits(0x40, true), Contents::BLOCK_LOS);
    // Quake II's 0x40 is mist: nothing here.
    assert!(!Contents::from_brush_bits(0x40, false).intersects(Contents::BLOCK_LOS));
    for mask in [
        Contents::MASK_SOLID,
        Contents::MASK_PLAYER,
        Contents::MASK_NPC,
    ] {
        assert!(!mask.intersects(Contents::BLOCK_LOS), "{:?}", mask.names());
    }
    assert!(Contents::MASK_SIGHT.contains(Contents::BLOCK_LOS));

    let Some(dir) = corpus_dir("source-pairs") else {
        return;
    };
    let data = std::fs::read(dir.join("source_ayrescsgo+fast-dll__aim_map.bsp")).expect("bsp");
    let at = |k: usize| u32::from_le_bytes(data[k..k + 4].try_into().unwrap()) as usize;
    let (offset, length) = (at(8 + 16 * BRUSHES), at(8 + 16 * BRUSHES + 4));
    let mut patched = data.clone();
    let mut windows = 0;
    for b in (offset..offset + length).step_by(12) {
        let contents = &mut patched[b + 8..b + 12];
        if u32::from_le_bytes(contents.try_into().unwrap()) & 0x2 != 0 {
            contents.copy_from_slice(&0x40u32.to_le_bytes());
            windows += 1;
        }
    }
    assert!(windows > 0, "aim_map has window brushes");
    // (They are 0x10000002, window and player clip; now 0x40 alone.)
    let options = LoadOptions::default();
    let before = Level::load(&data, &options).expect("aim_map loads");
    let after = Level::load(&patched, &options).expect("patched aim_map loads");

    // Deterministic segments across the level's box.
    let bounds = before.bounds();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut point = || {
        let mut c = [0.0f32; 3];
        for (i, v) in c.iter_mut().enumerate() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let t = (seed >> 40) as f32 / (1u64 << 24) as f32;
            *v = bounds.min[i] + t * (bounds.max[i] - bounds.min[i]);
        }
        Vec3::from(c)
    };
    // Lines through the windows: from a point inside one (and not in solid), 12 units either
    // way in eight random directions.
    let world = Contents::SOLID | Contents::SKY;
    let (mut lines, mut newly_blocked) = (0, 0);
    for _ in 0..4_000_000 {
        if lines >= 2_000 {
            break;
        }
        let p = point();
        let inside = before.point_contents(p);
        if !inside.intersects(Contents::WINDOW) || inside.intersects(world) {
            continue;
        }
        for _ in 0..8 {
            lines += 1;
            let d = (point() - p).normalize_or_zero() * 12.0;
            let (a, b) = (p - d, p + d);
            let (was, is) = (before.line_of_sight(a, b), after.line_of_sight(a, b));
            // The line passes through p, inside the brush: blocked now whatever it was.
            assert!(!is, "{a} → {b} passes a sight blocker");
            newly_blocked += usize::from(was);
            if was {
                // Clear of the world before, so only the old window held a player back.
                let walk = |l: &Level| l.trace(a, b, &Hull::POINT, Contents::MASK_PLAYER).hit();
                assert!(walk(&before) && !walk(&after), "{a} → {b}");
            }
            assert_eq!(
                before.sight_masked(a, b, world),
                after.sight_masked(a, b, world),
                "{a} → {b}"
            );
        }
    }
    println!(
        "{windows} window brushes made BLOCKLOS: of {lines} lines through them, {newly_blocked} were clear"
    );
    assert!(newly_blocked > 10, "{newly_blocked} of {lines}");
}
