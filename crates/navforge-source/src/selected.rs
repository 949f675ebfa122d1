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

use navforge_core::model::{self as m, ConnectionKind, Direction, NavMesh};
use navforge_core::{Bounds, Counts, Error, Format, NavDocument, Result, Summary};
use serde::{Deserialize, Serialize};

use crate::model::attribute_table;

/// The format name: `source-selected`.
pub const SELECTED_FORMAT: &str = "source-selected";

/// The root key the engine writes.
pub const ROOT_NAME: &str = "Selected Nav Areas";

/// How deep blocks may nest (the engine's files nest 3 deep).
pub const MAX_DEPTH: usize = 32;

const BOM: &str = "\u{feff}";

/// Serialises as `"source-selected"`; any other tag is refused when reading JSON.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SelectedTag;

impl Serialize for SelectedTag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(SELECTED_FORMAT)
    }
}

impl<'de> Deserialize<'de> for SelectedTag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let tag: Cow<'de, str> = Deserialize::deserialize(d)?;
        if tag == SELECTED_FORMAT {
            Ok(SelectedTag)
        } else {
            Err(serde::de::Error::custom(format!(
                "format is `{tag}`, expected `{SELECTED_FORMAT}`"
            )))
        }
    }
}

/// One token with the whitespace and comments before it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
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
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    Value {
        key: Token,
        /// A `[$COND]` between the key and the value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_condition: Option<Token>,
        value: Token,
        /// A `[$COND]` after the value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<Token>,
    },
    Block {
        key: Token,
        /// A `[$COND]` between the key and `{`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_condition: Option<Token>,
        /// Whitespace and comments before `{`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        open: String,
        children: Vec<Entry>,
        /// Whitespace and comments before `}`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        close: String,
    },
}

impl Entry {
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
pub struct SelectedAreasDocument {
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
// Tokenizer and parser

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Open,
    Close,
    Condition,
}

/// A token's kind, text and position in the text.
type Lexed<'a> = (Kind, &'a str, usize);

struct Lexer<'a> {
    s: &'a str,
    pos: usize,
    /// Added to positions in errors (the BOM's length).
    base: u64,
}

