use crate::geometry::{bbox, convex_overlap, signed_area2, xy};
use crate::{Report, Severity::*};
use navforge_core::model::{ConnectionKind, Direction, NavMesh};
use std::collections::{HashMap, HashSet};

/// Areas closer than this in height are taken to be on the same floor (a Source step is 18 units,
/// a crouching player 36).
const SAME_FLOOR: f64 = 36.0;
/// Gap tolerated between the facing edges of connected Source areas, in world units.
const EDGE_TOLERANCE: f64 = 1.0;

pub fn run(mesh: &NavMesh, r: &mut Report) {
    let index = area_index(mesh, r);
    geometry(mesh, r);
    connections(mesh, &index, r);
    graph(mesh, r);
    annotations(mesh, &index, r);
    orphans(mesh, &index, r);
    overlaps(mesh, r);
}

fn area_index(mesh: &NavMesh, r: &mut Report) -> HashMap<u64, usize> {
    let mut index = HashMap::with_capacity(mesh.areas.len());
    let mut dups = Vec::new();
    for (i, a) in mesh.areas.iter().enumerate() {
        if index.insert(a.id, i).is_some() {
            dups.push(a.id);
        }
    }
    r.add(
        Error,
        "duplicate-area-id",
        "areas share an ID with an earlier area",
        dups,
    );
    index
}

fn geometry(mesh: &NavMesh, r: &mut Report) {
    let mut non_finite = Vec::new();
    let mut degenerate = Vec::new();
    let mut winding = Vec::with_capacity(mesh.areas.len());
    for a in &mesh.areas {
        if a.polygon.iter().flatten().any(|c| !c.is_finite()) {
            non_finite.push(a.id);
            continue;
        }
        let poly: Vec<_> = a.polygon.iter().map(|&p| xy(p)).collect();
        let area2 = if poly.len() >= 3 {
            signed_area2(&poly)
        } else {
            0.0
        };
        if area2.abs() < 1e-6 {
            degenerate.push(a.id);
        } else {
            winding.push((a.id, area2 > 0.0));
        }
    }
    // The mesh's own convention is whichever winding most areas have; the others are inverted.
    let ccw = winding.iter().filter(|w| w.1).count();
    let majority = ccw * 2 >= winding.len();
    let inverted = winding
        .iter()
        .filter(|w| w.1 != majority)
        .map(|w| w.0)
        .collect();
    let nodes_non_finite: Vec<u64> = mesh
        .nodes
        .iter()
        .filter(|n| n.position.iter().any(|c| !c.is_finite()))
        .map(|n| n.id)
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

fn connections(mesh: &NavMesh, index: &HashMap<u64, usize>, r: &mut Report) {
    let mut missing = Vec::new();
    let directed: HashSet<(u64, u64)> = mesh.connections.iter().map(|c| (c.from, c.to)).collect();
    let mut one_way = Vec::new();
    let mut apart = Vec::new();
    // Source areas (files and Selected Nav Areas alike) connect through the side they share.
    let source = matches!(
        mesh.format,
        Some(navforge_core::Format::SourceNav | navforge_core::Format::SourceSelected)
    );
    // External links lead out of this mesh (another record or tile), so their targets are not here.
    for c in mesh
        .connections
        .iter()
        .filter(|c| c.kind != ConnectionKind::External)
    {
        let (Some(&a), Some(&b)) = (index.get(&c.from), index.get(&c.to)) else {
            missing.push(if index.contains_key(&c.from) {
                c.to
            } else {
                c.from
            });
            continue;
        };
        if !directed.contains(&(c.to, c.from)) {
            one_way.push(c.from);
        }
        if let (true, Some(dir)) = (source, c.direction)
            && !edges_meet(&mesh.areas[a].polygon, &mesh.areas[b].polygon, dir)
        {
            apart.push(c.from);
        }
    }
    r.add(
        Error,
        "missing-connection-target",
        "connections name an area that does not exist",
        missing,
    );
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
        "connections join areas whose facing edges do not meet",
        apart,
    );
}

/// Whether the side `dir` of area `a` lies on the opposite side of `b` (Source: north is -y).
fn edges_meet(a: &[[f32; 3]], b: &[[f32; 3]], dir: Direction) -> bool {
    let (ba, bb) = (bbox(a), bbox(b));
    let (gap, overlap) = match dir {
        Direction::North => (ba[1] - bb[3], ba[2].min(bb[2]) - ba[0].max(bb[0])),
        Direction::South => (bb[1] - ba[3], ba[2].min(bb[2]) - ba[0].max(bb[0])),
        Direction::East => (bb[0] - ba[2], ba[3].min(bb[3]) - ba[1].max(bb[1])),
        Direction::West => (ba[0] - bb[2], ba[3].min(bb[3]) - ba[1].max(bb[1])),
    };
    gap.abs() <= EDGE_TOLERANCE && overlap >= 0.0
}

