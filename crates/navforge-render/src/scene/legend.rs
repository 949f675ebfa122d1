//! The legend: its entries, collected by the phases, and the panel drawn beside the map.

use super::colours::{BANDS, Heights};
use super::shapes::{arrowhead, format_len, ladder_symbol, spot_shape};
use super::{Anchor, Layer, Metrics, Rgba, Shape, Style, Tag};
use crate::palette;

/// One line of the legend.
pub(super) struct LegendEntry {
    pub swatch: Swatch,
    pub label: String,
}

/// The small picture before a legend label.
pub(super) enum Swatch {
    Fill(Rgba),
    Line(Rgba),
    Arrow(Rgba),
    Ladder,
    Spot(Rgba, bool),
    Node,
}

/// A titled block of legend entries; `more` counts the entries left out.
pub(super) struct Section {
    pub title: &'static str,
    pub entries: Vec<LegendEntry>,
    pub more: usize,
}

/// Entries shown per section.
pub(super) const MAX_ENTRIES: usize = 24;

/// `s` cut to `max` characters, the last one replaced by `~` when cut.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('~');
        t
    }
}

/// Labels for `names`, each at most `max` characters, that stay apart when plain truncation
/// would make two the same: those keep their start and end around a `~` in the middle, and a
/// number when even that collides.
pub(super) fn distinct_labels(names: &[String], max: usize) -> Vec<String> {
    use std::collections::HashMap;
    let mut out: Vec<String> = names.iter().map(|n| truncate(n, max)).collect();
    let clashes = |out: &[String]| {
        let mut by: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, l) in out.iter().enumerate() {
            by.entry(l.as_str()).or_default().push(i);
        }
        let mut groups: Vec<Vec<usize>> = by.into_values().filter(|g| g.len() > 1).collect();
        groups.sort();
        groups
    };
    for group in clashes(&out) {
        for i in group {
            let chars: Vec<char> = names[i].chars().collect();
            if chars.len() > max && max >= 5 {
                let head = (max - 1) / 2;
                let tail = max - 1 - head;
                let mut l: String = chars[..head].iter().collect();
                l.push('~');
                l.extend(&chars[chars.len() - tail..]);
                out[i] = l;
            }
        }
    }
    for group in clashes(&out) {
        for (k, i) in group.into_iter().enumerate() {
            let suffix = format!(" #{}", k + 1);
            let room = max.saturating_sub(suffix.len());
            out[i] = format!("{}{suffix}", truncate(&out[i], room));
        }
    }
    out
}

/// The legend panel at `lx`, from `top` down.
pub(super) fn legend_layer(
    sections: &[Section],
    heights: &Heights,
    m: &Metrics,
    lx: f32,
    top: f32,
    legend_w: f32,
    swatch_w: f32,
) -> Layer {
    let (ts, u, line_h) = (m.ts, m.u, m.line_h);
    let mut ly = top;
    let mut lg = Layer::new("legend", Style::default());
    let text_dy = (line_h - (8 * ts) as f32) / 2.0;
    let text = |at: [f32; 2], text: String, bold: bool, anchor: Anchor| Shape::Text {
        at,
        text,
        scale: ts,
        anchor,
        bold,
    };
    for s in sections {
        lg.push(
            text([lx, ly + text_dy], s.title.to_string(), true, Anchor::Start),
            Style::fill(palette::INK),
            "legend-title",
            Tag::Label(s.title.to_string()),
        );
        ly += line_h;
        for e in &s.entries {
            legend_swatch(&mut lg, &e.swatch, [lx, ly], swatch_w, line_h, u);
            lg.push(
                text(
                    [lx + swatch_w + 8.0 * u, ly + text_dy],
                    truncate(&e.label, 34),
                    false,
                    Anchor::Start,
                ),
                Style::fill(palette::INK),
                "legend-label",
                Tag::Label(e.label.clone()),
            );
            ly += line_h;
        }
        if s.more > 0 {
            lg.push(
                text(
                    [lx + swatch_w + 8.0 * u, ly + text_dy],
                    format!("+ {} more", s.more),
                    false,
                    Anchor::Start,
                ),
                Style::fill(palette::MUTED_INK),
                "legend-more",
                Tag::None,
            );
            ly += line_h;
        }
        ly += line_h;
    }
    if let Some((lo, hi, t_lo, t_hi)) = heights.legend {
        lg.push(
            text(
                [lx, ly + text_dy],
                "Height".to_string(),
                true,
                Anchor::Start,
            ),
            Style::fill(palette::INK),
            "legend-title",
            Tag::Label("Height".to_string()),
        );
        ly += line_h;
        let steps = BANDS;
        let bw = (legend_w * 0.6) / steps as f32;
        for i in 0..steps {
            let t = t_lo + (t_hi - t_lo) * i as f32 / (steps - 1) as f32;
            lg.push(
                Shape::Rect {
                    x: lx + i as f32 * bw,
                    y: ly + line_h * 0.15,
                    w: bw + 0.5,
                    h: line_h * 0.7,
                },
                Style::fill(if heights.ramp {
                    palette::ramp(t)
                } else {
                    palette::shade(palette::NEUTRAL_AREA, t)
                }),
                "height-step",
                Tag::None,
            );
        }
        ly += line_h;
        lg.push(
            text([lx, ly + text_dy], format_len(lo), false, Anchor::Start),
            Style::fill(palette::MUTED_INK),
            "legend-label",
            Tag::None,
        );
        lg.push(
            text(
                [lx + bw * steps as f32, ly + text_dy],
                format_len(hi),
                false,
                Anchor::End,
            ),
            Style::fill(palette::MUTED_INK),
            "legend-label",
            Tag::None,
        );
    }
    lg
}

