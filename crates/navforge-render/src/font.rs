//! Text: DejaVu Sans Mono (embedded from `fonts/`, Bitstream Vera licence beside it), rasterised
//! with `ab_glyph` for the PNG and named by family for the SVG, at the same size and baseline.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::sync::OnceLock;

static DATA: &[u8] = include_bytes!("../fonts/DejaVuSansMono.ttf");

/// Font size in pixels per unit of a text's `scale`.
pub const SIZE_PER_SCALE: f32 = 10.5;
/// Baseline below the top of a text's box, per unit of `scale`.
pub const BASELINE_PER_SCALE: f32 = 7.0;

fn font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(DATA).ok())
        .as_ref()
}

fn px(scale: u32) -> PxScale {
    PxScale::from(SIZE_PER_SCALE * scale.clamp(1, 64) as f32)
}

/// Width of `text` in pixels at `scale`.
pub fn text_width(text: &str, scale: u32) -> f32 {
    let Some(font) = font() else {
        return text.chars().count() as f32 * 0.6 * SIZE_PER_SCALE * scale as f32;
    };
    let f = font.as_scaled(px(scale));
    let mut w = 0.0;
    let mut prev = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            w += f.kern(p, id);
        }
        w += f.h_advance(id);
        prev = Some(id);
    }
    w
}

/// Calls `put(x, y, coverage)` for every pixel the glyphs of `text` cover, the text starting at
/// `x0` on the baseline `baseline`; `bold` draws each glyph twice, a pixel apart.
pub fn rasterise(
    text: &str,
    scale: u32,
    x0: f32,
    baseline: f32,
    bold: bool,
    mut put: impl FnMut(i64, i64, f32),
) {
    let Some(font) = font() else { return };
    let scale = px(scale);
    let f = font.as_scaled(scale);
    let mut x = x0;
    let mut prev = None;
    let offsets: &[f32] = if bold { &[0.0, 0.9] } else { &[0.0] };
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            x += f.kern(p, id);
        }
        for &dx in offsets {
            let g = id.with_scale_and_position(scale, ab_glyph::point(x + dx, baseline));
            if let Some(outline) = font.outline_glyph(g) {
                let b = outline.px_bounds();
                outline.draw(|gx, gy, c| {
                    put(b.min.x as i64 + gx as i64, b.min.y as i64 + gy as i64, c)
                });
            }
        }
        x += f.h_advance(id);
        prev = Some(id);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_font_loads_and_is_monospaced() {
        assert!(super::font().is_some());
        let (a, b) = (super::text_width("iiii", 2), super::text_width("WWWW", 2));
        assert!((a - b).abs() < 0.01 && a > 40.0, "{a} {b}");
    }
}
