//! The triangle-mesh editor: a Bethesda plugin's navmeshes (`NVNM`) or an MGSV `.nav2`, and
//! their history (the same [`History`] as the Source and graph editors).

use navforge_core::model::NavMesh;
use navforge_core::{Format, NavDocument};
use navforge_mgsv::{EntryBody, Nav2Document};
use navforge_tes::{Hex32, NvnmDocument, PluginDocument};
use serde::Serialize;

use super::command::{TriCommand, TriSelect, parse_trimesh};
use crate::command::AttributeOp;
use crate::error::{EditError, refused};
use crate::history::{Done, History, Journaled};

/// One navmesh of a plugin: as read, and as edited.
#[derive(Debug, Clone)]
struct Nav {
    form: u32,
    edid: Option<String>,
    original: NvnmDocument,
    current: NvnmDocument,
}

impl Nav {
    fn name(&self) -> String {
        match &self.edid {
            Some(e) => format!("NAVM {} {e}", Hex32(self.form)),
            None => format!("NAVM {}", Hex32(self.form)),
        }
    }
}

/// The document being edited.
#[derive(Debug, Clone)]
enum Doc {
    /// A plugin: the plugin as read (never changed), and each readable navmesh.
    Plugin {
        plugin: Box<PluginDocument>,
        navs: Vec<Nav>,
    },
    /// A `.nav2`: as read, and as edited; the groups that have a navmesh.
    Nav2 {
        original: Box<Nav2Document>,
        current: Box<Nav2Document>,
        groups: Vec<u8>,
    },
}

/// The navmesh being edited and the selected triangles: what undo puts back with each step.
#[derive(Debug, Clone, Default, PartialEq)]
struct TriState {
    /// Index into the plugin's navmeshes, or into the `.nav2`'s groups.
    navmesh: Option<usize>,
    /// Selected triangles, ascending.
    selected: Vec<usize>,
}

/// One recorded change: what a navmesh (or the whole `.nav2`) was before it.
#[derive(Debug, Clone)]
enum TriOp {
    Nvnm {
        nav: usize,
        before: Box<NvnmDocument>,
    },
    Nav2(Box<Nav2Document>),
}

/// What changed in one navmesh (a plugin's `NAVM`, or a `.nav2` group).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NavmeshChange {
    /// `NAVM 0x000B83E0` or `group 4`.
    pub navmesh: String,
    /// Vertices before and after.
    pub vertices: [usize; 2],
    /// Triangles (faces) before and after.
    pub triangles: [usize; 2],
    /// Vertices whose position changed (listed when the vertex count stayed the same: a
    /// deletion renumbers the vertices after it).
    pub vertices_changed: Vec<usize>,
    /// Triangles that changed (listed when the triangle count stayed the same).
    pub triangles_changed: Vec<usize>,
}

/// What changed in a triangle-mesh document.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TriDiff {
    /// The navmeshes that changed.
    pub navmeshes: Vec<NavmeshChange>,
}

impl TriDiff {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.navmeshes.is_empty()
    }

    /// One line with the counts.
    pub fn counts(&self) -> String {
        let each: Vec<String> = self
            .navmeshes
            .iter()
            .map(|n| {
                format!(
                    "{}: {} -> {} triangles, {} -> {} vertices",
                    n.navmesh, n.triangles[0], n.triangles[1], n.vertices[0], n.vertices[1]
                )
            })
            .collect();
        format!(
            "{} navmeshes changed{}{}",
            self.navmeshes.len(),
            if each.is_empty() { "" } else { "; " },
            each.join("; ")
        )
    }
}

impl std::fmt::Display for TriDiff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for n in &self.navmeshes {
            let same = |a: usize, b: usize, list: &[usize], what: &str| {
                if a == b {
                    format!(" ({} {what})", list.len())
                } else {
                    String::new()
                }
            };
            writeln!(
                f,
                "  {}: vertices {} -> {}{}, triangles {} -> {}{}",
                n.navmesh,
                n.vertices[0],
                n.vertices[1],
                same(n.vertices[0], n.vertices[1], &n.vertices_changed, "moved"),
                n.triangles[0],
                n.triangles[1],
                same(
                    n.triangles[0],
                    n.triangles[1],
                    &n.triangles_changed,
                    "changed"
                ),
            )?;
        }
        Ok(())
    }
}

/// Indices below both lengths where the lists differ.
fn changed<T: PartialEq>(a: &[T], b: &[T]) -> Vec<usize> {
    a.iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| i)
        .collect()
}

