//! The edits themselves, each through a [`Tx`] so it is recorded and can be rolled back.

use std::collections::{HashMap, HashSet, VecDeque};

use navforge_core::F32;
use navforge_core::model::Direction;
use navforge_source::{Area, SourceNavDocument};

use crate::command::{AttributeOp, Axis, Command, Corner, SelectOp};
use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::{centre, extent, finite, lerp, opposite, overlap, side_towards};
use crate::journal::Tx;

/// The game's generation grid (`GenerationStepSize`), for `create ... snap`.
pub const GRID: f32 = 25.0;

/// Carry out an edit. Returns a one-line message.
pub(crate) fn apply(
    tx: &mut Tx<'_>,
    sel: &mut Selection,
    cmd: &Command,
) -> Result<String, EditError> {
    match cmd {
        Command::Create { a, b, snap } => create(tx, sel, *a, *b, *snap),
        Command::Delete(ids) => {
            let ids = targets(tx, sel, ids, "delete")?;
            for &id in &ids {
                tx.remove_area(id)?;
            }
            sel.selected.retain(|x| !ids.contains(x));
            if sel.marked.is_some_and(|m| ids.contains(&m)) {
                sel.marked = None;
            }
            Ok(format!("deleted {} area(s)", ids.len()))
        }
        Command::Connect { from, to } => connect(tx, sel, *from, *to),
        Command::Disconnect(a, b) => {
            let (ia, ib) = (tx.index(*a)?, tx.index(*b)?);
            let mut gone = 0;
            if tx.doc.areas[ia].connections.contains(*b) {
                gone += tx.connections_mut(ia).remove_all(*b);
            }
            if tx.doc.areas[ib].connections.contains(*a) {
                gone += tx.connections_mut(ib).remove_all(*a);
            }
            if gone == 0 {
                return Err(refused(format!("areas {a} and {b} are not connected")));
            }
            Ok(format!("removed {gone} connection(s) between {a} and {b}"))
        }
        Command::DisconnectOneWays(ids) => {
            let ids = targets(tx, sel, ids, "disconnect-oneways")?;
            let mut gone = 0;
            for id in ids {
                let i = tx.index(id)?;
                let one_way: Vec<u32> = tx.doc.areas[i]
                    .connections
                    .iter()
                    .map(|(_, t)| t)
                    .filter(|&t| tx.doc.area(t).is_none_or(|o| !o.connections.contains(id)))
                    .collect();
                if !one_way.is_empty() {
                    gone += tx.connections_mut(i).retain(|_, t| !one_way.contains(&t));
                }
            }
            Ok(format!("removed {gone} one-way connection(s)"))
        }
        Command::Split { id, axis, at } => split(tx, *id, *axis, *at),
        Command::Merge { keep, other } => merge(tx, sel, *keep, *other),
        Command::Attribute { ids, name, op } => attribute(tx, sel, ids, name, *op),
        Command::Place { ids, name } => {
            let ids = targets(tx, sel, ids, "place")?;
            let place = match name {
                Some(n) => tx.place_index(n)?,
                None => 0,
            };
            for id in &ids {
                let i = tx.index(*id)?;
                if tx.doc.areas[i].place != place {
                    tx.head_mut(i).place = place;
                }
            }
            Ok(format!(
                "{} area(s) now in place {}",
                ids.len(),
                name.as_deref().unwrap_or("(none)")
            ))
        }
        Command::PlaceFlood { id, name } => {
            let start = tx.index(*id)?;
            let old = tx.doc.areas[start].place;
            let place = tx.place_index(name)?;
            let area = flood(tx.doc, &[*id], |a| a.place == old);
            for id in &area {
                let i = tx.index(*id)?;
                tx.head_mut(i).place = place;
            }
            Ok(format!("{} area(s) now in place {name}", area.len()))
        }
        Command::PlaceReplace { from, to } => {
            let Some(old) = tx.doc.places.iter().position(|p| p.name_lossy() == *from) else {
                return Err(refused(format!("no place is named `{from}`")));
            };
            let old = u16::try_from(old + 1).unwrap_or(u16::MAX);
            let new = tx.place_index(to)?;
            let hits: Vec<usize> = (0..tx.doc.areas.len())
                .filter(|&i| tx.doc.areas[i].place == old)
                .collect();
            for &i in &hits {
                tx.head_mut(i).place = new;
            }
            Ok(format!("{} area(s) moved from {from} to {to}", hits.len()))
        }
        Command::Corner {
            ids,
            corner,
            by,
            to,
        } => {
            let ids = targets(tx, sel, ids, "corner")?;
            for id in &ids {
                let i = tx.index(*id)?;
                let a = tx.head_mut(i);
                let zs: Vec<&mut F32> = match corner {
                    Corner::NorthWest => vec![&mut a.north_west[2]],
                    Corner::NorthEast => vec![&mut a.north_east_z],
                    Corner::SouthEast => vec![&mut a.south_east[2]],
                    Corner::SouthWest => vec![&mut a.south_west_z],
                    Corner::All => vec![
                        &mut a.north_west[2],
                        &mut a.north_east_z,
                        &mut a.south_east[2],
                        &mut a.south_west_z,
                    ],
                };
                for z in zs {
                    *z = F32::new(to.unwrap_or(z.get() + by));
                }
                if !finite(a) {
                    return Err(refused(format!(
                        "area {id}: a corner height would overflow"
                    )));
                }
            }
            Ok(format!("moved corners of {} area(s)", ids.len()))
        }
        Command::Shift(d) => {
            let ids = targets(tx, sel, &[], "shift")?;
            for id in &ids {
                let i = tx.index(*id)?;
                let a = tx.area_mut(i);
                for (k, dk) in d.iter().enumerate() {
                    a.north_west[k] = F32::new(a.north_west[k].get() + dk);
                    a.south_east[k] = F32::new(a.south_east[k].get() + dk);
                }
                a.north_east_z = F32::new(a.north_east_z.get() + d[2]);
                a.south_west_z = F32::new(a.south_west_z.get() + d[2]);
                for s in &mut a.hiding_spots {
                    for (p, dk) in s.position.iter_mut().zip(d) {
                        *p = F32::new(p.get() + dk);
                    }
                }
                if !finite(a) || extent_degenerate(a) {
                    return Err(refused(format!("area {id}: shifted coordinates overflow")));
                }
            }
            Ok(format!("shifted {} area(s) by {:?}", ids.len(), d))
        }
        Command::MergeMesh { path, text } => crate::selected::merge_mesh(tx, sel, path, text),
        Command::Undo(_)
        | Command::Redo(_)
        | Command::Mark(_)
        | Command::Select(_)
        | Command::Save(_)
        | Command::SaveSelected(_)
        | Command::Show(_)
        | Command::PlaceList
        | Command::Help
        | Command::Quit => Err(refused("not an edit")),
    }
}

