//! Triangle-mesh commands and their parser: `navmesh 0x000B83E0`, `select 3 4`, `select box
//! X,Y,Z X,Y,Z`, `select flood 3`, `delete`, `move 12 X,Y,Z`, `weld 4 9`, `split 3 1`,
//! `flags 3 +0x800`, `cover 3 0x30`, `link 3 2 0x000F26CA 17`, `unlink 3 2`, `door 3 0x0001A2B3`,
//! `show 3`, `check`, `undo`, `redo`.

use crate::command::AttributeOp;
use crate::error::EditError;
use crate::parse::{Args, words};

/// How `select` changes the selected triangles.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TriSelect {
    /// These triangles (added to the selection).
    Ids(Vec<usize>),
    /// Every triangle whose centre lies in the box (corners in any order).
    Box([f32; 3], [f32; 3]),
    /// The triangle and every triangle reached from it through shared edges.
    Flood(usize),
    /// Every triangle.
    All,
    /// Nothing.
    None,
}

/// One triangle-mesh command. Triangle and vertex numbers are indices in the navmesh (deleting
/// renumbers the later ones down, as the file stores them).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TriCommand {
    /// List the navmeshes (`None`), or edit this one: a form ID or editor ID in a plugin, a
    /// group number in a `.nav2`.
    Navmesh(Option<String>),
    /// Change the selection.
    Select(TriSelect),
    /// Delete these triangles (the selection when empty).
    Delete(Vec<usize>),
    /// Move a vertex.
    Move {
        /// The vertex.
        vertex: usize,
        /// Where to.
        to: [f32; 3],
    },
    /// Weld vertex `gone` onto vertex `keep`.
    Weld {
        /// The vertex that stays.
        keep: usize,
        /// The vertex that goes.
        gone: usize,
    },
    /// Split an edge of a triangle at its midpoint.
    Split {
        /// The triangle.
        triangle: usize,
        /// Its edge: 0 (corners 0-1), 1 (1-2) or 2 (2-0).
        edge: usize,
    },
    /// Set, clear or flip triangle flag bits, or set the whole word.
    Flags {
        /// The triangles (the selection when empty).
        triangles: Vec<usize>,
        /// `Mark`/`Clear`/`Toggle` these bits; `None` sets the word.
        op: Option<AttributeOp>,
        /// The bits or the word.
        value: u16,
    },
    /// Set the cover word of triangles.
    Cover {
        /// The triangles (the selection when empty).
        triangles: Vec<usize>,
        /// The cover word.
        value: u16,
    },
    /// Link an edge to a triangle of another navmesh (an `NVNM` edge link).
    Link {
        /// The triangle.
        triangle: usize,
        /// Its edge.
        edge: usize,
        /// The other navmesh's form ID.
        navmesh: u32,
        /// The triangle there.
        to: i16,
        /// 0 portal, 1 ledge up, 2 ledge down, 3 enable/disable portal.
        kind: u32,
        /// Fallout 4: the other triangle's edge.
        other_edge: u8,
    },
    /// Remove an edge's link or neighbour.
    Unlink {
        /// The triangle.
        triangle: usize,
        /// Its edge.
        edge: usize,
    },
    /// Link a triangle to a door reference (`None`: remove its door links).
    Door {
        /// The triangle.
        triangle: usize,
        /// The door's reference form ID.
        door: Option<u32>,
    },
    /// Show a triangle (or the navmesh when `None`).
    Show(Option<usize>),
    /// Check the navmesh.
    Check,
    /// Undo the last N edits.
    Undo(usize),
    /// Redo N undone edits.
    Redo(usize),
    /// Front ends: write the document.
    Save(Option<String>),
    /// Front ends: list the commands.
    Help,
    /// Front ends: leave.
    Quit,
}

/// Every triangle-mesh command word (for completion and `help`).
pub const TRI_COMMAND_NAMES: &[&str] = &[
    "navmesh", "select", "delete", "move", "weld", "split", "flags", "cover", "link", "unlink",
    "door", "show", "check", "undo", "redo", "save", "help", "quit", "box", "flood", "all", "none",
];

