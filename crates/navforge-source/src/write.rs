//! Writing: the exact inverse of `read`, into a buffer sized exactly beforehand.

use std::collections::HashMap;

use navforge_core::{Error, Put, Result};

use crate::FORMAT;
use crate::types::*;

fn bad(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::in_document(FORMAT, field, msg)
}

fn need<T: Copy>(v: Option<T>, field: &'static str, why: &str) -> Result<T> {
    v.ok_or_else(|| bad(field, format!("missing: {why}")))
}

fn count_u8(n: usize, field: &'static str) -> Result<u8> {
    navforge_core::narrow::count_u8(FORMAT, field, n)
}

fn count_u16(n: usize, field: &'static str) -> Result<u16> {
    navforge_core::narrow::count_u16(FORMAT, field, n)
}

fn count_u32(n: usize, field: &'static str) -> Result<u32> {
    navforge_core::narrow::count_u32(FORMAT, field, n)
}

impl SourceNavDocument {
    /// The exact size of the written file.
    pub fn encoded_len(&self) -> usize {
        let v = self.version;
        let mut n = 8;
        if v >= 10 {
            n += 4;
        }
        if v >= 4 {
            n += 4;
        }
        if v >= 14 {
            n += 1;
        }
        if v >= 5 {
            n += 2 + self.places.iter().map(|p| 2 + p.0.len()).sum::<usize>();
            if v >= 12 {
                n += 1;
            }
        }
        if let Some(raw) = &self.raw_body {
            return n + raw.len() + self.trailing.len();
        }
        if let Some(pre) = &self.terror_pre_area {
            n += pre.population.as_ref().map_or(0, |p| p.0.len());
            n += 2 + pre.fog_places.iter().map(|p| 2 + p.0.len()).sum::<usize>();
        }
        n += 4;
        let attr = if v <= 8 {
            1
        } else if v <= 12 {
            2
        } else {
            4
        };
        for a in &self.areas {
            n += 4 + attr + 32 + 16 + 4 * a.connections.len() + 1;
            n += a.hiding_spots.len() * if v == 1 { 12 } else { 17 };
            if self.stores_approach_areas() {
                n += 1 + 14 * a.approach_areas.len();
            }
            n += 4;
            if v < 3 {
                n += a
                    .legacy_encounter_paths
                    .iter()
                    .map(|p| 33 + 16 * p.spots.len())
                    .sum::<usize>();
                continue;
            }
            n += 11 * a.encounter_paths.len() + 5 * a.encounter_paths.spot_count();
            if v < 5 {
                continue;
            }
            n += 2;
            if v >= 7 {
                n += 8 + 4 * (a.ladders_up.len() + a.ladders_down.len());
            }
            if v >= 8 {
                n += 8;
            }
            if v >= 11 {
                n += 16;
            }
            match self.layout {
                Layout::Terror => {
                    n += 4 + 2 + 4 + 5 * a.visible_areas.len();
                    if let Some(t) = &a.terror
                        && t.extra.is_some()
                    {
                        n += 4;
                    }
                    if self.sub_version.unwrap_or(0) > 10 {
                        n += 4;
                    }
                }
                _ => {
                    if v >= 16 {
                        n += 8 + 5 * a.visible_areas.len();
                    }
                    if self.layout == Layout::TeamFortress {
                        n += 4;
                    }
                }
            }
        }
        if v >= 6 {
            n += 4 + self.ladders.len() * if v == 6 { 61 } else { 60 };
        }
        if self.layout == Layout::Terror {
            n += 4;
        }
        n + self.trailing.len()
    }

