//! Stage 2: rasterise the triangles into a heightfield of solid spans (Recast's
//! `rcCreateHeightfield` and `rcRasterizeTriangles`), after checking that its grid stays within
//! the configured size.

use rerecast::{Aabb3d, Heightfield, HeightfieldBuilder};

use super::input::InputMesh;
use super::{NavmeshError, Voxels};

/// The grid a heightfield over `bounds` would have: (columns along X, along Z, cells up).
pub fn grid_size(bounds: &Aabb3d, voxels: &Voxels) -> (u64, u64, u64) {
    let cells = |extent: f32, size: f32| {
        let n = (f64::from(extent) / f64::from(size) + 0.5).floor();
        if n.is_finite() {
            n.max(0.0) as u64
        } else {
            u64::MAX
        }
    };
    (
        cells(bounds.max.x - bounds.min.x, voxels.cell_size),
        cells(bounds.max.z - bounds.min.z, voxels.cell_size),
        cells(bounds.max.y - bounds.min.y, voxels.cell_height),
    )
}

/// Stage 2: the heightfield of `input`. Walkable marks of spans whose tops lie within the climb
/// of each other merge as Recast merges them.
pub fn voxelise(input: &InputMesh, voxels: &Voxels) -> Result<Heightfield, NavmeshError> {
    if input.trimesh.indices.is_empty() {
        return Err(NavmeshError::NoGeometry);
    }
    let mut bounds = input.bounds;
    // At least one column each way (a flat strip of triangles still rasterises).
    bounds.max.x = bounds.max.x.max(bounds.min.x + voxels.cell_size);
    bounds.max.z = bounds.max.z.max(bounds.min.z + voxels.cell_size);
    let (width, depth, tall) = grid_size(&bounds, voxels);
    let columns = width.saturating_mul(depth);
    // Recast squares voxel distances in 32 bits: sides stay below 2^15.
    let side = 1 << 15;
    if width >= side || depth >= side || columns > voxels.max_columns as u64 {
        return Err(NavmeshError::TooLarge {
            width,
            depth,
            columns,
            limit: voxels.max_columns,
            cell_size: voxels.cell_size,
        });
    }
    // Span heights are 16-bit, with the headroom (up to 255 cells) above the highest floor.
    if tall.saturating_add(256 + u64::from(voxels.walkable_height)) >= u64::from(u16::MAX) {
        return Err(NavmeshError::TooTall {
            height: bounds.max.y - bounds.min.y,
            cells: tall,
            cell_height: voxels.cell_height,
        });
    }
    let mut heightfield = HeightfieldBuilder {
        aabb: bounds,
        cell_size: voxels.cell_size,
        cell_height: voxels.cell_height,
    }
    .build()
    .map_err(|e| NavmeshError::stage("voxelise", e))?;
    heightfield
        .rasterize_triangles(&input.trimesh, voxels.walkable_climb)
        .map_err(|e| NavmeshError::stage("voxelise", e))?;
    Ok(heightfield)
}
