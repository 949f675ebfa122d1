//! Phase 3: area colours (by place, attributes or group), their legend section, and the height
//! shading with its bands.

use super::legend::{LegendEntry, MAX_ENTRIES, Section, Swatch, distinct_labels};
use super::select::Selection;
use super::{Frame, Rgba};
use crate::palette;
use crate::{ColorBy, RenderOptions};
use navforge_core::model::NavMesh;
use std::collections::HashMap;

/// Each area's fill and its rank in the legend (`usize::MAX` for none).
pub(super) struct AreaColours {
    /// Indexed like `mesh.areas`.
    pub colour: Vec<(Rgba, usize)>,
    /// Nothing tells areas apart (no places, no attributes): they are coloured by height.
    pub by_height: bool,
    pub section: Option<Section>,
    /// Every category in legend order (its rank): full name, colour, areas.
    pub categories: Vec<(String, Rgba, usize)>,
}

/// The category name an area is coloured by; `None` for no place, no attributes.
fn category_of(mesh: &NavMesh, idx: usize, by: ColorBy) -> Option<String> {
    let area = &mesh.areas[idx];
    match by {
        ColorBy::Place => area.place.map(|p| {
            mesh.places
                .get(p as usize)
                .cloned()
                .unwrap_or_else(|| format!("place #{p}"))
        }),
        ColorBy::Attributes => {
            let names = mesh.attribute_names(area.attributes);
            (!names.is_empty()).then(|| names.join(" + "))
        }
        ColorBy::Group => Some(
            mesh.groups
                .iter()
                .find(|g| g.id == area.group)
                .map(|g| g.name.clone())
                .unwrap_or_else(|| format!("group {}", area.group)),
        ),
    }
}

pub(super) fn colours(mesh: &NavMesh, opts: &RenderOptions, sel: &Selection) -> AreaColours {
    let mut keys: Vec<Option<usize>> = vec![None; mesh.areas.len()];
    let mut names: Vec<String> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for a in &sel.shown {
        keys[a.idx] = category_of(mesh, a.idx, opts.color_by).map(|name| {
            let k = *index.entry(name.clone()).or_insert_with(|| {
                names.push(name);
                counts.push(0);
                counts.len() - 1
            });
            counts[k] += 1;
            k
        });
    }
    let place_pos = |n: &str| mesh.places.iter().position(|p| p == n);
    // Colour order: places in their file order (stable across floors); others by frequency.
    let mut order: Vec<usize> = (0..names.len()).collect();
    match opts.color_by {
        ColorBy::Place => order.sort_by_key(|&k| (place_pos(&names[k]).unwrap_or(usize::MAX), k)),
        ColorBy::Attributes => order.sort_by_key(|&k| (std::cmp::Reverse(counts[k]), k)),
        ColorBy::Group => {}
    }
    let mut colour_of_key = vec![(palette::NEUTRAL_AREA, usize::MAX); names.len()];
    for (rank, &k) in order.iter().enumerate() {
        // Places keep the colour of their index in the file, so floor views match the full one.
        let slot = match opts.color_by {
            ColorBy::Place => place_pos(&names[k]).unwrap_or(mesh.places.len() + rank),
            _ => rank,
        };
        colour_of_key[k] = (palette::category(slot), rank);
    }
    let categories = order
        .iter()
        .map(|&k| (names[k].clone(), colour_of_key[k].0, counts[k]))
        .collect();
    let labels = distinct_labels(&names, 26);
    let mut entries: Vec<LegendEntry> = order
        .iter()
        .map(|&k| LegendEntry {
            swatch: Swatch::Fill(colour_of_key[k].0),
            label: format!("{} ({})", labels[k], counts[k]),
        })
        .collect();
    let unassigned = sel.shown.iter().filter(|a| keys[a.idx].is_none()).count();
    if unassigned > 0 {
        entries.push(LegendEntry {
            swatch: Swatch::Fill(palette::NEUTRAL_AREA),
            label: format!(
                "{} ({unassigned})",
                match opts.color_by {
                    ColorBy::Place => "no place",
                    _ => "none",
                }
            ),
        });
    }
    let by_height = names.is_empty() && !sel.shown.is_empty();
    if by_height {
        entries = vec![LegendEntry {
            swatch: Swatch::Fill(palette::ramp(0.5)),
            label: match opts.color_by {
                ColorBy::Place => "none: coloured by height",
                _ => "none: by height",
            }
            .to_string(),
        }];
    }
    let more = entries.len().saturating_sub(MAX_ENTRIES);
    entries.truncate(MAX_ENTRIES);
    let section = (!entries.is_empty()).then_some(Section {
        title: match opts.color_by {
            ColorBy::Place => "Places",
            ColorBy::Attributes => "Attributes",
            ColorBy::Group => "Groups",
        },
        entries,
        more,
    });
    let colour = keys
        .iter()
        .map(|k| k.map_or((palette::NEUTRAL_AREA, usize::MAX), |k| colour_of_key[k]))
        .collect();
    AreaColours {
        colour,
        by_height,
        section,
        categories,
    }
}

