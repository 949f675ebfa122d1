//! Earliest occupy times (CS, v8+): how soon each team can reach an area from its spawns.

use navforge_core::area::AreaLocator;
use navforge_core::model::{Area, Connection, ConnectionKind, NavMesh};
use navforge_level::{Level, Team};
use navforge_path::AreaGraph;

use crate::geom::Mesh;

/// Running speed used to turn path length into seconds.
pub const RUN_SPEED: f32 = 240.0;
/// Times are capped here (and unreachable areas get it).
pub const MAX_TIME: f32 = 120.0;

/// Per area, seconds for team 1 (terrorists) and team 2 (counter-terrorists).
pub fn occupy_times(mesh: &Mesh, level: &Level) -> Vec<[f32; 2]> {
    let mut out = vec![[MAX_TIME; 2]; mesh.areas.len()];
    // The game's `NavAreaTravelDistance` starts from `GetNearestNavArea(spawn)`: the area under
    // the spawn by `GetNavArea`, else the nearest.
    let locator = AreaLocator::new(mesh.areas.iter().map(|a| Some(a.rect)));
    for (slot, team) in [Team::Team1, Team::Team2].into_iter().enumerate() {
        let starts: Vec<usize> = level
            .spawn_points()
            .iter()
            .filter(|s| s.team == team)
            .filter_map(|s| locator.nearest_or_under(s.origin.to_array(), SPAWN_REACH))
            .collect();
        let dist = dijkstra(mesh, &starts);
        for (o, d) in out.iter_mut().zip(dist) {
            o[slot] = (d / RUN_SPEED).min(MAX_TIME);
        }
    }
    out
}

/// How far from a spawn point the game looks for its area (`GetNearestNavArea`'s reach).
const SPAWN_REACH: f32 = 10_000.0;

/// Per area, the shortest distance along links from any of `starts`, summed centre to centre in
/// `f32`: the path crate's Dijkstra on its area graph of these areas and links (no ladders).
fn dijkstra(mesh: &Mesh, starts: &[usize]) -> Vec<f32> {
    let Some(graph) = area_graph(mesh) else {
        return vec![f32::INFINITY; mesh.areas.len()];
    };
    // The graph's areas are numbered its own way; their IDs are the indices in `mesh`.
    let index = |a: u32| graph.ids()[a as usize] as usize;
    let starts: Vec<u32> = starts
        .iter()
        .filter_map(|&s| graph.index_of(s as u64))
        .collect();
    let dist = graph.distances(&starts, |a, b, _, _| {
        Some((mesh.areas[index(b)].center() - mesh.areas[index(a)].center()).length())
    });
    let mut out = vec![f32::INFINITY; mesh.areas.len()];
    for (a, d) in dist.into_iter().enumerate() {
        out[index(a as u32)] = d.unwrap_or(f32::INFINITY);
    }
    out
}

/// The areas and their links as the path crate's area graph, each area's ID its index in `mesh`
/// (so areas a file gives one ID stay apart).
fn area_graph(mesh: &Mesh) -> Option<AreaGraph> {
    let areas = (mesh.areas.iter().enumerate())
        .map(|(i, a)| Area {
            id: i as u64,
            polygon: (0..4).map(|c| a.rect.corner(c)).collect(),
            ..Area::default()
        })
        .collect();
    let connections = (mesh.areas.iter().enumerate())
        .flat_map(|(i, a)| {
            a.links.iter().map(move |l| Connection {
                from: i as u64,
                to: l.to as u64,
                kind: ConnectionKind::Walk,
                direction: None,
            })
        })
        .collect();
    let model = NavMesh {
        areas,
        connections,
        ..NavMesh::default()
    };
    AreaGraph::from_model(&model).ok()
}
