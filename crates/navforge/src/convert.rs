//! What `convert` reads ([`Input`]) and writes ([`Target`], [`BuildOptions`]).

use crate::{Document, TriangleSoup};
use navforge_core::{
    BuildError, BuildErrorKind, BuildFromModel, Built, Dropped, Error, ErrorKind, Format, Game,
    NavDocument, Result, Summary, model::NavMesh,
};
use std::fmt;
use std::path::Path;

/// What `convert` produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Target {
    /// A format by its [`Format`]: a native one, lossless JSON, `.navjson`, OBJ or GLB.
    Format(Format),
    /// The input's own native format, whichever it is (for `.nav`, shared by Source and Quake).
    SameAsInput,
}

impl Target {
    /// The formats `--to` accepts: every format navforge writes.
    pub fn formats() -> impl Iterator<Item = Format> {
        Format::ALL.into_iter().filter(|f| f.capabilities().write)
    }

    /// The target `--to NAME` asks for.
    pub fn from_name(name: &str) -> Option<Target> {
        let format = match name {
            "gltf" => Format::Glb,
            other => Format::from_name(other)?,
        };
        Self::formats()
            .any(|f| f == format)
            .then_some(Target::Format(format))
    }

    /// The target an output path's extension asks for; `.nav` is the input's own format.
    pub fn from_path(path: &Path) -> Option<Target> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("nav") {
            return Some(Target::SameAsInput);
        }
        Format::from_extension(ext)
            .find(|f| Self::formats().any(|w| w == *f))
            .map(Target::Format)
    }
}

/// The game and version of a file to build, as `convert --game` and `--version` give them. Unset
/// fields default to the input's own game and the newest version real files use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildOptions {
    /// The game to write for.
    pub game: Option<Game>,
    /// The format version to write.
    pub version: Option<u32>,
    /// The up axis of OBJ output: Y by default (Blender's OBJ importer), Z for the game's own
    /// axes (what the fidelity scripts in `shared/tools` ask for with `--up z`).
    pub obj_up: navforge_export::UpAxis,
}

impl BuildOptions {
    /// Options with a game and a version, either optional.
    pub fn new(game: Option<Game>, version: Option<u32>) -> Self {
        BuildOptions {
            game,
            version,
            obj_up: navforge_export::UpAxis::default(),
        }
    }

    /// The same options with OBJ output turned to `up`.
    pub fn with_obj_up(mut self, up: navforge_export::UpAxis) -> Self {
        self.obj_up = up;
        self
    }
}

/// Why a conversion failed.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ConvertError {
    /// Writing a document failed (a count overflowed a field, say).
    Write(Error),
    /// Building the target from the model failed: what is missing or wrong, and where.
    Build(BuildError),
    /// The target cannot be made from this input at all.
    Unsupported {
        /// What the input is.
        from: Format,
        /// What was asked for.
        to: Format,
        /// Why, and what to do instead.
        why: String,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Write(e) => e.fmt(f),
            ConvertError::Build(e) => e.fmt(f),
            ConvertError::Unsupported { from, to, why } => {
                write!(f, "cannot convert {from} to {to}: {why}")
            }
        }
    }
}

impl std::error::Error for ConvertError {}

impl From<Error> for ConvertError {
    fn from(e: Error) -> Self {
        ConvertError::Write(e)
    }
}

impl From<BuildError> for ConvertError {
    fn from(e: BuildError) -> Self {
        ConvertError::Build(e)
    }
}

/// The bytes of a converted file, with what the target could not hold.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The file.
    pub bytes: Vec<u8>,
    /// What was left behind, with counts (printed as warnings).
    pub dropped: Vec<Dropped>,
}

impl Converted {
    fn complete(bytes: Vec<u8>) -> Self {
        Converted {
            bytes,
            dropped: Vec::new(),
        }
    }
}

/// What a conversion starts from: a navigation document or raw level geometry.
pub enum Input {
    /// A navigation file of a native format (or its lossless JSON).
    Document(Box<Document>),
    /// Triangle geometry (OBJ) to build navigation meshes from.
    Geometry(TriangleSoup),
    /// A level (BSP, or glTF geometry) with its collision world and entities.
    Level(Box<navforge_level::Level>),
}

