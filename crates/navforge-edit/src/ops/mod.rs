//! The edits themselves, each through a [`Tx`] so it is recorded and can be rolled back. This
//! module holds the dispatch and the small edits; the larger ones have modules of their own.

pub(crate) mod console;
mod ladder;
pub(crate) mod map;
mod merge;
mod select;
mod split;

use std::collections::HashSet;

use navforge_core::F32;

use crate::command::{AttributeOp, Command, Corner};
use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::{extent, finite, rect};
use crate::journal::{ATTRIBUTES, CORNERS, PLACE, SPOTS};
use crate::tx::Tx;

pub(crate) use select::{flood, place_list, place_name, select, show};

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
            tx.remove_areas(&ids)?;
            forget(sel, &ids);
            Ok(format!("deleted {} area(s)", ids.len()))
        }
        Command::Connect { from, to } => connect(tx, sel, *from, *to),
        Command::Disconnect(a, b) => console::disconnect(tx, sel, *a, *b),
        Command::DisconnectOneWays(ids) => {
            let ids = targets(tx, sel, ids, "disconnect-oneways")?;
            let mut gone = 0;
            for id in ids {
                let i = tx.index(id)?;
                let targets: Vec<u32> =
                    tx.doc.areas[i].connections.iter().map(|(_, t)| t).collect();
                let mut one_way = Vec::new();
                for t in targets {
                    let back = match tx.index(t) {
                        Ok(j) => tx.doc.areas[j].connections.contains(id),
                        Err(_) => false,
                    };
                    if !back {
                        one_way.push(t);
                    }
                }
                if !one_way.is_empty() {
                    gone += tx.connections_mut(i).retain(|_, t| !one_way.contains(&t));
                }
            }
            Ok(format!("removed {gone} one-way connection(s)"))
        }
        Command::Split { id, axis, at } => split::split(tx, *id, *axis, *at).map(|(_, new)| {
            let name = match axis {
                crate::Axis::X => "x",
                crate::Axis::Y => "y",
            };
            format!("split area {id} at {name}={at}: new area {new}")
        }),
        Command::SniperSpots(ids) => {
            let ids = targets(tx, sel, ids, "sniper-spots")?;
            let mut made = 0;
            for id in &ids {
                made += split::sniper_spots(tx, *id)?;
            }
            Ok(format!(
                "broke {} area(s) into {} sub-areas ({made} new)",
                ids.len(),
                ids.len() + made
            ))
        }
        Command::Merge { keep, other } => {
            let keep = console::marked(sel, *keep, "merge")?;
            merge::merge(tx, sel, keep, *other)
        }
        Command::Splice { a, b } => {
            let a = console::marked(sel, *a, "splice")?;
            merge::splice(tx, a, *b)
        }
        Command::Paint(ids) => {
            let Some(name) = sel.place.clone() else {
                return Err(refused(
                    "paint: no current place (choose one with nav_use_place NAME or nav_place_pick)",
                ));
            };
            let ids = targets(tx, sel, ids, "paint")?;
            console::paint(tx, &ids, &name)
        }
        Command::Ladder(op) => ladder::apply(tx, op),
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
                    tx.parts_mut(i, PLACE).place = place;
                }
            }
            Ok(format!(
                "{} area(s) now in place {}",
                ids.len(),
                name.as_deref().unwrap_or("(none)")
            ))
        }
        Command::PlaceFlood { id, name } => {
            let id = &console::marked(sel, *id, "place flood")?;
            let Some(name) = name.as_ref().or(sel.place.as_ref()) else {
                return Err(refused(
                    "place flood: give a place name or choose the current place with nav_use_place NAME",
                ));
            };
            let start = tx.index(*id)?;
            let old = tx.doc.areas[start].place;
            let place = tx.place_index(name)?;
            let area = flood(tx.doc, &[*id], |a| a.place == old);
            for id in &area {
                let i = tx.index(*id)?;
                tx.parts_mut(i, PLACE).place = place;
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
                tx.parts_mut(i, PLACE).place = new;
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
                let a = tx.parts_mut(i, CORNERS);
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
                let a = tx.parts_mut(i, CORNERS | SPOTS);
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
        // Map commands reach the history through `Mesh::apply`, which holds the world.
        Command::Map(op) => Err(crate::world::needs_level(op)),
        Command::Undo(_)
        | Command::Redo(_)
        | Command::Mark(_)
        | Command::Select(_)
        | Command::Console(_)
        | Command::Save(_)
        | Command::SaveSelected(_)
        | Command::Show(_)
        | Command::PlaceList
        | Command::Help
        | Command::Quit => Err(refused("not an edit")),
    }
}

/// Drop deleted areas from the selection.
fn forget(sel: &mut Selection, ids: &[u32]) {
    let gone: HashSet<u32> = ids.iter().copied().collect();
    sel.selected.retain(|x| !gone.contains(x));
    if sel.marked.is_some_and(|m| gone.contains(&m)) {
        sel.marked = None;
    }
}

/// The areas a command acts on: the IDs given, else the selected set, else the marked area.
pub(crate) fn targets(
    tx: &mut Tx<'_>,
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

fn extent_degenerate(a: &navforge_source::Area) -> bool {
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
    // A flat area: all four corners at the first corner's height, as the game's nav_begin_area /
    // nav_end_area make it (the page: begin with the highest corner so it is not under the floor).
    let z = a[2];
    let id = tx.next_area_id()?;
    let mut area = tx.doc.new_area();
    area.id = id;
    area.north_west = [F32::new(x0), F32::new(y0), F32::new(z)];
    area.south_east = [F32::new(x1), F32::new(y1), F32::new(z)];
    area.north_east_z = F32::new(z);
    area.south_west_z = F32::new(z);
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
pub(crate) fn link(tx: &mut Tx<'_>, from: usize, to: usize) -> bool {
    let target = tx.doc.areas[to].id;
    if tx.doc.areas[from].connections.contains(target) {
        return false;
    }
    let side = rect(&tx.doc.areas[from]).side_towards(&rect(&tx.doc.areas[to]));
    tx.push_connection(from, side, target);
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

/// How many bits of the base attribute word a version stores.
pub(crate) fn attribute_width(version: u32) -> u64 {
    match version {
        0..=8 => 0xFF,
        9..=12 => 0xFFFF,
        _ => 0xFFFF_FFFF,
    }
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
    if bit <= 0xFFFF_FFFF && bit & attribute_width(tx.doc.version) == 0 {
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
        let a = tx.parts_mut(i, ATTRIBUTES);
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
