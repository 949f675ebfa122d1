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
    // Side 0 is the right, side 1 the left; `sign` turns the left's tests into the right's.
    let mut apex = start;
    let mut side = [start, start];
    let mut side_i = [usize::MAX; 2];
    let mut i = 0;
    let mut guard = 0usize;
    'portals: while i <= n {
        guard += 1;
        if guard > 4 * (n + 2) * (n + 2) {
            break; // cannot happen with consistent portals; bounds the work on broken ones
        }
        let (pl, pr) = portal(i);
        for (k, p, sign) in [(0, pr, 1.0), (1, pl, -1.0)] {
            let other = 1 - k;
            // Tighten this side.
            if sign * cross(apex, side[k], p) >= 0.0 {
                if apex == side[k] || sign * cross(apex, side[other], p) < 0.0 {
                    side[k] = p;
                    side_i[k] = i;
                } else {
                    // It crosses over the other side: the other's end becomes a corner.
                    apex = side[other];
                    out.push((apex, side_i[other]));
                    side[k] = apex;
                    side_i[k] = side_i[other];
                    i = side_i[other].wrapping_add(1);
                    continue 'portals;
                }
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