fn change<V: PartialEq, T: PartialEq>(
    navmesh: String,
    (va, ta): (&[V], &[T]),
    (vb, tb): (&[V], &[T]),
) -> Option<NavmeshChange> {
    if va == vb && ta == tb {
        return None;
    }
    Some(NavmeshChange {
        navmesh,
        vertices: [va.len(), vb.len()],
        triangles: [ta.len(), tb.len()],
        vertices_changed: if va.len() == vb.len() {
            changed(va, vb)
        } else {
            Vec::new()
        },
        triangles_changed: if ta.len() == tb.len() {
            changed(ta, tb)
        } else {
            Vec::new()
        },
    })
}

impl Doc {
    /// What changed from `self` to `after` (the same document, edited).
    fn diff_to(&self, after: &Doc) -> TriDiff {
        let mut out = TriDiff::default();
        match (self, after) {
            (Doc::Plugin { navs: a, .. }, Doc::Plugin { navs: b, .. }) => {
                for (x, y) in a.iter().zip(b) {
                    let (p, q) = (&x.current, &y.current);
                    if p != q {
                        out.navmeshes.extend(change(
                            y.name(),
                            (&p.vertices, &p.triangles),
                            (&q.vertices, &q.triangles),
                        ));
                        if out.navmeshes.last().is_none_or(|c| c.navmesh != y.name()) {
                            // Only links, doors, cover lists or the grid changed.
                            out.navmeshes.push(NavmeshChange {
                                navmesh: y.name(),
                                vertices: [p.vertices.len(); 2],
                                triangles: [p.triangles.len(); 2],
                                vertices_changed: Vec::new(),
                                triangles_changed: Vec::new(),
                            });
                        }
                    }
                }
            }
            (
                Doc::Nav2 {
                    current: a, groups, ..
                },
                Doc::Nav2 { current: b, .. },
            ) => {
                for &g in groups {
                    let (Some(x), Some(y)) = (a.group(g).navmesh, b.group(g).navmesh) else {
                        continue;
                    };
                    out.navmeshes.extend(change(
                        format!("group {g}"),
                        (&x.vertices, &x.faces),
                        (&y.vertices, &y.faces),
                    ));
                }
            }
            _ => {}
        }
        out
    }
}

/// A document as the history edits it.
#[derive(Debug, Clone)]
struct Mesh {
    doc: Doc,
    state: TriState,
}

impl Journaled for Mesh {
    type Command = TriCommand;
    type Op = TriOp;
    type Diff = TriDiff;
    type State = TriState;

    fn apply(&mut self, command: &TriCommand) -> (Result<String, EditError>, Vec<TriOp>) {
        let mut ops = Vec::new();
        let result = self.apply_recorded(command, &mut ops);
        (result, ops)
    }

    fn rollback(&mut self, ops: Vec<TriOp>) {
        for op in ops.into_iter().rev() {
            match (op, &mut self.doc) {
                (TriOp::Nvnm { nav, before }, Doc::Plugin { navs, .. }) => {
                    navs[nav].current = *before;
                }
                (TriOp::Nav2(before), Doc::Nav2 { current, .. }) => *current = before,
                _ => {}
            }
        }
    }

    fn changes(&self, steps: &[&[TriOp]]) -> TriDiff {
        self.before(steps).diff_to(&self.doc)
    }

    fn changes_undone(&self, steps: &[&[TriOp]]) -> TriDiff {
        self.doc.diff_to(&self.before(steps))
    }

    fn state(&self) -> TriState {
        self.state.clone()
    }

    fn set_state(&mut self, state: TriState) {
        self.state = state;
    }

    fn describe(command: &TriCommand) -> String {
        match command {
            TriCommand::Delete(_) => "delete",
            TriCommand::Move { .. } => "move",
            TriCommand::Weld { .. } => "weld",
            TriCommand::Split { .. } => "split",
            TriCommand::Flags { .. } => "flags",
            TriCommand::Cover { .. } => "cover",
            TriCommand::Link { .. } => "link",
            TriCommand::Unlink { .. } => "unlink",
            TriCommand::Door { .. } => "door",
            _ => "command",
        }
        .to_string()
    }

    fn op_bytes(op: &TriOp) -> usize {
        let heap = match op {
            TriOp::Nvnm { before, .. } => {
                std::mem::size_of::<NvnmDocument>()
                    + before.vertices.capacity() * 12
                    + before.triangles.capacity() * std::mem::size_of::<navforge_tes::Triangle>()
                    + before
                        .grid
                        .cells
                        .iter()
                        .map(|c| 24 + c.capacity() * 2)
                        .sum::<usize>()
            }
            // Roughly the file's size.
            TriOp::Nav2(before) => std::mem::size_of::<Nav2Document>() + before.file_len as usize,
        };
        std::mem::size_of::<TriOp>() + heap
    }

