//! How to load a level.

use serde::Serialize;

/// Which axis points up in a triangle-soup file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub enum UpAxis {
    /// Y up (OBJ and glTF convention): turned to Z up on load.
    #[default]
    Y,
    /// Z up already (as BSPs and Source/Quake tools are).
    Z,
}

/// Whether doors (`func_door`, `func_door_rotating`, ...) collide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub enum DoorState {
    /// Doors stand closed where the map placed them and block like walls.
    #[default]
    Closed,
    /// Doors are treated as open: they do not collide at all.
    Open,
    /// Doors are open, except floor hatches (a door at most 16 units thick and a quarter of
    /// its width, lying flat), which stay closed: players walk on them.
    OpenExceptHatches,
}

/// Where moving brush entities (`func_plat`, `func_train`, ...) collide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub enum MoverState {
    /// Where the map placed them (a plat at its top, a train where it was built).
    #[default]
    AsPlaced,
    /// Where the game spawns them: a `func_plat` without a `targetname` at its bottom
    /// (`height`, or its size less 8 units, lower; Quake II's `lip` too), a train at its first
    /// `path_corner` (the corner less the model's `mins`, which the engines spread by a unit).
    Spawned,
}

/// Options for [`crate::Level::load`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub struct LoadOptions {
    /// Up axis of OBJ/glTF input (BSPs are always Z up). Default: Y.
    pub up_axis: UpAxis,
    /// Whether doors collide. Default: closed (they do).
    pub doors: DoorState,
    /// Where plats and trains collide. Default: as placed.
    pub movers: MoverState,
    /// Leave out brush entities a deathmatch server removes (Quake and Quake II maps:
    /// `spawnflags` 2048, "not in deathmatch"). Default: kept.
    pub deathmatch: bool,
    /// With `deathmatch`: keep the `trigger_teleport`s a deathmatch server removes all the
    /// same (they do not collide; a bot graph serving every mode links the teleporters of
    /// each, as the Quake re-release's own graphs do). Default: off.
    pub all_teleporters: bool,
    /// Leave out the solid brush entities a trigger removes (Quake and Quake II maps: the
    /// `killtarget` of a trigger, button or relay the server keeps): the level as it stands
    /// once that trigger fired, as a bot graph made by playing it shows it (a coffin's lid a
    /// trigger removes, opening a drop). Default: kept.
    pub killed_removed: bool,
    /// Leave out the breakables a shot breaks (a `func_breakable` with health that is not
    /// "only trigger", spawnflag 1, and every `func_breakable_surf`): the games' generators
    /// walk through them ("we will shoot it when we touch it"). Default: kept (they collide).
    pub breakables_removed: bool,
    /// Leave out Source static props and prop entities (their collision models, from the
    /// map's pakfile or the content folders given, otherwise collide as in the game: prop
    /// entities with sight lines only). Default: kept.
    pub props_removed: bool,
}

impl LoadOptions {
    /// Options with this up axis.
    pub fn with_up_axis(mut self, up: UpAxis) -> Self {
        self.up_axis = up;
        self
    }
    /// Options with this door state.
    pub fn with_doors(mut self, doors: DoorState) -> Self {
        self.doors = doors;
        self
    }
    /// Options for a deathmatch server (or not).
    pub fn with_deathmatch(mut self, deathmatch: bool) -> Self {
        self.deathmatch = deathmatch;
        self
    }
    /// Options that keep every mode's teleporters (see [`LoadOptions::all_teleporters`]).
    pub fn with_all_teleporters(mut self, all: bool) -> Self {
        self.all_teleporters = all;
        self
    }
    /// Options that leave out what triggers remove (see [`LoadOptions::killed_removed`]).
    pub fn with_killed_removed(mut self, removed: bool) -> Self {
        self.killed_removed = removed;
        self
    }
    /// Options that leave out breakables (see [`LoadOptions::breakables_removed`]).
    pub fn with_breakables_removed(mut self, removed: bool) -> Self {
        self.breakables_removed = removed;
        self
    }
    /// Options with this mover state.
    pub fn with_movers(mut self, movers: MoverState) -> Self {
        self.movers = movers;
        self
    }
}