/// The help text of the triangle-mesh commands.
pub const TRI_HELP: &str = "commands: navmesh [FORMID|EDID|GROUP] | select T.. | select box X,Y,Z X,Y,Z | select flood T | select all | select none | delete [T..] | move V X,Y,Z | weld KEEP GONE | split T EDGE | flags T.. +BITS|-BITS|~BITS|=WORD | cover T.. WORD | link T EDGE NAVMESH TRI [portal|ledge-up|ledge-down|enable] [edge E] | unlink T EDGE | door T REF|none | show [T] | check | undo [N] | redo [N] | save [FILE] | quit\n(T: triangle index, V: vertex index, EDGE: 0 = corners 0-1, 1 = 1-2, 2 = 2-0; numbers may be 0x hex)";

/// Parse one line of triangle-mesh commands. `Ok(None)` for a blank line or a `#` comment.
pub fn parse_trimesh(line: &str) -> Result<Option<TriCommand>, EditError> {
    let words = words(line);
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
    let mut p = Args { name, args, at: 0 };
    let cmd = match name.to_ascii_lowercase().as_str() {
        "navmesh" => TriCommand::Navmesh(p.peek().map(str::to_string).inspect(|_| p.at += 1)),
        "select" => TriCommand::Select(match p.peek().map(str::to_ascii_lowercase).as_deref() {
            Some("box") => {
                p.at += 1;
                TriSelect::Box(p.point_word()?, p.point_word()?)
            }
            Some("flood") => {
                p.at += 1;
                TriSelect::Flood(p.index("a triangle")?)
            }
            Some("all") => {
                p.at += 1;
                TriSelect::All
            }
            Some("none" | "clear") => {
                p.at += 1;
                TriSelect::None
            }
            _ => TriSelect::Ids(p.indices("a triangle", true)?),
        }),
        "delete" => TriCommand::Delete(p.indices("a triangle", false)?),
        "move" => TriCommand::Move {
            vertex: p.index("a vertex")?,
            to: p.point_word()?,
        },
        "weld" => TriCommand::Weld {
            keep: p.index("a vertex")?,
            gone: p.index("a vertex")?,
        },
        "split" => TriCommand::Split {
            triangle: p.index("a triangle")?,
            edge: p.index("an edge (0, 1 or 2)")?,
        },
        "flags" => {
            let mut triangles = Vec::new();
            loop {
                let w = p.word("triangles, then +BITS, -BITS, ~BITS or =WORD")?;
                let (op, rest) = match crate::parse::signed_name(w) {
                    Some((op, rest)) => (Some(op), rest),
                    None => match w.strip_prefix('=') {
                        Some(rest) => (None, rest),
                        None => {
                            triangles.push(p.number_of(w, "a triangle")?);
                            continue;
                        }
                    },
                };
                let value = u16::try_from(p.number_of(rest, "a flag value")?)
                    .map_err(|_| p.bad(&format!("`{rest}` does not fit in 16 bits")))?;
                break TriCommand::Flags {
                    triangles,
                    op,
                    value,
                };
            }
        }
        "cover" => {
            let mut all = p.indices("a triangle and a cover word", true)?;
            let value = all.pop().unwrap_or_default();
            TriCommand::Cover {
                triangles: all,
                value: u16::try_from(value)
                    .map_err(|_| p.bad(&format!("cover {value} does not fit in 16 bits")))?,
            }
        }
        "link" => {
            let triangle = p.index("a triangle")?;
            let edge = p.index("an edge (0, 1 or 2)")?;
            let navmesh = u32::try_from(p.index("the other navmesh's form ID")?)
                .map_err(|_| p.bad("the form ID does not fit in 32 bits"))?;
            let to = i16::try_from(p.index("the triangle there")?)
                .map_err(|_| p.bad("the other triangle's index is past 32767"))?;
            let (mut kind, mut other_edge) = (0, 0);
            while let Some(w) = p.peek() {
                p.at += 1;
                match w.to_ascii_lowercase().as_str() {
                    "portal" => kind = 0,
                    "ledge-up" => kind = 1,
                    "ledge-down" => kind = 2,
                    "enable" => kind = 3,
                    "edge" => {
                        other_edge = u8::try_from(p.index("the other triangle's edge")?)
                            .map_err(|_| p.bad("an edge is 0, 1 or 2"))?;
                    }
                    _ => return Err(p.bad(&format!("unexpected `{w}`"))),
                }
            }
            TriCommand::Link {
                triangle,
                edge,
                navmesh,
                to,
                kind,
                other_edge,
            }
        }
        "unlink" => TriCommand::Unlink {
            triangle: p.index("a triangle")?,
            edge: p.index("an edge (0, 1 or 2)")?,
        },
        "door" => {
            let triangle = p.index("a triangle")?;
            let w = p.word("a door reference form ID, or none")?;
            let door = if w.eq_ignore_ascii_case("none") {
                None
            } else {
                Some(
                    u32::try_from(p.number_of(w, "a door reference")?)
                        .map_err(|_| p.bad("the form ID does not fit in 32 bits"))?,
                )
            };
            TriCommand::Door { triangle, door }
        }
        "show" => TriCommand::Show(match p.peek() {
            Some(_) => Some(p.index("a triangle")?),
            None => None,
        }),
        "check" => TriCommand::Check,
        "undo" => TriCommand::Undo(p.count()?),
        "redo" => TriCommand::Redo(p.count()?),
        "save" => TriCommand::Save(p.peek().map(str::to_string).inspect(|_| p.at += 1)),
        "help" | "?" => TriCommand::Help,
        "quit" | "exit" | "q" => TriCommand::Quit,
        other => {
            return Err(EditError::Parse(format!(
                "unknown command `{other}` (a triangle navmesh takes navmesh, select, delete, move, weld, split, flags, cover, link, unlink, door, show, check, undo, redo, save)"
            )));
        }
    };
    p.done()?;
    Ok(Some(cmd))
}

