//! Hiding spots: corners where the area's edge is open on both sides, classified in cover or
//! exposed by a ring of short traces.

use navforge_level::{Level, Vec3};

use crate::BotCode;
use crate::geom::{Geom, Mesh};
use navforge_core::attributes::nav_mesh::{DONT_HIDE, JUMP};

/// Flag: in cover.
pub const IN_COVER: u8 = 0x1;
/// Flag: good sniper spot.
pub const GOOD_SNIPER: u8 = 0x2;
/// Flag: ideal sniper spot.
pub const IDEAL_SNIPER: u8 = 0x4;
/// Flag: exposed (Source only; GoldSrc leaves the bit clear).
pub const EXPOSED: u8 = 0x8;

/// A length of open edge next to a corner that makes it a corner.
const CORNER_SIZE: f32 = 20.0;
/// How far inside the corner a spot goes.
const OFFSET: f32 = 12.5;
/// Spots of one area closer than this are one spot.
const COLLISION_RANGE: f32 = 30.0;

/// A spot before it has an ID.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    /// Floor position.
    pub pos: Vec3,
    /// `IN_COVER` / `EXPOSED` / sniper bits.
    pub flags: u8,
}

/// The hiding spots of area `i`, corner by corner in the game's order: the CS 1.6 bot asks NW,
/// NE, SW, SE one by one; Source loops over its corner type, NW, NE, SE, SW. The order matters
/// where two corners' spots would collide: the first one asked is kept.
///
/// Source (`code` past GoldSrc) also marks spots not in cover as exposed and honours
/// don't-hide areas; each code traces the cover rays with its own mask
/// ([`BotCode::cover_mask`]).
pub fn area_spots(mesh: &Mesh, i: usize, level: &Level, code: BotCode) -> Vec<Spot> {
    let source = code.source();
    let Some(a) = mesh.areas.get(i) else {
        return Vec::new();
    };
    if a.has(JUMP) || (source && a.has(DONT_HIDE)) {
        return Vec::new();
    }
    let counts = corner_counts(mesh, i, a);
    let mut spots: Vec<Spot> = Vec::new();
    // Corner indices into Geom::corner: NW, NE, SE, SW.
    let order: [usize; 4] = if source { [0, 1, 2, 3] } else { [0, 1, 3, 2] };
    for c in order {
        if counts[c] != 2 {
            continue;
        }
        // Inward from the corner: east of the west corners, south of the north ones.
        let sx = if c == 0 || c == 3 { 1.0 } else { -1.0 };
        let sy = if c < 2 { 1.0 } else { -1.0 };
        let pos = spot_position(a, c, sx, sy, source);
        if spots
            .iter()
            .any(|s| (s.pos - pos).length() < COLLISION_RANGE)
        {
            continue;
        }
        let flags = if in_cover(level, pos, code) {
            IN_COVER
        } else if source {
            EXPOSED
        } else {
            0
        };
        spots.push(Spot { pos, flags });
    }
    spots
}

/// For each corner (NW, NE, SE, SW), on how many of its two sides the edge is open for at least
/// `CORNER_SIZE` next to it. Only two-way links to non-jump areas cover an edge.
fn corner_counts(mesh: &Mesh, i: usize, a: &Geom) -> [u8; 4] {
    let mut counts = [0u8; 4];
    for d in 0..4u8 {
        let (mut lo, mut hi) = (999_999.9f32, -999_999.9f32);
        let horizontal = d == 0 || d == 2;
        let back = navforge_core::model::Direction::ALL[d as usize]
            .opposite()
            .index() as u8;
        for l in a.links.iter().filter(|l| l.dir == d) {
            let Some(n) = mesh.areas.get(l.to) else {
                continue;
            };
            if !mesh.is_connected(l.to, i, back) || n.has(JUMP) {
                continue;
            }
            let axis = if horizontal { 0 } else { 1 };
            lo = lo.min(n.lo[axis]);
            hi = hi.max(n.hi[axis]);
        }
        let axis = if horizontal { 0 } else { 1 };
        let open_lo = lo - a.lo[axis] >= CORNER_SIZE;
        let open_hi = a.hi[axis] - hi >= CORNER_SIZE;
        // Corners at the low and high end of this side.
        let (c_lo, c_hi) = match d {
            0 => (0, 1), // north: NW, NE
            2 => (3, 2), // south: SW, SE
            1 => (1, 2), // east: NE, SE
            _ => (0, 3), // west: NW, SW
        };
        counts[c_lo] += u8::from(open_lo);
        counts[c_hi] += u8::from(open_hi);
    }
    counts
}

/// The spot near corner `c`: GoldSrc always steps 12.5 units in; Source falls back towards the
/// centre when that leaves the area.
fn spot_position(a: &Geom, c: usize, sx: f32, sy: f32, source: bool) -> Vec3 {
    let corner = a.corner(c);
    let pos = corner + Vec3::new(OFFSET * sx, OFFSET * sy, 0.0);
    if !source || a.overlaps(pos.x, pos.y) {
        return pos;
    }
    let [w, h] = a.size();
    for cand in [
        corner + Vec3::new(w * 0.5 * sx, OFFSET * sy, 0.0),
        corner + Vec3::new(OFFSET * sx, h * 0.5 * sy, 0.0),
        corner + Vec3::new(w * 0.5 * sx, h * 0.5 * sy, 0.0),
        corner + Vec3::new(sx, sy, 0.0),
    ] {
        if a.overlaps(cand.x, cand.y) {
            return cand;
        }
    }
    corner
}

/// In cover: something the code's cover rays stop on ([`BotCode::cover_mask`]) just above
/// the crouching head (half the code's player height up), or at least 8 of the 16 rising rays
/// of 100 units hit it.
pub fn in_cover(level: &Level, spot: Vec3, code: BotCode) -> bool {
    let (mask, half) = (code.cover_mask(), code.half_human_height());
    let from = spot + Vec3::new(0.0, 0.0, half);
    let hits = |to: Vec3| crate::traces::ray_hits_in(level, from, to, mask);
    if hits(from + Vec3::new(0.0, 0.0, 20.0)) {
        return true;
    }
    let mut covered = 0;
    // The game steps a float angle by pi/8 and compares it with 2*pi in double precision.
    let inc = (std::f64::consts::PI / 8.0) as f32;
    let mut angle = 0.0f32;
    while f64::from(angle) < 2.0 * std::f64::consts::PI {
        let to = from + Vec3::new(100.0 * angle.cos(), 100.0 * angle.sin(), half);
        if hits(to) {
            covered += 1;
        }
        angle += inc;
    }
    covered >= 8
}
