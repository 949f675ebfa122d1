//! `LevelSummary`: what `navforge info map.bsp` prints.

use crate::features::{SpawnPoint, Team};
use crate::level::{Counts, Family, Level};
use crate::math::Aabb;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A level's family, version, counts, entity classes, bounds and spawn points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelSummary {
    /// File family.
    pub family: Family,
    /// Format version.
    pub version: u32,
    /// Counts of faces, brushes, triangles, models, ...
    pub counts: Counts,
    /// Number of entities.
    pub entities: usize,
    /// Entities by classname.
    pub classes: BTreeMap<String, usize>,
    /// World bounds.
    pub bounds: Aabb,
    /// Player spawn points.
    pub spawn_points: Vec<SpawnPoint>,
    /// What the props' data gave that could not be used ([`Level::prop_warnings`]).
    pub prop_warnings: Vec<String>,
}

impl Level {
    /// The summary `info` shows.
    pub fn summary(&self) -> LevelSummary {
        let mut classes = BTreeMap::new();
        for e in self.entities() {
            *classes.entry(e.class.clone()).or_insert(0) += 1;
        }
        LevelSummary {
            family: self.family(),
            version: self.version(),
            counts: self.counts(),
            entities: self.entities().len(),
            classes,
            bounds: self.bounds(),
            spawn_points: self.spawn_points(),
            prop_warnings: self.prop_warnings().to_vec(),
        }
    }
}

impl fmt::Display for LevelSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counts;
        writeln!(f, "format: {} (version {})", self.family, self.version)?;
        writeln!(
            f,
            "counts: {} faces, {} brushes, {} triangles, {} models, {} displacements, {} entities",
            c.faces, c.brushes, c.triangles, c.models, c.displacements, self.entities
        )?;
        if let Some(props) = c.props_line() {
            writeln!(f, "{props}")?;
        }
        for w in &self.prop_warnings {
            writeln!(f, "warning: {w}")?;
        }
        let (a, b) = (self.bounds.min, self.bounds.max);
        writeln!(
            f,
            "bounds: ({:.0} {:.0} {:.0}) .. ({:.0} {:.0} {:.0})",
            a.x, a.y, a.z, b.x, b.y, b.z
        )?;
        if !self.classes.is_empty() {
            let list: Vec<String> = self
                .classes
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            writeln!(f, "entities by class: {}", list.join(", "))?;
        }
        writeln!(f, "spawn points: {}", self.spawn_points.len())?;
        for s in &self.spawn_points {
            writeln!(
                f,
                "  {:<7} {} at ({:.0} {:.0} {:.0}) yaw {:.0}",
                team_label(s),
                s.class,
                s.origin.x,
                s.origin.y,
                s.origin.z,
                s.yaw
            )?;
        }
        Ok(())
    }
}

/// The side's name in the game the spawn class comes from.
fn team_label(s: &SpawnPoint) -> &'static str {
    let c = s.class.to_ascii_lowercase();
    let game = |tf2: &'static str, dod: &'static str, hl2: &'static str, cs: &'static str| {
        if c.contains("teamspawn") {
            tf2
        } else if c.contains("axis") || c.contains("allies") {
            dod
        } else if c.contains("rebel") || c.contains("combine") {
            hl2
        } else {
            cs
        }
    };
    match s.team {
        Team::Team1 => game("RED", "Axis", "rebels", "T"),
        Team::Team2 => game("BLU", "Allies", "Combine", "CT"),
        Team::Vip => "VIP",
        _ => "any",
    }
}
