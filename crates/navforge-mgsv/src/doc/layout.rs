//! Re-layout: recompute every offset, size and count of a document from its structures, so that
//! faces, vertices, segments, nodes and whole entries can be added or removed.
//!
//! The rules are the ones every file of the corpus follows (checked by re-laying out each one
//! unchanged, which gives its bytes back):
//! - the header, then the manifest (`4 + 12 × entries` bytes, padded to 16), then the entries
//!   back to back, each `16 + payload` padded to 16; then the Section2 entries; then the NavSystem;
//! - inside a section, sub-sections in their order on disk, each padded to 16, the record lists
//!   packed (NavWorld links and SegmentGraph edges in node order, face records in face order, each
//!   padded to 16), the NavSystem's lists in cell order right after its cell table.
//!
//! Writers differ in a few paddings; [`LayoutStyle`] holds them, read off the document, so a
//! file keeps its writer's habits.

use super::wire::{Wire, invalid, pad16};
use super::{EntryBody, HEADER_SIZE, ManifestEntry, Nav2Document, NavSystem};
use crate::FMT;
use navforge_core::Result;

/// The paddings in which `.nav2` writers differ. [`Default`] is the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct LayoutStyle {
    /// NavmeshChunk face-offset table padded to 16 (Obj2Nav2, navforge) or packed (the game).
    pub pad_face_table: bool,
    /// NavSystem cell table padded to 16 (Obj2Nav2, navforge) or packed (the game).
    pub pad_cell_table: bool,
    /// Header manifest size `12 × entries` (Obj2Nav2) or `4 + 12 × entries` (the game).
    pub manifest_size_without_count: bool,
    /// Manifest entry sizes left 0 (the older Obj2Nav2).
    pub zero_entry_sizes: bool,
    /// The older Obj2Nav2's end: the file stops right after the last cell list, and the header's
    /// size only reaches the end of the NavSystem header.
    pub short_tail: bool,
}

impl LayoutStyle {
    /// What the game's own files do.
    pub const GAME: LayoutStyle = LayoutStyle {
        pad_face_table: false,
        pad_cell_table: false,
        manifest_size_without_count: false,
        zero_entry_sizes: false,
        short_tail: false,
    };

    /// What navforge's builder ([`crate::from_triangles`]) writes.
    pub const NAVFORGE: LayoutStyle = LayoutStyle {
        pad_face_table: true,
        pad_cell_table: true,
        manifest_size_without_count: false,
        zero_entry_sizes: false,
        short_tail: false,
    };

    /// The paddings the document's stored offsets show. Where a table's length is a multiple
    /// of 16 the offsets cannot tell; then the header's 16 `vals` bytes do: Obj2Nav2 and navforge
    /// write one constant there (and pad both tables), the game does not.
    pub fn of(doc: &Nav2Document) -> LayoutStyle {
        // Some(true) when the stored offsets show padding, Some(false) when they show none.
        let padded = |start: u64, len: u64, stored: u64| {
            let end = start + len;
            (!end.is_multiple_of(16) && (stored == end || stored == pad16(end)))
                .then_some(stored != end)
        };
        let obj2nav2_family = doc.header.vals.as_slice() == crate::build::OBJ2NAV2_VALS;
        let decide = |mut seen: Vec<Option<bool>>| {
            seen.retain(Option::is_some);
            seen.first().copied().flatten().unwrap_or(obj2nav2_family)
        };
        let m = doc.manifest.entries.len() as u64;
        let ns = doc.nav_system.as_ref();
        LayoutStyle {
            pad_face_table: decide(
                doc.entries
                    .iter()
                    .map(|e| match &e.body {
                        EntryBody::NavmeshChunk(c) => padded(
                            u64::from(c.ss2),
                            4 * u64::from(c.face_count),
                            u64::from(c.ss3),
                        ),
                        _ => None,
                    })
                    .collect(),
            ),
            pad_cell_table: decide(
                ns.map(|s| {
                    let cells = u64::from(s.cells_x) * u64::from(s.cells_z);
                    padded(u64::from(s.ss1), 8 * cells, u64::from(s.ss2))
                })
                .into_iter()
                .collect(),
            ),
            manifest_size_without_count: m > 0 && u64::from(doc.header.manifest_size) == 12 * m,
            zero_entry_sizes: m > 0 && doc.manifest.entries.iter().all(|e| e.entry_size == 0),
            short_tail: ns.is_some() && {
                let header_end = u64::from(doc.header.nav_system_offset) + NAV_SYSTEM_HEADER;
                u64::from(doc.header.file_size) == header_end && doc.file_len > header_end
            },
        }
    }
}

