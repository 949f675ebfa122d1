//! Ladders from `func_ladder` volumes, joined to the areas at their top and bottom (Source v6+
//! files store them; GoldSrc v5 has none and the writer reports them dropped).

use navforge_core::model::{AreaId, Ladder, NavMesh};
use navforge_level::{Level, Vec3};

/// The area whose rectangle holds `p` in XY with its surface within `below`..`above` of `p.z`.
fn area_at(mesh: &NavMesh, p: Vec3, below: f32, above: f32) -> Option<AreaId> {
    mesh.areas.iter().find_map(|a| {
        let (nw, se) = (a.polygon.first()?, a.polygon.get(2)?);
        let inside = p.x >= nw[0] && p.x <= se[0] && p.y >= nw[1] && p.y <= se[1];
        let z = a.polygon.iter().map(|c| c[2]).sum::<f32>() / a.polygon.len() as f32;
        (inside && z >= p.z - below && z <= p.z + above).then_some(a.id)
    })
}

/// One ladder per `func_ladder` that reaches at least one area; IDs from 1.
pub fn ladders(level: &Level, mesh: &NavMesh) -> Vec<Ladder> {
    let mut out = Vec::new();
    for volume in level.ladders() {
        let (min, max) = (volume.bounds.min, volume.bounds.max);
        if !(min.is_finite() && max.is_finite()) {
            continue;
        }
        let c = (min + max) * 0.5;
        let ext = max - min;
        let offs = [
            Vec3::Y * -(ext.y * 0.5 + 25.0),
            Vec3::X * -(ext.x * 0.5 + 25.0),
            Vec3::X * (ext.x * 0.5 + 25.0),
            Vec3::Y * (ext.y * 0.5 + 25.0),
        ];
        let top = Vec3::new(c.x, c.y, max.z);
        let bottom = Vec3::new(c.x, c.y, min.z);
        // Search down from the top at most half way, so the bottom floor is not a top area.
        let reach = (ext.z * 0.5).min(100.0);
        let top_areas: Vec<AreaId> = offs
            .iter()
            .map(|&o| area_at(mesh, top + o, reach, 20.0).unwrap_or(0))
            .collect();
        let bottom_area = offs
            .iter()
            .find_map(|&o| area_at(mesh, bottom + o, 40.0, 40.0))
            .unwrap_or(0);
        if bottom_area == 0 && top_areas.iter().all(|&a| a == 0) {
            continue;
        }
        out.push(Ladder {
            id: out.len() as u64 + 1,
            top: top.to_array(),
            bottom: bottom.to_array(),
            width: ext.x.max(ext.y),
            top_areas,
            bottom_area,
        });
    }
    out
}
