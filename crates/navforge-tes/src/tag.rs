//! Small value types with readable, lossless JSON forms: four-character codes and form IDs.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A four-byte code (record type, subrecord type, group label).
///
/// In JSON it is the text (`"NAVM"`) when all four bytes are ASCII letters, digits or `_`, and
/// otherwise the bytes read as a little-endian u32 in hex (`"0x0001a2b3"`), which is how group
/// labels holding form IDs or block numbers show up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tag(pub [u8; 4]);

impl Tag {
    /// A tag from its four bytes.
    pub const fn new(b: &[u8; 4]) -> Self {
        Tag(*b)
    }
    /// The tag as a little-endian u32.
    pub fn as_u32(self) -> u32 {
        u32::from_le_bytes(self.0)
    }
    fn is_text(self) -> bool {
        self.0
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'_')
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_text() {
            for &c in &self.0 {
                fmt::Write::write_char(f, c as char)?;
            }
            Ok(())
        } else {
            write!(f, "0x{:08x}", self.as_u32())
        }
    }
}

impl fmt::Debug for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text: std::borrow::Cow<'de, str> = Deserialize::deserialize(d)?;
        if let Some(hex) = text.strip_prefix("0x").filter(|h| h.len() == 8) {
            let v = u32::from_str_radix(hex, 16).map_err(de::Error::custom)?;
            return Ok(Tag(v.to_le_bytes()));
        }
        let b = text.as_bytes();
        if b.len() == 4 {
            let t = Tag([b[0], b[1], b[2], b[3]]);
            if t.is_text() {
                return Ok(t);
            }
        }
        Err(de::Error::custom(format!(
            "`{text}` is neither a four-letter code nor 0x followed by 8 hex digits"
        )))
    }
}

/// A 32-bit value shown in hex in JSON (`"0x0001a2b3"`): form IDs and flag words. Plain JSON
/// numbers are accepted too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hex32(pub u32);

impl fmt::Display for Hex32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:08X}", self.0)
    }
}

impl fmt::Debug for Hex32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Hex32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hex32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Hex32;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a u32, or a string like \"0x0001A2B3\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Hex32, E> {
                u32::try_from(v).map(Hex32).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Hex32, E> {
                u32::try_from(v).map(Hex32).map_err(E::custom)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Hex32, E> {
                let hex = v
                    .strip_prefix("0x")
                    .or_else(|| v.strip_prefix("0X"))
                    .ok_or_else(|| E::custom("hex values must start with 0x"))?;
                u32::from_str_radix(hex, 16).map(Hex32).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

// The schemas accept what the readers above accept.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Tag {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tag".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A record or subrecord type: four letters, digits or underscores, \
                            or 0x and 8 hex digits (little-endian bytes) for any other.",
            "type": "string",
            "pattern": "^([A-Za-z0-9_]{4}|0x[0-9a-fA-F]{8})$"
        })
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Hex32 {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Hex32".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A 32-bit value (form ID, flags): \"0x\" and hex, or a number.",
            "anyOf": [
                { "type": "string", "pattern": "^0[xX][0-9a-fA-F]{1,8}$" },
                { "type": "integer", "minimum": 0, "maximum": 4294967295u32 }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip_as_text_or_hex() {
        for t in [
            *b"NAVM",
            *b"NPC_",
            [0xb8, 0x83, 0x0b, 0x00],
            [0, 0, 0, 0],
            *b"a b!",
        ] {
            let tag = Tag(t);
            let json = serde_json::to_string(&tag).unwrap();
            assert_eq!(serde_json::from_str::<Tag>(&json).unwrap(), tag, "{json}");
        }
        assert_eq!(serde_json::to_string(&Tag(*b"NAVM")).unwrap(), "\"NAVM\"");
        assert_eq!(
            serde_json::to_string(&Tag(0x000b83e0u32.to_le_bytes())).unwrap(),
            "\"0x000b83e0\""
        );
        assert!(serde_json::from_str::<Tag>("\"NAV\"").is_err());
    }

    #[test]
    fn hex32_round_trips() {
        let json = serde_json::to_string(&Hex32(0x0001_A2B3)).unwrap();
        assert_eq!(json, "\"0x0001A2B3\"");
        assert_eq!(serde_json::from_str::<Hex32>(&json).unwrap().0, 0x0001_A2B3);
        assert_eq!(serde_json::from_str::<Hex32>("7").unwrap().0, 7);
        assert!(serde_json::from_str::<Hex32>("\"12\"").is_err());
    }
}
