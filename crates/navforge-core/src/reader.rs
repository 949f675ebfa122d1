use crate::error::{Error, ErrorKind, Result};
use crate::value::F32;

/// A bounds-checked little-endian cursor over a byte slice.
///
/// Every read names its field so a failure can say what and where. Counts read from the input must
/// go through [`Reader::count`] before anything is allocated from them.
#[derive(Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    format: &'static str,
    /// Added to every reported offset: lets a sub-reader report offsets in the outer file.
    base: u64,
}

macro_rules! read_le {
    ($($name:ident: $ty:ty),*) => {$(
        #[doc = concat!("The next little-endian `", stringify!($ty), "`.")]
        #[inline]
        pub fn $name(&mut self, field: &'static str) -> Result<$ty> {
            Ok(<$ty>::from_le_bytes(self.array(field)?))
        }
    )*};
}

macro_rules! read_be {
    ($($name:ident: $ty:ty),*) => {$(
        #[doc = concat!("The next big-endian `", stringify!($ty), "`.")]
        #[inline]
        pub fn $name(&mut self, field: &'static str) -> Result<$ty> {
            Ok(<$ty>::from_be_bytes(self.array(field)?))
        }
    )*};
}

impl<'a> Reader<'a> {
    /// A reader over the whole of `data`, a `format` input.
    pub fn new(data: &'a [u8], format: &'static str) -> Self {
        Reader {
            data,
            pos: 0,
            format,
            base: 0,
        }
    }

    /// A reader over `data` whose offsets are reported relative to `base` in the outer file.
    pub fn with_base(data: &'a [u8], format: &'static str, base: u64) -> Self {
        Reader {
            data,
            pos: 0,
            format,
            base,
        }
    }

    /// The format named in errors.
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// Position within this reader's data.
    #[inline]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Position as reported in errors (includes the base).
    #[inline]
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    #[inline]
    /// Bytes in all.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    #[inline]
    /// Whether there are no bytes at all.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    #[inline]
    /// Bytes left after the position.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    #[inline]
    /// Whether every byte has been read.
    pub fn at_end(&self) -> bool {
        self.pos == self.data.len()
    }

    /// All the bytes, read or not.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The bytes not yet read.
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.pos..]
    }

    /// An error at the current position.
    pub fn error(&self, field: impl Into<String>, kind: ErrorKind) -> Error {
        Error::new(self.format, field, self.offset(), kind)
    }

    /// An [`ErrorKind::Invalid`] error at the current position.
    pub fn invalid(&self, field: impl Into<String>, msg: impl Into<String>) -> Error {
        self.error(field, ErrorKind::Invalid(msg.into()))
    }

    /// An [`ErrorKind::Invalid`] error at a given position of this reader's data.
    pub fn invalid_at(
        &self,
        pos: usize,
        field: impl Into<String>,
        msg: impl Into<String>,
    ) -> Error {
        Error::invalid(self.format, field, self.base + pos as u64, msg)
    }

    /// Move to an absolute position within this reader's data (for formats with offsets).
    pub fn seek(&mut self, pos: usize, field: &'static str) -> Result<()> {
        if pos > self.data.len() {
            return Err(self.invalid(
                field,
                format!(
                    "offset {pos} points past the end of the data ({} bytes)",
                    self.data.len()
                ),
            ));
        }
        self.pos = pos;
        Ok(())
    }

    #[inline]
    /// The next `n` bytes.
    pub fn bytes(&mut self, n: usize, field: &'static str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.error(
                field,
                ErrorKind::UnexpectedEof {
                    needed: n as u64,
                    available: self.remaining() as u64,
                },
            ));
        }
        let out = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(out)
    }

    #[inline]
    /// Step over `n` bytes.
    pub fn skip(&mut self, n: usize, field: &'static str) -> Result<()> {
        self.bytes(n, field).map(|_| ())
    }

    /// The next `N` bytes as an array.
    #[inline]
    pub fn array<const N: usize>(&mut self, field: &'static str) -> Result<[u8; N]> {
        match self.data.get(self.pos..self.pos + N) {
            Some(s) => {
                self.pos += N;
                // The slice has exactly N bytes.
                Ok(s.try_into().unwrap_or([0; N]))
            }
            None => Err(self.error(
                field,
                ErrorKind::UnexpectedEof {
                    needed: N as u64,
                    available: self.remaining() as u64,
                },
            )),
        }
    }

    /// Look at the next `N` bytes without consuming them.
    pub fn peek<const N: usize>(&self) -> Option<[u8; N]> {
        self.data
            .get(self.pos..self.pos + N)
            .and_then(|s| s.try_into().ok())
    }

    /// The next byte.
    #[inline]
    pub fn u8(&mut self, field: &'static str) -> Result<u8> {
        Ok(self.array::<1>(field)?[0])
    }

    /// The next byte, signed.
    #[inline]
    pub fn i8(&mut self, field: &'static str) -> Result<i8> {
        Ok(self.array::<1>(field)?[0] as i8)
    }

    read_le!(u16: u16, i16: i16, u32: u32, i32: i32, u64: u64, i64: i64);
    read_be!(u16_be: u16, u32_be: u32, i32_be: i32);

    /// The next little-endian `f32`, bit-exact.
    #[inline]
    pub fn f32(&mut self, field: &'static str) -> Result<F32> {
        Ok(F32::from_bits(self.u32(field)?))
    }

    /// The next three `f32`s.
    #[inline]
    pub fn vec3(&mut self, field: &'static str) -> Result<[F32; 3]> {
        Ok([self.f32(field)?, self.f32(field)?, self.f32(field)?])
    }

    /// Check that `count` items of at least `min_item_size` bytes each can still fit in the input,
    /// and return it as a `usize` safe to pass to `Vec::with_capacity`.
    #[inline]
    pub fn count(&self, count: u64, min_item_size: usize, field: &'static str) -> Result<usize> {
        let available = self.remaining() as u64;
        let min = (min_item_size.max(1)) as u64;
        match count.checked_mul(min) {
            Some(need) if need <= available => Ok(count as usize),
            _ => Err(self.error(
                field,
                ErrorKind::CountTooLarge {
                    count,
                    min_item_size: min_item_size as u64,
                    available,
                },
            )),
        }
    }

    /// Read `count` items with `read_item`, after checking they can fit.
    pub fn list<T>(
        &mut self,
        count: u64,
        min_item_size: usize,
        field: &'static str,
        mut read_item: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let n = self.count(count, min_item_size, field)?;
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(read_item(self).map_err(|e| e.within(format_args!("{field}[{i}]")))?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_little_endian_and_reports_offsets() {
        let data = [0xCE, 0xFA, 0xED, 0xFE, 0x10];
        let mut r = Reader::new(&data, "test");
        assert_eq!(r.u32("magic").unwrap(), 0xFEED_FACE);
        assert_eq!(r.u8("version").unwrap(), 0x10);
        let err = r.u16("missing").unwrap_err();
        assert_eq!(err.offset, 5);
        assert_eq!(err.field, "missing");
        assert!(matches!(
            err.kind,
            ErrorKind::UnexpectedEof {
                needed: 2,
                available: 0
            }
        ));
    }

    #[test]
    fn count_refuses_what_cannot_fit() {
        let data = [0u8; 10];
        let r = Reader::with_base(&data, "test", 100);
        assert_eq!(r.count(2, 5, "n").unwrap(), 2);
        let err = r.count(3, 5, "n").unwrap_err();
        assert_eq!(err.offset, 100);
        assert!(r.count(u64::MAX, 2, "n").is_err());
    }
}
