//! The one configuration of the triangle pipeline, in world units, and the voxel values derived
//! from it in one place ([`NavmeshConfig::voxels`]).

use navforge_core::Format;
use navforge_level::{Family, Level};

use super::NavmeshError;

/// Metres per unit of the games whose sizes the defaults are written in.
pub mod units {
    /// Quake, GoldSrc and Source: one unit is an inch.
    pub const INCH: f32 = 0.0254;
    /// Skyrim and Fallout 4: one unit is 1/64 yard (0.5625 inch), about 70 units to the metre.
    pub const BETHESDA: f32 = 0.014_287_5;
    /// Fox Engine `.nav2`, OBJ and glTF: metres.
    pub const METRE: f32 = 1.0;
}

/// Every parameter of [`super::build_navmesh`]. Lengths are in the level's world units, angles in
/// degrees; [`NavmeshConfig::validate`] says which values are out of range.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct NavmeshConfig {
    /// The agent's radius: walkable area keeps this far from walls and ledges. Limit: ≥ 0.
    pub agent_radius: f32,
    /// The agent's height: floors with less headroom are not walkable. Limit: > 0.
    pub agent_height: f32,
    /// The highest step or ledge the agent walks up or down. Limit: ≥ 0.
    pub max_climb: f32,
    /// The steepest walkable slope, in degrees from level. Limit: 0 ≤ slope < 90.
    pub max_slope: f32,
    /// Horizontal voxel size: smaller is finer and slower (Recast suggests radius / 2). Limit: > 0.
    pub cell_size: f32,
    /// Vertical voxel size (Recast suggests cell size / 2 to 2/3). Limit: > 0.
    pub cell_height: f32,
    /// Islands smaller than this area (world units²) are dropped (table tops, ledges). Limit: ≥ 0.
    pub min_region_area: f32,
    /// Regions smaller than this area are merged into a neighbour where they can be. Limit: ≥ 0.
    pub merge_region_area: f32,
    /// Longest outline edge; longer ones are split (0: no limit). Limit: ≥ 0.
    pub max_edge_length: f32,
    /// How far a simplified outline may stray from the voxel outline. Limit: ≥ 0.
    pub max_edge_error: f32,
    /// Most corners of one convex polygon before triangulation. Limit: 3..=6 (as Detour).
    pub max_vertices_per_polygon: usize,
    /// Spacing of height samples inside polygons (0: corners and edges only). Limit: 0 or ≥ 0.9
    /// cells.
    pub detail_sample_distance: f32,
    /// How far the triangles may stray from the voxel floor before a sample is added. Limit: ≥ 0.
    pub detail_max_error: f32,
    /// Most voxel columns (width × depth) allowed, so a huge or corrupt level gets an error
    /// rather than gigabytes of memory. Limit: ≥ 1.
    pub max_columns: usize,
}

impl Default for NavmeshConfig {
    /// RecastDemo's settings (`generation.md` §1.2) for a human in metres: radius 0.6, height 2,
    /// climb 0.9, slope 45°, cells 0.3 × 0.2.
    fn default() -> Self {
        Self::for_agent(0.6, 2.0, 0.9, 45.0, 0.3, 0.2)
    }
}

impl NavmeshConfig {
    /// A configuration for an agent, with RecastDemo's other settings scaled to the cell size:
    /// regions of at least 8 × 8 cells (merged below 20 × 20), edges up to 40 cells with an error
    /// of 1.3 cells, hexagons, height samples every 6 cells within one cell height.
    pub fn for_agent(
        radius: f32,
        height: f32,
        climb: f32,
        slope: f32,
        cell_size: f32,
        cell_height: f32,
    ) -> Self {
        NavmeshConfig {
            agent_radius: radius,
            agent_height: height,
            max_climb: climb,
            max_slope: slope,
            cell_size,
            cell_height,
            min_region_area: (8.0 * cell_size).powi(2),
            merge_region_area: (20.0 * cell_size).powi(2),
            max_edge_length: 40.0 * cell_size,
            max_edge_error: 1.3 * cell_size,
            max_vertices_per_polygon: 6,
            detail_sample_distance: 6.0 * cell_size,
            detail_max_error: cell_height,
            max_columns: 1 << 24,
        }
    }

    /// The defaults for a format, in that format's units:
    /// - `tes-plugin`: a Skyrim human in game units (1/64 yard): 128 tall (1.83 m), radius 20
    ///   (0.29 m), climb 32 (about two of the 16-unit stair steps Bethesda kits use), slope 45°,
    ///   cells 10 × 8;
    /// - `mgsv-nav2`: Snake in metres: 1.8 tall (2.0 with headroom), radius 0.4, climb 0.5, slope 45°,
    ///   cells 0.2 × 0.1;
    /// - anything else (OBJ, GLB): [`NavmeshConfig::default`], RecastDemo's human in metres.
    pub fn for_format(format: Format) -> Self {
        match format {
            Format::TesPlugin => Self::for_agent(20.0, 128.0, 32.0, 45.0, 10.0, 8.0),
            Format::MgsvNav2 => Self::for_agent(0.4, 1.8, 0.5, 45.0, 0.2, 0.1),
            _ => Self::default(),
        }
    }

