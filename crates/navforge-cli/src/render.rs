use crate::{Failure, read_file, write_file};
use navforge::Input;
use navforge_render::{ColorBy, FloorSelect, RenderOptions};
use std::path::PathBuf;

/// How areas are coloured.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Color {
    Place,
    Attributes,
    Group,
}

/// `navforge render`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The navigation file to draw
    pub input: PathBuf,
    /// The picture: .svg or .png
    #[arg(short, long)]
    pub output: PathBuf,
    /// What colours the areas
    #[arg(long, value_enum, default_value = "place")]
    pub color: Color,
    /// Only one floor: its number from the bottom (0, 1, ...) or a height range MIN:MAX
    #[arg(long, allow_hyphen_values = true)]
    pub floor: Option<String>,
    /// Picture width in pixels
    #[arg(long, default_value_t = 1600)]
    pub width: u32,
    /// Title (default: the file name)
    #[arg(long)]
    pub title: Option<String>,
    /// Leave out the connections
    #[arg(long)]
    pub no_connections: bool,
    /// The level the mesh was made for (.bsp, .obj, .glb), drawn faintly underneath
    #[arg(long)]
    pub level: Option<PathBuf>,
}

/// Draw a file top-down as SVG or PNG, chosen by the output's extension.
pub fn run(req: &Args) -> Result<(), Failure> {
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
    let floor = req.floor.as_deref().map(parse_floor).transpose()?;
    let input = req.input.as_path();
    let data = read_file(input)?;
    let model = Input::read(input, &data)
        .map_err(|e| Failure::file(input, e))?
        .to_model();
    // A floor the mesh does not have, or an empty height range, would give an empty picture.
    if let Some(sel) = floor {
        navforge_render::resolve_floor(&model, sel)
            .map_err(|e| Failure::Usage(format!("{}: --floor: {e}", input.display())))?;
    }
    let title = req
        .title
        .clone()
        .or_else(|| input.file_stem().map(|s| s.to_string_lossy().into_owned()));
    let level = match req.level.as_deref() {
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
        connections: !req.no_connections,
        ..RenderOptions::default()
    };
    let bytes = if png {
        navforge_render::render_png(&model, &opts)
    } else {
        navforge_render::render_svg(&model, &opts).into_bytes()
    };
    write_file(&req.output, &bytes)
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
