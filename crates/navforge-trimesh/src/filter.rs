//! Stage 3: the walkable filter. Recast's span filters (low obstacles become steps, ledges and
//! low ceilings are not walkable), the compact heightfield of open space with its neighbour
//! links, the level's own contents (no standing inside solid, player clip or deep liquid), and
//! erosion by the agent's radius.

use glam::Vec3;
use navforge_level::{Contents, Level};
use rayon::prelude::*;
use rerecast::{AreaType, CompactHeightfield, Heightfield};

use super::input::from_recast;
use super::{NavmeshError, Voxels};

/// Most walkable spans one column may hold (the compact heightfield counts them in 8 bits).
const MAX_FLOORS_PER_COLUMN: usize = 250;

/// Stage 3: the open, walkable space above the heightfield's floors, eroded by the radius.
/// `level` (when given) drops spans whose floor is inside solid or player clip, or whose agent
/// would stand with its middle in liquid. Returns the heightfield and the spans the level dropped.
pub fn filter_walkable(
    mut heightfield: Heightfield,
    voxels: &Voxels,
    level: Option<&Level>,
) -> Result<(CompactHeightfield, usize), NavmeshError> {
    heightfield.filter_low_hanging_walkable_obstacles(voxels.walkable_climb);
    heightfield.filter_ledge_spans(voxels.walkable_height, voxels.walkable_climb);
    heightfield.filter_walkable_low_height_spans(voxels.walkable_height);
    check_floors(&heightfield)?;
    let mut compact = heightfield
        .into_compact(voxels.walkable_height, voxels.walkable_climb)
        .map_err(|e| NavmeshError::stage("walkable filter", e))?;
    let dropped = match level {
        Some(level) => drop_by_contents(&mut compact, voxels, level),
        None => 0,
    };
    compact.erode_walkable_area(voxels.walkable_radius);
    Ok((compact, dropped))
}

/// Refuse columns with more walkable floors than the compact heightfield can count.
fn check_floors(heightfield: &Heightfield) -> Result<(), NavmeshError> {
    for z in 0..heightfield.height {
        for x in 0..heightfield.width {
            let mut key = heightfield.span_key_at(x, z);
            let mut floors = 0;
            while let Some(k) = key {
                let span = heightfield.span(k);
                floors += usize::from(span.area.is_walkable());
                key = span.next;
            }
            if floors > MAX_FLOORS_PER_COLUMN {
                return Err(NavmeshError::Stage {
                    stage: "walkable filter",
                    message: format!(
                        "{floors} walkable floors stacked in column ({x}, {z}); at most \
                         {MAX_FLOORS_PER_COLUMN} fit (raise the cell height)"
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Mark spans not walkable where the level says nobody stands: in parallel over columns, each
/// span decided alone, so the result does not depend on the thread count.
fn drop_by_contents(compact: &mut CompactHeightfield, voxels: &Voxels, level: &Level) -> usize {
    let origin = compact.aabb.min;
    let (cs, ch) = (compact.cell_size, compact.cell_height);
    let width = usize::from(compact.width);
    let blocked: Vec<usize> = (0..compact.cells.len())
        .into_par_iter()
        .flat_map_iter(|column| {
            let (x, z) = (column % width, column / width);
            let cell = compact.cells[column];
            let spans = &compact.spans;
            let areas = &compact.areas;
            cell.index_range().filter(move |&i| {
                if !areas[i].is_walkable() {
                    return false;
                }
                let floor = Vec3::new(
                    origin.x + (x as f32 + 0.5) * cs,
                    origin.y + f32::from(spans[i].y) * ch,
                    origin.z + (z as f32 + 0.5) * cs,
                );
                let feet = from_recast(floor + Vec3::Y * ch);
                let waist =
                    from_recast(floor + Vec3::Y * (0.5 * f32::from(voxels.walkable_height) * ch));
                level.point_contents(feet).intersects(Contents::MASK_PLAYER)
                    || level
                        .point_contents(waist)
                        .intersects(Contents::MASK_LIQUID)
            })
        })
        .collect();
    for &i in &blocked {
        compact.areas[i] = AreaType::NOT_WALKABLE;
    }
    blocked.len()
}
