//! NavSystem: a coarse grid of cells listing the segments per group — types, reader, writer and
//! layout side by side.

use super::io::{Rd, Wr, add};
use super::layout::{LayoutStyle, Span, count_u16, count_u32, packed};
use super::wire::{Wire, invalid, pad16, put_list, read_list, record};
use crate::FMT;
use navforge_core::{Error, F32, Put, Reader, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

record! {
    /// NavSystem: a coarse grid of cells listing the segments per group.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavSystem {
        /// Grid origin.
        pub origin: [F32; 4],
        /// Cells along X.
        pub cells_x: u32,
        /// Unknown; kept as found.
        pub n2: u32,
        /// Cells along Z.
        pub cells_z: u32,
        /// Cell size in units.
        pub cell_size: u32,
        /// Unknown; kept as found.
        pub n5: u32,
        /// Offset of sub-section 1, relative to the start of this structure.
        pub ss1: u32,
        /// Offset of sub-section 2, relative to the start of this structure.
        pub ss2: u32,
        /// Offset of sub-section 3, relative to the start of this structure.
        pub ss3: u32,
    }
    then {
        /// `cells_x × cells_z` cells.
        pub cells: Vec<NavSystemCell>,
        /// Segment lists the cells point at.
        pub lists: Vec<NavSystemList>,
    }
}

record! {
    /// One NavSystem grid cell.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(deny_unknown_fields)]
    pub struct NavSystemCell {
        /// Relative to this cell record.
        pub offset: u32,
        /// Number of list entries.
        pub count: u16,
        /// Unknown; kept as found.
        pub u2: u8,
        /// Unknown; kept as found.
        pub u3: u8,
    }
}

/// A segment list a cell points at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NavSystemList {
    /// Position relative to the NavSystem start.
    pub at: u32,
    /// Per-group entries.
    pub entries: Vec<NavSystemListEntry>,
}

/// The segments of one group in a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NavSystemListEntry {
    /// Group ID.
    pub group_id: u8,
    /// Unknown; kept as found.
    pub u1: u8,
    /// Unknown; kept as found.
    pub u2: u16,
    /// Segments of the group in this cell.
    pub segments: Vec<u16>,
}

impl NavSystemListEntry {
    /// Bytes before the segments: group, u1, u2 and the u32 segment count.
    const HEAD: usize = 8;

    fn read(r: &mut Reader) -> Result<Self> {
        let group_id = r.u8("group_id")?;
        let u1 = r.u8("u1")?;
        let u2 = r.u16("u2")?;
        let n = r.u32("count")?;
        Ok(NavSystemListEntry {
            group_id,
            u1,
            u2,
            segments: read_list(r, u64::from(n), "segments")?,
        })
    }

    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        b.put_u8(self.group_id);
        b.put_u8(self.u1);
        b.put_u16(self.u2);
        b.put_u32(count_u32("segments", self.segments.len())?);
        put_list(b, &self.segments)
    }
}

impl NavSystemList {
    fn len(&self) -> u64 {
        self.entries
            .iter()
            .map(|e| (NavSystemListEntry::HEAD + 2 * e.segments.len()) as u64)
            .sum()
    }
}

/// Where cell `i`'s record lies, relative to the NavSystem start.
fn cell_record(ss1: u32, i: usize) -> u64 {
    u64::from(ss1) + (NavSystemCell::SIZE * i) as u64
}

pub(super) fn read_nav_system(rd: &mut Rd, base: u64) -> Result<NavSystem> {
    let mut s: NavSystem = rd.value_at(base, "nav_system_offset")?;
    let cells = u64::from(s.cells_x).saturating_mul(u64::from(s.cells_z));
    s.cells = rd.list_at(base, ("ss1", s.ss1), "cells", cells)?;
    // Each distinct target is one list, as long as the longest count that points at it.
    let mut targets: BTreeMap<u64, u16> = BTreeMap::new();
    for (i, c) in s.cells.iter().enumerate().filter(|(_, c)| c.count > 0) {
        let t = add(cell_record(s.ss1, i), u64::from(c.offset));
        let m = targets.entry(t).or_insert(0);
        *m = (*m).max(c.count);
    }
    for (t, count) in targets {
        let at = u32::try_from(t).map_err(|_| {
            Error::invalid(FMT, "cell offset", add(base, t), "list lies past 4 GiB")
        })?;
        let entries = rd.records_at(add(base, t), "cell offset", |r| {
            r.list(
                u64::from(count),
                NavSystemListEntry::HEAD,
                "list",
                NavSystemListEntry::read,
            )
        })?;
        s.lists.push(NavSystemList { at, entries });
    }
    Ok(s)
}

