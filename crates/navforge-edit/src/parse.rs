//! The command parser: one line of a script or the prompt into a [`Command`], from the console's
//! `nav_*` names or the short forms.

use navforge_core::model::Direction;
use navforge_source::SOURCE_ATTRIBUTES;

use crate::command::{AttributeOp, Axis, Command, ConsoleOp, Corner, LadderOp, SelectOp};
use crate::error::EditError;
use crate::world::MapOp;

/// Parse one line. `Ok(None)` for a blank line or a `#` comment.
pub fn parse(line: &str) -> Result<Option<Command>, EditError> {
    let words = words(line);
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
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
        // The page's forms: two areas, the marked area and one, or the selected set.
        "disconnect" | "nav_disconnect" => match p.ids()?.as_slice() {
            [] => Command::Disconnect(None, None),
            [b] => Command::Disconnect(None, Some(*b)),
            [a, b] => Command::Disconnect(Some(*a), Some(*b)),
            _ => return Err(p.bad("takes at most two area IDs")),
        },
        "disconnect-oneways" | "nav_disconnect_outgoing_oneways" => {
            Command::DisconnectOneWays(p.ids()?)
        }
        "split" | "nav_split" => {
            let id = p.id()?;
            let (axis, at) = p.cut()?;
            Command::Split { id, axis, at }
        }
        "merge" | "nav_merge" => {
            let (keep, other) = p.marked_pair()?;
            Command::Merge { keep, other }
        }
        "attribute" | "attr" => {
            let id = p.id()?;
            let word = p.word("an attribute like +crouch, -jump or ~stairs")?;
            let Some((op, name)) = signed_name(word) else {
                return Err(p.bad(&format!("`{word}`: write +NAME, -NAME or ~NAME")));
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
                    id: Some(p.id()?),
                    name: Some(p.word("a place name")?.to_string()),
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
                Command::Console(ConsoleOp::PlacePick(p.opt_id()?))
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
        // The game's form sets the current place (none: list the names); with area IDs after the
        // name, those areas get it.
        "nav_use_place" => match p.peek().map(str::to_string) {
            None => Command::Console(ConsoleOp::UsePlace(None)),
            Some(name) => {
                p.at += 1;
                let ids = p.ids()?;
                if ids.is_empty() {
                    Command::Console(ConsoleOp::UsePlace(Some(name)))
                } else {
                    Command::Place {
                        ids,
                        name: Some(name),
                    }
                }
            }
        },
        // `nav_place_floodfill [ID] [NAME]`: the marked area and the current place by default.
        "nav_place_floodfill" => Command::PlaceFlood {
            id: p.peek().and_then(parse_id).inspect(|_| p.at += 1),
            name: p.peek().map(str::to_string).inspect(|_| p.at += 1),
        },
        "nav_place_replace" => Command::PlaceReplace {
            from: p.word("the old place name")?.to_string(),
            to: p.word("the new place name")?.to_string(),
        },
        "places" | "nav_place_list" => Command::PlaceList,
        "nav_place_pick" => Command::Console(ConsoleOp::PlacePick(p.opt_id()?)),
        "show" if p.flag("marks") => Command::Map(MapOp::ShowMarks),
        "show" => Command::Show(p.id()?),
        "paint" => Command::Paint(p.ids()?),
        "cursor" => Command::Console(ConsoleOp::Cursor(p.point()?)),
        "nav_begin_selecting" => Command::Console(ConsoleOp::BeginSelecting { remove: false }),
        "nav_begin_deselecting" => Command::Console(ConsoleOp::BeginSelecting { remove: true }),
        "nav_end_selecting" | "nav_end_deselecting" => Command::Console(ConsoleOp::EndSelecting),
        "nav_begin_drag_selecting" | "nav_begin_drag_deselecting" => {
            Command::Console(ConsoleOp::BeginDrag {
                remove: name.to_ascii_lowercase().contains("deselect"),
                at: p.opt_point()?,
            })
        }
        "nav_end_drag_selecting" | "nav_end_drag_deselecting" => {
            Command::Console(ConsoleOp::EndDrag { at: p.opt_point()? })
        }
        "nav_begin_area" => Command::Console(ConsoleOp::BeginArea(p.opt_point()?)),
        "nav_end_area" => Command::Console(ConsoleOp::EndArea(p.opt_point()?)),
        "nav_begin_shift_xy" => Command::Console(ConsoleOp::BeginShift(p.opt_point()?)),
        "nav_end_shift_xy" => Command::Console(ConsoleOp::EndShift(p.opt_point()?)),
        "nav_snap_to_grid" => Command::Console(ConsoleOp::SnapToGrid(match p.peek() {
            None => None,
            Some(_) => Some(p.switch()?),
        })),
        "nav_toggle_place_mode" => Command::Console(ConsoleOp::TogglePlaceMode),
        "nav_toggle_place_painting" => Command::Console(ConsoleOp::TogglePlacePainting),
        "nav_mark_unnamed" => Command::Console(ConsoleOp::MarkUnnamed),
        "nav_edit" => {
            if p.peek().is_some() {
                p.switch()?;
            }
            Command::Console(ConsoleOp::Edit)
        }
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
        "splice" | "nav_splice" => {
            let (a, b) = p.marked_pair()?;
            Command::Splice { a, b }
        }
        "sniper-spots" | "nav_make_sniper_spots" => Command::SniperSpots(p.ids()?),
        "nav_ladder_flip" => Command::Ladder(LadderOp::Flip(p.id()?)),
        "ladder" => {
            let op = p.word("create, flip, connect, disconnect or delete")?;
            Command::Ladder(match op {
                "create" => LadderOp::Create {
                    top: p.point()?,
                    bottom: p.point()?,
                    width: p.number()?,
                    facing: match p.peek() {
                        Some(_) => Some(p.direction()?),
                        None => None,
                    },
                },
                "flip" => LadderOp::Flip(p.id()?),
                "connect" => LadderOp::Connect {
                    ladder: p.id()?,
                    area: p.id()?,
                },
                "disconnect" => LadderOp::Disconnect {
                    ladder: p.id()?,
                    area: p.id()?,
                },
                "delete" => LadderOp::Delete(p.id()?),
                _ => return Err(p.bad(&format!("`ladder {op}` is not a ladder command"))),
            })
        }
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
        // `deselect ID..` or `deselect box A B`.
        "deselect" => match p.peek() {
            Some(w) if w.eq_ignore_ascii_case("box") => {
                p.at += 1;
                Command::Select(SelectOp::RemoveBox {
                    a: p.point()?,
                    b: p.point()?,
                })
            }
            _ => Command::Select(SelectOp::Remove(p.some_ids()?)),
        },
        "save-selected" | "nav_save_selected" => {
            Command::SaveSelected(p.word("a file name")?.to_string())
        }
        "merge-mesh" | "nav_merge_mesh" => Command::MergeMesh {
            path: p.word("a file name")?.to_string(),
            text: Vec::new(),
        },
        "ground"
        | "nav_corner_place_on_ground"
        | "build-ladder"
        | "nav_build_ladder"
        | "check-floor"
        | "nav_check_floor"
        | "blocked"
        | "nav_update_blocked"
        | "nav_select_blocked_areas"
        | "nav_debug_blocked"
        | "generate-incremental"
        | "nav_generate_incremental"
        | "nav_mark_walkable"
        | "nav_clear_walkable_marks"
        | "nav_quicksave"
        | "nav_generate"
        | "nav_analyze"
        | "nav_analyse" => Command::Map(map_op(&mut p)?),
        "undo" | "nav_undo" => Command::Undo(p.count()?),
        "redo" | "nav_redo" => Command::Redo(p.count()?),
        "save" | "nav_save" => Command::Save(p.peek().map(str::to_string).inspect(|_| p.at += 1)),
        "help" | "?" => Command::Help,
        "quit" | "exit" | "q" => Command::Quit,
        other => {
            // The `nav_NAME` toggles are the names of the Source family's attribute table.
            let toggle = other
                .strip_prefix("nav_")
                .filter(|n| SOURCE_ATTRIBUTES.iter().any(|&(_, name)| name == *n));
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

/// A command that needs the map ([`MapOp`]).
fn map_op(p: &mut Args<'_>) -> Result<MapOp, EditError> {
    Ok(match p.name.to_ascii_lowercase().as_str() {
        // The console's form: the selected set, else the marked area; an optional inset.
        "nav_corner_place_on_ground" => MapOp::PlaceOnGround {
            ids: Vec::new(),
            corner: Corner::All,
            inset: match p.peek() {
                Some(_) => p.number()?,
                None => 0.0,
            },
        },
        // `ground [ID..] [CORNER] [inset N]`.
        "ground" => {
            let mut ids = Vec::new();
            while p.peek().and_then(parse_id).is_some() {
                ids.push(p.id()?);
            }
            let corner = match p.peek() {
                Some(w) if !w.eq_ignore_ascii_case("inset") => p.corner()?,
                _ => Corner::All,
            };
            let inset = if p.flag("inset") { p.number()? } else { 0.0 };
            MapOp::PlaceOnGround { ids, corner, inset }
        }
        "build-ladder" | "nav_build_ladder" => MapOp::BuildLadder { at: p.point()? },
        "check-floor" | "nav_check_floor" => MapOp::CheckFloor(p.ids()?),
        "blocked" if p.flag("select") => MapOp::SelectBlocked,
        "blocked" if p.flag("debug") => MapOp::DebugBlocked,
        "blocked" | "nav_update_blocked" => MapOp::UpdateBlocked(p.ids()?),
        "nav_select_blocked_areas" => MapOp::SelectBlocked,
        "nav_debug_blocked" => MapOp::DebugBlocked,
        "nav_mark_walkable" => MapOp::MarkWalkable(p.opt_point()?),
        "nav_clear_walkable_marks" => MapOp::ClearWalkableMarks,
        "nav_quicksave" => MapOp::Quicksave(match p.peek() {
            None => None,
            Some(_) => Some(p.switch()?),
        }),
        "nav_generate" => MapOp::Generate,
        "nav_analyze" | "nav_analyse" => MapOp::Analyze,
        _ => {
            let mut marks = Vec::new();
            while p.peek().is_some() {
                marks.push(p.point()?);
            }
            MapOp::GenerateIncremental(marks)
        }
    })
}

/// A line's words, without its `#` comment (none for a blank line or a comment).
pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split('#')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

/// A cursor over a command's arguments, with messages that name the command. The area and
/// graph parsers share it; each adds the argument kinds it reads.
pub(crate) struct Args<'a> {
    pub(crate) name: &'a str,
    pub(crate) args: &'a [&'a str],
    pub(crate) at: usize,
}

impl<'a> Args<'a> {
    pub(crate) fn bad(&self, why: &str) -> EditError {
        EditError::Parse(format!("{}: {why}", self.name))
    }

    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.args.get(self.at).copied()
    }

    pub(crate) fn word(&mut self, what: &str) -> Result<&'a str, EditError> {
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

    /// An area ID if one is left.
    fn opt_id(&mut self) -> Result<Option<u32>, EditError> {
        match self.peek() {
            Some(_) => self.id().map(Some),
            None => Ok(None),
        }
    }

    /// `B` (with the marked area) or `A B`: the game's two operands, the marked area first.
    fn marked_pair(&mut self) -> Result<(Option<u32>, u32), EditError> {
        let first = self.id()?;
        Ok(match self.opt_id()? {
            Some(second) => (Some(first), second),
            None => (None, first),
        })
    }

    /// A point if one is left.
    fn opt_point(&mut self) -> Result<Option<[f32; 3]>, EditError> {
        match self.peek() {
            Some(_) => self.point().map(Some),
            None => Ok(None),
        }
    }

    /// A console switch: `0` or `1`.
    fn switch(&mut self) -> Result<bool, EditError> {
        match self.word("0 or 1")? {
            "0" => Ok(false),
            "1" => Ok(true),
            w => Err(self.bad(&format!("`{w}`: write 0 or 1"))),
        }
    }

    fn number(&mut self) -> Result<f32, EditError> {
        let w = self.word("a number")?;
        finite(w).ok_or_else(|| self.bad(&format!("`{w}` is not a finite number")))
    }

    /// `X,Y,Z` in one word, or three words.
    fn point(&mut self) -> Result<[f32; 3], EditError> {
        let w = self.word("a point X,Y,Z")?;
        if w.contains(',') {
            return navforge_core::xyz::parse(w).map_err(|e| self.bad(&e.to_string()));
        }
        self.at -= 1;
        Ok([self.number()?, self.number()?, self.number()?])
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

    fn direction(&mut self) -> Result<Direction, EditError> {
        let w = self.word("a direction")?;
        Ok(match w.to_ascii_lowercase().as_str() {
            "north" | "n" => Direction::North,
            "east" | "e" => Direction::East,
            "south" | "s" => Direction::South,
            "west" | "w" => Direction::West,
            _ => {
                return Err(self.bad(&format!(
                    "`{w}` is not a direction (north, east, south, west)"
                )));
            }
        })
    }

    pub(crate) fn count(&mut self) -> Result<usize, EditError> {
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

    pub(crate) fn done(&self) -> Result<(), EditError> {
        match self.peek() {
            None => Ok(()),
            Some(w) => Err(self.bad(&format!("unexpected `{w}`"))),
        }
    }
}

/// `+NAME`, `-NAME` or `~NAME` as the change and the name. The sign is one ASCII byte, so any
/// word (whatever its first character) is split on a character boundary.
pub(crate) fn signed_name(word: &str) -> Option<(AttributeOp, &str)> {
    let mut chars = word.chars();
    let op = match chars.next()? {
        '+' => AttributeOp::Mark,
        '-' => AttributeOp::Clear,
        '~' => AttributeOp::Toggle,
        _ => return None,
    };
    Some((op, chars.as_str()))
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
    fn the_toggles_are_the_source_attribute_table() {
        for &(_, name) in SOURCE_ATTRIBUTES {
            let toggle = parse(&format!("nav_{name} 3")).unwrap();
            let short = parse(&format!("attribute 3 ~{name}")).unwrap();
            assert_eq!(toggle, short, "nav_{name}");
        }
        // A game word's attribute (L4D's tank_only) has no nav_NAME toggle of its own.
        assert!(parse("nav_tank_only 3").is_err());
    }

    #[test]
    fn bad_lines_name_the_reason() {
        for (line, why) in [
            ("frobnicate 3", "unknown command `frobnicate`"),
            ("split 12 z=3", "write x=X or y=Y"),
            ("split 12 x=nan", "not a finite number"),
            ("delete twelve", "not an area ID"),
            ("merge", "expected an area ID"),
            ("disconnect 1 2 3", "takes at most two area IDs"),
            ("undo 0", "not a positive count"),
            ("select radius 5 near 0,0,0", "expected `at`"),
            ("attribute 3 crouch", "+NAME"),
        ] {
            let e = parse(line).unwrap_err().to_string();
            assert!(e.contains(why), "{line}: {e}");
        }
    }
}
