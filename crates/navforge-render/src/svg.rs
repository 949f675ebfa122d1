//! The scene as SVG text.

use std::fmt::Write;

use crate::scene::{Anchor, Item, Rgba, Scene, Shape, Style, Tag};

pub fn write_svg(scene: &Scene) -> String {
    let items: usize = scene.layers.iter().map(|l| l.items.len()).sum();
    let mut s = String::with_capacity(4096 + items * 96);
    let (w, h) = (scene.width, scene.height);
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" stroke-linejoin="round" stroke-linecap="round">"#
    );
    if let Some(t) = &scene.title {
        s.push_str("<title>");
        escape_into(&mut s, t);
        s.push_str("</title>\n");
    }
    let _ = writeln!(
        s,
        r#"<rect class="background" x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
        Hex(scene.background)
    );
    for layer in &scene.layers {
        let _ = write!(s, r#"<g class="{}""#, layer.class);
        style_attrs(&mut s, &layer.style, &Style::default(), false);
        s.push_str(">\n");
        for item in &layer.items {
            write_item(&mut s, item, &layer.style);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

struct Hex(Rgba);

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0.r, self.0.g, self.0.b)
    }
}

/// A coordinate with one decimal, without a trailing `.0`.
struct N(f32);

impl std::fmt::Display for N {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = if self.0.is_finite() { self.0 } else { 0.0 };
        let tenths = (v * 10.0).round() as i64;
        if tenths % 10 == 0 {
            write!(f, "{}", tenths / 10)
        } else {
            let sign = if tenths < 0 { "-" } else { "" };
            let a = tenths.unsigned_abs();
            write!(f, "{sign}{}.{}", a / 10, a % 10)
        }
    }
}

/// Attributes of `style` that differ from `base` (the enclosing group's). Text has no stroke.
fn style_attrs(s: &mut String, style: &Style, base: &Style, is_text: bool) {
    if style.fill != base.fill {
        match style.fill {
            Some(c) => {
                let _ = write!(s, r#" fill="{}""#, Hex(c));
                if c.a != 255 {
                    let _ = write!(s, r#" fill-opacity="{:.3}""#, c.a as f32 / 255.0);
                }
            }
            None => s.push_str(r#" fill="none""#),
        }
    }
    if is_text {
        // Text is never stroked, even inside a stroked group.
        if base.stroke.is_some() {
            s.push_str(r#" stroke="none""#);
        }
        return;
    }
    if style.stroke != base.stroke {
        match style.stroke {
            Some(c) => {
                let _ = write!(s, r#" stroke="{}""#, Hex(c));
                if c.a != 255 {
                    let _ = write!(s, r#" stroke-opacity="{:.3}""#, c.a as f32 / 255.0);
                }
            }
            None => s.push_str(r#" stroke="none""#),
        }
    }
    if style.stroke_width != base.stroke_width
        && let Some(w) = style.stroke_width
    {
        let _ = write!(s, r#" stroke-width="{:.2}""#, w);
    }
    if style.dash != base.dash
        && let Some(d) = style.dash
    {
        let _ = write!(s, r#" stroke-dasharray="{:.1} {:.1}""#, d, d);
    }
}

fn write_item(s: &mut String, item: &Item, layer: &Style) {
    let own = item.style.over(*layer);
    let tag_name = match &item.shape {
        Shape::Polygon(_) => "polygon",
        Shape::Polyline(_) => "polyline",
        Shape::Line(..) => "line",
        Shape::Circle { .. } => "circle",
        Shape::Rect { .. } => "rect",
        Shape::Text { .. } => "text",
    };
    let _ = write!(s, "<{tag_name}");
    if !item.class.is_empty() {
        let _ = write!(s, r#" class="{}""#, item.class);
    }
    match &item.tag {
        Tag::None | Tag::Label(_) => {}
        Tag::Area(id) => {
            let _ = write!(s, r#" data-area="{id}""#);
        }
        Tag::Connection(a, b) | Tag::Link(a, b) => {
            let _ = write!(s, r#" data-from="{a}" data-to="{b}""#);
        }
        Tag::Ladder(id) => {
            let _ = write!(s, r#" data-ladder="{id}""#);
        }
        Tag::Spot(id) => {
            let _ = write!(s, r#" data-spot="{id}""#);
        }
        Tag::Node(id) => {
            let _ = write!(s, r#" data-node="{id}""#);
        }
    }
    match &item.shape {
        Shape::Polygon(pts) | Shape::Polyline(pts) => {
            s.push_str(r#" points=""#);
            for (i, p) in pts.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                let _ = write!(s, "{},{}", N(p[0]), N(p[1]));
            }
            s.push('"');
        }
        Shape::Line(a, b) => {
            let _ = write!(
                s,
                r#" x1="{}" y1="{}" x2="{}" y2="{}""#,
                N(a[0]),
                N(a[1]),
                N(b[0]),
                N(b[1])
            );
        }
        Shape::Circle { c, r } => {
            let _ = write!(s, r#" cx="{}" cy="{}" r="{:.2}""#, N(c[0]), N(c[1]), r);
        }
        Shape::Rect { x, y, w, h } => {
            let _ = write!(
                s,
                r#" x="{}" y="{}" width="{}" height="{}""#,
                N(*x),
                N(*y),
                N(*w),
                N(*h)
            );
        }
        Shape::Text {
            at,
            text,
            scale,
            anchor,
            bold,
        } => {
            let size = *scale as f32 * crate::font::SIZE_PER_SCALE;
            let (x, anchor) = match anchor {
                Anchor::Start => (at[0], "start"),
                Anchor::Middle => (at[0], "middle"),
                Anchor::End => (at[0], "end"),
            };
            // The same baseline as the PNG's.
            let baseline = at[1] + crate::font::BASELINE_PER_SCALE * *scale as f32;
            let _ = write!(
                s,
                r#" x="{}" y="{}" font-size="{}""#,
                N(x),
                N(baseline),
                N(size)
            );
            if anchor != "start" {
                let _ = write!(s, r#" text-anchor="{anchor}""#);
            }
            if *bold {
                s.push_str(r#" font-weight="bold""#);
            }
            style_attrs(s, &own, layer, true);
            s.push('>');
            escape_into(s, text);
            s.push_str("</text>\n");
            return;
        }
    }
    if matches!(item.shape, Shape::Polyline(_)) {
        s.push_str(r#" fill="none""#);
        let own = Style {
            fill: layer.fill,
            ..own
        };
        style_attrs(s, &own, layer, false);
    } else {
        style_attrs(s, &own, layer, false);
    }
    s.push_str("/>\n");
}

/// XML text/attribute escaping; control characters (invalid in XML 1.0) become U+FFFD.
pub(crate) fn escape_into(s: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            '\t' | '\n' | '\r' => s.push(' '),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => s.push('\u{FFFD}'),
            c => s.push(c),
        }
    }
}
