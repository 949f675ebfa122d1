use navforge_core::{Error, ErrorKind, Format, NavDocument, Result, Summary, model::NavMesh};
use navforge_mgsv::Nav2Document;
use navforge_quake::{Quake2NavDocument, QuakeNavDocument};
use navforge_source::{SelectedAreasDocument, SourceNavDocument};
use navforge_tes::PluginDocument;
use serde::{Deserialize, Serialize};

/// A document of any supported format. Its serde form is the lossless JSON envelope, tagged by
/// the format's name.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "format", content = "document", deny_unknown_fields)]
#[non_exhaustive]
pub enum Document {
    /// Source / GoldSrc `.nav`.
    #[serde(rename = "source-nav")]
    Source(SourceNavDocument),
    /// Source Selected Nav Areas text.
    #[serde(rename = "source-selected")]
    SourceSelected(SelectedAreasDocument),
    /// Quake `NAV2`.
    #[serde(rename = "quake-nav")]
    Quake(QuakeNavDocument),
    /// Quake II `NAV3`.
    #[serde(rename = "quake2-nav")]
    Quake2(Quake2NavDocument),
    /// MGSV `.nav2`.
    #[serde(rename = "mgsv-nav2")]
    Mgsv(Nav2Document),
    /// Bethesda plugin.
    #[serde(rename = "tes-plugin")]
    Tes(PluginDocument),
}

/// Apply one expression to whichever document is inside.
macro_rules! each {
    ($doc:expr, $d:ident => $e:expr) => {
        match $doc {
            Document::Source($d) => $e,
            Document::SourceSelected($d) => $e,
            Document::Quake($d) => $e,
            Document::Quake2($d) => $e,
            Document::Mgsv($d) => $e,
            Document::Tes($d) => $e,
        }
    };
}

impl Document {
    /// Read a native file or lossless JSON, choosing the format from the content.
    pub fn read(data: &[u8]) -> Result<Document> {
        if data.is_empty() {
            return Err(Error::new("navforge", "file", 0, ErrorKind::Empty));
        }
        if let Some(level) = navforge_core::LevelKind::sniff_bsp(data) {
            return Err(Error::invalid(
                "navforge",
                "magic",
                0,
                format!(
                    "this is a {level} level, not a navigation file: `navforge info` and \
                     `navforge convert` read levels, and `navforge render NAV --level MAP` draws \
                     a navigation file over one"
                ),
            ));
        }
        if navforge_source::sniff(data) {
            return SourceNavDocument::read(data).map(Document::Source);
        }
        if navforge_source::sniff_selected(data) {
            return SelectedAreasDocument::read(data).map(Document::SourceSelected);
        }
        if navforge_quake::sniff(data) {
            return QuakeNavDocument::read(data).map(Document::Quake);
        }
        if navforge_mgsv::sniff(data) {
            return Nav2Document::read(data).map(Document::Mgsv);
        }
        if navforge_tes::sniff(data) {
            return PluginDocument::read(data).map(Document::Tes);
        }
        if navforge_quake::sniff_quake2(data) {
            return Quake2NavDocument::read(data).map(Document::Quake2);
        }
        if looks_like_json(data) {
            // Lossless JSON names its format; JSON without one may be a Quake `.navjson`.
            return Self::from_json(data).or_else(|lossless| {
                let text = std::str::from_utf8(data).map_err(|_| lossless.clone())?;
                navforge_quake::from_navjson(text)
                    .map(Document::Quake)
                    .map_err(|_| lossless)
            });
        }
        let shown: Vec<String> = data.iter().take(4).map(|b| format!("{b:02x}")).collect();
        Err(Error::new(
            "navforge",
            "magic",
            0,
            ErrorKind::BadMagic {
                found: format!("{} — not a format navforge knows", shown.join(" ")),
            },
        ))
    }

