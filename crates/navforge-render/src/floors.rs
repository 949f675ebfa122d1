//! Finding the floors of a mesh: bands of height where most of the walkable surface lies.

use crate::FloorSelect;
use navforge_core::model::{Area, NavMesh};

/// A band of heights holding a floor's areas.
#[derive(Debug, Clone, PartialEq)]
pub struct Floor {
    /// 0 is the lowest floor.
    pub index: usize,
    /// Lowest mean area height on this floor.
    pub min_z: f32,
    /// Highest mean area height on this floor.
    pub max_z: f32,
    /// Areas on this floor.
    pub areas: usize,
}

/// An area's corners with non-finite ones dropped; `None` when fewer than three remain.
pub(crate) fn finite_polygon(area: &Area) -> Option<Vec<[f32; 3]>> {
    let pts: Vec<[f32; 3]> = area
        .polygon
        .iter()
        .copied()
        .filter(|p| p.iter().all(|c| c.is_finite()))
        .collect();
    (pts.len() >= 3).then_some(pts)
}

/// Mean height of finite corners (f64 so that huge values do not overflow).
pub(crate) fn mean_z(pts: &[[f32; 3]]) -> f64 {
    if pts.is_empty() {
        return 0.0;
    }
    pts.iter().map(|p| p[2] as f64).sum::<f64>() / pts.len() as f64
}

/// Area of the polygon projected on XY (shoelace, f64).
pub(crate) fn xy_area(pts: &[[f32; 3]]) -> f64 {
    let n = pts.len();
    let mut s = 0.0f64;
    for i in 0..n {
        let a = pts[i];
        let b = pts[(i + 1) % n];
        s += a[0] as f64 * b[1] as f64 - b[0] as f64 * a[1] as f64;
    }
    (s / 2.0).abs()
}

/// Floors found by a weighted histogram of area heights: each area adds its XY surface to the bin
/// of its mean height; runs of bins holding a real share of the surface are floors, and areas in
/// the thin bins between them (stairs, ramps) go to the nearest floor. A heuristic: ramps that
/// carry as much surface as floors merge them, and sloping terrain may split into bands. Use
/// [`FloorSelect::ZRange`](crate::FloorSelect::ZRange) where exact heights are known.
///
/// Heights are along the mesh's up axis (Y for the Fox Engine, Z elsewhere; see `NavMesh::to_z_up`).
pub fn floors(mesh: &NavMesh) -> Vec<Floor> {
    floors_of(&mesh.to_z_up())
}