/// Height shading steps.
pub(super) const BANDS: usize = 10;

/// How heights shade the areas.
pub(super) struct Heights {
    /// Range the bands span.
    pub z_range: Option<(f64, f64)>,
    /// Shade the category colours by height (no floor selected).
    pub shading: Option<(f64, f64)>,
    /// Colour by the height ramp (nothing else tells areas apart).
    pub ramp: bool,
    /// Heights the legend labels, and the part of the ramp they take: (lo, hi, t_lo, t_hi).
    pub legend: Option<(f64, f64, f32, f32)>,
}

impl Heights {
    pub fn band_of(&self, z: f64) -> usize {
        match self.z_range {
            Some((lo, hi)) => {
                (((z - lo) / (hi - lo) * BANDS as f64).floor().max(0.0) as usize).min(BANDS - 1)
            }
            None => 0,
        }
    }
}

/// Height shading: robust range (2nd to 98th percentile) of the drawn areas, but never finer than
/// a few typical area sizes, so that bumps in one floor do not look like floors. Sorts the drawn
/// areas by band, then colour, then height (so the PNG can fill each colour of a band at once).
pub(super) fn heights(sel: &mut Selection, fr: &Frame, colours: &AreaColours) -> Heights {
    let shown = &sel.shown;
    let z_span = |lo: f64, hi: f64| -> Option<(f64, f64)> {
        let mut sizes: Vec<f64> = shown
            .iter()
            .map(|a| crate::floors::xy_area(&a.pts).sqrt())
            .filter(|v| v.is_finite())
            .collect();
        sizes.sort_by(|a, b| a.total_cmp(b));
        let typical = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
        let min_span = (4.0 * typical).max(0.02 * fr.ex.max(fr.ey));
        if hi - lo <= fr.tiny || (hi - lo).is_nan() {
            return None;
        }
        let span = (hi - lo).max(min_span);
        let mid = (lo + hi) / 2.0;
        let (lo, hi) = if hi - lo < span {
            (mid - span / 2.0, mid + span / 2.0)
        } else {
            (lo, hi)
        };
        (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    };
    let n = shown.len();
    let z_range = if n >= 2 {
        z_span(shown[n / 50].z, shown[n - 1 - n / 50].z)
    } else {
        None
    };
    let shading = if sel.selecting { None } else { z_range };
    let ramp = colours.by_height && z_range.is_some();
    // The legend labels the heights the areas really span, and shows only that part of the
    // (possibly widened) shading ramp.
    let legend = if ramp { z_range } else { shading }.map(|(lo, hi)| {
        let (dlo, dhi) = (shown[n / 50].z.max(lo), shown[n - 1 - n / 50].z.min(hi));
        let t = |z: f64| ((z - lo) / (hi - lo)) as f32;
        (dlo, dhi, t(dlo), t(dhi))
    });
    let h = Heights {
        z_range,
        shading,
        ramp,
        legend,
    };
    let c = &colours.colour;
    sel.shown.sort_by(|a, b| {
        (h.band_of(a.z), c[a.idx].1)
            .cmp(&(h.band_of(b.z), c[b.idx].1))
            .then(a.z.total_cmp(&b.z))
    });
    h
}
