//! Commands: one type for every front end, parsed ([`crate::parse`]) from the console's `nav_*`
//! names and the short forms scripts use (`split 12 x=340`, `select radius 500 at 0,0,0`, ...).

use navforge_core::model::Direction;

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
    /// Drag-deselect: remove every area whose centre lies in the box, as [`SelectOp::Box`].
    RemoveBox {
        /// One corner.
        a: [f32; 3],
        /// The opposite corner.
        b: [f32; 3],
    },
}

/// The console's state commands, for the page's cursor-driven forms in scripts: where the game
/// uses the area or point the player looks at, a script moves a cursor (`cursor X,Y,Z`) or
/// gives the point.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ConsoleOp {
    /// Move the cursor. While selecting (deselecting), the areas under its path from the last
    /// position are added to (removed from) the selected set; while painting places, they get
    /// the current place.
    Cursor([f32; 3]),
    /// `nav_begin_selecting` (`remove`: `nav_begin_deselecting`): the area under the cursor and
    /// every area it passes over until the end is added (removed).
    BeginSelecting {
        /// Deselect instead.
        remove: bool,
    },
    /// `nav_end_selecting` / `nav_end_deselecting`.
    EndSelecting,
    /// `nav_begin_drag_selecting` (`remove`: deselecting): one corner of the box, at the point
    /// given or the cursor.
    BeginDrag {
        /// Deselect instead.
        remove: bool,
        /// The corner (`None`: the cursor).
        at: Option<[f32; 3]>,
    },
    /// `nav_end_drag_selecting` / `nav_end_drag_deselecting`: the opposite corner; the areas in
    /// the box are added (removed).
    EndDrag {
        /// The corner (`None`: the cursor).
        at: Option<[f32; 3]>,
    },
    /// `nav_begin_area`: the first corner of a new area (its height is the area's).
    BeginArea(Option<[f32; 3]>),
    /// `nav_end_area`: the opposite corner; creates the area (snapped when grid snapping is on).
    EndArea(Option<[f32; 3]>),
    /// `nav_begin_shift_xy`: where the shift starts.
    BeginShift(Option<[f32; 3]>),
    /// `nav_end_shift_xy`: where it ends; the selected set moves by the difference in x and y.
    EndShift(Option<[f32; 3]>),
    /// `nav_snap_to_grid [0|1]`: snap new areas' corners to the 25-unit grid (`None` flips it).
    SnapToGrid(Option<bool>),
    /// `nav_use_place NAME` sets the current place; with no name, lists the game's standard
    /// place names and the file's.
    UsePlace(Option<String>),
    /// `nav_place_pick`: the current place becomes the area's (the ID given, else the marked area).
    PlacePick(Option<u32>),
    /// `nav_toggle_place_mode`: the place editor on or off.
    TogglePlaceMode,
    /// `nav_toggle_place_painting`: painting on or off (areas the cursor passes get the current
    /// place).
    TogglePlacePainting,
    /// `nav_mark_unnamed`: mark an area without a place and count them.
    MarkUnnamed,
    /// `nav_edit [0|1]`: the editor is always on here.
    Edit,
}

/// What a ladder command does.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum LadderOp {
    /// A ladder from the centre of its top edge to the centre of its bottom edge, `width` wide,
    /// facing `facing` (the side a climber stands on; `None`: towards the nearest area at the
    /// bottom), connected to the areas at its top and bottom as the game's builder does.
    Create {
        /// Centre of the top edge.
        top: [f32; 3],
        /// Centre of the bottom edge.
        bottom: [f32; 3],
        /// Width in units.
        width: f32,
        /// The side the ladder faces.
        facing: Option<Direction>,
    },
    /// Turn a ladder round (`nav_ladder_flip`): it faces the other way, and its forward/behind
    /// and left/right top areas swap.
    Flip(u32),
    /// Connect a ladder and an area both ways: the area goes into the ladder's top or bottom
    /// slot, and the ladder into the area's up or down list, by height, as the game decides.
    Connect {
        /// The ladder.
        ladder: u32,
        /// The area.
        area: u32,
    },
    /// Remove the links between a ladder and an area, both ways.
    Disconnect {
        /// The ladder.
        ladder: u32,
        /// The area.
        area: u32,
    },
    /// Delete a ladder and every area's link to it.
    Delete(u32),
}

