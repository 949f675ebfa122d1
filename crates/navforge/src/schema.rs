//! JSON Schemas (draft 2020-12) of the lossless JSON envelope of each format, of any envelope,
//! and of the common model, made with `schemars` from the very types the readers parse into.
//! They describe what the readers accept: every object refuses keys it does not know
//! (`additionalProperties: false`), and fields the readers fill by default are optional.
//! `docs/schema/` holds them; a test regenerates them and fails when they differ.

use navforge_core::Format;
use navforge_core::model::NavMesh;
use navforge_mgsv::Nav2Document;
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};
use navforge_source::{SelectedAreasDocument, SourceNavDocument};
use navforge_tes::PluginDocument;
use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde_json::{Value, json};

use crate::Document;

const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Every schema navforge publishes: file name (in `docs/schema/`) and the schema.
pub fn all() -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = Format::ALL
        .iter()
        .filter_map(|&f| envelope(f).map(|s| (format!("{}.schema.json", f.name()), s)))
        .collect();
    out.push(("lossless-json.schema.json".into(), any_envelope()));
    out.push(("model.schema.json".into(), model()));
    out
}

/// The lossless JSON of one format (`{"format": NAME, "document": {...}}`), or `None` for
/// formats without a lossless document (pictures, OBJ, glTF, levels).
pub fn envelope(format: Format) -> Option<Value> {
    match format {
        Format::SourceNav => Some(wrap::<SourceNavDocument>(format)),
        Format::SourceSelected => Some(wrap::<SelectedAreasDocument>(format)),
        Format::QuakeNav => Some(wrap::<QuakeNavDocument>(format)),
        Format::Quake2Nav => Some(wrap::<Quake2NavDocument>(format)),
        Format::MgsvNav2 => Some(wrap::<Nav2Document>(format)),
        Format::TesPlugin => Some(wrap::<PluginDocument>(format)),
        _ => None,
    }
}

/// The lossless JSON of any format.
pub fn any_envelope() -> Value {
    let mut root = root_for::<Document>();
    root["title"] = json!("navforge lossless JSON (any format)");
    root
}

/// The common model as `serde_json` writes it.
pub fn model() -> Value {
    let mut root = root_for::<NavMesh>();
    root["title"] = json!("navforge common model");
    root
}

fn generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator()
}

fn root_for<T: JsonSchema>() -> Value {
    generator().into_root_schema_for::<T>().to_value()
}

fn wrap<D: JsonSchema>(format: Format) -> Value {
    let mut g = generator();
    let document = g.subschema_for::<D>().to_value();
    let defs = g.take_definitions(true);
    json!({
        "$schema": DRAFT,
        "title": format!("navforge lossless JSON: {}", format.name()),
        "description": format!(
            "{} as navforge's lossless JSON: every field of the file, written back byte for byte.",
            format.description()
        ),
        "type": "object",
        "properties": {
            "format": { "const": format.name() },
            "document": document
        },
        "required": ["format", "document"],
        "additionalProperties": false,
        "$defs": defs
    })
}