fn graph(mesh: &NavMesh, r: &mut Report) {
    let mut ids = HashSet::with_capacity(mesh.nodes.len());
    let dups = mesh
        .nodes
        .iter()
        .filter(|n| !ids.insert(n.id))
        .map(|n| n.id)
        .collect();
    let missing = mesh
        .links
        .iter()
        .filter(|l| l.kind != ConnectionKind::External)
        .filter(|l| !ids.contains(&l.from) || !ids.contains(&l.to))
        .map(|l| if ids.contains(&l.from) { l.to } else { l.from })
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

fn annotations(mesh: &NavMesh, index: &HashMap<u64, usize>, r: &mut Report) {
    let mut ladder_ids = HashSet::new();
    let dup_ladders = mesh
        .ladders
        .iter()
        .filter(|l| !ladder_ids.insert(l.id))
        .map(|l| l.id)
        .collect();
    let bad_ladders = mesh
        .ladders
        .iter()
        .filter(|l| {
            l.top_areas
                .iter()
                .chain([&l.bottom_area])
                .any(|&id| id != 0 && !index.contains_key(&id))
        })
        .map(|l| l.id)
        .collect();
    let bad_spots = mesh
        .hiding_spots
        .iter()
        .filter(|h| !index.contains_key(&h.area))
        .map(|h| h.id)
        .collect();
    let bad_places = mesh
        .areas
        .iter()
        .filter(|a| a.place.is_some_and(|p| p as usize >= mesh.places.len()))
        .map(|a| a.id)
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
fn orphans(mesh: &NavMesh, index: &HashMap<u64, usize>, r: &mut Report) {
    let n = mesh.areas.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let join = |a: u64, b: u64, p: &mut Vec<usize>| {
        if let (Some(&a), Some(&b)) = (index.get(&a), index.get(&b)) {
            let (ra, rb) = (find(p, a), find(p, b));
            p[ra] = rb;
        }
    };
    for c in &mesh.connections {
        join(c.from, c.to, &mut parent);
    }
    for l in &mesh.ladders {
        for &t in &l.top_areas {
            join(t, l.bottom_area, &mut parent);
        }
    }
    // Largest component per group is the main body.
    let mut size: HashMap<(u32, usize), usize> = HashMap::new();
    let roots: Vec<usize> = (0..n).map(|i| find(&mut parent, i)).collect();
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
    let orphans = mesh
        .areas
        .iter()
        .enumerate()
        .filter(|(i, a)| main.get(&a.group).is_some_and(|m| m.0 != roots[*i]))
        .map(|(_, a)| a.id)
        .collect();
    r.add(
        Warning,
        "orphan-area",
        "areas are not connected to the main body of the mesh",
        orphans,
    );
}

/// Pairs of areas on the same floor of the same group whose footprints overlap. Groups are compared
/// apart because they may be separate spaces (Bethesda interior cells share coordinates).
fn overlaps(mesh: &NavMesh, r: &mut Report) {
    let boxes: Vec<Option<[f64; 4]>> = mesh
        .areas
        .iter()
        .map(|a| {
            let b = bbox(&a.polygon);
            (a.polygon.len() >= 3 && b.iter().all(|v| v.is_finite())).then_some(b)
        })
        .collect();
    let valid: Vec<&[f64; 4]> = boxes.iter().flatten().collect();
    if valid.is_empty() {
        return;
    }
    // A uniform grid with cells about the size of an average area finds candidate pairs.
    let mean = valid
        .iter()
        .map(|b| (b[2] - b[0]).max(b[3] - b[1]))
        .sum::<f64>()
        / valid.len() as f64;
    let cell = mean.max(1.0) * 2.0;
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, b) in boxes.iter().enumerate() {
        let Some(b) = b else { continue };
        let (x0, y0, x1, y1) = (
            (b[0] / cell) as i64,
            (b[1] / cell) as i64,
            (b[2] / cell) as i64,
            (b[3] / cell) as i64,
        );
        // Huge areas would flood the grid; they are rare, and skipping them only loses warnings.
        if (x1 - x0 + 1) * (y1 - y0 + 1) > 4096 {
            continue;
        }
        for gx in x0..=x1 {
            for gy in y0..=y1 {
                grid.entry((gx, gy)).or_default().push(i);
            }
        }
    }
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for members in grid.values() {
        for (k, &i) in members.iter().enumerate() {
            for &j in &members[k + 1..] {
                let (bi, bj) = (boxes[i].unwrap_or_default(), boxes[j].unwrap_or_default());
                if bi[2] <= bj[0] || bj[2] <= bi[0] || bi[3] <= bj[1] || bj[3] <= bi[1] {
                    continue;
                }
                if !seen.insert((i.min(j), i.max(j))) {
                    continue;
                }
                let (a, b) = (&mesh.areas[i], &mesh.areas[j]);
                if a.group != b.group {
                    continue;
                }
                if (mean_z(&a.polygon) - mean_z(&b.polygon)).abs() > SAME_FLOOR {
                    continue;
                }
                let pa: Vec<_> = a.polygon.iter().map(|&p| xy(p)).collect();
                let pb: Vec<_> = b.polygon.iter().map(|&p| xy(p)).collect();
                let smaller = (signed_area2(&pa).abs().min(signed_area2(&pb).abs())) / 2.0;
                let shared = convex_overlap(&pa, &pb);
                if shared > 1.0 && shared > 0.01 * smaller {
                    found.push(a.id.min(b.id));
                }
            }
        }
    }
    found.sort_unstable();
    r.add(
        Warning,
        "overlapping-areas",
        "pairs of areas on the same floor overlap",
        found,
    );
}

fn mean_z(poly: &[[f32; 3]]) -> f64 {
    poly.iter().map(|p| p[2] as f64).sum::<f64>() / poly.len().max(1) as f64
}
