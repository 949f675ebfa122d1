//! Small shapes and number formats shared by the phases.

use super::{Layer, Shape, Style, Tag};

/// Hiding spots: snipers as diamonds, readable apart from the round cover and exposed spots.
pub(super) fn spot_shape(c: [f32; 2], r: f32, diamond: bool) -> Shape {
    if diamond {
        let d = r * 1.35;
        Shape::Polygon(vec![
            [c[0], c[1] - d],
            [c[0] + d, c[1]],
            [c[0], c[1] + d],
            [c[0] - d, c[1]],
        ])
    } else {
        Shape::Circle { c, r }
    }
}

/// A ladder: a framed upright rectangle with three rungs.
pub(super) fn ladder_symbol(l: &mut Layer, c: [f32; 2], s: f32, id: u64) {
    let (w, h) = (s * 1.3, s * 2.2);
    let (x, y) = (c[0] - w / 2.0, c[1] - h / 2.0);
    l.push(
        Shape::Rect { x, y, w, h },
        Style::default(),
        "ladder",
        Tag::Ladder(id),
    );
    let mut rungs = Vec::new();
    for i in 1..=3 {
        let ry = y + h * i as f32 / 4.0;
        rungs.push(Shape::Line([x, ry], [x + w, ry]));
    }
    for r in rungs {
        l.push(r, Style::default(), "ladder-rung", Tag::None);
    }
}

/// A triangle pointing from `a` to `b`, centred on the middle of the segment.
pub(super) fn arrowhead(a: [f32; 2], b: [f32; 2], size: f32) -> Option<Vec<[f32; 2]>> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if !len.is_finite() || len <= 1e-3 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let s = size.min(len * 0.45);
    let m = [
        (a[0] + b[0]) / 2.0 + ux * s * 0.5,
        (a[1] + b[1]) / 2.0 + uy * s * 0.5,
    ];
    let base = [m[0] - ux * s, m[1] - uy * s];
    let (px, py) = (-uy * s * 0.55, ux * s * 0.55);
    Some(vec![
        m,
        [base[0] + px, base[1] + py],
        [base[0] - px, base[1] - py],
    ])
}

/// 1, 2 or 5 times a power of ten, at most `target`.
pub(super) fn nice_length(target: f64) -> f64 {
    if !target.is_finite() || target <= 0.0 {
        return 1.0;
    }
    let p = 10f64.powf(target.log10().floor());
    for m in [5.0, 2.0, 1.0] {
        if m * p <= target {
            return m * p;
        }
    }
    p
}

pub(super) fn z_text(lo: f64, hi: f64) -> String {
    match (lo.is_finite(), hi.is_finite()) {
        (true, true) => format!("height {} to {}", format_len(lo), format_len(hi)),
        (true, false) => format!("height from {}", format_len(lo)),
        (false, true) => format!("height up to {}", format_len(hi)),
        (false, false) => "all heights".to_string(),
    }
}

pub(super) fn format_len(v: f64) -> String {
    if v.abs() >= 1.0 || v == 0.0 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_lengths() {
        assert_eq!(nice_length(730.0), 500.0);
        assert_eq!(nice_length(199.0), 100.0);
        assert_eq!(nice_length(2.5), 2.0);
        assert_eq!(nice_length(f64::NAN), 1.0);
    }

    #[test]
    fn arrowhead_points_along_the_segment() {
        let t = arrowhead([0.0, 0.0], [100.0, 0.0], 10.0).unwrap();
        assert!(t[0][0] > t[1][0] && t[0][0] > t[2][0]);
        assert!(arrowhead([1.0, 1.0], [1.0, 1.0], 10.0).is_none());
    }
}
