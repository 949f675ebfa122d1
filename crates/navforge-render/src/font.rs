//! Text for the PNG: the public-domain 8x8 bitmap font of the `font8x8` crate, scaled by whole dots.

use font8x8::legacy::{BASIC_LEGACY, LATIN_LEGACY};

/// The 8 rows of a glyph; bit 0 of a row is its leftmost dot. Unknown characters show as `?`.
pub fn glyph(ch: char) -> [u8; 8] {
    let c = ch as u32;
    if (0x20..0x7f).contains(&c) {
        BASIC_LEGACY[c as usize]
    } else if (0xa0..=0xff).contains(&c) {
        LATIN_LEGACY[(c - 0xa0) as usize]
    } else {
        BASIC_LEGACY[b'?' as usize]
    }
}
