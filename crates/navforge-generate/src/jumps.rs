//! Jump areas become connections (`StichAndRemoveJumpAreas`, Source's generator): each area
//! that enters a jump area is connected straight to the areas on its far side, then the jump
//! areas go. The CS bot's generator and CS:S's first one (the navs CS:S ships) keep them as
//! areas with the jump attribute instead ([`GenerateConfig::jump_links`] off).
//!
//! A jump area goes only where every such connection crosses a ledge (more than a step up
//! or down); a steep patch between floors at one height stays, with its jump attribute.
//!
//! A source area S entering jump area J through S's side `d` is connected to each area D that J
//! leads to through its own side `d` when: D is no jump area itself (links across two jump
//! areas are more often wrong than right), S and D face each other over more than a corner,
//! their closest points at the opening are less than three grid steps apart, and S is no
//! stairs area that would jump up more than a step. Chains of jump areas pass sources on.

use crate::config::GenerateConfig;
use crate::marks::{JUMP, STAIRS};
use crate::mesh::{GenMesh, crosses_ledge};
use crate::post::LinkKind;

/// The sources entering `j` through their side `side`, following chains of jump areas back
/// (`incoming[j]`: (from, side) of every connection into `j`).
fn sources(
    mesh: &GenMesh,
    incoming: &[Vec<(usize, usize)>],
    j: usize,
    side: usize,
    seen: &mut [bool],
    out: &mut Vec<usize>,
) {
    for &(s, via) in &incoming[j] {
        if via != side || seen[s] {
            continue;
        }
        seen[s] = true;
        if mesh.areas[s].attributes & JUMP != 0 {
            sources(mesh, incoming, s, side, seen, out);
        } else {
            out.push(s);
        }
    }
}

/// Connect across every jump area, then remove them all. Returns how many were removed.
pub fn stitch_and_remove_jump_areas(mesh: &mut GenMesh, cfg: &GenerateConfig) -> usize {
    let (grid, step_height) = (cfg.grid, cfg.step_height);
    let jumps: Vec<usize> = (0..mesh.areas.len())
        .filter(|&i| mesh.areas[i].attributes & JUMP != 0)
        .collect();
    if jumps.is_empty() {
        return 0;
    }
    let mut incoming = vec![Vec::new(); mesh.areas.len()];
    for l in &mesh.links {
        incoming[l.to].push((l.from, l.side));
    }
    let mut new_links = Vec::new();
    let mut seen = vec![false; mesh.areas.len()];
    for &j in &jumps {
        let mut across = Vec::new();
        for side in 0..4 {
            seen.iter_mut().for_each(|s| *s = false);
            seen[j] = true;
            let mut from = Vec::new();
            sources(mesh, &incoming, j, side, &mut seen, &mut from);
            let dests: Vec<usize> = mesh
                .links_from(j)
                .filter(|l| l.side == side && mesh.areas[l.to].attributes & JUMP == 0)
                .map(|l| l.to)
                .collect();
            for &s in &from {
                for &d in &dests {
                    if s == d {
                        continue;
                    }
                    let (centre, half) = mesh.portal(s, d, side);
                    if half <= 0.0 {
                        continue;
                    }
                    let sp = mesh.areas[s].closest_point(centre);
                    let dp = mesh.areas[d].closest_point(centre);
                    if mesh.areas[s].attributes & STAIRS != 0 && sp.z + step_height < dp.z {
                        continue;
                    }
                    if (sp - dp).truncate().length() >= grid * 3.0 {
                        continue;
                    }
                    let dz = dp.z - sp.z;
                    let ledge = crosses_ledge(
                        &mesh.areas[s].corners,
                        &mesh.areas[d].corners,
                        side,
                        step_height,
                        cfg.jump_height,
                        cfg.death_drop,
                    );
                    let kind = if !ledge {
                        LinkKind::Walk
                    } else if dz > 0.0 {
                        LinkKind::Jump
                    } else {
                        LinkKind::Drop
                    };
                    across.push((s, d, side, kind));
                }
            }
        }
        new_links.push(across);
    }
    let mut doomed = vec![false; mesh.areas.len()];
    for (j, links) in jumps.iter().zip(new_links) {
        // Only a real ledge goes: a steep patch between floors at one height stays an area
        // with the jump attribute, so that walking links keep meeting edge to edge.
        if links.is_empty() || links.iter().any(|l| l.3 == LinkKind::Walk) {
            continue;
        }
        doomed[*j] = true;
        for (s, d, side, kind) in links {
            mesh.connect(s, d, side, kind);
        }
    }
    let removed = doomed.iter().filter(|&&d| d).count();
    mesh.remove_areas(&doomed);
    removed
}
