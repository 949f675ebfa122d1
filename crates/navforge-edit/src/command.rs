//! Commands: one type for every front end, parsed from the console's `nav_*` names and the short
//! forms scripts use (`split 12 x=340`, `select radius 500 at 0,0,0`, ...).

use crate::error::EditError;

/// An axis-aligned cut line for a split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Axis {
    /// A line of constant x (`x=340`): west and east halves.
    X,
    /// A line of constant y (`y=120`): north and south halves.
    Y,
}

/// How an attribute changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AttributeOp {
    /// Set the bit (`+NAME`, `nav_mark_attribute`).
    Mark,
    /// Clear the bit (`-NAME`, `nav_clear_attribute`).
    Clear,
    /// Flip the bit (`~NAME`, `nav_toggle_attribute`, `nav_crouch`, ...).
    Toggle,
}

/// Which corner of an area (or all four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Corner {
    /// Smallest x and y.
    NorthWest,
    /// Largest x, smallest y.
    NorthEast,
    /// Largest x and y.
    SouthEast,
    /// Smallest x, largest y.
    SouthWest,
    /// The whole area.
    All,
}

/// What happens to the selected set.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum SelectOp {
    /// Add areas (kept in the order they were added).
    Add(Vec<u32>),
    /// Remove areas.
    Remove(Vec<u32>),
    /// Add an area when it is not selected, remove it when it is.
    Toggle(u32),
    /// Empty the set.
    Clear,
    /// Add every area whose centre lies within `radius` of `at`; a negative radius works like a
    /// positive one.
    Radius {
        /// The radius (its sign is ignored).
        radius: f32,
        /// The centre.
        at: [f32; 3],
    },
    /// Add everything reachable from the area by outgoing or incoming connections.
    Flood(u32),
    /// Drag-select: add every area whose centre lies in the box from `a` to `b` (x, y) and from
    /// the lower z to 32 units above the higher.
    Box {
        /// One corner.
        a: [f32; 3],
        /// The opposite corner.
        b: [f32; 3],
    },
}

/// One editing command. Area lists that are empty mean "the selected set, else the marked area".
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Command {
    /// Create an area from two corners; snapped to the 25-unit grid when asked. Connected both
    /// ways to the marked area, if any.
    Create {
        /// One corner.
        a: [f32; 3],
        /// The opposite corner.
        b: [f32; 3],
        /// Snap x and y to the generation grid.
        snap: bool,
    },
    /// Delete areas.
    Delete(Vec<u32>),
    /// `from`→`to` one way; `from` = `None` means the marked area. Both `None`: the selected set,
    /// two-way between the first area and each later one.
    Connect {
        /// The area the connection leaves (`None`: the marked area).
        from: Option<u32>,
        /// The area it reaches (`None` with `from` `None`: selected-set mode).
        to: Option<u32>,
    },
    /// Remove the connections between two areas, both ways.
    Disconnect(u32, u32),
    /// Remove the outgoing connections that the target does not return.
    DisconnectOneWays(Vec<u32>),
    /// Split an area along an axis-aligned line.
    Split {
        /// The area.
        id: u32,
        /// The line's axis.
        axis: Axis,
        /// Where the line is.
        at: f32,
    },
    /// Merge `other` into `keep`; the result has `keep`'s ID and properties.
    Merge {
        /// The area whose ID and properties survive (the marked area in the game).
        keep: u32,
        /// The area that goes.
        other: u32,
    },
    /// Mark, clear or toggle an attribute by name.
    Attribute {
        /// The areas.
        ids: Vec<u32>,
        /// The attribute name (case-insensitive, `NAV_MESH_` etc. prefixes allowed).
        name: String,
        /// What to do.
        op: AttributeOp,
    },
    /// Paint a place (`None` clears it).
    Place {
        /// The areas.
        ids: Vec<u32>,
        /// The place name.
        name: Option<String>,
    },
    /// Give the place to every area reachable from `id` through areas of `id`'s current place.
    PlaceFlood {
        /// The start area.
        id: u32,
        /// The place name.
        name: String,
    },
    /// Every area of place `from` gets place `to`.
    PlaceReplace {
        /// The old place.
        from: String,
        /// The new place.
        to: String,
    },
    /// Raise, lower or set corners' heights.
    Corner {
        /// The areas.
        ids: Vec<u32>,
        /// Which corner.
        corner: Corner,
        /// Added to the height (raise: positive, lower: negative).
        by: f32,
        /// When set, the height becomes this (place) instead.
        to: Option<f32>,
    },
    /// Move the selected set (else the marked area).
    Shift([f32; 3]),
    /// Mark an area (`None` unmarks).
    Mark(Option<u32>),
    /// Change the selected set.
    Select(SelectOp),
    /// Import a Selected Nav Areas file (`nav_merge_mesh`); `text` is filled by the front end.
    MergeMesh {
        /// The file named on the command line.
        path: String,
        /// Its contents.
        text: Vec<u8>,
    },
    /// Undo the last N edits.
    Undo(usize),
    /// Redo N undone edits.
    Redo(usize),
    /// Front ends: write the mesh (to its file, or this one).
    Save(Option<String>),
    /// Front ends: write the selected set as KeyValues (`nav_save_selected`).
    SaveSelected(String),
    /// Show an area's fields.
    Show(u32),
    /// List the place names (`nav_place_list`).
    PlaceList,
    /// Front ends: list the commands.
    Help,
    /// Front ends: leave.
    Quit,
}

