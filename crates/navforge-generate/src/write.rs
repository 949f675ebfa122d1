//! Stage 5: the common model, then the game's file layout through `BuildFromModel`.

use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::{BuildFromModel, NavDocument};
use navforge_source::{SourceBuildOptions, SourceNavDocument};

use crate::areas::RectArea;
use crate::error::GenerateError;
use crate::post::{AreaLink, LinkKind};
use crate::sample::Node;

/// `NAV_MESH_CROUCH`, the same bit in every version.
pub const CROUCH: u64 = 0x01;
/// `NAV_MESH_JUMP`.
pub const JUMP: u64 = 0x02;

/// The mesh in the common model: area IDs are 1.. in area order, corners NW, NE, SE, SW.
pub fn to_model(nodes: &[Node], areas: &[RectArea], links: &[AreaLink]) -> NavMesh {
    let areas_out = areas
        .iter()
        .enumerate()
        .map(|(i, a)| Area {
            id: i as u64 + 1,
            polygon: a
                .corners
                .iter()
                .map(|&c| nodes[c as usize].pos.to_array())
                .collect(),
            attributes: if a.crouch { CROUCH } else { 0 } | if a.jump { JUMP } else { 0 },
            ..Area::default()
        })
        .collect();
    let connections = links
        .iter()
        .map(|l| Connection {
            from: l.from as u64 + 1,
            to: l.to as u64 + 1,
            kind: match l.kind {
                LinkKind::Walk => ConnectionKind::Walk,
                LinkKind::Drop => ConnectionKind::Drop,
                LinkKind::Jump => ConnectionKind::Jump,
            },
            direction: Some(Direction::ALL[l.side & 3]),
        })
        .collect();
    NavMesh {
        areas: areas_out,
        connections,
        ..NavMesh::default()
    }
}

/// Build the game's document and its bytes.
pub fn write(
    mesh: &NavMesh,
    options: &SourceBuildOptions,
) -> Result<(SourceNavDocument, Vec<u8>), GenerateError> {
    let built = SourceNavDocument::from_model(mesh, options)?;
    let bytes = built
        .document
        .write()
        .map_err(|e| GenerateError::Write(e.to_string()))?;
    Ok((built.document, bytes))
}
