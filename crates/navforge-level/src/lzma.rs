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
