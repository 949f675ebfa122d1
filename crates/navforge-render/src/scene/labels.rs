//! Place names written on the map, where they fit: each place's name goes at the centre of its
//! areas when the box around them is wide and tall enough for the text and it does not cover a
//! name already placed (largest places first).

use super::layout::Layout;
use super::select::Selection;
use super::{Anchor, Layer, Metrics, Rgba, Shape, Style, Tag, text_width};
use crate::palette;
use crate::{ColorBy, RenderOptions};
use navforge_core::model::NavMesh;
use std::collections::HashMap;

/// Per place: screen box (x0, y0, x1, y1), area-weighted centre sums, and total area.
#[derive(Default)]
struct Acc {
    bx: [f32; 4],
    cx: f64,
    cy: f64,
    weight: f64,
}

pub(super) fn place_labels(
    mesh: &NavMesh,
    opts: &RenderOptions,
    sel: &Selection,
    by_height: bool,
    lay: &Layout,
    m: &Metrics,
) -> Option<Layer> {
    if opts.color_by != ColorBy::Place || by_height {
        return None;
    }
    let mut acc: HashMap<u32, Acc> = HashMap::new();
    for a in &sel.shown {
        let Some(place) = mesh.areas[a.idx].place else {
            continue;
        };
        let pts: Vec<[f32; 2]> = a.pts.iter().map(|p| lay.xf.at(*p)).collect();
        let e = acc.entry(place).or_insert_with(|| Acc {
            bx: [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
            ..Acc::default()
        });
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in &pts {
            x0 = x0.min(p[0]);
            y0 = y0.min(p[1]);
            x1 = x1.max(p[0]);
            y1 = y1.max(p[1]);
        }
        let w = ((x1 - x0) * (y1 - y0)).max(0.01) as f64;
        e.bx = [
            e.bx[0].min(x0),
            e.bx[1].min(y0),
            e.bx[2].max(x1),
            e.bx[3].max(y1),
        ];
        e.cx += w * (x0 + x1) as f64 / 2.0;
        e.cy += w * (y0 + y1) as f64 / 2.0;
        e.weight += w;
    }
    let mut places: Vec<(u32, Acc)> = acc.into_iter().collect();
    places.sort_by(|a, b| b.1.weight.total_cmp(&a.1.weight).then(a.0.cmp(&b.0)));
    let th = (8 * m.ts) as f32;
    let pad = 3.0 * m.u;
    let map = [
        lay.map_x,
        lay.map_y,
        lay.map_x + lay.map_w,
        lay.map_y + lay.map_h,
    ];
    let mut taken: Vec<[f32; 4]> = Vec::new();
    let mut l = Layer::new("place-labels", Style::default());
    for (place, a) in places {
        let Some(name) = mesh.places.get(place as usize) else {
            continue;
        };
        let tw = text_width(name, m.ts);
        let (bw, bh) = (a.bx[2] - a.bx[0], a.bx[3] - a.bx[1]);
        if bw < tw + 2.0 * pad || bh < th + 2.0 * pad {
            continue;
        }
        let c = [(a.cx / a.weight) as f32, (a.cy / a.weight) as f32];
        let r = [
            c[0] - tw / 2.0 - pad,
            c[1] - th / 2.0 - pad,
            c[0] + tw / 2.0 + pad,
            c[1] + th / 2.0 + pad,
        ];
        let inside = r[0] >= map[0] && r[1] >= map[1] && r[2] <= map[2] && r[3] <= map[3];
        let clear = taken
            .iter()
            .all(|t| r[2] <= t[0] || t[2] <= r[0] || r[3] <= t[1] || t[3] <= r[1]);
        if !(inside && clear && c.iter().all(|v| v.is_finite())) {
            continue;
        }
        taken.push(r);
        l.push(
            Shape::Rect {
                x: r[0],
                y: r[1],
                w: r[2] - r[0],
                h: r[3] - r[1],
            },
            Style::fill(Rgba::new(255, 255, 255, 0xb8)),
            "place-label-back",
            Tag::None,
        );
        l.push(
            Shape::Text {
                at: [c[0], c[1] - th / 2.0],
                text: name.clone(),
                scale: m.ts,
                anchor: Anchor::Middle,
                bold: false,
            },
            Style::fill(palette::INK),
            "place-label",
            Tag::Label(name.clone()),
        );
    }
    (!l.items.is_empty()).then_some(l)
}
