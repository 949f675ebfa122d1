//! What changed between two versions of a mesh: areas added, removed and changed (with the
//! fields that changed), connections added and removed. `navforge diff` and the prompt's report
//! of each command use the same code.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use navforge_source::{Area, SourceNavDocument};
use serde::Serialize;

use crate::journal::Op;

/// One area whose fields changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AreaChange {
    /// The area ID.
    pub id: u32,
    /// The names of the fields that differ (`corners`, `attributes`, `place`, ...).
    pub fields: Vec<&'static str>,
}

/// The differences between two meshes (or the effect of one edit).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Diff {
    /// Areas only in the second.
    pub added: Vec<u32>,
    /// Areas only in the first.
    pub removed: Vec<u32>,
    /// Areas in both whose fields differ.
    pub changed: Vec<AreaChange>,
    /// Connections `[from, to]` only in the second.
    pub connections_added: Vec<[u32; 2]>,
    /// Connections `[from, to]` only in the first.
    pub connections_removed: Vec<[u32; 2]>,
    /// Other parts that differ (version, places, ladders, ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<String>,
}

impl Diff {
    /// Whether nothing differs.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.connections_added.is_empty()
            && self.connections_removed.is_empty()
            && self.other.is_empty()
    }

    /// The differences between two documents (areas matched by ID; places compared by name).
    pub fn between(a: &SourceNavDocument, b: &SourceNavDocument) -> Diff {
        let before: BTreeMap<u32, &Area> = a.areas.iter().rev().map(|x| (x.id, x)).collect();
        let after: BTreeMap<u32, &Area> = b.areas.iter().rev().map(|x| (x.id, x)).collect();
        let ids: BTreeSet<u32> = before.keys().chain(after.keys()).copied().collect();
        let pairs = ids
            .into_iter()
            .map(|id| (id, before.get(&id).copied(), after.get(&id).copied()));
        let mut d = compare(pairs, a, b);
        let mut other = |what: &str, same: bool| {
            if !same {
                d.other.push(what.to_string());
            }
        };
        other("version", a.version == b.version);
        other("sub_version", a.sub_version == b.sub_version);
        other("layout", a.layout == b.layout);
        other("bsp_size", a.bsp_size == b.bsp_size);
        other("is_analyzed", a.is_analyzed == b.is_analyzed);
        other("places", a.places == b.places);
        other("ladders", a.ladders == b.ladders);
        other("area order", {
            let order =
                |d: &SourceNavDocument| -> Vec<u32> { d.areas.iter().map(|x| x.id).collect() };
            let (oa, ob) = (order(a), order(b));
            let common: BTreeSet<u32> = oa
                .iter()
                .filter(|i| after.contains_key(i))
                .copied()
                .collect();
            oa.iter()
                .filter(|i| common.contains(i))
                .eq(ob.iter().filter(|i| common.contains(i)))
        });
        other(
            "game data",
            a.terror_pre_area == b.terror_pre_area && a.terror_post_area == b.terror_post_area,
        );
        other("trailing bytes", a.trailing == b.trailing);
        d
    }

    /// The effect of recorded edits, in the order they were made, as one change: the areas they
    /// touched, as they were (found by undoing the records on copies) and as they are in `doc`
    /// now.
    pub(crate) fn of_steps(doc: &SourceNavDocument, steps: &[&[Op]]) -> Diff {
        let all = || steps.iter().flat_map(|s| s.iter());
        let mut before: BTreeMap<u32, Option<Area>> = BTreeMap::new();
        let mut ids: BTreeSet<u32> = all().flat_map(Op::area_ids).collect();
        let replaced = all().any(|o| matches!(o, Op::Document(_)));
        if replaced {
            // The whole mesh was replaced: every area now is compared too.
            ids.extend(doc.areas.iter().map(|a| a.id));
        }
        if ids.len() > 8 {
            let by_id: BTreeMap<u32, &Area> = doc.areas.iter().rev().map(|a| (a.id, a)).collect();
            for id in ids {
                before.insert(id, by_id.get(&id).map(|a| (*a).clone()));
            }
        } else {
            for id in ids {
                before.insert(id, doc.area(id).cloned());
            }
        }
        for op in steps.iter().rev().flat_map(|s| s.iter().rev()) {
            match op {
                Op::Part { id, part, .. } => {
                    if let Some(Some(a)) = before.get_mut(id) {
                        part.clone().restore(a);
                    }
                }
                Op::Visible(batch) => {
                    for (id, a) in before.iter_mut() {
                        if let Some(a) = a {
                            batch.undo_area(*id, a);
                        }
                    }
                }
                Op::Inserted { id, .. } => {
                    before.insert(*id, None);
                }
                Op::Removed { area, .. } => {
                    before.insert(area.id, Some((**area).clone()));
                }
                Op::RemovedMany(areas) => {
                    for (_, area) in areas {
                        before.insert(area.id, Some(area.clone()));
                    }
                }
                Op::Document(old) => {
                    let by_id: BTreeMap<u32, &Area> =
                        old.areas.iter().rev().map(|a| (a.id, a)).collect();
                    for (id, a) in before.iter_mut() {
                        *a = by_id.get(id).map(|x| (*x).clone());
                    }
                }
                _ => {}
            }
        }
        let now: BTreeMap<u32, &Area> = if before.len() > 8 {
            doc.areas.iter().rev().map(|a| (a.id, a)).collect()
        } else {
            before
                .keys()
                .filter_map(|&id| doc.area(id).map(|a| (id, a)))
                .collect()
        };
        let pairs = before
            .iter()
            .map(|(&id, a)| (id, a.as_ref(), now.get(&id).copied()));
        let mut d = compare(pairs, doc, doc);
        if all().any(|o| {
            matches!(
                o,
                Op::Ladder { .. } | Op::LadderInserted { .. } | Op::LadderRemoved { .. }
            )
        }) {
            d.other.push("ladders".into());
        }
        if all().any(|o| matches!(o, Op::Places { .. })) {
            d.other.push("places".into());
        }
        if replaced {
            d.other.push("the whole mesh".into());
        }
        d
    }

    /// The same change seen backwards (for undo).
    pub fn inverted(self) -> Diff {
        Diff {
            added: self.removed,
            removed: self.added,
            changed: self.changed,
            connections_added: self.connections_removed,
            connections_removed: self.connections_added,
            other: self.other,
        }
    }

    /// Add another change after this one.
    pub fn append(&mut self, other: Diff) {
        self.added.extend(other.added);
        self.removed.extend(other.removed);
        self.changed.extend(other.changed);
        self.connections_added.extend(other.connections_added);
        self.connections_removed.extend(other.connections_removed);
        self.other.extend(other.other);
    }
}

