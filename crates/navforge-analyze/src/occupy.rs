//! Earliest occupy times (CS, v8+): how soon each team can reach an area from its spawns.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use navforge_core::area::AreaLocator;
use navforge_level::{Level, Team};

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

#[derive(PartialEq)]
struct Item(f32, usize);
impl Eq for Item {}
impl Ord for Item {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0).then_with(|| o.1.cmp(&self.1))
    }
}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

fn dijkstra(mesh: &Mesh, starts: &[usize]) -> Vec<f32> {
    let mut dist = vec![f32::INFINITY; mesh.areas.len()];
    let mut heap = BinaryHeap::new();
    for &s in starts {
        dist[s] = 0.0;
        heap.push(Item(0.0, s));
    }
    while let Some(Item(d, i)) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let c = mesh.areas[i].center();
        for l in &mesh.areas[i].links {
            let nd = d + (mesh.areas[l.to].center() - c).length();
            if nd < dist[l.to] {
                dist[l.to] = nd;
                heap.push(Item(nd, l.to));
            }
        }
    }
    dist
}
