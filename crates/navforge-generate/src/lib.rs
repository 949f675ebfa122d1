//! Source-style navigation meshes generated from a level, in the manner of the game's
//! `nav_generate` (CS bots' `bot_nav_analyze` for GoldSrc).
//!
//! One [`GenerateConfig`] in world units, checked by [`GenerateConfig::validate`], from which
//! five stages read their parameters (as Recast's read `rcConfig`), each a plain function:
//! 1. [`find_seeds`]: spawn points, walkable marks, ladder ends, or every floor;
//! 2. [`sample()`]: flood fill on the 25-unit grid with the game's step height,
//!    crouch-jump height, death drop and slope limit, stopped by player clips (and by monster
//!    clips, as walls and as ground, in Source games: [`GenerateConfig::monster_clips`]); crouch-only spots,
//!    cliffs and obstacles crossed between samples are recorded;
//! 3. [`build_areas`]: rectangles of closed grid cells with equal attributes;
//! 4. post-processing: coplanar neighbours merged up to the size limit
//!    ([`merge_areas`]), long thin areas squared up, lower areas cut under overhangs,
//!    connections where edges meet and one-way drops off ledges ([`connect`]), stairs marked
//!    ([`marks`]), jump areas turned into connections, obstacle-top areas, and ladders from
//!    `func_ladder` joined to the areas at their top and bottom ([`post_process`]);
//! 5. [`to_model`] and [`write()`]: the game's `.nav` layout (GoldSrc v5 for CS 1.6/CZ, v16 for the
//!    others) through `navforge_source`'s `BuildFromModel`.
//!
//! [`generate`] runs them all ([`generate_in`] reports each stage to a
//! [`navforge_core::context::Context`]); [`generate_incremental`] grows an existing mesh from new
//! marks. With the `test-support` feature, `compare::agreement` measures a mesh against the
//! game's own.
//!
//! The level's other generators live in their own crates: `navforge-quake-graph` (Quake bot
//! waypoint graphs) and `navforge-trimesh` (Recast-style triangle navmeshes).
//!
//! ```
//! use navforge_generate::{GenerateOptions, generate};
//! use navforge_level::{Level, LoadOptions, UpAxis};
//! use navforge_source::SourceGame;
//!
//! // A 400 × 400 floor, written as a Z-up OBJ; a BSP loads with `navforge_generate::load_options()`
//! // (doors left out, as the games' generators walk through them).
//! let obj = b"v -200 -200 0\nv 200 -200 0\nv 200 200 0\nv -200 200 0\nf 1 2 3\nf 1 3 4\n";
//! let level = Level::load(obj, &LoadOptions::default().with_up_axis(UpAxis::Z))?;
//! let mut opts = GenerateOptions::for_game(SourceGame::Cs16);
//! opts.config.everywhere = true; // a bare floor has no spawn points to start from
//! let out = generate(&level, &opts)?;
//! assert!(out.stats.areas > 0);
//! // out.bytes is the .nav file: std::fs::write("floor.nav", &out.bytes)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod areas;
mod clip;
mod columns;
#[cfg(feature = "test-support")]
pub mod compare;
mod config;
mod error;
mod incremental;
mod jumps;
mod ladders;
pub mod marks;
mod mesh;
mod obstacles;
mod post;
mod sample;
mod seeds;
mod square;
mod write;

use std::time::Duration;

use navforge_core::context::{Context, Quiet, StageClock};
use navforge_core::model::NavMesh;
use navforge_level::{DoorState, Level, LoadOptions};
use navforge_source::{SourceBuildOptions, SourceGame, SourceNavDocument};

pub use areas::{RectArea, build_areas};
pub use columns::ColumnIndex;
pub use config::{ConfigError, GenerateConfig, MAX_AREA_SIZE, STEP};
pub use error::GenerateError;
pub use incremental::{INCREMENTAL_RANGE, generate_incremental};
pub use mesh::{GenArea, GenMesh};
pub use post::{AreaLink, LinkKind, connect, merge_areas};
pub use sample::{Node, Samples, sample};
pub use seeds::{
    ClassSeeds, Seed, SeedKind, SeedReport, SeedSource, find_seeds, find_seeds_reported,
    is_spawn_like, spawn_classes,
};
pub use write::{to_model, write};

