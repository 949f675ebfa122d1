//! Stage 5: region outlines (Recast's `rcBuildContours`): each region's border traced along its
//! cells, then simplified within the edge error, keeping the corners where the neighbour changes,
//! and wall edges split to the maximum length.

use rerecast::{BuildContoursFlags, CompactHeightfield, ContourSet};

use super::Voxels;

/// Stage 5: one contour per region (and per hole).
pub fn build_contours(heightfield: &CompactHeightfield, voxels: &Voxels) -> ContourSet {
    heightfield.build_contours(
        voxels.max_simplification_error,
        voxels.max_edge_len,
        BuildContoursFlags::TESSELLATE_SOLID_WALL_EDGES,
    )
}
