//! Stage 1: where the flood fill starts: spawn points, walkable marks, ladder ends, or (for
//! triangle levels) every floor seen from above.
//!
//! Spawn seeds follow the game, as the SDK's `nav_generate` seeds from the class its
//! `GetPlayerSpawnName` names: [`spawn_classes`] is the one table of each game's player-spawn
//! classes. When a level has none of them (with a floor under it), the seeds fall back in this
//! order, and [`SeedReport`] says which was used:
//! 1. any spawn-like entity: a class starting `info_player_`, or one of any game's spawn classes;
//! 2. every floor of the world (the `everywhere` scan), so a level with walkable floor always
//!    generates.
//!
//! Walkable marks seed as well; given marks and no spawn, the marks alone seed (no fallback).

use navforge_level::{Contents, Level, Vec3};

use navforge_source::SourceGame;

use crate::columns::ColumnIndex;
use crate::config::GenerateConfig;
use crate::error::GenerateError;

/// A starting point for the fill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seed {
    /// A point on the floor, snapped to the sampling grid in XY.
    pub point: Vec3,
    /// Where it came from.
    pub kind: SeedKind,
}

/// What a seed came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedKind {
    /// A player spawn point.
    Spawn,
    /// A walkable mark, by index.
    Mark(usize),
    /// A ladder's top or bottom.
    Ladder,
    /// A floor found by the everywhere scan.
    Floor,
}

/// The player-spawn classes of `game`: the core's one table
/// ([`navforge_core::spawns::player_spawn_classes`]), with `info_player_start` for all.
pub fn spawn_classes(game: SourceGame) -> &'static [&'static str] {
    navforge_core::spawns::player_spawn_classes(game.game())
}

/// A class a player may spawn on in some game: one starting `info_player_`, or one of any
/// game's [`spawn_classes`].
pub fn is_spawn_like(class: &str) -> bool {
    let c = class.to_ascii_lowercase();
    c.starts_with("info_player_")
        || SourceGame::ALL
            .iter()
            .any(|&g| spawn_classes(g).contains(&c.as_str()))
}

/// Which rule chose the spawn seeds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SeedSource {
    /// Spawn seeding was off (marks, ladders or `everywhere` only).
    #[default]
    Off,
    /// The game's own spawn classes ([`spawn_classes`]).
    GameSpawns,
    /// None of the game's; spawn-like entities of other games ([`is_spawn_like`]).
    SpawnLike,
    /// No spawn point with a floor under it: every floor of the world.
    Floors,
}

/// How many spawn seeds one entity class gave.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ClassSeeds {
    /// The entity class as the level spells it.
    pub class: String,
    /// Seeds from it.
    pub count: usize,
}

/// Which seeds were used: the rule, spawn seeds per class, and the other kinds' counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct SeedReport {
    /// Which rule chose the spawn seeds.
    pub source: SeedSource,
    /// Spawn seeds per class, in the order first met.
    pub spawns: Vec<ClassSeeds>,
    /// Seeds from walkable marks.
    pub marks: usize,
    /// Seeds from ladder ends.
    pub ladders: usize,
    /// Seeds from the floor scan (asked for, or the fallback).
    pub floors: usize,
}

impl std::fmt::Display for SeedReport {
    /// `seeds: 30 info_player_start, 10 info_player_zombie`, `seeds: no spawn points of the
    /// game; spawn-like 40 info_player_fof`, `seeds: no spawn points; seeded every floor (N)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let classes = self
            .spawns
            .iter()
            .map(|c| format!("{} {}", c.count, c.class))
            .collect::<Vec<_>>()
            .join(", ");
        let mut parts = Vec::new();
        match self.source {
            SeedSource::GameSpawns => parts.push(classes),
            SeedSource::SpawnLike => parts.push(format!(
                "none of the game's spawn classes; spawn-like {classes}"
            )),
            SeedSource::Floors => parts.push(format!(
                "no spawn points; seeded every floor ({} points)",
                self.floors
            )),
            SeedSource::Off => {}
        }
        if self.marks > 0 {
            parts.push(format!("{} marks", self.marks));
        }
        if self.ladders > 0 {
            parts.push(format!("{} ladder ends", self.ladders));
        }
        if self.floors > 0 && self.source != SeedSource::Floors {
            parts.push(format!("{} floor points", self.floors));
        }
        write!(f, "seeds: {}", parts.join(", "))
    }
}

