//! The one layout step both outputs share: the mesh as primitives in picture coordinates.
//!
//! [`build_scene`] runs one phase per module, in order: [`select`] (which areas), [`frame`]
//! (world box, squeezed), [`colours`] (fills, legend, height shading), [`marks`] (connections,
//! ladders, spots, graph), [`layout`] (where everything goes), [`draw`] (the map), [`chrome`]
//! (scale bar, title) and [`legend`].

mod chrome;
mod colours;
mod draw;
mod frame;
mod labels;
mod layout;
mod legend;
mod marks;
mod overlays;
mod select;
mod shapes;

use navforge_core::model::{AreaId, NavMesh};

use crate::RenderOptions;
use crate::palette;
use frame::Frame;

/// A colour with straight (not premultiplied) alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha (255: opaque).
    pub a: u8,
}

impl Rgba {
    /// A colour from its four channels.
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }
    /// `self` moved towards `other` by `t` (0..=1), alpha kept.
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let f = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgba::new(
            f(self.r, other.r),
            f(self.g, other.g),
            f(self.b, other.b),
            self.a,
        )
    }
    /// The same colour with alpha `a`.
    pub fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }
}

/// Fill and stroke; `None` fields fall back to the layer's style.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Style {
    /// Fill colour.
    pub fill: Option<Rgba>,
    /// Stroke colour.
    pub stroke: Option<Rgba>,
    /// Stroke width in pixels.
    pub stroke_width: Option<f32>,
    /// Dash length (gap the same), for strokes.
    pub dash: Option<f32>,
}

impl Style {
    /// A fill only.
    pub fn fill(c: Rgba) -> Style {
        Style {
            fill: Some(c),
            ..Style::default()
        }
    }
    /// A stroke of colour `c`, `w` pixels wide.
    pub fn stroke(c: Rgba, w: f32) -> Style {
        Style {
            stroke: Some(c),
            stroke_width: Some(w),
            ..Style::default()
        }
    }
    /// `self` with missing fields taken from `base`.
    pub fn over(self, base: Style) -> Style {
        Style {
            fill: self.fill.or(base.fill),
            stroke: self.stroke.or(base.stroke),
            stroke_width: self.stroke_width.or(base.stroke_width),
            dash: self.dash.or(base.dash),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
/// A shape in picture coordinates (pixels, y down).
pub enum Shape {
    /// A closed polygon.
    Polygon(Vec<[f32; 2]>),
    /// An open line through the points.
    Polyline(Vec<[f32; 2]>),
    /// A straight line from one point to another.
    Line([f32; 2], [f32; 2]),
    /// A circle.
    Circle {
        /// Centre.
        c: [f32; 2],
        /// Radius.
        r: f32,
    },
    /// A rectangle.
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
    },
    /// Text whose box starts at `at` (top-left, or top-centre / top-right by `anchor`); the box is
    /// `8 * scale` pixels high, the font `10.5 * scale` pixels (DejaVu Sans Mono).
    Text {
        /// Where the text box starts.
        at: [f32; 2],
        /// The text.
        text: String,
        /// Size: the box is `8 * scale` pixels high.
        scale: u32,
        /// Which edge of the box `at` is.
        anchor: Anchor,
        /// Bold face.
        bold: bool,
    },
}

/// Which edge of a text box its position names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The left edge.
    Start,
    /// The centre.
    Middle,
    /// The right edge.
    End,
}

/// What an item stands for (SVG `data-` attributes).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Tag {
    #[default]
    /// Nothing in particular.
    None,
    /// An area, by ID.
    Area(AreaId),
    /// A connection between two areas.
    Connection(AreaId, AreaId),
    /// A link between two graph nodes.
    Link(u64, u64),
    /// A ladder, by ID.
    Ladder(u64),
    /// A hiding spot, by ID.
    Spot(u64),
    /// A graph node, by ID.
    Node(u64),
    /// A label (legend entry, title, place name).
    Label(String),
}

#[derive(Debug, Clone, PartialEq)]
/// One thing drawn: a shape, its style, class and what it stands for.
pub struct Item {
    /// What to draw.
    pub shape: Shape,
    /// How to draw it, over the layer's style.
    pub style: Style,
    /// SVG class (space-separated), may be empty.
    pub class: &'static str,
    /// What it stands for.
    pub tag: Tag,
}

/// A named group of items (an SVG `<g>`), with a default style.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// SVG class of the group.
    pub class: &'static str,
    /// Style its items fall back to.
    pub style: Style,
    /// The items, drawn in order.
    pub items: Vec<Item>,
}

/// Everything to draw, in order, in pixel coordinates (y down).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Background colour.
    pub background: Rgba,
    /// Title drawn at the top.
    pub title: Option<String>,
    /// Layers, drawn in order.
    pub layers: Vec<Layer>,
}