impl Command {
    /// Whether the command changes the mesh (and so can be undone).
    pub fn edits(&self) -> bool {
        !matches!(
            self,
            Command::Mark(_)
                | Command::Select(_)
                | Command::Undo(_)
                | Command::Redo(_)
                | Command::Save(_)
                | Command::SaveSelected(_)
                | Command::Show(_)
                | Command::PlaceList
                | Command::Help
                | Command::Quit
        )
    }
}

/// Every command name the parser knows (for completion and `help`).
pub const COMMAND_NAMES: &[&str] = &[
    "create",
    "delete",
    "connect",
    "disconnect",
    "disconnect-oneways",
    "split",
    "merge",
    "attribute",
    "place",
    "places",
    "corner",
    "shift",
    "mark",
    "unmark",
    "select",
    "show",
    "undo",
    "redo",
    "save",
    "save-selected",
    "merge-mesh",
    "help",
    "quit",
    "nav_create",
    "nav_delete",
    "nav_connect",
    "nav_disconnect",
    "nav_disconnect_outgoing_oneways",
    "nav_split",
    "nav_merge",
    "nav_mark_attribute",
    "nav_clear_attribute",
    "nav_toggle_attribute",
    "nav_use_place",
    "nav_place_floodfill",
    "nav_place_replace",
    "nav_place_list",
    "nav_place_pick",
    "nav_corner_raise",
    "nav_corner_lower",
    "nav_corner_place",
    "nav_shift",
    "nav_mark",
    "nav_unmark",
    "nav_toggle_in_selected_set",
    "nav_add_to_selected_set",
    "nav_remove_from_selected_set",
    "nav_clear_selected_set",
    "nav_select_radius",
    "nav_flood_select",
    "nav_select_box",
    "nav_save_selected",
    "nav_merge_mesh",
    "nav_undo",
    "nav_redo",
    "nav_save",
    "nav_crouch",
    "nav_jump",
    "nav_precise",
    "nav_no_jump",
    "nav_stop",
    "nav_run",
    "nav_walk",
    "nav_avoid",
    "nav_transient",
    "nav_dont_hide",
    "nav_stand",
    "nav_no_hostages",
    "nav_stairs",
    "nav_no_merge",
    "nav_obstacle_top",
    "nav_cliff",
];

/// Attribute names that have a `nav_NAME` toggle command of their own.
const TOGGLES: &[&str] = &[
    "crouch",
    "jump",
    "precise",
    "no_jump",
    "stop",
    "run",
    "walk",
    "avoid",
    "transient",
    "dont_hide",
    "stand",
    "no_hostages",
    "stairs",
    "no_merge",
    "obstacle_top",
    "cliff",
];

