//! One field list per record: [`record!`] declares a struct and, from the same list, its size on
//! disk, its reader and its writer, so the three can never disagree.

use crate::FMT;
use navforge_core::{Error, F32, HexBytes, Put, Reader, Result};

/// A value with one fixed little-endian encoding.
pub(crate) trait Wire: Sized {
    /// Bytes on disk.
    const SIZE: usize;
    /// Read one value.
    fn read(r: &mut Reader, field: &'static str) -> Result<Self>;
    /// Append it (an error when the value does not fit the encoding).
    fn put(&self, b: &mut Vec<u8>) -> Result<()>;
}

macro_rules! wire_int {
    ($($ty:ty => $read:ident, $put:ident;)*) => {$(
        impl Wire for $ty {
            const SIZE: usize = size_of::<$ty>();
            fn read(r: &mut Reader, field: &'static str) -> Result<Self> {
                r.$read(field)
            }
            fn put(&self, b: &mut Vec<u8>) -> Result<()> {
                b.$put(*self);
                Ok(())
            }
        }
    )*};
}

wire_int! {
    u8 => u8, put_u8;
    u16 => u16, put_u16;
    i16 => i16, put_i16;
    u32 => u32, put_u32;
    F32 => f32, put_f32;
}

impl<T: Wire, const N: usize> Wire for [T; N] {
    const SIZE: usize = T::SIZE * N;
    fn read(r: &mut Reader, field: &'static str) -> Result<Self> {
        let mut out = Vec::with_capacity(N);
        for _ in 0..N {
            out.push(T::read(r, field)?);
        }
        out.try_into().map_err(|_| r.invalid(field, "array length"))
    }
    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        self.iter().try_for_each(|v| v.put(b))
    }
}

/// A 24-bit little-endian integer, held as a `u32` in the document.
pub(crate) struct U24(pub(crate) u32);

impl Wire for U24 {
    const SIZE: usize = 3;
    fn read(r: &mut Reader, field: &'static str) -> Result<Self> {
        let [a, b, c]: [u8; 3] = r.array(field)?;
        Ok(U24(u32::from_le_bytes([a, b, c, 0])))
    }
    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        b.put_bytes(&self.0.to_le_bytes()[..3]);
        Ok(())
    }
}

impl From<U24> for u32 {
    fn from(v: U24) -> u32 {
        v.0
    }
}

impl TryFrom<u32> for U24 {
    type Error = String;
    fn try_from(v: u32) -> std::result::Result<Self, String> {
        if v < 1 << 24 {
            Ok(U24(v))
        } else {
            Err(format!("{v} does not fit the field's 24 bits"))
        }
    }
}

/// `N` opaque bytes, held as [`HexBytes`] in the document.
pub(crate) struct Opaque<const N: usize>([u8; N]);

impl<const N: usize> Wire for Opaque<N> {
    const SIZE: usize = N;
    fn read(r: &mut Reader, field: &'static str) -> Result<Self> {
        r.array(field).map(Opaque)
    }
    fn put(&self, b: &mut Vec<u8>) -> Result<()> {
        b.put_bytes(&self.0);
        Ok(())
    }
}

impl<const N: usize> From<Opaque<N>> for HexBytes {
    fn from(v: Opaque<N>) -> HexBytes {
        HexBytes(v.0.to_vec())
    }
}

impl<const N: usize> TryFrom<HexBytes> for Opaque<N> {
    type Error = String;
    fn try_from(v: HexBytes) -> std::result::Result<Self, String> {
        let n = v.len();
        v.0.try_into()
            .map(Opaque)
            .map_err(|_| format!("must be {N} bytes, not {n}"))
    }
}

/// A document error about `field`: documents are not file bytes, so there is no offset to name.
pub(crate) fn invalid(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::in_document(FMT, field, msg)
}

/// Declares a struct whose leading fields are one record on disk, in declaration order, and
/// implements [`Wire`] for it from that one list (reading leaves the fields after `then` empty). A field written
/// `name: T as W` is held as `T` and stored as the wire type `W`. Fields after `then` are not
/// part of the record (the lists a section's offsets point at); reading leaves them empty.
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty $(as $wire:ty)? ),* $(,)?
        }
        $( then { $( $(#[$tmeta:meta])* pub $tfield:ident : $tty:ty ),* $(,)? } )?
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
            $($( $(#[$tmeta])* pub $tfield: $tty, )*)?
        }

        impl $crate::doc::wire::Wire for $name {
            const SIZE: usize = 0 $(+ record!(@size $ty $(, $wire)?))*;

            fn read(
                r: &mut navforge_core::Reader,
                _: &'static str,
            ) -> navforge_core::Result<Self> {
                Ok(Self {
                    $( $field: record!(@read r, $field, $ty $(, $wire)?), )*
                    $($( $tfield: Default::default(), )*)?
                })
            }

            fn put(&self, b: &mut Vec<u8>) -> navforge_core::Result<()> {
                $( record!(@put b, self, $field, $ty $(, $wire)?); )*
                Ok(())
            }
        }
    };
    (@size $ty:ty) => { <$ty as $crate::doc::wire::Wire>::SIZE };
    (@size $ty:ty, $wire:ty) => { <$wire as $crate::doc::wire::Wire>::SIZE };
    (@read $r:ident, $field:ident, $ty:ty) => {
        <$ty as $crate::doc::wire::Wire>::read($r, stringify!($field))?
    };
    (@read $r:ident, $field:ident, $ty:ty, $wire:ty) => {
        <$ty>::from(<$wire as $crate::doc::wire::Wire>::read($r, stringify!($field))?)
    };
    (@put $b:ident, $s:ident, $field:ident, $ty:ty) => {
        $crate::doc::wire::Wire::put(&$s.$field, $b)?
    };
    (@put $b:ident, $s:ident, $field:ident, $ty:ty, $wire:ty) => {
        $crate::doc::wire::Wire::put(
            &<$wire>::try_from($s.$field.clone())
                .map_err(|m| $crate::doc::wire::invalid(stringify!($field), m))?,
            $b,
        )?
    };
}

pub(crate) use record;

/// Read `count` values of a [`Wire`] type.
pub(crate) fn read_list<T: Wire>(
    r: &mut Reader,
    count: u64,
    field: &'static str,
) -> Result<Vec<T>> {
    r.list(count, T::SIZE, field, |r| T::read(r, field))
}

/// Append every value of a list.
pub(crate) fn put_list<T: Wire>(b: &mut Vec<u8>, list: &[T]) -> Result<()> {
    list.iter().try_for_each(|v| v.put(b))
}

/// Checks that each named list has one entry per item of a list of `n` `items`.
pub(crate) fn one_each(n: usize, items: &str, lists: &[(&'static str, usize)]) -> Result<()> {
    match lists.iter().find(|&&(_, len)| len != n) {
        Some(&(name, len)) => Err(invalid(
            name,
            format!("{len} entries for {n} {items}: one each"),
        )),
        None => Ok(()),
    }
}

/// Round up to the 16-byte alignment every section and sub-section keeps.
pub(crate) fn pad16(n: u64) -> u64 {
    n.div_ceil(16) * 16
}
