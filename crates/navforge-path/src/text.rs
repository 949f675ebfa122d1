//! A whitespace tokenizer for the benchmark text formats that remembers line numbers, so every
//! parse error can name its line.

use crate::error::{PathError, Result};

/// Tokens of a text, each with its 1-based line.
pub(crate) struct Tokens<'a> {
    format: &'static str,
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    current: std::str::SplitWhitespace<'a>,
    line: usize,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(format: &'static str, text: &'a str) -> Self {
        Tokens {
            format,
            lines: text.lines().enumerate(),
            current: "".split_whitespace(),
            line: 0,
        }
    }

    /// The line of the last token returned.
    pub(crate) fn line(&self) -> usize {
        self.line.max(1)
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> PathError {
        PathError::parse(self.format, self.line(), message)
    }

    /// The next token, or an error naming what was expected.
    pub(crate) fn next(&mut self, what: &str) -> Result<&'a str> {
        loop {
            if let Some(t) = self.current.next() {
                return Ok(t);
            }
            match self.lines.next() {
                Some((i, l)) => {
                    self.line = i + 1;
                    self.current = l.split_whitespace();
                }
                None => return Err(self.error(format!("file ends where {what} was expected"))),
            }
        }
    }

    /// Whether only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        loop {
            if self.current.clone().next().is_some() {
                return false;
            }
            match self.lines.next() {
                Some((i, l)) => {
                    self.line = i + 1;
                    self.current = l.split_whitespace();
                }
                None => return true,
            }
        }
    }

    pub(crate) fn expect(&mut self, word: &str) -> Result<()> {
        let t = self.next(word)?;
        if t == word {
            Ok(())
        } else {
            Err(self.error(format!("expected `{word}`, found `{}`", clip(t))))
        }
    }

    pub(crate) fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T> {
        let t = self.next(what)?;
        t.parse()
            .map_err(|_| self.error(format!("{what}: `{}` is not a valid number", clip(t))))
    }

    /// A finite float.
    pub(crate) fn float(&mut self, what: &str) -> Result<f64> {
        let v: f64 = self.number(what)?;
        if v.is_finite() {
            Ok(v)
        } else {
            Err(self.error(format!("{what}: {v} is not finite")))
        }
    }
}

/// A token cut short for error messages, so a corrupted file cannot flood the terminal.
pub(crate) fn clip(t: &str) -> String {
    t.chars().take(40).collect()
}