/// Parse one line. `Ok(None)` for a blank line or a `#` comment.
pub fn parse(line: &str) -> Result<Option<Command>, EditError> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let (name, args) = (words[0], &words[1..]);
    let mut p = Args { name, args, at: 0 };
    let cmd = match name.to_ascii_lowercase().as_str() {
        "create" | "nav_create" => {
            let a = p.point()?;
            let b = p.point()?;
            let snap = p.flag("snap");
            Command::Create { a, b, snap }
        }
        "delete" | "nav_delete" => Command::Delete(p.ids()?),
        "connect" | "nav_connect" => {
            let ids = p.ids()?;
            match ids.as_slice() {
                [] => Command::Connect {
                    from: None,
                    to: None,
                },
                [to] => Command::Connect {
                    from: None,
                    to: Some(*to),
                },
                [from, to] => Command::Connect {
                    from: Some(*from),
                    to: Some(*to),
                },
                _ => return Err(p.bad("takes at most two area IDs")),
            }
        }
        "disconnect" | "nav_disconnect" => Command::Disconnect(p.id()?, p.id()?),
        "disconnect-oneways" | "nav_disconnect_outgoing_oneways" => {
            Command::DisconnectOneWays(p.ids()?)
        }
        "split" | "nav_split" => {
            let id = p.id()?;
            let (axis, at) = p.cut()?;
            Command::Split { id, axis, at }
        }
        "merge" | "nav_merge" => Command::Merge {
            keep: p.id()?,
            other: p.id()?,
        },
        "attribute" | "attr" => {
            let id = p.id()?;
            let word = p.word("an attribute like +crouch, -jump or ~stairs")?;
            let (op, name) = match word.split_at(1) {
                ("+", n) => (AttributeOp::Mark, n),
                ("-", n) => (AttributeOp::Clear, n),
                ("~", n) => (AttributeOp::Toggle, n),
                _ => return Err(p.bad(&format!("`{word}`: write +NAME, -NAME or ~NAME"))),
            };
            Command::Attribute {
                ids: vec![id],
                name: name.to_string(),
                op,
            }
        }
        "nav_mark_attribute" | "nav_clear_attribute" | "nav_toggle_attribute" => {
            let name = p.word("an attribute name")?.to_string();
            let op = match words[0].to_ascii_lowercase().as_str() {
                "nav_mark_attribute" => AttributeOp::Mark,
                "nav_clear_attribute" => AttributeOp::Clear,
                _ => AttributeOp::Toggle,
            };
            Command::Attribute {
                ids: p.ids()?,
                name,
                op,
            }
        }
        "place" => match p.peek() {
            Some("flood") => {
                p.at += 1;
                Command::PlaceFlood {
                    id: p.id()?,
                    name: p.word("a place name")?.to_string(),
                }
            }
            Some("replace") => {
                p.at += 1;
                Command::PlaceReplace {
                    from: p.word("the old place name")?.to_string(),
                    to: p.word("the new place name")?.to_string(),
                }
            }
            Some("pick") => {
                p.at += 1;
                Command::Show(p.id()?)
            }
            _ => {
                let id = p.id()?;
                let name = p.word("a place name (or `none`)")?;
                let name = (!matches!(name, "none" | "-")).then(|| name.to_string());
                Command::Place {
                    ids: vec![id],
                    name,
                }
            }
        },
        "nav_use_place" => {
            let name = p.word("a place name")?.to_string();
            Command::Place {
                ids: p.ids()?,
                name: Some(name),
            }
        }
        "nav_place_floodfill" => Command::PlaceFlood {
            id: p.id()?,
            name: p.word("a place name")?.to_string(),
        },
        "nav_place_replace" => Command::PlaceReplace {
            from: p.word("the old place name")?.to_string(),
            to: p.word("the new place name")?.to_string(),
        },
        "places" | "nav_place_list" => Command::PlaceList,
        "nav_place_pick" | "show" => Command::Show(p.id()?),
        "corner" => {
            let id = p.id()?;
            let corner = p.corner()?;
            let how = p.word("raise, lower or place")?;
            let v = p.number()?;
            match how {
                "raise" => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: v,
                    to: None,
                },
                "lower" => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: -v,
                    to: None,
                },
                "place" | "set" => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: 0.0,
                    to: Some(v),
                },
                _ => return Err(p.bad(&format!("`{how}`: write raise, lower or place"))),
            }
        }
        "nav_corner_raise" | "nav_corner_lower" | "nav_corner_place" => {
            let id = p.id()?;
            let corner = if p.peek().is_some() {
                p.corner()?
            } else {
                Corner::All
            };
            let v = if p.peek().is_some() { p.number()? } else { 1.0 };
            match words[0].to_ascii_lowercase().as_str() {
                "nav_corner_raise" => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: v,
                    to: None,
                },
                "nav_corner_lower" => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: -v,
                    to: None,
                },
                _ => Command::Corner {
                    ids: vec![id],
                    corner,
                    by: 0.0,
                    to: Some(v),
                },
            }
        }
        "shift" | "nav_shift" => Command::Shift([p.number()?, p.number()?, p.number()?]),
        "mark" | "nav_mark" => Command::Mark(p.ids()?.first().copied()),
        "unmark" | "nav_unmark" => Command::Mark(None),
        "select" => {
            let op = p.word("add, remove, toggle, clear, radius, flood or box")?;
            match op {
                "add" => Command::Select(SelectOp::Add(p.some_ids()?)),
                "remove" => Command::Select(SelectOp::Remove(p.some_ids()?)),
                "toggle" => Command::Select(SelectOp::Toggle(p.id()?)),
                "clear" => Command::Select(SelectOp::Clear),
                "flood" => Command::Select(SelectOp::Flood(p.id()?)),
                "radius" => {
                    let radius = p.number()?;
                    p.keyword("at")?;
                    Command::Select(SelectOp::Radius {
                        radius,
                        at: p.point()?,
                    })
                }
                "box" => Command::Select(SelectOp::Box {
                    a: p.point()?,
                    b: p.point()?,
                }),
                _ => return Err(p.bad(&format!("`select {op}` is not a selection command"))),
            }
        }
        "nav_toggle_in_selected_set" => Command::Select(SelectOp::Toggle(p.id()?)),
        "nav_add_to_selected_set" => Command::Select(SelectOp::Add(p.some_ids()?)),
        "nav_remove_from_selected_set" => Command::Select(SelectOp::Remove(p.some_ids()?)),
        "nav_clear_selected_set" => Command::Select(SelectOp::Clear),
        "nav_flood_select" => Command::Select(SelectOp::Flood(p.id()?)),
        "nav_select_radius" => {
            let radius = p.number()?;
            if p.peek() == Some("at") {
                p.at += 1;
            }
            Command::Select(SelectOp::Radius {
                radius,
                at: p.point()?,
            })
        }
        "nav_select_box" => Command::Select(SelectOp::Box {
            a: p.point()?,
            b: p.point()?,
        }),
        "save-selected" | "nav_save_selected" => {
            Command::SaveSelected(p.word("a file name")?.to_string())
        }
        "merge-mesh" | "nav_merge_mesh" => Command::MergeMesh {
            path: p.word("a file name")?.to_string(),
            text: Vec::new(),
        },
        "undo" | "nav_undo" => Command::Undo(p.count()?),
        "redo" | "nav_redo" => Command::Redo(p.count()?),
        "save" | "nav_save" => Command::Save(p.peek().map(str::to_string).inspect(|_| p.at += 1)),
        "help" | "?" => Command::Help,
        "quit" | "exit" | "q" => Command::Quit,
        other => {
            let toggle = other.strip_prefix("nav_").filter(|n| TOGGLES.contains(n));
            match toggle {
                Some(attr) => Command::Attribute {
                    ids: p.ids()?,
                    name: attr.to_string(),
                    op: AttributeOp::Toggle,
                },
                None => return Err(EditError::Parse(format!("unknown command `{name}`"))),
            }
        }
    };
    p.done()?;
    Ok(Some(cmd))
}