/// Snap a coordinate to the sampling grid.
pub(crate) fn snap(v: f32, grid: f32) -> f32 {
    (v / grid).round() * grid
}

/// The floor under `p` snapped to the grid, searched from `p` down to `depth`.
fn floor_at(level: &Level, p: Vec3, depth: f32, grid: f32) -> Option<Vec3> {
    let q = Vec3::new(snap(p.x, grid), snap(p.y, grid), p.z);
    for start in [q, Vec3::new(q.x, q.y, p.z + grid * 0.72)] {
        if let Some(g) = level.ground_below(start, depth)
            && g.normal.z >= 0.7
            && !g.surface.is_sky()
        {
            return Some(g.point);
        }
    }
    None
}

/// Find the seeds. Marks are checked first: a mark in solid or in the air is an error naming it.
pub fn find_seeds(level: &Level, cfg: &GenerateConfig) -> Result<Vec<Seed>, GenerateError> {
    find_seeds_reported(level, cfg).map(|(seeds, _)| seeds)
}

/// [`find_seeds`] and which seeds were used.
pub fn find_seeds_reported(
    level: &Level,
    cfg: &GenerateConfig,
) -> Result<(Vec<Seed>, SeedReport), GenerateError> {
    let columns = if cfg.everywhere || cfg.use_spawns {
        ColumnIndex::build(level, cfg.grid)
    } else {
        None
    };
    find_seeds_with(level, cfg, columns.as_ref())
}

/// Spawn seeds from the entities whose class `wanted` accepts, in entity order, counted per
/// class.
fn spawn_seeds(
    level: &Level,
    cfg: &GenerateConfig,
    wanted: impl Fn(&str) -> bool,
    seeds: &mut Vec<Seed>,
    report: &mut SeedReport,
) {
    for e in level.entities() {
        if !wanted(&e.class) {
            continue;
        }
        let Some(origin) = e.vec3("origin") else {
            continue;
        };
        if let Some(p) = floor_at(level, origin, 256.0, cfg.grid) {
            seeds.push(Seed {
                point: p,
                kind: SeedKind::Spawn,
            });
            match report.spawns.iter_mut().find(|c| c.class == e.class) {
                Some(c) => c.count += 1,
                None => report.spawns.push(ClassSeeds {
                    class: e.class.clone(),
                    count: 1,
                }),
            }
        }
    }
}

/// [`find_seeds`] with the triangle level's [`ColumnIndex`] when there is one.
pub(crate) fn find_seeds_with(
    level: &Level,
    cfg: &GenerateConfig,
    columns: Option<&ColumnIndex>,
) -> Result<(Vec<Seed>, SeedReport), GenerateError> {
    let mut seeds = Vec::new();
    let mut report = SeedReport::default();
    for (index, &point) in cfg.marks.iter().enumerate() {
        // A mark is a feet position: test a point a little above it for solid (glass too:
        // solid to a player, a window's contents on Source maps).
        let probe = point + Vec3::Z * 1.0;
        let solid = Contents::SOLID | Contents::WINDOW;
        if !point.is_finite() || level.point_contents(probe).intersects(solid) {
            return Err(GenerateError::MarkInSolid { index, point });
        }
        match floor_at(
            level,
            point + Vec3::Z * 1.0,
            cfg.mark_max_height + 1.0,
            cfg.grid,
        ) {
            Some(p) => {
                seeds.push(Seed {
                    point: p,
                    kind: SeedKind::Mark(index),
                });
                report.marks += 1;
            }
            None => {
                return Err(GenerateError::MarkInAir {
                    index,
                    point,
                    depth: cfg.mark_max_height,
                });
            }
        }
    }
    if cfg.use_spawns {
        let game = cfg.spawn_classes;
        spawn_seeds(
            level,
            cfg,
            |c| game.iter().any(|g| g.eq_ignore_ascii_case(c)),
            &mut seeds,
            &mut report,
        );
        report.source = SeedSource::GameSpawns;
        if report.spawns.is_empty() {
            spawn_seeds(level, cfg, is_spawn_like, &mut seeds, &mut report);
            report.source = SeedSource::SpawnLike;
        }
        if report.spawns.is_empty() {
            report.source = SeedSource::Floors;
        }
    }
    if cfg.use_ladders {
        for l in level.ladders() {
            let (min, max) = (l.bounds.min, l.bounds.max);
            let c = (min + max) * 0.5;
            let ext = max - min;
            // Step off the ladder on every side, near its top and its bottom; keep floors
            // within reach of the rungs.
            let offs = [
                Vec3::X * (ext.x * 0.5 + 25.0),
                -Vec3::X * (ext.x * 0.5 + 25.0),
                Vec3::Y * (ext.y * 0.5 + 25.0),
                -Vec3::Y * (ext.y * 0.5 + 25.0),
            ];
            for (z, lowest) in [(max.z + 20.0, max.z - 100.0), (min.z + 40.0, min.z - 40.0)] {
                for o in offs {
                    let p = Vec3::new(c.x, c.y, z) + o;
                    if let Some(p) = floor_at(level, p, z - lowest, cfg.grid) {
                        seeds.push(Seed {
                            point: p,
                            kind: SeedKind::Ladder,
                        });
                        report.ladders += 1;
                    }
                }
            }
        }
    }
    // The world fallback: no spawn point and no mark, so every floor seeds.
    let fallback = report.source == SeedSource::Floors && report.marks == 0;
    if !fallback && report.source == SeedSource::Floors {
        report.source = SeedSource::Off;
    }
    if cfg.everywhere || fallback {
        let before = seeds.len();
        seed_everywhere(level, cfg.grid, columns, &mut seeds);
        report.floors = seeds.len() - before;
    }
    if seeds.is_empty() {
        return Err(GenerateError::NoSeeds);
    }
    Ok((seeds, report))
}

