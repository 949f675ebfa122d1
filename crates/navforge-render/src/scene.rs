//! The one layout step both outputs share: the mesh as primitives in picture coordinates.

use std::collections::{BTreeMap, HashMap, HashSet};

use navforge_core::model::{AreaId, ConnectionKind, NavMesh};

use crate::floors::{finite_polygon, floors_of, mean_z};
use crate::palette::{self, hex};
use crate::squeeze::Squeeze;
use crate::{ColorBy, FloorSelect, RenderOptions};

/// A colour with straight (not premultiplied) alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }
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
    pub fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }
}

/// Fill and stroke; `None` fields fall back to the layer's style.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Style {
    pub fill: Option<Rgba>,
    pub stroke: Option<Rgba>,
    pub stroke_width: Option<f32>,
    /// Dash length (gap the same), for strokes.
    pub dash: Option<f32>,
}

impl Style {
    pub fn fill(c: Rgba) -> Style {
        Style {
            fill: Some(c),
            ..Style::default()
        }
    }
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
pub enum Shape {
    Polygon(Vec<[f32; 2]>),
    Polyline(Vec<[f32; 2]>),
    Line([f32; 2], [f32; 2]),
    Circle {
        c: [f32; 2],
        r: f32,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    /// Text whose box starts at `at` (top-left, or top-centre / top-right by `anchor`); `scale` is
    /// the pixel size of one dot of the 8x8 bitmap font.
    Text {
        at: [f32; 2],
        text: String,
        scale: u32,
        anchor: Anchor,
        bold: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// What an item stands for (SVG `data-` attributes).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Tag {
    #[default]
    None,
    Area(AreaId),
    Connection(AreaId, AreaId),
    Link(u64, u64),
    Ladder(u64),
    Spot(u64),
    Node(u64),
    Label(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub shape: Shape,
    pub style: Style,
    /// SVG class (space-separated), may be empty.
    pub class: &'static str,
    pub tag: Tag,
}

/// A named group of items (an SVG `<g>`), with a default style.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub class: &'static str,
    pub style: Style,
    pub items: Vec<Item>,
}

/// Everything to draw, in order, in pixel coordinates (y down).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub width: u32,
    pub height: u32,
    pub background: Rgba,
    pub title: Option<String>,
    pub layers: Vec<Layer>,
}

impl Layer {
    fn new(class: &'static str, style: Style) -> Layer {
        Layer {
            class,
            style,
            items: Vec::new(),
        }
    }
    fn push(&mut self, shape: Shape, style: Style, class: &'static str, tag: Tag) {
        self.items.push(Item {
            shape,
            style,
            class,
            tag,
        });
    }
}

/// Text width in pixels for the 8x8 font (advance of 8 dots per character).
pub(crate) fn text_width(text: &str, scale: u32) -> f32 {
    (text.chars().count() as f32) * 8.0 * scale as f32
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('~');
        t
    }
}

fn finite2(p: [f32; 3]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

/// World XY to picture XY.
#[derive(Debug, Clone)]
struct Xform {
    sx: Squeeze,
    sy: Squeeze,
    x0: f64,
    y1: f64,
    k: f64,
    ox: f64,
    oy: f64,
}

impl Xform {
    fn at(&self, p: [f32; 3]) -> [f32; 2] {
        [
            (self.ox + (self.sx.map(p[0] as f64) - self.x0) * self.k) as f32,
            (self.oy + (self.y1 - self.sy.map(p[1] as f64)) * self.k) as f32,
        ]
    }
}

struct LegendEntry {
    swatch: Swatch,
    label: String,
}

enum Swatch {
    Fill(Rgba),
    Line(Rgba),
    Arrow(Rgba),
    Ladder,
    Spot(Rgba, bool),
    Node,
}

struct Section {
    title: &'static str,
    entries: Vec<LegendEntry>,
    more: usize,
}

const MAX_ENTRIES: usize = 24;

/// Lays the mesh out as a [`Scene`]; both [`crate::render_svg`] and [`crate::render_png`] draw
/// exactly this.
pub fn build_scene(mesh: &NavMesh, opts: &RenderOptions) -> Scene {
    let mesh = &*mesh.to_z_up();
    let width = opts.width.clamp(160, 8000);
    let w = width as f32;
    let u = (w / 1600.0).max(0.25);
    let ts: u32 = ((2.0 * u).round() as u32).max(1);
    let title_scale = ts + 1;
    let line_h = (8 * ts) as f32 * 1.6;
    let margin = (24.0 * u).round().max(6.0);

    // --- Which areas, with what height ---------------------------------------------------------
    let range: Option<(f64, f64)> = match opts.floor {
        None => None,
        Some(FloorSelect::ZRange { min, max }) => {
            let (a, b) = (min as f64, max as f64);
            // NaN bounds select nothing rather than everything.
            Some((a.min(b), a.max(b))).filter(|_| !a.is_nan() && !b.is_nan())
        }
        Some(FloorSelect::Index(i)) => floors_of(mesh)
            .get(i)
            .map(|f| (f.min_z as f64, f.max_z as f64)),
    };
    let selecting = opts.floor.is_some();
    struct A {
        idx: usize,
        pts: Vec<[f32; 3]>,
        z: f64,
    }
    let mut shown: Vec<A> = Vec::new();
    // Areas of the other floors, drawn as a faint silhouette for context (no outline, no id).
    let mut ghosts: Vec<Vec<[f32; 3]>> = Vec::new();
    for (idx, area) in mesh.areas.iter().enumerate() {
        let Some(pts) = finite_polygon(area) else {
            continue;
        };
        let z = mean_z(&pts);
        if selecting {
            match range {
                Some((lo, hi)) if z >= lo && z <= hi => {}
                _ => {
                    ghosts.push(pts);
                    continue;
                }
            }
        }
        shown.push(A { idx, pts, z });
    }
    // Lowest first, so higher floors cover lower ones.
    shown.sort_by(|a, b| a.z.total_cmp(&b.z));
    let z_in = |z: f32| match (selecting, range) {
        (false, _) => z.is_finite(),
        (true, Some((lo, hi))) => (z as f64) >= lo && (z as f64) <= hi,
        (true, None) => false,
    };

    // --- World bounds: the whole mesh, so every floor of a map frames the same -------------------
    let mut bx = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let mut any = false;
    for p in mesh.points() {
        if finite2(p) && p[2].is_finite() {
            any = true;
            bx.0 = bx.0.min(p[0] as f64);
            bx.1 = bx.1.max(p[0] as f64);
            bx.2 = bx.2.min(p[1] as f64);
            bx.3 = bx.3.max(p[1] as f64);
        }
    }
    for s in &mesh.hiding_spots {
        let p = s.position;
        if finite2(p) {
            any = true;
            bx.0 = bx.0.min(p[0] as f64);
            bx.1 = bx.1.max(p[0] as f64);
            bx.2 = bx.2.min(p[1] as f64);
            bx.3 = bx.3.max(p[1] as f64);
        }
    }
    if !any {
        bx = (0.0, 1.0, 0.0, 1.0);
    }
    // Far-apart parts: cut the wide empty bands between them (see `squeeze`).
    let (sx, sy) = {
        let mut xs: Vec<(f64, f64)> = Vec::new();
        let mut ys: Vec<(f64, f64)> = Vec::new();
        for area in &mesh.areas {
            let mut b = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
            for p in area
                .polygon
                .iter()
                .filter(|p| finite2(**p) && p[2].is_finite())
            {
                b.0 = b.0.min(p[0] as f64);
                b.1 = b.1.max(p[0] as f64);
                b.2 = b.2.min(p[1] as f64);
                b.3 = b.3.max(p[1] as f64);
            }
            if b.0 <= b.1 {
                xs.push((b.0, b.1));
                ys.push((b.2, b.3));
            }
        }
        let others = mesh
            .nodes
            .iter()
            .map(|n| n.position)
            .chain(mesh.ladders.iter().flat_map(|l| [l.top, l.bottom]))
            .filter(|p| p[2].is_finite())
            .chain(mesh.hiding_spots.iter().map(|s| s.position))
            .filter(|p| finite2(*p));
        for p in others {
            xs.push((p[0] as f64, p[0] as f64));
            ys.push((p[1] as f64, p[1] as f64));
        }
        (Squeeze::build(xs), Squeeze::build(ys))
    };
    if any {
        bx = (sx.map(bx.0), sx.map(bx.1), sy.map(bx.2), sy.map(bx.3));
    }
    let mut ex = bx.1 - bx.0;
    let mut ey = bx.3 - bx.2;
    let tiny = 1e-6 * ex.max(ey).max(1.0);
    if ex < tiny {
        bx.0 -= 0.5;
        bx.1 += 0.5;
        ex = bx.1 - bx.0;
    }
    if ey < tiny {
        bx.2 -= 0.5;
        bx.3 += 0.5;
        ey = bx.3 - bx.2;
    }
    let pad = 0.02 * ex.max(ey);
    bx.0 -= pad;
    bx.1 += pad;
    bx.2 -= pad;
    bx.3 += pad;
    ex = bx.1 - bx.0;
    ey = bx.3 - bx.2;

    // --- Colours and legend sections -----------------------------------------------------------
    let mut sections: Vec<Section> = Vec::new();
    let (area_colour, by_height): (Vec<(Rgba, usize)>, bool) = {
        let mut keys: Vec<Option<usize>> = vec![None; mesh.areas.len()];
        let mut names: Vec<String> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut key_of = |name: String, counts: &mut Vec<usize>| -> usize {
            let k = *index.entry(name.clone()).or_insert_with(|| {
                names.push(name);
                counts.push(0);
                counts.len() - 1
            });
            counts[k] += 1;
            k
        };
        for a in &shown {
            let area = &mesh.areas[a.idx];
            let name = match opts.color_by {
                ColorBy::Place => area.place.map(|p| {
                    mesh.places
                        .get(p as usize)
                        .cloned()
                        .unwrap_or_else(|| format!("place #{p}"))
                }),
                ColorBy::Attributes => {
                    let names = mesh.attribute_names(area.attributes);
                    (!names.is_empty()).then(|| names.join(" + "))
                }
                ColorBy::Group => Some(
                    mesh.groups
                        .iter()
                        .find(|g| g.id == area.group)
                        .map(|g| g.name.clone())
                        .unwrap_or_else(|| format!("group {}", area.group)),
                ),
            };
            keys[a.idx] = name.map(|n| key_of(n, &mut counts));
        }
        // Colour order: places in their file order (stable across floors); others by frequency.
        let mut order: Vec<usize> = (0..names.len()).collect();
        match opts.color_by {
            ColorBy::Place => {
                let pos = |n: &str| {
                    mesh.places
                        .iter()
                        .position(|p| p == n)
                        .unwrap_or(usize::MAX)
                };
                order.sort_by_key(|&k| (pos(&names[k]), k));
            }
            ColorBy::Attributes => order.sort_by_key(|&k| (std::cmp::Reverse(counts[k]), k)),
            ColorBy::Group => {}
        }
        let mut colour_of_key = vec![(palette::NEUTRAL_AREA, usize::MAX); names.len()];
        for (rank, &k) in order.iter().enumerate() {
            // Places keep the colour of their index in the file, so floor views match the full one.
            let slot = match opts.color_by {
                ColorBy::Place => mesh
                    .places
                    .iter()
                    .position(|p| *p == names[k])
                    .unwrap_or(mesh.places.len() + rank),
                _ => rank,
            };
            colour_of_key[k] = (palette::category(slot), rank);
        }
        let mut entries: Vec<LegendEntry> = order
            .iter()
            .map(|&k| LegendEntry {
                swatch: Swatch::Fill(colour_of_key[k].0),
                label: format!("{} ({})", truncate(&names[k], 26), counts[k]),
            })
            .collect();
        let unassigned = shown.iter().filter(|a| keys[a.idx].is_none()).count();
        if unassigned > 0 {
            entries.push(LegendEntry {
                swatch: Swatch::Fill(palette::NEUTRAL_AREA),
                label: format!(
                    "{} ({unassigned})",
                    match opts.color_by {
                        ColorBy::Place => "no place",
                        _ => "none",
                    }
                ),
            });
        }
        // Nothing to tell areas apart (no places, no attributes): colour by height instead.
        let by_height = names.is_empty() && !shown.is_empty();
        if by_height {
            entries = vec![LegendEntry {
                swatch: Swatch::Fill(palette::ramp(0.5)),
                label: match opts.color_by {
                    ColorBy::Place => "none: coloured by height",
                    _ => "none: by height",
                }
                .to_string(),
            }];
        }
        let more = entries.len().saturating_sub(MAX_ENTRIES);
        entries.truncate(MAX_ENTRIES);
        if !entries.is_empty() {
            sections.push(Section {
                title: match opts.color_by {
                    ColorBy::Place => "Places",
                    ColorBy::Attributes => "Attributes",
                    ColorBy::Group => "Groups",
                },
                entries,
                more,
            });
        }
        let colours = keys
            .iter()
            .map(|k| k.map_or((palette::NEUTRAL_AREA, usize::MAX), |k| colour_of_key[k]))
            .collect();
        (colours, by_height)
    };

    // Height shading: robust range (2nd to 98th percentile) of the drawn areas, but never finer
    // than a few typical area sizes, so that bumps in one floor do not look like floors.
    let z_span = |lo: f64, hi: f64| -> Option<(f64, f64)> {
        let mut sizes: Vec<f64> = shown
            .iter()
            .map(|a| crate::floors::xy_area(&a.pts).sqrt())
            .filter(|v| v.is_finite())
            .collect();
        sizes.sort_by(|a, b| a.total_cmp(b));
        let typical = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
        let min_span = (4.0 * typical).max(0.02 * ex.max(ey));
        if hi - lo <= tiny || (hi - lo).is_nan() {
            return None;
        }
        let span = (hi - lo).max(min_span);
        let mid = (lo + hi) / 2.0;
        let (lo, hi) = if hi - lo < span {
            (mid - span / 2.0, mid + span / 2.0)
        } else {
            (lo, hi)
        };
        (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    };
    let n = shown.len();
    let z_range = if n >= 2 {
        z_span(shown[n / 50].z, shown[n - 1 - n / 50].z)
    } else {
        None
    };
    let shading = if selecting { None } else { z_range };
    let ramp = by_height && z_range.is_some();
    // The legend labels the heights the areas really span, and shows only that part of the
    // (possibly widened) shading ramp.
    let height_legend = if ramp { z_range } else { shading }.map(|(lo, hi)| {
        let (dlo, dhi) = (shown[n / 50].z.max(lo), shown[n - 1 - n / 50].z.min(hi));
        let t = |z: f64| ((z - lo) / (hi - lo)) as f32;
        (dlo, dhi, t(dlo), t(dhi))
    });
    // Areas are drawn by height band, then by colour inside a band (so the PNG can fill each
    // colour of a band in one call), then by height. Bands are the shading steps.
    const BANDS: usize = 10;
    let band_of = |z: f64| -> usize {
        match z_range {
            Some((lo, hi)) => {
                (((z - lo) / (hi - lo) * BANDS as f64).floor().max(0.0) as usize).min(BANDS - 1)
            }
            None => 0,
        }
    };
    shown.sort_by(|a, b| {
        (band_of(a.z), area_colour[a.idx].1)
            .cmp(&(band_of(b.z), area_colour[b.idx].1))
            .then(a.z.total_cmp(&b.z))
    });

    // --- Layout --------------------------------------------------------------------------------
    let title_text = opts.title.as_deref().map(|t| truncate(t, 80));
    let mut subtitle = format!(
        "{} \u{b7} {} areas \u{b7} {} connections",
        mesh.format.map_or("mesh", |f| f.name()),
        mesh.areas.len(),
        mesh.connections.len()
    );
    if !mesh.nodes.is_empty() {
        subtitle.push_str(&format!(
            " \u{b7} {} nodes \u{b7} {} links",
            mesh.nodes.len(),
            mesh.links.len()
        ));
    }
    match (opts.floor, range) {
        (Some(FloorSelect::Index(i)), Some((lo, hi))) => {
            subtitle.push_str(&format!(" \u{b7} floor {i}: {}", z_text(lo, hi)))
        }
        (Some(FloorSelect::Index(i)), None) => subtitle.push_str(&format!(" \u{b7} no floor {i}")),
        (Some(_), Some((lo, hi))) => subtitle.push_str(&format!(" \u{b7} {}", z_text(lo, hi))),
        _ => {}
    }
    let title_h = (8 * title_scale) as f32 + 8.0 * u + (8 * ts) as f32 + margin;

    // Markers and graph, found before layout so the legend knows its sections.
    let centre: HashMap<AreaId, [f32; 3]> = {
        let mut m = HashMap::with_capacity(mesh.areas.len());
        for a in &shown {
            let n = a.pts.len() as f64;
            let cx = a.pts.iter().map(|p| p[0] as f64).sum::<f64>() / n;
            let cy = a.pts.iter().map(|p| p[1] as f64).sum::<f64>() / n;
            m.entry(mesh.areas[a.idx].id)
                .or_insert([cx as f32, cy as f32, a.z as f32]);
        }
        m
    };

    // Connections: a directed pair a->b with b->a is two-way.
    let mut two_way: Vec<(AreaId, AreaId, ConnectionKind)> = Vec::new();
    let mut one_way: Vec<(AreaId, AreaId, ConnectionKind)> = Vec::new();
    if opts.connections {
        let directed: HashSet<(AreaId, AreaId)> =
            mesh.connections.iter().map(|c| (c.from, c.to)).collect();
        let mut seen: HashSet<(AreaId, AreaId)> = HashSet::new();
        for c in &mesh.connections {
            if c.from == c.to || !centre.contains_key(&c.from) || !centre.contains_key(&c.to) {
                continue;
            }
            if directed.contains(&(c.to, c.from)) {
                let key = (c.from.min(c.to), c.from.max(c.to));
                if seen.insert(key) {
                    two_way.push((key.0, key.1, c.kind));
                }
            } else if seen.insert((c.from, c.to)) {
                one_way.push((c.from, c.to, c.kind));
            }
        }
    }
    let mut conn_kinds: BTreeMap<ConnectionKind, usize> = BTreeMap::new();
    for (_, _, k) in &two_way {
        conn_kinds.entry(*k).or_insert(0);
    }
    let conn_colour = |k: ConnectionKind| -> Rgba {
        match k {
            ConnectionKind::Walk => palette::TWO_WAY,
            other => palette::link_type(&other.name(), 0).with_alpha(0xc0),
        }
    };
    {
        let mut entries = Vec::new();
        if !two_way.is_empty() {
            for &kind in conn_kinds.keys() {
                entries.push(LegendEntry {
                    swatch: Swatch::Line(conn_colour(kind).with_alpha(255)),
                    label: if kind == ConnectionKind::Walk {
                        "two-way".to_string()
                    } else {
                        format!("two-way {}", kind.name())
                    },
                });
            }
        }
        if !one_way.is_empty() {
            entries.push(LegendEntry {
                swatch: Swatch::Arrow(palette::ONE_WAY),
                label: format!("one-way ({})", one_way.len()),
            });
        }
        if !entries.is_empty() {
            sections.push(Section {
                title: "Connections",
                entries,
                more: 0,
            });
        }
    }

    // Ladders, hiding spots.
    let ladders: Vec<_> = mesh
        .ladders
        .iter()
        .filter(|l| finite2(l.top) && finite2(l.bottom))
        .filter(|l| !selecting || z_in(l.top[2]) || z_in(l.bottom[2]))
        .collect();
    let spots: Vec<_> = mesh
        .hiding_spots
        .iter()
        .filter(|s| finite2(s.position))
        .filter(|s| !selecting || centre.contains_key(&s.area) || z_in(s.position[2]))
        .collect();
    let spot_kind = |kinds: &[String]| -> usize {
        palette::SPOT_KINDS
            .iter()
            .position(|(k, _)| kinds.iter().any(|x| x == k))
            .unwrap_or(palette::SPOT_KINDS.len())
    };
    {
        let mut entries = Vec::new();
        if !ladders.is_empty() {
            entries.push(LegendEntry {
                swatch: Swatch::Ladder,
                label: format!("ladder ({})", ladders.len()),
            });
        }
        let mut per_kind = [0usize; palette::SPOT_KINDS.len() + 1];
        for s in &spots {
            per_kind[spot_kind(&s.kinds)] += 1;
        }
        for (i, n) in per_kind.iter().enumerate() {
            if *n > 0 {
                let (name, colour) = palette::SPOT_KINDS
                    .get(i)
                    .map(|(k, c)| (k.replace('_', " "), hex(*c)))
                    .unwrap_or(("hiding spot".to_string(), palette::MUTED_INK));
                entries.push(LegendEntry {
                    swatch: Swatch::Spot(colour, i <= 1),
                    label: format!("{name} ({n})"),
                });
            }
        }
        if !entries.is_empty() {
            sections.push(Section {
                title: "Markers",
                entries,
                more: 0,
            });
        }
    }

    // Waypoint graph.
    let node_pos: HashMap<u64, [f32; 3]> = mesh
        .nodes
        .iter()
        .filter(|n| finite2(n.position) && (!selecting || z_in(n.position[2])))
        .map(|n| (n.id, n.position))
        .collect();
    let mut link_types: Vec<String> = Vec::new();
    let mut link_type_count: Vec<usize> = Vec::new();
    struct L {
        from: u64,
        to: u64,
        ty: usize,
        one_way: bool,
    }
    let mut links: Vec<L> = Vec::new();
    {
        let directed: HashSet<(u64, u64)> = mesh.links.iter().map(|l| (l.from, l.to)).collect();
        let mut seen: HashSet<(u64, u64)> = HashSet::new();
        let mut type_index: HashMap<String, usize> = HashMap::new();
        for l in &mesh.links {
            if l.from == l.to || !node_pos.contains_key(&l.from) || !node_pos.contains_key(&l.to) {
                continue;
            }
            let name = l.kind.name().into_owned();
            let ty = *type_index.entry(name.clone()).or_insert_with(|| {
                link_types.push(name);
                link_type_count.push(0);
                link_types.len() - 1
            });
            let back = directed.contains(&(l.to, l.from));
            let key = if back {
                (l.from.min(l.to), l.from.max(l.to))
            } else {
                (l.from, l.to)
            };
            // Two-way pairs are drawn once (a one-way key never equals a two-way one: its
            // reverse does not exist).
            if seen.insert(key) {
                link_type_count[ty] += 1;
                links.push(L {
                    from: l.from,
                    to: l.to,
                    ty,
                    one_way: !back,
                });
            }
        }
    }
    let link_colour: Vec<Rgba> = link_types
        .iter()
        .enumerate()
        .map(|(i, n)| palette::link_type(n, i))
        .collect();
    if !node_pos.is_empty() {
        let mut entries = vec![LegendEntry {
            swatch: Swatch::Node,
            label: format!("node ({})", node_pos.len()),
        }];
        let mut order: Vec<usize> = (0..link_types.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(link_type_count[i]));
        for i in order {
            entries.push(LegendEntry {
                swatch: Swatch::Line(link_colour[i]),
                label: format!("{} ({})", truncate(&link_types[i], 26), link_type_count[i]),
            });
        }
        let more = entries.len().saturating_sub(MAX_ENTRIES);
        entries.truncate(MAX_ENTRIES);
        sections.push(Section {
            title: "Waypoint links",
            entries,
            more,
        });
    }

    // Legend panel size.
    let max_label = sections
        .iter()
        .flat_map(|s| {
            s.entries
                .iter()
                .map(|e| e.label.chars().count().min(34))
                .chain(std::iter::once(s.title.len()))
        })
        .max()
        .unwrap_or(8)
        .max(14);
    let swatch_w = (8 * ts) as f32 * 3.0;
    let legend_w = (swatch_w + 10.0 * u + (max_label as f32 + 1.0) * 8.0 * ts as f32)
        .clamp(120.0 * u, 0.40 * w);
    let legend_rows: usize = sections
        .iter()
        .map(|s| 2 + s.entries.len() + usize::from(s.more > 0))
        .sum::<usize>()
        + if height_legend.is_some() { 4 } else { 0 };
    let legend_h = legend_rows as f32 * line_h;

    let map_x = margin;
    let map_y = margin + title_h;
    let map_w = (w - 3.0 * margin - legend_w).max(40.0);
    // At most about 40 million pixels (160 MB of RGBA) whatever the options.
    let max_pixels = 40_000_000.0f32;
    let max_map_h = (3.0 * w).min(max_pixels / w * 0.8);
    let mut k = map_w as f64 / ex;
    let mut map_h = (ey * k) as f32;
    if map_h > max_map_h {
        k = max_map_h as f64 / ey;
        map_h = max_map_h;
    }
    let content_w = (ex * k) as f32;
    let scale_bar_h = 16.0 * u + (8 * ts) as f32 + margin;
    let height = (map_y + map_h.max(legend_h) + scale_bar_h + margin)
        .max(map_y + legend_h + margin)
        .ceil()
        .clamp(64.0, (max_pixels / w).max(64.0)) as u32;
    let xf = Xform {
        sx,
        sy,
        x0: bx.0,
        y1: bx.3,
        k,
        ox: (map_x + (map_w - content_w) / 2.0) as f64,
        oy: map_y as f64,
    };

    // --- Drawing -------------------------------------------------------------------------------
    let mut layers: Vec<Layer> = Vec::new();
    let mut frame = Layer::new("frame", Style::default());
    frame.push(
        Shape::Rect {
            x: map_x,
            y: map_y,
            w: map_w,
            h: map_h,
        },
        Style {
            fill: Some(palette::MAP_BACKGROUND),
            stroke: Some(palette::FRAME),
            stroke_width: Some(u.max(0.5)),
            dash: None,
        },
        "map-frame",
        Tag::None,
    );
    layers.push(frame);
    if !ghosts.is_empty() {
        // Stroked in the fill colour so that anti-aliasing seams between neighbours close.
        let mut l = Layer::new(
            "other-floors",
            Style {
                fill: Some(palette::GHOST),
                stroke: Some(palette::GHOST),
                stroke_width: Some(0.8),
                dash: None,
            },
        );
        for pts in &ghosts {
            l.push(
                Shape::Polygon(pts.iter().map(|p| xf.at(*p)).collect()),
                Style::default(),
                "",
                Tag::None,
            );
        }
        layers.push(l);
    }

    // Areas: outline width follows area size on screen so that small areas keep their colour.
    let outline_w = (0.6 * u).clamp(0.3, 1.5);
    let mut areas = Layer::new(
        "areas",
        Style {
            stroke: Some(Rgba::new(0x1a, 0x1c, 0x22, 0x60)),
            stroke_width: Some(outline_w),
            ..Style::default()
        },
    );
    for a in &shown {
        let area = &mesh.areas[a.idx];
        let t = band_of(a.z) as f32 / (BANDS - 1) as f32;
        let c = if ramp {
            palette::ramp(t)
        } else if shading.is_some() {
            palette::shade(area_colour[a.idx].0, t)
        } else {
            area_colour[a.idx].0
        };
        areas.push(
            Shape::Polygon(a.pts.iter().map(|p| xf.at(*p)).collect()),
            Style::fill(c),
            "area",
            Tag::Area(area.id),
        );
    }
    layers.push(areas);

    // Where empty bands were cut: a dashed line across the map.
    if !xf.sx.gaps.is_empty() || !xf.sy.gaps.is_empty() {
        let mut l = Layer::new(
            "axis-breaks",
            Style {
                stroke: Some(palette::FRAME.mix(palette::INK, 0.3)),
                stroke_width: Some(u.max(0.6)),
                dash: Some((6.0 * u).max(2.0)),
                fill: None,
            },
        );
        for g in &xf.sx.gaps {
            let x = xf.at([((g.start + g.end) / 2.0) as f32, 0.0, 0.0])[0];
            l.push(
                Shape::Line([x, map_y], [x, map_y + map_h]),
                Style::default(),
                "axis-break",
                Tag::None,
            );
        }
        for g in &xf.sy.gaps {
            let y = xf.at([0.0, ((g.start + g.end) / 2.0) as f32, 0.0])[1];
            l.push(
                Shape::Line([map_x, y], [map_x + map_w, y]),
                Style::default(),
                "axis-break",
                Tag::None,
            );
        }
        layers.push(l);
    }

    let cw = (0.8 * u).clamp(0.4, 2.0);
    if !two_way.is_empty() {
        let mut l = Layer::new("connections two-way", Style::stroke(palette::TWO_WAY, cw));
        for (a, b, kind) in &two_way {
            let (pa, pb) = (centre[a], centre[b]);
            let style = if *kind == ConnectionKind::Walk {
                Style::default()
            } else {
                Style::stroke(conn_colour(*kind), cw * 1.4)
            };
            l.push(
                Shape::Line(xf.at(pa), xf.at(pb)),
                style,
                "conn two-way",
                Tag::Connection(*a, *b),
            );
        }
        layers.push(l);
    }
    if !one_way.is_empty() {
        let mut l = Layer::new(
            "connections one-way",
            Style::stroke(palette::ONE_WAY, cw * 1.3),
        );
        let mut heads = Layer::new("arrowheads", Style::fill(palette::ONE_WAY));
        let head = (7.0 * u).clamp(3.0, 16.0);
        for (a, b, _) in &one_way {
            let (pa, pb) = (xf.at(centre[a]), xf.at(centre[b]));
            l.push(
                Shape::Line(pa, pb),
                Style::default(),
                "conn one-way",
                Tag::Connection(*a, *b),
            );
            if let Some(tri) = arrowhead(pa, pb, head) {
                heads.push(
                    Shape::Polygon(tri),
                    Style::default(),
                    "arrowhead",
                    Tag::Connection(*a, *b),
                );
            }
        }
        layers.push(l);
        layers.push(heads);
    }

    // Waypoint links then nodes.
    if !links.is_empty() {
        let lw = (1.0 * u).clamp(0.5, 2.5);
        let mut l = Layer::new("links", Style::stroke(palette::NODE, lw));
        let mut heads = Layer::new("link-arrowheads", Style::default());
        let head = (5.0 * u).clamp(2.5, 12.0);
        for link in &links {
            let (pa, pb) = (xf.at(node_pos[&link.from]), xf.at(node_pos[&link.to]));
            let c = link_colour[link.ty];
            l.push(
                Shape::Line(pa, pb),
                Style::stroke(c, lw),
                if link.one_way {
                    "link one-way"
                } else {
                    "link two-way"
                },
                Tag::Link(link.from, link.to),
            );
            if link.one_way
                && let Some(tri) = arrowhead(pa, pb, head)
            {
                heads.push(
                    Shape::Polygon(tri),
                    Style::fill(c),
                    "arrowhead",
                    Tag::Link(link.from, link.to),
                );
            }
        }
        layers.push(l);
        layers.push(heads);
    }
    if !node_pos.is_empty() {
        let r = (2.2 * u).clamp(1.2, 6.0);
        let mut l = Layer::new(
            "nodes",
            Style {
                fill: Some(palette::NODE),
                stroke: Some(Rgba::rgb(255, 255, 255)),
                stroke_width: Some((0.6 * u).max(0.4)),
                dash: None,
            },
        );
        for n in &mesh.nodes {
            if let Some(p) = node_pos.get(&n.id).filter(|p| **p == n.position) {
                l.push(
                    Shape::Circle { c: xf.at(*p), r },
                    Style::default(),
                    "node",
                    Tag::Node(n.id),
                );
            }
        }
        layers.push(l);
    }

    if !ladders.is_empty() {
        let mut links_l = Layer::new(
            "ladder-links",
            Style {
                stroke: Some(palette::LADDER.with_alpha(0xb0)),
                stroke_width: Some((1.0 * u).max(0.5)),
                dash: Some((3.0 * u).max(1.5)),
                fill: None,
            },
        );
        let mut sym = Layer::new(
            "ladders",
            Style {
                fill: Some(palette::LADDER_FILL),
                stroke: Some(palette::LADDER),
                stroke_width: Some((1.2 * u).max(0.6)),
                dash: None,
            },
        );
        let s = (8.0 * u).clamp(3.0, 18.0);
        for l in &ladders {
            let mid = [
                (l.top[0] + l.bottom[0]) / 2.0,
                (l.top[1] + l.bottom[1]) / 2.0,
                0.0,
            ];
            let c = xf.at(mid);
            for target in l.top_areas.iter().chain(std::iter::once(&l.bottom_area)) {
                if let Some(p) = centre.get(target) {
                    links_l.push(
                        Shape::Line(c, xf.at(*p)),
                        Style::default(),
                        "ladder-link",
                        Tag::Ladder(l.id),
                    );
                }
            }
            ladder_symbol(&mut sym, c, s, l.id);
        }
        layers.push(links_l);
        layers.push(sym);
    }

    if !spots.is_empty() {
        // Many spots get smaller marks, so that they do not hide the areas.
        let density = (200.0 / spots.len() as f32).sqrt().clamp(0.6, 1.0);
        let r = (4.0 * u * density).clamp(1.8, 10.0);
        let mut l = Layer::new(
            "hiding-spots",
            Style {
                stroke: Some(palette::SPOT_OUTLINE),
                stroke_width: Some((0.8 * u).max(0.5)),
                ..Style::default()
            },
        );
        for s in &spots {
            let i = spot_kind(&s.kinds);
            let (class, colour) = match i {
                0 => ("spot ideal_sniper", hex(palette::SPOT_KINDS[0].1)),
                1 => ("spot good_sniper", hex(palette::SPOT_KINDS[1].1)),
                2 => ("spot cover", hex(palette::SPOT_KINDS[2].1)),
                3 => ("spot exposed", hex(palette::SPOT_KINDS[3].1)),
                _ => ("spot", palette::MUTED_INK),
            };
            l.push(
                spot_shape(xf.at(s.position), r, i <= 1),
                Style::fill(colour),
                class,
                Tag::Spot(s.id),
            );
        }
        layers.push(l);
    }

    // Scale bar under the map, bottom left.
    if any {
        let target = (map_w as f64 * 0.18) / k;
        let len = nice_length(target);
        let px = (len * k) as f32;
        let x0 = map_x;
        let y0 = map_y + map_h + 10.0 * u + 4.0 * u;
        let tick = 5.0 * u;
        let mut l = Layer::new("scale-bar", Style::stroke(palette::INK, (1.5 * u).max(1.0)));
        l.push(
            Shape::Polyline(vec![
                [x0, y0 - tick],
                [x0, y0],
                [x0 + px, y0],
                [x0 + px, y0 - tick],
            ]),
            Style::default(),
            "scale-line",
            Tag::None,
        );
        l.push(
            Shape::Line([x0 + px / 2.0, y0], [x0 + px / 2.0, y0 - tick * 0.6]),
            Style::default(),
            "scale-tick",
            Tag::None,
        );
        l.push(
            Shape::Text {
                at: [x0 + px + 8.0 * u, y0 - (4 * ts) as f32],
                text: if xf.sx.gaps.is_empty() && xf.sy.gaps.is_empty() {
                    format!("{} world units", format_len(len))
                } else {
                    format!("{} world units (dashed: empty space cut)", format_len(len))
                },
                scale: ts,
                anchor: Anchor::Start,
                bold: false,
            },
            Style::fill(palette::INK),
            "scale-label",
            Tag::None,
        );
        layers.push(l);
    }

    // Title.
    let mut t = Layer::new("title", Style::fill(palette::INK));
    if let Some(title) = &title_text {
        t.push(
            Shape::Text {
                at: [margin, margin],
                text: title.clone(),
                scale: title_scale,
                anchor: Anchor::Start,
                bold: true,
            },
            Style::default(),
            "title-text",
            Tag::Label(title.clone()),
        );
    }
    t.push(
        Shape::Text {
            at: [
                margin,
                margin
                    + if title_text.is_some() {
                        (8 * title_scale) as f32 + 8.0 * u
                    } else {
                        0.0
                    },
            ],
            text: truncate(&subtitle, ((w - 2.0 * margin) / (8 * ts) as f32) as usize),
            scale: ts,
            anchor: Anchor::Start,
            bold: false,
        },
        Style::fill(palette::MUTED_INK),
        "subtitle",
        Tag::None,
    );
    if shown.is_empty() {
        let msg = if mesh.areas.is_empty() && mesh.nodes.is_empty() {
            "empty mesh"
        } else if selecting {
            "no areas on this floor"
        } else {
            "no drawable areas"
        };
        if node_pos.is_empty() {
            t.push(
                Shape::Text {
                    at: [map_x + map_w / 2.0, map_y + map_h / 2.0 - (4 * ts) as f32],
                    text: msg.to_string(),
                    scale: ts,
                    anchor: Anchor::Middle,
                    bold: false,
                },
                Style::fill(palette::MUTED_INK),
                "empty-note",
                Tag::None,
            );
        }
    }
    layers.push(t);

    // Legend panel.
    let lx = w - margin - legend_w;
    let mut ly = map_y;
    let mut lg = Layer::new("legend", Style::default());
    let text_dy = (line_h - (8 * ts) as f32) / 2.0;
    for s in &sections {
        lg.push(
            Shape::Text {
                at: [lx, ly + text_dy],
                text: s.title.to_string(),
                scale: ts,
                anchor: Anchor::Start,
                bold: true,
            },
            Style::fill(palette::INK),
            "legend-title",
            Tag::Label(s.title.to_string()),
        );
        ly += line_h;
        for e in &s.entries {
            legend_swatch(&mut lg, &e.swatch, [lx, ly], swatch_w, line_h, u);
            lg.push(
                Shape::Text {
                    at: [lx + swatch_w + 8.0 * u, ly + text_dy],
                    text: truncate(&e.label, 34),
                    scale: ts,
                    anchor: Anchor::Start,
                    bold: false,
                },
                Style::fill(palette::INK),
                "legend-label",
                Tag::Label(e.label.clone()),
            );
            ly += line_h;
        }
        if s.more > 0 {
            lg.push(
                Shape::Text {
                    at: [lx + swatch_w + 8.0 * u, ly + text_dy],
                    text: format!("+ {} more", s.more),
                    scale: ts,
                    anchor: Anchor::Start,
                    bold: false,
                },
                Style::fill(palette::MUTED_INK),
                "legend-more",
                Tag::None,
            );
            ly += line_h;
        }
        ly += line_h;
    }
    if let Some((lo, hi, t_lo, t_hi)) = height_legend {
        lg.push(
            Shape::Text {
                at: [lx, ly + text_dy],
                text: "Height".to_string(),
                scale: ts,
                anchor: Anchor::Start,
                bold: true,
            },
            Style::fill(palette::INK),
            "legend-title",
            Tag::Label("Height".to_string()),
        );
        ly += line_h;
        let steps = BANDS;
        let bw = (legend_w * 0.6) / steps as f32;
        for i in 0..steps {
            let t = t_lo + (t_hi - t_lo) * i as f32 / (steps - 1) as f32;
            lg.push(
                Shape::Rect {
                    x: lx + i as f32 * bw,
                    y: ly + line_h * 0.15,
                    w: bw + 0.5,
                    h: line_h * 0.7,
                },
                Style::fill(if ramp {
                    palette::ramp(t)
                } else {
                    palette::shade(palette::NEUTRAL_AREA, t)
                }),
                "height-step",
                Tag::None,
            );
        }
        ly += line_h;
        lg.push(
            Shape::Text {
                at: [lx, ly + text_dy],
                text: format_len(lo),
                scale: ts,
                anchor: Anchor::Start,
                bold: false,
            },
            Style::fill(palette::MUTED_INK),
            "legend-label",
            Tag::None,
        );
        lg.push(
            Shape::Text {
                at: [lx + bw * steps as f32, ly + text_dy],
                text: format_len(hi),
                scale: ts,
                anchor: Anchor::End,
                bold: false,
            },
            Style::fill(palette::MUTED_INK),
            "legend-label",
            Tag::None,
        );
    }
    layers.push(lg);

    Scene {
        width,
        height,
        background: palette::BACKGROUND,
        title: title_text,
        layers,
    }
}

fn legend_swatch(l: &mut Layer, s: &Swatch, at: [f32; 2], sw: f32, lh: f32, u: f32) {
    let (x, y) = (at[0], at[1]);
    let mid = y + lh / 2.0;
    let lw = (1.6 * u).max(1.0);
    match s {
        Swatch::Fill(c) => l.push(
            Shape::Rect {
                x,
                y: y + lh * 0.15,
                w: sw,
                h: lh * 0.7,
            },
            Style {
                fill: Some(*c),
                stroke: Some(Rgba::new(0x1a, 0x1c, 0x22, 0x60)),
                stroke_width: Some((0.8 * u).max(0.5)),
                dash: None,
            },
            "swatch",
            Tag::None,
        ),
        Swatch::Line(c) => l.push(
            Shape::Line([x, mid], [x + sw, mid]),
            Style::stroke(*c, lw * 1.3),
            "swatch",
            Tag::None,
        ),
        Swatch::Arrow(c) => {
            l.push(
                Shape::Line([x, mid], [x + sw, mid]),
                Style::stroke(*c, lw * 1.3),
                "swatch",
                Tag::None,
            );
            if let Some(tri) = arrowhead([x, mid], [x + sw, mid], (6.0 * u).max(3.0)) {
                l.push(Shape::Polygon(tri), Style::fill(*c), "swatch", Tag::None);
            }
        }
        Swatch::Ladder => {
            let mut tmp = Layer::new(
                "",
                Style {
                    fill: Some(palette::LADDER_FILL),
                    stroke: Some(palette::LADDER),
                    stroke_width: Some((1.2 * u).max(0.6)),
                    dash: None,
                },
            );
            ladder_symbol(&mut tmp, [x + sw / 2.0, mid], (6.0 * u).max(3.0), 0);
            for mut it in tmp.items {
                it.style = it.style.over(tmp.style);
                it.class = "swatch";
                it.tag = Tag::None;
                l.items.push(it);
            }
        }
        Swatch::Spot(c, diamond) => l.push(
            spot_shape([x + sw / 2.0, mid], (4.5 * u).clamp(2.5, 11.0), *diamond),
            Style {
                fill: Some(*c),
                stroke: Some(palette::SPOT_OUTLINE),
                stroke_width: Some((0.8 * u).max(0.5)),
                dash: None,
            },
            "swatch",
            Tag::None,
        ),
        Swatch::Node => l.push(
            Shape::Circle {
                c: [x + sw / 2.0, mid],
                r: (2.5 * u).max(1.5),
            },
            Style::fill(palette::NODE),
            "swatch",
            Tag::None,
        ),
    }
}

/// Hiding spots: snipers as diamonds, readable apart from the round cover and exposed spots.
fn spot_shape(c: [f32; 2], r: f32, diamond: bool) -> Shape {
    if diamond {
        let d = r * 1.35;
        Shape::Polygon(vec![
            [c[0], c[1] - d],
            [c[0] + d, c[1]],
            [c[0], c[1] + d],
            [c[0] - d, c[1]],
        ])
    } else {
        Shape::Circle { c, r }
    }
}

/// A ladder: a framed upright rectangle with three rungs.
fn ladder_symbol(l: &mut Layer, c: [f32; 2], s: f32, id: u64) {
    let (w, h) = (s * 1.3, s * 2.2);
    let (x, y) = (c[0] - w / 2.0, c[1] - h / 2.0);
    l.push(
        Shape::Rect { x, y, w, h },
        Style::default(),
        "ladder",
        Tag::Ladder(id),
    );
    let mut rungs = Vec::new();
    for i in 1..=3 {
        let ry = y + h * i as f32 / 4.0;
        rungs.push(Shape::Line([x, ry], [x + w, ry]));
    }
    for r in rungs {
        l.push(r, Style::default(), "ladder-rung", Tag::None);
    }
}

/// A triangle pointing from `a` to `b`, centred on the middle of the segment.
fn arrowhead(a: [f32; 2], b: [f32; 2], size: f32) -> Option<Vec<[f32; 2]>> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if !len.is_finite() || len <= 1e-3 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let s = size.min(len * 0.45);
    let m = [
        (a[0] + b[0]) / 2.0 + ux * s * 0.5,
        (a[1] + b[1]) / 2.0 + uy * s * 0.5,
    ];
    let base = [m[0] - ux * s, m[1] - uy * s];
    let (px, py) = (-uy * s * 0.55, ux * s * 0.55);
    Some(vec![
        m,
        [base[0] + px, base[1] + py],
        [base[0] - px, base[1] - py],
    ])
}

/// 1, 2 or 5 times a power of ten, at most `target`.
fn nice_length(target: f64) -> f64 {
    if !target.is_finite() || target <= 0.0 {
        return 1.0;
    }
    let p = 10f64.powf(target.log10().floor());
    for m in [5.0, 2.0, 1.0] {
        if m * p <= target {
            return m * p;
        }
    }
    p
}

fn z_text(lo: f64, hi: f64) -> String {
    match (lo.is_finite(), hi.is_finite()) {
        (true, true) => format!("height {} to {}", format_len(lo), format_len(hi)),
        (true, false) => format!("height from {}", format_len(lo)),
        (false, true) => format!("height up to {}", format_len(hi)),
        (false, false) => "all heights".to_string(),
    }
}

fn format_len(v: f64) -> String {
    if v.abs() >= 1.0 || v == 0.0 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_lengths() {
        assert_eq!(nice_length(730.0), 500.0);
        assert_eq!(nice_length(199.0), 100.0);
        assert_eq!(nice_length(2.5), 2.0);
        assert_eq!(nice_length(f64::NAN), 1.0);
    }

    #[test]
    fn arrowhead_points_along_the_segment() {
        let t = arrowhead([0.0, 0.0], [100.0, 0.0], 10.0).unwrap();
        assert!(t[0][0] > t[1][0] && t[0][0] > t[2][0]);
        assert!(arrowhead([1.0, 1.0], [1.0, 1.0], 10.0).is_none());
    }
}
