//! The lint rules over references, geometry and the connection graph; overlaps live in
//! [`crate::overlaps`].

use crate::geometry::{bbox, signed_area2, xy};
use crate::{Instance, Report, Severity::*, Subject};
use navforge_core::model::{Direction, NavMesh};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// Gap tolerated between the facing edges of connected Source areas, in world units.
const EDGE_TOLERANCE: f64 = 1.0;
/// `StepHeight`: a connection to an edge this much higher or lower crosses a ledge.
const STEP_HEIGHT: f64 = navforge_core::movement::Movement::SOURCE.step_height as f64;
/// How far past a ledge the game's generator looks for the area below (four 25-unit steps).
const LEDGE_REACH: f64 = 100.0;

/// The mesh seen from above, with what every rule needs to name and place what it finds.
pub struct Ctx<'a> {
    /// The mesh with Z up.
    pub mesh: Cow<'a, NavMesh>,
    /// Area ID to its first index.
    pub index: HashMap<u64, usize>,
    /// Each area's centre in the file's own coordinates (what a console or editor takes).
    centres: Vec<[f32; 3]>,
    /// Node ID to its position in the file's own coordinates.
    nodes: HashMap<u64, [f32; 3]>,
}

impl<'a> Ctx<'a> {
    /// Index `mesh` for the rules.
    pub fn new(mesh: &'a NavMesh) -> Ctx<'a> {
        let mut index = HashMap::with_capacity(mesh.areas.len());
        for (i, a) in mesh.areas.iter().enumerate() {
            index.entry(a.id).or_insert(i);
        }
        let centres = mesh.areas.iter().map(|a| centre(&a.polygon)).collect();
        let mut nodes = HashMap::with_capacity(mesh.nodes.len());
        for n in &mesh.nodes {
            nodes.entry(n.id).or_insert(n.position);
        }
        Ctx {
            mesh: mesh.to_z_up(),
            index,
            centres,
            nodes,
        }
    }

    /// An instance about the area at index `i`.
    pub fn area(&self, i: usize) -> Instance {
        Instance::at(
            Subject::Area(self.mesh.areas[i].id),
            self.centres.get(i).copied(),
        )
    }

    /// An instance about the area with this ID, placed at its centre when it exists.
    pub fn area_id(&self, id: u64) -> Instance {
        let position = self.index.get(&id).and_then(|&i| self.centres.get(i));
        Instance::at(Subject::Area(id), position.copied())
    }

    /// An instance about the node with this ID.
    fn node(&self, id: u64) -> Instance {
        Instance::at(Subject::Node(id), self.nodes.get(&id).copied())
    }
}

/// Whether areas connect through the side they share, as Source areas do (files and Selected
/// Nav Areas alike, and meshes made in code whose connections name their side).
pub fn source_like(mesh: &NavMesh) -> bool {
    use navforge_core::Format;
    match mesh.format {
        Some(Format::SourceNav | Format::SourceSelected) => true,
        None => mesh.connections.iter().any(|c| c.direction.is_some()),
        Some(_) => false,
    }
}

/// The mean of a polygon's corners.
pub fn centre(poly: &[[f32; 3]]) -> [f32; 3] {
    let n = poly.len().max(1) as f64;
    let mut c = [0.0f64; 3];
    for p in poly {
        for k in 0..3 {
            c[k] += p[k] as f64;
        }
    }
    c.map(|v| (v / n) as f32)
}

pub fn run(ctx: &Ctx, r: &mut Report) {
    duplicates(ctx, r);
    geometry(ctx, r);
    connections(ctx, r);
    graph(ctx, r);
    annotations(ctx, r);
    orphans(ctx, r);
    crate::overlaps::run(ctx, r);
    crate::movement::run(ctx, r);
    crate::page::run(ctx, r);
}

fn duplicates(ctx: &Ctx, r: &mut Report) {
    let dups = (ctx.mesh.areas.iter().enumerate())
        .filter(|(i, a)| ctx.index.get(&a.id) != Some(i))
        .map(|(i, _)| ctx.area(i))
        .collect();
    r.add(
        Error,
        "duplicate-area-id",
        "areas share an ID with an earlier area",
        dups,
    );
}

fn geometry(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let mut non_finite = Vec::new();
    let mut degenerate = Vec::new();
    let mut winding = Vec::with_capacity(mesh.areas.len());
    for (i, a) in mesh.areas.iter().enumerate() {
        if a.polygon.iter().flatten().any(|c| !c.is_finite()) {
            non_finite.push(ctx.area(i));
            continue;
        }
        let poly: Vec<_> = a.polygon.iter().map(|&p| xy(p)).collect();
        let area2 = if poly.len() >= 3 {
            signed_area2(&poly)
        } else {
            0.0
        };
        if area2.abs() < 1e-6 {
            degenerate.push(ctx.area(i));
        } else {
            winding.push((i, area2 > 0.0));
        }
    }
    // The mesh's own convention is whichever winding most areas have; the others are inverted.
    let ccw = winding.iter().filter(|w| w.1).count();
    let majority = ccw * 2 >= winding.len();
    let inverted = winding
        .iter()
        .filter(|w| w.1 != majority)
        .map(|w| ctx.area(w.0))
        .collect();
    let nodes_non_finite: Vec<Instance> = mesh
        .nodes
        .iter()
        .filter(|n| n.position.iter().any(|c| !c.is_finite()))
        .map(|n| Instance::at(Subject::Node(n.id), None))
        .collect();
    r.add(
        Error,
        "non-finite-coordinate",
        "areas have NaN or infinite coordinates",
        non_finite,
    );
    r.add(
        Error,
        "non-finite-node",
        "nodes have NaN or infinite coordinates",
        nodes_non_finite,
    );
    r.add(
        Error,
        "degenerate-area",
        "areas have no extent seen from above (fewer than 3 corners or zero area)",
        degenerate,
    );
    r.add(
        Error,
        "inverted-area",
        "areas are wound against the rest of the mesh (corners out of order)",
        inverted,
    );
}

fn connections(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let index = &ctx.index;
    let mut missing = Vec::new();
    let directed: HashSet<(u64, u64)> = mesh.connections.iter().map(|c| (c.from, c.to)).collect();
    let mut one_way = Vec::new();
    let mut apart = Vec::new();
    let source = source_like(mesh);
    // Door and external links lead out of this mesh, so their targets are not here.
    for c in mesh.connections.iter().filter(|c| !c.kind.leaves_mesh()) {
        let (Some(&a), Some(&b)) = (index.get(&c.from), index.get(&c.to)) else {
            missing.push(if index.contains_key(&c.from) {
                ctx.area_id(c.from).with_missing(c.to)
            } else {
                // A connection listed from an area the mesh lacks: name the area it leads to.
                ctx.area_id(c.to).with_missing(c.from)
            });
            continue;
        };
        if !directed.contains(&(c.to, c.from)) {
            one_way.push(ctx.area(a).with_other(c.to));
        }
        if let (true, Some(dir)) = (source, c.direction)
            && !edges_meet(&mesh.areas[a].polygon, &mesh.areas[b].polygon, dir)
            && !crosses_ledge(&mesh.areas[a].polygon, &mesh.areas[b].polygon, dir)
        {
            apart.push(ctx.area(a).with_other(c.to));
        }
    }
    if mesh.format == Some(navforge_core::Format::SourceSelected) {
        // A Selected Nav Areas text is a part of a mesh: the engine's nav_merge_mesh resolves
        // connections within the file and drops the others (the page's own example names five
        // areas it does not hold), so they are worth a look, not a defect.
        r.add(
            Warning,
            "connection-outside-file",
            "connections name an area the file does not hold (nav_merge_mesh drops them)",
            missing,
        );
    } else {
        r.add(
            Error,
            "missing-connection-target",
            "connections name an area that does not exist",
            missing,
        );
    }
    if source {
        // Source meshes use one-way connections on purpose (drops), so they are worth a look only.
        r.add(
            Warning,
            "one-way-connection",
            "connections have no connection back",
            one_way,
        );
    } else {
        // Triangle and polygon meshes share edges: adjacency must be mutual.
        r.add(
            Error,
            "asymmetric-adjacency",
            "adjacency links are not returned by the neighbour",
            one_way,
        );
    }
    r.add(
        Warning,
        "edges-do-not-meet",
        "connections join areas whose facing edges do not meet (and no ledge, a step or more high, lies between them)",
        apart,
    );
}

/// The gap from side `dir` of `a` to the facing side of `b`, and how far they overlap across
/// (Source: north is -y).
fn facing(a: &[[f32; 3]], b: &[[f32; 3]], dir: Direction) -> (f64, f64) {
    let (ba, bb) = (bbox(a), bbox(b));
    match dir {
        Direction::North => (ba[1] - bb[3], ba[2].min(bb[2]) - ba[0].max(bb[0])),
        Direction::South => (bb[1] - ba[3], ba[2].min(bb[2]) - ba[0].max(bb[0])),
        Direction::East => (bb[0] - ba[2], ba[3].min(bb[3]) - ba[1].max(bb[1])),
        Direction::West => (ba[0] - bb[2], ba[3].min(bb[3]) - ba[1].max(bb[1])),
    }
}

/// Whether the side `dir` of area `a` lies on the opposite side of `b`.
fn edges_meet(a: &[[f32; 3]], b: &[[f32; 3]], dir: Direction) -> bool {
    let (gap, overlap) = facing(a, b, dir);
    gap.abs() <= EDGE_TOLERANCE && overlap >= 0.0
}

/// Height of the side of `poly` furthest towards `dir`, at `across` along it (between its two
/// corners there, linearly).
fn side_height(poly: &[[f32; 3]], dir: Direction, across: f64) -> f64 {
    let toward = |p: &[f32; 3]| -> f64 {
        match dir {
            Direction::North => -(p[1] as f64),
            Direction::South => p[1] as f64,
            Direction::East => p[0] as f64,
            Direction::West => -(p[0] as f64),
        }
    };
    let along = |p: &[f32; 3]| -> f64 {
        match dir {
            Direction::North | Direction::South => p[0] as f64,
            Direction::East | Direction::West => p[1] as f64,
        }
    };
    let mut c: Vec<&[f32; 3]> = poly.iter().collect();
    c.sort_by(|p, q| toward(q).total_cmp(&toward(p)));
    let (Some(p), Some(q)) = (c.first(), c.get(1)) else {
        return f64::NAN;
    };
    let (s, t) = (along(p), along(q));
    let f = if (t - s).abs() > 1e-9 {
        ((across - s) / (t - s)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p[2] as f64 + (q[2] as f64 - p[2] as f64) * f
}

/// A connection over a ledge: the facing edges are apart (up to the reach of the game's search
/// for the area below) but more than a step apart in height where they face each other over
/// more than a corner. The game's generator makes these on purpose: drops off a ledge, climbs
/// onto one, the links left where it removes jump areas, and areas on obstacle tops. No area
/// stands on a ledge's face, so its edges cannot meet the other's.
fn crosses_ledge(a: &[[f32; 3]], b: &[[f32; 3]], dir: Direction) -> bool {
    let (gap, overlap) = facing(a, b, dir);
    if !((-EDGE_TOLERANCE..=LEDGE_REACH + EDGE_TOLERANCE).contains(&gap) && overlap > 0.0) {
        return false;
    }
    let (ba, bb) = (bbox(a), bbox(b));
    let across = match dir {
        Direction::North | Direction::South => (ba[0].max(bb[0]) + ba[2].min(bb[2])) * 0.5,
        Direction::East | Direction::West => (ba[1].max(bb[1]) + ba[3].min(bb[3])) * 0.5,
    };
    let back = match dir {
        Direction::North => Direction::South,
        Direction::South => Direction::North,
        Direction::East => Direction::West,
        Direction::West => Direction::East,
    };
    (side_height(b, back, across) - side_height(a, dir, across)).abs() > STEP_HEIGHT
}

fn graph(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let mut ids = HashSet::with_capacity(mesh.nodes.len());
    let dups = mesh
        .nodes
        .iter()
        .filter(|n| !ids.insert(n.id))
        .map(|n| Instance::at(Subject::Node(n.id), Some(n.position)))
        .collect();
    let missing = mesh
        .links
        .iter()
        .filter(|l| !l.kind.leaves_mesh())
        .filter(|l| !ids.contains(&l.from) || !ids.contains(&l.to))
        .map(|l| {
            if ids.contains(&l.from) {
                ctx.node(l.from).with_missing(l.to)
            } else {
                ctx.node(l.to).with_missing(l.from)
            }
        })
        .collect();
    r.add(
        Error,
        "duplicate-node-id",
        "nodes share an ID with an earlier node",
        dups,
    );
    r.add(
        Error,
        "missing-link-target",
        "links name a node that does not exist",
        missing,
    );
}

fn annotations(ctx: &Ctx, r: &mut Report) {
    let (mesh, index) = (&ctx.mesh, &ctx.index);
    let mut ladder_ids = HashSet::new();
    let dup_ladders = mesh
        .ladders
        .iter()
        .filter(|l| !ladder_ids.insert(l.id))
        .map(|l| Instance::at(Subject::Ladder(l.id), Some(l.bottom)))
        .collect();
    let bad_ladders = mesh
        .ladders
        .iter()
        .flat_map(|l| {
            (l.top_areas.iter().chain([&l.bottom_area]))
                .filter(|&&id| id != 0 && !index.contains_key(&id))
                .map(|&id| Instance::at(Subject::Ladder(l.id), Some(l.bottom)).with_missing(id))
        })
        .collect();
    let bad_spots = mesh
        .hiding_spots
        .iter()
        .filter(|h| !index.contains_key(&h.area))
        .map(|h| Instance::at(Subject::HidingSpot(h.id), Some(h.position)).with_missing(h.area))
        .collect();
    let bad_places = (mesh.areas.iter().enumerate())
        .filter_map(|(i, a)| {
            let p = a.place.filter(|&p| p as usize >= mesh.places.len())?;
            Some(ctx.area(i).with_missing(u64::from(p)))
        })
        .collect();
    r.add(
        Error,
        "duplicate-ladder-id",
        "ladders share an ID with an earlier ladder",
        dup_ladders,
    );
    r.add(
        Error,
        "missing-ladder-area",
        "ladders connect to an area that does not exist",
        bad_ladders,
    );
    r.add(
        Error,
        "missing-hiding-spot-area",
        "hiding spots belong to an area that does not exist",
        bad_spots,
    );
    r.add(
        Error,
        "missing-place",
        "areas name a place the place list does not have",
        bad_places,
    );
}

/// Areas cut off from the main body of their group: what the editor's flood-select leaves out.
fn orphans(ctx: &Ctx, r: &mut Report) {
    let mesh = &ctx.mesh;
    let n = mesh.areas.len();
    let mut sets = mesh.area_sets();
    // Largest component per group is the main body.
    let mut size: HashMap<(u32, usize), usize> = HashMap::new();
    let roots: Vec<usize> = (0..n).map(|i| sets.find(i)).collect();
    for (i, a) in mesh.areas.iter().enumerate() {
        *size.entry((a.group, roots[i])).or_default() += 1;
    }
    let mut main: HashMap<u32, (usize, usize)> = HashMap::new();
    for (&(g, root), &s) in &size {
        let e = main.entry(g).or_insert((root, s));
        if s > e.1 || (s == e.1 && root < e.0) {
            *e = (root, s);
        }
    }
    let orphans = (mesh.areas.iter().enumerate())
        .filter(|(i, a)| main.get(&a.group).is_some_and(|m| m.0 != roots[*i]))
        .map(|(i, _)| ctx.area(i))
        .collect();
    r.add(
        Warning,
        "orphan-area",
        "areas are not connected to the main body of the mesh",
        orphans,
    );
}
