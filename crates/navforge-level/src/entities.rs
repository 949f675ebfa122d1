//! The entity lump: `{ "key" "value" ... }` blocks, read leniently (junk between blocks, missing
//! quotes, comments, a missing closing brace and non-UTF-8 bytes are all survived).

use glam::Vec3;
use serde::Serialize;

/// One entity: its classname and its key/values in file order.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Entity {
    /// `classname`, or empty when the block has none.
    pub class: String,
    /// Every key/value pair, in file order (duplicates kept).
    pub pairs: Vec<(String, String)>,
}

impl Entity {
    /// The first value of `key` (keys compare case-insensitively, as the engines do).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
    /// A key read as three numbers (`origin`, `angles`), if it parses.
    pub fn vec3(&self, key: &str) -> Option<Vec3> {
        parse_vec3(self.get(key)?)
    }
    /// A key read as one number, if it parses.
    pub fn number(&self, key: &str) -> Option<f32> {
        let v: f32 = self.get(key)?.trim().parse().ok()?;
        (v.is_finite() && v.abs() <= crate::bytes::MAX_COORD).then_some(v)
    }
    /// `origin`, or zero.
    pub fn origin(&self) -> Vec3 {
        self.vec3("origin").unwrap_or(Vec3::ZERO)
    }
    /// The brush model it uses (`model` = `*N`), as the model number N.
    pub fn brush_model(&self) -> Option<usize> {
        let m = self.get("model")?.trim();
        m.strip_prefix('*')?.parse().ok()
    }
    /// Yaw in degrees from `angle` or `angles` (the second of pitch/yaw/roll).
    pub fn yaw(&self) -> Option<f32> {
        self.vec3("angles")
            .map(|a| a.y)
            .or_else(|| self.number("angle"))
    }
    /// True when `spawnflags` has any bit of `mask`.
    pub fn spawnflag(&self, mask: u32) -> bool {
        self.get("spawnflags")
            .and_then(|v| v.trim().parse::<i64>().ok())
            .is_some_and(|f| (f as u32) & mask != 0)
    }
}

fn parse_vec3(s: &str) -> Option<Vec3> {
    let mut it = s.split_ascii_whitespace().map(|t| t.parse::<f32>().ok());
    let v = Vec3::new(it.next()??, it.next()??, it.next()??);
    // A value past the world a level may span is read as absent, like an unparsable one.
    crate::bytes::bad_point(v).is_none().then_some(v)
}

/// Parse an entity lump. Never fails: unreadable parts are skipped.
pub fn parse_entities(bytes: &[u8]) -> Vec<Entity> {
    let text = String::from_utf8_lossy(bytes);
    let mut tokens = Tokens {
        s: text.as_bytes(),
        i: 0,
    };
    let mut out = Vec::new();
    let mut current: Option<Entity> = None;
    let mut pending_key: Option<String> = None;
    while let Some(tok) = tokens.next() {
        match tok {
            Token::Open => {
                if let Some(e) = current.take() {
                    out.push(e); // an unclosed block: keep what it had
                }
                current = Some(Entity::default());
                pending_key = None;
            }
            Token::Close => {
                if let Some(e) = current.take() {
                    out.push(e);
                }
                pending_key = None;
            }
            Token::Text(t) => {
                let Some(e) = current.as_mut() else { continue };
                match pending_key.take() {
                    None => pending_key = Some(t),
                    Some(k) => {
                        if k.eq_ignore_ascii_case("classname") && e.class.is_empty() {
                            e.class = t.clone();
                        }
                        e.pairs.push((k, t));
                    }
                }
            }
        }
    }
    if let Some(e) = current.take() {
        out.push(e);
    }
    out
}

enum Token {
    Open,
    Close,
    Text(String),
}

struct Tokens<'a> {
    s: &'a [u8],
    i: usize,
}

impl Tokens<'_> {
    fn next(&mut self) -> Option<Token> {
        loop {
            let c = *self.s.get(self.i)?;
            if c == 0 {
                return None; // the lump ends at its NUL
            }
            if c.is_ascii_whitespace() {
                self.i += 1;
                continue;
            }
            if c == b'/' && self.s.get(self.i + 1) == Some(&b'/') {
                while self.s.get(self.i).is_some_and(|&c| c != b'\n') {
                    self.i += 1;
                }
                continue;
            }
            self.i += 1;
            return Some(match c {
                b'{' => Token::Open,
                b'}' => Token::Close,
                b'"' => {
                    let start = self.i;
                    while self.s.get(self.i).is_some_and(|&c| c != b'"' && c != b'\n') {
                        self.i += 1;
                    }
                    let t = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
                    if self.s.get(self.i) == Some(&b'"') {
                        self.i += 1;
                    }
                    Token::Text(t)
                }
                _ => {
                    let start = self.i - 1;
                    while self
                        .s
                        .get(self.i)
                        .is_some_and(|&c| !c.is_ascii_whitespace() && !b"{}\"".contains(&c))
                    {
                        self.i += 1;
                    }
                    Token::Text(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ordered_pairs_and_survives_junk() {
        let text = b"junk {\n\"classname\" \"worldspawn\"\n\"wad\" \"a;b\"\n}\n{ \"origin\" \"1 2 3\" \"classname\" \"info_player_start\" \"angle\" \"90\" }\n{ \"classname\" \"unclosed\" \"k\"";
        let e = parse_entities(text);
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].class, "worldspawn");
        assert_eq!(e[0].get("WAD"), Some("a;b"));
        assert_eq!(e[1].class, "info_player_start");
        assert_eq!(e[1].pairs[0].0, "origin");
        assert_eq!(e[1].origin(), Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(e[1].yaw(), Some(90.0));
        assert_eq!(e[2].class, "unclosed");
    }

    #[test]
    fn brush_model_numbers() {
        let e = parse_entities(b"{ \"classname\" \"func_wall\" \"model\" \"*12\" }");
        assert_eq!(e[0].brush_model(), Some(12));
        let e = parse_entities(b"{ \"model\" \"models/x.mdl\" }");
        assert_eq!(e[0].brush_model(), None);
    }
}