/// A cursor over a structure's blocks, from its start.
pub(super) struct Span {
    at: u64,
}

impl Span {
    /// Blocks start after a record of `start` bytes.
    pub(super) fn new(start: usize) -> Self {
        Span { at: start as u64 }
    }

    /// Place a block of `len` bytes here: returns its offset, and moves to `round(end)`.
    pub(super) fn next(
        &mut self,
        field: &'static str,
        len: u64,
        round: fn(u64) -> u64,
    ) -> Result<u32> {
        let here = self.offset(field)?;
        self.at = round(self.at.saturating_add(len));
        Ok(here)
    }

    /// Where the cursor is, as a stored 32-bit offset.
    pub(super) fn offset(&self, field: &'static str) -> Result<u32> {
        u32::try_from(self.at).map_err(|_| invalid(field, "the structure passes 4 GiB"))
    }

    /// Where the cursor is.
    pub(super) fn end(&self) -> u64 {
        self.at
    }
}

/// No rounding: the next block follows at once.
pub(super) fn packed(n: u64) -> u64 {
    n
}

pub(crate) fn count_u8(field: &str, n: usize) -> Result<u8> {
    navforge_core::narrow::count_u8(FMT, field, n)
}

pub(crate) fn count_u16(field: &str, n: usize) -> Result<u16> {
    navforge_core::narrow::count_u16(FMT, field, n)
}

pub(crate) fn count_u32(field: &str, n: usize) -> Result<u32> {
    navforge_core::narrow::count_u32(FMT, field, n)
}

/// Bytes of an entry's common header (`payload` is always this).
const ENTRY_HEADER: u64 = 16;

/// Bytes of the NavSystem header the older Obj2Nav2 counted as the end of the file.
const NAV_SYSTEM_HEADER: u64 = NavSystem::SIZE as u64;

/// Entry types the manifest indexes, in the game's order: NavWorlds, SegmentGraphs,
/// NavmeshChunks (SegmentChunks are not indexed).
const MANIFEST_TYPES: [u16; 3] = [0, 3, 1];

impl Nav2Document {
    /// Recompute every offset, size and count from the structures, after faces, vertices,
    /// segments, nodes, edges or whole entries were added or removed.
    ///
    /// The lists are the truth: counts become their lengths, and every offset is placed by the
    /// rules the game's files follow, with the paddings of the writer that made this file (so an
    /// unchanged document keeps its bytes). Indices between structures (a face's vertices, a
    /// segment's first face) are the editor's; the layout does not change them.
    ///
    /// Refused, naming the field: lists that disagree in length (one node record per point, a
    /// twin record that is not as long as its kind), values past a field's width, entries of an
    /// unknown type and raw bytes ([`Nav2Document::gaps`], Section3) whose place cannot be
    /// recomputed.
    pub fn relayout(&mut self) -> Result<()> {
        self.relayout_as(&LayoutStyle::of(self))
    }