impl Input {
    /// Read a file's bytes, choosing by extension for text inputs (`.obj`, `.navjson`) and by
    /// content otherwise.
    pub fn read(path: &Path, data: &[u8]) -> Result<Input> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if navforge_core::LevelKind::sniff_bsp(data).is_some()
            || matches!(ext.as_deref(), Some("bsp" | "glb" | "gltf"))
        {
            let format = match ext.as_deref() {
                Some("glb" | "gltf") => Format::Glb,
                _ => Format::Bsp,
            };
            return read_level(data, format);
        }
        match ext.as_deref() {
            Some("obj") => crate::read_obj(data).map(Input::Geometry),
            Some("navjson") => {
                let text = std::str::from_utf8(data).map_err(|e| {
                    Error::invalid(
                        Format::QuakeNavjson.name(),
                        "text",
                        e.valid_up_to() as u64,
                        "not UTF-8",
                    )
                })?;
                navjson_document(text, None).map(|d| Input::Document(Box::new(Document::Quake(d))))
            }
            _ => Document::read(data).map(|d| Input::Document(Box::new(d))),
        }
    }

    /// The input's format.
    pub fn format(&self) -> Format {
        match self {
            Input::Document(d) => d.format(),
            Input::Geometry(_) => Format::Obj,
            Input::Level(l) => level_format(l),
        }
    }

    /// The input in the common model.
    pub fn to_model(&self) -> NavMesh {
        match self {
            Input::Document(d) => d.to_model(),
            Input::Geometry(g) => g.to_model(),
            Input::Level(l) => level_model(l),
        }
    }

    /// What `navforge info` reports about it.
    pub fn summary(&self) -> Summary {
        match self {
            Input::Document(d) => d.summary(),
            Input::Geometry(g) => g.summary(),
            Input::Level(l) => level_summary(l),
        }
    }

    /// Produce the bytes of `target`. A document converted to its own format writes itself back
    /// unchanged (unless `options` ask for another game or version); anything else goes through
    /// the common model and [`build`].
    pub fn convert(
        &self,
        target: Target,
        options: &BuildOptions,
    ) -> std::result::Result<Converted, ConvertError> {
        let from = self.format();
        let to = match target {
            Target::Format(f) => f,
            // `.nav` is both Source's and Quake's: either writes itself; others become Source.
            Target::SameAsInput => match from {
                Format::SourceNav | Format::QuakeNav | Format::Quake2Nav => from,
                _ => Format::SourceNav,
            },
        };
        let unchanged = options.game.is_none() && options.version.is_none();
        match (self, to) {
            (Input::Level(l), Format::Obj) => Ok(Converted::complete(
                navforge_export::to_obj(
                    &level_model(l),
                    &navforge_export::ObjOptions { up: options.obj_up },
                )
                .into_bytes(),
            )),
            (Input::Level(l), Format::Glb) => Ok(Converted::complete(l.world_glb())),
            (Input::Level(_), to) => Err(ConvertError::Unsupported {
                from,
                to,
                why: "a level holds geometry, not navigation: export it as obj or glb, or \
                      generate a mesh from it with `navforge generate`"
                    .into(),
            }),
            (_, Format::Obj) => Ok(Converted::complete(
                navforge_export::to_obj(
                    &self.to_model(),
                    &navforge_export::ObjOptions { up: options.obj_up },
                )
                .into_bytes(),
            )),
            (_, Format::Glb) => Ok(Converted::complete(navforge_export::to_glb(
                &self.to_model(),
            ))),
            (Input::Document(d), to) if d.format() == to && unchanged => {
                Ok(Converted::complete(d.write()?))
            }
            // Another NAV2 version of a graph: through `.navjson`, which keeps traversals and
            // edicts (the common model carries no edicts).
            (Input::Document(d), Format::QuakeNav)
                if matches!(options.game, None | Some(Game::Quake)) =>
            {
                match d.as_ref() {
                    Document::Quake(q) => {
                        let text = navforge_quake::to_navjson(q)?;
                        let doc = navjson_document(&text, options.version)?;
                        Ok(Converted::complete(doc.write()?))
                    }
                    _ => self.rebuild(to, options),
                }
            }
            (Input::Document(d), Format::LosslessJson) => Ok(Converted::complete(d.to_json())),
            (Input::Geometry(_), Format::LosslessJson) => Err(ConvertError::Unsupported {
                from,
                to,
                why: "lossless JSON holds navigation documents; OBJ geometry has none".into(),
            }),
            (Input::Document(d), Format::QuakeNavjson) => {
                let built = match d.as_ref() {
                    Document::Quake(q) => Built::complete(q.clone()),
                    _ => {
                        let mut built = build_document::<navforge_quake::QuakeNavDocument>(
                            &self.to_model(),
                            &quake_options(options, 15)?,
                        )?;
                        built.dropped.extend(self.model_losses());
                        built
                    }
                };
                let text = navforge_quake::to_navjson(&built.document)?;
                Ok(Converted {
                    bytes: text.into_bytes(),
                    dropped: built.dropped,
                })
            }
            (Input::Geometry(_), Format::QuakeNavjson) => Err(ConvertError::Unsupported {
                from,
                to,
                why: "OBJ geometry has no waypoint graph".into(),
            }),
            (_, to) => self.rebuild(to, options),
        }
    }

    /// `to` built from the common model, with what the model did not carry of the input
    /// counted after what the target could not hold.
    fn rebuild(
        &self,
        to: Format,
        options: &BuildOptions,
    ) -> std::result::Result<Converted, ConvertError> {
        let mut converted = build(to, &self.to_model(), options)?;
        converted.dropped.extend(self.model_losses());
        Ok(converted)
    }

    /// What of the input the common model does not carry, so a build from it cannot write:
    /// a waypoint graph's edicts (the doors and platforms its links depend on).
    fn model_losses(&self) -> Vec<Dropped> {
        let edicts = match self {
            Input::Document(d) => match d.as_ref() {
                Document::Quake(q) => q.edicts.len(),
                Document::Quake2(q) => q.edicts.len(),
                _ => 0,
            },
            _ => 0,
        };
        Built::complete(())
            .dropping("edicts (the doors and platforms links depend on)", edicts)
            .dropped
    }
}

