//! Incremental generation (`nav_generate_incremental`): grow an existing mesh from new walkable
//! marks. The existing areas keep their IDs and every byte of their data but new connections;
//! new areas get IDs after the highest, and never overlap an existing one.
//!
//! As in the game: only the marks seed the fill, which goes no further than
//! `nav_generate_incremental_range` (2000 units) from a mark; a sample whose four quarters all
//! lie on existing areas is left out, and so is a cell with an existing area at its centre
//! (within a step below to half a player above). The new areas are built and post-processed
//! among themselves, then stitched to the existing ones: every grid step along each side, a
//! connection each way where a player can move between the edge and the existing area just
//! beyond it, and a drop where an existing area lies below.

use navforge_core::context::{Context, StageClock};

use navforge_core::NavDocument;
use navforge_core::area::{AreaLocator, Under};
use navforge_core::model::{Connection, ConnectionKind, Direction, NavMesh};
use navforge_level::{Level, Vec3};
use navforge_source::SourceNavDocument;

use crate::error::GenerateError;
use crate::mesh::GenMesh;
use crate::sample::{EAST, NORTH, SOUTH, WEST, can_move, sample_where};
use crate::{
    GenerateConfig, GenerateOptions, Generated, Stage, Stats, find_seeds, post_process, to_model,
};

/// How far from a mark the fill goes (`nav_generate_incremental_range`, game units).
pub const INCREMENTAL_RANGE: f32 = 2000.0;

/// The game's `GetNavArea` rule with the limits a query needs: the highest existing area whose
/// floor lies at most `below` under the point and `above` over it.
fn under(below: f32, above: f32) -> Under {
    Under {
        step: above,
        beneath: below,
    }
}

/// Every corner of every existing area finite and within the world a level may span
/// ([`navforge_level::MAX_COORD`]), checked before anything is built from them.
fn check_extents(mesh: &NavMesh) -> Result<(), GenerateError> {
    let limit = navforge_level::MAX_COORD;
    for (index, a) in mesh.areas.iter().enumerate() {
        for (corner, p) in a.polygon.iter().enumerate() {
            if !p.iter().all(|v| v.is_finite() && v.abs() <= limit) {
                return Err(GenerateError::AreaExtent {
                    id: a.id,
                    index,
                    corner,
                    point: *p,
                    limit,
                });
            }
        }
    }
    Ok(())
}

fn bounds(poly: &[[f32; 3]]) -> (f32, f32, f32, f32) {
    poly.iter().fold(
        (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        ),
        |(x0, y0, x1, y1), p| (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1])),
    )
}

