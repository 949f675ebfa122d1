use serde::Serialize;
use std::collections::BTreeMap;

/// What `navforge info` reports about one document.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The format (a standalone NVNM record reports `tes-nvnm`).
    pub format: crate::Format,
    /// The format's version number.
    pub version: u64,
    /// Sub-version, game or flavour, when the format has one (e.g. `TF2 (sub-version 2)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// How many of each thing.
    pub counts: Counts,
    /// The box around everything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Bounds>,
    /// Format-specific facts worth a line each (e.g. node counts per link type).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub details: BTreeMap<String, serde_json::Value>,
    /// Problems worth a look that do not stop reading.
    pub warnings: Vec<String>,
}

impl Summary {
    /// An empty summary of a `format` file of `version`.
    pub fn new(format: crate::Format, version: u64) -> Summary {
        Summary {
            format,
            version,
            variant: None,
            counts: Counts::default(),
            bounds: None,
            details: BTreeMap::new(),
            warnings: Vec::new(),
        }
    }
}

/// The counts every format reports, zero where a format has no such thing; `extra` holds others.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Areas (polygons, triangles, faces).
    pub areas: u64,
    /// Directed connections between areas.
    pub connections: u64,
    /// Place names.
    pub places: u64,
    /// Ladders.
    pub ladders: u64,
    /// Hiding spots.
    pub hiding_spots: u64,
    /// Encounter paths.
    pub encounter_paths: u64,
    /// Format-specific counts (nodes, links, navmeshes...).
    #[serde(flatten)]
    pub extra: BTreeMap<String, u64>,
}

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bounds {
    /// The smallest corner.
    pub min: [f32; 3],
    /// The largest corner.
    pub max: [f32; 3],
}

impl Bounds {
    /// The box around the finite points; `None` when there are none.
    pub fn of_points<I: IntoIterator<Item = [f32; 3]>>(points: I) -> Option<Bounds> {
        let mut b: Option<Bounds> = None;
        for p in points {
            if !p.iter().all(|c| c.is_finite()) {
                continue;
            }
            match &mut b {
                None => b = Some(Bounds { min: p, max: p }),
                Some(b) => {
                    for ((lo, hi), v) in b.min.iter_mut().zip(b.max.iter_mut()).zip(p) {
                        *lo = lo.min(v);
                        *hi = hi.max(v);
                    }
                }
            }
        }
        b
    }
}
