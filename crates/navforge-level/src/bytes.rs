//! Bounds-checked little-endian reads of BSP lumps and their fixed-size records.

use crate::error::LevelError;

/// One lump: its bytes and where they start in the file.
#[derive(Clone, Copy)]
pub(crate) struct Lump<'a> {
    pub bytes: &'a [u8],
    pub offset: u64,
    pub name: &'static str,
    pub family: &'static str,
}

impl<'a> Lump<'a> {
    /// The lump's records of `size` bytes each (a trailing partial record is an error).
    pub fn records(&self, size: usize) -> Result<std::slice::ChunksExact<'a, u8>, LevelError> {
        if !self.bytes.len().is_multiple_of(size) {
            return Err(LevelError::malformed(
                self.family,
                self.name,
                self.offset,
                format!(
                    "lump length {} is not a multiple of the {size}-byte record",
                    self.bytes.len()
                ),
            ));
        }
        Ok(self.bytes.chunks_exact(size))
    }
    /// Number of `size`-byte records (rounded down).
    pub fn count(&self, size: usize) -> usize {
        self.bytes.len() / size
    }
    /// An error about record `index` of this lump, at its byte offset.
    pub fn bad(
        &self,
        index: usize,
        size: usize,
        field: &str,
        msg: impl Into<String>,
    ) -> LevelError {
        LevelError::malformed(
            self.family,
            format!("{}[{index}].{field}", self.name),
            self.offset + (index * size) as u64,
            msg,
        )
    }
}

/// The lump directory `(offset, length)` pairs, checked against the file.
pub(crate) struct Directory<'a> {
    data: &'a [u8],
    entries: Vec<(u32, u32)>,
    family: &'static str,
    /// Lumps that were LZMA-compressed in the file, unpacked (by index).
    unpacked: Vec<Option<Vec<u8>>>,
}

/// The family named in errors about an unpacked LZMA lump: a record's offset there is the
/// lump's offset in the file plus the record's position in the unpacked bytes.
pub(crate) const UNPACKED_FAMILY: &str =
    "VBSP (LZMA lump: offset = lump start + unpacked position)";

impl<'a> Directory<'a> {
    /// Read `count` entries of `stride` bytes from `at` (offset then length, both u32 LE).
    pub fn read(
        data: &'a [u8],
        family: &'static str,
        at: usize,
        count: usize,
        stride: usize,
    ) -> Result<Self, LevelError> {
        let mut entries = Vec::with_capacity(count);
        for i in 0..count {
            let p = at + i * stride;
            let (Some(off), Some(len)) = (u32_at(data, p), u32_at(data, p + 4)) else {
                return Err(LevelError::malformed(
                    family,
                    format!("header.lumps[{i}]"),
                    p as u64,
                    format!("file ends inside the lump directory ({} bytes)", data.len()),
                ));
            };
            entries.push((off, len));
        }
        Ok(Directory {
            data,
            entries,
            family,
            unpacked: Vec::new(),
        })
    }
    /// Unpack each of the lumps `indices` that is LZMA-compressed (Valve's `LZMA` header), all
    /// of them together within [`crate::lzma::unpack_budget`] of the file's size.
    pub fn unpack_lzma(&mut self, indices: &[usize]) -> Result<(), LevelError> {
        let mut budget = crate::lzma::unpack_budget(self.data.len());
        self.unpacked.resize(self.entries.len(), None);
        for &i in indices {
            let l = self.lump(i, "lump")?;
            if l.bytes.starts_with(crate::lzma::LZMA_ID) {
                let field = format!("lumps[{i}]");
                let bytes =
                    crate::lzma::unpack(self.family, &field, l.bytes, l.offset, &mut budget)?;
                self.unpacked[i] = Some(bytes);
            }
        }
        Ok(())
    }
    /// Lump `index`, checked to lie inside the file (unpacked if it was LZMA-compressed and
    /// [`Directory::unpack_lzma`] unpacked it).
    pub fn lump(&self, index: usize, name: &'static str) -> Result<Lump<'_>, LevelError> {
        if let Some(Some(bytes)) = self.unpacked.get(index) {
            let (off, _) = self.entries[index];
            return Ok(Lump {
                bytes,
                offset: off as u64,
                name,
                family: UNPACKED_FAMILY,
            });
        }
        let (off, len) = self.entries.get(index).copied().unwrap_or((0, 0));
        let (o, l) = (off as usize, len as usize);
        let end = o.checked_add(l).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(LevelError::malformed(
                self.family,
                name,
                off as u64,
                format!(
                    "lump {index} ({name}) spans bytes {off}..{} but the file has {}",
                    off as u64 + len as u64,
                    self.data.len()
                ),
            ));
        };
        Ok(Lump {
            bytes: &self.data[o..end],
            offset: off as u64,
            name,
            family: self.family,
        })
    }
}

