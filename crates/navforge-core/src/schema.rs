//! JSON Schemas (feature `schema`) of the value types whose JSON form is written by hand: they
//! accept what their `Deserialize` accepts, so a schema built from them matches the readers.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::{F32, Format, HexBytes};

impl JsonSchema for F32 {
    fn schema_name() -> Cow<'static, str> {
        "F32".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A 32-bit float kept bit for bit: a number, or (NaN, infinities, \
                            values a reader could round differently) its bits as \"0x\" and hex.",
            "anyOf": [
                { "type": "number" },
                { "type": "string", "pattern": "^0x[0-9a-fA-F]{1,8}$" }
            ]
        })
    }
}

impl JsonSchema for HexBytes {
    fn schema_name() -> Cow<'static, str> {
        "HexBytes".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Raw bytes as hex digits, two per byte.",
            "type": "string",
            "pattern": "^([0-9a-fA-F]{2})*$"
        })
    }
}

impl JsonSchema for Format {
    fn schema_name() -> Cow<'static, str> {
        "Format".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        json_schema!({
            "description": "A format's machine name.",
            "type": "string",
            "enum": names
        })
    }
}

/// The schema of a [`format_tag!`](crate::format_tag) tag: exactly its text.
#[doc(hidden)]
pub fn tag_schema(text: &'static str) -> Schema {
    json_schema!({
        "description": "The format this document is in.",
        "const": text
    })
}