impl Layer {
    pub(crate) fn new(class: &'static str, style: Style) -> Layer {
        Layer {
            class,
            style,
            items: Vec::new(),
        }
    }
    pub(crate) fn push(&mut self, shape: Shape, style: Style, class: &'static str, tag: Tag) {
        self.items.push(Item {
            shape,
            style,
            class,
            tag,
        });
    }
}

/// Text width in pixels (the embedded font's advances).
pub(crate) fn text_width(text: &str, scale: u32) -> f32 {
    crate::font::text_width(text, scale)
}

pub(crate) fn finite2(p: [f32; 3]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

/// Sizes that follow the picture width: `u` is one unit at 1600 px.
pub(crate) struct Metrics {
    pub w: f32,
    pub u: f32,
    /// Text scale.
    pub ts: u32,
    pub title_scale: u32,
    pub line_h: f32,
    pub margin: f32,
}

impl Metrics {
    fn new(width: u32) -> Metrics {
        let w = width as f32;
        let u = (w / 1600.0).max(0.25);
        let ts: u32 = ((2.0 * u).round() as u32).max(1);
        Metrics {
            w,
            u,
            ts,
            title_scale: ts + 1,
            line_h: (8 * ts) as f32 * 1.6,
            margin: (24.0 * u).round().max(6.0),
        }
    }
}

/// Each area's category colour (by place, attributes or group) as the picture picks it, before
/// height shading; for other views of the same mesh ([`crate::area_palette`]).
pub(crate) fn area_categories(mesh: &NavMesh, by: crate::ColorBy) -> crate::AreaPalette {
    let opts = RenderOptions {
        color_by: by,
        ..RenderOptions::default()
    };
    let sel = select::select(mesh, &opts);
    let c = colours::colours(mesh, &opts, &sel);
    crate::AreaPalette {
        of_area: (c.colour.iter())
            .map(|&(_, rank)| (rank != usize::MAX).then_some(rank as u32))
            .collect(),
        by_height: c.by_height,
        categories: (c.categories.into_iter())
            .map(|(name, colour, areas)| crate::Category {
                name,
                colour,
                areas,
            })
            .collect(),
    }
}

/// Lays the mesh out as a [`Scene`]; both [`crate::render_svg`] and [`crate::render_png`] draw
/// exactly this.
pub fn build_scene(mesh: &NavMesh, opts: &RenderOptions) -> Scene {
    let y_up = !mesh.is_z_up();
    let mesh = &*mesh.to_z_up();
    let width = opts.width.clamp(160, 8000);
    let m = Metrics::new(width);

    let mut sel = select::select(mesh, opts);
    let fr = frame::frame(mesh);
    let any = fr.any;
    let mut colours = colours::colours(mesh, opts, &sel);
    let heights = colours::heights(&mut sel, &fr, &colours);
    let mut marks = marks::marks(mesh, opts, &sel);
    let mut sections: Vec<legend::Section> = colours.section.take().into_iter().collect();
    sections.append(&mut marks.sections);
    let overlays = overlays::overlays(opts, y_up, &sel);
    sections.extend(overlays.section());

    let title_text = opts.title.as_deref().map(|t| legend::truncate(t, 80));
    let subtitle = chrome::subtitle(mesh, opts, &sel);
    let lay = layout::layout(&m, fr, &sections, &heights, chrome::title_height(&m));

    let mut layers = draw::map_layers(&draw::MapParts {
        mesh,
        sel: &sel,
        colours: &colours,
        heights: &heights,
        marks: &marks,
        lay: &lay,
        m: &m,
    });
    // Level geometry goes right above the map frame, the route over everything else.
    if let Some(l) = overlays.backdrop_layer(&lay) {
        layers.insert(1, l);
    }
    layers.extend(labels::place_labels(
        mesh,
        opts,
        &sel,
        colours.by_height,
        &lay,
        &m,
    ));
    layers.extend(overlays.path_layer(&lay, &m));
    if any {
        layers.push(chrome::scale_bar(&lay, &m));
    }
    let empty_note = (sel.shown.is_empty() && marks.node_pos.is_empty()).then_some({
        if mesh.areas.is_empty() && mesh.nodes.is_empty() {
            "empty mesh"
        } else if sel.selecting {
            "no areas on this floor"
        } else {
            "no drawable areas"
        }
    });
    layers.push(chrome::title_layer(
        title_text.as_ref(),
        &subtitle,
        empty_note,
        &lay,
        &m,
    ));
    layers.push(legend::legend_layer(
        &sections,
        &heights,
        &m,
        m.w - m.margin - lay.legend_w,
        lay.map_y,
        lay.legend_w,
        lay.swatch_w,
    ));

    Scene {
        width,
        height: lay.height,
        background: palette::BACKGROUND,
        title: title_text,
        layers,
    }
}
