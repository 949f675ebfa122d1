//! The Source engine's "Selected Nav Areas" KeyValues text, as written by `nav_save_selected` and
//! read by `nav_merge_mesh` (`maps/<name>_selected_NNNN.txt`).
//!
//! [`SelectedAreasDocument`] is a lossless token tree of the KeyValues (KV1) text: every key and
//! value keeps its exact text (quotes included), and the whitespace and `//` comments before each
//! token are kept with it, so any file that parses, however hand-edited (comments, CRLF, bare
//! tokens, a UTF-8 BOM, `[$COND]` conditions, `#base` lines), writes back byte for byte. Key order
//! and duplicate keys are kept.
//!
//! [`SelectedAreasDocument::view`] reads the content the engine uses: `version`, and per area block
//! (named by the area ID) the corners `NorthWest`, `NorthEast`, `SouthWest`, `SouthEast`
//! (`x`/`y`/`z`), the connections per side (`North`, `South`, `East`, `West`, each a list of area
//! IDs), `Place` and `Attributes`; other keys are listed as unknown. [`selected_from_model`]
//! writes the exact text the engine's KeyValues writer produces.
//!
//! # Tokens
//!
//! Whitespace is ASCII (space, tab, CR, LF, VT, FF); `//` starts a comment up to the end of the
//! line. A quoted token runs to the next `"` not preceded by a backslash (the writer escapes
//! quotes as `\"` and writes backslashes raw); it may span lines. `{` and `}` are tokens of their
//! own, `[...]` is a condition, and anything else is a bare token up to whitespace, `"`, `{`, `}`
//! or `[`. Blocks nest at most [`MAX_DEPTH`] deep.
//!
//! # Example
//!
//! ```
//! use navforge_core::NavDocument;
//! use navforge_source::{SelectedAreasDocument, sniff_selected};
//!
//! let text = "// hand-edited\r\n\"Selected Nav Areas\"\r\n{\r\n\t\"version\"\t\t\"1\"\r\n\t\"7\" { NorthWest { x 0 y 0 z 0 } SouthEast { x 50 y 25 z 0 } North { 0 8 } Attributes 0 }\r\n}\r\n";
//! assert!(sniff_selected(text.as_bytes()));
//! let doc = SelectedAreasDocument::read(text.as_bytes())?;
//! assert_eq!(doc.write()?, text.as_bytes());
//! let view = doc.view();
//! assert_eq!((view.version, view.areas[0].id, view.areas[0].north.as_slice()), (Some(1), 7, &[8][..]));
//! # Ok::<(), navforge_core::Error>(())
//! ```

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use navforge_core::model::{self as m, ConnectionKind, NavMesh};
use navforge_core::{Bounds, Counts, Format, NavDocument, Result, Summary};
use serde::{Deserialize, Serialize};

use crate::attributes::attribute_table;
use crate::types::Layout;

mod build;
mod kv;
mod view;

pub use build::selected_from_model;
pub use kv::sniff_selected;
pub use view::{SelectedArea, SelectedView};

use kv::{err, parse};

/// The format name: `source-selected`.
pub const SELECTED_FORMAT: &str = "source-selected";

/// The root key the engine writes.
pub const ROOT_NAME: &str = "Selected Nav Areas";

/// How deep blocks may nest (the engine's files nest 3 deep).
pub const MAX_DEPTH: usize = 32;

const BOM: &str = "\u{feff}";

navforge_core::format_tag!(
    /// Serialises as `"source-selected"`; any other tag is refused when reading JSON.
    SelectedTag = "source-selected"
);

/// One token with the whitespace and comments before it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Token {
    /// Whitespace and `//` comments before the token, exactly as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub before: String,
    /// The token exactly as written: quotes included for a quoted token, brackets for a condition.
    pub raw: String,
}

impl Token {
    /// Whether the token is in double quotes.
    pub fn is_quoted(&self) -> bool {
        self.raw.len() >= 2 && self.raw.starts_with('"') && self.raw.ends_with('"')
    }