    pub(crate) fn write_bytes(&self) -> Result<Vec<u8>> {
        let v = self.version;
        if v == 0 || v > MAX_VERSION {
            return Err(bad("version", format!("unsupported version {v}")));
        }
        let mut out = Vec::with_capacity(self.encoded_len());
        out.put_u32(MAGIC);
        out.put_u32(v);
        if v >= 10 {
            out.put_u32(need(
                self.sub_version,
                "sub_version",
                "version >= 10 stores it",
            )?);
        }
        if v >= 4 {
            out.put_u32(need(self.bsp_size, "bsp_size", "version >= 4 stores it")?);
        }
        if v >= 14 {
            out.put_u8(need(
                self.is_analyzed,
                "is_analyzed",
                "version >= 14 stores it",
            )?);
        }
        if v >= 5 {
            out.put_u16(count_u16(self.places.len(), "places")?);
            for p in &self.places {
                out.put_u16(count_u16(p.0.len(), "place name length")?);
                out.put_bytes(&p.0);
            }
            if v >= 12 {
                out.put_u8(need(
                    self.has_unnamed_areas,
                    "has_unnamed_areas",
                    "version >= 12 stores it",
                )?);
            }
        }
        if let Some(raw) = &self.raw_body {
            out.put_bytes(raw.as_slice());
            out.put_bytes(self.trailing.as_slice());
            return Ok(out);
        }
        if self.layout == Layout::Unknown {
            return Err(bad(
                "raw_body",
                "missing: layout `unknown` keeps the areas raw",
            ));
        }
        let sub = self.sub_version.unwrap_or(0);
        if self.layout == Layout::Terror {
            if !(10..=14).contains(&sub) {
                return Err(bad(
                    "layout",
                    format!("the L4D layout is known for sub-versions 10-14, not {sub}"),
                ));
            }
            let pre = self
                .terror_pre_area
                .as_ref()
                .ok_or_else(|| bad("terror_pre_area", "missing: the L4D layout stores it"))?;
            match (&pre.population, sub >= 12) {
                (Some(p), true) => {
                    if p.0.last() != Some(&0) || p.0[..p.0.len() - 1].contains(&0) {
                        return Err(bad(
                            "terror_pre_area.population",
                            "must end with its only NUL",
                        ));
                    }
                    out.put_bytes(&p.0);
                }
                (None, false) => {}
                (Some(_), false) => {
                    return Err(bad(
                        "terror_pre_area.population",
                        "only sub-versions >= 12 store it",
                    ));
                }
                (None, true) => {
                    return Err(bad(
                        "terror_pre_area.population",
                        "missing: sub-versions >= 12 store it",
                    ));
                }
            }
            out.put_u16(count_u16(pre.fog_places.len(), "fog_places")?);
            for p in &pre.fog_places {
                out.put_u16(count_u16(p.0.len(), "fog place name length")?);
                out.put_bytes(&p.0);
            }
        }
        out.put_u32(count_u32(self.areas.len(), "areas")?);
        let index_of = crate::refs::visible_index_map(self)?;
        for (i, a) in self.areas.iter().enumerate() {
            self.write_area(a, sub, index_of.as_ref(), &mut out)
                .map_err(|e| e.within(format_args!("area #{i} (id {})", a.id)))?;
        }
        if v >= 6 {
            out.put_u32(count_u32(self.ladders.len(), "ladders")?);
            for (i, l) in self.ladders.iter().enumerate() {
                out.put_u32(l.id);
                out.put_f32(l.width);
                out.put_vec3(l.top);
                out.put_vec3(l.bottom);
                out.put_f32(l.length);
                out.put_u32(l.direction);
                if v == 6 {
                    out.put_u8(
                        need(l.is_dangling, "is_dangling", "version 6 stores it")
                            .map_err(|e| e.within(format_args!("ladder #{i}")))?,
                    );
                }
                out.put_u32(l.top_forward_area);
                out.put_u32(l.top_left_area);
                out.put_u32(l.top_right_area);
                out.put_u32(l.top_behind_area);
                out.put_u32(l.bottom_area);
            }
        }
        if self.layout == Layout::Terror {
            out.put_f32(need(
                self.terror_post_area,
                "terror_post_area",
                "the L4D layout stores it",
            )?);
        }
        out.put_bytes(self.trailing.as_slice());
        Ok(out)
    }

