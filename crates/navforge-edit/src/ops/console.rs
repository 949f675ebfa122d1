//! The page's forms with the marked area, the selected set and the cursor: the marked operand of
//! `nav_merge` / `nav_splice` / `nav_disconnect`, the set form of `nav_disconnect`, selecting and
//! dragging with a cursor, `nav_begin_area` / `nav_end_area`, shifting by a drag, grid snapping,
//! and the place commands (the current place, place mode and painting).
//!
//! Where the game uses what the player looks at, a script moves a cursor (`cursor X,Y,Z`): the
//! area it points at is the area under that point by the game's rule (`GetNavArea`: a floor at
//! most 5 units above and 120 below). A cursor that moves passes over every area under the
//! straight line between its two positions (sampled every half generation step, 12.5 units), as
//! a player sweeping the crosshair does.

use navforge_core::F32;
use navforge_core::area::{AreaLocator, Under};
use navforge_core::places::{only_standard_places, standard_places};
use navforge_source::SourceNavDocument;

use super::select::{place_name, select};
use crate::command::{Command, ConsoleOp, SelectOp};
use crate::editor::Selection;
use crate::error::{EditError, refused};
use crate::geometry::rect;
use crate::journal::PLACE;
use crate::ops::GRID;
use crate::tx::Tx;

/// The area given, else the marked one (the game's first operand).
pub(crate) fn marked(
    sel: &Selection,
    id: Option<u32>,
    what: &'static str,
) -> Result<u32, EditError> {
    id.or(sel.marked).ok_or(EditError::NoTarget(what))
}

/// Remove every connection between `a` and `b`, both ways; how many.
fn cut(tx: &mut Tx<'_>, a: u32, b: u32) -> Result<usize, EditError> {
    let (ia, ib) = (tx.index(a)?, tx.index(b)?);
    let mut gone = 0;
    if tx.doc.areas[ia].connections.contains(b) {
        gone += tx.connections_mut(ia).remove_all(b);
    }
    if tx.doc.areas[ib].connections.contains(a) {
        gone += tx.connections_mut(ib).remove_all(a);
    }
    Ok(gone)
}

/// `nav_disconnect`: two areas, the marked area and one, or the selected set's first area and
/// each later one (the page: "when ran with a selected set, nav_disconnect will try to remove
/// connections between the first selected area and every subsequently selected area").
pub(crate) fn disconnect(
    tx: &mut Tx<'_>,
    sel: &Selection,
    a: Option<u32>,
    b: Option<u32>,
) -> Result<String, EditError> {
    if let Some(b) = b {
        let a = marked(sel, a, "disconnect")?;
        let gone = cut(tx, a, b)?;
        if gone == 0 {
            return Err(refused(format!("areas {a} and {b} are not connected")));
        }
        return Ok(format!("removed {gone} connection(s) between {a} and {b}"));
    }
    let set = sel.selected.clone();
    let Some((&first, rest)) = set.split_first().filter(|(_, r)| !r.is_empty()) else {
        return Err(refused(
            "disconnect: give A B, mark an area and give B, or select two or more areas",
        ));
    };
    let mut gone = 0;
    for &other in rest {
        gone += cut(tx, first, other)?;
    }
    if gone == 0 {
        return Err(refused(format!(
            "area {first} is not connected to any other selected area"
        )));
    }
    Ok(format!(
        "removed {gone} connection(s) between {first} and {} other selected area(s)",
        rest.len()
    ))
}

/// Give the areas place `name` (painting: areas that have it already are left as they are).
pub(crate) fn paint(tx: &mut Tx<'_>, ids: &[u32], name: &str) -> Result<String, EditError> {
    let place = tx.place_index(name)?;
    let mut painted = 0;
    for &id in ids {
        let i = tx.index(id)?;
        if tx.doc.areas[i].place != place {
            tx.parts_mut(i, PLACE).place = place;
            painted += 1;
        }
    }
    Ok(format!(
        "painted {name} on {painted} area(s) ({} already had it)",
        ids.len() - painted
    ))
}

