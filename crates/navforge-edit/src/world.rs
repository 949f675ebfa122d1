//! The map under the mesh, for the commands that need it (`nav_corner_place_on_ground`,
//! `nav_build_ladder`, `nav_check_floor`, `nav_update_blocked`, `nav_select_blocked_areas`,
//! `nav_debug_blocked`, `nav_generate_incremental`, `nav_mark_walkable`, `nav_generate`,
//! `nav_analyze`, `nav_quicksave`).
//!
//! The editor knows no level format: a front end that loaded one (`navforge edit --level`,
//! `navforge serve --level`) gives the [`Editor`](crate::Editor) a [`World`] that answers the few
//! questions these commands ask of it (`navforge-edit-level` implements it over
//! `navforge_level::Level`). The game's rules (how a corner finds the ground, which box a
//! blocked test sweeps) live here, in [`crate::ops`]; the world answers traces and entities.

use std::fmt;

use navforge_core::model::Direction;
use navforge_source::SourceNavDocument;

/// A command that needs the map (`Command::Map`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum MapOp {
    /// Put corners on the ground under them (`nav_corner_place_on_ground [INSET]`): each corner
    /// (moved `inset` units into the area) takes the floor height the game finds walking to it
    /// from its two neighbours. Empty `ids`: the selected set, else the marked area.
    PlaceOnGround {
        /// The areas.
        ids: Vec<u32>,
        /// Which corner (all four for the selected set, as in the game).
        corner: crate::Corner,
        /// How far into the area the corners are probed.
        inset: f32,
    },
    /// Build a ladder on the ladder volume (a `func_ladder`, or a world brush with
    /// `CONTENTS_LADDER`) nearest a point
    /// (`nav_build_ladder`; the game takes the surface under the cursor), connected to the areas
    /// at its ends as `ladder create` connects them.
    BuildLadder {
        /// The point (the game's cursor).
        at: [f32; 3],
    },
    /// Areas with no floor under their centre (`nav_check_floor`): the marked area, else every
    /// area. A query.
    CheckFloor(Vec<u32>),
    /// Areas a door, breakable, brush or nav blocker stands in (`nav_update_blocked`): the
    /// marked area, else every area. A query.
    UpdateBlocked(Vec<u32>),
    /// Add the blocked areas to the selected set (`nav_select_blocked_areas`).
    SelectBlocked,
    /// Each blocking entity and the areas it blocks (`nav_debug_blocked`). A query.
    DebugBlocked,
    /// Grow the mesh from walkable spots (`nav_generate_incremental`, the marks of
    /// `nav_mark_walkable`), as one undoable edit.
    /// Empty: the walkable marks (`nav_mark_walkable`), as the game does.
    GenerateIncremental(Vec<[f32; 3]>),
    /// Mark a walkable spot for generation (`nav_mark_walkable [X,Y,Z]`; `None`: the cursor).
    /// The marks are console state, kept with the selection.
    MarkWalkable(Option<[f32; 3]>),
    /// Forget the walkable marks (`nav_clear_walkable_marks`).
    ClearWalkableMarks,
    /// List the walkable marks (`show marks`).
    ShowMarks,
    /// Skip the analysis after `nav_generate` (`nav_quicksave [0|1]`; `None` shows the setting).
    Quicksave(Option<bool>),
    /// Generate the whole mesh from the map (`nav_generate`): seeds are the game's spawns and
    /// the walkable marks; analysed after unless `nav_quicksave 1`. One undoable edit.
    Generate,
    /// Analyse the mesh against the map (`nav_analyze`, `nav_analyse`): hiding spots, encounter
    /// paths, approach areas, visibility, as `navforge analyze` writes them. One undoable edit.
    Analyze,
}

impl MapOp {
    /// Whether the command changes the mesh (and so is undone); the others are queries or
    /// selection.
    pub fn edits(&self) -> bool {
        matches!(
            self,
            MapOp::PlaceOnGround { .. }
                | MapOp::BuildLadder { .. }
                | MapOp::GenerateIncremental(_)
                | MapOp::Generate
                | MapOp::Analyze
        )
    }

