//! Ladders from `func_ladder` volumes, joined to the areas at their top and bottom (Source v6+
//! files store them; GoldSrc v5 has none and the writer reports them dropped).

use navforge_core::area::{AreaLocator, Under};
use navforge_core::model::{AreaId, Ladder, NavMesh};
use navforge_level::{Level, Vec3};

/// One ladder per `func_ladder` that reaches at least one area; IDs from 1.
pub fn ladders(level: &Level, mesh: &NavMesh) -> Vec<Ladder> {
    let mut out = Vec::new();
    let areas = AreaLocator::of_areas(&mesh.areas);
    // The area under `p` by the game's `GetNavArea` rule: of the areas whose rectangle holds `p`
    // in XY, the highest whose floor there is at most `above` over `p.z` and `below` under it.
    let under = |p: Vec3, below: f32, above: f32| {
        let rule = Under {
            step: above,
            beneath: below,
        };
        areas.area_at(p.to_array(), rule).map(|i| mesh.areas[i].id)
    };
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
            .map(|&o| under(top + o, reach, 20.0).unwrap_or(0))
            .collect();
        let bottom_area = offs
            .iter()
            .find_map(|&o| under(bottom + o, 40.0, 40.0))
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
