//! The mesh after the grid stages: areas as corner points (some no longer sit on samples:
//! obstacle tops) and their directed connections, with the geometry the late stages ask for
//! (extents, portals, closest points), in the game's terms.

use std::collections::BTreeSet;

use navforge_level::Vec3;

use crate::areas::RectArea;
use crate::post::{AreaLink, LinkKind};
use crate::sample::{EAST, NORTH, Node, SOUTH};
use navforge_core::area::AreaRect;
use navforge_core::model::Direction;

/// An area: corners north-west, north-east, south-east, south-west (axis-aligned in XY, each
/// with its own height).
#[derive(Debug, Clone, PartialEq)]
pub struct GenArea {
    /// Corners NW, NE, SE, SW.
    pub corners: [Vec3; 4],
    /// `NAV_MESH_*` bits.
    pub attributes: u64,
    /// Its corner samples while it still sits on the sampling grid.
    pub nodes: Option<[u32; 4]>,
    /// The ID it already has (incremental generation keeps existing areas' IDs).
    pub id: Option<u64>,
}

impl GenArea {
    /// Its floor in the shared geometry of [`navforge_core::area`]: the NW to SE rectangle with
    /// the four corner heights.
    pub fn rect(&self) -> AreaRect {
        let [nw, ne, se, sw] = self.corners;
        AreaRect::new(nw.to_array(), se.to_array(), ne.z, sw.z)
    }

    /// (min x, min y, max x, max y).
    pub fn extent(&self) -> [f32; 4] {
        self.rect().extent()
    }

    /// Size along x.
    pub fn size_x(&self) -> f32 {
        self.corners[1].x - self.corners[0].x
    }

    /// Size along y.
    pub fn size_y(&self) -> f32 {
        self.corners[3].y - self.corners[0].y
    }

    /// The point of the area closest to `p` in XY, on its surface.
    pub fn closest_point(&self, p: Vec3) -> Vec3 {
        Vec3::from_array(self.rect().closest_point(p.to_array()))
    }

    /// The two corners of side `side` (0 north, 1 east, 2 south, 3 west), in order along it.
    pub fn side_corners(&self, side: usize) -> (Vec3, Vec3) {
        side_corners(&self.corners, side)
    }

    /// The unit normals of its two triangles (NW-NE-SW and SE-SW-NE), facing up.
    pub fn normals(&self) -> [Vec3; 2] {
        let [nw, ne, se, sw] = self.corners;
        let up = |n: Vec3| {
            let n = n.normalize_or_zero();
            if n.z < 0.0 { -n } else { n }
        };
        [up((ne - nw).cross(sw - nw)), up((sw - se).cross(ne - se))]
    }
}

/// Areas and directed connections.
#[derive(Debug, Clone, Default)]
pub struct GenMesh {
    /// The areas.
    pub areas: Vec<GenArea>,
    /// Connections, sorted, at most one per (from, to).
    pub links: BTreeSet<AreaLink>,
}

/// The two corners of side `side` of a quad NW, NE, SE, SW, in order along it.
pub fn side_corners(c: &[Vec3; 4], side: usize) -> (Vec3, Vec3) {
    let [nw, ne, se, sw] = *c;
    match side {
        NORTH => (nw, ne),
        EAST => (ne, se),
        SOUTH => (sw, se),
        _ => (nw, sw),
    }
}