/// Grow `existing` from the walkable marks in `opts.config.marks` (spawns and ladders do not
/// seed an incremental fill). The result's document is `existing` with the new areas and
/// connections; everything else in it is unchanged.
pub fn generate_incremental(
    level: &Level,
    existing: &SourceNavDocument,
    opts: &GenerateOptions,
    ctx: &dyn Context,
) -> Result<Generated, GenerateError> {
    let cfg = opts.validated()?;
    let mut stats = Stats::default();
    let mut clock = StageClock::new(ctx);
    let old = existing.to_model();
    check_extents(&old)?;
    let grid = cfg.grid;
    let scale = grid / crate::config::STEP;
    let index = AreaLocator::of_areas(&old.areas);

    clock.start(Stage::Seeds.name())?;
    if cfg.marks.is_empty() {
        return Err(GenerateError::NoSeeds);
    }
    let seed_cfg = GenerateConfig {
        use_spawns: false,
        use_ladders: false,
        everywhere: false,
        ..cfg.clone()
    };
    let seeds = find_seeds(level, &seed_cfg)?;
    stats.seeds = seeds.len();

    clock.start(Stage::Sample.name())?;
    let range = INCREMENTAL_RANGE * scale;
    let (half, height) = (cfg.probe_height, cfg.stand_height);
    let quarter = grid * 0.04;
    let allowed = |p: Vec3| {
        let near = seeds.iter().any(|s| s.point.distance(p) < range);
        // A sample is inside the old mesh when every quarter around it is.
        let covered = [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
            .iter()
            .all(|&(dx, dy)| {
                let q = p + Vec3::new(dx * quarter, dy * quarter, half);
                index.area_at(q.to_array(), under(height, 0.0)).is_some()
            });
        near && !covered
    };
    let samples = sample_where(level, &seeds, cfg, &allowed, &mut |n| {
        clock.progress(n, None)
    })?;
    stats.samples = samples.nodes.len();
    if samples.nodes.is_empty() {
        return Err(GenerateError::NothingNew);
    }

    clock.start(Stage::Areas.name())?;
    let nodes = &samples.nodes;
    let step = cfg.step_height;
    let keep = |c: &[u32; 4]| {
        let p = c.map(|i| nodes[i as usize].pos);
        let centre = (p[0] + p[1] + p[2] + p[3]) * 0.25;
        index
            .area_at(
                (centre + Vec3::Z * half).to_array(),
                under(half + step, 0.0),
            )
            .is_none()
    };
    let rects = crate::areas::build_areas_where(&samples, cfg, &keep);
    stats.rectangles = rects.len();
    if rects.is_empty() {
        return Err(GenerateError::NothingNew);
    }

    clock.start(Stage::Post.name())?;
    let mesh = post_process(level, &samples, rects, cfg, &mut stats);
    let first_id = old.areas.iter().map(|a| a.id).max().unwrap_or(0) + 1;
    let stitched = stitch(level, cfg, &mesh, &old, &index, first_id);

    clock.start(Stage::Write.name())?;
    let mut new = to_model(&mesh);
    let mut model = old.clone();
    for a in &mut new.areas {
        a.id += first_id - 1;
    }
    for c in &mut new.connections {
        c.from += first_id - 1;
        c.to += first_id - 1;
    }
    stats.areas = new.areas.len();
    stats.connections = new.connections.len() + stitched.len();
    model.areas.extend(new.areas);
    model.connections.extend(new.connections);
    model.connections.extend(stitched);
    let (mut document, _) = existing.with_model(&model)?;
    // Grown against this BSP: the header names its size (a mesh grown on an OBJ keeps its own).
    if let Some(size) = level.bsp_size() {
        document.set_bsp_size(size);
    }
    let bytes = document
        .write()
        .map_err(|e| GenerateError::Write(e.to_string()))?;
    Ok(Generated::finished(model, document, bytes, stats, clock))
}

/// Whether a connection from quad `a` through `side` to the existing area `poly` is one a
/// mesh may hold: their facing edges meet, or a ledge lies between them.
fn joins(a: &[Vec3; 4], poly: &[[f32; 3]], side: usize, cfg: &GenerateConfig) -> bool {
    let Ok(b) = <[[f32; 3]; 4]>::try_from(poly) else {
        return false;
    };
    let b = b.map(Vec3::from_array);
    let ([ax0, ay0], [ax1, ay1]) = ([a[0].x, a[0].y], [a[2].x, a[2].y]);
    let (x0, y0, x1, y1) = bounds(poly);
    let (gap, overlap) = match side {
        NORTH => (ay0 - y1, ax1.min(x1) - ax0.max(x0)),
        SOUTH => (y0 - ay1, ax1.min(x1) - ax0.max(x0)),
        EAST => (x0 - ax1, ay1.min(y1) - ay0.max(y0)),
        _ => (ax0 - x1, ay1.min(y1) - ay0.max(y0)),
    };
    (gap.abs() <= 1.0 && overlap > 0.0)
        || crate::mesh::crosses_ledge(
            a,
            &b,
            side,
            cfg.step_height,
            cfg.jump_height,
            cfg.death_drop,
        )
}

/// Connections between the new areas (IDs from `first_id`, in order) and the existing ones
/// (`StitchGeneratedAreas`).
fn stitch(
    level: &Level,
    cfg: &GenerateConfig,
    mesh: &GenMesh,
    old: &NavMesh,
    index: &AreaLocator,
    first_id: u64,
) -> Vec<Connection> {
    let grid = cfg.grid;
    let mut out: Vec<Connection> = Vec::new();
    let push = |out: &mut Vec<Connection>, from: u64, to: u64, side: usize, kind| {
        if !out.iter().any(|c| c.from == from && c.to == to) {
            out.push(Connection {
                from,
                to,
                kind,
                direction: Some(Direction::ALL[side]),
            });
        }
    };
    for (i, a) in mesh.areas.iter().enumerate() {
        let id = first_id + i as u64;
        let [nw, ne, se, sw] = a.corners;
        for (side, (c1, c2), dir) in [
            (NORTH, (nw, ne), -Vec3::Y),
            (SOUTH, (sw, se), Vec3::Y),
            (EAST, (ne, se), Vec3::X),
            (WEST, (nw, sw), -Vec3::X),
        ] {
            let edge = (c2 - c1).truncate();
            let length = edge.length();
            if length <= 0.0 {
                continue;
            }
            let along = edge.extend(0.0) / length;
            let mut n = 0.0;
            while n < length - grid * 0.04 {
                let foot = c1 + along * (n + grid * 0.02);
                n += grid;
                let beyond = foot + dir * (grid * 0.5);
                let probe = beyond + Vec3::Z * cfg.probe_height;
                match index.area_at(probe.to_array(), under(cfg.stand_height, cfg.probe_height)) {
                    Some(k) => {
                        let other = &old.areas[k];
                        let Some(z) = index.rect(k).map(|r| r.z_at(beyond.x, beyond.y)) else {
                            continue;
                        };
                        let target = Vec3::new(beyond.x, beyond.y, z);
                        if !joins(&a.corners, &other.polygon, side, cfg) {
                            continue;
                        }
                        if can_move(level, cfg, foot, target) {
                            push(&mut out, id, other.id, side, ConnectionKind::Walk);
                        }
                        if can_move(level, cfg, target, foot) {
                            push(
                                &mut out,
                                other.id,
                                id,
                                Direction::ALL[side].opposite().index(),
                                ConnectionKind::Walk,
                            );
                        }
                    }
                    None => {
                        // A drop onto an existing area below, within a few steps.
                        for k in 1..=4 {
                            let far = foot + dir * (grid * (k as f32 - 0.5));
                            let p = far + Vec3::Z * cfg.probe_height;
                            let Some(j) = index.area_at(p.to_array(), under(cfg.death_drop, 0.0))
                            else {
                                continue;
                            };
                            let other = &old.areas[j];
                            let Some(z) = index.rect(j).map(|r| r.z_at(far.x, far.y)) else {
                                continue;
                            };
                            let target = Vec3::new(far.x, far.y, z);
                            if foot.z - z > cfg.step_height
                                && joins(&a.corners, &other.polygon, side, cfg)
                                && can_move(level, cfg, foot, target)
                            {
                                push(&mut out, id, other.id, side, ConnectionKind::Drop);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }
    out
}