/// Rays cast down a grid of columns over the level's bounds, from several heights (a start in
/// solid or a sky hit finds nothing), so floors under roofs and inside closed maps are found
/// too. Every other grid column at most, and at most about 4 million rays: big levels get a coarser column pitch (a multiple of the
/// grid, so seeds stay on it); the fill reaches the floors between.
fn seed_everywhere(level: &Level, grid: f32, columns: Option<&ColumnIndex>, seeds: &mut Vec<Seed>) {
    const BUDGET: f64 = 4_000_000.0;
    let b = level.bounds();
    if !(b.min.is_finite() && b.max.is_finite() && b.min.x <= b.max.x && grid > 0.0) {
        return;
    }
    let height = b.max.z - b.min.z + 2.0;
    // Layers a little over five grid steps tall (128 units at game scale).
    let layers = ((height / (grid * 5.12)).ceil() as usize).clamp(1, 64);
    let slice = height / layers as f32;
    let cols =
        |g: f64| ((b.max.x - b.min.x) as f64 / g + 1.0) * ((b.max.y - b.min.y) as f64 / g + 1.0);
    // Every other column: the fill reaches the floors between, and islands smaller than two
    // steps hold no rectangle of their own anyway.
    let mut k = 2.0;
    let mut pitch = grid as f64 * k;
    while cols(pitch) * layers as f64 > BUDGET && k < 1e6 {
        k *= 2.0;
        pitch = grid as f64 * k;
    }
    let (x0, x1) = (
        (b.min.x as f64 / pitch).ceil() as i64,
        (b.max.x as f64 / pitch).floor() as i64,
    );
    let (y0, y1) = (
        (b.min.y as f64 / pitch).ceil() as i64,
        (b.max.y as f64 / pitch).floor() as i64,
    );
    for gy in y0..=y1 {
        for gx in x0..=x1 {
            let mut last = f32::INFINITY;
            // The grid point's own indices, for the column index.
            let (ix, iy) = ((gx as f64 * k) as i32, (gy as f64 * k) as i32);
            for layer in 0..layers {
                let top = b.max.z + 1.0 - slice * layer as f32;
                let p = Vec3::new((gx as f64 * pitch) as f32, (gy as f64 * pitch) as f32, top);
                let found = match columns {
                    Some(c) => c
                        .below(ix, iy, top, slice)
                        .map(|h| (h.z, h.normal.z, false)),
                    None => level
                        .ground_below(p, slice)
                        .map(|g| (g.point.z, g.normal.z, g.surface.is_sky())),
                };
                if let Some((z, normal_z, sky)) = found
                    && normal_z >= 0.7
                    && !sky
                    && (last - z).abs() > grid * 0.04
                {
                    let f = Vec3::new(p.x, p.y, z);
                    last = z;
                    seeds.push(Seed {
                        point: f,
                        kind: SeedKind::Floor,
                    });
                }
            }
        }
    }
}
