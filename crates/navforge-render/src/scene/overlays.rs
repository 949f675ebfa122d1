//! Overlays other tools hand in: faint level geometry under the mesh and a highlighted route over
//! it. Both are clipped to the map frame.

use super::layout::Layout;
use super::legend::{LegendEntry, Section, Swatch};
use super::select::Selection;
use super::{Layer, Metrics, Rgba, Shape, Style, Tag};
use crate::RenderOptions;

/// Level geometry triangles get this fill.
const BACKDROP: Rgba = Rgba::rgb(0xdf, 0xdb, 0xd0);
/// The route's colour.
const PATH: Rgba = Rgba::rgb(0x15, 0x65, 0xff);
/// Level geometry this far above or below a selected floor is still drawn under it.
const FLOOR_MARGIN: f64 = 32.0;

/// The overlays in Z-up world coordinates, filtered.
pub(super) struct Overlays {
    pub triangles: Vec<[[f32; 3]; 3]>,
    pub path: Vec<[f32; 3]>,
}

/// The overlays of `opts`, turned like the mesh (`y_up`) and filtered by the floor selection.
pub(super) fn overlays(opts: &RenderOptions, y_up: bool, sel: &Selection) -> Overlays {
    let turn = |p: [f32; 3]| if y_up { [p[0], -p[2], p[1]] } else { p };
    let finite = |p: &[f32; 3]| p.iter().all(|c| c.is_finite());
    let mut triangles = Vec::new();
    if let Some(b) = opts.backdrop {
        for t in b.triangles {
            let Some(corners) = t
                .iter()
                .map(|&i| b.vertices.get(i as usize).copied().filter(finite).map(turn))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let [a, bb, c] = [corners[0], corners[1], corners[2]];
            let cross = (bb[0] - a[0]) * (c[1] - a[1]) - (bb[1] - a[1]) * (c[0] - a[0]);
            if cross.abs() < 1e-6 {
                continue; // a wall: no extent seen from above
            }
            let z = (a[2] as f64 + bb[2] as f64 + c[2] as f64) / 3.0;
            let keep = match (sel.selecting, sel.range) {
                (false, _) => true,
                (true, Some((lo, hi))) => z >= lo - FLOOR_MARGIN && z <= hi + FLOOR_MARGIN,
                (true, None) => false,
            };
            if keep {
                triangles.push([a, bb, c]);
            }
        }
    }
    let path = opts
        .path
        .unwrap_or_default()
        .iter()
        .copied()
        .filter(finite)
        .map(turn)
        .collect();
    Overlays { triangles, path }
}

impl Overlays {
    /// Legend entries for what is drawn.
    pub fn section(&self) -> Option<Section> {
        let mut entries = Vec::new();
        if !self.triangles.is_empty() {
            entries.push(LegendEntry {
                swatch: Swatch::Fill(BACKDROP),
                label: "level geometry".to_string(),
            });
        }
        if self.path.len() >= 2 {
            entries.push(LegendEntry {
                swatch: Swatch::Line(PATH),
                label: format!("path ({} points)", self.path.len()),
            });
        }
        (!entries.is_empty()).then_some(Section {
            title: "Overlays",
            entries,
            more: 0,
        })
    }

    /// The level geometry, clipped to the map.
    pub fn backdrop_layer(&self, lay: &Layout) -> Option<Layer> {
        if self.triangles.is_empty() {
            return None;
        }
        let mut l = Layer::new("backdrop", Style::fill(BACKDROP));
        let rect = [
            lay.map_x,
            lay.map_y,
            lay.map_x + lay.map_w,
            lay.map_y + lay.map_h,
        ];
        for t in &self.triangles {
            let poly = clip_to_rect(t.iter().map(|p| lay.xf.at(*p)).collect(), rect);
            if poly.len() >= 3 {
                l.push(Shape::Polygon(poly), Style::default(), "", Tag::None);
            }
        }
        Some(l)
    }

    /// The route: a white casing, the line, and marks at its start and end.
    pub fn path_layer(&self, lay: &Layout, m: &Metrics) -> Option<Layer> {
        if self.path.len() < 2 {
            return None;
        }
        let pts: Vec<[f32; 2]> = self.path.iter().map(|p| lay.xf.at(*p)).collect();
        let w = (2.5 * m.u).clamp(1.5, 6.0);
        let mut l = Layer::new("path", Style::default());
        l.push(
            Shape::Polyline(pts.clone()),
            Style::stroke(Rgba::rgb(255, 255, 255), w * 2.2),
            "path-casing",
            Tag::None,
        );
        l.push(
            Shape::Polyline(pts.clone()),
            Style::stroke(PATH, w),
            "path-line",
            Tag::None,
        );
        let ring = Style {
            stroke: Some(Rgba::rgb(255, 255, 255)),
            stroke_width: Some(w * 0.6),
            ..Style::fill(PATH)
        };
        for (at, class) in [(pts[0], "path-start"), (pts[pts.len() - 1], "path-end")] {
            let r = if class == "path-end" {
                w * 2.4
            } else {
                w * 1.6
            };
            l.push(Shape::Circle { c: at, r }, ring, class, Tag::None);
        }
        Some(l)
    }
}

/// A polygon clipped to the rectangle `[x0, y0, x1, y1]` (Sutherland–Hodgman).
fn clip_to_rect(mut poly: Vec<[f32; 2]>, r: [f32; 4]) -> Vec<[f32; 2]> {
    // Each edge: which coordinate, the bound, and whether inside is above it.
    let edges = [
        (0, r[0], true),
        (0, r[2], false),
        (1, r[1], true),
        (1, r[3], false),
    ];
    for (axis, bound, above) in edges {
        if poly.is_empty() {
            break;
        }
        let inside = |p: [f32; 2]| {
            if above {
                p[axis] >= bound
            } else {
                p[axis] <= bound
            }
        };
        let input = std::mem::take(&mut poly);
        for i in 0..input.len() {
            let (p, q) = (input[i], input[(i + 1) % input.len()]);
            if inside(p) {
                poly.push(p);
            }
            if inside(p) != inside(q) {
                let t = (bound - p[axis]) / (q[axis] - p[axis]);
                poly.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
            }
        }
    }
    poly
}

#[cfg(test)]
mod tests {
    use super::clip_to_rect;

    #[test]
    fn clipping_keeps_the_inside_part() {
        let tri = vec![[-10.0, 0.0], [10.0, 0.0], [0.0, 10.0]];
        let out = clip_to_rect(tri, [0.0, 0.0, 100.0, 100.0]);
        assert!(out.iter().all(|p| p[0] >= 0.0));
        assert_eq!(out.len(), 4);
        assert!(
            clip_to_rect(
                vec![[200.0, 0.0], [300.0, 0.0], [250.0, 50.0]],
                [0.0, 0.0, 100.0, 100.0]
            )
            .is_empty()
        );
    }
}
