//! Building from the common model: its areas as triangles in Fox Engine axes.

use super::from_triangles;
use crate::doc::Nav2Document;
use navforge_core::model::NavMesh;

/// The mesh's areas as one triangle list in Fox Engine axes (Y up): polygons fan-triangulated,
/// equal corners merged so that neighbouring triangles share vertices.
pub fn fox_triangles(mesh: &NavMesh) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
    let z_up = mesh.is_z_up();
    let mut index = std::collections::HashMap::new();
    let mut vertices = Vec::new();
    let mut corner = |p: [f32; 3]| -> u32 {
        // The inverse of `NavMesh::to_z_up`: Z-up (x, y, z) is Y-up (x, z, -y).
        let fox = if z_up { [p[0], p[2], -p[1]] } else { p };
        *index.entry(fox.map(f32::to_bits)).or_insert_with(|| {
            vertices.push(fox);
            vertices.len() as u32 - 1
        })
    };
    let mut triangles = Vec::new();
    for area in &mesh.areas {
        let ids: Vec<u32> = area.polygon.iter().map(|&p| corner(p)).collect();
        for i in 1..ids.len().saturating_sub(1) {
            triangles.push([ids[0], ids[i], ids[i + 1]]);
        }
    }
    (vertices, triangles)
}

impl navforge_core::BuildFromModel for Nav2Document {
    type Options = ();

    fn from_model(
        mesh: &NavMesh,
        _: &(),
    ) -> std::result::Result<navforge_core::Built<Self>, navforge_core::BuildError> {
        let (vertices, triangles) = fox_triangles(mesh);
        Ok(navforge_core::Built::complete(from_triangles(
            &vertices, &triangles,
        )?))
    }
}
