//! The sample level that `navforge demo` builds in code, with no input file.

use crate::{BuildOptions, ConvertError};
use navforge_core::{Format, NavDocument, model::NavMesh};

/// The sample level: see [`navforge_core::sample::courtyard`].
pub fn sample_mesh() -> NavMesh {
    navforge_core::sample::courtyard()
}

/// The sample level as a Source v16 document (sub-version 0, the base game layout).
pub fn sample_document() -> Result<crate::Document, ConvertError> {
    use navforge_core::BuildFromModel;
    let built = navforge_source::SourceNavDocument::from_model(
        &sample_mesh(),
        &navforge_source::SourceBuildOptions::default(),
    )?;
    Ok(crate::Document::Source(built.document))
}

/// One file the demo writes.
pub struct DemoFile {
    /// Its file name.
    pub name: &'static str,
    /// Its content.
    pub bytes: Vec<u8>,
    /// A navigation format navforge reads back (pictures and 3D exports are not).
    pub readable: bool,
}

/// The sample level in every format that can hold it, plus its 3D exports and pictures.
pub fn sample_files() -> Result<Vec<DemoFile>, ConvertError> {
    let mesh = sample_mesh();
    let source = sample_document()?;
    let build = |format: Format| -> Result<Vec<u8>, ConvertError> {
        Ok(crate::build(format, &mesh, &BuildOptions::default())?.bytes)
    };
    let quake = navforge_quake::QuakeNavDocument::read(&build(Format::QuakeNav)?)?;
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
        file("demo_selected.txt", build(Format::SourceSelected)?, true),
        file("demo-quake.nav", build(Format::QuakeNav)?, true),
        file(
            "demo.navjson",
            navforge_quake::to_navjson(&quake)?.into_bytes(),
            true,
        ),
        file("demo.nav2", build(Format::MgsvNav2)?, true),
        file("demo.esp", build(Format::TesPlugin)?, true),
        file(
            "demo.obj",
            navforge_export::to_obj(&mesh, &Default::default()).into_bytes(),
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
