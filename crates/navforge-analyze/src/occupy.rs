//! Earliest occupy times (CS, v8+): how soon each team can reach an area from its spawns.

use navforge_core::area::{AreaLocator, NEAREST_REACH};
use navforge_level::{Level, Team};

use crate::geom::Mesh;

/// Running speed used to turn path length into seconds.
pub const RUN_SPEED: f32 = 240.0;
/// Times are capped here (and unreachable areas get it).
pub const MAX_TIME: f32 = 120.0;

/// Per area, seconds for team 1 (terrorists) and team 2 (counter-terrorists).
///
/// The game's rule (`CNavArea::ComputeEarliestOccupyTimes` with `NavAreaTravelDistance`): for
/// each spawn point of the team, the path from the area nearest the spawn to this area that the
/// game's shortest-path search finds (`ShortestPathCost`: each step's length, twenty-one times
/// into a crouch area and six times into a jump area), measured as the distance from this
/// area's centre back along the path's centres to the first area's, plus the distance from that
/// area's centre to the spawn point itself (the spawn's own area: the straight distance from
/// the spawn to its centre); over 240 units a second, the least over the team's spawns, at
/// most 120 s.
pub fn occupy_times(mesh: &Mesh, level: &Level) -> Vec<[f32; 2]> {
    let mut out = vec![[MAX_TIME; 2]; mesh.areas.len()];
    // The game's `NavAreaTravelDistance` starts from `GetNearestNavArea(spawn)`: the area under
    // the spawn by `GetNavArea`, else the nearest.
    let locator = AreaLocator::new(mesh.areas.iter().map(|a| Some(a.rect)));
    let spawns = level.spawn_points();
    for (slot, team) in [Team::Team1, Team::Team2].into_iter().enumerate() {
        // One search per area a spawn starts from, shared by the spawns on it.
        let mut trees: std::collections::HashMap<usize, Vec<Option<f32>>> =
            std::collections::HashMap::new();
        for spawn in spawns.iter().filter(|s| s.team == team) {
            let Some(start) = locator.nearest_or_under(spawn.origin.to_array(), NEAREST_REACH)
            else {
                continue;
            };
            let ways = trees
                .entry(start)
                .or_insert_with(|| path_lengths(mesh, &search(mesh, start)));
            let start_centre = mesh.areas[start].center();
            for (i, (o, way)) in out.iter_mut().zip(ways.iter()).enumerate() {
                // The game adds the walk from the spawn last (and measures the spawn's own
                // area from the spawn alone).
                let d = if i == start {
                    (mesh.areas[i].center() - spawn.origin).length()
                } else {
                    let Some(way) = *way else {
                        continue;
                    };
                    way + (spawn.origin - start_centre).length()
                };
                o[slot] = o[slot].min(d / RUN_SPEED);
            }
        }
    }
    out
}

/// The tree of cheapest paths from `start` by the game's path cost, as each area's parent
/// (`None` for `start` and the areas it cannot reach); ladders are climbed as the approach
/// stage climbs them, each costing its length.
fn search(mesh: &Mesh, start: usize) -> Vec<Option<usize>> {
    use navforge_core::attributes::nav_mesh::{CROUCH, JUMP};
    use navforge_core::movement::{CROUCH_PATH_PENALTY, JUMP_PATH_PENALTY};
    let n = mesh.areas.len();
    let mut cost = vec![f32::INFINITY; n];
    let mut parent = vec![None; n];
    let mut done = vec![false; n];
    // Costs are non-negative floats: their bits order as the numbers do.
    let mut open = std::collections::BinaryHeap::new();
    cost[start] = 0.0;
    open.push(std::cmp::Reverse((0u32, start)));
    while let Some(std::cmp::Reverse((_, a))) = open.pop() {
        if std::mem::replace(&mut done[a], true) {
            continue;
        }
        let from = &mesh.areas[a];
        let steps = (from.links.iter().map(|l| (l.to, None))).chain(
            from.ladders
                .iter()
                .map(|&(to, _, length)| (to, Some(length))),
        );
        for (b, ladder) in steps {
            let Some(area) = mesh.areas.get(b) else {
                continue;
            };
            if done[b] {
                continue;
            }
            let dist = ladder.unwrap_or_else(|| (area.center() - from.center()).length());
            let mut c = dist + cost[a];
            if area.has(CROUCH) {
                c += CROUCH_PATH_PENALTY * dist;
            }
            if area.has(JUMP) {
                c += JUMP_PATH_PENALTY * dist;
            }
            if c < cost[b] {
                cost[b] = c;
                parent[b] = Some(a);
                open.push(std::cmp::Reverse((c.to_bits(), b)));
            }
        }
    }
    parent
}

/// For each area its path's length from its centre back to the first area's along the tree
/// `parents`, summed as `NavAreaTravelDistance` sums it (from the goal's end); `None` where no
/// path reaches it, and for the first area itself.
fn path_lengths(mesh: &Mesh, parents: &[Option<usize>]) -> Vec<Option<f32>> {
    let centre = |i: usize| mesh.areas[i].center();
    (0..parents.len())
        .map(|goal| {
            let mut area = parents[goal]?;
            let mut distance = (centre(goal) - centre(area)).length();
            while let Some(up) = parents[area] {
                distance += (centre(area) - centre(up)).length();
                area = up;
            }
            Some(distance)
        })
        .collect()
}
