//! The attribute bits of each game, by the games' own tables.
//!
//! A model area's `attributes` hold the file's `NAV_MESH_*` word in bits 0..31 and the game's
//! per-area word in bits 32..63: TF2's `TF_NAV_*` attributes (`tf_nav_area.h`) or L4D's spawn
//! attributes (`TerrorNavArea`). Names are lowercase, without the `NAV_MESH_` / `TF_NAV_` /
//! `NAV_SPAWN_` prefixes. Sources: Source SDK 2013 `nav.h`; ReGameDLL_CS `nav.h` for GoldSrc;
//! `tf_nav_area.h` for TF2; the Valve wiki's L4D series attribute list and community SourceMod
//! headers for L4D/L4D2 (where 0x20000000 is `MOSTLY_FLAT`, not `FUNC_COST`).

use navforge_core::model::AttributeFlag;

use crate::types::{Layout, SourceNavDocument};

/// The game's per-area word starts at this bit of a model area's attributes.
pub const GAME_WORD_SHIFT: u32 = 32;

pub use navforge_core::attributes::{GOLDSRC_ATTRIBUTES, SOURCE_ATTRIBUTES, nav_mesh};

/// Source SDK 2013 (HL2DM, GMod, CS:S, CS:GO, TF2, DoD:S): the runtime bits at the top.
const SOURCE_SDK_HIGH: &[(u64, &str)] = &[
    (0x2000_0000, "func_cost"),
    (0x4000_0000, "has_elevator"),
    (0x8000_0000, "nav_blocker"),
];

/// L4D / L4D2 reuse the game range and the top bits.
const TERROR_BASE: &[(u64, &str)] = &[
    (0x1_0000, "tank_only"),
    (0x2_0000, "mob_only"),
    (0x4_0000, "playerclip"),
    (0x8_0000, "breakablewall"),
    (0x800_0000, "flow_blocked"),
    (0x1000_0000, "outside_world"),
    (0x2000_0000, "mostly_flat"),
    (0x4000_0000, "has_elevator"),
    (0x8000_0000, "nav_blocker"),
];

/// TF2's `TF_NAV_*` word (bits 32..63 of the model's attributes).
const TF_WORD: &[(u32, &str)] = &[
    (0x1, "blocked"),
    (0x2, "spawn_room_red"),
    (0x4, "spawn_room_blue"),
    (0x8, "spawn_room_exit"),
    (0x10, "has_ammo"),
    (0x20, "has_health"),
    (0x40, "control_point"),
    (0x80, "blue_sentry_danger"),
    (0x100, "red_sentry_danger"),
    (0x800, "blue_setup_gate"),
    (0x1000, "red_setup_gate"),
    (0x2000, "blocked_after_point_capture"),
    (0x4000, "blocked_until_point_capture"),
    (0x8000, "blue_one_way_door"),
    (0x1_0000, "red_one_way_door"),
    (0x2_0000, "with_second_point"),
    (0x4_0000, "with_third_point"),
    (0x8_0000, "with_fourth_point"),
    (0x10_0000, "with_fifth_point"),
    (0x20_0000, "sniper_spot"),
    (0x40_0000, "sentry_spot"),
    (0x80_0000, "escape_route"),
    (0x100_0000, "escape_route_visible"),
    (0x200_0000, "no_spawning"),
    (0x400_0000, "rescue_closet"),
    (0x800_0000, "bomb_can_drop_here"),
    (0x1000_0000, "door_never_blocks"),
    (0x2000_0000, "door_always_blocks"),
    (0x4000_0000, "unblockable"),
];