/// The areas a command acts on: the IDs given, else the selected set, else the marked area.
fn targets(
    tx: &Tx<'_>,
    sel: &Selection,
    ids: &[u32],
    what: &'static str,
) -> Result<Vec<u32>, EditError> {
    let ids: Vec<u32> = if !ids.is_empty() {
        ids.to_vec()
    } else if !sel.selected.is_empty() {
        sel.selected.clone()
    } else {
        sel.marked.into_iter().collect()
    };
    if ids.is_empty() {
        return Err(EditError::NoTarget(what));
    }
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        tx.index(id)?;
        if seen.insert(id) {
            out.push(id);
        }
    }
    Ok(out)
}

fn extent_degenerate(a: &Area) -> bool {
    let [x0, y0, x1, y1] = extent(a);
    x1 - x0 <= 0.0 || y1 - y0 <= 0.0
}

fn create(
    tx: &mut Tx<'_>,
    sel: &Selection,
    a: [f32; 3],
    b: [f32; 3],
    snap: bool,
) -> Result<String, EditError> {
    let grid = |v: f32| if snap { (v / GRID).round() * GRID } else { v };
    let (ax, ay, bx, by) = (grid(a[0]), grid(a[1]), grid(b[0]), grid(b[1]));
    let (x0, x1, y0, y1) = (ax.min(bx), ax.max(bx), ay.min(by), ay.max(by));
    if x1 - x0 <= 0.0 || y1 - y0 <= 0.0 {
        return Err(refused(format!(
            "corners ({ax}, {ay}) and ({bx}, {by}) make an area without extent"
        )));
    }
    // Each corner takes the height of the given point at it; the other two the mean.
    let z_at = |x: f32, y: f32| {
        if (x, y) == (ax, ay) {
            a[2]
        } else if (x, y) == (bx, by) {
            b[2]
        } else {
            (a[2] + b[2]) / 2.0
        }
    };
    let id = tx
        .doc
        .next_area_id()
        .ok_or_else(|| refused("no area ID left"))?;
    let mut area = tx.doc.new_area();
    area.id = id;
    area.north_west = [F32::new(x0), F32::new(y0), F32::new(z_at(x0, y0))];
    area.south_east = [F32::new(x1), F32::new(y1), F32::new(z_at(x1, y1))];
    area.north_east_z = F32::new(z_at(x1, y0));
    area.south_west_z = F32::new(z_at(x0, y1));
    if !finite(&area) {
        return Err(refused("the new area's coordinates are not finite"));
    }
    let index = tx.push_area(area);
    let mut msg = format!("created area {id}");
    if let Some(m) = sel.marked {
        let mi = tx.index(m)?;
        link(tx, mi, index);
        link(tx, index, mi);
        msg.push_str(&format!(", connected both ways to marked area {m}"));
    }
    Ok(msg)
}