    /// Read the lossless JSON form. Errors name the JSON path and the byte offset, whatever order
    /// the envelope's keys come in (a tool that sorts keys puts `document` before `format`).
    pub fn from_json(data: &[u8]) -> Result<Document> {
        // serde_json's message ends in the line and column within `text`; say them within `data`.
        let invalid = |field: String, text: &[u8], base: usize, e: serde_json::Error| {
            let offset = base + json_offset(text, e.line(), e.column()) as usize;
            let message = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = message.strip_suffix(&suffix).unwrap_or(&message);
            let line = 1 + data[..offset].iter().filter(|&&b| b == b'\n').count();
            let column = offset
                - data[..offset]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            Error::invalid(
                "lossless-json",
                field,
                offset as u64,
                format!("{message} at line {line} column {column}"),
            )
        };
        let mut de = serde_json::Deserializer::from_slice(data);
        let envelope: Envelope = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            invalid(path, data, 0, e.into_inner())
        })?;
        de.end().map_err(|e| {
            Error::invalid(
                "lossless-json",
                "end",
                json_offset(data, e.line(), e.column()),
                "trailing data after the JSON document",
            )
        })?;
        let text = envelope.document.get();
        // The document's place in `data`, so offsets inside it are offsets into the file.
        let base = text.as_ptr() as usize - data.as_ptr() as usize;
        let text = text.as_bytes();
        fn typed<T: serde::de::DeserializeOwned>(
            text: &[u8],
        ) -> std::result::Result<T, serde_path_to_error::Error<serde_json::Error>> {
            serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_slice(text))
        }
        let doc = match Format::from_name(&envelope.format) {
            Some(Format::SourceNav) => typed(text).map(Document::Source),
            Some(Format::SourceSelected) => typed(text).map(Document::SourceSelected),
            Some(Format::QuakeNav) => typed(text).map(Document::Quake),
            Some(Format::Quake2Nav) => typed(text).map(Document::Quake2),
            Some(Format::MgsvNav2) => typed(text).map(Document::Mgsv),
            Some(Format::TesPlugin) => typed(text).map(Document::Tes),
            _ => {
                let known = [
                    Format::SourceNav,
                    Format::SourceSelected,
                    Format::QuakeNav,
                    Format::Quake2Nav,
                    Format::MgsvNav2,
                    Format::TesPlugin,
                ]
                .map(Format::name)
                .join(", ");
                return Err(Error::in_document(
                    "lossless-json",
                    "format",
                    format!(
                        "`{}` is not a format of lossless JSON (one of {known})",
                        envelope.format
                    ),
                ));
            }
        };
        doc.map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." {
                "document".to_string()
            } else {
                format!("document.{path}")
            };
            invalid(field, text, base, e.into_inner())
        })
    }

    /// The lossless JSON envelope.
    pub fn to_json(&self) -> Vec<u8> {
        // Documents hold only serialisable data (floats are JSON-safe F32), so this cannot fail.
        serde_json::to_vec_pretty(self).unwrap_or_default()
    }

    /// The native file: a document that was read writes back the identical bytes.
    pub fn write(&self) -> Result<Vec<u8>> {
        each!(self, d => d.write())
    }

    /// What `navforge info` reports.
    pub fn summary(&self) -> Summary {
        each!(self, d => d.summary())
    }

    /// The document in the common model.
    pub fn to_model(&self) -> NavMesh {
        each!(self, d => d.to_model())
    }

    /// The document's format.
    pub fn format(&self) -> Format {
        match self {
            Document::Source(_) => SourceNavDocument::FORMAT,
            Document::SourceSelected(_) => SelectedAreasDocument::FORMAT,
            Document::Quake(_) => QuakeNavDocument::FORMAT,
            Document::Quake2(_) => Quake2NavDocument::FORMAT,
            Document::Mgsv(_) => Nav2Document::FORMAT,
            Document::Tes(_) => PluginDocument::FORMAT,
        }
    }
}

fn looks_like_json(data: &[u8]) -> bool {
    data.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Byte offset of a 1-based line and column in `data`.
/// The envelope around a document in lossless JSON, with the document left unparsed until its
/// format is known.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    format: String,
    #[serde(borrow)]
    document: &'a serde_json::value::RawValue,
}

fn json_offset(data: &[u8], line: usize, column: usize) -> u64 {
    let mut offset = 0usize;
    for _ in 1..line {
        match data[offset..].iter().position(|&b| b == b'\n') {
            Some(p) => offset += p + 1,
            None => break,
        }
    }
    (offset + column.saturating_sub(1)).min(data.len()) as u64
}
