//! The readable JSON form of a subrecord: decoded where its layout is known, hex otherwise.
//!
//! A subrecord's data is always kept as bytes in memory ([`Subrecord::data`]); only its JSON
//! changes. On output it takes the first of these forms that gives back the identical bytes:
//!
//! - `"nvnm": {...}`: an `NVNM` that reads as an [`NvnmDocument`], writes back to the same bytes
//!   and passes [`NvnmDocument::json_problem`] (every index in range, every float finite);
//! - `"text": "..."`: a string subrecord (`EDID`, `MAST`, ...) holding UTF-8 text followed by
//!   exactly one NUL;
//! - `"data": "0a1b..."`: anything else, as hex.
//!
//! On input any form is accepted for any type; `nvnm` and `text` are turned back into bytes
//! (`text` gains its NUL), and an `nvnm` with an index past its lists or a NaN is refused with the
//! path of the offending value.

use crate::nvnm::NvnmDocument;
use crate::plugin::Subrecord;
use crate::tag::Tag;
use navforge_core::HexBytes;
use serde::{Deserialize, Serialize, Serializer};

/// Subrecord types shown as text when their data is UTF-8 followed by a single NUL. The same
/// types may hold other data in some records (a localized plugin's `FULL` is a u32 string ID);
/// such data does not pass the test and stays hex.
pub const TEXT_SUBRECORDS: [[u8; 4]; 7] = [
    *b"EDID", *b"MAST", *b"FULL", *b"DESC", *b"MODL", *b"ICON", *b"MICO",
];

/// What a subrecord looks like in JSON (one of `data`, `text`, `nvnm`).
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Subrecord"))]
#[serde(deny_unknown_fields)]
pub(crate) struct SubrecordJson {
    /// Subrecord type.
    #[serde(rename = "type")]
    tag: Tag,
    /// The data as hex (subrecords without a decoded form). Exactly one of `data`, `text`,
    /// `nvnm` is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<HexBytes>,
    /// The data as text, without its terminating NUL (`EDID`, `MAST`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    /// The navmesh geometry of an `NVNM`, field by field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nvnm: Option<Box<NvnmDocument>>,
    /// Preceded by an `XXXX` subrecord carrying the real (u32) size. Set automatically on write
    /// when the data exceeds 65 535 bytes.
    #[serde(default, skip_serializing_if = "is_false")]
    xxxx: bool,
    /// The u16 size field after an `XXXX`, when it is not the usual 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size_field: Option<u16>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The output side, borrowing the bytes it shows as hex.
#[derive(Serialize)]
struct SubrecordOut<'a> {
    #[serde(rename = "type")]
    tag: Tag,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<&'a HexBytes>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nvnm: Option<NvnmDocument>,
    #[serde(skip_serializing_if = "is_false")]
    xxxx: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    size_field: Option<u16>,
}

/// The text of a string subrecord whose bytes are UTF-8 followed by exactly one NUL.
pub fn as_text(tag: Tag, data: &[u8]) -> Option<&str> {
    if !TEXT_SUBRECORDS.contains(&tag.0) {
        return None;
    }
    let body = data.strip_suffix(&[0])?;
    if body.contains(&0) {
        return None;
    }
    std::str::from_utf8(body).ok()
}

/// The decoded `NVNM`, when it gives back exactly these bytes and holds no index past its lists.
pub fn as_nvnm(tag: Tag, data: &[u8]) -> Option<NvnmDocument> {
    if tag.0 != *b"NVNM" {
        return None;
    }
    let doc = NvnmDocument::read_nvnm(data, 0).ok()?;
    if doc.json_problem().is_some() || doc.write_nvnm().ok()? != data {
        return None;
    }
    Some(doc)
}

impl Serialize for Subrecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let bytes = self.data.as_slice();
        let nvnm = as_nvnm(self.tag, bytes);
        let text = if nvnm.is_none() {
            as_text(self.tag, bytes)
        } else {
            None
        };
        SubrecordOut {
            tag: self.tag,
            data: (nvnm.is_none() && text.is_none()).then_some(&self.data),
            text,
            nvnm,
            xxxx: self.xxxx,
            size_field: self.size_field,
        }
        .serialize(s)
    }
}

impl TryFrom<SubrecordJson> for Subrecord {
    type Error = String;

    fn try_from(j: SubrecordJson) -> Result<Self, String> {
        let data = match (j.data, j.text, j.nvnm) {
            (Some(d), None, None) => d,
            (None, Some(t), None) => {
                if t.contains('\0') {
                    return Err(format!(
                        "{} subrecord: `text` may not contain a NUL (give the bytes as `data`)",
                        j.tag
                    ));
                }
                let mut b = t.into_bytes();
                b.push(0);
                HexBytes(b)
            }
            (None, None, Some(n)) => {
                if let Some((path, msg)) = n.json_problem() {
                    return Err(format!("{} subrecord: nvnm.{path}: {msg}", j.tag));
                }
                HexBytes(
                    n.write_nvnm()
                        .map_err(|e| format!("{} subrecord: {e}", j.tag))?,
                )
            }
            _ => {
                return Err(format!(
                    "{} subrecord: give exactly one of `data` (hex), `text` or `nvnm`",
                    j.tag
                ));
            }
        };
        Ok(Subrecord {
            tag: j.tag,
            data,
            xxxx: j.xxxx,
            size_field: j.size_field,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_needs_one_final_nul_and_utf8() {
        let edid = Tag(*b"EDID");
        assert_eq!(as_text(edid, b"Foo\0"), Some("Foo"));
        assert_eq!(as_text(edid, b"\0"), Some(""));
        assert_eq!(as_text(edid, b"Foo"), None);
        assert_eq!(as_text(edid, b"Fo\0o\0"), None);
        assert_eq!(as_text(edid, b"Foo\0\0"), None);
        assert_eq!(as_text(edid, b"\xe9t\xe9\0"), None); // Windows-1252, not UTF-8
        assert_eq!(as_text(Tag(*b"CNAM"), b"Foo\0"), None);
    }

    #[test]
    fn every_form_reads_back_to_the_same_bytes() {
        for (tag, data) in [
            (*b"EDID", b"Foo\0".to_vec()),
            (*b"EDID", b"Foo".to_vec()),
            (*b"DATA", vec![1, 2, 3]),
            (*b"NVNM", vec![12, 0, 0, 0]),
        ] {
            let s = Subrecord::new(tag, data);
            let json = serde_json::to_string(&s).unwrap();
            let back: Subrecord = serde_json::from_str(&json).unwrap();
            assert_eq!(back, s, "{json}");
        }
        let json = serde_json::to_string(&Subrecord::new(*b"EDID", b"Foo\0".to_vec())).unwrap();
        assert_eq!(json, r#"{"type":"EDID","text":"Foo"}"#);
    }

    #[test]
    fn ambiguous_or_empty_forms_are_refused() {
        for bad in [
            r#"{"type":"EDID"}"#,
            r#"{"type":"EDID","text":"a","data":"00"}"#,
            r#"{"type":"EDID","text":"a\u0000b"}"#,
        ] {
            let e = serde_json::from_str::<Subrecord>(bad).unwrap_err();
            assert!(e.to_string().contains("EDID subrecord"), "{bad}: {e}");
        }
    }
}
