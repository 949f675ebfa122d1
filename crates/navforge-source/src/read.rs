//! Reading: header, place directory, then a trial parse of the areas per candidate game layout.

use navforge_core::{ErrorKind, F32, HexBytes, Reader, Result};

use crate::FORMAT;
use crate::lists::{Connections, EncounterPathHead, EncounterPaths, EncounterSpot, NulText};
use crate::types::*;

/// Header and place directory: everything before the game-dependent part.
pub(crate) struct Header {
    pub version: u32,
    pub sub_version: Option<u32>,
    pub bsp_size: Option<u32>,
    pub is_analyzed: Option<u8>,
    pub places: Vec<NulText>,
    pub has_unnamed_areas: Option<u8>,
}

/// Everything after the place directory, for one layout.
struct Body {
    terror_pre_area: Option<TerrorPreArea>,
    areas: Vec<Area>,
    ladders: Vec<Ladder>,
    terror_post_area: Option<F32>,
}

#[inline]
fn f32x3(b: &[u8], at: usize) -> [F32; 3] {
    [f32_at(b, at), f32_at(b, at + 4), f32_at(b, at + 8)]
}

#[inline]
fn u32_at(b: &[u8], at: usize) -> u32 {
    match b.get(at..at + 4) {
        Some(s) => u32::from_le_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}

#[inline]
fn f32_at(b: &[u8], at: usize) -> F32 {
    F32::from_bits(u32_at(b, at))
}

#[inline]
fn u8_at(b: &[u8], at: usize) -> u8 {
    b.get(at).copied().unwrap_or(0)
}

/// `n` u32 values (already checked with `Reader::count`) appended to `out`.
#[inline]
fn u32_list(r: &mut Reader, n: usize, field: &'static str, out: &mut Vec<u32>) -> Result<()> {
    let (words, _) = r.bytes(n * 4, field)?.as_chunks::<4>();
    out.extend(words.iter().map(|c| u32::from_le_bytes(*c)));
    Ok(())
}

/// A counted list of u32 with a u32 count.
#[inline]
fn counted_u32s(
    r: &mut Reader,
    count_field: &'static str,
    field: &'static str,
) -> Result<Vec<u32>> {
    let n = r.u32(count_field)?;
    let n = r.count(n as u64, 4, field)?;
    let mut v = Vec::with_capacity(n);
    u32_list(r, n, field, &mut v)?;
    Ok(v)
}

fn approach_list(r: &mut Reader, out: &mut Vec<Approach>) -> Result<()> {
    let n = r.u8("approach_count")? as usize;
    let b = r.bytes(n * 14, "approach_areas")?;
    out.reserve_exact(n);
    out.extend(b.chunks_exact(14).map(|c| Approach {
        here: u32_at(c, 0),
        prev: u32_at(c, 4),
        prev_to_here: u8_at(c, 8),
        next: u32_at(c, 9),
        here_to_next: u8_at(c, 13),
    }));
    Ok(())
}

fn visible_list(r: &mut Reader, out: &mut Vec<VisibleArea>) -> Result<()> {
    let n = r.u32("visible_area_count")?;
    let n = r.count(n as u64, 5, "visible_areas")?;
    let (recs, _) = r.bytes(n * 5, "visible_areas")?.as_chunks::<5>();
    out.reserve_exact(n);
    out.extend(recs.iter().map(|c| VisibleArea {
        id: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
        attributes: c[4],
    }));
    Ok(())
}

fn nul_text_u16(r: &mut Reader, field: &'static str) -> Result<NulText> {
    let len = r.u16("name_length")? as usize;
    Ok(NulText(r.bytes(len, field)?.to_vec()))
}

pub(crate) fn read_header(r: &mut Reader) -> Result<Header> {
    let magic = r.u32("magic")?;
    if magic != MAGIC {
        return Err(navforge_core::Error::new(
            FORMAT,
            "magic",
            0,
            ErrorKind::BadMagic {
                found: format!("0x{magic:08x}"),
            },
        ));
    }
    let at = r.offset();
    let version = r.u32("version")?;
    if version == 0 || version > MAX_VERSION {
        return Err(navforge_core::Error::new(
            FORMAT,
            "version",
            at,
            ErrorKind::UnsupportedVersion(version as u64),
        ));
    }
    let sub_version = if version >= 10 {
        Some(r.u32("sub_version")?)
    } else {
        None
    };
    let bsp_size = if version >= 4 {
        Some(r.u32("bsp_size")?)
    } else {
        None
    };
    let is_analyzed = if version >= 14 {
        Some(r.u8("is_analyzed")?)
    } else {
        None
    };
    let mut places = Vec::new();
    let mut has_unnamed_areas = None;
    if version >= 5 {
        let n = r.u16("place_count")?;
        let n = r.count(n as u64, 2, "places")?;
        places.reserve_exact(n);
        for i in 0..n {
            places.push(
                nul_text_u16(r, "place_name").map_err(|e| e.within(format_args!("place #{i}")))?,
            );
        }
        if version >= 12 {
            has_unnamed_areas = Some(r.u8("has_unnamed_areas")?);
        }
    }
    Ok(Header {
        version,
        sub_version,
        bsp_size,
        is_analyzed,
        places,
        has_unnamed_areas,
    })
}

/// Layouts to try for a header, best guess first, and whether an unknown layout may be kept raw.
fn candidates(h: &Header) -> (&'static [Layout], bool) {
    use Layout::*;
    match h.sub_version {
        None => (&[Base], false),
        Some(0) => (&[Base, CounterStrike, TeamFortress], false),
        Some(1) => (&[CounterStrike, Base, TeamFortress], false),
        Some(2) => (&[TeamFortress, Base, CounterStrike], false),
        Some(10..=14) => (&[Terror, Base, CounterStrike, TeamFortress], false),
        Some(_) => (&[Base, CounterStrike, TeamFortress], true),
    }
}

pub(crate) fn read(data: &[u8]) -> Result<SourceNavDocument> {
    let mut r = Reader::new(data, FORMAT);
    let h = read_header(&mut r)?;
    let body_start = r.clone();
    let (layouts, raw_allowed) = candidates(&h);

    let mut first: Option<(Result<Body>, usize)> = None;
    for (i, &layout) in layouts.iter().enumerate() {
        let mut br = body_start.clone();
        let res = read_body(&mut br, &h, layout);
        if res.is_ok() && br.at_end() {
            return Ok(assemble(h, layout, res?, HexBytes::default(), None));
        }
        if i == 0 {
            first = Some((res, br.pos()));
        }
    }
    if raw_allowed {
        let raw = HexBytes(body_start.rest().to_vec());
        return Ok(assemble(
            h,
            Layout::Unknown,
            empty_body(),
            HexBytes::default(),
            Some(raw),
        ));
    }
    match first {
        Some((Ok(body), end)) => {
            let trailing = HexBytes(data.get(end..).unwrap_or(&[]).to_vec());
            Ok(assemble(h, layouts[0], body, trailing, None))
        }
        Some((Err(e), _)) => Err(e),
        None => Err(r.invalid("areas", "no layout to try")),
    }
}

fn empty_body() -> Body {
    Body {
        terror_pre_area: None,
        areas: Vec::new(),
        ladders: Vec::new(),
        terror_post_area: None,
    }
}

fn assemble(
    h: Header,
    layout: Layout,
    body: Body,
    trailing: HexBytes,
    raw_body: Option<HexBytes>,
) -> SourceNavDocument {
    let mut doc = SourceNavDocument {
        format: FormatTag,
        version: h.version,
        sub_version: h.sub_version,
        bsp_size: h.bsp_size,
        is_analyzed: h.is_analyzed,
        places: h.places,
        has_unnamed_areas: h.has_unnamed_areas,
        layout,
        terror_pre_area: body.terror_pre_area,
        areas: body.areas,
        ladders: body.ladders,
        terror_post_area: body.terror_post_area,
        raw_body,
        trailing,
        visible_areas_as_indices: false,
    };
    crate::refs::visible_indices_to_ids(&mut doc);
    doc
}

/// Version-dependent constants of the area record.
#[derive(Clone, Copy)]
struct AreaLayout {
    version: u32,
    sub: u32,
    layout: Layout,
}

/// Smallest possible area record for the layout, for count checks.
fn min_area_size(a: AreaLayout) -> usize {
    let v = a.version;
    let attr = if v <= 8 {
        1
    } else if v <= 12 {
        2
    } else {
        4
    };
    let mut n = 4 + attr + 24 + 8 + 16 + 1 + 4;
    if v < 15 {
        n += 1;
    }
    if v >= 5 {
        n += 2;
    }
    if v >= 7 {
        n += 8;
    }
    if v >= 8 {
        n += 8;
    }
    if v >= 11 {
        n += 16;
    }
    match a.layout {
        Layout::Terror => n += 4 + 2 + 4,
        _ if v >= 16 => n += 8,
        _ => {}
    }
    match a.layout {
        Layout::CounterStrike if v >= 15 => n += 1,
        Layout::TeamFortress => n += 4,
        _ => {}
    }
    n
}

fn read_body(r: &mut Reader, h: &Header, layout: Layout) -> Result<Body> {
    let a = AreaLayout {
        version: h.version,
        sub: h.sub_version.unwrap_or(0),
        layout,
    };
    let terror_pre_area = if layout == Layout::Terror {
        Some(read_terror_pre(r, a.sub).map_err(|e| e.within("terror_pre_area"))?)
    } else {
        None
    };
    let n = r.u32("area_count")?;
    let n = r.count(n as u64, min_area_size(a), "areas")?;
    let mut areas = Vec::with_capacity(n);
    for i in 0..n {
        let start = r.offset();
        let area =
            read_area(r, a).map_err(|e| e.within(format_args!("area #{i} (at byte {start})")))?;
        areas.push(area);
    }
    let mut ladders = Vec::new();
    if h.version >= 6 {
        let n = r.u32("ladder_count")?;
        let size = if h.version == 6 { 61 } else { 60 };
        let n = r.count(n as u64, size, "ladders")?;
        let b = r.bytes(n * size, "ladders")?;
        ladders.reserve_exact(n);
        for c in b.chunks_exact(size) {
            let (is_dangling, ids) = if size == 61 {
                (Some(u8_at(c, 40)), 41)
            } else {
                (None, 40)
            };
            ladders.push(Ladder {
                id: u32_at(c, 0),
                width: f32_at(c, 4),
                top: f32x3(c, 8),
                bottom: f32x3(c, 20),
                length: f32_at(c, 32),
                direction: u32_at(c, 36),
                is_dangling,
                top_forward_area: u32_at(c, ids),
                top_left_area: u32_at(c, ids + 4),
                top_right_area: u32_at(c, ids + 8),
                top_behind_area: u32_at(c, ids + 12),
                bottom_area: u32_at(c, ids + 16),
            });
        }
    }
    let terror_post_area = if layout == Layout::Terror {
        Some(r.f32("terror_post_area")?)
    } else {
        None
    };
    Ok(Body {
        terror_pre_area,
        areas,
        ladders,
        terror_post_area,
    })
}

fn read_terror_pre(r: &mut Reader, sub: u32) -> Result<TerrorPreArea> {
    let mut pre = TerrorPreArea::default();
    if sub > 7 {
        if sub >= 12 {
            let rest = r.rest();
            let Some(nul) = rest.iter().position(|&b| b == 0) else {
                return Err(r.error(
                    "population",
                    ErrorKind::UnexpectedEof {
                        needed: rest.len() as u64 + 1,
                        available: rest.len() as u64,
                    },
                ));
            };
            pre.population = Some(NulText(r.bytes(nul + 1, "population")?.to_vec()));
        }
        let n = r.u16("fog_place_count")?;
        let n = r.count(n as u64, 2, "fog_places")?;
        pre.fog_places.reserve_exact(n);
        for i in 0..n {
            pre.fog_places.push(
                nul_text_u16(r, "fog_place_name")
                    .map_err(|e| e.within(format_args!("fog place #{i}")))?,
            );
        }
    }
    Ok(pre)
}

fn read_area(r: &mut Reader, a: AreaLayout) -> Result<Area> {
    let v = a.version;
    let id = r.u32("id")?;
    let attributes = if v <= 8 {
        r.u8("attributes")? as u32
    } else if v <= 12 {
        r.u16("attributes")? as u32
    } else {
        r.u32("attributes")?
    };
    let b = r.bytes(32, "extent")?;
    let north_west = f32x3(b, 0);
    let south_east = f32x3(b, 12);
    let north_east_z = f32_at(b, 24);
    let south_west_z = f32_at(b, 28);

    // Connections: four (count, ids) runs; walk them once to size one flat list.
    let connections = {
        let mut probe = r.clone();
        let mut total = 0usize;
        for _ in 0..4 {
            let n = probe.u32("connection_count")?;
            let n = probe.count(n as u64, 4, "connections")?;
            probe.skip(n * 4, "connections")?;
            total += n;
        }
        let mut ids = Vec::with_capacity(total);
        let mut ends = [0usize; 4];
        for end in &mut ends {
            let n = r.u32("connection_count")? as usize;
            u32_list(r, n, "connections", &mut ids)?;
            *end = ids.len();
        }
        Connections::from_parts(ids, ends)
    };

    let n = r.u8("hiding_spot_count")? as usize;
    let mut hiding_spots = Vec::with_capacity(n);
    if v == 1 {
        let b = r.bytes(n * 12, "hiding_spots")?;
        hiding_spots.extend(b.chunks_exact(12).map(|c| HidingSpot {
            id: 0,
            position: f32x3(c, 0),
            flags: 0,
        }));
    } else {
        let b = r.bytes(n * 17, "hiding_spots")?;
        hiding_spots.extend(b.chunks_exact(17).map(|c| HidingSpot {
            id: u32_at(c, 0),
            position: f32x3(c, 4),
            flags: u8_at(c, 16),
        }));
    }

    let mut approach_areas = Vec::new();
    if v < 15 {
        approach_list(r, &mut approach_areas)?;
    }

    let mut encounter_paths = EncounterPaths::default();
    let mut legacy_encounter_paths = Vec::new();
    let n = r.u32("encounter_path_count")?;
    if v < 3 {
        let n = r.count(n as u64, 33, "encounter_paths")?;
        legacy_encounter_paths.reserve_exact(n);
        for i in 0..n {
            let p = (|| {
                let b = r.bytes(33, "encounter_path")?;
                let count = u8_at(b, 32) as usize;
                let sb = r.bytes(count * 16, "encounter_spots")?;
                Ok(LegacyEncounterPath {
                    from: u32_at(b, 0),
                    to: u32_at(b, 4),
                    path_from: f32x3(b, 8),
                    path_to: f32x3(b, 20),
                    spots: sb
                        .chunks_exact(16)
                        .map(|c| LegacySpot {
                            position: f32x3(c, 0),
                            t: f32_at(c, 12),
                        })
                        .collect(),
                })
            })()
            .map_err(|e: navforge_core::Error| e.within(format_args!("encounter path #{i}")))?;
            legacy_encounter_paths.push(p);
        }
    } else {
        let n = r.count(n as u64, 11, "encounter_paths")?;
        if n > 0 {
            encounter_paths.paths.reserve_exact(n);
            for i in 0..n {
                let at = r.offset();
                let b = r
                    .bytes(11, "encounter_path")
                    .map_err(|e| e.within(format_args!("encounter path #{i}")))?;
                let spot_count = u8_at(b, 10);
                encounter_paths.paths.push(EncounterPathHead {
                    from: u32_at(b, 0),
                    from_direction: u8_at(b, 4),
                    to: u32_at(b, 5),
                    to_direction: u8_at(b, 9),
                    spot_count,
                });
                let sb = r
                    .bytes(spot_count as usize * 5, "encounter_spots")
                    .map_err(|e| e.within(format_args!("encounter path #{i} (at byte {at})")))?;
                encounter_paths
                    .spots
                    .extend(sb.as_chunks::<5>().0.iter().map(|c| EncounterSpot {
                        hiding_spot: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                        t: c[4],
                    }));
            }
        }
    }

    let mut area = Area {
        id,
        attributes,
        north_west,
        south_east,
        north_east_z,
        south_west_z,
        connections,
        hiding_spots,
        approach_areas,
        encounter_paths,
        legacy_encounter_paths,
        ..Area::default()
    };
    if v < 5 {
        return Ok(area);
    }
    area.place = r.u16("place")?;
    if v >= 7 {
        area.ladders_up = counted_u32s(r, "ladder_up_count", "ladders_up")?;
        area.ladders_down = counted_u32s(r, "ladder_down_count", "ladders_down")?;
    }
    if v >= 8 {
        let b = r.bytes(8, "earliest_occupy_time")?;
        area.earliest_occupy_time = [f32_at(b, 0), f32_at(b, 4)];
    }
    if v >= 11 {
        let b = r.bytes(16, "light_intensity")?;
        area.light_intensity = [f32_at(b, 0), f32_at(b, 4), f32_at(b, 8), f32_at(b, 12)];
    }
    match a.layout {
        Layout::Terror => {
            let s = a.sub;
            let spawn_attributes = r.u32("terror.spawn_attributes")?;
            let extra = if s <= 12 {
                Some(r.u32("terror.extra")?)
            } else {
                None
            };
            let fog_place = r.u16("terror.fog_place")?;
            visible_list(r, &mut area.visible_areas)?;
            if s > 10 {
                area.inherit_visibility_from = r.u32("inherit_visibility_from")?;
            }
            area.terror = Some(TerrorArea {
                spawn_attributes,
                extra,
                fog_place,
            });
        }
        _ => {
            if v >= 16 {
                visible_list(r, &mut area.visible_areas)?;
                area.inherit_visibility_from = r.u32("inherit_visibility_from")?;
            }
            match a.layout {
                Layout::CounterStrike if v >= 15 => approach_list(r, &mut area.approach_areas)?,
                Layout::TeamFortress => area.tf_attributes = Some(r.u32("tf_attributes")?),
                _ => {}
            }
        }
    }
    Ok(area)
}