/// A cursor over a command's arguments, with messages that name the command.
struct Args<'a> {
    name: &'a str,
    args: &'a [&'a str],
    at: usize,
}

impl<'a> Args<'a> {
    fn bad(&self, why: &str) -> EditError {
        EditError::Parse(format!("{}: {why}", self.name))
    }

    fn peek(&self) -> Option<&'a str> {
        self.args.get(self.at).copied()
    }

    fn word(&mut self, what: &str) -> Result<&'a str, EditError> {
        let w = self
            .peek()
            .ok_or_else(|| self.bad(&format!("expected {what}")))?;
        self.at += 1;
        Ok(w)
    }

    fn keyword(&mut self, k: &str) -> Result<(), EditError> {
        match self.word(&format!("`{k}`"))? {
            w if w.eq_ignore_ascii_case(k) => Ok(()),
            w => Err(self.bad(&format!("expected `{k}`, found `{w}`"))),
        }
    }

    fn flag(&mut self, k: &str) -> bool {
        let found = self.peek().is_some_and(|w| w.eq_ignore_ascii_case(k));
        if found {
            self.at += 1;
        }
        found
    }

    fn id(&mut self) -> Result<u32, EditError> {
        let w = self.word("an area ID")?;
        parse_id(w).ok_or_else(|| self.bad(&format!("`{w}` is not an area ID")))
    }

    /// Every remaining word as an area ID (possibly none).
    fn ids(&mut self) -> Result<Vec<u32>, EditError> {
        let mut ids = Vec::new();
        while self.peek().is_some() {
            ids.push(self.id()?);
        }
        Ok(ids)
    }

    fn some_ids(&mut self) -> Result<Vec<u32>, EditError> {
        let ids = self.ids()?;
        if ids.is_empty() {
            return Err(self.bad("expected an area ID"));
        }
        Ok(ids)
    }

    fn number(&mut self) -> Result<f32, EditError> {
        let w = self.word("a number")?;
        finite(w).ok_or_else(|| self.bad(&format!("`{w}` is not a finite number")))
    }

    /// `X,Y,Z` in one word, or three words.
    fn point(&mut self) -> Result<[f32; 3], EditError> {
        let w = self.word("a point X,Y,Z")?;
        let parts: Vec<&str> = w.split(',').filter(|s| !s.is_empty()).collect();
        let nums: Option<Vec<f32>> = if parts.len() == 3 {
            parts.iter().map(|s| finite(s)).collect()
        } else if parts.len() == 1 {
            self.at -= 1;
            let mut v = Vec::with_capacity(3);
            for _ in 0..3 {
                v.push(self.number()?);
            }
            Some(v)
        } else {
            None
        };
        match nums.as_deref() {
            Some(&[x, y, z]) => Ok([x, y, z]),
            _ => Err(self.bad(&format!("`{w}` is not a point X,Y,Z"))),
        }
    }

    fn cut(&mut self) -> Result<(Axis, f32), EditError> {
        let w = self.word("a cut line x=X or y=Y")?;
        let (axis, v) = match w.split_once('=') {
            Some((a, v)) if a.eq_ignore_ascii_case("x") => (Axis::X, v),
            Some((a, v)) if a.eq_ignore_ascii_case("y") => (Axis::Y, v),
            _ => return Err(self.bad(&format!("`{w}`: write x=X or y=Y"))),
        };
        let at = finite(v).ok_or_else(|| self.bad(&format!("`{v}` is not a finite number")))?;
        Ok((axis, at))
    }

    fn corner(&mut self) -> Result<Corner, EditError> {
        let w = self.word("a corner nw, ne, se, sw or all")?;
        Ok(match w.to_ascii_lowercase().as_str() {
            "nw" | "north_west" | "northwest" => Corner::NorthWest,
            "ne" | "north_east" | "northeast" => Corner::NorthEast,
            "se" | "south_east" | "southeast" => Corner::SouthEast,
            "sw" | "south_west" | "southwest" => Corner::SouthWest,
            "all" => Corner::All,
            _ => return Err(self.bad(&format!("`{w}` is not a corner (nw, ne, se, sw, all)"))),
        })
    }

    fn count(&mut self) -> Result<usize, EditError> {
        match self.peek() {
            None => Ok(1),
            Some(w) => {
                self.at += 1;
                w.parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| self.bad(&format!("`{w}` is not a positive count")))
            }
        }
    }

    fn done(&self) -> Result<(), EditError> {
        match self.peek() {
            None => Ok(()),
            Some(w) => Err(self.bad(&format!("unexpected `{w}`"))),
        }
    }
}

