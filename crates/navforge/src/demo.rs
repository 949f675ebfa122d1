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
    use crate::build;
    let mesh = sample_mesh();
    let source = sample_document()?;
    let quake = navforge_quake::from_model(&mesh, 18)?;
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
        file("demo_selected.txt", build("source-selected", &mesh)?, true),
        file("demo-quake.nav", build("quake-nav", &mesh)?, true),
        file(
            "demo.navjson",
            navforge_quake::to_navjson(&quake)?.into_bytes(),
            true,
        ),
        file("demo.nav2", build("mgsv-nav2", &mesh)?, true),
        file("demo.esp", build("tes-plugin", &mesh)?, true),
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