/// Compare (id, before, after) triples; places are compared by name in their documents.
fn compare<'a>(
    pairs: impl Iterator<Item = (u32, Option<&'a Area>, Option<&'a Area>)>,
    da: &SourceNavDocument,
    db: &SourceNavDocument,
) -> Diff {
    let mut d = Diff::default();
    for (id, a, b) in pairs {
        let out = |x: Option<&Area>| -> BTreeSet<u32> {
            x.map(|x| x.connections.iter().map(|(_, t)| t).collect())
                .unwrap_or_default()
        };
        let (oa, ob) = (out(a), out(b));
        d.connections_added
            .extend(ob.difference(&oa).map(|&t| [id, t]));
        d.connections_removed
            .extend(oa.difference(&ob).map(|&t| [id, t]));
        match (a, b) {
            (None, Some(_)) => d.added.push(id),
            (Some(_), None) => d.removed.push(id),
            (Some(a), Some(b)) => {
                let fields = changed_fields(a, b, da, db);
                if !fields.is_empty() {
                    d.changed.push(AreaChange { id, fields });
                }
            }
            (None, None) => {}
        }
    }
    d
}

/// The names of the fields of `a` and `b` that differ (places compared by name in their
/// documents).
fn changed_fields(
    a: &Area,
    b: &Area,
    da: &SourceNavDocument,
    db: &SourceNavDocument,
) -> Vec<&'static str> {
    /// Whether the part `get` reads differs.
    fn differs<'a, T: PartialEq>(a: &'a Area, b: &'a Area, get: impl Fn(&'a Area) -> T) -> bool {
        get(a) != get(b)
    }
    let place = |d, x: &Area| crate::ops::place_name(d, x.place);
    [
        (
            "corners",
            differs(a, b, |x| {
                (x.north_west, x.south_east, x.north_east_z, x.south_west_z)
            }),
        ),
        ("attributes", a.attributes != b.attributes),
        ("connections", a.connections != b.connections),
        ("hiding_spots", a.hiding_spots != b.hiding_spots),
        ("approach_areas", a.approach_areas != b.approach_areas),
        (
            "encounter_paths",
            differs(a, b, |x| (&x.encounter_paths, &x.legacy_encounter_paths)),
        ),
        ("place", place(da, a) != place(db, b)),
        (
            "ladders",
            differs(a, b, |x| (&x.ladders_up, &x.ladders_down)),
        ),
        (
            "occupy_times",
            a.earliest_occupy_time != b.earliest_occupy_time,
        ),
        ("light", a.light_intensity != b.light_intensity),
        (
            "visibility",
            differs(a, b, |x| (&x.visible_areas, x.inherit_visibility_from)),
        ),
        ("game_data", differs(a, b, |x| (x.tf_attributes, x.terror))),
    ]
    .into_iter()
    .filter_map(|(name, differs)| differs.then_some(name))
    .collect()
}

impl fmt::Display for Diff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "  no changes");
        }
        for id in &self.added {
            writeln!(f, "  + area {id}")?;
        }
        for id in &self.removed {
            writeln!(f, "  - area {id}")?;
        }
        for c in &self.changed {
            writeln!(f, "  ~ area {}: {}", c.id, c.fields.join(", "))?;
        }
        for [a, b] in &self.connections_added {
            writeln!(f, "  + connection {a} -> {b}")?;
        }
        for [a, b] in &self.connections_removed {
            writeln!(f, "  - connection {a} -> {b}")?;
        }
        for o in &self.other {
            writeln!(f, "  ~ {o}")?;
        }
        Ok(())
    }
}
