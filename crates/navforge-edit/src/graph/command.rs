//! Graph commands and their parser: `node add 0,0,24 radius 32`, `node move 5 10,20,24`,
//! `node delete 5`, `node flags 5 +hazard`, `node radius 5 40`, `link add 3 9 long-jump
//! traversal X,Y,Z X,Y,Z X,Y,Z`, `link delete 3 9`, `show 5`, `undo`, `redo`.

use crate::command::AttributeOp;
use crate::error::EditError;
use crate::parse::{Args, words};

/// A flag to set, clear or flip, by name (`+hazard`, `-underwater`, `~bit12`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagChange {
    /// The flag's name, or `bitN`.
    pub name: String,
    /// What happens to it.
    pub op: AttributeOp,
}

/// The entity a link depends on (a door, lift or train): its number (Quake: the entity index,
/// as in `func_door_16`; Quake II: the model index) and box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EdictSpec {
    /// Entity index (`NAV2`) or model index (`NAV3`).
    pub entity: i32,
    /// Lower corner of the entity's box.
    pub mins: [f32; 3],
    /// Upper corner.
    pub maxs: [f32; 3],
}

/// One graph command. Node numbers are indices in the file (deleting a node renumbers the
/// nodes after it down by one, as the file stores them).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum GraphCommand {
    /// Add a node (it gets the next index).
    NodeAdd {
        /// Where.
        at: [f32; 3],
        /// Radius (default 32, the commonest in real files).
        radius: Option<i32>,
        /// Flags to set.
        flags: Vec<FlagChange>,
    },
    /// Move a node.
    NodeMove {
        /// The node.
        node: usize,
        /// Its new position.
        to: [f32; 3],
    },
    /// Delete nodes with every link to or from them, the links' traversals and edicts.
    NodeDelete(Vec<usize>),
    /// Set, clear or flip node flags.
    NodeFlags {
        /// The node.
        node: usize,
        /// The changes.
        changes: Vec<FlagChange>,
    },
    /// Set a node's radius.
    NodeRadius {
        /// The node.
        node: usize,
        /// The radius.
        radius: i32,
    },
    /// Add a link (one way unless `both`).
    LinkAdd {
        /// The node it leaves.
        from: usize,
        /// The node it reaches.
        to: usize,
        /// The link type by name or number (default walk).
        kind: Option<String>,
        /// Add the link back too.
        both: bool,
        /// The flag byte (`NAV2` v18 team mask, `NAV3` link flags; default: all teams).
        flags: Option<u8>,
        /// Jump points: where the bot leaves the node, starts the jump, lands.
        traversal: Option<[[f32; 3]; 3]>,
        /// `NAV3` v4+: the traversal's ladder plane (default zero).
        plane: Option<[f32; 3]>,
        /// The entity the link depends on.
        edict: Option<EdictSpec>,
    },
    /// Delete the links from one node to another (of one type, if given), with their
    /// traversals and edicts.
    LinkDelete {
        /// The node they leave.
        from: usize,
        /// The node they reach.
        to: usize,
        /// Only links of this type.
        kind: Option<String>,
        /// The links back too.
        both: bool,
    },
    /// Show a node.
    Show(usize),
    /// Undo the last N edits.
    Undo(usize),
    /// Redo N undone edits.
    Redo(usize),
    /// Front ends: write the graph (to its file, or this one).
    Save(Option<String>),
    /// Front ends: list the commands.
    Help,
    /// Front ends: leave.
    Quit,
}

/// Every graph command word (for completion and `help`).
pub const GRAPH_COMMAND_NAMES: &[&str] = &[
    "node",
    "link",
    "delete",
    "show",
    "undo",
    "redo",
    "save",
    "help",
    "quit",
    "add",
    "move",
    "flags",
    "radius",
    "both",
    "traversal",
    "plane",
    "edict",
];