    fn write_area(
        &self,
        a: &Area,
        sub: u32,
        index_of: Option<&HashMap<u32, u32>>,
        out: &mut Vec<u8>,
    ) -> Result<()> {
        let v = self.version;
        out.put_u32(a.id);
        if v <= 8 {
            out.put_u8(
                u8::try_from(a.attributes)
                    .map_err(|_| bad("attributes", "version <= 8 stores 8 attribute bits"))?,
            );
        } else if v <= 12 {
            out.put_u16(
                u16::try_from(a.attributes)
                    .map_err(|_| bad("attributes", "versions 9-12 store 16 attribute bits"))?,
            );
        } else {
            out.put_u32(a.attributes);
        }
        let mut extent = [0u8; 32];
        for (i, c) in a
            .north_west
            .iter()
            .chain(&a.south_east)
            .chain([&a.north_east_z, &a.south_west_z])
            .enumerate()
        {
            extent[4 * i..4 * i + 4].copy_from_slice(&c.to_bits().to_le_bytes());
        }
        out.put_bytes(&extent);
        for d in 0..4 {
            let ids = a.connections.direction(d);
            out.put_u32(count_u32(ids.len(), "connections")?);
            put_u32s(out, ids);
        }
        out.put_u8(count_u8(a.hiding_spots.len(), "hiding_spots")?);
        if v == 1 {
            for s in &a.hiding_spots {
                out.put_vec3(s.position);
            }
        } else {
            put_records(out, &a.hiding_spots, |r: &mut [u8; 17], s| {
                r[..4].copy_from_slice(&s.id.to_le_bytes());
                for (i, c) in s.position.iter().enumerate() {
                    r[4 + 4 * i..8 + 4 * i].copy_from_slice(&c.to_bits().to_le_bytes());
                }
                r[16] = s.flags;
            });
        }
        let cs_tail = v >= 15 && self.layout == Layout::CounterStrike;
        if v < 15 {
            put_approach(out, &a.approach_areas)?;
        } else if !self.stores_approach_areas() && !a.approach_areas.is_empty() {
            return Err(bad(
                "approach_areas",
                "from version 15 only the CS layout stores approach areas",
            ));
        }
        if v < 3 {
            out.put_u32(count_u32(
                a.legacy_encounter_paths.len(),
                "legacy_encounter_paths",
            )?);
            for p in &a.legacy_encounter_paths {
                out.put_u32(p.from);
                out.put_u32(p.to);
                out.put_vec3(p.path_from);
                out.put_vec3(p.path_to);
                out.put_u8(count_u8(p.spots.len(), "legacy encounter spots")?);
                for s in &p.spots {
                    out.put_vec3(s.position);
                    out.put_f32(s.t);
                }
            }
            return Ok(());
        }
        out.put_u32(count_u32(a.encounter_paths.len(), "encounter_paths")?);
        for (p, spots) in a.encounter_paths.iter() {
            out.put_u32(p.from);
            out.put_u8(p.from_direction);
            out.put_u32(p.to);
            out.put_u8(p.to_direction);
            out.put_u8(count_u8(spots.len(), "encounter spots")?);
            put_records(out, spots, |d, s| rec5(d, s.hiding_spot, s.t));
        }
        if v < 5 {
            return Ok(());
        }
        out.put_u16(a.place);
        if v >= 7 {
            out.put_u32(count_u32(a.ladders_up.len(), "ladders_up")?);
            put_u32s(out, &a.ladders_up);
            out.put_u32(count_u32(a.ladders_down.len(), "ladders_down")?);
            put_u32s(out, &a.ladders_down);
        }
        if v >= 8 {
            out.put_f32(a.earliest_occupy_time[0]);
            out.put_f32(a.earliest_occupy_time[1]);
        }
        if v >= 11 {
            for l in a.light_intensity {
                out.put_f32(l);
            }
        }
        match self.layout {
            Layout::Terror => {
                let t = a
                    .terror
                    .ok_or_else(|| bad("terror", "missing: the L4D layout stores it per area"))?;
                out.put_u32(t.spawn_attributes);
                match (t.extra, sub <= 12) {
                    (Some(x), true) => out.put_u32(x),
                    (None, false) => {}
                    _ => {
                        return Err(bad(
                            "terror.extra",
                            "present exactly for sub-versions 10-12",
                        ));
                    }
                }
                out.put_u16(t.fog_place);
                match index_of {
                    Some(map) => put_visible_indices(out, &a.visible_areas, map)?,
                    None => put_visible(out, &a.visible_areas)?,
                }
                if sub > 10 {
                    out.put_u32(a.inherit_visibility_from);
                }
            }
            _ => {
                if v >= 16 {
                    put_visible(out, &a.visible_areas)?;
                    out.put_u32(a.inherit_visibility_from);
                }
                if cs_tail {
                    put_approach(out, &a.approach_areas)?;
                }
                if self.layout == Layout::TeamFortress {
                    out.put_u32(a.tf_attributes.ok_or_else(|| {
                        bad(
                            "tf_attributes",
                            "missing: the TF2 layout stores it per area",
                        )
                    })?);
                }
            }
        }
        Ok(())
    }
}

#[inline]
fn put_u32s(out: &mut Vec<u8>, ids: &[u32]) {
    put_records(out, ids, |d, id| *d = id.to_le_bytes());
}

/// Fixed-size records: grow the buffer once, then fill `N`-byte chunks in place.
#[inline(always)]
fn put_records<T, const N: usize>(out: &mut Vec<u8>, items: &[T], f: impl Fn(&mut [u8; N], &T)) {
    let start = out.len();
    out.resize(start + items.len() * N, 0);
    let (chunks, _) = out[start..].as_chunks_mut::<N>();
    for (dst, it) in chunks.iter_mut().zip(items) {
        f(dst, it);
    }
}

#[inline(always)]
fn rec5(d: &mut [u8; 5], a: u32, b: u8) {
    d[..4].copy_from_slice(&a.to_le_bytes());
    d[4] = b;
}

fn put_approach(out: &mut Vec<u8>, list: &[Approach]) -> Result<()> {
    out.put_u8(count_u8(list.len(), "approach_areas")?);
    for a in list {
        out.put_u32(a.here);
        out.put_u32(a.prev);
        out.put_u8(a.prev_to_here);
        out.put_u32(a.next);
        out.put_u8(a.here_to_next);
    }
    Ok(())
}

fn put_visible(out: &mut Vec<u8>, list: &[VisibleArea]) -> Result<()> {
    out.put_u32(count_u32(list.len(), "visible_areas")?);
    put_records(out, list, |d, e| rec5(d, e.id, e.attributes));
    Ok(())
}

/// L4D visibility: each area ID written as its index in the area list.
fn put_visible_indices(
    out: &mut Vec<u8>,
    list: &[VisibleArea],
    index_of: &HashMap<u32, u32>,
) -> Result<()> {
    out.put_u32(count_u32(list.len(), "visible_areas")?);
    for e in list {
        let index = index_of.get(&e.id).ok_or_else(|| {
            bad(
                "visible_areas",
                format!("area ID {} is not an area of the mesh", e.id),
            )
        })?;
        out.put_u32(*index);
        out.put_u8(e.attributes);
    }
    Ok(())
}
