//! NavSystem: a coarse grid of cells listing the segments per group — types, reader and writer
//! side by side.

use super::io::{Rd, Wr, add};
use crate::FMT;
use navforge_core::{Error, F32, Put, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// `cells_x × cells_z` cells.
    pub cells: Vec<NavSystemCell>,
    /// Segment lists the cells point at.
    pub lists: Vec<NavSystemList>,
}

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

pub(super) fn read_nav_system(rd: &mut Rd, base: u64) -> Result<NavSystem> {
    let mut r = rd.at(base, "nav_system_offset")?;
    let mut s = NavSystem {
        origin: [
            r.f32("origin")?,
            r.f32("origin")?,
            r.f32("origin")?,
            r.f32("origin")?,
        ],
        cells_x: r.u32("cells_x")?,
        n2: r.u32("n2")?,
        cells_z: r.u32("cells_z")?,
        cell_size: r.u32("cell_size")?,
        n5: r.u32("n5")?,
        ss1: r.u32("ss1")?,
        ss2: r.u32("ss2")?,
        ss3: r.u32("ss3")?,
        cells: vec![],
        lists: vec![],
    };
    rd.mark(base, r.pos())?;
    let p = add(base, u64::from(s.ss1));
    let mut r = rd.at(p, "ss1")?;
    let cells = u64::from(s.cells_x).saturating_mul(u64::from(s.cells_z));
    let start = r.pos();
    let mut targets: BTreeMap<u64, u16> = BTreeMap::new();
    s.cells = r.list(cells, 8, "cells", |r| {
        let at = r.pos() as u64;
        let c = NavSystemCell {
            offset: r.u32("offset")?,
            count: r.u16("count")?,
            u2: r.u8("u2")?,
            u3: r.u8("u3")?,
        };
        if c.count > 0 {
            let t = add(at, u64::from(c.offset));
            let m = targets.entry(t).or_insert(0);
            *m = (*m).max(c.count);
        }
        Ok(c)
    })?;
    let _ = start;
    rd.mark(p, r.pos())?;
    for (t, count) in targets {
        let rel = t
            .checked_sub(base)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                Error::invalid(FMT, "cell offset", t, "list lies before the NavSystem")
            })?;
        let mut r = rd.at(t, "cell offset")?;
        let entries = r.list(u64::from(count), 8, "list", |r| {
            let group_id = r.u8("group_id")?;
            let u1 = r.u8("u1")?;
            let u2 = r.u16("u2")?;
            let n = r.u32("count")?;
            Ok(NavSystemListEntry {
                group_id,
                u1,
                u2,
                segments: r.list(u64::from(n), 2, "segments", |r| r.u16("segment"))?,
            })
        })?;
        rd.mark(t, r.pos())?;
        s.lists.push(NavSystemList { at: rel, entries });
    }
    Ok(s)
}

pub(super) fn write_nav_system(w: &mut Wr, base: u64, s: &NavSystem) -> Result<()> {
    let cells = u64::from(s.cells_x) * u64::from(s.cells_z);
    if cells != s.cells.len() as u64 {
        return Err(Error::invalid(
            FMT,
            "cells_x",
            base + 16,
            format!(
                "{} × {} cells, but {} are listed",
                s.cells_x,
                s.cells_z,
                s.cells.len()
            ),
        ));
    }
    let mut b = Vec::with_capacity(48);
    s.origin.iter().for_each(|v| b.put_f32(*v));
    for v in [
        s.cells_x,
        s.n2,
        s.cells_z,
        s.cell_size,
        s.n5,
        s.ss1,
        s.ss2,
        s.ss3,
    ] {
        b.put_u32(v);
    }
    w.put(base, &b, "nav_system header")?;
    let mut b = Vec::new();
    for c in &s.cells {
        b.put_u32(c.offset);
        b.put_u16(c.count);
        b.put_u8(c.u2);
        b.put_u8(c.u3);
    }
    w.put(add(base, u64::from(s.ss1)), &b, "nav_system cells")?;
    for l in &s.lists {
        let mut b = Vec::new();
        for e in &l.entries {
            b.put_u8(e.group_id);
            b.put_u8(e.u1);
            b.put_u16(e.u2);
            b.put_u32(e.segments.len() as u32);
            e.segments.iter().for_each(|v| b.put_u16(*v));
        }
        w.put(add(base, u64::from(l.at)), &b, "nav_system list")?;
    }
    Ok(())
}
