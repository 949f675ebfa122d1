//! Cutting wide empty bands out of an axis, so that far-apart parts of one file (a Bethesda
//! plugin's interior cell next to its worldspace, a Source map's distant skybox room) do not
//! shrink the picture to dots. The map is piecewise linear and monotonic: distances inside each
//! part keep the picture's scale, only the empty bands between them get shorter.

/// One cut band: world `start..end`, drawn `kept` long.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Gap {
    pub start: f64,
    pub end: f64,
    kept: f64,
    /// Length removed by the gaps before this one.
    removed_before: f64,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Squeeze {
    pub gaps: Vec<Gap>,
}

impl Squeeze {
    /// From the extents along one axis of everything drawn (finite values only). A band with
    /// nothing in it is cut when it is longer than a quarter of the whole extent; it keeps 6%
    /// of the length of what is drawn.
    pub fn build(mut spans: Vec<(f64, f64)>) -> Squeeze {
        spans.retain(|(a, b)| a.is_finite() && b.is_finite() && a <= b);
        if spans.len() < 2 {
            return Squeeze::default();
        }
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let lo = spans[0].0;
        let mut hi = spans[0].1;
        let mut raw: Vec<(f64, f64)> = Vec::new();
        for (a, b) in &spans[1..] {
            if *a > hi {
                raw.push((hi, *a));
            }
            hi = hi.max(*b);
        }
        let total = hi - lo;
        if !(total.is_finite() && total > 0.0) {
            return Squeeze::default();
        }
        let big: Vec<(f64, f64)> = raw
            .into_iter()
            .filter(|(a, b)| b - a > 0.25 * total)
            .collect();
        let content = total - big.iter().map(|(a, b)| b - a).sum::<f64>();
        let kept = (0.06 * content).max(total * 1e-9);
        let mut removed = 0.0;
        let gaps = big
            .into_iter()
            .map(|(start, end)| {
                let g = Gap {
                    start,
                    end,
                    kept: kept.min(end - start),
                    removed_before: removed,
                };
                removed += (end - start) - g.kept;
                g
            })
            .collect();
        Squeeze { gaps }
    }

    pub fn map(&self, v: f64) -> f64 {
        // Gaps are few (each is over a quarter of the extent): a scan is enough.
        let mut removed = 0.0;
        for g in &self.gaps {
            if v <= g.start {
                break;
            }
            if v < g.end {
                let t = (v - g.start) / (g.end - g.start);
                return v - g.removed_before - (v - g.start) + t * g.kept;
            }
            removed = g.removed_before + (g.end - g.start) - g.kept;
        }
        v - removed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_only_wide_empty_bands() {
        let s = Squeeze::build(vec![(0.0, 100.0), (50.0, 150.0), (10_000.0, 10_100.0)]);
        assert_eq!(s.gaps.len(), 1);
        // Inside the first part nothing moves; the second part keeps its size.
        assert_eq!(s.map(0.0), 0.0);
        assert_eq!(s.map(150.0), 150.0);
        let a = s.map(10_000.0);
        let b = s.map(10_100.0);
        assert!((b - a - 100.0).abs() < 1e-9);
        // The band now is 6% of the 250 units drawn.
        assert!((a - 150.0 - 15.0).abs() < 1e-9, "{a}");
        // Monotonic through the gap.
        assert!(s.map(5000.0) > s.map(4000.0));
        // Close parts are left alone.
        assert!(
            Squeeze::build(vec![(0.0, 100.0), (120.0, 200.0)])
                .gaps
                .is_empty()
        );
        assert!(Squeeze::build(vec![(f64::NAN, 1.0)]).gaps.is_empty());
    }
}
