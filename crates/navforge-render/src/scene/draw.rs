//! Phase 6: the map itself, bottom to top: frame, other floors, areas, axis breaks, connections,
//! waypoint graph, ladders, hiding spots.

use super::colours::{AreaColours, BANDS, Heights};
use super::layout::Layout;
use super::marks::{Marks, conn_colour, spot_kind};
use super::select::Selection;
use super::shapes::{arrowhead, ladder_symbol, spot_shape};
use super::{Layer, Metrics, Rgba, Shape, Style, Tag};
use crate::palette::{self, hex};
use navforge_core::model::{ConnectionKind, NavMesh};

pub(super) struct MapParts<'a, 'm> {
    pub mesh: &'m NavMesh,
    pub sel: &'a Selection,
    pub colours: &'a AreaColours,
    pub heights: &'a Heights,
    pub marks: &'a Marks<'m>,
    pub lay: &'a Layout,
    pub m: &'a Metrics,
}

/// Every map layer, in drawing order.
pub(super) fn map_layers(p: &MapParts) -> Vec<Layer> {
    let mut layers = vec![frame(p)];
    if !p.sel.ghosts.is_empty() {
        layers.push(ghosts(p));
    }
    layers.push(areas(p));
    if p.lay.xf.squeezed() {
        layers.push(axis_breaks(p));
    }
    connections(p, &mut layers);
    links(p, &mut layers);
    if !p.marks.node_pos.is_empty() {
        layers.push(nodes(p));
    }
    if !p.marks.ladders.is_empty() {
        ladders(p, &mut layers);
    }
    if !p.marks.spots.is_empty() {
        layers.push(spots(p));
    }
    layers
}

fn frame(p: &MapParts) -> Layer {
    let lay = p.lay;
    let mut frame = Layer::new("frame", Style::default());
    frame.push(
        Shape::Rect {
            x: lay.map_x,
            y: lay.map_y,
            w: lay.map_w,
            h: lay.map_h,
        },
        Style {
            fill: Some(palette::MAP_BACKGROUND),
            stroke: Some(palette::FRAME),
            stroke_width: Some(p.m.u.max(0.5)),
            dash: None,
        },
        "map-frame",
        Tag::None,
    );
    frame
}

fn ghosts(p: &MapParts) -> Layer {
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
    for pts in &p.sel.ghosts {
        l.push(
            Shape::Polygon(pts.iter().map(|q| p.lay.xf.at(*q)).collect()),
            Style::default(),
            "",
            Tag::None,
        );
    }
    l
}

fn areas(p: &MapParts) -> Layer {
    // Outline width follows picture size so that small areas keep their colour.
    let outline_w = (0.6 * p.m.u).clamp(0.3, 1.5);
    let mut areas = Layer::new(
        "areas",
        Style {
            stroke: Some(Rgba::new(0x1a, 0x1c, 0x22, 0x60)),
            stroke_width: Some(outline_w),
            ..Style::default()
        },
    );
    for a in &p.sel.shown {
        let area = &p.mesh.areas[a.idx];
        let t = p.heights.band_of(a.z) as f32 / (BANDS - 1) as f32;
        let base = p.colours.colour[a.idx].0;
        let c = if p.heights.ramp {
            palette::ramp(t)
        } else if p.heights.shading.is_some() {
            palette::shade(base, t)
        } else {
            base
        };
        areas.push(
            Shape::Polygon(a.pts.iter().map(|q| p.lay.xf.at(*q)).collect()),
            Style::fill(c),
            "area",
            Tag::Area(area.id),
        );
    }
    areas
}

/// Where empty bands were cut: a dashed line across the map.
fn axis_breaks(p: &MapParts) -> Layer {
    let (lay, u, xf) = (p.lay, p.m.u, &p.lay.xf);
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
            Shape::Line([x, lay.map_y], [x, lay.map_y + lay.map_h]),
            Style::default(),
            "axis-break",
            Tag::None,
        );
    }
    for g in &xf.sy.gaps {
        let y = xf.at([0.0, ((g.start + g.end) / 2.0) as f32, 0.0])[1];
        l.push(
            Shape::Line([lay.map_x, y], [lay.map_x + lay.map_w, y]),
            Style::default(),
            "axis-break",
            Tag::None,
        );
    }
    l
}

