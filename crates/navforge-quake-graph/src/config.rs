//! The game's movement constants and one configuration struct per stage of the graph pipeline.
//!
//! The defaults were set from the game's own graphs in the corpus (the 43 `NAV2` and 6 `NAV3`
//! files): nodes stand 0.53125 units above the floor, neighbours are 44–105 units apart (median
//! nearest neighbour), walk links 86–179 long (quartiles), radii are multiples of 4 up to the
//! clearance around the node (`NAV3` uses 32 throughout), and teleport and push sources have
//! radius 4. The spacing, cover and reach were then chosen on the two corpus level pairs.

use navforge_level::{Family, Hull};

/// How a player moves: the physics the links are decided by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Physics {
    /// `sv_gravity` (800 in both games).
    pub gravity: f32,
    /// Upward speed a jump adds (270 in both games).
    pub jump_speed: f32,
    /// Running speed (`sv_maxspeed` 320 in Quake, 300 in Quake II).
    pub run_speed: f32,
    /// Speed the player can steer towards in the air (Quake's `sv_airaccelerate` cap, 30).
    pub air_speed: f32,
    /// Highest step walked up or down without leaving the ground (`STEPSIZE` 18).
    pub step: f32,
    /// A floor whose normal's z is below this is too steep to stand on (0.7).
    pub slope: f32,
    /// The player's box (Quake: 32×32×56, origin 24 above the feet).
    pub hull: Hull,
    /// Fastest fall (`sv_maxvelocity` 2000).
    pub max_velocity: f32,
}

impl Physics {
    /// Quake's constants.
    pub const QUAKE: Physics = Physics {
        gravity: 800.0,
        jump_speed: 270.0,
        run_speed: 320.0,
        air_speed: 30.0,
        step: 18.0,
        slope: 0.7,
        hull: Hull::QUAKE_PLAYER,
        max_velocity: 2000.0,
    };
    /// Quake II's constants.
    pub const QUAKE2: Physics = Physics {
        run_speed: 300.0,
        hull: Hull::QUAKE2_STANDING,
        ..Physics::QUAKE
    };

    /// The constants for a level family (Quake II for `IBSP`, Quake otherwise).
    pub fn for_family(family: Family) -> Physics {
        match family {
            Family::Quake2 => Physics::QUAKE2,
            _ => Physics::QUAKE,
        }
    }

    /// Highest a jump lifts the feet: v² / 2g (45.6 units).
    pub fn jump_height(&self) -> f32 {
        self.jump_speed * self.jump_speed / (2.0 * self.gravity)
    }
}

/// Stage 1: what seeds the fill and becomes a node first.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedConfig {
    /// Player spawn points (`info_player_*`).
    pub spawns: bool,
    /// Items, weapons, ammo, keys and powerups (`item_*`, `weapon_*`, `ammo_*`, `key_*`).
    pub items: bool,
    /// Teleport destinations.
    pub destinations: bool,
    /// How far below an entity's origin its floor may be.
    pub max_drop: f32,
    /// Leave out entities a deathmatch server removes (`spawnflags` 2048).
    pub deathmatch: bool,
}

impl Default for SeedConfig {
    fn default() -> Self {
        SeedConfig {
            spawns: true,
            items: true,
            destinations: true,
            max_drop: 256.0,
            deathmatch: true,
        }
    }
}

/// Stage 2: the flood fill of reachable floor.
#[derive(Debug, Clone, PartialEq)]
pub struct FillConfig {
    /// Grid pitch of the fill.
    pub grid: f32,
    /// Also expand by jumps (onto ledges and across gaps).
    pub jumps: bool,
    /// Two samples of one grid cell closer than this in height are the same.
    pub same_height: f32,
    /// Stop with an error beyond this many samples.
    pub max_samples: usize,
}

impl Default for FillConfig {
    fn default() -> Self {
        FillConfig {
            grid: 32.0,
            jumps: true,
            same_height: 24.0,
            max_samples: 1_000_000,
        }
    }
}

/// Stage 3: nodes on the filled floor.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeConfig {
    /// Nodes sit on a lattice of this pitch where the floor allows (a multiple of the fill grid).
    pub spacing: f32,
    /// Every reachable sample has a node within this distance (more nodes are added until so).
    pub cover: f32,
    /// Height of a stored node above the floor (the game's files: 0.53125).
    pub floor_offset: f32,
    /// Largest radius given (the game's graphs reach 152; most are 4–48).
    pub max_radius: u16,
    /// Radius of every node, instead of the clearance (`NAV3` files use 32), except teleport
    /// and push sources.
    pub fixed_radius: Option<u16>,
    /// Radius of teleport and push sources (4 in every real file).
    pub trigger_radius: u16,
    /// Lava or slime within this distance makes a node `hazard`.
    pub hazard_distance: f32,
}

impl Default for NodeConfig {
    fn default() -> Self {
        NodeConfig {
            spacing: 96.0,
            cover: 56.0,
            floor_offset: 0.53125,
            max_radius: 64,
            fixed_radius: None,
            trigger_radius: 4,
            hazard_distance: 48.0,
        }
    }
}

/// Stage 4: links between nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkConfig {
    /// Walk links are tried between nodes up to this far apart (horizontally).
    pub walk_reach: f32,
    /// Drops and jumps are tried up to this far (horizontally).
    pub air_reach: f32,
    /// At most this many drop or jump links leave one node.
    pub max_air_links: usize,
    /// A drop or jump is kept only when walking there is this many times longer (or impossible).
    pub detour_factor: f32,
    /// Most links per node (the game's editor allows 12).
    pub max_links: usize,
    /// Length of one walking step of the simulation.
    pub step_length: f32,
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            walk_reach: 140.0,
            air_reach: 320.0,
            max_air_links: 4,
            detour_factor: 2.0,
            max_links: 12,
            step_length: 16.0,
        }
    }
}

/// Stage 5: links made by entities (teleporters, pushers, lifts, trains) and edict references.
#[derive(Debug, Clone, PartialEq)]
pub struct EntityConfig {
    /// `maxclients` when the graph is played: edict numbers start after the clients.
    pub max_clients: u32,
    /// Number edicts as a deathmatch server does (monsters and "not in deathmatch" entities
    /// are removed at spawn) or as a coop one does; `None`: deathmatch unless the map has
    /// monsters (a single-player map, whose graph serves coop bots). The game's own ids on both
    /// corpus pairs fit this choice.
    pub deathmatch: Option<bool>,
    /// Longest a push trajectory or a fall is followed, in seconds.
    pub max_flight: f32,
}

impl Default for EntityConfig {
    fn default() -> Self {
        EntityConfig {
            max_clients: 16,
            deathmatch: None,
            max_flight: 4.0,
        }
    }
}