/// A `.navjson` graph as `NAV2` of `version`, or of the newest version its edicts allow (18
/// where they carry entity IDs; the community tool's own choice otherwise).
fn navjson_document(text: &str, version: Option<u32>) -> Result<navforge_quake::QuakeNavDocument> {
    let json = navforge_quake::NavJson::parse(text)?;
    match version {
        Some(v) => json.to_document(v),
        None => json
            .to_document(18)
            .or_else(|_| json.to_document(json.default_nav_version()?)),
    }
}

/// Read a level; `format` is what the file is taken for (by its name) when the error does not
/// say which family it is.
fn read_level(data: &[u8], format: Format) -> Result<Input> {
    let options = navforge_level::LoadOptions::default();
    navforge_level::Level::load(data, &options)
        .map(|l| Input::Level(Box::new(l)))
        .map_err(|e| level_error(e, format))
}

/// A level error as navforge's, keeping its kind, field and offset: a BSP error names the lump
/// record and byte offset at fault; an OBJ/glTF error names the item and has no offset (the
/// parsers do not give one), and no made-up `byte 0` either.
fn level_error(e: navforge_level::LevelError, format: Format) -> Error {
    use navforge_level::LevelError;
    match e {
        LevelError::Malformed {
            family,
            field,
            offset,
            message,
        } => Error::invalid(
            Format::Bsp.name(),
            field,
            offset,
            format!("{family}: {message}"),
        ),
        LevelError::Mesh {
            format: kind,
            field,
            message,
        } => {
            let format = if kind == "OBJ" {
                Format::Obj
            } else {
                Format::Glb
            };
            let field = if field.is_empty() {
                "level".to_string()
            } else {
                field
            };
            Error::in_document(format.name(), field, format!("{kind}: {message}"))
        }
        LevelError::UnknownFormat { first_bytes } => Error::new(
            format.name(),
            "magic",
            0,
            ErrorKind::BadMagic { found: first_bytes },
        ),
        LevelError::Unsupported { family, reason } => Error::invalid(
            format.name(),
            "header",
            0,
            format!("{family} is not supported: {reason}"),
        ),
        other => Error::in_document(format.name(), "level", other.to_string()),
    }
}

fn level_format(level: &navforge_level::Level) -> Format {
    match level.family() {
        navforge_level::Family::Gltf => Format::Glb,
        navforge_level::Family::Obj => Format::Obj,
        _ => Format::Bsp,
    }
}

/// A level's world triangles as areas (Z up), so pictures and exports can show it.
fn level_model(level: &navforge_level::Level) -> NavMesh {
    let (vertices, triangles) = level.world_triangles();
    let mut mesh = TriangleSoup {
        vertices,
        triangles,
    }
    .to_model();
    mesh.format = Some(Format::Bsp);
    mesh
}

fn level_summary(level: &navforge_level::Level) -> Summary {
    let s = level.summary();
    let mut summary = Summary::new(level_format(level), u64::from(level.version()));
    summary.variant = Some(s.family.to_string());
    if let Ok(serde_json::Value::Object(map)) = serde_json::to_value(&s) {
        summary.details.extend(map);
    }
    summary
}

