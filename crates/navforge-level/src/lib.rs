//! Level geometry for navforge: GoldSrc, Quake, Quake II and Source BSPs, OBJ and glTF levels
//! as one collision world, with ray and hull traces.
//!
//! - **Load** any of them with [`Level::load`]; the family is detected from the content.
//!   Unsupported variants (big-endian `PSBV`, VBSP v22+, Quake III `IBSP`) get a typed
//!   [`LevelError::Unsupported`] that names them.
//! - **Collide as the game does.** Quake-family maps trace their own clip hulls with the
//!   engine's recursive hull check (hull 0 for rays, hulls 1–3 for the player and monster
//!   boxes); Quake II and Source maps sweep boxes against their convex brushes (and Source
//!   displacements); OBJ/glTF soups (and BSP render faces, via [`Level::trace_mesh`]) use a
//!   BVH. Solid brush entities (`func_wall`, `func_door`, `func_breakable`, ...) collide at
//!   their origin; doors open or closed by [`LoadOptions`].
//! - **Query**: [`Level::trace_ray`], [`Level::trace_box`] (and [`Level::trace`] with a mask),
//!   [`Level::ground_below`], [`Level::point_contents`], [`Level::line_of_sight`],
//!   [`Level::hull_fits`]; [`Level::trace_mesh`] traces the render triangles whatever the family.
//! - **Show and export**: [`Level::summary`] (what `navforge info` prints),
//!   [`Level::world_triangles`] (Z up, for drawing under a nav), [`Level::world_obj`] and
//!   [`Level::world_glb`] (Y up, for viewers).
//! - **Entities**: the lump as ordered key/values ([`Entity`]), spawn points per game, and
//!   typed ladders, teleporters, lifts, trains, pushers, nav blockers, doors, rescue zones and
//!   bomb targets.
//!
//! Coordinates are [`glam::Vec3`] (glam 0.33, the version parry3d 0.31 shares), Z up.
//!
//! ```
//! use navforge_level::{Contents, Hull, Level, LoadOptions, UpAxis};
//! use glam::Vec3;
//! // A 256-unit box room (floor at z = 0) as a Y-up OBJ, the usual convention.
//! let mut obj = String::new();
//! for (x, y, z) in [(-128, 0, -128), (128, 0, -128), (128, 0, 128), (-128, 0, 128)] {
//!     obj += &format!("v {x} {y} {z}\n");
//! }
//! obj += "f 1 2 3\nf 1 3 4\n";
//! let level = Level::load(obj.as_bytes(), &LoadOptions::default()).unwrap();
//! assert_eq!(level.family(), navforge_level::Family::Obj);
//! // Y-up was turned to Z-up: the floor is at z = 0 and faces up.
//! let ground = level.ground_below(Vec3::new(0.0, 0.0, 100.0), 200.0).unwrap();
//! assert!(ground.point.z.abs() < 1e-3 && ground.normal.z > 0.99);
//! // A standing player dropped onto it stops just above it.
//! let t = level.trace_box(Vec3::new(0.0, 0.0, 40.0), Vec3::new(0.0, 0.0, -40.0), &Hull::SOURCE_STANDING);
//! assert!(!t.start_solid && t.end.z >= 0.0 && t.end.z < 0.1);
//! assert_eq!(level.point_contents(Vec3::ZERO), Contents::EMPTY);
//! ```

#![deny(missing_docs)]

mod accessors;
mod brushbsp;
mod brushes;
mod bvh;
mod bvh4;
mod bytes;
mod cliphull;
mod content;
mod contents;
mod entities;
mod error;
mod export;
mod faces;
pub mod features;
mod level;
mod lzma;
mod math;
mod meshfile;
mod options;
pub mod phy;
mod props;
mod pvs;
mod quake;
mod summary;
mod trace;
mod trimesh;

pub use bytes::{MAX_COORD, REUSE};
pub use content::Content;
pub use contents::{Contents, SurfaceFlags};
pub use entities::{Entity, parse_entities};
pub use error::LevelError;
pub use export::glb;
pub use features::{
    BrushEntity, BrushRole, Mover, Push, SpawnPoint, Team, Teleport, Volume, spawn_origin,
};
pub use glam::Vec3;
pub use level::{Blocker, BoxSight, Counts, Family, Level, Sight, SightReach};
pub use lzma::{GameLump, MAX_UNPACKED, UNPACK_FACTOR, game_lumps};
pub use math::Aabb;
pub use meshfile::MAX_TRIANGLES;
pub use options::{DoorState, LoadOptions, MoverState, UpAxis};
pub use props::{StaticProp, static_props};
pub use pvs::{BoxClusters, Vis, VisSet};
pub use summary::LevelSummary;
pub use trace::{Ground, Hull, Trace};
