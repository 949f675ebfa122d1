//! Value types whose JSON form converts back to the identical bits.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// An `f32` kept bit-for-bit, including NaN payloads and negative zero.
///
/// In JSON it is a plain number whenever that number parses back to the same bits, and otherwise
/// (NaN, infinities, and any value a JSON reader could round differently) a string holding its bits
/// in hex, like `"0x7fc00000"`. Equality is bitwise.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct F32(u32);

impl F32 {
    /// Positive zero (all bits clear).
    pub const ZERO: F32 = F32(0);

    /// The value with exactly these bits, as [`f32::from_bits`].
    #[inline]
    pub const fn from_bits(bits: u32) -> Self {
        F32(bits)
    }
    /// Its bits, as [`f32::to_bits`].
    #[inline]
    pub const fn to_bits(self) -> u32 {
        self.0
    }
    /// The `f32` with these bits (NaN payloads included).
    #[inline]
    pub fn get(self) -> f32 {
        f32::from_bits(self.0)
    }
    /// Keeps `v`'s exact bits.
    #[inline]
    pub fn new(v: f32) -> Self {
        F32(v.to_bits())
    }
}

impl From<f32> for F32 {
    fn from(v: f32) -> Self {
        F32::new(v)
    }
}

impl From<F32> for f32 {
    fn from(v: F32) -> f32 {
        v.get()
    }
}

impl fmt::Debug for F32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

impl fmt::Display for F32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), f)
    }
}

/// Whether a JSON number written for `v` reads back (via f64, as serde_json reads) to the same bits.
fn survives_json(v: f32) -> bool {
    if !v.is_finite() {
        return false;
    }
    // serde_json prints an f32 with its shortest round-trip form; it reads numbers as f64.
    let text = serde_json::to_string(&v).unwrap_or_default();
    match text.parse::<f64>() {
        Ok(back) => (back as f32).to_bits() == v.to_bits(),
        Err(_) => false,
    }
}

impl Serialize for F32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.get();
        if survives_json(v) {
            s.serialize_f32(v)
        } else {
            s.collect_str(&format_args!("0x{:08x}", self.0))
        }
    }
}

impl<'de> Deserialize<'de> for F32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = F32;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, or a string of 32-bit float bits like \"0x7fc00000\"")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<F32, E> {
                Ok(F32::new(v as f32))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<F32, E> {
                Ok(F32::new(v as f32))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<F32, E> {
                Ok(F32::new(v as f32))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<F32, E> {
                let hex = v
                    .strip_prefix("0x")
                    .ok_or_else(|| E::custom("float bits must start with 0x"))?;
                u32::from_str_radix(hex, 16).map(F32).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// Raw bytes kept verbatim; hex text in JSON, so unknown blocks stay readable and diffable.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct HexBytes(pub Vec<u8>);

impl HexBytes {
    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }
    /// How many bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<&[u8]> for HexBytes {
    fn from(v: &[u8]) -> Self {
        HexBytes(v.to_vec())
    }
}

impl From<Vec<u8>> for HexBytes {
    fn from(v: Vec<u8>) -> Self {
        HexBytes(v)
    }
}

impl fmt::Debug for HexBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexBytes({} bytes)", self.0.len())
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

impl Serialize for HexBytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(self.0.len() * 2);
        for b in &self.0 {
            text.push(HEX[(b >> 4) as usize] as char);
            text.push(HEX[(b & 15) as usize] as char);
        }
        s.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for HexBytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text: std::borrow::Cow<'de, str> = Deserialize::deserialize(d)?;
        let t = text.as_bytes();
        if !t.len().is_multiple_of(2) {
            return Err(de::Error::custom("hex bytes need an even number of digits"));
        }
        let digit = |c: u8| -> Result<u8, D::Error> {
            (c as char)
                .to_digit(16)
                .map(|d| d as u8)
                .ok_or_else(|| de::Error::custom(format!("`{}` is not a hex digit", c as char)))
        };
        let mut out = Vec::with_capacity(t.len() / 2);
        for pair in t.chunks_exact(2) {
            out.push(digit(pair[0])? << 4 | digit(pair[1])?);
        }
        Ok(HexBytes(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(bits: u32) -> u32 {
        let json = serde_json::to_string(&F32(bits)).unwrap();
        serde_json::from_str::<F32>(&json).unwrap().to_bits()
    }

    #[test]
    fn floats_keep_every_bit() {
        for bits in [
            0u32,
            0x8000_0000,
            0x7fc0_0001,
            0xff80_0000,
            0x7f80_0000,
            1,
            0x3f80_0000,
            0x4049_0fdb,
        ] {
            assert_eq!(round_trip(bits), bits, "{bits:#x}");
        }
        // A deterministic sweep over many bit patterns.
        let mut x = 0x1234_5678u32;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            assert_eq!(round_trip(x), x, "{x:#x}");
        }
    }

    #[test]
    fn ordinary_floats_stay_numbers() {
        assert_eq!(serde_json::to_string(&F32::new(1.5)).unwrap(), "1.5");
        assert_eq!(
            serde_json::to_string(&F32::new(f32::NAN)).unwrap(),
            "\"0x7fc00000\""
        );
    }

    #[test]
    fn hex_bytes_round_trip() {
        let b = HexBytes(vec![0, 1, 0xab, 0xff]);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, "\"0001abff\"");
        assert_eq!(serde_json::from_str::<HexBytes>(&json).unwrap(), b);
        assert!(serde_json::from_str::<HexBytes>("\"0g\"").is_err());
    }
}