pub(super) fn legend_swatch(l: &mut Layer, s: &Swatch, at: [f32; 2], sw: f32, lh: f32, u: f32) {
    let (x, y) = (at[0], at[1]);
    let mid = y + lh / 2.0;
    let lw = (1.6 * u).max(1.0);
    match s {
        Swatch::Fill(c) => l.push(
            Shape::Rect {
                x,
                y: y + lh * 0.15,
                w: sw,
                h: lh * 0.7,
            },
            Style {
                fill: Some(*c),
                stroke: Some(Rgba::new(0x1a, 0x1c, 0x22, 0x60)),
                stroke_width: Some((0.8 * u).max(0.5)),
                dash: None,
            },
            "swatch",
            Tag::None,
        ),
        Swatch::Line(c) => l.push(
            Shape::Line([x, mid], [x + sw, mid]),
            Style::stroke(*c, lw * 1.3),
            "swatch",
            Tag::None,
        ),
        Swatch::Arrow(c) => {
            l.push(
                Shape::Line([x, mid], [x + sw, mid]),
                Style::stroke(*c, lw * 1.3),
                "swatch",
                Tag::None,
            );
            if let Some(tri) = arrowhead([x, mid], [x + sw, mid], (6.0 * u).max(3.0)) {
                l.push(Shape::Polygon(tri), Style::fill(*c), "swatch", Tag::None);
            }
        }
        Swatch::Ladder => {
            let mut tmp = Layer::new(
                "",
                Style {
                    fill: Some(palette::LADDER_FILL),
                    stroke: Some(palette::LADDER),
                    stroke_width: Some((1.2 * u).max(0.6)),
                    dash: None,
                },
            );
            ladder_symbol(&mut tmp, [x + sw / 2.0, mid], (6.0 * u).max(3.0), 0);
            for mut it in tmp.items {
                it.style = it.style.over(tmp.style);
                it.class = "swatch";
                it.tag = Tag::None;
                l.items.push(it);
            }
        }
        Swatch::Spot(c, diamond) => l.push(
            spot_shape([x + sw / 2.0, mid], (4.5 * u).clamp(2.5, 11.0), *diamond),
            Style {
                fill: Some(*c),
                stroke: Some(palette::SPOT_OUTLINE),
                stroke_width: Some((0.8 * u).max(0.5)),
                dash: None,
            },
            "swatch",
            Tag::None,
        ),
        Swatch::Node => l.push(
            Shape::Circle {
                c: [x + sw / 2.0, mid],
                r: (2.5 * u).max(1.5),
            },
            Style::fill(palette::NODE),
            "swatch",
            Tag::None,
        ),
    }
}
