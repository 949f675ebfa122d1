//! Stage 7: height detail (Recast's `rcBuildPolyMeshDetail`): each polygon's edges and inside
//! sampled against the voxel floor, points added where the flat polygon strays more than the
//! detail error, and the result triangulated. Both polygons sample a shared edge the same way, so
//! their triangles meet corner to corner.

use rerecast::{CompactHeightfield, DetailNavmesh, PolygonNavmesh};

use super::{NavmeshError, Voxels};

/// Stage 7: the detail triangles of every polygon.
pub fn build_detail(
    polygons: &PolygonNavmesh,
    heightfield: &CompactHeightfield,
    voxels: &Voxels,
) -> Result<DetailNavmesh, NavmeshError> {
    DetailNavmesh::new(
        polygons,
        heightfield,
        voxels.detail_sample_distance,
        voxels.detail_max_error,
    )
    .map_err(|e| NavmeshError::stage("detail", e))
}