fn parse_id(w: &str) -> Option<u32> {
    w.strip_prefix('#').unwrap_or(w).parse().ok()
}

fn finite(w: &str) -> Option<f32> {
    w.parse::<f32>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms_and_console_names_parse_alike() {
        let pairs = [
            ("split 12 x=340", "nav_split 12 X=340"),
            ("connect 4 9", "nav_connect 4 9"),
            ("select radius 500 at 0,0,0", "nav_select_radius 500 0 0 0"),
            ("select flood 3", "nav_flood_select 3"),
            ("attribute 7 ~crouch", "nav_crouch 7"),
            ("place flood 4 Bridge", "nav_place_floodfill 4 Bridge"),
        ];
        for (a, b) in pairs {
            assert_eq!(parse(a).unwrap(), parse(b).unwrap(), "{a} / {b}");
        }
        assert_eq!(
            parse("split 12 y=-3.5 # comment").unwrap(),
            Some(Command::Split {
                id: 12,
                axis: Axis::Y,
                at: -3.5
            })
        );
        assert_eq!(parse("   # only a comment").unwrap(), None);
        assert_eq!(parse("undo").unwrap(), Some(Command::Undo(1)));
        assert_eq!(parse("redo 3").unwrap(), Some(Command::Redo(3)));
        assert_eq!(
            parse("attribute 5 -NO_JUMP").unwrap(),
            Some(Command::Attribute {
                ids: vec![5],
                name: "NO_JUMP".into(),
                op: AttributeOp::Clear
            })
        );
    }

    #[test]
    fn bad_lines_name_the_reason() {
        for (line, why) in [
            ("frobnicate 3", "unknown command `frobnicate`"),
            ("split 12 z=3", "write x=X or y=Y"),
            ("split 12 x=nan", "not a finite number"),
            ("delete twelve", "not an area ID"),
            ("merge 1", "expected an area ID"),
            ("disconnect 1 2 3", "unexpected `3`"),
            ("undo 0", "not a positive count"),
            ("select radius 5 near 0,0,0", "expected `at`"),
            ("attribute 3 crouch", "+NAME"),
        ] {
            let e = parse(line).unwrap_err().to_string();
            assert!(e.contains(why), "{line}: {e}");
        }
    }
}
