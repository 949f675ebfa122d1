//! Phase 5: where the map, legend, title and scale bar go, and the world-to-picture transform.

use super::colours::Heights;
use super::legend::Section;
use super::{Frame, Metrics};
use crate::squeeze::Squeeze;

/// World XY to picture XY.
#[derive(Debug, Clone)]
pub(super) struct Xform {
    pub sx: Squeeze,
    pub sy: Squeeze,
    x0: f64,
    y1: f64,
    /// Pixels per world unit.
    pub k: f64,
    ox: f64,
    oy: f64,
}

impl Xform {
    pub fn at(&self, p: [f32; 3]) -> [f32; 2] {
        [
            (self.ox + (self.sx.map(p[0] as f64) - self.x0) * self.k) as f32,
            (self.oy + (self.y1 - self.sy.map(p[1] as f64)) * self.k) as f32,
        ]
    }

    /// Whether empty bands were cut from either axis.
    pub fn squeezed(&self) -> bool {
        !self.sx.gaps.is_empty() || !self.sy.gaps.is_empty()
    }
}

pub(super) struct Layout {
    pub map_x: f32,
    pub map_y: f32,
    pub map_w: f32,
    pub map_h: f32,
    pub legend_w: f32,
    pub swatch_w: f32,
    pub height: u32,
    pub xf: Xform,
}

pub(super) fn layout(
    m: &Metrics,
    fr: Frame,
    sections: &[Section],
    heights: &Heights,
    title_h: f32,
) -> Layout {
    let (w, u, ts, margin, line_h) = (m.w, m.u, m.ts, m.margin, m.line_h);
    let max_label = sections
        .iter()
        .flat_map(|s| {
            s.entries
                .iter()
                .map(|e| e.label.chars().count().min(34))
                .chain(std::iter::once(s.title.len()))
        })
        .max()
        .unwrap_or(8)
        .max(14);
    let swatch_w = (8 * ts) as f32 * 3.0;
    let legend_w = (swatch_w + 10.0 * u + (max_label as f32 + 1.0) * 8.0 * ts as f32)
        .clamp(120.0 * u, 0.40 * w);
    let legend_rows: usize = sections
        .iter()
        .map(|s| 2 + s.entries.len() + usize::from(s.more > 0))
        .sum::<usize>()
        + if heights.legend.is_some() { 4 } else { 0 };
    let legend_h = legend_rows as f32 * line_h;

    let map_x = margin;
    let map_y = margin + title_h;
    let map_w = (w - 3.0 * margin - legend_w).max(40.0);
    // At most about 40 million pixels (160 MB of RGBA) whatever the options.
    let max_pixels = 40_000_000.0f32;
    let max_map_h = (3.0 * w).min(max_pixels / w * 0.8);
    let mut k = map_w as f64 / fr.ex;
    let mut map_h = (fr.ey * k) as f32;
    if map_h > max_map_h {
        k = max_map_h as f64 / fr.ey;
        map_h = max_map_h;
    }
    let content_w = (fr.ex * k) as f32;
    let scale_bar_h = 16.0 * u + (8 * ts) as f32 + margin;
    let height = (map_y + map_h.max(legend_h) + scale_bar_h + margin)
        .max(map_y + legend_h + margin)
        .ceil()
        .clamp(64.0, (max_pixels / w).max(64.0)) as u32;
    let xf = Xform {
        x0: fr.bx.0,
        y1: fr.bx.3,
        sx: fr.sx,
        sy: fr.sy,
        k,
        ox: (map_x + (map_w - content_w) / 2.0) as f64,
        oy: map_y as f64,
    };
    Layout {
        map_x,
        map_y,
        map_w,
        map_h,
        legend_w,
        swatch_w,
        height,
        xf,
    }
}