/// Connect area at `from` to area at `to` (one way) on the side facing it, unless it already is.
fn link(tx: &mut Tx<'_>, from: usize, to: usize) -> bool {
    let target = tx.doc.areas[to].id;
    if tx.doc.areas[from].connections.contains(target) {
        return false;
    }
    let side = side_towards(&tx.doc.areas[from], &tx.doc.areas[to]);
    tx.connections_mut(from).push(side, target);
    true
}

fn connect(
    tx: &mut Tx<'_>,
    sel: &Selection,
    from: Option<u32>,
    to: Option<u32>,
) -> Result<String, EditError> {
    match (from.or(sel.marked), to) {
        (Some(f), Some(t)) => {
            if f == t {
                return Err(refused(format!("area {f} cannot connect to itself")));
            }
            let (fi, ti) = (tx.index(f)?, tx.index(t)?);
            Ok(if link(tx, fi, ti) {
                format!("connected {f} -> {t}")
            } else {
                format!("{f} already connects to {t}")
            })
        }
        (_, Some(_)) => Err(EditError::NoTarget("connect")),
        (_, None) => {
            let set = sel.selected.clone();
            let Some((&first, rest)) = set.split_first().filter(|(_, r)| !r.is_empty()) else {
                return Err(refused(
                    "connect: give FROM TO, mark an area, or select two or more areas",
                ));
            };
            let fi = tx.index(first)?;
            let mut made = 0;
            for &other in rest {
                let oi = tx.index(other)?;
                made += usize::from(link(tx, fi, oi)) + usize::from(link(tx, oi, fi));
            }
            Ok(format!(
                "connected {first} both ways with {} area(s) ({made} new connections)",
                rest.len()
            ))
        }
    }
}

/// Which halves of a split area keep a link to `other` that leaves the area on `side`:
/// (first half, second half). The far side belongs to the second half, the near side to the
/// first; the other sides go by overlap along the cut axis.
fn halves_for(
    side: Direction,
    axis: Axis,
    cut: f32,
    span: (f32, f32),
    other: &Area,
) -> (bool, bool) {
    let [ox0, oy0, ox1, oy1] = extent(other);
    let (near, far, o0, o1) = match axis {
        Axis::X => (Direction::West, Direction::East, ox0, ox1),
        Axis::Y => (Direction::North, Direction::South, oy0, oy1),
    };
    if side == near {
        return (true, false);
    }
    if side == far {
        return (false, true);
    }
    let first = overlap(span.0, cut, o0, o1) > 0.0;
    let second = overlap(cut, span.1, o0, o1) > 0.0;
    if first || second {
        (first, second)
    } else {
        let c = (o0 + o1) / 2.0;
        (c < cut, c >= cut)
    }
}