/// Whether a connection from quad `a` through its side `side` to quad `b` crosses a ledge a
/// player can take: at the middle of where they face each other, `b`'s facing side lies more
/// than `step` above or below `a`'s; and, reading each side kindly (its lowest corner against
/// the other's highest), the climb is within `jump` and the fall within `drop`. A connection
/// over a gap is right only there (`navforge check` holds meshes to the same rule).
pub fn crosses_ledge(
    a: &[Vec3; 4],
    b: &[Vec3; 4],
    side: usize,
    step: f32,
    jump: f32,
    drop: f32,
) -> bool {
    let (a0, a1) = side_corners(a, side);
    let (b0, b1) = side_corners(b, Direction::ALL[side].opposite().index());
    let across = |p: Vec3| if side.is_multiple_of(2) { p.x } else { p.y };
    let lo = across(a0).max(across(b0));
    let hi = across(a1).min(across(b1));
    if hi <= lo {
        return false;
    }
    let mid = (lo + hi) * 0.5;
    let at = |p: Vec3, q: Vec3| {
        let (s, t) = (across(p), across(q));
        let f = if (t - s).abs() > 1e-6 {
            ((mid - s) / (t - s)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        p.z + (q.z - p.z) * f
    };
    let dz = at(b0, b1) - at(a0, a1);
    let (a_lo, a_hi) = (a0.z.min(a1.z), a0.z.max(a1.z));
    let (b_lo, b_hi) = (b0.z.min(b1.z), b0.z.max(b1.z));
    dz.abs() > step && b_lo - a_hi <= jump && a_lo - b_hi <= drop
}

impl GenMesh {
    /// The grid stages' rectangles and connections.
    pub fn from_grid(nodes: &[Node], areas: &[RectArea], links: &[AreaLink]) -> GenMesh {
        GenMesh {
            areas: areas
                .iter()
                .map(|a| GenArea {
                    corners: a.corners.map(|c| nodes[c as usize].pos),
                    attributes: a.attributes,
                    nodes: Some(a.corners),
                    id: None,
                })
                .collect(),
            links: links.iter().copied().collect(),
        }
    }

    /// Connections from `area`.
    pub fn links_from(&self, area: usize) -> impl Iterator<Item = AreaLink> + '_ {
        let lo = AreaLink {
            from: area,
            to: 0,
            side: 0,
            kind: LinkKind::Walk,
        };
        self.links
            .range(lo..)
            .take_while(move |l| l.from == area)
            .copied()
    }

    /// Whether `from` connects to `to` through its side `side`.
    pub fn connected(&self, from: usize, to: usize, side: usize) -> bool {
        self.links_from(from).any(|l| l.to == to && l.side == side)
    }

    /// Connect `from` to `to` through `from`'s side `side` unless they are connected already.
    pub fn connect(&mut self, from: usize, to: usize, side: usize, kind: LinkKind) {
        if from != to && !self.links_from(from).any(|l| l.to == to) {
            self.links.insert(AreaLink {
                from,
                to,
                side,
                kind,
            });
        }
    }

    /// Remove the connections between `a` and `b`, both ways.
    pub fn disconnect(&mut self, a: usize, b: usize) {
        self.links
            .retain(|l| !((l.from == a && l.to == b) || (l.from == b && l.to == a)));
    }

    /// Remove the areas `doomed` marks, and every connection to or from them; the rest keep
    /// their order.
    pub fn remove_areas(&mut self, doomed: &[bool]) {
        let mut new_index = vec![usize::MAX; self.areas.len()];
        let mut next = 0;
        for (i, slot) in new_index.iter_mut().enumerate() {
            if !doomed.get(i).copied().unwrap_or(false) {
                *slot = next;
                next += 1;
            }
        }
        let mut k = 0;
        self.areas.retain(|_| {
            let keep = new_index[k] != usize::MAX;
            k += 1;
            keep
        });
        self.links = std::mem::take(&mut self.links)
            .into_iter()
            .filter_map(|l| {
                let (from, to) = (new_index[l.from], new_index[l.to]);
                (from != usize::MAX && to != usize::MAX).then_some(AreaLink { from, to, ..l })
            })
            .collect();
    }

    /// The opening between `from` and `to` on `from`'s side `side` (`ComputePortal`): its
    /// centre in XY (z from `from`) and half its width (0 or less when they meet at a corner
    /// or not at all).
    pub fn portal(&self, from: usize, to: usize, side: usize) -> (Vec3, f32) {
        let (a, b) = (self.areas[from].rect(), self.areas[to].rect());
        let (centre, half) = a.portal(&b, Direction::ALL[side & 3]);
        (Vec3::from_array(centre), half)
    }
}
