//! The attribute bits of each game family, by the games' own tables: the one place the format
//! crates, analysis, generation, checks and the editor take them from (`navforge_source`
//! re-exports them with its per-version tables). Sources: Source SDK 2013 `nav.h`; ReGameDLL_CS
//! `nav.h` for GoldSrc.

/// The `NAV_MESH_*` attribute bits, by name: the one place analysis, generation, checks and
/// the editor take them from (the names are in [`GOLDSRC_ATTRIBUTES`] and
/// [`SOURCE_ATTRIBUTES`]).
pub mod nav_mesh {
    /// `NAV_MESH_CROUCH`: only a crouching player fits.
    pub const CROUCH: u64 = 0x1;
    /// `NAV_MESH_JUMP`: crossing it needs a jump.
    pub const JUMP: u64 = 0x2;
    /// `NAV_MESH_PRECISE`: no avoidance steering.
    pub const PRECISE: u64 = 0x4;
    /// `NAV_MESH_NO_JUMP`: never jump here.
    pub const NO_JUMP: u64 = 0x8;
    /// `NAV_MESH_STOP` (Source): stop before moving on.
    pub const STOP: u64 = 0x10;
    /// `NAV_MESH_RUN` (Source).
    pub const RUN: u64 = 0x20;
    /// `NAV_MESH_WALK` (Source).
    pub const WALK: u64 = 0x40;
    /// `NAV_MESH_AVOID` (Source).
    pub const AVOID: u64 = 0x80;
    /// `NAV_MESH_TRANSIENT` (Source): may become blocked.
    pub const TRANSIENT: u64 = 0x100;
    /// `NAV_MESH_DONT_HIDE` (Source; GoldSrc has no such bit).
    pub const DONT_HIDE: u64 = 0x200;
    /// `NAV_MESH_STAND` (Source).
    pub const STAND: u64 = 0x400;
    /// `NAV_MESH_NO_HOSTAGES` (Source).
    pub const NO_HOSTAGES: u64 = 0x800;
    /// `NAV_MESH_STAIRS` (Source).
    pub const STAIRS: u64 = 0x1000;
    /// `NAV_MESH_NO_MERGE` (Source).
    pub const NO_MERGE: u64 = 0x2000;
    /// `NAV_MESH_OBSTACLE_TOP` (Source): on top of a fence, railing or low wall.
    pub const OBSTACLE_TOP: u64 = 0x4000;
    /// `NAV_MESH_CLIFF` (Source): beside a drop deeper than `CliffHeight`.
    pub const CLIFF: u64 = 0x8000;
}

use nav_mesh::*;

/// GoldSrc CS 1.6 / CZ (versions 1-5): the attribute byte, (bit, name) low bits first.
pub const GOLDSRC_ATTRIBUTES: &[(u64, &str)] = &[
    (CROUCH, "crouch"),
    (JUMP, "jump"),
    (PRECISE, "precise"),
    (NO_JUMP, "no_jump"),
];

/// The `NAV_MESH_*` bits 0x1..0x8000 every Source game shares, (bit, name) low bits first; the
/// editor's `nav_NAME` toggles are these names.
pub const SOURCE_ATTRIBUTES: &[(u64, &str)] = &[
    (CROUCH, "crouch"),
    (JUMP, "jump"),
    (PRECISE, "precise"),
    (NO_JUMP, "no_jump"),
    (STOP, "stop"),
    (RUN, "run"),
    (WALK, "walk"),
    (AVOID, "avoid"),
    (TRANSIENT, "transient"),
    (DONT_HIDE, "dont_hide"),
    (STAND, "stand"),
    (NO_HOSTAGES, "no_hostages"),
    (STAIRS, "stairs"),
    (NO_MERGE, "no_merge"),
    (OBSTACLE_TOP, "obstacle_top"),
    (CLIFF, "cliff"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bit_a_row_low_bits_first_and_goldsrc_is_the_first_byte() {
        for (i, &(bit, name)) in SOURCE_ATTRIBUTES.iter().enumerate() {
            assert_eq!(bit, 1 << i, "{name}");
        }
        assert_eq!(SOURCE_ATTRIBUTES.len(), 16);
        assert_eq!(GOLDSRC_ATTRIBUTES, &SOURCE_ATTRIBUTES[..4]);
        let bits = [
            (nav_mesh::CROUCH, "crouch"),
            (nav_mesh::DONT_HIDE, "dont_hide"),
            (nav_mesh::CLIFF, "cliff"),
        ];
        for row in bits {
            assert!(SOURCE_ATTRIBUTES.contains(&row), "{row:?}");
        }
    }
}