    /// The token's text: without the quotes, `\"` read as `"`.
    pub fn text(&self) -> Cow<'_, str> {
        if !self.is_quoted() {
            return Cow::Borrowed(&self.raw);
        }
        let inner = &self.raw[1..self.raw.len() - 1];
        if inner.contains("\\\"") {
            Cow::Owned(inner.replace("\\\"", "\""))
        } else {
            Cow::Borrowed(inner)
        }
    }

    /// A quoted token as the engine's writer makes it (`"` escaped as `\"`).
    pub fn quoted(before: impl Into<String>, text: &str) -> Token {
        Token {
            before: before.into(),
            raw: format!("\"{}\"", text.replace('"', "\\\"")),
        }
    }
}

/// A key with a value or a block of children, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Entry {
    /// `key value`.
    Value {
        /// The key.
        key: Token,
        /// A `[$COND]` between the key and the value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_condition: Option<Token>,
        /// The value.
        value: Token,
        /// A `[$COND]` after the value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<Token>,
    },
    /// `key { children }`.
    Block {
        /// The key.
        key: Token,
        /// A `[$COND]` between the key and `{`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_condition: Option<Token>,
        /// Whitespace and comments before `{`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        open: String,
        /// The entries inside the braces.
        children: Vec<Entry>,
        /// Whitespace and comments before `}`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        close: String,
    },
}

impl Entry {
    /// The key token.
    pub fn key(&self) -> &Token {
        match self {
            Entry::Value { key, .. } | Entry::Block { key, .. } => key,
        }
    }

    /// The value token of a key/value entry.
    pub fn value(&self) -> Option<&Token> {
        match self {
            Entry::Value { value, .. } => Some(value),
            Entry::Block { .. } => None,
        }
    }

    /// The children of a block.
    pub fn children(&self) -> Option<&[Entry]> {
        match self {
            Entry::Block { children, .. } => Some(children),
            Entry::Value { .. } => None,
        }
    }

    fn is_conditional(&self) -> bool {
        match self {
            Entry::Value {
                key_condition,
                condition,
                ..
            } => key_condition.is_some() || condition.is_some(),
            Entry::Block {
                key_condition,
                children,
                ..
            } => key_condition.is_some() || children.iter().any(Entry::is_conditional),
        }
    }

    fn write_to(&self, out: &mut String) {
        let tok = |t: &Token, out: &mut String| {
            out.push_str(&t.before);
            out.push_str(&t.raw);
        };
        match self {
            Entry::Value {
                key,
                key_condition,
                value,
                condition,
            } => {
                tok(key, out);
                if let Some(c) = key_condition {
                    tok(c, out);
                }
                tok(value, out);
                if let Some(c) = condition {
                    tok(c, out);
                }
            }
            Entry::Block {
                key,
                key_condition,
                open,
                children,
                close,
            } => {
                tok(key, out);
                if let Some(c) = key_condition {
                    tok(c, out);
                }
                out.push_str(open);
                out.push('{');
                for c in children {
                    c.write_to(out);
                }
                out.push_str(close);
                out.push('}');
            }
        }
    }
}

/// A "Selected Nav Areas" KeyValues file, token for token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SelectedAreasDocument {
    /// Always `"source-selected"`.
    pub format: SelectedTag,
    /// Whether the file starts with a UTF-8 byte order mark.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bom: bool,
    /// The top-level entries: normally one block, `"Selected Nav Areas"`.
    pub entries: Vec<Entry>,
    /// Whitespace and comments after the last token.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub end: String,
}

// ---------------------------------------------------------------------------------------------
// NavDocument

impl NavDocument for SelectedAreasDocument {
    const FORMAT: Format = Format::SourceSelected;

    fn read(data: &[u8]) -> Result<Self> {
        parse(data)
    }

    fn write(&self) -> Result<Vec<u8>> {
        let mut out = String::new();
        if self.bom {
            out.push_str(BOM);
        }
        for e in &self.entries {
            e.write_to(&mut out);
        }
        out.push_str(&self.end);
        // A document from `read` always passes; one edited as JSON may hold token text or trivia
        // that would read back as other tokens (an unclosed quote, a key in `before`, ...).
        if parse(out.as_bytes()).ok().as_ref() != Some(self) {
            return Err(err(
                "entries",
                0,
                "tokens or trivia that do not read back as themselves (edited JSON?): `raw` must be one token, `before`/`open`/`close`/`end` only whitespace and `//` comments",
            ));
        }
        Ok(out.into_bytes())
    }

