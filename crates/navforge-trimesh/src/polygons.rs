//! Stage 6: convex polygons (Recast's `rcBuildPolyMesh`): each contour ear-clipped into triangles,
//! triangles merged greedily into convex polygons of at most the configured corners, and the
//! polygons' neighbours across shared edges found.
//!
//! An outline that cannot be ear-clipped (it touches itself after simplification, which the
//! C++ code logs as "bad triangulation" and half-builds) is left out here, and counted.

use rerecast::{Contour, ContourSet, PolygonNavmesh};

use super::{NavmeshError, Voxels};

/// Stage 6: the polygon mesh of the contours (voxel coordinates; neighbours per edge), and how
/// many contours could not be triangulated and were left out.
pub fn build_polygons(
    contours: ContourSet,
    voxels: &Voxels,
) -> Result<(PolygonNavmesh, usize), NavmeshError> {
    let nvp = voxels.max_vertices_per_polygon;
    let fail = |e: &dyn std::fmt::Display| NavmeshError::stage("polygons", e);
    let first = match contours.clone().into_polygon_mesh(nvp) {
        Ok(mesh) => return Ok((mesh, 0)),
        Err(e) => e,
    };
    // Find the outlines that fail on their own, and build without them.
    let builds_alone = |c: &Contour| {
        ContourSet {
            contours: vec![c.clone()],
            ..contours.clone()
        }
        .into_polygon_mesh(nvp)
        .is_ok()
    };
    let kept: Vec<Contour> = contours
        .contours
        .iter()
        .filter(|c| builds_alone(c))
        .cloned()
        .collect();
    let dropped = contours.contours.len() - kept.len();
    if dropped == 0 {
        return Err(fail(&first));
    }
    let mesh = ContourSet {
        contours: kept,
        ..contours
    }
    .into_polygon_mesh(nvp)
    .map_err(|e| fail(&e))?;
    Ok((mesh, dropped))
}
