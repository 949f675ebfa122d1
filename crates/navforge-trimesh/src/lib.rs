//! Triangle navmeshes from level geometry, in Recast's manner, for the formats made of triangles
//! (Bethesda `NVNM`, Fox Engine `.nav2`, OBJ/GLB).
//!
//! Eight plain stages, each a function of the previous result and the scalars it needs (the
//! voxel values of one [`NavmeshConfig`], derived once by [`NavmeshConfig::voxels`]). The
//! Recast work of stages 2–7 is done by the `rerecast` crate, a Rust port of Recast checked
//! stage by stage against the C++ output; these functions wrap it in world units, axes and
//! errors of our own:
//!
//! | stage | function | result |
//! |---|---|---|
//! | 1 input | [`input_mesh`] | the level's triangles in Recast's axes, facing their open side, walkable up to the slope |
//! | 2 voxelise | [`voxelise()`] | a heightfield of solid spans (grid size checked) |
//! | 3 walkable filter | [`filter_walkable`] | open space with headroom, no ledges, not in solid or deep liquid, eroded by the radius |
//! | 4 regions | [`build_regions`] | watershed regions |
//! | 5 contours | [`build_contours`] | simplified region outlines |
//! | 6 polygons | [`build_polygons`] | convex polygons with neighbours ([`polygons_model`] draws them) |
//! | 7 detail | [`build_detail`] | height-accurate triangles per polygon |
//! | 8 triangles | [`TriangleNavmesh::from_detail`] | one welded mesh with a neighbour across every shared edge |
//!
//! [`build_navmesh`] runs them all; [`Navmesh::to_model`] gives the common model, which the
//! formats' `BuildFromModel` write (after [`in_units`] turns level units into the format's).
//!
//! ```no_run
//! use navforge_trimesh::{NavmeshConfig, build_navmesh, level_unit};
//! use navforge_level::{Level, LoadOptions};
//!
//! let level = Level::load(&std::fs::read("dungeon.obj")?, &LoadOptions::default())?;
//! // RecastDemo's human, in the level's units (metres for an OBJ).
//! let config = NavmeshConfig::default().scaled(1.0 / level_unit(&level));
//! let navmesh = build_navmesh(&level, &config)?;
//! println!("{} triangles, {} shared edges", navmesh.triangles.triangles.len(),
//!          navmesh.triangles.shared_edges());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod config;
mod contours;
mod detail;
mod error;
mod filter;
mod input;
mod polygons;
mod regions;
mod triangles;
mod voxelise;

use navforge_core::context::{Context, Quiet, StageClock};
use navforge_core::model::NavMesh;
use navforge_level::{Family, Level};

pub use config::{NavmeshConfig, Voxels, units};
pub use contours::build_contours;
pub use detail::build_detail;
pub use error::NavmeshError;
pub use filter::filter_walkable;
pub use input::{Facing, InputMesh, from_recast, from_triangles, input_mesh, to_recast};
pub use polygons::build_polygons;
pub use regions::build_regions;
pub use triangles::{NO_NEIGHBOUR, TriangleNavmesh, neighbours, polygons_model};
pub use voxelise::{grid_size, voxelise};

/// A stage of the pipeline, for progress reports and timings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum NavmeshStage {
    /// Stage 1.
    Input,
    /// Stage 2.
    Voxelise,
    /// Stage 3.
    WalkableFilter,
    /// Stage 4.
    Regions,
    /// Stage 5.
    Contours,
    /// Stage 6.
    Polygons,
    /// Stage 7.
    Detail,
    /// Stage 8.
    Triangles,
}

impl NavmeshStage {
    /// Every stage in order.
    pub const ALL: [NavmeshStage; 8] = [
        NavmeshStage::Input,
        NavmeshStage::Voxelise,
        NavmeshStage::WalkableFilter,
        NavmeshStage::Regions,
        NavmeshStage::Contours,
        NavmeshStage::Polygons,
        NavmeshStage::Detail,
        NavmeshStage::Triangles,
    ];

    /// Every stage's name, in order (what a [`Context`] is told).
    pub const NAMES: [&'static str; 8] = {
        let mut names = [""; 8];
        let mut i = 0;
        while i < 8 {
            names[i] = Self::ALL[i].name();
            i += 1;
        }
        names
    };

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            NavmeshStage::Input => "input",
            NavmeshStage::Voxelise => "voxelise",
            NavmeshStage::WalkableFilter => "walkable filter",
            NavmeshStage::Regions => "regions",
            NavmeshStage::Contours => "contours",
            NavmeshStage::Polygons => "polygons",
            NavmeshStage::Detail => "detail",
            NavmeshStage::Triangles => "triangles",
        }
    }
}