fn err(field: impl Into<String>, offset: u64, msg: impl Into<String>) -> Error {
    Error::invalid(SELECTED_FORMAT, field, offset, msg)
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl<'a> Lexer<'a> {
    fn offset(&self, at: usize) -> u64 {
        self.base + at as u64
    }

    /// The trivia from here, then the next token (kind, start offset); `None` at the end, with the
    /// position left after the final trivia.
    fn next(&mut self) -> Result<(&'a str, Option<Lexed<'a>>)> {
        let b = self.s.as_bytes();
        let start = self.pos;
        let mut i = self.pos;
        loop {
            match b.get(i) {
                Some(&c) if is_space(c) => i += 1,
                Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                    while let Some(&c) = b.get(i) {
                        if c == b'\n' {
                            break;
                        }
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        let trivia = &self.s[start..i];
        let tok_start = i;
        let kind = match b.get(i) {
            None => {
                self.pos = i;
                return Ok((trivia, None));
            }
            Some(b'{') => {
                i += 1;
                Kind::Open
            }
            Some(b'}') => {
                i += 1;
                Kind::Close
            }
            Some(b'"') => {
                i += 1;
                loop {
                    match b.get(i) {
                        None => {
                            return Err(err(
                                "string",
                                self.offset(tok_start),
                                "unterminated quoted string",
                            ));
                        }
                        Some(b'\\') if b.get(i + 1) == Some(&b'"') => i += 2,
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                Kind::Text
            }
            Some(b'[') => {
                loop {
                    match b.get(i) {
                        None => {
                            return Err(err(
                                "condition",
                                self.offset(tok_start),
                                "unterminated `[` condition",
                            ));
                        }
                        Some(b']') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                Kind::Condition
            }
            Some(_) => {
                while let Some(&c) = b.get(i) {
                    if is_space(c) || matches!(c, b'"' | b'{' | b'}' | b'[') {
                        break;
                    }
                    i += 1;
                }
                Kind::Text
            }
        };
        self.pos = i;
        // Token boundaries are ASCII bytes or the end, so these slices are on char boundaries.
        Ok((trivia, Some((kind, &self.s[tok_start..i], tok_start))))
    }

    /// The next token when it is a condition; otherwise nothing is consumed.
    fn condition(&mut self) -> Result<Option<Token>> {
        let save = self.pos;
        match self.next() {
            Ok((before, Some((Kind::Condition, raw, _)))) => Ok(Some(Token {
                before: before.to_string(),
                raw: raw.to_string(),
            })),
            // An unterminated condition is an error; anything else is left for the caller.
            Err(e) if e.field == "condition" => Err(e),
            _ => {
                self.pos = save;
                Ok(None)
            }
        }
    }
}

struct Frame {
    key: Token,
    key_condition: Option<Token>,
    open: String,
    children: Vec<Entry>,
    at: usize,
}

fn key_field(stack: &[Frame], key: &str) -> String {
    let mut f: Vec<Cow<'_, str>> = stack.iter().map(|fr| fr.key.text()).collect();
    f.push(Cow::Borrowed(key));
    f.join(" > ")
}

fn parse(data: &[u8]) -> Result<SelectedAreasDocument> {
    let text = std::str::from_utf8(data).map_err(|e| {
        err(
            "text",
            e.valid_up_to() as u64,
            "not UTF-8 text (the engine writes ASCII/UTF-8)",
        )
    })?;
    let (bom, body) = match text.strip_prefix(BOM) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut lx = Lexer {
        s: body,
        pos: 0,
        base: if bom { BOM.len() as u64 } else { 0 },
    };
    let mut top: Vec<Entry> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let end = loop {
        let (before, tok) = lx.next()?;
        let Some((kind, raw, at)) = tok else {
            if let Some(f) = stack.last() {
                return Err(err(
                    key_field(&stack[..stack.len() - 1], &f.key.text()),
                    lx.offset(f.at),
                    "block not closed: unbalanced braces (missing `}`)",
                ));
            }
            break before.to_string();
        };
        match kind {
            Kind::Close => {
                let Some(f) = stack.pop() else {
                    return Err(err("}", lx.offset(at), "`}` without an open block"));
                };
                let entry = Entry::Block {
                    key: f.key,
                    key_condition: f.key_condition,
                    open: f.open,
                    children: f.children,
                    close: before.to_string(),
                };
                match stack.last_mut() {
                    Some(p) => p.children.push(entry),
                    None => top.push(entry),
                }
            }
            Kind::Open | Kind::Condition => {
                return Err(err(
                    key_field(&stack, "?"),
                    lx.offset(at),
                    format!("`{raw}` where a key was expected"),
                ));
            }
            Kind::Text => {
                let key = Token {
                    before: before.to_string(),
                    raw: raw.to_string(),
                };
                let field = || key_field(&stack, &key.text());
                let (mut vbefore, mut vtok) = lx.next()?;
                let mut key_condition = None;
                if let Some((Kind::Condition, c, _)) = vtok {
                    key_condition = Some(Token {
                        before: vbefore.to_string(),
                        raw: c.to_string(),
                    });
                    (vbefore, vtok) = lx.next()?;
                }
                match vtok {
                    None => {
                        return Err(err(field(), lx.offset(lx.pos), "key without a value"));
                    }
                    Some((Kind::Open, _, vat)) => {
                        if stack.len() >= MAX_DEPTH {
                            return Err(err(
                                field(),
                                lx.offset(vat),
                                format!("blocks nested deeper than {MAX_DEPTH}"),
                            ));
                        }
                        stack.push(Frame {
                            key,
                            key_condition,
                            open: vbefore.to_string(),
                            children: Vec::new(),
                            at,
                        });
                    }
                    Some((Kind::Text, v, _)) => {
                        let value = Token {
                            before: vbefore.to_string(),
                            raw: v.to_string(),
                        };
                        let condition = lx.condition()?;
                        let entry = Entry::Value {
                            key,
                            key_condition,
                            value,
                            condition,
                        };
                        match stack.last_mut() {
                            Some(p) => p.children.push(entry),
                            None => top.push(entry),
                        }
                    }
                    Some((_, v, vat)) => {
                        return Err(err(
                            field(),
                            lx.offset(vat),
                            format!("`{v}` where a value or `{{` was expected"),
                        ));
                    }
                }
            }
        }
    };
    if top.is_empty() {
        return Err(err(
            "root",
            lx.offset(lx.pos),
            "no KeyValues key (empty file or only comments)",
        ));
    }
    Ok(SelectedAreasDocument {
        format: SelectedTag,
        bom,
        entries: top,
        end,
    })
}

/// Whether `data` is KeyValues text whose first key is `"Selected Nav Areas"` (after an optional
/// BOM, whitespace and `//` comments; the name compared without regard to ASCII case, as the
/// engine compares keys).
pub fn sniff_selected(data: &[u8]) -> bool {
    let text = match std::str::from_utf8(data) {
        Ok(s) => s,
        Err(e) => {
            std::str::from_utf8(data.get(..e.valid_up_to()).unwrap_or_default()).unwrap_or_default()
        }
    };
    let body = text.strip_prefix(BOM).unwrap_or(text);
    let mut lx = Lexer {
        s: body,
        pos: 0,
        base: 0,
    };
    match lx.next() {
        Ok((_, Some((Kind::Text, raw, _)))) => Token {
            before: String::new(),
            raw: raw.to_string(),
        }
        .text()
        .eq_ignore_ascii_case(ROOT_NAME),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Typed view

/// The engine's content of one area block.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SelectedArea {
    /// The block's name as written (the engine matches connections to it by this text).
    pub key: String,
    /// The area ID (`%d`, so negative text is the ID wrapped to 32 bits); 0 when the name is not a
    /// number (see [`SelectedView::problems`]).
    pub id: u32,
    /// Corners as written; `None` when the block is missing (the engine then reads the origin).
    pub north_west: Option<[f32; 3]>,
    pub north_east: Option<[f32; 3]>,
    pub south_west: Option<[f32; 3]>,
    pub south_east: Option<[f32; 3]>,
    /// Connected area IDs per side, in file order.
    pub north: Vec<u32>,
    pub south: Vec<u32>,
    pub east: Vec<u32>,
    pub west: Vec<u32>,
    pub place: Option<String>,
    pub attributes: Option<u32>,
    /// Keys of this block the engine does not read.
    pub unknown: Vec<String>,
}

impl SelectedArea {
    /// Connections per side in model direction order (north, east, south, west).
    pub fn connections(&self) -> [(Direction, &[u32]); 4] {
        [
            (Direction::North, &self.north),
            (Direction::East, &self.east),
            (Direction::South, &self.south),
            (Direction::West, &self.west),
        ]
    }

    /// The quad NW, NE, SE, SW as the engine builds it on merge: NW and SE, with only the heights
    /// of NE and SW (a missing corner reads as the origin).
    pub fn polygon(&self) -> [[f32; 3]; 4] {
        let nw = self.north_west.unwrap_or_default();
        let se = self.south_east.unwrap_or_default();
        let ne = self.north_east.unwrap_or_default();
        let sw = self.south_west.unwrap_or_default();
        [nw, [se[0], nw[1], ne[2]], se, [nw[0], se[1], sw[2]]]
    }
}

/// What `nav_merge_mesh` reads from the document.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SelectedView {
    /// The root key's name (the engine ignores it).
    pub root_name: String,
    pub version: Option<i64>,
    pub areas: Vec<SelectedArea>,
    /// Root keys the engine does not read as areas or the version.
    pub unknown: Vec<String>,
    /// Values that are not what the engine writes (garbage numbers, duplicates, missing parts).
    pub problems: Vec<String>,
}

/// The C library's `atof` reading of `s`: the longest numeric prefix, 0 when there is none.
fn c_float_prefix(s: &str) -> f64 {
    let b = s.as_bytes();
    let mut i = 0;
    while b.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let start = i;
    if matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut digits = 0;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return 0.0;
    }
    let mantissa_end = i;
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    s.get(start..i)
        .and_then(|p| p.parse().ok())
        .or_else(|| s.get(start..mantissa_end).and_then(|p| p.parse().ok()))
        .unwrap_or(0.0)
}

/// A 32-bit value as `%d` writes it (so from `i32::MIN` up; up to `u32::MAX` also accepted).
fn parse_u32(s: &str) -> Option<u32> {
    let v: i64 = s.parse().ok()?;
    if (i32::MIN as i64..=u32::MAX as i64).contains(&v) {
        Some(v as u32)
    } else {
        None
    }
}

fn has_key<'a>(entries: &'a [Entry], name: &str) -> impl Iterator<Item = &'a Entry> + 'a {
    let name = name.to_string();
    entries
        .iter()
        .filter(move |e| e.key().text().eq_ignore_ascii_case(&name))
}

const CORNERS: [&str; 4] = ["NorthWest", "NorthEast", "SouthWest", "SouthEast"];
const SIDES: [&str; 4] = ["North", "South", "East", "West"];

fn read_area(key: &str, children: &[Entry], problems: &mut Vec<String>) -> SelectedArea {
    let mut area = SelectedArea {
        key: key.to_string(),
        id: match parse_u32(key) {
            Some(id) => id,
            None => {
                problems.push(format!(
                    "area `{key}`: the name is not a 32-bit area ID (read as 0)"
                ));
                0
            }
        },
        ..SelectedArea::default()
    };
    let mut seen: HashSet<String> = HashSet::new();
    for e in children {
        let name = e.key().text();
        let lower = name.to_ascii_lowercase();
        let known = CORNERS
            .iter()
            .chain(SIDES.iter())
            .chain(["Place", "Attributes"].iter())
            .any(|k| k.eq_ignore_ascii_case(&name));
        if !known {
            area.unknown.push(name.into_owned());
            continue;
        }
        if !seen.insert(lower) {
            problems.push(format!(
                "area `{key}`: duplicate key `{name}` (the engine reads the first)"
            ));
            continue;
        }
        if let Some(ci) = CORNERS.iter().position(|k| k.eq_ignore_ascii_case(&name)) {
            let Some(kids) = e.children() else {
                problems.push(format!(
                    "area `{key}`: `{name}` is a value, not a block (read as the origin)"
                ));
                continue;
            };
            let mut p = [0f32; 3];
            for (axis, slot) in ["x", "y", "z"].iter().zip(p.iter_mut()) {
                let Some(v) = has_key(kids, axis).find_map(Entry::value) else {
                    problems.push(format!(
                        "area `{key}`: `{name}` has no `{axis}` (read as 0)"
                    ));
                    continue;
                };
                let t = v.text();
                let f = match t.parse::<f64>() {
                    Ok(f) => f,
                    Err(_) => {
                        let f = c_float_prefix(&t);
                        problems.push(format!(
                            "area `{key}`: `{name}` `{axis}` is not a number: `{t}` (the engine reads {f})"
                        ));
                        f
                    }
                };
                *slot = f as f32;
                if !slot.is_finite() {
                    problems.push(format!(
                        "area `{key}`: `{name}` `{axis}` is not finite: `{t}`"
                    ));
                }
            }
            let slot = match ci {
                0 => &mut area.north_west,
                1 => &mut area.north_east,
                2 => &mut area.south_west,
                _ => &mut area.south_east,
            };
            *slot = Some(p);
        } else if let Some(si) = SIDES.iter().position(|k| k.eq_ignore_ascii_case(&name)) {
            let Some(kids) = e.children() else {
                problems.push(format!(
                    "area `{key}`: `{name}` is a value, not a block (no connections read)"
                ));
                continue;
            };
            let list = match si {
                0 => &mut area.north,
                1 => &mut area.south,
                2 => &mut area.east,
                _ => &mut area.west,
            };
            for c in kids {
                match c.value() {
                    Some(v) => match parse_u32(&v.text()) {
                        Some(id) => list.push(id),
                        None => problems.push(format!(
                            "area `{key}`: `{name}` connection `{}` is not an area ID: `{}` (skipped)",
                            c.key().text(),
                            v.text()
                        )),
                    },
                    None => problems.push(format!(
                        "area `{key}`: `{name}` has a block `{}` (the engine reads only values)",
                        c.key().text()
                    )),
                }
            }
        } else if name.eq_ignore_ascii_case("Place") {
            match e.value() {
                Some(v) => area.place = Some(v.text().into_owned()),
                None => problems.push(format!("area `{key}`: `Place` is a block, not a value")),
            }
        } else {
            match e.value() {
                Some(v) => {
                    let t = v.text();
                    area.attributes = Some(match parse_u32(&t) {
                        Some(a) => a,
                        None => {
                            let a = c_float_prefix(&t) as i64 as u32;
                            problems.push(format!(
                                "area `{key}`: `Attributes` is not a 32-bit integer: `{t}` (read as {a})"
                            ));
                            a
                        }
                    });
                }
                None => problems.push(format!(
                    "area `{key}`: `Attributes` is a block, not a value"
                )),
            }
        }
    }
    for (c, name) in [
        (area.north_west, "NorthWest"),
        (area.south_east, "SouthEast"),
        (area.north_east, "NorthEast"),
        (area.south_west, "SouthWest"),
    ] {
        if c.is_none() {
            problems.push(format!(
                "area `{key}`: no `{name}` corner (the engine reads the origin)"
            ));
        }
    }
    if let (Some(nw), Some(ne), Some(sw), Some(se)) = (
        area.north_west,
        area.north_east,
        area.south_west,
        area.south_east,
    ) && (ne[0] != se[0] || ne[1] != nw[1] || sw[0] != nw[0] || sw[1] != se[1])
    {
        problems.push(format!(
            "area `{key}`: not an axis-aligned quad (the engine uses NorthWest, SouthEast and only the heights of NorthEast and SouthWest)"
        ));
    }
    area
}

impl SelectedAreasDocument {
    /// The content `nav_merge_mesh` reads. Never fails: what does not fit is listed in
    /// [`SelectedView::problems`] or `unknown`.
    pub fn view(&self) -> SelectedView {
        let mut v = SelectedView::default();
        // The root is the first block; `#base`/`#include` lines may come before it.
        let Some(at) = self
            .entries
            .iter()
            .position(|e| e.children().is_some())
            .or((!self.entries.is_empty()).then_some(0))
        else {
            v.problems.push("no root key".to_string());
            return v;
        };
        let root = &self.entries[at];
        v.root_name = root.key().text().into_owned();
        for (i, extra) in self.entries.iter().enumerate() {
            if i != at {
                v.unknown.push(extra.key().text().into_owned());
            }
        }
        let Some(children) = root.children() else {
            v.problems
                .push("the root key is a value, not a block: no areas".to_string());
            return v;
        };
        let mut ids: HashSet<&str> = HashSet::new();
        for e in children {
            let name = e.key().text();
            match e {
                Entry::Value { value, .. } if name.eq_ignore_ascii_case("version") => {
                    if v.version.is_some() {
                        v.problems
                            .push("duplicate `version` (the first counts)".to_string());
                        continue;
                    }
                    let t = value.text();
                    match t.parse::<i64>() {
                        Ok(n) => v.version = Some(n),
                        Err(_) => v
                            .problems
                            .push(format!("`version` is not an integer: `{t}`")),
                    }
                }
                Entry::Value { .. } => v.unknown.push(name.into_owned()),
                Entry::Block { children, .. } => {
                    if !ids.insert(match &e.key().raw {
                        r if e.key().is_quoted() => &r[1..r.len() - 1],
                        r => r,
                    }) {
                        v.problems.push(format!(
                            "duplicate area `{name}` (the engine merges both; connections resolve to the first)"
                        ));
                    }
                    v.areas.push(read_area(&name, children, &mut v.problems));
                }
            }
        }
        v
    }
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
            attribute_table: attribute_table(),
            ..NavMesh::default()
        };
        let mut place_index: HashMap<String, u32> = HashMap::new();
        for a in &v.areas {
            let id = a.id as u64;
            let place = a.place.as_deref().filter(|p| !p.is_empty()).map(|p| {
                *place_index.entry(p.to_string()).or_insert_with(|| {
                    mesh.places.push(p.to_string());
                    (mesh.places.len() - 1) as u32
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

// ---------------------------------------------------------------------------------------------
// From the model

fn bad(field: impl Into<String>, msg: impl Into<String>) -> Error {
    Error::invalid(SELECTED_FORMAT, field, 0, msg)
}

/// The side of `from` facing `to`, by polygon centres (north is -y).
fn side_towards(from: &[[f32; 3]], to: &[[f32; 3]]) -> Direction {
    let c = |p: &[[f32; 3]]| {
        let n = p.len().max(1) as f32;
        let (x, y) = p
            .iter()
            .fold((0f32, 0f32), |(x, y), q| (x + q[0], y + q[1]));
        (x / n, y / n)
    };
    let (f, t) = (c(from), c(to));
    let (dx, dy) = (t.0 - f.0, t.1 - f.1);
    if dx.abs() > dy.abs() {
        if dx > 0.0 {
            Direction::East
        } else {
            Direction::West
        }
    } else if dy > 0.0 {
        Direction::South
    } else {
        Direction::North
    }
}

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n('\t', n));
}

fn kv_value(out: &mut String, level: usize, name: &str, value: &str) {
    indent(out, level);
    out.push('"');
    out.push_str(&name.replace('"', "\\\""));
    out.push_str("\"\t\t\"");
    out.push_str(&value.replace('"', "\\\""));
    out.push_str("\"\n");
}

fn kv_open(out: &mut String, level: usize, name: &str) {
    indent(out, level);
    out.push('"');
    out.push_str(&name.replace('"', "\\\""));
    out.push_str("\"\n");
    indent(out, level);
    out.push_str("{\n");
}

fn kv_close(out: &mut String, level: usize) {
    indent(out, level);
    out.push_str("}\n");
}

/// The text `nav_save_selected` writes for `mesh` taken as the selected set, read back as a
/// document.
///
/// Areas come in model order, each an axis-aligned quad NW, NE, SE, SW (as
/// [`to_model`](NavDocument::to_model) makes them); IDs are printed with `%d` (so IDs of 2³¹ and up
/// print negative), coordinates with `%f`, attributes (raw bits and named flags) with `%d`. For
/// each side the key of a connection is its position in that side's list in the model, and only
/// connections to areas of `mesh` are written, as the engine writes only neighbours that are
/// selected. Connections without a direction get the side facing the target's centre. An area
/// without a place (or with an empty name) has no `Place` key, and a side without connections no
/// block, as in the engine's output.
pub fn selected_from_model(mesh: &NavMesh) -> Result<SelectedAreasDocument> {
    if mesh.areas.is_empty() {
        return Err(bad(
            "areas",
            "no areas (the engine does not save an empty selection)",
        ));
    }
    let mut index: HashMap<u64, usize> = HashMap::with_capacity(mesh.areas.len());
    for (i, a) in mesh.areas.iter().enumerate() {
        if index.insert(a.id, i).is_some() {
            return Err(bad(format!("area {}", a.id), "duplicate area ID"));
        }
    }
    // Per area, per side (N, S, E, W as written): (position in the side's list, target).
    let side_slot = |d: Direction| match d {
        Direction::North => 0,
        Direction::South => 1,
        Direction::East => 2,
        Direction::West => 3,
    };
    let mut lists: Vec<[Vec<(usize, u64)>; 4]> = vec![Default::default(); mesh.areas.len()];
    let mut counters: Vec<[usize; 4]> = vec![[0; 4]; mesh.areas.len()];
    for c in &mesh.connections {
        let from = *index
            .get(&c.from)
            .ok_or_else(|| bad("connections", format!("from unknown area {}", c.from)))?;
        let target = index.get(&c.to).copied();
        let dir = match (c.direction, target) {
            (Some(d), _) => d,
            (None, Some(t)) => side_towards(&mesh.areas[from].polygon, &mesh.areas[t].polygon),
            (None, None) => continue,
        };
        let s = side_slot(dir);
        let i = counters[from][s];
        counters[from][s] += 1;
        if target.is_some() {
            lists[from][s].push((i, c.to));
        }
    }
    let mut out = String::new();
    kv_open(&mut out, 0, ROOT_NAME);
    kv_value(&mut out, 1, "version", "1");
    for (a, sides) in mesh.areas.iter().zip(&lists) {
        let field = || format!("area {}", a.id);
        let id = u32::try_from(a.id).map_err(|_| bad(field(), "ID does not fit in 32 bits"))?;
        let ([nw, ne, se, sw], attributes) = crate::model::source_quad(a, SELECTED_FORMAT)?;
        if a.polygon.iter().flatten().any(|c| !c.is_finite()) {
            return Err(bad(
                field(),
                "a corner is not finite (the engine's `%f` text for it depends on the C library)",
            ));
        }
        let place = match a.place {
            None => "",
            Some(p) => mesh
                .places
                .get(p as usize)
                .ok_or_else(|| bad(field(), format!("place {p} is not in the place list")))?,
        };
        kv_open(&mut out, 1, &(id as i32).to_string());
        for (name, p) in [
            ("NorthWest", nw),
            ("NorthEast", ne),
            ("SouthWest", sw),
            ("SouthEast", se),
        ] {
            kv_open(&mut out, 2, name);
            for (axis, v) in ["x", "y", "z"].iter().zip(p) {
                kv_value(&mut out, 3, axis, &format!("{:.6}", v as f64));
            }
            kv_close(&mut out, 2);
        }
        for (name, list) in SIDES.iter().zip(sides) {
            if list.is_empty() {
                continue;
            }
            kv_open(&mut out, 2, name);
            for (i, to) in list {
                // Targets are areas of the mesh, so their IDs fit (checked in their own turn).
                kv_value(
                    &mut out,
                    3,
                    &i.to_string(),
                    &(*to as u32 as i32).to_string(),
                );
            }
            kv_close(&mut out, 2);
        }
        if !place.is_empty() {
            kv_value(&mut out, 2, "Place", place);
        }
        kv_value(&mut out, 2, "Attributes", &(attributes as i32).to_string());
        kv_close(&mut out, 1);
    }
    kv_close(&mut out, 0);
    parse(out.as_bytes()).map_err(|e| e.within("generated text"))
}