    /// The console name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            MapOp::PlaceOnGround { .. } => "nav_corner_place_on_ground",
            MapOp::BuildLadder { .. } => "nav_build_ladder",
            MapOp::CheckFloor(_) => "nav_check_floor",
            MapOp::UpdateBlocked(_) => "nav_update_blocked",
            MapOp::SelectBlocked => "nav_select_blocked_areas",
            MapOp::DebugBlocked => "nav_debug_blocked",
            MapOp::GenerateIncremental(_) => "nav_generate_incremental",
            MapOp::MarkWalkable(_) => "nav_mark_walkable",
            MapOp::ClearWalkableMarks => "nav_clear_walkable_marks",
            MapOp::ShowMarks => "show marks",
            MapOp::Quicksave(_) => "nav_quicksave",
            MapOp::Generate => "nav_generate",
            MapOp::Analyze => "nav_analyze",
        }
    }
}

/// A ladder volume of the map, as a ladder's centre line.
#[derive(Debug, Clone, PartialEq)]
pub struct LadderSpan {
    /// Centre of the top edge.
    pub top: [f32; 3],
    /// Centre of the bottom edge.
    pub bottom: [f32; 3],
    /// Width (the volume's longer horizontal side).
    pub width: f32,
    /// The side a climber stands on, when the map shows it (the open side of the volume).
    pub facing: Option<Direction>,
    /// What it is, for messages (`func_ladder #12`).
    pub what: String,
}

/// What kind of thing blocks areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlockerKind {
    /// `func_door*`, `prop_door*`: blocks where it stands closed.
    Door,
    /// `func_breakable*`: blocks until broken.
    Breakable,
    /// Another solid brush entity that can come and go (`func_brush`, `func_wall_toggle`, ...).
    Brush,
    /// `func_nav_blocker`: blocks every area it overlaps.
    NavBlocker,
}

/// An entity that may block areas, with its world bounds.
#[derive(Debug, Clone, PartialEq)]
pub struct Blocker {
    /// What it is (`func_door "door1" #40`).
    pub what: String,
    /// Its kind.
    pub kind: BlockerKind,
    /// Smallest corner of its bounds.
    pub min: [f32; 3],
    /// Largest corner.
    pub max: [f32; 3],
}

/// What the map commands ask of the level. Implemented over `navforge_level::Level` by
/// `navforge-edit-level`; tests may implement it over anything.
pub trait World: Send + Sync + fmt::Debug {
    /// The level's name, for messages.
    fn name(&self) -> String;
    /// The game's `GetGroundHeight`: the floor a player would stand on at `at` (searching from
    /// a little above it downwards), or `None`.
    fn ground_height(&self, at: [f32; 3]) -> Option<f32>;
    /// Whether a box from `min` to `max` lies in something solid to players (the world and
    /// solid brush entities, doors standing closed: the game's `MASK_PLAYERSOLID_BRUSHONLY`).
    fn box_solid(&self, min: [f32; 3], max: [f32; 3]) -> bool;
    /// The ladder volume nearest `at`, if the map has any.
    fn ladder_near(&self, at: [f32; 3]) -> Option<LadderSpan>;
    /// Entities that can block areas: doors, breakables, toggled brushes, nav blockers.
    fn blockers(&self) -> Vec<Blocker>;
    /// Grow `doc` from walkable spots (`nav_generate_incremental`): the result keeps every
    /// existing area (new connections aside) and adds new ones after them.
    fn generate_incremental(
        &self,
        doc: &SourceNavDocument,
        marks: &[[f32; 3]],
    ) -> Result<SourceNavDocument, String>;
    /// Generate a whole mesh for the map in `doc`'s game and version (`nav_generate`), seeded
    /// from the game's spawns and `marks`, analysed after when `analyze`. Answers the new
    /// document and a line saying what was made.
    fn generate(
        &self,
        doc: &SourceNavDocument,
        marks: &[[f32; 3]],
        analyze: bool,
    ) -> Result<(SourceNavDocument, String), String>;
    /// Analyse `doc` against the map (`nav_analyze`), every stage, as `navforge analyze` does.
    /// Answers the analysed document and a line saying what was found.
    fn analyze(&self, doc: &SourceNavDocument) -> Result<(SourceNavDocument, String), String>;
}

/// The answer to a map command without a map.
pub(crate) fn needs_level(op: &MapOp) -> crate::EditError {
    crate::EditError::Refused(format!(
        "{} needs the map: open the mesh with --level MAP (navforge edit FILE --level MAP.bsp, \
         navforge serve FILE --level MAP.bsp)",
        op.name()
    ))
}