fn split(tx: &mut Tx<'_>, id: u32, axis: Axis, at: f32) -> Result<String, EditError> {
    let i = tx.index(id)?;
    let orig = tx.doc.areas[i].clone();
    let [x0, y0, x1, y1] = extent(&orig);
    let (lo, hi, name) = match axis {
        Axis::X => (x0, x1, "x"),
        Axis::Y => (y0, y1, "y"),
    };
    if !(at > lo && at < hi) {
        return Err(refused(format!(
            "{name}={at} is outside area {id} ({name} runs from {lo} to {hi})"
        )));
    }
    let new_id = tx
        .doc
        .next_area_id()
        .ok_or_else(|| refused("no area ID left"))?;
    let t = (at - lo) / (hi - lo);
    let (nw, se, ne, sw) = (
        orig.north_west,
        orig.south_east,
        orig.north_east_z,
        orig.south_west_z,
    );
    let mut first = orig.clone();
    let mut second = orig.clone();
    second.id = new_id;
    match axis {
        Axis::X => {
            let north = lerp(nw[2], ne, t);
            let south = lerp(sw, se[2], t);
            first.south_east = [F32::new(at), se[1], south];
            first.north_east_z = north;
            second.north_west = [F32::new(at), nw[1], north];
            second.south_west_z = south;
        }
        Axis::Y => {
            let west = lerp(nw[2], sw, t);
            let east = lerp(ne, se[2], t);
            first.south_east = [se[0], F32::new(at), east];
            first.south_west_z = west;
            second.north_west = [nw[0], F32::new(at), west];
            second.north_east_z = east;
        }
    }
    let k = if axis == Axis::X { 0 } else { 1 };
    first.hiding_spots.retain(|s| s.position[k].get() < at);
    second.hiding_spots.retain(|s| s.position[k].get() >= at);
    // Paths were computed for the whole area; the first half (same ID) keeps them.
    second.encounter_paths = Default::default();
    second.legacy_encounter_paths.clear();
    let span = (lo, hi);
    let by_id: HashMap<u32, &Area> = tx.doc.areas.iter().map(|a| (a.id, a)).collect();
    let keep = |side, target: u32| {
        by_id
            .get(&target)
            .map_or((true, false), |o| halves_for(side, axis, at, span, o))
    };
    first.connections.retain(|side, t| keep(side, t).0);
    second.connections.retain(|side, t| keep(side, t).1);
    let (near, far) = match axis {
        Axis::X => (Direction::West, Direction::East),
        Axis::Y => (Direction::North, Direction::South),
    };
    first.connections.push(far, new_id);
    second.connections.push(near, id);
    // Areas that reach the original: reach the half (or halves) on their side.
    // Per referring area: each side that names the original, and which halves it should name.
    type Sides = Vec<(Direction, bool, bool)>;
    let incoming: Vec<(usize, Sides)> = tx
        .doc
        .areas
        .iter()
        .enumerate()
        .filter(|&(j, a)| j != i && a.connections.contains(id))
        .map(|(j, a)| {
            let sides = a
                .connections
                .iter()
                .filter(|&(_, t)| t == id)
                .map(|(d, _)| {
                    let side = Direction::ALL[d];
                    let (f, s) = halves_for(opposite(side), axis, at, span, a);
                    (side, f, s)
                })
                .collect();
            (j, sides)
        })
        .collect();
    drop(by_id);
    *tx.area_mut(i) = first;
    for (j, sides) in incoming {
        let c = tx.connections_mut(j);
        for (side, f, s) in sides {
            if s && !c.side(side).contains(&new_id) {
                c.push(side, new_id);
            }
            if !f {
                c.remove(side, id);
            }
        }
    }
    tx.push_area(second);
    Ok(format!("split area {id} at {name}={at}: new area {new_id}"))
}

fn merge(tx: &mut Tx<'_>, sel: &mut Selection, keep: u32, other: u32) -> Result<String, EditError> {
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
    let mut merged = k.clone();
    merged.north_west = [F32::new(x0), F32::new(y0), z(x0, y0, k.north_west[2])];
    merged.north_east_z = z(x1, y0, k.north_east_z);
    merged.south_east = [F32::new(x1), F32::new(y1), z(x1, y1, k.south_east[2])];
    merged.south_west_z = z(x0, y1, k.south_west_z);
    for (d, t) in o.connections.iter() {
        if t != keep && t != other && !merged.connections.contains(t) {
            merged.connections.push(Direction::ALL[d], t);
        }
    }
    *tx.area_mut(ki) = merged;
    tx.retarget(other, keep);
    tx.remove_area(other)?;
    sel.selected.retain(|&x| x != other);
    if sel.marked == Some(other) {
        sel.marked = Some(keep);
    }
    Ok(format!("merged area {other} into {keep}"))
}

