//! What one edit changed, recorded as it happens so it can be undone: the areas and ladders it
//! touched (their old contents, once each), the areas it inserted or removed (with their
//! positions), and the length of the place directory. Memory grows with the change, not the mesh.

use std::collections::HashSet;

use navforge_core::F32;
use navforge_source::{
    Approach, Area, Connections, EncounterPaths, Ladder, LegacyEncounterPath, NulText,
    SourceNavDocument, TerrorArea, VisibleArea,
};

use crate::error::{EditError, refused};

/// One recorded change, undone by [`rollback`] in reverse order.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// The area at `index` had these contents.
    Area { index: usize, before: Area },
    /// Area `id` was inserted at `index`.
    Inserted { index: usize, id: u32 },
    /// This area was removed from `index`.
    Removed { index: usize, area: Area },
    /// The area at `index` had these scalar fields (attribute, place and corner edits).
    Head { index: usize, id: u32, head: Head },
    /// The area at `index` had these connections.
    Connections {
        index: usize,
        id: u32,
        before: Connections,
    },
    /// The area at `index` had these reference lists (before a delete or merge cleared or
    /// retargeted references in them).
    Refs {
        index: usize,
        id: u32,
        refs: Box<Refs>,
    },
    /// The ladder at `index` had these contents.
    Ladder { index: usize, before: Ladder },
    /// The place directory had this many names (names are only ever appended).
    Places { len: usize },
}

impl Op {
    /// Rough heap and inline size, for the history's memory figure.
    pub(crate) fn approx_bytes(&self) -> usize {
        let area = |a: &Area| {
            std::mem::size_of::<Area>()
                + a.connections.len() * 4
                + a.hiding_spots.len() * 20
                + a.approach_areas.len() * 16
                + a.encounter_paths.len() * 16
                + a.encounter_paths.spot_count() * 8
                + a.visible_areas.len() * 8
                + (a.ladders_up.len() + a.ladders_down.len()) * 4
        };
        std::mem::size_of::<Op>()
            + match self {
                Op::Area { before, .. } => area(before) - std::mem::size_of::<Area>(),
                Op::Removed { area: a, .. } => area(a) - std::mem::size_of::<Area>(),
                Op::Connections { before, .. } => before.len() * 4,
                Op::Refs { refs, .. } => std::mem::size_of::<Refs>() + refs.bytes(),
                _ => 0,
            }
    }
}

/// An area's small fields: what attribute, place and corner edits change.
#[derive(Debug, Clone)]
pub(crate) struct Head {
    attributes: u32,
    north_west: [F32; 3],
    south_east: [F32; 3],
    north_east_z: F32,
    south_west_z: F32,
    place: u16,
    tf_attributes: Option<u32>,
    terror: Option<TerrorArea>,
}

impl Head {
    fn of(a: &Area) -> Head {
        Head {
            attributes: a.attributes,
            north_west: a.north_west,
            south_east: a.south_east,
            north_east_z: a.north_east_z,
            south_west_z: a.south_west_z,
            place: a.place,
            tf_attributes: a.tf_attributes,
            terror: a.terror,
        }
    }

    pub(crate) fn restore(&self, a: &mut Area) {
        a.attributes = self.attributes;
        a.north_west = self.north_west;
        a.south_east = self.south_east;
        a.north_east_z = self.north_east_z;
        a.south_west_z = self.south_west_z;
        a.place = self.place;
        a.tf_attributes = self.tf_attributes;
        a.terror = self.terror;
    }
}

/// The lists of an area that name other areas. The visibility list is kept only when it names
/// the area in question (it can be long and is otherwise left alone).
#[derive(Debug, Clone)]
pub(crate) struct Refs {
    connections: Connections,
    encounter_paths: EncounterPaths,
    legacy_encounter_paths: Vec<LegacyEncounterPath>,
    approach_areas: Vec<Approach>,
    visible_areas: Option<Vec<VisibleArea>>,
    inherit_visibility_from: u32,
}

impl Refs {
    pub(crate) fn restore(self, a: &mut Area) {
        a.connections = self.connections;
        a.encounter_paths = self.encounter_paths;
        a.legacy_encounter_paths = self.legacy_encounter_paths;
        a.approach_areas = self.approach_areas;
        if let Some(v) = self.visible_areas {
            a.visible_areas = v;
        }
        a.inherit_visibility_from = self.inherit_visibility_from;
    }

    fn bytes(&self) -> usize {
        self.connections.len() * 4
            + self.encounter_paths.len() * 16
            + self.encounter_paths.spot_count() * 8
            + self.approach_areas.len() * 16
            + self.visible_areas.as_ref().map_or(0, |v| v.len() * 8)
    }
}