    fn command_bytes(command: &TriCommand) -> usize {
        match command {
            TriCommand::Delete(v)
            | TriCommand::Flags { triangles: v, .. }
            | TriCommand::Cover { triangles: v, .. } => v.capacity() * 8,
            _ => 0,
        }
    }

    fn state_bytes(state: &TriState) -> usize {
        std::mem::size_of::<TriState>() + state.selected.capacity() * 8
    }
}

fn tes_error(e: navforge_core::Error) -> EditError {
    EditError::Refused(e.to_string())
}

/// Refuse an edit that leaves a navmesh invalid: a value out of range (vertex, neighbour,
/// edge link, door, cover or grid triangle), a NaN, or a consistency warning it did not have.
fn validate(nv: &NvnmDocument, warnings_before: &[String], name: &str) -> Result<(), EditError> {
    if let Some((path, why)) = nv.json_problem() {
        return Err(refused(format!(
            "{name}: the edit would leave {path} invalid: {why}"
        )));
    }
    if let Some(w) = nv
        .warnings()
        .into_iter()
        .find(|w| !warnings_before.contains(w))
    {
        return Err(refused(format!(
            "{name}: the edit would leave the navmesh inconsistent: {w}"
        )));
    }
    Ok(())
}

impl Mesh {
    /// The document before `steps` (recorded in order, all done).
    fn before(&self, steps: &[&[TriOp]]) -> Doc {
        let mut m = Mesh {
            doc: self.doc.clone(),
            state: TriState::default(),
        };
        for ops in steps.iter().rev() {
            m.rollback(ops.to_vec());
        }
        m.doc
    }

