//! The sample level that `navforge demo` builds in code, with no input file.

use navforge_core::model::NavMesh;

/// The sample level: see [`navforge_core::sample::courtyard`].
pub fn sample_mesh() -> NavMesh {
    navforge_core::sample::courtyard()
}

/// The sample level as a Source v16 document (sub-version 0, the base game layout).
pub fn sample_document() -> navforge_core::Result<crate::Document> {
    navforge_source::from_model(&sample_mesh(), 0).map(crate::Document::Source)
}

/// One file the demo writes.
pub struct DemoFile {
    pub name: &'static str,
    pub bytes: Vec<u8>,
    /// A navigation format navforge reads back (pictures and 3D exports are not).
    pub readable: bool,
}

/// The sample level in every format that can hold it, plus its 3D exports and pictures.
pub fn sample_files() -> navforge_core::Result<Vec<DemoFile>> {
    use navforge_core::NavDocument;
    let mesh = sample_mesh();
    let source = sample_document()?;
    let quake = navforge_quake::from_model(&mesh, 18)?;
    let plugin = navforge_tes::PluginDocument::from_model(&mesh, navforge_tes::Game::SkyrimSe)?;
    let (vertices, triangles) = fox_triangles(&mesh);
    let nav2 = navforge_mgsv::from_triangles(&vertices, &triangles)?;
    let picture = navforge_render::RenderOptions {
        title: Some("navforge demo".into()),
        width: 1200,
        ..Default::default()
    };
    let file = |name, bytes, readable| DemoFile {
        name,
        bytes,
        readable,
    };
    Ok(vec![
        file("demo.nav", source.write()?, true),
        file("demo.json", source.to_json(), true),
        file("demo-quake.nav", quake.write()?, true),
        file(
            "demo.navjson",
            navforge_quake::to_navjson(&quake)?.into_bytes(),
            true,
        ),
        file("demo.nav2", nav2.write()?, true),
        file("demo.esp", plugin.write()?, true),
        file(
            "demo.obj",
            navforge_export::to_obj(&mesh).into_bytes(),
            false,
        ),
        file("demo.glb", navforge_export::to_glb(&mesh), false),
        file(
            "demo.svg",
            navforge_render::render_svg(&mesh, &picture).into_bytes(),
            false,
        ),
        file(
            "demo.png",
            navforge_render::render_png(&mesh, &picture),
            false,
        ),
    ])
}

/// The mesh's areas as one triangle list in Fox Engine axes (Y up): polygons fan-triangulated,
/// equal corners merged so that neighbouring triangles share vertices.
fn fox_triangles(mesh: &NavMesh) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
    let mut index = std::collections::HashMap::new();
    let mut vertices = Vec::new();
    let mut corner = |p: [f32; 3]| -> u32 {
        // The inverse of `NavMesh::to_z_up`: Z-up (x, y, z) is Y-up (x, z, -y).
        let fox = [p[0], p[2], -p[1]];
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