/// What each stage made, and how long it took.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct NavmeshStats {
    /// Triangles the level gave.
    pub level_triangles: usize,
    /// Of those, walkable by slope.
    pub walkable_triangles: usize,
    /// Voxel columns (width, depth).
    pub grid: (u64, u64),
    /// Walkable spans after the walkable filter.
    pub walkable_spans: usize,
    /// Spans the level's contents ruled out (solid, player clip, deep liquid).
    pub spans_in_solid_or_liquid: usize,
    /// Regions.
    pub regions: usize,
    /// Contours.
    pub contours: usize,
    /// Contours that could not be triangulated and were left out (Recast logs "bad
    /// triangulation" for these).
    pub contours_left_out: usize,
    /// Convex polygons.
    pub polygons: usize,
    /// Triangles of the result.
    pub triangles: usize,
    /// Corners of the result.
    pub vertices: usize,
    /// Edges shared by two triangles.
    pub shared_edges: usize,
    /// Groups of triangles joined by shared edges.
    pub components: usize,
    /// Area seen from above, square level units.
    pub plan_area: f64,
    /// (stage, seconds) in order.
    pub times: Vec<(&'static str, f64)>,
}

impl NavmeshStats {
    /// Seconds over all stages.
    pub fn total_seconds(&self) -> f64 {
        self.times.iter().map(|t| t.1).sum()
    }
}

/// The result of [`build_navmesh`].
#[derive(Debug, Clone)]
pub struct Navmesh {
    /// The triangles (stage 8).
    pub triangles: TriangleNavmesh,
    /// The convex polygons (stage 6), in voxel coordinates.
    pub polygons: rerecast::PolygonNavmesh,
    /// Counts and timings.
    pub stats: NavmeshStats,
}

impl Navmesh {
    /// The triangles in the common model, in level units and axes (Z up).
    pub fn to_model(&self) -> NavMesh {
        self.triangles.to_model()
    }
}

/// Metres per unit of a level: glTF is metres by its specification, and OBJ levels are taken
/// to be (Recast's sample meshes are); BSP units are inches.
pub fn level_unit(level: &Level) -> f32 {
    match level.family() {
        Family::Obj | Family::Gltf => units::METRE,
        _ => units::INCH,
    }
}

/// The same mesh with every coordinate times `factor` (level units to a format's units).
pub fn in_units(mesh: &NavMesh, factor: f32) -> NavMesh {
    let mut out = mesh.clone();
    let scale = |p: &mut [f32; 3]| *p = p.map(|c| c * factor);
    out.areas
        .iter_mut()
        .flat_map(|a| a.polygon.iter_mut())
        .for_each(scale);
    out.nodes.iter_mut().for_each(|n| scale(&mut n.position));
    out
}

/// Run every stage, quietly.
pub fn build_navmesh(level: &Level, config: &NavmeshConfig) -> Result<Navmesh, NavmeshError> {
    build_navmesh_in(level, config, &Quiet)
}

/// Run every stage, reporting each stage's start, end and time to `ctx` (stage names are
/// [`NavmeshStage::name`]) and stopping with [`NavmeshError::Cancelled`] when it asks.
pub fn build_navmesh_in(
    level: &Level,
    config: &NavmeshConfig,
    ctx: &dyn Context,
) -> Result<Navmesh, NavmeshError> {
    config.validate()?;
    let voxels = config.voxels();
    let mut stats = NavmeshStats::default();
    let mut clock = StageClock::new(ctx);

    clock.start(NavmeshStage::Input.name())?;
    let input = input::input_mesh(level, config.max_slope);
    stats.level_triangles = input.level_triangles;
    stats.walkable_triangles = input.walkable;

    clock.start(NavmeshStage::Voxelise.name())?;
    let heightfield = voxelise::voxelise(&input, &voxels)?;
    stats.grid = (u64::from(heightfield.width), u64::from(heightfield.height));

    clock.start(NavmeshStage::WalkableFilter.name())?;
    // Triangle soups have no inside: only BSPs can say where solid and liquid are.
    let contents = (!matches!(level.family(), Family::Obj | Family::Gltf)).then_some(level);
    let (mut compact, dropped) = filter::filter_walkable(heightfield, &voxels, contents)?;
    stats.spans_in_solid_or_liquid = dropped;
    stats.walkable_spans = compact.areas.iter().filter(|a| a.is_walkable()).count();
    let nothing = || NavmeshError::NothingWalkable {
        triangles: input.level_triangles,
        walkable_triangles: input.walkable,
    };
    if stats.walkable_spans == 0 {
        return Err(nothing());
    }

    clock.start(NavmeshStage::Regions.name())?;
    stats.regions = regions::build_regions(&mut compact, &voxels)?;

    clock.start(NavmeshStage::Contours.name())?;
    let contours = contours::build_contours(&compact, &voxels);
    stats.contours = contours.contours.len();

    clock.start(NavmeshStage::Polygons.name())?;
    let (polygons, bad_contours) = polygons::build_polygons(contours, &voxels)?;
    stats.polygons = polygons.polygon_count();
    stats.contours_left_out = bad_contours;
    if stats.polygons == 0 {
        return Err(nothing());
    }

    clock.start(NavmeshStage::Detail.name())?;
    let detail = detail::build_detail(&polygons, &compact, &voxels)?;

    clock.start(NavmeshStage::Triangles.name())?;
    let triangles = TriangleNavmesh::from_detail(&detail);
    stats.triangles = triangles.triangles.len();
    stats.vertices = triangles.vertices.len();
    stats.shared_edges = triangles.shared_edges();
    stats.components = triangles.components().len();
    stats.plan_area = triangles.plan_area();
    stats.times = clock.finish();
    if stats.triangles == 0 {
        return Err(nothing());
    }
    Ok(Navmesh {
        triangles,
        polygons,
        stats,
    })
}
