//! Phase 4: what is drawn over the areas (connections, ladders, hiding spots, waypoint graph),
//! found before the layout so that the legend knows its sections.

use super::legend::{LegendEntry, MAX_ENTRIES, Section, Swatch, distinct_labels};
use super::select::Selection;
use super::{Rgba, finite2};
use crate::RenderOptions;
use crate::palette::{self, hex};
use navforge_core::model::{AreaId, ConnectionKind, HidingSpot, Ladder, NavMesh};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A waypoint link drawn once per pair.
pub(super) struct DrawnLink {
    pub from: u64,
    pub to: u64,
    /// Index into [`Marks::link_colour`].
    pub ty: usize,
    pub one_way: bool,
}

pub(super) struct Marks<'m> {
    /// Centre (and mean height) of each drawn area.
    pub centre: HashMap<AreaId, [f32; 3]>,
    pub two_way: Vec<(AreaId, AreaId, ConnectionKind)>,
    pub one_way: Vec<(AreaId, AreaId, ConnectionKind)>,
    pub ladders: Vec<&'m Ladder>,
    pub spots: Vec<&'m HidingSpot>,
    pub node_pos: HashMap<u64, [f32; 3]>,
    pub links: Vec<DrawnLink>,
    pub link_colour: Vec<Rgba>,
    pub sections: Vec<Section>,
}

/// The colour of a two-way connection of this kind.
pub(super) fn conn_colour(k: ConnectionKind) -> Rgba {
    match k {
        ConnectionKind::Walk => palette::TWO_WAY,
        other => palette::link_type(other, 0).with_alpha(0xc0),
    }
}

/// Which of [`palette::SPOT_KINDS`] a spot shows as (its most telling kind).
pub(super) fn spot_kind(kinds: &[String]) -> usize {
    palette::SPOT_KINDS
        .iter()
        .position(|(k, _)| kinds.iter().any(|x| x == k))
        .unwrap_or(palette::SPOT_KINDS.len())
}

pub(super) fn marks<'m>(mesh: &'m NavMesh, opts: &RenderOptions, sel: &Selection) -> Marks<'m> {
    let mut centre = HashMap::with_capacity(mesh.areas.len());
    for a in &sel.shown {
        let n = a.pts.len() as f64;
        let cx = a.pts.iter().map(|p| p[0] as f64).sum::<f64>() / n;
        let cy = a.pts.iter().map(|p| p[1] as f64).sum::<f64>() / n;
        centre
            .entry(mesh.areas[a.idx].id)
            .or_insert([cx as f32, cy as f32, a.z as f32]);
    }
    let mut sections = Vec::new();
    let (two_way, one_way) = connections(mesh, opts, &centre, &mut sections);
    let ladders: Vec<_> = mesh
        .ladders
        .iter()
        .filter(|l| finite2(l.top) && finite2(l.bottom))
        .filter(|l| !sel.selecting || sel.z_in(l.top[2]) || sel.z_in(l.bottom[2]))
        .collect();
    let spots: Vec<_> = mesh
        .hiding_spots
        .iter()
        .filter(|s| finite2(s.position))
        .filter(|s| !sel.selecting || centre.contains_key(&s.area) || sel.z_in(s.position[2]))
        .collect();
    markers_section(&ladders, &spots, &mut sections);
    let node_pos: HashMap<u64, [f32; 3]> = mesh
        .nodes
        .iter()
        .filter(|n| finite2(n.position) && (!sel.selecting || sel.z_in(n.position[2])))
        .map(|n| (n.id, n.position))
        .collect();
    let (links, link_colour) = links(mesh, &node_pos, &mut sections);
    Marks {
        centre,
        two_way,
        one_way,
        ladders,
        spots,
        node_pos,
        links,
        link_colour,
        sections,
    }
}

type Pairs = Vec<(AreaId, AreaId, ConnectionKind)>;

/// Connections between drawn areas: a directed pair a->b with b->a is two-way.
fn connections(
    mesh: &NavMesh,
    opts: &RenderOptions,
    centre: &HashMap<AreaId, [f32; 3]>,
    sections: &mut Vec<Section>,
) -> (Pairs, Pairs) {
    let mut two_way = Vec::new();
    let mut one_way = Vec::new();
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
    (two_way, one_way)
}

fn markers_section(ladders: &[&Ladder], spots: &[&HidingSpot], sections: &mut Vec<Section>) {
    let mut entries = Vec::new();
    if !ladders.is_empty() {
        entries.push(LegendEntry {
            swatch: Swatch::Ladder,
            label: format!("ladder ({})", ladders.len()),
        });
    }
    let mut per_kind = [0usize; palette::SPOT_KINDS.len() + 1];
    for s in spots {
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

/// Waypoint links between drawn nodes, each pair once, coloured by link kind.
fn links(
    mesh: &NavMesh,
    node_pos: &HashMap<u64, [f32; 3]>,
    sections: &mut Vec<Section>,
) -> (Vec<DrawnLink>, Vec<Rgba>) {
    let mut kinds: Vec<ConnectionKind> = Vec::new();
    let mut kind_count: Vec<usize> = Vec::new();
    let mut links = Vec::new();
    let directed: HashSet<(u64, u64)> = mesh.links.iter().map(|l| (l.from, l.to)).collect();
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut kind_index: HashMap<ConnectionKind, usize> = HashMap::new();
    for l in &mesh.links {
        if l.from == l.to || !node_pos.contains_key(&l.from) || !node_pos.contains_key(&l.to) {
            continue;
        }
        let ty = *kind_index.entry(l.kind).or_insert_with(|| {
            kinds.push(l.kind);
            kind_count.push(0);
            kinds.len() - 1
        });
        // Counted per directed link, as the model and `info` count them.
        kind_count[ty] += 1;
        let back = directed.contains(&(l.to, l.from));
        let key = if back {
            (l.from.min(l.to), l.from.max(l.to))
        } else {
            (l.from, l.to)
        };
        // Two-way pairs are drawn once (a one-way key never equals a two-way one: its reverse
        // does not exist).
        if seen.insert(key) {
            links.push(DrawnLink {
                from: l.from,
                to: l.to,
                ty,
                one_way: !back,
            });
        }
    }
    let colour: Vec<Rgba> = (kinds.iter().enumerate())
        .map(|(i, k)| palette::link_type(*k, i))
        .collect();
    if !node_pos.is_empty() {
        // Every node drawn (as the map draws them), as the model counts them.
        let drawn = (mesh.nodes.iter())
            .filter(|n| node_pos.get(&n.id) == Some(&n.position))
            .count();
        let mut entries = vec![LegendEntry {
            swatch: Swatch::Node,
            label: format!("node ({drawn})"),
        }];
        let mut order: Vec<usize> = (0..kinds.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(kind_count[i]));
        let names: Vec<String> = kinds.iter().map(|k| k.name().into_owned()).collect();
        let labels = distinct_labels(&names, 26);
        for i in order {
            entries.push(LegendEntry {
                swatch: Swatch::Line(colour[i]),
                label: format!("{} ({})", labels[i], kind_count[i]),
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
    (links, colour)
}
