//! Top-down pictures of the common navigation model, as SVG or PNG.
//!
//! Both outputs come from one [scene](Scene): a list of primitives (polygons, lines, circles,
//! rectangles, text) already laid out in picture coordinates. [`render_svg`] writes it as SVG text,
//! [`render_png`] rasterises it with `tiny-skia`, so the two show the same thing.
//!
//! What the picture shows:
//! - areas (world X to the right, world Y up), filled by place, by attribute set or by group
//!   ([`ColorBy`]), with thin outlines, drawn lowest first;
//! - without a floor selection, areas are shaded by height (higher is lighter) so that overlapping
//!   floors read; with one ([`FloorSelect`]), only the areas whose mean height falls in it;
//! - connections between area centres: two-way ones as plain lines, one-way ones in a warm colour
//!   with an arrowhead at their middle;
//! - ladders (a framed symbol with rungs, dashed lines to the areas they join), hiding spots by
//!   kind, waypoint nodes and links coloured by link type (Quake's `walk`, `long jump`, ...);
//! - the title (map name), a subtitle with counts, a legend and a scale bar in world units;
//! - optional overlays for other tools: faint level geometry under the mesh ([`Backdrop`]) and a
//!   highlighted route over it ([`RenderOptions::path`]).
//!
//! Heights are along the up axis: Z for Source, Quake and Bethesda; Fox Engine (MGSV) meshes are
//! Y-up and are turned with [`NavMesh::to_z_up`] before anything is laid out.
//!
//! Far-apart parts of one file (a Bethesda interior cell beside its worldspace, a Quake secret
//! room) would shrink everything to dots: empty bands wider than a quarter of the extent are cut
//! short and marked with a dashed line, and the scale bar says so.
//!
//! Non-finite coordinates are skipped; every input, however broken, gives a picture.
//!
//! ```
//! use navforge_core::model::{Area, NavMesh};
//! use navforge_render::{FloorSelect, RenderOptions, render_png, render_svg};
//!
//! let mut mesh = NavMesh::default();
//! mesh.areas.push(Area {
//!     id: 1,
//!     polygon: vec![[0.0, 64.0, 0.0], [64.0, 64.0, 0.0], [64.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
//!     ..Area::default()
//! });
//! let opts = RenderOptions {
//!     title: Some("de_example".into()),
//!     floor: Some(FloorSelect::ZRange { min: -100.0, max: 100.0 }),
//!     ..RenderOptions::default()
//! };
//! let svg = render_svg(&mesh, &opts);
//! assert_eq!(svg.matches("data-area=\"1\"").count(), 1);
//! let png = render_png(&mesh, &opts);
//! assert!(png.starts_with(b"\x89PNG"));
//! ```
//!
//! In the SVG, each drawn area is one `<polygon class="area" data-area="ID">`; connections are
//! `<line class="conn two-way">` or `<line class="conn one-way">` with `data-from`/`data-to`; the
//! legend is `<g class="legend">` and the scale bar `<g class="scale-bar">`.

#![deny(missing_docs)]

mod floors;
mod font;
mod palette;
mod raster;
mod scene;
mod squeeze;
mod svg;
mod viewer;

pub use floors::{Floor, FloorError, floors, resolve_floor};

pub use scene::{Item, Layer, Rgba, Scene, Shape, Style, Tag, build_scene};
pub use viewer::{
    AreaPalette, Category, MARK_COLOURS, MarkColours, area_palette, height_colour, link_colour,
    spot_kinds,
};

use navforge_core::model::NavMesh;

/// What decides an area's fill colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorBy {
    /// The area's place name (grey for none).
    #[default]
    Place,
    /// The set of attribute flags (`crouch`, `jump + no_hostages`, ...; grey for none).
    Attributes,
    /// The area's group (tile, segment, navmesh record).
    Group,
}

/// Which areas to draw when floors overlap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FloorSelect {
    /// Areas whose mean height is within `min..=max` (world units).
    ZRange {
        /// Lowest mean height.
        min: f32,
        /// Highest mean height.
        max: f32,
    },
    /// The n-th floor found by [`floors`], 0 being the lowest.
    Index(usize),
}

/// Level geometry drawn faintly under the mesh: triangles over `vertices`, in the same axes as
/// the mesh (Z up for Source, Quake and Bethesda). Triangles with an index out of range, a
/// non-finite corner, or no extent seen from above (walls) are skipped.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Backdrop<'a> {
    /// Corner positions.
    pub vertices: &'a [[f32; 3]],
    /// Three indices into `vertices` per triangle.
    pub triangles: &'a [[u32; 3]],
}

/// How to draw the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions<'a> {
    /// What the area colours stand for.
    pub color_by: ColorBy,
    /// Only the areas on this floor; `None` draws all, shaded by height.
    pub floor: Option<FloorSelect>,
    /// Width of the picture in pixels (clamped to 160..=8000); the height follows the mesh.
    pub width: u32,
    /// Map name shown at the top.
    pub title: Option<String>,
    /// Draw the connections between areas (on by default).
    pub connections: bool,
    /// Level geometry drawn faintly under the mesh (with a floor selected, only the triangles
    /// near that floor's heights).
    pub backdrop: Option<Backdrop<'a>>,
    /// A route drawn over everything as a highlighted line, with its start and end marked, in
    /// the same axes as the mesh.
    pub path: Option<&'a [[f32; 3]]>,
}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions {
            color_by: ColorBy::Place,
            floor: None,
            width: 1600,
            title: None,
            connections: true,
            backdrop: None,
            path: None,
        }
    }
}

/// The picture as an SVG document.
pub fn render_svg(mesh: &NavMesh, opts: &RenderOptions) -> String {
    svg::write_svg(&build_scene(mesh, opts))
}

/// The picture as PNG bytes (`opts.width` pixels wide).
pub fn render_png(mesh: &NavMesh, opts: &RenderOptions) -> Vec<u8> {
    raster::encode_png(&build_scene(mesh, opts))
}
