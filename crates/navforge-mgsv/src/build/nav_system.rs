//! The NavSystem of a built file: a grid over X/Z listing, per cell, the segments of each group
//! that overlap it.

use super::{BuiltGroup, Quant};
use crate::doc::layout::{count_u16, count_u32};
use crate::doc::wire::Wire;
use crate::doc::{NavSystem, NavSystemCell, NavSystemList, NavSystemListEntry};
use navforge_core::{F32, Result};
use std::collections::BTreeMap;

/// Cells per side at most.
const MAX_CELLS: u32 = 64;

pub(super) fn nav_system(
    groups: &[BuiltGroup],
    quant: &Quant,
    vertices: &[[f32; 3]],
    tris: &[[u32; 3]],
) -> Result<NavSystem> {
    let ext = [
        65535.0 / f32::from(quant.div[0]),
        65535.0 / f32::from(quant.div[2]),
    ];
    let cell_size = ((ext[0].max(ext[1]) / 32.0).ceil() as u32).max(1);
    let cells_x = ((ext[0] / cell_size as f32).ceil() as u32).clamp(1, MAX_CELLS);
    let cells_z = ((ext[1] / cell_size as f32).ceil() as u32).clamp(1, MAX_CELLS);
    let ncell = (cells_x * cells_z) as usize;
    let ymin = quant.origin[1];
    let yext = 65535.0 / f32::from(quant.div[1]);
    // Per cell: group -> segments overlapping, and y range.
    let mut cell_lists: Vec<BTreeMap<u8, Vec<u16>>> = vec![BTreeMap::new(); ncell];
    let mut cell_y: Vec<(f32, f32)> = vec![(f32::MAX, f32::MIN); ncell];
    let cell_of = |v: f32, origin: f32, cells: u32| -> u32 {
        (((v - origin) / cell_size as f32) as u32).min(cells - 1)
    };
    for g in groups {
        for (si, [lo, hi]) in g.seg_bounds.iter().enumerate() {
            let (wlo, whi) = (quant.w(*lo), quant.w(*hi));
            let (cx0, cx1) = (
                cell_of(wlo[0], quant.origin[0], cells_x),
                cell_of(whi[0], quant.origin[0], cells_x),
            );
            let (cz0, cz1) = (
                cell_of(wlo[2], quant.origin[2], cells_z),
                cell_of(whi[2], quant.origin[2], cells_z),
            );
            for cz in cz0..=cz1 {
                for cx in cx0..=cx1 {
                    let c = (cz * cells_x + cx) as usize;
                    cell_lists[c]
                        .entry(g.id)
                        .or_default()
                        .push(count_u16("segment", si)?);
                    cell_y[c].0 = cell_y[c].0.min(wlo[1]);
                    cell_y[c].1 = cell_y[c].1.max(whi[1]);
                }
            }
        }
    }
    // Places are provisional: list k at `first + k`, after the cell table; the layout puts each
    // list where it belongs and points its cells at it. As in the game's files, an empty cell
    // points at the next list written.
    let ss1 = NavSystem::SIZE as u32;
    let first = ss1 + count_u32("cells", ncell * NavSystemCell::SIZE)?;
    let mut lists = Vec::new();
    let mut cells = Vec::with_capacity(ncell);
    let yq = |y: f32| (((y - ymin) / yext.max(1e-6)) * 255.0).clamp(0.0, 255.0);
    for (c, l) in cell_lists.iter().enumerate() {
        let rec = ss1 + (c * NavSystemCell::SIZE) as u32;
        let at = first + count_u32("lists", lists.len())?;
        if l.is_empty() {
            cells.push(NavSystemCell {
                offset: at - rec,
                count: 0,
                u2: 0,
                u3: 0,
            });
            continue;
        }
        cells.push(NavSystemCell {
            offset: at - rec,
            count: count_u16("cell groups", l.len())?,
            u2: yq(cell_y[c].0).floor() as u8,
            u3: yq(cell_y[c].1).ceil() as u8,
        });
        let entries = l
            .iter()
            .map(|(&g, s)| NavSystemListEntry {
                group_id: g,
                u1: 0,
                u2: 0,
                segments: s.clone(),
            })
            .collect();
        lists.push(NavSystemList { at, entries });
    }
    let nav_ymin = tris
        .iter()
        .flatten()
        .map(|&v| vertices[v as usize][1])
        .fold(f32::MAX, f32::min);
    Ok(NavSystem {
        origin: [
            F32::new(quant.origin[0]),
            F32::new((nav_ymin - 1.0).floor()),
            F32::new(quant.origin[2]),
            F32::ZERO,
        ],
        cells_x,
        n2: 1,
        cells_z,
        cell_size,
        n5: 128,
        ss1,
        ss2: first,
        ss3: 0,
        cells,
        lists,
    })
}
