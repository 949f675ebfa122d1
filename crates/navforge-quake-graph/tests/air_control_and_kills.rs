//! Issue 30, on the game's own graphs: a player walking off a ledge brakes in the air (Quake's
//! air acceleration) and lands on a wall top just beyond the edge; a solid a trigger removes
//! (`killtarget`) is left out, and the drop it opens is linked even where the ledge's nearer
//! drops are many.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_dir;
use navforge_level::{Level, Vec3};
use navforge_quake::QuakeNavDocument;
use navforge_quake_graph::{LinkType, QuakeGraphOptions, generate_graph, load_options};

fn level(file: &str, opts: &navforge_level::LoadOptions) -> Option<(Level, Vec<u8>)> {
    let dir = corpus_dir("level-pairs")?;
    let bsp = std::fs::read(dir.join(format!("{file}.bsp"))).expect("read bsp");
    let nav = std::fs::read(dir.join(format!("{file}.nav"))).expect("read nav");
    Some((Level::load(&bsp, opts).expect("load level"), nav))
}

fn near(p: Vec3, q: [f32; 3], r: f32) -> bool {
    (p - Vec3::from_array(q)).length() <= r
}

/// end's balcony (z 209) over two walls only deathmatch spawns (tops at z 97): the game's graph
/// walks off the balcony onto the wall tops (its link 42 -> 43, 62 units across and 112 down).
/// A fall at running speed flies over the walls to the arena floor; braking in the air, as the
/// engine's air acceleration allows, lands on them. Before, no link of ours led from the
/// balcony to the wall tops, and 70 of the 1,000 measured pairs were lost.
#[test]
fn end_walks_off_the_balcony_onto_the_wall_tops() {
    for map in ["quake_hipnotic_end", "quake_rogue_end"] {
        let Some((level, nav)) = level(map, &load_options()) else {
            return;
        };
        let game = QuakeNavDocument::read(&nav).expect("read the game's graph");
        let g = game.graph();
        let (balcony, wall) = ([-1033.0, 2630.0, 209.0], [-1014.0, 2568.0, 97.0]);
        assert!(
            g.links().any(|l| l.link_type == LinkType::WalkOffLedge
                && near(Vec3::from_array(g.nodes[l.from].origin), balcony, 8.0)
                && near(Vec3::from_array(g.nodes[l.to].origin), wall, 8.0)),
            "{map}: the game's graph has the drop"
        );
        let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level)).expect("generate");
        let at = |i: u32| out.nodes[i as usize].origin - Vec3::Z * 23.46875;
        let drop = out.links.iter().find(|l| {
            l.kind == LinkType::WalkOffLedge
                && (at(l.from).z - 209.0).abs() < 4.0
                && (at(l.to).z - 97.0).abs() < 4.0
                && near(at(l.from), balcony, 96.0)
                && near(at(l.to), wall, 96.0)
        });
        assert!(
            drop.is_some(),
            "{map}: no drop from the balcony onto the wall tops"
        );
    }
}

/// hip2m3's coffin: a `func_wall` named `coffintop` that a `trigger_once` removes
/// (`killtarget`). The game's graph goes down through it (its nodes 302 -> 303 -> 304, from the
/// lid's height to the shaft's floor 467 units below). Loaded as the graph sees the level, the
/// lid is gone and a drop from the rim reaches the shaft's floor; with the lid kept (the option
/// off) there is no way down, as before (94 of the 1,000 measured pairs lost).
#[test]
fn hip2m3_drops_through_the_coffin_a_trigger_opens() {
    let map = "quake_hipnotic_hip2m3";
    let Some((level, nav)) = level(map, &load_options()) else {
        return;
    };
    let lid = |l: &Level| {
        l.brush_entities().iter().any(|b| {
            l.entities()[b.entity]
                .get("targetname")
                .is_some_and(|n| n == "coffintop")
        })
    };
    assert!(!lid(&level), "the killed lid is left out");
    let (kept, _) = level_with_lid(map).expect("corpus present");
    assert!(lid(&kept), "without the option the lid stays");

    let game = QuakeNavDocument::read(&nav).expect("read the game's graph");
    let g = game.graph();
    assert!(g.links().any(|l| {
        near(
            Vec3::from_array(g.nodes[l.from].origin),
            [2024.0, 2274.0, -251.0],
            8.0,
        ) && g.nodes[l.to].origin[2] < -580.0
    }));
    let down = |level: &Level| {
        let out = generate_graph(level, &QuakeGraphOptions::for_level(level)).expect("generate");
        out.links.iter().any(|l| {
            let (a, b) = (
                out.nodes[l.from as usize].origin,
                out.nodes[l.to as usize].origin,
            );
            near(Vec3::new(a.x, a.y, 0.0), [2016.0, 2272.0, 0.0], 96.0)
                && a.z > -120.0
                && a.z < 0.0
                && b.z < -560.0
        })
    };
    assert!(
        down(&level),
        "no drop from the coffin's rim to the shaft's floor"
    );
    assert!(
        !down(&kept),
        "with the lid in place nothing falls through it"
    );
}

fn level_with_lid(map: &str) -> Option<(Level, Vec<u8>)> {
    level(map, &load_options().with_killed_removed(false))
}

/// end's arena floor is a lava pit, waist deep. The game's graph has 24 nodes in it (flags 0),
/// each with a way out (a jump to the ledge 48 units up) and none leading in from dry floor.
/// The fill now enters a liquid pit from dry floor and spreads through it, and the player swims
/// out of lava as out of water: every game node in the pit has one of ours within 64 units
/// (before: none, and end's node recall was 0.785), and each of ours in the pit has a way out.
#[test]
fn end_has_nodes_in_the_lava_pit_with_ways_out() {
    for map in ["quake_hipnotic_end", "quake_rogue_end"] {
        let Some((level, nav)) = level(map, &load_options()) else {
            return;
        };
        let game = QuakeNavDocument::read(&nav).expect("read the game's graph");
        let lava = |p: Vec3| {
            level
                .point_contents(p + Vec3::Z)
                .intersects(navforge_level::Contents::LAVA)
        };
        let in_pit: Vec<Vec3> = game
            .graph()
            .nodes
            .iter()
            .map(|n| Vec3::from_array(n.origin))
            .filter(|&p| lava(p))
            .collect();
        assert!(
            in_pit.len() >= 20,
            "{map}: the game's pit nodes: {}",
            in_pit.len()
        );
        let out = generate_graph(&level, &QuakeGraphOptions::for_level(&level)).expect("generate");
        let feet = |i: usize| out.nodes[i].origin - Vec3::Z * 23.46875;
        for p in &in_pit {
            assert!(
                (0..out.nodes.len()).any(|i| (feet(i) - *p).length() <= 64.0),
                "{map}: no node of ours near the game's pit node at {p}"
            );
        }
        let mut adj = vec![Vec::new(); out.nodes.len()];
        for l in &out.links {
            adj[l.from as usize].push(l.to as usize);
        }
        let ours: Vec<usize> = (0..out.nodes.len()).filter(|&i| lava(feet(i))).collect();
        assert!(!ours.is_empty(), "{map}: no node of ours in the pit");
        for &w in &ours {
            let mut seen = vec![false; out.nodes.len()];
            let mut stack = vec![w];
            let mut dry = false;
            while let Some(u) = stack.pop() {
                if std::mem::replace(&mut seen[u], true) {
                    continue;
                }
                if !lava(feet(u)) {
                    dry = true;
                    break;
                }
                stack.extend(adj[u].iter().copied());
            }
            assert!(dry, "{map}: our pit node at {} has no way out", feet(w));
        }
    }
}