    /// The defaults for writing `format` from `level`, in the level's units (`level_unit`
    /// metres each, as [`super::level_unit`] guesses): the format's agent
    /// ([`NavmeshConfig::for_format`]) scaled from the format's units; for OBJ/GLB output from a
    /// BSP, the map's own player instead (Quake 32 × 32 × 56, GoldSrc and Source 32 × 32 × 72,
    /// step 18, floors up to a normal Z of 0.7; cells 8 × 4 inches), since RecastDemo's
    /// two-metre human does not fit rooms built for a 56-unit Quake player.
    pub fn for_output(format: Format, level: &Level, level_unit: f32) -> Self {
        let bsp = !matches!(level.family(), Family::Obj | Family::Gltf);
        match format {
            Format::TesPlugin | Format::MgsvNav2 => {
                Self::for_format(format).scaled(Self::format_unit(format) / level_unit)
            }
            _ if bsp => {
                let height = match level.family() {
                    Family::Quake | Family::QuakeBsp2 | Family::Quake2 => 56.0,
                    _ => 72.0,
                };
                // Quake's and Source's walkable floor: normal Z at least 0.7.
                let slope = 0.7f32.acos().to_degrees();
                Self::for_agent(16.0, height, 18.0, slope, 8.0, 4.0)
                    .scaled(units::INCH / level_unit)
            }
            _ => Self::default().scaled(units::METRE / level_unit),
        }
    }

    /// The metres per unit the defaults of [`NavmeshConfig::for_format`] are written in.
    pub fn format_unit(format: Format) -> f32 {
        match format {
            Format::TesPlugin => units::BETHESDA,
            _ => units::METRE,
        }
    }

    /// Every length multiplied by `factor` (areas by its square): the same agent in other units.
    pub fn scaled(&self, factor: f32) -> Self {
        NavmeshConfig {
            agent_radius: self.agent_radius * factor,
            agent_height: self.agent_height * factor,
            max_climb: self.max_climb * factor,
            cell_size: self.cell_size * factor,
            cell_height: self.cell_height * factor,
            min_region_area: self.min_region_area * factor * factor,
            merge_region_area: self.merge_region_area * factor * factor,
            max_edge_length: self.max_edge_length * factor,
            max_edge_error: self.max_edge_error * factor,
            detail_sample_distance: self.detail_sample_distance * factor,
            detail_max_error: self.detail_max_error * factor,
            ..self.clone()
        }
    }

