//! How close one analysis is to another (the game's): the figures of issue 15.

use std::collections::{HashMap, HashSet};

use navforge_source::SourceNavDocument;

/// Agreement of an analysis with a reference analysis of the same areas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fidelity {
    /// Share of the reference's spots with one of ours in the same area within the radius.
    pub hiding_recall: f64,
    /// Share of our spots with one of the reference's in the same area within the radius.
    pub hiding_precision: f64,
    /// Reference and our spot counts.
    pub spots: (usize, usize),
    /// Jaccard index over (area, from, to) encounter-path triples.
    pub encounter_jaccard: f64,
    /// Mean Jaccard index of each area's approach `here` sets (areas with approaches in either).
    pub approach_jaccard: f64,
    /// Over the encounter paths both have, the mean Jaccard index of the spots seen (by spot
    /// position rounded to a unit, since the files number spots independently).
    pub encounter_spot_jaccard: f64,
}

/// Compare `ours` with `reference`; spots match within `radius` units.
pub fn compare(reference: &SourceNavDocument, ours: &SourceNavDocument, radius: f32) -> Fidelity {
    let spots = |d: &SourceNavDocument| -> HashMap<u32, Vec<[f32; 3]>> {
        d.areas
            .iter()
            .map(|a| {
                let ps = a
                    .hiding_spots
                    .iter()
                    .map(|s| s.position.map(|v| v.get()))
                    .collect();
                (a.id, ps)
            })
            .collect()
    };
    let (r, o) = (spots(reference), spots(ours));
    let (recall, nr) = match_share(&r, &o, radius);
    let (precision, no) = match_share(&o, &r, radius);
    let triples = |d: &SourceNavDocument| -> HashSet<(u32, u32, u32)> {
        d.areas
            .iter()
            .flat_map(|a| {
                a.encounter_paths
                    .iter()
                    .map(move |(p, _)| (a.id, p.from, p.to))
            })
            .collect()
    };
    let approach = |d: &SourceNavDocument| -> HashMap<u32, HashSet<u32>> {
        d.areas
            .iter()
            .map(|a| (a.id, a.approach_areas.iter().map(|x| x.here).collect()))
            .collect()
    };
    let approach_jaccard = mean_jaccard(&approach(reference), &approach(ours));
    Fidelity {
        hiding_recall: recall,
        hiding_precision: precision,
        spots: (nr, no),
        encounter_jaccard: jaccard(&triples(reference), &triples(ours)),
        approach_jaccard,
        encounter_spot_jaccard: encounter_spots(reference, ours),
    }
}

/// Mean Jaccard index of each area's visible-area IDs as the files store them (an inheriting
/// area's own difference, not the expanded list), over the areas with a list in either file:
/// the visibility figure of `analysis_compare.py`.
pub fn visibility_jaccard(reference: &SourceNavDocument, ours: &SourceNavDocument) -> f64 {
    let lists = |d: &SourceNavDocument| -> HashMap<u32, HashSet<u32>> {
        d.areas
            .iter()
            .map(|a| (a.id, a.visible_areas.iter().map(|v| v.id).collect()))
            .collect()
    };
    mean_jaccard(&lists(reference), &lists(ours))
}

/// Mean Jaccard index of the two files' sets, area by area, over the areas with a non-empty
/// set in either (1 when there are none).
fn mean_jaccard(r: &HashMap<u32, HashSet<u32>>, o: &HashMap<u32, HashSet<u32>>) -> f64 {
    let empty = HashSet::new();
    let keys: HashSet<u32> = r
        .iter()
        .chain(o.iter())
        .filter(|(_, s)| !s.is_empty())
        .map(|(k, _)| *k)
        .collect();
    if keys.is_empty() {
        return 1.0;
    }
    keys.iter()
        .map(|k| jaccard(r.get(k).unwrap_or(&empty), o.get(k).unwrap_or(&empty)))
        .sum::<f64>()
        / keys.len() as f64
}

fn encounter_spots(reference: &SourceNavDocument, ours: &SourceNavDocument) -> f64 {
    let positions = |d: &SourceNavDocument| -> HashMap<u32, [i64; 3]> {
        d.areas
            .iter()
            .flat_map(|a| a.hiding_spots.iter())
            .map(|s| (s.id, s.position.map(|v| v.get().round() as i64)))
            .collect()
    };
    let (pr, po) = (positions(reference), positions(ours));
    let ours_by_id: HashMap<u32, &navforge_source::Area> =
        ours.areas.iter().map(|a| (a.id, a)).collect();
    let (mut sum, mut n) = (0.0f64, 0usize);
    for r in &reference.areas {
        let Some(o) = ours_by_id.get(&r.id) else {
            continue;
        };
        let mine: HashMap<(u32, u32), HashSet<[i64; 3]>> = o
            .encounter_paths
            .iter()
            .map(|(p, spots)| {
                let set = spots
                    .iter()
                    .filter_map(|s| po.get(&s.hiding_spot).copied())
                    .collect();
                ((p.from, p.to), set)
            })
            .collect();
        for (p, spots) in r.encounter_paths.iter() {
            let Some(b) = mine.get(&(p.from, p.to)) else {
                continue;
            };
            let a: HashSet<[i64; 3]> = spots
                .iter()
                .filter_map(|s| pr.get(&s.hiding_spot).copied())
                .collect();
            sum += jaccard(&a, b);
            n += 1;
        }
    }
    if n == 0 { 1.0 } else { sum / n as f64 }
}

fn match_share(
    src: &HashMap<u32, Vec<[f32; 3]>>,
    dst: &HashMap<u32, Vec<[f32; 3]>>,
    radius: f32,
) -> (f64, usize) {
    let (mut total, mut hit) = (0usize, 0usize);
    for (id, ps) in src {
        let others = dst.get(id).map(Vec::as_slice).unwrap_or(&[]);
        for p in ps {
            total += 1;
            let near = others.iter().any(|q| {
                let d: f32 = (0..3).map(|i| (p[i] - q[i]).powi(2)).sum();
                d.sqrt() <= radius
            });
            hit += usize::from(near);
        }
    }
    let share = if total == 0 {
        1.0
    } else {
        hit as f64 / total as f64
    };
    (share, total)
}

fn jaccard<T: std::hash::Hash + Eq>(a: &HashSet<T>, b: &HashSet<T>) -> f64 {
    let union = a.union(b).count();
    if union == 0 {
        1.0
    } else {
        a.intersection(b).count() as f64 / union as f64
    }
}