/// Undo `ops` (recorded in order) on `doc`.
pub(crate) fn rollback(doc: &mut SourceNavDocument, ops: Vec<Op>) {
    for op in ops.into_iter().rev() {
        match op {
            Op::Area { index, before } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    *a = before;
                }
            }
            Op::Head { index, head, .. } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    head.restore(a);
                }
            }
            Op::Connections { index, before, .. } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    a.connections = before;
                }
            }
            Op::Refs { index, refs, .. } => {
                if let Some(a) = doc.areas.get_mut(index) {
                    refs.restore(a);
                }
            }
            Op::Inserted { index, .. } => {
                if index < doc.areas.len() {
                    doc.areas.remove(index);
                }
            }
            Op::Removed { index, area } => {
                let index = index.min(doc.areas.len());
                doc.areas.insert(index, area);
            }
            Op::Ladder { index, before } => {
                if let Some(l) = doc.ladders.get_mut(index) {
                    *l = before;
                }
            }
            Op::Places { len } => doc.places.truncate(len),
        }
    }
}

/// An edit in progress: changes go through it so each is recorded once.
pub(crate) struct Tx<'a> {
    pub(crate) doc: &'a mut SourceNavDocument,
    pub(crate) ops: Vec<Op>,
    /// Area positions already recorded (cleared when positions shift).
    touched: HashSet<usize>,
    touched_ladders: HashSet<usize>,
    /// Area positions whose small fields, connections or reference lists are recorded.
    heads: HashSet<usize>,
    links: HashSet<usize>,
    refs: HashSet<usize>,
    places_recorded: bool,
}

impl<'a> Tx<'a> {
    pub(crate) fn new(doc: &'a mut SourceNavDocument) -> Self {
        Tx {
            doc,
            ops: Vec::new(),
            touched: HashSet::new(),
            touched_ladders: HashSet::new(),
            heads: HashSet::new(),
            links: HashSet::new(),
            refs: HashSet::new(),
            places_recorded: false,
        }
    }

    /// The position of area `id`, or an error naming it.
    pub(crate) fn index(&self, id: u32) -> Result<usize, EditError> {
        self.doc.area_index(id).ok_or(EditError::UnknownArea(id))
    }

    /// Record the area at `index` before it changes.
    pub(crate) fn touch(&mut self, index: usize) {
        if index < self.doc.areas.len() && self.touched.insert(index) {
            let before = self.doc.areas[index].clone();
            self.ops.push(Op::Area { index, before });
        }
    }

    /// The area at `index`, recorded, to change.
    pub(crate) fn area_mut(&mut self, index: usize) -> &mut Area {
        self.touch(index);
        &mut self.doc.areas[index]
    }

    /// The area at `index`, with only its small fields recorded (see [`Head`]): for edits that
    /// change nothing else.
    pub(crate) fn head_mut(&mut self, index: usize) -> &mut Area {
        if !self.touched.contains(&index) && self.heads.insert(index) {
            let a = &self.doc.areas[index];
            let (id, head) = (a.id, Head::of(a));
            self.ops.push(Op::Head { index, id, head });
        }
        &mut self.doc.areas[index]
    }

    /// The connections of the area at `index`, recorded.
    pub(crate) fn connections_mut(&mut self, index: usize) -> &mut Connections {
        if !self.touched.contains(&index) && self.links.insert(index) {
            let a = &self.doc.areas[index];
            let (id, before) = (a.id, a.connections.clone());
            self.ops.push(Op::Connections { index, id, before });
        }
        &mut self.doc.areas[index].connections
    }

    /// Record the reference lists of the area at `index` (see [`Refs`]).
    fn touch_refs(&mut self, index: usize, named: u32) {
        if self.touched.contains(&index) || !self.refs.insert(index) {
            return;
        }
        let a = &self.doc.areas[index];
        let keep_visible =
            self.doc.visible_areas_as_indices || a.visible_areas.iter().any(|v| v.id == named);
        let refs = Box::new(Refs {
            connections: a.connections.clone(),
            encounter_paths: a.encounter_paths.clone(),
            legacy_encounter_paths: a.legacy_encounter_paths.clone(),
            approach_areas: a.approach_areas.clone(),
            visible_areas: keep_visible.then(|| a.visible_areas.clone()),
            inherit_visibility_from: a.inherit_visibility_from,
        });
        let id = a.id;
        self.ops.push(Op::Refs { index, id, refs });
    }