pub(super) fn write_nav_system(w: &mut Wr, base: u64, s: &NavSystem) -> Result<()> {
    check_cells(s)?;
    w.record(base, "nav_system header", |b| s.put(b))?;
    w.list(add(base, u64::from(s.ss1)), "nav_system cells", &s.cells)?;
    for l in &s.lists {
        w.record(add(base, u64::from(l.at)), "nav_system list", |b| {
            l.entries.iter().try_for_each(|e| e.put(b))
        })?;
    }
    Ok(())
}

fn check_cells(s: &NavSystem) -> Result<()> {
    let cells = u64::from(s.cells_x) * u64::from(s.cells_z);
    if cells != s.cells.len() as u64 {
        return Err(invalid(
            "cells_x",
            format!(
                "{} × {} cells, but {} are listed",
                s.cells_x,
                s.cells_z,
                s.cells.len()
            ),
        ));
    }
    Ok(())
}

/// What a cell points at: the start of list `k` (the end of the lists when `k` is their number),
/// holding its entries or, for an empty cell, only as a place.
#[derive(Clone, Copy)]
enum Slot {
    List(usize),
    Before(usize),
}

impl NavSystem {
    /// Which list each cell points at. As stored, when every cell with a list points at the
    /// start of one and every list has a cell (an empty cell then keeps pointing at the list at
    /// or after its target); else, after an edit, the lists belong to the cells that have one in
    /// cell order, the way the game writes them, and an empty cell points at the next list
    /// written.
    fn slots(&self) -> Result<Vec<Slot>> {
        let old_at: Vec<u64> = self.lists.iter().map(|l| u64::from(l.at)).collect();
        if old_at.windows(2).all(|w| w[0] < w[1]) {
            let as_stored: Option<Vec<Slot>> = self
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let target = add(cell_record(self.ss1, i), u64::from(c.offset));
                    let k = old_at.partition_point(|&a| a < target);
                    match (c.count, old_at.get(k)) {
                        (0, _) => Some(Slot::Before(k)),
                        (_, Some(&a)) if a == target => Some(Slot::List(k)),
                        _ => None,
                    }
                })
                .collect();
            // Every list must belong to a cell: a list an editor inserted does not yet.
            let all_held = |slots: &[Slot]| {
                let mut held = vec![false; self.lists.len()];
                for s in slots {
                    if let Slot::List(k) = *s {
                        held[k] = true;
                    }
                }
                held.iter().all(|&h| h)
            };
            if let Some(slots) = as_stored.filter(|s| all_held(s)) {
                return Ok(slots);
            }
        }
        let with_list = self.cells.iter().filter(|c| c.count > 0).count();
        if with_list != self.lists.len() {
            return Err(invalid(
                "lists",
                format!(
                    "{} lists for {with_list} cells with a count: one list per such cell, in \
                     cell order",
                    self.lists.len()
                ),
            ));
        }
        let mut k = 0;
        Ok(self
            .cells
            .iter()
            .map(|c| {
                if c.count > 0 {
                    k += 1;
                    Slot::List(k - 1)
                } else {
                    Slot::Before(k)
                }
            })
            .collect())
    }

    /// Recompute the offsets, the lists' places and every cell's offset and count; returns the
    /// NavSystem's length (unpadded: the end of the last list).
    pub(super) fn lay_out(&mut self, style: &LayoutStyle) -> Result<u64> {
        check_cells(self)?;
        let slots = self.slots()?;
        let cell_table = if style.pad_cell_table { pad16 } else { packed };
        let mut s = Span::new(NavSystem::SIZE);
        self.ss1 = s.next(
            "ss1",
            (NavSystemCell::SIZE * self.cells.len()) as u64,
            cell_table,
        )?;
        self.ss2 = s.offset("ss2")?;
        for (i, l) in self.lists.iter_mut().enumerate() {
            l.at = s
                .next("list", l.len(), packed)
                .map_err(|e| e.within(format_args!("lists[{i}]")))?;
        }
        let end = s.end();
        for (i, (c, slot)) in self.cells.iter_mut().zip(slots).enumerate() {
            let at = |e: Error| e.within(format_args!("cells[{i}]"));
            let k = match slot {
                Slot::List(k) => {
                    c.count = count_u16("list entries", self.lists[k].entries.len()).map_err(at)?;
                    k
                }
                Slot::Before(k) => k,
            };
            let target = self.lists.get(k).map_or(end, |l| u64::from(l.at));
            c.offset = target
                .checked_sub(cell_record(self.ss1, i))
                .and_then(|o| u32::try_from(o).ok())
                .ok_or_else(|| at(invalid("offset", "list lies outside the NavSystem")))?;
        }
        self.ss3 =
            u32::try_from(pad16(end)).map_err(|_| invalid("ss3", "NavSystem passes 4 GiB"))?;
        Ok(end)
    }
}
