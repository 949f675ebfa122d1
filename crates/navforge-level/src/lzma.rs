//! Valve's LZMA-compressed lumps (`bspzip -repack`, console maps).
//!
//! A compressed lump starts with a 17-byte header: the id `LZMA`, the unpacked size (u32 LE),
//! the packed size (u32 LE) and the 5 LZMA properties bytes (lc/lp/pb, then the dictionary
//! size u32 LE); the raw LZMA stream follows, with no size field and no end marker. The
//! properties bytes followed by the stream are an `.lzma` stream without its size, which
//! `lzma-rs` decodes given the unpacked size.

use crate::bytes::u32_at;
use crate::error::LevelError;

/// The id a compressed lump starts with.
pub(crate) const LZMA_ID: &[u8; 4] = b"LZMA";
/// Bytes before the LZMA stream: id, unpacked size, packed size, properties.
pub(crate) const LZMA_HEADER: usize = 17;
/// The unpacked bytes all of a file's compressed lumps may hold together: this many times the
/// file's size (real repacked maps unpack to about twice their size)...
pub const UNPACK_FACTOR: usize = 16;
/// ...and never more than this (1 GiB), whatever the file's size.
pub const MAX_UNPACKED: usize = 1 << 30;

/// The unpacked bytes a file of `file_len` bytes may hold in compressed lumps: [`UNPACK_FACTOR`]
/// times its size, at least 1 MiB and at most [`MAX_UNPACKED`].
pub(crate) fn unpack_budget(file_len: usize) -> usize {
    file_len
        .saturating_mul(UNPACK_FACTOR)
        .clamp(1 << 20, MAX_UNPACKED)
}

/// Unpack the compressed lump `bytes` (starting with [`LZMA_ID`]) found at `offset` in the
/// file, taking its unpacked size from `budget`. `field` names the lump in errors.
pub(crate) fn unpack(
    family: &'static str,
    field: &str,
    bytes: &[u8],
    offset: u64,
    budget: &mut usize,
) -> Result<Vec<u8>, LevelError> {
    let bad = |at: u64, what: &str, msg: String| {
        LevelError::malformed(family, format!("{field}.{what}"), offset + at, msg)
    };
    let (Some(actual), Some(packed)) = (u32_at(bytes, 4), u32_at(bytes, 8)) else {
        return Err(bad(
            0,
            "lzmaHeader",
            format!(
                "the lump holds {} bytes, less than the {LZMA_HEADER}-byte LZMA header",
                bytes.len()
            ),
        ));
    };
    if bytes.len() < LZMA_HEADER {
        return Err(bad(
            12,
            "properties",
            format!(
                "the lump holds {} bytes, less than the {LZMA_HEADER}-byte LZMA header",
                bytes.len()
            ),
        ));
    }
    let actual = actual as usize;
    if actual > *budget {
        return Err(bad(
            4,
            "actualSize",
            format!(
                "unpacks to {actual} bytes, more than the {} left of the file's budget \
                 ({UNPACK_FACTOR} times its size, at most {MAX_UNPACKED} bytes)",
                *budget
            ),
        ));
    }
    let end = LZMA_HEADER
        .checked_add(packed as usize)
        .filter(|&e| e <= bytes.len());
    let Some(end) = end else {
        return Err(bad(
            8,
            "lzmaSize",
            format!(
                "{packed} packed bytes after the {LZMA_HEADER}-byte header, but the lump \
                 holds {}",
                bytes.len()
            ),
        ));
    };
    let options = lzma_rs::decompress::Options {
        unpacked_size: lzma_rs::decompress::UnpackedSize::UseProvided(Some(actual as u64)),
        // The dictionary never needs to be larger than the output it refers back into.
        memlimit: Some(actual.max(4096)),
        allow_incomplete: false,
    };
    let mut out = Vec::with_capacity(actual);
    let mut input = &bytes[12..end];
    lzma_rs::lzma_decompress_with_options(&mut input, &mut out, &options).map_err(|e| {
        bad(
            LZMA_HEADER as u64,
            "data",
            format!("the LZMA stream does not decode: {e}"),
        )
    })?;
    if out.len() != actual {
        return Err(bad(
            LZMA_HEADER as u64,
            "data",
            format!(
                "the LZMA stream unpacks to {} bytes, not the {actual} of its header",
                out.len()
            ),
        ));
    }
    *budget -= actual;
    Ok(out)
}

