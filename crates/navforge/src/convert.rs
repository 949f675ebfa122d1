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
            (Input::Document(d), Target::SameAsInput) => d.write(),
            (Input::Document(d), Target::Native(name)) if d.format() == name => d.write(),
            (Input::Document(d), Target::Json) => Ok(d.to_json()),
            (Input::Document(d), Target::NavJson) => match d.as_ref() {
                Document::Quake(q) => navforge_quake::to_navjson(q).map(String::into_bytes),
                _ => refuse("navjson"),
            },
            (Input::Geometry(g), Target::Native(name))
                if name == navforge_mgsv::Nav2Document::FORMAT =>
            {
                navforge_mgsv::from_triangles(&g.vertices, &g.triangles)?.write()
            }
            (_, Target::Native(name)) => refuse(name),
            (_, Target::SameAsInput) => refuse("nav"),
            (_, Target::Json) => refuse("json"),
            (_, Target::NavJson) => refuse("navjson"),
        }
    }
}
