//! Merging two areas into one (`nav_merge`), and splicing a new area between two (`nav_splice`).

use navforge_core::F32;
use navforge_core::model::Direction;
use navforge_source::Area;

use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::{extent, finite};
use crate::journal::{CONNECTIONS, CORNERS, LADDERS};
use crate::tx::Tx;

/// Merge `other` into `keep`: their shared extent must match in length along one axis (they
/// need not touch). The result has `keep`'s ID and properties and every connection of both.
pub(super) fn merge(
    tx: &mut Tx<'_>,
    sel: &mut Selection,
    keep: u32,
    other: u32,
) -> Result<String, EditError> {
    if keep == other {
        return Err(refused(format!("area {keep} cannot merge with itself")));
    }
    let (ki, oi) = (tx.index(keep)?, tx.index(other)?);
    let (k, o) = (&tx.doc.areas[ki], &tx.doc.areas[oi]);
    let [kx0, ky0, kx1, ky1] = extent(k);
    let [ox0, oy0, ox1, oy1] = extent(o);
    let same_x = kx0 == ox0 && kx1 == ox1;
    let same_y = ky0 == oy0 && ky1 == oy1;
    if !same_x && !same_y {
        return Err(refused(format!(
            "cannot merge {keep} and {other}: their edges differ in length (x {kx0}..{kx1} vs {ox0}..{ox1}, y {ky0}..{ky1} vs {oy0}..{oy1})"
        )));
    }
    let (x0, y0, x1, y1) = (kx0.min(ox0), ky0.min(oy0), kx1.max(ox1), ky1.max(oy1));
    // Each corner of the union keeps the height of the area it came from (the kept one first).
    let corners = |a: &Area| {
        let [ax0, ay0, ax1, ay1] = extent(a);
        [
            ((ax0, ay0), a.north_west[2]),
            ((ax1, ay0), a.north_east_z),
            ((ax1, ay1), a.south_east[2]),
            ((ax0, ay1), a.south_west_z),
        ]
    };
    let (kc, oc) = (corners(k), corners(o));
    let z = |x: f32, y: f32, fallback: F32| {
        kc.iter()
            .chain(&oc)
            .find(|(p, _)| *p == (x, y))
            .map_or(fallback, |(_, z)| *z)
    };
    let north_west = [F32::new(x0), F32::new(y0), z(x0, y0, k.north_west[2])];
    let north_east_z = z(x1, y0, k.north_east_z);
    let south_east = [F32::new(x1), F32::new(y1), z(x1, y1, k.south_east[2])];
    let south_west_z = z(x0, y1, k.south_west_z);
    let mut connections = k.connections.clone();
    for (d, t) in o.connections.iter() {
        if t != keep && t != other && !connections.contains(t) {
            connections.push(Direction::ALL[d], t);
        }
    }
    // The merged area reaches the other's ladders too.
    let up: Vec<u32> = o
        .ladders_up
        .iter()
        .filter(|l| !k.ladders_up.contains(l))
        .copied()
        .collect();
    let down: Vec<u32> = o
        .ladders_down
        .iter()
        .filter(|l| !k.ladders_down.contains(l))
        .copied()
        .collect();
    let mask = CORNERS
        | CONNECTIONS
        | if up.is_empty() && down.is_empty() {
            0
        } else {
            LADDERS
        };
    let a = tx.parts_mut(ki, mask);
    a.north_west = north_west;
    a.north_east_z = north_east_z;
    a.south_east = south_east;
    a.south_west_z = south_west_z;
    a.connections = connections;
    a.ladders_up.extend(up);
    a.ladders_down.extend(down);
    tx.note_area(ki);
    tx.retarget(other, keep)?;
    tx.remove_area(other)?;
    sel.selected.retain(|&x| x != other);
    if sel.marked == Some(other) {
        sel.marked = Some(keep);
    }
    Ok(format!("merged area {other} into {keep}"))
}

