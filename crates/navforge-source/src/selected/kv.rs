//! The KeyValues tokenizer and parser: text to a lossless token tree, and the sniffer.

use std::borrow::Cow;

use navforge_core::{Error, Result};

use super::{
    BOM, Entry, MAX_DEPTH, ROOT_NAME, SELECTED_FORMAT, SelectedAreasDocument, SelectedTag, Token,
};

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

pub(super) fn err(field: impl Into<String>, offset: u64, msg: impl Into<String>) -> Error {
    Error::invalid(SELECTED_FORMAT, field, offset, msg)
}

pub(super) fn is_space(b: u8) -> bool {
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

pub(super) fn parse(data: &[u8]) -> Result<SelectedAreasDocument> {
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
/// BOM, whitespace, `//` comments and `#base`/`#include` directive lines, which the reader keeps
/// as entries before the root; the name compared without regard to ASCII case, as the engine
/// compares keys).
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
    // A few directives at most: sniffing stays a look at the file's head.
    for _ in 0..16 {
        let key = match lx.next() {
            Ok((_, Some((Kind::Text, raw, _)))) => Token {
                before: String::new(),
                raw: raw.to_string(),
            }
            .text()
            .into_owned(),
            _ => return false,
        };
        if !key.starts_with('#') {
            return key.eq_ignore_ascii_case(ROOT_NAME);
        }
        // The directive's file name, then an optional condition.
        if !matches!(lx.next(), Ok((_, Some((Kind::Text, _, _))))) {
            return false;
        }
        let save = lx.pos;
        if !matches!(lx.next(), Ok((_, Some((Kind::Condition, _, _))))) {
            lx.pos = save;
        }
    }
    false
}
