//! Areas on the same floor whose footprints overlap, found through an R-tree of area boxes.
//!
//! The work per area is bounded: each area looks at no more than [`CROWD_LIMIT`] boxes that meet
//! its own. An area with more (a stack of copies, an adversarial file) is reported as crowded, and
//! its overlaps are listed only from the side of its uncrowded neighbours. So the check stays
//! near-linear in the number of areas, whatever the mesh.

use crate::geometry::{convex_overlap, signed_area2, xy};
use crate::rules::Ctx;
use crate::{CROWD_LIMIT, Report, Severity::*};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use std::collections::HashMap;

/// Areas closer than this in height are taken to be on the same floor (a Source step is 18 units,
/// a crouching player 36).
const SAME_FLOOR: f64 = 36.0;
/// Boxes must overlap by more than this to be compared, so edge neighbours (touching boxes) are
/// not candidates.
const TOUCH: f64 = 0.001;

type Boxed = GeomWithData<Rectangle<[f64; 3]>, usize>;

/// The 3D box of an area with at least three finite corners.
fn area_box(poly: &[[f32; 3]]) -> Option<([f64; 3], [f64; 3])> {
    if poly.len() < 3 || poly.iter().flatten().any(|c| !c.is_finite()) {
        return None;
    }
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in poly {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k] as f64);
            hi[k] = hi[k].max(p[k] as f64);
        }
    }
    Some((lo, hi))
}

pub fn run(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let boxes: Vec<_> = mesh.areas.iter().map(|a| area_box(&a.polygon)).collect();
    // Groups may be separate spaces (Bethesda interior cells share coordinates): one tree each.
    let mut by_group: HashMap<u32, Vec<Boxed>> = HashMap::new();
    for (i, b) in boxes.iter().enumerate() {
        if let Some((lo, hi)) = b {
            let group = mesh.areas[i].group;
            let rect = Rectangle::from_corners(*lo, *hi);
            by_group.entry(group).or_default().push(Boxed::new(rect, i));
        }
    }
    let trees: HashMap<u32, RTree<Boxed>> = by_group
        .into_iter()
        .map(|(g, items)| (g, RTree::bulk_load(items)))
        .collect();

    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut crowded = Vec::new();
    for (i, b) in boxes.iter().enumerate() {
        let (Some((lo, hi)), Some(tree)) = (b, trees.get(&mesh.areas[i].group)) else {
            continue;
        };
        let query = AABB::from_corners(
            [lo[0] + TOUCH, lo[1] + TOUCH, lo[2] - SAME_FLOOR],
            [hi[0] - TOUCH, hi[1] - TOUCH, hi[2] + SAME_FLOOR],
        );
        let candidates: Vec<usize> = tree
            .locate_in_envelope_intersecting(query)
            .map(|g| g.data)
            .filter(|&j| j != i)
            .take(CROWD_LIMIT + 1)
            .collect();
        if candidates.len() > CROWD_LIMIT {
            crowded.push(ctx.area(i));
            continue;
        }
        for j in candidates {
            if overlap(ctx, i, j) {
                pairs.push((i.min(j), i.max(j)));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    let found = pairs
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (&mesh.areas[i], &mesh.areas[j]);
            let (first, second) = if a.id <= b.id { (i, j) } else { (j, i) };
            ctx.area(first).with_other(mesh.areas[second].id)
        })
        .collect();
    r.add(
        Warning,
        "overlapping-areas",
        "pairs of areas on the same floor overlap",
        found,
    );
    r.add(
        Warning,
        "crowded-area",
        &format!(
            "areas overlap more than {CROWD_LIMIT} others on their floor (stacked copies?); \
             their overlaps are not listed pair by pair"
        ),
        crowded,
    );
}

/// Whether areas `i` and `j` share more than a sliver of floor at about the same height.
fn overlap(ctx: &Ctx, i: usize, j: usize) -> bool {
    let (a, b) = (&ctx.mesh.areas[i], &ctx.mesh.areas[j]);
    if (mean_z(&a.polygon) - mean_z(&b.polygon)).abs() > SAME_FLOOR {
        return false;
    }
    let pa: Vec<_> = a.polygon.iter().map(|&p| xy(p)).collect();
    let pb: Vec<_> = b.polygon.iter().map(|&p| xy(p)).collect();
    let smaller = (signed_area2(&pa).abs().min(signed_area2(&pb).abs())) / 2.0;
    let shared = convex_overlap(&pa, &pb);
    shared > 1.0 && shared > 0.01 * smaller
}

fn mean_z(poly: &[[f32; 3]]) -> f64 {
    poly.iter().map(|p| p[2] as f64).sum::<f64>() / poly.len().max(1) as f64
}