/// Normalise an attribute name: lower case, without the games' prefixes.
fn attribute_name(name: &str) -> String {
    let n = name.to_ascii_lowercase();
    for prefix in ["nav_mesh_", "tf_nav_", "nav_spawn_"] {
        if let Some(rest) = n.strip_prefix(prefix) {
            return rest.to_string();
        }
    }
    n
}

fn attribute(
    tx: &mut Tx<'_>,
    sel: &Selection,
    ids: &[u32],
    name: &str,
    op: AttributeOp,
) -> Result<String, EditError> {
    let key = attribute_name(name);
    let table = tx.doc.attribute_table();
    let Some(flag) = table.iter().find(|f| f.name == key) else {
        let names: Vec<&str> = table.iter().map(|f| f.name.as_str()).collect();
        return Err(refused(format!(
            "this file's game has no attribute `{name}` (it has: {})",
            names.join(", ")
        )));
    };
    let bit = flag.bit;
    let width: u64 = match tx.doc.version {
        0..=8 => 0xFF,
        9..=12 => 0xFFFF,
        _ => 0xFFFF_FFFF,
    };
    if bit <= 0xFFFF_FFFF && bit & width == 0 {
        return Err(refused(format!(
            "version {} files cannot store attribute `{key}`",
            tx.doc.version
        )));
    }
    let ids = targets(tx, sel, ids, "attribute")?;
    let word = bit > 0xFFFF_FFFF;
    let mask = if word { (bit >> 32) as u32 } else { bit as u32 };
    for id in &ids {
        let i = tx.index(*id)?;
        let a = &tx.doc.areas[i];
        if word && a.tf_attributes.is_none() && a.terror.is_none() {
            return Err(refused(format!("area {id} has no game attribute word")));
        }
        let a = tx.head_mut(i);
        let slot: &mut u32 = if !word {
            &mut a.attributes
        } else if let Some(w) = a.tf_attributes.as_mut() {
            w
        } else if let Some(t) = a.terror.as_mut() {
            &mut t.spawn_attributes
        } else {
            continue;
        };
        match op {
            AttributeOp::Mark => *slot |= mask,
            AttributeOp::Clear => *slot &= !mask,
            AttributeOp::Toggle => *slot ^= mask,
        }
    }
    let verb = match op {
        AttributeOp::Mark => "marked",
        AttributeOp::Clear => "cleared",
        AttributeOp::Toggle => "toggled",
    };
    Ok(format!("{verb} {key} on {} area(s)", ids.len()))
}

/// Every area reachable from `start` by outgoing or incoming connections, through areas for
/// which `pass` holds (the start areas must pass too).
pub(crate) fn flood(
    doc: &SourceNavDocument,
    start: &[u32],
    pass: impl Fn(&Area) -> bool,
) -> Vec<u32> {
    let index: HashMap<u32, usize> = doc
        .areas
        .iter()
        .enumerate()
        .rev()
        .map(|(i, a)| (a.id, i))
        .collect();
    let mut incoming: HashMap<u32, Vec<u32>> = HashMap::new();
    for a in &doc.areas {
        for (_, t) in a.connections.iter() {
            incoming.entry(t).or_default().push(a.id);
        }
    }
    let mut seen: HashSet<u32> = HashSet::new();
    let mut order = Vec::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    for &s in start {
        if index.get(&s).is_some_and(|&i| pass(&doc.areas[i])) && seen.insert(s) {
            queue.push_back(s);
        }
    }
    while let Some(id) = queue.pop_front() {
        order.push(id);
        let Some(&i) = index.get(&id) else { continue };
        let out = doc.areas[i].connections.iter().map(|(_, t)| t);
        let inc = incoming.get(&id).into_iter().flatten().copied();
        for n in out.chain(inc) {
            if let Some(&j) = index.get(&n)
                && pass(&doc.areas[j])
                && seen.insert(n)
            {
                queue.push_back(n);
            }
        }
    }
    order
}