/// A new file of `format` built from the common model: the way between games. Each format's
/// [`BuildFromModel`] fills what the model lacks with the game's defaults and reports what it
/// cannot hold; a result that would hold nothing the input had is refused.
pub fn build(
    format: Format,
    mesh: &NavMesh,
    options: &BuildOptions,
) -> std::result::Result<Converted, ConvertError> {
    refuse_empty(format, mesh)?;
    fn done<D: NavDocument>(built: Built<D>) -> std::result::Result<Converted, ConvertError> {
        Ok(Converted {
            bytes: built.document.write()?,
            dropped: built.dropped,
        })
    }
    match format {
        Format::SourceNav => done(build_document::<navforge_source::SourceNavDocument>(
            mesh,
            &source_options(format, options, mesh)?,
        )?),
        Format::SourceSelected => {
            no_version(format, options)?;
            done(build_document::<navforge_source::SelectedAreasDocument>(
                mesh,
                &(),
            )?)
        }
        Format::QuakeNav => done(build_document::<navforge_quake::QuakeNavDocument>(
            mesh,
            &quake_options(options, 18)?,
        )?),
        Format::TesPlugin => done(build_document::<navforge_tes::PluginDocument>(
            mesh,
            &tes_options(format, options, mesh)?,
        )?),
        Format::MgsvNav2 => {
            no_version(format, options)?;
            done(build_document::<navforge_mgsv::Nav2Document>(mesh, &())?)
        }
        other => Err(ConvertError::Unsupported {
            from: mesh.format.unwrap_or(Format::SourceNav),
            to: other,
            why: format!("navforge cannot build {other} files from the common model"),
        }),
    }
}

fn build_document<D: BuildFromModel>(
    mesh: &NavMesh,
    options: &D::Options,
) -> std::result::Result<Built<D>, BuildError> {
    D::from_model(mesh, options)
}

/// Formats of areas cannot be made from a graph, and graphs not from nothing: say so rather than
/// write an empty file.
fn refuse_empty(format: Format, mesh: &NavMesh) -> std::result::Result<(), BuildError> {
    let wants_areas = matches!(
        format,
        Format::SourceNav | Format::SourceSelected | Format::TesPlugin | Format::MgsvNav2
    );
    let what = if wants_areas && mesh.areas.is_empty() {
        if mesh.nodes.is_empty() {
            "the input has no areas".to_string()
        } else {
            format!(
                "the input is a waypoint graph ({} nodes, {} links) with no areas; {} needs areas \
                 (keep it as quake-nav, navjson or json, or draw it with `navforge render`)",
                mesh.nodes.len(),
                mesh.links.len(),
                format
            )
        }
    } else if !wants_areas && mesh.areas.is_empty() && mesh.nodes.is_empty() {
        "the input has neither areas nor nodes".to_string()
    } else {
        return Ok(());
    };
    Err(BuildError::new(format, BuildErrorKind::Empty(what)))
}

fn unsupported(format: Format, what: String) -> BuildError {
    BuildError::new(format, BuildErrorKind::Unsupported(what))
}

fn no_version(format: Format, options: &BuildOptions) -> std::result::Result<(), BuildError> {
    if let Some(v) = options.version {
        return Err(unsupported(
            format,
            format!("{format} has one version; --version {v} does not apply"),
        ));
    }
    Ok(())
}

/// Source: the game picks the version and layout (GoldSrc v5 for cs16/cz, v16 with the game's
/// sub-version for the others); with no game the base v16 layout.
fn source_options(
    format: Format,
    options: &BuildOptions,
    mesh: &NavMesh,
) -> std::result::Result<navforge_source::SourceBuildOptions, BuildError> {
    match options.game.or(mesh.game.filter(|g| g.format() == format)) {
        Some(game) => navforge_source::SourceBuildOptions::from_game(game, options.version),
        None => match options.version {
            None | Some(16) => Ok(navforge_source::SourceBuildOptions::default()),
            Some(v) => Err(unsupported(
                format,
                format!("version {v} needs --game: it decides the layout (16 is the default)"),
            )),
        },
    }
}

fn quake_options(
    options: &BuildOptions,
    default: u32,
) -> std::result::Result<navforge_quake::QuakeBuildOptions, BuildError> {
    if let Some(g) = options.game.filter(|&g| g != Game::Quake) {
        return Err(unsupported(
            Format::QuakeNav,
            format!("game {g}: NAV2 files are Quake's"),
        ));
    }
    let version = options.version.unwrap_or(default);
    let version = navforge_quake::NavVersion::from_number(version).ok_or_else(|| {
        unsupported(
            Format::QuakeNav,
            format!("version {version}: NAV2 versions are 14-18"),
        )
    })?;
    Ok(navforge_quake::QuakeBuildOptions::new(version))
}

fn tes_options(
    format: Format,
    options: &BuildOptions,
    mesh: &NavMesh,
) -> std::result::Result<navforge_tes::TesBuildOptions, BuildError> {
    no_version(format, options)?;
    let game = match options.game.or(mesh.game.filter(|g| g.format() == format)) {
        None | Some(Game::SkyrimSe) => navforge_tes::Game::SkyrimSe,
        Some(Game::SkyrimLe) => navforge_tes::Game::Skyrim,
        Some(Game::Fo4) => navforge_tes::Game::Fallout4,
        Some(other) => {
            return Err(unsupported(
                format,
                format!("game {other}: plugins are written for skyrim-se, skyrim-le, fo4"),
            ));
        }
    };
    Ok(navforge_tes::TesBuildOptions::game(game))
}