pub(crate) fn u32_at(d: &[u8], p: usize) -> Option<u32> {
    let b = d.get(p..p.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

// Record field readers: `r` is a fixed-size record from `chunks_exact`, and every offset passed
// is a constant inside that size, so these index within bounds.
#[inline]
pub(crate) fn i32_le(r: &[u8], p: usize) -> i32 {
    i32::from_le_bytes([r[p], r[p + 1], r[p + 2], r[p + 3]])
}
#[inline]
pub(crate) fn u32_le(r: &[u8], p: usize) -> u32 {
    u32::from_le_bytes([r[p], r[p + 1], r[p + 2], r[p + 3]])
}
#[inline]
pub(crate) fn f32_le(r: &[u8], p: usize) -> f32 {
    f32::from_le_bytes([r[p], r[p + 1], r[p + 2], r[p + 3]])
}
#[inline]
pub(crate) fn u16_le(r: &[u8], p: usize) -> u16 {
    u16::from_le_bytes([r[p], r[p + 1]])
}
#[inline]
pub(crate) fn i16_le(r: &[u8], p: usize) -> i16 {
    i16::from_le_bytes([r[p], r[p + 1]])
}
#[inline]
pub(crate) fn vec3_le(r: &[u8], p: usize) -> glam::Vec3 {
    glam::Vec3::new(f32_le(r, p), f32_le(r, p + 4), f32_le(r, p + 8))
}

/// The largest coordinate (and plane distance) a level may hold, in its units: 2^24, where an
/// `f32` stops holding every integer. Far past every engine's world (Quake and GoldSrc ±4096,
/// BSP2 and Source ±16384, Momentum ±65536), so only a broken or hostile file reaches it, and
/// sums and products of coordinates stay finite.
pub const MAX_COORD: f32 = 16_777_216.0;

/// How far a plane's normal may be from unit length (compilers write them to float precision).
pub(crate) const NORMAL_TOLERANCE: f32 = 1e-2;

/// Why a point is no coordinate of a level: `None` when it is finite and within
/// [`MAX_COORD`].
pub(crate) fn bad_point(p: glam::Vec3) -> Option<String> {
    if !p.is_finite() {
        Some(format!("({} {} {}) is not a finite point", p.x, p.y, p.z))
    } else if p.abs().max_element() > MAX_COORD {
        Some(format!(
            "({} {} {}) is outside the ±{MAX_COORD} units a level may span",
            p.x, p.y, p.z
        ))
    } else {
        None
    }
}

/// Why a plane is unusable: `None` when its normal is finite and of unit length and its
/// distance finite and within [`MAX_COORD`].
pub(crate) fn bad_plane(normal: glam::Vec3, dist: f32) -> Option<String> {
    if !normal.is_finite() || !dist.is_finite() {
        return Some(format!(
            "normal ({} {} {}), distance {dist} is not finite",
            normal.x, normal.y, normal.z
        ));
    }
    // A huge finite normal overflows to infinity in the length: compare in f64.
    let n = normal.as_dvec3().length();
    if (n - 1.0).abs() > f64::from(NORMAL_TOLERANCE) {
        return Some(format!(
            "normal ({} {} {}) has length {n}, not 1",
            normal.x, normal.y, normal.z
        ));
    }
    if dist.abs() > MAX_COORD {
        return Some(format!(
            "distance {dist} is outside the ±{MAX_COORD} units a level may span"
        ));
    }
    None
}

/// Read one point from each `size`-byte record with `read`, refusing any that is not finite or
/// is beyond [`MAX_COORD`], with its index and offset.
pub(crate) fn read_points(
    lump: &Lump,
    size: usize,
    field: &str,
    read: impl Fn(&[u8]) -> glam::Vec3,
) -> Result<Vec<glam::Vec3>, LevelError> {
    let mut out = Vec::with_capacity(lump.count(size));
    for (i, r) in lump.records(size)?.enumerate() {
        let p = read(r);
        if let Some(why) = bad_point(p) {
            return Err(lump.bad(i, size, field, why));
        }
        out.push(p);
    }
    Ok(out)
}

/// How many times over a record may be used where compilers use it once: surfedges by faces
/// (Quake-family maps use each once, Source maps up to about twice), brush sides by brushes, tree
/// nodes and leaves by models, displacement vertices by displacements, brush models by
/// entities. Past that, records shared over and over (a "fan" of faces each spanning the whole
/// lump) are refused before anything is built from them.
pub const REUSE: usize = 4;

/// The uses allowed of `n` records: [`REUSE`] times as many, and at least 1024.
pub(crate) fn reuse_budget(n: usize) -> usize {
    n.saturating_mul(REUSE).max(1024)
}
