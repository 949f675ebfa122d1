//! Exports of the common model for 3D tools: Wavefront OBJ and binary glTF (GLB).
//!
//! Both make one object per area group (tile, segment, navmesh record) so that a viewer shows the
//! structure of the file. Polygons are fan-triangulated for glTF; OBJ keeps them as polygons.
//! Waypoint graphs (nodes and links) become OBJ points and lines, and glTF line primitives.

mod glb;
mod groups;
mod obj;

pub use glb::to_glb;
pub use groups::{Group, group_areas};
pub use obj::{ObjOptions, UpAxis, to_obj};
