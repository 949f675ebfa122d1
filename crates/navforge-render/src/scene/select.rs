//! Phase 1: which areas are drawn (the selected floor, or all), and the silhouettes of the others.

use crate::floors::{finite_polygon, floors_of, mean_z};
use crate::{FloorSelect, RenderOptions};
use navforge_core::model::NavMesh;

/// A drawn area: its index in the mesh, finite corners and mean height.
pub(super) struct Shown {
    pub idx: usize,
    pub pts: Vec<[f32; 3]>,
    pub z: f64,
}

/// The outcome of the floor selection.
pub(super) struct Selection {
    /// Height range of the selected floor; `None` when nothing is selected or it does not exist.
    pub range: Option<(f64, f64)>,
    /// Whether a floor was asked for.
    pub selecting: bool,
    /// Areas drawn, lowest first.
    pub shown: Vec<Shown>,
    /// Areas of other floors, drawn as a faint silhouette for context (no outline, no id).
    pub ghosts: Vec<Vec<[f32; 3]>>,
}

impl Selection {
    /// Whether a mark at height `z` belongs to what is drawn.
    pub fn z_in(&self, z: f32) -> bool {
        match (self.selecting, self.range) {
            (false, _) => z.is_finite(),
            (true, Some((lo, hi))) => (z as f64) >= lo && (z as f64) <= hi,
            (true, None) => false,
        }
    }
}

pub(super) fn select(mesh: &NavMesh, opts: &RenderOptions) -> Selection {
    let range: Option<(f64, f64)> = match opts.floor {
        None => None,
        Some(FloorSelect::ZRange { min, max }) => {
            let (a, b) = (min as f64, max as f64);
            // NaN bounds select nothing rather than everything.
            Some((a.min(b), a.max(b))).filter(|_| !a.is_nan() && !b.is_nan())
        }
        Some(FloorSelect::Index(i)) => floors_of(mesh)
            .get(i)
            .map(|f| (f.min_z as f64, f.max_z as f64)),
    };
    let selecting = opts.floor.is_some();
    let mut shown: Vec<Shown> = Vec::new();
    let mut ghosts: Vec<Vec<[f32; 3]>> = Vec::new();
    for (idx, area) in mesh.areas.iter().enumerate() {
        let Some(pts) = finite_polygon(area) else {
            continue;
        };
        let z = mean_z(&pts);
        if selecting {
            match range {
                Some((lo, hi)) if z >= lo && z <= hi => {}
                _ => {
                    ghosts.push(pts);
                    continue;
                }
            }
        }
        shown.push(Shown { idx, pts, z });
    }
    // Lowest first, so higher floors cover lower ones.
    shown.sort_by(|a, b| a.z.total_cmp(&b.z));
    Selection {
        range,
        selecting,
        shown,
        ghosts,
    }
}
