//! Plane geometry on the XY (top-down) projection of area polygons.

pub type P2 = [f64; 2];

pub fn xy(p: [f32; 3]) -> P2 {
    [p[0] as f64, p[1] as f64]
}

/// Twice the signed area; positive when counter-clockwise seen from above.
pub fn signed_area2(poly: &[P2]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// Area of the intersection of two convex polygons (Sutherland–Hodgman clipping).
pub fn convex_overlap(subject: &[P2], clip: &[P2]) -> f64 {
    let ccw = |p: &[P2]| -> Vec<P2> {
        let mut v = p.to_vec();
        if signed_area2(&v) < 0.0 {
            v.reverse();
        }
        v
    };
    let clip = ccw(clip);
    let mut out = ccw(subject);
    for i in 0..clip.len() {
        if out.is_empty() {
            break;
        }
        let (a, b) = (clip[i], clip[(i + 1) % clip.len()]);
        let side = |p: P2| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
        let input = std::mem::take(&mut out);
        for j in 0..input.len() {
            let (p, q) = (input[j], input[(j + 1) % input.len()]);
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                let t = sp / (sp - sq);
                out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
            }
        }
    }
    if out.len() < 3 {
        0.0
    } else {
        signed_area2(&out).abs() / 2.0
    }
}

/// Axis-aligned box of a polygon in XY.
pub fn bbox(poly: &[[f32; 3]]) -> [f64; 4] {
    let mut b = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for p in poly {
        b[0] = b[0].min(p[0] as f64);
        b[1] = b[1].min(p[1] as f64);
        b[2] = b[2].max(p[0] as f64);
        b[3] = b[3].max(p[1] as f64);
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_of_squares() {
        let a = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
        let b = [[1.0, 1.0], [3.0, 1.0], [3.0, 3.0], [1.0, 3.0]];
        assert!((convex_overlap(&a, &b) - 1.0).abs() < 1e-9);
        let c = [[2.0, 0.0], [4.0, 0.0], [4.0, 2.0], [2.0, 2.0]];
        assert!(
            convex_overlap(&a, &c).abs() < 1e-9,
            "touching squares do not overlap"
        );
        // Winding does not matter.
        let rev: Vec<P2> = b.iter().rev().copied().collect();
        assert!((convex_overlap(&a, &rev) - 1.0).abs() < 1e-9);
    }
}