/// The selected set after `op`.
pub(crate) fn select(
    doc: &SourceNavDocument,
    set: &[u32],
    op: &SelectOp,
) -> Result<Vec<u32>, EditError> {
    let mut out = set.to_vec();
    let add = |out: &mut Vec<u32>, ids: &[u32]| {
        let have: HashSet<u32> = out.iter().copied().collect();
        let mut seen = have.clone();
        out.extend(ids.iter().copied().filter(|id| seen.insert(*id)));
    };
    match op {
        SelectOp::Add(ids) => {
            for &id in ids {
                doc.area_index(id).ok_or(EditError::UnknownArea(id))?;
            }
            add(&mut out, ids);
        }
        SelectOp::Remove(ids) => {
            for &id in ids {
                doc.area_index(id).ok_or(EditError::UnknownArea(id))?;
            }
            out.retain(|x| !ids.contains(x));
        }
        SelectOp::Toggle(id) => {
            doc.area_index(*id).ok_or(EditError::UnknownArea(*id))?;
            if out.contains(id) {
                out.retain(|x| x != id);
            } else {
                out.push(*id);
            }
        }
        SelectOp::Clear => out.clear(),
        SelectOp::Flood(id) => {
            doc.area_index(*id).ok_or(EditError::UnknownArea(*id))?;
            let found = flood(doc, &[*id], |_| true);
            add(&mut out, &found);
        }
        SelectOp::Radius { radius, at } => {
            let r2 = radius * radius;
            let found: Vec<u32> = doc
                .areas
                .iter()
                .filter(|a| {
                    let c = centre(a);
                    (0..3).map(|k| (c[k] - at[k]).powi(2)).sum::<f32>() <= r2
                })
                .map(|a| a.id)
                .collect();
            add(&mut out, &found);
        }
        SelectOp::Box { a, b } => {
            let (x0, x1) = (a[0].min(b[0]), a[0].max(b[0]));
            let (y0, y1) = (a[1].min(b[1]), a[1].max(b[1]));
            let (z0, z1) = (a[2].min(b[2]), a[2].max(b[2]) + 32.0);
            let found: Vec<u32> = doc
                .areas
                .iter()
                .filter(|a| {
                    let c = centre(a);
                    (x0..=x1).contains(&c[0])
                        && (y0..=y1).contains(&c[1])
                        && (z0..=z1).contains(&c[2])
                })
                .map(|a| a.id)
                .collect();
            add(&mut out, &found);
        }
    }
    Ok(out)
}

/// `show ID`: an area's main fields.
pub(crate) fn show(doc: &SourceNavDocument, id: u32) -> Result<String, EditError> {
    let a = doc.area(id).ok_or(EditError::UnknownArea(id))?;
    let [x0, y0, x1, y1] = extent(a);
    let place = place_name(doc, a.place).unwrap_or_else(|| "(none)".into());
    let names: Vec<String> = doc
        .attribute_table()
        .into_iter()
        .filter(|f| {
            if f.bit <= 0xFFFF_FFFF {
                u64::from(a.attributes) & f.bit != 0
            } else {
                let w = a
                    .tf_attributes
                    .or(a.terror.map(|t| t.spawn_attributes))
                    .unwrap_or(0);
                u64::from(w) & (f.bit >> 32) != 0
            }
        })
        .map(|f| f.name)
        .collect();
    let sides: Vec<String> = Direction::ALL
        .iter()
        .map(|&d| format!("{d:?} {:?}", a.connections.side(d)))
        .collect();
    Ok(format!(
        "area {id}: x {x0}..{x1}, y {y0}..{y1}, z {:.1}, place {place}, attributes [{}], connections {}, {} hiding spot(s)",
        centre(a)[2],
        names.join(" "),
        sides.join(", "),
        a.hiding_spots.len()
    ))
}

pub(crate) fn place_name(doc: &SourceNavDocument, place: u16) -> Option<String> {
    let i = usize::from(place).checked_sub(1)?;
    doc.places.get(i).map(|p| p.name_lossy())
}

/// `places`: the place directory with how many areas use each name.
pub(crate) fn place_list(doc: &SourceNavDocument) -> String {
    let mut counts = vec![0usize; doc.places.len() + 1];
    for a in &doc.areas {
        if let Some(c) = counts.get_mut(usize::from(a.place)) {
            *c += 1;
        }
    }
    let mut out = format!("{} place(s)", doc.places.len());
    for (i, p) in doc.places.iter().enumerate() {
        out.push_str(&format!("\n  {} ({} areas)", p.name_lossy(), counts[i + 1]));
    }
    out
}
