//! What a point of space is made of, and what a trace's surface was: one vocabulary over the
//! GoldSrc/Quake leaf contents, Quake II and Source content bits, and triangle soups.

use serde::Serialize;
use std::fmt;

/// Contents of space as a set of bits (`Contents::SOLID | Contents::WATER`).
///
/// Each game's own codes map into these: Quake/GoldSrc negative leaf contents, Quake II and
/// Source `CONTENTS_*` bits, and brush entities whose class gives them contents (`func_water`,
/// `func_ladder`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Contents(pub u32);

impl Contents {
    /// Nothing: open air.
    pub const EMPTY: Contents = Contents(0);
    /// Solid world or a solid brush entity.
    pub const SOLID: Contents = Contents(1);
    /// A window brush (Quake II/Source): blocks movement, not sight.
    pub const WINDOW: Contents = Contents(1 << 1);
    /// A grate (Source): blocks movement, lets bullets and sight through.
    pub const GRATE: Contents = Contents(1 << 2);
    /// Player clip: blocks players only.
    pub const PLAYER_CLIP: Contents = Contents(1 << 3);
    /// Monster/NPC clip.
    pub const MONSTER_CLIP: Contents = Contents(1 << 4);
    /// Water.
    pub const WATER: Contents = Contents(1 << 5);
    /// Slime.
    pub const SLIME: Contents = Contents(1 << 6);
    /// Lava.
    pub const LAVA: Contents = Contents(1 << 7);
    /// Sky (a content in Quake/GoldSrc; Quake II/Source mark sky on surfaces instead).
    pub const SKY: Contents = Contents(1 << 8);
    /// A ladder volume (`func_ladder`, Source `CONTENTS_LADDER`).
    pub const LADDER: Contents = Contents(1 << 9);
    /// A water current.
    pub const CURRENT: Contents = Contents(1 << 10);
    /// A trigger or other non-colliding brush entity volume.
    pub const TRIGGER: Contents = Contents(1 << 11);
    /// A brush that blocks only sight (Source's `CONTENTS_BLOCKLOS`, `tools/toolsblocklos`):
    /// traces under [`Contents::MASK_SIGHT`] stop on it (in Source's analysis, the approach and
    /// visibility traces; not sniper, cover or encounter lines), movement passes.
    pub const BLOCK_LOS: Contents = Contents(1 << 12);

    /// What blocks a ray by default: solid, windows, grates and sky.
    pub const MASK_SOLID: Contents = Contents(1 | (1 << 1) | (1 << 2) | (1 << 8));
    /// What blocks a player: [`Contents::MASK_SOLID`] and player clip.
    pub const MASK_PLAYER: Contents = Contents(1 | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 8));
    /// What blocks an NPC's trace (Source's `MASK_NPCSOLID_BRUSHONLY`): [`Contents::MASK_SOLID`]
    /// and monster clip.
    pub const MASK_NPC: Contents = Contents(1 | (1 << 1) | (1 << 2) | (1 << 4) | (1 << 8));
    /// What blocks sight: solid, sky and BLOCKLOS brushes (windows and grates do not). Source's
    /// nav sight traces (`IsVisible`, visibility's `MASK_NAV_VISION`) use `MASK_BLOCKLOS`.
    pub const MASK_SIGHT: Contents = Contents(1 | (1 << 8) | (1 << 12));
    /// Any liquid.
    pub const MASK_LIQUID: Contents = Contents((1 << 5) | (1 << 6) | (1 << 7));

    /// True when no bit is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True when every bit of `other` is set here.
    pub fn contains(self, other: Contents) -> bool {
        self.0 & other.0 == other.0
    }
    /// True when any bit of `other` is set here.
    pub fn intersects(self, other: Contents) -> bool {
        self.0 & other.0 != 0
    }
    /// These contents with the bits of `other` cleared.
    pub fn without(self, other: Contents) -> Contents {
        Contents(self.0 & !other.0)
    }

    /// Quake/GoldSrc leaf contents (negative codes) to this set.
    pub fn from_quake(code: i32) -> Contents {
        match code {
            -1 => Contents::EMPTY,
            -2 => Contents::SOLID,
            -3 => Contents::WATER,
            -4 => Contents::SLIME,
            -5 => Contents::LAVA,
            -6 => Contents::SKY,
            -7 => Contents::EMPTY, // origin brushes are removed by the compiler
            -8 => Contents::PLAYER_CLIP,
            -14..=-9 => Contents(Contents::WATER.0 | Contents::CURRENT.0),
            -15 => Contents::EMPTY, // translucent: not solid
            -16 => Contents::LADDER,
            _ => Contents::SOLID, // unknown codes block, as engines treat any non-open leaf
        }
    }

    /// Quake II / Source `CONTENTS_*` bits to this set.
    pub fn from_brush_bits(bits: i32, source: bool) -> Contents {
        let b = bits as u32;
        let mut c = 0u32;
        let has = |m: u32| b & m != 0;
        if has(0x1) {
            c |= Contents::SOLID.0;
        }
        if has(0x2) {
            c |= Contents::WINDOW.0;
        }
        if source {
            if has(0x8) {
                c |= Contents::GRATE.0;
            }
            if has(0x40) {
                c |= Contents::BLOCK_LOS.0;
            }
            if has(0x4000) {
                c |= Contents::SOLID.0; // CONTENTS_MOVEABLE
            }
        } else if has(0x8) {
            c |= Contents::LAVA.0;
        }
        if has(0x10) {
            c |= Contents::SLIME.0;
        }
        if has(0x20) {
            c |= Contents::WATER.0;
        }
        if has(0x10000) {
            c |= Contents::PLAYER_CLIP.0;
        }
        if has(0x20000) {
            c |= Contents::MONSTER_CLIP.0;
        }
        if b & 0xfc0000 != 0 {
            c |= Contents::CURRENT.0;
        }
        if has(0x2000_0000) {
            c |= Contents::LADDER.0;
        }
        Contents(c)
    }

    /// The names of the set bits, for display.
    pub fn names(self) -> Vec<&'static str> {
        const NAMES: [&str; 13] = [
            "solid",
            "window",
            "grate",
            "playerclip",
            "monsterclip",
            "water",
            "slime",
            "lava",
            "sky",
            "ladder",
            "current",
            "trigger",
            "blocklos",
        ];
        NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
            .collect()
    }
}

