//! Section2 of a built file: one node per connected component of segments, as in the game's
//! files (entry 0: its components' segment counts sum to all segments of the file).

use super::BuiltGroup;
use crate::doc::*;
use navforge_core::HexBytes;

/// Connected components of segments (through the SegmentGraph) as a Section2 entry; `None` when
/// the entry would not fit its 16-bit offsets.
pub(super) fn section2_components(groups: &[BuiltGroup]) -> Option<Section2Entry> {
    let mut nodes = Vec::new();
    let mut refs = Vec::new();
    let mut sizes = Vec::new();
    for g in groups {
        let n = g.graph.nodes.len();
        let mut comp = vec![usize::MAX; n];
        for start in 0..n {
            if comp[start] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut stack = vec![start];
            comp[start] = id;
            let mut size = 0u32;
            while let Some(s) = stack.pop() {
                size += 1;
                for e in g.graph.adjacency.get(s).map_or(&[][..], |a| &a.edges[..]) {
                    let t = usize::from(e.node);
                    if t < n && comp[t] == usize::MAX {
                        comp[t] = id;
                        stack.push(t);
                    }
                }
            }
            // Representative: the first NavWorld node of the component's first segment.
            let node = g
                .world
                .nodes
                .iter()
                .position(|x| usize::from(x.segment) == start)?;
            nodes.push(Section2Node {
                position: g.world.points[node],
                flags: g.world.segment_flags.get(start).copied().unwrap_or(0),
                ss2_offset: 0,
                count_b: 0,
                count_a: 0,
            });
            refs.push([u16::from(g.id), 0, start as u16, node as u16]);
            sizes.push(u16::try_from(size).ok()?);
        }
    }
    let cnt = nodes.len();
    let mut entry = Section2Entry {
        next: 0,
        ss1: 0,
        count: 0,
        ss2: 0,
        ss3: 0,
        ss4: 0,
        ss5: 0,
        ss6: 0,
        adjacency: vec![NodeAdjacency::default(); cnt],
        nodes,
        ss3_items: refs,
        ss4_items: sizes,
        ss5_block: HexBytes(vec![0; 24]),
        ss6_block: HexBytes(vec![]),
    };
    // Too many components for Section2's 16-bit offsets: the file goes without one.
    entry.lay_out().ok()?;
    Some(entry)
}
