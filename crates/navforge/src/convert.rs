//! What `convert` reads ([`Input`]) and writes ([`Target`]).

use crate::{Document, TriangleSoup};
use navforge_core::{Error, NavDocument, Result, Summary, model::NavMesh};
use std::path::Path;

/// What `convert` produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A native format by machine name (`source-nav`, `mgsv-nav2`, ...).
    Native(&'static str),
    /// The input's own native format, whichever it is (for `.nav`, shared by Source and Quake).
    SameAsInput,
    /// Lossless document JSON.
    Json,
    /// The Quake community JSON form.
    NavJson,
    Obj,
    Glb,
}

impl Target {
    /// Names accepted by `--to`.
    pub const NAMES: &[&str] = &[
        "source-selected",
        "source-nav",
        "quake-nav",
        "quake2-nav",
        "mgsv-nav2",
        "tes-plugin",
        "json",
        "navjson",
        "obj",
        "glb",
    ];

    pub fn from_name(name: &str) -> Option<Target> {
        Some(match name {
            "json" => Target::Json,
            "navjson" => Target::NavJson,
            "obj" => Target::Obj,
            "glb" | "gltf" => Target::Glb,
            other => Target::Native(crate::FORMATS.iter().find(|(n, _)| *n == other)?.0),
        })
    }

    /// The target an output path's extension asks for.
    pub fn from_path(path: &Path) -> Option<Target> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "json" => Target::Json,
            "navjson" => Target::NavJson,
            "obj" => Target::Obj,
            "glb" | "gltf" => Target::Glb,
            "nav" => Target::SameAsInput,
            "txt" => Target::Native(navforge_source::SelectedAreasDocument::FORMAT),
            "nav2" => Target::Native(navforge_mgsv::Nav2Document::FORMAT),
            "esp" | "esm" | "esl" => Target::Native(navforge_tes::PluginDocument::FORMAT),
            _ => return None,
        })
    }
}

/// What a conversion starts from: a navigation document or raw level geometry.
pub enum Input {
    Document(Box<Document>),
    Geometry(TriangleSoup),
}

impl Input {
    /// Read a file's bytes, choosing by extension for text inputs (`.obj`, `.navjson`) and by
    /// content otherwise.
    pub fn read(path: &Path, data: &[u8]) -> Result<Input> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("obj") => crate::read_obj(data).map(Input::Geometry),
            Some("navjson") => {
                let text = std::str::from_utf8(data).map_err(|e| {
                    Error::invalid("navjson", "text", e.valid_up_to() as u64, "not UTF-8")
                })?;
                navforge_quake::from_navjson(text)
                    .map(|d| Input::Document(Box::new(Document::Quake(d))))
            }
            _ => Document::read(data).map(|d| Input::Document(Box::new(d))),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Input::Document(d) => d.format(),
            Input::Geometry(_) => "obj",
        }
    }

    /// The input in the common model.
    pub fn to_model(&self) -> NavMesh {
        match self {
            Input::Document(d) => d.to_model(),
            Input::Geometry(g) => g.to_model(),
        }
    }

    /// What `navforge info` reports about it.
    pub fn summary(&self) -> Summary {
        match self {
            Input::Document(d) => d.summary(),
            Input::Geometry(g) => g.summary(),
        }
    }

    /// Produce the bytes of `target`.
    pub fn convert(&self, target: Target) -> Result<Vec<u8>> {
        let refuse = |to: &str| {
            Err(Error::invalid(
                "navforge",
                "target",
                0,
                format!("cannot convert {} to {to}", self.name()),
            ))
        };
        match (self, target) {
            (_, Target::Obj) => Ok(navforge_export::to_obj(&self.to_model()).into_bytes()),
            (_, Target::Glb) => Ok(navforge_export::to_glb(&self.to_model())),
            (Input::Document(d), Target::Native(name)) if d.format() == name => d.write(),
            // `.nav` is both Source's and Quake's: either writes itself; others become Source.
            (Input::Document(d), Target::SameAsInput)
                if matches!(
                    d.as_ref(),
                    Document::Source(_) | Document::Quake(_) | Document::Quake2(_)
                ) =>
            {
                d.write()
            }
            (Input::Geometry(g), Target::Native(name))
                if name == navforge_mgsv::Nav2Document::FORMAT =>
            {
                navforge_mgsv::from_triangles(&g.vertices, &g.triangles)?.write()
            }
            (_, Target::Native(name)) => build(name, &self.to_model()),
            (_, Target::SameAsInput) => {
                build(navforge_source::SourceNavDocument::FORMAT, &self.to_model())
            }
            (Input::Document(d), Target::Json) => Ok(d.to_json()),
            (Input::Document(d), Target::NavJson) => match d.as_ref() {
                Document::Quake(q) => navforge_quake::to_navjson(q).map(String::into_bytes),
                _ => navforge_quake::to_navjson(&navforge_quake::from_model(&self.to_model(), 15)?)
                    .map(String::into_bytes),
            },
            (_, Target::Json) => refuse("json"),
            (Input::Geometry(_), Target::NavJson) => refuse("navjson"),
        }
    }
}

/// A new file of `format` built from the common model: the way between games. Each builder fills
/// what the model lacks with plain defaults (see the README's "Writing new files from the common
/// model"), and refuses what the format cannot hold (triangles as Source areas, say).
pub fn build(format: &str, mesh: &NavMesh) -> Result<Vec<u8>> {
    use navforge_core::NavDocument;
    match format {
        "source-nav" => navforge_source::from_model(mesh, 0)?.write(),
        "source-selected" => navforge_source::selected_from_model(mesh)?.write(),
        "quake-nav" => navforge_quake::from_model(mesh, 18)?.write(),
        "tes-plugin" => {
            navforge_tes::PluginDocument::from_model(mesh, navforge_tes::Game::SkyrimSe)?.write()
        }
        "mgsv-nav2" => {
            let (vertices, triangles) = fox_triangles(mesh);
            navforge_mgsv::from_triangles(&vertices, &triangles)?.write()
        }
        other => Err(Error::invalid(
            "navforge",
            "target",
            0,
            format!("navforge cannot build {other} files"),
        )),
    }
}

/// The mesh's areas as one triangle list in Fox Engine axes (Y up): polygons fan-triangulated,
/// equal corners merged so that neighbouring triangles share vertices.
fn fox_triangles(mesh: &NavMesh) -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
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