/// How to load a level for generation: doors left out (they do not collide).
///
/// The games' generators walk through doors: Source's `nav_generate` steps from sample to
/// sample with a trace that lets `func_door*` and `prop_door*` through ("it will open when we
/// touch it") and looks for the ground through them too, and the CS bots' GoldSrc generator
/// does the same for `func_door` and `func_door_rotating`. A level loaded with doors closed
/// stops the fill at every door, losing the rooms behind it (the cell block behind a pair of
/// sliding `func_door`s on Garry's Mod `zs_jail_v1`: recall 0.91 there, 0.985 with this).
/// Floor hatches are left out as well: the games' ground traces skip doors. Breakables a shot
/// breaks are walked through the same way ("we will shoot it when we touch it"): a
/// `func_breakable` with health that is not "only trigger", a `func_breakable_surf` window.
/// Load a level with these options for [`generate`]; analysis wants the level as placed (the
/// default).
pub fn load_options() -> LoadOptions {
    LoadOptions::default()
        .with_doors(DoorState::Open)
        .with_breakables_removed(true)
}

/// The target game and the one [`GenerateConfig`].
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// The game (and so the file layout) to write; generating from a BSP sets its `bspSize` to
    /// that file's size.
    pub build: SourceBuildOptions,
    /// Every setting, in the level's units; every stage reads its own from it.
    pub config: GenerateConfig,
}

impl GenerateOptions {
    /// The game's constants ([`GenerateConfig::for_game`]) and file layout.
    pub fn for_game(game: SourceGame) -> Self {
        Self::for_game_scaled(game, 1.0)
    }

    /// [`GenerateOptions::for_game`] for a level in other units: every length times `factor`
    /// (`1.0 / 39.37` for a level in metres, as Recast's sample OBJs are); a factor that is not
    /// a finite number above 0 is taken as 1.
    pub fn for_game_scaled(game: SourceGame, factor: f32) -> Self {
        let factor = if factor.is_finite() && factor > 0.0 {
            factor
        } else {
            1.0
        };
        GenerateOptions {
            build: SourceBuildOptions::for_game(game),
            config: GenerateConfig::for_game(game).scaled(factor),
        }
    }

    /// The config, once [`GenerateConfig::validate`] has accepted it.
    pub fn validated(&self) -> Result<&GenerateConfig, GenerateError> {
        self.config.validate()?;
        Ok(&self.config)
    }
}

/// A pipeline stage, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// Finding seeds.
    Seeds,
    /// Flood-fill sampling (progress: samples so far).
    Sample,
    /// Rectangles.
    Areas,
    /// Merging and connecting.
    Post,
    /// Building and writing the file.
    Write,
}

impl Stage {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Seeds => "seeds",
            Stage::Sample => "sample",
            Stage::Areas => "areas",
            Stage::Post => "post-process",
            Stage::Write => "write",
        }
    }
}

/// Counts and time per stage.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Stats {
    /// Seeds used.
    pub seeds: usize,
    /// Which seeds were used (the spawn classes, or the fallback).
    pub seed_source: SeedReport,
    /// Walkable samples.
    pub samples: usize,
    /// Rectangles before merging.
    pub rectangles: usize,
    /// Areas written.
    pub areas: usize,
    /// Connections written.
    pub connections: usize,
    /// Ladders found (GoldSrc v5 files cannot store them).
    pub ladders: usize,
    /// Areas marked as stairs.
    pub stairs: usize,
    /// Jump areas turned into connections.
    pub jump_areas_removed: usize,
    /// Areas lifted onto obstacles.
    pub obstacle_tops: usize,
    /// The areas of each piece bots can walk between (joined by connections either way or by
    /// ladders), largest first. More than one piece means some seeds' floods never met: a
    /// wall the game does not have (a static prop's model missing, say), or a part of the map
    /// reached only by a door, a teleporter or a jump the generator does not take.
    pub pieces: Vec<usize>,
    /// (stage name, seconds) in order.
    pub times: Vec<(&'static str, f64)>,
}

impl Generated {
    /// The result, with each stage's time from `clock`.
    fn finished(
        mesh: NavMesh,
        document: SourceNavDocument,
        bytes: Vec<u8>,
        mut stats: Stats,
        clock: StageClock<'_>,
    ) -> Self {
        stats.times = clock.finish();
        stats.pieces = mesh.area_sets().sizes();
        Generated {
            mesh,
            document,
            bytes,
            stats,
        }
    }
}

impl Stats {
    /// Total time.
    pub fn total(&self) -> Duration {
        Duration::from_secs_f64(self.times.iter().map(|t| t.1).sum())
    }
}

