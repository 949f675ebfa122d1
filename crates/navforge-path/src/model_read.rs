//! Every read of the common model's loosely typed parts (format names, attribute names) lives
//! here, so a change of their representation in `navforge-core` is one edit.

use navforge_core::model::{Area, NavMesh};

/// Which search family a model's contents call for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MeshKind {
    /// Source/GoldSrc areas: axis-aligned quads joined by directed connections and ladders.
    SourceAreas,
    /// Waypoint graphs (Quake bots, MGSV NavWorld): nodes and links.
    Graph,
    /// Triangles or convex polygons sharing edges (Bethesda, MGSV, OBJ builds).
    Polygons,
}

pub(crate) fn mesh_kind(mesh: &NavMesh) -> MeshKind {
    if matches!(
        mesh.format,
        Some(navforge_core::Format::SourceNav | navforge_core::Format::SourceSelected)
    ) {
        MeshKind::SourceAreas
    } else if mesh.areas.is_empty() && !mesh.nodes.is_empty() {
        MeshKind::Graph
    } else {
        MeshKind::Polygons
    }
}

/// Whether the model's own axes have Z up (else Y up, turned with `to_z_up`).
pub(crate) fn is_z_up(mesh: &NavMesh) -> bool {
    mesh.is_z_up()
}

/// The attributes the Source path cost reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AreaFlags {
    pub crouch: bool,
    pub jump: bool,
    pub avoid: bool,
}

pub(crate) fn area_flags(mesh: &NavMesh, a: &Area) -> AreaFlags {
    let has = |n: &str| {
        mesh.attribute_bit(n)
            .is_some_and(|bit| a.attributes & bit != 0)
    };
    AreaFlags {
        crouch: has("crouch"),
        jump: has("jump"),
        avoid: has("avoid"),
    }
}

/// The model with Z up (Fox Engine and OBJ meshes are Y up).
pub(crate) fn z_up(mesh: &NavMesh) -> std::borrow::Cow<'_, NavMesh> {
    if is_z_up(mesh) {
        std::borrow::Cow::Borrowed(mesh)
    } else {
        mesh.to_z_up()
    }
}
