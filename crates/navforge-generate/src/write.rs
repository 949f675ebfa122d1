//! Stage 5: the common model, then the game's file layout through `BuildFromModel`.

use navforge_core::model::{Area, Connection, ConnectionKind, Direction, NavMesh};
use navforge_core::{BuildFromModel, NavDocument};
use navforge_source::{Layout, SourceBuildOptions, SourceNavDocument, attribute_table};

use crate::error::GenerateError;
use crate::mesh::GenMesh;
use crate::post::LinkKind;

/// The mesh in the common model, corners NW, NE, SE, SW. Areas that have an ID keep it; the
/// others are numbered after the highest, in area order. Attribute bits are named by Source's
/// table, so a layout without a bit (GoldSrc has no stairs) reports it dropped.
pub fn to_model(mesh: &GenMesh) -> NavMesh {
    let mut next = mesh.areas.iter().filter_map(|a| a.id).max().unwrap_or(0) + 1;
    let ids: Vec<u64> = mesh
        .areas
        .iter()
        .map(|a| {
            a.id.unwrap_or_else(|| {
                next += 1;
                next - 1
            })
        })
        .collect();
    let areas = mesh
        .areas
        .iter()
        .zip(&ids)
        .map(|(a, &id)| Area {
            id,
            polygon: a.corners.iter().map(|c| c.to_array()).collect(),
            attributes: a.attributes,
            origin: a.id,
            ..Area::default()
        })
        .collect();
    let connections = mesh
        .links
        .iter()
        .map(|l| Connection {
            from: ids[l.from],
            to: ids[l.to],
            kind: match l.kind {
                LinkKind::Walk => ConnectionKind::Walk,
                LinkKind::Drop => ConnectionKind::Drop,
                LinkKind::Jump => ConnectionKind::Jump,
            },
            direction: Some(Direction::ALL[l.side & 3]),
        })
        .collect();
    NavMesh {
        areas,
        connections,
        attribute_table: attribute_table(16, Layout::Base),
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