impl Args<'_> {
    /// A whole number, decimal or `0x` hex.
    fn number_of(&self, w: &str, what: &str) -> Result<usize, EditError> {
        let parsed = match w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
            Some(hex) => usize::from_str_radix(hex, 16).ok(),
            None => w.strip_prefix('#').unwrap_or(w).parse().ok(),
        };
        parsed.ok_or_else(|| self.bad(&format!("`{w}` is not {what}")))
    }

    fn index(&mut self, what: &str) -> Result<usize, EditError> {
        let w = self.word(what)?;
        self.number_of(w, what)
    }

    /// Every remaining word as an index (at least one when `needed`).
    fn indices(&mut self, what: &str, needed: bool) -> Result<Vec<usize>, EditError> {
        let mut v = Vec::new();
        if needed {
            v.push(self.index(what)?);
        }
        while self.peek().is_some() {
            v.push(self.index(what)?);
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_lines_parse() {
        assert_eq!(
            parse_trimesh("flags 3 4 +0x800 # found").unwrap(),
            Some(TriCommand::Flags {
                triangles: vec![3, 4],
                op: Some(AttributeOp::Mark),
                value: 0x800
            })
        );
        assert_eq!(
            parse_trimesh("link 3 2 0x000F26CA 17 ledge-down").unwrap(),
            Some(TriCommand::Link {
                triangle: 3,
                edge: 2,
                navmesh: 0x000F_26CA,
                to: 17,
                kind: 2,
                other_edge: 0
            })
        );
        assert_eq!(
            parse_trimesh("select box 0,0,0 10,10,10").unwrap(),
            Some(TriCommand::Select(TriSelect::Box(
                [0.0; 3],
                [10.0, 10.0, 10.0]
            )))
        );
        assert_eq!(
            parse_trimesh("delete").unwrap(),
            Some(TriCommand::Delete(vec![]))
        );
        assert_eq!(
            parse_trimesh("navmesh 0x000B83E0").unwrap(),
            Some(TriCommand::Navmesh(Some("0x000B83E0".into())))
        );
        for (line, why) in [
            ("move 3 1,2", "not a point"),
            ("weld 3", "expected a vertex"),
            ("flags 3 +0x10000", "does not fit in 16 bits"),
            ("door 3 x", "not a door reference"),
            ("node add 1,2,3", "unknown command `node`"),
            ("split 1 2 3", "unexpected `3`"),
        ] {
            let e = parse_trimesh(line).unwrap_err().to_string();
            assert!(e.contains(why), "{line}: {e}");
        }
    }
}