/// [`floors`] of a mesh already Z-up.
pub(crate) fn floors_of(mesh: &NavMesh) -> Vec<Floor> {
    let mut items: Vec<(f64, f64)> = Vec::new(); // (height, surface)
    let mut sizes: Vec<f64> = Vec::new();
    for area in &mesh.areas {
        if let Some(pts) = finite_polygon(area) {
            let a = xy_area(&pts);
            let z = mean_z(&pts);
            if z.is_finite() && a.is_finite() {
                items.push((z, a));
                sizes.push(a.sqrt());
            }
        }
    }
    if items.is_empty() {
        return Vec::new();
    }
    sizes.sort_by(|a, b| a.total_cmp(b));
    let typical = sizes[sizes.len() / 2];
    let (lo, hi) = items.iter().fold((f64::MAX, f64::MIN), |(lo, hi), (z, _)| {
        (lo.min(*z), hi.max(*z))
    });
    let span = hi - lo;
    // Bins about the size of a typical area (Source: ~50 units, a bit less than a storey).
    let mut bin = if typical > 0.0 { typical } else { 1.0 };
    if span / bin > 4096.0 || span.is_nan() {
        bin = span / 4096.0;
    }
    if !(bin > 0.0 && bin.is_finite()) {
        bin = 1.0;
    }
    let nbins = ((span / bin).floor() as usize).saturating_add(1).min(4097);
    let bin_of = |z: f64| (((z - lo) / bin).floor() as usize).min(nbins - 1);
    let mut weight = vec![0.0f64; nbins];
    for (z, a) in &items {
        // Zero-surface areas still count a little, so meshes of slivers have floors too.
        weight[bin_of(*z)] += a.max(1e-9);
    }
    let total: f64 = weight.iter().sum();
    let heavy = |w: f64| w >= total * 0.03;
    // Runs of heavy bins, allowing a gap of one light bin inside a floor.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < nbins {
        if heavy(weight[i]) {
            let start = i;
            let mut end = i;
            let mut j = i + 1;
            while j < nbins {
                if heavy(weight[j]) {
                    end = j;
                    j += 1;
                } else if j + 1 < nbins && heavy(weight[j + 1]) {
                    j += 1;
                } else {
                    break;
                }
            }
            runs.push((start, end));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    if runs.is_empty() {
        runs.push((0, nbins - 1));
    }
    let mut out: Vec<Floor> = runs
        .iter()
        .enumerate()
        .map(|(index, _)| Floor {
            index,
            min_z: f32::MAX,
            max_z: f32::MIN,
            areas: 0,
        })
        .collect();
    for (z, _) in &items {
        let b = bin_of(*z);
        let k = runs
            .iter()
            .enumerate()
            .min_by_key(
                |(_, (s, e))| {
                    if b < *s { s - b } else { b.saturating_sub(*e) }
                },
            )
            .map(|(k, _)| k)
            .unwrap_or(0);
        let f = &mut out[k];
        f.min_z = f.min_z.min(*z as f32);
        f.max_z = f.max_z.max(*z as f32);
        f.areas += 1;
    }
    out.retain(|f| f.areas > 0);
    for (i, f) in out.iter_mut().enumerate() {
        f.index = i;
    }
    out
}

impl std::fmt::Display for Floor {
    /// `floor 0: height -64 to 12 (240 areas)`, the line `info` prints.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "floor {}: height {} to {} ({} areas)",
            self.index,
            self.min_z.round(),
            self.max_z.round(),
            self.areas
        )
    }
}

/// Why a floor selection cannot be drawn.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum FloorError {
    /// `FloorSelect::Index` past the floors the mesh has.
    NoSuchFloor {
        /// The index asked for.
        index: usize,
        /// The floors found.
        floors: Vec<Floor>,
    },
    /// A height range whose minimum is above its maximum, or that is not a number.
    BadRange {
        /// The lower bound given.
        min: f32,
        /// The upper bound given.
        max: f32,
    },
}

impl std::fmt::Display for FloorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FloorError::NoSuchFloor { index, floors } if floors.is_empty() => {
                write!(
                    f,
                    "no floor {index}: the mesh has no areas to find floors in"
                )
            }
            FloorError::NoSuchFloor { index, floors } => {
                write!(f, "no floor {index}: the mesh has {} (", floors.len())?;
                for (i, fl) in floors.iter().enumerate() {
                    let sep = if i > 0 { "; " } else { "" };
                    write!(f, "{sep}{fl}")?;
                }
                write!(f, ")")
            }
            FloorError::BadRange { min, max } => write!(
                f,
                "the height range {min}:{max} is empty (give it as MIN:MAX with MIN <= MAX)"
            ),
        }
    }
}

impl std::error::Error for FloorError {}

/// The height range (lowest, highest mean area height) a floor selection draws, or why it
/// cannot: check this before rendering to refuse a selection that would give an empty picture.
pub fn resolve_floor(mesh: &NavMesh, select: FloorSelect) -> Result<(f32, f32), FloorError> {
    match select {
        FloorSelect::ZRange { min, max } => {
            if min.is_nan() || max.is_nan() || min > max {
                Err(FloorError::BadRange { min, max })
            } else {
                Ok((min, max))
            }
        }
        FloorSelect::Index(index) => {
            let floors = floors(mesh);
            match floors.get(index) {
                Some(f) => Ok((f.min_z, f.max_z)),
                None => Err(FloorError::NoSuchFloor { index, floors }),
            }
        }
    }
}
