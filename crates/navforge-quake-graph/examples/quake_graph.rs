//! Generate a Quake graph from a BSP and, given the game's graph, measure it as
//! `graph_compare.py` does: `cargo run --release -p navforge-quake-graph --example quake_graph --
//! MAP.bsp [GAME.nav] [-o OUT.nav]`.

use navforge_core::NavDocument;
use navforge_level::Level;
use navforge_quake_graph::{
    GraphDocument, QuakeGraphOptions, generate_graph, graph_agreement, load_options,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bsp = args
        .first()
        .ok_or("usage: quake_graph MAP.bsp [GAME.nav] [-o OUT]")?;
    let level = Level::load(&std::fs::read(bsp)?, &load_options())?;
    let mut opts = QuakeGraphOptions::for_level(&level);
    // Tuning knobs for experiments.
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f32>().ok());
    if let Some(v) = env("NF_SPACING") {
        opts.nodes.spacing = v;
    }
    if let Some(v) = env("NF_COVER") {
        opts.nodes.cover = v;
    }
    if let Some(v) = env("NF_GRID") {
        opts.fill.grid = v;
    }
    if let Some(v) = env("NF_REACH") {
        opts.links.walk_reach = v;
    }
    if let Some(v) = env("NF_AIR_LINKS") {
        opts.links.max_air_links = v as usize;
    }
    if let Some(v) = env("NF_AIR_REACH") {
        opts.links.air_reach = v;
    }
    let out = generate_graph(&level, &opts)?;
    println!("{}", serde_json::to_string(&out.stats)?);
    if let Some(i) = args.iter().position(|a| a == "-o") {
        std::fs::write(&args[i + 1], &out.bytes)?;
    }
    if let Some(game) = args.get(1).filter(|a| !a.starts_with('-')) {
        let data = std::fs::read(game)?;
        let reference = match &out.document {
            GraphDocument::Nav2(_) => navforge_quake::QuakeNavDocument::read(&data)?.to_model(),
            GraphDocument::Nav3(_) => navforge_quake::Quake2NavDocument::read(&data)?.to_model(),
        };
        println!("{}", graph_agreement(&reference, &out.document.to_model()));
    }
    Ok(())
}
