//! Selections and queries: flood fill, the selected-set commands, `show`, and the place list.

use std::collections::{HashSet, VecDeque};

use navforge_core::model::Direction;
use navforge_source::{Area, SourceNavDocument};

use crate::command::SelectOp;
use crate::error::EditError;
use crate::geometry::{centre, extent};
use crate::refindex::IdMap;

/// Every area reachable from `start` by outgoing or incoming connections, through areas for
/// which `pass` holds (the start areas must pass too).
pub(crate) fn flood(
    doc: &SourceNavDocument,
    start: &[u32],
    pass: impl Fn(&Area) -> bool,
) -> Vec<u32> {
    let n = doc.areas.len();
    let mut index: IdMap<usize> = IdMap::default();
    index.reserve(n);
    for (i, a) in doc.areas.iter().enumerate().rev() {
        index.insert(a.id, i);
    }
    // Incoming connections as position lists, in one flat table.
    let mut counts = vec![0usize; n + 1];
    let mut edges = Vec::new();
    for (i, a) in doc.areas.iter().enumerate() {
        for (_, t) in a.connections.iter() {
            if let Some(&j) = index.get(&t) {
                counts[j] += 1;
                edges.push((j, i));
            }
        }
    }
    let mut starts = Vec::with_capacity(n + 1);
    let mut sum = 0;
    for c in &counts {
        starts.push(sum);
        sum += c;
    }
    let mut fill = starts.clone();
    let mut incoming = vec![0usize; edges.len()];
    for (j, i) in edges {
        incoming[fill[j]] = i;
        fill[j] += 1;
    }
    let mut seen = vec![false; n];
    let mut order = Vec::new();
    let mut queue: VecDeque<usize> = VecDeque::new();
    for s in start {
        if let Some(&i) = index.get(s)
            && !seen[i]
            && pass(&doc.areas[i])
        {
            seen[i] = true;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        order.push(doc.areas[i].id);
        let out = doc.areas[i]
            .connections
            .iter()
            .filter_map(|(_, t)| index.get(&t).copied());
        let inc = incoming[starts[i]..starts[i + 1]].iter().copied();
        for j in out.chain(inc) {
            if !seen[j] && pass(&doc.areas[j]) {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    order
}

/// Apply `op` to the selected set `out`. On error the set is as it was. Costs grow with the set
/// and the IDs given, never with their product: a script may select and delete every area of a
/// large mesh.
pub(crate) fn select(
    doc: &SourceNavDocument,
    out: &mut Vec<u32>,
    op: &SelectOp,
) -> Result<(), EditError> {
    // A few IDs: a scan each; many: one set.
    let add = |out: &mut Vec<u32>, ids: &[u32]| {
        if ids.len() <= 16 {
            for &id in ids {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        } else {
            let mut seen: HashSet<u32> = out.iter().copied().collect();
            out.extend(ids.iter().copied().filter(|id| seen.insert(*id)));
        }
    };
    match op {
        SelectOp::Add(ids) => {
            known(doc, ids)?;
            add(out, ids);
        }
        SelectOp::Remove(ids) => {
            known(doc, ids)?;
            let gone: HashSet<u32> = ids.iter().copied().collect();
            out.retain(|x| !gone.contains(x));
        }
        SelectOp::Toggle(id) => {
            known(doc, &[*id])?;
            match out.iter().position(|x| x == id) {
                Some(at) => {
                    out.remove(at);
                }
                None => out.push(*id),
            }
        }
        SelectOp::Clear => out.clear(),
        SelectOp::Flood(id) => {
            known(doc, &[*id])?;
            let found = flood(doc, &[*id], |_| true);
            add(out, &found);
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
            add(out, &found);
        }
        SelectOp::Box { a, b } => add(out, &in_box(doc, *a, *b)),
        SelectOp::RemoveBox { a, b } => {
            let gone: HashSet<u32> = in_box(doc, *a, *b).into_iter().collect();
            out.retain(|x| !gone.contains(x));
        }
    }
    Ok(())
}

/// The areas whose centre lies in the box from `a` to `b` (x, y) and from the lower z to 32
/// units above the higher: the game's drag box.
fn in_box(doc: &SourceNavDocument, a: [f32; 3], b: [f32; 3]) -> Vec<u32> {
    let (x0, x1) = (a[0].min(b[0]), a[0].max(b[0]));
    let (y0, y1) = (a[1].min(b[1]), a[1].max(b[1]));
    let (z0, z1) = (a[2].min(b[2]), a[2].max(b[2]) + 32.0);
    doc.areas
        .iter()
        .filter(|a| {
            let c = centre(a);
            (x0..=x1).contains(&c[0]) && (y0..=y1).contains(&c[1]) && (z0..=z1).contains(&c[2])
        })
        .map(|a| a.id)
        .collect()
}

/// An error for the first of `ids` the document has no area for: a scan for a few IDs, one set
/// of the mesh's IDs for many.
fn known(doc: &SourceNavDocument, ids: &[u32]) -> Result<(), EditError> {
    let missing = if ids.len() <= 4 {
        ids.iter().find(|&&id| doc.area_index(id).is_none())
    } else {
        let all: HashSet<u32> = doc.areas.iter().map(|a| a.id).collect();
        ids.iter().find(|id| !all.contains(id))
    };
    match missing {
        Some(&id) => Err(EditError::UnknownArea(id)),
        None => Ok(()),
    }
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
