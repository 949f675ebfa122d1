//! Exports of the common model for 3D tools: Wavefront OBJ and binary glTF (GLB).
//!
//! Both make one object per area group (tile, segment, navmesh record) so that a viewer shows the
//! structure of the file. Polygons are fan-triangulated for glTF; OBJ keeps them as polygons.
//! Waypoint graphs (nodes and links) become OBJ points and lines, and glTF line primitives.
//!
//! ```
//! use navforge_core::model::{Area, NavMesh};
//! use navforge_export::{ObjOptions, UpAxis, to_glb, to_obj};
//!
//! // One square area with Z up (a mesh made in code counts as Source-like, Z up).
//! let square = vec![[0.0, 0.0, 0.0], [64.0, 0.0, 0.0], [64.0, 64.0, 8.0], [0.0, 64.0, 8.0]];
//! let mesh = NavMesh { areas: vec![Area { id: 1, polygon: square, ..Area::default() }], ..NavMesh::default() };
//! let obj = to_obj(&mesh, &ObjOptions { up: UpAxis::Y });
//! assert!(obj.contains("v 64 8 -64") && obj.contains("f 1 2 3 4"), "{obj}");
//! let glb = to_glb(&mesh);
//! assert_eq!(&glb[..4], b"glTF");
//! ```

#![deny(missing_docs)]

mod glb;
mod groups;
mod obj;
#[cfg(feature = "test-support")]
pub mod testing;

pub use glb::to_glb;
pub use groups::{Group, group_areas};
pub use obj::{ObjOptions, UpAxis, to_obj};