fn connections(p: &MapParts, layers: &mut Vec<Layer>) {
    let (mk, xf, u) = (p.marks, &p.lay.xf, p.m.u);
    let cw = (0.8 * u).clamp(0.4, 2.0);
    if !mk.two_way.is_empty() {
        let mut l = Layer::new("connections two-way", Style::stroke(palette::TWO_WAY, cw));
        for (a, b, kind) in &mk.two_way {
            let (pa, pb) = (mk.centre[a], mk.centre[b]);
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
    if !mk.one_way.is_empty() {
        let mut l = Layer::new(
            "connections one-way",
            Style::stroke(palette::ONE_WAY, cw * 1.3),
        );
        let mut heads = Layer::new("arrowheads", Style::fill(palette::ONE_WAY));
        let head = (7.0 * u).clamp(3.0, 16.0);
        for (a, b, _) in &mk.one_way {
            let (pa, pb) = (xf.at(mk.centre[a]), xf.at(mk.centre[b]));
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
}

fn links(p: &MapParts, layers: &mut Vec<Layer>) {
    let (mk, xf, u) = (p.marks, &p.lay.xf, p.m.u);
    if mk.links.is_empty() {
        return;
    }
    let lw = (1.0 * u).clamp(0.5, 2.5);
    let mut l = Layer::new("links", Style::stroke(palette::NODE, lw));
    let mut heads = Layer::new("link-arrowheads", Style::default());
    let head = (5.0 * u).clamp(2.5, 12.0);
    for link in &mk.links {
        let (pa, pb) = (xf.at(mk.node_pos[&link.from]), xf.at(mk.node_pos[&link.to]));
        let c = mk.link_colour[link.ty];
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

fn nodes(p: &MapParts) -> Layer {
    let u = p.m.u;
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
    for n in &p.mesh.nodes {
        if let Some(q) = p.marks.node_pos.get(&n.id).filter(|q| **q == n.position) {
            l.push(
                Shape::Circle {
                    c: p.lay.xf.at(*q),
                    r,
                },
                Style::default(),
                "node",
                Tag::Node(n.id),
            );
        }
    }
    l
}

fn ladders(p: &MapParts, layers: &mut Vec<Layer>) {
    let (mk, xf, u) = (p.marks, &p.lay.xf, p.m.u);
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
    for l in &mk.ladders {
        let mid = [
            (l.top[0] + l.bottom[0]) / 2.0,
            (l.top[1] + l.bottom[1]) / 2.0,
            0.0,
        ];
        let c = xf.at(mid);
        for target in l.top_areas.iter().chain(std::iter::once(&l.bottom_area)) {
            if let Some(q) = mk.centre.get(target) {
                links_l.push(
                    Shape::Line(c, xf.at(*q)),
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

fn spots(p: &MapParts) -> Layer {
    let (mk, u) = (p.marks, p.m.u);
    // Many spots get smaller marks, so that they do not hide the areas.
    let density = (200.0 / mk.spots.len() as f32).sqrt().clamp(0.6, 1.0);
    let r = (4.0 * u * density).clamp(1.8, 10.0);
    let mut l = Layer::new(
        "hiding-spots",
        Style {
            stroke: Some(palette::SPOT_OUTLINE),
            stroke_width: Some((0.8 * u).max(0.5)),
            ..Style::default()
        },
    );
    for s in &mk.spots {
        let i = spot_kind(&s.kinds);
        let (class, colour) = match i {
            0 => ("spot ideal_sniper", hex(palette::SPOT_KINDS[0].1)),
            1 => ("spot good_sniper", hex(palette::SPOT_KINDS[1].1)),
            2 => ("spot cover", hex(palette::SPOT_KINDS[2].1)),
            3 => ("spot exposed", hex(palette::SPOT_KINDS[3].1)),
            _ => ("spot", palette::MUTED_INK),
        };
        l.push(
            spot_shape(p.lay.xf.at(s.position), r, i <= 1),
            Style::fill(colour),
            class,
            Tag::Spot(s.id),
        );
    }
    l
}
