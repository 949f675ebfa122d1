//! Building from the common model: its areas as triangles in Fox Engine axes.

use crate::doc::Nav2Document;
use navforge_core::model::NavMesh;

impl navforge_core::BuildFromModel for Nav2Document {
    type Options = ();

    /// The areas as triangles from [`navforge_core::triangulate`] (welded, T-junctions split,
    /// neighbours where the areas are joined and touch), turned to Fox Engine axes.
    fn from_model(
        mesh: &NavMesh,
        _: &(),
    ) -> std::result::Result<navforge_core::Built<Self>, navforge_core::BuildError> {
        if let Err((id, why)) = navforge_core::triangulate::check(mesh) {
            return Err(navforge_core::BuildError::invalid(
                navforge_core::Format::MgsvNav2,
                Some(navforge_core::Item::Area(id)),
                why,
            ));
        }
        let t = navforge_core::triangulate::triangulate(mesh, navforge_core::Format::MgsvNav2);
        // Z-up (x, y, z) is Fox Engine's Y-up (x, z, -y): a turn, so windings keep their sense.
        let vertices: Vec<[f32; 3]> = t.vertices.iter().map(|p| [p[0], p[2], -p[1]]).collect();
        let doc = super::from_neighbours(&vertices, &t.triangles, &t.neighbours)?;
        Ok(navforge_core::Built::complete(doc)
            .dropping("areas too thin to hold a triangle", t.dropped.len()))
    }
}
