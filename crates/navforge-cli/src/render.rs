use crate::{Failure, read_file, write_file};
use navforge::Input;
use navforge_render::{ColorBy, FloorSelect, RenderOptions};
use std::path::Path;

/// How areas are coloured.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Color {
    Place,
    Attributes,
    Group,
}

pub struct Request<'a> {
    pub input: &'a Path,
    pub output: &'a Path,
    pub color: Color,
    pub floor: Option<&'a str>,
    pub width: u32,
    pub title: Option<String>,
    pub connections: bool,
    /// A level drawn faintly under the mesh.
    pub level: Option<&'a Path>,
}

/// Draw a file top-down as SVG or PNG, chosen by the output's extension.
pub fn run(req: Request) -> Result<(), Failure> {
    let ext = req
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let png = match ext.as_deref() {
        Some("png") => true,
        Some("svg") => false,
        _ => {
            return Err(Failure::Usage(format!(
                "{}: the picture must be .svg or .png",
                req.output.display()
            )));
        }
    };
    let floor = req.floor.map(parse_floor).transpose()?;
    let data = read_file(req.input)?;
    let model = Input::read(req.input, &data)
        .map_err(|e| Failure::file(req.input, e))?
        .to_model();
    // A floor the mesh does not have, or an empty height range, would give an empty picture.
    if let Some(sel) = floor {
        navforge_render::resolve_floor(&model, sel)
            .map_err(|e| Failure::Usage(format!("{}: --floor: {e}", req.input.display())))?;
    }
    let title = req.title.or_else(|| {
        req.input
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
    });
    let level = match req.level {
        Some(path) => {
            let data = read_file(path)?;
            let level = navforge_level::Level::load(&data, &navforge_level::LoadOptions::default())
                .map_err(|e| Failure::file(path, e))?;
            Some(level.world_triangles())
        }
        None => None,
    };
    let backdrop = level
        .as_ref()
        .map(|(vertices, triangles)| navforge_render::Backdrop {
            vertices,
            triangles,
        });
    let opts = RenderOptions {
        backdrop,
        color_by: match req.color {
            Color::Place => ColorBy::Place,
            Color::Attributes => ColorBy::Attributes,
            Color::Group => ColorBy::Group,
        },
        floor,
        width: req.width,
        title,
        connections: req.connections,
        ..RenderOptions::default()
    };
    let bytes = if png {
        navforge_render::render_png(&model, &opts)
    } else {
        navforge_render::render_svg(&model, &opts).into_bytes()
    };
    write_file(req.output, &bytes)
}

/// `N` picks the N-th floor from the bottom; `MIN:MAX` a height range.
fn parse_floor(text: &str) -> Result<FloorSelect, Failure> {
    let bad = || {
        Failure::Usage(format!(
            "--floor takes a floor number or MIN:MAX heights, not `{text}`"
        ))
    };
    match text.split_once(':') {
        Some((lo, hi)) => Ok(FloorSelect::ZRange {
            min: lo.trim().parse().map_err(|_| bad())?,
            max: hi.trim().parse().map_err(|_| bad())?,
        }),
        None => text
            .trim()
            .parse()
            .map(FloorSelect::Index)
            .map_err(|_| bad()),
    }
}