/// L4D / L4D2 spawn attributes (bits 32..63 of the model's attributes).
const TERROR_SPAWN: &[(u32, &str)] = &[
    (0x2, "empty"),
    (0x4, "stop_scan"),
    (0x20, "battlestation"),
    (0x40, "finale"),
    (0x80, "player_start"),
    (0x100, "battlefield"),
    (0x200, "ignore_visibility"),
    (0x400, "not_clearable"),
    (0x800, "checkpoint"),
    (0x1000, "obscured"),
    (0x2000, "no_mobs"),
    (0x4000, "threat"),
    (0x8000, "rescue_vehicle"),
    (0x1_0000, "rescue_closet"),
    (0x2_0000, "escape_route"),
    (0x4_0000, "destroyed_door"),
    (0x8_0000, "nothreat"),
    (0x10_0000, "lyingdown"),
    (0x100_0000, "compass_north"),
    (0x200_0000, "compass_northeast"),
    (0x400_0000, "compass_east"),
    (0x800_0000, "compass_eastsouth"),
    (0x1000_0000, "compass_south"),
    (0x2000_0000, "compass_southwest"),
    (0x4000_0000, "compass_west"),
    (0x8000_0000, "compass_westnorth"),
];

/// The named attribute bits of files of this version and layout, for the model's
/// [`NavMesh::attribute_table`](navforge_core::model::NavMesh::attribute_table), low bits first.
/// Bits not listed have no name in that game.
pub fn attribute_table(version: u32, layout: Layout) -> Vec<AttributeFlag> {
    attribute_pairs(version, layout)
        .into_iter()
        .map(|(bit, name)| AttributeFlag {
            bit,
            name: name.to_string(),
        })
        .collect()
}

/// [`attribute_table`] as (mask, name) pairs.
pub(crate) fn attribute_pairs(version: u32, layout: Layout) -> Vec<(u64, &'static str)> {
    if version <= 5 {
        return GOLDSRC_ATTRIBUTES.to_vec();
    }
    let mut t: Vec<(u64, &str)> = SOURCE_ATTRIBUTES.to_vec();
    let game = |word: &[(u32, &'static str)]| {
        word.iter()
            .map(|&(b, n)| (u64::from(b) << GAME_WORD_SHIFT, n))
            .collect::<Vec<_>>()
    };
    match layout {
        Layout::Terror => {
            t.extend_from_slice(TERROR_BASE);
            t.extend(game(TERROR_SPAWN));
        }
        Layout::TeamFortress => {
            t.extend_from_slice(SOURCE_SDK_HIGH);
            t.extend(game(TF_WORD));
        }
        _ => t.extend_from_slice(SOURCE_SDK_HIGH),
    }
    t
}

impl SourceNavDocument {
    /// The named attribute bits of this document's game ([`attribute_table`]).
    pub fn attribute_table(&self) -> Vec<AttributeFlag> {
        attribute_table(self.version, self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_one_bit_per_name_and_no_name_twice() {
        for (v, layout) in [
            (5, Layout::Base),
            (16, Layout::Base),
            (16, Layout::CounterStrike),
            (16, Layout::TeamFortress),
            (16, Layout::Terror),
        ] {
            let t = attribute_pairs(v, layout);
            let mut names: Vec<&str> = t.iter().map(|(_, n)| *n).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), t.len(), "{layout:?}");
            assert!(t.iter().all(|(b, _)| b.count_ones() == 1), "{layout:?}");
            let mut bits: Vec<u64> = t.iter().map(|(b, _)| *b).collect();
            bits.dedup();
            assert_eq!(bits.len(), t.len(), "{layout:?}");
        }
        let l4d = attribute_pairs(16, Layout::Terror);
        assert!(l4d.contains(&(0x2000_0000, "mostly_flat")));
        assert!(l4d.contains(&(0x800 << 32, "checkpoint")));
        let tf = attribute_pairs(16, Layout::TeamFortress);
        assert!(tf.contains(&(0x2000_0000, "func_cost")));
        assert!(tf.contains(&(0x20_0000 << 32, "sniper_spot")));
        assert_eq!(attribute_pairs(5, Layout::Base).len(), 4);
        // GoldSrc's byte is the first four Source bits, under the same names.
        assert_eq!(GOLDSRC_ATTRIBUTES, &SOURCE_ATTRIBUTES[..4]);
        assert_eq!(SOURCE_ATTRIBUTES[12], (nav_mesh::STAIRS, "stairs"));
    }
}