    fn summary(&self) -> Summary {
        let v = self.view();
        let ids: HashSet<u32> = v.areas.iter().map(|a| a.id).collect();
        let mut counts = Counts {
            areas: v.areas.len() as u64,
            ..Counts::default()
        };
        let mut places: HashSet<&str> = HashSet::new();
        let mut outside = 0u64;
        for a in &v.areas {
            for (_, list) in a.connections() {
                counts.connections += list.len() as u64;
                outside += list.iter().filter(|t| !ids.contains(t)).count() as u64;
            }
            if let Some(p) = a.place.as_deref().filter(|p| !p.is_empty()) {
                places.insert(p);
            }
        }
        counts.places = places.len() as u64;
        let mut warnings = Vec::new();
        if !v.root_name.eq_ignore_ascii_case(ROOT_NAME) {
            warnings.push(format!(
                "root key is `{}`, not `{ROOT_NAME}` (nav_merge_mesh ignores the root name)",
                v.root_name
            ));
        }
        match v.version {
            Some(1) => {}
            Some(n) => warnings.push(format!(
                "version {n}; the engine writes 1 (and does not check it)"
            )),
            None => warnings.push("no `version` key; the engine writes 1".to_string()),
        }
        if v.areas.is_empty() {
            warnings.push("no areas (the engine refuses to save an empty selection)".to_string());
        }
        if outside > 0 {
            warnings.push(format!(
                "{outside} connections lead to areas not in this selection: normal for a partial selection edited by hand or made by another tool (the engine itself writes only connections between selected areas); nav_merge_mesh skips them and stitches the merged areas to the existing mesh instead"
            ));
        }
        if !v.unknown.is_empty() {
            warnings.push(format!(
                "{} root keys the engine reads as extra areas at the origin or ignores: {}",
                v.unknown.len(),
                v.unknown.join(", ")
            ));
        }
        let unknown_in_areas: usize = v.areas.iter().map(|a| a.unknown.len()).sum();
        if unknown_in_areas > 0 {
            warnings.push(format!(
                "{unknown_in_areas} unknown keys inside area blocks (kept, ignored by the engine)"
            ));
        }
        warnings.extend(v.problems.iter().cloned());
        let mut details = std::collections::BTreeMap::new();
        details.insert("root".to_string(), serde_json::json!(v.root_name));
        if self.entries.iter().any(Entry::is_conditional) {
            details.insert("conditions".to_string(), serde_json::json!(true));
        }
        if v.version.is_some() {
            details.insert(
                "engine_note".to_string(),
                serde_json::json!(
                    "nav_merge_mesh also reads the `version` key as an area: it adds one zero-size area at the origin"
                ),
            );
        }
        Summary {
            format: Format::SourceSelected,
            version: v.version.and_then(|n| u64::try_from(n).ok()).unwrap_or(0),
            variant: None,
            counts,
            bounds: Bounds::of_points(v.areas.iter().flat_map(|a| a.polygon())),
            details,
            warnings,
        }
    }

    fn to_model(&self) -> NavMesh {
        let v = self.view();
        let mut mesh = NavMesh {
            format: Some(Format::SourceSelected),
            // The text holds the base attribute word of any Source game.
            attribute_table: attribute_table(16, Layout::Base),
            ..NavMesh::default()
        };
        let mut place_index: HashMap<String, u32> = HashMap::new();
        for a in &v.areas {
            let id = a.id as u64;
            let place = a.place.as_deref().filter(|p| !p.is_empty()).map(|p| {
                *place_index.entry(p.to_string()).or_insert_with(|| {
                    mesh.places.push(p.to_string());
                    // One place per distinct name of an area: far fewer than 2^32.
                    u32::try_from(mesh.places.len() - 1).unwrap_or(u32::MAX)
                })
            });
            let bits = a.attributes.unwrap_or(0);
            mesh.areas.push(m::Area {
                id,
                polygon: a.polygon().to_vec(),
                attributes: bits.into(),
                place,
                group: 0,
                origin: Some(id),
            });
            for (dir, list) in a.connections() {
                mesh.connections
                    .extend(list.iter().map(|&to| m::Connection {
                        from: id,
                        to: to as u64,
                        kind: ConnectionKind::Walk,
                        direction: Some(dir),
                    }));
            }
        }
        mesh
    }
}