    /// [`Nav2Document::relayout`] with the paddings of `style` (to write a file the way the game
    /// would, say).
    pub fn relayout_as(&mut self, style: &LayoutStyle) -> Result<()> {
        if let Some(g) = self.gaps.first() {
            return Err(invalid(
                "gaps",
                format!(
                    "{} raw byte ranges (the first at {}) belong to no structure, so their place \
                     cannot be recomputed",
                    self.gaps.len(),
                    g.offset
                ),
            ));
        }
        if self.header.section3_offset != 0 {
            return Err(invalid(
                "header.section3_offset",
                "Section3 is kept as raw bytes, so its place cannot be recomputed",
            ));
        }
        for (i, e) in self.entries.iter_mut().enumerate() {
            let at = |err: navforge_core::Error| err.within(format_args!("entry #{i}"));
            let (kind, len) = match &mut e.body {
                EntryBody::NavWorld(w) => (0, w.lay_out().map_err(|e| e.within("nav_world"))),
                EntryBody::NavmeshChunk(c) => {
                    (1, c.lay_out(style).map_err(|e| e.within("navmesh_chunk")))
                }
                EntryBody::SegmentGraph(g) => {
                    (3, g.lay_out().map_err(|e| e.within("segment_graph")))
                }
                EntryBody::SegmentChunk(s) => {
                    (4, s.lay_out().map_err(|e| e.within("segment_chunk")))
                }
                EntryBody::Unknown => {
                    return Err(at(invalid(
                        "body",
                        "an entry of unknown type is raw bytes, whose size is not known",
                    )));
                }
            };
            e.entry_type = kind;
            e.payload = ENTRY_HEADER as u32;
            e.next = narrow32("next", pad16(ENTRY_HEADER + len.map_err(at)?)).map_err(at)?;
        }

        self.lay_out_manifest();
        let m = self.manifest.entries.len();
        if !m.is_multiple_of(3) {
            return Err(invalid(
                "manifest.entries",
                format!(
                    "{m} indexed entries: every group needs a NavWorld, a NavmeshChunk and a \
                     SegmentGraph"
                ),
            ));
        }
        let h = &mut self.header;
        h.manifest_offset = HEADER_SIZE;
        self.manifest.group_count = narrow32("manifest.group_count", m as u64 / 3)?;
        let manifest = 12 * m as u64;
        h.manifest_size = narrow32(
            "header.manifest_size",
            if style.manifest_size_without_count {
                manifest
            } else {
                4 + manifest
            },
        )?;
        h.end_of_header = narrow32(
            "header.end_of_header",
            pad16(u64::from(HEADER_SIZE) + 4 + manifest),
        )?;
        h.entry_count = narrow32("header.entry_count", self.entries.len() as u64)?;

        let mut pos = u64::from(h.end_of_header);
        let mut positions = Vec::with_capacity(self.entries.len());
        for e in &self.entries {
            positions.push(pos);
            pos += u64::from(e.next);
        }
        for me in &mut self.manifest.entries {
            let (p, e) = positions
                .iter()
                .zip(&self.entries)
                .find(|(_, e)| {
                    e.group_id == me.group_id && e.entry_type == u16::from(me.entry_type)
                })
                .ok_or_else(|| invalid("manifest", "an indexed entry is missing"))?;
            me.payload_offset = narrow32("manifest.payload_offset", p + ENTRY_HEADER)?;
            me.entry_size = if style.zero_entry_sizes { 0 } else { e.next };
        }

        h.section2_entry_count = u8::try_from(self.section2.len())
            .map_err(|_| invalid("section2", "more than 255 entries"))?;
        h.section2_offset = if self.section2.is_empty() {
            0
        } else {
            narrow32("header.section2_offset", pos)?
        };
        for (i, e) in self.section2.iter_mut().enumerate() {
            pos += e
                .lay_out()
                .map_err(|e| e.within(format_args!("section2 entry #{i}")))?;
        }

        let (nav_system_offset, file_len, file_size) = match &mut self.nav_system {
            Some(ns) => {
                let end = ns.lay_out(style).map_err(|e| e.within("nav_system"))?;
                if style.short_tail {
                    (pos, pos + end, pos + NAV_SYSTEM_HEADER)
                } else {
                    let len = pos + u64::from(ns.ss3);
                    (pos, len, len)
                }
            }
            None => (0, pos, pos),
        };
        h.nav_system_offset = narrow32("header.nav_system_offset", nav_system_offset)?;
        h.file_size = narrow32("header.file_size", file_size)?;
        self.file_len = file_len;
        Ok(())
    }

    /// Keep the manifest entries whose entry still exists, in their order, and index the entries
    /// it lacks in the game's order.
    fn lay_out_manifest(&mut self) {
        let indexed = |e: &super::Entry| MANIFEST_TYPES.contains(&e.entry_type);
        let exists = |me: &ManifestEntry| {
            self.entries.iter().any(|e| {
                indexed(e) && e.group_id == me.group_id && e.entry_type == u16::from(me.entry_type)
            })
        };
        let mut kept: Vec<ManifestEntry> = self
            .manifest
            .entries
            .iter()
            .filter(|me| exists(me))
            .cloned()
            .collect();
        for t in MANIFEST_TYPES {
            for e in self.entries.iter().filter(|e| e.entry_type == t) {
                let listed = kept
                    .iter()
                    .any(|me| me.group_id == e.group_id && u16::from(me.entry_type) == t);
                if !listed {
                    // A new entry's manifest record repeats its header's tile words.
                    kept.push(ManifestEntry {
                        group_id: e.group_id,
                        u1b: e.u2,
                        u2: e.n3,
                        payload_offset: 0,
                        entry_type: t as u8,
                        entry_size: 0,
                    });
                }
            }
        }
        self.manifest.entries = kept;
    }
}

fn narrow32(field: &'static str, v: u64) -> Result<u32> {
    u32::try_from(v).map_err(|_| invalid(field, format!("{v} passes the format's 32 bits")))
}