/// `nav_splice`: a new area spanning the gap between `a` and `b` (which must lie apart along x
/// or along y and face each other), as wide as the overlap of their facing sides, its corners
/// at the heights of the two areas' surfaces there, so it slopes from one to the other. It is
/// connected both ways to each, takes the attributes of both, and the place they share (or the
/// one that has a place; `a`'s when both differ: the game picks one at random).
pub(super) fn splice(tx: &mut Tx<'_>, a: u32, b: u32) -> Result<String, EditError> {
    if a == b {
        return Err(refused(format!("area {a} cannot be spliced to itself")));
    }
    let (ia, ib) = (tx.index(a)?, tx.index(b)?);
    // The game's `this` is the area pointed at (`b`), `other` the marked one (`a`).
    let (this, other) = (&tx.doc.areas[ib], &tx.doc.areas[ia]);
    let [tx0, ty0, tx1, ty1] = extent(this);
    let [ox0, oy0, ox1, oy1] = extent(other);
    // (nw x, nw y, se x, se y), which area each corner's height comes from, and the sides.
    let (rect, west_or_north_is_other, this_side) = if tx0 > ox1 {
        // `this` is east of `other`.
        (
            [ox1, ty0.max(oy0), tx0, ty1.min(oy1)],
            true,
            Direction::West,
        )
    } else if tx1 < ox0 {
        (
            [tx1, ty0.max(oy0), ox0, ty1.min(oy1)],
            false,
            Direction::East,
        )
    } else if ty0 > oy1 {
        // `this` is south of `other`.
        (
            [tx0.max(ox0), oy1, tx1.min(ox1), ty0],
            true,
            Direction::North,
        )
    } else if ty1 < oy0 {
        (
            [tx0.max(ox0), ty1, tx1.min(ox1), oy0],
            false,
            Direction::South,
        )
    } else {
        return Err(refused(format!(
            "areas {a} and {b} overlap or touch: there is no gap to splice"
        )));
    };
    let [x0, y0, x1, y1] = rect;
    if !(x1 > x0 && y1 > y0) {
        return Err(refused(format!(
            "areas {a} and {b} do not face each other: their sides across the gap do not overlap"
        )));
    }
    // Along x, the west corners stand on the west area; along y, the north corners on the north.
    let along_x = matches!(this_side, Direction::West | Direction::East);
    let (first, second) = if west_or_north_is_other {
        (other, this)
    } else {
        (this, other)
    };
    let height = |x: f32, y: f32, west_or_north: bool| {
        F32::new(crate::geometry::rect(if west_or_north { first } else { second }).z_at(x, y))
    };
    let nw = height(x0, y0, true);
    let se = height(x1, y1, false);
    let ne = height(x1, y0, !along_x);
    let sw = height(x0, y1, along_x);
    let attributes =
        (this.attributes | other.attributes) & (crate::ops::attribute_width(tx.doc.version) as u32);
    let place = if this.place == other.place || this.place == 0 {
        other.place
    } else if other.place == 0 {
        this.place
    } else {
        other.place
    };
    let id = tx.next_area_id()?;
    let mut area = tx.doc.new_area();
    area.id = id;
    area.north_west = [F32::new(x0), F32::new(y0), nw];
    area.south_east = [F32::new(x1), F32::new(y1), se];
    area.north_east_z = ne;
    area.south_west_z = sw;
    area.attributes = attributes;
    area.place = place;
    if !finite(&area) {
        return Err(refused("the spliced area's coordinates are not finite"));
    }
    let other_side = this_side.opposite();
    area.connections.push(other_side, b);
    area.connections.push(this_side, a);
    tx.push_area(area);
    // `b` reaches the new area on the side facing `a`, and `a` on the side facing `b`.
    if !tx.doc.areas[ib].connections.contains(id) {
        tx.push_connection(ib, this_side, id);
    }
    if !tx.doc.areas[ia].connections.contains(id) {
        tx.push_connection(ia, other_side, id);
    }
    Ok(format!(
        "spliced area {id} between {a} and {b} ({}x{} units), connected both ways to each",
        x1 - x0,
        y1 - y0
    ))
}