    /// Every value within its limit, or an error naming the first that is not.
    pub fn validate(&self) -> Result<(), NavmeshError> {
        let bad = |field: &'static str, value: f64, limit: &'static str| {
            Err(NavmeshError::Config {
                field,
                value,
                limit,
            })
        };
        let lengths: [(&'static str, f32, bool); 11] = [
            ("agent_radius", self.agent_radius, false),
            ("agent_height", self.agent_height, true),
            ("max_climb", self.max_climb, false),
            ("cell_size", self.cell_size, true),
            ("cell_height", self.cell_height, true),
            ("min_region_area", self.min_region_area, false),
            ("merge_region_area", self.merge_region_area, false),
            ("max_edge_length", self.max_edge_length, false),
            ("max_edge_error", self.max_edge_error, false),
            ("detail_sample_distance", self.detail_sample_distance, false),
            ("detail_max_error", self.detail_max_error, false),
        ];
        for (field, value, positive) in lengths {
            if !value.is_finite() || value < 0.0 || (positive && value <= 0.0) {
                let limit = if positive {
                    "a finite number above 0"
                } else {
                    "a finite number, 0 or more"
                };
                return bad(field, f64::from(value), limit);
            }
        }
        if !(self.max_slope.is_finite() && (0.0..90.0).contains(&self.max_slope)) {
            return bad(
                "max_slope",
                f64::from(self.max_slope),
                "degrees, 0 up to (not including) 90",
            );
        }
        if !(3..=6).contains(&self.max_vertices_per_polygon) {
            return bad(
                "max_vertices_per_polygon",
                self.max_vertices_per_polygon as f64,
                "3 to 6",
            );
        }
        if self.max_columns == 0 {
            return bad("max_columns", 0.0, "1 or more");
        }
        // Recast's voxel counts are 16-bit (heights, climb) and 8-bit (headroom) after division.
        let v = self.voxels();
        if v.walkable_height > 250 {
            return bad(
                "agent_height",
                f64::from(self.agent_height),
                "at most 250 cell heights (raise cell_height)",
            );
        }
        if self.agent_radius / self.cell_size > 1000.0 {
            return bad(
                "agent_radius",
                f64::from(self.agent_radius),
                "at most 1000 cell sizes (raise cell_size)",
            );
        }
        if self.detail_sample_distance > 0.0 && self.detail_sample_distance < 0.9 * self.cell_size {
            return bad(
                "detail_sample_distance",
                f64::from(self.detail_sample_distance),
                "0, or at least 0.9 cell sizes",
            );
        }
        Ok(())
    }

    /// The values in voxels the stages take (Recast's `Sample_SoloMesh::build` step 1).
    pub fn voxels(&self) -> Voxels {
        // Ratios are rounded to 1e-4 first, so that a radius of exactly two cells stays two after
        // a change of units (0.4 / 0.2 in inches is 2.0000002).
        let ratio = |v: f32, size: f32| {
            ((f64::from(v) / f64::from(size) * 1e4).round() / 1e4).clamp(0.0, f64::from(u16::MAX))
                as f32
        };
        let cells = |v: f32| ratio(v, self.cell_size);
        let area_cells = |a: f32| ratio(a / self.cell_size, self.cell_size);
        let heights = |v: f32| ratio(v, self.cell_height);
        Voxels {
            cell_size: self.cell_size,
            cell_height: self.cell_height,
            walkable_slope: self.max_slope.to_radians(),
            walkable_height: heights(self.agent_height).ceil().max(3.0) as u16,
            walkable_climb: heights(self.max_climb).floor() as u16,
            walkable_radius: cells(self.agent_radius).ceil() as u16,
            max_edge_len: cells(self.max_edge_length) as u16,
            max_simplification_error: self.max_edge_error / self.cell_size,
            min_region_area: area_cells(self.min_region_area) as u16,
            merge_region_area: area_cells(self.merge_region_area) as u16,
            max_vertices_per_polygon: self.max_vertices_per_polygon as u16,
            detail_sample_distance: self.detail_sample_distance,
            detail_max_error: self.detail_max_error,
            max_columns: self.max_columns,
        }
    }
}

/// The configuration in voxel units, as the stages take it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Voxels {
    /// Horizontal cell size (world units).
    pub cell_size: f32,
    /// Vertical cell size (world units).
    pub cell_height: f32,
    /// Steepest walkable slope (radians).
    pub walkable_slope: f32,
    /// Headroom in cell heights (at least 3).
    pub walkable_height: u16,
    /// Climb in cell heights.
    pub walkable_climb: u16,
    /// Erosion in cells.
    pub walkable_radius: u16,
    /// Longest outline edge in cells (0: none).
    pub max_edge_len: u16,
    /// Outline error in cells.
    pub max_simplification_error: f32,
    /// Smallest island in cells.
    pub min_region_area: u16,
    /// Largest region merged away, in cells.
    pub merge_region_area: u16,
    /// Corners per polygon.
    pub max_vertices_per_polygon: u16,
    /// Detail sample spacing (world units; 0 for none).
    pub detail_sample_distance: f32,
    /// Detail error (world units).
    pub detail_max_error: f32,
    /// Most voxel columns.
    pub max_columns: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recast_demo_voxels() {
        let v = NavmeshConfig::default().voxels();
        // generation.md §1.2: height 10, radius 2, climb 4, regions 64 / 400 cells, edge 40.
        assert_eq!(v.walkable_height, 10);
        assert_eq!(v.walkable_radius, 2);
        assert_eq!(v.walkable_climb, 4);
        assert_eq!((v.min_region_area, v.merge_region_area), (64, 400));
        assert_eq!(v.max_edge_len, 40);
        assert!((v.max_simplification_error - 1.3).abs() < 1e-5);
        assert!((v.detail_sample_distance - 1.8).abs() < 1e-5);
    }

    #[test]
    fn every_format_default_is_valid_and_scales() {
        for f in [Format::TesPlugin, Format::MgsvNav2, Format::Obj] {
            let c = NavmeshConfig::for_format(f);
            c.validate().unwrap();
            let metres = c.scaled(NavmeshConfig::format_unit(f));
            metres.validate().unwrap();
            assert_eq!(metres.voxels().walkable_radius, c.voxels().walkable_radius);
            assert!(
                metres.agent_height > 1.5 && metres.agent_height < 2.5,
                "{f}"
            );
        }
    }

    #[test]
    fn bad_values_are_named() {
        let with = |f: fn(&mut NavmeshConfig)| {
            let mut c = NavmeshConfig::default();
            f(&mut c);
            c.validate().map_err(|e| e.to_string())
        };
        let e = with(|c| c.cell_size = 0.0).unwrap_err();
        assert!(e.contains("cell_size"), "{e}");
        assert!(
            with(|c| c.max_slope = 90.0)
                .unwrap_err()
                .contains("max_slope")
        );
        assert!(
            with(|c| c.agent_height = f32::NAN)
                .unwrap_err()
                .contains("agent_height")
        );
        assert!(with(|c| c.max_vertices_per_polygon = 7).is_err());
        assert!(with(|c| c.max_slope = 89.0).is_ok());
    }
}