/// One editing command. Area lists that are empty mean "the selected set, else the marked area".
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Command {
    /// Create a flat area from two corners, all four at the first corner's height (as the game's
    /// nav_begin_area / nav_end_area); snapped to the 25-unit grid when asked. Connected both
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
    /// Remove the connections between two areas, both ways. `(None, Some(b))`: the marked area
    /// and `b`; `(None, None)`: the selected set, the first area and each later one (the page's
    /// forms of `nav_disconnect`).
    Disconnect(Option<u32>, Option<u32>),
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
        /// The area whose ID and properties survive (`None`: the marked area, as in the game).
        keep: Option<u32>,
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
        /// The start area (`None`: the marked area).
        id: Option<u32>,
        /// The place name (`None`: the current place, `nav_use_place`).
        name: Option<String>,
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
    /// A new sloped area between two areas that face each other across a gap, as wide as their
    /// overlap (the narrower one), connected both ways to each (`nav_splice`).
    Splice {
        /// The first area (`None`: the marked one, as in the game).
        a: Option<u32>,
        /// The second area (the one pointed at).
        b: u32,
    },
    /// Break areas into sub-areas of at most one generation step (25 units) a side, cut on the
    /// grid and not connected to each other (`nav_make_sniper_spots`).
    SniperSpots(Vec<u32>),
    /// A ladder edit.
    Ladder(LadderOp),
    /// Mark an area (`None` unmarks).
    Mark(Option<u32>),
    /// Change the selected set.
    Select(SelectOp),
    /// Paint the current place (`nav_use_place NAME`) onto areas: the IDs given, else the
    /// selected set, else the marked area (the page's place painting, as a script form).
    Paint(Vec<u32>),
    /// The console's state: the cursor, selecting and dragging, area and shift drags, grid
    /// snapping, the current place and the place modes.
    Console(ConsoleOp),
    /// Import a Selected Nav Areas file (`nav_merge_mesh`); `text` is filled by the front end.
    MergeMesh {
        /// The file named on the command line.
        path: String,
        /// Its contents.
        text: Vec<u8>,
    },
    /// A command that needs the map (`--level`): corners on the ground, a ladder from the map,
    /// floor and blocked checks, incremental generation.
    Map(crate::world::MapOp),
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
                | Command::Console(_)
                | Command::Undo(_)
                | Command::Redo(_)
                | Command::Save(_)
                | Command::SaveSelected(_)
                | Command::Show(_)
                | Command::PlaceList
                | Command::Help
                | Command::Quit
        ) && !matches!(self, Command::Map(op) if !op.edits())
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
    "splice",
    "sniper-spots",
    "ladder",
    "mark",
    "unmark",
    "select",
    "show",
    "undo",
    "redo",
    "save",
    "save-selected",
    "merge-mesh",
    "cursor",
    "paint",
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
    "nav_splice",
    "nav_make_sniper_spots",
    "nav_ladder_flip",
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
    "nav_begin_selecting",
    "nav_end_selecting",
    "nav_begin_deselecting",
    "nav_end_deselecting",
    "nav_begin_drag_selecting",
    "nav_end_drag_selecting",
    "nav_begin_drag_deselecting",
    "nav_end_drag_deselecting",
    "nav_begin_area",
    "nav_end_area",
    "nav_begin_shift_xy",
    "nav_end_shift_xy",
    "nav_snap_to_grid",
    "nav_toggle_place_mode",
    "nav_toggle_place_painting",
    "nav_mark_unnamed",
    "nav_edit",
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
    "ground",
    "build-ladder",
    "check-floor",
    "blocked",
    "generate-incremental",
    "nav_corner_place_on_ground",
    "nav_build_ladder",
    "nav_check_floor",
    "nav_update_blocked",
    "nav_select_blocked_areas",
    "nav_debug_blocked",
    "nav_generate_incremental",
    "nav_mark_walkable",
    "nav_clear_walkable_marks",
    "nav_quicksave",
    "nav_generate",
    "nav_analyze",
    "nav_analyse",
];