/// Parse one line of graph commands. `Ok(None)` for a blank line or a `#` comment.
pub fn parse_graph(line: &str) -> Result<Option<GraphCommand>, EditError> {
    let words = words(line);
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
    let mut p = Args { name, args, at: 0 };
    let cmd = match name.to_ascii_lowercase().as_str() {
        "node" => match p.word("add, move, delete, flags or radius")? {
            "add" => {
                let at = p.point_word()?;
                let mut radius = None;
                let mut flags = Vec::new();
                while let Some(w) = p.peek() {
                    if w.eq_ignore_ascii_case("radius") {
                        p.at += 1;
                        radius = Some(p.int()?);
                    } else {
                        flags.push(p.flag_change()?);
                    }
                }
                GraphCommand::NodeAdd { at, radius, flags }
            }
            "move" => GraphCommand::NodeMove {
                node: p.node()?,
                to: p.point_word()?,
            },
            "delete" => GraphCommand::NodeDelete(p.nodes()?),
            "flags" => {
                let node = p.node()?;
                let mut changes = vec![p.flag_change()?];
                while p.peek().is_some() {
                    changes.push(p.flag_change()?);
                }
                GraphCommand::NodeFlags { node, changes }
            }
            "radius" => GraphCommand::NodeRadius {
                node: p.node()?,
                radius: p.int()?,
            },
            other => return Err(p.bad(&format!("`node {other}` is not a node command"))),
        },
        "delete" => GraphCommand::NodeDelete(p.nodes()?),
        "link" => match p.word("add or delete")? {
            "add" => {
                let (from, to) = (p.node()?, p.node()?);
                let mut cmd = (None, false, None, None, None, None);
                while let Some(w) = p.peek() {
                    p.at += 1;
                    match w.to_ascii_lowercase().as_str() {
                        "both" => cmd.1 = true,
                        "flags" => {
                            let v = p.int()?;
                            cmd.2 =
                                Some(u8::try_from(v).map_err(|_| {
                                    p.bad(&format!("flags {v} do not fit in a byte"))
                                })?);
                        }
                        "traversal" => {
                            cmd.3 = Some([p.point_word()?, p.point_word()?, p.point_word()?])
                        }
                        "plane" => cmd.4 = Some(p.point_word()?),
                        "edict" => {
                            cmd.5 = Some(EdictSpec {
                                entity: p.int()?,
                                mins: p.point_word()?,
                                maxs: p.point_word()?,
                            })
                        }
                        _ if cmd.0.is_none() => cmd.0 = Some(w.to_string()),
                        _ => return Err(p.bad(&format!("unexpected `{w}`"))),
                    }
                }
                GraphCommand::LinkAdd {
                    from,
                    to,
                    kind: cmd.0,
                    both: cmd.1,
                    flags: cmd.2,
                    traversal: cmd.3,
                    plane: cmd.4,
                    edict: cmd.5,
                }
            }
            "delete" => {
                let (from, to) = (p.node()?, p.node()?);
                let (mut kind, mut both) = (None, false);
                while let Some(w) = p.peek() {
                    p.at += 1;
                    if w.eq_ignore_ascii_case("both") {
                        both = true;
                    } else if kind.is_none() {
                        kind = Some(w.to_string());
                    } else {
                        return Err(p.bad(&format!("unexpected `{w}`")));
                    }
                }
                GraphCommand::LinkDelete {
                    from,
                    to,
                    kind,
                    both,
                }
            }
            other => return Err(p.bad(&format!("`link {other}` is not a link command"))),
        },
        "show" => GraphCommand::Show(p.node()?),
        "undo" => GraphCommand::Undo(p.count()?),
        "redo" => GraphCommand::Redo(p.count()?),
        "save" => GraphCommand::Save(p.peek().map(str::to_string).inspect(|_| p.at += 1)),
        "help" | "?" => GraphCommand::Help,
        "quit" | "exit" | "q" => GraphCommand::Quit,
        other => {
            return Err(EditError::Parse(format!(
                "unknown command `{other}` (a Quake graph takes node, link, delete, show, undo, redo, save)"
            )));
        }
    };
    p.done()?;
    Ok(Some(cmd))
}

/// The argument kinds of graph commands, on the area parser's cursor.
impl Args<'_> {
    fn node(&mut self) -> Result<usize, EditError> {
        let w = self.word("a node number")?;
        w.strip_prefix('#')
            .unwrap_or(w)
            .parse()
            .map_err(|_| self.bad(&format!("`{w}` is not a node number")))
    }

    fn nodes(&mut self) -> Result<Vec<usize>, EditError> {
        let mut v = vec![self.node()?];
        while self.peek().is_some() {
            v.push(self.node()?);
        }
        Ok(v)
    }

    pub(crate) fn int(&mut self) -> Result<i32, EditError> {
        let w = self.word("a whole number")?;
        let parsed = match w.strip_prefix("0x") {
            Some(hex) => i32::from_str_radix(hex, 16).ok(),
            None => w.parse().ok(),
        };
        parsed.ok_or_else(|| self.bad(&format!("`{w}` is not a whole number")))
    }

    /// `X,Y,Z` in one word (graph points are never split over three).
    pub(crate) fn point_word(&mut self) -> Result<[f32; 3], EditError> {
        let w = self.word("a point X,Y,Z")?;
        navforge_core::xyz::parse(w).map_err(|e| self.bad(&e.to_string()))
    }

    fn flag_change(&mut self) -> Result<FlagChange, EditError> {
        let w = self.word("a flag like +hazard, -underwater or ~teleporter")?;
        let Some((op, name)) = crate::parse::signed_name(w) else {
            return Err(self.bad(&format!("`{w}`: write +NAME, -NAME or ~NAME")));
        };
        Ok(FlagChange {
            name: name.to_string(),
            op,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_lines_parse() {
        assert_eq!(
            parse_graph("link add 3 9 long-jump traversal 0,0,0 1,0,0 64,0,-8 # jump").unwrap(),
            Some(GraphCommand::LinkAdd {
                from: 3,
                to: 9,
                kind: Some("long-jump".into()),
                both: false,
                flags: None,
                traversal: Some([[0.0; 3], [1.0, 0.0, 0.0], [64.0, 0.0, -8.0]]),
                plane: None,
                edict: None,
            })
        );
        assert_eq!(
            parse_graph("node add 1,2,3 radius 20 +hazard").unwrap(),
            Some(GraphCommand::NodeAdd {
                at: [1.0, 2.0, 3.0],
                radius: Some(20),
                flags: vec![FlagChange {
                    name: "hazard".into(),
                    op: AttributeOp::Mark
                }],
            })
        );
        assert_eq!(
            parse_graph("delete 4 5").unwrap(),
            Some(GraphCommand::NodeDelete(vec![4, 5]))
        );
        for (line, why) in [
            ("split 3 x=4", "unknown command `split`"),
            ("node move 3 1,2", "not a point"),
            ("link add 3", "expected a node number"),
            ("node flags 3 hazard", "+NAME"),
            ("link add 1 2 walk both extra", "unexpected `extra`"),
            ("node radius 2 x", "not a whole number"),
        ] {
            let e = parse_graph(line).unwrap_err().to_string();
            assert!(e.contains(why), "{line}: {e}");
        }
    }
}
