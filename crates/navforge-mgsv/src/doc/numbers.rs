//! Readable JSON for byte blocks whose meaning is not known field by field but whose values are
//! numbers: little-endian u16 words (the header's `vals`, Section2's ss5 and ss6 blocks) or
//! single-byte indices (a SegmentGraph edge's shared navmesh edges). They are kept as bytes in
//! memory; in JSON they are arrays of numbers a reader can compare and edit. A block of odd length
//! cannot be words and stays hex; input takes either form.

use navforge_core::HexBytes;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// Takes the array form (`N`-byte little-endian numbers) or a hex string.
struct Numbers<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for Numbers<N> {
    type Value = HexBytes;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of u{} numbers, or a hex string", N * 8)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HexBytes, A::Error> {
        // The array's own length bounds the bytes: nothing is allocated ahead of the values.
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<u64>()? {
            let max = (1u64 << (8 * N)) - 1;
            if v > max {
                return Err(de::Error::custom(format!("{v} does not fit in u{}", N * 8)));
            }
            out.extend_from_slice(&v.to_le_bytes()[..N]);
        }
        Ok(HexBytes(out))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<HexBytes, E> {
        HexBytes::deserialize(de::value::StrDeserializer::<E>::new(v))
    }
}

/// `#[serde(with = "u16_words")]`: bytes as little-endian u16 words.
pub(crate) mod u16_words {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(b: &HexBytes, s: S) -> Result<S::Ok, S::Error> {
        let bytes = b.as_slice();
        if !bytes.len().is_multiple_of(2) {
            return b.serialize(s);
        }
        s.collect_seq(
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        )
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<HexBytes, D::Error> {
        d.deserialize_any(Numbers::<2>)
    }
}

/// `#[serde(with = "u8_list")]`: bytes as numbers.
pub(crate) mod u8_list {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(b: &HexBytes, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(b.as_slice())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<HexBytes, D::Error> {
        d.deserialize_any(Numbers::<1>)
    }
}

/// The schema of a [`u16_words`] field.
#[cfg(feature = "schema")]
pub(crate) struct U16Words;

#[cfg(feature = "schema")]
impl schemars::JsonSchema for U16Words {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "U16Words".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Bytes read as little-endian u16 words; a block of odd length as hex.",
            "anyOf": [
                { "type": "array", "items": { "type": "integer", "minimum": 0, "maximum": 65535 } },
                { "type": "string", "pattern": "^([0-9a-fA-F]{2})*$" }
            ]
        })
    }
}

/// The schema of a [`u8_list`] field.
#[cfg(feature = "schema")]
pub(crate) struct U8List;

#[cfg(feature = "schema")]
impl schemars::JsonSchema for U8List {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "U8List".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Bytes as numbers (or, as input, a hex string).",
            "anyOf": [
                { "type": "array", "items": { "type": "integer", "minimum": 0, "maximum": 255 } },
                { "type": "string", "pattern": "^([0-9a-fA-F]{2})*$" }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct T {
        #[serde(with = "u16_words")]
        w: HexBytes,
        #[serde(with = "u8_list")]
        b: HexBytes,
    }

    #[test]
    fn numbers_round_trip_and_hex_is_taken() {
        let t = T {
            w: HexBytes(vec![0x26, 0x07, 0xff, 0xff]),
            b: HexBytes(vec![3, 200]),
        };
        let j = serde_json::to_string(&t).unwrap();
        assert_eq!(j, r#"{"w":[1830,65535],"b":[3,200]}"#);
        assert_eq!(serde_json::from_str::<T>(&j).unwrap(), t);
        let odd = T {
            w: HexBytes(vec![1, 2, 3]),
            b: HexBytes(vec![]),
        };
        let j = serde_json::to_string(&odd).unwrap();
        assert_eq!(j, r#"{"w":"010203","b":[]}"#);
        assert_eq!(serde_json::from_str::<T>(&j).unwrap(), odd);
        let hex: T = serde_json::from_str(r#"{"w":"2607","b":"03c8"}"#).unwrap();
        assert_eq!(hex.w.as_slice(), [0x26, 0x07]);
        assert_eq!(hex.b.as_slice(), [3, 200]);
        for bad in [
            r#"{"w":[65536],"b":[]}"#,
            r#"{"w":[],"b":[256]}"#,
            r#"{"w":[-1],"b":[]}"#,
        ] {
            assert!(serde_json::from_str::<T>(bad).is_err(), "{bad}");
        }
    }
}
