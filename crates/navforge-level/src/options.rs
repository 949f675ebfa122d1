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
}

/// Options for [`crate::Level::load`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub struct LoadOptions {
    /// Up axis of OBJ/glTF input (BSPs are always Z up). Default: Y.
    pub up_axis: UpAxis,
    /// Whether doors collide. Default: closed (they do).
    pub doors: DoorState,
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
}
