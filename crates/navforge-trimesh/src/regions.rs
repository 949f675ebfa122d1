//! Stage 4: watershed regions (Recast's `rcBuildDistanceField` and `rcBuildRegions`): a distance
//! to the nearest edge for every span, then regions flooded outward from the most interior spans,
//! islands below the minimum area dropped and small regions merged into their neighbours.

use rerecast::CompactHeightfield;

use super::{NavmeshError, Voxels};

/// Stage 4: every walkable span gets a region (`CompactSpan::region`); returns the region count.
pub fn build_regions(
    heightfield: &mut CompactHeightfield,
    voxels: &Voxels,
) -> Result<usize, NavmeshError> {
    heightfield.build_distance_field();
    // A single mesh has no tile border (RecastDemo's solo build uses 0).
    heightfield
        .build_regions(0, voxels.min_region_area, voxels.merge_region_area)
        .map_err(|e| NavmeshError::stage("regions", e))?;
    Ok(usize::from(heightfield.max_region.bits()))
}