/// The result of a generation.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The mesh in the common model.
    pub mesh: NavMesh,
    /// The game's document.
    pub document: SourceNavDocument,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// What happened.
    pub stats: Stats,
}

/// Run every stage, quietly.
pub fn generate(level: &Level, opts: &GenerateOptions) -> Result<Generated, GenerateError> {
    generate_in(level, opts, &Quiet)
}

/// Run every stage, reporting each [`Stage`] (by [`Stage::name`]) and the sample count to
/// `ctx`; stops with [`GenerateError::Cancelled`] when it asks.
pub fn generate_in(
    level: &Level,
    opts: &GenerateOptions,
    ctx: &dyn Context,
) -> Result<Generated, GenerateError> {
    // The header's bspSize is the size of the BSP read (the game's out-of-date test).
    let build = &opts
        .build
        .with_bsp_size(level.bsp_size().unwrap_or(opts.build.bsp_size()));
    let cfg = opts.validated()?;
    let mut stats = Stats::default();
    let mut clock = StageClock::new(ctx);
    clock.start(Stage::Seeds.name())?;
    // Triangle levels answer vertical questions from one rasterised index (both stages).
    let columns = columns::ColumnIndex::build(level, cfg.grid);
    let (seeds, seed_source) = seeds::find_seeds_with(level, cfg, columns.as_ref())?;
    stats.seeds = seeds.len();
    stats.seed_source = seed_source;
    clock.start(Stage::Sample.name())?;
    let samples = sample::sample_with(level, &seeds, cfg, columns.as_ref(), &|_| true, &mut |n| {
        clock.progress(n, None)
    })?;
    stats.samples = samples.nodes.len();
    clock.start(Stage::Areas.name())?;
    let rects = build_areas(&samples, cfg);
    stats.rectangles = rects.len();
    if rects.is_empty() {
        return Err(GenerateError::NoAreas {
            samples: samples.nodes.len(),
        });
    }
    clock.start(Stage::Post.name())?;
    let mesh = post_process(level, &samples, rects, cfg, &mut stats);
    clock.start(Stage::Write.name())?;
    let model = finish(level, &mesh, &mut stats);
    let (document, bytes) = write(&model, build)?;
    Ok(Generated::finished(model, document, bytes, stats, clock))
}

/// Stage 4: from rectangles to the finished area graph: merge, square up, cut under
/// overhangs, connect, mark jump areas by slope and stairs, stitch jump areas, lift obstacle
/// tops.
pub fn post_process(
    level: &Level,
    samples: &Samples,
    rects: Vec<RectArea>,
    cfg: &GenerateConfig,
    stats: &mut Stats,
) -> GenMesh {
    let nodes = &samples.nodes;
    let rects = merge_areas(nodes, rects, cfg);
    let rects = if cfg.square_up {
        square::square_up(nodes, rects, cfg.max_aspect, cfg.grid)
    } else {
        rects
    };
    let rects = post::split_under_overhangs(nodes, rects, cfg);
    let links = connect(nodes, &rects, cfg);
    let mut mesh = GenMesh::from_grid(nodes, &rects, &links);
    // An area steeper than the slope limit needs a jump (`MarkJumpAreas`).
    for a in &mut mesh.areas {
        if a.normals().iter().any(|n| n.z < cfg.slope_limit) {
            a.attributes |= marks::JUMP;
        }
    }
    if cfg.stairs {
        marks::mark_stairs(level, &mut mesh, cfg.grid, cfg.step_height);
        stats.stairs = mesh
            .areas
            .iter()
            .filter(|a| a.attributes & marks::STAIRS != 0)
            .count();
    }
    if cfg.jump_links {
        stats.jump_areas_removed = jumps::stitch_and_remove_jump_areas(&mut mesh, cfg);
    }
    if cfg.obstacle_tops {
        stats.obstacle_tops =
            obstacles::raise_obstacle_areas(&mut mesh, samples, cfg.grid, cfg.step_height);
    }
    mesh
}

/// The model of a finished area graph, with ladders joined.
fn finish(level: &Level, mesh: &GenMesh, stats: &mut Stats) -> NavMesh {
    let mut model = to_model(mesh);
    model.ladders = ladders::ladders(level, &model);
    stats.areas = model.areas.len();
    stats.connections = model.connections.len();
    stats.ladders = model.ladders.len();
    model
}