/// One entry of a Source map's game lump (lump 35): static props (`sprp`), detail props
/// (`dprp`, `dplt`, `dplh`) and the like, unpacked when Valve's LZMA compressed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLump {
    /// The id as the SDK spells it (`sprp`: the bytes of the little-endian int, reversed).
    pub id: [u8; 4],
    /// The entry's flags (bit 0: compressed).
    pub flags: u16,
    /// The entry's version.
    pub version: u16,
    /// Where the entry's data starts in the file.
    pub offset: u64,
    /// Its data, unpacked.
    pub data: Vec<u8>,
}

const GAME_LUMP: usize = 35;
const GAMELUMP_COMPRESSED: u16 = 1;

/// The entries of a Source VBSP's game lump, each unpacked when compressed (flag bit 0; its
/// packed bytes run to the next entry's offset, or to the lump's end), all within the file's
/// unpack budget. A map with no game lump gives none.
pub fn game_lumps(bsp: &[u8]) -> Result<Vec<GameLump>, LevelError> {
    if !bsp.starts_with(b"VBSP") {
        return Err(LevelError::malformed(
            "VBSP",
            "header.ident",
            0,
            "not a Source VBSP (no game lump)",
        ));
    }
    let dir = crate::brushbsp::vbsp_directory_packed(bsp)?;
    let lump = dir.lump(GAME_LUMP, "game lump")?;
    let (family, base) = (lump.family, lump.offset);
    if lump.bytes.is_empty() {
        return Ok(Vec::new());
    }
    let count = u32_at(lump.bytes, 0)
        .ok_or_else(|| LevelError::malformed(family, "gamelump.lumpCount", base, "cut short"))?
        as usize;
    let entries = lump.bytes.len().saturating_sub(4) / 16;
    if count > entries {
        return Err(LevelError::malformed(
            family,
            "gamelump.lumpCount",
            base,
            format!("{count} entries, but the lump holds room for {entries}"),
        ));
    }
    let entry = |k: usize| {
        let p = 4 + 16 * k;
        let r = &lump.bytes[p..p + 16];
        (
            [r[3], r[2], r[1], r[0]],
            u16::from_le_bytes([r[4], r[5]]),
            u16::from_le_bytes([r[6], r[7]]),
            u32_at(r, 8).unwrap_or(0) as usize,
            u32_at(r, 12).unwrap_or(0) as usize,
        )
    };
    let lump_end = base as usize + lump.bytes.len();
    let mut budget = unpack_budget(bsp.len());
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let (id, flags, version, ofs, len) = entry(k);
        let field = format!("gamelump[{k}]");
        let compressed = flags & GAMELUMP_COMPRESSED != 0;
        // A compressed entry's length is its unpacked size: its packed bytes run to the next
        // entry that has data (bspzip ends the list with an empty one), or the lump's end.
        let end = if compressed {
            (k + 1..entries.min(count + 1))
                .map(|n| entry(n).3)
                .find(|&o| o > ofs)
                .unwrap_or(lump_end)
        } else {
            ofs.saturating_add(len)
        };
        let Some(bytes) = bsp.get(ofs..end) else {
            return Err(LevelError::malformed(
                family,
                format!("{field}.fileofs"),
                (base as usize + 4 + 16 * k + 8) as u64,
                format!(
                    "bytes {ofs}..{end} are not in the file ({} bytes)",
                    bsp.len()
                ),
            ));
        };
        let data = if compressed && bytes.starts_with(LZMA_ID) {
            unpack(family, &field, bytes, ofs as u64, &mut budget)?
        } else if compressed && !bytes.is_empty() {
            return Err(LevelError::malformed(
                family,
                format!("{field}.flags"),
                (base as usize + 4 + 16 * k + 4) as u64,
                "marked compressed but its data has no LZMA header",
            ));
        } else {
            // Entries that share bytes would multiply the file: copies share the budget.
            if bytes.len() > budget {
                return Err(LevelError::malformed(
                    family,
                    format!("{field}.filelen"),
                    (base as usize + 4 + 16 * k + 12) as u64,
                    format!(
                        "{} bytes, more than the {budget} left of the file's budget \
                         ({UNPACK_FACTOR} times its size)",
                        bytes.len()
                    ),
                ));
            }
            budget -= bytes.len();
            bytes.to_vec()
        };
        out.push(GameLump {
            id,
            flags,
            version,
            offset: ofs as u64,
            data,
        });
    }
    Ok(out)
}
