//! Phases 7 and 8: the scale bar under the map and the title block above it.

use super::layout::Layout;
use super::legend::truncate;
use super::select::Selection;
use super::shapes::{format_len, nice_length, z_text};
use super::{Anchor, Layer, Metrics, Shape, Style, Tag};
use crate::palette;
use crate::{FloorSelect, RenderOptions};
use navforge_core::model::NavMesh;

/// The scale bar, bottom left under the map.
pub(super) fn scale_bar(lay: &Layout, m: &Metrics) -> Layer {
    let (u, ts, k) = (m.u, m.ts, lay.xf.k);
    let target = (lay.map_w as f64 * 0.18) / k;
    let len = nice_length(target);
    let px = (len * k) as f32;
    let x0 = lay.map_x;
    let y0 = lay.map_y + lay.map_h + 10.0 * u + 4.0 * u;
    let tick = 5.0 * u;
    let mut l = Layer::new("scale-bar", Style::stroke(palette::INK, (1.5 * u).max(1.0)));
    l.push(
        Shape::Polyline(vec![
            [x0, y0 - tick],
            [x0, y0],
            [x0 + px, y0],
            [x0 + px, y0 - tick],
        ]),
        Style::default(),
        "scale-line",
        Tag::None,
    );
    l.push(
        Shape::Line([x0 + px / 2.0, y0], [x0 + px / 2.0, y0 - tick * 0.6]),
        Style::default(),
        "scale-tick",
        Tag::None,
    );
    l.push(
        Shape::Text {
            at: [x0 + px + 8.0 * u, y0 - (4 * ts) as f32],
            text: if lay.xf.squeezed() {
                format!("{} world units (dashed: empty space cut)", format_len(len))
            } else {
                format!("{} world units", format_len(len))
            },
            scale: ts,
            anchor: Anchor::Start,
            bold: false,
        },
        Style::fill(palette::INK),
        "scale-label",
        Tag::None,
    );
    l
}

/// The line under the title: format, counts and the floor shown.
pub(super) fn subtitle(mesh: &NavMesh, opts: &RenderOptions, sel: &Selection) -> String {
    let mut subtitle = format!(
        "{} \u{b7} {} areas \u{b7} {} connections",
        mesh.format.map_or("mesh", |f| f.name()),
        mesh.areas.len(),
        mesh.connections.len()
    );
    if !mesh.nodes.is_empty() {
        subtitle.push_str(&format!(
            " \u{b7} {} nodes \u{b7} {} links",
            mesh.nodes.len(),
            mesh.links.len()
        ));
    }
    match (opts.floor, sel.range) {
        (Some(FloorSelect::Index(i)), Some((lo, hi))) => {
            subtitle.push_str(&format!(" \u{b7} floor {i}: {}", z_text(lo, hi)))
        }
        (Some(FloorSelect::Index(i)), None) => subtitle.push_str(&format!(" \u{b7} no floor {i}")),
        (Some(_), Some((lo, hi))) => subtitle.push_str(&format!(" \u{b7} {}", z_text(lo, hi))),
        _ => {}
    }
    subtitle
}

/// Height of the title block.
pub(super) fn title_height(m: &Metrics) -> f32 {
    (8 * m.title_scale) as f32 + 8.0 * m.u + (8 * m.ts) as f32 + m.margin
}

/// Title, subtitle, and a note in the middle of an empty map.
pub(super) fn title_layer(
    title: Option<&String>,
    subtitle: &str,
    empty_note: Option<&str>,
    lay: &Layout,
    m: &Metrics,
) -> Layer {
    let (ts, margin) = (m.ts, m.margin);
    let mut t = Layer::new("title", Style::fill(palette::INK));
    if let Some(title) = title {
        t.push(
            Shape::Text {
                at: [margin, margin],
                text: title.clone(),
                scale: m.title_scale,
                anchor: Anchor::Start,
                bold: true,
            },
            Style::default(),
            "title-text",
            Tag::Label(title.clone()),
        );
    }
    let below_title = if title.is_some() {
        (8 * m.title_scale) as f32 + 8.0 * m.u
    } else {
        0.0
    };
    t.push(
        Shape::Text {
            at: [margin, margin + below_title],
            text: truncate(subtitle, ((m.w - 2.0 * margin) / (8 * ts) as f32) as usize),
            scale: ts,
            anchor: Anchor::Start,
            bold: false,
        },
        Style::fill(palette::MUTED_INK),
        "subtitle",
        Tag::None,
    );
    if let Some(msg) = empty_note {
        t.push(
            Shape::Text {
                at: [
                    lay.map_x + lay.map_w / 2.0,
                    lay.map_y + lay.map_h / 2.0 - (4 * ts) as f32,
                ],
                text: msg.to_string(),
                scale: ts,
                anchor: Anchor::Middle,
                bold: false,
            },
            Style::fill(palette::MUTED_INK),
            "empty-note",
            Tag::None,
        );
    }
    t
}