/// The areas under the cursor's path from `from` to `to` (just `to` when it did not move), in the
/// order it passes them.
fn passed(doc: &SourceNavDocument, from: [f32; 3], to: [f32; 3]) -> Vec<u32> {
    let locator = AreaLocator::new(doc.areas.iter().map(|a| Some(rect(a))));
    let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
    // Bounded: a path across any map is a few thousand samples.
    let steps = ((length / (GRID * 0.5)).ceil() as usize).min(100_000);
    let mut out: Vec<u32> = Vec::new();
    for k in 0..=steps {
        let t = if steps == 0 {
            1.0
        } else {
            k as f32 / steps as f32
        };
        let p = [0, 1, 2].map(|i| from[i] + (to[i] - from[i]) * t);
        if let Some(i) = locator.area_at(p, Under::GAME) {
            let id = doc.areas[i].id;
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

fn get(p: [F32; 3]) -> [f32; 3] {
    p.map(F32::get)
}

fn put(p: [f32; 3]) -> [F32; 3] {
    p.map(F32::new)
}

/// The point given, else the cursor.
fn point(sel: &Selection, at: Option<[f32; 3]>, what: &str) -> Result<[f32; 3], EditError> {
    at.or(sel.cursor.map(get)).ok_or_else(|| {
        refused(format!(
            "{what}: give a point X,Y,Z or move the cursor first (cursor X,Y,Z)"
        ))
    })
}

/// Add (or remove) areas to the selected set; a message with the count.
fn sweep(
    doc: &SourceNavDocument,
    sel: &mut Selection,
    ids: Vec<u32>,
    remove: bool,
) -> Result<String, EditError> {
    if ids.is_empty() {
        return Ok(String::new());
    }
    let op = if remove {
        SelectOp::Remove(ids.clone())
    } else {
        SelectOp::Add(ids.clone())
    };
    select(doc, &mut sel.selected, &op)?;
    Ok(format!(
        "; {} {} ({} selected)",
        if remove { "deselected" } else { "selected" },
        ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
        sel.selected.len()
    ))
}

/// The place names a game knows matching `name` as its `nav_use_place` does: the name itself
/// (any case), else the only name it begins.
fn resolve_place(doc: &SourceNavDocument, name: &str) -> Result<String, EditError> {
    let game = doc.game();
    let mut known: Vec<String> = standard_places(game)
        .iter()
        .map(|s| s.to_string())
        .collect();
    for p in &doc.places {
        let p = p.name_lossy();
        if !known.iter().any(|k| k.eq_ignore_ascii_case(&p)) {
            known.push(p);
        }
    }
    if let Some(k) = known.iter().find(|k| k.eq_ignore_ascii_case(name)) {
        return Ok(k.clone());
    }
    let lower = name.to_ascii_lowercase();
    let starts: Vec<&String> = known
        .iter()
        .filter(|k| k.to_ascii_lowercase().starts_with(&lower))
        .collect();
    match starts.as_slice() {
        [one] => Ok((*one).clone()),
        [] if !only_standard_places(game) => Ok(name.to_string()),
        [] => Err(refused(format!(
            "`{name}` is not a place name of this game (nav_use_place with no argument lists them)"
        ))),
        many => Err(refused(format!(
            "`{name}` is ambiguous: {}",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// `nav_use_place` with no argument: the game's standard names and the file's own.
fn place_names(doc: &SourceNavDocument, current: Option<&str>) -> String {
    let standard = standard_places(doc.game());
    let file: Vec<String> = doc.places.iter().map(|p| p.name_lossy()).collect();
    let mut out = format!(
        "current place: {}\nthis file's places ({}): {}",
        current.unwrap_or("(none)"),
        file.len(),
        file.join(" ")
    );
    if standard.is_empty() {
        out.push_str("\nthis game has no standard place list: any name is taken");
    } else {
        out.push_str(&format!(
            "\nthe game's standard places ({}): {}",
            standard.len(),
            standard.join(" ")
        ));
    }
    out
}

/// Run a console state command. Returns the message and, for the forms that end in an edit, the
/// edit to run through the history.
pub(crate) fn run(
    doc: &SourceNavDocument,
    sel: &mut Selection,
    op: &ConsoleOp,
) -> Result<(String, Option<Command>), EditError> {
    let mut then = None;
    let message = match op {
        ConsoleOp::Cursor(to) => {
            if !to.iter().all(|v| v.is_finite()) {
                return Err(refused("cursor: the point is not finite"));
            }
            let from = sel.cursor.map(get).unwrap_or(*to);
            sel.cursor = Some(put(*to));
            let under = passed(doc, *to, *to);
            let mut msg = match under.first() {
                Some(id) => format!("cursor over area {id}"),
                None => "cursor over no area".to_string(),
            };
            if sel.sweeping.is_some() || sel.painting {
                let path = passed(doc, from, *to);
                if let Some(remove) = sel.sweeping {
                    msg.push_str(&sweep(doc, sel, path.clone(), remove)?);
                }
                if sel.painting && sel.place.is_some() && !path.is_empty() {
                    then = Some(Command::Paint(path));
                }
            }
            msg
        }
        ConsoleOp::BeginSelecting { remove } => {
            sel.sweeping = Some(*remove);
            let here = match sel.cursor {
                Some(c) => passed(doc, get(c), get(c)),
                None => Vec::new(),
            };
            let verb = if *remove { "deselecting" } else { "selecting" };
            format!(
                "{verb}: every area the cursor passes over until nav_end_{verb}{}",
                sweep(doc, sel, here, *remove)?
            )
        }
        ConsoleOp::EndSelecting => match sel.sweeping.take() {
            Some(_) => format!("stopped; {} area(s) selected", sel.selected.len()),
            None => return Err(refused("not selecting (nav_begin_selecting first)")),
        },
        ConsoleOp::BeginDrag { remove, at } => {
            let a = point(sel, *at, "drag")?;
            sel.drag = Some((put(a), *remove));
            format!(
                "drag {} from {a:?}",
                if *remove { "deselecting" } else { "selecting" }
            )
        }
        ConsoleOp::EndDrag { at } => {
            let b = point(sel, *at, "drag")?;
            let Some((a, remove)) = sel.drag else {
                return Err(refused("no drag begun (nav_begin_drag_selecting first)"));
            };
            let a = get(a);
            let op = if remove {
                SelectOp::RemoveBox { a, b }
            } else {
                SelectOp::Box { a, b }
            };
            let before = sel.selected.len();
            select(doc, &mut sel.selected, &op)?;
            sel.drag = None;
            format!(
                "{} area(s) selected ({:+})",
                sel.selected.len(),
                sel.selected.len() as i64 - before as i64
            )
        }
        ConsoleOp::BeginArea(at) => {
            let a = point(sel, *at, "nav_begin_area")?;
            sel.area_start = Some(put(a));
            format!("new area from {a:?} (its height is the area's)")
        }
        ConsoleOp::EndArea(at) => {
            let b = point(sel, *at, "nav_end_area")?;
            let Some(a) = sel.area_start.take() else {
                return Err(refused("no area begun (nav_begin_area first)"));
            };
            then = Some(Command::Create {
                a: get(a),
                b,
                snap: sel.snap,
            });
            format!("area to {b:?}")
        }
        ConsoleOp::BeginShift(at) => {
            let a = point(sel, *at, "nav_begin_shift_xy")?;
            sel.shift_start = Some(put(a));
            format!("shift from {a:?}")
        }
        ConsoleOp::EndShift(at) => {
            let b = point(sel, *at, "nav_end_shift_xy")?;
            let Some(a) = sel.shift_start.take() else {
                return Err(refused("no shift begun (nav_begin_shift_xy first)"));
            };
            let a = get(a);
            then = Some(Command::Shift([b[0] - a[0], b[1] - a[1], 0.0]));
            "shift".to_string()
        }
        ConsoleOp::SnapToGrid(on) => {
            sel.snap = on.unwrap_or(!sel.snap);
            format!(
                "nav_snap_to_grid {}: new areas' corners {} the 25-unit grid",
                u8::from(sel.snap),
                if sel.snap {
                    "snap to"
                } else {
                    "do not snap to"
                }
            )
        }
        ConsoleOp::UsePlace(None) => place_names(doc, sel.place.as_deref()),
        ConsoleOp::UsePlace(Some(name)) => {
            let name = resolve_place(doc, name)?;
            let have = doc
                .places
                .iter()
                .position(|p| p.name_lossy() == name)
                .map_or(0, |i| {
                    doc.areas
                        .iter()
                        .filter(|a| usize::from(a.place) == i + 1)
                        .count()
                });
            sel.place = Some(name.clone());
            format!("current place: {name} ({have} area(s) have it)")
        }
        ConsoleOp::PlacePick(id) => {
            let id = marked(sel, *id, "nav_place_pick")?;
            let a = doc.area(id).ok_or(EditError::UnknownArea(id))?;
            let Some(name) = place_name(doc, a.place) else {
                return Err(refused(format!("area {id} has no place to pick")));
            };
            sel.place = Some(name.clone());
            format!("current place: {name} (picked from area {id})")
        }
        ConsoleOp::TogglePlaceMode => {
            sel.place_mode = !sel.place_mode;
            if !sel.place_mode {
                sel.painting = false;
                "place mode off".to_string()
            } else {
                let unnamed = doc.areas.iter().filter(|a| a.place == 0).count();
                format!(
                    "place mode on: current place {}; {unnamed} area(s) have no place",
                    sel.place.as_deref().unwrap_or("(none: nav_use_place NAME)")
                )
            }
        }
        ConsoleOp::TogglePlacePainting => {
            if !sel.place_mode {
                return Err(refused(
                    "place painting needs the place editor: nav_toggle_place_mode first",
                ));
            }
            if sel.painting {
                sel.painting = false;
                "place painting off".to_string()
            } else {
                let Some(place) = sel.place.clone() else {
                    return Err(refused(
                        "no current place to paint: nav_use_place NAME or nav_place_pick first",
                    ));
                };
                sel.painting = true;
                // The area under the cursor is painted at once.
                if let Some(c) = sel.cursor {
                    let here = passed(doc, get(c), get(c));
                    if !here.is_empty() {
                        then = Some(Command::Paint(here));
                    }
                }
                format!("place painting on: areas the cursor passes over get {place}")
            }
        }
        ConsoleOp::MarkUnnamed => {
            let unnamed: Vec<u32> = doc
                .areas
                .iter()
                .filter(|a| a.place == 0)
                .map(|a| a.id)
                .collect();
            match unnamed.first() {
                Some(&id) => {
                    sel.marked = Some(id);
                    format!("marked area {id}; {} area(s) have no place", unnamed.len())
                }
                None => "every area has a place".to_string(),
            }
        }
        ConsoleOp::Edit => {
            "the editor is always on here (nav_edit switches the game's view)".to_string()
        }
    };
    Ok((message, then))
}
