//! String pulling through a corridor of portals (the "simple stupid funnel"): the shortest path
//! inside the corridor, bending only at portal ends.

/// A portal between two consecutive polygons: its left and right ends as seen walking forward.
pub type Portal = ([f64; 2], [f64; 2]);

fn cross(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// The taut path from `start` to `goal` through `portals` in order. Each point is returned with
/// the index of the portal it lies on (`portals.len()` for the goal, `usize::MAX` for the start).
pub fn funnel(start: [f64; 2], portals: &[Portal], goal: [f64; 2]) -> Vec<([f64; 2], usize)> {
    let mut out = vec![(start, usize::MAX)];
    let n = portals.len();
    let portal = |i: usize| -> Portal { if i < n { portals[i] } else { (goal, goal) } };
    let (mut apex, mut left, mut right) = (start, start, start);
    let (mut left_i, mut right_i) = (usize::MAX, usize::MAX);
    let mut i = 0;
    let mut guard = 0usize;
    while i <= n {
        guard += 1;
        if guard > 4 * (n + 2) * (n + 2) {
            break; // cannot happen with consistent portals; bounds the work on broken ones
        }
        let (pl, pr) = portal(i);
        // Tighten the right side.
        if cross(apex, right, pr) >= 0.0 {
            if apex == right || cross(apex, left, pr) < 0.0 {
                right = pr;
                right_i = i;
            } else {
                // The right crosses over the left: the left end becomes a corner.
                apex = left;
                out.push((apex, left_i));
                right = apex;
                right_i = left_i;
                i = left_i.wrapping_add(1);
                continue;
            }
        }
        // Tighten the left side.
        if cross(apex, left, pl) <= 0.0 {
            if apex == left || cross(apex, right, pl) > 0.0 {
                left = pl;
                left_i = i;
            } else {
                apex = right;
                out.push((apex, right_i));
                left = apex;
                left_i = right_i;
                i = right_i.wrapping_add(1);
                continue;
            }
        }
        i += 1;
    }
    if out.last().map(|p| p.0) != Some(goal) {
        out.push((goal, n));
    }
    out
}

/// Length of a polyline.
pub fn polyline_length(points: &[[f64; 2]]) -> f64 {
    points
        .windows(2)
        .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bends_round_a_corner() {
        // An L-shaped corridor: east along y in [0, 1], then north at x in [2, 3].
        let portals = [([1.0, 1.0], [1.0, 0.0]), ([2.0, 1.0], [3.0, 1.0])];
        let path = funnel([0.5, 0.5], &portals, [2.5, 3.0]);
        let pts: Vec<_> = path.iter().map(|p| p.0).collect();
        assert_eq!(pts, vec![[0.5, 0.5], [2.0, 1.0], [2.5, 3.0]]);
    }

    #[test]
    fn straight_when_visible() {
        let portals = [([1.0, 2.0], [1.0, -2.0]), ([2.0, 2.0], [2.0, -2.0])];
        let path = funnel([0.0, 0.0], &portals, [3.0, 1.0]);
        assert_eq!(path.len(), 2);
    }
}