    /// Append a new area; returns its position.
    pub(crate) fn push_area(&mut self, area: Area) -> usize {
        let index = self.doc.areas.len();
        let id = area.id;
        self.doc.areas.push(area);
        self.ops.push(Op::Inserted { index, id });
        self.touched.insert(index);
        index
    }

    fn touch_ladder(&mut self, index: usize) {
        if index < self.doc.ladders.len() && self.touched_ladders.insert(index) {
            let before = self.doc.ladders[index];
            self.ops.push(Op::Ladder { index, before });
        }
    }

    /// Record every area and ladder that names area `id` (or one of `spots`, hiding-spot IDs),
    /// before the document's reference helpers change them.
    fn touch_referrers(&mut self, id: u32, spots: &HashSet<u32>) {
        let raw_visibility = self.doc.visible_areas_as_indices;
        let hits: Vec<usize> = (0..self.doc.areas.len())
            .filter(|&i| {
                let a = &self.doc.areas[i];
                mentions(a, id, spots) || (raw_visibility && !a.visible_areas.is_empty())
            })
            .collect();
        for i in hits {
            self.touch_refs(i, id);
        }
        let ladders: Vec<usize> = (0..self.doc.ladders.len())
            .filter(|&i| {
                let l = &self.doc.ladders[i];
                [
                    l.top_forward_area,
                    l.top_left_area,
                    l.top_right_area,
                    l.top_behind_area,
                    l.bottom_area,
                ]
                .contains(&id)
            })
            .collect();
        for i in ladders {
            self.touch_ladder(i);
        }
    }

    /// Remove area `id` and every reference to it (`SourceNavDocument::remove_area`), recorded.
    pub(crate) fn remove_area(&mut self, id: u32) -> Result<Area, EditError> {
        let index = self.index(id)?;
        let spots: HashSet<u32> = self.doc.areas[index]
            .hiding_spots
            .iter()
            .map(|s| s.id)
            .collect();
        self.touch_referrers(id, &spots);
        // The area itself goes back from its `Removed` record; drop its `Area` record's effect by
        // restoring order: records before the removal are undone after it is re-inserted.
        let area = self.doc.remove_area(id).ok_or(EditError::UnknownArea(id))?;
        self.ops.push(Op::Removed {
            index,
            area: area.clone(),
        });
        // Positions after `index` moved down by one.
        self.touched.clear();
        self.heads.clear();
        self.links.clear();
        self.refs.clear();
        Ok(area)
    }

    /// Point every reference to `old` at `new` (`SourceNavDocument::retarget_area`), recorded.
    pub(crate) fn retarget(&mut self, old: u32, new: u32) {
        self.touch_referrers(old, &HashSet::new());
        if let Some(i) = self.doc.area_index(new) {
            self.touch(i);
        }
        self.doc.retarget_area(old, new);
    }

    /// The 1-based index of place `name`, appending it to the directory when new.
    pub(crate) fn place_index(&mut self, name: &str) -> Result<u16, EditError> {
        if self.doc.version < 5 {
            return Err(refused(format!(
                "version {} files store no places",
                self.doc.version
            )));
        }
        if let Some(i) = self.doc.places.iter().position(|p| p.name_lossy() == name) {
            return Ok(u16::try_from(i + 1).unwrap_or(u16::MAX));
        }
        if name.is_empty() || name.contains('\0') {
            return Err(refused(format!("`{name}` is not a place name")));
        }
        if self.doc.places.len() >= usize::from(u16::MAX) - 1 {
            return Err(refused("the place directory is full (65534 names)"));
        }
        if !self.places_recorded {
            self.places_recorded = true;
            self.ops.push(Op::Places {
                len: self.doc.places.len(),
            });
        }
        self.doc.places.push(NulText::new(name));
        Ok(u16::try_from(self.doc.places.len()).unwrap_or(u16::MAX))
    }
}

/// Whether area `a` names area `id` (or one of the hiding spots `spots`) in any list.
fn mentions(a: &Area, id: u32, spots: &HashSet<u32>) -> bool {
    a.connections.contains(id)
        || a.inherit_visibility_from == id
        || a.visible_areas.iter().any(|v| v.id == id)
        || a.approach_areas
            .iter()
            .any(|x| x.here == id || x.prev == id || x.next == id)
        || a.legacy_encounter_paths
            .iter()
            .any(|p| p.from == id || p.to == id)
        || a.encounter_paths.iter().any(|(p, s)| {
            p.from == id || p.to == id || s.iter().any(|s| spots.contains(&s.hiding_spot))
        })
}
