//! Compressed records: inflating within a per-record limit and a per-file budget, compressing
//! changed records, and recognising unchanged ones without keeping their bytes twice.

use super::plugin::FORMAT;
use navforge_core::{Error, Result};
use std::io::Write;

/// No decompressed record may exceed this, whatever its header says.
pub const MAX_DECOMPRESSED: usize = 256 << 20;

/// zlib cannot expand data by more than about 1032:1; a declared size beyond that is a lie.
const ZLIB_MAX_RATIO: usize = 1032;

/// All compressed records of one plugin together may inflate to this many times the plugin's
/// size (plus [`DECOMPRESSION_BUDGET_FLOOR`]). Real plugins stay under 1× (the corpus peaks at
/// 0.69×: `skyrim_Dwemer_Secrets.esp`); a bomb of many records that each pass the per-record
/// limit does not.
pub const DECOMPRESSION_BUDGET_RATIO: u64 = 16;
/// Decompression every plugin may use whatever its size.
pub const DECOMPRESSION_BUDGET_FLOOR: u64 = 16 << 20;

/// What is left of a plugin's decompression budget while it is read.
pub(crate) struct Budget {
    left: u64,
    total: u64,
}

impl Budget {
    /// The budget for a plugin of `input_len` bytes.
    pub(crate) fn for_input(input_len: usize) -> Self {
        let total = (input_len as u64)
            .saturating_mul(DECOMPRESSION_BUDGET_RATIO)
            .saturating_add(DECOMPRESSION_BUDGET_FLOOR);
        Budget { left: total, total }
    }

    /// Take `declared` bytes before inflating them, or say why not.
    pub(crate) fn take(&mut self, declared: u32, offset: u64) -> Result<()> {
        let want = u64::from(declared);
        if want > self.left {
            return Err(Error::invalid(
                FORMAT,
                "decompressed size",
                offset,
                format!(
                    "the record would inflate to {want} bytes, past the plugin's decompression \
                     budget ({} of {} bytes left: {DECOMPRESSION_BUDGET_RATIO}× the file size \
                     plus {} MiB); a real plugin never comes near it",
                    self.left,
                    self.total,
                    DECOMPRESSION_BUDGET_FLOOR >> 20
                ),
            ));
        }
        self.left -= want;
        Ok(())
    }
}

/// A fingerprint (length and hash) of the decompressed bytes as read, so an unchanged record is
/// recognised without inflating again and without keeping the decompressed bytes twice. Not part
/// of the document's identity or its JSON.
#[derive(Clone, Default)]
pub(crate) struct Pristine(Option<(usize, u64)>);

impl Pristine {
    pub(crate) fn of(data: &[u8]) -> Self {
        Pristine(Some((data.len(), fingerprint(data))))
    }

    pub(crate) fn matches(&self, data: &[u8]) -> Option<bool> {
        self.0
            .map(|(len, hash)| len == data.len() && hash == fingerprint(data))
    }
}

fn fingerprint(data: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    data.hash(&mut h);
    h.finish()
}

impl PartialEq for Pristine {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Pristine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pristine")
    }
}

/// Inflate a zlib stream that must produce exactly `declared` bytes, refusing sizes no stream of
/// this length could produce before allocating anything.
/// With a budget, the declared size is also taken from it (after the plausibility check, so an
/// impossible size is reported as such).
pub(crate) fn inflate(
    stream: &[u8],
    declared: u32,
    offset: u64,
    budget: Option<&mut Budget>,
) -> Result<Vec<u8>> {
    let declared_u32 = declared;
    let declared = declared as usize;
    let limit = stream
        .len()
        .saturating_mul(ZLIB_MAX_RATIO)
        .saturating_add(64)
        .min(MAX_DECOMPRESSED);
    if declared > limit {
        return Err(Error::invalid(
            FORMAT,
            "decompressed size",
            offset,
            format!(
                "declared {declared} bytes, which {} compressed bytes cannot produce (limit {limit})",
                stream.len()
            ),
        ));
    }
    if let Some(b) = budget {
        b.take(declared_u32, offset)?;
    }
    let mut out = Vec::with_capacity(declared + 1);
    let mut z = flate2::Decompress::new(true);
    loop {
        let before = (z.total_in(), z.total_out());
        let input = stream.get(z.total_in() as usize..).unwrap_or(&[]);
        let status = z
            .decompress_vec(input, &mut out, flate2::FlushDecompress::Finish)
            .map_err(|e| {
                Error::invalid(FORMAT, "compressed data", offset + 4, format!("zlib: {e}"))
            })?;
        if out.len() > declared {
            return Err(Error::invalid(
                FORMAT,
                "compressed data",
                offset + 4,
                format!("inflates to more than the declared {declared} bytes"),
            ));
        }
        if status == flate2::Status::StreamEnd {
            break;
        }
        if (z.total_in(), z.total_out()) == before {
            return Err(Error::invalid(
                FORMAT,
                "compressed data",
                offset + 4,
                format!(
                    "zlib stream ends early ({} of {declared} bytes inflated)",
                    out.len()
                ),
            ));
        }
    }
    if out.len() != declared {
        return Err(Error::invalid(
            FORMAT,
            "compressed data",
            offset + 4,
            format!(
                "inflates to {} bytes, the record says {declared}",
                out.len()
            ),
        ));
    }
    Ok(out)
}

/// Compress record data the way changed records are written: a zlib stream at level 9, the
/// level the Creation Kit uses (its streams start `78 DA`). With the zlib-rs backend this
/// reproduces about two thirds of the corpus's compressed records byte for byte (C zlib 1.2.13
/// would reproduce 98 of 106; no backend is needed for unchanged records, which keep their bytes).
pub fn compress(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing into a Vec cannot fail.
    let _ = enc.write_all(data);
    enc.finish().unwrap_or_default()
}
