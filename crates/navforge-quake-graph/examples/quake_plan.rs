//! Print what the entities of a Quake map add to its graph (debugging aid):
//! `cargo run --release -p navforge-quake-graph --example quake_plan -- MAP.bsp`.

use navforge_level::Level;
use navforge_quake_graph::{
    Motion, QuakeGraphOptions, fill, find_seeds, load_options, openings_reached, plan_entities,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bsp = std::env::args().nth(1).ok_or("usage: quake_plan MAP.bsp")?;
    let level = Level::load(&std::fs::read(bsp)?, &load_options())?;
    let opts = QuakeGraphOptions::for_level(&level);
    let plan = plan_entities(&Motion::new(&level, opts.physics), &opts.entities);
    for t in level.teleports() {
        println!(
            "teleport trigger {} {:?} -> {:?}",
            t.trigger, t.bounds, t.destination_origin
        );
    }
    for m in level.movers() {
        println!(
            "mover {} {} {:?} path {:?}",
            m.entity,
            m.class,
            m.bounds,
            &m.path[..m.path.len().min(8)]
        );
    }
    for j in &plan.jumpers {
        println!(
            "{:?} {} {} -> {}",
            j.kind, j.entity, j.source.origin, j.landing.origin
        );
    }
    for r in &plan.rides {
        println!("{:?} entity {} edict {:?}", r.kind, r.edict.entity, r.edict);
        for s in &r.stops {
            println!(
                "  on {} exits {:?}",
                s.on.origin,
                s.exits.iter().map(|e| e.origin).collect::<Vec<_>>()
            );
        }
    }
    for (b, e) in &plan.doors {
        println!("door box {b:?} edict entity {}", e.entity);
    }
    let motion = Motion::new(&level, opts.physics).avoiding(&plan.avoid);
    let mut starts: Vec<_> = find_seeds(&level, &motion, &opts.seeds)
        .iter()
        .map(|s| s.stand)
        .collect();
    starts.extend(plan.seeds());
    let walk = fill(&motion, &starts, &opts.fill, &mut |_| {})?;
    let reached = openings_reached(&plan, &walk, opts.fill.same_height);
    for o in &plan.openings {
        println!(
            "opening: {} {} {} drops to {}{}",
            level.entities()[o.entity].class,
            o.entity,
            o.on.origin,
            o.landing.origin,
            if reached.openings.contains(o) {
                ""
            } else {
                " (not reached: left out)"
            }
        );
    }
    Ok(())
}