impl std::ops::BitOr for Contents {
    type Output = Contents;
    fn bitor(self, rhs: Contents) -> Contents {
        Contents(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Contents {
    fn bitor_assign(&mut self, rhs: Contents) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for Contents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("empty");
        }
        f.write_str(&self.names().join("|"))
    }
}

/// Flags of the surface a trace hit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct SurfaceFlags(pub u32);

impl SurfaceFlags {
    /// No flags.
    pub const NONE: SurfaceFlags = SurfaceFlags(0);
    /// Sky (Quake sky leaf, Quake II/Source `SURF_SKY`/`SURF_SKY2D`, a `sky` texture).
    pub const SKY: SurfaceFlags = SurfaceFlags(1);
    /// A ladder surface or volume.
    pub const LADDER: SurfaceFlags = SurfaceFlags(1 << 1);
    /// Slick (Quake II `SURF_SLICK`).
    pub const SLICK: SurfaceFlags = SurfaceFlags(1 << 2);
    /// Not drawn (`SURF_NODRAW`, clip and tool textures).
    pub const NODRAW: SurfaceFlags = SurfaceFlags(1 << 3);
    /// The surface of a liquid.
    pub const LIQUID: SurfaceFlags = SurfaceFlags(1 << 4);

    /// True when every bit of `other` is set here.
    pub fn contains(self, other: SurfaceFlags) -> bool {
        self.0 & other.0 == other.0
    }
    /// True when the sky flag is set.
    pub fn is_sky(self) -> bool {
        self.contains(SurfaceFlags::SKY)
    }
    /// True when the ladder flag is set.
    pub fn is_ladder(self) -> bool {
        self.contains(SurfaceFlags::LADDER)
    }
    /// Quake II / Source `SURF_*` bits to this set.
    pub fn from_brush_bits(bits: i32, source: bool) -> SurfaceFlags {
        let b = bits as u32;
        let mut s = 0;
        // SURF_SKY is 0x4 in both; Source adds SURF_SKY2D (0x2), which is Quake II's SURF_SLICK.
        if b & 0x4 != 0 || (source && b & 0x2 != 0) {
            s |= SurfaceFlags::SKY.0;
        }
        if !source && b & 0x2 != 0 {
            s |= SurfaceFlags::SLICK.0;
        }
        if b & 0x80 != 0 {
            s |= SurfaceFlags::NODRAW.0;
        }
        SurfaceFlags(s)
    }
}

impl std::ops::BitOr for SurfaceFlags {
    type Output = SurfaceFlags;
    fn bitor(self, rhs: SurfaceFlags) -> SurfaceFlags {
        SurfaceFlags(self.0 | rhs.0)
    }
}