    fn choices(&self) -> String {
        match &self.doc {
            Doc::Plugin { navs, .. } => navs
                .iter()
                .map(|n| {
                    format!(
                        "{} ({}, {} triangles)",
                        n.name(),
                        n.current.cell_name(),
                        n.current.triangles.len()
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            Doc::Nav2 { groups, .. } => groups
                .iter()
                .map(|g| format!("group {g}"))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    fn navmesh(&self) -> Result<usize, EditError> {
        self.state.navmesh.ok_or_else(|| {
            refused(format!(
                "this file holds several navmeshes: choose one with `navmesh ID` (or --navmesh): {}",
                self.choices()
            ))
        })
    }

    /// Which navmesh `name` means: a form ID (hex or decimal) or EDID in a plugin, a group
    /// number in a `.nav2`.
    fn find(&self, name: &str) -> Result<usize, EditError> {
        let number = match name.strip_prefix("0x").or_else(|| name.strip_prefix("0X")) {
            Some(h) => u32::from_str_radix(h, 16).ok(),
            None => name.parse().ok(),
        };
        let found = match &self.doc {
            Doc::Plugin { navs, .. } => navs.iter().position(|n| {
                Some(n.form) == number
                    || n.edid
                        .as_deref()
                        .is_some_and(|e| e.eq_ignore_ascii_case(name))
            }),
            Doc::Nav2 { groups, .. } => groups.iter().position(|&g| number == Some(u32::from(g))),
        };
        found.ok_or_else(|| {
            refused(format!(
                "no navmesh `{name}` in this file; it has: {}",
                self.choices()
            ))
        })
    }

    fn nvnm(&self) -> Option<&NvnmDocument> {
        match (&self.doc, self.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => navs.get(i).map(|n| &n.current),
            _ => None,
        }
    }

    /// The current navmesh's triangle count.
    fn triangle_count(&self) -> usize {
        match (&self.doc, self.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => navs[i].current.triangles.len(),
            (
                Doc::Nav2 {
                    current, groups, ..
                },
                Some(i),
            ) => current
                .group(groups[i])
                .navmesh
                .map_or(0, |c| c.faces.len()),
            _ => 0,
        }
    }

    /// The triangles a command names, or the selection.
    fn targets(&self, given: &[usize]) -> Result<Vec<usize>, EditError> {
        let list = if given.is_empty() {
            self.state.selected.clone()
        } else {
            given.to_vec()
        };
        if list.is_empty() {
            return Err(refused("no triangle given or selected"));
        }
        let n = self.triangle_count();
        if let Some(t) = list.iter().find(|&&t| t >= n) {
            return Err(refused(format!("triangle {t} is past the {n} triangles")));
        }
        Ok(list)
    }

    fn apply_recorded(
        &mut self,
        command: &TriCommand,
        ops: &mut Vec<TriOp>,
    ) -> Result<String, EditError> {
        let at = self.navmesh()?;
        if let Doc::Nav2 { .. } = self.doc {
            return self.apply_nav2(at, command, ops);
        }
        let targets = match command {
            TriCommand::Delete(t)
            | TriCommand::Flags { triangles: t, .. }
            | TriCommand::Cover { triangles: t, .. } => self.targets(t)?,
            _ => Vec::new(),
        };
        let Doc::Plugin { navs, .. } = &mut self.doc else {
            return Err(refused("not a plugin"));
        };
        let name = navs[at].name();
        let form = navs[at].form;
        let warnings_before = navs[at].current.warnings();
        ops.push(TriOp::Nvnm {
            nav: at,
            before: Box::new(navs[at].current.clone()),
        });
        let nv = &mut navs[at].current;
        let mut renumbered = None;
        let message = match command {
            TriCommand::Delete(_) => {
                renumbered = Some(nv.delete_triangles(&targets).map_err(tes_error)?);
                self.state.selected.clear();
                format!(
                    "deleted {} triangles ({} triangles, {} vertices left)",
                    targets.len(),
                    nv.triangles.len(),
                    nv.vertices.len()
                )
            }
            TriCommand::Move { vertex, to } => {
                nv.move_vertex(*vertex, *to).map_err(tes_error)?;
                format!("moved vertex {vertex} to {},{},{}", to[0], to[1], to[2])
            }
            TriCommand::Weld { keep, gone } => {
                let map = nv.weld_vertices(*keep, *gone).map_err(tes_error)?;
                let lost = map.iter().filter(|m| m.is_none()).count();
                renumbered = Some(map);
                self.state.selected.clear();
                format!("welded vertex {gone} onto {keep} ({lost} triangles collapsed and deleted)")
            }
            TriCommand::Split { triangle, edge } => {
                let before = nv.triangles.len();
                let v = nv.split_edge(*triangle, *edge).map_err(tes_error)?;
                format!(
                    "split edge {edge} of triangle {triangle} at new vertex {v}; new triangles {}",
                    (before..nv.triangles.len())
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            TriCommand::Flags { op, value, .. } => {
                for &t in &targets {
                    let old = nv.triangles[t].flags;
                    let new = match op {
                        Some(AttributeOp::Mark) => old | value,
                        Some(AttributeOp::Clear) => old & !value,
                        Some(AttributeOp::Toggle) => old ^ value,
                        None => *value,
                    };
                    nv.set_flags(t, new).map_err(tes_error)?;
                }
                format!("set the flags of {} triangles", targets.len())
            }
            TriCommand::Cover { value, .. } => {
                for &t in &targets {
                    nv.set_cover(t, *value).map_err(tes_error)?;
                }
                format!(
                    "set the cover of {} triangles to 0x{value:04X}",
                    targets.len()
                )
            }
            TriCommand::Link {
                triangle,
                edge,
                navmesh,
                to,
                kind,
                other_edge,
            } => {
                nv.link_edge(*triangle, *edge, *kind, *navmesh, *to, *other_edge)
                    .map_err(tes_error)?;
                format!(
                    "linked triangle {triangle} edge {edge} to triangle {to} of NAVM {}",
                    Hex32(*navmesh)
                )
            }
            TriCommand::Unlink { triangle, edge } => {
                nv.unlink_edge(*triangle, *edge).map_err(tes_error)?;
                format!("unlinked triangle {triangle} edge {edge}")
            }
            TriCommand::Door { triangle, door } => match door {
                Some(d) => {
                    nv.link_door(*triangle, *d).map_err(tes_error)?;
                    format!("triangle {triangle} leads to door {}", Hex32(*d))
                }
                None => {
                    nv.unlink_door(*triangle).map_err(tes_error)?;
                    format!("triangle {triangle} has no door link")
                }
            },
            _ => return Err(refused("not an edit")),
        };
        validate(nv, &warnings_before, &name)?;
        // Other navmeshes of the plugin that link into renumbered triangles follow.
        if let Some(map) = renumbered {
            for (i, other) in navs.iter_mut().enumerate() {
                if i == at {
                    continue;
                }
                let before = other.current.clone();
                let warnings = before.warnings();
                if other.current.retarget_edge_links(form, &map) {
                    ops.push(TriOp::Nvnm {
                        nav: i,
                        before: Box::new(before),
                    });
                    validate(&other.current, &warnings, &other.name())?;
                }
            }
        }
        Ok(message)
    }

    fn apply_nav2(
        &mut self,
        at: usize,
        command: &TriCommand,
        ops: &mut Vec<TriOp>,
    ) -> Result<String, EditError> {
        let targets = match command {
            TriCommand::Delete(t) => self.targets(t)?,
            _ => Vec::new(),
        };
        let Doc::Nav2 {
            current, groups, ..
        } = &mut self.doc
        else {
            return Err(refused("not a .nav2"));
        };
        let g = groups[at];
        let warnings_before = nav2_problems(current);
        ops.push(TriOp::Nav2(current.clone()));
        let message = match command {
            TriCommand::Delete(_) => {
                let mut faces = targets.clone();
                faces.sort_unstable();
                faces.dedup();
                for &f in faces.iter().rev() {
                    current.delete_face(g, f).map_err(tes_error)?;
                }
                self.state.selected.clear();
                format!("deleted {} faces of group {g}", faces.len())
            }
            TriCommand::Move { vertex, to } => {
                current.move_vertex(g, *vertex, *to).map_err(tes_error)?;
                format!(
                    "moved vertex {vertex} of group {g} to {},{},{}",
                    to[0], to[1], to[2]
                )
            }
            _ => {
                return Err(refused(
                    "a .nav2 takes delete, move, select, show and check (its faces have no flags, cover or edge links to set)",
                ));
            }
        };
        // The file must read back as what was edited, with no new index problem.
        let bytes = current.write().map_err(tes_error)?;
        match Nav2Document::read(&bytes) {
            Ok(back) if back == **current => {}
            Ok(_) => return Err(refused("the edited .nav2 does not read back the same")),
            Err(e) => return Err(refused(format!("the edited .nav2 does not read back: {e}"))),
        }
        if let Some(p) = nav2_problems(current)
            .into_iter()
            .find(|p| !warnings_before.contains(p))
        {
            return Err(refused(format!(
                "the edit would leave the file inconsistent: {p}"
            )));
        }
        Ok(message)
    }
}

/// A `.nav2`'s index problems (out-of-range vertices and faces, faces in no segment).
fn nav2_problems(doc: &Nav2Document) -> Vec<String> {
    doc.mesh()
        .warnings
        .into_iter()
        .filter(|w| {
            w.contains("out of range") || w.contains("in no segment") || w.contains("beyond")
        })
        .collect()
}

/// What a triangle-mesh command did.
#[derive(Debug, Clone, Default)]
pub struct TriOutcome {
    /// One line saying what happened.
    pub message: String,
    /// What changed (empty for queries, or when diffs are off).
    pub diff: TriDiff,
}

impl From<Done<TriDiff>> for TriOutcome {
    fn from(d: Done<TriDiff>) -> Self {
        TriOutcome {
            message: d.message,
            diff: d.diff,
        }
    }
}

/// An editing session on triangle navmeshes: a Bethesda plugin's `NVNM` navmeshes (Skyrim,
/// Fallout 4) or an MGSV `.nav2`, with unlimited undo and redo. Untouched navmeshes and records
/// keep their bytes (compressed records their stored stream); undoing every edit writes the
/// file as read.
#[derive(Debug, Clone)]
pub struct TriEditor {
    mesh: Mesh,
    history: History<Mesh>,
}

impl TriEditor {
    fn new(doc: Doc) -> Self {
        let count = match &doc {
            Doc::Plugin { navs, .. } => navs.len(),
            Doc::Nav2 { groups, .. } => groups.len(),
        };
        TriEditor {
            mesh: Mesh {
                doc,
                state: TriState {
                    navmesh: (count == 1).then_some(0),
                    selected: Vec::new(),
                },
            },
            history: History::default(),
        }
    }

    /// Read a plugin (`.esp`/`.esm`/`.esl`) and start editing its navmeshes (the one it has,
    /// or none until `navmesh ID` chooses one).
    pub fn read_plugin(data: &[u8]) -> navforge_core::Result<Self> {
        let plugin = PluginDocument::read(data)?;
        let navs = plugin
            .navmeshes()
            .into_iter()
            .filter_map(|n| match n.nvnm {
                Some(Ok(nv)) => Some(Nav {
                    form: n.form_id,
                    edid: n.edid,
                    original: nv.clone(),
                    current: nv,
                }),
                _ => None,
            })
            .collect();
        Ok(Self::new(Doc::Plugin {
            plugin: Box::new(plugin),
            navs,
        }))
    }

    /// Read an MGSV `.nav2` and start editing it (its only group with a navmesh, or none until
    /// `navmesh GROUP` chooses one).
    pub fn read_nav2(data: &[u8]) -> navforge_core::Result<Self> {
        let doc = Nav2Document::read(data)?;
        let mut groups: Vec<u8> = doc
            .entries
            .iter()
            .filter(|e| matches!(e.body, EntryBody::NavmeshChunk(_)))
            .map(|e| e.group_id)
            .collect();
        groups.sort_unstable();
        groups.dedup();
        Ok(Self::new(Doc::Nav2 {
            original: Box::new(doc.clone()),
            current: Box::new(doc),
            groups,
        }))
    }

    /// Read a plugin or a `.nav2`.
    pub fn read(data: &[u8]) -> navforge_core::Result<Self> {
        if navforge_mgsv::sniff(data) {
            Self::read_nav2(data)
        } else {
            Self::read_plugin(data)
        }
    }

    /// The file format (`tes-plugin` or `mgsv-nav2`).
    pub fn format(&self) -> Format {
        match self.mesh.doc {
            Doc::Plugin { .. } => Format::TesPlugin,
            Doc::Nav2 { .. } => Format::MgsvNav2,
        }
    }

    /// Choose the navmesh to edit: a form ID (`0x000B83E0`) or EDID in a plugin, a group
    /// number in a `.nav2`. The selection is cleared.
    pub fn choose(&mut self, name: &str) -> Result<String, EditError> {
        let i = self.mesh.find(name)?;
        self.mesh.state = TriState {
            navmesh: Some(i),
            selected: Vec::new(),
        };
        Ok(format!("editing {}", self.describe()))
    }

    /// What is being edited, in words.
    pub fn describe(&self) -> String {
        match (&self.mesh.doc, self.mesh.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => {
                let n = &navs[i];
                format!(
                    "{} ({}): {} vertices, {} triangles, {} edge links, {} door links",
                    n.name(),
                    n.current.cell_name(),
                    n.current.vertices.len(),
                    n.current.triangles.len(),
                    n.current.edge_links.len(),
                    n.current.door_links.len()
                )
            }
            (
                Doc::Nav2 {
                    current, groups, ..
                },
                Some(i),
            ) => {
                let c = current.group(groups[i]).navmesh;
                format!(
                    "group {}: {} vertices, {} faces",
                    groups[i],
                    c.map_or(0, |c| c.vertices.len()),
                    c.map_or(0, |c| c.faces.len())
                )
            }
            (_, None) => format!("no navmesh chosen; the file has: {}", self.mesh.choices()),
        }
    }

    /// The navmeshes' names (form IDs, or group numbers), for completion.
    pub fn navmesh_names(&self) -> Vec<String> {
        match &self.mesh.doc {
            Doc::Plugin { navs, .. } => navs.iter().map(|n| Hex32(n.form).to_string()).collect(),
            Doc::Nav2 { groups, .. } => groups.iter().map(|g| g.to_string()).collect(),
        }
    }

    /// The form ID (plugin) or group (`.nav2`) being edited.
    pub fn current(&self) -> Option<u32> {
        match (&self.mesh.doc, self.mesh.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => Some(navs[i].form),
            (Doc::Nav2 { groups, .. }, Some(i)) => Some(u32::from(groups[i])),
            _ => None,
        }
    }

    /// The `NVNM` being edited (plugins).
    pub fn nvnm(&self) -> Option<&NvnmDocument> {
        self.mesh.nvnm()
    }

    /// The `.nav2` as edited.
    pub fn nav2(&self) -> Option<&Nav2Document> {
        match &self.mesh.doc {
            Doc::Nav2 { current, .. } => Some(current),
            Doc::Plugin { .. } => None,
        }
    }

    /// The selected triangles, ascending.
    pub fn selected(&self) -> &[usize] {
        &self.mesh.state.selected
    }

    /// The current navmesh's triangle (face) count.
    pub fn triangle_count(&self) -> usize {
        self.mesh.triangle_count()
    }

    /// Whether each outcome carries the [`TriDiff`] (default on).
    pub fn set_diffs(&mut self, on: bool) {
        self.history.set_diffs(on);
    }

    /// How many edits can be undone and redone.
    pub fn history_len(&self) -> (usize, usize) {
        self.history.len()
    }

    /// Parse a line and run it. `Ok(None)` for a blank or comment line.
    pub fn run_line(&mut self, line: &str) -> Result<Option<TriOutcome>, EditError> {
        match parse_trimesh(line)? {
            Some(c) => self.execute(c).map(Some),
            None => Ok(None),
        }
    }

    /// Run a command. On error nothing changed: not the document, nor the history.
    pub fn execute(&mut self, command: TriCommand) -> Result<TriOutcome, EditError> {
        let query = |message: String| TriOutcome {
            message,
            diff: TriDiff::default(),
        };
        let done = match command {
            TriCommand::Undo(n) => self.history.undo(&mut self.mesh, n)?,
            TriCommand::Redo(n) => self.history.redo(&mut self.mesh, n)?,
            TriCommand::Navmesh(None) => return Ok(query(self.describe())),
            TriCommand::Navmesh(Some(name)) => return self.choose(&name).map(query),
            TriCommand::Select(how) => return self.select(how).map(query),
            TriCommand::Show(t) => return self.show(t).map(query),
            TriCommand::Check => return self.check().map(query),
            TriCommand::Save(_) | TriCommand::Help | TriCommand::Quit => {
                return Err(refused("save, help and quit are for the front end"));
            }
            cmd => self.history.edit(&mut self.mesh, cmd)?,
        };
        Ok(done.into())
    }

    fn select(&mut self, how: TriSelect) -> Result<String, EditError> {
        self.mesh.navmesh()?;
        let n = self.triangle_count();
        let picked: Vec<usize> = match how {
            TriSelect::None => {
                self.mesh.state.selected.clear();
                return Ok("selection cleared".into());
            }
            TriSelect::All => (0..n).collect(),
            TriSelect::Ids(ids) => {
                if let Some(t) = ids.iter().find(|&&t| t >= n) {
                    return Err(refused(format!("triangle {t} is past the {n} triangles")));
                }
                ids
            }
            TriSelect::Flood(t) => {
                if t >= n {
                    return Err(refused(format!("triangle {t} is past the {n} triangles")));
                }
                self.flood(t)
            }
            TriSelect::Box(a, b) => {
                let lo: [f32; 3] = std::array::from_fn(|i| a[i].min(b[i]));
                let hi: [f32; 3] = std::array::from_fn(|i| a[i].max(b[i]));
                self.centres()
                    .into_iter()
                    .enumerate()
                    .filter(|(_, c)| (0..3).all(|i| lo[i] <= c[i] && c[i] <= hi[i]))
                    .map(|(t, _)| t)
                    .collect()
            }
        };
        let sel = &mut self.mesh.state.selected;
        sel.extend(picked);
        sel.sort_unstable();
        sel.dedup();
        Ok(format!("{} triangles selected", sel.len()))
    }

    /// Each triangle's (face's) centre, in world space.
    fn centres(&self) -> Vec<[f32; 3]> {
        let mean = |pts: Vec<[f32; 3]>| -> [f32; 3] {
            let n = pts.len().max(1) as f32;
            std::array::from_fn(|i| pts.iter().map(|p| p[i]).sum::<f32>() / n)
        };
        match (&self.mesh.doc, self.mesh.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => {
                let nv = &navs[i].current;
                (0..nv.triangles.len())
                    .map(|t| nv.corners(t).map_or([f32::NAN; 3], |c| mean(c.to_vec())))
                    .collect()
            }
            (
                Doc::Nav2 {
                    current, groups, ..
                },
                Some(i),
            ) => current
                .mesh()
                .groups
                .into_iter()
                .find(|g| g.group_id == groups[i])
                .map(|g| {
                    g.faces
                        .iter()
                        .map(|f| {
                            mean(
                                f.vertices
                                    .iter()
                                    .filter_map(|&v| g.vertices.get(v as usize).copied())
                                    .collect(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn flood(&self, t: usize) -> Vec<usize> {
        match (&self.mesh.doc, self.mesh.state.navmesh) {
            (Doc::Plugin { navs, .. }, Some(i)) => navs[i].current.flood(t),
            (
                Doc::Nav2 {
                    current, groups, ..
                },
                Some(i),
            ) => {
                let Some(c) = current.group(groups[i]).navmesh else {
                    return Vec::new();
                };
                let mut seen = vec![false; c.faces.len()];
                let mut stack = vec![t];
                let mut out = Vec::new();
                while let Some(f) = stack.pop() {
                    if f >= seen.len() || seen[f] {
                        continue;
                    }
                    seen[f] = true;
                    out.push(f);
                    stack.extend(
                        c.faces[f]
                            .adjacent
                            .iter()
                            .filter(|&&a| a >= 0 && !navforge_mgsv::adjacency_is_link(a))
                            .map(|&a| a as usize),
                    );
                }
                out.sort_unstable();
                out
            }
            _ => Vec::new(),
        }
    }

    fn show(&self, t: Option<usize>) -> Result<String, EditError> {
        self.mesh.navmesh()?;
        let Some(t) = t else {
            let sel = &self.mesh.state.selected;
            return Ok(format!("{}; {} selected", self.describe(), sel.len()));
        };
        let n = self.triangle_count();
        if t >= n {
            return Err(refused(format!("triangle {t} is past the {n} triangles")));
        }
        if let Some(nv) = self.nvnm() {
            let tri = &nv.triangles[t];
            let corners = nv
                .corners(t)
                .map(|c| {
                    c.iter()
                        .map(|p| format!("{},{},{}", p[0], p[1], p[2]))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default();
            let doors: Vec<String> = nv
                .door_links
                .iter()
                .filter(|d| d.triangle == t as i16)
                .map(|d| d.door.to_string())
                .collect();
            let mut edges = Vec::new();
            for k in 0..3 {
                let e = tri.edges[k];
                edges.push(if tri.flags & navforge_tes::TRI_EDGE_LINK[k] != 0 {
                    match nv.edge_links.get(e as usize) {
                        Some(l) => format!("link to NAVM {} triangle {}", l.navmesh, l.triangle),
                        None => format!("link {e} (missing)"),
                    }
                } else if e >= 0 {
                    format!("triangle {e}")
                } else {
                    "none".into()
                });
            }
            return Ok(format!(
                "triangle {t}: vertices {:?} at {corners}; edges [{}]; flags 0x{:04X}; cover 0x{:04X}{}",
                tri.vertices,
                edges.join(", "),
                tri.flags,
                tri.cover,
                if doors.is_empty() {
                    String::new()
                } else {
                    format!("; doors {}", doors.join(", "))
                }
            ));
        }
        let (
            Doc::Nav2 {
                current, groups, ..
            },
            Some(i),
        ) = (&self.mesh.doc, self.mesh.state.navmesh)
        else {
            return Err(refused("nothing to show"));
        };
        let g = current
            .mesh()
            .groups
            .into_iter()
            .find(|g| g.group_id == groups[i]);
        let f = g.as_ref().and_then(|g| g.faces.get(t));
        Ok(match (g.as_ref(), f) {
            (Some(g), Some(f)) => format!(
                "face {t} (segment {}): vertices {:?} at {}; adjacent {:?}",
                f.segment,
                f.vertices,
                f.vertices
                    .iter()
                    .filter_map(|&v| g.vertices.get(v as usize))
                    .map(|p| format!("{},{},{}", p[0], p[1], p[2]))
                    .collect::<Vec<_>>()
                    .join(" "),
                f.adjacent
            ),
            _ => format!("face {t}"),
        })
    }

    /// The current navmesh's problems, in words ("no problems" when none).
    pub fn check(&self) -> Result<String, EditError> {
        self.mesh.navmesh()?;
        let mut problems = Vec::new();
        if let Some(nv) = self.nvnm() {
            if let Some((p, why)) = nv.json_problem() {
                problems.push(format!("{p}: {why}"));
            }
            problems.extend(nv.warnings());
        } else if let Some(d) = self.nav2() {
            problems.extend(nav2_problems(d));
        }
        Ok(if problems.is_empty() {
            format!("{}: no problems", self.describe())
        } else {
            format!("{} problems: {}", problems.len(), problems.join("; "))
        })
    }

    /// The bytes of the document: the file as read when nothing is changed; otherwise only the
    /// edited navmesh records are written anew (their sizes and their groups' sizes follow).
    pub fn write(&self) -> navforge_core::Result<Vec<u8>> {
        self.document_bytes()
    }

    fn edited_plugin(&self) -> navforge_core::Result<Option<PluginDocument>> {
        let Doc::Plugin { plugin, navs } = &self.mesh.doc else {
            return Ok(None);
        };
        let mut out = (**plugin).clone();
        for n in navs.iter().filter(|n| n.current != n.original) {
            out.set_nvnm(n.form, &n.current)?;
        }
        Ok(Some(out))
    }

    fn document_bytes(&self) -> navforge_core::Result<Vec<u8>> {
        match &self.mesh.doc {
            Doc::Plugin { plugin, navs } => {
                if navs.iter().all(|n| n.current == n.original) {
                    plugin.write()
                } else {
                    self.edited_plugin()?
                        .map_or_else(|| plugin.write(), |p| p.write())
                }
            }
            Doc::Nav2 {
                original, current, ..
            } => {
                if current == original {
                    original.write()
                } else {
                    current.write()
                }
            }
        }
    }

    /// The common model of the document as edited (what `check`, `render` and `serve` draw).
    pub fn to_model(&self) -> Result<NavMesh, EditError> {
        Ok(match &self.mesh.doc {
            Doc::Plugin { .. } => self
                .edited_plugin()
                .map_err(tes_error)?
                .map(|p| p.to_model())
                .unwrap_or_default(),
            Doc::Nav2 { current, .. } => current.to_model(),
        })
    }

    /// What changed from `before` (the same file, earlier) to this one.
    pub fn diff_to(&self, after: &TriEditor) -> TriDiff {
        self.mesh.doc.diff_to(&after.mesh.doc)
    }
}
