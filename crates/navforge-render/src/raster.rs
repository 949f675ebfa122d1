//! The scene rasterised with tiny-skia.
//!
//! Consecutive items with the same effective style are merged into one path, so that thousands of
//! connection lines (one style) cost one stroke call.

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Rect,
    Stroke, StrokeDash, Transform,
};

use crate::scene::{Anchor, Rgba, Scene, Shape, Style, text_width};

pub fn encode_png(scene: &Scene) -> Vec<u8> {
    rasterise(scene)
        .and_then(|p| encode_rgb(&p))
        .or_else(|| Pixmap::new(1, 1).and_then(|p| p.encode_png().ok()))
        .unwrap_or_default()
}

/// PNG of an opaque pixmap as 8-bit RGB with the `png` crate's fast (fdeflate) compression:
/// several times quicker than `Pixmap::encode_png` (default zlib level, RGBA) on big pictures.
fn encode_rgb(pm: &Pixmap) -> Option<Vec<u8>> {
    let mut rgb = Vec::with_capacity(pm.pixels().len() * 3);
    for p in pm.pixels() {
        let c = p.demultiply();
        rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let mut w = enc.write_header().ok()?;
    w.write_image_data(&rgb).ok()?;
    w.finish().ok()?;
    Some(out)
}

pub fn rasterise(scene: &Scene) -> Option<Pixmap> {
    let mut pm = Pixmap::new(scene.width.max(1), scene.height.max(1))?;
    pm.fill(colour(scene.background));
    let mut batch = Batch::default();
    for layer in &scene.layers {
        for item in &layer.items {
            let style = item.style.over(layer.style);
            if let Shape::Text {
                at,
                text,
                scale,
                anchor,
                bold,
            } = &item.shape
            {
                batch.flush(&mut pm);
                if let Some(fill) = style.fill {
                    draw_text(&mut pm, *at, text, *scale, *anchor, *bold, fill);
                }
                continue;
            }
            let closed = matches!(
                item.shape,
                Shape::Polygon(_) | Shape::Circle { .. } | Shape::Rect { .. }
            );
            if batch.style != Some((style, closed)) {
                batch.flush(&mut pm);
                batch.style = Some((style, closed));
            }
            batch.add(&item.shape);
        }
        batch.flush(&mut pm);
    }
    Some(pm)
}

fn colour(c: Rgba) -> Color {
    Color::from_rgba8(c.r, c.g, c.b, c.a)
}

fn ok(p: [f32; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

#[derive(Default)]
struct Batch {
    style: Option<(Style, bool)>,
    pb: PathBuilder,
    n: usize,
}

impl Batch {
    fn add(&mut self, shape: &Shape) {
        match shape {
            Shape::Polygon(pts) | Shape::Polyline(pts) => {
                if pts.len() < 2 || !pts.iter().all(|p| ok(*p)) {
                    return;
                }
                self.pb.move_to(pts[0][0], pts[0][1]);
                for p in &pts[1..] {
                    self.pb.line_to(p[0], p[1]);
                }
                if matches!(shape, Shape::Polygon(_)) {
                    self.pb.close();
                }
            }
            Shape::Line(a, b) => {
                if !ok(*a) || !ok(*b) {
                    return;
                }
                self.pb.move_to(a[0], a[1]);
                self.pb.line_to(b[0], b[1]);
            }
            Shape::Circle { c, r } => {
                if !(ok(*c) && *r > 0.0 && r.is_finite()) {
                    return;
                }
                self.pb.push_circle(c[0], c[1], *r);
            }
            Shape::Rect { x, y, w, h } => {
                if let Some(r) = Rect::from_xywh(*x, *y, *w, *h) {
                    self.pb.push_rect(r);
                } else {
                    return;
                }
            }
            Shape::Text { .. } => return,
        }
        self.n += 1;
    }

    fn flush(&mut self, pm: &mut Pixmap) {
        let pb = std::mem::take(&mut self.pb);
        let n = std::mem::take(&mut self.n);
        let Some((style, closed)) = self.style.take() else {
            return;
        };
        if n == 0 {
            return;
        }
        let Some(path) = pb.finish() else {
            return;
        };
        let mut paint = Paint {
            anti_alias: true,
            ..Paint::default()
        };
        if closed && let Some(fill) = style.fill {
            paint.set_color(colour(fill));
            pm.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some(stroke) = style.stroke {
            let width = style.stroke_width.unwrap_or(1.0);
            if width > 0.0 && width.is_finite() {
                paint.set_color(colour(stroke));
                let s = Stroke {
                    width,
                    // Hairlines (width < 1) skip the cap work.
                    line_cap: if width < 1.0 {
                        LineCap::Butt
                    } else {
                        LineCap::Round
                    },
                    line_join: LineJoin::Round,
                    dash: style
                        .dash
                        .filter(|d| *d > 0.0 && d.is_finite())
                        .and_then(|d| StrokeDash::new(vec![d, d], 0.0)),
                    ..Stroke::default()
                };
                pm.stroke_path(&path, &paint, &s, Transform::identity(), None);
            }
        }
    }
}

fn draw_text(
    pm: &mut Pixmap,
    at: [f32; 2],
    text: &str,
    scale: u32,
    anchor: Anchor,
    bold: bool,
    c: Rgba,
) {
    let scale = scale.clamp(1, 64);
    let w = text_width(text, scale);
    let x0 = match anchor {
        Anchor::Start => at[0],
        Anchor::Middle => at[0] - w / 2.0,
        Anchor::End => at[0] - w,
    };
    if !x0.is_finite() || !at[1].is_finite() {
        return;
    }
    let (pw, ph) = (pm.width() as i64, pm.height() as i64);
    // Whole-pixel start, so the same text looks the same wherever it is.
    let x0 = x0.round();
    let pixels = pm.pixels_mut();
    // Source-over with the glyph's coverage scaling the colour's alpha.
    let put = |x: i64, y: i64, coverage: f32| {
        if x < 0 || y < 0 || x >= pw || y >= ph {
            return;
        }
        let a = (c.a as f32 * coverage.clamp(0.0, 1.0)).round() as u32;
        if a == 0 {
            return;
        }
        let i = (y * pw + x) as usize;
        let Some(dst) = pixels.get_mut(i) else {
            return;
        };
        let inv = 255 - a;
        let src = |v: u8| (v as u32 * a + 127) / 255;
        let blend = |s: u32, d: u8| (s + (d as u32 * inv + 127) / 255).min(255) as u8;
        let out_a = (a + (dst.alpha() as u32 * inv + 127) / 255).min(255) as u8;
        let r = blend(src(c.r), dst.red()).min(out_a);
        let g = blend(src(c.g), dst.green()).min(out_a);
        let b = blend(src(c.b), dst.blue()).min(out_a);
        if let Some(p) = PremultipliedColorU8::from_rgba(r, g, b, out_a) {
            *dst = p;
        }
    };
    let baseline = at[1] + crate::font::BASELINE_PER_SCALE * scale as f32;
    crate::font::rasterise(text, scale, x0, baseline, bold, put);
}
