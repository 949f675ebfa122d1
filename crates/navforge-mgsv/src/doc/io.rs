//! Reading at stored offsets (with coverage, so uncovered bytes become gaps) and writing blocks
//! at positions, laid into the file only once their total is known.

use super::wire::{Wire, read_list};
use crate::FMT;
use navforge_core::{Error, HexBytes, Reader, Result};

pub(super) struct Rd<'a> {
    pub(super) data: &'a [u8],
    pub(super) cov: Vec<bool>,
    /// Bytes parsed so far. Structures of real files do not overlap; hostile offsets that make
    /// them overlap many times over are refused, which keeps reading linear in the input size.
    pub(super) parsed: u64,
}

/// How many times over the file size the parsed structures may cover it.
pub(super) const OVERLAP_LIMIT: u64 = 8;

pub(super) fn add(base: u64, off: u64) -> u64 {
    base.saturating_add(off)
}

impl<'a> Rd<'a> {
    pub(super) fn at(&self, pos: u64, field: &'static str) -> Result<Reader<'a>> {
        let mut r = Reader::new(self.data, FMT);
        match usize::try_from(pos) {
            Ok(p) if p <= self.data.len() => r.seek(p, field)?,
            _ => {
                return Err(Error::invalid(
                    FMT,
                    field,
                    pos,
                    format!(
                        "offset {pos} points outside the file ({} bytes)",
                        self.data.len()
                    ),
                ));
            }
        }
        Ok(r)
    }
    pub(super) fn mark(&mut self, start: u64, end: usize) -> Result<()> {
        let s = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(self.cov.len());
        let e = end.min(self.cov.len());
        if s < e {
            self.parsed = self.parsed.saturating_add((e - s) as u64);
            if self.parsed > OVERLAP_LIMIT * self.data.len() as u64 + 4096 {
                return Err(Error::invalid(
                    FMT,
                    "offsets",
                    start,
                    format!(
                        "structures overlap more than {OVERLAP_LIMIT} times the file size \
                         (offsets looping over the same bytes)"
                    ),
                ));
            }
            self.cov[s..e].iter_mut().for_each(|c| *c = true);
        }
        Ok(())
    }

    /// Run `read` at `pos` (an offset taken from `field`) and mark what it read as covered.
    pub(super) fn records_at<T>(
        &mut self,
        pos: u64,
        field: &'static str,
        read: impl FnOnce(&mut Reader<'a>) -> Result<T>,
    ) -> Result<T> {
        let mut r = self.at(pos, field)?;
        let out = read(&mut r)?;
        self.mark(pos, r.pos())?;
        Ok(out)
    }

    /// One value of a [`Wire`] type at `pos` (an offset taken from `field`).
    pub(super) fn value_at<T: Wire>(&mut self, pos: u64, field: &'static str) -> Result<T> {
        self.records_at(pos, field, |r| T::read(r, field))
    }

    /// The list `name` of `count` values of a [`Wire`] type, at the offset `(field, value)`
    /// from `base`.
    pub(super) fn list_at<T: Wire>(
        &mut self,
        base: u64,
        (field, offset): (&'static str, impl Into<u64>),
        name: &'static str,
        count: impl Into<u64>,
    ) -> Result<Vec<T>> {
        let count = count.into();
        self.records_at(add(base, offset.into()), field, |r| {
            read_list(r, count, name)
        })
    }

    /// `len` opaque bytes at `pos`.
    pub(super) fn bytes_at(
        &mut self,
        pos: u64,
        field: &'static str,
        len: usize,
    ) -> Result<HexBytes> {
        self.records_at(pos, field, |r| Ok(HexBytes(r.bytes(len, field)?.to_vec())))
    }
}

/// The writer collects every block with its position first and lays them into the file only
/// once their total is known, so a `file_len` from hand-edited JSON cannot make it allocate more
/// than the structures need.
pub(super) struct Wr {
    pub(super) pieces: Vec<Piece>,
}

pub(super) struct Piece {
    pos: u64,
    bytes: Vec<u8>,
    what: &'static str,
}

/// A file may be at most this many times the bytes its structures and gaps hold (plus
/// [`LAYOUT_SLACK`]): the zero runs the document leaves out are padding, a fraction of a real
/// file (every corpus file is covered but for at most 16 trailing bytes).
pub(super) const LAYOUT_RATIO: u64 = 2;

pub(super) const LAYOUT_SLACK: u64 = 4096;

impl Wr {
    pub(super) fn put(&mut self, pos: u64, bytes: &[u8], what: &'static str) -> Result<()> {
        // An empty block occupies no bytes, so where its offset points does not matter (the
        // reader does not follow the offset of an empty Section2 ss6, for one).
        if !bytes.is_empty() {
            self.pieces.push(Piece {
                pos,
                bytes: bytes.to_vec(),
                what,
            });
        }
        Ok(())
    }

    /// A block built by `put` (a record writer).
    pub(super) fn record(
        &mut self,
        pos: u64,
        what: &'static str,
        put: impl FnOnce(&mut Vec<u8>) -> Result<()>,
    ) -> Result<()> {
        let mut b = Vec::new();
        put(&mut b)?;
        self.put(pos, &b, what)
    }

    /// Every value of a list, as one block.
    pub(super) fn list<T: Wire>(&mut self, pos: u64, what: &'static str, list: &[T]) -> Result<()> {
        let mut b = Vec::with_capacity(list.len() * T::SIZE);
        super::wire::put_list(&mut b, list)?;
        self.put(pos, &b, what)
    }

    /// Lay the blocks into a zeroed file of `file_len` bytes.
    pub(super) fn finish(self, file_len: u64) -> Result<Vec<u8>> {
        let needed: u64 = self.pieces.iter().map(|p| p.bytes.len() as u64).sum();
        let limit = needed
            .saturating_mul(LAYOUT_RATIO)
            .saturating_add(LAYOUT_SLACK);
        let len = usize::try_from(file_len)
            .ok()
            .filter(|_| file_len <= limit)
            .ok_or_else(|| {
                Error::in_document(
                    FMT,
                    "file_len",
                    format!(
                        "{file_len} bytes is more than the structures need: they hold {needed} \
                         bytes, so the file can be at most {limit}"
                    ),
                )
            })?;
        let mut buf = vec![0; len];
        for p in &self.pieces {
            let end = p.pos.checked_add(p.bytes.len() as u64);
            match (
                usize::try_from(p.pos),
                end.and_then(|e| usize::try_from(e).ok()),
            ) {
                (Ok(s), Some(e)) if e <= buf.len() => buf[s..e].copy_from_slice(&p.bytes),
                _ => {
                    return Err(Error::invalid(
                        FMT,
                        p.what,
                        p.pos,
                        format!(
                            "{} bytes at {} do not fit in a file of {} bytes",
                            p.bytes.len(),
                            p.pos,
                            buf.len()
                        ),
                    ));
                }
            }
        }
        Ok(buf)
    }
}
