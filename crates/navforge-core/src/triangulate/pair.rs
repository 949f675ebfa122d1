//! Pairing triangle edges into neighbours: where areas are the same or connected and touch, with
//! every group of touching, connected areas made whole.

use super::{AreaTriangles, Tolerances};
use crate::model::NavMesh;
use crate::union_find::UnionFind;
use std::collections::{HashMap, HashSet};

/// Which areas' triangles may be neighbours.
pub(super) struct Joins {
    /// Area index pairs (smaller first) a connection joins; `None`: every pair may.
    pairs: Option<HashSet<(usize, usize)>>,
}

impl Joins {
    pub(super) fn of(mesh: &NavMesh) -> Joins {
        if mesh.connections.is_empty() {
            return Joins { pairs: None };
        }
        let index = mesh.area_index();
        let pairs = mesh
            .connections
            .iter()
            .filter_map(|c| Some((*index.get(&c.from)?, *index.get(&c.to)?)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        Joins { pairs: Some(pairs) }
    }

    fn allow(&self, a: usize, b: usize) -> bool {
        a == b
            || self
                .pairs
                .as_ref()
                .is_none_or(|p| p.contains(&(a.min(b), a.max(b))))
    }
}

/// One side of an edge: a triangle, its edge index, and whether it runs from the smaller
/// horizontal place to the larger.
type Side = (u32, usize, bool);

/// Whether two sides over the same horizontal places meet within a step height at both ends (a
/// ledge right above another's edge does not).
fn level(t: &AreaTriangles, x: Side, y: Side, tol: &Tolerances) -> bool {
    let ends = |(ti, k, forward): Side| {
        let tri = t.triangles[ti as usize];
        let (a, b) = (tri[k], tri[(k + 1) % 3]);
        let (a, b) = if forward { (a, b) } else { (b, a) };
        [t.vertices[a as usize][2], t.vertices[b as usize][2]]
    };
    let (p, q) = (ends(x), ends(y));
    (p[0] - q[0]).abs() <= tol.step && (p[1] - q[1]).abs() <= tol.step
}

pub(super) fn pair_edges(
    t: &AreaTriangles,
    places: &[usize],
    joins: &Joins,
    tol: &Tolerances,
) -> Vec<[Option<u32>; 3]> {
    // A fan centre belongs to its own area only: it gets a place no corner shares.
    let key = |v: u32| {
        places
            .get(v as usize)
            .copied()
            .unwrap_or(places.len() + v as usize)
    };
    let mut sides: HashMap<(usize, usize), Vec<Side>> = HashMap::new();
    for (ti, tri) in t.triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (key(tri[k]), key(tri[(k + 1) % 3]));
            if a != b {
                sides
                    .entry((a.min(b), a.max(b)))
                    .or_default()
                    .push((ti as u32, k, a < b));
            }
        }
    }
    // Candidate pairs in key order (never the hash map's), opposite-running first.
    let mut keys_sorted: Vec<_> = sides.keys().copied().collect();
    keys_sorted.sort_unstable();
    let area = |s: Side| t.areas[s.0 as usize];
    let mut opposite = Vec::new();
    let mut same_way = Vec::new();
    for k in &keys_sorted {
        let s = &sides[k];
        for (i, &x) in s.iter().enumerate() {
            for &y in &s[i + 1..] {
                if x.0 != y.0 && level(t, x, y, tol) {
                    if x.2 != y.2 {
                        &mut opposite
                    } else {
                        &mut same_way
                    }
                    .push((x, y));
                }
            }
        }
    }
    // The areas that must end up joined: those a connection joins and that touch, and what
    // they join in turn.
    let areas = t.areas.iter().max().map_or(0, |&m| m + 1);
    let mut contact = UnionFind::new(areas);
    for &(x, y) in opposite.iter().chain(&same_way) {
        if joins.allow(area(x), area(y)) {
            contact.union(area(x), area(y));
        }
    }
    let mut neighbours = vec![[None; 3]; t.triangles.len()];
    let free = |n: &[[Option<u32>; 3]], (x, y): (Side, Side)| {
        n[x.0 as usize][x.1].is_none() && n[y.0 as usize][y.1].is_none()
    };
    let link = |n: &mut [[Option<u32>; 3]], (x, y): (Side, Side)| {
        n[x.0 as usize][x.1] = Some(y.0);
        n[y.0 as usize][y.1] = Some(x.0);
    };
    // An area's own triangles first (a fan's inner edges).
    for &p in opposite.iter().filter(|p| area(p.0) == area(p.1)) {
        if free(&neighbours, p) {
            link(&mut neighbours, p);
        }
    }
    // Then, per pair of areas that must be joined, one link by any edge they share, the pairs
    // with the fewest shared edges first so that no edge another pair needs is spent early.
    let mut by_pair: HashMap<(usize, usize), Vec<(Side, Side)>> = HashMap::new();
    for &p in opposite.iter().chain(&same_way) {
        let (a, b) = (area(p.0), area(p.1));
        if a != b && contact.find(a) == contact.find(b) {
            by_pair.entry((a.min(b), a.max(b))).or_default().push(p);
        }
    }
    let mut pairs: Vec<_> = by_pair.into_iter().collect();
    pairs.sort_unstable_by_key(|(key, edges)| (edges.len(), *key));
    let mut joined = UnionFind::new(areas);
    for ((a, b), edges) in &pairs {
        if joined.find(*a) == joined.find(*b) {
            continue;
        }
        if let Some(&p) = edges.iter().find(|&&p| free(&neighbours, p)) {
            link(&mut neighbours, p);
            joined.union(*a, *b);
        }
    }
    // Then every other edge the same area or a connection joins across.
    for &p in &opposite {
        if joins.allow(area(p.0), area(p.1)) && free(&neighbours, p) {
            link(&mut neighbours, p);
        }
    }
    neighbours
}
